r"""Rule post-pruning: prune each rule's preconditions, then sort the rules by estimated accuracy.

Mitchell 1997, section 3.7.1.2 (after Quinlan 1993): convert the learned tree
to one rule per path from the root to a leaf; prune (generalise) each rule by
removing any precondition whose removal improves its estimated accuracy; sort
the pruned rules by estimated accuracy and use them in that order.  The accuracy
estimate is C4.5's pessimistic one computed on the training data (Mitchell
describes both a validation set and this pessimistic estimate on the training
set, which C4.5 uses): a rule covering ``N`` training examples, ``E`` of them
wrongly, has estimated error ``U_CF(E, N)``
(:func:`~symlearn.evaluation.statistics.pessimistic_error_rate`, CF = 25% by
default) and estimated accuracy ``1 - U_CF(E, N)``.

The procedure, for each rule:

1. while some precondition can be removed without raising the pessimistic
   error (that is, without worsening the estimated accuracy), remove the one
   whose removal gives the lowest pessimistic error (greedy, like C4.5rules);
2. a rule left without preconditions, or covering no training example, is
   dropped (the default class stands for it).

Then duplicate rules are merged, the rules are sorted by estimated accuracy
(ties: more covered examples first, then original order) into an **ordered**
rule list, and the default class is the most common class among the training
examples that no rule covers (the overall majority if every example is covered).

Departures from C4.5rules (Quinlan 1993, ch. 5): C4.5 then groups the rules
by class, selects a subset of each class's rules by minimum description
length and orders the classes; we keep every pruned rule and order them by
accuracy, as Mitchell (1997, section 3.7.1.2) describes.

Examples
--------
>>> import numpy as np
>>> from symlearn.data.encoded import EncodedData
>>> from symlearn.learners.trees.id3 import id3
>>> codes = np.array([[a, b, c] for a in (0, 1) for b in (0, 1) for c in (0, 1)] * 10)
>>> y = codes[:, 0] & codes[:, 1]                  # the target is a1 & a2
>>> y[:2] = 1 - y[:2]                              # two noisy labels
>>> data = EncodedData.from_codes(codes, y)
>>> tree = id3(data)                               # splits the noisy node on a3
>>> rules = post_prune_rules(tree.to_rule_set(), data)
>>> print("\n".join(rules.to_text()))
1. IF a1 = v0 AND a2 = v1 THEN neg  [20/20, est. accuracy 0.933]
2. IF a1 = v1 AND a2 = v0 THEN neg  [20/20, est. accuracy 0.933]
3. IF a1 = v1 AND a2 = v1 THEN pos  [20/20, est. accuracy 0.933]
4. IF a2 = v0 THEN neg  [38/40, est. accuracy 0.905]
OTHERWISE neg

References
----------
Mitchell (1997) section 3.7.1.2; Quinlan (1993), *C4.5*, ch. 5.
"""

from __future__ import annotations

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.encoded import EncodedData
from symlearn.evaluation.statistics import pessimistic_error_rate
from symlearn.hypotheses.rule_set import Condition, Rule, RuleSet
from symlearn.learners.trees.growing import as_encoded
from symlearn.learners.trees.masks import condition_mask

__all__ = ["post_prune_rules", "prune_rule"]


def _class_position(data: EncodedData, label: Label) -> int:
    for i, c in enumerate(data.classes):
        if type(c) is type(label) and c == label:
            return i
    return -1


def _estimate(
    masks: list[np.ndarray], target: np.ndarray, n_rows: int, confidence: float, method: str
) -> tuple[float, int, int]:
    """(pessimistic error, covered, correct) of the conjunction of ``masks``."""
    covered = np.ones(n_rows, dtype=bool)
    for mask in masks:
        covered = covered & mask
    n = int(covered.sum())
    if n == 0:
        return 1.0, 0, 0
    correct = int((covered & target).sum())
    return pessimistic_error_rate(n - correct, n, confidence, method), n, correct


def prune_rule(
    rule: Rule, data: EncodedData, confidence: float = 0.25, method: str = "c45"
) -> Rule:
    """Greedily remove preconditions of ``rule`` while its pessimistic error does not rise."""
    target = data.y == _class_position(data, rule.label)
    conditions: list[Condition] = list(rule.conditions)
    masks = [condition_mask(c, data) for c in conditions]
    error, covered, correct = _estimate(masks, target, data.n_rows, confidence, method)
    while conditions:
        trials = [
            (_estimate(masks[:i] + masks[i + 1 :], target, data.n_rows, confidence, method), i)
            for i in range(len(conditions))
        ]
        (best_error, best_covered, best_correct), drop = min(trials, key=lambda t: t[0][0])
        if best_error > error:
            break
        error, covered, correct = best_error, best_covered, best_correct
        del conditions[drop], masks[drop]
    return Rule(
        tuple(conditions), rule.label, covered=covered, correct=correct, estimate=1.0 - error
    )


def post_prune_rules(
    rules: RuleSet,
    data: AttributeValueData | EncodedData,
    confidence: float = 0.25,
    method: str = "c45",
) -> RuleSet:
    """Rule post-pruning of ``rules`` on training ``data`` (see the module docstring).

    Parameters
    ----------
    rules
        Usually ``tree.to_rule_set()``.
    data
        The training examples.
    confidence
        C4.5's CF (smaller prunes more).
    method
        ``"c45"`` (C4.5's estimate) or ``"exact"`` (the binomial upper limit).

    Returns
    -------
    RuleSet
        An ordered rule list with a default class.
    """
    encoded = as_encoded(data)
    pruned: list[tuple[Rule, int]] = []
    seen: set[Rule] = set()
    for position, rule in enumerate(rules.rules):
        new = prune_rule(rule, encoded, confidence, method)
        if not new.conditions or not new.covered or new in seen:
            continue
        seen.add(new)
        pruned.append((new, position))
    pruned.sort(key=lambda item: (-(item[0].estimate or 0.0), -(item[0].covered or 0), item[1]))
    ordered = tuple(rule for rule, _ in pruned)
    return RuleSet(
        rules.target,
        rules.attributes,
        ordered,
        rules.classes,
        default=_default_class(ordered, encoded),
        ordered=True,
    )


def _default_class(rules: tuple[Rule, ...], data: EncodedData) -> Label:
    uncovered = np.ones(data.n_rows, dtype=bool)
    for rule in rules:
        mask = np.ones(data.n_rows, dtype=bool)
        for condition in rule.conditions:
            mask &= condition_mask(condition, data)
        uncovered &= ~mask
    pool = data.y[uncovered] if uncovered.any() else data.y
    counts = np.bincount(pool, minlength=len(data.classes))
    return data.classes[int(np.argmax(counts))]
