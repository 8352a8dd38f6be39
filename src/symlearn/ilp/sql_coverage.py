"""Coverage over a SQL backend: each body literal a join in DuckDB or Spark.

:class:`SqlCoverage` keeps every meaning of
:class:`~symlearn.ilp.coverage.Coverage` (the binding tables, the counts,
the least models), and answers the literals over the backend's relations
(:class:`~symlearn.backends.sql.SqlRelation`: the external relations and
the knowledge base's own facts) in the backend, as QuickFOIL does inside a
database (Zeng, Patel and Page 2014):

* the **binding table** stays with the learner (integer codes, one row per
  binding); for a literal ``q(X, Y, c)`` whose old variables are ``X``, only
  the *distinct* bindings of ``X`` are sent, as a small key table ``k(g, k0)``
  (``g`` numbers the distinct bindings);
* a **positive literal** is the join ``k JOIN q ON q.c0 = k.k0 AND q.c2 = 'c'``;
  FOIL's counts are ``SELECT g, COUNT(*) FROM (SELECT DISTINCT g, <the new
  variables' columns>) GROUP BY g`` (a relation is a set of tuples, so the
  count is of distinct answers, as in memory), the extension fetches the
  distinct ``(g, new values)`` rows; a literal with no new variable is a
  semi-join (``SELECT DISTINCT g``), its negation an anti-join (the groups
  that did not come back);
* the answers come back as Arrow columns and are turned into codes one
  *distinct value* at a time (dictionary encoding), then spread over the rows
  of each group with numpy: no Python step per row.

A literal whose arguments cannot match its columns (a constant or a
variable's values of another type than the column) has no answers, as
unification would say.  Everything else (comparisons, rules, built-ins, the
target's own extension, facts whose columns mix types) is answered as in
memory.

Classes
-------
SqlCoverage
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from symlearn.backends.sql import SqlBackend, SqlRelation, arrow_column, column_terms
from symlearn.ilp.coverage import BindingTable, Coverage
from symlearn.ilp.relations import CODE, Relation, most_frequent
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term, Var, functor_of

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["SqlCoverage"]

_Join = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, tuple[Var, ...]]

#: How many reductions of one relation are kept (see SqlCoverage._reduced).
_REDUCTIONS_KEPT = 4
#: Relations of at most this many rows are joined whole (a reduction would cost more).
REDUCE_ABOVE = 100_000


class SqlCoverage(Coverage):
    """Set-at-a-time coverage whose fact joins run in a SQL backend (see the module docstring).

    Parameters
    ----------
    kb, target, theory, max_rows, max_depth, max_steps, tolerant
        As for :class:`~symlearn.ilp.coverage.Coverage`.
    backend
        The opened backend holding the relations.
    """

    def __init__(
        self,
        kb: KnowledgeBase,
        target: Indicator | None = None,
        *,
        backend: SqlBackend,
        theory: Iterable[Clause] = (),
        max_rows: int = 20_000_000,
        max_depth: int = 10_000,
        max_steps: int | None = 1_000_000,
        tolerant: bool = False,
    ) -> None:
        super().__init__(
            kb,
            target,
            theory=theory,
            max_rows=max_rows,
            max_depth=max_depth,
            max_steps=max_steps,
            tolerant=tolerant,
        )
        self.backend = backend
        #: per relation, the last reductions made: (the codes they keep rows of, table name)
        self._reductions: dict[Indicator, list[tuple[np.ndarray, str]]] = {}

    def sql_relation(self, indicator: Indicator) -> SqlRelation | None:
        """The backend's table for a background predicate of facts (not the target), or None."""
        if indicator == self.target or indicator in self._extensions:
            return None
        return self.backend.relation(indicator)

    def relation(self, indicator: Indicator) -> Relation | None:
        """The in-memory table of a predicate (None for one held only by the backend)."""
        if indicator in self.kb.external and indicator not in self._extensions:
            return None
        return super().relation(indicator)

    def column_codes(self, indicator: Indicator, position: int) -> np.ndarray | None:
        """The codes of the distinct values in one argument (each value encoded once)."""
        relation = self.sql_relation(indicator)
        if relation is None:
            return super().column_codes(indicator, position)
        table = self.backend.arrow(f"SELECT DISTINCT c{position} AS v FROM {relation.name}")
        return self._codes(table.column("v"))

    def frequent_values(
        self, indicator: Indicator, position: int, limit: int
    ) -> list[Term] | None:
        """The ``limit`` values most frequent in one argument (a GROUP BY in the backend)."""
        relation = self.sql_relation(indicator)
        if relation is None:
            return super().frequent_values(indicator, position, limit)
        if limit <= 0:
            return []
        column = f"c{position}"
        table = self.backend.arrow(
            f"SELECT {column} AS v, COUNT(*) AS n FROM (SELECT DISTINCT * FROM {relation.name}) "
            f"AS r GROUP BY {column} ORDER BY n DESC, v LIMIT {int(limit)}"
        )
        return most_frequent(column_terms(table.column("v")), table.column("n").to_pylist(), limit)

    # ---------------------------------------------------------------- joins
    def _kind(self, table: BindingTable, goal: Term) -> str:
        kind = super()._kind(table, goal) if not self._is_sql(goal) else "sql"
        return kind

    def _is_sql(self, goal: Term) -> bool:
        if type(goal) is not Struct or not goal.args:
            return False
        if not all(type(a) is Var or _atomic(a) for a in goal.args):
            return False
        return self.sql_relation(functor_of(goal)) is not None

    def _join(
        self,
        kind: str,
        table: BindingTable,
        goal: Term,
        exists_only: bool = False,
        counts_only: bool = False,
    ) -> _Join:
        if kind != "sql":
            return super()._join(kind, table, goal, exists_only, counts_only)
        relation = self.sql_relation(functor_of(goal))
        assert relation is not None and type(goal) is Struct
        return self._sql_join(table, goal, relation, counts_only)

    def _sql_join(
        self, table: BindingTable, goal: Struct, relation: SqlRelation, counts_only: bool
    ) -> _Join:
        plan = _LiteralPlan(self.backend, relation, goal, table)
        n = len(table)
        new_vars = tuple(plan.new_first)
        if not plan.possible or not n:
            return _no_answers(n, new_vars)
        old = list(plan.old_positions)
        if old:
            keys, inverse = self._distinct_keys(table, old)
        else:
            keys, inverse = np.zeros((1, 0), dtype=CODE), np.zeros(n, dtype=np.intp)
        backend = self.backend
        rows = relation.name
        if old and backend.size(relation) > REDUCE_ABOVE:
            rows = self._reduced(relation, table, keys)
        with backend.temporary(self._key_table(keys, old, plan)) as name:
            joined = plan.from_clause(name, rows)
            answers = ", ".join(f"r.c{plan.new_first[v]} AS n{i}" for i, v in enumerate(new_vars))
            if counts_only:
                if new_vars:
                    sql = (
                        f"SELECT g, COUNT(*) AS n FROM (SELECT DISTINCT k.g AS g, {answers} "
                        f"FROM {joined}) AS a GROUP BY g"
                    )
                else:
                    sql = f"SELECT DISTINCT k.g AS g, 1 AS n FROM {joined}"
                result = backend.arrow(sql)
                group_counts = np.zeros(len(keys), dtype=CODE)
                groups = result.column("g").to_numpy()
                group_counts[groups] = result.column("n").to_numpy()
                nothing = np.zeros((0, len(new_vars)), dtype=CODE)
                return (
                    np.zeros(n, dtype=CODE),
                    group_counts[inverse],
                    nothing,
                    np.zeros(0, dtype=CODE),
                    new_vars,
                )
            selected = "k.g AS g" + (f", {answers}" if answers else "")
            order = ", ".join(["g"] + [f"n{i}" for i in range(len(new_vars))])
            result = backend.arrow(f"SELECT DISTINCT {selected} FROM {joined} ORDER BY {order}")
        groups = result.column("g").to_numpy().astype(np.intp, copy=False)
        source = np.zeros((len(groups), len(new_vars)), dtype=CODE)
        for i in range(len(new_vars)):
            source[:, i] = self._codes(result.column(f"n{i}"))
        group_counts = np.bincount(groups, minlength=len(keys)).astype(CODE)
        group_lo = np.cumsum(group_counts) - group_counts
        return (
            group_lo[inverse],
            group_counts[inverse],
            source,
            np.arange(len(groups), dtype=CODE),
            new_vars,
        )

    def _reduced(self, relation: SqlRelation, table: BindingTable, keys: np.ndarray) -> str:
        """A table holding every row of ``relation`` that some key of ``keys`` can match.

        FOIL scores a dozen candidate literals on one binding table, each a
        join of a few hundred keys with a relation of millions of rows.
        Instead of scanning the relation for each, the rows having some
        value of the binding table (any column) in some argument are kept
        once, in a table of the backend (a semi-join reduction, Bernstein
        and Chiu 1981); every literal whose keys come from those values is
        joined with that small table.  The last few reductions of each
        relation are kept; a relation of at most :data:`REDUCE_ABOVE` rows
        is joined whole.
        """
        needed = np.unique(keys)
        kept = self._reductions.setdefault(relation.indicator, [])
        for number, (codes, name) in enumerate(kept):
            if np.isin(needed, codes, assume_unique=True).all():
                kept.append(kept.pop(number))
                return name
        codes = np.unique(np.concatenate([needed, *table.columns]))
        terms = self.symbols.decode(codes.tolist())
        backend = self.backend
        name = backend.fresh_name("s")
        with contextlib.ExitStack() as stack:
            value_tables = {
                kind: stack.enter_context(
                    backend.temporary(_one_column(arrow_column(terms, kind).drop_null()))
                )
                for kind in dict.fromkeys(relation.types)
            }
            tests = " OR ".join(
                f"r.c{i} IN (SELECT v FROM {value_tables[kind]} AS vt)"
                for i, kind in enumerate(relation.types)
            )
            backend.materialize(name, f"SELECT * FROM {relation.name} r WHERE {tests}")
        kept.append((codes, name))
        if len(kept) > _REDUCTIONS_KEPT:
            backend.drop(kept.pop(0)[1])
        return name

    def _key_table(self, keys: np.ndarray, old: list[Var], plan: _LiteralPlan) -> pa.Table:
        """The key table ``(g, k0, k1, ...)``: each distinct binding as values of its columns."""
        import pyarrow as pa

        columns: dict[str, pa.Array] = {"g": pa.array(np.arange(len(keys), dtype=CODE))}
        for j, var in enumerate(old):
            codes, where = np.unique(keys[:, j], return_inverse=True)
            values = arrow_column(self.symbols.decode(codes.tolist()), plan.kind_of(var))
            columns[f"k{j}"] = values.take(pa.array(where.reshape(-1)))
        return pa.table(columns)

    def _codes(self, column: pa.ChunkedArray) -> np.ndarray:
        """The codes of a column of answers, encoding each distinct value once."""
        import pyarrow.compute as pc

        encoded = pc.dictionary_encode(column.combine_chunks())
        codes = self.symbols.encode(encoded.dictionary.to_pylist())
        return codes[encoded.indices.to_numpy(zero_copy_only=False)]


class _LiteralPlan:
    """How one literal meets its relation: join conditions, old and new variables."""

    def __init__(
        self, backend: SqlBackend, relation: SqlRelation, goal: Struct, table: BindingTable
    ) -> None:
        self.relation = relation
        self.possible = True
        self.conditions: list[str] = []
        #: old variables and the argument positions they hold
        self.old_positions: dict[Var, list[int]] = {}
        #: new variables and the first position they hold
        self.new_first: dict[Var, int] = {}
        types = relation.types
        for position, arg in enumerate(goal.args):
            kind = types[position]
            if type(arg) is Var:
                if table.has(arg):
                    self.old_positions.setdefault(arg, []).append(position)
                elif arg in self.new_first:
                    first = self.new_first[arg]
                    self._same(first, position)
                else:
                    self.new_first[arg] = position
                continue
            literal = backend.literal(arg, kind)
            if literal is None:
                self.possible = False
            else:
                self.conditions.append(f"r.c{position} = {literal}")
        for positions in self.old_positions.values():
            for position in positions[1:]:
                self._same(positions[0], position)

    def _same(self, first: int, position: int) -> None:
        """Two positions hold one variable: equal, and never across column types."""
        if self.relation.types[first] != self.relation.types[position]:
            self.possible = False
        else:
            self.conditions.append(f"r.c{position} = r.c{first}")

    def kind_of(self, var: Var) -> str:
        """The column type an old variable's values are compared with."""
        return self.relation.types[self.old_positions[var][0]]

    def from_clause(self, keys: str, source: str) -> str:
        """``FROM`` and ``WHERE`` of the join of the key table ``keys`` with ``source``.

        ``source`` is the relation's table, or a part of it holding every
        row that can match the keys.
        """
        on = [
            f"r.c{positions[0]} = k.k{j}"
            for j, positions in enumerate(self.old_positions.values())
        ]
        on += self.conditions
        if not self.old_positions:
            where = f" WHERE {' AND '.join(on)}" if on else ""
            return f"{keys} k CROSS JOIN {source} r{where}"
        return f"{keys} k JOIN {source} r ON {' AND '.join(on)}"


def _atomic(term: Term) -> bool:
    return type(term) in (str, int, float)


def _no_answers(rows: int, new_vars: tuple[Var, ...]) -> _Join:
    empty = np.zeros(rows, dtype=CODE)
    source = np.zeros((0, len(new_vars)), dtype=CODE)
    return empty, empty.copy(), source, np.zeros(0, dtype=CODE), new_vars


def _one_column(values: pa.Array) -> pa.Table:
    import pyarrow as pa

    return pa.table({"v": values})
