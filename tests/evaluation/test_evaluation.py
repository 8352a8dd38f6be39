"""Splits, folds, confusion matrices and cross-validation, with any learner."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data import Attribute, AttributeValueData
from symlearn.errors import InvalidParameterError
from symlearn.evaluation import (
    UNCLASSIFIED,
    baseline_accuracy,
    compare_learners,
    confusion_matrix,
    cross_validate,
    holdout,
    k_fold_indices,
    subset,
    train_test_split,
    train_validation_test_split,
)
from symlearn.evaluation.metrics import majority
from symlearn.hypotheses.rule_set import RuleSet
from symlearn.learners.trees.id3 import id3
from symlearn.learners.trees.one_r import one_r
from tests.learners.trees.support import playtennis

labels_strategy = st.lists(st.sampled_from(["a", "b", "c"]), min_size=4, max_size=60)


@settings(max_examples=60, deadline=None)
@given(labels_strategy, st.integers(2, 6), st.integers(0, 5))
def test_folds_partition_the_data_and_are_stratified(labels, k, seed):
    if k > len(labels):
        with pytest.raises(InvalidParameterError):
            k_fold_indices(labels, k, seed)
        return
    folds = k_fold_indices(labels, k, seed)
    everything = sorted(int(i) for fold in folds for i in fold)
    assert everything == list(range(len(labels)))
    sizes = [len(f) for f in folds]
    assert max(sizes) - min(sizes) <= 1
    for label, count in Counter(labels).items():
        per_fold = [sum(labels[i] == label for i in fold) for fold in folds]
        assert max(per_fold) - min(per_fold) <= 1
        assert sum(per_fold) == count
    assert [f.tolist() for f in k_fold_indices(labels, k, seed)] == [f.tolist() for f in folds]


@settings(max_examples=60, deadline=None)
@given(labels_strategy, st.floats(0.1, 0.5), st.integers(0, 3))
def test_splits_are_disjoint_and_seeded(labels, fraction, seed):
    train, test = train_test_split(labels, fraction, seed)
    assert sorted([*train.tolist(), *test.tolist()]) == list(range(len(labels)))
    for label, count in Counter(labels).items():
        assert sum(labels[i] == label for i in test) == round(fraction * count)
    train, validation, test = train_validation_test_split(labels, 0.25, 0.25, seed)
    assert len(set(train) | set(validation) | set(test)) == len(labels)


@settings(max_examples=12, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("xyz"), st.sampled_from("xyz")), min_size=1, max_size=40)
)
def test_confusion_matrix_against_scikit_learn(pairs):
    metrics = pytest.importorskip("sklearn.metrics")
    actual = [a for a, _ in pairs]
    predicted = [p for _, p in pairs]
    classes = ["x", "y", "z"]
    ours = confusion_matrix(actual, predicted, classes)
    assert [list(r) for r in ours.matrix] == metrics.confusion_matrix(
        actual, predicted, labels=classes
    ).tolist()
    assert ours.accuracy == pytest.approx(metrics.accuracy_score(actual, predicted))
    precision, recall, f1, _ = metrics.precision_recall_fscore_support(
        actual, predicted, labels=classes, zero_division=np.nan
    )
    for i, c in enumerate(classes):
        for ours_value, theirs in (
            (ours.precision(c), precision[i]),
            (ours.recall(c), recall[i]),
            (ours.f1(c), f1[i]),
        ):
            if np.isnan(theirs):
                assert ours_value is None
            else:
                assert (ours_value or 0.0) == pytest.approx(theirs)


def test_baseline_and_majority():
    assert majority(["b", "a", "a", "b"]) == "b"
    assert baseline_accuracy(["a", "a", "b"], ["a", "b", "b", "b"]) == 0.25
    assert majority([True, False, False]) is False


def test_cross_validation_with_two_learners_and_the_t_test():
    data = playtennis()
    cv = cross_validate(id3, data, k=7, seed=2)
    assert cv.k == 7 and sum(cv.fold_sizes) == 14
    assert cv.confusion.total == 14
    errors = 0
    for fold in k_fold_indices(data, 7, 2):
        train = subset(data, np.setdiff1d(np.arange(14), fold))
        tree = id3(train)
        errors += sum(tree.classify(data.instances[i]) != data.labels[i] for i in fold)
    assert cv.accuracy == pytest.approx(1 - errors / 14)
    a, b, test = compare_learners(id3, one_r, data, k=7, seed=2)
    assert a.fold_errors == cv.fold_errors
    assert test.df == 6
    assert test.mean == pytest.approx(np.mean(a.fold_errors) - np.mean(b.fold_errors))


def test_holdout_counts_unclassified_as_errors():
    data = AttributeValueData("t", (Attribute("a", ("x", "y")),), (("x",), ("y",)), ("p", "q"))
    empty = RuleSet("t", ("a",), (), ("p", "q"))
    result = holdout(empty, data, data)
    assert result.accuracy == 0.0
    assert UNCLASSIFIED in result.confusion.classes
