"""Pause Python's cyclic garbage collector while building large acyclic structures.

Loading a knowledge base or computing a relation creates millions of small
objects (terms, clauses, tuples) that hold no reference cycles.  The cyclic
collector, triggered by the allocation count, would walk all of them again
and again for nothing; pausing it for the duration cuts loading time by about
a third.  Reference counting still frees everything as usual, and the
collector's previous state is restored afterwards, also on errors.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["gc_paused"]


@contextmanager
def gc_paused(promote: bool = False) -> Iterator[None]:
    """Run the ``with`` block with the cyclic garbage collector off.

    Parameters
    ----------
    promote
        Afterwards, move the objects the block made to the collector's oldest
        generation in one pass.  Long-lived data (a loaded knowledge base) is
        then not walked again and again by the young generations' collections
        that the next allocations trigger; the one pass is paid here instead.

    Examples
    --------
    >>> import gc
    >>> with gc_paused():
    ...     gc.isenabled()
    False
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
            if promote:
                gc.collect(1)
