"""Allow ``python -m symlearn``."""

from symlearn.cli import entry_point

entry_point()
