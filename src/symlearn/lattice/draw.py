"""Lattices as pictures (through :mod:`symlearn.render`) and as JSON.

:func:`lattice_drawing` turns a lattice from :mod:`symlearn.lattice.hasse`
into a :class:`~symlearn.render.GraphSpec` (:func:`lattice_spec` is its
spec): one box per hypothesis labelled with its tuple, ranked by generality
with ∅ (and S) at the bottom and the most general hypotheses (and G) at the
top, plain lines between immediate neighbours, S filled light blue, G light
yellow, a hypothesis in both pale green, and (when the whole of H is drawn)
the other members of the version space lavender.

Large lattices stay readable:

* a generality level wider than ``row_width`` boxes wraps onto several rows
  (EnjoySport's H has 324 hypotheses with three ``?``: 27 rows of 12, not one
  strip 40,000 pixels wide);
* above ``max_boxes`` hypotheses the picture is a summary: S, G, the rest of
  the version space, the most general hypothesis and ∅ keep their own boxes
  (as many as fit), and every other hypothesis is counted in one dashed box
  per generality level, joined to its neighbours by one line per pair of
  boxes that the Hasse diagram joins.  The :class:`LatticeDrawing` says what
  was left out; the JSON always holds the whole lattice.

:func:`lattice_to_json` gives the node-link JSON of DESIGN.md section 3 (keys
``nodes``, ``edges``, ``S``, ``G``).

Examples
--------
>>> from symlearn.hypotheses import Conjunction, ConjunctionSpace
>>> from symlearn.hypotheses.version_space import VersionSpace
>>> from symlearn.lattice.hasse import version_space_lattice
>>> space = ConjunctionSpace("t", ("a", "b"), (("x", "y"), ("u", "v")))
>>> vs = VersionSpace(space, (Conjunction(("x", "u")),), (Conjunction(("x", "?")),))
>>> data = lattice_to_json(version_space_lattice(vs))
>>> [n["label"] for n in data["nodes"]], data["edges"], data["S"], data["G"]
(['<x, ?>', '<x, u>'], [{'source': 'h0', 'target': 'h1'}], ['h1'], ['h0'])
>>> lattice_spec(version_space_lattice(vs)).node("h1").color
'lightblue'
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from symlearn.lattice.hasse import node_ids
from symlearn.render import Edge, GraphSpec, Node

__all__ = [
    "BOUNDARY_COLORS",
    "MAX_BOXES",
    "ROW_WIDTH",
    "LatticeDrawing",
    "lattice_drawing",
    "lattice_spec",
    "lattice_to_json",
]

#: Fill colours by boundary.
BOUNDARY_COLORS = {"S": "lightblue", "G": "lightyellow", "S,G": "palegreen"}
#: Fill colour of version-space members that are on neither boundary (whole-H pictures).
MEMBER_COLOR = "lavender"
#: At most this many boxes share a row; a wider generality level wraps.
ROW_WIDTH = 12
#: Above this many hypotheses a lattice is drawn as a summary.
MAX_BOXES = 120


def _title(graph: nx.DiGraph) -> str:
    what = "version space" if graph.graph.get("kind") == "version" else "hypothesis space"
    target = f"{graph.graph.get('target', '?')}/{graph.graph.get('arity', '?')}"
    legend = "S blue, G yellow"
    if graph.graph.get("kind") == "hypothesis" and graph.graph.get("S"):
        legend += ", version space lavender"
    return f"{what} of {target}: {graph.number_of_nodes()} hypotheses ({legend})"


@dataclass(frozen=True)
class LatticeDrawing:
    """The picture of a lattice and what it leaves out.

    Attributes
    ----------
    spec
        What to draw.
    hypotheses, edges
        The lattice's numbers of hypotheses and Hasse edges.
    boxed
        How many hypotheses have their own box.
    level_boxes
        How many dashed boxes count the others (one per generality level).
    edges_drawn
        How many Hasse edges are drawn as lines between two boxed hypotheses.
    """

    spec: GraphSpec
    hypotheses: int
    edges: int
    boxed: int
    level_boxes: int
    edges_drawn: int

    @property
    def summarised(self) -> int:
        """How many hypotheses are counted in level boxes rather than drawn."""
        return self.hypotheses - self.boxed

    def notes(self) -> list[str]:
        """What the picture leaves out, in words (nothing for a complete picture)."""
        if not self.summarised:
            return []
        return [
            f"the picture is a summary: {self.boxed} of {self.hypotheses} hypotheses have "
            f"their own box, the other {self.summarised} are counted in {self.level_boxes} "
            f"dashed boxes, one per generality level; {self.edges_drawn} of the {self.edges} "
            "Hasse edges join two boxed hypotheses, the rest are drawn as one line per pair "
            "of boxes (the JSON has every node and edge)"
        ]

    def to_dict(self) -> dict[str, Any]:
        """The numbers above as JSON (``summarised`` included)."""
        return {
            "hypotheses": self.hypotheses,
            "boxed": self.boxed,
            "summarised": self.summarised,
            "level_boxes": self.level_boxes,
            "edges": self.edges,
            "edges_drawn": self.edges_drawn,
        }


def _boxed(graph: nx.DiGraph, ids: dict[Any, str], max_boxes: int) -> set[Hashable]:
    """The hypotheses that keep their own box: all, or S and G, the version space, the ends."""
    if graph.number_of_nodes() <= max_boxes:
        return set(graph.nodes)
    order = sorted(graph.nodes, key=lambda h: int(ids[h][1:]))  # the most general first
    boundaries = [h for h in order if graph.nodes[h]["boundary"]]
    members = [h for h in order if graph.nodes[h]["in_version_space"]]
    chosen = dict.fromkeys([*boundaries, *members, order[0], order[-1]])
    return set(list(chosen)[:max_boxes])


def _node(graph: nx.DiGraph, h: Hashable, node_id: str, rank: int) -> Node:
    data = graph.nodes[h]
    color = BOUNDARY_COLORS.get(data["boundary"])
    if color is None and data["in_version_space"] and graph.graph.get("kind") == "hypothesis":
        color = MEMBER_COLOR
    style = "bold" if data["boundary"] else ""
    return Node(node_id, data["label"], style=style, color=color, rank=rank)


def _level_box(graph: nx.DiGraph, level: int, hidden: list[Hashable], rank: int) -> Node:
    members = sum(1 for h in hidden if graph.nodes[h]["in_version_space"])
    what = "hypothesis" if len(hidden) == 1 else "hypotheses"
    questions = f" ({level - 1} ?)" if level > 0 else " (∅)"
    label = f"{len(hidden)} more {what}\nat generality level {level}{questions}"
    if members and graph.graph.get("kind") == "hypothesis":
        label += f"\n({members} in the version space)"
    return Node(f"level{level}", label, style="dashed,rounded", rank=rank)


def lattice_drawing(
    graph: nx.DiGraph,
    title: str | None = None,
    *,
    max_boxes: int = MAX_BOXES,
    row_width: int = ROW_WIDTH,
) -> LatticeDrawing:
    """The picture of a lattice: S at the bottom, G at the top (see the module docstring).

    Parameters
    ----------
    graph
        A lattice from :mod:`symlearn.lattice.hasse`.
    title
        The caption; by default what was drawn and the colours' legend.
    max_boxes
        Above this many hypotheses, draw the summary picture.
    row_width
        The most boxes in one row; a wider generality level wraps.

    Returns
    -------
    LatticeDrawing
    """
    ids = node_ids(graph)
    boxed = _boxed(graph, ids, max_boxes)
    by_level: dict[int, list[Hashable]] = {}
    for h in sorted(graph.nodes, key=lambda h: int(ids[h][1:])):
        by_level.setdefault(graph.nodes[h]["level"], []).append(h)
    nodes: list[Node] = []
    group: dict[Hashable, str] = {}
    rank = 0
    for level in sorted(by_level):  # bottom (∅) first: rank 0 is the bottom row
        members = by_level[level]
        row = [_node(graph, h, ids[h], 0) for h in members if h in boxed]
        hidden = [h for h in members if h not in boxed]
        if hidden:
            row.append(_level_box(graph, level, hidden, 0))
        for position, node in enumerate(row):
            nodes.append(
                Node(
                    node.id,
                    node.label,
                    node.shape,
                    node.style,
                    node.color,
                    rank + position // row_width,
                )
            )
        rank += -(-len(row) // row_width)
        group.update({h: ids[h] if h in boxed else f"level{level}" for h in members})
    # lines from the specific to the general end: upwards, as the rows are drawn bottom-up
    pairs = dict.fromkeys((group[b], group[a]) for a, b in graph.edges if group[a] != group[b])
    order = {node.id: i for i, node in enumerate(nodes)}
    edges = sorted(
        (Edge(s, t) for s, t in pairs), key=lambda e: (order[e.source], order[e.target])
    )
    if title is None:
        title = _title(graph)
        if len(boxed) < graph.number_of_nodes():
            title += f"; {len(boxed)} drawn, the rest counted by level"
    spec = GraphSpec(tuple(nodes), tuple(edges), rankdir="BT", title=title, directed=False)
    return LatticeDrawing(
        spec,
        graph.number_of_nodes(),
        graph.number_of_edges(),
        len(boxed),
        sum(1 for node in nodes if node.id.startswith("level")),
        sum(1 for a, b in graph.edges if a in boxed and b in boxed),
    )


def lattice_spec(graph: nx.DiGraph, title: str | None = None) -> GraphSpec:
    """The picture of a lattice (:func:`lattice_drawing` with the default limits)."""
    return lattice_drawing(graph, title).spec


def lattice_to_json(graph: nx.DiGraph, target: str | None = None) -> dict[str, Any]:
    """Node-link JSON: ``nodes``, ``edges`` (general -> specific), ``S`` and ``G`` (node ids).

    Each node has ``id``, ``label`` (the tuple), ``hypothesis`` (its clauses, or
    ``["false"]``), ``level``, ``boundary`` and ``in_version_space``.
    """
    ids = node_ids(graph)
    name = target or graph.graph.get("target", "h")
    nodes = []
    for h, node_id in sorted(ids.items(), key=lambda item: int(item[1][1:])):
        data = graph.nodes[h]
        nodes.append(
            {
                "id": node_id,
                "label": data["label"],
                "hypothesis": h.clause_texts(name),
                "level": data["level"],
                "boundary": data["boundary"],
                "in_version_space": data["in_version_space"],
            }
        )
    edges = sorted(
        ({"source": ids[a], "target": ids[b]} for a, b in graph.edges),
        key=lambda e: (int(e["source"][1:]), int(e["target"][1:])),
    )
    return {
        "kind": graph.graph.get("kind"),
        "target": f"{name}/{graph.graph.get('arity', '?')}",
        "nodes": nodes,
        "edges": edges,
        "S": [ids[h] for h in graph.graph.get("S", []) if h in ids],
        "G": [ids[h] for h in graph.graph.get("G", []) if h in ids],
    }
