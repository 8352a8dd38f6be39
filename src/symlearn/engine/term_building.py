"""Generated code that makes fresh run-time variables with fewer Python frames.

Calling ``Ref()`` runs a Python ``__init__`` (a frame of its own); generated
clause code instead allocates the object with ``object.__new__`` (the name
``new`` in its namespace) and sets its slots in place.  The slots set, and
the serial numbers drawn, are exactly those of
:class:`~symlearn.engine.runtime.Ref`'s ``__init__``.  A tuple of fresh
variables (``functor/3`` making a new term) is made by ``starmap`` rather
than a list comprehension (one frame fewer in Python 3.11; each Ref still
calls its ``__init__``).
"""

from __future__ import annotations

from itertools import repeat, starmap


def new_ref(name: str) -> str:
    """A line that makes ``name`` a fresh unbound run-time variable (as ``Ref()``)."""
    return f"{name} = new(Ref); {name}.value = None; {name}.name = '_'; {name}.serial = serial()"


def fresh_arguments(arity: str) -> str:
    """An expression for a tuple of ``arity`` fresh variables (no comprehension's frame)."""
    return f"tuple(starmap(Ref, repeat((), {arity})))"


#: The names the lines above use, for the generated code's namespace.
BUILDING_NAMES = {"new": object.__new__, "starmap": starmap, "repeat": repeat}
