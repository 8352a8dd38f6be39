"""What may serve as background knowledge for a target.

When a learner learns target ``T``, the knowledge base's own clauses for ``T``
are not background knowledge (they are what is to be learnt): they are set
aside (:func:`symlearn.kb.views.background_view`), and the learner's theory
takes their place.

:func:`dependent_predicates` finds the predicates whose rules call the target
(directly or through other rules); they cannot serve as background either.

Functions
---------
dependent_predicates, is_example_predicate

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads("p(a). q(X) :- p(X). r(X) :- q(X). pos(q(a)).")
>>> sorted(dependent_predicates(kb, ("q", 1)))
[('r', 1)]
"""

from __future__ import annotations

from operator import attrgetter

from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import called_predicates
from symlearn.logic.indicators import Indicator

__all__ = ["EXAMPLE_PREDICATES", "dependent_predicates", "is_example_predicate"]

_BODY = attrgetter("body")


#: Predicates that hold examples and declarations, never background knowledge.
EXAMPLE_PREDICATES: frozenset[Indicator] = frozenset(
    {("pos", 1), ("neg", 1), ("label", 2), ("instance", 1), ("unlabelled", 1)}
    | {("evidence", 2), ("query", 1)}
)


def is_example_predicate(indicator: Indicator) -> bool:
    """True for the predicates of :data:`EXAMPLE_PREDICATES` (``pos/1``, ``label/2`` ...)."""
    return indicator in EXAMPLE_PREDICATES


def dependent_predicates(kb: KnowledgeBase, target: Indicator) -> set[Indicator]:
    """The predicates other than ``target`` whose rules call ``target``, directly or not."""
    callers: dict[Indicator, set[Indicator]] = {}
    for indicator, predicate in kb.predicates.items():
        for clause in filter(_BODY, predicate.clauses):  # rules only (C-speed over the facts)
            called: set[Indicator] = set()
            for goal in clause.body:
                called |= called_predicates(goal)
            for callee in called:
                callers.setdefault(callee, set()).add(indicator)
    found: set[Indicator] = set()
    stack = [target]
    while stack:
        for caller in callers.get(stack.pop(), ()):
            if caller not in found and caller != target:
                found.add(caller)
                stack.append(caller)
    return found
