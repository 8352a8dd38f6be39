"""The machine's data: continuations, choicepoints, a run's state, internal goals, answer tables.

The SLD machine (:mod:`symlearn.engine.sld`) and the control constructs
(:mod:`symlearn.engine.control`) both work on these; they live here so that
neither module reaches into the other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from symlearn.engine.runtime import Ref, ref_serials
from symlearn.logic.terms import Term

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = [
    "ALT",
    "CATCH",
    "CHECK_EVERY",
    "COLLECT",
    "DEAD",
    "FACTS",
    "FAIL",
    "ITER",
    "NOT_HERE",
    "REACTIVATE",
    "TABLE",
    "AltChoice",
    "Choice",
    "ClauseChoice",
    "Cont",
    "Run",
    "Table",
]

#: A continuation: (procedure, arguments, cut barrier, depth, next continuation),
#: or None when nothing is left to prove.
Cont = tuple[object, object, int, int, "Cont"] | None


class _Failure(tuple):
    """The type of ``FAIL``: false, as None is, so one truth test finds both."""

    __slots__ = ()


#: What a procedure returns when its goal fails (an empty tuple of its own type:
#: false, so the machine tells a continuation from FAIL or None in one test).
FAIL = _Failure()
#: Returned by a fast path that does not apply to the call.
NOT_HERE = object()

#: How many inferences the machine makes between two looks at the clock and the memory.
CHECK_EVERY = 4096

# Choicepoint kinds.
# (A choicepoint among clauses is a ClauseChoice, one resuming at a continuation
# mostly an AltChoice: see below.)
ALT, ITER, CATCH, REACTIVATE, TABLE, DEAD, FACTS, COLLECT = range(8)


class Fence:
    """The stamp of the newest choicepoint made (in any run): see :class:`Choice`."""

    __slots__ = ("stamp",)

    def __init__(self) -> None:
        self.stamp = 0


#: Binding a variable whose serial is at least ``FENCE.stamp`` needs no trail
#: entry: it is newer than every choicepoint that exists (the WAM's
#: conditional binding).  The fence only moves forward, which is safe: a
#: choicepoint popped since leaves it newer than needed, so more is trailed.
FENCE = Fence()


#: A choicepoint among a predicate's clauses (pushed by ``try_clauses`` and
#: the compiled switches, resumed by ``machine_loop.run``) is a plain
#: list, ``[mark, stamp, nxt, depth, args, candidates, position]``: the trail
#: mark and stamp as in :class:`Choice`, the call's continuation, depth and
#: arguments, and the candidate clauses with the position of the next one
#: (updated as they are tried).  A list display costs a fifth of a
#: :class:`Choice`, and these are most of the choicepoints a program makes;
#: code that looks at any choicepoint tells them apart by
#: ``choice.__class__ is list``.
ClauseChoice = list
#: A choicepoint that resumes at a continuation (the else-branch of an
#: if-then-else, a disjunction's right side, the barrier of a negation or of
#: ``$Goal``) is a tuple ``(mark, stamp, cont)``; made as
#: ``stamp = FENCE.stamp = serial(); cps.append((len(trail), stamp, cont))``.
AltChoice = tuple


class Choice:
    """A choicepoint: where to resume when backtracking, and the trail mark to undo to.

    ``stamp`` orders it among the run-time variables (:class:`Ref` serials):
    a variable made after the newest choicepoint need not be trailed, since
    backtracking to that choicepoint leaves nothing that refers to it.
    Making a choicepoint moves :data:`FENCE` to its stamp.
    """

    __slots__ = ("a", "b", "c", "cont", "depth", "kind", "mark", "pos", "stamp")

    def __init__(
        self,
        kind: int,
        mark: int,
        cont: Cont,
        depth: int = 0,
        a: object = None,
        b: object = None,
        c: object = None,
        pos: int = 0,
        _serial: Callable[[], int] = ref_serials.__next__,
    ) -> None:
        self.kind = kind
        self.mark = mark
        self.cont = cont
        self.depth = depth
        self.a = a
        self.b = b
        self.c = c
        self.pos = pos
        self.stamp = FENCE.stamp = _serial()


class Table:
    """The answers of one call variant of a tabled predicate."""

    __slots__ = (
        "answer_set",
        "answers",
        "complete",
        "evaluated_round",
        "evaluating",
        "followers",
        "key",
        "last_new",
        "leader",
        "leader_table",
        "looped",
        "moded",
        "modes",
        "position",
        "round_id",
        "round_start",
        "seen_upto",
        "serials",
        "started",
    )

    def __init__(self, key: Term, modes: tuple[Term, ...] | None = None) -> None:
        self.key = key
        #: Answer subsumption: each argument's mode (None for a plain table), and
        #: the position of the answer kept for each variant of the index arguments.
        self.modes = modes
        self.moded: dict[Term, int] = {}
        self.answers: list[Term] = []
        self.answer_set: set[Term] = set()
        self.complete = False
        self.evaluating = False
        self.position = -1
        self.leader = -1
        self.leader_table: Table | None = None
        self.looped = False
        self.followers: list[Table] = []
        self.last_new = -1
        self.round_start = 0
        self.round_id = 0
        self.evaluated_round = -1
        #: The answer serial of each answer (plain tables), in the order found.
        self.serials: list[int] = []
        #: The answer serial when its current evaluation began (-1: never
        #: evaluated), and when the one before began (-1: none before it): a
        #: semi-naive consumer in its clauses need only look at answers newer
        #: than ``seen_upto`` (see :mod:`symlearn.engine.tabling`).
        self.started = -1
        self.seen_upto = -1


class Run:
    """The state of one running proof: the trail and the choicepoint stack."""

    __slots__ = ("compacted", "cps", "engine", "extra", "granted", "loops", "stamp", "trail")

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.trail: list[Ref] = []
        engine.trail = self.trail
        self.cps: list[Any] = []  # Choice, ClauseChoice (a list) and AltChoice (a tuple)
        self.extra = 0  # redos counted outside the machine's loop
        # Inferences the compiled switches may make by looping back on a call
        # of their own predicate (codegen's _loop_back) before the
        # machine's next check of the limits: ``loops`` of the ``granted``
        # are left (the difference is counted in ``extra`` at the check).
        self.granted = self.loops = 0
        # variables older than the run (the goal's): their bindings are trailed
        self.stamp = FENCE.stamp = next(ref_serials)
        self.compacted = 0  # trail entries above the newest choicepoint after compaction

    def compact(self) -> None:
        """Drop the trail entries no backtracking needs.

        Those are the bindings of variables newer than the newest choicepoint,
        so a long deterministic run keeps neither the trail nor its garbage.
        """
        cps = self.cps
        trail = self.trail
        if cps:
            newest = cps[-1]
            if newest.__class__ is not Choice:  # a ClauseChoice or an AltChoice
                mark, stamp = newest[0], newest[1]
            else:
                mark, stamp = newest.mark, newest.stamp
        else:
            mark, stamp = 0, self.stamp
        if len(trail) - mark > 2 * self.compacted + CHECK_EVERY:
            kept = [ref for ref in trail[mark:] if ref.serial < stamp]
            del trail[mark:]
            trail.extend(kept)
            self.compacted = len(kept)
