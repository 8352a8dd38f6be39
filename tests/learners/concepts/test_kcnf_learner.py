from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from symlearn.errors import HypothesisSpaceError
from symlearn.learners.concepts.kcnf_elimination import (
    candidate_disjunctions,
    count_disjunctions,
    learn_kcnf,
)
from tests.hypotheses.strategies import kcnfs


def test_candidate_count():
    assert count_disjunctions(4, 2) == 4 * 2 + 6 * 4
    assert len(candidate_disjunctions(4, 2)) == count_disjunctions(4, 2)


def test_refuses_too_many_candidates():
    with pytest.raises(HypothesisSpaceError, match="smaller k"):
        learn_kcnf([], n=30, k=4, limit=1000)


@given(st.data())
def test_learned_kcnf_is_consistent_and_below_the_target(data):
    n = data.draw(st.integers(1, 4))
    k = data.draw(st.integers(1, 3))
    target = data.draw(kcnfs(n, k))
    xs = list(itertools.product((False, True), repeat=n))
    sample = data.draw(st.lists(st.sampled_from(xs), max_size=12))
    examples = [(x, target.covers(x)) for x in sample]
    result = learn_kcnf(examples, n, k)
    assert result.consistent
    assert target >= result.hypothesis
    # most specific: every k-disjunction true in all positives is implied
    positives = [x for x, y in examples if y]
    for c in candidate_disjunctions(n, min(k, n)):
        if all(any(x[i] == p for i, p in c) for x in positives):
            assert all(any(x[i] == p for i, p in c) for x in xs if result.hypothesis.covers(x))
