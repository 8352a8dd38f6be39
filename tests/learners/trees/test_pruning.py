"""Reduced-error pruning against every pruning of small trees; C4.5 rule post-pruning."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.encoded import EncodedData
from symlearn.evaluation.statistics import pessimistic_error_rate
from symlearn.hypotheses.decision_tree import DecisionTree, Leaf, Split
from symlearn.learners.trees.id3 import id3
from symlearn.learners.trees.reduced_error_pruning import reduced_error_prune
from symlearn.learners.trees.rule_post_pruning import post_prune_rules
from tests.learners.trees.support import datasets, engine_answer, engine_for, instance_space


def _all_prunings(node):
    """Every tree obtained by turning some inner nodes into leaves (majority labels)."""
    if isinstance(node, Leaf):
        return [node]
    options = [Leaf(node.label, node.distribution)]
    for children in itertools.product(*(_all_prunings(c) for c in node.children)):
        options.append(
            Split(
                node.attribute,
                node.conditions,
                node.weights,
                tuple(children),
                node.label,
                node.distribution,
            )
        )
    return options


def _errors(tree: DecisionTree, instances, labels) -> int:
    return sum(tree.classify(x) != y for x, y in zip(instances, labels))


@st.composite
def _train_and_validation(draw):
    data = draw(datasets(max_attributes=3, max_values=3, max_rows=25, boolean=True))
    n = len(data.labels)
    validation_rows = [
        tuple(draw(st.sampled_from(a.values)) for a in data.attributes)
        for _ in range(draw(st.integers(1, 15)))
    ]
    validation_labels = [draw(st.booleans()) for _ in validation_rows]
    assert n
    return data, validation_rows, validation_labels


@settings(max_examples=60, deadline=None)
@given(_train_and_validation())
def test_reduced_error_pruning_is_the_smallest_most_accurate_pruning(case):
    data, rows, labels = case
    tree = id3(data)
    from symlearn.data import AttributeValueData

    validation = AttributeValueData("t", data.attributes, tuple(rows), tuple(labels))
    pruned = reduced_error_prune(tree, validation)
    candidates = [
        DecisionTree(tree.target, tree.attributes, tree.classes, root)
        for root in _all_prunings(tree.root)
    ]
    if len(candidates) > 3000:
        return
    scored = [(_errors(t, rows, labels), t.size) for t in candidates]
    best_errors = min(e for e, _ in scored)
    smallest = min(s for e, s in scored if e == best_errors)
    assert _errors(pruned, rows, labels) == best_errors
    assert pruned.size == smallest


def test_reduced_error_pruning_removes_a_noise_split():
    codes = np.array([[a, b] for a in (0, 1) for b in (0, 1)] * 5)
    y = codes[:, 0].copy()
    y[0] = 1
    train = EncodedData.from_codes(codes, y)
    pruned = reduced_error_prune(id3(train), EncodedData.from_codes(codes, codes[:, 0]))
    assert pruned.size == 3


@settings(max_examples=40, deadline=None)
@given(datasets(max_attributes=3, max_values=3, max_rows=30))
def test_post_pruned_rules(data):
    tree = id3(data)
    rules = post_prune_rules(tree.to_rule_set(), data)
    estimates = [r.estimate for r in rules.rules]
    assert estimates == sorted(estimates, reverse=True)
    assert rules.ordered and rules.default in data.classes
    for rule in rules.rules:
        # the estimate is C4.5's pessimistic accuracy of the rule on the training data
        covered = [y for x, y in zip(data.instances, data.labels) if rule.covers(x)]
        errors = sum(y != rule.label for y in covered)
        assert rule.covered == len(covered)
        assert rule.estimate == pytest.approx(1 - pessimistic_error_rate(errors, len(covered)))
    # no precondition of a kept rule can go without raising its pessimistic error
    for rule in rules.rules:
        for i in range(len(rule.conditions)):
            shorter = rule.conditions[:i] + rule.conditions[i + 1 :]
            covered = [
                y
                for x, y in zip(data.instances, data.labels)
                if all(c.holds(x[c.index]) for c in shorter)
            ]
            errors = sum(y != rule.label for y in covered)
            assert 1 - pessimistic_error_rate(errors, len(covered)) < rule.estimate + 1e-12
    # the ordered list's clauses (negated earlier conditions) answer like classify
    engine = engine_for(rules.clause_strings())
    for instance in instance_space(data):
        expected = rules.classify(instance)
        assert engine_answer(engine, data.target, instance, data.is_boolean) == (
            expected if data.is_boolean else [expected]
        )
