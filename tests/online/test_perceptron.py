"""Perceptron and its variants: at most (R/gamma)^2 mistakes on separable data (Novikoff)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.online import (
    AveragedPerceptron,
    Perceptron,
    VotedPerceptron,
    run_adversary,
    train_until_consistent,
)

from .strategies import allowed_mistakes


@st.composite
def separable(draw):
    """Points a unit vector u separates with a margin, their labels, R and gamma."""
    dimension = draw(st.integers(min_value=1, max_value=4))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    rng = np.random.default_rng(seed)
    u = rng.normal(size=dimension)
    u /= np.linalg.norm(u)
    wanted = draw(st.sampled_from([0.05, 0.1, 0.3, 0.6]))
    points = []
    for _ in range(draw(st.integers(min_value=1, max_value=30))):
        x = rng.uniform(-3, 3, size=dimension)
        if abs(float(u @ x)) >= wanted:
            points.append(x)
    if not points:
        points.append(u * 2)
    labels = [1 if float(u @ x) > 0 else -1 for x in points]
    radius = max(float(np.linalg.norm(x)) for x in points)
    margin = min(abs(float(u @ x)) for x in points)
    return [tuple(map(float, x)) for x in points], labels, radius, margin


def bound(radius, margin):
    # Round R up and gamma down a little so float error cannot make the bound too small.
    return allowed_mistakes(
        "perceptron", R=repr(radius * (1 + 1e-9)), gamma=repr(margin * (1 - 1e-9))
    )


@settings(max_examples=25, deadline=None)
@given(case=separable(), order=st.randoms(use_true_random=False))
def test_random_order_until_consistent(case, order):
    points, labels, radius, margin = case
    examples = list(zip(points, labels))
    order.shuffle(examples)
    learner = Perceptron(len(points[0]))
    run = train_until_consistent(learner, examples, max_epochs=10_000)
    assert run.mistakes <= bound(radius, margin)
    assert all(learner.predict(x) == y for x, y in examples)


@settings(max_examples=25, deadline=None)
@given(case=separable())
def test_adversary(case):
    points, labels, radius, margin = case
    label = dict(zip(points, labels))
    run = run_adversary(Perceptron(len(points[0])), points, label.__getitem__)
    assert run.mistakes <= bound(radius, margin)


@settings(max_examples=30, deadline=None)
@given(case=separable())
def test_variants_make_the_perceptrons_mistakes(case):
    points, labels, _, _ = case
    examples = list(zip(points, labels)) * 3
    runs = [
        cls(len(points[0])).run(examples).mistake_trials
        for cls in (Perceptron, AveragedPerceptron, VotedPerceptron)
    ]
    assert runs[0] == runs[1] == runs[2]


def test_bias_is_the_perceptron_on_x_and_1():
    # 1-d data separated at x = 2.5: the augmented separator (1, -2.5)/norm has margin
    # 0.5/norm on (x, 1), and R is the largest norm of (x, 1).
    points = [(float(x),) for x in range(6)]
    labels = [1 if x[0] > 2.5 else -1 for x in points]
    norm = math.hypot(1, 2.5)
    radius = max(math.hypot(x[0], 1) for x in points)
    learner = Perceptron(1, fit_intercept=True)
    run = train_until_consistent(learner, list(zip(points, labels)), max_epochs=10_000)
    assert all(learner.predict(x) == y for x, y in zip(points, labels))
    assert run.mistakes <= bound(radius, 0.5 / norm)


def test_voted_and_averaged_predictions():
    examples = [((1.0, 0.0), 1), ((0.0, 1.0), -1), ((2.0, 1.0), 1), ((-1.0, 0.5), -1)]
    voted, averaged = VotedPerceptron(2), AveragedPerceptron(2)
    train_until_consistent(voted, examples)
    train_until_consistent(averaged, examples)
    assert sum(c for _, _, c in voted.vectors) == averaged._count
    for x, y in examples:
        assert voted.vote(x) == y
        assert averaged.predict_average(x) == y


def test_zero_activation_is_a_mistake():
    learner = Perceptron(2)
    assert learner.errs((1.0, 1.0), -1)  # w = 0: y * 0 <= 0
    assert learner.predict((1.0, 1.0)) == -1
