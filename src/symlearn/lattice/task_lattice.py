"""The lattice of a learning task: what ``symlearn lattice`` draws.

:func:`task_lattice` takes a :class:`~symlearn.learning.task.LearningTask`
of attribute-value examples, builds the hypothesis space H of conjunctions
over its attributes, runs Candidate-Elimination over its ``pos``/``neg``
examples, and returns the generality lattice (Hasse diagram) of

* ``space="version"``: the version space left by the examples (Mitchell 1997,
  section 2.5 and Figure 2.3), S and G marked; or
* ``space="hypothesis"``: the whole of H (section 2.3, Figure 2.1), with the
  version space's members and boundaries marked.

The result, a :class:`TaskLattice`, gives the node-link JSON of DESIGN.md
section 3 (``nodes``, ``edges``, ``S``, ``G``) with :meth:`TaskLattice.to_dict`
and writes ``.svg``, ``.png``, ``.dot`` or ``.json`` files with
:meth:`TaskLattice.write` (through :func:`symlearn.files.write_file`, so never
over an input file).  A lattice of more than ``max_nodes`` hypotheses is
refused with its size; one of more than ``max_boxes`` is drawn as a summary
(:func:`symlearn.lattice.draw.lattice_drawing`), and :meth:`TaskLattice.report`
says what the picture left out.

Examples
--------
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_files("kb/enjoysport.pl", "enjoysport/6")
>>> lattice = task_lattice(task)
>>> lattice.report()
['version lattice of enjoysport/6: 6 hypotheses, 7 edges, |S| = 1, |G| = 2']
>>> task_lattice(task, space="hypothesis")
Traceback (most recent call last):
...
symlearn.errors.HypothesisSpaceError: the hypothesis space of enjoysport/6 has 973 hypotheses, ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from symlearn.errors import InvalidParameterError, VersionSpaceCollapsedError
from symlearn.files import write_file
from symlearn.lattice.draw import MAX_BOXES, LatticeDrawing, lattice_drawing, lattice_to_json
from symlearn.lattice.hasse import (
    DEFAULT_MAX_NODES,
    hypothesis_space_lattice,
    version_space_lattice,
)
from symlearn.learners.concepts.candidate_elimination import CandidateElimination
from symlearn.learners.concepts.examples import conjunction_examples
from symlearn.learners.concepts.reporting import located
from symlearn.learning.task import LearningTask
from symlearn.render import FORMATS, render, to_dot
from symlearn.render.display import drawing

__all__ = ["OUTPUT_SUFFIXES", "SPACES", "TaskLattice", "check_lattice_path", "task_lattice"]

#: What can be drawn: the version space, or the whole hypothesis space.
SPACES = ("version", "hypothesis")
#: The files :meth:`TaskLattice.write` writes.
OUTPUT_SUFFIXES = (*FORMATS, ".json")


def check_lattice_path(path: str | Path) -> str:
    """The lower-case suffix of an output path, refusing one that is not a lattice format.

    Raises
    ------
    InvalidParameterError
        For a suffix other than ``.svg``, ``.png``, ``.dot`` or ``.json``.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in OUTPUT_SUFFIXES:
        raise InvalidParameterError(f"cannot write {path}: use a .svg, .png, .dot or .json file")
    return suffix


@dataclass(eq=False)
class TaskLattice:
    """A generality lattice drawn for a task (see the module docstring).

    Attributes
    ----------
    task
        The task whose examples made the version space.
    graph
        The Hasse diagram (:mod:`symlearn.lattice.hasse`): nodes are hypotheses,
        edges point from the more general to the more specific.
    max_boxes
        Above this many hypotheses the picture is a summary.
    output, renderer
        The file :meth:`write` wrote and who drew it (``"json"``, ``"dot"``,
        ``"graphviz"`` or ``"python"``); None before.
    """

    task: LearningTask
    graph: nx.DiGraph
    max_boxes: int = MAX_BOXES
    output: str | None = None
    renderer: str | None = None

    @property
    def drawing(self) -> LatticeDrawing:
        """The picture: its spec and what it leaves out."""
        return lattice_drawing(self.graph, max_boxes=self.max_boxes)

    @property
    def kind(self) -> str:
        """``"version"`` or ``"hypothesis"``."""
        return str(self.graph.graph.get("kind"))

    def to_json(self) -> dict[str, Any]:
        """The node-link graph: ``kind``, ``target``, ``nodes``, ``edges``, ``S``, ``G``."""
        return lattice_to_json(self.graph)

    def to_dict(self) -> dict[str, Any]:
        """:meth:`to_json`, with ``output``, ``renderer`` and ``drawing`` once written."""
        payload = self.to_json()
        if self.output is not None:
            payload["output"] = self.output
            payload["renderer"] = self.renderer
            if self.renderer != "json":
                payload["drawing"] = self.drawing.to_dict()
        return payload

    def report(self) -> list[str]:
        """What was drawn (its size and boundaries), what the picture left out, where it went."""
        data = self.to_json()
        lines = [
            f"{self.kind} lattice of {self.task.name}: {len(data['nodes'])} hypotheses, "
            f"{len(data['edges'])} edges, |S| = {len(data['S'])}, |G| = {len(data['G'])}"
        ]
        if self.output is not None:
            used = f" ({self.renderer})" if self.renderer != "json" else ""
            lines.append(f"written to {self.output}{used}")
            if self.renderer != "json":
                lines += self.drawing.notes()
        return lines

    def _repr_svg_(self) -> str | None:
        """Jupyter: the lattice's picture, S at the bottom and G at the top."""
        return drawing(lambda: self.drawing.spec)

    def file_content(self, suffix: str, renderer: str = "auto") -> tuple[str | bytes, str]:
        """The bytes (or text) of the lattice as ``suffix`` and who made them."""
        if suffix == ".json":
            return json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", "json"
        spec = self.drawing.spec
        if suffix == ".dot":
            return to_dot(spec) + "\n", "dot"
        return render(spec, suffix[1:], renderer)

    def write(self, path: str | Path, *, renderer: str = "auto", force: bool = False) -> str:
        """Write the lattice to ``path``: ``.svg``, ``.png``, ``.dot`` or ``.json`` by its suffix.

        Parameters
        ----------
        path
            The output file.
        renderer
            For ``.svg`` and ``.png``: ``"auto"`` (graphviz when installed),
            ``"graphviz"`` or ``"python"``.
        force
            Write even when ``path`` is one of the task's input files.

        Returns
        -------
        str
            Who made the file: ``"json"``, ``"dot"``, ``"graphviz"`` or ``"python"``.

        Raises
        ------
        InvalidParameterError
            For another suffix or an unknown renderer.
        OutputError
            When ``path`` is an input file (unless ``force``) or cannot be written.
        """
        content, used = self.file_content(check_lattice_path(path), renderer)
        write_file(path, content, inputs=self.task.inputs, force=force)
        self.output, self.renderer = str(path), used
        return used


def task_lattice(
    task: LearningTask,
    space: str = "version",
    max_nodes: int = DEFAULT_MAX_NODES,
    max_boxes: int = MAX_BOXES,
) -> TaskLattice:
    """The lattice of the version space of ``task``'s examples, or of its whole hypothesis space.

    Parameters
    ----------
    task
        Attribute-value ``pos``/``neg`` examples over finite domains.
    space
        ``"version"`` or ``"hypothesis"`` (see the module docstring).
    max_nodes
        Refuse a lattice of more hypotheses than this.
    max_boxes
        Draw a lattice of more hypotheses than this as a summary picture.

    Raises
    ------
    HypothesisSpaceError
        When the lattice has more than ``max_nodes`` hypotheses (the message gives its size).
    VersionSpaceCollapsedError
        For ``space="version"`` when no hypothesis is consistent with the
        examples (the message names the example, at its file position).
    KBError
        When the examples are not ``pos``/``neg`` over finite domains.

    References
    ----------
    Mitchell, *Machine Learning* (1997), sections 2.3 (the general-to-specific
    ordering) and 2.5 (version spaces, Candidate-Elimination).
    """
    if not isinstance(task, LearningTask):
        raise InvalidParameterError(
            f"task must be a LearningTask (LearningTask.from_files), not {task!r}"
        )
    if space not in SPACES:
        raise InvalidParameterError(f"space must be version or hypothesis, not {space!r}")
    for name, value in (("max_nodes", max_nodes), ("max_boxes", max_boxes)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidParameterError(f"{name} must be a positive integer, not {value!r}")
    data = task.attribute_data
    hypotheses, examples = conjunction_examples(data, "lattice")
    learner = CandidateElimination(hypotheses, keep_trace=False)
    try:
        learner.fit(examples)
    except VersionSpaceCollapsedError as error:
        if space == "version":
            message = located(data, error.index, f"{error}; there is no version space to draw")
            raise VersionSpaceCollapsedError(message, error.example, error.index) from error
    version_space = learner.version_space
    if space == "version":
        return TaskLattice(task, version_space_lattice(version_space, max_nodes), max_boxes)
    marked = None if version_space.is_collapsed else version_space
    return TaskLattice(task, hypothesis_space_lattice(hypotheses, marked, max_nodes), max_boxes)
