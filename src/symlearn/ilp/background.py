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
from symlearn.logic.terms import Struct, Term, Var, functor_of

__all__ = [
    "EXAMPLE_PREDICATES",
    "dependent_predicates",
    "is_example_predicate",
    "recursive_datalog_predicates",
]

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


def recursive_datalog_predicates(
    kb: KnowledgeBase, excluded: set[Indicator] | frozenset[Indicator] = frozenset()
) -> set[Indicator]:
    """The background predicates that call themselves and are pure Datalog.

    A predicate is taken when it lies on a cycle of the call graph of the
    knowledge base's rules (``parent(X, Y) :- parent(Y, X)``) and it, and
    every predicate it calls, is *pure Datalog*: each clause's head and
    body goals have only variables and atomic constants as arguments, and
    each body goal calls a predicate of the knowledge base (no built-in, no
    control construct, no negation).  SLD resolution may loop on such a
    predicate (a symmetric or left-recursive rule runs until the step
    limit); tabled, its answers are exactly its least model, which is finite
    (SWI-Prolog answers it with ``:- table``).  ``excluded`` (the target and
    the predicates that call it) is left out.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> kb = loads("p(a, b). p(X, Y) :- p(Y, X). q(X) :- q(X), X > 1. r(X) :- p(X, _).")
    >>> sorted(recursive_datalog_predicates(kb))
    [('p', 2)]
    """
    calls: dict[Indicator, set[Indicator]] = {}
    pure: dict[Indicator, bool] = {}
    for indicator, predicate in kb.predicates.items():
        if indicator in excluded or is_example_predicate(indicator):
            continue
        called: set[Indicator] = set()
        clean = True
        for clause in filter(_BODY, predicate.clauses):  # rules only
            clean = clean and _flat(clause.head)
            for goal in clause.body:
                callee = functor_of(goal) if type(goal) in (str, Struct) else None
                if callee is None or not _flat(goal) or not kb.defines(*callee):
                    clean = False
                else:
                    called.add(callee)
        if called:
            calls[indicator] = called
            pure[indicator] = clean
    found: set[Indicator] = set()
    for start in calls:
        reach, stack = set(), list(calls[start])
        while stack:
            node = stack.pop()
            if node not in reach:
                reach.add(node)
                stack.extend(calls.get(node, ()))
        if start in reach and all(pure.get(p, True) and p not in excluded for p in reach):
            found.add(start)
    return found


def _flat(atom: Term) -> bool:
    """True for an atom whose arguments are variables or atomic constants."""
    if type(atom) is not Struct:
        return type(atom) is str
    return all(type(a) is Var or type(a) is not Struct for a in atom.args)
