"""Halving: never more than log2 |C| mistakes; an adversary on a shattered set forces VC(C)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bounds import vc_dimension
from symlearn.errors import VersionSpaceCollapsedError
from symlearn.online import Halving, run_adversary, run_online

from .strategies import allowed_mistakes, boolean_class


def predicates(masks):
    return [lambda x, m=m: bool(m >> x & 1) for m in masks]


@settings(max_examples=25, deadline=None)
@given(case=boolean_class(), data=st.data())
def test_random_streams(case, data):
    size, masks, target = case
    stream = data.draw(st.lists(st.integers(min_value=0, max_value=size - 1), max_size=60))
    run = run_online(Halving(predicates(masks)), [(x, bool(target >> x & 1)) for x in stream])
    assert run.mistakes <= allowed_mistakes("halving", H=len(masks))


@settings(max_examples=25, deadline=None)
@given(case=boolean_class())
def test_adversarial_streams(case):
    size, masks, target = case
    learner = Halving(predicates(masks))
    run = run_adversary(learner, range(size), lambda x: bool(target >> x & 1))
    assert run.mistakes <= allowed_mistakes("halving", H=len(masks))
    assert all(learner.predict(x) == bool(target >> x & 1) for x in range(size))


@settings(max_examples=25, deadline=None)
@given(case=boolean_class(max_instances=8))
def test_vc_dimension_mistakes_can_be_forced(case):
    # VC(C) <= Opt(C) <= M_halving(C) <= log2 |C| (Littlestone 1988; Mitchell 1997,
    # 7.5.3): on a shattered set an adversary answers the opposite of every
    # prediction and some h in C is still consistent.
    size, masks, _ = case
    instances = list(range(size))
    witness = vc_dimension([{x for x in instances if m >> x & 1} for m in masks], instances)
    learner = Halving(predicates(masks))
    for x in witness.shattered_set:
        assert learner.update(x, not learner.predict(x))
    assert learner.mistakes == witness.dimension <= allowed_mistakes("halving", H=len(masks))


def test_sets_work_as_hypotheses():
    learner = Halving([{1, 2}, {2}, set(), {3}])
    assert learner.run([(2, True), (1, False)]).mistakes == 1
    assert len(learner.version_space) == 1


def test_a_target_outside_the_class_collapses_the_version_space():
    learner = Halving([{1}, {2}])
    learner.update(1, True)
    with pytest.raises(VersionSpaceCollapsedError) as caught:
        learner.update(2, True)
    assert caught.value.index == 1
