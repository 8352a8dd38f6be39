"""The peers a benchmark compares with: import them, or say in one line how to get them.

A benchmark that cannot run without its peer calls :func:`require` (or
:func:`require_program`) before doing anything else: when the peer is missing
it prints one line on stderr, the peer's name and how to install it, and
exits with status 2 (no traceback).  A peer a benchmark can do without is
:func:`optional`: None when missing, and the benchmark says it skipped it.

The Python peers install with ``python3 -m pip install ".[bench]"`` (the
``bench`` extra of pyproject.toml).
"""

from __future__ import annotations

import importlib
import shutil
import sys
from types import ModuleType

#: What README.md tells a user to run to get every Python peer.
BENCH_INSTALL = 'python3 -m pip install ".[bench]"'


def _script() -> str:
    return sys.argv[0].rsplit("/", 1)[-1] or "benchmark"


def missing(what: str, install: str) -> SystemExit:
    """Print the one-line message for a missing peer; return the exit to raise (status 2)."""
    print(f"{_script()}: {what} is not installed ({install})", file=sys.stderr)
    return SystemExit(2)


def optional(module: str) -> ModuleType | None:
    """The peer module, or None when it (or something it needs) is not installed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def require(module: str, install: str = BENCH_INSTALL) -> ModuleType:
    """The peer module; exit with status 2 and one line on stderr when it is missing."""
    found = optional(module)
    if found is None:
        raise missing(f"the peer {module.split('.')[0]}", install)
    return found


def require_program(name: str, install: str) -> str:
    """The path of a peer program; exit with status 2 and one line on stderr when missing."""
    path = shutil.which(name)
    if path is None:
        raise missing(f"the peer program {name}", install)
    return path
