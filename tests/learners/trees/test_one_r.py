"""OneR against a brute-force reference, and Holte's discretisation."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data import Attribute, AttributeValueData
from symlearn.data.attribute_value import MISSING
from symlearn.kb import load
from symlearn.learners.trees.growing import as_encoded
from symlearn.learners.trees.one_r import one_r, one_r_candidates
from symlearn.learning.attribute_data import from_kb
from tests.learners.trees.support import KB, datasets, engine_answer, engine_for, majority


def _reference_errors(data: AttributeValueData, j: int) -> int:
    """OneR's errors for categorical attribute j, straight from the definition."""
    groups: dict = {}
    for row, label in zip(data.instances, data.labels):
        groups.setdefault(row[j], []).append(label)
    return sum(len(g) - max(Counter(g).values()) for g in groups.values())


@settings(max_examples=40, deadline=None)
@given(datasets(max_attributes=4, max_values=4, max_rows=30, missing=True))
def test_one_r_equals_the_definition(data):
    candidates = one_r_candidates(data)
    errors = [_reference_errors(data, j) for j in range(data.arity)]
    assert [c.errors for c in candidates] == errors
    rules = one_r(data)
    best = errors.index(min(errors))
    assert {c.attribute for r in rules.rules for c in r.conditions} == {data.attributes[best].name}
    for row in data.instances:
        same = [y for r, y in zip(data.instances, data.labels) if r[best] == row[best]]
        assert rules.classify(row) == majority(same, data.classes)


@settings(max_examples=40, deadline=None)
@given(datasets(max_attributes=3, max_values=3, max_rows=20))
def test_clause_form_answers_like_classify(data):
    rules = one_r(data)
    engine = engine_for(rules.clause_strings())
    from tests.learners.trees.support import instance_space

    for instance in instance_space(data):
        expected = rules.classify(instance)
        assert engine_answer(engine, data.target, instance, data.is_boolean) == (
            expected if data.is_boolean else [expected]
        )


def test_contact_lenses_picks_tear_rate():
    data = from_kb(load([str(KB / "lenses.pl")]), "lenses", 4)
    rules = one_r(data)
    assert {c.attribute for r in rules.rules for c in r.conditions} == {"tear_rate"}
    # Witten and Frank: tear production rate, 7 errors out of 24
    best = min(one_r_candidates(data), key=lambda c: c.errors)
    assert best.errors == 7


def test_holte_intervals_on_a_numeric_attribute():
    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
    labels = [True] * 7 + [False] * 9
    labels[3] = False  # one exception inside the first run stays in its bucket
    data = AttributeValueData(
        "t", (Attribute("x", None),), tuple((v,) for v in values), tuple(labels)
    )
    rules = one_r(data, min_bucket=3)
    assert [str(r) for r in rules.rules] == ["IF x =< 7.5 THEN pos", "IF x > 7.5 THEN neg"]
    assert rules.classify((4,)) is True and rules.classify((12,)) is False


def _holte_rules(values: list, labels: list, classes: tuple, min_bucket: int) -> list[tuple]:
    """Holte's discretisation straight from its definition: ``(low, high, class, counts)``.

    Value by value over the sorted distinct values, an interval closes once its
    majority class has ``min_bucket`` examples and the next value's majority is
    another class; neighbouring intervals with the same majority are merged.
    """
    known = sorted({v for v in values if v != MISSING})
    per_value = [[sum(1 for v, y in zip(values, labels) if v == x and y == c) for c in classes]
                 for x in known]  # fmt: skip

    def majority(counts: list) -> int:
        return counts.index(max(counts))

    intervals: list[list] = []  # [first value, last value, counts]
    current: list | None = None
    for i, counts in enumerate(per_value):
        if current is None:
            current = [i, i, list(counts)]
        else:
            current = [current[0], i, [a + b for a, b in zip(current[2], counts)]]
        last = i == len(per_value) - 1
        if last or (
            max(current[2]) >= min_bucket and majority(per_value[i + 1]) != majority(current[2])
        ):
            intervals.append(current)
            current = None
    merged: list[list] = []
    for interval in intervals:
        if merged and majority(merged[-1][2]) == majority(interval[2]):
            merged[-1] = [
                merged[-1][0],
                interval[1],
                [a + b for a, b in zip(merged[-1][2], interval[2])],
            ]
        else:
            merged.append(interval)
    rules = []
    for k, (lo, hi, counts) in enumerate(merged):
        low = (known[lo - 1] + known[lo]) / 2 if k > 0 else None
        high = (known[hi] + known[hi + 1]) / 2 if k < len(merged) - 1 else None
        rules.append((low, high, classes[majority(counts)], counts))
    return rules


@st.composite
def _numeric_columns(draw):
    """A numeric attribute with its classes: runs of a class along the values, noise, ties, '?'."""
    n = draw(st.integers(1, 120))
    spread = draw(st.integers(1, 200))
    values = [draw(st.integers(0, spread)) for _ in range(n)]
    classes = ("a", "b", "c")[: draw(st.integers(2, 3))]
    cut = draw(st.integers(0, spread))
    noise = draw(st.integers(0, 4))
    labels = [
        classes[draw(st.integers(0, len(classes) - 1))] if draw(st.integers(0, 4)) < noise
        else classes[int(v > cut)]
        for v in values
    ]  # fmt: skip
    if draw(st.booleans()):
        values = [MISSING if draw(st.integers(0, 9)) == 0 else v for v in values]
    return values, tuple(labels), draw(st.integers(1, 7))


@settings(max_examples=60, deadline=None)
@given(_numeric_columns())
def test_numeric_intervals_are_holtes(column):
    values, labels, min_bucket = column
    data = AttributeValueData("t", (Attribute("x", None),), tuple((v,) for v in values), labels)
    classes = data.classes  # in the order the rules break ties
    (candidate,) = one_r_candidates(data, min_bucket)
    expected = _holte_rules(values, labels, classes, min_bucket)
    missing = [[y for v, y in zip(values, labels) if v == MISSING].count(c) for c in classes]
    if len(expected) == 1:  # no split: one rule for every row, '?' included
        expected = [(None, None, *_majority([labels.count(c) for c in classes], classes))]
    elif any(missing):
        expected.append((MISSING, MISSING, *_majority(missing, classes)))
    got = []
    for rule in candidate.rules:
        bounds = {t.op: t.value for t in rule.conditions}
        low, high = (MISSING, MISSING) if "=" in bounds else (bounds.get(">"), bounds.get("=<"))
        got.append((low, high, rule.label, rule.covered, rule.correct))
    assert got == [(lo, hi, y, float(sum(c)), float(max(c))) for lo, hi, y, c in expected]
    assert candidate.errors == sum(sum(c) - max(c) for *_, c in expected)
    # the rules classify every row as row-by-row classification does (one search per row)
    rule_set = one_r(data, min_bucket)
    codes, named = rule_set.predict_encoded(as_encoded(data))
    assert [named[c] for c in codes] == rule_set.predict(data.instances)


def _majority(counts: list, classes: tuple) -> tuple:
    return classes[counts.index(max(counts))], counts
