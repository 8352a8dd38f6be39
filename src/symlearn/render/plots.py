"""Plots without dependencies: error curves and 2-D decision regions, as SVG or PNG.

Two kinds of picture, each described by a frozen object and drawn by
:func:`plot_svg` (SVG text) or :func:`plot_png` (PNG bytes through
:class:`~symlearn.render.png.Canvas`); :func:`write_plot` writes either by the
file's suffix, safely (:func:`symlearn.files.write_file`):

* :class:`CurvePlot`: one or more curves over a common x axis (the training
  error per epoch of backpropagation or the delta rule);
* :class:`RegionPlot`: the plane of two numeric attributes coloured by the
  class a classifier gives each cell of a grid (its decision regions, whose
  borders are the decision boundary), the training instances drawn over it in
  their class's colour, and some of them ringed (support vectors);
  :func:`region_plot` makes one from a classifier.

Both are first laid out as a few primitives in pixel coordinates (rectangles,
circles, polylines, text), which each format then writes.

Examples
--------
>>> plot = CurvePlot("error", "epoch", "E", (Curve("train", (1, 2, 3), (4.0, 2.0, 1.5)),))
>>> text = plot_svg(plot)
>>> text.startswith("<svg") and "polyline" in text
True
>>> from symlearn.render.png import decode_png_size
>>> decode_png_size(plot_png(plot))
(640, 400)
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from symlearn.data.attribute_value import Attribute
from symlearn.errors import InvalidParameterError
from symlearn.files import write_file
from symlearn.render.font import CELL_WIDTH
from symlearn.render.png import Canvas, encode_png
from symlearn.render.svg import escape

__all__ = [
    "PLOT_SUFFIXES",
    "Curve",
    "CurvePlot",
    "RegionPlot",
    "plot_png",
    "plot_svg",
    "region_plot",
    "write_plot",
]

#: The suffixes :func:`write_plot` writes.
PLOT_SUFFIXES = (".svg", ".png")

#: Class colours: strong for points, pale for regions (ColorBrewer Set1 and its tints).
STRONG = ("#e41a1c", "#377eb8", "#4daf4a", "#984ea3", "#ff7f00", "#a65628", "#f781bf", "#999999")
PALE = ("#f9c6c6", "#cddff0", "#d2ebd1", "#e4d2e8", "#ffdfbf", "#e8d4c8", "#fde0ef", "#e6e6e6")

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 150, 40, 50


@dataclass(frozen=True)
class Curve:
    """One curve: its name in the legend and its points."""

    name: str
    xs: tuple[float, ...]
    ys: tuple[float, ...]


@dataclass(frozen=True)
class CurvePlot:
    """Curves over a common x axis (see the module docstring)."""

    title: str
    x_label: str
    y_label: str
    curves: tuple[Curve, ...]


@dataclass(frozen=True, eq=False)
class RegionPlot:
    """The class of each cell of a grid over two attributes, with the instances on top.

    Attributes
    ----------
    title, x_label, y_label
        Texts.
    x_range, y_range
        The plane drawn (the attributes' own units).
    grid
        Class index of each cell, ``grid[row, column]``, row 0 at the bottom.
    classes
        The class names (the legend), in index order.
    points
        ``(x, y, class index)`` of each instance drawn.
    ringed
        The positions in ``points`` of instances to ring (support vectors).
    """

    title: str
    x_label: str
    y_label: str
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    grid: np.ndarray
    classes: tuple[str, ...]
    points: tuple[tuple[float, float, int], ...]
    ringed: tuple[int, ...] = ()


Plot = CurvePlot | RegionPlot


# -- primitives -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str


@dataclass(frozen=True)
class _Circle:
    x: float
    y: float
    r: float
    fill: str | None
    stroke: str


@dataclass(frozen=True)
class _Line:
    points: tuple[tuple[float, float], ...]
    stroke: str
    width: float = 1.0


@dataclass(frozen=True)
class _Text:
    x: float
    y: float
    text: str
    anchor: str = "start"  # start | middle | end


_Shape = _Rect | _Circle | _Line | _Text


def _number(value: float) -> str:
    return f"{value:.4g}"


def _frame(
    title: str, x_label: str, y_label: str, xr: Sequence[float], yr: Sequence[float]
) -> list[_Shape]:
    """The axes box with its labels and the extreme values of each axis."""
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    return [
        _Line(
            ((LEFT, TOP), (right, TOP), (right, bottom), (LEFT, bottom), (LEFT, TOP)), "#000000"
        ),
        _Text(WIDTH / 2, 20, title, "middle"),
        _Text((LEFT + right) / 2, HEIGHT - 12, x_label, "middle"),
        _Text(LEFT - 6, TOP + 12, _number(yr[1]), "end"),
        _Text(LEFT - 6, bottom, _number(yr[0]), "end"),
        _Text(LEFT, bottom + 16, _number(xr[0]), "start"),
        _Text(right, bottom + 16, _number(xr[1]), "end"),
        _Text(6, TOP - 10, y_label, "start"),
    ]


def _span(values: Iterable[float]) -> tuple[float, float]:
    finite = [v for v in values if math.isfinite(v)]
    if not finite:
        return 0.0, 1.0
    low, high = min(finite), max(finite)
    return (low, high) if high > low else (low - 0.5, high + 0.5)


def _curve_shapes(plot: CurvePlot) -> list[_Shape]:
    xr = _span(x for c in plot.curves for x in c.xs)
    yr = _span(y for c in plot.curves for y in c.ys)
    yr = (min(yr[0], 0.0), yr[1]) if yr[0] >= 0 else yr
    shapes = _frame(plot.title, plot.x_label, plot.y_label, xr, yr)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def at(x: float, y: float) -> tuple[float, float]:
        return (
            LEFT + (x - xr[0]) / (xr[1] - xr[0]) * (right - LEFT),
            bottom - (y - yr[0]) / (yr[1] - yr[0]) * (bottom - TOP),
        )

    for i, curve in enumerate(plot.curves):
        colour = STRONG[i % len(STRONG)]
        points = tuple(at(x, y) for x, y in zip(curve.xs, curve.ys) if math.isfinite(y))
        if len(points) == 1:
            shapes.append(_Circle(*points[0], 2.5, colour, colour))
        elif points:
            shapes.append(_Line(points, colour, 1.5))
        shapes += _legend_entry(i, curve.name, colour)
    return shapes


def _legend_entry(i: int, name: str, colour: str) -> list[_Shape]:
    x, y = WIDTH - RIGHT + 14, TOP + 8 + 18 * i
    return [_Rect(x, y - 5, 10, 10, colour), _Text(x + 16, y + 4, name)]


def _region_shapes(plot: RegionPlot) -> list[_Shape]:
    shapes = _frame(plot.title, plot.x_label, plot.y_label, plot.x_range, plot.y_range)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    rows, columns = plot.grid.shape
    cell_w, cell_h = (right - LEFT) / columns, (bottom - TOP) / rows
    cells: list[_Shape] = []
    for r in range(rows):  # one rectangle per run of equal cells in a row
        c = 0
        while c < columns:
            k = int(plot.grid[r, c])
            end = c
            while end + 1 < columns and int(plot.grid[r, end + 1]) == k:
                end += 1
            y = bottom - (r + 1) * cell_h
            cells.append(_Rect(LEFT + c * cell_w, y, (end - c + 1) * cell_w, cell_h, PALE[k % 8]))
            c = end + 1
    (x0, x1), (y0, y1) = plot.x_range, plot.y_range
    dots: list[_Shape] = []
    for i, (x, y, k) in enumerate(plot.points):
        px = LEFT + (x - x0) / (x1 - x0) * (right - LEFT)
        py = bottom - (y - y0) / (y1 - y0) * (bottom - TOP)
        dots.append(_Circle(px, py, 3.0, STRONG[k % 8], "#000000"))
        if i in plot.ringed:
            dots.append(_Circle(px, py, 6.5, None, "#000000"))
    legend = [
        shape
        for k, name in enumerate(plot.classes)
        for shape in _legend_entry(k, name, STRONG[k % 8])
    ]
    if plot.ringed:
        y = TOP + 8 + 18 * len(plot.classes)
        legend += [
            _Circle(WIDTH - RIGHT + 19, y, 5.0, None, "#000000"),
            _Text(WIDTH - RIGHT + 30, y + 4, "support vector"),
        ]
    return [*cells, *shapes, *dots, *legend]


def _shapes(plot: Plot) -> list[_Shape]:
    return _curve_shapes(plot) if isinstance(plot, CurvePlot) else _region_shapes(plot)


# -- writing ----------------------------------------------------------------------------


def plot_svg(plot: Plot) -> str:
    """The plot as SVG text."""
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif" '
        'font-size="12">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    for shape in _shapes(plot):
        if isinstance(shape, _Rect):
            lines.append(
                f'<rect x="{shape.x:.2f}" y="{shape.y:.2f}" width="{shape.w + 0.3:.2f}" '
                f'height="{shape.h + 0.3:.2f}" fill="{shape.fill}"/>'
            )
        elif isinstance(shape, _Circle):
            fill = shape.fill or "none"
            lines.append(
                f'<circle cx="{shape.x:.2f}" cy="{shape.y:.2f}" r="{shape.r}" fill="{fill}" '
                f'stroke="{shape.stroke}" stroke-width="0.8"/>'
            )
        elif isinstance(shape, _Line):
            points = " ".join(f"{x:.2f},{y:.2f}" for x, y in shape.points)
            lines.append(
                f'<polyline points="{points}" fill="none" stroke="{shape.stroke}" '
                f'stroke-width="{shape.width}"/>'
            )
        else:
            lines.append(
                f'<text x="{shape.x:.2f}" y="{shape.y:.2f}" text-anchor="{shape.anchor}">'
                f"{escape(shape.text)}</text>"
            )
    return "\n".join([*lines, "</svg>"]) + "\n"


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _ring(x: float, y: float, r: float) -> list[tuple[float, float]]:
    steps = max(12, int(r * 4))
    return [
        (x + r * math.cos(2 * math.pi * i / steps), y + r * math.sin(2 * math.pi * i / steps))
        for i in range(steps + 1)
    ]


def plot_png(plot: Plot) -> bytes:
    """The plot as PNG bytes (text in the built-in bitmap font)."""
    canvas = Canvas(WIDTH, HEIGHT)
    for shape in _shapes(plot):
        if isinstance(shape, _Rect):
            canvas.fill_rect(
                math.floor(shape.x),
                math.floor(shape.y),
                math.ceil(shape.x + shape.w) - 1,
                math.ceil(shape.y + shape.h) - 1,
                _rgb(shape.fill),
            )
        elif isinstance(shape, _Circle):
            outline = _ring(shape.x, shape.y, shape.r)
            if shape.fill is not None:
                canvas.fill_polygon(outline, _rgb(shape.fill))
            canvas.polyline(outline, _rgb(shape.stroke))
        elif isinstance(shape, _Line):
            canvas.polyline(shape.points, _rgb(shape.stroke), shape.width)
        else:
            width = len(shape.text) * CELL_WIDTH
            x = shape.x - {"start": 0, "middle": width / 2, "end": width}[shape.anchor]
            canvas.text(x, shape.y - 9, shape.text)
    return encode_png(canvas)


def write_plot(
    plot: Plot,
    path: str | os.PathLike[str],
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
) -> None:
    """Write ``plot`` to ``path`` as SVG or PNG (by its suffix), never over an input.

    Raises
    ------
    InvalidParameterError
        For a suffix other than ``.svg`` and ``.png``.
    OutputError
        When ``path`` is an input (and not ``force``) or cannot be written.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in PLOT_SUFFIXES:
        raise InvalidParameterError(
            f"cannot draw {Path(path).name}: the suffix must be .svg or .png"
        )
    content: str | bytes = plot_svg(plot) if suffix == ".svg" else plot_png(plot)
    write_file(path, content, inputs=inputs, force=force)


#: Cells of a decision-region picture along each axis.
GRID = (120, 80)


def region_plot(
    predict_columns: Callable[[Sequence[np.ndarray]], np.ndarray],
    attributes: Sequence[Attribute],
    columns: Sequence[np.ndarray],
    y: np.ndarray,
    classes: Sequence[str],
    title: str,
    ringed: Sequence[int] = (),
) -> RegionPlot:
    """The decision regions of a classifier over its two numeric attributes.

    Parameters
    ----------
    predict_columns
        Encoded columns (one float array per attribute) -> class codes.
    attributes
        The classifier's attributes: exactly two, both numeric.
    columns, y
        The training instances' columns and class codes (drawn as points).
    classes
        The class names, in code order.
    title
        The picture's title.
    ringed
        Training instances to ring (support vectors).

    Raises
    ------
    InvalidParameterError
        Unless there are exactly two attributes, both numeric.
    """
    numeric = [a for a in attributes if a.values is None]
    if len(attributes) != 2 or len(numeric) != 2:
        raise InvalidParameterError(
            "a picture of the decision boundary needs exactly two numeric attributes; "
            f"this target has {len(attributes)} attributes, {len(numeric)} numeric "
            "(write -o FILE.pl, or leave -o out)"
        )
    ranges = []
    for column in columns:
        low, high = _span(float(v) for v in column)
        margin = (high - low) * 0.05
        ranges.append((low - margin, high + margin))
    (x0, x1), (y0, y1) = ranges
    xs = x0 + (np.arange(GRID[0]) + 0.5) * (x1 - x0) / GRID[0]
    ys = y0 + (np.arange(GRID[1]) + 0.5) * (y1 - y0) / GRID[1]
    grid_x, grid_y = np.meshgrid(xs, ys)  # row r is y = ys[r], from the bottom
    codes = predict_columns([grid_x.ravel(), grid_y.ravel()]).reshape(GRID[1], GRID[0])
    known = ~(np.isnan(columns[0]) | np.isnan(columns[1]))
    points = tuple(
        (float(a), float(b), int(c))
        for a, b, c in zip(columns[0][known], columns[1][known], y[known])
    )
    where = np.cumsum(known) - 1  # positions of the drawn points among all
    marks = tuple(int(where[i]) for i in ringed if known[i])
    return RegionPlot(
        title,
        attributes[0].name,
        attributes[1].name,
        ranges[0],
        ranges[1],
        codes,
        tuple(classes),
        points,
        marks,
    )
