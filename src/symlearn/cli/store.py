"""``symlearn store FILE... -o DIR``: the facts of a knowledge base into Parquet or DuckDB."""

from __future__ import annotations

import click

from symlearn.cli.common import TargetType, emit, files_argument, json_option, progress_bars

__all__ = ["store"]


@click.command()
@files_argument
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(),
    help="The store's folder (made; a name ending in .duckdb makes a DuckDB store).",
)
@click.option(
    "--format",
    "store_format",
    type=click.Choice(["parquet", "duckdb"]),
    default=None,
    help="Parquet files (default) or one DuckDB database.",
)
@click.option(
    "--keep",
    type=TargetType(),
    multiple=True,
    help="Leave this predicate's facts in the program (repeatable), e.g. one whose "
    "arguments mix types.",
)
@click.option("--force", is_flag=True, help="Replace an existing output folder.")
@json_option
def store(
    files: tuple[str, ...],
    output: str,
    store_format: str | None,
    keep: tuple[tuple[str, int], ...],
    force: bool,
    as_json: bool,
) -> int:
    """Write the facts of FILE... into Parquet files or DuckDB, with the program declaring them.

    Every predicate given only by ground facts becomes a table; the rest
    (rules, examples, modes, settings) goes to DIR/kb.pl, which declares
    the tables (:- external).  Learn or query from DIR afterwards:

    Example: symlearn store family.pl -o family_store && symlearn query family_store "parent(X, Y)"
    """
    from symlearn.backends.store import store as write_store

    with progress_bars(not as_json) as progress:
        report = write_store(
            list(files), output, format=store_format, keep=keep, force=force, progress=progress
        )
    emit(as_json, report.to_dict(), report.report())
    return 0
