"""Sequential covering with learn-one-rule (beam search), and CN2-style ordered rule lists.

Sequential covering (Mitchell 1997, section 10.2, Tables 10.1 and 10.2)
learns one rule at a time:

* **learn-one-rule** searches general-to-specific with a beam of width k:
  starting from the rule with no precondition, every hypothesis in the beam
  is specialised by one more attribute test (``A = v`` for a categorical
  attribute, ``A =< t`` / ``A > t`` for a continuous one, with t a midpoint
  between neighbouring values where the class changes); the k best
  specialisations form the next beam.  The rule returned is the **best
  hypothesis seen** (not necessarily the last), and its postcondition is
  chosen last, as the most common class among the examples it matches;
* **sequential covering** adds that rule to the set, removes the examples it
  covers, and repeats while the rule's performance stays above a threshold.

**Performance measures** ("Rule Performance Functions"), over the examples
S a rule matches, n = |S|, n_c of them of class c:

* relative frequency ``n_c / n``;
* m-estimate ``(n_c + m p) / (n + m)`` with p the prior of class c (in the
  examples learning started from) and m virtual examples;
* negative entropy ``sum_i p_i log2 p_i`` (higher is better).

Ties go to the rule that covers more examples of its class, then to the
shorter rule.

**Two kinds of result** (:class:`~symlearn.hypotheses.rule_set.RuleSet`):

* a **rule set for a chosen class** with **default-negative**
  classification ("Variations"): learn-one-rule looks only for rules
  concluding that class (the measure is taken for that class), the covered
  examples of that class are removed after each rule, and an instance no rule
  matches gets the default (the negative class);
* a **CN2-style ordered rule list** (Clark and Niblett 1989) for multi-class
  targets: each rule concludes the majority class of what it matches, every
  example it matches is removed, and the default rule gives the majority
  class of what is left.  The first rule that matches decides.

**Post-pruning** (optional, "Variations"): a fraction of the training
examples is held out (stratified, seeded); after learning on the rest, each
rule's preconditions are removed greedily while the rule set's accuracy on the
held-out examples does not decrease (ties favour the shorter rule).

No rule of the result is covered by another: a rule whose preconditions
include all of another rule's (of the same class in a set; any earlier rule
in a list) is dropped, and in a rule set, so is a rule whose training examples
the other rules already cover.

Functions
---------
sequential_covering, learn_one_rule, performance

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> kb = loads('''
... :- attributes(play, [outlook, wind]).
... pos(play(overcast, weak)). pos(play(overcast, strong)). pos(play(rain, weak)).
... neg(play(rain, strong)). neg(play(sunny, weak)). neg(play(sunny, strong)).
... ''')
>>> result = sequential_covering(from_kb(kb, "play", 2))
>>> for clause in result.rule_set.clause_strings():
...     print(clause)
play(overcast, _).
play(rain, weak).

References
----------
Mitchell, T. (1997). Machine Learning, ch. 10.2-10.3.  Clark, P. and Niblett,
T. (1989). The CN2 induction algorithm. Machine Learning 3, 261-283.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.encoded import EncodedData, encode
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import Condition, Rule, RuleSet, label_text
from symlearn.logic.terms import Term

__all__ = [
    "MEASURES",
    "CoveringResult",
    "learn_one_rule",
    "performance",
    "sequential_covering",
]

#: The performance measures by name.
MEASURES = ("relative-frequency", "m-estimate", "entropy")

Trace = Callable[[int, str], None]
Progress = Callable[[str, int, int | None], None]


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


# ----------------------------------------------------------------- tests


@dataclass(frozen=True, eq=False)
class _Tests:
    """Every attribute test, with the mask of the rows it holds on."""

    conditions: tuple[Condition, ...]
    masks: np.ndarray  # (tests, rows) bool
    attribute: np.ndarray  # attribute index of each test
    categorical: np.ndarray  # bool per test


def _tests(data: EncodedData, rows: np.ndarray) -> _Tests:
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
    return _Tests(
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


@dataclass(frozen=True)
class _Hypothesis:
    tests: frozenset[int]
    mask: np.ndarray = field(compare=False)  # packed bits over the active rows
    score: float = field(compare=False)
    covered: int = field(compare=False)
    hits: int = field(compare=False)


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

    tests: _Tests
    packed_tests: np.ndarray  # (tests, words)
    packed_classes: np.ndarray  # (classes, words)
    measure: str
    priors: np.ndarray
    m: float
    min_covered: int

    def scores(
        self, masks: np.ndarray, target: int | None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Scores, coverage and hits of rules whose packed covers are ``masks``."""
        counts = np.bitwise_count(masks[:, None, :] & self.packed_classes[None, :, :]).sum(
            axis=2, dtype=np.int64
        )
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
        return score, covered, hits


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
    _tests_cache: _Tests | None = None,
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
        ``min_covered`` active examples.

    Notes
    -----
    The covers of the tests are bit sets over the active rows (64 rows to a
    machine word); a specialisation's class counts are population counts of
    their intersections, for every test at once.
    """
    if beam < 1:
        raise InvalidParameterError("the beam width must be at least 1")
    tests = _tests_cache or _tests(data, np.flatnonzero(active))
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
    score, covered, hits = search.scores(everything[None, :], target)
    best = _Hypothesis(frozenset(), everything, float(score[0]), int(covered[0]), int(hits[0]))
    frontier = [best]
    seen: set[frozenset[int]] = {best.tests}
    perfect = _perfect_score(measure, target, priors, m)
    while frontier:
        candidates: list[_Hypothesis] = []
        for hypothesis in frontier:
            allowed = _allowed(tests, hypothesis.tests)
            if not allowed.size:
                continue
            masks = search.packed_tests[allowed] & hypothesis.mask
            s, c, h = search.scores(masks, target)
            for k in np.flatnonzero(np.isfinite(s) & (c < hypothesis.covered)):
                new_tests = hypothesis.tests | {int(allowed[k])}
                if new_tests in seen:
                    continue
                seen.add(new_tests)
                candidates.append(
                    _Hypothesis(new_tests, masks[k], float(s[k]), int(c[k]), int(h[k]))
                )
        for candidate in candidates:
            if _better(candidate, best) and _eligible(candidate, measure, target, perfect):
                best = candidate
        # A perfect hypothesis cannot be improved by specialising: it is kept
        # as the best so far but takes no place in the beam.
        open_candidates = [c for c in candidates if c.score < perfect]
        open_candidates.sort(key=lambda x: (x.score, x.hits, -len(x.tests)), reverse=True)
        frontier = open_candidates[:beam]
    if not math.isfinite(best.score) or not _eligible(best, measure, target, perfect):
        return None
    counts_best = np.bitwise_count(best.mask[None, :] & search.packed_classes).sum(axis=1)
    label_index = target if target is not None else int(counts_best.argmax())
    rule = Rule(
        tuple(tests.conditions[i] for i in sorted(best.tests)),
        data.classes[label_index],
        covered=float(counts_best.sum()),
        correct=float(counts_best[label_index]),
    )
    return rule, best.score


def _eligible(hypothesis: _Hypothesis, measure: str, target: int | None, perfect: float) -> bool:
    """Whether the hypothesis may be returned (in rule-set mode its class must be the majority)."""
    if target is None:
        return True
    return hypothesis.hits * 2 > hypothesis.covered


def _perfect_score(measure: str, target: int | None, priors: np.ndarray, m: float) -> float:
    if measure == "entropy":
        return 0.0
    if measure == "relative-frequency":
        return 1.0
    return math.inf  # the m-estimate keeps improving with more pure examples


def _allowed(tests: _Tests, chosen: frozenset[int]) -> np.ndarray:
    """Tests that may be added: categorical attributes not tested yet; any continuous test."""
    if not chosen:
        return np.arange(len(tests.conditions))
    used = {int(tests.attribute[i]) for i in chosen if tests.categorical[i]}
    keep = ~np.isin(tests.attribute, list(used)) if used else np.ones(len(tests.conditions), bool)
    keep[list(chosen)] = False
    return np.flatnonzero(keep)


# ----------------------------------------------------------------- covering


@dataclass(frozen=True)
class CoveringResult:
    """What :func:`sequential_covering` learnt."""

    rule_set: RuleSet
    scores: tuple[float, ...]
    measure: str
    beam: int
    ordered: bool
    pruned: int = 0
    removed: int = 0
    notes: tuple[str, ...] = ()

    def clauses(self, data: AttributeValueData | EncodedData) -> list[dict[str, Any]]:
        """Per rule: its clause, the training examples it covers, its tests with their gains.

        A test's ``gain`` is how much it raised the rule's performance
        (the chosen measure, over all training examples) when the tests are
        added in the rule's order.
        """
        encoded = _to_encoded(data)
        rule_set = self.rule_set
        counts_of = _class_counts(encoded)
        found = []
        for rule in rule_set.rules:
            alone = RuleSet(rule_set.target, rule_set.attributes, (rule,), rule_set.classes)
            texts = alone.clause_strings()
            target = _class_index(encoded, rule.label)
            covered = _covers(rule, encoded)
            hits = int(np.count_nonzero(covered & (encoded.y == target)))
            literals = []
            mask = np.ones(encoded.n_rows, dtype=bool)
            before = self._score(counts_of(mask), target, encoded)
            for test in rule.conditions:
                mask &= _covers(Rule((test,), rule.label), encoded)
                after = self._score(counts_of(mask), target, encoded)
                literals.append({"literal": str(test), "gain": after - before})
                before = after
            found.append(
                {
                    "clause": texts[0] if texts else str(rule),
                    "positives": hits,
                    "negatives": int(np.count_nonzero(covered)) - hits,
                    "literals": literals,
                }
            )
        return found

    def _score(self, counts: np.ndarray, target: int | None, data: EncodedData) -> float:
        priors = np.bincount(data.y, minlength=len(data.classes)) / max(data.n_rows, 1)
        score = performance(counts[None, :], self.measure, target=target, priors=priors)[0]
        return float(score) if math.isfinite(score) else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON form (rules, clause strings, scores)."""
        return {
            **self.rule_set.to_dict(),
            "measure": self.measure,
            "beam": self.beam,
            "scores": list(self.scores),
            "pruned_conditions": self.pruned,
            "removed_rules": self.removed,
        }


def _class_counts(data: EncodedData) -> Callable[[np.ndarray], np.ndarray]:
    def counts(mask: np.ndarray) -> np.ndarray:
        return np.bincount(data.y[mask], minlength=len(data.classes)).astype(np.float64)

    return counts


def _to_encoded(data: AttributeValueData | EncodedData) -> EncodedData:
    """Encoded data; a pos/neg target always has the classes (True, False)."""
    if isinstance(data, EncodedData):
        return data
    return encode(data, (True, False) if data.is_boolean else None)


def _class_index(data: EncodedData, label: Label | None) -> int | None:
    if label is None:
        return None
    for i, c in enumerate(data.classes):
        if type(c) is type(label) and c == label:
            return i
    raise InvalidParameterError(
        f"{label_text(label)} is not a class of {data.target} "
        f"(classes: {', '.join(label_text(c) for c in data.classes)})"
    )


def sequential_covering(
    data: AttributeValueData | EncodedData,
    *,
    target_class: Label | None = None,
    ordered: bool | None = None,
    measure: str | None = None,
    beam: int = 5,
    m: float = 2.0,
    threshold: float | None = None,
    min_covered: int = 1,
    prune_fraction: float = 0.0,
    seed: int = 0,
    trace: Trace | None = None,
    progress: Progress | None = None,
) -> CoveringResult:
    """Learn a rule set (one class, default negative) or an ordered rule list (CN2).

    Parameters
    ----------
    data
        Labelled attribute-value examples (``pos``/``neg`` or ``label/2``).
    target_class
        The class to learn rules for (rule-set mode).  Default: ``True`` for
        pos/neg data; None (an ordered list) for multi-class data.
    ordered
        Force an ordered CN2 list (True) or a rule set (False).
    measure
        ``"relative-frequency"``, ``"m-estimate"`` or ``"entropy"``.  Default:
        relative frequency of the chosen class for a rule set (``n_c / n``,
        Mitchell 1997, section 10.3), entropy for a CN2 list.
    beam
        The beam width k of learn-one-rule.
    m
        The m-estimate's m.
    threshold
        Stop when the best rule's performance is not above it (default: no
        threshold; stop when no rule helps).
    min_covered
        The fewest examples a rule may match.
    prune_fraction
        Hold out this fraction for post-pruning preconditions (0: no pruning).
    seed
        Seed of the pruning split.
    trace, progress
        Callbacks for ``-v`` and long runs.

    Raises
    ------
    InvalidParameterError
        For an unknown measure, a bad beam width or pruning fraction, or a
        class the data does not have.
    """
    if not 0.0 <= prune_fraction < 1.0:
        raise InvalidParameterError("the pruning fraction must be in [0, 1)")
    encoded = _to_encoded(data)
    say = trace or (lambda level, message: None)
    if ordered is None:
        ordered = target_class is None and not encoded.is_boolean
    if target_class is None and not ordered:
        target_class = True if encoded.is_boolean else None
        if target_class is None:
            raise InvalidParameterError("a rule set for multi-class data needs a class")
    target = None if ordered else _class_index(encoded, target_class)
    if measure is None:
        measure = "entropy" if ordered else "relative-frequency"
    if measure not in MEASURES:
        raise InvalidParameterError(f"unknown measure {measure!r}; use one of {list(MEASURES)}")
    grow, prune = _split(encoded, prune_fraction, seed)
    rules, scores = _cover(
        encoded, grow, target, measure, beam, m, threshold, min_covered, say, progress
    )
    if ordered and rules and not rules[-1].conditions:
        # A last rule with no precondition is the default rule of the list.
        default = rules.pop().label
        scores.pop()
    else:
        default = _default(encoded, grow, rules, target, ordered)
    rule_set = RuleSet(
        encoded.target,
        tuple(a.name for a in encoded.attributes),
        tuple(rules),
        (True, False) if encoded.is_boolean else encoded.classes,
        default,
        ordered,
    )
    pruned = 0
    if prune is not None and len(prune):
        rule_set, pruned = _post_prune(rule_set, encoded, prune, say)
    rule_set, removed = _without_covered_rules(rule_set, encoded, grow)
    rule_set = _with_statistics(rule_set, encoded, grow)
    if removed:
        say(1, f"removed {removed} rule(s) that other rules cover")
    kept = [scores[rules.index(r)] if r in rules else float("nan") for r in rule_set.rules]
    return CoveringResult(rule_set, tuple(kept), measure, beam, ordered, pruned, removed)


def _split(data: EncodedData, fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray | None]:
    everything = np.ones(data.n_rows, dtype=bool)
    if fraction <= 0:
        return everything, None
    from symlearn.evaluation.splits import train_test_split

    train, held = train_test_split(data.y.tolist(), test_fraction=fraction, seed=seed)
    grow = np.zeros(data.n_rows, dtype=bool)
    grow[np.asarray(train, dtype=np.int64)] = True
    return grow, np.asarray(held, dtype=np.int64)


def _cover(
    data: EncodedData,
    grow: np.ndarray,
    target: int | None,
    measure: str,
    beam: int,
    m: float,
    threshold: float | None,
    min_covered: int,
    say: Trace,
    progress: Progress | None,
) -> tuple[list[Rule], list[float]]:
    """The covering loop (Mitchell Table 10.1)."""
    active = grow.copy()
    tests = _tests(data, np.flatnonzero(grow))
    onehot_counts = np.bincount(data.y[grow], minlength=len(data.classes)).astype(np.float64)
    priors = onehot_counts / max(onehot_counts.sum(), 1.0)
    rules: list[Rule] = []
    scores: list[float] = []
    wanted = (
        int(np.count_nonzero(data.y[grow] == target)) if target is not None else int(grow.sum())
    )
    while True:
        remaining = active & (data.y == target) if target is not None else active
        left = int(np.count_nonzero(remaining))
        if progress is not None:
            progress("examples covered", wanted - left, wanted)
        if not left:
            break
        found = learn_one_rule(
            data,
            active,
            target=target,
            measure=measure,
            beam=beam,
            m=m,
            min_covered=min_covered,
            priors=priors,
            _tests_cache=tests,
        )
        if found is None:
            break
        rule, score = found
        if threshold is not None and score <= threshold:
            say(1, f"best rule {rule} scores {score:.4f} <= threshold {threshold}: stop")
            break
        covers = _covers(rule, data) & active
        if target is not None:
            newly = covers & (data.y == target)
            if rule.correct is not None and rule.correct <= (rule.covered or 0) / 2:
                say(1, f"best rule {rule} is not mostly of its class: stop")
                break
        else:
            newly = covers
        if not newly.any():
            break
        say(
            1,
            f"rule {len(rules) + 1}: {rule}  ({measure} {score:.4f}, "
            f"{int(rule.correct or 0)}/{int(rule.covered or 0)} correct)",
        )
        rules.append(rule)
        scores.append(score)
        active &= ~newly
    return rules, scores


def _covers(rule: Rule, data: EncodedData) -> np.ndarray:
    """Which rows ``rule`` matches (vectorised over the encoded columns)."""
    mask = np.ones(data.n_rows, dtype=bool)
    for test in rule.conditions:
        column = data.columns[test.index]
        attribute = data.attributes[test.index]
        if attribute.values is not None:
            values = test.value if test.op == "in" else (test.value,)
            codes = [
                i
                for i, v in enumerate(attribute.values)
                if any(type(v) is type(w) and v == w for w in values)
            ]
            mask &= np.isin(column, codes)
        else:
            with np.errstate(invalid="ignore"):
                mask &= (column <= test.value) if test.op == "=<" else (column > test.value)
    return mask


def _default(
    data: EncodedData, grow: np.ndarray, rules: list[Rule], target: int | None, ordered: bool
) -> Label:
    """Default-negative class, or CN2's majority of the examples no rule covers."""
    if target is not None:
        if data.is_boolean:
            return False
        others = np.bincount(data.y[grow], minlength=len(data.classes))
        others[target] = -1
        return data.classes[int(others.argmax())]
    uncovered = grow.copy()
    for rule in rules:
        uncovered &= ~_covers(rule, data)
    pool = data.y[uncovered] if uncovered.any() else data.y[grow]
    return data.classes[int(np.bincount(pool, minlength=len(data.classes)).argmax())]


def _predict(rule_set: RuleSet, data: EncodedData, rows: np.ndarray) -> np.ndarray:
    """Class index predicted for ``rows`` (vectorised classify)."""
    index = {(type(c), c): i for i, c in enumerate(data.classes)}
    default = index[(type(rule_set.default), rule_set.default)]  # type: ignore[index]
    predicted = np.full(len(rows), default, dtype=np.int64)
    decided = np.zeros(len(rows), dtype=bool)
    for rule in rule_set.rules:
        hit = _covers(rule, data)[rows] & ~decided
        predicted[hit] = index[(type(rule.label), rule.label)]
        if rule_set.ordered:
            decided |= hit
    return predicted


def _accuracy(rule_set: RuleSet, data: EncodedData, rows: np.ndarray) -> float:
    return float(np.mean(_predict(rule_set, data, rows) == data.y[rows])) if len(rows) else 0.0


def _post_prune(
    rule_set: RuleSet, data: EncodedData, held: np.ndarray, say: Trace
) -> tuple[RuleSet, int]:
    """Drop preconditions while held-out accuracy does not decrease (greedy)."""
    current = _accuracy(rule_set, data, held)
    rules = list(rule_set.rules)
    pruned = 0
    for i in range(len(rules)):
        while rules[i].conditions:
            best: tuple[float, Rule] | None = None
            for test in rules[i].conditions:
                trial_rule = rules[i].with_conditions(
                    [t for t in rules[i].conditions if t != test],
                    covered=rules[i].covered,
                    correct=rules[i].correct,
                )
                trial = _replace_rule(rule_set, rules, i, trial_rule)
                accuracy = _accuracy(trial, data, held)
                if accuracy >= current and (best is None or accuracy > best[0]):
                    best = (accuracy, trial_rule)
            if best is None:
                break
            say(1, f"pruned {rules[i]} -> {best[1]} (held-out accuracy {best[0]:.4f})")
            current, rules[i] = best
            pruned += 1
    return _replace_rule(rule_set, rules, None, None), pruned


def _replace_rule(
    rule_set: RuleSet, rules: list[Rule], i: int | None, rule: Rule | None
) -> RuleSet:
    new = list(rules)
    if i is not None and rule is not None:
        new[i] = rule
    return RuleSet(
        rule_set.target,
        rule_set.attributes,
        tuple(new),
        rule_set.classes,
        rule_set.default,
        rule_set.ordered,
    )


def _with_statistics(rule_set: RuleSet, data: EncodedData, grow: np.ndarray) -> RuleSet:
    """Each rule's training matches and correct ones (in a list: those that reach it)."""
    reached = grow.copy()
    rules = []
    for rule in rule_set.rules:
        matched = _covers(rule, data) & reached
        correct = matched & (data.y == _class_index(data, rule.label))
        rules.append(
            rule.with_conditions(
                rule.conditions,
                covered=float(np.count_nonzero(matched)),
                correct=float(np.count_nonzero(correct)),
            )
        )
        if rule_set.ordered:
            reached &= ~matched
    return _replace_rule(rule_set, rules, None, None)


def _subsumes(general: Rule, specific: Rule) -> bool:
    """``general``'s preconditions are among ``specific``'s (it matches all ``specific`` does)."""
    return set(general.conditions) <= set(specific.conditions)


def _without_covered_rules(
    rule_set: RuleSet, data: EncodedData, grow: np.ndarray
) -> tuple[RuleSet, int]:
    """Drop every rule another rule of the set covers (see the module docstring)."""
    rules = list(rule_set.rules)
    kept: list[Rule] = []
    for i, rule in enumerate(rules):
        if rule_set.ordered:
            covered = any(_subsumes(earlier, rule) for earlier in kept)
        else:
            covered = any(
                j != i
                and _same(rules[j].label, rule.label)
                and _subsumes(rules[j], rule)
                and (rules[j].conditions != rule.conditions or j < i)
                for j in range(len(rules))
            )
        if not covered:
            kept.append(rule)
    if not rule_set.ordered:
        kept = _drop_redundant(kept, data, grow)
    removed = len(rules) - len(kept)
    return _replace_rule(rule_set, kept, None, None), removed


def _drop_redundant(rules: list[Rule], data: EncodedData, grow: np.ndarray) -> list[Rule]:
    """Drop, last first, a rule whose training matches of its class other rules already match."""
    masks = [_covers(r, data) & grow for r in rules]
    keep = list(range(len(rules)))
    for i in reversed(range(len(rules))):
        others = [j for j in keep if j != i and _same(rules[j].label, rules[i].label)]
        label_rows = _label_rows(data, rules[i].label)
        mine = masks[i] & label_rows
        union = np.zeros(data.n_rows, dtype=bool)
        for j in others:
            union |= masks[j]
        if others and not (mine & ~union).any():
            keep.remove(i)
    return [rules[i] for i in keep]


def _label_rows(data: EncodedData, label: Label) -> np.ndarray:
    index = _class_index(data, label)
    return data.y == index


def _same(a: Label, b: Label) -> bool:
    return type(a) is type(b) and a == b


def classify_rows(rule_set: RuleSet, data: EncodedData) -> list[Label]:
    """The rule set's class for every row of ``data`` (vectorised)."""
    predicted = _predict(rule_set, data, np.arange(data.n_rows))
    return [data.classes[int(i)] for i in predicted]


def values_of(data: EncodedData, row: int) -> tuple[Term, ...]:
    """The attribute values of ``row``."""
    return data.instance(row)
