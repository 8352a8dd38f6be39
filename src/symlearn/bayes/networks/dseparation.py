"""d-separation: which conditional independences the graph of a belief network implies.

In a belief network each variable is conditionally independent of its
non-descendants given its immediate predecessors, its parents (Mitchell 1997,
section 6.11.2; Pearl 1988).  d-separation reads every independence that
follows from those: sets X and Y are **d-separated** by Z when every trail
between them is blocked, a trail being blocked at a node that is

* a chain ``a -> m -> b`` or fork ``a <- m -> b`` with ``m`` in Z, or
* a collider ``a -> m <- b`` with neither ``m`` nor any descendant of ``m`` in Z.

d-separated sets are independent given Z in every distribution the network
can carry, and for all but a measure-zero set of CPTs the converse holds too
(Pearl 1988; Koller & Friedman 2009, sec. 3.3).  :func:`d_separated` decides
it by the reachability ("Bayes ball") algorithm of Koller & Friedman 2009,
Algorithm 3.1, in time linear in the size of the graph.

Functions
---------
d_separated, d_connected_set

Examples
--------
>>> import networkx as nx
>>> g = nx.DiGraph([("burglary", "alarm"), ("earthquake", "alarm"), ("alarm", "john")])
>>> d_separated(g, {"burglary"}, {"earthquake"}, set())
True
>>> d_separated(g, {"burglary"}, {"earthquake"}, {"john"})
False
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import networkx as nx

from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.errors import InvalidParameterError

__all__ = ["d_connected_set", "d_separated"]


def _graph(network: BayesianNetwork | nx.DiGraph) -> nx.DiGraph:
    return network.graph if isinstance(network, BayesianNetwork) else network


def d_connected_set(
    network: BayesianNetwork | nx.DiGraph, sources: Iterable[str], given: Collection[str]
) -> set[str]:
    """The nodes reachable from ``sources`` by an active trail given ``given``.

    Observed nodes (in ``given``) are never reported; the sources are, unless
    observed.

    Raises
    ------
    InvalidParameterError
        For a name that is not a node.

    References
    ----------
    Koller & Friedman 2009, Algorithm 3.1 (REACHABLE).
    """
    graph = _graph(network)
    observed = set(given)
    start = set(sources)
    for node in start | observed:
        if node not in graph:
            raise InvalidParameterError(f"{node} is not a variable of the network")
    # Phase 1: the observed nodes and their ancestors (colliders there are open).
    opened = set(observed)
    stack = list(observed)
    while stack:
        for parent in graph.predecessors(stack.pop()):
            if parent not in opened:
                opened.add(parent)
                stack.append(parent)
    # Phase 2: walk trails; "up" means arriving from a child, "down" from a parent.
    visited: set[tuple[str, str]] = set()
    reachable: set[str] = set()
    frontier = [(node, "up") for node in start]
    while frontier:
        node, direction = frontier.pop()
        if (node, direction) in visited:
            continue
        visited.add((node, direction))
        if node not in observed:
            reachable.add(node)
        if direction == "up" and node not in observed:
            frontier.extend((p, "up") for p in graph.predecessors(node))
            frontier.extend((c, "down") for c in graph.successors(node))
        elif direction == "down":
            if node not in observed:
                frontier.extend((c, "down") for c in graph.successors(node))
            if node in opened:
                frontier.extend((p, "up") for p in graph.predecessors(node))
    return reachable


def d_separated(
    network: BayesianNetwork | nx.DiGraph,
    xs: Collection[str],
    ys: Collection[str],
    given: Collection[str] = (),
) -> bool:
    """True when every trail between ``xs`` and ``ys`` is blocked by ``given``.

    Parameters
    ----------
    network
        A belief network or a networkx DAG.
    xs, ys
        Disjoint sets of variables.
    given
        The observed variables (disjoint from ``xs`` and ``ys``).

    Raises
    ------
    InvalidParameterError
        If the sets overlap or name a missing variable.

    References
    ----------
    Pearl 1988; Koller & Friedman 2009, sec. 3.3.1 and Algorithm 3.1.
    """
    x, y, z = set(xs), set(ys), set(given)
    if x & y or x & z or y & z:
        raise InvalidParameterError("the sets of a d-separation query must be disjoint")
    for node in y:
        if node not in _graph(network):
            raise InvalidParameterError(f"{node} is not a variable of the network")
    return not (d_connected_set(network, x, z) & y)
