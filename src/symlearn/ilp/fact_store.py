"""The fact tables of a knowledge base, encoded once for every coverage over it.

:func:`fact_store` gives each knowledge base one :class:`FactStore`: one
:class:`~symlearn.ilp.relations.SymbolTable` for all its constants and, per
predicate given by ground facts, its :class:`~symlearn.ilp.relations.Relation`
(integer codes), built on first use and rebuilt when the predicate's clauses
change.  Every :class:`~symlearn.ilp.coverage.Coverage` over the knowledge
base shares them, so constants have the same codes in all.

Classes and functions
---------------------
FactStore, fact_store
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from operator import attrgetter

from symlearn.ilp.relations import Relation, SymbolTable
from symlearn.kb.gcpause import gc_paused
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import PString, Var, is_ground

__all__ = ["Answers", "FactStore", "fact_store"]

_HEAD = attrgetter("head")
_BODY = attrgetter("body")
_ARGS = attrgetter("args")

#: The answers of a literal for one binding of its old variables: rows of codes.
Answers = tuple[tuple[int, ...], ...]


class FactStore:
    """The fact tables of one knowledge base, encoded once for every :class:`Coverage` over it.

    A table is rebuilt when its predicate's clauses change (another
    predicate object, or another number of clauses).
    """

    def __init__(self) -> None:
        self.symbols = SymbolTable()
        self._tables: dict[Indicator, tuple[object, int, Relation | None]] = {}
        #: answers of ``=/2`` literals (see :meth:`Coverage._engine_join`), for every coverage
        self.unifications: dict[tuple[object, bool], dict[tuple[int, ...], Answers]] = {}

    def relation(self, kb: KnowledgeBase, indicator: Indicator) -> Relation | None:
        """The relation of ``indicator`` if its clauses are ground facts, else None."""
        predicate = kb.predicates.get(indicator)
        if predicate is None or not (predicate.clauses or predicate.dynamic):
            return None
        cached = self._tables.get(indicator)
        if cached is not None and cached[0] is predicate and cached[1] == len(predicate.clauses):
            return cached[2]
        with gc_paused():  # millions of small acyclic objects: no cyclic collection
            found = _fact_relation(indicator, predicate.clauses, self.symbols)
        self._tables[indicator] = (predicate, len(predicate.clauses), found)
        return found


_STORES: weakref.WeakKeyDictionary[KnowledgeBase, FactStore] = weakref.WeakKeyDictionary()


def fact_store(kb: KnowledgeBase) -> FactStore:
    """The :class:`FactStore` of ``kb`` (made on first use, dropped with ``kb``)."""
    store = _STORES.get(kb)
    if store is None:
        store = _STORES[kb] = FactStore()
    return store


def _fact_relation(
    indicator: Indicator, clauses: Sequence[Clause], symbols: SymbolTable
) -> Relation | None:
    """The relation of ``clauses`` if they are all ground facts, else None."""
    if any(map(_BODY, clauses)):
        return None
    if not indicator[1]:
        return Relation.from_columns(indicator, [], len(clauses), symbols)
    columns = list(zip(*map(_ARGS, map(_HEAD, clauses))))
    for column in columns:
        kinds = set(map(type, column))
        if not kinds <= {str, int, float, PString} and (
            Var in kinds or not all(map(is_ground, column))
        ):
            return None
    return Relation.from_columns(indicator, columns, len(clauses), symbols)
