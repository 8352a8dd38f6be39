"""The graph algorithms belief networks and ProbLog programs need, without networkx.

networkx costs more to import than a small program takes to answer, so the
answering paths of ``symlearn infer`` use these instead (networkx is kept for
what users see as a graph: :attr:`BayesianNetwork.graph
<symlearn.bayes.networks.network.BayesianNetwork.graph>`, d-separation,
structure learning, drawing).  A graph is its nodes in order and, for each
node, its successors in order.

Functions
---------
strongly_connected_components, find_cycle, topological_order

References
----------
Tarjan 1972 (depth-first search and linear graph algorithms); Kahn 1962
(topological sorting of large networks).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

__all__ = ["find_cycle", "strongly_connected_components", "topological_order"]

Node = TypeVar("Node", bound=Hashable)


def strongly_connected_components(uses: list[list[int]]) -> list[list[int]]:
    """Strongly connected components, each after every component it uses (Tarjan 1972).

    Iterative, so that long chains of atoms need no deep recursion.
    """
    index = [-1] * len(uses)
    low = [0] * len(uses)
    on_stack = [False] * len(uses)
    stack: list[int] = []
    found: list[list[int]] = []
    counter = 0
    for root in range(len(uses)):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            node, edge = work.pop()
            if edge == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack[node] = True
            descended = False
            targets = uses[node]
            while edge < len(targets):
                target = targets[edge]
                edge += 1
                if index[target] < 0:
                    work.append((node, edge))
                    work.append((target, 0))
                    descended = True
                    break
                if on_stack[target]:
                    low[node] = min(low[node], index[target])
            if descended:
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component.append(member)
                    if member == node:
                        break
                found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def find_cycle(
    nodes: Sequence[Node], successors: Mapping[Node, Sequence[Node]]
) -> list[Node] | None:
    """The nodes of a cycle in order (each an edge to the next, the last to the first), or None.

    Depth-first from each node in order, iterative (long chains need no deep
    recursion); a node's self-loop is a cycle of one node.
    """
    state: dict[Node, int] = {}  # 1: on the current path, 2: done
    for root in nodes:
        if root in state:
            continue
        path = [root]
        state[root] = 1
        work = [iter(successors.get(root, ()))]
        while work:
            target = next(work[-1], None)
            if target is None:
                state[path.pop()] = 2
                work.pop()
            elif state.get(target) == 1:
                return path[path.index(target) :]
            elif target not in state:
                state[target] = 1
                path.append(target)
                work.append(iter(successors.get(target, ())))
    return None


def topological_order(
    nodes: Sequence[Node], successors: Mapping[Node, Sequence[Node]]
) -> list[Node]:
    """Every node after its predecessors; of the nodes ready at once, the earliest in ``nodes``.

    As networkx's ``lexicographical_topological_sort`` keyed by position in
    ``nodes`` (Kahn 1962 with a heap).  The graph must be acyclic (see
    :func:`find_cycle`); nodes on a cycle are left out.
    """
    position = {node: i for i, node in enumerate(nodes)}
    waiting = dict.fromkeys(nodes, 0)
    for node in nodes:
        for target in successors.get(node, ()):
            waiting[target] += 1
    ready = [position[node] for node in nodes if not waiting[node]]
    heapq.heapify(ready)
    order: list[Node] = []
    while ready:
        node = nodes[heapq.heappop(ready)]
        order.append(node)
        for target in successors.get(node, ()):
            waiting[target] -= 1
            if not waiting[target]:
                heapq.heappush(ready, position[target])
    return order
