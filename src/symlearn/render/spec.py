"""What a drawing shows: nodes, edges and a few layout hints, independent of any renderer.

A :class:`GraphSpec` is the one input of every renderer in
:mod:`symlearn.render`: :func:`~symlearn.render.dot.to_dot` writes it as
graphviz DOT text, and :func:`~symlearn.render.write_graph` draws it as SVG or
PNG (through graphviz's ``dot`` when it is installed, else through the
pure-Python layered layout of :mod:`symlearn.render.layout`).  Lattices, decision
trees and belief networks all build one.

Styles and colours mean the same to both renderers, so only a small vocabulary
is accepted (checked when the spec is built):

- node ``shape``: ``box``, ``ellipse``, ``circle``, ``plaintext``;
- ``style``: comma-separated words from ``filled``, ``rounded``, ``bold``,
  ``dashed``, ``dotted`` (``filled`` is implied by a node ``color``);
- ``color``: a name from :data:`COLORS` or ``#rrggbb``; for a node it is the
  fill colour, for an edge the line colour;
- ``rank``: nodes with equal rank share a row, smaller ranks nearer the start
  of ``rankdir`` (the top for ``"TB"``, the bottom for ``"BT"``); ranks are used
  only when every node has one.

Examples
--------
>>> spec = GraphSpec(
...     nodes=(Node("a", "<?, ?>", color="lightyellow"), Node("b", "<x, ?>")),
...     edges=(Edge("a", "b"),),
...     directed=False,
... )
>>> [n.id for n in spec.nodes], spec.node("b").label
(['a', 'b'], '<x, ?>')
>>> Node("c", "c", shape="hexagon")
Traceback (most recent call last):
...
ValueError: unknown node shape 'hexagon' (known: box, circle, ellipse, plaintext)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["COLORS", "EDGE_STYLES", "NODE_SHAPES", "NODE_STYLES", "Edge", "GraphSpec", "Node"]

#: Node shapes both renderers draw.
NODE_SHAPES = frozenset({"box", "ellipse", "circle", "plaintext"})
#: Node style words.
NODE_STYLES = frozenset({"filled", "rounded", "bold", "dashed", "dotted"})
#: Edge style words.
EDGE_STYLES = frozenset({"bold", "dashed", "dotted"})

#: Colour names (X11 names, as graphviz knows them) -> ``#rrggbb``.
COLORS: dict[str, str] = {
    "black": "#000000",
    "white": "#ffffff",
    "gray": "#bebebe",
    "grey": "#bebebe",
    "lightgray": "#d3d3d3",
    "lightgrey": "#d3d3d3",
    "dimgray": "#696969",
    "red": "#ff0000",
    "green": "#00ff00",
    "blue": "#0000ff",
    "orange": "#ffa500",
    "gold": "#ffd700",
    "yellow": "#ffff00",
    "lightyellow": "#ffffe0",
    "lightblue": "#add8e6",
    "lightcyan": "#e0ffff",
    "lightpink": "#ffb6c1",
    "palegreen": "#98fb98",
    "lightgreen": "#90ee90",
    "lightsalmon": "#ffa07a",
    "navy": "#000080",
    "darkgreen": "#006400",
    "darkred": "#8b0000",
    "firebrick": "#b22222",
    "steelblue": "#4682b4",
    "wheat": "#f5deb3",
    "lavender": "#e6e6fa",
}


def hex_color(color: str) -> str:
    """Return ``color`` (a name from :data:`COLORS` or ``#rrggbb``) as ``#rrggbb``.

    Examples
    --------
    >>> hex_color("lightblue"), hex_color("#A0B0C0")
    ('#add8e6', '#a0b0c0')
    """
    if color.lower() in COLORS:
        return COLORS[color.lower()]
    text = color.lower()
    if len(text) == 7 and text[0] == "#" and all(c in "0123456789abcdef" for c in text[1:]):
        return text
    raise ValueError(f"unknown colour {color!r} (use #rrggbb or one of {', '.join(COLORS)})")


def _style_words(style: str, allowed: frozenset[str], what: str) -> tuple[str, ...]:
    words = tuple(w.strip() for w in style.split(",") if w.strip())
    unknown = [w for w in words if w not in allowed]
    if unknown:
        raise ValueError(
            f"unknown {what} style {unknown[0]!r} (known: {', '.join(sorted(allowed))})"
        )
    return words


@dataclass(frozen=True, slots=True)
class Node:
    r"""A node: an id (unique in its graph), a label (``\n`` separates lines) and looks.

    Parameters
    ----------
    id
        The node's identifier.
    label
        The text shown; lines are separated by ``"\n"``.
    shape
        One of :data:`NODE_SHAPES`.
    style
        Comma-separated words from :data:`NODE_STYLES`.
    color
        Fill colour (a name from :data:`COLORS` or ``#rrggbb``); implies ``filled``.
    rank
        Row of the node (see the module docstring), or None.
    """

    id: str
    label: str
    shape: str = "box"
    style: str = ""
    color: str | None = None
    rank: int | None = None

    def __post_init__(self) -> None:
        if self.shape not in NODE_SHAPES:
            raise ValueError(
                f"unknown node shape {self.shape!r} (known: {', '.join(sorted(NODE_SHAPES))})"
            )
        _style_words(self.style, NODE_STYLES, "node")
        if self.color is not None:
            hex_color(self.color)

    @property
    def styles(self) -> tuple[str, ...]:
        """The style words, with ``filled`` added when the node has a colour."""
        words = _style_words(self.style, NODE_STYLES, "node")
        if self.color is not None and "filled" not in words:
            words += ("filled",)
        return words

    @property
    def lines(self) -> list[str]:
        """The label's lines."""
        return self.label.split("\n")


@dataclass(frozen=True, slots=True)
class Edge:
    """An edge from ``source`` to ``target`` with an optional label and looks.

    Parameters
    ----------
    source, target
        Node ids.
    label
        Text written beside the edge.
    style
        Comma-separated words from :data:`EDGE_STYLES`.
    color
        Line colour, or None for black.
    """

    source: str
    target: str
    label: str = ""
    style: str = ""
    color: str | None = None

    def __post_init__(self) -> None:
        _style_words(self.style, EDGE_STYLES, "edge")
        if self.color is not None:
            hex_color(self.color)

    @property
    def styles(self) -> tuple[str, ...]:
        """The style words."""
        return _style_words(self.style, EDGE_STYLES, "edge")


@dataclass(frozen=True, slots=True)
class GraphSpec:
    """A graph to draw.

    Parameters
    ----------
    nodes
        The nodes, in the order renderers should prefer within a row.
    edges
        The edges; both ends must be node ids.
    rankdir
        ``"TB"`` (edges point down, sources at the top) or ``"BT"``.
    title
        A caption drawn above the graph, or empty.
    directed
        Draw arrowheads (True) or plain lines (False, e.g. Hasse diagrams).
    """

    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...] = ()
    rankdir: str = "TB"
    title: str = ""
    directed: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "nodes", tuple(self.nodes))
        object.__setattr__(self, "edges", tuple(self.edges))
        if self.rankdir not in ("TB", "BT"):
            raise ValueError(f"rankdir must be 'TB' or 'BT', not {self.rankdir!r}")
        ids = [n.id for n in self.nodes]
        if len(set(ids)) != len(ids):
            duplicate = next(i for i in ids if ids.count(i) > 1)
            raise ValueError(f"node id {duplicate!r} is used twice")
        known = set(ids)
        for edge in self.edges:
            for end in (edge.source, edge.target):
                if end not in known:
                    raise ValueError(f"edge {edge.source!r} -> {edge.target!r}: no node {end!r}")

    def node(self, node_id: str) -> Node:
        """The node with id ``node_id``."""
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(node_id)

    @property
    def ranked(self) -> bool:
        """True when every node has a rank (so the ranks fix the rows)."""
        return bool(self.nodes) and all(n.rank is not None for n in self.nodes)
