"""Parameter learning, EM and structure search against brute-force references."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.networks.data import Dataset
from symlearn.bayes.networks.em import expectation_maximization
from symlearn.bayes.networks.enumeration import joint_distribution
from symlearn.bayes.networks.learning import learn_network
from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
from symlearn.bayes.networks.parameters import fit_parameters, log_likelihood
from symlearn.bayes.networks.sampling import forward_sample
from symlearn.bayes.networks.structure import bic_score, hill_climb, mdl_score
from symlearn.errors import InvalidParameterError

from ..strategies import networks


def _sample(network, n, seed, missing=0.0):
    rows = Dataset.from_samples(forward_sample(network, n, seed=seed), network).rows
    rng = np.random.default_rng(seed + 1)
    holes = [tuple(None if rng.random() < missing else v for v in row) for row in rows]
    return Dataset.from_rows(network.variables, holes, {v: network.states(v) for v in network})


def _brute_force_estimate(network, data, name, m, p):
    """(n_ux + m p) / (n_u + m) by looping over the rows, one CPT row at a time."""
    variable = network[name]
    column = data.variables.index(name)
    parent_columns = [data.variables.index(q) for q in variable.parents]
    table = np.zeros(variable.table.shape)
    for index in np.ndindex(*variable.table.shape[:-1]):
        states = [network.states(q)[i] for q, i in zip(variable.parents, index)]
        rows = [r for r in data.rows if [r[c] for c in parent_columns] == states]
        for k, state in enumerate(variable.states):
            n_ux = sum(1 for r in rows if r[column] == state)
            total = len(rows) + m
            table[(*index, k)] = (n_ux + m * p) / total if total else 1 / variable.cardinality
    return table


@settings(max_examples=30, deadline=None)
@given(networks(max_size=4), st.integers(0, 60), st.sampled_from([0.0, 1.0, 3.5]))
def test_estimators_equal_counting_by_hand(network, n, m):
    data = _sample(network, max(n, 1), seed=n)
    for estimator in ("ml", "laplace", "m-estimate"):
        fitted = fit_parameters(network, data, estimator, m=m)
        for name in network.variables:
            k = network[name].cardinality
            weight = {"ml": 0.0, "laplace": float(k), "m-estimate": m}[estimator]
            expected = _brute_force_estimate(network, data, name, weight, 1 / k)
            assert np.allclose(fitted[name].table, expected, atol=1e-12, rtol=0)


@settings(max_examples=20, deadline=None)
@given(networks(max_size=4), st.integers(0, 2**16))
def test_maximum_likelihood_beats_other_parameters(network, seed):
    data = _sample(network, 80, seed=seed)
    best = log_likelihood(fit_parameters(network, data), data)
    assert best >= log_likelihood(network, data) - 1e-9
    assert best >= log_likelihood(fit_parameters(network, data, "laplace"), data) - 1e-9


def _observed_log_likelihood(network, data):
    """Brute force: sum over rows of log of the joint summed over the row's completions."""
    joint = joint_distribution(network)
    total = 0.0
    for row in data.rows:
        index = tuple(
            slice(None) if value is None else network.states(name).index(value)
            for name, value in zip(network.variables, row)
        )
        total += math.log(float(np.sum(joint[index])))
    return total


@settings(max_examples=15, deadline=None)
@given(networks(max_size=4), st.integers(0, 2**16), st.sampled_from(["ml", "laplace"]))
def test_em_never_decreases_its_objective(network, seed, estimator):
    data = _sample(network, 60, seed=seed, missing=0.35)
    result = expectation_maximization(network, data, estimator, max_iterations=25, seed=seed)
    steps = np.diff(result.objectives)
    assert (steps >= -1e-9).all(), steps.min()
    if estimator == "ml":
        assert result.objectives == result.log_likelihoods
        assert (np.diff(result.log_likelihoods) >= -1e-9).all()
    # the reported log-likelihood of the final parameters, by brute force
    assert result.log_likelihoods[-1] == pytest.approx(
        _observed_log_likelihood(result.network, data), abs=1e-8
    )


@settings(max_examples=10, deadline=None)
@given(networks(max_size=4), st.integers(0, 2**16))
def test_em_by_variable_elimination_equals_em_by_enumeration(network, seed):
    data = _sample(network, 40, seed=seed, missing=0.5)
    enumerated = expectation_maximization(network, data, max_iterations=5, seed=seed)
    eliminated = expectation_maximization(
        network, data, max_iterations=5, seed=seed, max_completions=0
    )
    assert np.allclose(enumerated.log_likelihoods, eliminated.log_likelihoods, atol=1e-9)
    for name in network.variables:
        assert np.allclose(
            enumerated.network[name].table, eliminated.network[name].table, atol=1e-9
        )


def test_em_on_complete_data_is_one_maximum_likelihood_step():
    network = BayesianNetwork(
        [boolean_variable("a", (), 0.3), boolean_variable("b", ("a",), [0.2, 0.7])]
    )
    data = _sample(network, 200, seed=4)
    result = expectation_maximization(network, data, seed=0)
    # the first M step reaches the maximum; the second confirms it
    assert result.converged and result.log_likelihoods[1] == result.log_likelihoods[-1]
    assert result.log_likelihoods[1] == pytest.approx(log_likelihood(result.network, data))
    assert np.allclose(result.network["b"].table, fit_parameters(network, data)["b"].table)


def test_em_recovers_parameters_with_a_hidden_cause():
    truth = BayesianNetwork(
        [
            boolean_variable("h", (), 0.4),
            boolean_variable("x", ("h",), [0.1, 0.9]),
            boolean_variable("y", ("h",), [0.2, 0.8]),
            boolean_variable("z", ("h",), [0.15, 0.85]),
        ]
    )
    complete = _sample(truth, 3000, seed=7)
    hidden = Dataset.from_rows(
        complete.variables, [(None, *row[1:]) for row in complete.rows], complete.states
    )
    result = expectation_maximization(truth, hidden, seed=3, tolerance=1e-10)
    assert result.converged
    learned = result.network
    # the hidden variable's labels may come out swapped; compare up to that symmetry
    p_h = float(learned["h"].table[1])
    flip = p_h > 0.5
    assert abs((1 - p_h if flip else p_h) - 0.4) < 0.05
    for name, (low, high) in {"x": (0.1, 0.9), "y": (0.2, 0.8), "z": (0.15, 0.85)}.items():
        p_true = learned[name].table[:, 1]
        got = p_true[::-1] if flip else p_true
        assert abs(got[0] - low) < 0.05 and abs(got[1] - high) < 0.05


def test_learning_errors():
    network = BayesianNetwork([boolean_variable("a", (), 0.5)])
    holes = Dataset.from_rows(["a"], [("true",), (None,)])
    with pytest.raises(InvalidParameterError, match="expectation maximization"):
        fit_parameters(network, holes)
    with pytest.raises(InvalidParameterError, match="unknown estimator"):
        fit_parameters(network, Dataset.from_rows(["a"], [("true",)]), "mle")
    with pytest.raises(InvalidParameterError, match="no column for the variable a"):
        fit_parameters(network, Dataset.from_rows(["b"], [("true",)]))
    with pytest.raises(InvalidParameterError, match="'maybe' is not a state of a"):
        fit_parameters(network, Dataset.from_rows(["a"], [("maybe",)]))
    with pytest.raises(InvalidParameterError, match="complete data"):
        hill_climb(holes)


# -- structure ----------------------------------------------------------------------------------


def _bic_by_fitting(data, parents):
    """BIC the long way: log-likelihood of the fitted network minus (ln N / 2) x parameters."""
    variables = []
    for name in data.variables:
        given_ = tuple(parents.get(name, ()))
        shape = [len(data.states[p]) for p in given_] + [len(data.states[name])]
        from symlearn.bayes.networks.network import Variable

        variables.append(Variable(name, data.states[name], given_, np.full(shape, 1 / shape[-1])))
    network = fit_parameters(BayesianNetwork(variables), data)
    penalty = 0.5 * math.log(len(data)) * network.number_of_parameters()
    return log_likelihood(network, data) - penalty


@settings(max_examples=20, deadline=None)
@given(networks(max_size=4, max_states=2), st.integers(0, 2**16))
def test_hill_climbing_ends_in_a_local_optimum_of_bic(network, seed):
    data = _sample(network, 150, seed=seed)
    result = hill_climb(data)
    parents = {v: result.network.parents(v) for v in data.variables}
    assert result.bic == pytest.approx(_bic_by_fitting(data, parents), abs=1e-7)
    assert result.mdl == pytest.approx(mdl_score(data, parents))
    assert result.bic == pytest.approx(bic_score(data, parents))
    # no single addition, deletion or reversal that keeps the graph acyclic does better
    import networkx as nx

    edges = set(result.edges)
    for u, v in itertools.permutations(data.variables, 2):
        for change in ("add", "delete", "reverse"):
            changed = set(edges)
            if change == "add" and (u, v) not in edges and (v, u) not in edges:
                changed.add((u, v))
            elif change == "delete" and (u, v) in edges:
                changed.discard((u, v))
            elif change == "reverse" and (u, v) in edges:
                changed.discard((u, v))
                changed.add((v, u))
            else:
                continue
            graph = nx.DiGraph(list(changed))
            graph.add_nodes_from(data.variables)
            if not nx.is_directed_acyclic_graph(graph):
                continue
            neighbour = {n: tuple(graph.predecessors(n)) for n in data.variables}
            assert bic_score(data, neighbour) <= result.bic + 1e-9


def test_hill_climbing_finds_a_strong_chain():
    truth = BayesianNetwork(
        [
            boolean_variable("a", (), 0.5),
            boolean_variable("b", ("a",), [0.05, 0.95]),
            boolean_variable("c", ("b",), [0.1, 0.9]),
        ]
    )
    result = hill_climb(_sample(truth, 2000, seed=2))
    skeleton = {frozenset(e) for e in result.edges}
    assert skeleton == {frozenset({"a", "b"}), frozenset({"b", "c"})}
    assert result.moves[0][0] == "add"


def test_max_parents():
    truth = BayesianNetwork(
        [
            boolean_variable("a", (), 0.5),
            boolean_variable("b", (), 0.5),
            boolean_variable("c", ("a", "b"), [[0.05, 0.9], [0.9, 0.95]]),
        ]
    )
    data = _sample(truth, 2000, seed=5)
    # (an exclusive-or would defeat greedy search: no single edge helps)
    assert max(len(p) for p in map(hill_climb(data).network.parents, "abc")) == 2
    limited = hill_climb(data, max_parents=1)
    assert max(len(limited.network.parents(v)) for v in "abc") <= 1


def test_learn_network_paths():
    truth = BayesianNetwork(
        [boolean_variable("a", (), 0.3), boolean_variable("b", ("a",), [0.1, 0.9])]
    )
    complete = _sample(truth, 400, seed=1)
    learned = learn_network(complete)
    assert learned.em is None and learned.structure is not None
    assert learned.network.graph.number_of_edges() == 1
    holes = _sample(truth, 400, seed=1, missing=0.2)
    with_em = learn_network(holes, structure=truth)
    assert with_em.structure is None and with_em.em is not None and with_em.em.converged
    assert (np.diff(with_em.em.log_likelihoods) >= -1e-9).all()
    all_missing = Dataset.from_rows(["a", "b"], [(None, "true"), ("true", None)], complete.states)
    with pytest.raises(InvalidParameterError, match="complete examples"):
        learn_network(all_missing)
    assert learn_network(all_missing, structure=truth, seed=2).em is not None
