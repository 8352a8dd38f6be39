"""What every SQL backend shares: relations as typed tables, values, the engine's lookups.

A SQL backend (:mod:`~symlearn.backends.duckdb`, :mod:`~symlearn.backends.spark`)
sees each predicate of ground facts as a table with one column per argument,
named ``c0``, ``c1``, ...  A column holds one type of value, as a Prolog term
would: atoms are ``VARCHAR``, integers ``BIGINT`` and floats ``DOUBLE``
(:data:`ATOM`, :data:`INTEGER`, :data:`FLOAT`).  Because of that, a value of
another type than its column (the integer ``1`` against a column of atoms, a
compound term anywhere) matches nothing, exactly as unification would fail;
and ``1`` never meets ``1.0``, because the compiler never compares columns of
different types.

A relation is one of

* an **external relation** (``:- external(parent/2, parquet(...))``), opened
  as a view over the file when the backend opens (its columns checked against
  the declared arity and the three types; rows with a missing value are not
  facts);
* the **facts of the knowledge base itself**, put into the backend as a
  table the first time a query needs them, when every argument column holds
  one type (a predicate whose columns mix types, or hold compound terms, stays
  with the in-memory code, which the learners fall back to).

:class:`SqlBackend` also answers the query engine's calls of external
predicates (:meth:`SqlBackend.rows`, the
:class:`~symlearn.kb.knowledge_base.ExternalFacts` protocol) with one
``SELECT ... WHERE`` per distinct call, the answers kept for repeated calls.

Classes and functions
---------------------
SqlBackend, SqlRelation, value_type, column_type, arrow_column, column_terms
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from symlearn.errors import KBError
from symlearn.kb.knowledge_base import ExternalRelation, KnowledgeBase
from symlearn.logic.indicators import Indicator, format_indicator
from symlearn.logic.terms import Struct, Term

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "ATOM",
    "FLOAT",
    "INTEGER",
    "LOOKUPS_BEFORE_INDEXING",
    "SqlBackend",
    "SqlRelation",
    "arrow_column",
    "column_kinds",
    "column_terms",
    "column_type",
    "external_error",
    "unreadable",
    "value_type",
]

ATOM = "atom"
INTEGER = "integer"
FLOAT = "float"

#: The SQL type of each kind of column.
SQL_TYPES = {ATOM: "VARCHAR", INTEGER: "BIGINT", FLOAT: "DOUBLE"}

_INT64 = (-(1 << 63), (1 << 63) - 1)

#: Lookups of one relation by the engine before the backend indexes it for them.
LOOKUPS_BEFORE_INDEXING = 16
#: Answers of the engine's lookups with more rows than this are not kept.
_LOOKUP_CACHE_ROWS = 10_000
#: Most lookups kept.
_LOOKUP_CACHE_SIZE = 50_000


def value_type(value: object) -> str | None:
    """The column type a value belongs in (None: no SQL column holds it).

    Examples
    --------
    >>> value_type("ann"), value_type(3), value_type(2.5), value_type(2**70)
    ('atom', 'integer', 'float', None)
    """
    kind = type(value)
    if kind is str:
        return ATOM
    if kind is int:
        return INTEGER if _INT64[0] <= value <= _INT64[1] else None  # type: ignore[operator]
    if kind is float:
        return FLOAT
    return None


def column_type(values: Sequence[object]) -> str | None:
    """The one type of all ``values`` (None when they mix types or one has none).

    Examples
    --------
    >>> column_type(["a", "b"]), column_type([1, 2]), column_type([1, 2.0]), column_type([])
    ('atom', 'integer', None, None)
    """
    kinds = set(map(type, values))
    if kinds == {str}:
        return ATOM
    if kinds == {float}:
        return FLOAT
    if kinds == {int}:
        low, high = min(values), max(values)  # type: ignore[type-var]
        return INTEGER if _INT64[0] <= low and high <= _INT64[1] else None  # type: ignore[operator]
    return None


def arrow_column(values: Sequence[object], kind: str) -> pa.Array:
    """An Arrow array of ``kind`` holding ``values``; a value of another type is null.

    A null never equals anything in SQL, so a value of another type than its
    column (which unification would reject) finds no match.
    """
    import pyarrow as pa

    if kind == ATOM:
        return pa.array([v if type(v) is str else None for v in values], type=pa.string())
    if kind == INTEGER:
        low, high = _INT64
        return pa.array(
            [v if type(v) is int and low <= v <= high else None for v in values],
            type=pa.int64(),
        )
    return pa.array([v if type(v) is float else None for v in values], type=pa.float64())


def column_terms(column: pa.Array | pa.ChunkedArray) -> list[Term]:
    """The values of an Arrow column as terms (atoms, integers, floats)."""
    return column.to_pylist()


@dataclass(frozen=True)
class SqlRelation:
    """A predicate of ground facts as a table of the backend.

    Attributes
    ----------
    indicator
        ``(name, arity)`` of the predicate.
    name
        The table (or view) name in the backend; its columns are ``c0``, ``c1``, ...
    types
        The type of each column (:data:`ATOM`, :data:`INTEGER` or :data:`FLOAT`).
    origin
        Where the facts come from, for messages (a file, or "the knowledge base").
    empty
        True for a declared predicate without facts (its column types are
        then no one's: atoms, as good as any for a table without rows).
    """

    indicator: Indicator
    name: str
    types: tuple[str, ...]
    origin: str
    empty: bool = False

    @property
    def columns(self) -> tuple[str, ...]:
        """``("c0", "c1", ...)``."""
        return tuple(f"c{i}" for i in range(len(self.types)))


class SqlBackend:
    """A knowledge base's fact tables in a SQL engine (see the module docstring).

    Subclasses provide the engine: :meth:`arrow` runs a query, :meth:`put`
    makes an Arrow table visible under a name, :meth:`materialize` stores a
    query's result under a name, :meth:`drop` forgets one, and
    :meth:`_open_external` makes an external relation's view.

    Parameters
    ----------
    kb
        The knowledge base whose facts the backend holds.
    """

    #: The backend's name as the user writes it (``--backend NAME``).
    name: ClassVar[str] = "sql"
    #: Whether the engine runs ``WITH RECURSIVE ... UNION`` queries.
    recursive_queries: ClassVar[bool] = True
    #: The engine's name of each column type.
    sql_types: ClassVar[dict[str, str]] = SQL_TYPES

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self._fresh = itertools.count()
        self._external: dict[Indicator, SqlRelation] = {}
        #: in-memory predicates put into the backend: (predicate object, clause count, relation)
        self._facts: dict[Indicator, tuple[object, int, SqlRelation | None]] = {}
        self._lookups: OrderedDict[tuple[object, ...], list[tuple[Term, ...]]] = OrderedDict()
        self._sizes: dict[str, int] = {}

    # -------------------------------------------------------- to implement
    def arrow(self, sql: str) -> pa.Table:
        """The result of a query as an Arrow table."""
        raise NotImplementedError

    def put(self, name: str, table: pa.Table) -> None:
        """Make ``table`` queryable under ``name`` (replacing what had that name)."""
        raise NotImplementedError

    def materialize(self, name: str, sql: str) -> int:
        """Store the result of ``sql`` under ``name`` (replacing what had that name); its rows."""
        raise NotImplementedError

    def drop(self, name: str) -> None:
        """Forget the table ``name`` (nothing when there is none)."""
        raise NotImplementedError

    def string(self, text: str) -> str:
        """A SQL string literal for ``text``."""
        return "'" + text.replace("'", "''") + "'"

    def _open_external(self, external: ExternalRelation, name: str) -> tuple[str, ...]:
        """Make the view ``name`` over ``external`` (columns c0, c1, ...); its column types.

        Raises
        ------
        KBError
            Located at the declaration, naming the relation and the file.
        """
        raise NotImplementedError

    def close(self) -> None:
        """Release the engine's resources."""

    @contextlib.contextmanager
    def temporary(self, table: pa.Table) -> Iterator[str]:
        """A name for a small Arrow table, for the statements of the ``with`` block."""
        name = self.fresh_name("k")
        self.put(name, table)
        try:
            yield name
        finally:
            self.drop(name)

    def size(self, relation: SqlRelation) -> int:
        """How many rows a relation has (counted once)."""
        found = self._sizes.get(relation.name)
        if found is None:
            result = self.arrow(f"SELECT COUNT(*) AS n FROM {relation.name}")
            found = self._sizes[relation.name] = int(result.column(0)[0].as_py())
        return found

    # --------------------------------------------------------------- shared
    def fresh_name(self, prefix: str = "t") -> str:
        """A table name not used before in this backend."""
        return f"symlearn_{prefix}{next(self._fresh)}"

    def open_external(self) -> None:
        """Open every external relation of the knowledge base, checking each one.

        Raises
        ------
        KBError
            For the first relation that cannot be read, whose column count is
            not its arity or whose columns are not atoms, integers or floats;
            also for a predicate both external and given clauses in the files.
        """
        for indicator, external in self.kb.external.items():
            if indicator in self._external:
                continue
            _check_no_clauses(self.kb, external)
            name = self.fresh_name("r")
            types = self._open_external(external, name)
            self._external[indicator] = SqlRelation(indicator, name, types, external.written)

    def relation(self, indicator: Indicator) -> SqlRelation | None:
        """The table of a predicate of ground facts, or None (rules, mixed types, no facts).

        The knowledge base's own facts are put into the backend on first use
        (again when the predicate's clauses change).
        """
        found = self._external.get(indicator)
        if found is not None:
            return found
        predicate = self.kb.predicates.get(indicator)
        if predicate is None or not indicator[1] or not (predicate.clauses or predicate.dynamic):
            return None
        cached = self._facts.get(indicator)
        if cached is not None and cached[0] is predicate and cached[1] == len(predicate.clauses):
            return cached[2]
        relation = self._put_facts(indicator, predicate.clauses)
        self._facts[indicator] = (predicate, len(predicate.clauses), relation)
        return relation

    def is_relation(self, indicator: Indicator) -> bool:
        """True when ``indicator`` is answered by a table of this backend."""
        return self.relation(indicator) is not None

    def external_relations(self) -> dict[Indicator, SqlRelation]:
        """The external relations, by indicator."""
        return dict(self._external)

    def _put_facts(self, indicator: Indicator, clauses: Sequence[object]) -> SqlRelation | None:
        import pyarrow as pa

        if not clauses:  # declared (dynamic) but empty: no row, whatever the types
            kinds = (ATOM,) * indicator[1]
            empty = pa.table({f"c{i}": pa.array([], type=pa.string()) for i in range(len(kinds))})
            name = self.fresh_name("f")
            self.put(name, empty)
            return SqlRelation(indicator, name, kinds, "the knowledge base", empty=True)
        rows = []
        for clause in clauses:
            if clause.body:  # type: ignore[attr-defined]
                return None
            head = clause.head  # type: ignore[attr-defined]
            if type(head) is not Struct:
                return None
            rows.append(head.args)
        columns = list(zip(*rows))
        types = [column_type(column) for column in columns]
        if any(t is None for t in types):
            return None
        kinds = tuple(t for t in types if t is not None)
        table = pa.table(
            {
                f"c{i}": arrow_column(column, kind)
                for i, (column, kind) in enumerate(zip(columns, kinds))
            }
        )
        name = self.fresh_name("f")
        self.put(name, table)
        return SqlRelation(indicator, name, kinds, "the knowledge base")

    def literal(self, value: object, kind: str) -> str | None:
        """``value`` as a literal of a column of ``kind`` (None: it can match nothing there)."""
        if value_type(value) != kind:
            return None
        if kind == ATOM:
            return self.string(value)  # type: ignore[arg-type]
        if kind == INTEGER:
            return str(value)
        return f"CAST({self.string(repr(value))} AS DOUBLE)"

    # ------------------------------------------------- the engine's lookups
    def rows(self, indicator: Indicator, keys: Sequence[object]) -> Sequence[tuple[Term, ...]]:
        """The facts of an external predicate matching ``keys`` (see ``ExternalFacts``)."""
        relation = self.relation(indicator)
        if relation is None:
            return ()
        cache_key = (indicator, *((type(k), k) for k in keys))
        cached = self._lookups.get(cache_key)
        if cached is not None:
            self._lookups.move_to_end(cache_key)
            return cached
        conditions = []
        bound = []
        for position, (column, key, kind) in enumerate(
            zip(relation.columns, keys, relation.types)
        ):
            if key is None:
                continue
            literal = self.literal(key, kind)
            if literal is None:
                return ()
            conditions.append(f"{column} = {literal}")
            bound.append(position)
        where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        source = self.lookup_source(relation, bound)
        order = " ORDER BY rowid" if source != relation.name else ""  # a copy: the file's order
        table = self.arrow(f"SELECT {', '.join(relation.columns)} FROM {source}{where}{order}")
        found = list(zip(*(column_terms(c) for c in table.columns)))
        if len(found) <= _LOOKUP_CACHE_ROWS:
            self._lookups[cache_key] = found
            if len(self._lookups) > _LOOKUP_CACHE_SIZE:
                self._lookups.popitem(last=False)
        return found

    def lookup_source(self, relation: SqlRelation, bound: list[int]) -> str:
        """The table the engine's lookups with ``bound`` arguments read.

        The relation's own, or an indexed copy of it made by the backend (a
        table with a ``rowid`` in the relation's order).
        """
        return relation.name

    def involved(self, sql: str) -> str:
        """The relations a query reads, named with their files (for error messages)."""
        named = [
            f"{format_indicator(r.indicator)} ({r.origin})"
            for r in self._external.values()
            if r.name in sql
        ]
        return ", ".join(named) or "the knowledge base's facts"

    def describe(self, indicator: Indicator) -> str:
        """``parent/2 (people/parent.parquet)`` for messages."""
        relation = self.relation(indicator)
        origin = f" ({relation.origin})" if relation is not None else ""
        return format_indicator(indicator) + origin


def unreadable(external: ExternalRelation) -> str | None:
    """Why the file of ``external`` cannot be opened (None when it can be tried)."""
    path = external.path
    if not os.path.exists(path):
        return "no such file"
    if external.kind == "parquet" and os.path.isdir(path):
        return None
    if os.path.isdir(path):
        return "is a directory"
    if not os.access(path, os.R_OK):
        return "cannot be read (permission denied)"
    return None


def column_kinds(
    external: ExternalRelation, columns: list[tuple[str, str]], kinds: list[str | None]
) -> tuple[str, ...]:
    """The term type of each column of ``external`` (``columns``: name and engine type).

    ``kinds`` is each column's term type as the engine maps it (None: none).

    Raises
    ------
    KBError
        When the number of columns is not the arity, or a column holds
        other values than atoms, integers or floats.
    """
    arity = external.indicator[1]
    if len(columns) != arity:
        names = ", ".join(name for name, _ in columns)
        raise external_error(
            external,
            f"has {len(columns)} column{'s' if len(columns) != 1 else ''} ({names}) "
            f"where the predicate has {arity} argument{'s' if arity != 1 else ''}",
        )
    found = []
    for position, ((name, sql_type), kind) in enumerate(zip(columns, kinds), start=1):
        if kind is None:
            raise external_error(
                external,
                f"column {position} ({name}) holds {sql_type} values; an argument column "
                "holds atoms (strings), integers or floats",
            )
        found.append(kind)
    return tuple(found)


def _check_no_clauses(kb: KnowledgeBase, external: ExternalRelation) -> None:
    """An external predicate has no clauses in the files."""
    predicate = kb.predicates.get(external.indicator)
    if predicate is None or not predicate.clauses:
        return
    where = predicate.positions[0] if len(predicate.positions) else None
    raise external_error(
        external,
        f"also has clauses in the knowledge base (the first at {where}); "
        "its facts are either in the files or outside, not both",
    )


def external_error(external: ExternalRelation, problem: str) -> KBError:
    """A one-line error at the declaration of ``external``, naming the relation and file."""
    position = external.position
    message = f"external {format_indicator(external.indicator)} from {external.written}: {problem}"
    if position is None:
        return KBError(message)
    return KBError(message, position.path, position.line, position.column)
