r"""OneR: the best one-attribute rule set.

OneR(Target_Attribute, Attributes, Examples) (Holte 1993): for each
attribute, make one rule per value, "if A = v then the most common class of
the training examples with A = v"; return the rule set of the attribute whose
rules make the fewest errors on the training examples (ties: the attribute
listed first).

* A missing value ``?`` is a value of its own (Holte's treatment), giving a
  rule ``A = ?``.
* A continuous attribute is discretised as Holte does: the sorted values are
  cut into intervals, each closed once its most common class has at least
  ``min_bucket`` examples (6 in Holte's experiments) and the next value's
  majority class differs; equal values are never separated; adjacent
  intervals with the same class are merged.  Thresholds are midpoints, giving
  rules ``A =< t1``, ``A > t1 AND A =< t2``, ..., ``A > tk``.
* The majority class of a value breaks ties in favour of the class listed first.
* The rule set is unordered (its rules are mutually exclusive) with the
  overall majority class as default, for values never seen in training.
* Weighted examples (``EncodedData.weights``) count as their weight in every
  count above (errors included).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> kb = loads('''
... neg(t(sunny, hot)). neg(t(sunny, mild)). pos(t(overcast, hot)).
... pos(t(rain, mild)). pos(t(rain, cool)). pos(t(sunny, cool)).
... ''')
>>> data = from_kb(kb, "t", 2)
>>> rules = one_r(data)
>>> print("\n".join(rules.to_text()))
IF a1 = sunny THEN neg  [2/3]
IF a1 = overcast THEN pos  [1/1]
IF a1 = rain THEN pos  [2/2]
DEFAULT pos
>>> [(c.attribute, c.errors) for c in one_r_candidates(data)]
[('a1', 1.0), ('a2', 2.0)]

References
----------
Holte (1993), "Very simple classification
rules perform well on most commonly used datasets", Machine Learning 11.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from symlearn.data.attribute_value import MISSING, AttributeValueData, Label
from symlearn.data.encoded import EncodedData
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import Condition, Rule, RuleSet
from symlearn.learners.trees.growing import as_encoded
from symlearn.learners.trees.results import (
    OUTPUT_HELP,
    OUTPUT_SUFFIXES,
    tree_learner,
)
from symlearn.learners.trees.runs import fit_model
from symlearn.learners.trees.settings import OneRSettings

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "OneRCandidate",
    "OneRSettings",
    "fit",
    "learn",
    "one_r",
    "one_r_candidates",
]

SUMMARY = "OneR: the rules of the single best attribute."
EXAMPLE = "symlearn learn one-r kb/lenses.pl --target lenses/4"
TABLES = True


#: The tests of each rule of a candidate, made when they are asked for.
ConditionsMaker = Callable[[], list[tuple[Condition, ...]]]


@dataclass(frozen=True)
class OneRCandidate:
    """The rules OneR makes from one attribute, and their training errors.

    ``counts`` has one row per rule: the (weighted) number of training
    examples of each class the rule covers; the rules themselves are made from
    it when first asked for (only the chosen attribute's usually are).
    """

    attribute: str
    errors: float
    n: float
    counts: np.ndarray = field(repr=False, compare=False)
    classes: tuple[Label, ...] = field(repr=False, compare=False)
    conditions: ConditionsMaker = field(repr=False, compare=False)

    @property
    def accuracy(self) -> float:
        """Training accuracy of these rules."""
        return 1.0 - self.errors / self.n if self.n else 0.0

    @cached_property
    def rules(self) -> tuple[Rule, ...]:
        """One rule per row of ``counts``: its tests and its majority class."""
        best, covered, correct = _majorities(self.counts)
        return tuple(
            Rule(tests, self.classes[b], covered=n, correct=k)
            for tests, b, n, k in zip(self.conditions(), best, covered, correct)
        )


#: Counts or errors closer than this (relative) are equal: ties go to the first
#: class or attribute whatever the rounding of weighted sums.
_TIE = 1e-10


def _first_largest(values: np.ndarray) -> int:
    """The position of the first value within rounding of the largest."""
    top = float(values.max())
    return int(np.argmax(values >= top - _TIE * max(1.0, abs(top))))


def _majorities(counts: np.ndarray) -> tuple[list[int], list[float], list[float]]:
    """Each row's majority class (the first within rounding of the largest), total and count."""
    top = counts.max(axis=1, keepdims=True)
    best = np.argmax(counts >= top - _TIE * np.maximum(1.0, np.abs(top)), axis=1)
    covered = counts.sum(axis=1).astype(np.float64).tolist()
    correct = counts[np.arange(len(best)), best].astype(np.float64).tolist()
    return best.tolist(), covered, correct


def _errors(counts: np.ndarray) -> float:
    """The training errors of rules whose class counts are the rows of ``counts``."""
    _, covered, correct = _majorities(counts)
    return sum(n - k for n, k in zip(covered, correct))


def _categorical_counts(data: EncodedData, a: int) -> tuple[ConditionsMaker, np.ndarray]:
    """One rule per value seen (``?`` included): its tests and class counts."""
    attribute = data.attributes[a]
    values = (*(attribute.values or ()), MISSING)
    c = len(data.classes)
    codes = data.columns[a].astype(np.int64)
    slot = np.where(codes < 0, len(values) - 1, codes)
    counts = np.bincount(slot * c + data.y, weights=data.weights, minlength=len(values) * c)
    counts = counts.reshape(-1, c)
    seen = np.flatnonzero(counts.sum(axis=1) > 0).tolist()
    return (
        lambda: [(Condition(attribute.name, a, "=", values[code]),) for code in seen],
        counts[seen],
    )


#: How many values past the point where an interval could first close are
#: looked at for every start at once (an interval reaching further is followed
#: on its own).
_AHEAD = 8


def _closing(
    before: np.ndarray, start: np.ndarray, at: np.ndarray, majority_of_value: np.ndarray
) -> np.ndarray:
    """Whether the intervals beginning at ``start`` close at value ``at`` (both broadcast).

    Past the value where the interval's majority class has ``min_bucket``
    examples, it closes at the last value or where the next value's majority
    is not the interval's (majorities: the first largest count).
    ``before[k, i]`` is the count of class ``k`` among the values before value ``i``.
    """
    last = before.shape[1] - 2
    top = before[0, at + 1] - before[0, start]
    majority = np.zeros(top.shape, dtype=np.int64)
    for k in range(1, before.shape[0]):
        count = before[k, at + 1] - before[k, start]
        better = count > top
        top = np.where(better, count, top)
        majority[better] = k
    return (at == last) | (majority_of_value[np.minimum(at + 1, last)] != majority)


def _interval_starts(counts: np.ndarray, min_bucket: int) -> list[int]:
    """Where Holte's intervals begin over the distinct sorted values, before merging.

    An interval grows value by value until its majority class has at least
    ``min_bucket`` examples and the next value's majority is another class;
    the next begins after it.  The class counts of any stretch of values are
    differences of cumulative counts, so where an interval begun at any value
    would close is found for all values at once: where its majority first
    reaches ``min_bucket`` (a search in each class's cumulative counts), then
    among the next ``_AHEAD`` values; an interval running further is followed
    on its own.
    """
    n, c = counts.shape
    before = np.zeros((c, n + 1), dtype=counts.dtype)
    np.cumsum(counts.T, axis=1, out=before[:, 1:])
    majority_of_value = np.argmax(counts, axis=1)
    every = np.arange(n)
    reach = np.full(n, n - 1)  # the majority never reaches min_bucket: the last value
    for k in range(c):
        found = np.searchsorted(before[k, 1:], before[k, :-1] + min_bucket, side="left")
        reach = np.minimum(reach, found)
    at = np.minimum(reach[:, None] + np.arange(_AHEAD), n - 1)
    close = _closing(before, every[:, None], at, majority_of_value)
    ends = np.where(close.any(axis=1), at[every, close.argmax(axis=1)], -1).tolist()
    starts = [0]
    while True:
        end = ends[starts[-1]]
        if end < 0:
            end = _far_end(before, starts[-1], int(at[starts[-1], -1]) + 1, majority_of_value)
        if end + 1 >= n:
            return starts
        starts.append(end + 1)


def _far_end(before: np.ndarray, start: int, at: int, majority_of_value: np.ndarray) -> int:
    """Where the interval begun at ``start``, open until ``at``, closes (ever longer looks)."""
    width = 2 * _AHEAD
    while True:
        ahead = np.arange(at, min(at + width, before.shape[1] - 1))
        close = _closing(before, np.array(start), ahead, majority_of_value)
        if close.any():  # always by the last value
            return int(ahead[close.argmax()])
        at, width = at + width, 2 * width


def _intervals(counts: np.ndarray, min_bucket: int) -> tuple[np.ndarray, np.ndarray]:
    """Holte's intervals over the distinct sorted values whose class counts are ``counts``.

    The intervals of :func:`_interval_starts`, neighbours with the same
    majority merged (the majority of two intervals with the same majority is
    that majority, so each run of them becomes one interval).

    Returns
    -------
    tuple
        The merged intervals' first value positions (ascending, the first is
        0) and their class counts, one row each.
    """
    starts = _interval_starts(counts, min_bucket)
    own = np.add.reduceat(counts, starts, axis=0)
    majorities = np.argmax(own, axis=1)
    firsts = np.array(starts)[np.r_[True, majorities[1:] != majorities[:-1]]]
    return firsts, np.add.reduceat(counts, firsts, axis=0)


def _continuous_counts(
    data: EncodedData, a: int, min_bucket: int
) -> tuple[ConditionsMaker, np.ndarray]:
    """One rule per Holte interval (and one for ``?``): its tests and class counts."""
    attribute = data.attributes[a]
    column = data.columns[a]
    c = len(data.classes)
    known = ~np.isnan(column)
    weights = data.weights
    distinct, group = np.unique(column[known], return_inverse=True)
    counts = np.bincount(
        group * c + data.y[known],
        weights=None if weights is None else weights[known],
        minlength=len(distinct) * c,
    ).reshape(-1, c)
    firsts, sums = _intervals(counts, min_bucket) if len(distinct) else (np.zeros(0, int), counts)
    if len(firsts) == 1:  # the attribute does not separate: one rule for everything
        everything = np.bincount(data.y, weights=weights, minlength=c)
        return lambda: [()], everything.reshape(1, c)
    cuts = ((distinct[firsts[1:] - 1] + distinct[firsts[1:]]) / 2.0).tolist()
    missing = not known.all()
    if missing:
        unknown = np.bincount(
            data.y[~known], weights=None if weights is None else weights[~known], minlength=c
        )
        sums = np.vstack([sums, unknown])

    def conditions() -> list[tuple[Condition, ...]]:
        above = [()] + [(Condition(attribute.name, a, ">", cut),) for cut in cuts]
        below = [(Condition(attribute.name, a, "=<", cut),) for cut in cuts] + [()]
        tests = [x + y for x, y in zip(above, below)] if len(firsts) else []
        return tests + [(Condition(attribute.name, a, "=", MISSING),)] * missing

    return conditions, sums


def one_r_candidates(
    data: AttributeValueData | EncodedData, min_bucket: int = 6
) -> list[OneRCandidate]:
    """OneR's rule set for every attribute, with its training errors (attribute order)."""
    if min_bucket < 1:
        raise InvalidParameterError(f"min_bucket must be at least 1, got {min_bucket}")
    encoded = as_encoded(data)
    total = encoded.n_rows if encoded.weights is None else float(encoded.weights.sum())
    candidates = []
    for a, attribute in enumerate(encoded.attributes):
        if attribute.values is None:
            conditions, counts = _continuous_counts(encoded, a, min_bucket)
        else:
            conditions, counts = _categorical_counts(encoded, a)
        candidates.append(
            OneRCandidate(
                attribute.name, _errors(counts), total, counts, encoded.classes, conditions
            )
        )
    return candidates


def one_r(data: AttributeValueData | EncodedData, min_bucket: int = 6) -> RuleSet:
    """Learn OneR's rule set (see the module docstring).

    Parameters
    ----------
    data
        The labelled examples.
    min_bucket
        Holte's SMALL: the least number of examples of the majority class in
        an interval of a continuous attribute.

    Raises
    ------
    InvalidParameterError
        When the data has no attributes or no examples.
    """
    encoded = as_encoded(data)
    if not encoded.attributes or encoded.n_rows == 0:
        raise InvalidParameterError("OneR needs examples with at least one attribute")
    candidates = one_r_candidates(encoded, min_bucket)
    best = candidates[_first_largest(-np.array([c.errors for c in candidates]))]
    overall = np.bincount(encoded.y, weights=encoded.weights, minlength=len(encoded.classes))
    return RuleSet(
        encoded.target,
        tuple(a.name for a in encoded.attributes),
        best.rules,
        encoded.classes,
        default=encoded.classes[_first_largest(overall)],
    )


# -- the learner protocol -------------------------------------------------------------

SETTINGS = OneRSettings
learn = tree_learner(OneRSettings, "OneR's rules")
fit = fit_model
