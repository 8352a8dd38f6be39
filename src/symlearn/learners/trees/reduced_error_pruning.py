"""Reduced-error pruning of a decision tree on a validation set.

Reduced-error pruning (Quinlan 1987; Mitchell 1997, section 3.7.1.1): every
decision node is a candidate for pruning, and the aim is the smallest version
of the most accurate subtree on a validation set.  Pruning a node replaces the
subtree below it by a leaf labelled with the most common classification of the
training examples that reached the node; a node is pruned when the pruned tree
performs no worse than the original on the validation set.

Mitchell describes a greedy loop (prune the node whose removal helps most,
repeat).  Because validation errors add up over disjoint subtrees, the
smallest most accurate pruned tree is found exactly, in one bottom-up pass,
by Quinlan's (1987) formulation: going from the leaves up, replace a subtree
by a leaf whenever the leaf makes no more validation errors than the (already
pruned) subtree.  The greedy loop can stop at a larger or less accurate tree
(when two sibling prunings together beat pruning their parent but each alone
does not); the bottom-up pass cannot, and the tests check it against all
prunings of small trees.

Validation examples with a missing value go down every branch with the
branch's training fraction, as in classification; their errors are then
fractional and the pass minimises the expected number of errors.

Examples
--------
>>> import numpy as np
>>> from symlearn.data.encoded import EncodedData, encode_columns
>>> from symlearn.learners.trees.id3 import id3
>>> codes = np.array([[a, b] for a in (0, 1) for b in (0, 1)] * 5)
>>> y = codes[:, 0].copy()
>>> y[0] = 1                                  # one noisy training label
>>> train = EncodedData.from_codes(codes, y)
>>> print(id3(train))
a1 = v0
|   a2 = v0: neg (5/1)
|   a2 = v1: neg (5)
a1 = v1: pos (10)
>>> print(reduced_error_prune(id3(train), EncodedData.from_codes(codes, codes[:, 0])))
a1 = v0: neg (10/1)
a1 = v1: pos (10)

References
----------
Mitchell (1997) section 3.7.1.1; Quinlan (1987), "Simplifying decision
trees", Int. J. Man-Machine Studies 27.
"""

from __future__ import annotations

import numpy as np

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.encoded import EncodedData, encode_columns
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.decision_tree import DecisionTree, Leaf, Node, Split
from symlearn.learners.trees.masks import values_mask

__all__ = ["node_class_weights", "reduced_error_prune"]


def node_class_weights(tree: DecisionTree, data: EncodedData) -> dict[int, np.ndarray]:
    """The class weights of ``data``'s examples reaching each node (keyed by ``id(node)``).

    An example meets a missing or unknown value and goes down every branch,
    weighted by the branches' training fractions.
    """
    n_classes = len(tree.classes)
    result: dict[int, np.ndarray] = {}
    stack: list[tuple[Node, np.ndarray, np.ndarray]] = [
        (tree.root, np.arange(data.n_rows), np.ones(data.n_rows))
    ]
    while stack:
        node, rows, weights = stack.pop()
        result[id(node)] = np.bincount(data.y[rows], weights=weights, minlength=n_classes)
        if isinstance(node, Leaf) or rows.size == 0:
            if isinstance(node, Split):
                stack.extend((child, rows, weights) for child in node.children)
            continue
        attribute = data.attributes[node.attribute]
        values = data.columns[node.attribute][rows]
        routed = np.zeros(rows.size, dtype=bool)
        masks = []
        for condition in node.conditions:
            mask = values_mask(condition, attribute, values) & ~routed
            routed |= mask
            masks.append(mask)
        lost = ~routed
        known = sum(node.weights)
        for weight, child, mask in zip(node.weights, node.children, masks):
            share = weight / known if known > 0 else 0.0
            take = mask | (lost & (share > 0))
            w = np.where(mask, weights, weights * share)[take]
            stack.append((child, rows[take], w))
    return result


def _errors(weights: np.ndarray, label_position: int) -> float:
    return float(weights.sum() - weights[label_position])


def reduced_error_prune(
    tree: DecisionTree, validation: AttributeValueData | EncodedData
) -> DecisionTree:
    """The smallest most accurate pruning of ``tree`` on ``validation`` (see the module docstring).

    Raises
    ------
    InvalidParameterError
        When the validation set is empty or has other attributes.
    """
    data = _on_tree_domains(validation, tree)
    weights = node_class_weights(tree, data)
    position = {(type(c), c): i for i, c in enumerate(tree.classes)}

    def prune(node: Node) -> tuple[Node, float]:
        here = weights[id(node)]
        leaf_errors = _errors(here, position[(type(node.label), node.label)])
        if isinstance(node, Leaf):
            return node, leaf_errors
        children, subtree_errors = [], 0.0
        for child in node.children:
            pruned, errors = prune(child)
            children.append(pruned)
            subtree_errors += errors
        if leaf_errors <= subtree_errors + 1e-9:
            return Leaf(node.label, node.distribution), leaf_errors
        split = Split(
            node.attribute,
            node.conditions,
            node.weights,
            tuple(children),
            node.label,
            node.distribution,
            node.scores,
        )
        return split, subtree_errors

    root, _ = prune(tree.root)
    return DecisionTree(tree.target, tree.attributes, tree.classes, root)


def _on_tree_domains(
    validation: AttributeValueData | EncodedData, tree: DecisionTree
) -> EncodedData:
    """The validation examples encoded with the tree's domains and classes.

    A validation class the tree never saw gets position ``len(tree.classes)``
    (always an error).
    """
    if isinstance(validation, AttributeValueData):
        if [a.name for a in validation.attributes] != [a.name for a in tree.attributes]:
            raise InvalidParameterError("the validation set has other attributes than the tree")
        columns = encode_columns(tree.attributes, validation.instances)
        labels = list(validation.labels)
    else:
        if validation.attributes != tree.attributes:
            raise InvalidParameterError("the validation set is encoded with other domains")
        columns = validation.columns
        labels = [validation.classes[int(i)] for i in validation.y]
    if not labels:
        raise InvalidParameterError("reduced-error pruning needs a non-empty validation set")
    position = {(type(c), c): i for i, c in enumerate(tree.classes)}
    y = np.array([position.get((type(c), c), len(tree.classes)) for c in labels], dtype=np.int64)
    return EncodedData(tree.target, tree.attributes, tuple(columns), y, tree.classes)
