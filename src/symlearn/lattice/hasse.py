"""Generality lattices: Hasse diagrams of hypothesis spaces and version spaces on networkx.

The more-general-than-or-equal relation is a partial order on H
(Mitchell 1997, section 2.3.1 and Figure 2.1).  Its
Hasse diagram has an edge g -> h exactly when g > h and nothing lies strictly
between them (h is an immediate specialisation of g).  :func:`hasse_diagram`
builds it for any finite set of hypotheses: the strict order as bit sets,
then its transitive reduction (b's upper covers are the members above b that
lie above no other member above b).  Within a version space "immediate" means
immediate among its members.

Nodes are the hypotheses themselves, with attributes ``label`` (the
hypothesis tuple, e.g. ``<sunny, ?>``), ``level`` (the generality level, for
conjunctions 0 for ∅ and 1 + the number of ``?`` otherwise), ``boundary``
(``"S"``, ``"G"``, ``"S,G"`` or ``""``) and ``in_version_space``.  Edges point
from the more general hypothesis to the more specific one.

A lattice larger than ``max_nodes`` is refused with its size and a hint: more
than a couple of hundred boxes do not make a readable picture.

Examples
--------
>>> from symlearn.hypotheses import ConjunctionSpace
>>> space = ConjunctionSpace("t", ("a", "b"), (("x", "y"), ("u",)))
>>> graph = hypothesis_space_lattice(space)
>>> graph.number_of_nodes(), graph.number_of_edges()
(7, 9)
>>> sorted(graph.nodes[h]["label"] for h in graph.successors(space.most_general()))
['<?, u>', '<x, ?>', '<y, ?>']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import networkx as nx

from symlearn.errors import HypothesisSpaceError, ResourceLimitError, require
from symlearn.hypotheses.base import Hypothesis
from symlearn.hypotheses.conjunction import Conjunction
from symlearn.hypotheses.generality import more_general_or_equal
from symlearn.hypotheses.space import ConjunctionSpace
from symlearn.hypotheses.version_space import VersionSpace

__all__ = [
    "DEFAULT_MAX_NODES",
    "hasse_diagram",
    "hypothesis_space_lattice",
    "version_space_lattice",
]

#: The largest lattice drawn unless told otherwise.
DEFAULT_MAX_NODES = 200


def _order_test(members: Sequence[Hypothesis]) -> Callable[[Any, Any], bool]:
    """``a >= b`` for the members: the syntactic test when they are all conjunctions."""
    if all(isinstance(h, Conjunction) for h in members):
        return Conjunction.is_more_general_or_equal
    return more_general_or_equal


def _level(h: Hypothesis) -> int:
    return h.generality if isinstance(h, Conjunction) else 0


def hasse_diagram(hypotheses: Iterable[Hypothesis]) -> nx.DiGraph:
    """The Hasse diagram of ``hypotheses`` under the generality order.

    Equivalent hypotheses (``a >= b`` and ``b >= a``) must not both be given.

    Examples
    --------
    >>> hs = [Conjunction(("?", "?")), Conjunction(("x", "?")), Conjunction(("x", "y"))]
    >>> sorted((str(a), str(b)) for a, b in hasse_diagram(hs).edges)
    [('<?, ?>', '<x, ?>'), ('<x, ?>', '<x, y>')]
    """
    require(hypotheses, Iterable, "hypotheses", "an iterable of hypotheses")
    members = list(dict.fromkeys(hypotheses))
    geq = _order_test(members)
    above = [0] * len(members)  # bit j of above[i]: members[j] > members[i]
    for i, a in enumerate(members):
        for j, b in enumerate(members):
            if i != j and geq(a, b):
                if geq(b, a):
                    raise HypothesisSpaceError(f"{a} and {b} are equivalent: give one of them")
                above[j] |= 1 << i
    reduced = nx.DiGraph()
    reduced.add_nodes_from(members)
    for i, b in enumerate(members):
        # the upper covers of b: members above b that are above nothing else above b
        through = 0
        rest = above[i]
        while rest:
            low = rest & -rest
            through |= above[low.bit_length() - 1]
            rest ^= low
        covers = above[i] & ~through
        while covers:
            low = covers & -covers
            reduced.add_edge(members[low.bit_length() - 1], b)
            covers ^= low
    for h in members:
        reduced.nodes[h].update(label=str(h), level=_level(h), boundary="", in_version_space=False)
    return reduced


def _mark(
    graph: nx.DiGraph,
    S: Sequence[Hypothesis],
    G: Sequence[Hypothesis],
    members: Iterable[Hypothesis],
) -> None:
    for h in members:
        if h in graph:
            graph.nodes[h]["in_version_space"] = True
    for name, boundary in (("S", S), ("G", G)):
        for h in boundary:
            if h in graph:
                old = graph.nodes[h]["boundary"]
                graph.nodes[h]["boundary"] = f"{old},{name}" if old else name
    graph.graph["S"] = list(S)
    graph.graph["G"] = list(G)


#: The largest lattice built whatever ``max_nodes`` says: the Hasse diagram keeps one
#: bit per ordered pair of hypotheses (50,000 of them: 300 MB) and compares every pair.
MAX_LATTICE_NODES = 50_000


def _refuse(what: str, size: int, max_nodes: int, hint: str) -> None:
    if size > MAX_LATTICE_NODES and max_nodes > MAX_LATTICE_NODES:
        raise ResourceLimitError(
            f"the {what} has {size} hypotheses; a lattice of more than "
            f"{MAX_LATTICE_NODES} needs more memory and time than symlearn allows "
            "(one bit and one comparison per pair of hypotheses)"
        )
    if size > max_nodes:
        if size > MAX_LATTICE_NODES:  # raising --max-nodes would not help
            hint = hint.replace(", or raise --max-nodes", "").replace(" or raise --max-nodes", "")
        raise HypothesisSpaceError(
            f"the {what} has {size} hypotheses, more than the {max_nodes} a lattice can show "
            f"readably; {hint}"
        )


def hypothesis_space_lattice(
    space: ConjunctionSpace,
    version_space: VersionSpace | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> nx.DiGraph:
    """The lattice of the whole of H, with a version space's members and boundaries marked.

    Raises
    ------
    HypothesisSpaceError
        When |H| exceeds ``max_nodes`` (the message gives |H|).
    """
    require(space, ConjunctionSpace, "space", "a ConjunctionSpace")
    _refuse(
        f"hypothesis space of {space.target}/{space.arity}",
        space.size,
        max_nodes,
        "draw the version space instead (--space version), or raise --max-nodes",
    )
    graph = hasse_diagram(space.hypotheses())
    graph.graph.update(kind="hypothesis", target=space.target, arity=space.arity)
    if version_space is not None:
        _mark(graph, version_space.S, version_space.G, version_space.hypotheses())
    else:
        graph.graph.update(S=[], G=[])
    return graph


def version_space_lattice(
    version_space: VersionSpace, max_nodes: int = DEFAULT_MAX_NODES
) -> nx.DiGraph:
    """The lattice of the members of a version space, S and G marked.

    Raises
    ------
    HypothesisSpaceError
        When the version space has more than ``max_nodes`` members.
    """
    require(version_space, VersionSpace, "version_space", "a VersionSpace (candidate_elimination)")
    size = version_space.size()
    space = version_space.space
    _refuse(
        f"version space of {space.target}/{space.arity}",
        size,
        max_nodes,
        "add examples to shrink it, or raise --max-nodes",
    )
    members = list(version_space.hypotheses())
    graph = hasse_diagram(members)
    graph.graph.update(kind="version", target=space.target, arity=space.arity)
    _mark(graph, version_space.S, version_space.G, members)
    return graph


def node_ids(graph: nx.DiGraph) -> dict[Any, str]:
    """Stable ids ``h0, h1, ...``: most general first, then by label."""
    ordered = sorted(
        graph.nodes, key=lambda h: (-graph.nodes[h]["level"], graph.nodes[h]["label"])
    )
    return {h: f"h{i}" for i, h in enumerate(ordered)}
