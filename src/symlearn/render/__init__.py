"""Drawing graphs: one spec, written as DOT text, SVG or PNG.

Lattices, decision trees and belief networks describe what to draw as a
:class:`GraphSpec` (nodes with labels and looks, edges, ``rankdir``, a title)
and call :func:`write_graph`.  SVG and PNG come from graphviz's ``dot`` when it
is on ``PATH`` and otherwise from the pure-Python layered layout
(:mod:`symlearn.render.layout`), so pictures work after a plain
``pip install``.

Functions
---------
to_dot
    DOT text of a spec.
render
    SVG text or PNG bytes of a spec.
write_graph
    Write a spec to a ``.dot``, ``.svg`` or ``.png`` file (chosen by suffix).

Examples
--------
>>> import tempfile, pathlib
>>> spec = GraphSpec((Node("g", "<?, ?>"), Node("s", "<a, b>")), (Edge("g", "s"),),
...                  directed=False)
>>> with tempfile.TemporaryDirectory() as folder:
...     out = pathlib.Path(folder) / "lattice.svg"
...     used = write_graph(spec, out, renderer="python")
...     used, out.read_text().count("<text")
('python', 2)
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from symlearn.errors import InvalidParameterError
from symlearn.files import write_file
from symlearn.render.dot import graphviz_available, run_graphviz, to_dot
from symlearn.render.png import to_png
from symlearn.render.spec import COLORS, Edge, GraphSpec, Node
from symlearn.render.svg import to_svg

__all__ = [
    "COLORS",
    "FORMATS",
    "Edge",
    "GraphSpec",
    "Node",
    "graphviz_available",
    "render",
    "to_dot",
    "write_graph",
]

#: File suffixes :func:`write_graph` writes.
FORMATS = (".dot", ".svg", ".png")
_RENDERERS = ("auto", "graphviz", "python")


def _choose(renderer: str) -> str:
    if renderer not in _RENDERERS:
        raise InvalidParameterError(
            f"unknown renderer {renderer!r} (use one of {', '.join(_RENDERERS)})"
        )
    if renderer == "auto":
        return "graphviz" if graphviz_available() else "python"
    if renderer == "graphviz" and not graphviz_available():
        raise InvalidParameterError("graphviz's dot is not installed; use --renderer python")
    return renderer


def render(spec: GraphSpec, fmt: str, renderer: str = "auto") -> tuple[bytes, str]:
    """Draw ``spec`` as ``fmt`` (``"svg"`` or ``"png"``).

    Parameters
    ----------
    spec
        What to draw.
    fmt
        ``"svg"`` or ``"png"``.
    renderer
        ``"auto"`` (graphviz when installed, else pure Python), ``"graphviz"``
        or ``"python"``.

    Returns
    -------
    tuple of (bytes, str)
        The file's bytes and the renderer used.
    """
    if fmt not in ("svg", "png"):
        raise InvalidParameterError(f"cannot draw as {fmt!r}; use svg or png")
    used = _choose(renderer)
    if used == "graphviz":
        return run_graphviz(to_dot(spec), fmt), used
    if fmt == "svg":
        return to_svg(spec).encode("utf-8"), used
    return to_png(spec), used


def write_graph(
    spec: GraphSpec,
    path: str | os.PathLike[str],
    renderer: str = "auto",
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
) -> str:
    """Write ``spec`` to ``path``: DOT text, SVG or PNG by the file's suffix.

    Parameters
    ----------
    spec
        What to draw.
    path
        The output file; its suffix (``.dot``, ``.svg``, ``.png``) picks the format.
    renderer
        For SVG and PNG: ``"auto"``, ``"graphviz"`` or ``"python"`` (see :func:`render`).
    inputs, force
        The command's input files, which ``path`` may replace only with ``force``
        (see :func:`symlearn.files.write_file`).

    Returns
    -------
    str
        ``"dot"`` for DOT text, else the renderer used (``"graphviz"`` or ``"python"``).

    Raises
    ------
    InvalidParameterError
        For an unknown suffix or renderer.
    OutputError
        When ``path`` is an input (and not ``force``) or cannot be written.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in FORMATS:
        raise InvalidParameterError(
            f"cannot write {target.name}: the suffix must be one of {', '.join(FORMATS)}"
        )
    if suffix == ".dot":
        write_file(target, to_dot(spec) + "\n", inputs=inputs, force=force)
        return "dot"
    data, used = render(spec, suffix[1:], renderer)
    write_file(target, data, inputs=inputs, force=force)
    return used
