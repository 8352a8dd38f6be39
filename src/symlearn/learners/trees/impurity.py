"""Impurity functions and the impurity reduction of a split, vectorised with numpy.

An impurity function maps a class distribution ``p`` to a number that is
minimal for a pure node, symmetric in the classes and maximal for the uniform
distribution (Breiman et al. 1984, ch. 4, impurity functions):

* misclassification ``1 - max_r p(r)``;
* entropy ``H(p) = -sum_r p(r) log2 p(r)`` (Mitchell 1997, section 3.4.1.1),
  with ``0 log 0 = 0``;
* Gini impurity ``G(p) = 1 - sum_r p(r)^2``.

The impurity reduction of a split ``Pi = {M_1, ..., M_p}`` of a node ``M`` is
``iota(M) - sum_i |M_i| / |M| iota(M_i)`` (Breiman et al. 1984, ch. 4); with
entropy it is the information gain ``Gain(C, A) = H(C) - H(C | A)`` (Mitchell
1997, section 3.4.1.2).  :func:`split_information` is C4.5's SplitInformation
(Quinlan 1986, 1993; Mitchell 1997, section 3.7.3).

All functions take **counts** (class weights, possibly fractional), not
probabilities, with the classes on the last axis and, for a split, the
branches on the axis before it, so that one call scores every node of a tree
level, or every candidate threshold, at once.

Missing values follow C4.5 (Quinlan 1993, ch. 3): only the examples whose
value is known are split, the reduction is multiplied by the known fraction
``F``, and SplitInformation counts the unknown examples as one more branch.

Examples
--------
>>> import numpy as np
>>> round(float(entropy(np.array([9, 5]))), 3)            # PlayTennis, Mitchell p. 57
0.94
>>> outlook = np.array([[2, 3], [4, 0], [3, 2]])          # sunny, overcast, rain
>>> round(float(impurity_reduction(outlook, entropy)), 4)
0.2467
>>> round(float(gini(np.array([1, 1]))), 3), float(misclassification(np.array([3, 1])))
(0.5, 0.25)

References
----------
Mitchell (1997), sections 3.4.1 (entropy, information gain) and 3.7.3 (gain
ratio); Quinlan (1993), *C4.5*, ch. 2-3; Breiman, Friedman, Olshen and Stone
(1984), *Classification and Regression Trees*, ch. 4 (impurity functions, Gini).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

__all__ = [
    "IMPURITIES",
    "entropy",
    "gini",
    "impurity_reduction",
    "misclassification",
    "split_information",
]


def sum_last(x: np.ndarray) -> np.ndarray:
    """``x.sum(axis=-1)``, summed column by column.

    The last axis here is short (the classes, the branches), and numpy's
    reduction over a short last axis of a large array is tens of times slower
    than adding its columns.
    """
    x = np.asarray(x, dtype=np.float64)
    if x.shape[-1] == 0:
        return np.zeros(x.shape[:-1])
    total = x[..., 0].copy()
    for i in range(1, x.shape[-1]):
        total += x[..., i]
    return total


def _proportions(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    counts = np.asarray(counts, dtype=np.float64)
    total = sum_last(counts)
    # the division only where there are examples; 0 elsewhere
    p = np.divide(counts, total[..., None], out=np.zeros_like(counts), where=total[..., None] > 0)
    return p, total


def entropy(counts: np.ndarray) -> np.ndarray:
    """Entropy in bits of the class counts on the last axis (0 for an empty node)."""
    p, _ = _proportions(counts)
    with np.errstate(invalid="ignore", divide="ignore"):
        terms = np.where(p > 0, -p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return np.asarray(sum_last(terms))


def gini(counts: np.ndarray) -> np.ndarray:
    """Gini impurity ``1 - sum p^2`` of the counts on the last axis (0 when empty)."""
    p, total = _proportions(counts)
    return np.where(total > 0, 1.0 - sum_last(p * p), 0.0)


def misclassification(counts: np.ndarray) -> np.ndarray:
    """Misclassification impurity ``1 - max p`` of the counts on the last axis."""
    p, total = _proportions(counts)
    return np.where(total > 0, 1.0 - p.max(axis=-1, initial=0.0), 0.0)


#: Impurity functions by name.
IMPURITIES: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "entropy": entropy,
    "gini": gini,
    "misclassification": misclassification,
}


def _xlogx(x: np.ndarray) -> np.ndarray:
    """``x log2 x`` elementwise, 0 at 0."""
    x = np.asarray(x, dtype=np.float64)
    logarithm = np.log2(x, out=np.zeros_like(x), where=x > 0)
    return x * logarithm


def _entropy_reduction(counts: np.ndarray, parent: np.ndarray, known: np.ndarray) -> np.ndarray:
    """Information gain from counts in one pass of logarithms.

    With ``N`` known examples, branch sizes ``n_v`` and counts ``c_vr``:
    ``H(parent) = log2 N - sum_r xlogx(c_r) / N`` and
    ``sum_v n_v/N H(v) = (sum_v xlogx(n_v) - sum_vr xlogx(c_vr)) / N``.
    """
    cells = sum_last(sum_last(_xlogx(counts)))
    sizes = sum_last(_xlogx(sum_last(counts)))
    classes = sum_last(_xlogx(parent))
    with np.errstate(invalid="ignore", divide="ignore"):
        gain = (_xlogx(known) - classes - sizes + cells) / known
    return np.where(known > 0, gain, 0.0)


def impurity_reduction(
    counts: np.ndarray,
    impurity: Callable[[np.ndarray], np.ndarray] = entropy,
    missing: np.ndarray | None = None,
) -> np.ndarray:
    """The impurity reduction of splits: ``iota(M) - sum_i |M_i|/|M| iota(M_i)``.

    Parameters
    ----------
    counts
        Class counts of the examples with a known value, shape ``(..., branches, classes)``.
    impurity
        One of :data:`IMPURITIES`.
    missing
        Class counts of the examples whose value is unknown, shape ``(..., classes)``;
        the reduction is then multiplied by the known fraction (C4.5).

    Returns
    -------
    numpy.ndarray
        Shape ``(...)``; 0 where no example has a known value.
    """
    counts = np.asarray(counts, dtype=np.float64)
    parent = sum_last(np.swapaxes(counts, -1, -2))
    known = sum_last(parent)
    if impurity is entropy:
        reduction = _entropy_reduction(counts, parent, known)
    else:
        sizes = sum_last(counts)
        with np.errstate(invalid="ignore", divide="ignore"):
            weights = np.where(known[..., None] > 0, sizes / known[..., None], 0.0)
        reduction = impurity(parent) - sum_last(weights * impurity(counts))
    if missing is not None:
        unknown = sum_last(np.asarray(missing, dtype=np.float64))
        with np.errstate(invalid="ignore", divide="ignore"):
            fraction = np.where(known + unknown > 0, known / (known + unknown), 0.0)
        reduction = reduction * fraction
    return np.maximum(reduction, 0.0)


def split_information(counts: np.ndarray, missing: np.ndarray | None = None) -> np.ndarray:
    """C4.5's SplitInformation: the entropy of the branch sizes (unknowns as one more branch).

    Examples
    --------
    >>> import numpy as np
    >>> round(float(split_information(np.array([[2, 3], [4, 0], [3, 2]]))), 3)
    1.577
    """
    sizes = sum_last(np.asarray(counts, dtype=np.float64))
    if missing is not None:
        unknown = sum_last(np.asarray(missing, dtype=np.float64))
        sizes = np.concatenate([sizes, unknown[..., None]], axis=-1)
    return entropy(sizes)
