"""Attribute selection measures: IMPORTANCE(a, examples) of the tree learners.

A :class:`SelectionMeasure` scores a candidate split from the class counts of
its branches (see :mod:`symlearn.learners.trees.impurity`).  The measures:

=======================  =====================================================  ========
name                     score of attribute ``A``                               used by
=======================  =====================================================  ========
``gain``                 information gain ``H(C) - H(C|A)`` (Quinlan 1986)      ID3
``gain-ratio``           ``Gain / SplitInformation`` (Quinlan 1993)             C4.5
``gini``                 Gini impurity reduction (Breiman et al. 1984)          CART
``misclassification``    misclassification impurity reduction (Breiman, ch. 4)
``tan-schlimmer``        ``Gain^2 / Cost(A)``
``nunez``                ``(2^Gain - 1) / (Cost(A) + 1)^w``, ``w`` in [0, 1]
=======================  =====================================================  ========

The cost-sensitive measures are Tan and Schlimmer's (1990) and Nunez's (1988,
1991) as quoted in Mitchell (1997) section 3.7.5.  Nunez's numerator is
``2^Gain - 1``, as Nunez (1991) and Mitchell give it; written as ``2^Gain``
without the ``- 1`` it would give a useless split a positive score.  Costs
come from the ``cost/2`` directive (:mod:`symlearn.learners.trees.costs`); an
undeclared attribute costs 1.

Gain ratio as C4.5 uses it: among the attributes whose information gain is at
least the average gain of the attributes that split the node, the one with the
highest ratio wins (Quinlan 1993, ch. 2), which keeps a tiny SplitInformation
from making a useless attribute look good.  :attr:`SelectionMeasure.average_gain_filter`
switches this on (``c45`` does).

Every score is computed with C4.5's treatment of unknown values (the gain is
multiplied by the known fraction; SplitInformation counts the unknowns as a
branch).  A split with fewer than two non-empty branches scores ``-inf``.

Examples
--------
>>> import numpy as np
>>> wind = np.array([[6, 2], [3, 3]])                      # weak, strong (Mitchell p. 58)
>>> score, gain = measure("gain").evaluate(wind)
>>> round(float(score), 3)
0.048
>>> tan = measure("tan-schlimmer", costs={"wind": 2.0})
>>> round(float(tan.evaluate(wind, attribute="wind")[0]), 6)        # 0.048127^2 / 2
0.001158

References
----------
Mitchell (1997), sections 3.4.1.2 (information gain), 3.7.3 (gain ratio) and
3.7.5 (costs); Breiman et al. (1984) ch. 4 (impurity functions); Tan and
Schlimmer (1990); Nunez (1988, 1991); Quinlan (1993) ch. 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from symlearn.errors import InvalidParameterError
from symlearn.learners.trees.impurity import IMPURITIES, impurity_reduction, split_information

__all__ = ["MEASURES", "SelectionMeasure", "measure"]

#: Measure name -> (impurity whose reduction is the gain, how the gain becomes a score).
MEASURES: dict[str, tuple[str, str]] = {
    "gain": ("entropy", "reduction"),
    "gain-ratio": ("entropy", "ratio"),
    "gini": ("gini", "reduction"),
    "misclassification": ("misclassification", "reduction"),
    "tan-schlimmer": ("entropy", "tan-schlimmer"),
    "nunez": ("entropy", "nunez"),
}

#: A SplitInformation below this is treated as zero (a split with one branch).
_TINY = 1e-12

#: Relative to the weight of a node: branch weights closer than this to a bound
#: (none, MINOBJS) count as on it, whatever the order their fractions were added in.
_WEIGHT_SLACK = 1e-9


@dataclass(frozen=True)
class SelectionMeasure:
    """How to score a split; build one with :func:`measure`.

    Attributes
    ----------
    name
        One of :data:`MEASURES`.
    costs
        Attribute name -> cost, for the cost-sensitive measures.
    weight
        Nunez's ``w`` in [0, 1] (how much cost matters).
    average_gain_filter
        Consider only attributes with at least average gain (C4.5's rule for
        gain ratio).
    """

    name: str
    costs: Mapping[str, float] = field(default_factory=dict)
    weight: float = 1.0
    average_gain_filter: bool = False

    @property
    def impurity(self) -> str:
        """The impurity function whose reduction is the split's gain."""
        return MEASURES[self.name][0]

    @property
    def attribute_free(self) -> bool:
        """Whether a split's score depends on its counts alone (not on the attribute's cost)."""
        return MEASURES[self.name][1] in ("reduction", "ratio")

    def cost(self, attribute: str | None) -> float:
        """The cost of ``attribute`` (1 when not declared)."""
        return float(self.costs.get(attribute, 1.0)) if attribute is not None else 1.0

    def gain(self, counts: np.ndarray, missing: np.ndarray | None = None) -> np.ndarray:
        """The impurity reduction of splits with branch counts ``counts``."""
        return impurity_reduction(counts, IMPURITIES[self.impurity], missing)

    def evaluate(
        self,
        counts: np.ndarray,
        missing: np.ndarray | None = None,
        attribute: str | None = None,
        min_branch: float = 0.0,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Score splits.

        Parameters
        ----------
        counts
            Class counts per branch of the known-value examples, ``(..., branches, classes)``.
        missing
            Class counts of the examples with an unknown value, ``(..., classes)``.
        attribute
            The attribute's name (for its cost).
        min_branch
            A split needs at least two branches with this much weight (and
            more than none); C4.5's MINOBJS.

        Returns
        -------
        tuple of numpy.ndarray
            ``(score, gain)``, each of shape ``(...)``; ``score`` is ``-inf``
            for a split without two such branches.
        """
        counts = np.asarray(counts, dtype=np.float64)
        gain = self.gain(counts, missing)
        sizes = counts.sum(axis=-1)
        # weights are sums of fractions (C4.5's missing values): compare them with a tolerance
        slack = _WEIGHT_SLACK * np.maximum(1.0, counts.sum(axis=(-2, -1)))[..., None]
        branches = ((sizes > slack) & (sizes >= min_branch - slack)).sum(axis=-1)
        kind = MEASURES[self.name][1]
        if kind == "reduction":
            score = gain
        elif kind == "ratio":
            info = split_information(counts, missing)
            with np.errstate(invalid="ignore", divide="ignore"):
                score = np.where(info > _TINY, gain / np.where(info > _TINY, info, 1.0), -np.inf)
        elif kind == "tan-schlimmer":
            score = gain * gain / self.cost(attribute)
        else:
            score = (np.exp2(gain) - 1.0) / (self.cost(attribute) + 1.0) ** self.weight
        return np.where(branches >= 2, score, -np.inf), gain


def measure(
    name: str,
    *,
    costs: Mapping[str, float] | None = None,
    weight: float = 1.0,
    average_gain_filter: bool | None = None,
) -> SelectionMeasure:
    """The selection measure called ``name`` (see :data:`MEASURES`).

    Parameters
    ----------
    name
        ``gain``, ``gain-ratio``, ``gini``, ``misclassification``,
        ``tan-schlimmer`` or ``nunez``.
    costs
        Attribute costs for the cost-sensitive measures (positive numbers).
    weight
        Nunez's ``w`` in [0, 1].
    average_gain_filter
        C4.5's "at least average gain" rule; on by default for ``gain-ratio``.

    Raises
    ------
    InvalidParameterError
        For an unknown name, a cost that is not positive, or ``w`` outside [0, 1].
    """
    if name not in MEASURES:
        raise InvalidParameterError(
            f"unknown selection measure {name!r}; choose one of {', '.join(MEASURES)}"
        )
    if not 0.0 <= weight <= 1.0:
        raise InvalidParameterError(f"Nunez's cost weight w must be in [0, 1], got {weight}")
    for attribute, cost in (costs or {}).items():
        if not cost > 0:
            raise InvalidParameterError(f"the cost of {attribute} must be positive, got {cost}")
    if average_gain_filter is None:
        average_gain_filter = name == "gain-ratio"
    return SelectionMeasure(name, dict(costs or {}), weight, average_gain_filter)
