"""``symlearn problog TASK FILE...``: ProbLog's tasks (dt, map, explain, constraint).

Each subcommand parses its options, calls :func:`symlearn.bayes.tasks.run_task`
and prints the run's text (as ProbLog's command prints it) or its JSON.
Warnings go to standard error; a constraint problem no strategy satisfies is
a "no" (exit status 1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from symlearn.bayes.tasks import TASKS
from symlearn.cli.common import (
    SuggestingGroup,
    emit,
    files_argument,
    json_option,
    progress_bars,
)

__all__ = ["problog"]

_queries = click.option(
    "--query", "queries", multiple=True, help="An atom in place of the files' queries (repeatable)"
)
_evidence = click.option(
    "--evidence",
    "evidence",
    multiple=True,
    help="ATOM=true or ATOM=false in place of the files' evidence (repeatable).",
)


@click.group(cls=SuggestingGroup, context_settings={"help_option_names": ["-h", "--help"]})
def problog() -> None:
    """ProbLog's tasks over FILE...: dt, map, explain, constraint, sample."""


def _run(task: str, as_json: bool, files: tuple[str, ...], **options: Any) -> int:
    from symlearn.bayes.tasks import run_task

    with progress_bars(not as_json) as progress:
        run = run_task(task, files, progress=progress, **options)
    for warning in getattr(run, "warnings", ()):
        click.echo(warning, err=True)
    emit(as_json, run.to_dict(), run.report())
    return int(getattr(run, "exit_status", 0))


def _command(task: str, example: str) -> Callable[[Callable[..., int]], click.Command]:
    def decorate(function: Callable[..., int]) -> click.Command:
        return problog.command(name=task, help=f"{TASKS[task]}\n\nExample: {example}")(function)

    return decorate


@_command("dt", "symlearn problog dt kb/problog/umbrella_dt.pl")
@files_argument
@click.option(
    "--search",
    type=click.Choice(["exhaustive", "local"]),
    default="exhaustive",
    show_default=True,
    help="exhaustive: every strategy (exact); local: flip one decision at a time.",
)
@json_option
def dt(files: tuple[str, ...], search: str, as_json: bool) -> int:
    """Run ProbLog's dt task (see symlearn.bayes.problog.dtproblog)."""
    return _run("dt", as_json, files, search=search)


@_command("map", "symlearn problog map kb/alarm.pl --query burglary --query earthquake")
@files_argument
@_queries
@_evidence
@json_option
def map_(
    files: tuple[str, ...], queries: tuple[str, ...], evidence: tuple[str, ...], as_json: bool
) -> int:
    """Run the MAP task (see symlearn.bayes.problog.marginal_map)."""
    return _run("map", as_json, files, queries=queries, evidence=evidence)


@_command("explain", "symlearn problog explain kb/alarm.pl --query burglary")
@files_argument
@_queries
@_evidence
@json_option
def explain(
    files: tuple[str, ...], queries: tuple[str, ...], evidence: tuple[str, ...], as_json: bool
) -> int:
    """Run the explain task (see symlearn.bayes.problog.explanation)."""
    return _run("explain", as_json, files, queries=queries, evidence=evidence)


@_command("constraint", "symlearn problog constraint kb/problog/test_selection.pl")
@files_argument
@_queries
@json_option
def constraint(files: tuple[str, ...], queries: tuple[str, ...], as_json: bool) -> int:
    """Run the constraint task (see symlearn.bayes.problog.constraints)."""
    return _run("constraint", as_json, files, queries=queries)


@_command("sample", "symlearn problog sample kb/problog/heights.pl -N 3 --seed 1")
@files_argument
@click.option(
    "-N", "samples", type=click.IntRange(min=1), default=1, show_default=True, help="Samples."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed.")
@click.option("--estimate", is_flag=True, help="The queries' probabilities over the samples.")
@_queries
@_evidence
@json_option
def sample(
    files: tuple[str, ...],
    samples: int,
    seed: int,
    estimate: bool,
    queries: tuple[str, ...],
    evidence: tuple[str, ...],
    as_json: bool,
) -> int:
    """Run the sampling task (see symlearn.bayes.problog.hybrid_sampling)."""
    options = {"samples": samples, "seed": seed, "estimate": estimate}
    return _run("sample", as_json, files, queries=queries, evidence=evidence, **options)
