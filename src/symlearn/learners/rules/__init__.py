"""symlearn.learners.rules."""
