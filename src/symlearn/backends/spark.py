"""Apache Spark as a backend: the same SQL on a cluster, relations as DataFrames.

External relations are DataFrames read from Parquet (or CSV) with
``spark.read``, renamed to ``c0``, ``c1``, ... and registered as temporary
views; the compiled SQL is the same as DuckDB's (:mod:`symlearn.backends.sql`,
:mod:`symlearn.ilp.sql_coverage`, :mod:`symlearn.backends.goals`).  A DuckDB
database is not a Spark source: write its facts as Parquet first
(``symlearn store KB -o DIR``).

The session is Spark's one per process (``SparkSession.builder.getOrCreate``):
``--spark-master URL`` (``:- set(spark_master, URL)``) names the cluster,
``local[*]`` (Spark inside this process, a worker thread per core) by
default.  A ``spark://host:port`` master that does not answer is an error
after a few seconds, not a hang.

Classes
-------
SparkBackend
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import warnings
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from symlearn.backends.sql import (
    ATOM,
    FLOAT,
    INTEGER,
    LOOKUPS_BEFORE_INDEXING,
    SqlBackend,
    column_kinds,
    column_terms,
    external_error,
    unreadable,
)
from symlearn.errors import BackendError, KBError
from symlearn.kb.knowledge_base import ExternalRelation, KnowledgeBase
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Term

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["SparkBackend", "spark_session"]

#: Seconds to wait for a ``spark://`` master to accept a connection.
CONNECT_TIMEOUT = 5.0
#: Tables of at most this many rows are written into the statement (no DataFrame to ship).
INLINE_ROWS = 2_000
#: Relations of at most this many rows are indexed locally for the engine's lookups.
LOCAL_ROWS = 200_000
_ARROW_KINDS = {"string": ATOM, "large_string": ATOM, "int64": INTEGER, "double": FLOAT}


#: The master URLs Spark accepts (its ``SparkSubmit``): local threads, a standalone
#: cluster, YARN, Kubernetes, a local test cluster.
_MASTER = re.compile(
    r"local(\[(\*|\d+)(, *\d+)?\])?|spark://\S+|yarn|k8s://\S+|local-cluster\[[\d, ]+\]"
)


def _check_reachable(master: str) -> None:
    """Raise BackendError unless ``master`` is a master URL whose hosts accept connections."""
    if not _MASTER.fullmatch(master):
        raise BackendError(
            f"{master!r} is not a Spark master URL "
            "(local[*], local[N], spark://HOST:PORT, yarn or k8s://HOST:PORT)"
        )
    if not master.startswith("spark://"):
        return
    for address in master.removeprefix("spark://").split(","):
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            raise BackendError(f"the Spark master {master} is not a spark://HOST:PORT URL")
        try:
            with socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT):
                pass
        except OSError as error:
            reason = error.strerror or str(error) or type(error).__name__
            raise BackendError(f"cannot reach the Spark master {master}: {reason}") from None


def spark_session(master: str | None = None) -> Any:
    """The process's Spark session, started for ``master`` (default ``local[*]``) if there is none.

    Raises
    ------
    BackendError
        When the master cannot be reached, Spark (its Java runtime) cannot
        start, or a session for another master runs in this process already.
    """
    from pyspark.sql import SparkSession

    # pyspark warns about pandas' version on first use of Arrow; we never hand it pandas
    warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas")
    if master is not None:
        _check_reachable(master)
    active = SparkSession.getActiveSession()
    if active is not None:
        running = active.sparkContext.master
        if master is not None and running != master:
            raise BackendError(
                f"Spark runs with master {running} in this process already; "
                f"it cannot also use {master}"
            )
        return active
    master = master or "local[*]"
    builder = (
        SparkSession.builder.master(master)
        .appName("symlearn")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
    )
    if master.startswith("local"):  # a shuffle partition per worker thread: small queries
        threads = master.removeprefix("local").strip("[]")
        workers = int(threads) if threads.isdigit() else os.cpu_count() or 1
        builder = builder.config("spark.sql.shuffle.partitions", str(workers))
    try:
        session = builder.getOrCreate()
    except Exception as error:  # py4j and Java start-up errors have no common class
        text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise BackendError(f"Spark cannot start with master {master}: {text}") from None
    session.sparkContext.setLogLevel("FATAL")  # errors come back as exceptions
    return session


#: DuckDB's names of the Parquet column types Spark reads, and Spark's.
_SPARK_NAMES = {
    "VARCHAR": "string",
    "BIGINT": "bigint",
    "INTEGER": "int",
    "SMALLINT": "smallint",
    "TINYINT": "tinyint",
    "UINTEGER": "bigint",
    "USMALLINT": "int",
    "UTINYINT": "smallint",
    "DOUBLE": "double",
    "FLOAT": "float",
}


def _spark_type(duckdb_type: str) -> str:
    """Spark's name for a Parquet column's type as DuckDB describes it."""
    upper = duckdb_type.upper()
    if upper.startswith("DECIMAL"):
        return upper.lower()
    return _SPARK_NAMES[upper]


_SPARK_TYPES = {ATOM: "string", INTEGER: "bigint", FLOAT: "double"}


class SparkBackend(SqlBackend):
    """The knowledge base's relations as Spark DataFrames (see the module docstring).

    Parameters
    ----------
    kb
        The knowledge base.
    master
        Spark's master URL (None: the session running already, else ``local[*]``).
    """

    name: ClassVar[str] = "spark"
    #: Spark's recursive CTEs take UNION ALL only (no set semantics): semi-naive rounds instead.
    recursive_queries: ClassVar[bool] = False
    sql_types: ClassVar[dict[str, str]] = {ATOM: "STRING", INTEGER: "BIGINT", FLOAT: "DOUBLE"}

    def __init__(self, kb: KnowledgeBase, *, master: str | None = None) -> None:
        super().__init__(kb)
        self.session = spark_session(master)
        self.master = self.session.sparkContext.master
        self._views: set[str] = set()
        self._lookups_of: dict[Indicator, int] = {}
        self._local: dict[Indicator, _LocalIndex] = {}

    def rows(self, indicator: Indicator, keys: Sequence[object]) -> Sequence[tuple[Term, ...]]:
        """The engine's lookups: a Spark query each, or a local index of a small relation.

        Spark answers a point query no faster than a scan; a relation of at
        most :data:`LOCAL_ROWS` rows looked up :data:`LOOKUPS_BEFORE_INDEXING`
        times is collected once and indexed here, in its order.
        """
        local = self._local.get(indicator)
        if local is None:
            count = self._lookups_of[indicator] = self._lookups_of.get(indicator, 0) + 1
            relation = self.relation(indicator)
            if (
                relation is not None
                and count >= LOOKUPS_BEFORE_INDEXING
                and self.size(relation) <= LOCAL_ROWS
            ):
                table = self.arrow(f"SELECT * FROM {relation.name}")
                rows = list(zip(*(column_terms(c) for c in table.columns)))
                local = self._local[indicator] = _LocalIndex(rows)
        if local is not None:
            return local.rows(keys)
        return super().rows(indicator, keys)

    def arrow(self, sql: str) -> pa.Table:
        """The result of ``sql`` collected as an Arrow table."""
        try:
            return self.session.sql(sql).toArrow()
        except Exception as error:  # Spark's analysis and execution errors
            raise BackendError(
                f"Spark failed reading {self.involved(sql)}: {_first_line(error)}"
            ) from None

    def put(self, name: str, table: pa.Table) -> None:
        """A DataFrame of ``table`` registered as the temporary view ``name``."""
        frame = self.session.createDataFrame(table)
        frame.createOrReplaceTempView(name)
        self._views.add(name)

    def materialize(self, name: str, sql: str) -> int:
        """The result of ``sql`` computed now and cached, as the view ``name``; its rows."""
        try:
            frame = self.session.sql(sql).cache()
            rows = frame.count()  # computed (and cached) now
        except Exception as error:
            raise BackendError(
                f"Spark failed reading {self.involved(sql)}: {_first_line(error)}"
            ) from None
        frame.createOrReplaceTempView(name)
        self._views.add(name)
        return int(rows)

    def drop(self, name: str) -> None:
        """Forget the temporary view ``name``."""
        if name in self._views:
            self.session.catalog.dropTempView(name)
            self._views.discard(name)

    def close(self) -> None:
        """Drop this backend's views (the session stays for the process)."""
        for name in list(self._views):
            self.drop(name)

    @contextlib.contextmanager
    def temporary(self, table: pa.Table) -> Iterator[str]:
        """A small table written into the statement (``VALUES``), a DataFrame if larger."""
        if table.num_rows > INLINE_ROWS:
            with super().temporary(table) as name:
                yield name
            return
        kinds = [_ARROW_KINDS[str(field.type)] for field in table.schema]
        names = ", ".join(table.column_names)
        if not table.num_rows:
            nothing = ", ".join(
                f"CAST(NULL AS {self.sql_types[k]}) AS {n}"
                for k, n in zip(kinds, table.column_names)
            )
            yield f"(SELECT {nothing} WHERE 1 = 0)"
            return
        rows = zip(*(column.to_pylist() for column in table.columns))
        values = ", ".join(
            "(" + ", ".join(self._cell(v, k) for v, k in zip(row, kinds)) + ")" for row in rows
        )
        yield f"(SELECT * FROM VALUES {values} AS t({names}))"

    def _cell(self, value: object, kind: str) -> str:
        if value is None:
            return f"CAST(NULL AS {self.sql_types[kind]})"
        literal = self.literal(value, kind)
        assert literal is not None
        return literal if kind != INTEGER else f"CAST({literal} AS BIGINT)"

    def string(self, text: str) -> str:
        """A Spark SQL string literal (backslash escapes)."""
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"

    def _open_external(self, external: ExternalRelation, name: str) -> tuple[str, ...]:
        from symlearn.backends.duckdb import column_kind, csv_layout, parquet_layout

        problem = unreadable(external)
        if problem is not None:
            raise external_error(external, problem)
        if external.kind == "duckdb":
            raise external_error(
                external,
                "Spark reads Parquet and CSV, not DuckDB databases; write the facts as "
                "Parquet with: symlearn store KB -o DIR",
            )
        # The layout is read by DuckDB (as the DuckDB backend reads it): the same
        # checks and messages, and Spark is given the schema (no job to infer it).
        reader = self.session.read
        try:
            if external.kind == "parquet":
                columns = parquet_layout(external)
                kinds = column_kinds(external, columns, [column_kind(t) for _, t in columns])
                ddl = ", ".join(f"`{c}` {_spark_type(t)}" for c, t in columns)
                frame = reader.schema(ddl).parquet(external.path)
            else:
                header, typed = csv_layout(external)
                kinds = tuple(kind for _, kind in typed)
                columns = [(c, _SPARK_TYPES[k]) for c, k in typed]
                ddl = ", ".join(f"`{c}` {t}" for c, t in columns)
                frame = reader.csv(external.path, header=header, schema=ddl)
        except KBError:
            raise
        except Exception as error:
            raise external_error(external, f"cannot be read: {_first_line(error)}") from None
        from pyspark.sql import functions

        renamed = [
            functions.col(f"`{field}`").cast(_SPARK_TYPES[kind]).alias(f"c{i}")
            for i, ((field, _), kind) in enumerate(zip(columns, kinds))
        ]
        frame = frame.select(*renamed).dropna()
        frame.createOrReplaceTempView(name)
        self._views.add(name)
        return kinds


class _LocalIndex:
    """A small relation's rows, indexed by the values of each set of bound arguments."""

    def __init__(self, rows: list[tuple[Term, ...]]) -> None:
        self._rows = rows
        self._indexes: dict[tuple[int, ...], dict[tuple[object, ...], list[tuple[Term, ...]]]] = {}

    def rows(self, keys: Sequence[object]) -> list[tuple[Term, ...]]:
        """The rows whose bound arguments equal ``keys`` (typed: ``1`` never meets ``1.0``)."""
        bound = tuple(i for i, key in enumerate(keys) if key is not None)
        index = self._indexes.get(bound)
        if index is None:
            index = self._indexes[bound] = {}
            for row in self._rows:
                index.setdefault(tuple((type(row[i]), row[i]) for i in bound), []).append(row)
        return index.get(tuple((type(keys[i]), keys[i]) for i in bound), [])


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
