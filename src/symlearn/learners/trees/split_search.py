"""Finding the best split of one attribute at every node of a tree level, with numpy.

The search behind :mod:`symlearn.learners.trees.growing`: for one attribute and
all the nodes of a level at once, the class counts of every candidate split
(one ``numpy.bincount`` over ``(node, value, class)``, or one sort by
``(node, value)`` for a continuous attribute), the selection measure of each,
and the best candidate per node:

* a categorical attribute split on every value (its counts are the split);
* a categorical attribute split in two (CART): the best subset of values, by
  Breiman's ordering for two classes (exact), by trying every subset for up to
  :data:`MAX_SUBSET_VALUES` values otherwise, and by ordering on the majority
  class's proportion above that (a heuristic);
* a continuous attribute split at the best midpoint where the class changes
  (Fayyad and Irani 1992: the other midpoints are never better).

Within an attribute the candidate with the highest gain (impurity reduction)
wins, as in C4.5; ties go to the first (lowest threshold).  Missing values are
left out of the split's counts and passed on as the counts of the unknowns.

References
----------
Breiman, Friedman, Olshen and Stone (1984), *CART*, section 4.2; Fayyad and
Irani (1992), Machine Learning 8; Quinlan (1993), *C4.5*, ch. 2-3.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from symlearn.data.encoded import EncodedData
from symlearn.learners.trees.impurity import sum_last
from symlearn.learners.trees.significance import rejects

if TYPE_CHECKING:
    from symlearn.learners.trees.growing import TreeOptions

__all__ = [
    "MAX_SUBSET_VALUES",
    "Evaluation",
    "evaluate_attribute",
    "evaluate_categorical",
    "first_best",
    "is_continuous",
    "value_ranks",
    "values_count",
    "weighted_bincount",
]

#: The most (attribute, row) keys counted in one call of :func:`evaluate_categorical`.
MAX_BATCH_KEYS = 2_000_000

#: CART enumerates every subset of a categorical attribute's values up to this
#: many values when there are more than two classes (above it, values are
#: ordered by the proportion of the majority class, a heuristic).
MAX_SUBSET_VALUES = 12


@dataclass
class Evaluation:
    """One attribute scored at every node of a level."""

    score: np.ndarray
    gain: np.ndarray
    threshold: np.ndarray | None = None
    left: np.ndarray | None = None  # (nodes, values) values on the first branch
    candidates: list[float] = field(default_factory=list)  # thresholds at node 0
    passes: np.ndarray | None = None  # the chosen split is significant (if tested)


def weighted_bincount(keys: np.ndarray, weight: np.ndarray | None, size: int) -> np.ndarray:
    """``numpy.bincount`` of ``keys`` (weighted by ``weight`` if given), ``size`` floats."""
    counts = np.bincount(keys, weights=weight, minlength=size)
    return counts.astype(np.float64, copy=False)


def value_ranks(column: np.ndarray) -> np.ndarray:
    """Each row's position in the sorted values of a numeric column (ties in any order).

    Sorting once per tree, the rows of every level are then ordered by
    ``(node, value)`` with one integer sort.
    """
    rank = np.empty(column.size, dtype=np.int64)
    rank[np.argsort(column)] = np.arange(column.size)
    return rank


def is_continuous(data: EncodedData, a: int) -> bool:
    """Whether attribute ``a`` is numeric."""
    return data.attributes[a].values is None


def values_count(data: EncodedData, a: int) -> int:
    """The number of values of categorical attribute ``a`` (0 for a numeric one)."""
    return len(data.attributes[a].values or ())


def _branch_counts(
    data: EncodedData,
    a: int,
    rows: np.ndarray,
    node: np.ndarray,
    w: np.ndarray | None,
    n_nodes: int,
    base_cache: dict[int, np.ndarray],
) -> tuple[np.ndarray, np.ndarray | None]:
    """Class counts per (node, value) of categorical attribute ``a``, and of its unknowns."""
    c = len(data.classes)
    v = values_count(data, a)
    codes = data.columns[a][rows]
    slot = codes.astype(np.int64)
    missing = slot < 0
    any_missing = bool(missing.any())
    if any_missing:
        slot[missing] = v
    base = base_cache.get(v)
    if base is None:
        base = node.astype(np.int64) * ((v + 1) * c) + data.y[rows]
        base_cache[v] = base
    counts = weighted_bincount(base + slot * c, w, n_nodes * (v + 1) * c)
    counts = counts.reshape(n_nodes, v + 1, c)
    return counts[:, :v, :], (counts[:, v, :] if any_missing else None)


def _evaluate_multiway(
    options: TreeOptions, name: str | None, counts: np.ndarray, missing: np.ndarray | None
) -> Evaluation:
    score, gain = options.measure.evaluate(counts, missing, name, options.min_leaf)
    return Evaluation(score, gain, passes=_passes(options, counts))


#: Scores closer than this (relative) count as ties, which go to the first
#: candidate (attribute order, lowest threshold), whatever the rounding.
_TIE = 1e-10


def _passes(options: TreeOptions, counts: np.ndarray) -> np.ndarray | None:
    """Whether each split (counts ``(nodes, branches, classes)``) passes the chi-square test."""
    if options.significance is None:
        return None
    return ~rejects(counts, options.significance)


def first_best(values: np.ndarray) -> np.ndarray:
    """The first position along the last axis whose value ties with the maximum."""
    top = values.max(axis=-1, keepdims=True)
    near = values >= top - _TIE * np.maximum(1.0, np.abs(top))
    return np.argmax(near, axis=-1)


def _best_position(gain: np.ndarray, score: np.ndarray) -> np.ndarray:
    return first_best(np.where(np.isfinite(score), gain, -np.inf))


def _evaluate_subsets(
    options: TreeOptions, name: str | None, counts: np.ndarray, missing: np.ndarray | None
) -> Evaluation:
    """Best binary split {values in S} / {the rest} of a categorical attribute per node."""
    n, v, c = counts.shape
    if v < 2:
        return Evaluation(
            np.full(n, -np.inf), np.zeros(n), left=np.zeros((n, v), bool), passes=np.zeros(n, bool)
        )
    total = counts.sum(axis=1)
    miss = None if missing is None else missing[:, None, :]
    if c > 2 and v <= MAX_SUBSET_VALUES:
        subsets = _subset_matrix(v)  # (m, v)
        m = subsets.shape[0]
        chunk = max(1, int(4_000_000 // max(m * c, 1)))
        score = np.empty(n)
        gain = np.empty(n)
        left = np.zeros((n, v), dtype=bool)
        best_pairs = np.zeros((n, 2, c))
        for start in range(0, n, chunk):
            part = counts[start : start + chunk]
            lhs = np.einsum("mv,nvc->nmc", subsets, part)
            rhs = total[start : start + chunk, None, :] - lhs
            pair = np.stack([lhs, rhs], axis=2)
            sub_missing = None if miss is None else miss[start : start + chunk]
            s, g = options.measure.evaluate(pair, sub_missing, name, options.min_leaf)
            best = _best_position(g, s)
            rows = np.arange(best.size)
            score[start : start + chunk] = s[rows, best]
            gain[start : start + chunk] = g[rows, best]
            left[start : start + chunk] = subsets[best].astype(bool)
            best_pairs[start : start + chunk] = pair[rows, best]
        return Evaluation(score, gain, left=left, passes=_passes(options, best_pairs))
    # Breiman's ordering: sort the values by the proportion of one class (exact
    # for two classes); empty values go last, to the second branch.
    sizes = counts.sum(axis=2)
    reference = np.zeros(n, dtype=np.int64) if c == 2 else np.argmax(total, axis=1)
    share = np.take_along_axis(counts, reference[:, None, None], axis=2)[:, :, 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        key = np.where(sizes > 0, share / np.where(sizes > 0, sizes, 1.0), np.inf)
    order = np.argsort(key, axis=1, kind="stable")
    ordered = np.take_along_axis(counts, order[:, :, None], axis=1)
    lhs = np.cumsum(ordered, axis=1)[:, : v - 1, :]
    rhs = total[:, None, :] - lhs
    pairs = np.stack([lhs, rhs], axis=2)
    s, g = options.measure.evaluate(pairs, miss, name, options.min_leaf)
    best = _best_position(g, s)
    rows = np.arange(n)
    rank = np.argsort(order, axis=1)
    return Evaluation(
        s[rows, best],
        g[rows, best],
        left=rank <= best[:, None],
        passes=_passes(options, pairs[rows, best]),
    )


def _subset_matrix(v: int) -> np.ndarray:
    """Every proper subset of ``range(v)`` that contains value 0, as 0/1 rows."""
    m = 2 ** (v - 1) - 1
    bits = (np.arange(m)[:, None] >> np.arange(v - 1)[None, :]) & 1
    return np.concatenate([np.ones((m, 1), dtype=np.float64), bits.astype(np.float64)], axis=1)


def _order_by_rank(
    rank: np.ndarray, rows: np.ndarray, node: np.ndarray, n_nodes: int
) -> np.ndarray:
    """The positions of ``rows`` sorted by ``(node, value)``, from each row's value rank.

    The rows are put in value order by their ranks (no comparison sort; an
    integer sort when a row occurs twice, which it does when C4.5 sends a row
    with a missing value down several branches, or when several trees grow
    together), then stably by node (a radix sort of small integers).
    """
    slot = np.full(rank.size, -1, dtype=np.int64)
    slot[rank[rows]] = np.arange(rows.size)
    by_value = slot[slot >= 0]
    if by_value.size != rows.size:
        by_value = np.argsort(rank[rows], kind="stable")
    node_type = np.uint16 if n_nodes <= np.iinfo(np.uint16).max else np.int64
    return by_value[np.argsort(node[by_value].astype(node_type), kind="stable")]


def _first_best_per_node(gain: np.ndarray, node: np.ndarray) -> np.ndarray:
    """Per run of equal ``node`` (sorted), the first position of the highest ``gain``."""
    rounded = np.round(gain, 10)
    new_node = np.r_[True, node[1:] != node[:-1]]
    starts = np.flatnonzero(new_node)
    segment = np.cumsum(new_node) - 1
    best = np.maximum.reduceat(rounded, starts)
    at_best = np.flatnonzero(rounded == best[segment])
    first = np.r_[True, segment[at_best][1:] != segment[at_best][:-1]]
    return at_best[first]


def _evaluate_threshold(
    data: EncodedData,
    options: TreeOptions,
    a: int,
    rows: np.ndarray,
    node: np.ndarray,
    w: np.ndarray | None,
    n_nodes: int,
    want_candidates: bool = False,
    rank: np.ndarray | None = None,
) -> Evaluation:
    """The best threshold of continuous attribute ``a`` at every node.

    ``rank`` (each row's position in the attribute's sorted values) turns
    the sort by ``(node, value)`` into a sort of integers.
    """
    c = len(data.classes)
    name = data.attributes[a].name
    values = data.columns[a][rows]
    known = ~np.isnan(values)
    missing = None
    if not known.all():
        unknown = ~known
        keys = node[unknown].astype(np.int64) * c + data.y[rows[unknown]]
        missing = weighted_bincount(keys, None if w is None else w[unknown], n_nodes * c)
        missing = missing.reshape(n_nodes, c)
    score = np.full(n_nodes, -np.inf)
    gain = np.zeros(n_nodes)
    threshold = np.full(n_nodes, np.nan)
    kr = rows if missing is None else rows[known]
    if missing is None:  # every value known: no copies
        kv, kn, ky, kw = values, node, data.y[rows], w
    else:
        kv, kn, ky = values[known], node[known], data.y[kr]
        kw = None if w is None else w[known]
    no_split = None if options.significance is None else np.zeros(n_nodes, dtype=bool)
    if kv.size < 2:
        return Evaluation(score, gain, threshold, passes=no_split)
    # rows of equal values form one group whatever their order: no stable sort is needed
    order = None if rank is None else _order_by_rank(rank, kr, kn, n_nodes)
    if order is None:
        order = np.argsort(kv) if n_nodes == 1 else np.lexsort((kv, kn))
    kv, kn, ky = kv[order], kn[order], ky[order]
    kw = None if kw is None else kw[order]
    starts = np.empty(kv.size, dtype=bool)
    starts[0] = True
    starts[1:] = (kn[1:] != kn[:-1]) | (kv[1:] != kv[:-1])
    group = np.cumsum(starts) - 1
    n_groups = int(group[-1]) + 1
    group_counts = weighted_bincount(group * c + ky, kw, n_groups * c).reshape(n_groups, c)
    group_node = kn[starts]
    group_value = kv[starts]
    cumulative = np.cumsum(group_counts, axis=0)
    first_group = np.r_[True, group_node[1:] != group_node[:-1]]
    before = np.zeros((n_nodes, c))
    first_index = np.flatnonzero(first_group)
    before[group_node[first_index]] = cumulative[first_index] - group_counts[first_index]
    node_total = np.stack(
        [np.bincount(group_node, weights=group_counts[:, j], minlength=n_nodes) for j in range(c)],
        axis=1,
    )
    present = group_counts > 0
    classes_present = sum_last(present)
    only_class = sum_last(present * np.arange(c))  # the class of a group with one class
    pure = np.where(classes_present == 1, only_class, -1).astype(np.int64)
    same_node = group_node[:-1] == group_node[1:]
    change = ~((pure[:-1] >= 0) & (pure[:-1] == pure[1:]))
    cut = np.flatnonzero(same_node & change)
    if cut.size == 0:
        return Evaluation(score, gain, threshold, passes=no_split)
    cut_node = group_node[cut]
    lhs = cumulative[cut] - before[cut_node]
    rhs = node_total[cut_node] - lhs
    cut_missing = None if missing is None else missing[cut_node]
    pairs = np.stack([lhs, rhs], axis=1)
    s, g = options.measure.evaluate(pairs, cut_missing, name, options.min_leaf)
    midpoints = (group_value[cut] + group_value[cut + 1]) / 2.0
    chosen = _first_best_per_node(np.where(np.isfinite(s), g, -np.inf), cut_node)
    nodes = cut_node[chosen]
    score[nodes] = s[chosen]
    gain[nodes] = g[chosen]
    threshold[nodes] = midpoints[chosen]
    candidates = midpoints[cut_node == 0].tolist() if want_candidates else []
    passes = None
    if options.significance is not None:
        passes = np.zeros(n_nodes, dtype=bool)
        passes[nodes] = ~rejects(pairs[chosen], options.significance)
    return Evaluation(score, gain, threshold, candidates=candidates, passes=passes)


def evaluate_attribute(
    data: EncodedData,
    options: TreeOptions,
    a: int,
    rows: np.ndarray,
    node: np.ndarray,
    w: np.ndarray | None,
    n_nodes: int,
    base_cache: dict[int, np.ndarray],
    want_candidates: bool = False,
    rank: np.ndarray | None = None,
) -> Evaluation:
    """Score attribute ``a``'s best split at each of the ``n_nodes`` nodes.

    ``rows`` are the examples of those nodes, ``node`` the node of each row and
    ``w`` their weights (None: all 1).  ``base_cache`` keeps the per-level
    part of the counting keys between attributes; ``want_candidates`` collects
    the candidate thresholds at node 0 (the root report); ``rank`` is
    :func:`value_ranks` of a continuous attribute.
    """
    name = data.attributes[a].name
    if is_continuous(data, a):
        return _evaluate_threshold(data, options, a, rows, node, w, n_nodes, want_candidates, rank)
    counts, missing = _branch_counts(data, a, rows, node, w, n_nodes, base_cache)
    if options.binary:
        return _evaluate_subsets(options, name, counts, missing)
    return _evaluate_multiway(options, name, counts, missing)


def _batch_counts(
    data: EncodedData,
    attributes: list[int],
    rows: np.ndarray,
    node: np.ndarray,
    w: np.ndarray | None,
    n_nodes: int,
    base_cache: dict[int, np.ndarray],
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_branch_counts` of attributes with the same number of values, in one bincount.

    Returns the counts ``(attributes, nodes, values + 1, classes)`` (the last
    value slot: the unknowns) and whether each attribute has an unknown value
    among ``rows``.  Each bin adds the same weights in the same order as
    :func:`_branch_counts` does for one attribute, so the counts are equal.
    """
    c = len(data.classes)
    v = values_count(data, attributes[0])
    slot = np.stack([data.columns[a][rows] for a in attributes]).astype(np.int64)
    missing = slot < 0
    any_missing = np.asarray(missing.any(axis=1))
    if any_missing.any():
        slot[missing] = v
    base = base_cache.get(v)
    if base is None:
        base = node.astype(np.int64) * ((v + 1) * c) + data.y[rows]
        base_cache[v] = base
    block = n_nodes * (v + 1) * c
    keys = slot * c + base[None, :] + (np.arange(len(attributes)) * block)[:, None]
    weights = None if w is None else np.tile(w, len(attributes))
    counts = weighted_bincount(keys.ravel(), weights, len(attributes) * block)
    return counts.reshape(len(attributes), n_nodes, v + 1, c), any_missing


def _evaluate_counts(
    options: TreeOptions, counts: np.ndarray, missing: np.ndarray | None
) -> Evaluation:
    if options.binary:
        return _evaluate_subsets(options, None, counts, missing)
    return _evaluate_multiway(options, None, counts, missing)


def _part(evaluation: Evaluation, k: int, n_nodes: int) -> Evaluation:
    """The ``k``-th attribute's rows of an evaluation of several stacked attributes."""
    rows = slice(k * n_nodes, (k + 1) * n_nodes)

    def cut(x: np.ndarray | None) -> np.ndarray | None:
        return None if x is None else x[rows]

    return Evaluation(
        evaluation.score[rows],
        evaluation.gain[rows],
        left=cut(evaluation.left),
        passes=cut(evaluation.passes),
    )


def evaluate_categorical(
    data: EncodedData,
    options: TreeOptions,
    attributes: list[int],
    rows: np.ndarray,
    node: np.ndarray,
    w: np.ndarray | None,
    n_nodes: int,
    base_cache: dict[int, np.ndarray],
) -> list[Evaluation]:
    """:func:`evaluate_attribute` of categorical attributes with the same number of values.

    The attributes are counted together and scored in one call of the
    selection measure (their nodes stacked), a few at a time (at most
    :data:`MAX_BATCH_KEYS` keys); every score is computed by the same
    arithmetic as one attribute at a time, so the trees are the same.  The
    measure must not depend on the attribute (no costs).
    """
    per_batch = max(1, MAX_BATCH_KEYS // max(rows.size, 1))
    found: list[Evaluation] = []
    for start in range(0, len(attributes), per_batch):
        batch = attributes[start : start + per_batch]
        counts, any_missing = _batch_counts(data, batch, rows, node, w, n_nodes, base_cache)
        v = counts.shape[2] - 1
        results: dict[int, Evaluation] = {}
        for with_missing in (False, True):
            chosen = np.flatnonzero(any_missing == with_missing)
            if chosen.size == 0:
                continue
            part = counts[chosen].reshape(chosen.size * n_nodes, v + 1, -1)
            missing = part[:, v, :] if with_missing else None
            evaluation = _evaluate_counts(options, part[:, :v, :], missing)
            for k, index in enumerate(chosen.tolist()):
                results[index] = _part(evaluation, k, n_nodes)
        found.extend(results[k] for k in range(len(batch)))
    return found
