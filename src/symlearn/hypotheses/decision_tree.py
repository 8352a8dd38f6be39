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

from collections import OrderedDict
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

__all__ = ["AttributeScore", "Branch", "DecisionTree", "Leaf", "Node", "Split", "predict_trees"]


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
                return self.classes[int(_most_probable(probabilities))]
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
        return _predict_columns(self, columns)

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


# -- vectorised prediction ---------------------------------------------------


@dataclass(frozen=True, eq=False)
class _FlatTree:
    """The tree as arrays: the attribute, children and class of each node.

    Nodes are numbered breadth first, so the children of node ``k`` are
    ``first[k] .. first[k] + count[k] - 1``.  For C4.5's fractional instances
    (a missing or unknown value), ``share[k]`` is the part of its parent's
    known training weight that went down to node ``k``, and ``probability[k]``
    the class probabilities that end a path at ``k``: a leaf's distribution,
    or a split's own class where no known training weight went further.
    """

    attribute: np.ndarray  # -1 at leaves
    leaf_class: np.ndarray  # class position at leaves
    threshold: np.ndarray  # for threshold splits
    low: np.ndarray  # child for value =< threshold
    high: np.ndarray  # child for value > threshold
    table: np.ndarray  # (nodes, codes): child per value code, -1 none
    continuous: np.ndarray  # the node tests a continuous attribute
    first: np.ndarray  # the first child (-1 at leaves)
    count: np.ndarray  # the number of children
    share: np.ndarray  # the fraction of the parent's known weight
    ends: np.ndarray  # an unknown value stops here: a leaf, or a split no weight went down
    probability: np.ndarray  # (nodes, classes) where ``ends``


def _value_codes(condition: Condition, attribute: Attribute) -> list[int]:
    """The codes of the values of categorical ``attribute`` that pass ``condition``."""
    values = attribute.values or ()
    if condition.op in ("=", "in"):
        wanted = condition.value if condition.op == "in" else (condition.value,)
        keys = {(type(v), v) for v in wanted}
        return [code for code, v in enumerate(values) if (type(v), v) in keys]
    return [code for code, v in enumerate(values) if condition.holds(v)]


def _end_probabilities(tree: DecisionTree, node: Node) -> list[float] | None:
    """The class probabilities a path with an unknown value ends with at ``node`` (or None).

    A leaf: its training distribution (its own class when no example reached
    it); a split that no known training weight went through: its class.
    """
    if isinstance(node, Leaf):
        total = node.weight
        if total > 0:
            return [w / total for w in node.distribution]
    elif sum(node.weights) > 0:
        return None
    return [float(_same(c, node.label)) for c in tree.classes]


def _flatten(tree: DecisionTree) -> _FlatTree:
    """Number the nodes breadth first and lay the tree out as arrays."""
    nodes: list[Node] = [tree.root]
    positions = {(type(c), c): i for i, c in enumerate(tree.classes)}
    attribute: list[int] = []
    leaf_class: list[int] = []
    threshold: list[float] = []
    low: list[int] = []
    high: list[int] = []
    first: list[int] = []
    share: list[float] = [1.0]
    ends: list[int] = []
    ending: list[list[float]] = []
    routes: dict[tuple[int, int], int] = {}
    codes: dict[tuple[int, Condition], list[int]] = {}
    i = 0
    while i < len(nodes):
        node = nodes[i]
        probabilities = _end_probabilities(tree, node)
        if probabilities is not None:
            ends.append(i)
            ending.append(probabilities)
        if isinstance(node, Leaf):
            attribute.append(-1)
            leaf_class.append(positions[(type(node.label), node.label)])
            threshold.append(0.0)
            low.append(-1)
            high.append(-1)
            first.append(-1)
            i += 1
            continue
        a = node.attribute
        base = len(nodes)
        nodes.extend(node.children)
        known = sum(node.weights)
        share.extend(w / known if known > 0 else 0.0 for w in node.weights)
        first.append(base)
        attribute.append(a)
        leaf_class.append(0)
        t, lo, hi = 0.0, -1, -1
        if tree.attributes[a].values is None:
            for j, condition in enumerate(node.conditions):
                t = float(condition.value)
                if condition.op == "=<":
                    lo = base + j
                else:
                    hi = base + j
        else:
            for j, condition in enumerate(node.conditions):
                key = (a, condition)
                if key not in codes:
                    codes[key] = _value_codes(condition, tree.attributes[a])
                for code in codes[key]:
                    routes.setdefault((i, code), base + j)
        threshold.append(t)
        low.append(lo)
        high.append(hi)
        i += 1
    n = len(nodes)
    width = max([len(a.values or ()) for a in tree.attributes] + [1])
    table = np.full((n, width), -1, dtype=np.int32)
    if routes:
        index = np.array(list(routes.keys()), dtype=np.int64)
        table[index[:, 0], index[:, 1]] = np.fromiter(routes.values(), dtype=np.int32)
    count = np.array([len(x.children) if isinstance(x, Split) else 0 for x in nodes])
    probability = np.zeros((n, len(tree.classes)))
    probability[ends] = ending
    stops = np.zeros(n, dtype=bool)
    stops[ends] = True
    return _FlatTree(
        np.array(attribute, dtype=np.int32),
        np.array(leaf_class, dtype=np.int32),
        np.array(threshold),
        np.array(low, dtype=np.int32),
        np.array(high, dtype=np.int32),
        table,
        np.array([a >= 0 and tree.attributes[a].values is None for a in attribute]),
        np.array(first, dtype=np.int64),
        count.astype(np.int64),
        np.array(share),
        stops,
        probability,
    )


#: The trees flattened last, by identity, each kept with its tree (so that its
#: id is not reused while it is here): an ensemble classifies with each member
#: several times.
_FLAT_CACHE: OrderedDict[int, tuple[DecisionTree, _FlatTree]] = OrderedDict()
_FLAT_CACHE_SIZE = 32


def _flat(tree: DecisionTree) -> _FlatTree:
    """:func:`_flatten` of ``tree``, remembered for the last few trees."""
    cached = _FLAT_CACHE.get(id(tree))
    if cached is not None and cached[0] is tree:
        _FLAT_CACHE.move_to_end(id(tree))
        return cached[1]
    flat = _flatten(tree)
    _FLAT_CACHE[id(tree)] = (tree, flat)
    if len(_FLAT_CACHE) > _FLAT_CACHE_SIZE:
        _FLAT_CACHE.popitem(last=False)
    return flat


#: The most values (rows x attributes) :func:`_predict_columns` gathers at once.
_BLOCK_VALUES = 1 << 22


def _children(flat: _FlatTree, values: np.ndarray, node: np.ndarray) -> np.ndarray:
    """The child each row goes to from its inner node; -1 for a missing or unknown value.

    ``values`` is each row's value of its node's attribute (a value code, or
    a number of a continuous attribute; -1 or NaN when missing).
    """
    missing = np.isnan(values)
    continuous = flat.continuous[node]
    lower = values <= flat.threshold[node]
    by_threshold = np.where(lower, flat.low[node], flat.high[node])
    codes = np.where(missing | continuous, -1, values).astype(np.int64)
    known = (codes >= 0) & (codes < flat.table.shape[1])
    by_value = flat.table[node, np.where(known, codes, 0)]
    child = np.where(continuous, by_threshold, np.where(known, by_value, -1))
    return np.where(missing, -1, child).astype(np.int32)


def _fractional(
    flat: _FlatTree,
    matrix: np.ndarray,
    position: np.ndarray,
    rows: np.ndarray,
    node: np.ndarray,
) -> np.ndarray:
    """Class probabilities ``(rows, classes)`` of ``rows`` from ``node`` on, as C4.5 classifies.

    Each row goes down the branch of its value; at a node where its value is
    missing or unknown it goes down every branch that training weight went
    down, weighted by that branch's share; the probabilities of the leaves
    reached, times the product of the shares on the way, are added up.  The
    same sum as :meth:`DecisionTree.class_distribution`, for many rows at once.
    """
    result = np.zeros((rows.size, flat.probability.shape[1]))
    index = np.arange(rows.size)
    weight = np.ones(rows.size)
    while index.size:
        inner = flat.attribute[node] >= 0
        child = np.full(index.size, -1, dtype=np.int32)
        if inner.any():
            values = matrix[rows[index[inner]], position[flat.attribute[node[inner]]]]
            child[inner] = _children(flat, values, node[inner])
        stop = (child < 0) & flat.ends[node]
        np.add.at(result, index[stop], weight[stop, None] * flat.probability[node[stop]])
        spread = (child < 0) & ~stop
        reps = flat.count[node[spread]]
        offset = np.arange(int(reps.sum())) - np.repeat(np.cumsum(reps) - reps, reps)
        fanned = np.repeat(flat.first[node[spread]], reps) + offset
        fanned_weight = np.repeat(weight[spread], reps) * flat.share[fanned]
        keep = flat.share[fanned] > 0
        going = child >= 0
        index = np.concatenate([index[going], np.repeat(index[spread], reps)[keep]])
        node = np.concatenate([child[going], fanned[keep]]).astype(np.int32)
        weight = np.concatenate([weight[going], fanned_weight[keep]])
    return result


def _most_probable(probabilities: np.ndarray) -> np.ndarray:
    """The position of the most probable class per row (the last axis).

    The probabilities are rounded to 12 decimals first, so that classes tied
    in exact arithmetic go to the class listed first whatever the order of
    the floating-point sums.
    """
    return np.argmax(np.round(probabilities, 12), axis=-1)


def _predict_columns(tree: DecisionTree, columns: Sequence[np.ndarray]) -> np.ndarray:
    """Class positions of encoded ``columns``."""
    return predict_trees([tree], columns)[0]


def predict_trees(
    trees: Sequence[DecisionTree],
    columns: Sequence[np.ndarray],
    attributes: Sequence[Sequence[int] | None] | None = None,
) -> np.ndarray:
    """Each tree's class of every row of a table, all trees at once: ``(trees, rows)``.

    ``columns`` are the table's encoded columns; ``attributes[t]`` are the
    columns tree ``t``'s attributes are, in its order (None: all of them, as
    they are).  A class is a position in that tree's ``classes``.  Every
    (tree, row) pair goes down its tree in the same numpy steps (an
    ensemble's members), a block of rows at a time.
    """
    maps = [
        np.arange(len(t.attributes)) if a is None else np.asarray(a, dtype=np.int64)
        for t, a in zip(trees, attributes or [None] * len(trees))
    ]
    flat, roots = _joined(trees, maps)
    n = int(columns[0].shape[0]) if columns else 0
    result = np.zeros((len(trees), n), dtype=np.int32)
    used = np.unique(flat.attribute[flat.attribute >= 0])
    if n == 0 or used.size == 0:
        result[:] = flat.leaf_class[roots][:, None]
        return result
    categorical = {
        int(m[j])
        for t, m in zip(trees, maps)
        for j, a in enumerate(t.attributes)
        if a.values is not None
    }
    position = np.full(int(used.max()) + 1, -1, dtype=np.int32)
    position[used] = np.arange(used.size)
    block = max(1, _BLOCK_VALUES // (used.size * len(trees)))
    for start in range(0, n, block):
        stop = min(n, start + block)
        matrix = np.column_stack(
            [_as_numbers(columns[a][start:stop], a in categorical) for a in used.tolist()]
        )
        rows = np.tile(np.arange(stop - start), len(trees))
        node = np.repeat(roots, stop - start).astype(np.int32)
        found = _predict_paths(flat, matrix, position, rows, node)
        result[:, start:stop] = found.reshape(len(trees), stop - start)
    return result


def _joined(
    trees: Sequence[DecisionTree], maps: Sequence[np.ndarray]
) -> tuple[_FlatTree, np.ndarray]:
    """The trees laid out as one (their attributes as table columns) and each root's node."""
    flats = [_flat(t) for t in trees]
    if len(flats) == 1 and np.array_equal(maps[0], np.arange(maps[0].size)):
        return flats[0], np.zeros(1, dtype=np.int64)
    sizes = [f.attribute.size for f in flats]
    roots = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    width = max(f.table.shape[1] for f in flats)
    classes = max(f.probability.shape[1] for f in flats)

    def moved(nodes: np.ndarray, offset: int) -> np.ndarray:
        return np.where(nodes >= 0, nodes + offset, -1)

    table = np.full((sum(sizes), width), -1, dtype=np.int32)
    probability = np.zeros((sum(sizes), classes))
    for f, root in zip(flats, roots.tolist()):
        table[root : root + f.attribute.size, : f.table.shape[1]] = moved(f.table, root)
        probability[root : root + f.attribute.size, : f.probability.shape[1]] = f.probability
    joined = _FlatTree(
        np.concatenate(
            [
                np.where(f.attribute >= 0, m[np.maximum(f.attribute, 0)], -1)
                for f, m in zip(flats, maps)
            ]
        ).astype(np.int32),
        np.concatenate([f.leaf_class for f in flats]),
        np.concatenate([f.threshold for f in flats]),
        np.concatenate([moved(f.low, r) for f, r in zip(flats, roots.tolist())]).astype(np.int32),
        np.concatenate([moved(f.high, r) for f, r in zip(flats, roots.tolist())]).astype(np.int32),
        table,
        np.concatenate([f.continuous for f in flats]),
        np.concatenate([moved(f.first, r) for f, r in zip(flats, roots.tolist())]),
        np.concatenate([f.count for f in flats]),
        np.concatenate([f.share for f in flats]),
        np.concatenate([f.ends for f in flats]),
        probability,
    )
    return joined, roots


def _as_numbers(column: np.ndarray, categorical: bool) -> np.ndarray:
    """A column as floats, NaN where the value is missing (a category's code -1)."""
    values = column.astype(np.float64)
    if categorical:
        values[column < 0] = np.nan
    return values


def _predict_paths(
    flat: _FlatTree, matrix: np.ndarray, position: np.ndarray, rows: np.ndarray, node: np.ndarray
) -> np.ndarray:
    """The class at the end of each path: row ``rows[i]`` of ``matrix`` from node ``node[i]``.

    ``matrix`` holds the attributes at ``position`` as numbers.
    """
    result = np.zeros(rows.size, dtype=np.int32)
    path = np.arange(rows.size)
    stuck_paths: list[np.ndarray] = []
    stuck_nodes: list[np.ndarray] = []
    while path.size:
        at_leaf = flat.attribute[node] < 0
        result[path[at_leaf]] = flat.leaf_class[node[at_leaf]]
        path, node = path[~at_leaf], node[~at_leaf]
        child = _children(flat, matrix[rows[path], position[flat.attribute[node]]], node)
        lost = child < 0
        stuck_paths.append(path[lost])
        stuck_nodes.append(node[lost])
        path, node = path[~lost], child[~lost]
    path, node = np.concatenate(stuck_paths), np.concatenate(stuck_nodes)
    if path.size:
        probabilities = _fractional(flat, matrix, position, rows[path], node)
        result[path] = _most_probable(probabilities)
    return result
