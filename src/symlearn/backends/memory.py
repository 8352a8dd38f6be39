"""The memory backend: every fact in Python, external relations read in whole.

The default for knowledge bases of ``.pl`` files: the facts are the
knowledge base's clauses, joined by the in-memory code (numpy tables in
:mod:`symlearn.ilp.coverage`, the engine's indexes).  An external relation
is read once, through DuckDB (which reads Parquet, CSV and DuckDB files
alike), and its rows become ordinary facts of the knowledge base: after that
nothing tells them from facts written in a file.

Functions
---------
load_external
"""

from __future__ import annotations

from symlearn.backends.duckdb import DuckDBBackend
from symlearn.backends.sql import column_terms
from symlearn.kb.gcpause import gc_paused
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct

__all__ = ["load_external"]


def load_external(kb: KnowledgeBase) -> int:
    """Read every external relation of ``kb`` into it as facts; how many facts were added.

    Each relation read becomes an ordinary predicate of facts (it is no
    longer in ``kb.external``).

    Raises
    ------
    KBError
        Located at the declaration of a relation that cannot be read (see
        :meth:`~symlearn.backends.sql.SqlBackend.open_external`).
    """
    pending = list(kb.external.values())
    if not pending:
        return 0
    reader = DuckDBBackend(kb, threads=None)
    added = 0
    try:
        reader.open_external()
        for external in pending:
            relation = reader.relation(external.indicator)
            assert relation is not None
            table = reader.arrow(f"SELECT {', '.join(relation.columns)} FROM {relation.name}")
            columns = [column_terms(c) for c in table.columns]
            name = external.indicator[0]
            predicate = kb.predicate(*external.indicator)
            fact = Clause.fact
            with gc_paused():
                clauses = [fact(Struct(name, args)) for args in zip(*columns)]
            predicate.clauses.extend(clauses)
            for _ in range(len(clauses)):
                predicate.positions.append(None)
            predicate.touch()
            added += len(clauses)
    finally:
        reader.close()
    for external in pending:
        del kb.external[external.indicator]
    return added
