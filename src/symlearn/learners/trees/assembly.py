"""From a grown tree level's arrays to the tree: its nodes and conditions.

:mod:`~symlearn.learners.trees.growing` grows trees a level at a time and
records each level as arrays (:class:`LevelRecord`: every node's class
counts, test, threshold or value sets, children); :func:`assemble` turns the
records into :class:`~symlearn.hypotheses.decision_tree.Split` and
:class:`~symlearn.hypotheses.decision_tree.Leaf` nodes, bottom up.
:class:`Layout` says what the grower needs about the attributes, and
:class:`Scores` how every candidate scored at a level's nodes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from symlearn.data.columnar import Sample
from symlearn.data.encoded import EncodedData
from symlearn.hypotheses.decision_tree import AttributeScore, Leaf, Node, Split
from symlearn.hypotheses.rule_set import Condition
from symlearn.hypotheses.tree_arrays import TreeArrays
from symlearn.learners.trees.split_search import is_continuous, values_count

if TYPE_CHECKING:
    from symlearn.learners.trees.growing import TreeOptions

__all__ = ["Layout", "LevelRecord", "Scores", "assemble", "tree_arrays"]


@dataclass(frozen=True)
class Layout:
    """What the grower needs about the attributes, worked out once per growth.

    ``continuous``, ``sizes`` (how many values) and ``branches`` (how many
    children a split on it has) per attribute; a node's value masks
    (``allowed``, the first branch's values of a binary split) have one
    column per value of every categorical attribute,
    attribute ``a``'s from ``offsets[a]`` to ``offsets[a + 1]``, and
    ``owner`` says whose each column is.  ``position[t, a]`` is attribute
    ``a``'s position among the attributes tree ``t`` sees (-1: it does not).
    """

    continuous: np.ndarray
    sizes: np.ndarray
    branches: np.ndarray
    offsets: np.ndarray
    owner: np.ndarray
    position: np.ndarray
    spans: tuple[slice, ...]

    @classmethod
    def of(cls, data: EncodedData, binary: bool, samples: Sequence[Sample]) -> Layout:
        """The layout of ``data``'s attributes for trees on ``samples`` (``binary`` splits)."""
        sizes = np.array([values_count(data, a) for a in range(len(data.attributes))], np.int64)
        continuous = np.array([is_continuous(data, a) for a in range(sizes.size)], dtype=bool)
        branches = np.where(continuous | binary, 2, sizes)
        offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        position = np.tile(np.arange(sizes.size), (len(samples), 1))
        for t, sample in enumerate(samples):
            if sample.attributes is not None:
                position[t] = -1
                position[t, list(sample.attributes)] = np.arange(len(sample.attributes))
        owner = np.repeat(np.arange(sizes.size), sizes)
        bounds = offsets.tolist()
        spans = tuple(slice(lo, hi) for lo, hi in itertools.pairwise(bounds))
        return cls(continuous, sizes, branches, offsets, owner, position, spans)

    def span(self, a: int) -> slice:
        """Attribute ``a``'s columns in a value mask."""
        return self.spans[a]


@dataclass
class Scores:
    """How every attribute scored at the nodes of a level that could split.

    ``score``, ``gain`` and ``threshold`` are ``(nodes, attributes)``;
    ``candidate`` is False where an attribute was not considered (a multiway
    split above the node used it), and ``score`` is ``-inf`` where a
    candidate cannot split the node.
    """

    score: np.ndarray
    gain: np.ndarray
    threshold: np.ndarray
    candidate: np.ndarray
    rows: tuple[list[Any], ...] | None = None

    @classmethod
    def empty(cls, n_nodes: int, n_attributes: int) -> Scores:
        """No candidate at any node yet."""
        shape = (n_nodes, n_attributes)
        return cls(
            np.full(shape, -np.inf),
            np.zeros(shape),
            np.full(shape, np.nan),
            np.zeros(shape, dtype=bool),
        )

    def of(self, k: int, position: np.ndarray) -> tuple[AttributeScore, ...]:
        """The scores of node ``k``'s candidates, in attribute order.

        ``position`` numbers the attributes as the node's tree sees them.
        """
        if self.rows is None:  # Python floats, converted once for the whole level
            self.rows = (
                self.score.tolist(),
                self.gain.tolist(),
                self.threshold.tolist(),
                self.candidate.tolist(),
            )
        scores, gains, thresholds, candidates = (part[k] for part in self.rows)
        found = []
        for a, (score, gain, threshold, candidate) in enumerate(
            zip(scores, gains, thresholds, candidates)
        ):
            if not candidate:
                continue
            own = int(position[a])
            if not math.isfinite(score):  # this candidate cannot split the node
                found.append(AttributeScore(own, None, gain))
                continue
            found.append(
                AttributeScore(own, score, gain, threshold if math.isfinite(threshold) else None)
            )
        return tuple(found)


@dataclass
class LevelRecord:
    """What the assembly needs about the nodes of one level."""

    distribution: np.ndarray
    label: np.ndarray
    tree: np.ndarray
    attribute: np.ndarray
    threshold: np.ndarray
    left: np.ndarray | None  # (nodes, value columns) binary splits: the first branch's values
    allowed: np.ndarray | None
    child_base: np.ndarray
    n_children: np.ndarray
    child_weight: np.ndarray
    scores: Scores | None = None


def _conditions(
    data: EncodedData, layout: Layout, record: LevelRecord, k: int, binary: bool, own: int
) -> list[Condition]:
    """The conditions of node ``k``'s branches; its tree numbers the attribute ``own``."""
    a = int(record.attribute[k])
    attribute = data.attributes[a]
    if attribute.values is None:
        t = float(record.threshold[k])
        return [Condition(attribute.name, own, "=<", t), Condition(attribute.name, own, ">", t)]
    values = attribute.values
    if not binary:
        return [Condition(attribute.name, own, "=", value) for value in values]
    assert record.left is not None  # a binary split of a categorical attribute
    mask = record.left[k, layout.span(a)].tolist()
    possible = [True] * len(values)
    if record.allowed is not None:
        possible = record.allowed[k, layout.span(a)].tolist()
    inside = tuple(v for v, m, p in zip(values, mask, possible) if m and p)
    outside = tuple(v for v, m, p in zip(values, mask, possible) if p and not m)
    return [
        Condition(attribute.name, own, "in", inside),
        Condition(attribute.name, own, "in", outside),
    ]


def assemble(
    data: EncodedData, options: TreeOptions, layout: Layout, levels: list[LevelRecord]
) -> list[Node]:
    """The trees' nodes from the levels' records, bottom up: the roots, one per tree."""
    classes = data.classes
    below: list[Node] = []
    shared: dict[tuple[int, int], list[Condition]] = {}
    for record in reversed(levels):
        nodes: list[Node] = []
        distributions = [tuple(d) for d in record.distribution.tolist()]
        labels = record.label.tolist()
        attributes = record.attribute.tolist()
        trees = record.tree.tolist()
        bases = record.child_base.tolist()
        counts = record.n_children.tolist()
        weights = record.child_weight.tolist()
        for k, a in enumerate(attributes):
            label = classes[labels[k]]
            if a < 0:
                nodes.append(Leaf(label, distributions[k]))
                continue
            position = layout.position[trees[k]]
            own = int(position[a])
            if data.attributes[a].values is not None and not options.binary:
                conditions = shared.get((a, own)) or shared.setdefault(
                    (a, own), _conditions(data, layout, record, k, False, own)
                )
            else:
                conditions = _conditions(data, layout, record, k, options.binary, own)
            base, end = bases[k], bases[k] + counts[k]
            nodes.append(
                Split(
                    own,
                    tuple(conditions),
                    tuple(weights[base:end]),
                    tuple(below[base:end]),
                    label,
                    distributions[k],
                    record.scores.of(k, position)
                    if record.scores is not None and options.keep_scores
                    else (),
                )
            )
        below = nodes
    return below


def tree_arrays(
    data: EncodedData, layout: Layout, levels: list[LevelRecord], binary: bool
) -> list[TreeArrays]:
    """Each grown tree as :class:`~symlearn.hypotheses.tree_arrays.TreeArrays`, from the records.

    The levels number the nodes breadth first already (each tree's nodes in
    order, children after their parents'), so the arrays come straight from
    them, equal to what :func:`~symlearn.hypotheses.tree_arrays.flatten`
    would make of the assembled nodes.
    """
    sizes = [record.label.size for record in levels]
    offset = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    tree = np.concatenate([record.tree for record in levels])
    attribute = np.concatenate([record.attribute for record in levels])
    label = np.concatenate([record.label for record in levels])
    count = np.concatenate([record.n_children for record in levels]).astype(np.int64)
    first = np.concatenate(
        [
            np.where(r.attribute >= 0, offset[i + 1] + r.child_base, -1)
            for i, r in enumerate(levels)
        ]
    ).astype(np.int64)
    split = attribute >= 0
    tested = np.maximum(attribute, 0)
    continuous = split & layout.continuous[tested]
    # each node's share of its parent's known weight (the weights of a parent's children in order)
    incoming = np.concatenate([np.ones(sizes[0]), *(r.child_weight for r in levels[:-1])])
    parent = np.repeat(np.flatnonzero(split), count[split])
    known = np.bincount(parent, weights=incoming[sizes[0] :], minlength=attribute.size)
    share = np.ones(attribute.size)
    with np.errstate(invalid="ignore", divide="ignore"):
        share[sizes[0] :] = np.where(known[parent] > 0, incoming[sizes[0] :] / known[parent], 0.0)
    probability, ends = _end_probabilities(levels, label, split, known)
    table = np.concatenate(
        [_value_table(r, offset[i + 1], layout, binary) for i, r in enumerate(levels)]
    )
    threshold = np.where(continuous, np.concatenate([r.threshold for r in levels]), 0.0)
    found = []
    for t in range(int(layout.position.shape[0])):
        nodes = np.flatnonzero(tree == t)
        local = np.full(attribute.size, -1, dtype=np.int64)
        local[nodes] = np.arange(nodes.size)
        own = np.where(split, layout.position[t][tested], -1)[nodes]
        sees = layout.position[t] >= 0
        width = max([int(layout.sizes[a]) for a in np.flatnonzero(sees)] + [1])
        here = first[nodes]
        child = np.where(here >= 0, local[np.maximum(here, 0)], -1)
        routes = table[nodes, :width]
        found.append(
            TreeArrays(
                own.astype(np.int32),
                np.where(split, 0, label)[nodes].astype(np.int32),
                threshold[nodes],
                np.where(continuous[nodes], child, -1).astype(np.int32),
                np.where(continuous[nodes], child + 1, -1).astype(np.int32),
                np.where(routes >= 0, local[np.maximum(routes, 0)], -1).astype(np.int32),
                continuous[nodes],
                child,
                count[nodes],
                share[nodes],
                ends[nodes],
                probability[nodes],
            )
        )
    return found


def _end_probabilities(
    levels: list[LevelRecord], label: np.ndarray, split: np.ndarray, known: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Where a path with an unknown value ends (a leaf, a split no known weight went through).

    And the class probabilities it ends with there: a leaf's distribution
    (its class when no example reached it), the split's class.
    """
    distribution = np.concatenate([record.distribution for record in levels])
    total = np.zeros(label.size)
    for j in range(distribution.shape[1]):  # added in class order, as sum() adds a tuple
        total = total + distribution[:, j]
    ends = ~split | (known <= 0)
    own_class = np.eye(distribution.shape[1])[label]
    with np.errstate(invalid="ignore", divide="ignore"):
        shares = distribution / total[:, None]
    probability = np.where((~split & (total > 0))[:, None], shares, own_class)
    return np.where(ends[:, None], probability, 0.0), ends


def _value_table(record: LevelRecord, base: int, layout: Layout, binary: bool) -> np.ndarray:
    """The child (global number) each value code of a level's categorical tests leads to.

    ``(nodes, most values)``; -1 where a value leads nowhere (a leaf, a
    continuous test, a value no branch of a binary split accepts any more).
    """
    n = record.label.size
    width = max(int(layout.sizes.max(initial=1)), 1)
    table = np.full((n, width), -1, dtype=np.int64)
    tested = np.maximum(record.attribute, 0)
    categorical = (record.attribute >= 0) & ~layout.continuous[tested]
    if not categorical.any():
        return table
    nodes = np.flatnonzero(categorical)
    a = tested[nodes]
    code = np.arange(width)
    valid = code[None, :] < layout.sizes[a][:, None]
    first = (base + record.child_base[nodes])[:, None]
    if not binary:
        table[nodes] = np.where(valid, first + code[None, :], -1)
        return table
    assert record.left is not None
    column = np.minimum(layout.offsets[a][:, None] + code[None, :], record.left.shape[1] - 1)
    inside = record.left[nodes[:, None], column]
    possible = valid
    if record.allowed is not None:
        possible = valid & record.allowed[nodes[:, None], column]
    table[nodes] = np.where(possible & inside, first, np.where(possible, first + 1, -1))
    return table
