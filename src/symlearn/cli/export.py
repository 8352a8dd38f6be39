"""``symlearn export --format aleph|popper|foil FILE... --target NAME/ARITY -o DIR``.

Writes the knowledge base's learning task for one target in a peer system's
input format, for side-by-side comparison: Aleph's ``NAME.b``/``NAME.f``/
``NAME.n``, Popper's ``bk.pl``/``exs.pl``/``bias.pl``, or FOIL6's ``NAME.d``
(:func:`symlearn.export.formats.export_task` does the work).
"""

from __future__ import annotations

import click

from symlearn.cli.common import emit, files_argument, json_option, target_option
from symlearn.export.formats import FORMATS

__all__ = ["export"]


@click.command()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(sorted(FORMATS)),
    required=True,
    help="The peer system whose input to write.",
)
@files_argument
@target_option()
@click.option(
    "-o",
    "--output",
    "directory",
    type=click.Path(file_okay=False),
    required=True,
    help="Directory to write the files into (created if needed).",
)
@click.option(
    "--closed-world/--no-closed-world",
    default=None,
    help="List the closed-world negatives too (default: the file's set(closed_world, ...)).",
)
@click.option(
    "--max-negatives",
    type=click.IntRange(min=0),
    default=10_000,
    show_default=True,
    help="Cap on closed-world negatives.",
)
@click.option("--force", is_flag=True, help="Let a written file replace an input file.")
@json_option
def export(
    fmt: str,
    files: tuple[str, ...],
    target: tuple[str, int],
    directory: str,
    closed_world: bool | None,
    max_negatives: int,
    force: bool,
    as_json: bool,
) -> int:
    """Write the learning task for the target in Aleph's, Popper's or FOIL6's format.

    Example: symlearn export --format aleph kb/family.pl --target grandparent/2 -o out/
    """
    from symlearn.export.formats import export_task
    from symlearn.ilp.task import RelationalTask
    from symlearn.learning.task import LearningTask

    task = RelationalTask.from_task(
        LearningTask.from_files(files, target),
        closed_world=closed_world,
        max_negatives=max_negatives,
    )
    exported = export_task(task, fmt, directory, force=force)
    emit(as_json, exported.to_dict(), exported.report())
    return 0
