"""Evaluate any learner: on a held-out test set, or by k-fold cross-validation.

A **learner** is any function that takes the training examples (an
:class:`~symlearn.data.attribute_value.AttributeValueData`) and returns a
model with ``classify(instance) -> label`` (a decision tree, a rule set, a
naive Bayes model ...); a model that also has ``predict(instances)`` is asked
for all test instances at once.  Nothing here knows what the model is.

:func:`holdout` measures one model on a test set: accuracy, confusion matrix,
baseline (majority-class) accuracy and the N% confidence interval for the true
error.  :func:`cross_validate` runs k-fold cross-validation with a seed and
keeps the per-fold errors (what the paired t-test of
:mod:`symlearn.evaluation.comparison` needs) and the confusion matrix summed
over the folds.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> from symlearn.evaluation.metrics import majority
>>> class Majority:                       # the simplest learner there is
...     def __init__(self, data): self.label = majority(data.labels)
...     def classify(self, instance): return self.label
>>> kb = loads("".join(f"pos(t({i})). " for i in range(6)) + "neg(t(9)). neg(t(8)).")
>>> cv = cross_validate(Majority, from_kb(kb, "t", 1), k=2, seed=0)
>>> cv.fold_errors, cv.accuracy
((0.25, 0.25), 0.75)

References
----------
Mitchell (1997) ch. 5 (section 5.6, k-fold cross-validation and the paired
t-test).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.columnar import ColumnarData, label_codes
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.intervals import Interval, error_confidence_interval
from symlearn.evaluation.metrics import ConfusionMatrix
from symlearn.evaluation.splits import k_fold_indices, subset
from symlearn.logic.terms import Term

__all__ = [
    "UNCLASSIFIED",
    "Classifier",
    "CrossValidation",
    "Holdout",
    "Learner",
    "cross_validate",
    "holdout",
    "predicted_codes",
    "predictions",
]

Progress = Callable[[str, int, "int | None"], None]


class Classifier(Protocol):
    """Anything that labels an instance."""

    def classify(self, instance: Sequence[Term]) -> Any:
        """The label of ``instance``."""


#: A learner: training data -> classifier.
Learner = Callable[[AttributeValueData], Classifier]


class _Unclassified:
    """The column of a confusion matrix for instances a model gives no class."""

    def __repr__(self) -> str:
        return "unclassified"

    __str__ = __repr__


#: Stands for "no class" (a rule set without a default that no rule covers).
UNCLASSIFIED = _Unclassified()


def predictions(model: Classifier, instances: Sequence[Sequence[Term]]) -> list[Any]:
    """The model's label for each instance (its ``predict`` if it has one)."""
    predict = getattr(model, "predict", None)
    if callable(predict):
        return list(predict(instances))
    return [model.classify(instance) for instance in instances]


@dataclass(frozen=True)
class Holdout:
    """A model measured on a test set."""

    confusion: ConfusionMatrix
    baseline_accuracy: float
    interval: Interval

    @property
    def accuracy(self) -> float:
        """Test accuracy."""
        return self.confusion.accuracy

    @property
    def error(self) -> float:
        """Test error, the sample error ``error_S(h)``."""
        return self.confusion.error

    @property
    def n(self) -> int:
        """The number of test examples."""
        return self.confusion.total


def predicted_codes(
    model: Classifier, test: AttributeValueData
) -> tuple[np.ndarray, tuple[Any, ...]]:
    """The model's class for each test example, coded as :func:`label_codes` codes labels.

    A model that predicts from numpy columns (a decision tree over the very
    attributes of a table's columns, a rule set over encoded data) is asked
    for every example at once; any other model labels the instances
    (``None``: no class).
    """
    predict_columns = getattr(model, "predict_columns", None)
    if (
        isinstance(test, ColumnarData)
        and callable(predict_columns)
        and getattr(model, "attributes", None) == test.attributes
    ):
        return predict_columns(test.encoded.columns), tuple(model.classes)  # type: ignore[attr-defined]
    predict_encoded = getattr(model, "predict_encoded", None)
    if isinstance(test, ColumnarData) and callable(predict_encoded):
        coded = predict_encoded(test.encoded)  # a rule set: None when it cannot
        if coded is not None:
            return coded
    return label_codes(predictions(model, test.instances))


def _recoded(codes: np.ndarray, classes: Sequence[Any], keys: dict[Any, int]) -> np.ndarray:
    """``codes`` into ``classes`` renumbered into ``keys`` (class key -> position)."""
    # a class no code points at (None when every example got a class) may be missing
    lookup = np.array([keys.get(_key(c), 0) for c in classes] or [0], dtype=np.int64)
    return lookup[codes] if len(codes) else np.zeros(0, dtype=np.int64)


def _key(label: Any) -> tuple[type, Any]:
    return (type(label), label)


def holdout(
    model: Classifier,
    train: AttributeValueData,
    test: AttributeValueData,
    confidence: float = 95,
) -> Holdout:
    """Measure ``model`` (learnt from ``train``) on ``test``.

    A prediction that is not one of the classes (``None`` from a rule set
    without a default) counts as an error.  The counting is done on class
    codes with numpy, so a table of a million rows is measured at once.
    """
    if not test.n_examples:
        raise InvalidParameterError("the test set is empty")
    actual, actual_classes = label_codes(test)
    predicted, predicted_classes = predicted_codes(model, test)
    # rows and columns: the training classes, then others in order of appearance
    order = list(train.classes)
    for codes, classes in ((actual, actual_classes), (predicted, predicted_classes)):
        present, first = np.unique(codes, return_index=True)
        order += [classes[int(c)] for c in present[np.argsort(first, kind="stable")]]
    keys: dict[Any, int] = {}
    for label in order:
        if label is not None:
            keys.setdefault(_key(label), len(keys))
    if any(predicted_classes[int(c)] is None for c in np.unique(predicted)):
        keys[_key(None)] = len(keys)  # some example gets no class
    size = len(keys)
    pairs = _recoded(actual, actual_classes, keys) * size
    pairs += _recoded(predicted, predicted_classes, keys)
    matrix = np.bincount(pairs, minlength=size * size).reshape(size, size)
    classes = tuple(UNCLASSIFIED if key[1] is None else key[1] for key in keys)
    cm = ConfusionMatrix(classes, tuple(tuple(int(n) for n in row) for row in matrix))
    train_codes, train_classes = label_codes(train)
    present, first, counts = np.unique(train_codes, return_index=True, return_counts=True)
    most = np.flatnonzero(counts == counts.max())
    guess = train_classes[int(present[most[np.argmin(first[most])]])]  # first seen wins ties
    baseline = float(np.mean(_recoded(actual, actual_classes, keys) == keys[_key(guess)]))
    return Holdout(cm, baseline, error_confidence_interval(cm.error, cm.total, confidence))


@dataclass(frozen=True)
class CrossValidation:
    """The result of k-fold cross-validation.

    Attributes
    ----------
    k, seed
        The folds and the seed that made them.
    fold_errors
        The test error of each fold, in fold order.
    fold_sizes
        The number of test examples in each fold.
    confusion
        The confusion matrix summed over the folds.
    baseline_accuracies
        Per fold, the accuracy of predicting the training folds' majority class.
    interval
        The confidence interval for the true error from the pooled error over
        all ``n`` examples.
    """

    k: int
    seed: int | None
    fold_errors: tuple[float, ...]
    fold_sizes: tuple[int, ...]
    confusion: ConfusionMatrix
    baseline_accuracies: tuple[float, ...]
    interval: Interval

    @property
    def accuracy(self) -> float:
        """The pooled accuracy (correct predictions over all folds / examples)."""
        return self.confusion.accuracy

    @property
    def mean_fold_accuracy(self) -> float:
        """The mean of the fold accuracies."""
        return float(1.0 - np.mean(self.fold_errors))

    @property
    def fold_accuracy_std(self) -> float:
        """The sample standard deviation of the fold accuracies."""
        return float(np.std(self.fold_errors, ddof=1)) if self.k > 1 else 0.0

    @property
    def baseline_accuracy(self) -> float:
        """The baseline accuracy pooled over the folds."""
        sizes = np.asarray(self.fold_sizes, dtype=float)
        return float(np.dot(self.baseline_accuracies, sizes) / sizes.sum())

    def to_dict(self, class_names: Sequence[str] | None = None) -> dict[str, Any]:
        """JSON for ``metrics.cross_validation``."""
        return {
            "k": self.k,
            "seed": self.seed,
            "accuracy": self.accuracy,
            "mean_fold_accuracy": self.mean_fold_accuracy,
            "fold_accuracy_std": self.fold_accuracy_std,
            "fold_accuracies": [1.0 - e for e in self.fold_errors],
            "fold_sizes": list(self.fold_sizes),
            "baseline_accuracy": self.baseline_accuracy,
            "error_confidence_interval": self.interval.to_dict(),
            "confusion_matrix": self.confusion.to_dict(class_names),
        }


def cross_validate(
    learner: Learner,
    data: AttributeValueData,
    k: int = 10,
    seed: int | None = 0,
    confidence: float = 95,
    stratify: bool = True,
    progress: Progress | None = None,
    folds: Sequence[np.ndarray] | None = None,
) -> CrossValidation:
    """k-fold cross-validation of ``learner`` on ``data`` (see the module docstring).

    Parameters
    ----------
    learner
        Training data -> classifier.
    data
        The labelled examples.
    k, seed, stratify
        How to make the folds (:func:`~symlearn.evaluation.splits.k_fold_indices`).
    confidence
        N for the N% interval on the pooled error.
    progress
        Called as ``progress("cross-validation", fold, k)``.
    folds
        Use these test folds instead (to compare learners on the same folds).
    """
    if folds is None:
        folds = k_fold_indices(data, k, seed, stratify)
    all_indices = np.arange(data.n_examples)
    errors, sizes, baselines = [], [], []
    confusion: ConfusionMatrix | None = None
    for i, test_index in enumerate(folds):
        train = subset(data, np.setdiff1d(all_indices, test_index))
        test = subset(data, test_index)
        result = holdout(learner(train), train, test, confidence)
        cm = _aligned(result.confusion, data)
        confusion = cm if confusion is None else confusion + cm
        errors.append(result.error)
        sizes.append(result.n)
        baselines.append(result.baseline_accuracy)
        if progress is not None:
            progress("cross-validation", i + 1, len(folds))
    assert confusion is not None
    return CrossValidation(
        len(folds),
        seed,
        tuple(errors),
        tuple(sizes),
        confusion,
        tuple(baselines),
        error_confidence_interval(confusion.error, confusion.total, confidence),
    )


def _aligned(cm: ConfusionMatrix, data: AttributeValueData) -> ConfusionMatrix:
    """``cm`` re-indexed on the data's classes (plus any extra prediction) for summing."""
    classes: list[Any] = list(data.classes)
    keys: list[tuple[type, Any]] = [(type(c), c) for c in classes]
    for c in cm.classes:
        if (type(c), c) not in keys:
            classes.append(c)
            keys.append((type(c), c))
    size = len(classes)
    rows = [[0] * size for _ in range(size)]
    position = {key: i for i, key in enumerate(keys)}
    for i, a in enumerate(cm.classes):
        for j, p in enumerate(cm.classes):
            rows[position[(type(a), a)]][position[(type(p), p)]] += cm.matrix[i][j]
    return ConfusionMatrix(tuple(classes), tuple(tuple(r) for r in rows))
