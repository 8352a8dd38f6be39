"""``symlearn check`` and ``symlearn query``."""

from __future__ import annotations

import shlex
import sys

import click

from symlearn.cli.common import (
    allow_include_option,
    backend_options,
    emit,
    files_argument,
    json_option,
    progress_bars,
)
from symlearn.engine.toplevel import ANSWER_DEPTH
from symlearn.kb.formats import load_task

__all__ = ["check", "query"]


@click.command()
@files_argument
@json_option
def check(files: tuple[str, ...], as_json: bool) -> int:
    """Parse and validate FILE...; print what the knowledge base holds."""
    with progress_bars(not as_json) as progress:
        kb = load_task(files, progress=progress)
    for warning in kb.warnings:
        click.echo(warning, err=True)
    summary = kb.summary()
    payload = {"files": list(files), "ok": True, **summary}
    labels = {
        "facts": "facts",
        "rules": "rules",
        "predicates": "predicates with clauses",
        "positive_examples": "positive examples",
        "negative_examples": "negative examples",
        "labelled_examples": "labelled examples",
        "instances": "unlabelled instances",
        "unlabelled_examples": "unlabelled examples to learn from",
        "modes": "mode declarations",
        "determinations": "determinations",
        "probabilistic_clauses": "probabilistic clauses",
        "evidence": "evidence",
        "queries": "queries",
        "tabled": "tabled predicates",
        "external": "external relations",
    }
    lines = [f"{', '.join(files)}: ok"]
    lines += [f"  {summary[key]:>8}  {label}" for key, label in labels.items() if summary[key]]
    if kb.attributes:
        for target, names in kb.attributes.items():
            lines.append(f"  attributes of {target}: {', '.join(names)}")
    emit(as_json, payload, lines)
    return 0


@click.command()
@allow_include_option
@click.argument("files", nargs=-1, type=click.Path(), metavar="FILES...")  # checked in query
@click.argument("goal", nargs=1)
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Stop after N solutions.")
@click.option("--fail-empty", is_flag=True, help="Exit with status 1 when there is no solution.")
@click.option(
    "--max-depth",
    type=click.IntRange(min=1),
    default=1_000_000,
    show_default=True,
    help="Deepest call nesting before giving up.",
)
@click.option(
    "--max-steps",
    type=click.IntRange(min=1),
    default=None,
    help="Most inferences (calls, builtins and their redos) before giving up.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Most seconds the query may run (then time_limit_exceeded).",
)
@click.option(
    "--max-memory",
    type=click.IntRange(min=1),
    default=None,
    help="Most megabytes of memory the query may add (then resource_error(memory)).",
)
@click.option(
    "--unknown",
    type=click.Choice(["error", "fail"]),
    default="error",
    show_default=True,
    help="What calling an undefined predicate does.",
)
@click.option(
    "--answer-depth",
    type=click.IntRange(min=0),
    default=ANSWER_DEPTH,
    show_default=True,
    help="Show answers to this depth, as SWI-Prolog's toplevel ([1, 2, ...|...]); 0: whole.",
)
@click.option("--full", is_flag=True, help="Show every answer whole (--answer-depth 0).")
@backend_options
@json_option
def query(
    files: tuple[str, ...],
    goal: str,
    limit: int | None,
    fail_empty: bool,
    max_depth: int,
    max_steps: int | None,
    timeout: float | None,
    max_memory: int | None,
    unknown: str,
    answer_depth: int,
    full: bool,
    backend: str | None,
    spark_master: str | None,
    memory_limit: str | None,
    temp_directory: str | None,
    as_json: bool,
) -> int:
    """Print all solutions of the Prolog GOAL against FILE...

    Answers are shown as SWI-Prolog's toplevel shows them, long lists and deep
    terms cut at depth 10 (--full for the whole terms); --json is always whole.

    On --backend duckdb or spark a Datalog goal is one SQL query (its
    answers in the SQL engine's order); other goals run in the engine, which
    looks external facts up in the backend.

    Example: symlearn query kb/family.pl "grandparent(X, lisa)"
    """
    from symlearn.backends.goals import run_query

    if not files:
        raise click.UsageError(
            f"Missing argument 'GOAL': give FILE... GOAL, e.g. "
            f'symlearn query {shlex.quote(goal)} "parent(X, Y)"'
        )

    with progress_bars(not as_json) as progress:
        kb = load_task(files, progress=progress)
    for warning in kb.warnings:
        click.echo(warning, err=True)
    answers = run_query(
        kb,
        goal,
        limit,
        backend=backend,
        spark_master=spark_master,
        memory_limit=memory_limit,
        temp_directory=temp_directory,
        max_depth=max_depth,
        max_steps=max_steps,
        timeout=timeout,
        max_memory=None if max_memory is None else max_memory * 1_000_000,
        unknown=unknown,
        output=None if as_json else sys.stdout,
        input=sys.stdin,
        answer_depth=0 if full else answer_depth,
        keep_output=as_json,
    )
    emit(as_json, answers.to_dict(), answers.report())
    return 1 if fail_empty and not answers.count else 0
