r"""The perceptron training rule (Rosenblatt's perceptron, as a batch learner).

A perceptron outputs ``o(x) = 1`` if ``w . x > 0`` and ``-1`` otherwise, with
``x_0 = 1`` so that ``w_0`` is the threshold's bias.  The perceptron training
rule revises each weight after each example (Mitchell 1997, section 4.4.2)

    w_i <- w_i + eta (t - o) x_i

for the target ``t`` (1 for the first class, -1 for the other) and output
``o``; an example the perceptron gets right changes nothing.  The examples
are presented in order (``--shuffle``: a new random order each epoch) until
an epoch makes no mistake, which happens when the examples are linearly
separable and ``eta`` small enough (Mitchell 1997, section 4.4.2; Novikoff's
theorem).

Data that are not linearly separable never get there: the rule keeps
changing the weights, and the last epoch's weights are wherever that
oscillation happened to stop.  The learner stops on the rule's own progress:
after an epoch without a mistake, or when no epoch has made fewer mistakes
(updates) than the best one by ``--tolerance`` per example for
``--patience`` epochs (as scikit-learn's ``n_iter_no_change``, but on the
mistakes rather than its loss), or after ``--max-epochs``, or after exactly
``--epochs``; it returns the last epoch's weights, as the rule leaves them
and as scikit-learn's ``Perceptron`` does.  ``--pocket`` keeps Gallant's
(1990) *pocket* instead: after each epoch, the weights that misclassify the
fewest training examples so far (replaced only by strictly fewer mistakes),
the usual remedy for data that are not separable (house-votes' default
split: 0.9462 held-out with the pocket, 0.9000 without, as scikit-learn on
the same matrix).  On separable data the two are the same weights (the last
make no mistake).

The weights start at 0 (the notes' "set all weights to 0"), or at the
file's ``:- set(initial_weights, [W0, W1, ...]).`` to follow a textbook
trace.  The trace's ``error`` is the number of updates in each epoch (the
mistakes the rule meets), its ``mistakes`` (with ``--pocket``) the training mistakes of the
weights at the epoch's end (what the pocket compares).

scikit-learn's ``Perceptron`` differs in two places only: it updates when
``y (w . x) <= 0``, so also on a negative example with ``w . x = 0`` (from
weights 0 it updates on the first example whatever its class; Mitchell's
``o = -1`` there), and it returns the last weights after stopping on its
loss ``sum max(0, -y w . x)`` with ``tol``.  Without such ties and with the
same epochs (``--epochs``) the two give the same weights
(with scikit-learn's ``eta0`` twice ``eta``: ``t - o`` is 2 or -2).

More than two classes: one perceptron per class against the rest, the class
of the largest ``w . x``.  Attributes are numbers (``--normalise`` to scale
them to [0, 1]) and one 0/1 column per value of a nominal attribute.  The
weights print as the equation of the separating hyperplane and as a clause;
with two numeric attributes ``-o FILE.svg|png`` draws the decision regions.

The online (mistake-bound) perceptron of :mod:`symlearn.online.perceptron`
learns from a stream with ``y (w . x) <= 0`` as its mistake; this is the
batch learner of a training set, with Mitchell's rule and threshold.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> data = from_kb(loads('''
... neg(and(0, 0)). neg(and(0, 1)). neg(and(1, 0)). pos(and(1, 1)).
... '''), "and", 2)
>>> trained = perceptron(data, learning_rate=0.5)
>>> [e["error"] for e in trained.trace], trained.model.weight_dict()
([1.0, 3.0, 3.0, 2.0, 1.0, 0.0], {'bias': -2.0, 'a1': 2.0, 'a2': 1.0})
>>> trained.model.clauses("and")
['and(A, B) :-\n    -2.0+2.0*A+1.0*B>0.0.']

References
----------
Mitchell, T. (1997) *Machine Learning*, ch. 4 (section 4.4: perceptrons, the
perceptron training rule); Witten, I. H. and Frank, E. (2005) *Data Mining*,
2nd ed., section 4.6 (linear classification: the perceptron); Rosenblatt
(1958); Novikoff (1962); Gallant, S. I. (1990) Perceptron-based learning
algorithms, *IEEE Transactions on Neural Networks* 1(2), 179-191 (the pocket
algorithm).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.data.attribute_value import AttributeValueData
from symlearn.learners.linear.epochs import perceptron_epoch, perceptron_mistakes
from symlearn.learners.linear.gradient import train_units
from symlearn.learners.linear.runs import (
    GradientSettings,
    LinearRun,
    Trained,
    learn_with,
    targets,
)
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask

__all__ = ["SETTINGS", "PerceptronSettings", "fit", "learn", "perceptron"]

SUMMARY = "The perceptron training rule: the separating hyperplane's weights, epoch by epoch."
EXAMPLE = "symlearn learn perceptron kb/perceptron_and.pl --json"
TABLES = True
OUTPUT_SUFFIXES = (".pl", ".svg", ".png")
OUTPUT_HELP = "Write the clauses (.pl) or draw the decision regions (.svg, .png)."


@dataclass(frozen=True)
class PerceptronSettings(GradientSettings):
    """What ``symlearn learn perceptron`` can be told."""

    ALGORITHM: ClassVar[str] = "perceptron"

    learning_rate: float = option(
        0.1, key="learning_rate", metavar="ETA", help="The learning rate eta (> 0)."
    )
    tolerance: float = option(
        5e-4,
        key="tolerance",
        minimum=0,
        help="The fall in mistakes per example --patience waits for (0: any fewer mistakes).",
    )
    pocket: bool = option(
        False,
        key="pocket",
        help="Return the weights of the epoch with the fewest training mistakes "
        "(Gallant's pocket) instead of the last epoch's.",
    )


SETTINGS = PerceptronSettings


def fit(data: AttributeValueData, settings: PerceptronSettings) -> Any:
    """The model alone, for an ensemble's member (the protocol's ``fit``)."""
    return perceptron(data, settings=settings).model


def perceptron(
    data: AttributeValueData,
    learning_rate: float = 0.1,
    *,
    settings: PerceptronSettings | None = None,
    progress: Callable[[str, int, int | None], None] | None = None,
    **given: Any,
) -> Trained:
    """Train a perceptron (one per class for more than two) on ``data``.

    ``settings`` (or keywords of :class:`PerceptronSettings`) give the rest.

    Raises
    ------
    InvalidParameterError
        For a learning rate <= 0, initial weights of the wrong length, one class.
    """
    chosen = settings or PerceptronSettings(learning_rate=learning_rate, **given)
    goal = targets(data, negative=-1.0, regression=False)
    return train_units(
        data,
        goal,
        chosen,
        perceptron_epoch,
        spread=0.0,
        perfect=True,
        pocket=perceptron_mistakes if chosen.pocket else None,
        progress=progress,
    )


def learn(
    task: LearningTask,
    settings: PerceptronSettings | None = None,
    *,
    progress: Callable[[str, int, int | None], None] | None = None,
    log: Callable[[int, str], None] | None = None,
) -> LinearRun:
    """Train a perceptron on the task's examples (the learner protocol)."""
    chosen = settings or PerceptronSettings.from_task(task)
    return learn_with(
        lambda train: perceptron(train, settings=chosen, progress=progress),
        task,
        chosen,
        "perceptron",
        regression=False,
        progress=progress,
    )
