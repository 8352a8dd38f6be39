"""Hostile inputs for every command (issue 15, item 6): see :mod:`tests.probes.hostile`."""
