"""What the linear models and networks share on the learner protocol: targets, settings, results.

* :func:`targets`: the class as the numbers a unit is trained towards: a
  numeric class as it is (regression); two classes as one unit, ``t = 1``
  for the first class and ``t = -1`` (or 0) for the second; more classes as
  one unit per class (one against the rest);
* :class:`LinearSettings` and :class:`GradientSettings`: normalisation, and
  for the learners trained by epochs the learning rate ``eta``, the epochs,
  the initial weights (``:- set(initial_weights, [W0, W1, ...]).``, bias
  first, to follow a textbook trace), shuffling and when to stop;
* :class:`LinearRun`: the result: the model's clauses, ``weights``, its
  equations and LaTeX, the per-epoch ``trace``, ``predictions`` for the
  instances asked for, ``metrics``; ``-o`` writes the clauses (``.pl``), or
  draws the error curve or the decision regions (``.svg``, ``.png``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.columnar import label_codes
from symlearn.data.encoded import encode
from symlearn.data.numeric import (
    NumericEncoding,
    class_numbers,
    fit_numeric,
    numeric_targets,
)
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.reports import metric_lines
from symlearn.hypotheses.rule_set import label_text
from symlearn.learning.evaluated import (
    EvaluatedSettings,
    PictureResult,
    check_positive,
    evaluate,
    evaluate_regression,
    instances_to_classify,
)
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.printer import format_term
from symlearn.render.plots import (
    Curve,
    CurvePlot,
    RegionPlot,
    plot_svg,
    region_plot,
    write_plot,
)

__all__ = [
    "GradientSettings",
    "LinearRun",
    "LinearSettings",
    "Targets",
    "Trained",
    "fit_encoding",
    "initial_weights",
    "learn_with",
    "targets",
]

Progress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True, eq=False)
class Targets:
    """What the output units are trained towards.

    Attributes
    ----------
    kind
        ``"regression"``, ``"sign"`` (two classes, one unit) or ``"argmax"``.
    classes
        The classes (None for regression).
    values
        ``examples x units``: the target of each unit for each example.
    """

    kind: str
    classes: tuple[Label, ...] | None
    values: np.ndarray


def is_numeric_class(data: AttributeValueData) -> bool:
    """Whether every class is a number (a regression task).

    Raises
    ------
    KBError
        When numbers and other classes are mixed (at the first non-number).
    """
    classes = label_codes(data)[1]  # a table's own classes, not re-encoded
    if class_numbers(classes) is not None:
        return bool(classes)
    if any(type(c) in (int, float) for c in classes):
        numeric_targets(data)  # raises at the first class that is not a number
    return False


def targets(data: AttributeValueData, negative: float = -1.0, regression: bool = True) -> Targets:
    """The training targets of ``data``'s examples (see the module docstring).

    ``regression``: a numeric class is a number to predict (else its values
    are classes); ``negative``: the target of "not this class" (-1, or 0 as
    in multiresponse linear regression).
    """
    if regression and is_numeric_class(data):
        return Targets("regression", None, numeric_targets(data)[:, None])
    encoded = encode(data)
    classes = encoded.classes
    if len(classes) < 2:
        raise InvalidParameterError(
            f"all {data.n_examples} training examples have the class "
            f"{label_text(classes[0]) if classes else '?'}: a linear classifier needs two"
        )
    y = encoded.y.astype(np.int64)
    if len(classes) == 2:
        return Targets("sign", classes, np.where(y == 0, 1.0, negative)[:, None])
    values = np.full((len(y), len(classes)), negative)
    values[np.arange(len(y)), y] = 1.0
    return Targets("argmax", classes, values)


def fit_encoding(data: AttributeValueData, normalise: bool) -> tuple[NumericEncoding, np.ndarray]:
    """The numeric encoding of the training examples and their rows with a leading 1 (bias)."""
    encoding = fit_numeric(data, nominal="one-hot", missing="mean", normalise=normalise)
    rows = encoding.matrix(data)
    return encoding, np.hstack([np.ones((len(rows), 1)), rows])


def initial_weights(
    given: Sequence[float], units: int, width: int, rng: np.random.Generator, spread: float
) -> np.ndarray:
    """The starting weights: ``given`` (bias first, one row used by every unit) or random.

    Random weights are uniform in ``[-spread, spread]`` (0: all zero).

    Raises
    ------
    InvalidParameterError
        When ``given`` has another length than ``width + 1``.
    """
    if given:
        if len(given) != width + 1:
            raise InvalidParameterError(
                f"initial_weights has {len(given)} numbers but the model has {width + 1} "
                f"weights (the bias w0 first, then one per column: {width} columns)"
            )
        return np.tile(np.asarray(given, dtype=np.float64), (units, 1))
    if spread == 0:
        return np.zeros((units, width + 1))
    return rng.uniform(-spread, spread, size=(units, width + 1))


@dataclass(frozen=True)
class LinearSettings(EvaluatedSettings):
    """What every linear model and network is told: normalisation, evaluation, instances."""

    normalise: bool = option(
        False, key="normalise", help="Min-max normalise numeric attributes (training ranges)."
    )


@dataclass(frozen=True)
class GradientSettings(LinearSettings):
    """The settings of a learner trained by epochs (perceptron, delta rule, backpropagation)."""

    learning_rate: float = option(
        0.1, key="learning_rate", metavar="ETA", help="The learning rate eta (> 0)."
    )
    epochs: int | None = option(
        None,
        key="epochs",
        minimum=1,
        metavar="N",
        help="Run exactly N epochs (default: until converged, at most --max-epochs).",
    )
    max_epochs: int = option(
        1000, key="max_epochs", minimum=1, help="The most epochs when --epochs is not given."
    )
    patience: int = option(
        5,
        key="patience",
        minimum=0,
        help="Without --epochs: stop after this many epochs without the error improving "
        "by --tolerance (0: never).",
    )
    tolerance: float = option(
        1e-3,
        key="tolerance",
        minimum=0,
        help="The improvement of the error per example --patience waits for.",
    )
    initial_weights: tuple[float, ...] = option(
        (),
        key="initial_weights",
        multiple=True,
        metavar="W",
        help="A starting weight, bias first (repeat for each; file: a list).",
    )
    shuffle: bool = option(
        False, key="shuffle", help="Present the examples in a new random order each epoch."
    )

    def validate(self) -> None:
        """The learning rate must be positive."""
        super().validate()
        check_positive("the learning rate", self.learning_rate)


@dataclass(eq=False)
class LinearRun(PictureResult):
    """A linear model or network learnt on a task (see the module docstring).

    Attributes
    ----------
    model
        The hypothesis (with ``predict``, ``clauses``, ``weights_json`` ...).
    trace
        One entry per epoch (empty for least squares).
    metrics
        Accuracy (or RMSE) on the training and test examples.
    predictions
        The instances asked for, with their class or number.
    extra
        More JSON keys of the algorithm (``support_vectors``, ``layers`` ...).
    notes
        Lines the report adds (how training stopped ...).
    """

    task: LearningTask
    settings: LinearSettings
    model: Any
    trace: list[dict[str, Any]]
    metrics: dict[str, Any]
    predictions: list[dict[str, Any]]
    algorithm: str
    extra: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    #: What ``-o FILE.svg|png`` draws: the decision regions or the error curve.
    PICTURE: ClassVar[str] = "regions"

    def clauses(self) -> list[str]:
        """The model as clauses (see :meth:`LinearModel.clauses`)."""
        data = self.task.attribute_data
        return list(self.model.clauses(data.target, data.is_boolean))

    def to_dict(self) -> dict[str, Any]:
        """``weights``, ``equations``, ``latex``, ``trace``, ``predictions``, ``metrics`` ..."""
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "weights": self.model.weights_json(),
            "columns": list(self.model.encoding.names),
            "normalised": self.model.encoding.normalise,
            "ranges": {a: list(r) for a, r in self.model.encoding.ranges.items()},
        }
        if hasattr(self.model, "equations"):
            payload["equations"] = self.model.equations()
            payload["latex"] = self.model.latex()
        payload.update(self.extra)
        payload["trace"] = self.trace
        payload["epochs"] = len(self.trace)
        payload["predictions"] = self.predictions
        payload["metrics"] = self.metrics
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The equations (or clauses), the trace's ends, the predictions and the metrics."""
        data = self.task.attribute_data
        lines = [f"% {self.algorithm} for {self.task.name} from {data.n_examples} examples"]
        lines += [f"% {note}" for note in self.notes]
        if hasattr(self.model, "equations"):
            lines += [f"% {e}" for e in self.model.equations()]
        lines += self.clauses()
        lines += self._trace_lines()
        for p in self.predictions:
            value = p["label"] if "label" in p else f"{p['value']:.6g}"
            lines.append(f"{p['instance']}: {value}")
        return [*lines, *metric_lines(self.metrics), *self._output_lines()]

    def _trace_lines(self) -> list[str]:
        if not self.trace:
            return []
        shown = self.trace if len(self.trace) <= 6 else [*self.trace[:3], None, *self.trace[-2:]]
        lines = ["% epoch  error"]
        for entry in shown:
            lines.append(
                "%   ..." if entry is None else f"% {entry['epoch']:5d}  {entry['error']:.6g}"
            )
        return lines

    def _output_lines(self) -> list[str]:
        return [f"% written to {self.output}"] if self.output else []

    # -- pictures
    def picture(self) -> CurvePlot | RegionPlot:
        """The error curve (networks, the delta rule) or the decision regions (two numbers).

        Raises
        ------
        InvalidParameterError
            When there is nothing to draw (regions need two numeric attributes).
        """
        if self.PICTURE == "curve":
            if not self.trace:
                raise InvalidParameterError(f"{self.algorithm} has no epochs to draw")
            curve = Curve(
                "training error",
                tuple(float(e["epoch"]) for e in self.trace),
                tuple(float(e["error"]) for e in self.trace),
            )
            return CurvePlot(
                f"{self.algorithm}: error per epoch for {self.task.name}", "epoch", "E", (curve,)
            )
        if self.model.classes is None:
            raise InvalidParameterError("decision regions need classes, not a numeric class")
        encoded = encode(self.task.attribute_data)
        return region_plot(
            self.model.predict_columns,
            self.model.attributes,
            [np.asarray(c, dtype=np.float64) for c in encoded.columns],
            encoded.y,
            [label_text(c) for c in self.model.classes],
            f"{self.algorithm} decision regions for {self.task.name}",
            self.ringed(),
        )

    def ringed(self) -> Sequence[int]:
        """Examples to ring in the picture (support vectors), by position in the task."""
        return ()

    def write_picture(self, path: str | Path, *, force: bool = False) -> None:
        """Draw :meth:`picture` to ``path``."""
        write_plot(self.picture(), path, inputs=self.task.inputs, force=force)

    def picture_svg(self) -> str | None:
        """The picture as SVG for notebooks (None when there is nothing to draw)."""
        try:
            return plot_svg(self.picture())
        except InvalidParameterError:
            return None


def predictions(
    model: Any, data: AttributeValueData, atoms: Sequence[str]
) -> list[dict[str, Any]]:
    """The class (``label``) or number (``value``) of each instance asked for, with its outputs."""
    instances = instances_to_classify(data, atoms)
    if not instances:
        return []
    answers = model.predict(instances)
    outputs = model.outputs(model.encoding.rows(instances))
    result = []
    for instance, answer, out in zip(instances, answers, outputs):
        entry: dict[str, Any] = {"instance": format_term(data.atom(instance))}
        if model.classes is None:
            entry["value"] = float(answer)
        else:
            entry["label"] = label_text(answer)
        entry["outputs"] = [float(v) for v in np.atleast_1d(out)]
        result.append(entry)
    return result


@dataclass(eq=False)
class Trained:
    """A model with what its training produced: the trace, notes, warnings, more JSON.

    Everything else (``predict``, ``predict_columns``, ``clauses`` ...) is the model's.
    """

    model: Any
    trace: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        if name == "model":  # not yet set (copying, unpickling)
            raise AttributeError(name)
        return getattr(self.model, name)


def learn_with(
    fit: Callable[[AttributeValueData], Trained],
    task: LearningTask,
    settings: LinearSettings,
    algorithm: str,
    *,
    regression: bool = True,
    run_class: type[LinearRun] = LinearRun,
    progress: Progress | None = None,
) -> LinearRun:
    """Fit on the task's training part, measure, predict the instances asked for: the run.

    ``regression``: a numeric class is a number to predict (measured by
    RMSE); otherwise its values are classes.
    """
    data = task.attribute_data
    measure = evaluate_regression if regression and is_numeric_class(data) else evaluate
    trained, metrics, _ = measure(fit, data, settings, progress)
    return run_class(
        task,
        settings,
        trained.model,
        trained.trace,
        metrics,
        predictions(trained.model, data, settings.classify),
        algorithm,
        trained.extra,
        trained.notes,
        trained.warnings,
    )
