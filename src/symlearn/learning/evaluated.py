"""Evaluation settings and metrics shared by the vector learners (k-NN, linear models, networks).

The instance-based learners and the linear models and networks are told the
same things about evaluation (:class:`EvaluatedSettings`): hold out a
stratified ``--test-fraction``, run ``--cv K`` cross-validation, ``--seed``
for every random choice, ``--classify ATOM`` instances (besides the files'
``instance/1``).  :func:`evaluate` fits a model on the training part and
fills the ``metrics`` JSON (:func:`symlearn.evaluation.reports.holdout_metrics`
and :func:`~symlearn.evaluation.reports.cross_validation_metrics`);
:func:`evaluate_regression` does the same for a numeric class, with the
root-mean-square error, the mean absolute error and R^2 in place of accuracy.

Examples
--------
>>> from symlearn.data.attribute_value import Attribute, AttributeValueData
>>> data = AttributeValueData("t", (Attribute("x", None),), ((1,), (2,), (3,), (4,)),
...                           (2.0, 4.0, 6.0, 8.0))
>>> class Double:
...     def values_of(self, data): return [2.0 * x for (x,) in data.instances]
>>> evaluate_regression(lambda train: Double(), data, EvaluatedSettings())[1]["train_rmse"]
0.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, instance_from_atom
from symlearn.data.numeric import numeric_targets
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.reports import cross_validation_metrics, holdout_metrics
from symlearn.evaluation.splits import holdout_split, k_fold_indices, train_test_split
from symlearn.hypotheses.rule_set import label_text
from symlearn.kb.parser import parse_term
from symlearn.learning.result import LearnResult, check_suffix
from symlearn.learning.settings import Settings, option
from symlearn.logic.terms import Term

__all__ = [
    "EvaluatedSettings",
    "PictureResult",
    "Regressor",
    "evaluate",
    "evaluate_regression",
    "instances_to_classify",
]

#: ``progress(stage, done, total)``.
Progress = Callable[[str, int, "int | None"], None]

M = TypeVar("M")


class Regressor(Protocol):
    """A model of a numeric class."""

    def values_of(self, data: AttributeValueData) -> Any:
        """The predicted number of each example of ``data`` (a table from its columns)."""


@dataclass(frozen=True)
class EvaluatedSettings(Settings):
    """How a vector learner's model is measured, and which instances it classifies."""

    ALGORITHM: ClassVar[str] = ""

    test_fraction: float = option(
        0.0,
        minimum=0,
        maximum=0.9,
        help="Hold out this fraction (stratified, seeded) to measure test accuracy.",
    )
    cv: int | None = option(
        None, minimum=2, metavar="K", help="Also run K-fold cross-validation (stratified, seeded)."
    )
    seed: int = option(
        0, key="seed", help="Seed for the splits and every random choice of the learner."
    )
    confidence: float = option(
        95.0,
        minimum=0,
        maximum=100,
        open_bounds=True,
        help="N for the N% confidence intervals.",
    )
    classify: tuple[str, ...] = option(
        (),
        multiple=True,
        metavar="ATOM",
        help="Classify this instance (repeatable), e.g. 'iris(5.1, 3.5, 1.4, 0.2)'.",
    )

    def __post_init__(self) -> None:
        if isinstance(self.classify, str):  # one atom given from Python
            object.__setattr__(self, "classify", (self.classify,))
        super().__post_init__()


def instances_to_classify(
    data: AttributeValueData, atoms: Sequence[str]
) -> list[tuple[Term, ...]]:
    """The files' ``instance/1`` examples and the ``--classify`` atoms, as value tuples.

    Raises
    ------
    KBError
        For an atom that does not parse or is not an instance of the target.
    """
    instances = list(data.unlabelled)
    for text in atoms:
        instances.append(instance_from_atom(data, parse_term(text, "<--classify>")))
    return instances


def evaluate(
    fit: Callable[[AttributeValueData], M],
    data: AttributeValueData,
    settings: EvaluatedSettings,
    progress: Progress | None = None,
    *,
    measure_train: bool = True,
) -> tuple[M, dict[str, Any], AttributeValueData]:
    """Fit on the training part of ``data`` and measure: ``(model, metrics, training data)``.

    The model must classify (``classify``, ``predict`` or ``predict_columns``:
    see :mod:`symlearn.evaluation.cross_validation`).  With ``settings.cv``
    the metrics also hold k-fold cross-validation on every example;
    ``measure_train=False`` leaves the training accuracy out when there is a
    test set.
    """
    train, test = holdout_split(data, settings.test_fraction, settings.seed)
    model = fit(train)
    metrics = holdout_metrics(
        model,  # type: ignore[arg-type]
        train,
        test,
        settings.confidence,
        label_text,
        measure_train=measure_train,
    )
    if settings.cv is not None:
        metrics.update(
            cross_validation_metrics(
                fit,  # type: ignore[arg-type]
                data,
                settings.cv,
                settings.seed,
                settings.confidence,
                label_name=label_text,
                progress=progress,
            )
        )
    return model, metrics, train


def _errors(model: Regressor, data: AttributeValueData) -> dict[str, float]:
    """RMSE, MAE and R^2 of ``model`` on ``data``."""
    actual = numeric_targets(data)
    predicted = np.asarray(model.values_of(data), dtype=np.float64)
    residual = actual - predicted
    spread = float(np.sum((actual - actual.mean()) ** 2))
    return {
        "rmse": float(np.sqrt(np.mean(residual**2))),
        "mae": float(np.mean(np.abs(residual))),
        "r2": 1.0 - float(np.sum(residual**2)) / spread if spread > 0 else float("nan"),
    }


def evaluate_regression(
    fit: Callable[[AttributeValueData], M],
    data: AttributeValueData,
    settings: EvaluatedSettings,
    progress: Progress | None = None,
) -> tuple[M, dict[str, Any], AttributeValueData]:
    """Fit a model of a numeric class and measure it: ``(model, metrics, training data)``.

    The split is random, not stratified (every number would be a class of
    its own).  ``metrics``: ``train_rmse``, ``train_mae``, ``train_r2``,
    ``train_examples`` and, with a test set, the same for ``test_``; with
    ``--cv K`` a ``cross_validation`` object (``k``, ``rmse``: the root of the
    mean squared error over all held-out folds, ``fold_rmse``).
    """
    if settings.test_fraction:
        train_index, test_index = train_test_split(
            np.arange(data.n_examples), settings.test_fraction, settings.seed, stratify=False
        )
        train, test = data.take(train_index), data.take(test_index)
    else:
        train, test = data, None
    model = fit(train)
    metrics: dict[str, Any] = {f"train_{k}": v for k, v in _errors(model, train).items()}  # type: ignore[arg-type]
    metrics["train_examples"] = train.n_examples
    metrics["test_rmse"] = None
    if test is not None and test.n_examples:
        metrics.update({f"test_{k}": v for k, v in _errors(model, test).items()})  # type: ignore[arg-type]
        metrics["test_examples"] = test.n_examples
    if settings.cv is not None:
        folds = k_fold_indices(np.arange(data.n_examples), settings.cv, settings.seed, False)
        squared, fold_rmse = 0.0, []
        for i, fold in enumerate(folds):
            rest = np.setdiff1d(np.arange(data.n_examples), fold)
            fitted = fit(data.take(rest))
            errors = _errors(fitted, data.take(fold))  # type: ignore[arg-type]
            fold_rmse.append(errors["rmse"])
            squared += errors["rmse"] ** 2 * len(fold)
            if progress is not None:
                progress("cross-validation", i + 1, settings.cv)
        metrics["cross_validation"] = {
            "k": settings.cv,
            "rmse": float(np.sqrt(squared / data.n_examples)),
            "fold_rmse": fold_rmse,
        }
    return model, metrics, train


def check_positive(name: str, value: float) -> None:
    """Refuse a learning rate (or another step size) that is not positive.

    Raises
    ------
    InvalidParameterError
        When ``value <= 0``.
    """
    if not value > 0:
        raise InvalidParameterError(f"{name} must be greater than 0, not {value:g}")


class PictureResult(LearnResult):
    """A result that ``-o`` writes as clauses (``.pl``) or as a picture (``.svg``, ``.png``).

    Subclasses implement :meth:`write_picture` (the error curve, the decision
    regions: drawn by :mod:`symlearn.render.plots`, which the families
    import); a learner with no clauses to write (k-NN keeps its instances)
    sets ``OUTPUT_SUFFIXES`` without ``.pl``.
    """

    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = (".pl", ".svg", ".png")

    def write_picture(self, path: str | Path, *, force: bool = False) -> None:
        """Draw the result to ``path`` (``.svg`` or ``.png``).

        Raises
        ------
        InvalidParameterError
            When this result has nothing to draw.
        """
        raise InvalidParameterError(f"{self.algorithm} draws no picture: write -o FILE.pl")

    def save(self, path: str | Path, *, force: bool = False) -> None:
        """Write the clauses (``.pl``) or the picture (``.svg``, ``.png``) to ``path``.

        Raises
        ------
        InvalidParameterError
            For another suffix, or a picture this result cannot draw.
        OutputError
            When ``path`` is an input (unless ``force``) or cannot be written.
        """
        check_suffix(path, self.OUTPUT_SUFFIXES)
        if Path(path).suffix.lower() == ".pl":
            self.write(path, force=force)
        else:
            self.write_picture(path, force=force)
        self.output = str(path)
