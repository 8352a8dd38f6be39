"""k-means against KMeans from the same centres; EM by hand and against GaussianMixture."""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symlearn
from symlearn.data.attribute_value import Attribute, AttributeValueData
from symlearn.errors import InvalidParameterError
from symlearn.learners.clustering.em_clustering import (
    Mixture,
    expectation,
    expectation_maximisation,
    maximisation,
)
from symlearn.learners.clustering.k_means import initial_centres, k_means
from symlearn.learners.clustering.space import describe, points

KB = Path(__file__).resolve().parents[3] / "kb"


def test_k_means_by_hand():
    # two centres from the first instances; the assignments and means worked out by hand
    x = np.array([[1.0, 1.0], [1.5, 2.0], [3.0, 4.0], [5.0, 7.0], [3.5, 5.0], [4.5, 5.0]])
    run = k_means(x, x[[0, 1]])
    # step 1: centres (1, 1) and (1.5, 2): only (1, 1) is nearer the first
    # step 2: centres (1, 1) and (3.5, 4.6): (1.5, 2) moves to the first ...
    assert run.trace[0][1] == 6 and run.labels.tolist() == [0, 0, 1, 1, 1, 1]
    assert np.allclose(run.centres, [[1.25, 1.5], [4.0, 5.25]])
    assert run.converged


def _sklearn_k_means(x, centres):
    from sklearn.cluster import KMeans

    model = KMeans(len(centres), init=centres, n_init=1, tol=0.0, max_iter=300)
    return model.fit(x)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["random", "first", "k-means++"]))
def test_same_clusters_as_scikit_learn_from_the_same_centres(seed, how):
    pytest.importorskip("sklearn")
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(4, 60)), int(rng.integers(1, 4))
    x = rng.random((n, m))
    k = int(rng.integers(1, min(n, 6) + 1))
    start = x[initial_centres(x, k, how, seed)]
    ours = k_means(x, start)
    theirs = _sklearn_k_means(x, start)
    assert ours.labels.tolist() == theirs.labels_.tolist()
    assert np.allclose(ours.centres, theirs.cluster_centers_, rtol=1e-9, atol=1e-12)


def test_an_empty_cluster_takes_the_farthest_instance_as_scikit_learn_does():
    pytest.importorskip("sklearn")
    x = np.array([[0.0], [0.1], [0.3], [10.0], [10.1]])
    start = np.array([[0.1], [10.0], [100.0]])  # nobody is nearest to 100
    ours = k_means(x, start)
    assert ours.relocated[0] == (2,)
    theirs = _sklearn_k_means(x, start)
    assert ours.labels.tolist() == theirs.labels_.tolist()
    assert np.allclose(ours.centres, theirs.cluster_centers_)


def test_k_larger_than_the_data_is_refused():
    x = np.array([[0.0], [0.0], [1.0]])
    with pytest.raises(InvalidParameterError, match="larger than the data"):
        initial_centres(x, 4)
    with pytest.raises(InvalidParameterError, match="only 2 distinct"):
        initial_centres(x, 3)


def test_k_means_on_iris_through_the_registry():
    run = symlearn.learn("k-means", str(KB / "iris.pl"), k=3, seed=0)
    assert sorted(run.sizes) == sorted(np.bincount(run.labels).tolist())
    assert run.metrics["purity"] > 0.85
    assert run.to_dict()["classification"][0]["instance"] == "iris(6.0, 3.0, 4.8, 1.8)"


# -- EM -------------------------------------------------------------------------------


def _normal(x: float, mean: float, std: float) -> float:
    return math.exp(-((x - mean) ** 2) / (2 * std * std)) / (std * math.sqrt(2 * math.pi))


def test_one_e_and_one_m_step_by_hand():
    xs = [1.0, 2.0, 6.0]
    colours = [0, 1, 1]  # a nominal attribute: red, blue, blue
    start = Mixture(
        np.array([0.5, 0.5]),
        np.array([[1.0], [5.0]]),
        np.array([[1.0], [2.0]]),
        (np.array([[0.8, 0.2], [0.3, 0.7]]),),
    )
    weights, likelihood = expectation(start, np.array(xs)[:, None], [np.array(colours)])
    # the expectation step, written out
    joint = [
        [0.5 * _normal(x, 1, 1) * 0.8 ** (c == 0) * 0.2 ** (c == 1) for x, c in zip(xs, colours)],
        [0.5 * _normal(x, 5, 2) * 0.3 ** (c == 0) * 0.7 ** (c == 1) for x, c in zip(xs, colours)],
    ]
    expected = [[a / (a + b), b / (a + b)] for a, b in zip(*joint)]
    assert np.allclose(weights, expected, rtol=1e-12)
    assert likelihood == pytest.approx(sum(math.log(a + b) for a, b in zip(*joint)), rel=1e-12)
    # the maximisation step, written out
    model = maximisation(weights, np.array(xs)[:, None], [np.array(colours)], [2])
    for j in range(2):
        w = [row[j] for row in expected]
        mass = sum(w)
        mean = sum(wi * x for wi, x in zip(w, xs)) / mass
        var = sum(wi * (x - mean) ** 2 for wi, x in zip(w, xs)) / mass
        assert model.priors[j] == pytest.approx(mass / 3, rel=1e-12)
        assert model.means[j, 0] == pytest.approx(mean, rel=1e-12)
        assert model.stds[j, 0] == pytest.approx(math.sqrt(var), rel=1e-12)
        red = sum(wi for wi, c in zip(w, colours) if c == 0) / mass
        assert model.tables[0][j].tolist() == pytest.approx([red, 1 - red], rel=1e-12)


def test_a_missing_value_is_left_out_of_the_product():
    start = Mixture(np.array([0.5, 0.5]), np.array([[0.0], [4.0]]), np.ones((2, 1)), ())
    weights, _ = expectation(start, np.array([[np.nan], [0.0]]), [])
    assert weights[0].tolist() == [0.5, 0.5]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 3, 8]))
def test_em_agrees_with_gaussian_mixture_from_the_same_start(seed, steps):
    mixture = pytest.importorskip("sklearn.mixture")
    rng = np.random.default_rng(seed)
    k, m = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    centres = rng.normal(0, 5, size=(k, m))
    x = np.concatenate([rng.normal(c, 1.0, size=(int(rng.integers(5, 30)), m)) for c in centres])
    start = Mixture(
        np.full(k, 1.0 / k), x[rng.choice(len(x), k, replace=False)], np.full((k, m), 2.0), ()
    )
    ours = expectation_maximisation(x, [], start, max_iterations=steps, tolerance=-np.inf)
    model = mixture.GaussianMixture(
        k,
        covariance_type="diag",
        reg_covar=0.0,
        tol=0.0,
        max_iter=steps,
        weights_init=start.priors,
        means_init=start.means,
        precisions_init=1.0 / start.stds**2,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # not converged in so few steps: on purpose
        model.fit(x)
    assert np.allclose(ours.model.means, model.means_, rtol=1e-6, atol=1e-9)
    assert np.allclose(ours.model.stds**2, model.covariances_, rtol=1e-6, atol=1e-9)
    assert np.allclose(ours.model.priors, model.weights_, rtol=1e-9)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_log_likelihood_never_decreases(seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(int(rng.integers(4, 40)), 2))
    codes = [rng.integers(0, 3, size=len(x))]
    k = int(rng.integers(1, 4))
    weights = rng.dirichlet(np.ones(k), size=len(x))
    start = maximisation(weights, x, codes, [3])
    fit = expectation_maximisation(x, codes, start, max_iterations=30, min_std=1e-9)
    trace = np.array([*fit.trace, fit.log_likelihood])
    assert (np.diff(trace) >= -1e-9 * np.abs(trace[:-1]).max()).all()


def test_em_on_iris_through_the_registry():
    run = symlearn.learn("em-clustering", str(KB / "iris.pl"), k=3, seed=0)
    payload = run.to_dict()
    assert payload["log_likelihood"] == run.metrics["log_likelihood"] < 0
    assert len(payload["components"]) == 3 and payload["converged"]
    (entry,) = payload["classification"]
    assert sum(entry["probabilities"]) == pytest.approx(1.0)


# -- the space and the descriptions ----------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_distance_is_witten_and_franks_and_descriptions_cover_their_clusters(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 15))
    numbers = rng.integers(0, 20, size=n).astype(float)
    colours = [str(c) for c in rng.choice(["red", "blue", "green"], size=n)]
    rows = tuple((float(v), str(c)) for v, c in zip(numbers, colours))
    data = AttributeValueData(
        "t",
        (Attribute("size", None), Attribute("colour", tuple(dict.fromkeys(colours)))),
        rows,
        ("?",) * n,
    )
    space = points(data)
    span = (numbers.max() - numbers.min()) or 1.0
    for i in range(n):
        for j in range(n):
            expected = ((numbers[i] - numbers[j]) / span) ** 2 + float(colours[i] != colours[j])
            found = ((space.matrix[i] - space.matrix[j]) ** 2).sum()
            assert found == pytest.approx(expected, abs=1e-12)
    labels = rng.integers(0, 3, size=n)
    rules = describe(data, labels, 3)
    for rule in rules.rules:
        members = [rows[i] for i in np.flatnonzero(labels == rule.label)]
        assert all(rule.covers(row) for row in members)
        # the most specific: a range ends at a member, a value is every member's
        for test in rule.conditions:
            values = [row[test.index] for row in members]
            assert test.value in values
