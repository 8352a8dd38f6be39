"""Shared pieces of the decision-tree tests: data sets, strategies, brute-force references."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from symlearn.data import Attribute, AttributeValueData
from symlearn.data.attribute_value import MISSING
from symlearn.engine import Engine
from symlearn.hypotheses.decision_tree import DecisionTree, Leaf
from symlearn.kb import load, loads
from symlearn.learning.attribute_data import from_kb
from symlearn.logic.terms import Struct

ROOT = Path(__file__).resolve().parents[3]
KB = ROOT / "kb"


def playtennis() -> AttributeValueData:
    return from_kb(load([str(KB / "playtennis.pl")]), "playtennis", 4)


def golf() -> AttributeValueData:
    return from_kb(load([str(KB / "golf.pl")]), "golf", 4)


# -- random data --------------------------------------------------------------------


@st.composite
def datasets(
    draw: Any,
    min_attributes: int = 1,
    max_attributes: int = 4,
    max_values: int = 3,
    max_rows: int = 30,
    max_classes: int = 3,
    continuous: bool = False,
    missing: bool = False,
    boolean: bool | None = None,
) -> AttributeValueData:
    """A small random attribute-value data set (categorical, optionally numeric and '?')."""
    n_attributes = draw(st.integers(min_attributes, max_attributes))
    attributes = []
    for j in range(n_attributes):
        if continuous and draw(st.booleans()):
            attributes.append(Attribute(f"x{j}", None))
        else:
            size = draw(st.integers(2, max_values))
            attributes.append(Attribute(f"a{j}", tuple(f"v{j}_{k}" for k in range(size))))
    n_rows = draw(st.integers(1, max_rows))
    is_boolean = draw(st.booleans()) if boolean is None else boolean
    classes: tuple[Any, ...] = (
        (True, False)
        if is_boolean
        else tuple(f"c{i}" for i in range(draw(st.integers(2, max_classes))))
    )
    rows = []
    for _ in range(n_rows):
        row: list[Any] = []
        for attribute in attributes:
            if missing and draw(st.integers(0, 5)) == 0:
                row.append(MISSING)
            elif attribute.values is None:
                row.append(draw(st.integers(0, 6)))
            else:
                row.append(draw(st.sampled_from(attribute.values)))
        rows.append(tuple(row))
    labels = tuple(draw(st.sampled_from(classes)) for _ in rows)
    return AttributeValueData("t", tuple(attributes), tuple(rows), labels)


def instance_space(
    data: AttributeValueData, numbers: Sequence[int] = (0, 2, 3, 5, 7)
) -> list[tuple]:
    """Every instance over the data's domains (continuous attributes take ``numbers``)."""
    space: list[tuple] = [()]
    for attribute in data.attributes:
        values = attribute.values if attribute.values is not None else tuple(numbers)
        space = [(*prefix, v) for prefix in space for v in values]
    return space


# -- brute-force references ---------------------------------------------------------


def entropy(labels: Sequence[Any]) -> float:
    n = len(labels)
    return -sum(c / n * math.log2(c / n) for c in Counter(labels).values()) if n else 0.0


def information_gain(rows: Sequence[tuple], labels: Sequence[Any], j: int) -> float:
    """Gain(S, A) = Entropy(S) - sum_v |S_v|/|S| Entropy(S_v) (Mitchell 1997, 3.4.1.2)."""
    groups: dict[Any, list[Any]] = {}
    for row, label in zip(rows, labels):
        groups.setdefault(row[j], []).append(label)
    n = len(labels)
    return entropy(labels) - sum(len(g) / n * entropy(g) for g in groups.values())


def majority(labels: Sequence[Any], order: Sequence[Any]) -> Any:
    counts = Counter(labels)
    best = max(counts.values())
    return next(c for c in order if counts.get(c, 0) == best)


def reference_id3(data: AttributeValueData) -> Any:
    """ID3 as Mitchell's Table 3.1 writes it, on lists: nested (attribute, {value: subtree})
    or a label."""
    order = data.classes

    def grow(rows: list[tuple], labels: list[Any], attributes: list[int], parent: Any) -> Any:
        if not rows:
            return parent
        if len(set(labels)) == 1:
            return labels[0]
        here = majority(labels, order)
        usable = [j for j in attributes if len({r[j] for r in rows}) > 1]
        if not usable:
            return here
        gains = {j: information_gain(rows, labels, j) for j in usable}
        top = max(gains.values())
        best = next(j for j in usable if gains[j] >= top - 1e-10 * max(1.0, top))
        branches = {}
        for value in data.attributes[best].values or ():
            keep = [i for i, r in enumerate(rows) if r[best] == value]
            branches[value] = grow(
                [rows[i] for i in keep],
                [labels[i] for i in keep],
                [j for j in attributes if j != best],
                here,
            )
        return (data.attributes[best].name, branches)

    return grow(list(data.instances), list(data.labels), list(range(data.arity)), None)


def tree_shape(tree: DecisionTree) -> Any:
    """A DecisionTree in the reference's nested form (categorical '=' branches only)."""

    def walk(node: Any) -> Any:
        if isinstance(node, Leaf):
            return node.label
        name = tree.attributes[node.attribute].name
        return (name, {c.value: walk(child) for c, child in zip(node.conditions, node.children)})

    return walk(tree.root)


# -- the query engine ---------------------------------------------------------------


def engine_for(clauses: Sequence[str]) -> Engine:
    return Engine(loads("\n".join(clauses)), unknown="fail")


def engine_answer(engine: Engine, target: str, instance: tuple, boolean: bool) -> Any:
    """What the clauses say about ``instance``: True/False, or the list of classes proved."""
    atom = Struct(target, tuple(instance)) if instance else target
    if boolean:
        return engine.ask(atom)
    from symlearn.logic.terms import Var

    c = Var("C")
    return [answer[c] for answer in engine.solve(Struct("label", (atom, c)))]
