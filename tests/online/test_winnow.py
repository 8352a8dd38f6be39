"""Winnow on r-disjunctions: at most 2 + 3 r (1 + log2 n) mistakes; balanced Winnow."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import InvalidParameterError
from symlearn.online import BalancedWinnow, Winnow, run_adversary, run_online
from symlearn.online.base import train_until_consistent

from .strategies import allowed_mistakes, bits, disjunction


def covers(x, relevant):
    return any(x[i] for i in relevant)


@settings(max_examples=25, deadline=None)
@given(case=disjunction(max_n=16), data=st.data())
def test_random_streams(case, data):
    n, relevant = case
    xs = data.draw(st.lists(bits(n), max_size=80))
    learner = Winnow(n)
    run_online(learner, [(x, covers(x, relevant)) for x in xs])
    r = len(relevant)
    assert learner.mistakes <= allowed_mistakes("winnow", r=r, n=n)
    assert learner.promotions <= r * (1 + math.log2(n))


@settings(max_examples=30, deadline=None)
@given(case=disjunction(max_n=8))
def test_adversarial_streams(case):
    n, relevant = case
    learner = Winnow(n)
    pool = list(itertools.product((0, 1), repeat=n))
    run = run_adversary(learner, pool, lambda x: covers(x, relevant))
    assert run.mistakes <= allowed_mistakes("winnow", r=len(relevant), n=n)
    assert all(learner.predict(x) == covers(x, relevant) for x in pool)


@settings(max_examples=20, deadline=None)
@given(case=disjunction(max_n=8))
def test_winnow1_eliminates(case):
    n, relevant = case
    learner = Winnow(n, demotion="eliminate")
    pool = list(itertools.product((0, 1), repeat=n))
    run_adversary(learner, pool, lambda x: covers(x, relevant))
    assert all(
        learner.weights[i] == 0 for i in range(n) if i not in relevant and (learner.demotions)
    )
    assert all(learner.predict(x) == covers(x, relevant) for x in pool)


def test_many_irrelevant_variables():
    # One relevant variable among 64: Winnow's bound grows only with log n.
    n = 64
    pool = [tuple(1 if j in (i, (i + 1) % n) else 0 for j in range(n)) for i in range(n)]
    learner = Winnow(n)
    run = run_adversary(learner, pool, lambda x: bool(x[0]))
    assert run.mistakes <= allowed_mistakes("winnow", r=1, n=n) == 23  # M <= 2 + 3 * 7
    assert all(learner.predict(x) == bool(x[0]) for x in pool)


@settings(max_examples=30, deadline=None)
@given(case=disjunction(max_n=8), data=st.data())
def test_balanced_winnow_learns_disjunctions_with_an_offset(case, data):
    n, relevant = case
    xs = data.draw(st.lists(bits(n), min_size=1, max_size=40))
    examples = [((*map(float, x), 1.0), 1 if covers(x, relevant) else -1) for x in xs]
    learner = BalancedWinnow(n + 1, alpha=1.5)
    train_until_consistent(learner, examples, max_epochs=5000)
    assert all(learner.predict(x) == y for x, y in examples)


def test_invalid_parameters():
    with pytest.raises(InvalidParameterError):
        Winnow(3, alpha=1)
    with pytest.raises(InvalidParameterError):
        Winnow(3, demotion="nope")
    with pytest.raises(InvalidParameterError):
        BalancedWinnow(3, alpha=0.5)
