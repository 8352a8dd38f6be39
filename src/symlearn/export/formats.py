"""Export a relational learning task in a peer system's input format.

:func:`export_task` writes a :class:`~symlearn.ilp.task.RelationalTask` as
the files one of :data:`FORMATS` reads, each through
:func:`symlearn.files.write_file` (written whole or not at all, never over
one of the task's input files unless ``force``), and returns an
:class:`Exported` that says what was written (``symlearn export`` prints its
:meth:`~Exported.to_dict` or :meth:`~Exported.report`).

Functions and classes
---------------------
export_task, export_texts, Exported, FORMATS

Examples
--------
>>> import tempfile
>>> from symlearn.ilp.task import RelationalTask
>>> from symlearn.kb import loads
>>> from symlearn.learning.task import LearningTask
>>> kb = loads("parent(a, b). parent(b, c). pos(gp(a, c)). neg(gp(a, b)).")
>>> task = RelationalTask.from_task(LearningTask.from_kb(kb, "gp/2"))
>>> exported = export_task(task, "popper", tempfile.mkdtemp())
>>> [p.name for p in exported.files]
['bias.pl', 'bk.pl', 'exs.pl']
>>> exported.to_dict()["positives"], exported.report()[-1]
(1, '% the file has no mode declarations: modes derived with one type t')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from symlearn.errors import InvalidParameterError, OutputError
from symlearn.files import check_output, write_file

if TYPE_CHECKING:
    from symlearn.ilp.task import RelationalTask

__all__ = ["FORMATS", "Exported", "export_task", "export_texts"]

#: The formats and what each writes.
FORMATS = {
    "aleph": "Aleph: NAME.b (modes, determinations, background), NAME.f, NAME.n",
    "popper": "Popper: bk.pl, exs.pl, bias.pl",
    "foil": "FOIL6: NAME.d (types, relations, target tuples)",
}


def export_texts(task: RelationalTask, fmt: str, stem: str | None = None) -> dict[str, str]:
    """The files of ``fmt`` for ``task``: name -> text (``stem`` defaults to the target's name).

    Raises
    ------
    InvalidParameterError
        For a format not in :data:`FORMATS`.
    """
    stem = stem or task.target[0]
    if fmt == "aleph":
        from symlearn.export.aleph import aleph_files

        return aleph_files(task, stem)
    if fmt == "popper":
        from symlearn.export.popper import popper_files

        return popper_files(task)
    if fmt == "foil":
        from symlearn.export.foil6 import foil6_files

        return foil6_files(task, stem)
    raise InvalidParameterError(f"no export format {fmt!r}; formats: {', '.join(FORMATS)}")


@dataclass(frozen=True)
class Exported:
    """What :func:`export_task` wrote."""

    format: str
    task: RelationalTask
    files: tuple[Path, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON: ``format``, ``target``, ``files``, counts, ``modes_derived``, ``notes``."""
        return {
            "format": self.format,
            "target": self.task.name,
            "files": [str(p) for p in self.files],
            "positives": len(self.task.positives),
            "negatives": len(self.task.negatives),
            "background_clauses": len(self.task.background),
            "modes_derived": self.task.modes_derived,
            "notes": list(self.task.notes),
        }

    def report(self) -> list[str]:
        """One line per file written, then the notes as comments."""
        return [f"wrote {p}" for p in self.files] + [f"% {note}" for note in self.task.notes]


def export_task(
    task: RelationalTask,
    fmt: str,
    directory: str | Path,
    *,
    stem: str | None = None,
    force: bool = False,
) -> Exported:
    """Write ``task`` in format ``fmt`` into ``directory`` (created if needed).

    Parameters
    ----------
    task
        The relational task.
    fmt
        One of :data:`FORMATS`.
    directory
        Where to write the files.
    stem
        The name of Aleph's and FOIL6's files (default: the target's name).
    force
        Let a file replace one of the task's input files.

    Raises
    ------
    InvalidParameterError
        For an unknown format.
    OutputError
        When the directory cannot be made, or a file is an input or cannot be written.
    """
    texts = export_texts(task, fmt, stem)
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot make directory {folder}: {error.strerror or error}") from error
    inputs = (*task.sources, *task.files)
    for name in texts:  # all or none: no file is written while another would be refused
        check_output(folder / name, inputs, force)
    written = []
    for name, text in texts.items():
        path = folder / name
        write_file(path, text, inputs=inputs, force=force)
        written.append(path)
    return Exported(fmt, task, tuple(written))
