"""Bagging, randomisation, stacking: their definitions, on small and random inputs."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.columnar import as_columnar, with_weights
from symlearn.evaluation.splits import k_fold_indices
from symlearn.learners.ensembles.bagging import bagging
from symlearn.learners.ensembles.committee import Ensemble, Member
from symlearn.learners.ensembles.randomisation import random_subspaces
from symlearn.learners.ensembles.stacking import level1_codes, stacking
from symlearn.learning import LearningTask, learn
from symlearn.learning.models import BaseLearner, class_codes
from tests.learners.trees.support import datasets

DATA = Path(__file__).resolve().parents[3] / "data"


def votes_task() -> LearningTask:
    return LearningTask.from_csv(str(DATA / "house-votes-84.csv"), "Party")


@settings(max_examples=30)
@given(datasets(max_rows=25, continuous=True), st.integers(0, 50))
def test_weighted_examples_are_repeated_examples(data, seed):
    """A tree grown from weights w equals the tree grown from each example repeated w times."""
    table = as_columnar(data)
    counts = np.random.default_rng(seed).integers(0, 4, size=table.n_examples)
    kept = np.flatnonzero(counts)
    if not kept.size:
        return
    for name in ("cart", "one-r", "naive-bayes:laplace=true"):
        base = BaseLearner.parse(name)
        weighted = base.fit(with_weights(table.take(kept), counts[kept].astype(float)))
        repeated = base.fit(table.take(np.repeat(kept, counts[kept])))
        codes = class_codes(weighted, table, table.encoded.classes)
        assert (codes == class_codes(repeated, table, table.encoded.classes)).all(), name


def test_bagging_draws_bootstrap_samples_and_votes():
    data = as_columnar(votes_task().attribute_data)
    built = bagging(data, BaseLearner.parse("one-r"), rounds=7, seed=3)
    ensemble = built.ensemble
    assert len(ensemble.members) == 7 and all(m.weight == 1.0 for m in ensemble.members)
    # the same draws, by hand: n indices with replacement from a generator seeded alike
    rng = np.random.default_rng(3)
    n = data.n_examples
    for member in ensemble.members:
        drawn = rng.integers(0, n, size=n)
        again = BaseLearner.parse("one-r").fit(data.take(np.sort(drawn)))
        assert member.model.clause_strings() == again.clause_strings()
    codes = ensemble.member_codes(data)
    majority = np.array(
        [np.bincount(column[column >= 0], minlength=2).argmax() for column in codes.T]
    )
    assert (ensemble.predict_columns(data.encoded.columns) == majority).all()


def test_bagging_is_at_least_the_single_tree_on_house_votes():
    task = votes_task()
    single = learn("cart", task, test_fraction=0.3, seed=0).metrics["test_accuracy"]
    bagged = learn("bagging", task, test_fraction=0.3, seed=0).metrics["test_accuracy"]
    assert bagged >= single


def test_randomisation_learns_each_member_on_its_subset():
    data = as_columnar(votes_task().attribute_data)
    built = random_subspaces(data, BaseLearner.parse("cart"), rounds=5, size=4, seed=1)
    rng = np.random.default_rng(1)
    for member in built.ensemble.members:
        expected = tuple(int(c) for c in np.sort(rng.choice(16, size=4, replace=False)))
        assert member.columns == expected
        used = {c.index for rule in member.model.to_rule_set().rules for c in rule.conditions}
        assert used <= set(range(4))  # indices into the member's own attributes
    run = learn("randomisation", votes_task(), features=4, rounds=5, seed=1)
    for entry in run.to_dict()["members"]:
        assert len(entry["attributes"]) == 4


def test_randomisation_draws_no_subset_twice_before_all_are_drawn():
    data = as_columnar(votes_task().attribute_data)
    few = data.take(np.arange(40))
    built = random_subspaces(few, BaseLearner.parse("one-r"), rounds=9, size=15, seed=0)
    subsets = [member.columns for member in built.ensemble.members]
    assert len(set(subsets[:16])) == len(subsets) == 9  # 16 subsets of 15 of the 16 attributes
    built = random_subspaces(few, BaseLearner.parse("one-r"), rounds=20, size=15, seed=0)
    subsets = [member.columns for member in built.ensemble.members]
    assert len(set(subsets[:16])) == 16 and len(set(subsets[16:])) == 4


def test_stacking_level1_data_come_from_held_out_folds():
    data = as_columnar(votes_task().attribute_data)
    bases = [BaseLearner.parse("one-r"), BaseLearner.parse("naive-bayes:laplace=true")]
    codes = level1_codes(data, bases, folds=5, seed=2)
    classes = data.encoded.classes
    every = np.arange(data.n_examples)
    for held_out in k_fold_indices(data, 5, 2):
        rest = np.setdiff1d(every, held_out)
        for i, base in enumerate(bases):
            model = base.fit(data.take(rest))
            assert (codes[i, held_out] == class_codes(model, data.take(held_out), classes)).all()
    built = stacking(data, bases, BaseLearner.parse("id3"), folds=5, seed=2)
    ensemble = built.ensemble
    level1 = ensemble.level1(ensemble.member_codes(data))
    meta = class_codes(ensemble.meta, level1, classes)
    assert (ensemble.predict_columns(data.encoded.columns) == meta).all()


def test_explain_lists_every_members_vote():
    data = as_columnar(votes_task().attribute_data)
    ensemble = bagging(data, BaseLearner.parse("cart"), rounds=3, seed=0).ensemble
    instance = data.instances[0]
    explained = ensemble.explain(instance)
    assert explained["label"] == ensemble.classify(instance)
    assert sum(explained["votes"].values()) == pytest.approx(3.0)
    assert [m["member"] for m in explained["members"]] == [1, 2, 3]


def test_votes_tie_to_the_first_class():
    from symlearn.hypotheses.rule_set import RuleSet

    data = as_columnar(votes_task().attribute_data)
    classes = data.encoded.classes
    names = tuple(a.name for a in data.attributes)
    says = [RuleSet(data.target, names, (), classes, default=c) for c in reversed(classes)]
    tied = Ensemble(
        data.target, data.attributes, classes, tuple(Member(rules, 0.5) for rules in says)
    )
    assert set(tied.predict_columns(data.encoded.columns).tolist()) == {0}
    assert tied.explain(data.instances[0])["label"] == classes[0]
