"""Is a split statistically significant?  The chi-square test of pre-pruning.

Mitchell (1997, section 3.7.1) lists, among the ways to avoid overfitting, a
statistical test of whether expanding a node is likely to improve accuracy
beyond the training set; Quinlan's ID3 (1986) used the chi-square test for
it.  For a split with class counts ``o_br`` (branch ``b``, class ``r``), the
expected counts if the branch said nothing about the class are
``e_br = n_b n_r / n``, and

    chi2 = sum_br (o_br - e_br)^2 / e_br,   df = (branches - 1)(classes - 1)

counting only non-empty branches and classes.  A split is significant at
level ``alpha`` when ``P(X >= chi2) < alpha`` for ``X`` chi-square with
``df`` degrees of freedom, i.e. when ``chi2`` exceeds the ``1 - alpha``
quantile.  Fractional (missing-value) weights are used as counts.

The statistic is only approximately chi-square distributed, and the
approximation is trusted when the expected counts are not small: by
Cochran's rule (Cochran 1954), none below 1 and at most a fifth below 5.
:func:`test_applies` says where that holds; pre-pruning
(:func:`rejects`) stops a split only where the test applies and fails, so
on a few examples (Mitchell's PlayTennis, where every expected count of the
root split is below 5) the tree is the textbook one whatever the level.

Examples
--------
>>> import numpy as np
>>> stat, df = chi_square(np.array([[[2, 3], [4, 0], [3, 2]]]))   # PlayTennis, Outlook
>>> round(float(stat[0]), 3), int(df[0])
(3.547, 2)
>>> significant(np.array([[[2, 3], [4, 0], [3, 2]]]), 0.05).tolist()   # p = 0.17
[False]

References
----------
Quinlan (1986), "Induction of decision trees", Machine Learning 1, section 5;
Mitchell (1997) section 3.7.1; Cochran (1954), "Some methods for
strengthening the common chi-square tests", Biometrics 10.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from symlearn.errors import InvalidParameterError
from symlearn.evaluation.statistics import chi2_quantile

__all__ = ["chi_square", "critical_value", "rejects", "significant", "test_applies"]


def _margins(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Counts as floats, branch sizes, class totals and the expected count of each cell."""
    counts = np.asarray(counts, dtype=np.float64)
    sizes = counts.sum(axis=-1, keepdims=True)
    classes = counts.sum(axis=-2, keepdims=True)
    total = sizes.sum(axis=-2, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = sizes * classes / total
    return counts, sizes, classes, expected


def chi_square(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The chi-square statistic and degrees of freedom of splits ``(..., branches, classes)``."""
    counts, sizes, classes, expected = _margins(counts)
    with np.errstate(invalid="ignore", divide="ignore"):
        cells = np.where(expected > 0, (counts - expected) ** 2 / expected, 0.0)
    statistic = cells.sum(axis=(-2, -1))
    branches = (sizes[..., 0] > 0).sum(axis=-1)
    kinds = (classes[..., 0, :] > 0).sum(axis=-1)
    return statistic, np.maximum(branches - 1, 0) * np.maximum(kinds - 1, 0)


@lru_cache(maxsize=256)
def critical_value(df: int, alpha: float) -> float:
    """The chi-square value a split with ``df`` degrees of freedom must exceed."""
    return chi2_quantile(1.0 - alpha, df)


def significant(counts: np.ndarray, alpha: float) -> np.ndarray:
    """Which splits are significant at level ``alpha`` (see the module docstring)."""
    if not 0.0 < alpha < 1.0:
        raise InvalidParameterError(f"a significance level is in (0, 1), got {alpha}")
    statistic, df = chi_square(counts)
    result = np.zeros(statistic.shape, dtype=bool)
    for d in np.unique(df):
        if d > 0:
            here = df == d
            result[here] = statistic[here] > critical_value(int(d), alpha)
    return result


def test_applies(counts: np.ndarray) -> np.ndarray:
    """Where the chi-square test of splits ``(..., branches, classes)`` may be trusted.

    Cochran's rule over the cells of non-empty branches and classes: no
    expected count below 1, and at most 20% of them below 5.

    Examples
    --------
    >>> test_applies(np.array([[[2, 3], [4, 0], [3, 2]], [[20, 30], [40, 0], [30, 20]]])).tolist()
    [False, True]
    """
    _, sizes, classes, expected = _margins(counts)
    live = (sizes > 0) & (classes > 0)
    cells = live.sum(axis=(-2, -1))
    small = (live & (expected < 5.0)).sum(axis=(-2, -1))
    tiny = (live & (expected < 1.0)).any(axis=(-2, -1))
    return ~tiny & (5 * small <= cells)


def rejects(counts: np.ndarray, alpha: float) -> np.ndarray:
    """Which splits pre-pruning at level ``alpha`` stops: the test applies and fails.

    Examples
    --------
    >>> outlook = np.array([[2, 3], [4, 0], [3, 2]])   # PlayTennis: too few to test
    >>> rejects(np.array([outlook, 10 * outlook]), 0.05).tolist()
    [False, False]
    >>> rejects(np.array([[[50, 50], [52, 48]]]), 0.05).tolist()   # no association
    [True]
    """
    return test_applies(counts) & ~significant(counts, alpha)
