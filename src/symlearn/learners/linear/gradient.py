"""Training linear units by epochs: the loop the perceptron and the delta rule share.

:func:`train_units` encodes the examples, starts from the initial weights (the
file's ``initial_weights``, or zero / small random numbers), runs one
:mod:`~symlearn.learners.linear.epochs` step per unit and epoch (examples
in order, or shuffled with the seed each epoch), records the trace and
returns the :class:`~symlearn.learners.linear.models.LinearModel` with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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

__all__ = ["Pocket", "stopping", "train_units"]

#: One epoch of one unit: (rows with a leading 1, targets, weights updated in place, eta) -> error.
Step = Callable[[np.ndarray, np.ndarray, np.ndarray, float], "float | int | None"]
#: The training error of weights (units x columns) on all rows: the trace's ``error``.
Error = Callable[[np.ndarray, np.ndarray, np.ndarray], float]
#: Per unit, the training error of weights (units x columns) on all rows: what a pocket keeps.
UnitErrors = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


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


@dataclass
class Pocket:
    """Each unit's weights of the epoch with the fewest training mistakes (Gallant 1990).

    The pocket algorithm keeps, beside the weights the perceptron rule keeps
    changing, the best weights seen so far "in its pocket", replaced only by
    weights with strictly fewer mistakes on the training examples; on data
    that are not linearly separable it returns those instead of wherever the
    rule's oscillation happened to stop.  Here the weights are offered after
    each epoch.

    Attributes
    ----------
    weights
        Units x columns: the kept weights.
    errors
        Each unit's training mistakes with its kept weights (inf before epoch 1).
    epochs
        The epoch each unit's kept weights come from (0: none yet).
    history
        Per epoch, the training mistakes of that epoch's weights (summed over units).
    """

    weights: np.ndarray
    errors: np.ndarray
    epochs: list[int]
    history: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls, weights: np.ndarray) -> Pocket:
        """A pocket for these units' weights, nothing in it yet."""
        units = len(weights)
        return cls(weights.copy(), np.full(units, np.inf), [0] * units)

    def offer(self, epoch: int, weights: np.ndarray, errors: np.ndarray) -> None:
        """Keep each unit's ``weights`` after ``epoch`` where its ``errors`` are fewer."""
        better = errors < self.errors
        self.weights[better] = weights[better]
        self.errors[better] = errors[better]
        for unit in np.flatnonzero(better):
            self.epochs[unit] = epoch
        self.history.append(int(errors.sum()))

    def note(self) -> str:
        """What the report says of the kept weights."""
        epochs = ", ".join(map(str, self.epochs))
        return (
            f"kept the weights of epoch {epochs} (pocket: {int(self.errors.sum())} training "
            "mistakes, the fewest after any epoch)"
        )

    def to_json(self) -> dict[str, Any]:
        """``{"epochs": [...], "mistakes": [...]}``, one entry per unit."""
        return {"epochs": list(self.epochs), "mistakes": [int(e) for e in self.errors]}


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
    pocket: UnitErrors | None = None,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> Trained:
    """Train one linear unit per target column by ``step``, epoch by epoch.

    ``error`` is the trace's error after each epoch (default: the sum of
    what ``step`` returned over the units, e.g. the perceptron's mistakes).
    ``spread``: random initial weights in ``[-spread, spread]`` (0: zeros).
    ``pocket``: each unit's training error after each epoch; each unit keeps
    (and returns) the weights of the epoch with its smallest (see
    :class:`Pocket`); when to stop is unchanged.
    """
    encoding, x1 = fit_encoding(data, settings.normalise)
    units = goal.values.shape[1]
    rng = np.random.default_rng(settings.seed)
    weights = initial_weights(settings.initial_weights, units, encoding.width, rng, spread)
    start = weights.copy()

    def model(w: np.ndarray) -> LinearModel:
        return LinearModel(encoding, w, goal.classes, goal.kind)

    kept = None if pocket is None else Pocket.empty(weights)

    def epoch(i: int) -> float:
        order = rng.permutation(len(x1)) if settings.shuffle else None
        rows = x1 if order is None else x1[order]
        values = goal.values if order is None else goal.values[order]
        total = 0.0
        for u in range(units):
            total += float(step(rows, values[:, u], weights[u], settings.learning_rate) or 0)
        if kept is not None and pocket is not None:
            kept.offer(i, weights, pocket(x1, goal.values, weights))
        return total if error is None else error(x1, goal.values, weights)

    how = stopping(settings, perfect, max(len(x1), 1))
    with one_blas_thread(), np.errstate(over="ignore", invalid="ignore"):  # Diverged says it
        trace = train(epoch, lambda: model(weights.copy()).weights_json(), how, progress)
    final = weights if kept is None else kept.weights
    trained = Trained(model(final.copy()), trace)
    trained.notes.append(f"stopped: {how.reason}")
    if kept is not None:
        for entry, mistakes in zip(trace, kept.history):
            entry["mistakes"] = mistakes
        trained.notes.append(kept.note())
        trained.extra["pocket"] = kept.to_json()
    trained.extra["initial_weights"] = model(start).weights_json()
    if len(trace) > 1 and error is not None and trace[-1]["error"] > 10 * trace[0]["error"]:
        trained.warnings.append(
            f"warning: the training error grew from {trace[0]['error']:.4g} (epoch 1) to "
            f"{trace[-1]['error']:.4g} (epoch {len(trace)}): the learning rate "
            f"{settings.learning_rate:g} may be too large"
        )
    return trained
