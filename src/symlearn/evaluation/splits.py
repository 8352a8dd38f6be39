"""Train/validation/test splits and k-fold cross-validation folds, with a seed.

Every split is a reproducible random permutation (``numpy.random.default_rng(seed)``)
and, by default, **stratified**: each class is split in the same proportions,
so a small class is not left out of a fold by chance.  Functions return index
arrays; :func:`subset` takes the examples at some indices of an
:class:`~symlearn.data.attribute_value.AttributeValueData` or
:class:`~symlearn.data.encoded.EncodedData`.

k-fold cross-validation partitions the data into ``k`` disjoint test sets of
(nearly) equal size; fold ``i`` trains on the rest (Mitchell 1997, section
5.6).

Examples
--------
>>> labels = ["a"] * 6 + ["b"] * 4
>>> train, test = train_test_split(labels, test_fraction=0.5, seed=1)
>>> sorted(labels[i] for i in test)
['a', 'a', 'a', 'b', 'b']
>>> folds = k_fold_indices(labels, 5, seed=0)
>>> sorted(int(i) for fold in folds for i in fold) == list(range(10))
True
>>> ["".join(sorted(labels[i] for i in fold)) for fold in folds]
['aa', 'ab', 'ab', 'ab', 'ab']

References
----------
Mitchell (1997) section 3.7.1 (training and validation sets) and section 5.6
(k-fold cross-validation).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.columnar import label_codes
from symlearn.data.encoded import EncodedData
from symlearn.errors import InvalidParameterError

__all__ = [
    "holdout_split",
    "k_fold_indices",
    "subset",
    "train_test_split",
    "train_validation_test_split",
]

Data = TypeVar("Data", AttributeValueData, EncodedData)


def _label_codes(
    data: Sequence[Hashable] | np.ndarray | AttributeValueData | EncodedData, stratify: bool
) -> np.ndarray:
    """Each example's class as a number, classes numbered in order of first appearance.

    Without ``stratify`` only their number matters: all 0 (a numeric class,
    every value a class of its own, is not numbered).
    """
    if stratify:
        return label_codes(data)[0]
    if isinstance(data, AttributeValueData):
        return np.zeros(data.n_examples, dtype=np.int8)
    return np.zeros(len(data.y if isinstance(data, EncodedData) else data), dtype=np.int8)


def _shuffled_by_class(
    codes: np.ndarray, rng: np.random.Generator, stratify: bool
) -> list[np.ndarray]:
    """Index arrays, one per class (in order of first appearance) or one overall, shuffled."""
    if not stratify:
        return [rng.permutation(len(codes))]
    _, first, counts = np.unique(codes, return_index=True, return_counts=True)
    by_class = np.argsort(codes, kind="stable")  # each class's indices, in increasing order
    groups = np.split(by_class, np.cumsum(counts)[:-1])
    return [rng.permutation(groups[i]) for i in np.argsort(first, kind="stable")]


def _proportional_split(
    codes: np.ndarray, fractions: Sequence[float], seed: int | None, stratify: bool
) -> list[np.ndarray]:
    """Split indices into parts of the given fractions (the last part takes the rest)."""
    if any(f < 0 for f in fractions) or sum(fractions) > 1:
        raise InvalidParameterError(
            f"split fractions must be >= 0 and sum to at most 1, got {fractions}"
        )
    rng = np.random.default_rng(seed)
    parts: list[list[np.ndarray]] = [[] for _ in range(len(fractions) + 1)]
    for group in _shuffled_by_class(codes, rng, stratify):
        start = 0
        for p, fraction in enumerate(fractions):
            size = round(fraction * len(group))
            parts[p].append(group[start : start + size])
            start += size
        parts[-1].append(group[start:])
    return [np.sort(np.concatenate(p)) if p else np.zeros(0, dtype=np.int64) for p in parts]


def train_test_split(
    data: Sequence[Hashable] | np.ndarray | AttributeValueData | EncodedData,
    test_fraction: float = 1 / 3,
    seed: int | None = 0,
    stratify: bool = True,
) -> tuple[np.ndarray, np.ndarray]:
    """Indices ``(train, test)`` with about ``test_fraction`` of the examples in ``test``.

    Parameters
    ----------
    data
        The labels, or a data set (its labels are used to stratify).
    test_fraction
        In [0, 1); Mitchell (1997, section 3.7.1) suggests holding out about a
        third.
    seed
        The random seed (``None``: a fresh random split).
    stratify
        Keep each class's proportion in both parts.
    """
    if not 0 <= test_fraction < 1:
        raise InvalidParameterError(f"test_fraction must be in [0, 1), got {test_fraction}")
    test, train = _proportional_split(
        _label_codes(data, stratify), [test_fraction], seed, stratify
    )
    return train, test


def train_validation_test_split(
    data: Sequence[Hashable] | np.ndarray | AttributeValueData | EncodedData,
    validation_fraction: float,
    test_fraction: float,
    seed: int | None = 0,
    stratify: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Indices ``(train, validation, test)``: grow, prune, and report on each."""
    validation, test, train = _proportional_split(
        _label_codes(data, stratify), [validation_fraction, test_fraction], seed, stratify
    )
    return train, validation, test


def k_fold_indices(
    data: Sequence[Hashable] | np.ndarray | AttributeValueData | EncodedData,
    k: int = 10,
    seed: int | None = 0,
    stratify: bool = True,
) -> list[np.ndarray]:
    """The ``k`` disjoint test folds of k-fold cross-validation, as index arrays.

    Raises
    ------
    InvalidParameterError
        Unless ``2 <= k <= number of examples``.
    """
    codes = _label_codes(data, stratify)
    if not 2 <= k <= len(codes):
        raise InvalidParameterError(
            f"k-fold cross-validation needs 2 <= k <= {len(codes)}, got k={k}"
        )
    rng = np.random.default_rng(seed)
    folds: list[list[np.ndarray]] = [[] for _ in range(k)]
    offset = 0
    for group in _shuffled_by_class(codes, rng, stratify):
        # deal the group out round-robin, continuing where the last class stopped,
        # so fold sizes differ by at most one
        for j in range(k):
            folds[(offset + j) % k].append(group[j::k])
        offset = (offset + len(group)) % k
    return [np.sort(np.concatenate(f)) for f in folds]


def subset(data: Data, indices: Sequence[int] | np.ndarray) -> Data:
    """The examples of ``data`` at ``indices`` (unlabelled instances are kept)."""
    return data.take(indices)


def holdout_split(
    data: Data, test_fraction: float, seed: int | None = 0
) -> tuple[Data, Data | None]:
    """The examples split into ``(train, test)`` (stratified); ``test`` is None for no fraction.

    Examples
    --------
    >>> from symlearn.data.attribute_value import Attribute, AttributeValueData
    >>> data = AttributeValueData("t", (Attribute("a", ("x", "y")),),
    ...                           (("x",), ("y",), ("x",), ("y",)), (True, False, True, False))
    >>> train, test = holdout_split(data, 0.5, seed=0)
    >>> len(train.labels), sorted(test.labels)
    (2, [False, True])
    >>> holdout_split(data, 0.0)[1] is None
    True
    """
    if not test_fraction:
        return data, None
    train, test = train_test_split(data, test_fraction, seed)
    return subset(data, train), subset(data, test)
