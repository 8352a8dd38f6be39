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

__all__ = ["FREEZE_ABOVE", "gc_paused"]

#: More new objects than this at the end of a promoting block are frozen, not collected.
FREEZE_ABOVE = 1_000_000


@contextmanager
def gc_paused(promote: bool = False) -> Iterator[None]:
    """Run the ``with`` block with the cyclic garbage collector off.

    Parameters
    ----------
    promote
        Afterwards, move the objects the block made out of the young
        generations, so that long-lived data (a loaded knowledge base) is not
        walked again and again by the collections the next allocations
        trigger.  A block that made few objects pays one collection of the
        young generations for it; one that made millions (a large file of
        facts) has them frozen (:func:`gc.freeze`, no pass over them at all:
        that pass alone took seconds at a million facts).  Frozen objects are
        still freed by reference counting; only a reference cycle that was
        already garbage when frozen stays until the process ends.

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
                if gc.get_count()[0] > FREEZE_ABOVE:
                    gc.freeze()
                else:
                    gc.collect(1)
