"""Evaluation reports: the ``metrics`` object of ``symlearn learn --json``.

The attribute-value learners (decision trees, OneR, sequential covering)
report how well their model does in the same JSON, built here once:

* :func:`holdout_metrics`: accuracy and confusion matrix on the training
  examples and, when examples were held out, on the test examples, with the
  baseline (majority-class) accuracy and the N% confidence interval for the
  true error of the examples measured on (the test set when there is one);
* :func:`cross_validation_metrics`: k-fold cross-validation and, to compare
  two learners on the same folds, the paired t-test of their fold errors;
* :func:`metric_lines`: that JSON as the comment lines of a text report.

A class is named by ``label_name`` (``pos``/``neg`` for a boolean class, for
example); the "unclassified" column of a model that may give no class is
named as it prints.

Examples
--------
>>> from symlearn.data.attribute_value import Attribute, AttributeValueData
>>> from symlearn.evaluation.metrics import majority
>>> class Majority:                       # the simplest learner there is
...     def __init__(self, data): self.label = majority(data.labels)
...     def classify(self, instance): return self.label
>>> data = AttributeValueData("t", (Attribute("a", ("x", "y")),),
...                           (("x",), ("x",), ("y",), ("y",), ("x",)),
...                           ("yes", "yes", "yes", "no", "no"))
>>> metrics = holdout_metrics(Majority(data), data)
>>> metrics["train_accuracy"], metrics["confusion_matrix"]["matrix"]
(0.6, [[3, 0], [2, 0]])
>>> cross_validation_metrics(Majority, data, k=2)["cross_validation"]["fold_sizes"]
[3, 2]

References
----------
Mitchell (1997) ch. 5: sample error and the confidence interval for the true
error (section 5.2), k-fold cross-validation and the paired t-test (section 5.6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.evaluation.comparison import paired_t_test
from symlearn.evaluation.cross_validation import (
    UNCLASSIFIED,
    Classifier,
    Learner,
    Progress,
    cross_validate,
    holdout,
)
from symlearn.evaluation.metrics import ConfusionMatrix
from symlearn.evaluation.splits import k_fold_indices

__all__ = ["cross_validation_metrics", "holdout_metrics", "metric_lines"]

#: How a class is named in the JSON.
LabelName = Callable[[Label], str]


def _names(confusion: ConfusionMatrix, label_name: LabelName) -> list[str]:
    """The names of a confusion matrix's classes (``unclassified`` as it prints)."""
    return [str(c) if c is UNCLASSIFIED else label_name(cast(Label, c)) for c in confusion.classes]


def holdout_metrics(
    model: Classifier,
    train: AttributeValueData,
    test: AttributeValueData | None = None,
    confidence: float = 95,
    label_name: LabelName = str,
    *,
    measure_train: bool = True,
) -> dict[str, Any]:
    """Training metrics, and test metrics when there is a test set.

    Parameters
    ----------
    model
        The model learnt from ``train``.
    train, test
        The training examples and the held-out ones (None or empty: none held out).
    confidence
        N for the N% confidence interval for the true error.
    label_name
        How a class is named.
    measure_train
        False to leave the training examples unclassified when there is a test
        set (``train_accuracy`` is then None): a lazy learner (k-NN) would
        spend as long on them as on the test set.

    Returns
    -------
    dict
        ``train_accuracy``, ``train_examples``, ``train_confusion_matrix``,
        ``test_accuracy`` (None without a test set), ``test_examples`` and
        ``test_confusion_matrix`` (with one), and for the examples measured on
        (``measured_on``: ``"test"`` or ``"train"``) ``confusion_matrix``,
        ``baseline_accuracy`` and ``error_confidence_interval``.
    """
    has_test = test is not None and test.n_examples > 0
    metrics: dict[str, Any] = {"train_accuracy": None, "train_examples": train.n_examples}
    if measure_train or not has_test:
        on_train = holdout(model, train, train, confidence)
        metrics["train_accuracy"] = on_train.accuracy
        metrics["train_confusion_matrix"] = on_train.confusion.to_dict(
            _names(on_train.confusion, label_name)
        )
        measured, measured_on = on_train, "train"
    metrics["test_accuracy"] = None
    if has_test:
        assert test is not None
        measured, measured_on = holdout(model, train, test, confidence), "test"
        metrics["test_accuracy"] = measured.accuracy
        metrics["test_examples"] = measured.n
        metrics["test_confusion_matrix"] = measured.confusion.to_dict(
            _names(measured.confusion, label_name)
        )
    metrics["confusion_matrix"] = measured.confusion.to_dict(
        _names(measured.confusion, label_name)
    )
    metrics["baseline_accuracy"] = measured.baseline_accuracy
    metrics["error_confidence_interval"] = measured.interval.to_dict()
    metrics["measured_on"] = measured_on
    return metrics


def cross_validation_metrics(
    learner: Learner,
    data: AttributeValueData,
    k: int,
    seed: int | None = 0,
    confidence: float = 95,
    *,
    compare: tuple[str, Learner] | None = None,
    label_name: LabelName = str,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """k-fold cross-validation, and the paired t-test against another learner on the same folds.

    Parameters
    ----------
    learner
        Training data -> model.
    data
        The labelled examples.
    k, seed
        The folds (stratified) and their seed.
    confidence
        N for the N% intervals.
    compare
        ``(name, learner)`` of a learner to compare with on the same folds.
    label_name
        How a class is named.
    progress
        Called as ``progress("cross-validation", fold, k)``.

    Returns
    -------
    dict
        ``cross_validation`` and, with ``compare``, ``compared_with``
        (``algorithm``, ``cross_validation``) and ``paired_t_test``.
    """
    folds = k_fold_indices(data, k, seed)
    cv = cross_validate(learner, data, k, seed, confidence, progress=progress, folds=folds)
    result: dict[str, Any] = {"cross_validation": cv.to_dict(_names(cv.confusion, label_name))}
    if compare is not None:
        name, other = compare
        other_cv = cross_validate(other, data, k, seed, confidence, folds=folds)
        result["compared_with"] = {
            "algorithm": name,
            "cross_validation": other_cv.to_dict(_names(other_cv.confusion, label_name)),
        }
        result["paired_t_test"] = paired_t_test(
            cv.fold_errors, other_cv.fold_errors, confidence
        ).to_dict()
    return result


def metric_lines(metrics: dict[str, Any]) -> list[str]:
    """The ``metrics`` JSON as comment lines (a classifier's, or a regression's).

    A classifier's are those of :func:`holdout_metrics` (the training
    accuracy left out when it was not measured) and
    :func:`cross_validation_metrics`; a regression's (``train_rmse`` ...)
    those of :func:`symlearn.learning.evaluated.evaluate_regression`.
    """
    if "train_rmse" in metrics:
        return _regression_lines(metrics)
    lines = []
    if metrics.get("train_accuracy") is not None:
        lines.append(
            f"% train accuracy {metrics['train_accuracy']:.4f} "
            f"on {metrics['train_examples']} examples"
        )
    if metrics.get("test_accuracy") is not None:
        ci = metrics["error_confidence_interval"]
        lines.append(
            f"% test accuracy {metrics['test_accuracy']:.4f} on {metrics['test_examples']} "
            f"examples (baseline {metrics['baseline_accuracy']:.4f}); "
            f"true error {ci['center']:.4f} ± {ci['half_width']:.4f} ({ci['confidence']:g}%)"
        )
    lines += _confusion_lines(metrics["confusion_matrix"], metrics["measured_on"])
    cv = metrics.get("cross_validation")
    if cv is not None:
        ci = cv["error_confidence_interval"]
        lines.append(
            f"% {cv['k']}-fold cross-validation (seed {cv['seed']}): "
            f"accuracy {cv['accuracy']:.4f} (folds {cv['mean_fold_accuracy']:.4f} ± "
            f"{cv['fold_accuracy_std']:.4f} sd, baseline {cv['baseline_accuracy']:.4f}); "
            f"true error {ci['center']:.4f} ± {ci['half_width']:.4f} ({ci['confidence']:g}%)"
        )
    compared = metrics.get("compared_with")
    if compared is not None:
        test = metrics["paired_t_test"]
        ci = test["confidence_interval"]
        t = "inf" if test["t"] is None else f"{test['t']:.3f}"
        lines.append(
            f"% vs {compared['algorithm']} "
            f"(accuracy {compared['cross_validation']['accuracy']:.4f}) on the same folds: "
            f"mean error difference {test['mean_difference']:+.4f}, "
            f"{ci['confidence']:g}% interval [{ci['low']:+.4f}, {ci['high']:+.4f}], "
            f"t = {t}, df {test['df']}, p = {test['p_value']:.4g}"
        )
    return lines


def _regression_lines(metrics: dict[str, Any]) -> list[str]:
    """A regression's RMSE and R^2 on the training and test examples, and its cross-validation."""
    lines = [
        f"% train RMSE {metrics['train_rmse']:.4g}, R^2 {metrics['train_r2']:.4f} "
        f"on {metrics['train_examples']} examples"
    ]
    if metrics.get("test_rmse") is not None:
        lines.append(
            f"% test RMSE {metrics['test_rmse']:.4g}, R^2 {metrics['test_r2']:.4f} "
            f"on {metrics['test_examples']} examples"
        )
    folds = metrics.get("cross_validation")
    if folds is not None:
        lines.append(f"% {folds['k']}-fold cross-validation RMSE {folds['rmse']:.4g}")
    return lines


def _confusion_lines(matrix: dict[str, Any], measured_on: str) -> list[str]:
    lines = [f"% confusion matrix on the {measured_on} examples (rows actual, columns predicted):"]
    cells = [*matrix["classes"], *(str(v) for row in matrix["matrix"] for v in row)]
    width = max(len(c) for c in cells) + 1
    lines.append("%   " + " " * width + "".join(f"{c:>{width}}" for c in matrix["classes"]))
    for name, row in zip(matrix["classes"], matrix["matrix"]):
        lines.append("%   " + f"{name:<{width}}" + "".join(f"{v:>{width}}" for v in row))
    return lines
