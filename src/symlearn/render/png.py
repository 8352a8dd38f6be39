r"""PNG pictures without dependencies: a small RGB canvas and a PNG encoder.

The canvas draws what the layered layout needs: filled and outlined polygons
(boxes, rounded boxes, ellipses, arrowheads), antialiased lines (Xiaolin Wu's
algorithm), dashes, and text in the built-in bitmap font of
:mod:`symlearn.render.font`.  :func:`encode_png` writes 8-bit RGB PNG data with
:mod:`zlib` and :mod:`struct` (PNG specification, W3C 2003).

Examples
--------
>>> canvas = Canvas(4, 3)
>>> canvas.fill_rect(1, 1, 2, 1, (255, 0, 0))
>>> canvas.pixel(1, 1), canvas.pixel(0, 0)
((255, 0, 0), (255, 255, 255))
>>> data = encode_png(canvas)
>>> data[:8] == b"\x89PNG\r\n\x1a\n", decode_png_size(data)
(True, (4, 3))
"""

from __future__ import annotations

import itertools
import math
import struct
import zlib
from collections.abc import Sequence

from symlearn.errors import InvalidParameterError
from symlearn.render.font import CELL_HEIGHT, CELL_WIDTH, GLYPH_HEIGHT, glyph
from symlearn.render.layout import Box, EdgePath, Layout, Metrics, layout
from symlearn.render.spec import GraphSpec, hex_color

__all__ = ["PNG_METRICS", "Canvas", "decode_png_size", "encode_png", "to_png"]

Color = tuple[int, int, int]
Point = tuple[float, float]

#: Text scale of PNG pictures: each font pixel is a SCALE x SCALE square.
SCALE = 2
#: Metrics matching the bitmap font at :data:`SCALE`.
PNG_METRICS = Metrics(
    char_width=CELL_WIDTH * SCALE,
    line_height=CELL_HEIGHT * SCALE,
    pad_x=12.0,
    pad_y=8.0,
    node_gap=32.0,
    layer_gap=56.0,
    margin=20.0,
    label_char_width=CELL_WIDTH * SCALE,
    label_line_height=CELL_HEIGHT * SCALE,
)
#: Largest picture drawn, in pixels (about 1 GB of memory would be needed at 100 M).
MAX_PIXELS = 60_000_000

BLACK: Color = (0, 0, 0)
WHITE: Color = (255, 255, 255)


def _rgb(color: str) -> Color:
    text = hex_color(color)
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


class Canvas:
    """A white RGB picture of ``width`` x ``height`` pixels."""

    def __init__(self, width: int, height: int) -> None:
        if width * height > MAX_PIXELS:
            raise InvalidParameterError(
                f"a {width}x{height} picture is too large to draw as PNG; "
                "write .svg or .dot instead, or draw fewer nodes"
            )
        self.width = width
        self.height = height
        self.data = bytearray(b"\xff" * (width * height * 3))

    def pixel(self, x: int, y: int) -> Color:
        """The colour at ``(x, y)``."""
        i = (y * self.width + x) * 3
        return self.data[i], self.data[i + 1], self.data[i + 2]

    def blend(self, x: int, y: int, color: Color, alpha: float = 1.0) -> None:
        """Paint ``(x, y)`` with ``color`` at opacity ``alpha`` (ignored outside)."""
        if not (0 <= x < self.width and 0 <= y < self.height) or alpha <= 0:
            return
        i = (y * self.width + x) * 3
        if alpha >= 1:
            self.data[i : i + 3] = bytes(color)
            return
        for k in range(3):
            self.data[i + k] = round(self.data[i + k] * (1 - alpha) + color[k] * alpha)

    def fill_rect(self, x0: int, y0: int, x1: int, y1: int, color: Color) -> None:
        """Fill the rectangle with corners ``(x0, y0)`` and ``(x1, y1)`` (inclusive)."""
        x0, x1 = max(min(x0, x1), 0), min(max(x0, x1), self.width - 1)
        y0, y1 = max(min(y0, y1), 0), min(max(y0, y1), self.height - 1)
        if x0 > x1:
            return
        span = bytes(color) * (x1 - x0 + 1)
        for y in range(y0, y1 + 1):
            start = (y * self.width + x0) * 3
            self.data[start : start + len(span)] = span

    def fill_polygon(self, points: Sequence[Point], color: Color) -> None:
        """Fill a polygon (even-odd rule, pixel centres)."""
        if len(points) < 3:
            return
        ys = [p[1] for p in points]
        top, bottom = max(math.floor(min(ys)), 0), min(math.ceil(max(ys)), self.height - 1)
        edges = list(zip(points, [*points[1:], points[0]]))
        for y in range(top, bottom + 1):
            cy = y + 0.5
            xs = sorted(
                x0 + (cy - y0) * (x1 - x0) / (y1 - y0)
                for (x0, y0), (x1, y1) in edges
                if (y0 <= cy < y1) or (y1 <= cy < y0)
            )
            for left, right in zip(xs[::2], xs[1::2]):
                self.fill_rect(math.ceil(left - 0.5), y, math.floor(right - 0.5), y, color)

    def line(
        self,
        a: Point,
        b: Point,
        color: Color = BLACK,
        width: float = 1.0,
        dash: tuple[float, float] | None = None,
    ) -> None:
        """Draw an antialiased segment, optionally dashed (``(on, off)`` lengths)."""
        length = math.dist(a, b)
        if dash is None or length == 0:
            self._wu(a, b, color, width)
            return
        on, off = dash
        t = 0.0
        while t < length:
            t1 = min(t + on, length)
            p = (a[0] + (b[0] - a[0]) * t / length, a[1] + (b[1] - a[1]) * t / length)
            q = (a[0] + (b[0] - a[0]) * t1 / length, a[1] + (b[1] - a[1]) * t1 / length)
            self._wu(p, q, color, width)
            t = t1 + off

    def _wu(self, a: Point, b: Point, color: Color, width: float) -> None:
        (x0, y0), (x1, y1) = a, b
        steep = abs(y1 - y0) > abs(x1 - x0)
        if steep:
            x0, y0, x1, y1 = y0, x0, y1, x1
        if x0 > x1:
            x0, x1, y0, y1 = x1, x0, y1, y0
        dx = x1 - x0
        gradient = (y1 - y0) / dx if dx else 0.0
        half = (width - 1) / 2
        for x in range(round(x0), round(x1) + 1):
            y = y0 + gradient * (x - x0) - half
            base = math.floor(y)
            frac = y - base
            cells = [(base, 1 - frac)]
            cells += [(base + k, 1.0) for k in range(1, math.ceil(width))]
            cells.append((base + math.ceil(width), frac))
            for yy, alpha in cells:
                if steep:
                    self.blend(yy, x, color, alpha)
                else:
                    self.blend(x, yy, color, alpha)

    def polyline(
        self,
        points: Sequence[Point],
        color: Color = BLACK,
        width: float = 1.0,
        dash: tuple[float, float] | None = None,
    ) -> None:
        """Draw connected segments through ``points``."""
        for a, b in itertools.pairwise(points):
            self.line(a, b, color, width, dash)

    def text(self, x: float, y: float, text: str, color: Color = BLACK, scale: int = 1) -> None:
        """Write ``text`` with its top-left corner at ``(x, y)``."""
        x0, y0 = round(x), round(y)
        for k, char in enumerate(text):
            rows = glyph(char)
            left = x0 + k * CELL_WIDTH * scale
            for r, row in enumerate(rows):
                for c, ink in enumerate(row):
                    if ink:
                        px, py = left + c * scale, y0 + r * scale
                        self.fill_rect(px, py, px + scale - 1, py + scale - 1, color)


def _chunk(kind: bytes, payload: bytes) -> bytes:
    return (
        struct.pack(">I", len(payload))
        + kind
        + payload
        + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)
    )


def encode_png(canvas: Canvas) -> bytes:
    """The PNG file (8-bit RGB, no interlace) of ``canvas``."""
    stride = canvas.width * 3
    raw = bytearray()
    for y in range(canvas.height):
        raw.append(0)  # filter type None
        raw += canvas.data[y * stride : (y + 1) * stride]
    header = struct.pack(">IIBBBBB", canvas.width, canvas.height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(raw), 6))
        + _chunk(b"IEND", b"")
    )


def decode_png_size(data: bytes) -> tuple[int, int]:
    """The width and height recorded in a PNG file's header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _outline(box: Box) -> list[Point]:
    """The border of a node as a polygon."""
    assert box.node is not None
    cx, cy, hw, hh = box.x, box.y, box.width / 2, box.height / 2
    if box.node.shape in ("ellipse", "circle"):
        return [
            (cx + hw * math.cos(2 * math.pi * k / 96), cy + hh * math.sin(2 * math.pi * k / 96))
            for k in range(96)
        ]
    if "rounded" in box.node.styles:
        r = min(8.0, hw, hh)
        points: list[Point] = []
        for (ox, oy), start in (
            ((cx + hw - r, cy - hh + r), -90),
            ((cx + hw - r, cy + hh - r), 0),
            ((cx - hw + r, cy + hh - r), 90),
            ((cx - hw + r, cy - hh + r), 180),
        ):
            for k in range(7):
                angle = math.radians(start + 15 * k)
                points.append((ox + r * math.cos(angle), oy + r * math.sin(angle)))
        return points
    return [(cx - hw, cy - hh), (cx + hw, cy - hh), (cx + hw, cy + hh), (cx - hw, cy + hh)]


def _dash(styles: tuple[str, ...]) -> tuple[float, float] | None:
    if "dashed" in styles:
        return (8.0, 5.0)
    if "dotted" in styles:
        return (2.0, 4.0)
    return None


def _draw_node(canvas: Canvas, box: Box, metrics: Metrics) -> None:
    node = box.node
    assert node is not None
    polygon = _outline(box)
    styles = node.styles
    if node.color is not None:
        canvas.fill_polygon(polygon, _rgb(node.color))
    elif "filled" in styles:
        canvas.fill_polygon(polygon, _rgb("lightgrey"))
    else:
        canvas.fill_polygon(polygon, WHITE)
    if node.shape != "plaintext":
        width = 2.5 if "bold" in styles else 1.2
        canvas.polyline([*polygon, polygon[0]], BLACK, width, _dash(styles))
    lines = node.lines
    glyph_h = GLYPH_HEIGHT * SCALE
    top = box.y - len(lines) * metrics.line_height / 2
    for k, line in enumerate(lines):
        x = box.x - len(line) * metrics.char_width / 2 + SCALE / 2
        y = top + k * metrics.line_height + (metrics.line_height - glyph_h) / 2 + SCALE
        canvas.text(x, y, line, BLACK, SCALE)


def _arrowhead(canvas: Canvas, tail: Point, tip: Point, color: Color) -> None:
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    size, half = 12.0, 5.0
    base = (tip[0] - ux * size, tip[1] - uy * size)
    canvas.fill_polygon(
        [
            tip,
            (base[0] - uy * half, base[1] + ux * half),
            (base[0] + uy * half, base[1] - ux * half),
        ],
        color,
    )


def _draw_edge(canvas: Canvas, path: EdgePath, directed: bool, metrics: Metrics) -> None:
    color = _rgb(path.edge.color) if path.edge.color else BLACK
    styles = path.edge.styles
    width = 2.5 if "bold" in styles else 1.3
    points = list(path.points)
    if directed and len(points) >= 2:
        tail, tip = points[-2], points[-1]
        length = math.dist(tail, tip) or 1.0
        shortened = (
            tip[0] - (tip[0] - tail[0]) * 8 / length,
            tip[1] - (tip[1] - tail[1]) * 8 / length,
        )
        canvas.polyline([*points[:-1], shortened], color, width, _dash(styles))
        _arrowhead(canvas, tail, tip, color)
    else:
        canvas.polyline(points, color, width, _dash(styles))
    if path.label_at is not None:
        x, y = path.label_at
        text = path.edge.label
        w = len(text) * metrics.label_char_width
        h = metrics.label_line_height
        canvas.fill_rect(
            round(x - w / 2 - 3), round(y - h / 2), round(x + w / 2 + 3), round(y + h / 2), WHITE
        )
        canvas.text(
            x - w / 2 + SCALE / 2, y - GLYPH_HEIGHT * SCALE / 2 + SCALE, text, BLACK, SCALE
        )


def layout_to_png(placed: Layout, directed: bool, metrics: Metrics = PNG_METRICS) -> bytes:
    """PNG bytes of a computed layout."""
    canvas = Canvas(math.ceil(placed.width), math.ceil(placed.height))
    if placed.title and placed.title_at is not None:
        x, y = placed.title_at
        w = len(placed.title) * metrics.char_width
        canvas.text(x - w / 2, y - GLYPH_HEIGHT * SCALE / 2, placed.title, BLACK, SCALE)
    for path in placed.edges:
        _draw_edge(canvas, path, directed, metrics)
    for box in placed.boxes.values():
        _draw_node(canvas, box, metrics)
    return encode_png(canvas)


def to_png(spec: GraphSpec) -> bytes:
    """Lay out ``spec`` and return it as PNG bytes (no graphviz needed)."""
    return layout_to_png(layout(spec, PNG_METRICS), spec.directed, PNG_METRICS)
