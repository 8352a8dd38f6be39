"""Line charts (error curves), as SVG text or PNG bytes, without dependencies.

A :class:`LineChart` is a title, axis names and one or more :class:`Series`
of ``(x, y)`` points; :func:`chart_svg` and :func:`chart_png` draw it (the
PNG on the canvas and bitmap font of :mod:`symlearn.render.png`), and
:func:`write_chart` writes it to a ``.svg`` or ``.png`` file, never over an
input.  Boosting draws the error of each round's model and of the ensemble
so far with it.

Examples
--------
>>> chart = LineChart("error", "round", "error",
...                   (Series("train", ((1, 0.3), (2, 0.2), (3, 0.25))),))
>>> text = chart_svg(chart)
>>> text.startswith("<?xml") and "<polyline" in text and ">train<" in text
True
>>> from symlearn.render.png import decode_png_size
>>> decode_png_size(chart_png(chart))
(640, 400)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from symlearn.errors import InvalidParameterError
from symlearn.files import write_file
from symlearn.render.png import Canvas, encode_png
from symlearn.render.spec import hex_color
from symlearn.render.svg import escape

__all__ = ["CHART_FORMATS", "LineChart", "Series", "chart_png", "chart_svg", "write_chart"]

#: File suffixes :func:`write_chart` writes.
CHART_FORMATS = (".svg", ".png")

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 64, 150, 40, 48
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
_FONT = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"'


@dataclass(frozen=True)
class Series:
    """One line: its name (in the legend), its points, and how it is drawn."""

    name: str
    points: tuple[tuple[float, float], ...]
    dashed: bool = False
    markers: bool = True


@dataclass(frozen=True)
class LineChart:
    """A chart of lines over a common x axis (see the module docstring)."""

    title: str
    x_label: str
    y_label: str
    series: tuple[Series, ...]
    y_min: float | None = 0.0

    def ranges(self) -> tuple[float, float, float, float]:
        """``(x_low, x_high, y_low, y_high)`` covering every point (never empty)."""
        xs = [x for s in self.series for x, _ in s.points]
        ys = [y for s in self.series for _, y in s.points if math.isfinite(y)]
        x_low, x_high = (min(xs), max(xs)) if xs else (0.0, 1.0)
        y_low = self.y_min if self.y_min is not None else (min(ys) if ys else 0.0)
        y_high = max([*ys, y_low]) if ys else 1.0
        if x_high <= x_low:
            x_high = x_low + 1.0
        if y_high <= y_low:
            y_high = y_low + 1.0
        return x_low, x_high, y_low, y_high * 1.05 if y_high > 0 else y_high


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round numbers from ``low`` to ``high``."""
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    step = next(s * magnitude for s in (1, 2, 2.5, 5, 10) if s * magnitude >= raw)
    first = math.ceil(low / step) * step
    ticks, value = [], first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 12))
        value += step
    return ticks


def _tick_text(value: float) -> str:
    return f"{value:g}"


class _Frame:
    """Data coordinates to pixels."""

    def __init__(self, chart: LineChart) -> None:
        self.x_low, self.x_high, self.y_low, self.y_high = chart.ranges()
        self.width = WIDTH - LEFT - RIGHT
        self.height = HEIGHT - TOP - BOTTOM

    def point(self, x: float, y: float) -> tuple[float, float]:
        px = LEFT + (x - self.x_low) / (self.x_high - self.x_low) * self.width
        py = TOP + (1 - (y - self.y_low) / (self.y_high - self.y_low)) * self.height
        return px, py


def chart_svg(chart: LineChart) -> str:
    """The chart as SVG text."""
    frame = _Frame(chart)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        f'<text x="{WIDTH / 2:.0f}" y="22" text-anchor="middle" font-size="15" {_FONT}>'
        f"{escape(chart.title)}</text>",
    ]
    bottom, right = TOP + frame.height, LEFT + frame.width
    for tick in _ticks(frame.y_low, frame.y_high):
        _, y = frame.point(frame.x_low, tick)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#e0e0e0"/>'
        )
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" {_FONT}>'
            f"{_tick_text(tick)}</text>"
        )
    for tick in _ticks(frame.x_low, frame.x_high):
        x, _ = frame.point(tick, frame.y_low)
        parts.append(
            f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle" font-size="11" {_FONT}>'
            f"{_tick_text(tick)}</text>"
        )
    parts.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{frame.width}" height="{frame.height}" '
        'fill="none" stroke="#000000"/>'
    )
    parts.append(
        f'<text x="{LEFT + frame.width / 2:.0f}" y="{HEIGHT - 10}" text-anchor="middle" '
        f'font-size="12" {_FONT}>{escape(chart.x_label)}</text>'
    )
    parts.append(
        f'<text x="16" y="{TOP + frame.height / 2:.0f}" text-anchor="middle" font-size="12" '
        f'transform="rotate(-90 16 {TOP + frame.height / 2:.0f})" {_FONT}>'
        f"{escape(chart.y_label)}</text>"
    )
    for k, series in enumerate(chart.series):
        color = COLORS[k % len(COLORS)]
        points = [frame.point(x, y) for x, y in series.points if math.isfinite(y)]
        dash = ' stroke-dasharray="6,4"' if series.dashed else ""
        text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline points="{text}" fill="none" stroke="{color}" stroke-width="1.8"{dash}/>'
        )
        if series.markers and len(points) <= 200:
            parts += [
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{color}"/>' for x, y in points
            ]
        ly = TOP + 14 + 20 * k
        parts.append(
            f'<line x1="{right + 12}" y1="{ly}" x2="{right + 36}" y2="{ly}" stroke="{color}" '
            f'stroke-width="1.8"{dash}/>'
        )
        parts.append(
            f'<text x="{right + 42}" y="{ly + 4}" font-size="12" {_FONT}>'
            f"{escape(series.name)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _rgb(color: str) -> tuple[int, int, int]:
    text = hex_color(color)
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def chart_png(chart: LineChart) -> bytes:
    """The chart as PNG bytes."""
    frame = _Frame(chart)
    canvas = Canvas(WIDTH, HEIGHT)
    black, grey = (0, 0, 0), (224, 224, 224)
    bottom, right = TOP + frame.height, LEFT + frame.width
    canvas.text(WIDTH / 2 - 4 * len(chart.title), 8, chart.title)
    for tick in _ticks(frame.y_low, frame.y_high):
        _, y = frame.point(frame.x_low, tick)
        canvas.line((LEFT, y), (right, y), grey)
        label = _tick_text(tick)
        canvas.text(LEFT - 6 - 8 * len(label), y - 6, label)
    for tick in _ticks(frame.x_low, frame.x_high):
        x, _ = frame.point(tick, frame.y_low)
        label = _tick_text(tick)
        canvas.text(x - 4 * len(label), bottom + 6, label)
    canvas.polyline(
        [(LEFT, TOP), (right, TOP), (right, bottom), (LEFT, bottom), (LEFT, TOP)], black
    )
    canvas.text(LEFT + frame.width / 2 - 4 * len(chart.x_label), HEIGHT - 20, chart.x_label)
    canvas.text(4, TOP - 18, chart.y_label)
    for k, series in enumerate(chart.series):
        color = _rgb(COLORS[k % len(COLORS)])
        points = [frame.point(x, y) for x, y in series.points if math.isfinite(y)]
        dash = (6.0, 4.0) if series.dashed else None
        canvas.polyline(points, color, 2.0, dash)
        if series.markers and len(points) <= 200:
            for x, y in points:
                canvas.fill_rect(round(x) - 2, round(y) - 2, round(x) + 2, round(y) + 2, color)
        ly = TOP + 14 + 20 * k
        canvas.line((right + 12, ly), (right + 36, ly), color, 2.0, dash)
        canvas.text(right + 42, ly - 6, series.name)
    return encode_png(canvas)


def write_chart(
    chart: LineChart, path: str | Path, *, inputs: Sequence[str] = (), force: bool = False
) -> None:
    """Write the chart to a ``.svg`` or ``.png`` file (never over one of ``inputs``).

    Raises
    ------
    InvalidParameterError
        For another suffix.
    OutputError
        When ``path`` is an input (unless ``force``) or cannot be written.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in CHART_FORMATS:
        raise InvalidParameterError(f"-o {path}: a chart is written as .svg or .png")
    data = chart_svg(chart).encode("utf-8") if suffix == ".svg" else chart_png(chart)
    write_file(path, data, inputs=inputs, force=force)
