"""Names of modules that import the module asking for them, imported once at first use.

``inline_facts`` needs ``procedures.Predicate`` while ``procedures`` imports
it (through ``codegen``), so the name cannot be imported at its top; an
``import`` statement inside a function costs a few microseconds at every
call (``importlib``'s handling of the names imported), and the code writers
ask thousands of times while a new engine writes its code.  :func:`late`
gives a function that returns the name, imported at its first call.

Functions
---------
late
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["late"]


def late(module: str, name: str) -> Callable[[], Any]:
    """A function returning ``module.name`` (the module imported at its first call).

    The name is looked up in the module at every call (a test may replace it).
    """
    found: list[Any] = []

    def named() -> Any:
        if not found:
            found.append(import_module(module))
        return getattr(found[0], name)

    return named
