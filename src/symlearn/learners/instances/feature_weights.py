"""Attribute weights for the k-NN distance: information gain, gain ratio, or given.

Irrelevant attributes make instances that agree on the relevant ones look far
apart (the curse of dimensionality, Mitchell 1997, section 8.2.3).  Weighting
each attribute's difference stretches the axes of relevant attributes and
shrinks the others; for the overlap metric the notes (after Witten & Frank
2005, section 6.4, and Daelemans et al.'s IB1-IG) weight each attribute by
its **information gain** ``Gain(C, A) = H(C) - sum_v |C_v|/|C| H(C_v)`` or
its **gain ratio** ``Gain(C, A) / SplitInformation(A)`` on the training
instances (Mitchell 1997, sections 3.4.1.2 and 3.7.3):

* a nominal attribute's gain is over its values, counting only the instances
  whose value is known (and multiplying by their share, as C4.5 does);
* a numeric attribute's gain is that of its best binary split ``A <= t`` at
  a midpoint between consecutive known values.

:func:`parse_weights` reads weights given as ``ATTRIBUTE=W`` (unnamed
attributes keep weight 1).

Examples
--------
>>> import numpy as np
>>> from symlearn.data.attribute_value import Attribute
>>> attributes = (Attribute("a", ("x", "y")), Attribute("b", None))
>>> rows = np.array([[0, 1.0], [0, 2.0], [1, 3.0], [1, 4.0]])
>>> np.round(gain_weights(attributes, rows, np.array([0, 0, 1, 1]), 2), 3).tolist()
[1.0, 1.0]
>>> parse_weights(["b=0.5"], attributes).tolist()
[1.0, 0.5]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from symlearn.data.attribute_value import Attribute
from symlearn.errors import InvalidParameterError

__all__ = ["WEIGHTINGS", "gain_weights", "parse_weights"]

#: The automatic weightings.
WEIGHTINGS = ("none", "gain", "gain-ratio")


def _entropy(counts: np.ndarray) -> np.ndarray:
    """Entropy in bits of each row of class counts (0 log 0 = 0)."""
    totals = counts.sum(axis=-1, keepdims=True)
    p = counts / np.where(totals > 0, totals, 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, -p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return terms.sum(axis=-1)


def _nominal_gain(
    codes: np.ndarray, y: np.ndarray, n_values: int, n_classes: int
) -> tuple[float, float]:
    """(gain, split information) of a nominal attribute, C4.5's way with missing values."""
    known = ~np.isnan(codes)
    if not known.any():
        return 0.0, 0.0
    values = codes[known].astype(np.int64)
    counts = np.zeros((n_values, n_classes))
    np.add.at(counts, (values, y[known]), 1.0)
    sizes = counts.sum(axis=1)
    n_known = sizes.sum()
    conditional = float((sizes / n_known) @ _entropy(counts))
    gain = float(known.mean()) * (float(_entropy(counts.sum(axis=0))) - conditional)
    shares = np.append(sizes, len(codes) - n_known) / len(codes)
    return gain, float(_entropy(shares[None, :] * len(codes))[0])


def _numeric_gain(column: np.ndarray, y: np.ndarray, n_classes: int) -> tuple[float, float]:
    """(gain, split information) of the best binary split ``A <= t`` of a numeric attribute."""
    known = ~np.isnan(column)
    values, classes = column[known], y[known]
    if len(values) < 2:
        return 0.0, 0.0
    order = np.argsort(values, kind="stable")
    values, classes = values[order], classes[order]
    below = np.cumsum(np.eye(n_classes)[classes], axis=0)[:-1]  # after each position
    total = below[-1] + np.eye(n_classes)[classes[-1]]
    cuts = np.flatnonzero(values[1:] > values[:-1])  # between distinct values only
    if len(cuts) == 0:
        return 0.0, 0.0
    left, right = below[cuts], total - below[cuts]
    n = len(values)
    sizes = np.column_stack([left.sum(axis=1), right.sum(axis=1)])
    conditional = (sizes[:, 0] * _entropy(left) + sizes[:, 1] * _entropy(right)) / n
    best = int(np.argmax(_entropy(total[None, :])[0] - conditional))
    gain = float(known.mean()) * float(_entropy(total[None, :])[0] - conditional[best])
    missing = len(column) - n
    split = np.array([[sizes[best, 0], sizes[best, 1], missing]], dtype=np.float64)
    return gain, float(_entropy(split)[0])


def gain_weights(
    attributes: Sequence[Attribute],
    rows: np.ndarray,
    y: np.ndarray,
    n_classes: int,
    ratio: bool = False,
) -> np.ndarray:
    """Each attribute's information gain (or gain ratio) on the training rows.

    ``rows`` hold codes for nominal attributes and numbers for numeric ones
    (``nan`` missing); ``y`` the class codes.
    """
    weights = []
    for r, attribute in enumerate(attributes):
        if attribute.values is None:
            gain, split = _numeric_gain(rows[:, r], y, n_classes)
        else:
            gain, split = _nominal_gain(rows[:, r], y, len(attribute.values), n_classes)
        weights.append(gain / split if ratio and split > 0 else (0.0 if ratio else gain))
    return np.array(weights, dtype=np.float64)


def parse_weights(texts: Iterable[str], attributes: Sequence[Attribute]) -> np.ndarray:
    """Weights given as ``ATTRIBUTE=W`` texts (the others 1).

    Raises
    ------
    InvalidParameterError
        For a text that is not ``ATTRIBUTE=W`` with W >= 0, or an unknown attribute.
    """
    names = [a.name for a in attributes]
    weights = np.ones(len(names))
    for text in texts:
        name, sep, value = text.partition("=")
        try:
            weight = float(value)
        except ValueError:
            weight = -1.0
        if not sep or not weight >= 0 or not np.isfinite(weight):
            raise InvalidParameterError(
                f"--attribute-weight {text!r}: expected ATTRIBUTE=W with a number W >= 0"
            )
        if name.strip() not in names:
            raise InvalidParameterError(
                f"--attribute-weight {text!r}: no attribute {name.strip()} "
                f"(attributes: {', '.join(names)})"
            )
        weights[names.index(name.strip())] = weight
    return weights
