"""symlearn.bounds: see the modules of this package."""
