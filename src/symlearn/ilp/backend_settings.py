"""The storage backend as a setting of every relational learner (``--backend``).

:class:`BackendSettings` is the part of FOIL's, Progol's ... settings that
says where the facts are joined (:mod:`symlearn.backends`): ``--backend
memory|duckdb|spark`` (``:- set(backend, duckdb).``), Spark's master and
DuckDB's memory limit and spill directory.  The learner passes them to
:meth:`~symlearn.ilp.task.RelationalTask.from_task`, which opens the backend;
the learner itself never names one.

Classes
-------
BackendSettings
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from symlearn.backends import BACKENDS
from symlearn.learning.settings import Settings, option

__all__ = ["BackendOptions", "BackendSettings"]


class BackendOptions(TypedDict):
    """The keywords of ``RelationalTask.from_task`` that name the backend."""

    backend: str | None
    spark_master: str | None
    memory_limit: str | None
    temp_directory: str | None


@dataclass(frozen=True)
class BackendSettings(Settings):
    """Where a relational learner's facts are joined (see the module docstring).

    Attributes
    ----------
    backend
        ``memory``, ``duckdb`` or ``spark`` (``backend``); None: memory, or
        DuckDB when a relation is external.
    spark_master
        Spark's master URL with the Spark backend (``spark_master``; default ``local[*]``).
    duckdb_memory_limit, duckdb_temp_directory
        DuckDB's memory before it spills, and where it spills
        (``duckdb_memory_limit``, ``duckdb_temp_directory``).
    """

    backend: str | None = option(
        None,
        key="backend",
        choices=BACKENDS,
        help="Where the facts are joined (default memory; duckdb when a relation is external).",
    )
    spark_master: str | None = option(
        None, key="spark_master", metavar="URL", help="Spark's master (default local[*])."
    )
    duckdb_memory_limit: str | None = option(
        None,
        key="duckdb_memory_limit",
        metavar="SIZE",
        help="DuckDB's memory before it spills to disk, e.g. 8GB (default: half the RAM).",
    )
    duckdb_temp_directory: str | None = option(
        None,
        key="duckdb_temp_directory",
        metavar="DIR",
        help="Where DuckDB spills (default: a temporary directory, removed after).",
    )

    def backend_options(self) -> BackendOptions:
        """The keywords of ``RelationalTask.from_task`` that name the backend."""
        return {
            "backend": self.backend,
            "spark_master": self.spark_master,
            "memory_limit": self.duckdb_memory_limit,
            "temp_directory": self.duckdb_temp_directory,
        }
