r"""Decision trees over attribute-value instances, and their rule sets.

A :class:`DecisionTree` is a :class:`Leaf` (a class) or a :class:`Split`: an
attribute tested at the node, with one :class:`Branch` per outcome.  A
branch's :class:`~symlearn.hypotheses.rule_set.Condition` says which instances
go down it:

* a categorical attribute split on every value (ID3, C4.5): ``outlook = sunny``;
* a binary split of a categorical attribute (CART): ``outlook in [sunny, rain]``
  and the rest;
* a continuous attribute split at a threshold: ``humidity =< 77.5`` and
  ``humidity > 77.5``.

Every node keeps the class distribution (weights) of the training examples
that reached it, so a tree can classify instances with **missing values** as
C4.5 does: at a node whose attribute is unknown (``?``, or a value no branch
accepts) the instance goes down every branch, weighted by the fraction of
training examples that went down it, and the class distributions of the
leaves reached are added up (Quinlan 1993, ch. 3; Mitchell 1997, section
3.7.4: the fractional examples used in training also classify new instances
whose attribute values are missing).
A leaf that no training example reached predicts its parent's majority class.

A tree **is** a rule set: :meth:`DecisionTree.to_rule_set` makes one rule per
path from the root to a leaf, the conjunction of the branch conditions
concluding the leaf's class (a tree is a disjunction of conjunctions of
attribute tests, Mitchell 1997, section 3.2).  The rules are mutually exclusive
and, on complete instances, exhaustive, so their clause form (DESIGN.md
section 2) is answered by the query engine exactly as
:meth:`DecisionTree.classify` answers.

Examples
--------
>>> from symlearn.data import Attribute
>>> from symlearn.hypotheses.rule_set import Condition
>>> wind = Attribute("wind", ("strong", "weak"))
>>> tree = DecisionTree(
...     "playtennis", (wind,), (True, False),
...     Split.from_branches(0, (
...         Branch(Condition("wind", 0, "=", "strong"), 2.0, Leaf(False, (0.0, 2.0))),
...         Branch(Condition("wind", 0, "=", "weak"), 3.0, Leaf(True, (3.0, 0.0))),
...     ), True, (3.0, 2.0)),
... )
>>> tree.classify(("weak",)), tree.classify(("strong",))
(True, False)
>>> tree.class_distribution(("?",))
{True: 0.6, False: 0.4}
>>> print("\n".join(tree.to_text()))
wind = strong: neg (2)
wind = weak: pos (3)
>>> [str(c) for c in tree.to_clauses()]
['playtennis(weak).']

References
----------
Mitchell (1997) ch. 3 (section 3.2 the representation, section 3.4 ID3);
Quinlan (1986), "Induction of decision trees";
Quinlan (1993), *C4.5: Programs for Machine Learning*, ch. 2-3.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.data.attribute_value import MISSING, Attribute, Label
from symlearn.data.encoded import encode_columns
from symlearn.hypotheses.html import html_block
from symlearn.hypotheses.rule_set import Condition, Rule, RuleSet, label_text, number_term
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "AttributeScore",
    "Branch",
    "DecisionTree",
    "Leaf",
    "Node",
    "Split",
    "most_probable",
]


@dataclass(frozen=True, slots=True)
class Leaf:
    """A leaf: its class and the training weight of each class that reached it."""

    label: Label
    distribution: tuple[float, ...]

    @property
    def weight(self) -> float:
        """The training weight that reached the leaf."""
        return float(sum(self.distribution))


@dataclass(frozen=True, slots=True)
class Branch:
    """One outcome of a split: its condition, training weight and subtree."""

    condition: Condition
    weight: float
    subtree: Node


@dataclass(frozen=True, slots=True)
class AttributeScore:
    """How a candidate attribute scored at an inner node, when the node was split.

    Attributes
    ----------
    attribute
        The attribute's position.
    score
        The selection measure's value (information gain, gain ratio, Gini
        reduction ...) of its best split at the node; None when the attribute
        cannot split the node's examples (one value, or too few per branch).
    gain
        The impurity reduction of that split (the information gain for the
        entropy-based measures; equal to ``score`` for a reduction measure).
    threshold
        For a continuous attribute, the threshold of its best split.
    """

    attribute: int
    score: float | None
    gain: float
    threshold: float | None = None


@dataclass(frozen=True, slots=True)
class Split:
    """An inner node testing attribute number ``attribute``.

    Branch ``i`` takes the instances that pass ``conditions[i]``; ``weights[i]``
    is the training weight (with a known value) that went down it and
    ``children[i]`` its subtree.  ``label`` and ``distribution`` describe the
    training examples that reached the node: the class a leaf here would
    predict, and the class weights.  (Parallel tuples rather than one object
    per branch keep large trees cheap to build; :attr:`branches` gives the
    :class:`Branch` view.)  ``scores`` says how every candidate attribute
    scored when the node was split (empty for a tree built by hand); it is not
    part of the tree's meaning, so equality ignores it.
    """

    attribute: int
    conditions: tuple[Condition, ...]
    weights: tuple[float, ...]
    children: tuple[Node, ...]
    label: Label
    distribution: tuple[float, ...]
    scores: tuple[AttributeScore, ...] = field(default=(), compare=False)

    @classmethod
    def from_branches(
        cls,
        attribute: int,
        branches: Sequence[Branch],
        label: Label,
        distribution: tuple[float, ...],
        scores: tuple[AttributeScore, ...] = (),
    ) -> Split:
        """Build a split from :class:`Branch` objects."""
        return cls(
            attribute,
            tuple(b.condition for b in branches),
            tuple(b.weight for b in branches),
            tuple(b.subtree for b in branches),
            label,
            distribution,
            scores,
        )

    @property
    def branches(self) -> tuple[Branch, ...]:
        """The branches as :class:`Branch` objects."""
        return tuple(map(Branch, self.conditions, self.weights, self.children))

    @property
    def weight(self) -> float:
        """The training weight that reached the node."""
        return float(sum(self.distribution))

    @property
    def kind(self) -> str:
        """``"threshold"`` for a continuous test, else ``"value"``."""
        return "threshold" if self.conditions[0].op in ("=<", ">") else "value"


Node = Leaf | Split


def _child_for(node: Split, value: Term) -> Node | None:
    """The subtree an instance with ``value`` goes to (None: unknown, go everywhere)."""
    if value == MISSING:
        return None
    for condition, child in zip(node.conditions, node.children):
        if condition.holds(value):
            return child
    return None


@dataclass(frozen=True, slots=True)
class DecisionTree:
    """A decision tree for one attribute-value target (see the module docstring).

    Parameters
    ----------
    target
        The target predicate's name.
    attributes
        The attributes in argument order.
    classes
        The classes; distributions list weights in this order.
    root
        The root node.
    """

    target: str
    attributes: tuple[Attribute, ...]
    classes: tuple[Label, ...]
    root: Node

    @property
    def is_boolean(self) -> bool:
        """True for a pos/neg target."""
        return all(type(c) is bool for c in self.classes)

    # -- classification ------------------------------------------------------

    def _node_distribution(self, node: Node, instance: Sequence[Term]) -> np.ndarray:
        if isinstance(node, Leaf):
            total = node.weight
            if total > 0:
                return np.asarray(node.distribution, dtype=float) / total
            return np.asarray([_same(c, node.label) for c in self.classes], dtype=float)
        child = _child_for(node, instance[node.attribute])
        if child is not None:
            return self._node_distribution(child, instance)
        known = sum(node.weights)
        result = np.zeros(len(self.classes))
        for weight, sub in zip(node.weights, node.children):
            if weight > 0:
                result += (weight / known) * self._node_distribution(sub, instance)
        if known <= 0:
            result = np.asarray([_same(c, node.label) for c in self.classes], dtype=float)
        return result

    def class_distribution(self, instance: Sequence[Term]) -> dict[Label, float]:
        """The probability of each class for ``instance`` (fractional for missing values)."""
        probabilities = self._node_distribution(self.root, instance)
        return {c: round(float(p), 12) for c, p in zip(self.classes, probabilities)}

    def classify(self, instance: Sequence[Term]) -> Label:
        """The most probable class of ``instance`` (ties: the earlier class)."""
        node = self.root
        while isinstance(node, Split):
            child = _child_for(node, instance[node.attribute])
            if child is None:
                probabilities = self._node_distribution(node, instance)
                return self.classes[int(most_probable(probabilities))]
            node = child
        return node.label

    def predict(self, instances: Sequence[Sequence[Term]]) -> list[Label]:
        """:meth:`classify` for each instance (vectorised over numpy columns)."""
        if not instances:
            return []
        codes = self.predict_columns(encode_columns(self.attributes, instances))
        return [self.classes[int(c)] for c in codes]

    def predict_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """Class positions for encoded columns (see :mod:`symlearn.data.encoded`).

        Every row at once, those that meet a missing or unknown value on their
        path too: they go down every branch with their weight split as C4.5's
        fractional instances (:meth:`classify` gives the same class).
        """
        from symlearn.hypotheses.tree_arrays import predict_trees  # it builds on this module

        return predict_trees([self], columns)[0]

    # -- structure -----------------------------------------------------------

    def nodes(self) -> Iterator[Node]:
        """Every node, depth first, parents before children."""
        stack: list[Node] = [self.root]
        while stack:
            node = stack.pop()
            yield node
            if isinstance(node, Split):
                stack.extend(reversed(node.children))

    @property
    def size(self) -> int:
        """The number of nodes."""
        return sum(1 for _ in self.nodes())

    @property
    def leaf_count(self) -> int:
        """The number of leaves."""
        return sum(1 for n in self.nodes() if isinstance(n, Leaf))

    @property
    def depth(self) -> int:
        """The number of tests on the longest path."""
        best = 0
        stack: list[tuple[Node, int]] = [(self.root, 0)]
        while stack:
            node, d = stack.pop()
            best = max(best, d)
            if isinstance(node, Split):
                stack.extend((child, d + 1) for child in node.children)
        return best

    def paths(self) -> Iterator[tuple[tuple[Condition, ...], Leaf]]:
        """Each root-to-leaf path: its conditions and its leaf, left to right."""
        stack: list[tuple[Node, tuple[Condition, ...]]] = [(self.root, ())]
        while stack:
            node, conditions = stack.pop()
            if isinstance(node, Leaf):
                yield conditions, node
            else:
                stack.extend(
                    (child, (*conditions, condition))
                    for condition, child in zip(reversed(node.conditions), reversed(node.children))
                )

    # -- conversions ---------------------------------------------------------

    def to_rule_set(self) -> RuleSet:
        """One rule per path (unordered, mutually exclusive); see the module docstring."""
        rules = []
        for conditions, leaf in self.paths():
            correct = sum(
                w for c, w in zip(self.classes, leaf.distribution) if _same(c, leaf.label)
            )
            rules.append(Rule(conditions, leaf.label, covered=leaf.weight, correct=correct))
        return RuleSet(
            self.target, tuple(a.name for a in self.attributes), tuple(rules), self.classes
        )

    def to_clauses(self) -> list[Clause]:
        """The rule set's clauses (DESIGN.md section 2)."""
        return self.to_rule_set().to_clauses()

    def to_sympy(self, positive: Label | None = None) -> Any:
        """The DNF of the instances classified ``positive`` (default: True)."""
        return self.to_rule_set().to_sympy(positive)

    def _counts_text(self, distribution: Sequence[float], label: Label) -> str:
        total = sum(distribution)
        wrong = total - sum(w for c, w in zip(self.classes, distribution) if _same(c, label))
        text = _number_text(total)
        return f"{text}/{_number_text(wrong)}" if wrong > 1e-9 else text

    def scores_text(self, node: Split) -> str:
        """The candidates' scores at ``node``, best first: ``humidity 0.9710, wind 0.0200``.

        Values are rounded to 4 decimals (Python's ``format``, half to even);
        ``-`` marks an attribute that cannot split the node; a continuous
        attribute shows its best threshold (``temperature 0.1132 at 84``).
        Empty when the node carries no scores.
        """
        ranked = sorted(
            node.scores, key=lambda s: (s.score is None, -(s.score or 0.0), s.attribute)
        )
        parts = []
        for entry in ranked:
            name = self.attributes[entry.attribute].name
            value = "-" if entry.score is None else f"{entry.score:.4f}"
            if entry.threshold is not None:
                value += f" at {format_term(number_term(entry.threshold))}"
            parts.append(f"{name} {value}")
        return ", ".join(parts)

    def to_text(self, scores: bool = False, root: bool = True) -> list[str]:
        """The tree in C4.5's layout: one line per branch, ``(n/errors)`` at leaves.

        Parameters
        ----------
        scores
            Also show, at every inner node, how each candidate attribute scored
            there (:meth:`scores_text`, in square brackets): at the end of the
            branch line that leads to the node, and for the root on a first line.
        root
            With ``scores``, include that first line for the root.
        """
        lines: list[str] = []

        def measured(node: Split) -> str:
            text = self.scores_text(node) if scores else ""
            return f"  [{text}]" if text else ""

        def walk(node: Node, indent: str) -> None:
            if isinstance(node, Leaf):  # a tree that is a single leaf
                counts = self._counts_text(node.distribution, node.label)
                lines.append(f"{label_text(node.label)} ({counts})")
                return
            for branch in node.branches:
                head = f"{indent}{branch.condition}"
                sub = branch.subtree
                if isinstance(sub, Leaf):
                    counts = self._counts_text(sub.distribution, sub.label)
                    lines.append(f"{head}: {label_text(sub.label)} ({counts})")
                else:
                    lines.append(head + measured(sub))
                    walk(sub, indent + "|   ")

        if scores and root and isinstance(self.root, Split) and self.root.scores:
            lines.append(f"[{self.scores_text(self.root)}]")
        walk(self.root, "")
        return lines

    def _node_dict(self, node: Node) -> dict[str, Any]:
        counts = {
            label_text(c) if type(c) is bool else format_term(c): _json_number(w)
            for c, w in zip(self.classes, node.distribution)
        }
        if isinstance(node, Leaf):
            return {"label": _json_label(node.label), "counts": counts}
        result: dict[str, Any] = {
            "attribute": self.attributes[node.attribute].name,
            "branches": {
                _branch_key(b.condition): self._node_dict(b.subtree) for b in node.branches
            },
            "counts": counts,
        }
        if node.kind == "threshold":
            result["threshold"] = node.conditions[0].value
        if node.scores:
            result.update(self._scores_dict(node))
        return result

    def _scores_dict(self, node: Split) -> dict[str, Any]:
        """``gains`` (every candidate's score), ``thresholds``, ``information_gain``."""
        named = [(self.attributes[s.attribute].name, s) for s in node.scores]
        found: dict[str, Any] = {"gains": {n: _json_score(s.score) for n, s in named}}
        thresholds = {n: s.threshold for n, s in named if s.threshold is not None}
        if thresholds:
            found["thresholds"] = thresholds
        if any(s.score is not None and s.score != s.gain for s in node.scores):
            found["information_gain"] = {n: _json_score(s.gain) for n, s in named}
        return found

    def to_dict(self) -> dict[str, Any]:
        """The tree as nested JSON (DESIGN.md section 3).

        ``{"attribute": A, "branches": {value: subtree}}`` for a split (a
        threshold split's keys are ``"=< t"`` and ``"> t"``, a binary split's
        ``"[v1, v2]"``), ``{"label": L}`` for a leaf; every node also has the
        training ``counts`` per class.  An inner node grown by a learner also has
        ``gains``: the selection measure of every candidate attribute at that node
        (the attributes a multiway split above it used are not candidates; null
        for one that cannot split the node), ``thresholds`` (the best threshold
        of each continuous candidate) and, when the measure is not an impurity
        reduction (gain ratio, the cost-sensitive measures), ``information_gain``.
        """
        return self._node_dict(self.root)

    def __str__(self) -> str:
        return "\n".join(self.to_text())

    def _repr_html_(self) -> str:
        """Jupyter: the tree as text, each inner node with its candidates' scores.

        A picture: :func:`symlearn.render.display.picture` (or the learner's result).
        """
        title = (
            f"decision tree for {self.target}: {self.size} nodes, {self.leaf_count} leaves, "
            f"depth {self.depth}"
        )
        return html_block(title, self.to_text(scores=True))


def _branch_key(condition: Condition) -> str:
    if condition.op in ("=<", ">"):
        return f"{condition.op} {condition.value_text()}"
    return condition.value_text()


def _json_label(label: Label) -> str:
    return label_text(label) if type(label) is bool else format_term(label)


def _json_number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else round(float(x), 6)


def _json_score(x: float | None) -> float | None:
    return None if x is None else round(float(x), 15)


def _number_text(x: float) -> str:
    return str(round(x)) if abs(x - round(x)) < 1e-9 else f"{x:.1f}"


def _same(a: Label, b: Label) -> bool:
    return type(a) is type(b) and a == b


def most_probable(probabilities: np.ndarray) -> np.ndarray:
    """The position of the most probable class per row (the last axis).

    The probabilities are rounded to 12 decimals first, so that classes tied
    in exact arithmetic go to the class listed first whatever the order of
    the floating-point sums.
    """
    return np.argmax(np.round(probabilities, 12), axis=-1)
