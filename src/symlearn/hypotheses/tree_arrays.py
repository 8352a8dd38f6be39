"""Decision trees as arrays: every row (and every tree of an ensemble) classified at once.

A :class:`~symlearn.hypotheses.decision_tree.DecisionTree` laid out as
:class:`TreeArrays` (nodes numbered breadth first) classifies a table's
encoded columns level by level with numpy: each row follows the branch of
its value; a row whose value is missing or unknown at a node goes down every
branch that training weight went down, weighted by that branch's share, and
the class probabilities of the leaves it reaches are added up (C4.5's
fractional instances, Quinlan 1993, ch. 3), as
:meth:`~symlearn.hypotheses.decision_tree.DecisionTree.classify` does one
instance at a time.  :func:`predict_trees` lays several trees out as one, so
that an ensemble's members classify in the same numpy steps.

The arrays are made from a tree's nodes (:func:`flatten`), or given by what
grew it (:func:`remember_arrays`: the grower has them already), and kept for
the last trees asked about.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.data.attribute_value import Attribute
from symlearn.hypotheses.decision_tree import DecisionTree, Leaf, Node, Split, most_probable
from symlearn.hypotheses.rule_set import Condition

__all__ = ["TreeArrays", "arrays_of", "flatten", "predict_trees", "remember_arrays"]


@dataclass(frozen=True, eq=False)
class TreeArrays:
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
    return [float(type(c) is type(node.label) and c == node.label) for c in tree.classes]


def flatten(tree: DecisionTree) -> TreeArrays:
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
    return TreeArrays(
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
_FLAT_CACHE: OrderedDict[int, tuple[DecisionTree, TreeArrays]] = OrderedDict()
_FLAT_CACHE_SIZE = 64


def remember_arrays(tree: DecisionTree, arrays: TreeArrays) -> None:
    """Keep ``arrays`` as ``tree``'s (made by what built it; equal to :func:`flatten`'s)."""
    _FLAT_CACHE[id(tree)] = (tree, arrays)
    _FLAT_CACHE.move_to_end(id(tree))
    if len(_FLAT_CACHE) > _FLAT_CACHE_SIZE:
        _FLAT_CACHE.popitem(last=False)


def arrays_of(tree: DecisionTree) -> TreeArrays:
    """:func:`_flatten` of ``tree``, remembered for the last few trees."""
    cached = _FLAT_CACHE.get(id(tree))
    if cached is not None and cached[0] is tree:
        _FLAT_CACHE.move_to_end(id(tree))
        return cached[1]
    flat = flatten(tree)
    _FLAT_CACHE[id(tree)] = (tree, flat)
    if len(_FLAT_CACHE) > _FLAT_CACHE_SIZE:
        _FLAT_CACHE.popitem(last=False)
    return flat


#: The most values (rows x attributes) :func:`_predict_columns` gathers at once.
_BLOCK_VALUES = 1 << 22


def _children(flat: TreeArrays, values: np.ndarray, node: np.ndarray) -> np.ndarray:
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
    flat: TreeArrays,
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
) -> tuple[TreeArrays, np.ndarray]:
    """The trees laid out as one (their attributes as table columns) and each root's node."""
    flats = [arrays_of(t) for t in trees]
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
    joined = TreeArrays(
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
    flat: TreeArrays, matrix: np.ndarray, position: np.ndarray, rows: np.ndarray, node: np.ndarray
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
        result[path] = most_probable(probabilities)
    return result
