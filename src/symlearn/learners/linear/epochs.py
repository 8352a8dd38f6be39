r"""Training by epochs: the perceptron rule and the delta rule over the examples, and when to stop.

One epoch presents every training example once, in order (or shuffled with
the seed).  Rows carry a leading 1 so that ``w_0`` is the bias (``x_0 = 1``,
Mitchell 1997, section 4.4).

* :func:`perceptron_epoch`: the perceptron training rule ``w_i <- w_i +
  eta (t - o) x_i`` with ``o = 1 if w . x > 0 else -1`` and ``t`` in {1, -1}
  (Mitchell 1997, section 4.4.2), for each example in turn;
* :func:`delta_epoch`: the delta rule (stochastic gradient descent on
  ``E_d = 1/2 (t - o)^2`` of the linear unit ``o = w . x``): ``w_i <- w_i +
  eta (t - o) x_i`` after each example (Mitchell 1997, section 4.4.3.3);
* :func:`gradient_epoch`: GRADIENT-DESCENT's one step per epoch, ``w_i <-
  w_i + eta sum_d (t_d - o_d) x_id`` (Mitchell 1997, Table 4.1).

They compute exactly those updates, example after example, and only arrange
the arithmetic so that numpy does it: the perceptron looks ahead over a
block of examples for the next one it gets wrong (the examples it gets right
change nothing), or, when mistakes are frequent and columns few, goes
through the examples in Python floats; the delta rule's pass over the
examples is an affine map of the weights, made once from triangular systems
whose forward substitution is the rule itself, then applied each epoch (the
weights agree with the example-by-example loop to rounding).

:func:`train` runs epochs until a stop: a fixed number (``epochs``), or, by
default, until an epoch is perfect (the perceptron), or the training error
has not improved on its best by ``tolerance`` for ``patience`` epochs in a
row (as scikit-learn's ``n_iter_no_change``), or ``max_epochs``.  Weights
that stop being finite raise :class:`Diverged`, and so does an error that
has grown to :data:`GROWTH` times its best when the patience runs out.

Examples
--------
>>> import numpy as np
>>> x1 = np.array([[1.0, 0, 0], [1, 0, 1], [1, 1, 0], [1, 1, 1]])  # AND on {0, 1}
>>> t = np.array([-1.0, -1, -1, 1])
>>> w = np.zeros(3)
>>> [perceptron_epoch(x1, t, w, 0.5) for _ in range(6)], w.tolist()
([1, 3, 3, 2, 1, 0], [-2.0, 2.0, 1.0])
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.errors import InvalidParameterError

__all__ = [
    "Diverged",
    "Stopping",
    "delta_epoch",
    "delta_map",
    "gradient_epoch",
    "perceptron_epoch",
    "perceptron_mistakes",
    "train",
]

#: Up to this many columns a perceptron epoch with many mistakes runs in Python's own loop.
LOOP_COLUMNS = 32

#: An error this many times its best when the patience runs out is a divergence.
GROWTH = 1000.0

#: Examples whose delta-rule updates are solved for at once.
DELTA_BLOCK = 64


class Diverged(InvalidParameterError):
    """The weights stopped being finite numbers (the learning rate is too large)."""


def perceptron_epoch(x1: np.ndarray, t: np.ndarray, w: np.ndarray, eta: float) -> int:
    """One pass of the perceptron training rule over the rows; ``w`` is updated in place.

    Returns the number of updates (examples misclassified when presented).
    """
    n = len(x1)
    start, block, mistakes = 0, 64, 0
    while start < n:
        if mistakes >= 64 and mistakes * 50 > start and x1.shape[1] <= LOOP_COLUMNS:
            # one mistake in fewer than 50 examples, few columns: Python's loop is quicker
            rows, targets = _as_lists(x1, t)
            return mistakes + _perceptron_loop(rows[start:], targets[start:], w, eta)
        end = min(start + block, n)
        out = x1[start:end] @ w
        o = np.where(out > 0, 1.0, -1.0)
        wrong = np.flatnonzero(o != t[start:end])
        if wrong.size == 0:
            start, block = end, min(block * 2, 1 << 16)
            continue
        i = start + int(wrong[0])
        w += eta * (t[i] - o[wrong[0]]) * x1[i]
        mistakes += 1
        block = max(16, 2 * (i - start + 1))  # the next mistake is likely as far
        start = i + 1
    return mistakes


def perceptron_mistakes(x1: np.ndarray, values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per unit (a row of ``weights``), the training rows its output ``o`` gets wrong.

    ``o = 1`` if ``w . x > 0`` else ``-1``, against the targets ``values``
    (examples x units): what the pocket keeps the fewest of.
    """
    outputs = np.where(x1 @ weights.T > 0, 1.0, -1.0)
    return np.count_nonzero(outputs != values, axis=0)


#: The last rows :func:`_as_lists` converted (the next epoch presents the same ones again).
_ROWS: list[tuple[Any, list[list[float]]]] = []


def _as_lists(x1: np.ndarray, t: np.ndarray) -> tuple[list[list[float]], list[float]]:
    """``x1`` and ``t`` as Python lists; the rows converted once for the epochs that repeat them.

    The rows are remembered by weak reference and must not change in
    between (the epochs never write to them).
    """
    if _ROWS and _ROWS[0][0]() is x1:
        return _ROWS[0][1], t.tolist()
    rows = x1.tolist()
    _ROWS[:] = [(weakref.ref(x1), rows)]
    return rows, t.tolist()


def _perceptron_loop(x1: list[list[float]], t: list[float], w: np.ndarray, eta: float) -> int:
    """The perceptron rule example by example in Python floats (``w`` updated in place)."""
    weights = w.tolist()
    mistakes = 0
    multiply = operator.mul
    for x, target in zip(x1, t):
        o = 1.0 if sum(map(multiply, weights, x)) > 0 else -1.0
        if o != target:
            step = eta * (target - o)
            weights = [wi + step * xi for wi, xi in zip(weights, x)]
            mistakes += 1
    w[:] = weights
    return mistakes


def delta_epoch(x1: np.ndarray, t: np.ndarray, w: np.ndarray, eta: float) -> None:
    """One pass of the delta rule over the rows; ``w`` is updated in place.

    Each update ``w <- w + eta (t_d - x_d . w) x_d`` is an affine map of the
    weights, so a pass over the rows in a fixed order is one too: ``w <- A w
    + G t`` (:func:`delta_map`), made once for the rows and applied each
    epoch that presents them in the same order.
    """
    step, inputs = delta_map(x1, eta)
    w[:] = step @ w + inputs @ t


#: The rows, rate and epoch map :func:`delta_map` made last.
_MAPS: list[tuple[Any, float, tuple[np.ndarray, np.ndarray]]] = []


def delta_map(x1: np.ndarray, eta: float) -> tuple[np.ndarray, np.ndarray]:
    """``(A, G)``: the delta rule over the rows ``x1`` in order takes ``w`` to ``A w + G t``.

    Within a block of ``m`` examples starting from weights ``w``, the error
    ``e_i = t_i - x_i . w_i`` the rule meets at example ``i`` satisfies
    ``e_i = t_i - x_i . w - eta sum_{j<i} (x_i . x_j) e_j`` (each earlier
    update added ``eta e_j x_j``): ``L e = t - X w`` with ``L`` unit lower
    triangular, after which the block has moved the weights by ``eta X^T e``.
    So a block maps ``w`` to ``(I - eta M^T X) w + eta M^T t`` with ``L^T M =
    X`` (LAPACK's triangular solve); the blocks' maps are composed from the
    last one back.  The map is remembered (by weak reference to the rows,
    which must not change in between) for the next epoch.
    """
    if _MAPS and _MAPS[0][0]() is x1 and _MAPS[0][1] == eta:
        return _MAPS[0][2]
    from scipy.linalg.lapack import dtrtrs

    n, d = x1.shape
    after = np.eye(d)  # the map of the blocks after the current one
    inputs = np.empty((d, n))
    below = eta * np.tri(DELTA_BLOCK, k=-1)
    for start in reversed(range(0, n, DELTA_BLOCK)):
        x = x1[start : start + DELTA_BLOCK]
        m = len(x)
        system = x @ x.T  # L: eta x_i . x_j below the diagonal, 1 on it, 0 above
        system *= below[:m, :m]
        system.flat[:: m + 1] = 1.0
        solved, _ = dtrtrs(system.T, x, lower=0)  # (L^T) M = X; L^T is system.T's upper part
        through = eta * (after @ solved.T)  # this block's examples' targets, to the end
        inputs[:, start : start + m] = through
        after = after - through @ x
    _MAPS[:] = [(weakref.ref(x1), eta, (after, inputs))]
    return after, inputs


def gradient_epoch(x1: np.ndarray, t: np.ndarray, w: np.ndarray, eta: float) -> None:
    """One step of (batch) gradient descent on ``E = 1/2 sum_d (t_d - o_d)^2``; in place."""
    w += eta * ((t - x1 @ w) @ x1)


@dataclass
class Stopping:
    """When :func:`train` stops.

    Attributes
    ----------
    epochs
        Run exactly this many epochs (None: until converged).
    max_epochs
        The most epochs when ``epochs`` is None.
    patience, tolerance
        Stop when the error has not fallen below its best minus ``tolerance``
        for ``patience`` epochs in a row (0: never).
    perfect
        Stop after an epoch with error 0 (the perceptron's "until all are right").
    scale
        The error is compared with ``tolerance`` after dividing by this (the
        number of examples: a mean error per example).
    """

    epochs: int | None = None
    max_epochs: int = 1000
    patience: int = 5
    tolerance: float = 1e-4
    perfect: bool = False
    scale: float = 1.0
    reason: str = field(default="", init=False)


def train(
    epoch: Callable[[int], float],
    weights: Callable[[], Any],
    stopping: Stopping,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> list[dict[str, Any]]:
    """Run ``epoch(i)`` (returns the epoch's error) until ``stopping`` says; the trace.

    ``weights()`` gives the weights to record after each epoch (JSON) and to
    check for divergence.  The trace has one entry per epoch: ``epoch``,
    ``weights`` and ``error``.  ``stopping.reason`` says why it stopped.

    Raises
    ------
    Diverged
        When the weights stop being finite (naming the epoch).
    """
    trace: list[dict[str, Any]] = []
    limit = stopping.epochs if stopping.epochs is not None else stopping.max_epochs
    best, waited = float("inf"), 0
    stopping.reason = f"{limit} epochs"
    for i in range(1, limit + 1):
        error = float(epoch(i))
        current = weights()
        if not np.isfinite(error) or not _finite(current):
            raise Diverged(
                f"the weights diverged in epoch {i} (they are no longer finite numbers): "
                "the learning rate is too large for these inputs; give a smaller "
                "--learning-rate, or normalise the attributes"
            )
        trace.append({"epoch": i, "weights": current, "error": error})
        if progress is not None:
            progress("epochs", i, limit)
        if stopping.perfect and error == 0:
            stopping.reason = f"no mistake in epoch {i}"
            break
        if stopping.epochs is None and stopping.patience:
            mean = error / stopping.scale
            if mean < best - stopping.tolerance:
                best, waited = mean, 0
            else:
                waited += 1
                best = min(best, mean)
                if waited >= stopping.patience:
                    if mean > GROWTH * best:
                        raise Diverged(
                            "the training error diverged: it grew from "
                            f"{best * stopping.scale:.4g} to {error:.4g} by epoch {i}; the "
                            "learning rate is too large for "
                            "these inputs: give a smaller --learning-rate, or normalise the "
                            "attributes"
                        )
                    stopping.reason = (
                        f"the error did not improve by {stopping.tolerance:g} "
                        f"for {stopping.patience} epochs"
                    )
                    break
    return trace


def _finite(value: Any) -> bool:
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_finite(v) for v in value)
    return bool(np.isfinite(value))
