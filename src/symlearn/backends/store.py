"""``symlearn store``: a knowledge base's facts written once into Parquet files or DuckDB.

:func:`store` reads a knowledge base (our files, an Aleph task, a Popper
task folder) and writes a *store*: a folder holding

* the facts of every predicate given only by ground facts of one type per
  argument (atoms, integers, floats), one table each: ``NAME_ARITY.parquet``
  files (``format="parquet"``, the default) or tables of one DuckDB database
  ``facts.duckdb`` (``format="duckdb"``, the default for a folder named
  ``*.duckdb``; an index on every column); relations the input already
  declared external are copied in;
* the rest of the knowledge base as a program that declares those tables
  (``:- external(parent/2, parquet('parent_2.parquet')).``): ``kb.pl``, or for
  a Popper task ``bk.pl`` beside a copy of its ``exs.pl`` and ``bias.pl``, so
  the folder is read as the task was (``symlearn learn foil STORE`` or
  ``STORE/kb.pl``).

A predicate whose facts mix types in an argument (or hold compound terms or
strings) cannot be a table: that is an error located at the first fact of
the second type, unless the predicate is kept in the program (``keep``).
The store is written under a temporary name beside the target and renamed
into place when complete, so a failure (a type clash, a full disk) leaves no
partial store; an existing folder is replaced only with ``force``, never
when it holds an input.

Functions
---------
store, StoreReport
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from symlearn.backends.sql import arrow_column, column_type, value_type
from symlearn.errors import BackendError, KBError, OutputError
from symlearn.files import inputs_read
from symlearn.kb.aleph_directives import CONSTRAINTS
from symlearn.kb.formats import expand_task_paths, load_task
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator, format_indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = ["FORMATS", "StoreReport", "store"]

#: The formats of a store.
FORMATS = ("parquet", "duckdb")
#: Facts converted at a time (one Arrow batch).
BATCH = 1_000_000

Progress = Callable[[str, int, int | None], None]

#: Directives the program re-creates from what the knowledge base recorded
#: (or that were resolved while reading: includes, conditionals, example blocks).
_RECREATED = frozenset(
    {
        "include",
        "if",
        "elif",
        "else",
        "endif",
        "modeh",
        "modeb",
        "mode",
        "determination",
        "set",
        "aleph_set",
        "set_random",
        "table",
        "dynamic",
        "external",
        "begin_in_pos",
        "end_in_pos",
        "begin_in_neg",
        "end_in_neg",
    }
)
_SPECIAL = frozenset({"pos", "neg", "label", "instance", "unlabelled", "evidence", "query"})


@dataclass(frozen=True)
class StoreReport:
    """What :func:`store` wrote.

    Attributes
    ----------
    output
        The store's folder.
    format
        ``parquet`` or ``duckdb``.
    relations
        ``{name/arity: number of facts}`` of the tables written.
    program
        The program file(s) written, relative to the folder.
    kept
        Predicates of facts left in the program (``keep``).
    """

    output: str
    format: str
    relations: dict[str, int] = field(default_factory=dict)
    program: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """``output``, ``format``, ``relations``, ``facts``, ``program``, ``kept``."""
        return {
            "output": self.output,
            "format": self.format,
            "relations": dict(self.relations),
            "facts": sum(self.relations.values()),
            "program": list(self.program),
            "kept": list(self.kept),
        }

    def report(self) -> list[str]:
        """One line per table, then where the program is."""
        lines = [f"{self.output}: {len(self.relations)} relations ({self.format})"]
        lines += [f"  {count:>12,}  {name}" for name, count in self.relations.items()]
        lines.append(f"  program: {', '.join(self.program)}")
        if self.kept:
            lines.append(f"  kept in the program: {', '.join(self.kept)}")
        return lines


def store(
    inputs: Sequence[str],
    output: str,
    *,
    format: str | None = None,
    keep: Iterable[Indicator] = (),
    force: bool = False,
    progress: Progress | None = None,
) -> StoreReport:
    """Write the knowledge base of ``inputs`` as a store in the folder ``output``.

    Parameters
    ----------
    inputs
        The files (or Popper folder, Aleph basename) of the knowledge base.
    output
        The store's folder (made; it must not exist unless ``force``).
    format
        ``parquet`` or ``duckdb``; None: ``duckdb`` for a folder named
        ``*.duckdb``, else ``parquet``.
    keep
        Predicates of facts to leave in the program rather than store.
    force
        Replace an existing ``output`` (never one holding an input).
    progress
        ``progress(stage, done, total)``.

    Raises
    ------
    KBError
        For a predicate whose facts mix types in an argument (at that fact),
        or a knowledge base that does not read.
    OutputError
        When ``output`` exists (without ``force``) or holds an input.
    BackendError
        When the disk fills up (nothing is left behind).
    """
    chosen = format or ("duckdb" if output.rstrip("/").endswith(".duckdb") else "parquet")
    if chosen not in FORMATS:
        raise OutputError(f"unknown store format {chosen}: choose parquet or duckdb")
    target = Path(output)
    _check_output(target, inputs, force)
    kb = load_task(list(inputs), progress=progress)
    _check_output(target, [*kb.sources, *inputs_read()], force)  # included, in a task folder
    popper = [path for kind, path in expand_task_paths(inputs) if kind.startswith("popper")]
    kept = set(keep)
    stored = _storable(kb, kept)
    folder = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent or Path(".")))
    try:
        writer = _ParquetWriter(folder) if chosen == "parquet" else _DuckDBWriter(folder)
        counts: dict[str, int] = {}
        try:
            for indicator in stored:
                counts[format_indicator(indicator)] = _write_relation(
                    kb, indicator, writer, progress
                )
        finally:
            writer.close()
        program = _write_program(kb, writer, stored, folder, popper)
        _move_into_place(folder, target, force)
    except OSError as error:
        shutil.rmtree(folder, ignore_errors=True)
        raise BackendError(f"cannot write the store {target}: {error.strerror or error}") from None
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return StoreReport(
        str(target),
        chosen,
        counts,
        program,
        tuple(format_indicator(i) for i in sorted(kept)),
    )


# ---------------------------------------------------------------- what is stored
def _storable(kb: KnowledgeBase, kept: set[Indicator]) -> list[Indicator]:
    """The predicates to store: external ones, and those given only by ground facts.

    Raises
    ------
    KBError
        For a predicate of facts whose arguments mix types (not in ``kept``).
    """
    found = []
    for indicator, predicate in kb.predicates.items():
        if indicator in kept or not indicator[1] or indicator[0] in _SPECIAL:
            continue
        if indicator in kb.external:
            found.append(indicator)
            continue
        clauses = predicate.clauses
        if not clauses or any(c.body for c in clauses) or not all(c.is_ground for c in clauses):
            continue
        _check_types(kb, indicator, clauses)
        found.append(indicator)
    return found


def _check_types(kb: KnowledgeBase, indicator: Indicator, clauses: Sequence[Clause]) -> None:
    """Raise a located KBError unless each argument of the facts holds one type."""
    for position in range(indicator[1]):
        column = [c.head.args[position] for c in clauses]  # type: ignore[union-attr]
        if column_type(column) is not None:
            continue
        first_kind = _kind_name(column[0])
        for number, value in enumerate(column):
            kind = _kind_name(value)
            if kind != first_kind or value_type(value) is None:
                predicate = kb.predicates[indicator]
                at, first = predicate.positions[number], predicate.positions[0]
                name = format_indicator(indicator)
                message = (
                    f"{name}: argument {position + 1} is {kind} here but {first_kind} "
                    f"at {first}; a stored argument holds one type of value (atoms, integers "
                    f"or floats): leave {name} in the program with --keep {name}"
                    if value_type(value) is not None
                    else f"{name}: argument {position + 1} is {kind} ({format_term(value)}); "
                    f"a stored argument holds atoms, integers or floats: leave {name} in the "
                    f"program with --keep {name}"
                )
                if at is None:
                    raise KBError(message)
                raise KBError(message, at.path, at.line, at.column)


def _kind_name(value: Term) -> str:
    kind = value_type(value)
    if kind is not None:
        return {"atom": "an atom", "integer": "an integer", "float": "a float"}[kind]
    if type(value) is int:
        return "an integer beyond 64 bits"
    return "a compound term" if type(value) is Struct else "a string"


# ----------------------------------------------------------------- the tables
class _ParquetWriter:
    """Tables as ``NAME_ARITY.parquet`` files."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.names: dict[Indicator, str] = {}

    def table_name(self, indicator: Indicator) -> str:
        return _unique_name(indicator, self.names)

    def write(self, indicator: Indicator, batches: Iterable[Any]) -> None:
        import pyarrow.parquet as pq

        path = self.folder / f"{self.names[indicator]}.parquet"
        writer = None
        try:
            for batch in batches:
                if writer is None:
                    writer = pq.ParquetWriter(path, batch.schema)
                writer.write_table(batch)
        finally:
            if writer is not None:
                writer.close()

    def source(self, indicator: Indicator) -> str:
        return format_term(Struct("parquet", (f"{self.names[indicator]}.parquet",)))

    def close(self) -> None:
        pass


class _DuckDBWriter:
    """Tables of one DuckDB database, ``facts.duckdb``."""

    FILE = "facts.duckdb"

    def __init__(self, folder: Path) -> None:
        import duckdb

        self.connection = duckdb.connect(str(folder / self.FILE))
        self.connection.execute("SET enable_progress_bar = false")
        self.names: dict[Indicator, str] = {}

    def table_name(self, indicator: Indicator) -> str:
        return _unique_name(indicator, self.names)

    def write(self, indicator: Indicator, batches: Iterable[Any]) -> None:
        import duckdb

        name = self.names[indicator]
        made = False
        try:
            for batch in batches:
                self.connection.register("symlearn_batch", batch)
                verb = f'INSERT INTO "{name}"' if made else f'CREATE TABLE "{name}" AS'
                self.connection.execute(f"{verb} SELECT * FROM symlearn_batch")
                self.connection.unregister("symlearn_batch")
                made = True
            for position in range(indicator[1]):  # the engine's lookups are index scans
                self.connection.execute(
                    f'CREATE INDEX "{name}_a{position + 1}" ON "{name}" (a{position + 1})'
                )
        except duckdb.Error as error:
            raise OSError(str(error).splitlines()[0]) from None

    def source(self, indicator: Indicator) -> str:
        return format_term(Struct("duckdb", (self.FILE, self.names[indicator])))

    def close(self) -> None:
        self.connection.close()


def _unique_name(indicator: Indicator, names: dict[Indicator, str]) -> str:
    base = re.sub(r"[^A-Za-z0-9_]", "_", indicator[0]) or "p"
    name = f"{base}_{indicator[1]}"
    taken = set(names.values())
    number = 1
    while name in taken:
        number += 1
        name = f"{base}_{indicator[1]}_{number}"
    names[indicator] = name
    return name


def _write_relation(
    kb: KnowledgeBase,
    indicator: Indicator,
    writer: _ParquetWriter | _DuckDBWriter,
    progress: Progress | None,
) -> int:
    """Write one predicate's facts (or copy its external table); how many rows."""
    writer.table_name(indicator)
    stage = f"storing {format_indicator(indicator)}"
    batches: Iterable[Any]
    total: int | None
    if indicator in kb.external:
        batches, total = _external_batches(kb, indicator)
    else:
        clauses = kb.predicates[indicator].clauses
        batches, total = _fact_batches(clauses, indicator), len(clauses)
    written = 0

    def counted() -> Iterable[Any]:
        nonlocal written
        for batch in batches:
            yield batch
            written += batch.num_rows
            if progress is not None:
                progress(stage, written, total)

    writer.write(indicator, counted())
    return written


def _fact_batches(clauses: Sequence[Clause], indicator: Indicator) -> Iterable[Any]:
    import pyarrow as pa

    kinds = [
        column_type([c.head.args[p] for c in clauses[:1]])  # type: ignore[union-attr]
        for p in range(indicator[1])
    ]
    for start in range(0, len(clauses), BATCH):
        chunk = clauses[start : start + BATCH]
        columns = list(zip(*(c.head.args for c in chunk)))  # type: ignore[union-attr]
        yield pa.table(
            {
                f"a{i + 1}": arrow_column(column, str(kind))
                for i, (column, kind) in enumerate(zip(columns, kinds))
            }
        )


def _external_batches(kb: KnowledgeBase, indicator: Indicator) -> tuple[Iterable[Any], int | None]:
    """The rows of an external relation, read through DuckDB in batches."""
    from symlearn.backends.duckdb import DuckDBBackend

    reader = DuckDBBackend(kb)
    try:
        external = kb.external[indicator]
        name = reader.fresh_name("r")
        reader._open_external(external, name)
        count = int(reader.arrow(f"SELECT COUNT(*) AS n FROM {name}").column(0)[0].as_py())
    except BaseException:
        reader.close()
        raise

    def batches() -> Iterable[Any]:
        try:
            columns = ", ".join(f"c{i} AS a{i + 1}" for i in range(indicator[1]))
            stream = reader.connection.sql(f"SELECT {columns} FROM {name}").to_arrow_reader(BATCH)
            for batch in stream:
                import pyarrow as pa

                yield pa.Table.from_batches([batch])
        finally:
            reader.close()

    return batches(), count


# ---------------------------------------------------------------- the program
def _write_program(
    kb: KnowledgeBase,
    writer: _ParquetWriter | _DuckDBWriter,
    stored: list[Indicator],
    folder: Path,
    popper: list[str],
) -> tuple[str, ...]:
    """Write the program file(s) declaring the tables; their names."""
    declarations = [f":- external({format_indicator(i)}, {writer.source(i)})." for i in stored]
    if not popper:
        text = _program_text(kb, set(stored), declarations, popper=False)
        (folder / "kb.pl").write_text(text, encoding="utf-8")
        return ("kb.pl",)
    written = ["bk.pl"]
    (folder / "bk.pl").write_text(
        _program_text(kb, set(stored), declarations, popper=True), encoding="utf-8"
    )
    for path in popper:
        name = Path(path).name
        if name in ("exs.pl", "bias.pl"):
            shutil.copyfile(path, folder / name)
            written.append(name)
    return tuple(written)


def _program_text(
    kb: KnowledgeBase, stored: set[Indicator], declarations: list[str], popper: bool
) -> str:
    """The knowledge base without the stored facts, in our language.

    For a Popper task (``popper``) the examples and the language bias stay
    in the copies of ``exs.pl`` and ``bias.pl``.
    """
    lines = [f"% Written by symlearn store from {', '.join(kb.sources) or 'a knowledge base'}."]
    lines += declarations
    for directive, _ in kb.directives:
        goal = directive.args[0] if type(directive) is Struct and directive.args else directive
        name = goal.name if type(goal) is Struct else str(goal)
        if name not in _RECREATED and not (name == "," and type(goal) is Struct):
            lines.append(f"{format_term(directive)}.")
    lines += [f":- table {format_indicator(i)}." for i in sorted(kb.tabled)]
    for indicator, predicate in kb.predicates.items():
        if predicate.dynamic and indicator not in stored and indicator not in kb.tabled:
            lines.append(f":- dynamic {format_indicator(indicator)}.")
    if not popper:
        lines += [f":- {mode}." for mode in kb.modes]
        lines += [
            f":- determination({format_indicator(h)}, {format_indicator(b)})."
            for h, b in kb.determinations
        ]
        lines += [f":- set({format_term(k)}, {format_term(v)})." for k, v in kb.settings.items()]
    for indicator, predicate in kb.predicates.items():
        if indicator in stored or indicator[0] in _SPECIAL:
            continue
        lines += [str(clause) for clause in predicate.clauses]
    for entry in kb.declarations.get(CONSTRAINTS, ()):
        if isinstance(entry, tuple) and isinstance(entry[0], Clause):
            lines.append(str(entry[0]))
    if not popper:
        lines += [f"{example}." for example in kb.examples]
    lines += [str(clause) for clause in kb.probabilistic]
    lines += [f"evidence({format_term(a)}, {'true' if v else 'false'})." for a, v in kb.evidence]
    lines += [f"query({format_term(q)})." for q in kb.queries]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------- the folder
def _check_output(target: Path, inputs: Sequence[str], force: bool) -> None:
    if target.exists() and not force:
        raise OutputError(f"{target} exists: give another output folder (or --force)")
    if target.exists() and not target.is_dir():
        raise OutputError(f"{target} exists and is not a folder")
    resolved = Path(os.path.realpath(target))
    for given in inputs:
        source = Path(os.path.realpath(given))
        if source == resolved or resolved in source.parents:
            raise OutputError(f"{target} holds the input {given}: give another output folder")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise OutputError(f"cannot write {target}: directory {parent} does not exist")


def _move_into_place(folder: Path, target: Path, force: bool) -> None:
    """Rename the finished store to ``target`` (the old one, with ``force``, removed after)."""
    old = None
    if target.exists() and force:
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        target.rename(old)
    folder.chmod(0o755)
    folder.rename(target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
