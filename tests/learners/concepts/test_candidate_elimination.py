from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import VersionSpaceCollapsedError
from symlearn.hypotheses import Conjunction
from symlearn.hypotheses.version_space import VersionSpace
from symlearn.learners.concepts.candidate_elimination import (
    CandidateElimination,
    candidate_elimination,
)
from symlearn.learners.concepts.find_s import find_s
from symlearn.learners.concepts.list_then_eliminate import best_query, list_then_eliminate, vote
from tests.hypotheses.strategies import conjunctions, space_and_examples
from tests.hypotheses.test_conjunction import ENJOYSPORT

MITCHELL = [
    (("sunny", "warm", "normal", "strong", "warm", "same"), True),
    (("sunny", "warm", "high", "strong", "warm", "same"), True),
    (("rainy", "cold", "high", "strong", "warm", "change"), False),
    (("sunny", "warm", "high", "strong", "cool", "change"), True),
]


def _strings(hypotheses):
    return sorted(str(h) for h in hypotheses)


def test_mitchells_trace():
    learner = candidate_elimination(ENJOYSPORT, MITCHELL)
    steps = [(_strings(t.S), _strings(t.G)) for t in learner.trace]
    assert steps[0] == (["<sunny, warm, normal, strong, warm, same>"], ["<?, ?, ?, ?, ?, ?>"])
    assert steps[1] == (["<sunny, warm, ?, strong, warm, same>"], ["<?, ?, ?, ?, ?, ?>"])
    assert steps[2] == (
        ["<sunny, warm, ?, strong, warm, same>"],
        ["<?, ?, ?, ?, ?, same>", "<?, warm, ?, ?, ?, ?>", "<sunny, ?, ?, ?, ?, ?>"],
    )
    assert steps[3] == (
        ["<sunny, warm, ?, strong, ?, ?>"],
        ["<?, warm, ?, ?, ?, ?>", "<sunny, ?, ?, ?, ?, ?>"],
    )
    assert learner.version_space.size() == 6


def test_mitchells_classifications():
    learner = candidate_elimination(ENJOYSPORT, MITCHELL)
    table = {
        ("sunny", "warm", "normal", "strong", "cool", "change"): ("pos", 6, 0),
        ("rainy", "cold", "normal", "weak", "warm", "same"): ("neg", 0, 6),
        ("sunny", "warm", "normal", "weak", "warm", "same"): ("unknown", 3, 3),
        ("sunny", "cold", "normal", "strong", "warm", "same"): ("unknown", 2, 4),
    }
    for x, (label, positive, negative) in table.items():
        c = learner.classify(x)
        assert (c.label, c.positive_votes, c.negative_votes) == (label, positive, negative)


def test_collapse_names_the_example():
    examples = [*MITCHELL, (("sunny", "warm", "normal", "strong", "cool", "change"), False)]
    learner = CandidateElimination(ENJOYSPORT)
    with pytest.raises(VersionSpaceCollapsedError) as caught:
        learner.fit(examples)
    assert caught.value.index == 4
    assert caught.value.example == "neg(enjoysport(sunny, warm, normal, strong, cool, change))"
    assert "S became empty" in str(caught.value)


def test_query_splits_mitchells_version_space_evenly():
    query = candidate_elimination(ENJOYSPORT, MITCHELL).suggest_query()
    assert query is not None and query.exact
    assert (query.positive_votes, query.negative_votes) == (3, 3)


def _run_both(space, examples):
    """(CE learner or the collapse index, LTE result or the collapse index)."""
    try:
        ce = candidate_elimination(space, examples)
    except VersionSpaceCollapsedError as error:
        ce = error.index
    try:
        lte = list_then_eliminate(space, examples)
    except VersionSpaceCollapsedError as error:
        lte = error.index
    return ce, lte


@settings(max_examples=120)
@given(space_and_examples(), st.randoms())
def test_version_space_equals_list_then_eliminate(case, random):
    space, examples = case
    random.shuffle(examples)
    ce, lte = _run_both(space, examples)
    if isinstance(ce, int) or isinstance(lte, int):
        assert ce == lte  # both collapse, at the same example
        return
    members = set(lte.version_space)
    listed = list(ce.version_space.hypotheses())
    assert len(listed) == len(set(listed))  # enumeration by Mitchell's Theorem 2.1 lists each once
    assert set(listed) == members
    assert ce.version_space.size() == len(members)
    assert set(ce.S) == set(lte.S)  # the brute-force maximally specific members
    assert set(ce.G) == set(lte.G)  # the brute-force maximally general members
    for step_ce, step_lte in zip(ce.trace, lte.trace):
        assert set(step_ce.S) == set(step_lte.S) and set(step_ce.G) == set(step_lte.G)


@settings(max_examples=80)
@given(space_and_examples())
def test_votes_and_unanimity_theorems(case):
    space, examples = case
    ce, lte = _run_both(space, examples)
    if isinstance(ce, int):
        return
    for x in space.instances():
        fast, slow = ce.classify(x), vote(space, lte.version_space, x)
        assert (fast.positive_votes, fast.negative_votes) == (
            slow.positive_votes,
            slow.negative_votes,
        )
        assert fast.label == slow.label  # Mitchell 1997, section 2.6.3


@settings(max_examples=80)
@given(space_and_examples())
def test_query_is_optimal_and_its_votes_are_right(case):
    space, examples = case
    ce, lte = _run_both(space, examples)
    if isinstance(ce, int):
        return
    total = len(lte.version_space)
    reference = best_query(space, lte.version_space, space.instances())
    for exact_limit in (4096, 0):  # exhaustive, then hill-climbing
        query = ce.suggest_query(exact_limit=exact_limit)
        if reference is None:
            assert query is None
            continue
        if query is None:
            assert exact_limit == 0
            continue
        counted = vote(space, lte.version_space, query.instance)
        assert query.positive_votes == counted.positive_votes
        assert 0 < query.positive_votes < total
        if exact_limit:
            assert abs(2 * query.positive_votes - total) == abs(
                2 * reference.positive_votes - total
            )


@given(space_and_examples(consistent=True))
def test_find_s_output_is_in_s_when_the_target_is_in_h(case):
    space, examples = case
    result = find_s(examples, space.arity)
    learner = candidate_elimination(space, examples)
    assert result.hypothesis in learner.S
    assert result.consistent


@given(st.data())
def test_membership_matches_the_representation_theorem(data):
    space, examples = data.draw(space_and_examples())
    ce, _ = _run_both(space, examples)
    if isinstance(ce, int):
        return
    h = data.draw(conjunctions(space))
    consistent = all(h.covers(x) == y for x, y in examples)
    assert (h in ce.version_space) == consistent


def test_version_space_before_any_example_is_h():
    vs = VersionSpace(ENJOYSPORT, (ENJOYSPORT.most_specific(),), (ENJOYSPORT.most_general(),))
    assert vs.size() == ENJOYSPORT.size == 973
    assert len(set(vs.hypotheses())) == 973
    assert Conjunction(("sunny",) + ("?",) * 5) in vs


@settings(max_examples=80)
@given(space_and_examples())
def test_box_counting_and_bit_set_counting_agree(case):
    from symlearn.hypotheses.version_space import count_union

    space, examples = case
    ce, lte = _run_both(space, examples)
    if isinstance(ce, int):
        return
    vs = ce.version_space
    boxes = vs._boxes()
    by_boxes = count_union(boxes) + int(vs._has_empty())
    assert by_boxes == len(lte.version_space) == vs.size()
    for x in space.instances():
        covering = [b.covering(x) for b in boxes]
        assert count_union([b for b in covering if b is not None]) == vs.positive_votes(x)
