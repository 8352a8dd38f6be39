"""Training linear units by epochs: the loop the perceptron and the delta rule share.

:func:`train_units` encodes the examples, starts from the initial weights (the
file's ``initial_weights``, or zero / small random numbers), runs one
:mod:`~symlearn.learners.linear.epochs` step per unit and epoch (examples
in order, or shuffled with the seed each epoch), records the trace and
returns the :class:`~symlearn.learners.linear.models.LinearModel` with it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.numeric import one_blas_thread
from symlearn.learners.linear.epochs import Stopping, train
from symlearn.learners.linear.models import LinearModel
from symlearn.learners.linear.runs import (
    GradientSettings,
    Targets,
    Trained,
    fit_encoding,
    initial_weights,
)

__all__ = ["stopping", "train_units"]

#: One epoch of one unit: (rows with a leading 1, targets, weights updated in place, eta) -> error.
Step = Callable[[np.ndarray, np.ndarray, np.ndarray, float], "float | int | None"]
#: The training error of weights (units x columns) on all rows: the trace's ``error``.
Error = Callable[[np.ndarray, np.ndarray, np.ndarray], float]


def stopping(settings: GradientSettings, perfect: bool, scale: float) -> Stopping:
    """When to stop, from the settings."""
    return Stopping(
        epochs=settings.epochs,
        max_epochs=settings.max_epochs,
        patience=settings.patience,
        tolerance=settings.tolerance,
        perfect=perfect,
        scale=scale,
    )


def squared_error(x1: np.ndarray, values: np.ndarray, weights: np.ndarray) -> float:
    """``E(w) = 1/2 sum_d sum_k (t_kd - o_kd)^2`` of linear units (Mitchell 1997, eq. 4.2)."""
    return 0.5 * float(np.sum((values - x1 @ weights.T) ** 2))


def train_units(
    data: AttributeValueData,
    goal: Targets,
    settings: GradientSettings,
    step: Step,
    *,
    spread: float,
    perfect: bool = False,
    error: Error | None = None,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> Trained:
    """Train one linear unit per target column by ``step``, epoch by epoch.

    ``error`` is the trace's error after each epoch (default: the sum of
    what ``step`` returned over the units, e.g. the perceptron's mistakes).
    ``spread``: random initial weights in ``[-spread, spread]`` (0: zeros).
    """
    encoding, x1 = fit_encoding(data, settings.normalise)
    units = goal.values.shape[1]
    rng = np.random.default_rng(settings.seed)
    weights = initial_weights(settings.initial_weights, units, encoding.width, rng, spread)
    start = weights.copy()

    def model(w: np.ndarray) -> LinearModel:
        return LinearModel(encoding, w, goal.classes, goal.kind)

    def epoch(_: int) -> float:
        order = rng.permutation(len(x1)) if settings.shuffle else None
        rows = x1 if order is None else x1[order]
        values = goal.values if order is None else goal.values[order]
        total = 0.0
        for u in range(units):
            total += float(step(rows, values[:, u], weights[u], settings.learning_rate) or 0)
        return total if error is None else error(x1, goal.values, weights)

    how = stopping(settings, perfect, max(len(x1), 1))
    with one_blas_thread(), np.errstate(over="ignore", invalid="ignore"):  # Diverged says it
        trace = train(epoch, lambda: model(weights.copy()).weights_json(), how, progress)
    trained = Trained(model(weights.copy()), trace)
    trained.notes.append(f"stopped: {how.reason}")
    trained.extra["initial_weights"] = model(start).weights_json()
    if len(trace) > 1 and error is not None and trace[-1]["error"] > 10 * trace[0]["error"]:
        trained.warnings.append(
            f"warning: the training error grew from {trace[0]['error']:.4g} (epoch 1) to "
            f"{trace[-1]['error']:.4g} (epoch {len(trace)}): the learning rate "
            f"{settings.learning_rate:g} may be too large"
        )
    return trained
