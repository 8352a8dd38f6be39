"""A predicate's clauses ready to run, each clause's function written at its first use.

A predicate (:mod:`symlearn.engine.procedures`) keeps one :class:`Entry` per
clause: the clause's compiled function (``run``) and whether the clause
commits after its guard (``neck_cut``).  Writing and compiling a clause's
function is most of what a new engine spends on a predicate, and many are
never run: a predicate whose switch is compiled (the same clauses in another
engine got hot) runs its clauses inline and calls their functions only when
it backtracks into a later clause; others are never called at all.  So an
entry is made *unwritten* (:func:`unwritten`): its function is written when
it first runs, or when something first asks whether it commits; the entry
then becomes a plain :class:`Entry` (its class changes, its slots hold the
function and the answer), so the machine's hot paths read plain slots.

Classes and functions
---------------------
Entry, unwritten, settled
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from symlearn.logic.clauses import Clause

__all__ = ["Entry", "settled", "unwritten"]

#: ``() -> (clause function, neck cut)``: writes and compiles a clause's function.
Writer = Callable[[], tuple[Callable[..., Any], bool]]


class Entry:
    """One clause ready to run: its function and whether it commits (neck cut)."""

    __slots__ = ("clause", "neck_cut", "run")

    def __init__(self, run: Callable[..., Any], neck_cut: bool, clause: Clause) -> None:
        self.run = run
        self.neck_cut = neck_cut
        self.clause = clause


#: The slot of :attr:`Entry.neck_cut` (an unwritten entry keeps its writer there).
_NECK_CUT: Any = Entry.__dict__["neck_cut"]


class _Unwritten(Entry):
    """An :class:`Entry` whose function is not written yet (the same slots)."""

    __slots__ = ()

    @property
    def neck_cut(self) -> bool:  # type: ignore[override]
        _NECK_CUT.__get__(self, Entry).write()
        answer: bool = _NECK_CUT.__get__(self, Entry)
        return answer


class _Pending:
    """An unwritten entry's writer; its ``first_run`` stands for the function until written."""

    __slots__ = ("entry", "function", "writer")

    def __init__(self, entry: Entry, writer: Writer) -> None:
        self.entry = entry
        self.writer = writer
        self.function: Callable[..., Any] | None = None

    def first_run(self, m: Any, args: Any, height: int, depth: int, nxt: Any) -> object:
        function = self.function
        if function is None:
            function = self.write()
        return function(m, args, height, depth, nxt)

    def write(self) -> Callable[..., Any]:
        """Write the function; make the entry a plain one holding it (unless watched)."""
        function, neck_cut = self.writer()
        self.function = function
        entry = self.entry
        if getattr(entry.run, "__self__", None) is self:  # (else a watcher holds first_run)
            entry.run = function
        _NECK_CUT.__set__(entry, neck_cut)
        entry.__class__ = Entry
        return function


def unwritten(clause: Clause, writer: Writer) -> Entry:
    """An entry of ``clause`` whose function ``writer`` writes when first needed."""
    entry = _Unwritten.__new__(_Unwritten)
    entry.clause = clause
    pending = _Pending(entry, writer)
    _NECK_CUT.__set__(entry, pending)
    entry.run = pending.first_run
    return entry


def settled(run: Callable[..., Any]) -> Callable[..., Any]:
    """``run`` itself, or the written function an unwritten entry's ``first_run`` stood for."""
    pending = getattr(run, "__self__", None)
    if type(pending) is _Pending and pending.function is not None:
        return pending.function
    return run
