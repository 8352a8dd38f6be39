"""Where a knowledge base's facts are stored and joined: memory, DuckDB or Spark.

Every learner and query works on one knowledge base; a *backend* decides
where its ground facts live and which engine joins them:

==========  ===============================================================
``memory``  the facts are Python objects (numpy code tables for coverage,
            the engine's indexes for queries); external relations are read
            in whole.  The default when no relation is external.
``duckdb``  the facts are tables of an embedded DuckDB database; external
            relations are views over their files, never loaded into
            Python; coverage and Datalog queries are SQL, spilling to disk
            when larger than memory.  The default when a relation is
            external (``:- external(parent/2, parquet(...))``).
``spark``   the same SQL on Apache Spark (``--spark-master URL``, default
            ``local[*]``), the relations DataFrames read from Parquet.
==========  ===============================================================

The backend is named with ``--backend`` on ``learn`` and ``query``, or in
the file with ``:- set(backend, duckdb).``; the command line wins.
:func:`open_backend` opens it for a knowledge base (once: later calls give
the same backend) and attaches it, so that the query engine answers calls
of external predicates through it.

Modules
-------
sql
    What every SQL backend shares: relations as typed tables, the engine's lookups.
duckdb, spark
    The two SQL engines.
memory
    Reading external relations into the knowledge base.
goals
    Datalog goals compiled to SQL (``symlearn query --backend duckdb``).
store
    ``symlearn store``: a knowledge base's facts written once into DuckDB or Parquet.

Functions
---------
open_backend, backend_name, default_backend
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.printer import format_term

if TYPE_CHECKING:
    from symlearn.backends.sql import SqlBackend

__all__ = ["BACKENDS", "backend_name", "default_backend", "open_backend"]

#: The backends, by the name the user gives.
BACKENDS = ("memory", "duckdb", "spark")


def default_backend(kb: KnowledgeBase) -> str:
    """``duckdb`` when a relation of ``kb`` is external, else ``memory``."""
    return "duckdb" if kb.external else "memory"


def backend_name(kb: KnowledgeBase, given: str | None = None) -> str:
    """The backend to use: ``given``, else the file's ``set(backend, Name)``, else the default.

    Raises
    ------
    KBError
        When the file names a backend that does not exist (at its ``set/2``).
    InvalidParameterError
        When ``given`` is not a backend.
    """
    if given is not None:
        if given not in BACKENDS:
            raise InvalidParameterError(
                f"unknown backend {given!r}: choose one of {', '.join(BACKENDS)}"
            )
        return given
    value = kb.setting("backend")
    if value is None:
        return default_backend(kb)
    if value not in BACKENDS:
        position = kb.setting_positions.get("backend")
        message = (
            f"set(backend, {format_term(value)}): unknown backend; "
            f"choose one of {', '.join(BACKENDS)}"
        )
        if position is None:
            raise KBError(message)
        raise KBError(message, position.path, position.line, position.column)
    return str(value)


def _setting(kb: KnowledgeBase, name: str) -> str | None:
    value = kb.setting(name)
    return None if value is None else str(value)


def open_backend(
    kb: KnowledgeBase,
    name: str | None = None,
    *,
    spark_master: str | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    threads: int | None = None,
) -> SqlBackend | None:
    """Open the backend for ``kb`` and attach it; None for the memory backend.

    Parameters
    ----------
    kb
        The knowledge base.
    name
        ``memory``, ``duckdb`` or ``spark``; None: :func:`backend_name`.
    spark_master
        Spark's master URL (default: the file's ``set(spark_master, URL)``,
        else the session running in this process, else ``local[*]``).
    memory_limit, temp_directory, threads
        DuckDB's settings (default: the file's ``set(duckdb_memory_limit,
        ...)``, ``set(duckdb_temp_directory, ...)``, ``set(duckdb_threads, N)``;
        else half the memory, a fresh temporary directory, every core).

    Returns
    -------
    SqlBackend or None
        The SQL backend, whose relations the learners' coverage and the
        query compiler use; None for ``memory`` (the external relations have
        then been read into ``kb`` as facts).

    Raises
    ------
    KBError
        Located at an external declaration whose file cannot be read or
        whose columns do not fit the predicate.
    BackendError
        When the engine cannot start (Spark's master cannot be reached).
    """
    chosen = backend_name(kb, name)
    if chosen == "memory":
        if kb.external:
            from symlearn.backends.memory import load_external

            load_external(kb)
        return None
    from symlearn.backends.sql import SqlBackend

    opened = kb.external_facts if isinstance(kb.external_facts, SqlBackend) else None
    if opened is not None and opened.name == chosen:
        return opened
    backend: SqlBackend
    if chosen == "duckdb":
        from symlearn.backends.duckdb import DuckDBBackend

        limit = memory_limit or _setting(kb, "duckdb_memory_limit")
        directory = temp_directory or _setting(kb, "duckdb_temp_directory")
        workers = threads if threads is not None else kb.setting("duckdb_threads")
        backend = DuckDBBackend(
            kb,
            memory_limit=limit,
            temp_directory=directory,
            threads=workers if isinstance(workers, int) else None,
        )
    else:
        from symlearn.backends.spark import SparkBackend

        backend = SparkBackend(kb, master=spark_master or _setting(kb, "spark_master"))
    try:
        backend.open_external()
    except BaseException:
        backend.close()
        raise
    if opened is not None:
        opened.close()
    kb.external_facts = backend
    return backend
