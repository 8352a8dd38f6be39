"""HTML for notebooks: how a hypothesis or a result shows itself in Jupyter.

IPython displays an object through its ``_repr_html_`` (and ``_repr_svg_``,
``_repr_latex_``) methods.  Hypotheses show their clauses and structure as
text in a ``<pre>`` block (:func:`html_block`); pictures (trees, lattices,
networks) come from :mod:`symlearn.render.display`, which the result objects
of the learners call, since a hypothesis never depends on the drawing code.

Examples
--------
>>> print(html_block("rules for t/1", ["t(a).", "t(b) :- x < 3."]))
<div class="symlearn"><p><b>rules for t/1</b></p><pre>t(a).
t(b) :- x &lt; 3.</pre></div>
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

__all__ = ["SHOWN_LINES", "bar_chart_svg", "html_block", "probabilities_html"]

#: Lines shown before the rest is summarised (a notebook cell stays readable).
SHOWN_LINES = 200


def html_block(
    title: str, lines: Sequence[str], picture: str = "", limit: int = SHOWN_LINES
) -> str:
    """A titled block: an optional picture (SVG markup), then ``lines`` as preformatted text.

    Parameters
    ----------
    title
        The heading (escaped).
    lines
        The text, one line each (escaped); past ``limit`` lines the rest is
        summarised as ``... N more lines``.
    picture
        SVG (or other HTML) markup shown as it is, between the title and the text.
    limit
        How many lines to show.
    """
    shown = [escape(line) for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"... {len(lines) - limit} more lines")
    text = f"<pre>{chr(10).join(shown)}</pre>" if shown else ""
    return f'<div class="symlearn"><p><b>{escape(title)}</b></p>{picture}{text}</div>'


def bar_chart_svg(values: Sequence[tuple[str, float]], width: int = 240) -> str:
    """Horizontal bars of probabilities in [0, 1], each labelled with its name and value.

    >>> svg = bar_chart_svg([("burglary", 0.2842), ("alarm", 0.7607)])
    >>> svg.count("<rect"), "0.7607" in svg
    (4, True)
    """
    label_width = 8 * max((len(name) for name, _ in values), default=1) + 8
    row = 20
    height = row * len(values) + 4
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_width + width + 60}" '
        f'height="{height}" font-family="sans-serif" font-size="12">'
    ]
    for i, (name, value) in enumerate(values):
        y = 2 + i * row
        bar = max(0.0, min(1.0, value)) * width
        parts += [
            f'<text x="{label_width - 6}" y="{y + 14}" text-anchor="end">{escape(name)}</text>',
            f'<rect x="{label_width}" y="{y + 3}" width="{width}" height="14" fill="#eee"/>',
            f'<rect x="{label_width}" y="{y + 3}" width="{bar:.1f}" height="14" fill="#4c72b0"/>',
            f'<text x="{label_width + width + 4}" y="{y + 14}">{value:.4f}</text>',
        ]
    return "".join([*parts, "</svg>"])


def probabilities_html(title: str, lines: Sequence[str], probabilities: dict[str, float]) -> str:
    """A marginal task's answer in a notebook: the probabilities as bars, then the report."""
    bars = bar_chart_svg(list(probabilities.items())) if probabilities else ""
    return html_block(title, lines, bars)
