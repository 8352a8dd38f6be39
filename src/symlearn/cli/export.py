"""``symlearn export --format aleph|popper|foil FILE... --target NAME/ARITY -o DIR``.

Writes the knowledge base's learning task for one target in a peer system's
input format, for side-by-side comparison: Aleph's ``NAME.b``/``NAME.f``/
``NAME.n``, Popper's ``bk.pl``/``exs.pl``/``bias.pl``, or FOIL6's ``NAME.d``.
"""

from __future__ import annotations

import click

from symlearn.cli.common import emit, files_argument, json_option, target_option

__all__ = ["FORMATS", "export"]

#: The formats and what each writes.
FORMATS = {
    "aleph": "Aleph: NAME.b (modes, determinations, background), NAME.f, NAME.n",
    "popper": "Popper: bk.pl, exs.pl, bias.pl",
    "foil": "FOIL6: NAME.d (types, relations, target tuples)",
}


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
@json_option
def export(
    fmt: str,
    files: tuple[str, ...],
    target: tuple[str, int],
    directory: str,
    closed_world: bool | None,
    max_negatives: int,
    as_json: bool,
) -> int:
    """Write the learning task for the target in Aleph's, Popper's or FOIL6's format.

    Example: symlearn export --format aleph kb/family.pl --target grandparent/2 -o out/
    """
    from symlearn.export.task import LearningTask
    from symlearn.kb import load

    kb = load(files)
    task = LearningTask.from_kb(kb, target, closed_world=closed_world, max_negatives=max_negatives)
    stem = target[0]
    if fmt == "aleph":
        from symlearn.export.aleph import write_aleph

        written = write_aleph(task, directory, stem)
    elif fmt == "popper":
        from symlearn.export.popper import write_popper

        written = write_popper(task, directory)
    else:
        from symlearn.export.foil6 import write_foil6

        written = write_foil6(task, directory, stem)
    payload = {
        "format": fmt,
        "target": task.name,
        "files": [str(p) for p in written],
        "positives": len(task.positives),
        "negatives": len(task.negatives),
        "background_clauses": len(task.background),
        "modes_derived": task.modes_derived,
        "notes": list(task.notes),
    }
    lines = [f"wrote {p}" for p in written]
    lines += [f"% {note}" for note in task.notes]
    emit(as_json, payload, lines)
    return 0
