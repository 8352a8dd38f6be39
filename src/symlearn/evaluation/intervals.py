"""Confidence intervals for the true error of a hypothesis.

With ``n >= 30`` test examples drawn independently of each other and of the
hypothesis ``h``, the true error ``error_D(h)`` lies with probability about
N% in

    error_S(h) ± z_N * sqrt(error_S(h) (1 - error_S(h)) / n)

where ``error_S(h)`` is the sample error (Mitchell 1997, ch. 5.2.2).
:data:`Z_TABLE` is Mitchell's table of ``z_N`` (Table 5.1); for a confidence
level not in the table, ``z_N`` is computed from the normal distribution
(``statistics.NormalDist``).  A two-sided N% interval gives a one-sided bound
with (100 + N)/2 % confidence (:func:`one_sided_upper_bound`).

The interval is Mitchell's formula, unclipped: near 0 or 1 it can leave
[0, 1], a sign that the normal approximation is poor there.

Examples
--------
>>> ci = error_confidence_interval(0.30, 40, 95)   # Mitchell's example, p. 132
>>> round(ci.low, 2), round(ci.high, 2)
(0.16, 0.44)
>>> z_value(90), z_value(99)
(1.64, 2.58)

References
----------
Mitchell (1997), ch. 5.2-5.3 (Table 5.1, the z_N values; section 5.3.8, two-
and one-sided bounds).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from statistics import NormalDist

from symlearn.errors import InvalidParameterError

__all__ = ["Z_TABLE", "Interval", "error_confidence_interval", "one_sided_upper_bound", "z_value"]

#: Two-sided confidence level N (percent) -> z_N, as in Mitchell (1997) Table 5.1.
Z_TABLE: dict[float, float] = {
    50: 0.67,
    68: 1.00,
    80: 1.28,
    90: 1.64,
    95: 1.96,
    98: 2.33,
    99: 2.58,
}


def z_value(confidence: float) -> float:
    """``z_N`` for a two-sided N% interval: Mitchell's Table 5.1, else the normal quantile.

    Raises
    ------
    InvalidParameterError
        Unless ``0 < confidence < 100``.
    """
    if not 0 < confidence < 100:
        raise InvalidParameterError(
            f"a confidence level is a percentage in (0, 100), got {confidence}"
        )
    if confidence in Z_TABLE:
        return Z_TABLE[confidence]
    return NormalDist().inv_cdf(0.5 + confidence / 200.0)


@dataclass(frozen=True)
class Interval:
    """``center ± half_width`` at ``confidence`` percent."""

    center: float
    half_width: float
    confidence: float

    @property
    def low(self) -> float:
        """The lower end."""
        return self.center - self.half_width

    @property
    def high(self) -> float:
        """The upper end."""
        return self.center + self.half_width

    def to_dict(self) -> dict[str, float]:
        """The interval as JSON."""
        return {
            "center": self.center,
            "low": self.low,
            "high": self.high,
            "half_width": self.half_width,
            "confidence": self.confidence,
        }

    def __str__(self) -> str:
        return f"{self.center:.4f} ± {self.half_width:.4f} ({self.confidence:g}%)"


def error_confidence_interval(error: float, n: int, confidence: float = 95) -> Interval:
    """The N% confidence interval for the true error (see the module docstring).

    Parameters
    ----------
    error
        The sample error ``error_S(h)`` in [0, 1].
    n
        The number of test examples (the approximation wants ``n >= 30``).
    confidence
        N, in percent.
    """
    if not 0.0 <= error <= 1.0:
        raise InvalidParameterError(f"a sample error is in [0, 1], got {error}")
    if n <= 0:
        raise InvalidParameterError("a confidence interval needs at least one test example")
    return Interval(error, z_value(confidence) * sqrt(error * (1.0 - error) / n), confidence)


def one_sided_upper_bound(error: float, n: int, confidence: float = 95) -> float:
    """An upper bound on the true error holding with ``confidence`` percent.

    It is the upper end of the two-sided interval at ``2 * confidence - 100``
    percent (an 80% two-sided interval is a 90% one-sided one; Mitchell 1997,
    section 5.3.8).

    Examples
    --------
    >>> round(one_sided_upper_bound(0.30, 40, 90), 3)    # z_80 = 1.28
    0.393
    """
    if not 50 < confidence < 100:
        raise InvalidParameterError(f"a one-sided confidence is in (50, 100), got {confidence}")
    return error_confidence_interval(error, n, 2 * confidence - 100).high
