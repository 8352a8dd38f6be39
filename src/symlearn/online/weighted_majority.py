"""Weighted majority: a weighted vote of a pool of predictors.

Every predictor starts with weight 1; the learner predicts the label with the
larger total weight and multiplies the weight of every predictor that erred by
``beta`` (``0 <= beta < 1``; ``beta = 0`` is the halving algorithm).  If the
best of the ``n`` predictors makes ``k`` mistakes on the sequence, the learner
makes at most ``(k log2(1/beta) + log2 n)/log2(2/(1 + beta))``
(:func:`symlearn.bounds.mistakes.weighted_majority_derivation`), whatever the
sequence, noisy or not.

Classes
-------
WeightedMajority
    The learner over predicates ``x -> bool``.

References
----------
Mitchell (1997) section 7.5.4, Table 7.1 and Theorem 7.5; Littlestone, N. and
Warmuth, M. (1994) "The weighted majority algorithm", *Information and
Computation* 108.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from symlearn.errors import InvalidParameterError
from symlearn.online.base import Online

__all__ = ["WeightedMajority"]


class WeightedMajority(Online):
    """Weighted-majority vote of a pool of predictors.

    Parameters
    ----------
    predictors
        The pool: predicates ``x -> bool`` (or other online predictions).
    beta
        The factor a wrong predictor's weight is multiplied by, in [0, 1).
        A :class:`fractions.Fraction` keeps the weights exact.

    Attributes
    ----------
    weights
        One weight per predictor.
    predictor_mistakes
        How many mistakes each predictor has made.
    mistakes
        The learner's mistakes.

    Notes
    -----
    Weights are updated on every example, whether or not the learner erred
    (Mitchell's Table 7.1).  A tie predicts positive.

    Examples
    --------
    >>> learner = WeightedMajority([lambda x: x > 0, lambda x: x > 5], beta=Fraction(1, 2))
    >>> learner.update(3, True), learner.weights
    (False, [1, Fraction(1, 2)])
    """

    def __init__(
        self, predictors: Iterable[Callable[[Any], Any]], beta: float | Fraction = Fraction(1, 2)
    ) -> None:
        if not 0 <= beta < 1:
            raise InvalidParameterError(f"beta must be in [0, 1), got {beta}")
        self.predictors = list(predictors)
        if not self.predictors:
            raise InvalidParameterError("weighted majority needs at least one predictor")
        self.beta = beta
        self.weights: list[Any] = [1] * len(self.predictors)
        self.predictor_mistakes = [0] * len(self.predictors)
        self.mistakes = 0

    def votes(self, x: Any) -> tuple[Any, Any]:
        """Return the total weights ``(q1, q0)`` voting positive and negative on ``x``."""
        q1 = sum(w for w, p in zip(self.weights, self.predictors) if p(x))
        q0 = sum(w for w, p in zip(self.weights, self.predictors) if not p(x))
        return q1, q0

    def predict(self, x: Any) -> bool:
        """Return the label with the larger weight (ties: positive)."""
        q1, q0 = self.votes(x)
        return bool(q1 >= q0)

    def update(self, x: Any, y: Any) -> bool:
        """Predict, then multiply the weight of every predictor that erred by beta."""
        mistake = self.errs(x, y)
        for i, predictor in enumerate(self.predictors):
            if bool(predictor(x)) != bool(y):
                self.weights[i] *= self.beta
                self.predictor_mistakes[i] += 1
        self.mistakes += mistake
        return mistake

    @property
    def best_mistakes(self) -> int:
        """``k``: the fewest mistakes any predictor of the pool has made."""
        return min(self.predictor_mistakes)
