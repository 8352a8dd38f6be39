"""symlearn.learners: see the modules of this package."""
