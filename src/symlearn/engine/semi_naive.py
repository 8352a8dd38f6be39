"""Semi-naive consumption of tables: which tabled calls may look at new answers only.

Linear tabling (:mod:`symlearn.engine.tabling`) computes a strongly
connected component of tabled calls by evaluating its clauses again and
again until a round adds no answer.  Run naively, each round joins every
answer found so far once more, so a component whose answers grow one by one
(two predicates counting up in turn) costs time quadratic in its answers.
The *semi-naive* optimisation of linear tabling (Zhou, Shen and Sato,
"Semi-naive evaluation in linear tabling", PPDP 2004) lets a call consume
only the answers added since the previous evaluation of its clause began,
which makes the rounds cost what they add.

That is exact for a clause ``H :- G1, ..., Gn`` of a tabled predicate ``p``
at the body goal ``Gj`` when

* ``Gj`` is a direct call of a tabled predicate without answer subsumption
  (whose answers are only ever appended) that can reach ``p`` (else its
  table is complete before it is used and nothing is gained);
* no other body goal can reach ``p`` in the program's call graph (a goal
  called through a variable, ``call/N`` of an unknown goal, may reach
  anything): the other goals then give the same solutions in every round,
  so each combination of their solutions with an answer of ``Gj`` is
  produced in the round the answer appears or in the next; and
* no cut follows ``Gj`` (which answer comes first must not matter).

An answer of ``Gj`` older than the start of the previous evaluation of the
clause's call was joined with every solution of ``G1, ..., Gj-1`` by that
evaluation or an earlier one (by induction over the evaluations), so
skipping it loses nothing; the fixpoint stops after a round that adds no
answer anywhere in the component, as before.

Functions
---------
semi_naive_goals, Eligibility
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct

if TYPE_CHECKING:
    from symlearn.kb.knowledge_base import KnowledgeBase

__all__ = ["Eligibility", "semi_naive_goals"]

#: The control constructs' goal arguments (by position; ``call/N``'s first
#: argument gets N-1 extra arguments).  Any other control construct is
#: treated as able to call anything.
_GOAL_ARGUMENTS: dict[Indicator, tuple[int, ...]] = {
    (",", 2): (0, 1),
    (";", 2): (0, 1),
    ("->", 2): (0, 1),
    ("*->", 2): (0, 1),
    ("\\+", 1): (0,),
    ("not", 1): (0,),
    ("once", 1): (0,),
    ("ignore", 1): (0,),
    ("tnot", 1): (0,),
    ("forall", 2): (0, 1),
    ("findall", 3): (1,),
    ("findall", 4): (1,),
    ("bagof", 3): (1,),
    ("setof", 3): (1,),
    ("aggregate_all", 3): (1,),
    ("catch", 3): (0, 2),
}
_NO_GOALS = frozenset({("!", 0), ("true", 0), ("fail", 0), ("false", 0), ("throw", 1)})
#: A goal whose callee cannot be known before it runs.
UNKNOWN: Indicator = ("$unknown", -1)


def semi_naive_goals(clause: Clause, tabled: Iterable[Indicator]) -> dict[Indicator, int]:
    """The body goals of ``clause`` that may consume new answers only, by callee.

    The candidates only (direct calls at the top of the body of a tabled
    predicate without answer subsumption, each called once there): whether
    one is eligible depends on the whole program (:class:`Eligibility`).
    """
    tabled = set(tabled)
    seen: dict[Indicator, int] = {}
    twice: set[Indicator] = set()
    for position, goal in enumerate(clause.body):
        key = _indicator(goal)
        if key is None or key not in tabled:
            continue
        if key in seen:
            twice.add(key)
        seen[key] = position
    return {key: position for key, position in seen.items() if key not in twice}


class Eligibility:
    """Which candidate goals are eligible, remembered until the program changes."""

    def __init__(self, kb: KnowledgeBase, library: Any) -> None:
        self.kb = kb
        self.library = library
        self.graph = _Graph(kb, library)
        self.known: dict[tuple[int, int], bool] = {}

    def reset(self) -> None:
        """Forget everything (clauses changed)."""
        if self.known or self.graph.edges:
            self.graph = _Graph(self.kb, self.library)
            self.known.clear()

    def eligible(self, clause: Clause, position: int) -> bool:
        """True when body goal ``position`` of ``clause`` may consume new answers only."""
        found = self.known.get((id(clause), position))
        if found is None:
            found = self.known[(id(clause), position)] = _eligible(
                self.kb, self.graph, clause, position
            )
        return found


def _eligible(kb: KnowledgeBase, graph: _Graph, clause: Clause, position: int) -> bool:
    head = clause.head
    caller: Indicator | None = _indicator(head)
    body = clause.body
    callee = _indicator(body[position])
    if caller is None or callee is None or callee in kb.table_modes:
        return False
    if not graph.reaches([callee], caller):
        return False
    for other, goal in enumerate(body):
        if other == position:
            continue
        if other > position and _has_cut(goal):
            return False
        if graph.reaches(_callees(goal), caller):
            return False
    return True


class _Graph:
    """The program's call graph, explored on demand."""

    def __init__(self, kb: KnowledgeBase, library: Any) -> None:
        self.kb = kb
        self.library = library
        self.edges: dict[Indicator, set[Indicator]] = {}

    def callees(self, key: Indicator) -> set[Indicator]:
        found = self.edges.get(key)
        if found is None:
            found = set()
            predicate = self.kb.predicates.get(key)
            if predicate is None or not (predicate.clauses or predicate.dynamic):
                predicate = self.library.predicates.get(key)
            if predicate is not None:  # (a change of its clauses resets the graph)
                for clause in predicate.clauses:
                    for goal in clause.body:
                        found.update(_callees(goal))
            self.edges[key] = found
        return found

    def reaches(self, start: Iterable[Indicator], target: Indicator) -> bool:
        """True when a call of a predicate in ``start`` can lead to a call of ``target``."""
        stack = list(start)
        visited: set[Indicator] = set()
        while stack:
            key = stack.pop()
            if key in (target, UNKNOWN):
                return True
            if key in visited:
                continue
            visited.add(key)
            stack.extend(self.callees(key))
        return False


def _indicator(goal: Any) -> Indicator | None:
    if type(goal) is Struct:
        return (goal.name, len(goal.args))
    if type(goal) is str:
        return (goal, 0)
    return None


def _callees(goal: Any) -> Iterator[Indicator]:
    """The predicates a body goal calls directly (:data:`UNKNOWN` for an unknown goal)."""
    from symlearn.engine.control import CONTROL

    stack = [goal]
    while stack:
        goal = stack.pop()
        key = _indicator(goal)
        if key is None:
            yield UNKNOWN
            continue
        if key in _NO_GOALS:
            continue
        if key[0] == "call" and key[1] >= 1:
            inner = goal.args[0]
            if key[1] == 1:
                stack.append(inner)
            elif type(inner) is Struct:
                stack.append(Struct(inner.name, (*inner.args, *goal.args[1:])))
            elif type(inner) is str:
                stack.append(Struct(inner, goal.args[1:]))
            else:
                yield UNKNOWN
            continue
        if key not in CONTROL:
            yield key
            continue
        places = _GOAL_ARGUMENTS.get(key)
        if places is None:
            yield UNKNOWN
            continue
        for place in places:
            inner = goal.args[place]
            while type(inner) is Struct and inner.name == "^" and len(inner.args) == 2:
                inner = inner.args[1]
            stack.append(inner)


def _has_cut(goal: Any) -> bool:
    stack = [goal]
    while stack:
        goal = stack.pop()
        if goal == "!":
            return True
        if type(goal) is Struct and goal.name in (",", ";", "->", "*->"):
            stack.extend(goal.args)
    return False
