"""Confusion matrices and the measures read from them.

For classes ``c_1 ... c_k`` the confusion matrix counts, in row ``i`` and
column ``j``, the test examples of actual class ``c_i`` predicted as ``c_j``
(Kohavi and Provost 1998 lay two classes out as
``[[a, b], [c, d]]``, negatives first, with accuracy ``(a + d) / (a + b + c +
d)``; here rows and columns follow the order of ``classes``, which for pos/neg
data is positive first).  For a class ``c``:

* precision ``TP / (TP + FP)`` (the column of ``c``),
* recall ``TP / (TP + FN)`` (the row of ``c``),
* F1 ``2 P R / (P + R)``;

an undefined ratio (0/0) is reported as ``None``.  The **baseline accuracy**
is the accuracy of always predicting the training set's majority class.

Examples
--------
>>> cm = confusion_matrix(["yes", "yes", "no", "no", "no"], ["yes", "no", "no", "no", "yes"])
>>> cm.classes, cm.matrix
(('yes', 'no'), ((1, 1), (1, 2)))
>>> cm.accuracy, cm.precision("no"), cm.recall("no")
(0.6, 0.6666666666666666, 0.6666666666666666)
>>> baseline_accuracy(["no", "no", "yes"], ["yes", "no"])
0.5

References
----------
Kohavi, R. and Provost, F. (1998) "Glossary of terms", *Machine Learning* 30
(confusion matrix, accuracy, precision, recall); Mitchell (1997) ch. 5.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from symlearn.errors import InvalidParameterError

__all__ = ["ConfusionMatrix", "accuracy", "baseline_accuracy", "confusion_matrix", "majority"]


def _key(label: object) -> tuple[type, object]:
    return (type(label), label)


def accuracy(actual: Sequence[Hashable], predicted: Sequence[Hashable]) -> float:
    """The fraction of ``predicted`` equal to ``actual`` (``True`` and ``1`` differ)."""
    if len(actual) != len(predicted):
        raise InvalidParameterError("actual and predicted labels differ in number")
    if not actual:
        raise InvalidParameterError("accuracy of no examples is undefined")
    right = sum(_key(a) == _key(p) for a, p in zip(actual, predicted))
    return right / len(actual)


def majority(labels: Sequence[Hashable]) -> Hashable:
    """The most common label (ties: the one seen first)."""
    if not labels:
        raise InvalidParameterError("no labels to take the majority of")
    counts = Counter(_key(label) for label in labels)
    best = max(counts.values())
    return next(label for label in labels if counts[_key(label)] == best)


def baseline_accuracy(train: Sequence[Hashable], test: Sequence[Hashable]) -> float:
    """The accuracy on ``test`` of always predicting ``train``'s majority class."""
    guess = majority(train)
    return accuracy(list(test), [guess] * len(test))


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


@dataclass(frozen=True)
class ConfusionMatrix:
    """Counts of (actual, predicted) class pairs.

    Attributes
    ----------
    classes
        The classes, in row and column order.
    matrix
        ``matrix[i][j]``: examples of actual class ``classes[i]`` predicted ``classes[j]``.
    """

    classes: tuple[Hashable, ...]
    matrix: tuple[tuple[int, ...], ...]

    def _index(self, label: Hashable) -> int:
        for i, c in enumerate(self.classes):
            if _key(c) == _key(label):
                return i
        raise KeyError(label)

    @property
    def total(self) -> int:
        """The number of examples counted."""
        return sum(map(sum, self.matrix))

    @property
    def accuracy(self) -> float:
        """The fraction on the diagonal."""
        if not self.total:
            raise InvalidParameterError("accuracy of no examples is undefined")
        return sum(self.matrix[i][i] for i in range(len(self.classes))) / self.total

    @property
    def error(self) -> float:
        """``1 - accuracy``."""
        return 1.0 - self.accuracy

    def precision(self, label: Hashable) -> float | None:
        """``TP / (TP + FP)`` for ``label``."""
        i = self._index(label)
        return _ratio(self.matrix[i][i], sum(row[i] for row in self.matrix))

    def recall(self, label: Hashable) -> float | None:
        """``TP / (TP + FN)`` for ``label``."""
        i = self._index(label)
        return _ratio(self.matrix[i][i], sum(self.matrix[i]))

    def f1(self, label: Hashable) -> float | None:
        """The harmonic mean of precision and recall for ``label``."""
        p, r = self.precision(label), self.recall(label)
        if p is None or r is None or p + r == 0:
            return None
        return 2 * p * r / (p + r)

    def __add__(self, other: ConfusionMatrix) -> ConfusionMatrix:
        if [_key(c) for c in self.classes] != [_key(c) for c in other.classes]:
            raise InvalidParameterError("confusion matrices over different classes")
        rows = tuple(
            tuple(a + b for a, b in zip(r1, r2)) for r1, r2 in zip(self.matrix, other.matrix)
        )
        return ConfusionMatrix(self.classes, rows)

    def to_dict(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        """JSON: ``classes`` (as text), ``matrix`` (rows actual, columns predicted), scores."""
        texts = list(names) if names is not None else [str(c) for c in self.classes]
        return {
            "classes": texts,
            "matrix": [list(row) for row in self.matrix],
            "precision": {t: self.precision(c) for t, c in zip(texts, self.classes)},
            "recall": {t: self.recall(c) for t, c in zip(texts, self.classes)},
            "f1": {t: self.f1(c) for t, c in zip(texts, self.classes)},
        }


def confusion_matrix(
    actual: Sequence[Hashable],
    predicted: Sequence[Hashable],
    classes: Sequence[Hashable] | None = None,
) -> ConfusionMatrix:
    """Count (actual, predicted) pairs.

    Parameters
    ----------
    actual, predicted
        The labels, pairwise.
    classes
        Row/column order (default: labels in order of first appearance,
        ``True`` before ``False``).

    Raises
    ------
    InvalidParameterError
        When the two sequences differ in length or a label is not in ``classes``.
    """
    if len(actual) != len(predicted):
        raise InvalidParameterError("actual and predicted labels differ in number")
    if classes is None:
        seen: dict[tuple[type, object], Hashable] = {}
        for label in [*actual, *predicted]:
            seen.setdefault(_key(label), label)
        ordered = list(seen.values())
        if all(type(c) is bool for c in ordered):
            ordered = [c for c in (True, False) if _key(c) in seen]
        classes = ordered
    index = {_key(c): i for i, c in enumerate(classes)}
    rows = [[0] * len(classes) for _ in classes]
    for a, p in zip(actual, predicted):
        if _key(a) not in index or _key(p) not in index:
            raise InvalidParameterError(f"label {a!r} or {p!r} is not one of the classes")
        rows[index[_key(a)]][index[_key(p)]] += 1
    return ConfusionMatrix(tuple(classes), tuple(tuple(r) for r in rows))
