"""The machine's data: continuations, choicepoints, internal goals and answer tables.

The SLD machine (:mod:`symlearn.engine.sld`) and the control constructs
(:mod:`symlearn.engine.control`) both work on these; they live here so that
neither module reaches into the other.
"""

from __future__ import annotations

from symlearn.logic.terms import Term

__all__ = [
    "ALT",
    "CATCH",
    "CLAUSES",
    "DEAD",
    "FAIL",
    "ITER",
    "NOT_HERE",
    "REACTIVATE",
    "TABLE",
    "AddAnswer",
    "Choice",
    "Cont",
    "CutTo",
    "ExitCatch",
    "Resolve",
    "SoftCut",
    "Table",
]

#: A continuation: (goal, cut barrier, depth, next continuation) or None when done.
Cont = tuple[object, int, int, "Cont"] | None
#: What a goal function returns when the goal fails.
FAIL = object()
#: Returned by a fast path that does not apply to the call (None means "proved").
NOT_HERE = object()

# Choicepoint kinds.
CLAUSES, ALT, ITER, CATCH, REACTIVATE, TABLE, DEAD = range(7)


class Choice:
    """A choicepoint: where to resume when backtracking, and the trail mark to undo to."""

    __slots__ = ("a", "b", "c", "cont", "depth", "kind", "mark", "pos")

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
    ) -> None:
        self.kind = kind
        self.mark = mark
        self.cont = cont
        self.depth = depth
        self.a = a
        self.b = b
        self.c = c
        self.pos = pos


class CutTo:
    """Internal goal: remove the choicepoints from ``height`` up (if-then-else, negation)."""

    __slots__ = ("height",)

    def __init__(self, height: int) -> None:
        self.height = height


class SoftCut:
    """Internal goal: disable the else-branch choicepoint of ``C *-> T ; E``."""

    __slots__ = ("choice",)

    def __init__(self, choice: Choice) -> None:
        self.choice = choice


class ExitCatch:
    """Internal goal: ``catch/3``'s goal succeeded; the catcher is no longer active."""

    __slots__ = ("choice",)

    def __init__(self, choice: Choice) -> None:
        self.choice = choice


class Resolve:
    """Internal goal: resolve ``goal`` against its clauses, bypassing its table."""

    __slots__ = ("goal",)

    def __init__(self, goal: object) -> None:
        self.goal = goal


class AddAnswer:
    """Internal goal: record the current instance of ``goal`` in ``table``, then fail."""

    __slots__ = ("goal", "table")

    def __init__(self, table: Table, goal: object) -> None:
        self.table = table
        self.goal = goal


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
        "position",
        "round_id",
        "round_start",
    )

    def __init__(self, key: Term) -> None:
        self.key = key
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
