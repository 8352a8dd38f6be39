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
through the examples in Python floats; the delta rule solves for the errors of a block of examples
at once, a triangular system whose forward substitution is the rule itself
(the weights agree with the example-by-example loop to rounding).

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
    "gradient_epoch",
    "perceptron_epoch",
    "train",
]

#: Up to this many columns a perceptron epoch with many mistakes runs in Python's own loop.
LOOP_COLUMNS = 32

#: An error this many times its best when the patience runs out is a divergence.
GROWTH = 1000.0

#: Examples whose delta-rule updates are solved for at once.
DELTA_BLOCK = 128


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

    Within a block of ``m`` examples starting from weights ``w``, the error
    ``e_i = t_i - x_i . w_i`` the rule meets at example ``i`` satisfies
    ``e_i = t_i - x_i . w - eta sum_{j<i} (x_i . x_j) e_j`` (each earlier
    update added ``eta e_j x_j``): a lower-triangular system, solved by
    forward substitution (the same recurrence), after which the block moves
    the weights by ``eta sum_i e_i x_i``.
    """
    from scipy.linalg.lapack import dtrtrs

    systems = _delta_systems(x1, eta)
    for block, start in enumerate(range(0, len(x1), DELTA_BLOCK)):
        x = x1[start : start + DELTA_BLOCK]
        system = systems[block] if systems is not None else _delta_system(x, eta)
        # LAPACK's forward substitution on the lower triangle (the transpose's upper one)
        errors, _ = dtrtrs(system.T, t[start : start + DELTA_BLOCK] - x @ w, lower=0, trans=1)
        w += eta * (errors @ x)


def _delta_system(x: np.ndarray, eta: float) -> np.ndarray:
    """A block's system: ``eta x_i . x_j`` below the diagonal, 1 on it, 0 above."""
    m = len(x)
    system = x @ x.T
    system *= eta * np.tri(m, k=-1)
    system.flat[:: m + 1] = 1.0
    return system


#: The rows, rate and block systems :func:`_delta_systems` made last.
_SYSTEMS: list[tuple[Any, float, list[np.ndarray]]] = []

#: The most bytes of block systems kept from one epoch to the next.
SYSTEM_BYTES = 1 << 27


def _delta_systems(x1: np.ndarray, eta: float) -> list[np.ndarray] | None:
    """Every block's system of ``x1``, made once for the epochs that present them in order.

    None when they would take more than :data:`SYSTEM_BYTES` (each epoch
    then makes them as it goes).  The rows are remembered by weak reference
    and must not change in between (the epochs never write to them).
    """
    if _SYSTEMS and _SYSTEMS[0][0]() is x1 and _SYSTEMS[0][1] == eta:
        return _SYSTEMS[0][2]
    if len(x1) * DELTA_BLOCK * 8 > SYSTEM_BYTES:
        return None
    systems = [
        _delta_system(x1[start : start + DELTA_BLOCK], eta)
        for start in range(0, len(x1), DELTA_BLOCK)
    ]
    _SYSTEMS[:] = [(weakref.ref(x1), eta, systems)]
    return systems


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
