"""C4.5: gain ratio, thresholds, fractional missing values, rule post-pruning."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data import Attribute, AttributeValueData
from symlearn.data.attribute_value import MISSING
from symlearn.data.encoded import encode
from symlearn.hypotheses.decision_tree import Leaf
from symlearn.learners.trees.c45 import c45, c45_options, c45_rules
from symlearn.learners.trees.growing import root_report
from symlearn.learners.trees.id3 import id3_options
from tests.learners.trees.support import datasets, entropy, golf, tree_shape


def test_golf_tree_is_quinlans():
    tree = c45(golf())
    root = tree.root
    assert tree.attributes[root.attribute].name == "outlook"
    sunny = root.children[0]
    assert tree.attributes[sunny.attribute].name == "humidity"
    assert [str(c) for c in sunny.conditions] == ["humidity =< 77.5", "humidity > 77.5"]
    assert [c.label for c in sunny.children] == ["play", "dont_play"]
    assert str(tree.to_clauses()[0]) == "label(golf(sunny, _, A, _), play) :-\n    A=<77.5."


def test_candidate_thresholds_are_midpoints_where_the_class_changes():
    report = root_report(encode(golf()), c45_options())
    assert report.candidate_thresholds["humidity"] == [67.5, 72.5, 79.0, 82.5, 87.5, 92.5, 95.5]
    assert report.candidate_thresholds["temperature"] == [
        64.5,
        66.5,
        70.5,
        71.5,
        73.5,
        77.5,
        80.5,
        84.0,
    ]


def test_mitchell_temperature_thresholds():
    # Mitchell (1997) section 3.7.2: Temperature 40 48 60 72 80 90, PlayTennis no no yes yes yes no
    data = AttributeValueData(
        "t",
        (Attribute("temperature", None),),
        tuple((v,) for v in (40, 48, 60, 72, 80, 90)),
        (False, False, True, True, True, False),
    )
    report = root_report(encode(data), c45_options(min_leaf=0))
    assert report.candidate_thresholds["temperature"] == [54.0, 85.0]


def _binary_gain(values, labels, cut):
    left = [y for v, y in zip(values, labels) if v <= cut]
    right = [y for v, y in zip(values, labels) if v > cut]
    n = len(labels)
    return entropy(labels) - len(left) / n * entropy(left) - len(right) / n * entropy(right)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.sampled_from("abc")), min_size=2, max_size=40))
def test_best_threshold_is_the_best_of_all_midpoints(pairs):
    values = [v for v, _ in pairs]
    labels = [y for _, y in pairs]
    data = AttributeValueData(
        "t", (Attribute("x", None),), tuple((v,) for v in values), tuple(labels)
    )
    report = root_report(encode(data), id3_options())
    distinct = sorted(set(values))
    cuts = [(a + b) / 2 for a, b in itertools.pairwise(distinct)]
    if len(set(labels)) < 2 or not cuts:
        assert report.scores["x"] is None or report.gains["x"] == pytest.approx(0.0)
        return
    best = max(_binary_gain(values, labels, c) for c in cuts)
    assert report.gains["x"] == pytest.approx(best, abs=1e-9)
    assert set(report.candidate_thresholds["x"]) <= set(cuts)


def _c45_reference(data: AttributeValueData, j: int) -> tuple[float, float | None]:
    """C4.5's gain and gain ratio of attribute j (unknowns fractional, Quinlan ch. 3)."""
    known = [(r[j], y) for r, y in zip(data.instances, data.labels) if r[j] != MISSING]
    n = len(data.labels)
    if not known:
        return 0.0, None
    labels = [y for _, y in known]
    groups: dict = {}
    for v, y in known:
        groups.setdefault(v, []).append(y)
    gain = entropy(labels) - sum(len(g) / len(known) * entropy(g) for g in groups.values())
    gain *= len(known) / n
    parts = [len(g) / n for g in groups.values()]
    if len(known) < n:
        parts.append((n - len(known)) / n)
    split = -sum(p * math.log2(p) for p in parts if p > 0)
    if len(groups) < 2 or split <= 1e-12:
        return gain, None
    return gain, gain / split


@settings(max_examples=80, deadline=None)
@given(datasets(max_attributes=3, max_values=3, max_rows=25, missing=True))
def test_gain_ratio_with_unknown_values_equals_c45_reference(data):
    report = root_report(encode(data), c45_options(min_leaf=0))
    for j, attribute in enumerate(data.attributes):
        gain, ratio = _c45_reference(data, j)
        assert report.gains[attribute.name] == pytest.approx(gain, abs=1e-9)
        if ratio is None:
            assert report.scores[attribute.name] is None
        else:
            assert report.scores[attribute.name] == pytest.approx(ratio, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(datasets(max_attributes=4, max_values=3, max_rows=30))
def test_root_choice_uses_average_gain_rule(data):
    tree = c45(data, min_leaf=0)
    references = {j: _c45_reference(data, j) for j in range(data.arity)}
    valid = {j: r for j, r in references.items() if r[1] is not None}
    if isinstance(tree.root, Leaf):
        assert not valid or len(set(data.labels)) == 1
        return
    average = sum(g for g, _ in valid.values()) / len(valid)
    eligible = {j: r for j, r in valid.items() if r[0] >= average - 1e-10}
    top = max(r for _, r in eligible.values())
    chosen = next(j for j, (_, r) in eligible.items() if r >= top - 1e-10 * max(1.0, top))
    assert tree.root.attribute == chosen


@settings(max_examples=60, deadline=None)
@given(datasets(max_attributes=3, max_rows=30, continuous=True, missing=True))
def test_fractional_examples_keep_their_total_weight(data):
    tree = c45(data)
    leaves = [n for n in tree.nodes() if isinstance(n, Leaf)]
    assert sum(leaf.weight for leaf in leaves) == pytest.approx(len(data.labels))
    for instance in data.instances:
        distribution = tree.class_distribution(instance)
        assert sum(distribution.values()) == pytest.approx(1.0)
        # the class chosen is a most probable one (ties within rounding)
        assert distribution[tree.classify(instance)] >= max(distribution.values()) - 1e-9


def test_classifying_an_unknown_outlook_averages_the_branches():
    tree = c45(golf())
    distribution = tree.class_distribution(("?", 70, 90, "false"))
    # sunny (5/14): humidity 90 > 77.5, dont_play; overcast (4/14) and rain (5/14, windy
    # false): play
    assert distribution["dont_play"] == pytest.approx(5 / 14)
    assert distribution["play"] == pytest.approx(9 / 14)
    assert tree.classify(("?", 70, 90, "false")) == "play"


def test_training_with_unknown_values_follows_quinlan():
    # Quinlan (1993) ch. 3: the golf data with outlook unknown on one overcast day
    rows = list(golf().instances)
    labels = list(golf().labels)
    index = rows.index(("overcast", 72, 90, "true"))
    rows[index] = ("?", 72, 90, "true")
    data = AttributeValueData("golf", golf().attributes, tuple(rows), tuple(labels))
    report = root_report(encode(data), c45_options())
    # Quinlan: gain(outlook) = 13/14 * (0.961 - 0.747) = 0.199, split info 1.809, ratio 0.110
    assert round(report.gains["outlook"], 3) == 0.199
    assert round(report.scores["outlook"], 3) == 0.110
    tree = c45(data, min_leaf=0)
    sunny = tree.root.children[0]
    assert sum(sunny.distribution) == pytest.approx(5 + 5 / 13)


def test_rule_post_pruning_orders_by_estimated_accuracy():
    rules = c45_rules(golf())
    estimates = [r.estimate for r in rules.rules]
    assert estimates == sorted(estimates, reverse=True)
    assert rules.ordered and rules.default is not None
    tree_rules = c45(golf()).to_rule_set()
    assert len(rules.rules) <= len(tree_rules.rules)


def test_min_leaf_blocks_tiny_branches():
    data = AttributeValueData(
        "t",
        (Attribute("x", None),),
        tuple((v,) for v in range(6)),
        (True, False, True, True, True, True),
    )
    assert c45(data, min_leaf=2).size == 1 or all(
        sum(child.distribution) >= 2 for child in c45(data, min_leaf=2).root.children
    )
    assert c45(data, min_leaf=0).size > 1


def test_gain_ratio_prefers_fewer_values_than_gain():
    # an identifier-like attribute with a value per example: ID3's gain loves it, C4.5 does not
    rng = np.random.default_rng(1)
    rows = [
        (f"id{i}", "ab"[int(rng.integers(2))], *("xy"[int(b)] for b in rng.integers(0, 2, 3)))
        for i in range(20)
    ]
    labels = tuple((r[1] == "a") != (i % 7 == 0) for i, r in enumerate(rows))
    attributes = (
        Attribute("id", tuple(r[0] for r in rows)),
        Attribute("kind", ("a", "b")),
        *(Attribute(f"noise{k}", ("x", "y")) for k in range(3)),
    )
    data = AttributeValueData("t", attributes, tuple(rows), labels)
    assert tree_shape(c45(data, min_leaf=0))[0] == "kind"
    from symlearn.learners.trees.id3 import id3

    assert tree_shape(id3(data))[0] == "id"


@settings(max_examples=50, deadline=None)
@given(datasets(max_attributes=3, max_rows=25, continuous=True))
def test_node_scores_are_the_root_scores_of_the_examples_reaching_the_node(data):
    """Every inner node's gain ratios and thresholds, recomputed on its examples alone."""
    tree = c45(data)
    encoded = encode(data)
    stack = [(tree.root, list(range(len(data.instances))), frozenset())]
    while stack:
        node, rows, used = stack.pop()
        if isinstance(node, Leaf):
            continue
        report = root_report(encoded.take(np.array(rows)), c45_options())
        for entry in node.scores:
            name = data.attributes[entry.attribute].name
            assert entry.attribute not in used
            assert entry.score == pytest.approx(report.scores[name], abs=1e-9)
            assert entry.gain == pytest.approx(report.gains[name], abs=1e-9)
            assert entry.threshold == report.thresholds.get(name)
        categorical = {j for j, a in enumerate(data.attributes) if a.values is not None}
        assert {s.attribute for s in node.scores} == set(range(len(data.attributes))) - used
        for condition, child in zip(node.conditions, node.children):
            keep = [i for i in rows if condition.holds(data.instances[i][node.attribute])]
            below = used | ({node.attribute} & categorical)
            stack.append((child, keep, below))
