"""Hypothesis evaluation: splits, cross-validation, confusion matrices, intervals, t-tests.

Learner-agnostic: a learner is any function from training data to a model with
``classify(instance)`` (see :mod:`symlearn.evaluation.cross_validation`).

Modules: :mod:`~symlearn.evaluation.splits` (train/validation/test splits and
k folds with a seed), :mod:`~symlearn.evaluation.metrics` (confusion matrix,
accuracy, precision, recall, F1, baseline accuracy),
:mod:`~symlearn.evaluation.intervals` (the N% confidence interval for the true
error), :mod:`~symlearn.evaluation.cross_validation` (hold-out and k-fold
evaluation), :mod:`~symlearn.evaluation.comparison` (the paired t-test),
:mod:`~symlearn.evaluation.statistics` (Student's t, binomial limits, C4.5's
pessimistic error) and :mod:`~symlearn.evaluation.reports` (the ``metrics``
JSON of the attribute-value learners).
"""

from symlearn.evaluation.comparison import PairedTTest, compare_learners, paired_t_test
from symlearn.evaluation.cross_validation import (
    UNCLASSIFIED,
    CrossValidation,
    Holdout,
    cross_validate,
    holdout,
    predictions,
)
from symlearn.evaluation.intervals import (
    Z_TABLE,
    Interval,
    error_confidence_interval,
    one_sided_upper_bound,
    z_value,
)
from symlearn.evaluation.metrics import (
    ConfusionMatrix,
    accuracy,
    baseline_accuracy,
    confusion_matrix,
    majority,
)
from symlearn.evaluation.reports import cross_validation_metrics, holdout_metrics
from symlearn.evaluation.splits import (
    holdout_split,
    k_fold_indices,
    subset,
    train_test_split,
    train_validation_test_split,
)
from symlearn.evaluation.statistics import (
    binomial_upper_limit,
    pessimistic_error_rate,
    t_cdf,
    t_quantile,
)

__all__ = [
    "UNCLASSIFIED",
    "Z_TABLE",
    "ConfusionMatrix",
    "CrossValidation",
    "Holdout",
    "Interval",
    "PairedTTest",
    "accuracy",
    "baseline_accuracy",
    "binomial_upper_limit",
    "compare_learners",
    "confusion_matrix",
    "cross_validate",
    "cross_validation_metrics",
    "error_confidence_interval",
    "holdout",
    "holdout_metrics",
    "holdout_split",
    "k_fold_indices",
    "majority",
    "one_sided_upper_bound",
    "paired_t_test",
    "pessimistic_error_rate",
    "predictions",
    "subset",
    "t_cdf",
    "t_quantile",
    "train_test_split",
    "train_validation_test_split",
    "z_value",
]
