"""What an ensemble learner returns: :class:`EnsembleRun`, and the protocol functions that make it.

``symlearn learn bagging|boosting|randomisation|stacking`` learn from
attribute-value examples (a knowledge base's ``pos``/``neg`` or ``label/2``
examples, or a CSV/Parquet table) and return an :class:`EnsembleRun`:

* the ensemble as a Prolog program (``hypothesis``; see
  :mod:`~symlearn.learners.ensembles.program`), each member's clauses and vote
  weight (``members``), boosting's rounds (``trace``);
* its metrics (training and held-out accuracy, confusion matrix, confidence
  interval, ``--cv`` cross-validation) and the error of the ensemble as its
  members are added (``curve``: what ``-o FILE.svg|png`` draws);
* the vote on every ``instance/1`` example and ``--classify`` atom, explained
  member by member (``classification``).

:func:`ensemble_learner` gives each learner module its ``learn`` from the
function that builds its ensemble.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.columnar import ColumnarData, as_columnar
from symlearn.evaluation.reports import cross_validation_metrics, holdout_metrics, metric_lines
from symlearn.evaluation.splits import holdout_split
from symlearn.hypotheses.rule_set import label_text
from symlearn.learners.ensembles.committee import Ensemble
from symlearn.learners.ensembles.program import NoClauseForm, ensemble_program, member_clauses
from symlearn.learners.ensembles.settings import EnsembleSettings
from symlearn.learning.evaluated import instances_to_classify
from symlearn.learning.result import LearnResult, check_suffix, learn_function
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "Built",
    "EnsembleRun",
    "Progress",
    "ensemble_learner",
    "error_curve",
]

#: ``progress(stage, done, total)``.
Progress = Callable[[str, int, "int | None"], None]

#: What ``-o`` writes: the program, or a picture of the error curve.
OUTPUT_SUFFIXES = (".pl", ".svg", ".png")
OUTPUT_HELP = "Write the program (.pl) or draw the error by number of members (.svg, .png)."

TITLES = {
    "bagging": "bagging",
    "boosting": "boosting (AdaBoost.M1)",
    "randomisation": "randomisation (random attribute subsets)",
    "stacking": "stacking",
}


@dataclass(frozen=True)
class Built:
    """An ensemble and the trace of how it was built (boosting's rounds)."""

    ensemble: Ensemble
    trace: list[dict[str, Any]]


#: A learner module's builder: training table, settings, progress -> the ensemble.
Build = Callable[[ColumnarData, Any, "Progress | None"], Built]


def error_curve(ensemble: Ensemble, data: ColumnarData) -> list[float]:
    """The error on ``data`` of the ensemble of the first 1, 2, ... members (a weighted vote)."""
    codes = ensemble.member_codes(data)
    y = data.encoded_as(ensemble.classes).y
    totals = np.zeros((data.n_examples, len(ensemble.classes)))
    rows = np.arange(data.n_examples)
    errors = []
    for member, member_codes in zip(ensemble.members, codes):
        said = member_codes >= 0
        totals[rows[said], member_codes[said]] += member.weight
        errors.append(float(np.mean(np.argmax(totals, axis=1) != y)))
    return errors


@dataclass(eq=False)
class EnsembleRun(LearnResult):
    """An ensemble learner run on a task (see the module docstring).

    Attributes
    ----------
    task, settings
        What was learnt, and how.
    built
        The ensemble and its trace.
    train, test
        The examples learnt from and those held out (None: none).
    metrics
        The JSON ``metrics``.
    classified
        The explained votes on the ``instance/1`` examples and ``--classify`` atoms.
    curve
        ``train`` (and ``test``) error of the first 1, 2, ... members (empty for stacking).
    """

    task: LearningTask
    settings: EnsembleSettings
    built: Built
    train: ColumnarData
    test: ColumnarData | None
    metrics: dict[str, Any]
    classified: list[dict[str, Any]]
    curve: dict[str, list[float]]
    algorithm: str = ""
    output_kind: str | None = field(default=None, init=False)

    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = OUTPUT_SUFFIXES

    @property
    def ensemble(self) -> Ensemble:
        """The ensemble learnt."""
        return self.built.ensemble

    @property
    def trace(self) -> list[dict[str, Any]]:
        """Boosting's rounds (empty for the other ensembles)."""
        return self.built.trace

    @property
    def defined(self) -> Indicator:
        """The target for pos/neg examples, ``label/2`` for a multi-class target."""
        return self.task.target if self.ensemble.is_boolean else ("label", 2)

    def clauses(self) -> list[str]:
        """The ensemble as a Prolog program (see :mod:`~symlearn.learners.ensembles.program`).

        Empty when a member's model has no clause form (a learner of another kind).
        """
        return [line for line in self._program() if not line.startswith("%")]

    def _program(self, comments: bool = False) -> list[str]:
        try:
            return ensemble_program(self.ensemble, comments)
        except NoClauseForm as error:
            return [f"% no program: {error}"]

    def classify(self, instance: tuple[Any, ...]) -> Any:
        """The ensemble's class of an instance (a tuple of attribute values)."""
        return self.ensemble.classify(instance)

    # -- JSON and text
    def members_json(self) -> list[dict[str, Any]]:
        """``members``: each member's number, base learner, weight, error and clauses."""
        names = [a.name for a in self.ensemble.attributes]
        result = []
        for i, member in enumerate(self.ensemble.members):
            entry: dict[str, Any] = {
                "member": i + 1,
                "learner": member.learner,
                "weight": member.weight,
                "hypothesis": member_clauses(self.ensemble, i),
            }
            if member.error is not None:
                entry["error"] = member.error
            if member.columns is not None:
                entry["attributes"] = [names[c] for c in member.columns]
            result.append(entry)
        return result

    def to_dict(self) -> dict[str, Any]:
        """The JSON: ``algorithm``, ``target``, ``hypothesis``, ``members``, ``trace`` ..."""
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "members": self.members_json(),
            "trace": self.trace,
            "classification": self.classified,
            "curve": self.curve,
            "metrics": self.metrics,
        }
        if self.ensemble.meta is not None:
            payload["meta"] = member_clauses(self.ensemble, None)
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def _heading(self) -> list[str]:
        data = self.task.attribute_data
        classes = ", ".join(label_text(c) for c in data.classes)
        title = TITLES.get(self.algorithm, self.algorithm)
        lines = [
            f"% {title} on {self.task.name}: {self.metrics['train_examples']} training examples, "
            f"{data.arity} attributes, classes {classes}; {len(self.ensemble.members)} members"
        ]
        stopped = [step for step in self.trace if "stopped" in step]
        if stopped:
            step = stopped[0]
            lines.append(
                f"% stopped at round {step['round']} of {getattr(self.settings, 'rounds', '?')}: "
                f"{step['stopped']} (e = {step['error']:.4f}); that model "
                + _stopped_model(step, len(self.ensemble.members))
            )
        if self.ensemble.meta is not None:
            lines.append(
                "% each member's class is an attribute (m1, m2, ...) of a level-1 instance, "
                "which the meta model classifies"
            )
        else:
            lines.append(
                "% each member adds its weight to the class it says; the class of highest sum "
                "wins (ties: the class listed first)"
            )
        return lines

    def report(self) -> list[str]:
        """Prolog with comments: the program with each member's weight, metrics, the votes."""
        lines = [*self._heading(), *self._program(comments=True)]
        lines += metric_lines(self.metrics)
        for entry in self.classified:
            votes = ", ".join(f"{c} {v:.4g}" for c, v in entry["votes"].items())
            lines.append(f"% {entry['instance']}: {entry['label']} (votes: {votes})")
        if self.output is not None:
            lines.append(f"% written to {self.output}")
        return lines

    def messages(self, verbose: int = 0) -> list[str]:
        """With ``verbose``: the rounds and the settings used."""
        if not verbose:
            return []
        lines = [
            f"% round {s['round']}: e = {s['error']:.6f}, weight {s['weight']}" for s in self.trace
        ]
        return [*lines, f"% settings: {self.settings}"]

    # -- files
    def chart(self) -> Any:
        """The error curve: the ensemble's error as members are added, and each round's ``e``."""
        from symlearn.render.plots import Curve, CurvePlot

        curves = [
            Curve(f"ensemble, {name}", tuple(range(1, len(errors) + 1)), tuple(errors))
            for name, errors in self.curve.items()
        ]
        errors_of_rounds = tuple(s["error"] for s in self.trace if s.get("kept"))
        if errors_of_rounds:
            rounds = tuple(range(1, len(errors_of_rounds) + 1))
            curves.append(Curve("member's weighted e", rounds, errors_of_rounds))
        title = f"{TITLES.get(self.algorithm, self.algorithm)} on {self.task.name}"
        return CurvePlot(title, "members (rounds)", "error", tuple(curves))

    def picture_svg(self) -> str | None:
        """The error curve as SVG (None for stacking, which has no order of members)."""
        if not self.curve:
            return None
        from symlearn.render.plots import plot_svg

        return plot_svg(self.chart())

    def save(self, path: str | Path, *, force: bool = False) -> None:
        """Write the program (``.pl``) or draw the error curve (``.svg``, ``.png``).

        Raises
        ------
        InvalidParameterError
            For another suffix, or a picture of stacking (it has no error curve).
        OutputError
            When ``path`` is an input file (unless ``force``) or cannot be written.
        """
        check_suffix(path, self.OUTPUT_SUFFIXES)
        if Path(path).suffix.lower() == ".pl":
            self.write(path, force=force)
        else:
            if not self.curve:
                from symlearn.errors import InvalidParameterError

                raise InvalidParameterError(
                    f"-o {path}: stacking has no error curve to draw; write the program (.pl)"
                )
            from symlearn.render.plots import write_plot

            write_plot(self.chart(), path, inputs=self.task.inputs, force=force)
        self.output = str(path)


def _stopped_model(step: dict[str, Any], members: int) -> str:
    """What became of the model of the round that stopped boosting."""
    if not step["kept"]:
        return "is not kept"
    if members == 1:
        return "classifies alone"
    return f"is kept with the decisive vote {step['weight']:.6g}"


def _classified(ensemble: Ensemble, data: AttributeValueData, atoms: tuple[str, ...]) -> list[Any]:
    """The explained vote on every ``instance/1`` example and ``--classify`` atom."""
    return [ensemble.explain(x) for x in instances_to_classify(data, atoms)]


def learn_ensemble_task(
    task: LearningTask,
    settings: EnsembleSettings,
    build: Build,
    progress: Progress | None = None,
) -> EnsembleRun:
    """Run an ensemble learner on a task (what each module's ``learn`` does).

    The examples held out by ``test_fraction`` are set aside first; the
    ensemble is built from the rest, measured, cross-validated with ``cv``
    and asked for the class of the files' ``instance/1`` examples and the
    ``classify`` atoms.

    Raises
    ------
    KBError
        When the task's examples are not attribute-value examples, or a
        ``classify`` atom is not an instance of the target.
    InvalidParameterError
        For too few examples to split, or a base learner that cannot learn them.
    """
    data = as_columnar(task.attribute_data)
    train_part, test_part = holdout_split(data, settings.test_fraction, settings.seed)
    train = as_columnar(train_part)
    test = None if test_part is None else as_columnar(test_part)
    built = build(train, settings, progress)
    ensemble = built.ensemble
    metrics = holdout_metrics(ensemble, train, test, settings.confidence, label_text)
    if settings.cv is not None:
        metrics.update(
            cross_validation_metrics(
                lambda part: build(as_columnar(part), settings, None).ensemble,
                data,
                settings.cv,
                settings.seed,
                settings.confidence,
                label_name=label_text,
                progress=progress,
            )
        )
    curve: dict[str, list[float]] = {}
    if ensemble.meta is None:
        curve["train"] = error_curve(ensemble, train)
        if test is not None:
            curve["test"] = error_curve(ensemble, test)
    classified = _classified(ensemble, task.attribute_data, settings.classify)
    return EnsembleRun(
        task, settings, built, train, test, metrics, classified, curve, settings.ALGORITHM
    )


#: The learner protocol's ``learn`` of an ensemble learner.
Learn = Callable[..., EnsembleRun]


def ensemble_learner(settings_class: type[EnsembleSettings], build: Build, title: str) -> Learn:
    """The ``learn(task, settings=None, *, progress=None, log=None)`` of one ensemble learner."""
    return learn_function(
        settings_class,
        lambda task, settings, progress, log: learn_ensemble_task(task, settings, build, progress),
        f"{title} from a task's attribute-value examples",
        [
            ("KBError", "When the task's examples are not attribute-value examples."),
            ("InvalidParameterError", "For a base learner that makes no model, or bad settings."),
        ],
    )
