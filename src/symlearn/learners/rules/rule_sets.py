"""Rule sets over encoded examples: the rows a rule matches, post-pruning, covered rules.

What sequential covering (:mod:`~symlearn.learners.rules.sequential_covering`)
does to the rules learn-one-rule finds, vectorised over the encoded columns:

* :func:`covers`: the rows a rule matches; :func:`default_class`: the
  default-negative class of a rule set, or CN2's majority class of what no
  rule covers;
* :func:`post_prune`: drop preconditions greedily while the accuracy on
  held-out examples does not decrease (Mitchell 1997, section 10.2,
  "Variations", as in rule post-pruning, section 3.7.1.2);
* :func:`without_covered_rules`: drop every rule another rule of the set
  covers; :func:`with_statistics`: each rule's training matches.

Examples
--------
>>> import numpy as np
>>> from symlearn.data.encoded import EncodedData
>>> data = EncodedData.from_codes(np.array([[0], [1], [0]]), np.array([0, 1, 0]))
>>> from symlearn.hypotheses.rule_set import Condition
>>> rule = Rule((Condition("a1", 0, "=", "v0"),), True)
>>> covers(rule, data).tolist()
[True, False, True]

References
----------
Mitchell, T. (1997). Machine Learning, section 10.2.  Clark, P. and Niblett,
T. (1989). The CN2 induction algorithm. Machine Learning 3, 261-283.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.encoded import EncodedData, encode
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import Rule, RuleSet, label_text

__all__ = [
    "class_index",
    "covers",
    "default_class",
    "post_prune",
    "to_encoded",
    "with_statistics",
    "without_covered_rules",
]

#: Called with (level, message) to explain the search (``-v``).
Trace = Callable[[int, str], None]


def to_encoded(data: AttributeValueData | EncodedData) -> EncodedData:
    """Encoded data; a pos/neg target always has the classes (True, False)."""
    if isinstance(data, EncodedData):
        return data
    return encode(data, (True, False) if data.is_boolean else None)


def class_index(data: EncodedData, label: Label | None) -> int | None:
    """The position of class ``label`` in ``data.classes`` (None for None).

    Raises
    ------
    InvalidParameterError
        When ``label`` is not a class of the data.
    """
    if label is None:
        return None
    for i, c in enumerate(data.classes):
        if type(c) is type(label) and c == label:
            return i
    raise InvalidParameterError(
        f"{label_text(label)} is not a class of {data.target} "
        f"(classes: {', '.join(label_text(c) for c in data.classes)})"
    )


def covers(rule: Rule, data: EncodedData) -> np.ndarray:
    """Which rows ``rule`` matches (vectorised over the encoded columns)."""
    mask = np.ones(data.n_rows, dtype=bool)
    for test in rule.conditions:
        rows = test.rows(data.columns[test.index], data.attributes[test.index])
        assert rows is not None  # the rule learners test continuous attributes with =< and >
        mask &= rows
    return mask


def default_class(
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
        uncovered &= ~covers(rule, data)
    pool = data.y[uncovered] if uncovered.any() else data.y[grow]
    return data.classes[int(np.bincount(pool, minlength=len(data.classes)).argmax())]


def _predict(rule_set: RuleSet, data: EncodedData, rows: np.ndarray) -> np.ndarray:
    """Class index predicted for ``rows`` (vectorised classify)."""
    index = {(type(c), c): i for i, c in enumerate(data.classes)}
    default = index[(type(rule_set.default), rule_set.default)]  # type: ignore[index]
    predicted = np.full(len(rows), default, dtype=np.int64)
    decided = np.zeros(len(rows), dtype=bool)
    for rule in rule_set.rules:
        hit = covers(rule, data)[rows] & ~decided
        predicted[hit] = index[(type(rule.label), rule.label)]
        if rule_set.ordered:
            decided |= hit
    return predicted


def _accuracy(rule_set: RuleSet, data: EncodedData, rows: np.ndarray) -> float:
    return float(np.mean(_predict(rule_set, data, rows) == data.y[rows])) if len(rows) else 0.0


def post_prune(
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


def with_statistics(rule_set: RuleSet, data: EncodedData, grow: np.ndarray) -> RuleSet:
    """Each rule's training matches and correct ones (in a list: those that reach it)."""
    reached = grow.copy()
    rules = []
    for rule in rule_set.rules:
        matched = covers(rule, data) & reached
        correct = matched & (data.y == class_index(data, rule.label))
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


def without_covered_rules(
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
    masks = [covers(r, data) & grow for r in rules]
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
    index = class_index(data, label)
    return data.y == index


def _same(a: Label, b: Label) -> bool:
    return type(a) is type(b) and a == b
