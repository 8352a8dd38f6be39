"""The perceptron and its averaged and voted variants, as online learners.

The perceptron keeps a weight vector ``w`` (and a bias ``b``), predicts
``sign(w . x + b)`` and, on a mistake (``y (w . x + b) <= 0``), adds ``eta y
x`` to ``w`` (and ``eta y`` to ``b``).  On data a unit vector separates with
margin ``gamma``, inside a ball of radius ``R``, it makes at most
``(R/gamma)^2`` mistakes, whatever the order and however many passes
(Novikoff; :func:`symlearn.bounds.mistakes.perceptron_derivation`).

The *voted* perceptron keeps every weight vector it passes through with the
number of examples it survived and predicts by their weighted vote; the
*averaged* perceptron predicts with the survival-weighted average of those
vectors.  Both make exactly the perceptron's updates, so they have the same
online mistakes and the same bound; they differ in the classifier they
output.

Labels are ``+1`` and ``-1`` (``True`` and any positive number mean ``+1``;
``False``, ``0`` and negative numbers mean ``-1``).  A zero activation counts
as a mistake, as in the update rule whose mistakes Novikoff's theorem counts
(a mistake is ``y (w . x) <= 0``).

Classes
-------
Perceptron, AveragedPerceptron, VotedPerceptron

References
----------
Rosenblatt, F. (1958) "The perceptron: a probabilistic model for information
storage and organization in the brain", *Psychological Review* 65; Mitchell
(1997) section 4.4.2 (the perceptron training rule); Novikoff, A. (1962) "On
convergence proofs on perceptrons" (the mistake bound); Freund, Y. and
Schapire, R. (1999) "Large
margin classification using the perceptron algorithm", *Machine Learning* 37.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from symlearn.online.base import Online

__all__ = ["AveragedPerceptron", "Perceptron", "VotedPerceptron"]


def sign_label(y: Any) -> int:
    """Return ``+1`` for a positive label and ``-1`` otherwise."""
    return 1 if y > 0 else -1


class Perceptron(Online):
    """The (online) perceptron.

    Parameters
    ----------
    n_features
        The length of an instance.
    learning_rate
        ``eta`` (> 0); it does not change the mistakes when the weights start at 0.
    fit_intercept
        Learn a bias ``b`` too (the perceptron on ``(x, 1)``); Novikoff's bound
        then applies with ``R`` and ``gamma`` measured on ``(x, 1)``.

    Attributes
    ----------
    weights, bias
        The current separator.
    mistakes
        Updates so far.

    Examples
    --------
    >>> p = Perceptron(2)
    >>> p.update((1.0, 0.5), 1), p.update((2.0, 1.0), 1), p.weights.tolist()
    (True, False, [1.0, 0.5])
    >>> p.predict((-1.0, 0.0))
    -1
    """

    def __init__(
        self, n_features: int, learning_rate: float = 1.0, fit_intercept: bool = False
    ) -> None:
        self.weights: npt.NDArray[np.float64] = np.zeros(n_features)
        self.bias = 0.0
        self.learning_rate = learning_rate
        self.fit_intercept = fit_intercept
        self.mistakes = 0

    def activation(self, x: Sequence[float]) -> float:
        """Return ``w . x + b``."""
        return float(np.dot(self.weights, np.asarray(x, dtype=float)) + self.bias)

    def predict(self, x: Sequence[float]) -> int:
        """Return ``+1`` if the activation is positive, else ``-1``."""
        return 1 if self.activation(x) > 0 else -1

    def errs(self, x: Sequence[float], y: Any) -> bool:
        """Return whether ``y (w . x + b) <= 0``: the update rule's mistake."""
        return sign_label(y) * self.activation(x) <= 0

    def update(self, x: Sequence[float], y: Any) -> bool:
        """On a mistake add ``eta y x`` to the weights (and ``eta y`` to the bias)."""
        mistake = self.errs(x, y)
        if mistake:
            step = self.learning_rate * sign_label(y)
            self.weights = self.weights + step * np.asarray(x, dtype=float)
            if self.fit_intercept:
                self.bias += step
            self.mistakes += 1
        self._after(mistake)
        return mistake

    def _after(self, mistake: bool) -> None:
        """Bookkeeping of the variants after each example."""


class VotedPerceptron(Perceptron):
    """The voted perceptron: every intermediate vector votes, weighted by its survival.

    Attributes
    ----------
    vectors
        ``(weights, bias, survived)`` for each vector the perceptron held, the
        current one last; ``survived`` counts the examples it was used on.

    Examples
    --------
    >>> p = VotedPerceptron(1)
    >>> for x, y in [((1.0,), 1), ((2.0,), 1), ((-1.0,), -1)]:
    ...     _ = p.update(x, y)
    >>> [(w.tolist(), c) for w, _, c in p.vectors], p.vote((3.0,))
    ([([0.0], 1), ([1.0], 2)], 1)
    """

    def __init__(
        self, n_features: int, learning_rate: float = 1.0, fit_intercept: bool = False
    ) -> None:
        super().__init__(n_features, learning_rate, fit_intercept)
        self.vectors: list[tuple[npt.NDArray[np.float64], float, int]] = [
            (self.weights, self.bias, 0)
        ]

    def _after(self, mistake: bool) -> None:
        w, b, survived = self.vectors[-1]
        self.vectors[-1] = (w, b, survived + 1)
        if mistake:
            self.vectors.append((self.weights, self.bias, 0))

    def vote(self, x: Sequence[float]) -> int:
        """Return ``sign(sum_i c_i sign(w_i . x + b_i))`` (ties: ``-1``)."""
        point = np.asarray(x, dtype=float)
        total = sum(c * (1 if float(np.dot(w, point) + b) > 0 else -1) for w, b, c in self.vectors)
        return 1 if total > 0 else -1


class AveragedPerceptron(Perceptron):
    """The averaged perceptron: predicts with the average of its weight vectors over time.

    ``average_weights`` and ``average_bias`` are the means of the weights held
    *after* each example (each vector weighted by how many examples it
    survived); ``predict_average`` uses them.

    Examples
    --------
    >>> p = AveragedPerceptron(1)
    >>> for x, y in [((1.0,), 1), ((2.0,), 1)]:
    ...     _ = p.update(x, y)
    >>> p.average_weights.tolist(), p.predict_average((0.5,))
    ([1.0], 1)
    """

    def __init__(
        self, n_features: int, learning_rate: float = 1.0, fit_intercept: bool = False
    ) -> None:
        super().__init__(n_features, learning_rate, fit_intercept)
        self._sum = np.zeros(n_features)
        self._bias_sum = 0.0
        self._count = 0

    def _after(self, mistake: bool) -> None:
        self._sum = self._sum + self.weights
        self._bias_sum += self.bias
        self._count += 1

    @property
    def average_weights(self) -> npt.NDArray[np.float64]:
        """The weights averaged over the examples seen."""
        return self._sum / max(self._count, 1)

    @property
    def average_bias(self) -> float:
        """The bias averaged over the examples seen."""
        return self._bias_sum / max(self._count, 1)

    def predict_average(self, x: Sequence[float]) -> int:
        """Return the sign of the averaged activation (``-1`` at zero)."""
        point = np.asarray(x, dtype=float)
        return 1 if float(np.dot(self.average_weights, point) + self.average_bias) > 0 else -1
