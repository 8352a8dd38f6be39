"""symlearn.learners.concepts."""
