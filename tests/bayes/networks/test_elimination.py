"""Variable elimination equals full enumeration; orderings; evidence handling."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.networks.enumeration import enumeration, joint_distribution
from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
from symlearn.bayes.networks.variable_elimination import (
    elimination_order,
    evidence_probability,
    joint_posterior,
    posterior,
    variable_elimination,
)
from symlearn.errors import InvalidParameterError

from ..strategies import evidences, networks


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from(["min-fill", "min-degree"]))
def test_variable_elimination_equals_enumeration(data, ordering):
    network = data.draw(networks())
    evidence = data.draw(evidences(network))
    reference_joint = joint_distribution(network)
    try:
        reference = enumeration(network, None, evidence)
    except InvalidParameterError:
        with pytest.raises(InvalidParameterError, match="probability 0"):
            variable_elimination(network, None, evidence, ordering)
        return
    result = variable_elimination(network, None, evidence, ordering)
    assert result.evidence_probability == pytest.approx(reference.evidence_probability, abs=1e-12)
    assert result.marginals.keys() == reference.marginals.keys()
    for name, distribution in reference.marginals.items():
        for state, p in distribution.items():
            assert result.marginals[name][state] == pytest.approx(p, abs=1e-12)
    assert float(reference_joint.sum()) == pytest.approx(1.0, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_joint_posterior_equals_enumeration(data):
    network = data.draw(networks(max_size=5))
    evidence = data.draw(evidences(network, max_size=2))
    chosen = data.draw(
        st.lists(st.sampled_from(network.variables), unique=True, min_size=1, max_size=3)
    )
    joint = joint_distribution(network)
    for name, observed in evidence.items():
        axis = network.variables.index(name)
        keep = {observed} if isinstance(observed, str) else set(observed)
        mask = np.array([s in keep for s in network.states(name)], dtype=float)
        shape = [1] * joint.ndim
        shape[axis] = mask.size
        joint = joint * mask.reshape(shape)
    if joint.sum() == 0:
        return
    axes = [network.variables.index(n) for n in chosen]
    others = tuple(a for a in range(joint.ndim) if a not in axes)
    expected = np.moveaxis(joint.sum(axis=others), np.argsort(np.argsort(axes)), range(len(axes)))
    expected = expected / expected.sum()
    got = joint_posterior(network, chosen, evidence)
    assert got.shape == expected.shape
    assert np.abs(got - expected).max() < 1e-12


def _chain():
    return BayesianNetwork(
        [
            boolean_variable("a", (), 0.3),
            boolean_variable("b", ("a",), [0.2, 0.9]),
            boolean_variable("c", ("b",), [0.1, 0.6]),
        ]
    )


def test_posterior_by_hand():
    net = _chain()

    # P(a | c) by Bayes' rule over b.
    def p_c_given_a(a):
        pb = 0.9 if a else 0.2
        return pb * 0.6 + (1 - pb) * 0.1

    num = 0.3 * p_c_given_a(True)
    den = num + 0.7 * p_c_given_a(False)
    assert posterior(net, "a", {"c": "true"})["true"] == pytest.approx(num / den, abs=1e-15)
    assert evidence_probability(net, {"c": "true"}) == pytest.approx(den, abs=1e-15)


def test_query_variable_with_evidence_and_set_evidence():
    net = _chain()
    assert posterior(net, "b", {"b": "true"}) == {"false": 0.0, "true": 1.0}
    both = posterior(net, "a", {"b": {"false", "true"}})
    assert both["true"] == pytest.approx(0.3)


def test_impossible_evidence():
    net = BayesianNetwork(
        [boolean_variable("a", (), 0.0), boolean_variable("b", ("a",), [0.0, 1.0])]
    )
    with pytest.raises(InvalidParameterError, match="probability 0"):
        posterior(net, "a", {"b": "true"})
    with pytest.raises(InvalidParameterError, match="probability 0"):
        variable_elimination(net, ["a"], {"b": "true"})


def test_unknown_names_and_orderings():
    net = _chain()
    with pytest.raises(InvalidParameterError, match="no variable zz"):
        posterior(net, "zz")
    with pytest.raises(InvalidParameterError, match="no state 'maybe'"):
        posterior(net, "a", {"b": "maybe"})
    with pytest.raises(InvalidParameterError, match="unknown elimination ordering"):
        posterior(net, "a", ordering="random")


def test_elimination_orders():
    # a star: eliminating the centre first would connect all leaves.
    leaves = [boolean_variable(f"l{i}", ("hub",), [0.2, 0.7]) for i in range(4)]
    net = BayesianNetwork([boolean_variable("hub", (), 0.5), *leaves])
    for ordering in ("min-fill", "min-degree"):
        order = elimination_order(net, ordering=ordering)
        assert order[-1] in ("hub", "l3") and order.index("hub") >= 3
    # the other leaves are barren for P(hub | l0): nothing is left to eliminate
    details = variable_elimination(net, ["hub"], {"l0": "true"}).details
    assert details["elimination_orders"]["hub"] == []
    details = variable_elimination(net, ["l1"], {"l0": "true"}).details
    assert details["elimination_orders"]["l1"] == ["hub"]


def test_barren_and_disconnected_parts_are_pruned():
    net = _chain()
    # c is barren for P(a): nothing is eliminated but b
    result = variable_elimination(net, ["a"], {})
    assert result.details["elimination_orders"]["a"] == []
    assert result.marginals["a"]["true"] == pytest.approx(0.3)
