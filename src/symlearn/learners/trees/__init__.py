"""symlearn.learners.trees."""
