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

from dataclasses import dataclass

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


@dataclass(frozen=True)
class OneRCandidate:
    """The rules OneR makes from one attribute, and their training errors."""

    attribute: str
    rules: tuple[Rule, ...]
    errors: float
    n: float

    @property
    def accuracy(self) -> float:
        """Training accuracy of these rules."""
        return 1.0 - self.errors / self.n if self.n else 0.0


#: Counts or errors closer than this (relative) are equal: ties go to the first
#: class or attribute whatever the rounding of weighted sums.
_TIE = 1e-10


def _first_largest(values: np.ndarray) -> int:
    """The position of the first value within rounding of the largest."""
    top = float(values.max())
    return int(np.argmax(values >= top - _TIE * max(1.0, abs(top))))


def _rule(
    conditions: tuple[Condition, ...], counts: np.ndarray, classes: tuple[Label, ...]
) -> Rule:
    best = _first_largest(counts)
    return Rule(
        conditions, classes[best], covered=float(counts.sum()), correct=float(counts[best])
    )


def _categorical_rules(data: EncodedData, a: int) -> list[Rule]:
    attribute = data.attributes[a]
    values = attribute.values or ()
    c = len(data.classes)
    codes = data.columns[a].astype(np.int64)
    slot = np.where(codes < 0, len(values), codes)
    counts = np.bincount(
        slot * c + data.y, weights=data.weights, minlength=(len(values) + 1) * c
    ).reshape(-1, c)
    rules = []
    for code, value in [*enumerate(values), (len(values), MISSING)]:
        if counts[code].sum() > 0:
            condition = Condition(attribute.name, a, "=", value)
            rules.append(_rule((condition,), counts[code], data.classes))
    return rules


def _intervals(values: np.ndarray, counts: np.ndarray, min_bucket: int) -> list[tuple[int, int]]:
    """Holte's intervals over the distinct sorted ``values`` (start, end) index pairs.

    An interval grows value by value until its majority class has at least
    ``min_bucket`` examples and the next value's majority is another class;
    then neighbouring intervals with the same majority are merged.  (Python
    lists: the loop runs once per distinct value, where numpy's per-call cost
    would dominate.)
    """
    rows = counts.tolist()
    majority_of_value = np.argmax(counts, axis=1).tolist() if len(rows) else []
    intervals: list[tuple[int, int]] = []
    start = 0
    running: list[float] | None = None
    last = len(rows) - 1
    for i, row in enumerate(rows):
        running = row if running is None else [r + x for r, x in zip(running, row)]
        top = max(running)
        majority = running.index(top)
        if i == last or (top >= min_bucket and majority_of_value[i + 1] != majority):
            intervals.append((start, i + 1))
            start = i + 1
            running = None
    merged: list[tuple[int, int]] = []
    sums: list[list[float]] = []
    for lo, hi in intervals:
        own = _added(None, rows[lo:hi])
        if merged and _first_max(sums[-1]) == _first_max(own):
            merged[-1] = (merged[-1][0], hi)
            sums[-1] = _added(sums[-1], rows[lo:hi])
            continue
        merged.append((lo, hi))
        sums.append(own)
    return merged


def _added(total: list[float] | None, rows: list[list[float]]) -> list[float]:
    """``total`` (None: nothing yet) plus ``rows``, added one after the other."""
    for row in rows:
        total = row if total is None else [t + x for t, x in zip(total, row)]
    assert total is not None  # an interval has at least one value
    return total


def _first_max(values: list[float]) -> int:
    """The position of the first largest value (``numpy.argmax``)."""
    return values.index(max(values))


def _continuous_rules(data: EncodedData, a: int, min_bucket: int) -> list[Rule]:
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
    rules = []
    intervals = _intervals(distinct, counts, min_bucket) if len(distinct) else []
    if len(intervals) == 1:  # the attribute does not separate: one rule for everything
        everything = np.bincount(data.y, weights=weights, minlength=c)
        return [_rule((), everything, data.classes)]
    for i, (lo, hi) in enumerate(intervals):
        conditions = []
        if i > 0:
            cut = (distinct[lo - 1] + distinct[lo]) / 2.0
            conditions.append(Condition(attribute.name, a, ">", float(cut)))
        if i < len(intervals) - 1:
            cut = (distinct[hi - 1] + distinct[hi]) / 2.0
            conditions.append(Condition(attribute.name, a, "=<", float(cut)))
        rules.append(_rule(tuple(conditions), counts[lo:hi].sum(0), data.classes))
    if not known.all():
        missing = np.bincount(
            data.y[~known], weights=None if weights is None else weights[~known], minlength=c
        )
        rules.append(_rule((Condition(attribute.name, a, "=", MISSING),), missing, data.classes))
    return rules


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
            rules = _continuous_rules(encoded, a, min_bucket)
        else:
            rules = _categorical_rules(encoded, a)
        errors = sum((r.covered or 0.0) - (r.correct or 0.0) for r in rules)
        candidates.append(OneRCandidate(attribute.name, tuple(rules), errors, total))
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
