r"""Linear regression by least squares, and multiresponse linear regression for classes.

The target ``x`` is a linear combination ``x = w_0 + w_1 a_1 + ... + w_n a_n``
of the attributes, with the weights chosen to minimise the sum of squared
errors over the training examples,

    sum_i ( x_i - sum_j w_j a_{i,j} )^2      (a_{i,0} = 1),

the least-squares solution of ``a . w = x`` (Witten & Frank 2005, section
4.6; the normal equations ``w = (a^T a)^{-1} a^T x``).  It is computed with
``numpy.linalg.lstsq`` (an SVD): when ``a^T a`` is singular (a nominal
attribute's one-hot columns always add up to the bias column) it gives the
least-squares solution of smallest norm, which predicts as every other does.

A nominal class is learnt by **multiresponse linear regression** (Witten &
Frank 2005, section 4.6): one regression per class, towards 1 for the
examples of the class and 0 for the others; an instance gets the class whose
expression is largest.  With two classes this is one regression towards 1
and -1, the first class when it is positive (the same decisions).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> data = from_kb(loads("label(t(1), 3). label(t(2), 5). label(t(3), 7.5)."), "t", 1)
>>> model = least_squares(data).model
>>> model.equations()
['o = 0.666667 + 2.25*a1']
>>> model.clauses("t", False)
['label(t(A), B) :-\n    B is 0.66666666666666...+2.2500000000000...*A.']

References
----------
Witten, I. H. and Frank, E. (2005) *Data Mining*, 2nd ed., section 4.6
(linear regression, multiresponse linear regression); Mitchell (1997)
section 4.4.3 (the linear unit and its squared error).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.numeric import one_blas_thread
from symlearn.learners.linear.models import LinearModel
from symlearn.learners.linear.runs import (
    LinearRun,
    LinearSettings,
    Trained,
    fit_encoding,
    learn_with,
    targets,
)
from symlearn.learning.task import LearningTask

__all__ = ["SETTINGS", "LinearRegressionSettings", "learn", "least_squares"]

SUMMARY = "Linear regression by least squares (multiresponse for classes): the equation."
EXAMPLE = "symlearn learn linear-regression kb/linear_points.pl --json"
TABLES = True
OUTPUT_SUFFIXES = (".pl", ".svg", ".png")
OUTPUT_HELP = "Write the clauses (.pl) or draw the decision regions (.svg, .png)."


def least_squares(data: AttributeValueData, normalise: bool = False) -> Trained:
    """The least-squares weights for ``data`` (see the module docstring).

    Raises
    ------
    KBError
        When the class mixes numbers and other values.
    InvalidParameterError
        When every example has the same (nominal) class.
    """
    goal = targets(data, negative=0.0)
    if goal.kind == "sign":  # two classes: one regression towards 1 and -1
        goal = targets(data, negative=-1.0)
    encoding, x1 = fit_encoding(data, normalise)
    with one_blas_thread():
        solution, _, rank, _ = np.linalg.lstsq(x1, goal.values, rcond=None)
    model = LinearModel(encoding, solution.T.copy(), goal.classes, goal.kind)
    notes = [f"least squares over {x1.shape[1]} columns (bias included), rank {rank}"]
    if rank < x1.shape[1]:
        notes.append("the columns are dependent: the solution of smallest norm is shown")
    return Trained(model, notes=notes)


@dataclass(frozen=True)
class LinearRegressionSettings(LinearSettings):
    """What ``symlearn learn linear-regression`` can be told."""

    ALGORITHM: ClassVar[str] = "linear-regression"


SETTINGS = LinearRegressionSettings


def learn(
    task: LearningTask,
    settings: LinearRegressionSettings | None = None,
    *,
    progress: Callable[[str, int, int | None], None] | None = None,
    log: Callable[[int, str], None] | None = None,
) -> LinearRun:
    """Least squares on the task's examples (the learner protocol)."""
    settings = settings or LinearRegressionSettings.from_task(task)
    return learn_with(
        lambda train: least_squares(train, settings.normalise),
        task,
        settings,
        "linear-regression",
        progress=progress,
    )
