"""DuckDB as a backend: an embedded SQL engine that spills to disk.

One in-process DuckDB connection per opened knowledge base.  External
relations are views over the files (``read_parquet``, ``read_csv``, a table
of an attached DuckDB database opened read-only), so nothing is loaded into
Python; the knowledge base's own facts are registered as Arrow tables.

DuckDB is given a memory limit and a temporary directory, so a join or a
recursive query larger than the limit spills to disk rather than failing:
by default half the machine's memory, and a fresh directory under the
system's temporary directory that is removed when the backend closes
(``--duckdb-memory-limit``, ``--duckdb-temp-directory``; ``:- set(duckdb_memory_limit,
'8GB').`` and ``:- set(duckdb_temp_directory, '/scratch')`` in a file).
When the disk runs out too, the error says so, naming the relation.

The query engine's lookups of an external relation (a call with some
arguments bound, for goals that are not Datalog and for Progol's bottom
clauses) are ``SELECT ... WHERE`` queries.  A view over a file has no index,
so each would read the whole file: after a few lookups of one relation, it
is copied once into a table of the connection with an ART index on the
looked-up argument (one more index per other argument looked up first),
and later lookups are index scans.  A DuckDB database written by
``symlearn store`` has an index on every column already.

Classes
-------
DuckDBBackend
"""

from __future__ import annotations

import os
import shutil
import tempfile
import weakref
from typing import TYPE_CHECKING, Any, ClassVar

from symlearn.backends.sql import (
    ATOM,
    FLOAT,
    INTEGER,
    LOOKUPS_BEFORE_INDEXING,
    SQL_TYPES,
    SqlBackend,
    SqlRelation,
    column_kinds,
    external_error,
    unreadable,
)
from symlearn.errors import BackendError
from symlearn.kb.knowledge_base import ExternalRelation, KnowledgeBase

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "LOOKUPS_BEFORE_INDEXING",
    "DuckDBBackend",
    "column_kind",
    "csv_layout",
    "duckdb_error_text",
]


_INTEGER_TYPES = frozenset(
    {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER"}
)
_FLOAT_TYPES = frozenset({"FLOAT", "DOUBLE", "REAL"})


def column_kind(sql_type: str) -> str | None:
    """The term type of a DuckDB column type (None: not atoms, integers or floats).

    Examples
    --------
    >>> column_kind("VARCHAR"), column_kind("INTEGER"), column_kind("DECIMAL(9,2)")
    ('atom', 'integer', 'float')
    >>> column_kind("DATE") is None
    True
    """
    upper = sql_type.upper()
    if upper == "VARCHAR":
        return ATOM
    if upper in _INTEGER_TYPES:
        return INTEGER
    if upper in _FLOAT_TYPES or upper.startswith("DECIMAL"):
        return FLOAT
    return None


def duckdb_error_text(error: BaseException) -> str:
    """The first line of a DuckDB error, without its class prefix."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    for prefix in ("IO Error: ", "Invalid Input Error: ", "Binder Error: ", "Catalog Error: "):
        text = text.removeprefix(prefix)
    return text


def _half_the_memory() -> str:
    """Half the machine's physical memory, as DuckDB reads a size."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        return "4GB"
    return f"{max(total // 2 // (1 << 20), 256)}MB"


def _out_of_space(error: BaseException) -> bool:
    """Out of memory with nowhere left to spill (DuckDB spills until the disk is full)."""
    import duckdb

    text = str(error)
    return isinstance(error, duckdb.OutOfMemoryException) or "No space left on device" in text


class DuckDBBackend(SqlBackend):
    """The knowledge base's relations in an in-process DuckDB database.

    Parameters
    ----------
    kb
        The knowledge base.
    memory_limit
        DuckDB's ``memory_limit`` (``"8GB"``); None: half the machine's memory.
    temp_directory
        Where DuckDB spills; None: a fresh directory removed on :meth:`close`.
    threads
        DuckDB's worker threads (None: one per core).
    """

    name: ClassVar[str] = "duckdb"

    def __init__(
        self,
        kb: KnowledgeBase,
        *,
        memory_limit: str | None = None,
        temp_directory: str | None = None,
        threads: int | None = None,
    ) -> None:
        import duckdb

        super().__init__(kb)
        made = None
        if temp_directory is None:
            made = temp_directory = tempfile.mkdtemp(prefix="symlearn-duckdb-")
        self.temp_directory = temp_directory
        self.memory_limit = memory_limit or _half_the_memory()
        config: dict[str, Any] = {
            "memory_limit": self.memory_limit,
            "temp_directory": temp_directory,
        }
        if threads is not None:
            config["threads"] = threads
        try:
            self.connection = duckdb.connect(":memory:", config=config)
        except duckdb.Error as error:
            if made is not None:
                shutil.rmtree(made, ignore_errors=True)
            raise BackendError(f"DuckDB cannot start: {duckdb_error_text(error)}") from None
        self.connection.execute("SET enable_progress_bar = false")
        self._attached = 0
        #: per relation: how many lookups, its indexed copy and the indexed columns
        self._looked_up: dict[tuple[str, int], int] = {}
        self._indexed: dict[tuple[str, int], tuple[str, set[int]]] = {}
        self._finalizer = weakref.finalize(self, _close, self.connection, made)

    # ------------------------------------------------------------ engine
    def arrow(self, sql: str) -> pa.Table:
        """The result of ``sql`` as an Arrow table."""
        import duckdb

        try:
            return self.connection.sql(sql).to_arrow_table()
        except duckdb.Error as error:
            raise self._error(error, sql) from None

    def execute(self, sql: str) -> None:
        """Run a statement."""
        import duckdb

        try:
            self.connection.execute(sql)
        except duckdb.Error as error:
            raise self._error(error, sql) from None

    def put(self, name: str, table: pa.Table) -> None:
        """Register ``table`` under ``name`` (DuckDB reads it in place)."""
        self.connection.register(name, table)

    def materialize(self, name: str, sql: str) -> int:
        """``CREATE OR REPLACE TEMP TABLE name AS sql``; how many rows it holds."""
        import duckdb

        statement = f"CREATE OR REPLACE TEMP TABLE {name} AS {sql}"
        try:
            found = self.connection.execute(statement).fetchone()
        except duckdb.Error as error:
            raise self._error(error, statement) from None
        return int(found[0]) if found else 0

    def drop(self, name: str) -> None:
        """Drop a table, a view or a registered Arrow table called ``name``."""
        self.connection.unregister(name)
        self.execute(f"DROP TABLE IF EXISTS {name}")

    def lookup_source(self, relation: SqlRelation, bound: list[int]) -> str:
        """An indexed copy of the relation once it has been looked up a few times."""
        indicator = relation.indicator
        external = self.kb.external.get(indicator)
        if not bound or external is None or external.kind == "duckdb":
            return relation.name  # a DuckDB table has the indexes its store gave it
        count = self._looked_up[indicator] = self._looked_up.get(indicator, 0) + 1
        copy = self._indexed.get(indicator)
        if copy is None and count < LOOKUPS_BEFORE_INDEXING:
            return relation.name
        if copy is None:
            name = self.fresh_name("i")
            self.execute(f"CREATE TEMP TABLE {name} AS SELECT * FROM {relation.name}")
            copy = self._indexed[indicator] = (name, set())
        name, columns = copy
        if not columns & set(bound):
            self.execute(f"CREATE INDEX {name}_c{bound[0]} ON {name} (c{bound[0]})")
            columns.add(bound[0])
        return name

    def close(self) -> None:
        """Close the connection and remove the spill directory made for it."""
        self._finalizer()

    def _error(self, error: BaseException, sql: str) -> Exception:
        reading = self.involved(sql)
        if _out_of_space(error):
            return BackendError(
                f"DuckDB ran out of memory and of disk to spill to while reading {reading} "
                f"(memory_limit {self.memory_limit}, temp_directory {self.temp_directory}; "
                f"--duckdb-memory-limit and --duckdb-temp-directory set them): "
                f"{duckdb_error_text(error)}"
            )
        return BackendError(f"DuckDB failed reading {reading}: {duckdb_error_text(error)}")

    # ------------------------------------------------------ external relations
    def source_sql(self, external: ExternalRelation) -> str:
        """The table expression reading ``external``'s file (attaching a database if needed)."""
        path = external.path
        if external.kind == "parquet":
            pattern = os.path.join(path, "**", "*.parquet") if os.path.isdir(path) else path
            return f"read_parquet({self.string(pattern)})"
        if external.kind == "csv":
            return (
                f"read_csv({self.string(path)}, "
                "auto_type_candidates = ['BIGINT', 'DOUBLE', 'VARCHAR'])"
            )
        alias = f"symlearn_db{self._attached}"
        self._attached += 1
        self.execute(f"ATTACH {self.string(path)} AS {alias} (READ_ONLY)")
        return f"{alias}.main.{_identifier(str(external.table))}"

    def _open_external(self, external: ExternalRelation, name: str) -> tuple[str, ...]:
        import duckdb

        problem = unreadable(external)
        if problem is not None:
            raise external_error(external, problem)
        try:
            source = self.source_sql(external)
            described = self.connection.execute(f"DESCRIBE SELECT * FROM {source}").fetchall()
        except (duckdb.Error, BackendError) as error:
            raise external_error(external, _read_problem(external, error)) from None
        columns = [(str(row[0]), str(row[1])) for row in described]
        kinds = column_kinds(external, columns, [column_kind(t) for _, t in columns])
        selected = ", ".join(
            _cast(column, sql_type, kind, i)
            for i, ((column, sql_type), kind) in enumerate(zip(columns, kinds))
        )
        present = " AND ".join(f"{_identifier(column)} IS NOT NULL" for column, _ in columns)
        view = f"SELECT {selected} FROM {source} WHERE {present}"
        self.execute(f"CREATE OR REPLACE TEMP VIEW {name} AS {view}")
        return kinds


def _close(connection: Any, made: str | None) -> None:
    try:
        connection.close()
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)


def _read_problem(external: ExternalRelation, error: BaseException) -> str:
    text = duckdb_error_text(error)
    if external.kind == "duckdb" and "does not exist" in text:
        return f"the database has no table {external.table}"
    kind = {"parquet": "a Parquet file", "csv": "a CSV file", "duckdb": "a DuckDB database"}
    return f"cannot be read as {kind[external.kind]}: {text}"


def _cast(column: str, sql_type: str, kind: str, position: int) -> str:
    wanted = SQL_TYPES[kind]
    expression = _identifier(column)
    if sql_type.upper() != wanted:
        expression = f"CAST({expression} AS {wanted})"
    return f"{expression} AS c{position}"


def _identifier(name: str) -> str:
    """A quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def csv_layout(external: ExternalRelation) -> tuple[bool, list[tuple[str, str]]]:
    """Whether a CSV file has a header, and its columns with their term types, as DuckDB sees it.

    The columns are read as integers, floats or strings (never dates), so
    another engine reading the file with this layout gets the same values.

    Raises
    ------
    KBError
        When the file cannot be read as CSV, or a column count or type does not fit.
    """
    import duckdb

    connection = duckdb.connect()
    try:
        found = connection.execute(
            "SELECT HasHeader, Columns FROM sniff_csv(?, "
            "auto_type_candidates = ['BIGINT', 'DOUBLE', 'VARCHAR'])",
            [external.path],
        ).fetchone()
    except duckdb.Error as error:
        raise external_error(external, _read_problem(external, error)) from None
    finally:
        connection.close()
    assert found is not None
    header, described = found
    columns = [(str(c["name"]), str(c["type"])) for c in described]
    kinds = column_kinds(external, columns, [column_kind(t) for _, t in columns])
    return bool(header), [(name, kind) for (name, _), kind in zip(columns, kinds)]


def parquet_layout(external: ExternalRelation) -> list[tuple[str, str]]:
    """The columns of a Parquet file (or folder) and their DuckDB types.

    Raises
    ------
    KBError
        When the file cannot be read as Parquet.
    """
    import duckdb

    path = external.path
    pattern = os.path.join(path, "**", "*.parquet") if os.path.isdir(path) else path
    connection = duckdb.connect()
    try:
        described = connection.execute(
            "DESCRIBE SELECT * FROM read_parquet(?)", [pattern]
        ).fetchall()
    except duckdb.Error as error:
        raise external_error(external, _read_problem(external, error)) from None
    finally:
        connection.close()
    return [(str(row[0]), str(row[1])) for row in described]
