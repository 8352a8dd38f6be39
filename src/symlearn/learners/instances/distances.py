r"""Distances between instances and the search for the nearest ones.

The distance between instances ``x_i`` and ``x_j`` combines one difference
``delta_r`` per attribute ``r`` (Mitchell 1997, section 8.2; Witten & Frank
2005, section 4.7):

* **euclidean**: ``d = sqrt(sum_r w_r delta_r^2)``;
* **manhattan**: ``d = sum_r w_r delta_r`` (the notes' overlap metric: with
  nominal attributes only, the number of attributes on which the instances
  differ; IB1);

where ``w_r`` is the attribute's weight (1 unless feature weighting says
otherwise: stretching the axis of a relevant attribute, shrinking an
irrelevant one) and

* for a **numeric** attribute, ``delta_r = |a_r(x_i) - a_r(x_j)|`` on values
  min-max normalised with the training ranges, so every attribute counts
  alike (``--no-normalise`` keeps the raw numbers);
* for a **nominal** attribute, the **overlap** ``delta_r = 0`` for equal
  values and 1 for different ones, or the **modified value difference
  metric** (MVDM, Cost & Salzberg 1993) ``delta(v1, v2) = sum_c |P(c | v1) -
  P(c | v2)|`` over the classes ``c``, with ``P(c | v)`` estimated on the
  training instances (a value never seen in training takes the class
  priors);
* a **missing** value ``?`` follows Witten & Frank (2005, section 4.7): a
  nominal attribute differs by 1 when either value is missing; a numeric one
  by ``max(v, 1 - v)`` when only one is missing and the other is ``v`` (in
  normalised units: the largest difference it could be), and by 1 when both
  are.

:func:`nearest` finds the ``k`` nearest training instances of each query,
ties in distance going to the training instance listed first.  Without
missing values, in few dimensions, and where the metric is a p-norm of an
embedding of the instances (always for the overlap; for the MVDM with two
classes or the manhattan combination) the search is a k-d tree
(:class:`scipy.spatial.cKDTree`, queried on every core); otherwise every
distance is computed with numpy, a block of queries at a time, the overlap
of all nominal attributes at once as one matrix product of one-hot columns.

References
----------
Mitchell (1997) *Machine Learning*, section 8.2 (k-nearest neighbour, the
curse of dimensionality and weighting attributes); Witten & Frank (2005)
*Data Mining*, 2nd ed., section 4.7 (instance-based learning: normalisation,
nominal and missing values) and section 6.4 (attribute weighting); Cost, S.
and Salzberg, S. (1993) "A weighted nearest neighbor algorithm for learning
with symbolic features", *Machine Learning* 10 (MVDM).

Examples
--------
>>> import numpy as np
>>> from symlearn.data.attribute_value import Attribute
>>> attributes = (Attribute("colour", ("red", "blue")), Attribute("size", None))
>>> train = np.array([[0.0, 0.0], [1.0, 0.5], [0.0, np.nan]])
>>> metric = Metric.of(attributes, train, np.array([0, 1, 0]), 2)
>>> np.round(metric.pairwise(np.array([[0.0, 0.25]]), train), 4).tolist()
[[0.25, 1.0308, 0.75]]
>>> index, distance = nearest(metric, train, np.array([[0.0, 0.25]]), 2)
>>> index.tolist(), np.round(distance, 4).tolist()
([[0, 2]], [[0.25, 0.75]])
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.data.attribute_value import Attribute
from symlearn.data.numeric import one_blas_thread
from symlearn.errors import InvalidParameterError

__all__ = ["COMBINATIONS", "NOMINAL_DISTANCES", "Metric", "mvdm_table", "nearest"]

#: How the attributes' differences combine.
COMBINATIONS = ("euclidean", "manhattan")

#: The difference of two nominal values.
NOMINAL_DISTANCES = ("overlap", "mvdm")

#: Most embedded dimensions for which a k-d tree beats computing every distance.
KD_TREE_DIMENSIONS = 20

#: Distances computed at once (a block of queries x every training instance): a few MB.
BLOCK_CELLS = 1_000_000


def mvdm_table(codes: np.ndarray, y: np.ndarray, n_values: int, n_classes: int) -> np.ndarray:
    """``P(c | v)`` for each value ``v`` (rows) and class ``c``; a row of priors for unseen values.

    Examples
    --------
    >>> mvdm_table(np.array([0, 0, 1, -1]), np.array([0, 1, 1, 0]), 3, 2).tolist()
    [[0.5, 0.5], [0.0, 1.0], [0.5, 0.5]]
    """
    known = codes >= 0
    counts = np.zeros((n_values, n_classes))
    np.add.at(counts, (codes[known].astype(np.int64), y[known]), 1.0)
    priors = np.bincount(y, minlength=n_classes) / max(len(y), 1)
    totals = counts.sum(axis=1, keepdims=True)
    return np.where(totals > 0, counts / np.where(totals > 0, totals, 1.0), priors)


@dataclass(frozen=True, eq=False)
class Metric:
    """A distance between instances encoded as codes and (normalised) numbers.

    Instances are rows of floats: a nominal attribute's code (``nan`` when
    missing), a numeric attribute's value (``nan`` when missing), as
    :func:`symlearn.data.numeric.fit_numeric` gives them with
    ``nominal="codes", missing="keep"``.

    Attributes
    ----------
    attributes
        The attributes, in column order.
    combination
        ``"euclidean"`` or ``"manhattan"``.
    nominal
        ``"overlap"`` or ``"mvdm"``.
    weights
        ``w_r`` per attribute.
    scale
        Per numeric attribute, the width of its range in the units of the
        rows (1 when normalised): the difference to a missing value.
    tables
        Per nominal attribute with the MVDM: ``P(c | v)``.
    """

    attributes: tuple[Attribute, ...]
    combination: str = "euclidean"
    nominal: str = "overlap"
    weights: np.ndarray = field(default_factory=lambda: np.ones(0))
    scale: np.ndarray = field(default_factory=lambda: np.ones(0))
    tables: tuple[np.ndarray | None, ...] = ()

    @classmethod
    def of(
        cls,
        attributes: Sequence[Attribute],
        train: np.ndarray,
        y: np.ndarray,
        n_classes: int,
        *,
        combination: str = "euclidean",
        nominal: str = "overlap",
        weights: Sequence[float] | np.ndarray | None = None,
        scale: Sequence[float] | np.ndarray | None = None,
    ) -> Metric:
        """The metric for training rows ``train`` with class codes ``y``.

        Raises
        ------
        InvalidParameterError
            For an unknown combination or nominal distance, or a negative weight.
        """
        if combination not in COMBINATIONS:
            raise InvalidParameterError(f"distance must be one of {', '.join(COMBINATIONS)}")
        if nominal not in NOMINAL_DISTANCES:
            raise InvalidParameterError(
                f"nominal distance must be one of {', '.join(NOMINAL_DISTANCES)}"
            )
        n = len(attributes)
        w = np.ones(n) if weights is None else np.asarray(weights, dtype=np.float64)
        if w.shape != (n,) or (w < 0).any() or not np.isfinite(w).all():
            raise InvalidParameterError("attribute weights must be n numbers >= 0")
        tables: list[np.ndarray | None] = [None] * n
        if nominal == "mvdm":
            codes = np.nan_to_num(train, nan=-1.0).astype(np.int64)
            for r, attribute in enumerate(attributes):
                if attribute.values is not None:
                    tables[r] = mvdm_table(
                        codes[:, r], np.asarray(y), len(attribute.values), n_classes
                    )
        widths = np.ones(n) if scale is None else np.asarray(scale, dtype=np.float64)
        return cls(tuple(attributes), combination, nominal, w, widths, tuple(tables))

    # -- the pieces
    def _nominal_columns(self) -> list[int]:
        return [r for r, a in enumerate(self.attributes) if a.values is not None]

    def _numeric_columns(self) -> list[int]:
        return [r for r, a in enumerate(self.attributes) if a.values is None]

    def _nominal_delta(self, r: int, query: np.ndarray, train: np.ndarray) -> np.ndarray:
        """``delta_r`` between every query value and every training value of attribute ``r``."""
        q = np.nan_to_num(query, nan=-1.0).astype(np.int64)
        t = np.nan_to_num(train, nan=-1.0).astype(np.int64)
        table = self.tables[r]
        if table is None:  # overlap
            same = (q[:, None] == t[None, :]) & (q[:, None] >= 0)
            return np.where(same, 0.0, 1.0)
        # MVDM: |P(. | v1) - P(. | v2)| summed over classes; a missing value differs by 1
        values = len(table)
        lookup = np.abs(table[:, None, :] - table[None, :, :]).sum(axis=2)
        padded = np.ones((values + 1, values + 1))
        padded[:values, :values] = lookup
        return padded[np.where(q < 0, values, q)][:, np.where(t < 0, values, t)]

    def _numeric_delta(self, r: int, query: np.ndarray, train: np.ndarray) -> np.ndarray:
        """``delta_r`` of a numeric attribute, with Witten & Frank's rule for missing values."""
        delta = np.abs(query[:, None] - train[None, :])
        q_missing, t_missing = np.isnan(query), np.isnan(train)
        if q_missing.any() or t_missing.any():
            width = float(self.scale[r])
            # one value missing: the larger distance from the known one to an end of the range
            q_far = np.maximum(query, width - query)
            t_far = np.maximum(train, width - train)
            delta = np.where(q_missing[:, None], t_far[None, :], delta)
            delta = np.where(t_missing[None, :], q_far[:, None], delta)
            delta = np.where(q_missing[:, None] & t_missing[None, :], width, delta)
        return delta

    def pairwise(self, query: np.ndarray, train: np.ndarray) -> np.ndarray:
        """The distance of every query row to every training row (``len(query) x len(train)``)."""
        total = self._accumulated(query, train)
        return np.sqrt(total) if self.combination == "euclidean" else total

    def _overlap(self) -> list[int]:
        """The nominal attributes compared by overlap."""
        return [r for r in self._nominal_columns() if self.tables[r] is None]

    def single_precision(self) -> bool:
        """Whether float32 is exact: overlap only, with whole weights (the default)."""
        overlap = self._overlap()
        weights = self.weights[overlap]
        return (
            len(overlap) == len(self.attributes)
            and bool((weights == np.round(weights)).all())
            and float(weights.sum()) < 2**23
        )

    def train_one_hot(self, train: np.ndarray) -> np.ndarray:
        """The training rows' one-hot columns of the overlap attributes (once a search)."""
        kind = np.float32 if self.single_precision() else np.float64
        return self._one_hot(self._overlap(), train, weighted=False).astype(kind)

    def _accumulated(
        self, query: np.ndarray, train: np.ndarray, train_hot: np.ndarray | None = None
    ) -> np.ndarray:
        """``sum_r w_r delta_r^p`` (p = 2 for euclidean, 1 for manhattan).

        Float32 when :meth:`single_precision` (whole numbers, exact), else float64.
        """
        power = 2 if self.combination == "euclidean" else 1
        overlap = self._overlap()
        if overlap:
            hot = self.train_one_hot(train) if train_hot is None else train_hot
            total = self._overlap_sum(overlap, query, hot)
            if total.dtype != np.float64 and not self.single_precision():
                total = total.astype(np.float64)
        else:
            total = np.zeros((len(query), len(train)))
        for r in self._nominal_columns():
            if self.tables[r] is not None and self.weights[r]:
                total += (
                    self.weights[r] * self._nominal_delta(r, query[:, r], train[:, r]) ** power
                )
        for r in self._numeric_columns():
            if self.weights[r]:
                total += (
                    self.weights[r] * self._numeric_delta(r, query[:, r], train[:, r]) ** power
                )
        return total

    def _overlap_sum(
        self, columns: list[int], query: np.ndarray, train_hot: np.ndarray
    ) -> np.ndarray:
        """``sum_r w_r [values differ]`` over overlap attributes, as one product of one-hot rows.

        An attribute matches only when both values are known and equal, so
        the sum is the total weight less the weight of the matching
        attributes, which is the product of the weighted one-hot query rows
        with the one-hot training rows (``train_hot``).
        """
        q_hot = self._one_hot(columns, query, weighted=True).astype(train_hot.dtype)
        matches = q_hot @ train_hot.T
        return np.subtract(float(self.weights[columns].sum()), matches, out=matches)

    def _one_hot(self, columns: list[int], rows: np.ndarray, weighted: bool) -> np.ndarray:
        widths = [len(self.attributes[r].values or ()) for r in columns]
        out = np.zeros((len(rows), sum(widths)))
        start = 0
        for r, width in zip(columns, widths):
            codes = rows[:, r]
            known = np.flatnonzero(~np.isnan(codes))
            out[known, start + codes[known].astype(np.int64)] = (
                self.weights[r] if weighted else 1.0
            )
            start += width
        return out

    # -- the k-d tree's embedding
    def embedding(self, rows: np.ndarray) -> np.ndarray | None:
        """Rows as points whose p-norm distance is this metric (None when there is none).

        Overlap: one-hot columns scaled so two different values are 1 apart
        (``sqrt(w/2)`` each for euclidean, ``w/2`` for manhattan); MVDM: the
        rows of ``P(c | v)`` (manhattan), or with two classes ``2 P(c1 | v)``
        (either); numbers: scaled by ``sqrt(w)`` or ``w``.  None with a missing
        value, or with the MVDM, more than two classes and euclidean.
        """
        if np.isnan(rows).any():
            return None
        euclidean = self.combination == "euclidean"
        parts = []
        for r, attribute in enumerate(self.attributes):
            w = float(self.weights[r])
            stretch = np.sqrt(w) if euclidean else w
            column = rows[:, r]
            table = self.tables[r]
            if attribute.values is None:
                parts.append((stretch * column)[:, None])
            elif table is None:
                hot = np.zeros((len(rows), len(attribute.values)))
                hot[np.arange(len(rows)), column.astype(np.int64)] = 1.0
                parts.append(hot * (np.sqrt(w / 2) if euclidean else w / 2))
            elif table.shape[1] == 2:
                parts.append((2.0 * stretch * table[column.astype(np.int64), 0])[:, None])
            elif not euclidean:
                parts.append(w * table[column.astype(np.int64)])
            else:
                return None
        return np.hstack(parts) if parts else np.zeros((len(rows), 0))

    @property
    def p(self) -> int:
        """The Minkowski p of the embedding: 2 or 1."""
        return 2 if self.combination == "euclidean" else 1


@dataclass(eq=False)
class SearchIndex:
    """The training rows and, when the metric allows, their k-d tree (built once)."""

    metric: Metric
    train: np.ndarray
    tree: Any = None
    embedded: bool = False

    @classmethod
    def build(cls, metric: Metric, train: np.ndarray) -> SearchIndex:
        """Index ``train`` for :func:`nearest`."""
        points = metric.embedding(train)
        if points is None or points.shape[1] > KD_TREE_DIMENSIONS or len(train) == 0:
            return cls(metric, train)
        from scipy.spatial import cKDTree

        return cls(metric, train, cKDTree(points, balanced_tree=False, compact_nodes=False), True)


def nearest(
    metric: Metric | SearchIndex, train: np.ndarray, query: np.ndarray, k: int
) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` nearest training rows of each query row: ``(indices, distances)``, nearest first.

    Equal distances go to the training row listed first.  ``metric`` may be
    a :class:`SearchIndex` built on ``train`` (its k-d tree is then reused).

    Raises
    ------
    InvalidParameterError
        When ``k`` is not between 1 and the number of training rows.
    """
    if not 1 <= k <= len(train):
        raise InvalidParameterError(
            f"k = {k} but there are {len(train)} training instances: k must be 1 .. {len(train)}"
        )
    index = metric if isinstance(metric, SearchIndex) else SearchIndex.build(metric, train)
    if index.embedded:
        points = index.metric.embedding(query)
        if points is not None:
            return _tree_search(index, query, points, k)
    return _brute_search(index.metric, train, query, k)


def _tree_search(
    index: SearchIndex, query: np.ndarray, points: np.ndarray, k: int
) -> tuple[np.ndarray, np.ndarray]:
    """k-d tree search, exact about ties.

    The tree is asked for one neighbour more than needed: a query whose
    (k+1)-th neighbour is as near as its k-th has ties the tree may have
    broken otherwise than by training position, and is searched again by
    computing its distances.
    """
    n = len(index.train)
    asked = min(k + 1, n)
    distance, found = index.tree.query(points, k=asked, p=index.metric.p, workers=-1)
    distance = np.asarray(distance, dtype=np.float64).reshape(len(points), asked)
    found = np.asarray(found, dtype=np.int64).reshape(len(points), asked)
    order = np.lexsort((found, distance), axis=1)
    found = np.take_along_axis(found, order, axis=1)[:, :k]
    distance = np.take_along_axis(distance, order, axis=1)
    tied = np.flatnonzero(distance[:, k] <= distance[:, k - 1]) if asked > k else np.zeros(0, int)
    distance = distance[:, :k]
    if len(tied):
        found[tied], distance[tied] = _brute_search(index.metric, index.train, query[tied], k)
    return found, distance


def _brute_search(
    metric: Metric, train: np.ndarray, query: np.ndarray, k: int
) -> tuple[np.ndarray, np.ndarray]:
    """Every distance, a block of queries at a time (blocks on every core); the k smallest."""
    n = len(train)
    block = max(1, min(BLOCK_CELLS // max(n, 1), -(-len(query) // (os.cpu_count() or 1))))
    found = np.empty((len(query), k), dtype=np.int64)
    distance = np.empty((len(query), k))
    train_hot = metric.train_one_hot(train)

    def search(start: int) -> None:
        total = metric._accumulated(query[start : start + block], train, train_hot)
        np.maximum(total, 0.0, out=total)  # the overlap's product may round below 0
        found[start : start + block], distance[start : start + block] = _k_smallest(total, k)

    starts = range(0, len(query), block)
    with one_blas_thread():  # the blocks are the parallelism
        if len(starts) > 1:
            # numpy's products and argmin release the GIL: blocks run in parallel
            with ThreadPoolExecutor(os.cpu_count()) as pool:
                list(pool.map(search, starts))
        else:
            for start in starts:
                search(start)
    if metric.combination == "euclidean":
        np.sqrt(distance, out=distance)
    return found, distance


#: Up to this k the k smallest are found by k passes of argmin (fast, first position on ties).
ARGMIN_K = 24


def _k_smallest(total: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The positions and values of the ``k`` smallest values of each row, smallest first.

    Equal values go to the earlier position.  For a small ``k``: ``k``
    passes of ``argmin`` (which returns the first of equal values), each
    taken value then set to infinity (``total`` is overwritten).  Otherwise
    every value below the row's k-th smallest is taken, then as many as are
    still needed of those equal to it, in position order.
    """
    rows, n = total.shape
    if k <= ARGMIN_K:
        picked = np.empty((rows, k), dtype=np.int64)
        values = np.empty((rows, k))
        every = np.arange(rows)
        for j in range(k):
            picked[:, j] = np.argmin(total, axis=1)
            values[:, j] = total[every, picked[:, j]]
            total[every, picked[:, j]] = np.inf
        return picked, values
    if k >= n:
        picked = np.lexsort((np.broadcast_to(np.arange(n), total.shape), total), axis=1)
        return picked, np.take_along_axis(total, picked, axis=1)
    kth = np.take_along_axis(total, np.argpartition(total, k - 1, axis=1)[:, k - 1 : k], axis=1)
    below = total < kth
    equal = total == kth
    wanted = k - below.sum(axis=1, keepdims=True)
    chosen = below | (equal & (np.cumsum(equal, axis=1) <= wanted))
    picked = np.nonzero(chosen)[1].reshape(rows, k)  # position order within each row
    order = np.argsort(np.take_along_axis(total, picked, axis=1), axis=1, kind="stable")
    picked = np.take_along_axis(picked, order, axis=1)
    return picked, np.take_along_axis(total, picked, axis=1)
