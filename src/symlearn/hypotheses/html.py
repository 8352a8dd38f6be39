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

__all__ = ["SHOWN_LINES", "html_block"]

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
