from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from symlearn.hypotheses import BooleanConjunction
from symlearn.learners.concepts.elimination import eliminate
from tests.hypotheses.strategies import boolean_conjunctions


def test_random_examples_trace():
    # Random examples labelled by the target x2 ∧ x3 ∧ x4 ∧ x5 ∧ x100 (the classic
    # illustration of the elimination algorithm), with n = 6: x5 and x6 stand for
    # x5 ... x100
    f = BooleanConjunction.from_text(6, "x2 & x3 & x4 & x5 & x6")
    examples = [
        ((1, 1, 1, 1, 1, 1), True),
        ((1, 1, 1, 0, 0, 0), False),
        ((1, 1, 1, 1, 1, 1), True),
        ((1, 0, 1, 1, 0, 1), False),
        ((1, 1, 1, 1, 1, 1), True),
        ((1, 0, 1, 0, 0, 1), False),
    ]
    assert all(f.covers(x) == y for x, y in examples)
    result = eliminate(examples, 6)
    assert str(result.hypothesis) == "x1 ∧ x2 ∧ x3 ∧ x4 ∧ x5 ∧ x6"  # x1 never inactive
    assert result.consistent
    assert f >= result.hypothesis


@given(st.data())
def test_elimination_is_the_most_specific_consistent_conjunction(data):
    n = data.draw(st.integers(1, 4))
    target = data.draw(boolean_conjunctions(n))
    xs = data.draw(st.lists(st.tuples(*[st.booleans()] * n), max_size=10))
    examples = [(x, target.covers(x)) for x in xs]
    result = eliminate(examples, n)
    assert result.consistent
    assert target >= result.hypothesis
    positives = [x for x, y in examples if y]
    everything = [
        BooleanConjunction(n, frozenset(lits))
        for size in range(2 * n + 1)
        for lits in itertools.combinations([(i, p) for i in range(n) for p in (True, False)], size)
    ]
    covering = [h for h in everything if all(h.covers(x) for x in positives)]
    assert all(h >= result.hypothesis for h in covering)
