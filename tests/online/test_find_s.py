"""Find-S, run online on conjunctions of boolean literals: at most n + 1 mistakes."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.online import OnlineFindS, run_adversary, run_online

from .strategies import allowed_mistakes, bits, conjunction


def satisfies(x, term):
    return all(x[i] == b for i, b in term)


@settings(max_examples=25, deadline=None)
@given(case=conjunction(), data=st.data())
def test_random_streams(case, data):
    n, target = case
    xs = data.draw(st.lists(bits(n), max_size=60))
    learner = OnlineFindS(n)
    run = run_online(learner, [(x, satisfies(x, target)) for x in xs])
    assert run.mistakes <= allowed_mistakes("mistake-find-s", n=n)
    assert target <= learner.literals  # never more general than the target
    assert all(satisfies(xs[i], target) for i in run.mistake_trials)  # errs on positives only


@settings(max_examples=25, deadline=None)
@given(case=conjunction(max_n=7))
def test_adversarial_streams(case):
    n, target = case
    learner = OnlineFindS(n)
    pool = list(itertools.product((0, 1), repeat=n))
    run = run_adversary(learner, pool, lambda x: satisfies(x, target))
    assert run.mistakes <= n + 1 == allowed_mistakes("mistake-find-s", n=n)
    assert learner.literals == target  # the adversary showed every positive it needed


def test_the_bound_is_reached():
    # The empty target: every instance positive.  First mistake leaves n literals, each
    # later positive example can remove exactly one: n + 1 mistakes.
    n = 4
    learner = OnlineFindS(n)
    stream = [((0,) * n, True)] + [
        (tuple(1 if j <= i else 0 for j in range(n)), True) for i in range(n)
    ]
    assert learner.run(stream).mistakes == n + 1
