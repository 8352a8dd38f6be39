r"""A ProbLog program with some of its clauses rewritten, for the tasks that transform it.

Learning from interpretations, decision-theoretic ProbLog and the constraint
task each read the program the user wrote and answer it through the ordinary
grounding (:mod:`~symlearn.bayes.problog.grounding`) after a rewriting: LFI
gives every learnable clause its own choice per parameter, DTProbLog turns
``?::`` decisions into choices whose weights the search sets, the constraint
task names each ``ensure_*`` clause.  :func:`rewritten` makes the knowledge
base they ground: the user's, with its probabilistic clauses replaced and
some plain clauses added or taken away, the original left untouched.

Functions
---------
rewritten

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.logic.clauses import Clause
>>> kb = loads("0.5::a. b :- a.")
>>> changed = rewritten(kb, kb.probabilistic, [Clause("c", ("b",))])
>>> changed.defines("c", 0), kb.defines("c", 0)
(True, False)
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

from symlearn.kb.knowledge_base import KnowledgeBase, Predicate, ProbabilisticClause
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.source import SourcePosition

__all__ = ["rewritten"]


def rewritten(
    kb: KnowledgeBase,
    probabilistic: Sequence[ProbabilisticClause],
    added: Iterable[Clause | tuple[Clause, SourcePosition | None]] = (),
    removed: Iterable[Indicator] = (),
) -> KnowledgeBase:
    """A copy of ``kb`` with other probabilistic clauses and some plain clauses added or removed.

    Parameters
    ----------
    kb
        The knowledge base as loaded (it is not changed).
    probabilistic
        The probabilistic clauses of the copy (clause numbers are positions in it).
    added
        Plain clauses appended to their predicates (with the position of the
        clause they come from, for messages).
    removed
        Predicates whose plain clauses the copy leaves out.
    """
    result = copy.copy(kb)
    result.predicates = dict(kb.predicates)
    result.probabilistic = list(probabilistic)
    for indicator in removed:
        result.predicates.pop(indicator, None)
    copied: set[Indicator] = set()
    for item in added:
        clause, position = item if isinstance(item, tuple) else (item, None)
        indicator = clause.functor
        if indicator not in copied:
            result.predicates[indicator] = _copy_of(result.predicates.get(indicator), indicator)
            copied.add(indicator)
        result.predicates[indicator].add(clause, position)
    return result


def _copy_of(predicate: Predicate | None, indicator: Indicator) -> Predicate:
    """A predicate of its own with the clauses of ``predicate`` (so adding leaves it alone)."""
    fresh = Predicate(*indicator)
    if predicate is not None:
        fresh.dynamic = predicate.dynamic
        for clause, position in zip(predicate.clauses, predicate.positions):
            fresh.add(clause, position)
    return fresh
