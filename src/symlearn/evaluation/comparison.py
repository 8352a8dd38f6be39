"""Comparing two learners: the paired t-test over the same cross-validation folds.

Train learners ``L_A`` and ``L_B`` on the same ``k`` training sets and test
them on the same ``k`` disjoint test sets ``T_i``; with
``delta_i = error_{T_i}(h_A) - error_{T_i}(h_B)`` and ``delta = mean(delta_i)``,
the N% confidence interval for the true difference is

    delta ± t_{N, k-1} * s,   s = sqrt( sum_i (delta_i - delta)^2 / (k (k - 1)) )

with Student's t for ``k - 1`` degrees of freedom (a paired test: both
learners are compared over identical test sets; Mitchell 1997, ch. 5.6,
equations 5.17-5.18).  ``t = delta / s`` and its two-sided p-value say how
surprising the difference would be if both learners were equally good.

Examples
--------
>>> test = paired_t_test([0.20, 0.25, 0.30, 0.22], [0.10, 0.20, 0.25, 0.12], confidence=95)
>>> round(test.mean, 4), round(test.t, 3), test.df
(0.075, 5.196, 3)
>>> round(test.interval.low, 4), round(test.interval.high, 4)
(0.0291, 0.1209)

References
----------
Mitchell (1997), ch. 5.6 (5.6.1 paired t tests) and Table 5.6; Dietterich,
T. (1998) "Approximate statistical tests for comparing supervised
classification learning algorithms", *Neural Computation* 10.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from symlearn.data.attribute_value import AttributeValueData
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.cross_validation import CrossValidation, Learner, cross_validate
from symlearn.evaluation.intervals import Interval
from symlearn.evaluation.splits import k_fold_indices
from symlearn.evaluation.statistics import t_cdf, t_quantile

__all__ = ["PairedTTest", "compare_learners", "paired_t_test"]


@dataclass(frozen=True)
class PairedTTest:
    """The paired t-test of two learners' errors over the same folds.

    Attributes
    ----------
    differences
        ``delta_i = error_A - error_B`` per fold.
    mean
        Their mean (negative: A makes fewer errors).
    standard_error
        ``s``, the estimated standard deviation of the mean.
    t, df
        The statistic ``mean / s`` and the degrees of freedom ``k - 1``.
    p_value
        Two-sided: the probability of ``|T| >= |t|`` if the learners are equally good.
    interval
        ``mean ± t_{N, k-1} s``.
    """

    differences: tuple[float, ...]
    mean: float
    standard_error: float
    t: float
    df: int
    p_value: float
    interval: Interval

    def to_dict(self) -> dict[str, Any]:
        """JSON for ``metrics.paired_t_test``."""
        return {
            "differences": list(self.differences),
            "mean_difference": self.mean,
            "standard_error": self.standard_error,
            "t": self.t if math.isfinite(self.t) else None,
            "df": self.df,
            "p_value": self.p_value,
            "confidence_interval": self.interval.to_dict(),
        }


def paired_t_test(
    errors_a: Sequence[float], errors_b: Sequence[float], confidence: float = 95
) -> PairedTTest:
    """The paired t-test for per-fold errors of two learners (see the module docstring).

    Raises
    ------
    InvalidParameterError
        With fewer than two folds or sequences of different length.
    """
    if len(errors_a) != len(errors_b):
        raise InvalidParameterError("the two learners were tested on different numbers of folds")
    k = len(errors_a)
    if k < 2:
        raise InvalidParameterError("a paired t-test needs at least two folds")
    if not 0 < confidence < 100:
        raise InvalidParameterError(f"confidence is a percentage in (0, 100), got {confidence}")
    differences = tuple(a - b for a, b in zip(errors_a, errors_b))
    mean = math.fsum(differences) / k
    spread = math.fsum((d - mean) ** 2 for d in differences)
    s = math.sqrt(spread / (k * (k - 1)))
    if s > 0:
        t = mean / s
        p = 2.0 * (1.0 - t_cdf(abs(t), k - 1))
    else:
        t = 0.0 if mean == 0 else math.copysign(math.inf, mean)
        p = 1.0 if mean == 0 else 0.0
    critical = t_quantile(0.5 + confidence / 200.0, k - 1)
    return PairedTTest(differences, mean, s, t, k - 1, p, Interval(mean, critical * s, confidence))


def compare_learners(
    learner_a: Learner,
    learner_b: Learner,
    data: AttributeValueData,
    k: int = 10,
    seed: int | None = 0,
    confidence: float = 95,
) -> tuple[CrossValidation, CrossValidation, PairedTTest]:
    """Cross-validate two learners on the same folds and compare them with the paired t-test."""
    folds = k_fold_indices(data, k, seed)
    cv_a = cross_validate(learner_a, data, k, seed, confidence, folds=folds)
    cv_b = cross_validate(learner_b, data, k, seed, confidence, folds=folds)
    return cv_a, cv_b, paired_t_test(cv_a.fold_errors, cv_b.fold_errors, confidence)
