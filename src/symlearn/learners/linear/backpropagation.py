r"""BACKPROPAGATION: a two-layer network of sigmoid units trained by stochastic gradient descent.

Each unit outputs ``o = sigma(w . x)`` with ``sigma(y) = 1 / (1 + e^-y)``
(Mitchell 1997, section 4.5.1).  The network has ``--hidden`` sigmoid units
fed by the inputs (the numeric encoding of an instance, min-max normalised by
default) and one sigmoid output unit per class (one unit for two classes).
BACKPROPAGATION (Mitchell 1997, Table 4.2) presents the examples one at a
time (stochastic gradient descent on ``E_d = 1/2 sum_k (t_k - o_k)^2``) and

1. propagates the input forward, computing every unit's output;
2. for each output unit ``k``: ``delta_k = o_k (1 - o_k) (t_k - o_k)``;
3. for each hidden unit ``h``: ``delta_h = o_h (1 - o_h) sum_k w_kh delta_k``
   (with the output weights before this example's update);
4. updates every weight ``w_ji <- w_ji + Delta w_ji`` with
   ``Delta w_ji(n) = eta delta_j x_ji + alpha Delta w_ji(n - 1)``, the
   momentum ``alpha`` (``--momentum``, Mitchell 1997, eq. 4.18; 0 gives the
   plain rule).

The targets are 0.9 for the example's class and 0.1 for the others
(Mitchell 1997, section 4.7: sigmoid outputs reach 0 and 1 only with
infinite weights); an instance gets the class of the largest output (one
unit: the first class when its output exceeds 0.5).  The weights start
uniform in [-0.05, 0.05] (``--seed``), or at the file's
``:- set(initial_weights, [...])``: the hidden units' rows then the output
units' rows, each ``[bias, w1, ...]``, to follow a textbook trace.  The
trace records ``E`` over all training examples after each epoch; ``-o
FILE.svg|png`` draws that error curve.  Weights that overflow are an error
naming the epoch.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> data = from_kb(loads('''
... neg(xor(0, 0)). pos(xor(0, 1)). pos(xor(1, 0)). neg(xor(1, 1)).
... '''), "xor", 2)
>>> trained = backpropagation(data, hidden=3, learning_rate=0.5, momentum=0.9, epochs=2000,
...                           seed=1)
>>> trained.model.predict([(0, 0), (0, 1), (1, 0), (1, 1)])
[False, True, True, False]

References
----------
Mitchell, T. (1997) *Machine Learning*, ch. 4 (section 4.5: multilayer
networks and BACKPROPAGATION, Table 4.2; 4.5.2.1 momentum; 4.7 the face
recognition example's 0.1/0.9 targets); Rumelhart, D., Hinton, G. and
Williams, R. (1986) "Learning representations by back-propagating errors",
*Nature* 323; Witten, I. H. and Frank, E. (2005) *Data Mining*, 2nd ed.,
section 6.3 (multilayer perceptrons).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.numeric import NumericEncoding, one_blas_thread
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import label_text
from symlearn.learners.linear.epochs import train
from symlearn.learners.linear.gradient import stopping
from symlearn.learners.linear.models import (
    VectorClassifier,
    affine_terms,
    arithmetic,
    decision_clauses,
)
from symlearn.learners.linear.runs import (
    GradientSettings,
    LinearRun,
    Trained,
    fit_encoding,
    learn_with,
    targets,
)
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.terms import Struct, Term, Var

__all__ = ["SETTINGS", "BackpropagationSettings", "Network", "backpropagation", "fit", "learn"]

SUMMARY = "BACKPROPAGATION: sigmoid units, momentum, SGD; the weights and the error per epoch."
EXAMPLE = "symlearn learn backpropagation kb/xor_network.pl --hidden 2 -o xor_error.svg"
TABLES = True
OUTPUT_SUFFIXES = (".pl", ".svg", ".png")
OUTPUT_HELP = "Write the network as clauses (.pl) or draw the error per epoch (.svg, .png)."

#: Random initial weights lie in [-SPREAD, SPREAD] (Mitchell 1997, Table 4.2).
SPREAD = 0.05
#: The targets of the example's class and of the others (Mitchell 1997, section 4.7).
HIGH, LOW = 0.9, 0.1


def sigmoid(y: np.ndarray) -> np.ndarray:
    """``1 / (1 + e^-y)``, without overflow warnings for large ``|y|``."""
    return 0.5 * (1.0 + np.tanh(0.5 * y))


@dataclass(frozen=True, eq=False)
class Network(VectorClassifier):
    """A two-layer feedforward network of sigmoid units.

    Attributes
    ----------
    encoding
        How an instance becomes the inputs.
    hidden, output
        The weight matrices: one row ``[bias, w1, ...]`` per unit.
    classes
        The classes (one output unit per class, or one for two classes).
    """

    encoding: NumericEncoding
    hidden: np.ndarray
    output: np.ndarray
    classes: tuple[Label, ...]

    def outputs(self, rows: np.ndarray) -> np.ndarray:
        """The output units' values for each row."""
        h = sigmoid(rows @ self.hidden[:, 1:].T + self.hidden[:, 0])
        result: np.ndarray = sigmoid(h @ self.output[:, 1:].T + self.output[:, 0])
        return result

    def codes(self, rows: np.ndarray) -> np.ndarray:
        """The class code of each row: the largest output (one unit: above 0.5 is the first)."""
        out = self.outputs(rows)
        if out.shape[1] == 1:
            return np.where(out[:, 0] > 0.5, 0, 1)
        return np.argmax(out, axis=1)

    def layers(self) -> list[list[list[float]]]:
        """The ``layers`` JSON: each weight matrix as rows ``[bias, w1, ...]``, one per unit."""
        return [self.hidden.tolist(), self.output.tolist()]

    def weights_json(self) -> dict[str, Any]:
        """``{"hidden": rows, "output": rows}``."""
        return {"hidden": self.hidden.tolist(), "output": self.output.tolist()}

    def clauses(self, target: str, boolean: bool = True) -> list[str]:
        """The network as clauses: each unit's sigmoid computed with ``is``, then the decision."""
        variables = [Var(f"X{j}") for j in range(len(self.encoding.attributes))]
        head_atom = Struct(target, tuple(variables)) if variables else target
        goals: list[Term] = []
        hidden_vars = [Var(f"H{i}") for i in range(len(self.hidden))]
        for unit, var in zip(self.hidden, hidden_vars):
            unit_goals, expression = affine_terms(self.encoding, unit, variables)
            goals += [*unit_goals, Struct("is", (var, _sigmoid_term(expression)))]
        out_vars = [Var(f"O{k}") for k in range(len(self.output))]
        for unit, var in zip(self.output, out_vars):
            terms: list[tuple[float, Term | None]] = [(float(unit[0]), None)]
            terms += [(float(w), h) for w, h in zip(unit[1:], hidden_vars)]
            goals.append(Struct("is", (var, _sigmoid_term(arithmetic(terms)))))
        return decision_clauses(head_atom, self.classes, goals, out_vars, 0.5, boolean)


def _sigmoid_term(expression: Term) -> Term:
    """``1/(1+exp(-(E)))`` as a Prolog arithmetic term."""
    return Struct("/", (1.0, Struct("+", (1.0, Struct("exp", (Struct("-", (expression,)),))))))


def _initial(
    given: Sequence[float], hidden: int, inputs: int, outputs: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """The hidden and output weight matrices: given (hidden rows, then output rows) or random.

    Raises
    ------
    InvalidParameterError
        When ``given`` has the wrong number of weights.
    """
    sizes = (hidden * (inputs + 1), outputs * (hidden + 1))
    if not given:
        return (
            rng.uniform(-SPREAD, SPREAD, (hidden, inputs + 1)),
            rng.uniform(-SPREAD, SPREAD, (outputs, hidden + 1)),
        )
    if len(given) != sum(sizes):
        raise InvalidParameterError(
            f"initial_weights has {len(given)} numbers but the network has {sum(sizes)}: "
            f"{hidden} hidden units x {inputs + 1} (bias first), then {outputs} output "
            f"units x {hidden + 1}"
        )
    weights = np.asarray(given, dtype=np.float64)
    return (
        weights[: sizes[0]].reshape(hidden, inputs + 1),
        weights[sizes[0] :].reshape(outputs, hidden + 1),
    )


def _epoch(
    x1: np.ndarray,
    t: np.ndarray,
    w_hidden: np.ndarray,
    w_output: np.ndarray,
    changes: list[np.ndarray],
    eta: float,
    alpha: float,
) -> None:
    """One pass of BACKPROPAGATION over the rows (weights and last changes updated in place)."""
    d_hidden, d_output = changes
    h1 = np.ones(w_hidden.shape[0] + 1)
    for x, target in zip(x1, t):
        h1[1:] = sigmoid(w_hidden @ x)
        o = sigmoid(w_output @ h1)
        delta_o = o * (1.0 - o) * (target - o)
        delta_h = h1[1:] * (1.0 - h1[1:]) * (w_output[:, 1:].T @ delta_o)
        d_output *= alpha
        d_output += eta * np.outer(delta_o, h1)
        w_output += d_output
        d_hidden *= alpha
        d_hidden += eta * np.outer(delta_h, x)
        w_hidden += d_hidden


def backpropagation(
    data: AttributeValueData,
    hidden: int = 10,
    learning_rate: float = 0.3,
    momentum: float = 0.3,
    *,
    settings: BackpropagationSettings | None = None,
    progress: Callable[[str, int, int | None], None] | None = None,
    **given: Any,
) -> Trained:
    """Train a network by BACKPROPAGATION on ``data`` (see the module docstring).

    Raises
    ------
    Diverged
        When the weights overflow.
    InvalidParameterError
        For a learning rate <= 0, initial weights of the wrong length, one class.
    """
    chosen = settings or BackpropagationSettings(
        hidden=hidden, learning_rate=learning_rate, momentum=momentum, **given
    )
    goal = targets(data, negative=-1.0, regression=False)
    t = np.where(goal.values > 0, HIGH, LOW)
    encoding, x1 = fit_encoding(data, chosen.normalise)
    rng = np.random.default_rng(chosen.seed)
    w_hidden, w_output = _initial(
        chosen.initial_weights, chosen.hidden, encoding.width, t.shape[1], rng
    )
    start = (w_hidden.tolist(), w_output.tolist())
    changes = [np.zeros_like(w_hidden), np.zeros_like(w_output)]
    assert goal.classes is not None

    def network() -> Network:
        return Network(encoding, w_hidden.copy(), w_output.copy(), goal.classes or ())

    def epoch(_: int) -> float:
        order = rng.permutation(len(x1)) if chosen.shuffle else slice(None)
        _epoch(
            x1[order], t[order], w_hidden, w_output, changes, chosen.learning_rate, chosen.momentum
        )
        return 0.5 * float(np.sum((t - network().outputs(x1[:, 1:])) ** 2))

    how = stopping(chosen, False, max(len(x1), 1))
    with one_blas_thread(), np.errstate(over="ignore", invalid="ignore"):
        trace = train(epoch, lambda: network().layers(), how, progress)
    for entry in trace:  # the DESIGN's trace: epoch and error (the weights are in ``layers``)
        entry.pop("weights")
    trained = Trained(network(), trace)
    trained.notes.append(
        f"{encoding.width} inputs, {chosen.hidden} hidden and {t.shape[1]} output sigmoid "
        f"units; eta {chosen.learning_rate:g}, momentum {chosen.momentum:g}; stopped: {how.reason}"
    )
    trained.extra["layers"] = trained.model.layers()
    trained.extra["initial_layers"] = [start[0], start[1]]
    trained.extra["output_units"] = (
        [label_text(c) for c in goal.classes] if t.shape[1] > 1 else [label_text(goal.classes[0])]
    )
    return trained


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class BackpropagationSettings(GradientSettings):
    """What ``symlearn learn backpropagation`` can be told."""

    ALGORITHM: ClassVar[str] = "backpropagation"

    normalise: bool = option(
        True, key="normalise", help="Min-max normalise numeric attributes (training ranges)."
    )
    hidden: int = option(10, key="hidden", minimum=1, help="The number of hidden sigmoid units.")
    learning_rate: float = option(
        0.3, key="learning_rate", metavar="ETA", help="The learning rate eta (> 0)."
    )
    momentum: float = option(
        0.3, key="momentum", minimum=0, maximum=1, help="The momentum alpha, in [0, 1)."
    )
    max_epochs: int = option(
        200, key="max_epochs", minimum=1, help="The most epochs when --epochs is not given."
    )
    tolerance: float = option(
        1e-4,
        key="tolerance",
        minimum=0,
        help="The improvement of the error per example --patience waits for.",
    )
    patience: int = option(
        10,
        key="patience",
        minimum=0,
        help="Without --epochs: stop after this many epochs without the error improving "
        "by --tolerance (0: never).",
    )

    def validate(self) -> None:
        """The learning rate is positive and the momentum below 1."""
        super().validate()
        if self.momentum >= 1:
            raise InvalidParameterError(f"the momentum must be below 1, not {self.momentum:g}")


SETTINGS = BackpropagationSettings


def fit(data: AttributeValueData, settings: BackpropagationSettings) -> Any:
    """The model alone, for an ensemble's member (the protocol's ``fit``)."""
    return backpropagation(data, settings=settings).model


class BackpropagationRun(LinearRun):
    """BACKPROPAGATION's result: ``layers`` in the JSON; ``-o FILE.svg|png`` the error curve."""

    PICTURE: ClassVar[str] = "curve"


def learn(
    task: LearningTask,
    settings: BackpropagationSettings | None = None,
    *,
    progress: Callable[[str, int, int | None], None] | None = None,
    log: Callable[[int, str], None] | None = None,
) -> LinearRun:
    """Train a network on the task's examples (the learner protocol)."""
    chosen = settings or BackpropagationSettings.from_task(task)
    return learn_with(
        lambda train: backpropagation(train, settings=chosen, progress=progress),
        task,
        chosen,
        "backpropagation",
        regression=False,
        run_class=BackpropagationRun,
        progress=progress,
    )
