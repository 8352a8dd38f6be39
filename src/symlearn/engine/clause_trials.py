"""Which clauses a predicate's warming-up calls try when called, for its switch's code.

A switch (:mod:`symlearn.engine.switches`) writes the clauses of a bucket
inline, each tried in turn when the ones before it fail in their head or
guard.  In a grammar most calls match their bucket's first clause and fail
later in its body: the later clauses are then reached by backtracking (the
choicepoint runs their clause functions), never by the inline code, which is
written and compiled for nothing (chat_parser: over half the lines of a new
engine's switches).  So while a predicate warms up (:mod:`procedures`), its
clauses' functions are watched: a clause run at the height of the call's
choicepoint stack is tried by the call itself (``try_clauses`` or the
general code), one run below it is resumed by backtracking
(:func:`~symlearn.engine.machine_loop.run`).  The switch writes a later
clause of a bucket inline only when some warming-up call tried it; from the
first one none tried, the bucket's code calls ``try_clauses``, which runs the
same clauses in the same order.

Classes
-------
Trials
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from symlearn.engine.entries import settled

__all__ = ["Trials"]


class Trials:
    """The clauses (by ``id``) that calls tried while the entries were watched."""

    __slots__ = ("originals", "tried")

    def __init__(self) -> None:
        self.tried: set[int] = set()
        #: The watched entries and their own clause functions.
        self.originals: dict[Any, Callable[..., Any]] = {}

    def watch(self, entries: Iterable[Any]) -> None:
        """Count the calls that try each entry's clause (until :meth:`unwatch`)."""
        originals = self.originals
        for entry in entries:
            if entry not in originals:
                originals[entry] = entry.run
                entry.run = _watched(entry.run, id(entry.clause), self.tried)

    def unwatch(self) -> None:
        """Give every watched entry its own clause function back."""
        for entry, run in self.originals.items():
            entry.run = settled(run)  # (the function written meanwhile, if it was)
        self.originals.clear()

    def taken(self) -> frozenset[int]:
        """The clauses tried so far, forgotten here (the next warm-up counts anew)."""
        tried = frozenset(self.tried)
        self.tried.clear()
        return tried


def _watched(run: Callable[..., Any], clause: int, tried: set[int]) -> Callable[..., Any]:
    """``run`` noting in ``tried`` when a call (not a resumed choicepoint) runs it."""

    def watched(m: Any, args: Any, height: int, depth: int, nxt: Any) -> object:
        if height == len(m.cps):
            tried.add(clause)
        return run(m, args, height, depth, nxt)

    return watched
