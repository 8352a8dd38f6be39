"""``symlearn infer FILE...``: probabilities of query atoms given evidence.

The command parses its options, calls :func:`symlearn.bayes.answer.infer` and
prints the run's JSON or text; everything else (reading the files or a BIF
network, compiling, choosing the method, writing ``-o``) is in the library.
"""

from __future__ import annotations

from typing import Any

import click

from symlearn.bayes.answer import ALL_METHODS as METHODS
from symlearn.bayes.answer import infer as answer
from symlearn.bayes.given import ORDERINGS
from symlearn.cli.common import emit, files_argument, json_option, progress_bars, verbose_option

__all__ = ["infer"]


@click.command()
@files_argument
@click.option("--query", "queries", multiple=True, help="An atom to ask about (repeatable).")
@click.option(
    "--evidence",
    "evidence",
    multiple=True,
    help="ATOM=true or ATOM=false, or NAME=STATE on a BIF network (repeatable).",
)
@click.option(
    "--method",
    type=click.Choice(METHODS),
    default="exact",
    show_default=True,
    help="Inference method: exact (a belief network when the program is ground and acyclic, "
    "else knowledge compilation, sdd), sdd, sample (worlds of the ground program), or "
    "enumeration, likelihood-weighting, gibbs on a network.",
)
@click.option(
    "--ordering",
    type=click.Choice(ORDERINGS),
    default="min-fill",
    show_default=True,
    help="Elimination ordering for the exact method.",
)
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    default=10000,
    show_default=True,
    help="Samples for the sampling methods.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed for sampling.")
@click.option(
    "--chains",
    type=click.IntRange(min=2),
    default=16,
    show_default=True,
    help="Gibbs chains run side by side.",
)
@click.option(
    "--burn-in",
    type=click.IntRange(min=0),
    default=200,
    show_default=True,
    help="Gibbs sweeps discarded per chain.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the network: .svg/.png/.dot picture, .bif, or .pl (ProbLog).",
)
@click.option("--force", is_flag=True, help="Let -o replace a file that is also an input.")
@verbose_option
@json_option
def infer(
    files: tuple[str, ...],
    queries: tuple[str, ...],
    evidence: tuple[str, ...],
    verbose: int,
    as_json: bool,
    **options: Any,
) -> int:
    """Probabilities of query atoms given evidence, over the ProbLog clauses of FILE...

    Example: symlearn infer kb/alarm.pl --query burglary --evidence johncalls=true
    """
    with progress_bars(not as_json) as progress:  # the options are answer()'s keywords
        run = answer(files, queries, evidence, progress=progress, **options)
    payload = run.to_dict()
    if not (payload.get("probabilities") or payload.get("marginals")):
        click.echo(
            "% nothing to infer: no query/1 in the files and no --query given (e.g. --query ATOM)",
            err=True,
        )
    emit(as_json, payload, run.report(verbose))
    return 0
