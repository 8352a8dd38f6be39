"""pytest's configuration for the whole checkout (the doctests of src/ and tests/).

The doctests of a module that needs an optional package are not collected
when the package is missing: the README's test command must pass on a plain
``pip install ".[test]"``.
"""

from __future__ import annotations

import importlib.util

OPTIONAL = {"src/symlearn/estimators.py": "sklearn"}

collect_ignore = [
    path for path, package in OPTIONAL.items() if not importlib.util.find_spec(package)
]
