"""A package's names loaded on first use (PEP 562).

A package lists each name's home module; :func:`lazy_exports` gives the
package's module-level ``__getattr__`` (import the home at first use) and
``__dir__``, so that a program reading one module of a package does not load
every module the package names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any


def lazy_exports(
    package: str, homes: dict[str, str], names: Sequence[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: ``homes`` maps a name to its module."""

    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{homes[name]}"), name)

    def __dir__() -> list[str]:
        return sorted(names)

    return __getattr__, __dir__
