"""Lattices as pictures (through :mod:`symlearn.render`) and as JSON.

:func:`lattice_spec` turns a lattice from :mod:`symlearn.lattice.hasse` into a
:class:`~symlearn.render.GraphSpec`: one box per hypothesis labelled with its
tuple, one row per generality level with ∅ (and S) at the bottom and the most
general hypotheses (and G) at the top, plain lines between immediate
neighbours, S filled light blue, G light yellow, a hypothesis in both pale
green, and (when the whole of H is drawn) the other members of the version
space lavender.

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

from typing import Any

import networkx as nx

from symlearn.lattice.hasse import node_ids
from symlearn.render import Edge, GraphSpec, Node

__all__ = ["BOUNDARY_COLORS", "lattice_spec", "lattice_to_json"]

#: Fill colours by boundary.
BOUNDARY_COLORS = {"S": "lightblue", "G": "lightyellow", "S,G": "palegreen"}
#: Fill colour of version-space members that are on neither boundary (whole-H pictures).
MEMBER_COLOR = "lavender"


def _title(graph: nx.DiGraph) -> str:
    what = "version space" if graph.graph.get("kind") == "version" else "hypothesis space"
    target = f"{graph.graph.get('target', '?')}/{graph.graph.get('arity', '?')}"
    legend = "S blue, G yellow"
    if graph.graph.get("kind") == "hypothesis" and graph.graph.get("S"):
        legend += ", version space lavender"
    return f"{what} of {target}: {graph.number_of_nodes()} hypotheses ({legend})"


def lattice_spec(graph: nx.DiGraph, title: str | None = None) -> GraphSpec:
    """The picture of a lattice: S at the bottom, G at the top (see the module docstring)."""
    ids = node_ids(graph)
    nodes = []
    for h, node_id in sorted(ids.items(), key=lambda item: int(item[1][1:])):
        data = graph.nodes[h]
        color = BOUNDARY_COLORS.get(data["boundary"])
        if color is None and data["in_version_space"] and graph.graph.get("kind") == "hypothesis":
            color = MEMBER_COLOR
        style = "bold" if data["boundary"] else ""
        nodes.append(Node(node_id, data["label"], style=style, color=color, rank=data["level"]))
    # edges from the specific to the general end: upwards, as the rows are drawn bottom-up
    edges = [Edge(ids[b], ids[a]) for a, b in graph.edges]
    edges.sort(key=lambda e: (int(e.source[1:]), int(e.target[1:])))
    return GraphSpec(
        tuple(nodes),
        tuple(edges),
        rankdir="BT",
        title=_title(graph) if title is None else title,
        directed=False,
    )


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
