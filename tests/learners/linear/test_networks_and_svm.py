"""BACKPROPAGATION against Mitchell's Table 4.2 written out; the SVM against scikit-learn's SVC."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.attribute_value import Attribute, AttributeValueData
from symlearn.errors import InvalidParameterError
from symlearn.kb import loads
from symlearn.learners.linear.backpropagation import backpropagation
from symlearn.learners.linear.svm import support_vector_machine
from symlearn.learning.attribute_data import from_kb

svm_module = pytest.importorskip("sklearn.svm")


def numeric(rows, labels) -> AttributeValueData:
    attributes = tuple(Attribute(f"a{j}", None) for j in range(len(rows[0])))
    return AttributeValueData("t", attributes, tuple(map(tuple, rows)), tuple(labels))


def sigma(y):
    return 1.0 / (1.0 + np.exp(-y))


def table_4_2(x, t, hidden, output, eta, alpha, epochs):
    """BACKPROPAGATION with momentum, unit by unit as Mitchell writes it."""
    hidden, output = hidden.copy(), output.copy()
    d_hidden, d_output = np.zeros_like(hidden), np.zeros_like(output)
    for _ in range(epochs):
        for xs, ts in zip(x, t):
            inputs = [1.0, *xs]
            o_h = [sigma(sum(w * v for w, v in zip(row, inputs))) for row in hidden]
            h_in = [1.0, *o_h]
            o_k = [sigma(sum(w * v for w, v in zip(row, h_in))) for row in output]
            delta_k = [o * (1 - o) * (tk - o) for o, tk in zip(o_k, ts)]
            delta_h = [
                o_h[h] * (1 - o_h[h]) * sum(output[k][h + 1] * delta_k[k] for k in range(len(o_k)))
                for h in range(len(o_h))
            ]
            for k in range(len(o_k)):
                for i in range(len(h_in)):
                    d_output[k][i] = eta * delta_k[k] * h_in[i] + alpha * d_output[k][i]
                    output[k][i] += d_output[k][i]
            for h in range(len(o_h)):
                for i in range(len(inputs)):
                    d_hidden[h][i] = eta * delta_h[h] * inputs[i] + alpha * d_hidden[h][i]
                    hidden[h][i] += d_hidden[h][i]
    return hidden, output


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(2, 3))
def test_backpropagation_is_table_4_2_with_momentum(seed, hidden, classes) -> None:
    rng = np.random.default_rng(seed)
    x = rng.uniform(0, 1, (12, 2))
    labels = [f"c{i % classes}" for i in range(12)]
    outputs = 1 if classes == 2 else classes
    start_h = rng.uniform(-0.5, 0.5, (hidden, 3))
    start_o = rng.uniform(-0.5, 0.5, (outputs, hidden + 1))
    given_weights = (*start_h.ravel(), *start_o.ravel())
    trained = backpropagation(
        numeric(x.tolist(), labels),
        hidden=hidden,
        learning_rate=0.4,
        momentum=0.6,
        initial_weights=given_weights,
        epochs=3,
        normalise=False,
    )
    if classes == 2:
        t = [[0.9 if lab == "c0" else 0.1] for lab in labels]
    else:
        t = [[0.9 if lab == f"c{k}" else 0.1 for k in range(classes)] for lab in labels]
    expected_h, expected_o = table_4_2(x, t, start_h, start_o, 0.4, 0.6, 3)
    assert np.allclose(trained.model.hidden, expected_h, atol=1e-12)
    assert np.allclose(trained.model.output, expected_o, atol=1e-12)
    assert [e["epoch"] for e in trained.trace] == [1, 2, 3]


def test_backpropagation_learns_xor_and_its_clauses_answer_alike() -> None:
    data = from_kb(
        loads("neg(xor(0, 0)). pos(xor(0, 1)). pos(xor(1, 0)). neg(xor(1, 1))."), "xor", 2
    )
    trained = backpropagation(
        data, hidden=2, learning_rate=0.5, momentum=0.9, epochs=3000, seed=1, normalise=False
    )
    assert trained.model.predict(data.instances) == list(data.labels)
    assert trained.trace[-1]["error"] < trained.trace[0]["error"]


def test_initial_weights_of_the_wrong_length_name_the_shape() -> None:
    data = numeric([(0.0,), (1.0,)], [True, False])
    with pytest.raises(InvalidParameterError, match="2 hidden units x 2"):
        backpropagation(data, hidden=2, initial_weights=(0.1, 0.2))


@st.composite
def separable(draw: st.DrawFn):
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n, d = draw(st.integers(6, 40)), draw(st.integers(1, 3))
    x = rng.normal(size=(n, d))
    w = rng.normal(size=d)
    score = x @ w + 0.2
    keep = np.abs(score) > 0.2  # a margin
    x, score = x[keep], score[keep]
    return x, np.where(score > 0, "p", "n")


@settings(max_examples=40, deadline=None)
@given(separable(), st.sampled_from(["linear", "polynomial"]))
def test_same_support_vectors_as_svc_on_separable_data(problem, kernel) -> None:
    x, y = problem
    if len(set(y)) < 2:
        return
    trained = support_vector_machine(
        numeric(x.tolist(), y.tolist()),
        kernel,
        degree=2,
        c=1e4,
        coef0=1.0,
        normalise=False,
        tolerance=1e-8,
    )
    peer = svm_module.SVC(
        kernel="linear" if kernel == "linear" else "poly",
        degree=2,
        coef0=1.0,
        gamma=1.0,
        C=1e4,
        tol=1e-8,
    ).fit(x, y)
    ours = sorted(int(i) for i in trained.model.machines[0].support)
    assert ours == sorted(int(i) for i in peer.support_)
    assert trained.model.predict([tuple(r) for r in x.tolist()]) == peer.predict(x).tolist()


def test_the_margin_is_one_over_the_norm_of_w() -> None:
    data = from_kb(loads("neg(t(0, 0)). neg(t(1, 1)). pos(t(3, 3)). pos(t(4, 3))."), "t", 2)
    trained = support_vector_machine(data, c=1e6, normalise=False, tolerance=1e-9)
    assert trained.extra["support_vectors"] == ["t(1, 1)", "t(3, 3)"]
    # the maximum margin hyperplane bisects (1, 1)-(3, 3): x + y = 4, margin sqrt(2)
    assert trained.extra["margin"] == pytest.approx(np.sqrt(2))
    assert trained.model.weights_json() == pytest.approx({"bias": -2.0, "a1": 0.5, "a2": 0.5})


def test_pairwise_svms_classify_as_svc() -> None:
    rng = np.random.default_rng(5)
    centres = np.array([[0, 0], [4, 0], [0, 4]])
    x = np.vstack([c + rng.normal(scale=0.6, size=(15, 2)) for c in centres])
    y = np.repeat(["a", "b", "c"], 15)
    trained = support_vector_machine(numeric(x.tolist(), y.tolist()), normalise=False)
    queries = rng.uniform(-2, 6, (50, 2))
    peer = svm_module.SVC(kernel="linear").fit(x, y)
    assert (
        trained.model.predict([tuple(q) for q in queries.tolist()])
        == peer.predict(queries).tolist()
    )
    assert len(trained.model.machines) == 3


def test_c_must_be_positive() -> None:
    with pytest.raises(InvalidParameterError, match="C must be greater than 0"):
        support_vector_machine(numeric([(0.0,), (1.0,)], ["a", "b"]), c=0.0)
