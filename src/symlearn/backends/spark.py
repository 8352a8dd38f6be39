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

import os
import socket
import warnings
from typing import TYPE_CHECKING, Any, ClassVar

from symlearn.backends.sql import (
    ATOM,
    FLOAT,
    INTEGER,
    SqlBackend,
    column_kinds,
    external_error,
    unreadable,
)
from symlearn.errors import BackendError
from symlearn.kb.knowledge_base import ExternalRelation, KnowledgeBase

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["SparkBackend", "spark_session"]

#: Seconds to wait for a ``spark://`` master to accept a connection.
CONNECT_TIMEOUT = 5.0


def _check_reachable(master: str) -> None:
    """Raise BackendError unless every ``host:port`` of a ``spark://`` URL accepts connections."""
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
    if master.startswith("local"):
        builder = builder.config("spark.sql.shuffle.partitions", str(2 * (os.cpu_count() or 1)))
    try:
        session = builder.getOrCreate()
    except Exception as error:  # py4j and Java start-up errors have no common class
        text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise BackendError(f"Spark cannot start with master {master}: {text}") from None
    session.sparkContext.setLogLevel("FATAL")  # errors come back as exceptions
    return session


def _kind(spark_type: Any) -> str | None:
    from pyspark.sql import types

    if isinstance(spark_type, types.StringType):
        return ATOM
    if isinstance(
        spark_type, (types.ByteType, types.ShortType, types.IntegerType, types.LongType)
    ):
        return INTEGER
    if isinstance(spark_type, (types.FloatType, types.DoubleType, types.DecimalType)):
        return FLOAT
    return None


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

    def materialize(self, name: str, sql: str) -> None:
        """The result of ``sql`` computed now (lineage cut) as the view ``name``."""
        try:
            frame = self.session.sql(sql).localCheckpoint(eager=True)
        except Exception as error:
            raise BackendError(
                f"Spark failed reading {self.involved(sql)}: {_first_line(error)}"
            ) from None
        frame.createOrReplaceTempView(name)
        self._views.add(name)

    def drop(self, name: str) -> None:
        """Forget the temporary view ``name``."""
        if name in self._views:
            self.session.catalog.dropTempView(name)
            self._views.discard(name)

    def close(self) -> None:
        """Drop this backend's views (the session stays for the process)."""
        for name in list(self._views):
            self.drop(name)

    def string(self, text: str) -> str:
        """A Spark SQL string literal (backslash escapes)."""
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"

    def _open_external(self, external: ExternalRelation, name: str) -> tuple[str, ...]:
        from symlearn.backends.duckdb import csv_layout

        problem = unreadable(external)
        if problem is not None:
            raise external_error(external, problem)
        if external.kind == "duckdb":
            raise external_error(
                external,
                "Spark reads Parquet and CSV, not DuckDB databases; write the facts as "
                "Parquet with: symlearn store KB -o DIR",
            )
        reader = self.session.read
        try:
            if external.kind == "parquet":
                frame = reader.parquet(external.path)
            else:
                header, columns = csv_layout(external)
                schema = ", ".join(f"`{c}` {_SPARK_TYPES[k]}" for c, k in columns)
                frame = reader.csv(external.path, header=header, schema=schema)
        except Exception as error:
            raise external_error(external, f"cannot be read: {_first_line(error)}") from None
        fields = [(f.name, f.dataType) for f in frame.schema.fields]
        described = [(field, str(kind.simpleString()).upper()) for field, kind in fields]
        kinds = column_kinds(external, described, [_kind(kind) for _, kind in fields])
        from pyspark.sql import functions

        renamed = [
            functions.col(f"`{field}`").cast(_SPARK_TYPES[kind]).alias(f"c{i}")
            for i, ((field, _), kind) in enumerate(zip(fields, kinds))
        ]
        frame = frame.select(*renamed).dropna()
        frame.createOrReplaceTempView(name)
        self._views.add(name)
        return kinds


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
