"""Views of a knowledge base: the same clauses, one predicate replaced.

When a learner learns target ``T``, the knowledge base's own clauses for ``T``
are not background knowledge (they are what is to be learnt): they are set
aside, and the learner's theory takes their place.  :func:`background_view`
builds that knowledge base without copying a single clause: it shares every
other predicate with the original.

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
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator

__all__ = ["background_view"]


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
        Clauses for the target to use instead of the knowledge base's own.

    Returns
    -------
    KnowledgeBase
        A shallow copy whose ``predicates`` dict is its own.
    """
    view = copy.copy(kb)
    view.predicates = dict(kb.predicates)
    if target is not None:
        predicate = Predicate(*target)
        for clause in theory:
            predicate.add(clause)
        view.predicates[target] = predicate
    return view
