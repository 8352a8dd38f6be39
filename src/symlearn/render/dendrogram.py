r"""Dendrograms: a hierarchy of merges drawn as a tree over its leaves, as SVG or PNG.

A hierarchy is given as scipy gives one: a row per merge, ``(a, b, height,
size)``, the instances numbered 0 ... n - 1 and the cluster of merge i
numbered n + i.  The picture lies on its side: the leaves are rows, labelled
on the left; each merge is a bracket joining its two clusters at the
distance of its height, measured along the axis at the bottom.  Leaves are
ordered so that no lines cross.  With more than ``max_leaves`` instances only
the last ``max_leaves - 1`` merges are drawn, each remaining cluster a leaf
labelled with its number of instances (scipy's ``truncate_mode="lastp"``).
Given each instance's cluster (a cut of the tree), a bracket whose
instances all lie in one cluster takes that cluster's colour.

:func:`dendrogram_svg` and :func:`dendrogram_png` draw; :func:`write_dendrogram`
writes ``.svg`` or ``.png`` (never over an input file).

Examples
--------
>>> import numpy as np
>>> merges = np.array([[0, 1, 1.0, 2], [2, 3, 2.0, 2], [4, 5, 4.0, 4]])
>>> svg = dendrogram_svg(merges, ["a", "b", "c", "d"], clusters=np.array([0, 0, 1, 1]))
>>> svg.startswith("<?xml") and svg.count("<path") == 3 and ">c</text>" in svg
True
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from symlearn.errors import InvalidParameterError
from symlearn.files import write_file
from symlearn.render.font import CELL_HEIGHT, CELL_WIDTH
from symlearn.render.png import Canvas, encode_png
from symlearn.render.spec import hex_color
from symlearn.render.svg import escape

__all__ = ["dendrogram_png", "dendrogram_svg", "write_dendrogram"]

#: Line colours of the clusters of a cut (others are black).
CLUSTER_COLORS = ("steelblue", "firebrick", "darkgreen", "orange", "navy", "darkred", "dimgray")
#: The longest leaf label drawn (longer ones are cut with an ellipsis).
MAX_LABEL = 40


@dataclass(frozen=True)
class _Bracket:
    """One merge as drawn: its children's positions and its own."""

    x: float  # the merge's height, in pixels from the leaves
    top: float  # the y of the first child
    bottom: float  # the y of the second child
    x_top: float  # where the first child's line starts (its own height)
    x_bottom: float
    color: str


@dataclass(frozen=True)
class _Drawing:
    """The geometry shared by both renderers."""

    width: float
    height: float
    title: str
    labels: list[tuple[float, float, str, str]]  # x (right end), y, text, colour
    brackets: list[_Bracket]
    axis_y: float
    axis: tuple[float, float]  # x of height 0 and of the largest height
    ticks: list[tuple[float, str]]


def _nice_ticks(top: float) -> list[float]:
    """Round tick values from 0 to about ``top``."""
    if top <= 0:
        return [0.0]
    step = 10 ** math.floor(math.log10(top / 4))
    for factor in (1, 2, 5, 10):
        if top / (step * factor) <= 5:
            step *= factor
            break
    return [i * step for i in range(int(top / step + 1e-9) + 1)]


def _first_drawn(merges: np.ndarray, n: int, max_leaves: int) -> int:
    """The first merge drawn: all, or the last ``max_leaves - 1``."""
    return max(0, len(merges) - (max_leaves - 1)) if n > max_leaves else 0


def _layout(
    merges: np.ndarray,
    labels: Sequence[str],
    clusters: np.ndarray | None,
    max_leaves: int,
    title: str,
    char_width: float,
    line_height: float,
) -> _Drawing:
    merges = np.asarray(merges, dtype=np.float64)
    n = len(labels)
    if n == 0:
        raise InvalidParameterError("there is nothing to draw: no instances")
    first = _first_drawn(merges, n, max_leaves)
    size = {i: 1 for i in range(n)}
    below: dict[int, set[int]] = {
        i: {int(clusters[i])} if clusters is not None else set() for i in range(n)
    }
    for i, (a, b, _, s) in enumerate(merges.tolist()):
        size[n + i] = int(s)
        below[n + i] = below[int(a)] | below[int(b)]
    root = n + len(merges) - 1 if len(merges) else 0
    order: list[int] = []
    stack = [root]
    while stack:  # leaves in drawing order (first child above the second)
        node = stack.pop()
        if node < n or node - n < first:
            order.append(node)
        else:
            a, b = merges[node - n, :2]
            stack += [int(b), int(a)]
    texts = [_cut(labels[node]) if node < n else f"({size[node]} instances)" for node in order]
    label_width = max(len(t) for t in texts) * char_width
    margin, plot = 16.0, 480.0
    left = margin + label_width + 8
    top_margin = margin + (2 * line_height if title else 0)
    top_height = float(merges[first:, 2].max()) if len(merges) > first else 0.0

    def x_of(h: float) -> float:  # heights are distances: 0 at the leaves
        return left + h / (top_height or 1.0) * plot

    y_at: dict[int, float] = {}
    x_at: dict[int, float] = {}
    labels_out = []
    for row, (node, text) in enumerate(zip(order, texts)):
        y_at[node] = top_margin + (row + 0.5) * line_height
        x_at[node] = x_of(0.0)
        labels_out.append((left - 6, y_at[node], text, "black"))
    brackets = []
    for i in range(first, len(merges)):
        a, b, height = int(merges[i, 0]), int(merges[i, 1]), float(merges[i, 2])
        node = n + i
        one = below[node]
        color = (
            CLUSTER_COLORS[min(one)]
            if len(one) == 1 and min(one) < len(CLUSTER_COLORS)
            else "black"
        )
        upper, lower = sorted((a, b), key=lambda c: y_at[c])
        brackets.append(
            _Bracket(x_of(height), y_at[upper], y_at[lower], x_at[upper], x_at[lower], color)
        )
        y_at[node] = (y_at[a] + y_at[b]) / 2
        x_at[node] = x_of(height)
    axis_y = top_margin + len(order) * line_height + 8
    ticks = [(x_of(t), f"{t:g}") for t in _nice_ticks(top_height)]
    return _Drawing(
        width=left + plot + margin + 4 * char_width,
        height=axis_y + 2.5 * line_height + margin,
        title=title,
        labels=labels_out,
        brackets=brackets,
        axis_y=axis_y,
        axis=(x_of(0.0), x_of(top_height)),
        ticks=ticks,
    )


def _cut(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def dendrogram_svg(
    merges: np.ndarray,
    labels: Sequence[str],
    *,
    clusters: np.ndarray | None = None,
    max_leaves: int = 60,
    title: str = "",
) -> str:
    """The dendrogram as SVG text (see the module docstring)."""
    d = _layout(merges, labels, clusters, max_leaves, title, 7.2, 16.0)
    font = 'font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="12"'
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{d.width:.0f}" height="{d.height:.0f}" '
        f'viewBox="0 0 {d.width:.1f} {d.height:.1f}">',
        f'<rect width="{d.width:.1f}" height="{d.height:.1f}" fill="#ffffff"/>',
    ]
    if d.title:
        parts.append(
            f'<text x="{d.width / 2:.1f}" y="24" text-anchor="middle" font-size="14" '
            f'font-weight="bold" {font}>{escape(d.title)}</text>'
        )
    for x, y, text, _ in d.labels:
        parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="end" dominant-baseline="central" '
            f"{font}>{escape(text)}</text>"
        )
    for b in d.brackets:
        parts.append(
            f'<path d="M {b.x_top:.1f} {b.top:.1f} H {b.x:.1f} V {b.bottom:.1f} '
            f'H {b.x_bottom:.1f}" fill="none" stroke="{hex_color(b.color)}" stroke-width="1.5"/>'
        )
    x0, x1 = d.axis
    parts.append(
        f'<line x1="{x0:.1f}" y1="{d.axis_y:.1f}" x2="{x1:.1f}" y2="{d.axis_y:.1f}" '
        'stroke="#000000"/>'
    )
    for x, text in d.ticks:
        parts.append(
            f'<line x1="{x:.1f}" y1="{d.axis_y:.1f}" x2="{x:.1f}" y2="{d.axis_y + 4:.1f}" '
            'stroke="#000000"/>'
        )
        parts.append(
            f'<text x="{x:.1f}" y="{d.axis_y + 16:.1f}" text-anchor="middle" {font}>'
            f"{escape(text)}</text>"
        )
    parts.append(
        f'<text x="{(x0 + x1) / 2:.1f}" y="{d.axis_y + 32:.1f}" text-anchor="middle" {font}>'
        "distance</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _rgb(color: str) -> tuple[int, int, int]:
    text = hex_color(color)
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def dendrogram_png(
    merges: np.ndarray,
    labels: Sequence[str],
    *,
    clusters: np.ndarray | None = None,
    max_leaves: int = 60,
    title: str = "",
) -> bytes:
    """The dendrogram as PNG bytes (see the module docstring)."""
    scale = 2
    d = _layout(
        merges, labels, clusters, max_leaves, title, CELL_WIDTH * scale, (CELL_HEIGHT + 3) * scale
    )
    canvas = Canvas(math.ceil(d.width), math.ceil(d.height))
    half = CELL_HEIGHT * scale / 2
    if d.title:
        canvas.text(d.width / 2 - len(d.title) * CELL_WIDTH * scale / 2, 16, d.title, scale=scale)
    for x, y, text, _ in d.labels:
        canvas.text(x - len(text) * CELL_WIDTH * scale, y - half, text, scale=scale)
    for b in d.brackets:
        color = _rgb(b.color)
        canvas.polyline(
            [(b.x_top, b.top), (b.x, b.top), (b.x, b.bottom), (b.x_bottom, b.bottom)], color, 2.0
        )
    x0, x1 = d.axis
    canvas.line((x0, d.axis_y), (x1, d.axis_y))
    for x, text in d.ticks:
        canvas.line((x, d.axis_y), (x, d.axis_y + 6))
        canvas.text(x - len(text) * CELL_WIDTH * scale / 2, d.axis_y + 10, text, scale=scale)
    return encode_png(canvas)


def write_dendrogram(
    merges: np.ndarray,
    labels: Sequence[str],
    path: str | os.PathLike[str],
    *,
    clusters: np.ndarray | None = None,
    max_leaves: int = 60,
    title: str = "",
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
) -> None:
    """Draw the dendrogram into ``path`` (``.svg`` or ``.png``, by its suffix).

    Raises
    ------
    InvalidParameterError
        For another suffix.
    OutputError
        When ``path`` is an input (and not ``force``) or cannot be written.
    """
    suffix = Path(path).suffix.lower()
    if suffix == ".svg":
        text = dendrogram_svg(
            merges, labels, clusters=clusters, max_leaves=max_leaves, title=title
        )
        data = text.encode("utf-8")
    elif suffix == ".png":
        data = dendrogram_png(
            merges, labels, clusters=clusters, max_leaves=max_leaves, title=title
        )
    else:
        raise InvalidParameterError(
            f"cannot draw {Path(path).name}: the suffix must be .svg or .png"
        )
    write_file(path, data, inputs=inputs, force=force)
