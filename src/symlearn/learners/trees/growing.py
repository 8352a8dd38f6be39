r"""Top-down induction of decision trees, one tree level at a time, counted with numpy.

This is the top-down decision-tree induction of ID3 (Quinlan 1986; Mitchell
1997, Table 3.1) and CART (Breiman et al. 1984, ch. 2), shared by ID3, C4.5
and CART (:mod:`~symlearn.learners.trees.id3`, :mod:`~symlearn.learners.trees.c45`,
:mod:`~symlearn.learners.trees.cart`):

* a node whose examples all have one class, or that is too small or too deep
  (pre-pruning), or that no attribute can split, becomes a leaf labelled with
  the most common class (PLURALITY-VALUE; ties go to the class listed first);
* otherwise the attribute with the best
  :class:`~symlearn.learners.trees.selection.SelectionMeasure` score is tested,
  with one branch per value (ID3, C4.5), two branches for a
  subset of the values and the rest (CART), or two branches ``=< t`` and ``> t``
  at the best threshold ``t`` of a continuous attribute;
* a branch that no example reaches becomes a leaf with the parent's majority
  class (PLURALITY-VALUE(parent_examples)).

Multiway splits use each categorical attribute at most once on a path
("attributes \ A"); binary and threshold splits may test an attribute again.

**Continuous attributes** (C4.5): the candidate thresholds are the midpoints
between adjacent distinct values, sorted, where the class changes: a boundary
between two values whose examples all have the same single class is never
optimal (Fayyad and Irani 1992) and is skipped.  The threshold with the highest
gain is taken.

**Weighted examples**: an example of weight ``w`` (``EncodedData.weights``,
e.g. boosting's) counts as ``w`` examples everywhere: in the class counts,
the selection measure, pre-pruning and the leaves' distributions.

**Missing values** (C4.5's fractional examples): each example carries a weight
(1 at the start, or its given weight).  The gain of an attribute is computed on the examples whose
value is known and multiplied by their fraction; an example whose value is
unknown goes down every branch with its weight multiplied by the fraction of
known weight that went down that branch.

**How it is computed.**  The tree grows breadth first.  For each level every
example (row) carries the number of the node it sits in; for each attribute,
one ``numpy.bincount`` over ``(node, value, class)`` gives the class counts of
every branch of every node of the level at once, and the selection measure
scores all nodes in one vectorised call.  A continuous attribute's values are
sorted once per tree; each level then orders its rows by ``(node, value)``
with one sort of integers (node and rank).  No Python loop ever runs over examples: the
loops are over levels, attributes and, when the finished tree is assembled,
over nodes.

**Several trees at once** (:func:`grow_trees`, an ensemble's members): each
tree has its own sample of the rows (with weights) and of the attributes;
their roots are the first level's nodes, and every level counts the nodes
of all of them in the same numpy calls.  An attribute a tree does not see is
no candidate at its nodes.  Each tree is the one :func:`grow_tree` grows
from its sample alone (its classes in the table's order); branch weights
made of fractions are compared with the bounds (none, ``min_leaf``) with a
tolerance of 1e-9 of the node's weight, since their rounding depends on the
other nodes counted with them.

Examples
--------
>>> import numpy as np
>>> from symlearn.data.encoded import EncodedData
>>> from symlearn.learners.trees.selection import measure
>>> codes = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
>>> xor = EncodedData.from_codes(codes, np.array([0, 1, 1, 0]))
>>> tree = grow_tree(xor, TreeOptions(measure("gain")))
>>> print(tree)
a1 = v0
|   a2 = v0: neg (1)
|   a2 = v1: pos (1)
a1 = v1
|   a2 = v0: pos (1)
|   a2 = v1: neg (1)

References
----------
Mitchell (1997), section 3.4 and Table 3.1 (ID3), sections 3.7.2 and 3.7.4
(continuous-valued attributes, missing values); Breiman, Friedman, Olshen and
Stone (1984), *Classification and Regression Trees*, ch. 2 and 4; Quinlan
(1986), "Induction of decision trees"; Quinlan (1993) ch. 2-3; Fayyad and Irani
(1992), "On the handling of continuous-valued attributes in decision tree
generation", Machine Learning 8.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.columnar import Sample
from symlearn.data.encoded import EncodedData, encode
from symlearn.errors import InvalidParameterError, require
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.hypotheses.tree_arrays import remember_arrays
from symlearn.learners.trees.assembly import Layout, LevelRecord, Scores, assemble, tree_arrays
from symlearn.learners.trees.selection import SelectionMeasure
from symlearn.learners.trees.split_search import (
    Evaluation,
    evaluate_attribute,
    evaluate_categorical,
    first_best,
    value_ranks,
    values_count,
    weighted_bincount,
)

__all__ = [
    "RootReport",
    "TreeOptions",
    "as_encoded",
    "grow_tree",
    "grow_trees",
    "learn_tree",
    "root_report",
]

Progress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True)
class TreeOptions:
    """How to grow a tree.

    Attributes
    ----------
    measure
        The attribute selection measure.
    binary
        Split categorical attributes in two (a subset of the values against
        the rest), as CART does, instead of one branch per value.
    max_depth
        Pre-pruning: no test deeper than this (``None``: unlimited).
    min_examples
        Pre-pruning: a node with less training weight than this is a leaf.
    min_leaf
        Pre-pruning: a split needs at least two branches with this much
        training weight (C4.5's MINOBJS, 2 in C4.5; 0 allows any split).
    min_gain
        Pre-pruning: split only when the chosen split's impurity reduction is
        at least this (``None``: split whenever some attribute separates the
        examples, even with zero gain, as ID3 does).
    significance
        Pre-pruning: do not split where the chi-square test applies to the
        chosen split (expected counts large enough, Cochran's rule) and finds
        it not significant at this level, e.g. 0.01
        (:mod:`symlearn.learners.trees.significance`; ``None``: no test).
    keep_scores
        Keep every candidate attribute's score at every inner node (what
        reports and ``--json`` show); a model that only classifies (an
        ensemble's member) does without.
    """

    measure: SelectionMeasure
    binary: bool = False
    max_depth: int | None = None
    min_examples: float = 2.0
    min_leaf: float = 0.0
    min_gain: float | None = None
    significance: float | None = None
    keep_scores: bool = True

    def __post_init__(self) -> None:
        if self.significance is not None and not 0.0 < self.significance < 1.0:
            raise InvalidParameterError(
                f"the significance level must be in (0, 1), got {self.significance}"
            )
        if self.max_depth is not None and self.max_depth < 0:
            raise InvalidParameterError(f"max_depth must be >= 0, got {self.max_depth}")
        if self.min_examples < 0 or self.min_leaf < 0:
            raise InvalidParameterError("min_examples and min_leaf must be >= 0")


@dataclass
class _Level:
    """The examples of one tree level: which node each row is in, and its weight."""

    rows: np.ndarray
    node: np.ndarray
    weight: np.ndarray | None
    n_nodes: int
    used: np.ndarray  # (nodes, attributes) attributes already tested by a multiway split
    parent_label: np.ndarray
    tree: np.ndarray  # (nodes,) which tree of the ones grown together each node is in
    allowed: np.ndarray | None = None  # binary splits: (nodes, all values) still possible


def _class_counts(
    data: EncodedData, level: _Level, rows: np.ndarray, node: np.ndarray, w: np.ndarray | None
) -> np.ndarray:
    c = len(data.classes)
    keys = node.astype(np.int64) * c + data.y[rows]
    return weighted_bincount(keys, w, level.n_nodes * c).reshape(level.n_nodes, c)


def _choose(
    options: TreeOptions, scores: np.ndarray, gains: np.ndarray, passes: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The best attribute per node (-1 for none) and its gain."""
    valid = np.isfinite(scores)
    if options.measure.average_gain_filter:
        counted = valid.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            average = np.where(valid, gains, 0.0).sum(axis=1) / np.maximum(counted, 1)
        eligible = valid & (gains >= average[:, None] - 1e-12)
        scores = np.where(eligible, scores, -np.inf)
    best = first_best(scores)
    rows = np.arange(scores.shape[0])
    ok = np.isfinite(scores[rows, best])
    best_gain = gains[rows, best]
    if options.min_gain is not None:
        ok &= best_gain >= options.min_gain
    if passes is not None:
        ok &= passes[rows, best]
    return np.where(ok, best, -1), best_gain


def _best_splits(
    data: EncodedData,
    options: TreeOptions,
    layout: Layout,
    level: _Level,
    can_split: np.ndarray,
    ranks: dict[int, np.ndarray],
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, Scores]:
    """The attribute (-1: none), threshold and value subset chosen at each node.

    Only the nodes that may split are scored; their rows are renumbered
    ``0 .. m-1`` so that every count array has one row per such node.  The
    scores of every candidate at every node of the level come back too.
    """
    n = level.n_nodes
    n_attributes = len(data.attributes)
    active = np.flatnonzero(can_split)
    m = active.size
    local = np.full(n, -1, dtype=np.int64)
    local[active] = np.arange(m)
    node = local[level.node]
    keep = node >= 0
    rows, node = level.rows[keep], node[keep]
    w = None if level.weight is None else level.weight[keep]
    used = level.used[active]
    sees = layout.position[level.tree[active]] >= 0  # (nodes, attributes) its tree sees
    found = Scores.empty(m, n_attributes)
    passes = None if options.significance is None else np.zeros((m, n_attributes), dtype=bool)
    lefts: dict[int, np.ndarray] = {}
    base_cache: dict[int, np.ndarray] = {}
    evaluations: dict[int, Evaluation] = {}
    together: dict[int, list[int]] = {}  # categorical attributes by their number of values
    multiway = ~layout.continuous & (not options.binary)
    found.candidate[:] = sees & ~(used & multiway)
    for a in np.flatnonzero(np.any(found.candidate, axis=0)).tolist():
        if options.measure.attribute_free and not layout.continuous[a]:
            together.setdefault(values_count(data, a), []).append(a)
            continue
        if m > 1 and layout.continuous[a] and a not in ranks:
            ranks[a] = value_ranks(data.columns[a])  # sorted once per tree, for every level
        evaluations[a] = evaluate_attribute(
            data, options, a, rows, node, w, m, base_cache, rank=ranks.get(a)
        )
    for group in together.values():
        found_here = evaluate_categorical(data, options, group, rows, node, w, m, base_cache)
        evaluations.update(zip(group, found_here))
    for a, ev in sorted(evaluations.items()):
        found.score[:, a] = np.where(found.candidate[:, a], ev.score, -np.inf)
        found.gain[:, a] = ev.gain
        if ev.threshold is not None:
            found.threshold[:, a] = ev.threshold
        if ev.left is not None:
            lefts[a] = ev.left
        if passes is not None and ev.passes is not None:
            passes[:, a] = ev.passes
    chosen, _ = _choose(options, found.score, found.gain, passes)
    attribute = np.full(n, -1, dtype=np.int64)
    attribute[active] = chosen
    threshold = np.full(n, np.nan)
    split = np.flatnonzero(chosen >= 0)
    threshold[active[split]] = found.threshold[split, chosen[split]]
    left = None
    if options.binary:
        left = np.zeros((n, int(layout.offsets[-1])), dtype=bool)
        for a, first_values in lefts.items():
            here = np.flatnonzero(chosen == a)
            left[active[here], layout.span(a)] = first_values[here]
    every = Scores.empty(n, n_attributes)
    every.score[active], every.gain[active] = found.score, found.gain
    every.threshold[active], every.candidate[active] = found.threshold, found.candidate
    return attribute, threshold, left, every


def _grow_level(
    data: EncodedData,
    options: TreeOptions,
    layout: Layout,
    level: _Level,
    depth: int,
    ranks: dict[int, np.ndarray],
) -> tuple[LevelRecord, _Level]:
    n = level.n_nodes
    n_attributes = len(data.attributes)
    distribution = _class_counts(data, level, level.rows, level.node, level.weight)
    total = distribution.sum(axis=1)
    label = np.where(total > 0, np.argmax(distribution, axis=1), level.parent_label)
    can_split = ((distribution > 0).sum(axis=1) >= 2) & (total >= options.min_examples)
    if options.max_depth is not None and depth >= options.max_depth:
        can_split[:] = False
    attribute = np.full(n, -1, dtype=np.int64)
    threshold = np.full(n, np.nan)
    left = None
    scores = None
    if can_split.any() and n_attributes:
        attribute, threshold, left, scores = _best_splits(
            data, options, layout, level, can_split, ranks
        )
    record, next_level = _route(data, options, layout, level, attribute, threshold, left, label)
    record.distribution = distribution
    record.scores = scores
    return record, next_level


def _route(
    data: EncodedData,
    options: TreeOptions,
    layout: Layout,
    level: _Level,
    attribute: np.ndarray,
    threshold: np.ndarray,
    left: np.ndarray | None,
    label: np.ndarray,
) -> tuple[LevelRecord, _Level]:
    """Send each row of a split node down its branch (unknowns down all, weighted)."""
    split = attribute >= 0
    n_children = np.where(split, layout.branches[np.maximum(attribute, 0)], 0)
    child_base = np.cumsum(n_children) - n_children
    n_next = int(n_children.sum())
    keep = split[level.node]
    rows, node = level.rows[keep], level.node[keep]
    w = None if level.weight is None else level.weight[keep]
    branch = _branches(data, layout, rows, node, attribute, threshold, left)
    known = branch >= 0
    child = child_base[node] + branch
    child_weight = weighted_bincount(
        child[known], None if w is None else w[known], max(n_next, 1)
    )[:n_next]
    next_rows, next_node, next_weight = rows[known], child[known], None
    if w is not None:
        next_weight = w[known]
        if not known.all():
            next_rows, next_node, next_weight = _spread_unknown(
                rows[~known],
                node[~known],
                w[~known],
                child_base,
                n_children,
                child_weight,
                next_rows,
                next_node,
                next_weight,
            )
    parent = np.repeat(np.flatnonzero(split), n_children[split])  # of each child
    tested = attribute[parent]
    used = level.used[parent]
    allowed = None if level.allowed is None else level.allowed[parent]
    if allowed is not None and left is not None:
        # a binary split's first child keeps the values of its first branch, the second the rest
        side = np.where((np.arange(parent.size) % 2 == 0)[:, None], left[parent], ~left[parent])
        allowed &= side | (layout.owner[None, :] != tested[:, None])
    elif allowed is None:
        categorical = np.flatnonzero(~layout.continuous[tested])
        used[categorical, tested[categorical]] = True  # a multiway split uses its attribute up
    record = LevelRecord(
        distribution=np.empty(0),
        label=label,
        tree=level.tree,
        attribute=attribute,
        threshold=threshold,
        left=left,
        allowed=level.allowed,
        child_base=child_base,
        n_children=n_children,
        child_weight=child_weight,
    )
    next_level = _Level(
        rows=next_rows,
        node=next_node.astype(np.int64),
        weight=next_weight,
        n_nodes=n_next,
        used=used,
        parent_label=label[parent],
        tree=level.tree[parent],
        allowed=allowed,
    )
    return record, next_level


def _branches(
    data: EncodedData,
    layout: Layout,
    rows: np.ndarray,
    node: np.ndarray,
    attribute: np.ndarray,
    threshold: np.ndarray,
    left: np.ndarray | None,
) -> np.ndarray:
    """The branch each row takes at its node (-1: its value is unknown).

    ``left`` marks the values of a binary split's first branch (None: one
    branch per value).
    """
    branch = np.full(rows.size, -1, dtype=np.int64)
    node_attribute = attribute[node]
    for code in np.unique(node_attribute):
        a = int(code)
        here = np.flatnonzero(node_attribute == a)
        values = data.columns[a][rows[here]]
        if layout.continuous[a]:
            b = np.where(values <= threshold[node[here]], 0, 1)
            branch[here] = np.where(np.isnan(values), -1, b)
            continue
        codes = values.astype(np.int64)
        if left is not None:
            inside = left[node[here], layout.offsets[a] + np.maximum(codes, 0)]
            branch[here] = np.where(codes < 0, -1, np.where(inside, 0, 1))
        else:
            branch[here] = codes
    return branch


def _spread_unknown(
    rows: np.ndarray,
    node: np.ndarray,
    w: np.ndarray,
    child_base: np.ndarray,
    n_children: np.ndarray,
    child_weight: np.ndarray,
    next_rows: np.ndarray,
    next_node: np.ndarray,
    next_weight: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Copy each row with an unknown value into every branch, weighted by branch size."""
    reps = n_children[node]
    copy_rows = np.repeat(rows, reps)
    copy_node = np.repeat(node, reps)
    offset = np.arange(copy_rows.size) - np.repeat(np.cumsum(reps) - reps, reps)
    copy_child = child_base[copy_node] + offset
    owner = np.repeat(np.arange(child_base.size), n_children)
    node_known = np.bincount(owner, weights=child_weight, minlength=child_base.size)
    with np.errstate(invalid="ignore", divide="ignore"):
        fraction = child_weight[copy_child] / node_known[copy_node]
    copy_weight = np.repeat(w, reps) * np.nan_to_num(fraction)
    keep = copy_weight > 0
    return (
        np.concatenate([next_rows, copy_rows[keep]]),
        np.concatenate([next_node, copy_child[keep]]),
        np.concatenate([next_weight, copy_weight[keep]]),
    )


def _initial_level(data: EncodedData, samples: Sequence[Sample], layout: Layout | None) -> _Level:
    """The roots' level, one root per sample.

    ``layout`` of binary trees (None: multiway) adds the value masks.  Every
    row carries a weight when some sample has weights or a value is missing.
    """
    rows = np.concatenate([np.asarray(s.rows, dtype=np.int64) for s in samples])
    node = np.repeat(np.arange(len(samples)), [len(s.rows) for s in samples])
    weight = None
    weighted = data.weights is not None or any(s.weights is not None for s in samples)
    if weighted or data.has_missing():
        own = np.ones(data.n_rows) if data.weights is None else data.weights
        weight = np.concatenate(
            [own[s.rows] if s.weights is None else s.weights for s in samples]
        ).astype(np.float64)
    n = len(samples)
    return _Level(
        rows=rows,
        node=node,
        weight=weight,
        n_nodes=n,
        used=np.zeros((n, len(data.attributes)), dtype=bool),
        parent_label=np.zeros(n, dtype=np.int64),
        tree=np.arange(n),
        allowed=None if layout is None else np.ones((n, int(layout.offsets[-1])), dtype=bool),
    )


def grow_tree(
    data: EncodedData, options: TreeOptions, progress: Progress | None = None
) -> DecisionTree:
    """Grow a decision tree on ``data`` (see the module docstring).

    Parameters
    ----------
    data
        The training examples, encoded (:func:`symlearn.data.encoded.encode`).
    options
        The measure, split style and pre-pruning.
    progress
        Called as ``progress("growing tree: depth", depth, max_depth)`` after each level
        (``max_depth`` None when the depth is not limited).

    Raises
    ------
    InvalidParameterError
        When there are no examples.
    """
    return grow_trees(data, options, [Sample(np.arange(data.n_rows))], progress)[0]


def grow_trees(
    data: EncodedData,
    options: TreeOptions,
    samples: Sequence[Sample],
    progress: Progress | None = None,
) -> list[DecisionTree]:
    """Grow one tree per sample of ``data``'s examples and attributes, all at once.

    Each tree is the tree :func:`grow_tree` grows on ``sample.of(data)``
    (its rows, weighted by its weights, on its attributes, which it numbers
    in the sample's order); growing them together, level by level, counts
    the nodes of all of them in each numpy call (an ensemble's members).

    Raises
    ------
    InvalidParameterError
        When a sample has no examples.
    """
    if any(len(s.rows) == 0 for s in samples):
        raise InvalidParameterError("cannot grow a tree from no examples")
    levels: list[LevelRecord] = []
    layout = Layout.of(data, options.binary, samples)
    level = _initial_level(data, samples, layout if options.binary else None)
    ranks: dict[int, np.ndarray] = {}  # each numeric attribute sorted once, when first needed
    depth = 0
    while level.n_nodes:
        record, level = _grow_level(data, options, layout, level, depth, ranks)
        levels.append(record)
        depth += 1
        if progress is not None:
            progress("growing tree: depth", depth, options.max_depth)
    roots = assemble(data, options, layout, levels)
    trees = []
    for sample, root, arrays in zip(
        samples, roots, tree_arrays(data, layout, levels, options.binary)
    ):
        attributes = data.attributes
        if sample.attributes is not None:
            attributes = tuple(data.attributes[a] for a in sample.attributes)
        trees.append(DecisionTree(data.target, attributes, data.classes, root))
        remember_arrays(trees[-1], arrays)  # what classifies a table, made once here
    return trees


@dataclass(frozen=True)
class RootReport:
    """How every attribute scores at the root.

    Attributes
    ----------
    scores
        Attribute -> value of the selection measure (``None`` when the
        attribute cannot split the examples).
    gains
        Attribute -> impurity reduction (information gain for the entropy measures).
    thresholds
        Continuous attribute -> the best threshold.
    candidate_thresholds
        Continuous attribute -> every candidate threshold (midpoints where the class changes).
    """

    scores: dict[str, float | None]
    gains: dict[str, float]
    thresholds: dict[str, float]
    candidate_thresholds: dict[str, list[float]]


def root_report(data: EncodedData, options: TreeOptions) -> RootReport:
    """Score every attribute at the root (the ``gains`` of ``symlearn learn --json``).

    Examples
    --------
    >>> import numpy as np
    >>> from symlearn.data.encoded import EncodedData
    >>> from symlearn.learners.trees.selection import measure
    >>> data = EncodedData.from_codes(np.array([[0, 0], [0, 1], [1, 0]]), np.array([1, 1, 0]))
    >>> report = root_report(data, TreeOptions(measure("gain")))
    >>> {a: round(s, 3) for a, s in report.scores.items()}
    {'a1': 0.918, 'a2': 0.252}
    """
    level = _initial_level(data, [Sample(np.arange(data.n_rows))], None)
    scores: dict[str, float | None] = {}
    gains: dict[str, float] = {}
    thresholds: dict[str, float] = {}
    candidates: dict[str, list[float]] = {}
    base_cache: dict[int, np.ndarray] = {}
    for a, attribute in enumerate(data.attributes):
        ev = evaluate_attribute(
            data, options, a, level.rows, level.node, level.weight, 1, base_cache, True
        )
        score = float(ev.score[0])
        scores[attribute.name] = score if np.isfinite(score) else None
        gains[attribute.name] = float(ev.gain[0])
        if attribute.values is None:
            candidates[attribute.name] = ev.candidates
            if ev.threshold is not None and np.isfinite(ev.threshold[0]):
                thresholds[attribute.name] = float(ev.threshold[0])
    return RootReport(scores, gains, thresholds, candidates)


def as_encoded(data: AttributeValueData | EncodedData) -> EncodedData:
    """``data`` as numpy columns (encoding an :class:`AttributeValueData` if needed)."""
    require(
        data,
        (AttributeValueData, EncodedData),
        "data",
        "AttributeValueData (symlearn.from_kb, from_csv or from_records)",
    )
    return data if isinstance(data, EncodedData) else encode(data)


def learn_tree(
    data: AttributeValueData | EncodedData,
    options: TreeOptions,
    progress: Progress | None = None,
) -> DecisionTree:
    """:func:`grow_tree` on ``data`` in either form."""
    return grow_tree(as_encoded(data), options, progress)
