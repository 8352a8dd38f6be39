"""SVG text of a :class:`~symlearn.render.layout.Layout` (the pure-Python SVG renderer).

Examples
--------
>>> from symlearn.render.spec import Edge, GraphSpec, Node
>>> spec = GraphSpec((Node("a", "<?, ?>", color="lightblue"), Node("b", "a & b")),
...                  (Edge("a", "b", label="x"),))
>>> text = to_svg(spec)
>>> text.startswith("<?xml") and "&lt;?, ?&gt;" in text and "a &amp; b" in text
True
"""

from __future__ import annotations

from html import escape as _html_escape

from symlearn.render.layout import Box, EdgePath, Layout, Metrics, layout
from symlearn.render.spec import GraphSpec, hex_color

__all__ = ["SVG_METRICS", "to_svg"]


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML entities (xml.sax.saxutils.escape, without its imports)."""
    return _html_escape(text, quote=False)


#: Metrics matching 13 px monospace text (a character is about 0.6 em wide).
SVG_METRICS = Metrics(char_width=7.9, line_height=16.0, label_char_width=6.7)
_FONT = 'font-family="DejaVu Sans Mono, Menlo, Consolas, monospace"'


def _dash(styles: tuple[str, ...]) -> str:
    if "dashed" in styles:
        return ' stroke-dasharray="6,4"'
    if "dotted" in styles:
        return ' stroke-dasharray="2,3"'
    return ""


def _node(box: Box, metrics: Metrics) -> list[str]:
    node = box.node
    assert node is not None
    styles = node.styles
    fill = hex_color(node.color) if node.color else "#ffffff"
    if "filled" in styles and node.color is None:
        fill = hex_color("lightgrey")
    stroke_width = 2.2 if "bold" in styles else 1.0
    attrs = f'fill="{fill}" stroke="#000000" stroke-width="{stroke_width}"{_dash(styles)}'
    x0, y0 = box.x - box.width / 2, box.y - box.height / 2
    parts = []
    if node.shape in ("ellipse", "circle"):
        parts.append(
            f'<ellipse cx="{box.x:.1f}" cy="{box.y:.1f}" rx="{box.width / 2:.1f}" '
            f'ry="{box.height / 2:.1f}" {attrs}/>'
        )
    elif node.shape == "box":
        radius = ' rx="6" ry="6"' if "rounded" in styles else ""
        parts.append(
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{box.width:.1f}" '
            f'height="{box.height:.1f}"{radius} {attrs}/>'
        )
    lines = node.lines
    first = box.y - (len(lines) - 1) * metrics.line_height / 2
    for k, line in enumerate(lines):
        parts.append(
            f'<text x="{box.x:.1f}" y="{first + k * metrics.line_height:.1f}" '
            f'text-anchor="middle" dominant-baseline="central" font-size="13" {_FONT}>'
            f"{escape(line)}</text>"
        )
    return parts


def _edge(path: EdgePath, directed: bool, metrics: Metrics) -> list[str]:
    colour = hex_color(path.edge.color) if path.edge.color else "#000000"
    styles = path.edge.styles
    width = 2.2 if "bold" in styles else 1.1
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in path.points)
    marker = ' marker-end="url(#arrow)"' if directed else ""
    parts = [
        f'<polyline points="{points}" fill="none" stroke="{colour}" '
        f'stroke-width="{width}"{_dash(styles)}{marker}/>'
    ]
    if path.label_at is not None:
        x, y = path.label_at
        text = path.edge.label
        w = len(text) * metrics.label_char_width + 4
        h = metrics.label_line_height
        parts.append(
            f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
            'fill="#ffffff" fill-opacity="0.85" stroke="none"/>'
        )
        parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="11" {_FONT}>{escape(text)}</text>'
        )
    return parts


def layout_to_svg(placed: Layout, directed: bool, metrics: Metrics = SVG_METRICS) -> str:
    """SVG text of a computed layout."""
    width, height = placed.width, placed.height
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" '
        'markerWidth="8" markerHeight="8" orient="auto-start-reverse">'
        '<path d="M 0 0 L 10 5 L 0 10 z" fill="#000000"/></marker></defs>',
        f'<rect width="{width:.1f}" height="{height:.1f}" fill="#ffffff"/>',
    ]
    if placed.title and placed.title_at is not None:
        x, y = placed.title_at
        parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="14" font-weight="bold" {_FONT}>{escape(placed.title)}</text>'
        )
    for path in placed.edges:
        parts += _edge(path, directed, metrics)
    for box in placed.boxes.values():
        parts += _node(box, metrics)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def to_svg(spec: GraphSpec) -> str:
    """Lay out ``spec`` and return it as SVG text (no graphviz needed)."""
    return layout_to_svg(layout(spec, SVG_METRICS), spec.directed, SVG_METRICS)
