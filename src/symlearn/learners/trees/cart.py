"""CART: binary decision trees by Gini impurity reduction.

CART (Breiman et al. 1984: binary splits chosen by the reduction of an
impurity function, the Gini impurity) splits every node in two:

* a categorical attribute into a subset ``S`` of its values and the rest,
  ``A in S`` / ``A in rest``.  With two classes the best subset is found
  exactly by sorting the values by their proportion of one class and trying
  the ``|values| - 1`` prefixes (Breiman et al. 1984, Theorem 4.5); with more
  classes every subset is tried for attributes with at most 12 values, and
  above that the values are sorted by the proportion of the node's majority
  class (a heuristic);
* a continuous attribute at the threshold (a midpoint) with the largest
  Gini reduction.

The Gini impurity is ``G(p) = 1 - sum_r p(r)^2``; the misclassification
impurity (``measure="misclassification"``) and entropy (``"gain"``) can be
used instead.  Missing values are fractional examples as in C4.5 (CART's
surrogate splits are not implemented).  Minimal cost-complexity pruning is not
implemented either; use pre-pruning or reduced-error pruning
(:mod:`symlearn.learners.trees.reduced_error_pruning`).

Examples
--------
>>> import numpy as np
>>> from symlearn.data.encoded import EncodedData
>>> codes = np.array([[0], [1], [2], [3]] * 3)
>>> y = np.isin(codes[:, 0], [0, 2]).astype(int)     # positive for values v0 and v2
>>> print(cart(EncodedData.from_codes(codes, y)))
a1 in [v1, v3]: neg (6)
a1 in [v0, v2]: pos (6)

References
----------
Breiman, Friedman, Olshen and Stone (1984), *Classification and Regression
Trees*, ch. 2 and 4 (binary splits, impurity functions).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.encoded import EncodedData
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.learners.trees.growing import Progress, TreeOptions, learn_tree
from symlearn.learners.trees.results import (
    OUTPUT_HELP,
    OUTPUT_SUFFIXES,
    tree_learner,
)
from symlearn.learners.trees.runs import fit_model, fit_models
from symlearn.learners.trees.selection import MEASURES
from symlearn.learners.trees.selection import measure as make_measure
from symlearn.learners.trees.settings import (
    COST_MEASURES,
    TreeSettings,
    measure_option,
    min_leaf_option,
)

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "CARTSettings",
    "cart",
    "cart_options",
    "fit",
    "fit_many",
    "learn",
]

SUMMARY = "CART: a binary decision tree by Gini impurity."
EXAMPLE = "symlearn learn cart kb/house_votes.pl --target party/16"
TABLES = True


def cart_options(
    *,
    measure: str = "gini",
    max_depth: int | None = None,
    min_examples: float = 2.0,
    min_leaf: float = 0.0,
    min_gain: float | None = None,
    significance: float | None = None,
) -> TreeOptions:
    """CART's options (:class:`~symlearn.learners.trees.growing.TreeOptions`).

    Parameters
    ----------
    measure
        ``gini`` (CART's), ``misclassification`` or ``gain``.
    max_depth, min_examples, min_leaf, min_gain, significance
        Pre-pruning (see :class:`~symlearn.learners.trees.growing.TreeOptions`).
    """
    return TreeOptions(
        make_measure(measure),
        binary=True,
        max_depth=max_depth,
        min_examples=min_examples,
        min_leaf=min_leaf,
        min_gain=min_gain,
        significance=significance,
    )


def cart(
    data: AttributeValueData | EncodedData,
    *,
    progress: Progress | None = None,
    **options: Any,
) -> DecisionTree:
    """Grow a binary CART tree (see the module docstring).

    Parameters
    ----------
    data
        The labelled examples (``pos``/``neg`` or ``label/2``; ``?`` marks a missing value).
    progress
        Called after each level of the tree.
    **options
        The measure and pre-pruning, as for :func:`cart_options`.

    Returns
    -------
    DecisionTree
    """
    return learn_tree(data, cart_options(**options), progress)


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class CARTSettings(TreeSettings):
    """What ``symlearn learn cart`` can be told (no attribute costs)."""

    ALGORITHM: ClassVar[str] = "cart"

    measure: str = measure_option("gini", [m for m in MEASURES if m not in COST_MEASURES])
    min_leaf: float = min_leaf_option(0.0)

    def tree_options(self, costs: Mapping[str, float] | None = None) -> TreeOptions:
        """:func:`cart_options` of these settings."""
        return cart_options(**self.tree_keywords(costs), min_leaf=self.min_leaf)


SETTINGS = CARTSettings
learn = tree_learner(CARTSettings, "a CART tree")
fit = fit_model
fit_many = fit_models
