r"""Frequent item sets by Apriori: level-wise candidate generation, pruning and counting.

An *item* is an attribute-value pair; an *item set* holds items of different
attributes; its *support* (coverage) is the number of instances that have
every item of the set.  Apriori (Agrawal & Srikant 1994) finds every item set
whose support reaches a minimum, one size at a time, using the fact that every
subset of a frequent item set is frequent (Witten & Frank, *Data Mining*,
section 4.5, "Mining association rules"):

1. ``L1`` = the frequent single items;
2. for k = 2, 3, ...: the candidates ``Ck`` are made from ``L(k-1)`` by

   * the **join** step: two item sets of ``L(k-1)`` that agree on their first
     k - 2 items (in item order) give the union of both, and
   * the **prune** step: a candidate with a (k-1)-subset that is not in
     ``L(k-1)`` is deleted;

   then each candidate's support is counted and ``Lk`` keeps those with at
   least the minimum support; stop when ``Lk`` is empty.

Counting is vertical: each instance set is a bitmap (one bit per instance,
packed into 64-bit words), a candidate's bitmap is the AND of the bitmaps of
the two item sets joined to make it, and its support the number of bits set.
Two values of one attribute never occur together, so such joins are not made
(their support is 0 and they could never be frequent).

Functions
---------
frequent_itemsets, item_bitmaps, minimum_count

Examples
--------
>>> import numpy as np
>>> rows = np.array([[1, 1, 0, 1], [1, 0, 1, 0], [1, 1, 1, 0], [0, 1, 1, 0]], dtype=bool)
>>> levels = frequent_itemsets(item_bitmaps(rows.T), minimum=2)
>>> [(level.items.tolist(), level.counts.tolist()) for level in levels]
[([[0], [1], [2]], [3, 3, 3]), ([[0, 1], [0, 2], [1, 2]], [2, 2, 2])]

References
----------
Agrawal & Srikant (1994), "Fast algorithms for mining association rules",
VLDB, section 2.1 (Apriori and apriori-gen).  Witten & Frank, *Data Mining*
(2nd ed. 2005), section 4.5.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.errors import InvalidParameterError

__all__ = [
    "Level",
    "apriori_gen",
    "frequent_itemsets",
    "item_bitmaps",
    "minimum_count",
    "popcount",
    "row_keys",
]

Progress = Callable[[str, int, "int | None"], None]

#: Bytes of candidate bitmaps made at once while counting.
_CHUNK_BYTES = 1 << 24


@dataclass(frozen=True, eq=False)
class Level:
    """The frequent item sets of one size k.

    Attributes
    ----------
    items
        One row per item set: its k item numbers, ascending; the rows are in
        lexicographic order.
    counts
        The support (number of instances) of each item set.
    """

    items: np.ndarray
    counts: np.ndarray

    @property
    def size(self) -> int:
        """k, the number of items in each set."""
        return int(self.items.shape[1])

    def __len__(self) -> int:
        return int(self.items.shape[0])


def minimum_count(support: float, n: int) -> int:
    """The least number of instances, out of ``n``, whose share reaches ``support``.

    The smallest count c >= 1 with ``c / n >= support`` (as floating point
    computes it, the way a fraction of the instances is compared elsewhere).

    Examples
    --------
    >>> minimum_count(0.1, 14), minimum_count(0.5, 4), minimum_count(1e-9, 10)
    (2, 2, 1)
    """
    if not 0 < support <= 1:
        raise InvalidParameterError(f"a support fraction must be in (0, 1], not {support}")
    count = max(1, math.ceil(support * n) - 1)
    while count / n < support:
        count += 1
    return count


def item_bitmaps(rows: np.ndarray | Sequence[np.ndarray]) -> np.ndarray:
    """Each item's instances as a bitmap: one row of 64-bit words per item.

    Parameters
    ----------
    rows
        A boolean matrix (items x instances): whether instance j has item i.

    Examples
    --------
    >>> item_bitmaps(np.array([[True, False, True]])).tolist()
    [[5]]
    """
    matrix = np.asarray(rows, dtype=bool)
    n_items, n = matrix.shape
    words = max(1, -(-n // 64))
    padded = np.zeros((n_items, words * 64), dtype=bool)
    padded[:, :n] = matrix
    packed = np.packbits(padded, axis=1, bitorder="little")
    return np.ascontiguousarray(packed).view("<u8").astype(np.uint64, copy=False)


#: Bits set in each byte value (for numpy before 2.0, which has no ``bitwise_count``).
_BYTE_BITS = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)


def popcount(bitmaps: np.ndarray) -> np.ndarray:
    """The number of bits set in each row."""
    count = getattr(np, "bitwise_count", None)
    if count is not None:
        return np.asarray(count(bitmaps)).sum(axis=1, dtype=np.int64)
    as_bytes = np.ascontiguousarray(bitmaps).view(np.uint8).reshape(bitmaps.shape[0], -1)
    return _BYTE_BITS[as_bytes].sum(axis=1, dtype=np.int64)


def _join(items: np.ndarray, groups: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Apriori's join: the pairs (i, j), i < j, of rows sharing all but their last item.

    ``groups`` gives each item's attribute: pairs whose last items are values
    of one attribute are left out.
    """
    m, k = items.shape
    if m < 2:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    if k == 1:
        same = np.ones(m - 1, dtype=bool)
    else:
        same = (items[1:, :-1] == items[:-1, :-1]).all(axis=1)
    # each row's block: the run of rows with its prefix
    starts = np.flatnonzero(np.concatenate(([True], ~same)))
    ends = np.append(starts[1:], m)
    block_end = np.repeat(ends, ends - starts)
    partners = block_end - np.arange(m) - 1
    left = np.repeat(np.arange(m), partners)
    first = np.repeat(np.cumsum(partners) - partners, partners)
    right = left + 1 + (np.arange(left.size) - first)
    if groups is not None and left.size:
        keep = groups[items[left, -1]] != groups[items[right, -1]]
        left, right = left[keep], right[keep]
    return left, right


#: Multiplier of the row hash (odd, so each column's weight is invertible modulo 2**64).
_HASH = np.uint64(0x9E3779B97F4A7C15)


def row_keys(items: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each row of an integer matrix (equal rows, equal keys).

    Different rows may collide: a lookup by key must check the rows it finds.
    """
    keys = np.zeros(items.shape[0], dtype=np.uint64)
    with np.errstate(over="ignore"):
        for column in items.T:
            keys = keys * _HASH + column.astype(np.uint64) + np.uint64(1)
    return keys


def _prune(items: np.ndarray, candidates: np.ndarray, fixed: int = 0) -> np.ndarray:
    """Apriori's prune: which candidates have every (k-1)-subset among ``items``.

    The two subsets that made a candidate (without its last item, without its
    last but one) are known by construction; the others are looked up.  The
    first ``fixed`` columns are not items but a key every subset keeps.
    """
    n, k = candidates.shape
    keep = np.ones(n, dtype=bool)
    if k - fixed < 3 or n == 0:
        return keep
    # a key collision keeps a candidate that should go: harmless, its count decides
    known = np.sort(row_keys(items))
    for drop in range(fixed, k - 2):
        subset = np.delete(candidates[keep], drop, axis=1)
        keys = row_keys(subset)
        at = np.minimum(np.searchsorted(known, keys), known.size - 1)
        found = known[at] == keys
        keep[np.flatnonzero(keep)[~found]] = False
        if not keep.any():
            break
    return keep


def apriori_gen(
    items: np.ndarray, groups: np.ndarray | None = None, fixed: int = 0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The candidates of size k + 1 made from the k-sets ``items`` (join, then prune).

    Parameters
    ----------
    items
        Item sets, one per row, ascending within a row, rows in lexicographic order.
    groups
        Each item's attribute (items of one attribute are never joined).
    fixed
        Leading columns that are a key, not items: rows are joined and their
        subsets looked up only within one key (rule generation grows the
        consequents of each item set this way).

    Returns
    -------
    tuple
        For each candidate the rows joined to make it (``left``, ``right``)
        and the candidate itself, in lexicographic order.

    Examples
    --------
    >>> left, right, made = apriori_gen(np.array([[0, 1], [0, 2], [0, 3], [1, 2]]))
    >>> made.tolist()  # {0, 2, 3} is pruned: {2, 3} is not among the 2-sets
    [[0, 1, 2]]
    """
    left, right = _join(items, groups)
    candidates = np.column_stack((items[left], items[right, -1]))
    keep = _prune(items, candidates, fixed)
    return left[keep], right[keep], candidates[keep]


def _count(
    bitmaps: np.ndarray, left: np.ndarray, right: np.ndarray, minimum: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Support of each candidate ``bitmaps[left] & bitmaps[right]``; the frequent ones' bitmaps.

    Returns
    -------
    tuple
        The positions (into ``left``) of the frequent candidates, their counts
        and their bitmaps.
    """
    words = bitmaps.shape[1]
    step = max(1, _CHUNK_BYTES // (8 * words))
    kept, counts, maps = [], [], []
    for start in range(0, left.size, step):
        chunk = np.bitwise_and(
            bitmaps[left[start : start + step]], bitmaps[right[start : start + step]]
        )
        support = popcount(chunk)
        frequent = np.flatnonzero(support >= minimum)
        kept.append(frequent + start)
        counts.append(support[frequent])
        maps.append(chunk[frequent])
    if not kept:
        return np.empty(0, np.int64), np.empty(0, np.int64), bitmaps[:0]
    return np.concatenate(kept), np.concatenate(counts), np.concatenate(maps)


def frequent_itemsets(
    bitmaps: np.ndarray,
    minimum: int,
    *,
    groups: np.ndarray | None = None,
    max_length: int | None = None,
    progress: Progress | None = None,
) -> list[Level]:
    """Every item set with support at least ``minimum``, level by level (Apriori).

    Parameters
    ----------
    bitmaps
        Each item's instances (:func:`item_bitmaps`), items numbered by row.
    minimum
        The minimum support, a count of instances (at least 1).
    groups
        Each item's attribute: items of one attribute are never joined.
    max_length
        The largest item set wanted (None: no limit).
    progress
        Called as ``progress("apriori: item sets of size k", k, None)``.

    Returns
    -------
    list of Level
        ``L1, L2, ...``, each in lexicographic order of the item numbers; no
        empty level.

    References
    ----------
    Agrawal & Srikant (1994), figure 1 (Apriori) and section 2.1.1 (apriori-gen).
    """
    if minimum < 1:
        raise InvalidParameterError(
            f"the minimum support must be at least 1 instance, not {minimum}"
        )
    counts = popcount(bitmaps) if bitmaps.size else np.zeros(bitmaps.shape[0], np.int64)
    frequent = np.flatnonzero(counts >= minimum)
    items = frequent.reshape(-1, 1).astype(np.int32)
    current = bitmaps[frequent]
    levels: list[Level] = []
    if items.shape[0]:
        levels.append(Level(items, counts[frequent]))
    while items.shape[0] > 1 and (max_length is None or items.shape[1] < max_length):
        k = items.shape[1] + 1
        if progress is not None:
            progress(f"apriori: item sets of size {k}", k, None)
        left, right, candidates = apriori_gen(items, groups)
        chosen, support, current = _count(current, left, right, minimum)
        items = candidates[chosen]
        if not items.shape[0]:
            break
        levels.append(Level(items, support))
    return levels
