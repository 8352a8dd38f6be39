from __future__ import annotations

import pytest

from symlearn.errors import HypothesisSpaceError, VersionSpaceCollapsedError
from symlearn.learners.concepts.list_then_eliminate import list_then_eliminate
from tests.hypotheses.test_conjunction import ENJOYSPORT
from tests.learners.concepts.test_candidate_elimination import MITCHELL


def test_mitchells_version_space_has_six_members():
    result = list_then_eliminate(ENJOYSPORT, MITCHELL)
    assert len(result.version_space) == 6
    assert result.trace[-1].remaining == 6
    assert [str(h) for h in result.S] == ["<sunny, warm, ?, strong, ?, ?>"]
    assert sorted(str(h) for h in result.G) == ["<?, warm, ?, ?, ?, ?>", "<sunny, ?, ?, ?, ?, ?>"]


def test_remaining_counts_shrink_after_each_example():
    counts = [step.remaining for step in list_then_eliminate(ENJOYSPORT, MITCHELL).trace]
    # after the first positive: every h above the instance, 2^6 of them
    assert counts[0] == 2**6
    assert counts == sorted(counts, reverse=True)


def test_refuses_a_space_over_the_limit_with_its_size():
    with pytest.raises(HypothesisSpaceError, match="has 973 hypotheses"):
        list_then_eliminate(ENJOYSPORT, MITCHELL, limit=500)


def test_collapse_names_the_example():
    examples = [*MITCHELL, (MITCHELL[0][0], False)]
    with pytest.raises(VersionSpaceCollapsedError) as caught:
        list_then_eliminate(ENJOYSPORT, examples)
    assert caught.value.index == 4


def test_query_by_brute_force_splits_evenly():
    query = list_then_eliminate(ENJOYSPORT, MITCHELL).suggest_query()
    assert query is not None
    assert (query.positive_votes, query.negative_votes) == (3, 3)
