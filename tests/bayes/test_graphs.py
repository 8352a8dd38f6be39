"""bayes.graphs against networkx on random directed graphs."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.graphs import find_cycle, strongly_connected_components, topological_order

graphs = st.integers(1, 8).flatmap(
    lambda n: st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=14).map(
        lambda edges: (n, edges)
    )
)


def _successors(n: int, edges: list[tuple[int, int]]) -> dict[int, list[int]]:
    successors: dict[int, list[int]] = {node: [] for node in range(n)}
    for u, v in edges:
        if v not in successors[u]:
            successors[u].append(v)
    return successors


@settings(max_examples=80, deadline=None)
@given(graphs)
def test_cycles_and_orders_are_networkx_s(graph):
    n, edges = graph
    successors = _successors(n, edges)
    reference = nx.DiGraph()
    reference.add_nodes_from(range(n))
    reference.add_edges_from((u, v) for u in successors for v in successors[u])
    cycle = find_cycle(list(range(n)), successors)
    assert (cycle is None) == nx.is_directed_acyclic_graph(reference)
    if cycle is None:
        order = topological_order(list(range(n)), successors)
        assert order == list(nx.lexicographical_topological_sort(reference))
    else:
        assert all(cycle[(i + 1) % len(cycle)] in successors[u] for i, u in enumerate(cycle))
    components = strongly_connected_components([successors[u] for u in range(n)])
    assert {frozenset(c) for c in components} == {
        frozenset(c) for c in nx.strongly_connected_components(reference)
    }
