r"""The delta rule: gradient descent on the squared error of a linear unit.

A linear unit outputs ``o = w . x`` (with ``x_0 = 1``); its training error is

    E(w) = 1/2 sum_{d in D} (t_d - o_d)^2

(Mitchell 1997, eq. 4.2).  The **delta rule** (least mean squares, Widrow and
Hoff) descends it stochastically, revising the weights after each example
(Mitchell 1997, section 4.4.3.3, eq. 4.10)

    w_i <- w_i + eta (t - o) x_i;

with ``--gradient batch`` it is GRADIENT-DESCENT (Mitchell 1997, Table 4.1):
``Delta w_i = eta sum_d (t_d - o_d) x_id`` summed over all examples, then one
step per epoch.  Both approach the least-squares weights when ``eta`` is
small enough, whether or not the examples are linearly separable.

The weights start as small random numbers in [-0.05, 0.05] (with ``--seed``)
or at the file's ``:- set(initial_weights, [W0, W1, ...]).``; ``--epochs N``
runs N epochs, else it runs until ``E / |D|`` has not improved by
``--tolerance`` for ``--patience`` epochs.  The trace records ``E(w)`` after
each epoch.  Weights that overflow are an error naming the epoch (the
learning rate is too large); an error that grows is a warning.

A numeric class is learnt as it is (regression); a nominal one with the
targets 1 and -1 (one unit per class for more than two classes, the largest
output wins), the first class when ``o > 0`` (Mitchell's thresholded linear unit).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> data = from_kb(loads("label(t(0), 1). label(t(1), 3). label(t(2), 5)."), "t", 1)
>>> trained = delta_rule(data, learning_rate=0.1, initial_weights=(0.0, 0.0), epochs=1)
>>> trained.model.weight_dict()  # w = (0.1, 0), then (0.39, 0.29), then:
{'bias': 0.793, 'a1': 1.096}
>>> round(delta_rule(data, learning_rate=0.1, epochs=500).model.weight_dict()["a1"], 6)
2.0

References
----------
Mitchell, T. (1997) *Machine Learning*, ch. 4 (section 4.4.3: gradient
descent and the delta rule; 4.4.3.3 its stochastic approximation); Witten,
I. H. and Frank, E. (2005) *Data Mining*, 2nd ed., section 4.6 (linear
models); Widrow, B. and Hoff, M. (1960) "Adaptive switching circuits".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.data.attribute_value import AttributeValueData
from symlearn.learners.linear.epochs import delta_epoch, gradient_epoch
from symlearn.learners.linear.gradient import squared_error, train_units
from symlearn.learners.linear.runs import (
    GradientSettings,
    LinearRun,
    Trained,
    learn_with,
    targets,
)
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask

__all__ = ["SETTINGS", "DeltaRuleSettings", "delta_rule", "fit", "learn"]

SUMMARY = "The delta rule (gradient descent on squared error): weights and error per epoch."
EXAMPLE = "symlearn learn delta-rule kb/linear_points.pl --learning-rate 0.05 --epochs 200"
TABLES = True
OUTPUT_SUFFIXES = (".pl", ".svg", ".png")
OUTPUT_HELP = "Write the clauses (.pl) or draw the error per epoch (.svg, .png)."

#: Random initial weights lie in [-SPREAD, SPREAD] (Mitchell's "small random values").
SPREAD = 0.05


class DeltaRuleRun(LinearRun):
    """The delta rule's result: ``-o FILE.svg|png`` draws the error curve."""

    PICTURE: ClassVar[str] = "curve"


@dataclass(frozen=True)
class DeltaRuleSettings(GradientSettings):
    """What ``symlearn learn delta-rule`` can be told."""

    ALGORITHM: ClassVar[str] = "delta-rule"

    learning_rate: float = option(
        0.01, key="learning_rate", metavar="ETA", help="The learning rate eta (> 0)."
    )
    gradient: str = option(
        "stochastic",
        key="gradient",
        choices=("stochastic", "batch"),
        help="Update after each example (the delta rule) or once per epoch (gradient descent).",
    )


SETTINGS = DeltaRuleSettings


def fit(data: AttributeValueData, settings: DeltaRuleSettings) -> Any:
    """The model alone, for an ensemble's member (the protocol's ``fit``)."""
    return delta_rule(data, settings=settings).model


def delta_rule(
    data: AttributeValueData,
    learning_rate: float = 0.01,
    *,
    settings: DeltaRuleSettings | None = None,
    progress: Callable[[str, int, int | None], None] | None = None,
    **given: Any,
) -> Trained:
    """Train linear units by the delta rule (or batch gradient descent) on ``data``.

    Raises
    ------
    Diverged
        When the weights overflow (the learning rate is too large).
    InvalidParameterError
        For a learning rate <= 0 or initial weights of the wrong length.
    """
    chosen = settings or DeltaRuleSettings(learning_rate=learning_rate, **given)
    goal = targets(data, negative=-1.0)
    step = delta_epoch if chosen.gradient == "stochastic" else gradient_epoch
    return train_units(
        data, goal, chosen, step, spread=SPREAD, error=squared_error, progress=progress
    )


def learn(
    task: LearningTask,
    settings: DeltaRuleSettings | None = None,
    *,
    progress: Callable[[str, int, int | None], None] | None = None,
    log: Callable[[int, str], None] | None = None,
) -> LinearRun:
    """Train by the delta rule on the task's examples (the learner protocol)."""
    chosen = settings or DeltaRuleSettings.from_task(task)
    return learn_with(
        lambda train: delta_rule(train, settings=chosen, progress=progress),
        task,
        chosen,
        "delta-rule",
        run_class=DeltaRuleRun,
        progress=progress,
    )
