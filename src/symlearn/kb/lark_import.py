r"""Import lark without loading its optional ``regex`` and its ``hashlib`` until they are used.

lark imports, at start-up, the third-party ``regex`` module when it is
installed (for grammars with Unicode categories such as ``\p{Lu}`` and for
``Lark(..., regex=True)``) and ``hashlib`` (for its grammar cache and grammar
imports).  symlearn's grammar needs neither, and they cost 1.7 MB and 3.5 MB
of memory at every start (``hashlib`` initialises OpenSSL), together half of
what a query run needs beyond the bare interpreter.  So :mod:`symlearn.kb`
imports lark through this module first: while lark is imported, each of the
two (when installed and not imported yet) is a stand-in module that imports
the real one on first use, and afterwards the stand-ins are taken out of
``sys.modules``, so any other ``import hashlib`` gets the real module at once.
lark behaves as before for every grammar and option (``regex=True`` loads
``regex`` then, ``cache=True`` loads ``hashlib``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType
from typing import Any

__all__ = ["lark"]

#: The modules lark imports at start-up that symlearn's grammar does not use.
DEFERRED = ("regex", "hashlib")


class _DeferredModule(ModuleType):
    """Stands for a module that is imported when one of its attributes is first read."""

    def __getattr__(self, attribute: str) -> Any:
        if sys.modules.get(self.__name__) is self:  # still standing in: import the real one
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), attribute)


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _import_lark() -> ModuleType:
    """lark, imported with :data:`DEFERRED` modules standing in when that is still possible."""
    if "lark" in sys.modules:
        import lark

        return lark
    stand_ins = {
        name: _DeferredModule(name)
        for name in DEFERRED
        if name not in sys.modules and _installed(name)
    }
    sys.modules.update(stand_ins)
    try:
        import lark
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
    return lark


lark = _import_lark()
