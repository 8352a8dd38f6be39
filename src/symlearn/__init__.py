"""symlearn: symbolic and logic-based machine learning.

Users write Prolog-style example files, learn rules from them, query the
learned rules, look at hypothesis lattices and derive learning-theory bounds
symbolically.  Data flows one way::

    text -> parser -> KnowledgeBase -> learner -> hypothesis -> output

The public API is re-exported here lazily, so ``import symlearn`` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: Public name -> module that defines it.
_EXPORTS: dict[str, str] = {}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'symlearn' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
