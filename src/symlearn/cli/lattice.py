"""``symlearn lattice FILE... --target NAME/ARITY [--space version|hypothesis] -o OUT``.

Draws the generality lattice (Hasse diagram) of the version space left by the
file's pos/neg examples, or of the whole hypothesis space H with that version
space marked (:func:`symlearn.lattice.task_lattice`).  The output's suffix
picks the format: ``.dot``, ``.svg``, ``.png`` (graphviz when installed, else
the pure-Python renderer; choose with ``--renderer``) or ``.json`` (node-link:
``nodes``, ``edges``, ``S``, ``G``).  ``--json`` prints that same object on
stdout.  A lattice with more than ``--max-nodes`` hypotheses is refused with
its size; one with more than ``--max-boxes`` is drawn as a summary (the
report says what was left out); a version space that collapsed is a "no"
(exit status 1).
"""

from __future__ import annotations

import click

from symlearn.cli.common import echo_json, emit, files_argument, json_option, target_option
from symlearn.errors import VersionSpaceCollapsedError

__all__ = ["lattice"]


@click.command()
@files_argument
@target_option(required=False)
@click.option(
    "--space",
    type=click.Choice(["version", "hypothesis"]),
    default="version",
    show_default=True,
    help="Draw the version space, or the whole hypothesis space with the version space marked.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to write the lattice: .svg, .png, .dot or .json.",
)
@click.option(
    "--max-nodes",
    type=click.IntRange(min=1),
    default=None,
    help="Refuse lattices with more hypotheses than this (default 200).",
)
@click.option(
    "--max-boxes",
    type=click.IntRange(min=1),
    default=None,
    help="Draw larger lattices as a summary: S, G and the version space boxed, the rest "
    "counted per generality level (default 120).",
)
@click.option(
    "--renderer",
    type=click.Choice(["auto", "graphviz", "python"]),
    default="auto",
    show_default=True,
    help="Who draws .svg/.png: graphviz's dot when installed (auto), or pure Python.",
)
@click.option("--force", is_flag=True, help="Let -o replace a file that is also an input.")
@json_option
def lattice(
    files: tuple[str, ...],
    target: tuple[str, int] | None,
    space: str,
    output: str | None,
    max_nodes: int | None,
    max_boxes: int | None,
    renderer: str,
    force: bool,
    as_json: bool,
) -> int:
    """Draw the generality lattice of a version space or of the whole hypothesis space.

    Example: symlearn lattice kb/enjoysport.pl --target enjoysport/6 -o vs.png
    """
    from symlearn.lattice import DEFAULT_MAX_NODES, MAX_BOXES, check_lattice_path, task_lattice
    from symlearn.learning.task import LearningTask

    if output is None and not as_json:
        raise click.UsageError("give -o OUT.{svg,png,dot,json} or --json")
    if output is not None:
        check_lattice_path(output)
    task = LearningTask.from_files(files, target)
    try:
        drawn = task_lattice(task, space, max_nodes or DEFAULT_MAX_NODES, max_boxes or MAX_BOXES)
    except VersionSpaceCollapsedError as error:
        if as_json:
            echo_json({"error": error.to_dict()})
        else:
            click.echo(str(error), err=True)
        return 1
    if output is not None:
        drawn.write(output, renderer=renderer, force=force)
    emit(as_json, drawn.to_dict(), drawn.report())
    return 0
