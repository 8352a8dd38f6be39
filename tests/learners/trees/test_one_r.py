"""OneR against a brute-force reference, and Holte's discretisation."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings

from symlearn.data import Attribute, AttributeValueData
from symlearn.kb import load
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
