r"""Association rules from frequent item sets: every split of a set into if and then.

For each frequent item set, every rule with zero or more of its items in the
antecedent and the others (one or more) in the consequent is considered; its
*support* is the item set's support and its *confidence* (accuracy)

    confidence(A => C) = support(A u C) / support(A),

the number of instances for which the consequent is correct over the number
the antecedent matches (Witten & Frank, *Data Mining*, section 4.5; the empty
antecedent matches every instance).  The rules whose confidence reaches the
minimum are kept.

Consequents are grown as in Agrawal & Srikant's ap-genrules: a consequent of
m + 1 items is tried only when each of its m-item subsets made a confident
rule from the same item set (moving an item from the antecedent to the
consequent can only lower the confidence, because the antecedent's support
can only grow), the candidates made by the same join and prune as item sets
(:func:`~symlearn.learners.association.frequent_itemsets.apriori_gen`).  All
item sets of one size are handled at once, with numpy.

Functions
---------
association_rules

Examples
--------
>>> import numpy as np
>>> from symlearn.learners.association.frequent_itemsets import frequent_itemsets, item_bitmaps
>>> rows = np.array([[1, 1, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]], dtype=bool)
>>> levels = frequent_itemsets(item_bitmaps(rows.T), minimum=2)
>>> for r in association_rules(levels, 4, 0.6):
...     print(r.antecedent, "=>", r.consequent, r.support, r.antecedent_support)
() => (0,) 3 4
() => (1,) 3 4
(1,) => (0,) 2 3
(0,) => (1,) 2 3

References
----------
Agrawal & Srikant (1994), "Fast algorithms for mining association rules",
VLDB, section 3 (ap-genrules).  Witten & Frank, *Data Mining* (2nd ed. 2005),
section 4.5.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.learners.association.frequent_itemsets import Level, apriori_gen, row_keys

__all__ = ["AssociationRule", "RuleTable", "association_rules"]


@dataclass(frozen=True, slots=True)
class AssociationRule:
    """``antecedent => consequent`` over item numbers, with its counts.

    Attributes
    ----------
    antecedent, consequent
        Item numbers, ascending (the antecedent may be empty).
    support
        Instances with every item of the rule.
    antecedent_support
        Instances the antecedent matches.
    """

    antecedent: tuple[int, ...]
    consequent: tuple[int, ...]
    support: int
    antecedent_support: int

    @property
    def confidence(self) -> float:
        """``support / antecedent_support``."""
        return self.support / self.antecedent_support


class _Supports:
    """The support of any frequent item set, looked up by its items."""

    def __init__(self, levels: Sequence[Level], n: int) -> None:
        self.n = n
        self.index: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        for level in levels:
            keys = row_keys(level.items)
            order = np.argsort(keys, kind="stable")
            self.index[level.size] = (keys[order], level.items[order], level.counts[order])

    def of(self, items: np.ndarray) -> np.ndarray:
        """The supports of the item sets in the rows of ``items`` (all frequent)."""
        if items.shape[1] == 0:
            return np.full(items.shape[0], self.n, dtype=np.int64)
        keys, rows, counts = self.index[items.shape[1]]
        wanted = row_keys(items)
        at = np.searchsorted(keys, wanted)
        missed = np.flatnonzero((rows[at] != items).any(axis=1))
        for i in missed.tolist():  # a key shared by several item sets: look along them
            j = int(at[i])
            while not np.array_equal(rows[j], items[i]):
                j += 1
            at[i] = j
        return counts[at]


def _split(items: np.ndarray, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The antecedent (the other items) and the consequent (``positions``) of each row."""
    rows, k = items.shape
    mask = np.ones((rows, k), dtype=bool)
    np.put_along_axis(mask, positions, False, axis=1)
    antecedent = items[mask].reshape(rows, k - positions.shape[1])
    consequent = np.take_along_axis(items, positions, axis=1)
    return antecedent, consequent


def _level_rules(
    level: Level, supports: _Supports, min_confidence: float
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """The confident rules of one level's item sets, consequent size by consequent size.

    Each block is (antecedents, consequents, supports, antecedent supports).
    """
    m, k = level.items.shape
    blocks = []
    # the consequents of size 1: every position of every item set
    owners = np.repeat(np.arange(m), k)
    positions = np.tile(np.arange(k), m).reshape(-1, 1)
    while owners.size:
        items = level.items[owners]
        antecedent, consequent = _split(items, positions)
        support = level.counts[owners]
        before = supports.of(antecedent)
        confident = support / before >= min_confidence
        if confident.any():
            blocks.append(
                (
                    antecedent[confident],
                    consequent[confident],
                    support[confident],
                    before[confident],
                )
            )
        if positions.shape[1] == k:
            break
        keyed = np.column_stack((owners[confident], positions[confident]))
        _, _, grown = apriori_gen(keyed, fixed=1)
        owners, positions = grown[:, 0], grown[:, 1:]
    return blocks


def _padded(blocks: Sequence[np.ndarray], width: int) -> np.ndarray:
    """Rows of item numbers of different lengths, padded with -1 to ``width`` columns."""
    rows = sum(block.shape[0] for block in blocks)
    out = np.full((rows, width), -1, dtype=np.int32)
    at = 0
    for block in blocks:
        out[at : at + block.shape[0], : block.shape[1]] = block
        at += block.shape[0]
    return out


@dataclass(frozen=True, eq=False)
class RuleTable:
    """Association rules held as numpy arrays, one row per rule.

    Attributes
    ----------
    antecedents, consequents
        Item numbers, ascending, padded with -1 on the right.
    supports
        Instances with every item of the rule.
    antecedent_supports
        Instances the antecedent matches.
    """

    antecedents: np.ndarray
    consequents: np.ndarray
    supports: np.ndarray
    antecedent_supports: np.ndarray

    @property
    def confidences(self) -> np.ndarray:
        """``supports / antecedent_supports``."""
        return self.supports / self.antecedent_supports

    def __len__(self) -> int:
        return int(self.supports.shape[0])

    def __getitem__(self, i: int) -> AssociationRule:
        a, c = self.antecedents[i], self.consequents[i]
        return AssociationRule(
            tuple(a[a >= 0].tolist()),
            tuple(c[c >= 0].tolist()),
            int(self.supports[i]),
            int(self.antecedent_supports[i]),
        )

    def __iter__(self) -> Iterator[AssociationRule]:
        return (self[i] for i in range(len(self)))


def association_rules(levels: Sequence[Level], n: int, min_confidence: float) -> RuleTable:
    """The rules of confidence at least ``min_confidence`` from the frequent item sets.

    Parameters
    ----------
    levels
        The frequent item sets (see :func:`~.frequent_itemsets.frequent_itemsets`).
    n
        The number of instances (the support of the empty antecedent).
    min_confidence
        The least confidence kept, in [0, 1].

    Returns
    -------
    RuleTable
        Ordered by confidence (highest first), then support (highest first),
        then fewer antecedent items; ties in the order found (by item set
        size, consequent size, then item set).
    """
    supports = _Supports(levels, n)
    blocks = [b for level in levels for b in _level_rules(level, supports, min_confidence)]
    width = max((level.size for level in levels), default=0)
    antecedents = _padded([b[0] for b in blocks], width)
    consequents = _padded([b[1] for b in blocks], width)
    support = np.concatenate([b[2] for b in blocks]) if blocks else np.empty(0, np.int64)
    before = np.concatenate([b[3] for b in blocks]) if blocks else np.empty(0, np.int64)
    lengths = (antecedents >= 0).sum(axis=1)
    order = np.lexsort((lengths, -support, -(support / before)))  # stable: ties as found
    return RuleTable(antecedents[order], consequents[order], support[order], before[order])
