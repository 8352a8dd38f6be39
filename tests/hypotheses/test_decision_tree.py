"""DecisionTree: JSON and text forms, rules with statistics, pictures."""

from __future__ import annotations

import pytest

from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.decision_tree import Branch, Split
from symlearn.learners.trees.c45 import c45
from symlearn.learners.trees.id3 import id3
from symlearn.learners.trees.one_r import one_r
from symlearn.render import to_dot
from symlearn.render.trees import rule_set_graph, tree_graph
from tests.learners.trees.support import golf, playtennis


def test_to_dict_is_the_design_json():
    tree = id3(playtennis())
    as_dict = tree.to_dict()
    assert as_dict["attribute"] == "outlook"
    assert list(as_dict["branches"]) == ["sunny", "overcast", "rain"]
    assert as_dict["branches"]["overcast"] == {"label": "pos", "counts": {"pos": 4, "neg": 0}}
    assert as_dict["branches"]["sunny"]["branches"]["high"]["label"] == "neg"
    golf_tree = c45(golf()).to_dict()
    sunny = golf_tree["branches"]["sunny"]
    assert sunny["attribute"] == "humidity" and sunny["threshold"] == 77.5
    assert list(sunny["branches"]) == ["=< 77.5", "> 77.5"]


def test_text_layout_and_structure():
    tree = c45(golf())
    assert tree.to_text() == [
        "outlook = sunny",
        "|   humidity =< 77.5: play (2)",
        "|   humidity > 77.5: dont_play (3)",
        "outlook = overcast: play (4)",
        "outlook = rain",
        "|   windy = false: play (3)",
        "|   windy = true: dont_play (2)",
    ]
    assert (tree.size, tree.leaf_count, tree.depth) == (8, 5, 2)
    root = tree.root
    assert (
        Split.from_branches(root.attribute, root.branches, root.label, root.distribution) == root
    )
    assert isinstance(root.branches[0], Branch)


def test_rules_carry_their_counts():
    rules = id3(playtennis()).to_rule_set()
    assert [(r.covered, r.correct) for r in rules.rules] == [
        (3.0, 3.0),
        (2.0, 2.0),
        (4.0, 4.0),
        (3.0, 3.0),
        (2.0, 2.0),
    ]
    assert not rules.ordered and rules.default is None


def test_tree_pictures():
    tree = id3(playtennis())
    spec = tree_graph(tree, "PlayTennis")
    dot = to_dot(spec)
    assert "outlook" in dot and "PlayTennis" in dot
    leaves = [n for n in spec.nodes if n.shape == "box"]
    assert len(leaves) == tree.leaf_count
    assert {n.color for n in leaves} == {"palegreen", "lightsalmon"}
    with pytest.raises(InvalidParameterError, match="too many"):
        tree_graph(tree, max_nodes=3)
    stump = rule_set_graph(one_r(playtennis()))
    assert stump.nodes[0].label == "outlook" and len(stump.edges) == 3
    with pytest.raises(InvalidParameterError):
        rule_set_graph(tree.to_rule_set())
