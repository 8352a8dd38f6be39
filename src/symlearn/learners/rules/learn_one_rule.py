"""Learn-one-rule: the general-to-specific beam search of sequential covering.

Mitchell (1997), section 10.2 and Table 10.2: starting from the rule with no
precondition, every hypothesis in the beam is specialised by one more
attribute test (``A = v`` for a categorical attribute, ``A =< t`` / ``A > t``
for a continuous one, with t a midpoint between neighbouring values where the
class changes); the k best specialisations form the next beam.  The rule
returned is the **best hypothesis seen** (not necessarily the last), and its
postcondition is chosen last, as the most common class among the examples it
matches (or, for a rule set of one class, that class).

**Performance measures** (section 10.3), over the examples S a rule
matches, n = |S|, n_c of them of class c:

* relative frequency ``n_c / n``;
* m-estimate ``(n_c + m p) / (n + m)`` with p the prior of class c (in the
  examples learning started from) and m virtual examples;
* negative entropy ``sum_i p_i log2 p_i`` (higher is better).

Ties go to the rule that covers more examples of its class, then to the
shorter rule.

The search's path to the rule it returns is kept: :func:`find_rule` gives
the rule with one :class:`RuleStep` per test, in the order the search added
them, each with the class counts (p of the rule's class among t matched)
and the measure before and after the test, over the examples searched.

Functions
---------
learn_one_rule, find_rule, performance, attribute_tests

Examples
--------
>>> import numpy as np
>>> from symlearn.data.encoded import EncodedData
>>> codes = np.array([[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]])
>>> data = EncodedData.from_codes(codes, np.array([0, 0, 0, 1, 1, 1]))   # 1: positive
>>> everything = np.ones(6, dtype=bool)
>>> rule, score = learn_one_rule(data, everything, target=0, measure="relative-frequency")
>>> str(rule), score
('IF a1 = v2 THEN pos', 1.0)
>>> found = find_rule(data, everything, target=0, measure="relative-frequency")
>>> [(str(step.condition), step.p, step.t, step.before, step.after) for step in found.steps]
[('a1 = v2', 2, 2, 0.5, 1.0)]

References
----------
Mitchell, T. (1997). Machine Learning, sections 10.2-10.3.  Clark, P. and
Niblett, T. (1989). The CN2 induction algorithm. Machine Learning 3, 261-283.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.data.encoded import EncodedData
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import Condition, Rule

__all__ = [
    "MEASURES",
    "AttributeTests",
    "FoundRule",
    "RuleStep",
    "attribute_tests",
    "find_rule",
    "learn_one_rule",
    "performance",
]

#: The performance measures by name.
MEASURES = ("relative-frequency", "m-estimate", "entropy")


def performance(
    counts: np.ndarray,
    measure: str,
    *,
    target: int | None = None,
    priors: np.ndarray | None = None,
    m: float = 2.0,
) -> np.ndarray:
    """The performance of rules from their class counts (one row of counts per rule).

    Parameters
    ----------
    counts
        ``(rules, classes)`` counts of the examples each rule matches, by class.
    measure
        ``"relative-frequency"``, ``"m-estimate"`` or ``"entropy"``.
    target
        The class the rules conclude (rule-set mode); None: the majority class
        of what each rule matches (CN2 mode).
    priors
        Class priors for the m-estimate.
    m
        The m-estimate's equivalent number of virtual examples.

    Returns
    -------
    numpy.ndarray
        One score per rule (``-inf`` for a rule that matches nothing, or in
        rule-set mode whose majority is not ``target`` under entropy).

    Examples
    --------
    >>> c = np.array([[3, 1], [0, 2]])
    >>> performance(c, "relative-frequency", target=0).tolist()
    [0.75, 0.0]
    >>> performance(c, "m-estimate", target=0, priors=np.array([0.5, 0.5]), m=2).tolist()
    [0.6666666666666666, 0.25]
    >>> [round(x, 4) for x in performance(c, "entropy").tolist()]
    [-0.8113, 0.0]
    """
    counts = np.asarray(counts, dtype=np.float64)
    n = counts.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        if measure == "relative-frequency":
            hits = counts.max(axis=1) if target is None else counts[:, target]
            score = hits / n
        elif measure == "m-estimate":
            p = np.asarray(priors, dtype=np.float64)
            estimates = (counts + m * p) / (n + m)[:, None]
            score = estimates.max(axis=1) if target is None else estimates[:, target]
        elif measure == "entropy":
            p = counts / n[:, None]
            logs = np.where(p > 0, np.log2(np.where(p > 0, p, 1.0)), 0.0)
            score = (p * logs).sum(axis=1)
            if target is not None:
                score = np.where(counts.argmax(axis=1) == target, score, -np.inf)
        else:
            raise InvalidParameterError(f"unknown measure {measure!r}; use one of {MEASURES}")
    return np.where(n > 0, score, -np.inf)


# ----------------------------------------------------------------- attribute tests


@dataclass(frozen=True, eq=False)
class AttributeTests:
    """Every attribute test, with the mask of the rows it holds on."""

    conditions: tuple[Condition, ...]
    masks: np.ndarray  # (tests, rows) bool
    attribute: np.ndarray  # attribute index of each test
    categorical: np.ndarray  # bool per test


def attribute_tests(data: EncodedData, rows: np.ndarray) -> AttributeTests:
    """Every test learn-one-rule may add, over the examples at ``rows``.

    ``A = v`` for each value of a categorical attribute seen at ``rows``;
    ``A =< t`` and ``A > t`` for each candidate threshold of a continuous one.
    """
    conditions: list[Condition] = []
    masks: list[np.ndarray] = []
    attribute: list[int] = []
    categorical: list[bool] = []
    for j, (attr, column) in enumerate(zip(data.attributes, data.columns)):
        if attr.values is not None:
            for code, value in enumerate(attr.values):
                mask = column == code
                if mask[rows].any():
                    conditions.append(Condition(attr.name, j, "=", value))
                    masks.append(mask)
                    attribute.append(j)
                    categorical.append(True)
            continue
        for threshold in _thresholds(column[rows], data.y[rows]):
            for op in ("=<", ">"):
                with np.errstate(invalid="ignore"):
                    mask = column <= threshold if op == "=<" else column > threshold
                conditions.append(Condition(attr.name, j, op, threshold))
                masks.append(mask & ~np.isnan(column))
                attribute.append(j)
                categorical.append(False)
    stacked = np.array(masks, dtype=bool).reshape(len(masks), data.n_rows)
    return AttributeTests(
        tuple(conditions), stacked, np.array(attribute, dtype=np.int64), np.array(categorical)
    )


def _thresholds(values: np.ndarray, y: np.ndarray) -> list[float]:
    """Midpoints between neighbouring distinct values whose classes differ."""
    present = ~np.isnan(values)
    values, y = values[present], y[present]
    if not len(values):
        return []
    distinct = np.unique(values)
    labels = [set(y[values == v].tolist()) for v in distinct]
    found = []
    for i in range(len(distinct) - 1):
        if labels[i] != labels[i + 1] or len(labels[i]) > 1:
            found.append(float((distinct[i] + distinct[i + 1]) / 2))
    return found


# ----------------------------------------------------------------- search


#: The search's path to a hypothesis: each test added, with the class counts after it.
Path = tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class _Hypothesis:
    tests: frozenset[int]
    mask: np.ndarray = field(compare=False)  # packed bits over the active rows
    score: float = field(compare=False)
    covered: int = field(compare=False)
    hits: int = field(compare=False)
    path: Path = field(default=(), compare=False)


@dataclass(frozen=True)
class RuleStep:
    """One test learn-one-rule added, with the rule's statistics before and after it.

    The counts and values are over the examples the search ran on (those not
    yet covered by earlier rules).

    Attributes
    ----------
    condition
        The test added.
    p_before, t_before
        Examples of the rule's class (p) among those matched (t) before the test.
    p, t
        The same after it.
    before, after
        The performance measure before and after (for entropy, the negative
        entropy of the classes matched, whatever the class).
    """

    condition: Condition
    p_before: int
    t_before: int
    p: int
    t: int
    before: float
    after: float

    @property
    def gain(self) -> float:
        """How much the test raised the measure (``after - before``)."""
        return self.after - self.before

    def to_dict(self) -> dict[str, Any]:
        """JSON: ``literal``, ``gain``, ``before``, ``after``, ``p_before``, ``t_before``, ``p``, ``t``.

        ``gain`` is ``after - before``; an infinite value is null.
        """  # noqa: E501
        return {
            "literal": str(self.condition),
            "gain": _finite(self.gain),
            "before": _finite(self.before),
            "after": _finite(self.after),
            "p_before": self.p_before,
            "t_before": self.t_before,
            "p": self.p,
            "t": self.t,
        }


@dataclass(frozen=True)
class FoundRule:
    """What :func:`find_rule` found: the rule, its score, and the search's path to it."""

    rule: Rule
    score: float
    steps: tuple[RuleStep, ...]
    measure: str


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _pack(masks: np.ndarray) -> np.ndarray:
    """Boolean rows packed into uint64 words (64 rows of data per word)."""
    masks = np.atleast_2d(masks)
    packed = np.packbits(masks, axis=1, bitorder="little")
    pad = (-packed.shape[1]) % 8
    if pad:
        packed = np.pad(packed, ((0, 0), (0, pad)))
    return np.ascontiguousarray(packed).view(np.uint64)


@dataclass(frozen=True)
class _Search:
    """What learn-one-rule needs: packed test masks and classes over the active rows."""

    tests: AttributeTests
    packed_tests: np.ndarray  # (tests, words)
    packed_classes: np.ndarray  # (classes, words)
    measure: str
    priors: np.ndarray
    m: float
    min_covered: int

    def counts(self, masks: np.ndarray) -> np.ndarray:
        """``(rules, classes)`` class counts of rules whose packed covers are ``masks``."""
        return np.bitwise_count(masks[:, None, :] & self.packed_classes[None, :, :]).sum(
            axis=2, dtype=np.int64
        )

    def scores(
        self, masks: np.ndarray, target: int | None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Scores, coverage, hits and class counts of rules whose packed covers are ``masks``."""
        counts = self.counts(masks)
        score = performance(counts, self.measure, target=target, priors=self.priors, m=self.m)
        covered = counts.sum(axis=1)
        hits = counts.max(axis=1) if target is None else counts[:, target]
        if self.measure == "entropy" and target is not None:
            # A rule whose majority is another class cannot be the result, but
            # its specialisations may: rank it below every eligible rule, by
            # the fraction of the target class it matches.
            share = performance(counts, "relative-frequency", target=target)
            floor = -math.log2(max(len(self.priors), 2)) - 2.0
            score = np.where(np.isfinite(score) | ~np.isfinite(share), score, share + floor)
        score = np.where(covered >= self.min_covered, score, -np.inf)
        return score, covered, hits, counts


def _better(a: _Hypothesis, b: _Hypothesis) -> bool:
    """Higher score; then more examples of its class; then fewer tests."""
    return (a.score, a.hits, -len(a.tests)) > (b.score, b.hits, -len(b.tests))


def learn_one_rule(
    data: EncodedData,
    active: np.ndarray,
    *,
    target: int | None = None,
    measure: str = "entropy",
    beam: int = 5,
    m: float = 2.0,
    min_covered: int = 1,
    priors: np.ndarray | None = None,
    _tests_cache: AttributeTests | None = None,
) -> tuple[Rule, float] | None:
    """General-to-specific beam search for the best rule on the ``active`` rows.

    Parameters
    ----------
    data
        The encoded examples.
    active
        Boolean mask of the examples still to cover.
    target
        The class the rule must conclude (rule-set mode), or None (the
        majority class of what the rule matches, CN2 mode).
    measure, beam, m, min_covered
        The performance measure, the beam width k, the m-estimate's m, the
        fewest examples a rule may match.
    priors
        Class priors for the m-estimate (default: the active rows').

    Returns
    -------
    (Rule, float) or None
        The best rule and its performance, or None when no rule matches
        ``min_covered`` active examples.  :func:`find_rule` also gives the
        search's path to it.

    Notes
    -----
    The covers of the tests are bit sets over the active rows (64 rows to a
    machine word); a specialisation's class counts are population counts of
    their intersections, for every test at once.
    """
    found = find_rule(
        data,
        active,
        target=target,
        measure=measure,
        beam=beam,
        m=m,
        min_covered=min_covered,
        priors=priors,
        _tests_cache=_tests_cache,
    )
    return None if found is None else (found.rule, found.score)


def find_rule(
    data: EncodedData,
    active: np.ndarray,
    *,
    target: int | None = None,
    measure: str = "entropy",
    beam: int = 5,
    m: float = 2.0,
    min_covered: int = 1,
    priors: np.ndarray | None = None,
    _tests_cache: AttributeTests | None = None,
) -> FoundRule | None:
    """:func:`learn_one_rule`, with the steps of the search's path to the rule.

    Returns
    -------
    FoundRule or None
        The rule, its performance and one :class:`RuleStep` per test in the
        order the search added them; None when no rule matches
        ``min_covered`` active examples.
    """
    if beam < 1:
        raise InvalidParameterError("the beam width must be at least 1")
    tests = _tests_cache or attribute_tests(data, np.flatnonzero(active))
    rows = np.flatnonzero(active)
    y = data.y[rows]
    if priors is None:
        counts = np.bincount(y, minlength=len(data.classes)).astype(np.float64)
        priors = counts / max(counts.sum(), 1.0)
    classes = np.arange(len(data.classes))[:, None] == y[None, :]
    search = _Search(
        tests, _pack(tests.masks[:, rows]), _pack(classes), measure, priors, m, min_covered
    )
    everything = _pack(np.ones((1, len(rows)), dtype=bool))[0]
    score, covered, hits, start = search.scores(everything[None, :], target)
    best = _Hypothesis(frozenset(), everything, float(score[0]), int(covered[0]), int(hits[0]))
    frontier = [best]
    perfect = _perfect_score(measure, target, priors, m)
    while frontier:
        level = _specialise(frontier, tests, search, target)
        if level is None:
            break
        best, frontier = _next_beam(level, frontier, search, best, beam, target, perfect)
    if not math.isfinite(best.score) or not _eligible(best.hits, best.covered, target):
        return None
    counts_best = search.counts(best.mask[None, :])[0]
    label_index = target if target is not None else int(counts_best.argmax())
    rule = Rule(
        tuple(tests.conditions[i] for i in sorted(best.tests)),
        data.classes[label_index],
        covered=float(counts_best.sum()),
        correct=float(counts_best[label_index]),
    )
    steps = _steps(tests, tuple(start[0].tolist()), best.path, label_index, search, target)
    return FoundRule(rule, best.score, steps, measure)


@dataclass(frozen=True, eq=False)
class _Level:
    """Every one-test specialisation of a beam, as arrays, best first.

    ``parent[i]`` is the position in the beam of the hypothesis that
    ``test[i]`` specialises; the rows are sorted by score, then hits, then
    the order they were generated in (beam position, test number), which is
    the order the beam search prefers them in.
    """

    parent: np.ndarray
    test: np.ndarray
    score: np.ndarray
    covered: np.ndarray
    hits: np.ndarray
    counts: np.ndarray


def _specialise(
    frontier: list[_Hypothesis], tests: AttributeTests, search: _Search, target: int | None
) -> _Level | None:
    """The scored specialisations of the beam that match fewer examples (None: there are none)."""
    parts = []
    for position, hypothesis in enumerate(frontier):
        allowed = _allowed(tests, hypothesis.tests)
        if not allowed.size:
            continue
        masks = search.packed_tests[allowed] & hypothesis.mask
        s, c, h, n = search.scores(masks, target)
        keep = np.flatnonzero(np.isfinite(s) & (c < hypothesis.covered))
        parent = np.full(keep.size, position, dtype=np.int64)
        parts.append((parent, allowed[keep], s[keep], c[keep], h[keep], n[keep]))
    if not parts or not any(part[0].size for part in parts):
        return None
    parent, test, score, covered, hits, counts = (np.concatenate(column) for column in zip(*parts))
    order = np.lexsort((test, parent, -hits, -score))
    return _Level(
        parent[order],
        test[order],
        score[order],
        covered[order],
        hits[order],
        counts[order],
    )


def _next_beam(
    level: _Level,
    frontier: list[_Hypothesis],
    search: _Search,
    best: _Hypothesis,
    beam: int,
    target: int | None,
    perfect: float,
) -> tuple[_Hypothesis, list[_Hypothesis]]:
    """The best hypothesis so far and the next beam, from a level sorted best first.

    The best eligible row of the level is its first eligible one.  The beam
    takes the first ``beam`` rows that are not perfect (specialising cannot
    improve a perfect hypothesis), a set of tests reached from two parents
    counting once (the first time it is generated).  Only those rows are made
    into hypotheses.
    """
    first = np.flatnonzero(_eligible(level.hits, level.covered, target))[:1]
    if first.size:
        candidate = _row(level, frontier, search, int(first[0]))
        if _better(candidate, best):
            best = candidate
    seen: set[frozenset[int]] = set()
    beam_next: list[_Hypothesis] = []
    for i in np.flatnonzero(level.score < perfect).tolist():
        candidate = _row(level, frontier, search, i)
        if candidate.tests in seen:
            continue
        seen.add(candidate.tests)
        beam_next.append(candidate)
        if len(beam_next) == beam:
            break
    return best, beam_next


def _row(level: _Level, frontier: list[_Hypothesis], search: _Search, i: int) -> _Hypothesis:
    """Row ``i`` of a level as a hypothesis."""
    parent, test = frontier[int(level.parent[i])], int(level.test[i])
    return _Hypothesis(
        parent.tests | {test},
        search.packed_tests[test] & parent.mask,
        float(level.score[i]),
        int(level.covered[i]),
        int(level.hits[i]),
        (*parent.path, (test, tuple(level.counts[i].tolist()))),
    )


def _steps(
    tests: AttributeTests,
    start: tuple[int, ...],
    path: Path,
    label: int,
    search: _Search,
    target: int | None,
) -> tuple[RuleStep, ...]:
    """The path's tests with p/t and the measure before and after each."""
    counts = np.array([start, *(c for _, c in path)], dtype=np.float64)
    # entropy does not depend on the class concluded: show it for every rule
    shown_target = None if search.measure == "entropy" else target
    values = performance(
        counts, search.measure, target=shown_target, priors=search.priors, m=search.m
    ).tolist()
    totals = counts.sum(axis=1).astype(int).tolist()
    hits = counts[:, label].astype(int).tolist()
    return tuple(
        RuleStep(
            tests.conditions[test],
            hits[k],
            totals[k],
            hits[k + 1],
            totals[k + 1],
            values[k],
            values[k + 1],
        )
        for k, (test, _) in enumerate(path)
    )


def _eligible(hits: Any, covered: Any, target: int | None) -> Any:
    """Whether rules may be returned: in rule-set mode their class must be the majority.

    Works on numbers and on numpy arrays alike.
    """
    if target is None:
        return np.ones_like(hits, dtype=bool) if isinstance(hits, np.ndarray) else True
    return hits * 2 > covered


def _perfect_score(measure: str, target: int | None, priors: np.ndarray, m: float) -> float:
    if measure == "entropy":
        return 0.0
    if measure == "relative-frequency":
        return 1.0
    return math.inf  # the m-estimate keeps improving with more pure examples


def _allowed(tests: AttributeTests, chosen: frozenset[int]) -> np.ndarray:
    """Tests that may be added: categorical attributes not tested yet; any continuous test."""
    if not chosen:
        return np.arange(len(tests.conditions))
    used = {int(tests.attribute[i]) for i in chosen if tests.categorical[i]}
    keep = ~np.isin(tests.attribute, list(used)) if used else np.ones(len(tests.conditions), bool)
    keep[list(chosen)] = False
    return np.flatnonzero(keep)
