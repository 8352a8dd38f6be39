"""symlearn.hypotheses: see the modules of this package."""
