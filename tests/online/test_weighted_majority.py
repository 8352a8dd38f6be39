"""Weighted majority never exceeds (k log2(1/beta) + log2 n)/log2(2/(1 + beta))."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import InvalidParameterError
from symlearn.online import Halving, WeightedMajority, run_online

from .strategies import allowed_mistakes, betas

pools = st.lists(st.integers(min_value=0, max_value=2**12 - 1), min_size=1, max_size=12)


def predictors(masks):
    return [lambda x, m=m: bool(m >> x & 1) for m in masks]


def check(learner):
    bound = allowed_mistakes(
        "weighted-majority", k=learner.best_mistakes, n=len(learner.predictors), beta=learner.beta
    )
    assert learner.mistakes <= bound


@settings(max_examples=25, deadline=None)
@given(
    masks=pools,
    beta=betas,
    stream=st.lists(st.tuples(st.integers(0, 11), st.booleans()), max_size=80),
)
def test_noisy_random_streams(masks, beta, stream):
    learner = WeightedMajority(predictors(masks), beta)
    run_online(learner, stream)
    check(learner)


@settings(max_examples=25, deadline=None)
@given(masks=pools, beta=betas, xs=st.lists(st.integers(0, 11), max_size=80))
def test_adversary_answers_the_opposite_of_every_prediction(masks, beta, xs):
    learner = WeightedMajority(predictors(masks), beta)
    for x in xs:
        assert learner.update(x, not learner.predict(x))
    check(learner)


@settings(max_examples=30, deadline=None)
@given(masks=pools, xs=st.lists(st.integers(0, 11), max_size=40), data=st.data())
def test_beta_zero_is_the_halving_algorithm(masks, xs, data):
    target = data.draw(st.sampled_from(masks))
    halving = Halving(predictors(masks))
    weighted = WeightedMajority(predictors(masks), Fraction(0))
    for x in xs:
        assert weighted.predict(x) == halving.predict(x)
        y = bool(target >> x & 1)
        assert weighted.update(x, y) == halving.update(x, y)


def test_invalid_beta():
    with pytest.raises(InvalidParameterError):
        WeightedMajority([lambda x: True], beta=1)
    with pytest.raises(InvalidParameterError):
        WeightedMajority([], beta=Fraction(1, 2))
