"""Brute-force MAP, Bayes optimal, Gibbs and MDL over finite hypothesis spaces (Mitchell ch. 6)."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.map.bayes_optimal import bayes_optimal, expected_errors, gibbs_classify
from symlearn.bayes.map.map_learner import brute_force_map, labelled_examples
from symlearn.bayes.map.mdl import description_lengths, mdl_hypotheses
from symlearn.errors import HypothesisSpaceError, VersionSpaceCollapsedError
from symlearn.kb import load
from symlearn.learning.attribute_data import from_kb

KB = Path(__file__).resolve().parents[3] / "kb"


class Subset:
    """A hypothesis given by the set of instances it covers (any finite concept)."""

    def __init__(self, covered):
        self.covered = frozenset(covered)

    def covers(self, instance):
        return instance in self.covered

    def __repr__(self):
        return f"Subset({sorted(self.covered)})"


@st.composite
def _problems(draw):
    instances = list(range(draw(st.integers(2, 5))))
    subsets = [
        frozenset(c)
        for r in range(len(instances) + 1)
        for c in itertools.combinations(instances, r)
    ]
    space = [Subset(s) for s in draw(st.lists(st.sampled_from(subsets), min_size=1, max_size=12))]
    target = draw(st.sampled_from(space))
    seen = draw(st.lists(st.sampled_from(instances), max_size=4))
    examples = [(x, target.covers(x)) for x in seen]
    return space, examples, instances


@settings(max_examples=80, deadline=None)
@given(_problems())
def test_every_consistent_hypothesis_has_posterior_one_over_vs(problem):
    space, examples, instances = problem
    posterior = brute_force_map(space, examples)
    consistent = [h for h in space if all(h.covers(x) == y for x, y in examples)]
    assert posterior.version_space == tuple(consistent)
    for h, p in zip(space, posterior.probabilities):
        assert p == (Fraction(1, len(consistent)) if h in consistent else 0)
    assert sum(posterior.probabilities) == 1
    assert posterior.evidence == Fraction(len(consistent), len(space))
    assert set(map(id, posterior.map_hypotheses)) == set(map(id, consistent))
    for x in instances:
        vote = bayes_optimal(posterior, x)
        share = Fraction(sum(1 for h in consistent if h.covers(x)), len(consistent))
        assert vote.probabilities[True] == share
        assert vote.label == (None if share == Fraction(1, 2) else share > Fraction(1, 2))
        bayes, gibbs = expected_errors(posterior, x)
        assert gibbs <= 2 * bayes
    # MDL with the uniform code chooses the same hypotheses
    chosen = {id(d.hypothesis) for d in mdl_hypotheses(space, examples)}
    assert chosen == set(map(id, consistent))


@settings(max_examples=40, deadline=None)
@given(_problems(), st.data())
def test_non_uniform_prior_and_the_mdl_code_lengths(problem, data):
    space, examples, _ = problem
    weights = [data.draw(st.integers(1, 5)) for _ in space]
    prior = {id(h): Fraction(w, sum(weights)) for h, w in zip(space, weights)}
    posterior = brute_force_map(space, examples, prior=lambda h: prior[id(h)])
    consistent = posterior.version_space
    total = sum(prior[id(h)] for h in consistent)
    for h in consistent:
        assert posterior.probability(h) == prior[id(h)] / total
    # with L(h) = -log2 P(h), consistent hypotheses' lengths rank as their posteriors
    lengths = description_lengths(
        space, examples, hypothesis_bits=lambda h: -math.log2(prior[id(h)])
    )
    for d in lengths:
        if d.exceptions == 0:
            assert d.total == pytest.approx(-math.log2(prior[id(d.hypothesis)]))
        else:
            assert d.exception_bits == pytest.approx(
                d.exceptions * ((math.log2(len(examples)) if examples else 0) + 1)
            )


def test_gibbs_classifier_draws_from_the_posterior():
    space = [Subset({0}), Subset({0, 1}), Subset({0, 1, 2}), Subset(set())]
    posterior = brute_force_map(space, [(0, True)])  # three consistent hypotheses
    rng = random.Random(11)
    draws = [gibbs_classify(posterior, 1, rng) for _ in range(30000)]
    assert all(h in posterior.version_space for h, _ in draws)
    share = sum(label for _, label in draws) / len(draws)
    se = math.sqrt(2 / 9 / len(draws))
    assert abs(share - 2 / 3) < 4 * se
    assert gibbs_classify(posterior, 1, seed=5) == gibbs_classify(posterior, 1, seed=5)


def test_conjunctions_on_enjoysport_match_list_then_eliminate():
    from symlearn.hypotheses.space import ConjunctionSpace
    from symlearn.learners.concepts.list_then_eliminate import list_then_eliminate

    data = from_kb(load([str(KB / "enjoysport.pl")]), "enjoysport", 6)
    space = ConjunctionSpace.from_data(data)
    examples = labelled_examples(data)
    hypotheses = list(space.hypotheses())
    posterior = brute_force_map(hypotheses, examples)
    reference = list_then_eliminate(space, examples).version_space
    assert set(posterior.version_space) == set(reference)
    assert all(posterior.probability(h) == Fraction(1, len(reference)) for h in reference)


def test_errors():
    with pytest.raises(HypothesisSpaceError):
        brute_force_map([], [])
    with pytest.raises(VersionSpaceCollapsedError):
        brute_force_map([Subset({0})], [(0, False)])
