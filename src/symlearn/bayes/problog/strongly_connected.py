"""Strongly connected components of a graph over numbered nodes, dependencies first.

Functions
---------
strongly_connected_components

References
----------
Tarjan 1972 (depth-first search and linear graph algorithms).
"""

from __future__ import annotations

__all__ = ["strongly_connected_components"]


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
