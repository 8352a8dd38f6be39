"""CART: optimal binary subset splits, thresholds, and agreement with scikit-learn."""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data import Attribute, AttributeValueData
from symlearn.data.columnar import Sample
from symlearn.data.encoded import EncodedData, encode
from symlearn.hypotheses.decision_tree import Leaf
from symlearn.hypotheses.tree_arrays import arrays_of, flatten, predict_trees
from symlearn.learners.trees.cart import cart, cart_options
from symlearn.learners.trees.growing import as_encoded, grow_tree, grow_trees, root_report
from symlearn.learners.trees.impurity import gini
from symlearn.learning.models import BaseLearner
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


def _alone(encoded: EncodedData, sample: Sample) -> EncodedData:
    """The sample as a table of its own, its classes counted as the whole table's."""
    part = encoded.take(sample.rows)
    if sample.weights is not None:
        part = dataclasses.replace(part, weights=sample.weights)
    if sample.attributes is None:
        return part
    return dataclasses.replace(
        part,
        attributes=tuple(part.attributes[a] for a in sample.attributes),
        columns=tuple(part.columns[a] for a in sample.attributes),
    )


@settings(max_examples=20, deadline=None)
@given(
    datasets(max_rows=40, continuous=True, missing=True),
    st.integers(0, 1000),
    st.sampled_from(["cart", "c45:prune=none", "id3"]),
)
def test_trees_grown_together_are_the_trees_grown_alone(data, seed, learner):
    """An ensemble's members grown level by level together equal each grown from its sample."""
    encoded = as_encoded(data)
    rng = np.random.default_rng(seed)
    n, k = encoded.n_rows, len(encoded.attributes)
    samples = []
    for _ in range(4):
        counts = np.bincount(rng.integers(0, n, size=n), minlength=n)
        kept = np.flatnonzero(counts)
        chosen = tuple(sorted(rng.choice(k, size=rng.integers(1, k + 1), replace=False).tolist()))
        samples.append(Sample(kept, counts[kept].astype(float), chosen))
        samples.append(Sample(np.arange(n), None, chosen))
    options = dataclasses.replace(
        BaseLearner.parse(learner).settings.tree_options({}), keep_scores=False
    )
    together = grow_trees(encoded, options, samples)
    for tree, sample in zip(together, samples):
        assert tree == grow_tree(_alone(encoded, sample), options)
    # the arrays the grower gives them are the ones their nodes give
    for tree in together:
        given, made = arrays_of(tree), flatten(tree)
        for name in given.__dataclass_fields__:
            assert np.array_equal(getattr(given, name), getattr(made, name)), name
            assert getattr(given, name).dtype == getattr(made, name).dtype, name
    # and they classify all at once as each one alone (unknown values as fractions)
    classes = predict_trees(together, encoded.columns, [s.attributes for s in samples])
    for tree, sample, own in zip(together, samples, classes):
        columns = [encoded.columns[a] for a in sample.attributes or range(k)]
        assert own.tolist() == tree.predict_columns(columns).tolist()


def test_trees_grown_together_with_fractional_weights():
    """C4.5's fractions of examples with missing numbers add up alike, alone and together.

    A branch's weight is a sum of fractions whose rounding depends on the
    other nodes counted with it; MINOBJS (2) and "no weight" are compared
    with a tolerance, so that both ways give the same trees.
    """
    rng = np.random.default_rng(1)
    x = rng.normal(size=(400, 4)).round(1)
    x[rng.random(x.shape) < 0.1] = np.nan
    kind = rng.integers(-1, 3, size=400)
    y = ((np.nan_to_num(x[:, 0]) + (kind == 1) + rng.normal(size=400)) > 0.3).astype(np.int32)
    y[rng.random(400) < 0.2] = 2
    encoded = EncodedData(
        "t",
        (*(Attribute(f"x{i}", None) for i in range(4)), Attribute("c", ("a", "b", "d"))),
        (*(np.ascontiguousarray(x[:, i]) for i in range(4)), kind.astype(np.int8)),
        y,
        ("p", "q", "r"),
    )
    options = dataclasses.replace(
        BaseLearner.parse("c45:prune=none").settings.tree_options({}), keep_scores=False
    )
    samples = []
    for _ in range(2):
        counts = np.bincount(rng.integers(0, 400, size=400), minlength=400)
        kept = np.flatnonzero(counts)
        samples.append(Sample(kept, counts[kept].astype(float)))
    for tree, sample in zip(grow_trees(encoded, options, samples), samples):
        assert tree == grow_tree(_alone(encoded, sample), options)
