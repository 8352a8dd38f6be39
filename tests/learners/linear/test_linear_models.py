"""Linear models: least squares, the perceptron rule and the delta rule by their definitions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.attribute_value import Attribute, AttributeValueData
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb import loads
from symlearn.learners.linear.delta_rule import delta_rule
from symlearn.learners.linear.epochs import Diverged, delta_epoch, perceptron_epoch
from symlearn.learners.linear.linear_regression import least_squares
from symlearn.learners.linear.perceptron import perceptron
from symlearn.learning.attribute_data import from_kb


def numeric(rows, labels) -> AttributeValueData:
    attributes = tuple(Attribute(f"a{j}", None) for j in range(len(rows[0])))
    return AttributeValueData("t", attributes, tuple(map(tuple, rows)), tuple(labels))


@st.composite
def regression_problems(draw: st.DrawFn):
    seed = draw(st.integers(0, 2**32 - 1))
    n = draw(st.integers(2, 30))
    d = draw(st.integers(1, 5))
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, d)) * rng.uniform(0.1, 100, d), rng.normal(size=n) * 10


@settings(max_examples=40, deadline=None)
@given(regression_problems())
def test_least_squares_is_numpys_lstsq(problem) -> None:
    x, y = problem
    model = least_squares(numeric(x.tolist(), y.tolist())).model
    a = np.hstack([np.ones((len(x), 1)), x])
    expected = np.linalg.lstsq(a, y, rcond=None)[0]
    assert np.allclose(
        model.weights[0], expected, rtol=0, atol=1e-9 * max(1, np.abs(expected).max())
    )
    assert np.allclose(model.predict_values([tuple(r) for r in x.tolist()]), a @ expected)


def test_multiresponse_regression_takes_the_largest_output() -> None:  # scikit-learn's
    pytest.importorskip("sklearn")
    from sklearn.linear_model import LinearRegression

    rng = np.random.default_rng(3)
    x = rng.normal(size=(60, 2))
    y = np.array(["a", "b", "c"])[np.argmax(x @ rng.normal(size=(2, 3)), axis=1)]
    model = least_squares(numeric(x.tolist(), y.tolist())).model
    classes = list(dict.fromkeys(y))
    onehot = np.array([[1.0 if c == k else 0.0 for k in classes] for c in y])
    peer = LinearRegression().fit(x, onehot)
    expected = [classes[i] for i in np.argmax(peer.predict(x), axis=1)]
    assert model.predict([tuple(r) for r in x.tolist()]) == expected


def test_a_class_that_mixes_numbers_and_atoms_is_located() -> None:
    data = from_kb(loads("label(t(1), 2.0).\nlabel(t(2), lots).\n", "r.pl"), "t", 1)
    with pytest.raises(KBError, match=r"r\.pl:2:1: error: the class must be a number, not lots"):
        least_squares(data)


def reference_perceptron(x1, t, w, eta, epochs):
    """Mitchell's rule, example after example, as written."""
    mistakes = []
    for _ in range(epochs):
        count = 0
        for x, target in zip(x1, t):
            o = 1.0 if float(x @ w) > 0 else -1.0
            if o != target:
                count += 1
            w = w + eta * (target - o) * x
        mistakes.append(count)
    return w, mistakes


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 300), st.sampled_from([0.25, 0.5, 1.0, 2.0]))
def test_the_perceptron_epoch_is_the_rule_example_by_example(seed, n, eta) -> None:
    # small integers and dyadic rates: every activation exact, zero ones included
    rng = np.random.default_rng(seed)
    x1 = np.hstack([np.ones((n, 1)), rng.integers(-3, 4, (n, 3)).astype(np.float64)])
    t = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    w = np.zeros(4)
    counts = [perceptron_epoch(x1, t, w, eta) for _ in range(4)]
    expected, expected_counts = reference_perceptron(x1, t, np.zeros(4), eta, 4)
    assert counts == expected_counts
    assert np.allclose(w, expected, atol=1e-9)


def test_the_perceptron_separates_separable_data_and_prints_its_hyperplane() -> None:
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (80, 2))
    labels = [bool(v) for v in (x @ [1.0, -2.0] + 0.3 > 0)]
    trained = perceptron(numeric(x.tolist(), labels), epochs=None, patience=0)
    assert trained.trace[-1]["error"] == 0
    assert trained.model.predict([tuple(r) for r in x.tolist()]) == labels
    assert trained.model.equations()[0].startswith("o = ")


def sklearn_perceptron(x, t, start, eta, epochs):
    """scikit-learn's Perceptron from ``start`` (bias first) for exactly ``epochs`` epochs."""
    from sklearn.linear_model import Perceptron

    peer = Perceptron(eta0=2 * eta, shuffle=False, max_iter=epochs, tol=None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConvergenceWarning: max_iter reached, as asked
        peer.fit(x, t, coef_init=start[None, 1:], intercept_init=start[:1])
    return np.concatenate([peer.intercept_, peer.coef_[0]])


@settings(max_examples=15, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(2, 40),
    st.integers(1, 4),
    st.integers(1, 5),
    st.sampled_from([0.1, 0.5, 1.0]),
)
def test_the_perceptron_without_ties_is_scikit_learns(seed, n, d, epochs, eta) -> None:
    # the rules differ only where w . x = 0 exactly (Mitchell: o = -1, no update on a
    # negative example; scikit-learn: y w . x <= 0 is a mistake): random real inputs
    # from random real weights meet no such tie, and then every update is the same
    pytest.importorskip("sklearn")
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, d))
    labels = ["p" if v else "n" for v in rng.random(n) < 0.5]
    labels[:2] = ["p", "n"]  # both classes; "p" first, so t = 1 for "p"
    start = rng.normal(size=d + 1)
    trained = perceptron(
        numeric(x.tolist(), labels),
        eta,
        epochs=epochs,
        pocket=False,
        initial_weights=tuple(start.tolist()),
    )
    t = np.where(np.array(labels) == "p", 1.0, -1.0)
    expected = sklearn_perceptron(x, t, start, eta, epochs)
    assert np.allclose(trained.model.weights[0], expected, rtol=0, atol=1e-9)


def test_the_perceptron_and_scikit_learn_part_at_a_tie() -> None:
    # after the first example w = (1, 1); the negative x = -1 then meets w . x = 0:
    # Mitchell's o = -1 = t (no update), scikit-learn's y w . x = 0 <= 0 (an update)
    pytest.importorskip("sklearn")
    x, labels = [[1.0], [-1.0]], ["p", "n"]
    ours = perceptron(numeric(x, labels), 0.5, epochs=1, pocket=False)
    assert ours.model.weights[0].tolist() == [1.0, 1.0]
    peer = sklearn_perceptron(np.array(x), np.array([1.0, -1.0]), np.zeros(2), 0.5, 1)
    assert peer.tolist() == [0.0, 2.0]


def test_the_pocket_keeps_the_epoch_with_the_fewest_training_mistakes() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(60, 2))
    labels = ["p" if v else "n" for v in x @ [1.0, 1.0] + rng.normal(scale=0.8, size=60) > 0]
    data = numeric(x.tolist(), labels)
    t = np.where(np.array(labels) == labels[0], 1.0, -1.0)
    x1 = np.hstack([np.ones((60, 1)), x])
    trained = perceptron(data, epochs=15, pocket=True)
    mistakes = []
    for entry in trained.trace:  # counted again from each epoch's weights
        w = np.array(list(entry["weights"].values()))
        mistakes.append(int(np.sum(np.where(x1 @ w > 0, 1.0, -1.0) != t)))
    assert [e["mistakes"] for e in trained.trace] == mistakes
    best = int(np.argmin(mistakes))  # the first of the fewest
    assert min(mistakes) < mistakes[-1]  # not separable: the last epoch is not the best
    assert trained.model.weight_dict() == trained.trace[best]["weights"]
    assert trained.extra["pocket"] == {"epochs": [best + 1], "mistakes": [mistakes[best]]}
    last = perceptron(data, epochs=15, pocket=False)
    assert last.model.weight_dict() == last.trace[-1]["weights"]
    # without --epochs: until the rule's updates have not fallen for --patience epochs
    stopped = perceptron(data, patience=3, pocket=True)
    updates = [e["error"] for e in stopped.trace]
    assert min(updates[:-3]) <= min(updates[-3:]) and len(updates) < 1000
    kept = stopped.extra["pocket"]["epochs"][0]
    assert stopped.model.weight_dict() == stopped.trace[kept - 1]["weights"]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 400), st.integers(1, 20))
def test_the_delta_rule_epoch_is_the_rule_example_by_example(seed, n, d) -> None:
    rng = np.random.default_rng(seed)
    x1 = np.hstack([np.ones((n, 1)), rng.normal(size=(n, d))])
    t = rng.normal(size=n)
    eta = 0.5 / (d + 1) / 4
    w = rng.normal(size=d + 1)
    expected = w.copy()
    for _ in range(2):  # the second epoch applies the map the first one made
        for x, target in zip(x1, t):
            expected = expected + eta * (target - float(x @ expected)) * x
        delta_epoch(x1, t, w, eta)
        assert np.allclose(w, expected, rtol=1e-9, atol=1e-9)


def test_the_delta_rule_approaches_least_squares_and_traces_e() -> None:
    data = from_kb(loads("label(t(0), 1). label(t(1), 3). label(t(2), 5.5)."), "t", 1)
    trained = delta_rule(data, learning_rate=0.1, epochs=2000)
    exact = least_squares(data).model.weights[0]
    assert np.allclose(trained.model.weights[0], exact, atol=0.05)
    first = trained.trace[0]
    assert set(first) == {"epoch", "weights", "error"} and first["epoch"] == 1
    w = trained.model.weights[0]
    x1 = np.array([[1.0, 0], [1, 1], [1, 2]])
    assert trained.trace[-1]["error"] == pytest.approx(
        0.5 * np.sum((np.array([1, 3, 5.5]) - x1 @ w) ** 2)
    )


def test_batch_gradient_descent_steps_once_per_epoch() -> None:
    data = from_kb(loads("label(t(0), 1). label(t(1), 3)."), "t", 1)
    trained = delta_rule(
        data, learning_rate=0.1, gradient="batch", initial_weights=(0.0, 0.0), epochs=1
    )
    # Delta w = 0.1 * ((1 - 0) * (1, 0) + (3 - 0) * (1, 1)) = (0.4, 0.3)
    assert trained.model.weight_dict() == pytest.approx({"bias": 0.4, "a1": 0.3})


def test_divergence_is_an_error_naming_the_epoch() -> None:
    data = from_kb(loads("label(t(100), 1). label(t(200), 3). label(t(300), 4)."), "t", 1)
    with pytest.raises(Diverged, match="diverged in epoch"):
        delta_rule(data, learning_rate=10.0, epochs=100)


def test_a_learning_rate_of_zero_and_bad_initial_weights_are_refused() -> None:
    data = numeric([(0.0,), (1.0,)], [True, False])
    with pytest.raises(InvalidParameterError, match="learning rate must be greater than 0"):
        perceptron(data, learning_rate=0.0)
    with pytest.raises(InvalidParameterError, match="initial_weights has 3 numbers"):
        perceptron(data, initial_weights=(0.0, 1.0, 2.0))


def test_the_perceptron_on_the_and_file_reproduces_the_hand_trace() -> None:
    from symlearn import learn

    result = learn("perceptron", "kb/perceptron_and.pl")
    payload = result.to_dict()
    assert [e["error"] for e in payload["trace"]] == [1, 3, 3, 2, 1, 0]
    assert payload["trace"][0]["weights"] == {"bias": 1.0, "x1": 1.0, "x2": 1.0}
    assert payload["weights"] == {"bias": -2.0, "x1": 2.0, "x2": 1.0}
    assert result.clauses() == ["and(A, B) :-\n    -2.0+2.0*A+1.0*B>0.0."]
    assert payload["latex"] == [r"2.0 \mathrm{x1} + 1.0 \mathrm{x2} - 2.0"]
