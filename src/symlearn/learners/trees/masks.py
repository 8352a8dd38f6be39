"""Which encoded examples a condition or rule covers, as numpy boolean masks.

The vectorised counterpart of ``Condition.holds`` and ``Rule.covers``
(:mod:`symlearn.hypotheses.rule_set`) over the
columns of an :class:`~symlearn.data.encoded.EncodedData`, with the same
meaning: ``=`` and ``in`` compare values (``?`` equals only ``?``), ``=<`` and
``>`` hold only for known numbers.  Used by rule post-pruning and
reduced-error pruning to count covered examples without a loop over rows.

Examples
--------
>>> import numpy as np
>>> from symlearn.data.encoded import EncodedData
>>> from symlearn.hypotheses.rule_set import Condition, Rule
>>> data = EncodedData.from_codes(np.array([[0, 1], [1, 1], [-1, 0]]), np.array([1, 0, 1]))
>>> condition_mask(Condition("a1", 0, "=", "v0"), data).tolist()
[True, False, False]
>>> condition_mask(Condition("a1", 0, "=", "?"), data).tolist()
[False, False, True]
>>> rule_mask(Rule((Condition("a2", 1, "=", "v1"),), True), data).tolist()
[True, True, False]
"""

from __future__ import annotations

import numpy as np

from symlearn.data.attribute_value import MISSING, Attribute
from symlearn.data.encoded import EncodedData
from symlearn.hypotheses.rule_set import Condition, Rule
from symlearn.logic.terms import Term

__all__ = ["condition_mask", "rule_mask", "values_mask"]


def _same(a: Term, b: Term) -> bool:
    return type(a) is type(b) and a == b


def _equal_mask(attribute: Attribute, values: np.ndarray, value: Term) -> np.ndarray:
    if attribute.values is None:
        if value == MISSING:
            return np.isnan(values)
        if type(value) in (int, float):
            return np.asarray(values == float(value))  # type: ignore[arg-type]
        return np.zeros(values.shape, dtype=bool)
    if value == MISSING:
        return values < 0
    for code, known in enumerate(attribute.values):
        if _same(known, value):
            return values == code
    return np.zeros(values.shape, dtype=bool)


def values_mask(condition: Condition, attribute: Attribute, values: np.ndarray) -> np.ndarray:
    """Which encoded ``values`` of ``attribute`` pass ``condition``."""
    if condition.op == "=":
        return _equal_mask(attribute, values, condition.value)
    if condition.op == "in":
        mask = np.zeros(values.shape, dtype=bool)
        for value in condition.value:
            mask |= _equal_mask(attribute, values, value)
        return mask
    if attribute.values is not None:
        numbers = [(code, v) for code, v in enumerate(attribute.values) if type(v) in (int, float)]
        mask = np.zeros(values.shape, dtype=bool)
        for code, v in numbers:
            if (v <= condition.value) == (condition.op == "=<"):
                mask |= values == code
        return mask
    with np.errstate(invalid="ignore"):
        result = values <= condition.value if condition.op == "=<" else values > condition.value
    return result & ~np.isnan(values)


def condition_mask(condition: Condition, data: EncodedData) -> np.ndarray:
    """The rows of ``data`` that pass ``condition``."""
    index = condition.index
    return values_mask(condition, data.attributes[index], data.columns[index])


def rule_mask(rule: Rule, data: EncodedData) -> np.ndarray:
    """The rows of ``data`` that ``rule`` covers."""
    mask = np.ones(data.n_rows, dtype=bool)
    for condition in rule.conditions:
        mask &= condition_mask(condition, data)
    return mask
