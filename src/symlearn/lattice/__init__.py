"""symlearn.lattice: see the modules of this package."""
