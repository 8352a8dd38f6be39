"""What a learner from unlabelled data returns: :class:`UnlabelledRun`, and how it is run.

``symlearn learn semi-supervised-em|co-training|co-em`` learn a naive Bayes
classifier (co-training and co-EM: one per view, combined) from labelled
examples and unlabelled ones (``unlabelled/1`` facts, or a table's rows whose
class cell is empty), and return an :class:`UnlabelledRun`:

* naive Bayes' keys (``priors``, ``conditionals``; with instances to
  classify ``scores``/``posterior``/``label`` of the first and
  ``classifications`` of all), ``hypothesis`` (the classifier as a ProbLog
  network, when every attribute is discrete);
* ``iterations`` and ``trace`` (how it got there), ``labels`` (the class it
  gives each unlabelled example);
* ``metrics``: training and held-out accuracy (``--test-fraction`` of the
  labelled examples), and the same for naive Bayes learnt from the labelled
  examples alone (``supervised``), which is what the unlabelled ones are to
  improve on.

A task without unlabelled examples is refused: there is nothing to learn
from that ``naive-bayes`` would not learn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.columnar import ColumnarData, as_columnar
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.reports import cross_validation_metrics, holdout_metrics, metric_lines
from symlearn.evaluation.splits import holdout_split
from symlearn.hypotheses.rule_set import label_text
from symlearn.learners.unlabelled.mixture import Pool
from symlearn.learners.unlabelled.settings import UnlabelledSettings
from symlearn.learning.evaluated import instances_to_classify
from symlearn.learning.result import LearnResult, learn_function
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct

__all__ = ["Learnt", "Progress", "UnlabelledRun", "unlabelled_learner", "unlabelled_pool"]

#: ``progress(stage, done, total)``.
Progress = Callable[[str, int, "int | None"], None]

#: Labels shown in the text report (the JSON has them all).
SHOWN_LABELS = 20


@dataclass(frozen=True)
class Learnt:
    """What a learner made: the classifier, the one from labelled examples alone, the trace.

    Attributes
    ----------
    model
        The classifier (naive Bayes, or two combined).
    supervised
        Naive Bayes (combined, for two views) from the labelled examples alone.
    trace
        One entry per iteration or round.
    labels
        Each unlabelled example's class (positions in the pool's classes).
    views
        Per view (co-training, co-EM): its attribute positions and model.
    warnings
        What the user should know about the result (printed on stderr, and
        ``warnings`` in the JSON).
    """

    model: Any
    supervised: Any
    trace: list[dict[str, Any]]
    labels: np.ndarray
    views: tuple[tuple[tuple[int, ...], Any], ...] = ()
    warnings: tuple[str, ...] = ()


def _naive_bayes_json(model: Any) -> dict[str, Any]:
    return dict(model.to_dict())


def _program(model: Any) -> list[str]:
    """A naive Bayes model as ProbLog clauses (none when an attribute is continuous)."""
    if any(a.continuous for a in model.attributes):
        return []
    return [line for line in model.problog().splitlines() if line and not line.startswith("%")]


def _classification(
    model: Any, data: AttributeValueData, instance: tuple[Any, ...]
) -> dict[str, Any]:
    """One instance classified: ``instance``, ``posterior``, ``label`` (and NB's ``scores``)."""
    atom = Struct(data.target, tuple(instance)) if instance else data.target
    posterior = model.posterior(instance)
    entry: dict[str, Any] = {"instance": format_term(atom)}
    if hasattr(model, "scores"):
        entry["scores"] = {c: float(s) for c, s in model.scores(instance).items()}
        entry["posterior"] = dict(posterior)
    else:
        entry["posterior"] = {label_text(c): p for c, p in posterior.items()}
    entry["label"] = label_text(model.classify(instance))
    return entry


@dataclass(eq=False)
class UnlabelledRun(LearnResult):
    """A learner from unlabelled data run on a task (see the module docstring)."""

    task: LearningTask
    settings: UnlabelledSettings
    learnt: Learnt
    pool: Pool
    test: ColumnarData | None
    metrics: dict[str, Any]
    classifications: list[dict[str, Any]]
    algorithm: str = ""

    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = (".pl",)

    @property
    def model(self) -> Any:
        """The classifier learnt."""
        return self.learnt.model

    @property
    def trace(self) -> list[dict[str, Any]]:
        """One entry per iteration (EM, co-EM) or round (co-training)."""
        return self.learnt.trace

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the user should know about the result (the command prints them on stderr)."""
        return self.learnt.warnings

    def program_clauses(self) -> list[Clause]:
        """No Horn clauses: the hypothesis is probabilistic."""
        return []

    def clauses(self) -> list[str]:
        """The classifier as a ProbLog network (EM; each view's, for co-training and co-EM)."""
        if self.learnt.views:
            return []
        return _program(self.model)

    def labels(self) -> dict[str, str]:
        """Each unlabelled example (as an atom) and the class it was given."""
        data = self.pool.labelled
        result = {}
        for i, code in enumerate(self.learnt.labels.tolist()):
            values = self.pool.unlabelled_instance(i)
            atom = format_term(Struct(data.target, values) if values else data.target)
            result[atom] = label_text(self.pool.classes[code])
        return result

    def to_dict(self) -> dict[str, Any]:
        """Naive Bayes' keys, ``iterations``, ``labels``, ``trace``, ``metrics`` ..."""
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
        }
        if self.learnt.views:
            names = [a.name for a in self.pool.labelled.attributes]
            views = []
            conditionals: dict[str, Any] = {}
            for columns, model in self.learnt.views:
                entry = _naive_bayes_json(model)
                conditionals.update(entry["conditionals"])
                views.append(
                    {
                        "attributes": [names[c] for c in columns],
                        **entry,
                        "hypothesis": _program(model),
                    }
                )
            payload.update(priors=views[0]["priors"], conditionals=conditionals, views=views)
        else:
            payload.update(_naive_bayes_json(self.model))
        payload["classifications"] = self.classifications
        if self.classifications:
            first = self.classifications[0]
            payload.update({k: first[k] for k in ("scores", "posterior", "label") if k in first})
        payload.update(
            iterations=len(self.learnt.trace),
            labels=self.labels(),
            trace=self.learnt.trace,
            metrics=self.metrics,
        )
        if self.learnt.warnings:
            payload["warnings"] = list(self.learnt.warnings)
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The estimates, the unlabelled examples' classes, the accuracies."""
        data = self.pool.labelled
        lines = [
            f"% {self.algorithm} on {self.task.name}: {data.n_examples} labelled and "
            f"{self.pool.n_unlabelled} unlabelled examples; {len(self.learnt.trace)} "
            + ("rounds" if self.algorithm == "co-training" else "iterations")
        ]
        models = self.learnt.views or ((tuple(range(data.arity)), self.model),)
        names = [a.name for a in data.attributes]
        for number, (columns, model) in enumerate(models, 1):
            if self.learnt.views:
                lines.append(f"% view {number}: {', '.join(names[c] for c in columns)}")
            estimates = _naive_bayes_json(model)
            shown = ", ".join(f"{c} {p:.4g}" for c, p in estimates["priors"].items())
            lines.append(f"% P(t): {shown}")
            for attribute, table in estimates["conditionals"].items():
                for label, entry in table.items():
                    text = ", ".join(f"{v} {p:.4g}" for v, p in entry.items())
                    lines.append(f"% P({attribute} | {label}): {text}")
        lines += self.clauses()
        labels = list(self.labels().items())
        counts: dict[str, int] = {}
        for _, label in labels:
            counts[label] = counts.get(label, 0) + 1
        lines.append(
            "% the unlabelled examples' classes: "
            + ", ".join(f"{label} {n}" for label, n in counts.items())
        )
        lines += [f"%   {atom}: {label}" for atom, label in labels[:SHOWN_LABELS]]
        if len(labels) > SHOWN_LABELS:
            lines.append(f"%   ... {len(labels) - SHOWN_LABELS} more (see --json)")
        lines += metric_lines(self.metrics)
        supervised = self.metrics["supervised"]
        measured = "test" if supervised.get("test_accuracy") is not None else "train"
        lines.append(
            f"% naive Bayes from the labelled examples alone: {measured} accuracy "
            f"{supervised[f'{measured}_accuracy']:.4f}"
        )
        for entry in self.classifications:
            lines.append(f"% {entry['instance']}: {entry['label']}")
        return lines

    def program(self, header: Any = ()) -> str:
        """The classifier as a ProbLog program (``-o FILE.pl``).

        Raises
        ------
        InvalidParameterError
            For co-training and co-EM (two networks) or a continuous attribute.
        """
        if self.learnt.views or not self.clauses():
            raise InvalidParameterError(
                "only one naive Bayes classifier over discrete attributes is written as a "
                "ProbLog program; see --json for each view's"
            )
        return str(
            self.model.problog(f"{self.task.name} learnt by symlearn learn {self.algorithm}")
        )


def unlabelled_pool(
    task: LearningTask, settings: UnlabelledSettings
) -> tuple[Pool, ColumnarData | None]:
    """The training pool (the labelled examples not held out, the unlabelled ones), the test set.

    Raises
    ------
    InvalidParameterError
        When the task has no unlabelled examples.
    """
    data = as_columnar(task.attribute_data)
    pool = Pool.of(data)
    if not pool.n_unlabelled:
        raise InvalidParameterError(
            f"{settings.ALGORITHM} learns from unlabelled examples and {task.name} has none: "
            "add unlabelled(ATOM) facts, or leave the class cell of a table's row empty "
            "(naive-bayes learns from the labelled examples alone)"
        )
    train, test = holdout_split(data, settings.test_fraction, settings.seed)
    return Pool(as_columnar(train), pool.unlabelled, pool.classes), (
        None if test is None else as_columnar(test)
    )


#: A learner module's algorithm: pool, settings, progress -> what it learnt.
Fit = Callable[[Pool, Any, "Progress | None"], Learnt]


def learn_unlabelled_task(
    task: LearningTask, settings: UnlabelledSettings, fit: Fit, progress: Progress | None
) -> UnlabelledRun:
    """Run a learner from unlabelled data on a task (what each module's ``learn`` does)."""
    pool, test = unlabelled_pool(task, settings)
    learnt = fit(pool, settings, progress)
    train = pool.labelled
    metrics = holdout_metrics(learnt.model, train, test, settings.confidence, label_text)
    metrics["supervised"] = holdout_metrics(
        learnt.supervised, train, test, settings.confidence, label_text
    )
    if settings.cv is not None:  # folds of the labelled examples, every unlabelled one kept
        metrics.update(
            cross_validation_metrics(
                lambda part: (
                    fit(
                        Pool(as_columnar(part), pool.unlabelled, pool.classes), settings, None
                    ).model
                ),
                as_columnar(task.attribute_data),
                settings.cv,
                settings.seed,
                settings.confidence,
                label_name=label_text,
                progress=progress,
            )
        )
    data = task.attribute_data
    asked = instances_to_classify(data, settings.classify)
    classifications = [_classification(learnt.model, data, x) for x in asked]
    return UnlabelledRun(
        task, settings, learnt, pool, test, metrics, classifications, settings.ALGORITHM
    )


#: The learner protocol's ``learn`` of a learner from unlabelled data.
Learn = Callable[..., UnlabelledRun]


def unlabelled_learner(settings_class: type[UnlabelledSettings], fit: Fit, title: str) -> Learn:
    """The ``learn(task, settings=None, *, progress=None, log=None)`` of one learner."""
    return learn_function(
        settings_class,
        lambda task, settings, progress, log: learn_unlabelled_task(task, settings, fit, progress),
        f"{title} from labelled and unlabelled examples",
        [
            ("KBError", "When the task's examples are not attribute-value examples."),
            (
                "InvalidParameterError",
                "When there are no unlabelled examples, or the views do not partition the "
                "attributes.",
            ),
        ],
    )
