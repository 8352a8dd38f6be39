"""d-separation against a brute-force test of conditional independence and networkx."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.networks.dseparation import d_connected_set, d_separated
from symlearn.bayes.networks.enumeration import joint_distribution
from symlearn.errors import InvalidParameterError

from ..strategies import networks


def _independent(joint: np.ndarray, x: int, y: int, zs: list[int]) -> bool:
    """Brute force: P(x, y | z) = P(x | z) P(y | z) for every z of positive probability."""
    keep = [x, y, *zs]
    others = tuple(a for a in range(joint.ndim) if a not in keep)
    table = np.moveaxis(joint.sum(axis=others), np.argsort(np.argsort(keep)), range(len(keep)))
    p_xz = table.sum(axis=1, keepdims=True)
    p_yz = table.sum(axis=0, keepdims=True)
    p_z = table.sum(axis=(0, 1), keepdims=True)
    return bool(np.abs(table * p_z - p_xz * p_yz).max() < 1e-13)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_d_separation_is_conditional_independence_for_generic_parameters(data):
    network = data.draw(networks(min_size=3, max_size=6, max_states=2))
    names = list(network.variables)
    x, y = data.draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
    rest = [n for n in names if n not in (x, y)]
    given_ = data.draw(st.lists(st.sampled_from(rest), unique=True, max_size=3)) if rest else []
    joint = joint_distribution(network)
    index = {n: i for i, n in enumerate(names)}
    independent = _independent(joint, index[x], index[y], [index[z] for z in given_])
    assert d_separated(network, {x}, {y}, set(given_)) == independent
    assert d_separated(network, {x}, {y}, set(given_)) == nx.is_d_separator(
        network.graph, {x}, {y}, set(given_)
    )


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_set_queries_agree_with_networkx(data):
    network = data.draw(networks(min_size=3, max_size=6, max_states=2))
    names = list(network.variables)
    shuffled = data.draw(st.permutations(names))
    cut1 = data.draw(st.integers(1, len(names) - 1))
    cut2 = data.draw(st.integers(cut1, len(names)))
    xs, ys, zs = set(shuffled[:cut1]), set(shuffled[cut1:cut2]), set(shuffled[cut2:])
    if not ys:
        return
    assert d_separated(network, xs, ys, zs) == nx.is_d_separator(network.graph, xs, ys, zs)


def test_textbook_cases():
    g = nx.DiGraph([("c", "s"), ("c", "r"), ("s", "w"), ("r", "w")])
    assert d_separated(g, {"s"}, {"r"}, {"c"})  # fork blocked
    assert not d_separated(g, {"s"}, {"r"}, {"c", "w"})  # collider opened
    assert not d_separated(g, {"s"}, {"r"}, set())
    assert d_connected_set(g, {"c"}, {"s", "r"}) == {"c"}
    chain = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "d")])
    assert all(d_separated(chain, {"a"}, {t}, {"b"}) for t in "cd")
    collider = nx.DiGraph([("a", "m"), ("b", "m"), ("m", "d")])
    assert d_separated(collider, {"a"}, {"b"}) and not d_separated(collider, {"a"}, {"b"}, {"d"})


def test_errors():
    g = nx.DiGraph([("a", "b")])
    with pytest.raises(InvalidParameterError, match="disjoint"):
        d_separated(g, {"a"}, {"a"})
    with pytest.raises(InvalidParameterError, match="not a variable"):
        d_separated(g, {"a"}, {"zz"})
    for a, b in itertools.permutations("ab"):
        assert not d_separated(g, {a}, {b})
