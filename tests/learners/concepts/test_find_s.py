from __future__ import annotations

from hypothesis import given

from symlearn.hypotheses import Conjunction
from symlearn.learners.concepts.find_s import find_s
from tests.hypotheses.strategies import space_and_examples
from tests.learners.concepts.test_candidate_elimination import MITCHELL


def test_mitchells_trace():
    result = find_s(MITCHELL, 6)
    assert [str(s.hypothesis) for s in result.trace] == [
        "<sunny, warm, normal, strong, warm, same>",
        "<sunny, warm, ?, strong, warm, same>",
        "<sunny, warm, ?, strong, warm, same>",
        "<sunny, warm, ?, strong, ?, ?>",
    ]
    assert result.consistent


def test_no_positive_example_leaves_the_empty_hypothesis():
    result = find_s([(("a", "b"), False)], 2)
    assert result.hypothesis == Conjunction.empty(2)
    assert result.consistent


def test_inconsistent_data_is_reported():
    result = find_s([(("a", "b"), True), (("a", "c"), True), (("a", "d"), False)], 2)
    assert str(result.hypothesis) == "<a, ?>"
    assert result.misclassified == (2,)


@given(space_and_examples())
def test_find_s_is_the_most_specific_hypothesis_covering_the_positives(case):
    space, examples = case
    h = find_s(examples, space.arity).hypothesis
    positives = [x for x, y in examples if y]
    covering = [g for g in space.hypotheses() if all(g.covers(x) for x in positives)]
    assert h in covering
    assert all(g >= h for g in covering)
