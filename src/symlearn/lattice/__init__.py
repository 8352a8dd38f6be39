"""Generality lattices: Hasse diagrams on networkx, drawn through :mod:`symlearn.render`.

- :func:`hasse_diagram`: the Hasse diagram of any finite set of hypotheses;
- :func:`hypothesis_space_lattice`, :func:`version_space_lattice`: of a whole
  conjunction space or of a version space, S and G marked; too large ones are
  refused with their size;
- :func:`lattice_drawing` (a :class:`LatticeDrawing`: the picture, wrapped
  rows, a summary above ``MAX_BOXES`` hypotheses, and what it left out),
  :func:`lattice_spec`, :func:`lattice_to_json`: the picture and the JSON;
- :func:`task_lattice`: the lattice of a learning task's version space (or
  of its whole hypothesis space), a :class:`TaskLattice` to write as
  ``.svg``, ``.png``, ``.dot`` or ``.json`` (what ``symlearn lattice`` does).
"""

from symlearn.lattice.draw import (
    MAX_BOXES,
    LatticeDrawing,
    lattice_drawing,
    lattice_spec,
    lattice_to_json,
)
from symlearn.lattice.hasse import (
    DEFAULT_MAX_NODES,
    hasse_diagram,
    hypothesis_space_lattice,
    version_space_lattice,
)
from symlearn.lattice.task_lattice import TaskLattice, check_lattice_path, task_lattice

__all__ = [
    "DEFAULT_MAX_NODES",
    "MAX_BOXES",
    "LatticeDrawing",
    "TaskLattice",
    "check_lattice_path",
    "hasse_diagram",
    "hypothesis_space_lattice",
    "lattice_drawing",
    "lattice_spec",
    "lattice_to_json",
    "task_lattice",
    "version_space_lattice",
]
