from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from symlearn.errors import HypothesisSpaceError, VersionSpaceCollapsedError
from symlearn.hypotheses import ConjunctionSpace
from symlearn.lattice import (
    hasse_diagram,
    hypothesis_space_lattice,
    lattice_spec,
    lattice_to_json,
    version_space_lattice,
)
from symlearn.learners.concepts.candidate_elimination import candidate_elimination
from symlearn.render.layout import Metrics, layout
from tests.hypotheses.strategies import boolean_hypotheses, space_and_examples, spaces
from tests.hypotheses.test_conjunction import ENJOYSPORT
from tests.learners.concepts.test_candidate_elimination import MITCHELL


def _reference(hypotheses):
    order = nx.DiGraph()
    order.add_nodes_from(hypotheses)
    order.add_edges_from((a, b) for a in hypotheses for b in hypotheses if a != b and a >= b)
    return set(nx.transitive_reduction(order).edges)


@given(st.data())
def test_edges_are_exactly_the_immediate_neighbours(data):
    space = data.draw(spaces(max_attributes=3))
    everything = list(space.hypotheses())
    subset = data.draw(st.lists(st.sampled_from(everything), unique=True, max_size=25))
    graph = hasse_diagram(subset)
    assert set(graph.nodes) == set(subset)
    assert set(graph.edges) == _reference(subset)
    for a, b in graph.edges:
        assert a > b
        assert not any(a > c > b for c in subset)


@given(st.data())
def test_hasse_diagram_of_boolean_hypotheses(data):
    n = data.draw(st.integers(1, 3))
    raw = data.draw(st.lists(boolean_hypotheses(n), max_size=6))
    distinct = []
    for h in raw:  # one of each equivalence class
        if not any(h >= d and d >= h for d in distinct):
            distinct.append(h)
    assert set(hasse_diagram(distinct).edges) == _reference(distinct)


def test_conjunction_lattice_is_graded():
    space = ConjunctionSpace("t", ("a", "b"), (("x", "y"), ("u", "v", "w")))
    graph = hypothesis_space_lattice(space)
    assert graph.number_of_nodes() == space.size
    for a, b in graph.edges:
        assert graph.nodes[a]["level"] == graph.nodes[b]["level"] + 1


@given(space_and_examples())
def test_version_space_lattice_holds_the_version_space(case):
    space, examples = case
    try:
        learner = candidate_elimination(space, examples)
    except VersionSpaceCollapsedError:
        return
    vs = learner.version_space
    graph = version_space_lattice(vs, max_nodes=10_000)
    assert set(graph.nodes) == set(vs.hypotheses())
    data = lattice_to_json(graph)
    labels = {n["id"]: n["label"] for n in data["nodes"]}
    assert sorted(labels[i] for i in data["S"]) == sorted(str(s) for s in learner.S)
    assert sorted(labels[i] for i in data["G"]) == sorted(str(g) for g in learner.G)
    # the version space is convex: immediate neighbours inside it are neighbours in H
    for a, b in graph.edges:
        assert graph.nodes[a]["level"] == graph.nodes[b]["level"] + 1


def test_picture_has_s_at_the_bottom_and_g_at_the_top():
    graph = version_space_lattice(candidate_elimination(ENJOYSPORT, MITCHELL).version_space)
    spec = lattice_spec(graph)
    placed = layout(spec, Metrics())
    data = lattice_to_json(graph)
    s_y = [placed.boxes[i].y for i in data["S"]]
    g_y = [placed.boxes[i].y for i in data["G"]]
    others = [b.y for i, b in placed.boxes.items() if i not in data["S"] + data["G"]]
    assert min(s_y) > max(others) > max(g_y)
    assert {n.label for n in spec.nodes} >= {"<sunny, warm, ?, strong, ?, ?>"}
    assert not spec.directed


def test_whole_space_marks_the_version_space_and_refuses_large_spaces():
    small = ConjunctionSpace("t", ("a", "b"), (("x", "y"), ("u", "v")))
    vs = candidate_elimination(small, [(("x", "u"), True)]).version_space
    graph = hypothesis_space_lattice(small, vs)
    members = {h for h in graph if graph.nodes[h]["in_version_space"]}
    assert members == set(vs.hypotheses())
    with pytest.raises(HypothesisSpaceError, match="973 hypotheses"):
        hypothesis_space_lattice(ENJOYSPORT)


def test_a_space_past_the_hard_limit_does_not_suggest_raising_max_nodes():
    big = ConjunctionSpace("t", tuple("abcdefgh"), tuple(("x", "y", "z") for _ in range(8)))
    assert big.size > 50_000  # (3 + 1)^8 + 1 = 65,537
    with pytest.raises(HypothesisSpaceError) as refused:
        hypothesis_space_lattice(big)
    assert "65537 hypotheses" in str(refused.value)
    assert "--max-nodes" not in str(refused.value)
    with pytest.raises(HypothesisSpaceError, match="raise --max-nodes"):
        hypothesis_space_lattice(ENJOYSPORT)
