"""symlearn.evaluation: see the modules of this package."""
