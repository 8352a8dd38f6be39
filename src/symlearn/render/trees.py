r"""Decision trees and one-attribute rule sets as pictures (:class:`~symlearn.render.GraphSpec`).

:func:`tree_graph` draws a :class:`~symlearn.hypotheses.decision_tree.DecisionTree`
top-down: an inner node is an ellipse with the attribute it tests and the
number of training examples that reached it; each edge carries its branch's
test (``sunny``, ``=< 77.5``, ``in [a, b]``); a leaf is a box filled with its
class's colour, showing the class and C4.5's ``(n/errors)`` count.
:func:`rule_set_graph` draws a rule set whose rules all test one attribute
(OneR's) the same way, as a one-level tree.  Write either with
:func:`symlearn.render.write_graph` (``.dot``, ``.svg``, ``.png``).

A tree with more than ``max_nodes`` nodes is refused: such a picture cannot
be read; the message suggests ``--max-depth``.

Examples
--------
>>> from symlearn.data import Attribute
>>> from symlearn.hypotheses.decision_tree import DecisionTree, Leaf, Split
>>> from symlearn.hypotheses.rule_set import Condition
>>> wind = Attribute("wind", ("strong", "weak"))
>>> tree = DecisionTree("playtennis", (wind,), (True, False), Split(
...     0, (Condition("wind", 0, "=", "strong"), Condition("wind", 0, "=", "weak")),
...     (2.0, 3.0), (Leaf(False, (0.0, 2.0)), Leaf(True, (3.0, 0.0))), True, (3.0, 2.0)))
>>> spec = tree_graph(tree)
>>> [n.label for n in spec.nodes]
['wind\n5 examples', 'neg\n(2)', 'pos\n(3)']
>>> [e.label for e in spec.edges]
[' strong ', ' weak ']
"""

from __future__ import annotations

from typing import Any

from symlearn.data.attribute_value import Label
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.decision_tree import DecisionTree, Leaf, Node
from symlearn.hypotheses.rule_set import Condition, RuleSet, label_text
from symlearn.render import Edge, GraphSpec
from symlearn.render import Node as GraphNode

__all__ = ["CLASS_COLORS", "rule_set_graph", "tree_graph"]

#: Leaf colours, by class position (pos/neg get the first two).
CLASS_COLORS = (
    "palegreen",
    "lightsalmon",
    "lightblue",
    "gold",
    "lavender",
    "wheat",
    "lightpink",
    "lightcyan",
    "lightgray",
)


def _color(classes: tuple[Label, ...], label: Label) -> str:
    for i, c in enumerate(classes):
        if type(c) is type(label) and c == label:
            return CLASS_COLORS[i % len(CLASS_COLORS)]
    return "white"


def _edge_label(condition: Condition) -> str:
    value = condition.value_text()
    text = value if condition.op == "=" else f"{condition.op} {value}"
    return f" {text} "  # a margin, so that labels of neighbouring edges do not touch


def _count(x: float) -> str:
    return str(round(x)) if abs(x - round(x)) < 1e-9 else f"{x:.1f}"


def _leaf_label(tree: DecisionTree, leaf: Leaf) -> str:
    total = leaf.weight
    right = sum(
        w
        for c, w in zip(tree.classes, leaf.distribution)
        if type(c) is type(leaf.label) and c == leaf.label
    )
    wrong = total - right
    counts = f"({_count(total)}/{_count(wrong)})" if wrong > 1e-9 else f"({_count(total)})"
    return f"{label_text(leaf.label)}\n{counts}"


def tree_graph(tree: DecisionTree, title: str = "", max_nodes: int = 400) -> GraphSpec:
    """The picture of ``tree`` (see the module docstring).

    Raises
    ------
    InvalidParameterError
        When the tree has more than ``max_nodes`` nodes.
    """
    size = tree.size
    if size > max_nodes:
        raise InvalidParameterError(
            f"the tree has {size} nodes, too many to draw readably (limit {max_nodes}); "
            f"grow a smaller one, e.g. with --max-depth 3"
        )
    nodes: list[GraphNode] = []
    edges: list[Edge] = []
    stack: list[tuple[Node, str]] = [(tree.root, "n0")]
    counter = 1
    while stack:
        node, name = stack.pop(0)
        if isinstance(node, Leaf):
            nodes.append(
                GraphNode(
                    name,
                    _leaf_label(tree, node),
                    shape="box",
                    style="rounded",
                    color=_color(tree.classes, node.label),
                )
            )
            continue
        attribute = tree.attributes[node.attribute].name
        nodes.append(
            GraphNode(name, f"{attribute}\n{_count(node.weight)} examples", shape="ellipse")
        )
        for condition, child in zip(node.conditions, node.children):
            child_name = f"n{counter}"
            counter += 1
            edges.append(Edge(name, child_name, _edge_label(condition)))
            stack.append((child, child_name))
    return GraphSpec(tuple(nodes), tuple(edges), rankdir="TB", title=title)


def rule_set_graph(rules: RuleSet, title: str = "") -> GraphSpec:
    """A rule set whose rules each test (at most) one and the same attribute, as a stump.

    Raises
    ------
    InvalidParameterError
        When the rules test different attributes or more than one condition each.
    """
    tested = {c.attribute for r in rules.rules for c in r.conditions}
    if len(tested) > 1 or any(len({c.attribute for c in r.conditions}) > 1 for r in rules.rules):
        raise InvalidParameterError("only a rule set over one attribute can be drawn as a tree")
    root = next(iter(tested)) if tested else "(any)"
    nodes = [GraphNode("n0", root, shape="ellipse")]
    edges = []
    for i, rule in enumerate(rules.rules, 1):
        stats: Any = ""
        if rule.covered is not None and rule.correct is not None:
            wrong = rule.covered - rule.correct
            stats = (
                f"\n({_count(rule.covered)}/{_count(wrong)})"
                if wrong > 1e-9
                else f"\n({_count(rule.covered)})"
            )
        nodes.append(
            GraphNode(
                f"n{i}",
                f"{label_text(rule.label)}{stats}",
                shape="box",
                style="rounded",
                color=_color(rules.classes, rule.label),
            )
        )
        text = " and ".join(_edge_label(c) for c in rule.conditions) or "otherwise"
        edges.append(Edge("n0", f"n{i}", text))
    return GraphSpec(tuple(nodes), tuple(edges), rankdir="TB", title=title)
