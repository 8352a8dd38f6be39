"""Views of a knowledge base: the same clauses, one predicate replaced, or a part of it.

When a learner learns target ``T``, the knowledge base's own clauses for ``T``
are not background knowledge (they are what is to be learnt): they are set
aside, and the learner's theory takes their place.  :func:`background_view`
builds that knowledge base without copying a single clause: it shares every
other predicate with the original.  :func:`supporting_predicates` picks the
part of a knowledge base that given clauses call, directly or through its
rules: what a file of learned clauses must carry to run on its own.

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads("p(a). q(X) :- p(X).")
>>> view = background_view(kb, ("q", 1))
>>> len(view.predicate("q", 1).clauses), len(kb.predicate("q", 1).clauses)
(0, 1)
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from symlearn.kb.knowledge_base import KnowledgeBase, Predicate
from symlearn.logic.clauses import Clause, called_predicates
from symlearn.logic.indicators import Indicator

__all__ = ["background_view", "supporting_predicates"]


def background_view(
    kb: KnowledgeBase, target: Indicator | None, theory: Iterable[Clause] = ()
) -> KnowledgeBase:
    """``kb`` with the target's clauses replaced by ``theory`` (the rest is shared).

    Parameters
    ----------
    kb
        The knowledge base (not modified).
    target
        ``(name, arity)`` of the target, or None to set nothing aside.
    theory
        Clauses for the target to use instead of the knowledge base's own
        (clauses of other predicates, invented by the learner, define them).

    Returns
    -------
    KnowledgeBase
        A shallow copy whose ``predicates`` dict is its own.
    """
    view = copy.copy(kb)
    view.predicates = dict(kb.predicates)
    if target is not None:
        defined = {target: Predicate(*target)}
        for clause in theory:  # the target's, and those of predicates it invents
            functor = clause.functor
            if functor not in defined:
                defined[functor] = Predicate(*functor)
            defined[functor].add(clause)
        view.predicates.update(defined)
    return view


def supporting_predicates(
    kb: KnowledgeBase, clauses: Iterable[Clause], exclude: Iterable[Indicator] = ()
) -> list[Predicate]:
    r"""The predicates of ``kb`` that ``clauses`` call, directly or through ``kb``'s rules.

    Parameters
    ----------
    kb
        The knowledge base the clauses run over.
    clauses
        The clauses whose bodies are followed.
    exclude
        Predicates not to follow or return (the ones ``clauses`` define).

    Returns
    -------
    list of Predicate
        Those with clauses or declared dynamic, in the knowledge base's order;
        builtins and undefined predicates are not among them.

    Examples
    --------
    >>> from symlearn.kb import loads, parse_term
    >>> kb = loads("p(a). q(X) :- p(X). r(b). s(X) :- q(X), \\+ t(X).")
    >>> rule = Clause.from_term(parse_term("goal(X) :- s(X)"))
    >>> [p.indicator for p in supporting_predicates(kb, [rule], [("goal", 1)])]
    [('p', 1), ('q', 1), ('s', 1)]
    """
    skip = set(exclude)
    seen: set[Indicator] = set()
    bodies = [goal for clause in clauses for goal in clause.body]
    while bodies:
        for called in called_predicates(bodies.pop()):
            if called in seen or called in skip:
                continue
            seen.add(called)
            predicate = kb.predicates.get(called)
            if predicate is not None:
                bodies.extend(goal for clause in predicate.clauses for goal in clause.body)
    return [
        predicate
        for indicator, predicate in kb.predicates.items()
        if indicator in seen and (predicate.clauses or predicate.dynamic)
    ]
