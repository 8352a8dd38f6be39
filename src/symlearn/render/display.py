r"""Pictures in Jupyter: SVG of any drawing spec, and of trees and one-attribute rule sets.

IPython shows an object with a ``_repr_svg_`` method as a picture and one with
``_repr_html_`` as HTML.  symlearn's objects do so themselves:

* hypotheses (:class:`~symlearn.hypotheses.decision_tree.DecisionTree`,
  :class:`~symlearn.hypotheses.rule_set.RuleSet`,
  :class:`~symlearn.hypotheses.theory.Theory`,
  :class:`~symlearn.hypotheses.version_space.VersionSpace`) as HTML text,
  since they never depend on the drawing code;
* the learners' results as HTML: the picture (a tree, a network) above the
  report ``symlearn learn`` prints; a learned belief network and a lattice as
  pictures.

The helpers here are what those methods call, and what a notebook calls to
draw a hypothesis it holds:

* :func:`svg`: SVG markup of a :class:`~symlearn.render.GraphSpec`
  (graphviz when installed, else the pure-Python layout);
* :class:`Picture`: a spec that IPython shows as its picture;
* :func:`picture`: the :class:`Picture` of a tree, a one-attribute rule set
  (OneR's), a spec, or anything with a ``graph()`` method;
* :func:`drawing`: the SVG of a spec, or None when it cannot be drawn (what
  the ``_repr_svg_`` methods return).

Examples
--------
>>> from symlearn.render.spec import Edge, GraphSpec, Node
>>> shown = Picture(GraphSpec((Node("a", "<?, ?>"), Node("b", "<x, ?>")), (Edge("a", "b"),)),
...                 renderer="python")
>>> text = shown._repr_svg_()
>>> text.startswith("<svg") and "&lt;x, ?&gt;" in text
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.hypotheses.rule_set import RuleSet
from symlearn.render import render
from symlearn.render.spec import GraphSpec

__all__ = ["Picture", "drawing", "picture", "svg"]


def svg(spec: GraphSpec, renderer: str = "auto") -> str:
    """The SVG markup of ``spec``, without the XML prolog (so that HTML can hold it)."""
    data, _ = render(spec, "svg", renderer)
    text = data.decode("utf-8")
    start = text.find("<svg")
    return text[start:] if start >= 0 else text


@dataclass(frozen=True)
class Picture:
    """A drawing spec that IPython shows as its picture."""

    spec: GraphSpec
    renderer: str = "auto"

    def _repr_svg_(self) -> str:
        return svg(self.spec, self.renderer)


def picture(item: Any, title: str = "") -> Picture:
    """The picture of a decision tree, a one-attribute rule set, a spec, or a result.

    Raises
    ------
    InvalidParameterError
        For an object there is no picture of, a tree too big to draw, or a rule
        set over several attributes.
    """
    from symlearn.render.trees import rule_set_graph, tree_graph

    if isinstance(item, GraphSpec):
        return Picture(item)
    if isinstance(item, DecisionTree):
        return Picture(tree_graph(item, title))
    if isinstance(item, RuleSet):
        return Picture(rule_set_graph(item, title))
    if callable(getattr(item, "graph", None)):
        return Picture(item.graph())
    raise InvalidParameterError(f"there is no picture of a {type(item).__name__}")


def drawing(make: Callable[[], GraphSpec], renderer: str = "auto") -> str | None:
    """The SVG of the spec ``make()`` builds; None when it refuses (a tree too big to draw ...).

    What a ``_repr_svg_`` returns: IPython shows nothing for None and falls
    back to the object's other representations.
    """
    try:
        return svg(make(), renderer)
    except InvalidParameterError:
        return None
