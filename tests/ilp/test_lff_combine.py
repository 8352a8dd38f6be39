"""lff's combine step against enumerating every union of the collected programs.

Under noise the choice minimises the description length (literals +
positives missed + negatives proved; Hocquette et al. 2024) with clingo's
core-guided strategy and compares the optimum with the best cost so far
after solving; without noise it is the smallest union proving every
positive and no negative.  Both must agree with brute force on small random
collections.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.ilp.lff.combine import Combiner
from symlearn.ilp.lff.rules import Literal, Rule
from symlearn.ilp.lff.tester import Outcome

N_POS, N_NEG = 6, 4


def _program(number: int, size: int) -> frozenset[Rule]:
    """A one-rule program of ``size`` literals, its body predicates named after ``number``."""
    body = frozenset(Literal(f"p{number}_{i}", (0,)) for i in range(size - 1))
    return frozenset({Rule(Literal("f", (0,)), body)})


collections = st.lists(
    st.tuples(
        st.integers(2, 4),
        st.integers(1, (1 << N_POS) - 1),
        st.integers(0, (1 << N_NEG) - 1),
    ),
    min_size=1,
    max_size=5,
)


def _unreachable(program: frozenset[Rule]) -> Outcome:
    raise AssertionError("no recursive program here")


def _unions(collected):
    """Every set of the collected programs (the empty one too): (size, positives, negatives)."""
    for k in range(len(collected) + 1):
        for chosen in itertools.combinations(collected, k):
            positives = negatives = 0
            for _, pos, neg in chosen:
                positives |= pos
                negatives |= neg
            yield sum(s for s, _, _ in chosen), positives, negatives


@settings(max_examples=40, deadline=None)
@given(collected=collections, bound=st.one_of(st.none(), st.integers(3, 12)))
def test_noisy_choice_is_the_least_description_length_below_the_bound(collected, bound) -> None:
    combiner = Combiner(N_POS, N_NEG, noisy=True, test=_unreachable)
    for number, (size, positives, negatives) in enumerate(collected):
        combiner.add(_program(number, size), positives, negatives)
    best = min(
        size + N_POS - pos.bit_count() + neg.bit_count() for size, pos, neg in _unions(collected)
    )
    choice = combiner.choose(bound)
    if bound is not None and best >= bound:
        assert choice is None
        return
    assert choice is not None
    cost = choice.size + N_POS - choice.positives.bit_count() + choice.negatives.bit_count()
    assert cost == best


@settings(max_examples=40, deadline=None)
@given(collected=collections, bound=st.one_of(st.none(), st.integers(3, 12)))
def test_exact_choice_is_the_smallest_complete_union_below_the_bound(collected, bound) -> None:
    consistent = [(s, p, 0) for s, p, _ in collected]
    combiner = Combiner(N_POS, N_NEG, noisy=False, test=_unreachable)
    for number, (size, positives, _) in enumerate(consistent):
        combiner.add(_program(number, size), positives, 0)
    complete = [s for s, p, _ in _unions(consistent) if p == (1 << N_POS) - 1]
    choice = combiner.choose(bound)
    if not complete or (bound is not None and min(complete) >= bound):
        assert choice is None
        return
    assert choice is not None
    assert choice.size == min(complete)
    assert choice.positives == (1 << N_POS) - 1
