"""CART: optimal binary subset splits, thresholds, and agreement with scikit-learn."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings

from symlearn.data import Attribute, AttributeValueData
from symlearn.data.encoded import EncodedData, encode
from symlearn.hypotheses.decision_tree import Leaf
from symlearn.learners.trees.cart import cart, cart_options
from symlearn.learners.trees.growing import root_report
from symlearn.learners.trees.impurity import gini
from tests.learners.trees.support import datasets, engine_answer, engine_for, instance_space


def _gini_reduction(labels, left_mask):
    classes = sorted(set(labels), key=str)

    def counts(ys):
        return np.array([[sum(1 for y in ys if y == c) for c in classes]], dtype=float)

    left = [y for y, m in zip(labels, left_mask) if m]
    right = [y for y, m in zip(labels, left_mask) if not m]
    n = len(labels)
    return float(
        gini(counts(labels))[0]
        - len(left) / n * gini(counts(left))[0]
        - len(right) / n * gini(counts(right))[0]
    )


@settings(max_examples=80, deadline=None)
@given(datasets(max_attributes=2, max_values=5, max_rows=30, max_classes=3))
def test_best_subset_split_is_the_best_of_all_subsets(data):
    report = root_report(encode(data), cart_options())
    for j, attribute in enumerate(data.attributes):
        values = attribute.values
        best = None
        for size in range(1, len(values)):
            for subset in itertools.combinations(values, size):
                mask = [row[j] in subset for row in data.instances]
                if all(mask) or not any(mask):
                    continue
                g = _gini_reduction(data.labels, mask)
                best = g if best is None else max(best, g)
        if best is None or len(set(data.labels)) < 2:
            continue
        assert report.gains[attribute.name] == pytest.approx(best, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(datasets(max_attributes=3, max_values=4, max_rows=25, continuous=True))
def test_engine_answers_binary_rules_as_the_tree(data):
    tree = cart(data)
    engine = engine_for([str(c) for c in tree.to_clauses()])
    for instance in instance_space(data, numbers=(0, 1, 3, 6)):
        expected = tree.classify(instance)
        assert engine_answer(engine, data.target, instance, data.is_boolean) == (
            expected if data.is_boolean else [expected]
        )


def test_every_split_is_binary():
    tree = cart(encode(_random_categorical(200, seed=4)))
    assert all(len(n.children) == 2 for n in tree.nodes() if not isinstance(n, Leaf))


def _random_categorical(n, seed):
    rng = np.random.default_rng(seed)
    rows = [tuple(f"v{int(v)}" for v in rng.integers(0, 4, 3)) for _ in range(n)]
    labels = tuple(
        "c0" if r[0] in ("v0", "v2") and r[1] != "v3" else ("c1" if r[2] == "v1" else "c2")
        for r in rows
    )
    attributes = tuple(Attribute(f"a{j}", ("v0", "v1", "v2", "v3")) for j in range(3))
    return AttributeValueData("t", attributes, tuple(rows), labels)


def test_subset_splits_learn_a_value_set_concept_exactly():
    data = _random_categorical(300, seed=2)
    tree = cart(data)
    assert tree.predict(data.instances) == list(data.labels)
    root = tree.root
    assert {c.op for c in root.conditions} <= {"=", "in"}


def test_agrees_with_scikit_learn_on_continuous_data():
    tree_module = pytest.importorskip("sklearn.tree")
    rng = np.random.default_rng(11)
    x = rng.normal(size=(300, 4))
    y = ((x[:, 0] > 0.3) & (x[:, 1] < 0.5)) | (x[:, 2] > 1.0)
    y = y ^ (rng.random(300) < 0.1)
    attributes = tuple(Attribute(f"x{j}", None) for j in range(4))
    data = AttributeValueData(
        "t", attributes, tuple(tuple(map(float, row)) for row in x), tuple(bool(v) for v in y)
    )
    ours = cart(data, max_depth=4)
    theirs = tree_module.DecisionTreeClassifier(criterion="gini", max_depth=4, random_state=0)
    theirs.fit(x, y)
    probe = rng.normal(size=(500, 4))
    ours_says = np.array(ours.predict([tuple(map(float, r)) for r in probe]))
    assert (ours_says == theirs.predict(probe)).mean() >= 0.99
    assert ours.size == theirs.tree_.node_count


def test_entropy_and_misclassification_measures():
    data = _random_categorical(150, seed=5)
    for measure in ("gain", "misclassification"):
        tree = cart(data, measure=measure)
        assert all(len(n.children) == 2 for n in tree.nodes() if not isinstance(n, Leaf))
    encoded = EncodedData.from_codes(np.array([[0], [0], [1], [1]]), np.array([1, 1, 0, 1]))
    report = root_report(encoded, cart_options(measure="misclassification"))
    # parent 1 - 3/4 = 1/4; children 0 and 1/2: 1/4 - (2/4) * (1/2) = 0
    assert report.gains["a1"] == pytest.approx(0.0)
