"""symlearn.bayes: see the modules of this package."""
