"""Winnow and balanced Winnow: multiplicative-update linear threshold learners.

*Winnow* learns monotone disjunctions over ``n`` boolean variables.  All
weights start at 1 and the threshold is ``n``; it predicts positive when
``sum_i w_i x_i >= n``.  On a positive example predicted negative
(*promotion*) it multiplies the weights of the active variables by ``alpha``;
on a negative example predicted positive (*demotion*) it divides them by
``alpha`` (Winnow2) or sets them to 0 (Winnow1).  With ``alpha = 2`` and a
target disjunction of ``r`` variables it makes at most
``2 + 3 r (1 + log2 n)`` mistakes (:func:`symlearn.bounds.mistakes.winnow_derivation`):
logarithmic in the number of irrelevant variables, where the perceptron's
bound grows linearly.

*Balanced* Winnow keeps a positive and a negative weight per feature
(``u`` and ``v``, all 1), predicts ``sign((u - v) . x - theta)`` and on a
mistake multiplies ``u_i`` by ``alpha^(y x_i)`` and ``v_i`` by
``alpha^(-y x_i)``: it learns general linear separators, with negative
weights, over real features.

Classes
-------
Winnow, BalancedWinnow

References
----------
Littlestone, N. (1988) "Learning quickly when irrelevant attributes abound",
*Machine Learning* 2; Blum, A. (1996) "On-line algorithms in machine learning"
(the mistake bound 2 + 3r(1 + log2 n), balanced Winnow).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from symlearn.errors import InvalidParameterError
from symlearn.online.base import Online
from symlearn.online.perceptron import sign_label

__all__ = ["BalancedWinnow", "Winnow"]


class Winnow(Online):
    """Winnow on boolean instances (tuples of 0/1).

    Parameters
    ----------
    n
        The number of variables.
    alpha
        The promotion factor (> 1); 2 in the bound.
    threshold
        The threshold; ``n`` by default (the bound assumes it).
    demotion
        ``"divide"`` (Winnow2: divide by ``alpha``) or ``"eliminate"``
        (Winnow1: set to 0).

    Attributes
    ----------
    weights
        Exact weights (integers and fractions).
    promotions, demotions
        Mistakes on positive and on negative examples.

    Examples
    --------
    >>> w = Winnow(4)
    >>> w.update((1, 0, 0, 0), True), w.weights
    (True, [2, 1, 1, 1])
    """

    def __init__(
        self,
        n: int,
        alpha: int | Fraction = 2,
        threshold: int | Fraction | None = None,
        demotion: str = "divide",
    ) -> None:
        if alpha <= 1:
            raise InvalidParameterError(f"alpha must be greater than 1, got {alpha}")
        if demotion not in ("divide", "eliminate"):
            raise InvalidParameterError(
                f"demotion must be 'divide' or 'eliminate', not {demotion!r}"
            )
        self.n = n
        self.alpha = alpha
        self.threshold = n if threshold is None else threshold
        self.demotion = demotion
        self.weights: list[Any] = [1] * n
        self.promotions = 0
        self.demotions = 0

    @property
    def mistakes(self) -> int:
        """All mistakes: promotions plus demotions."""
        return self.promotions + self.demotions

    def score(self, x: Sequence[int]) -> Any:
        """Return ``sum_i w_i x_i``."""
        return sum(w for w, xi in zip(self.weights, x) if xi)

    def predict(self, x: Sequence[int]) -> bool:
        """Return whether the score reaches the threshold."""
        return bool(self.score(x) >= self.threshold)

    def update(self, x: Sequence[int], y: Any) -> bool:
        """Promote (positive example) or demote (negative) the active weights on a mistake."""
        if not self.errs(x, y):
            return False
        for i, xi in enumerate(x):
            if not xi:
                continue
            if y:
                self.weights[i] *= self.alpha
            elif self.demotion == "divide":
                self.weights[i] = Fraction(self.weights[i]) / self.alpha
            else:
                self.weights[i] = 0
        if y:
            self.promotions += 1
        else:
            self.demotions += 1
        return True


class BalancedWinnow(Online):
    """Balanced Winnow: positive and negative weights, for general linear separators.

    Parameters
    ----------
    n_features
        The length of an instance (real features).
    alpha
        The update factor (> 1).
    threshold
        ``theta``; add a constant feature to learn an offset.

    Attributes
    ----------
    positive, negative
        The weights ``u`` and ``v``; the separator is ``u - v``.

    Notes
    -----
    Labels are ``+1``/``-1`` as for the perceptron; a score equal to the
    threshold counts as a mistake.

    Examples
    --------
    >>> w = BalancedWinnow(2)
    >>> w.update((1.0, 0.0), 1), w.predict((1.0, 0.0)), w.predict((0.0, 1.0))
    (True, 1, -1)
    """

    def __init__(self, n_features: int, alpha: float = 2.0, threshold: float = 0.0) -> None:
        if alpha <= 1:
            raise InvalidParameterError(f"alpha must be greater than 1, got {alpha}")
        self.alpha = alpha
        self.threshold = threshold
        self.positive = [1.0] * n_features
        self.negative = [1.0] * n_features
        self.mistakes = 0

    def score(self, x: Sequence[float]) -> float:
        """Return ``(u - v) . x - theta``."""
        return sum((u - v) * xi for u, v, xi in zip(self.positive, self.negative, x)) - (
            self.threshold
        )

    def predict(self, x: Sequence[float]) -> int:
        """Return ``+1`` if the score is positive, else ``-1``."""
        return 1 if self.score(x) > 0 else -1

    def errs(self, x: Sequence[float], y: Any) -> bool:
        """Return whether ``y * score <= 0``."""
        return sign_label(y) * self.score(x) <= 0

    def update(self, x: Sequence[float], y: Any) -> bool:
        """On a mistake multiply ``u_i`` by ``alpha^(y x_i)`` and ``v_i`` by ``alpha^(-y x_i)``."""
        if not self.errs(x, y):
            return False
        label = sign_label(y)
        log_alpha = math.log(self.alpha)
        for i, xi in enumerate(x):
            factor = math.exp(label * xi * log_alpha)
            self.positive[i] *= factor
            self.negative[i] /= factor
        self.mistakes += 1
        return True
