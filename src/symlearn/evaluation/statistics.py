"""The distributions hypothesis evaluation needs: Student's t and the binomial upper limit.

Only the standard library and numpy are allowed at run time, so the two
distribution functions are computed from the regularized incomplete beta
function ``I_x(a, b)`` (continued fraction, Press et al. 2007, section 6.4):

* Student's t with ``nu`` degrees of freedom:
  ``P(T <= t) = 1 - I_{nu/(nu+t^2)}(nu/2, 1/2) / 2`` for ``t >= 0``; the
  quantile is found by bisection.  Used by the paired t-test
  (:mod:`symlearn.evaluation.comparison`).
* the **upper confidence limit** ``U_CF(E, N)`` of a binomial error rate: the
  error probability ``p`` at which seeing at most ``E`` errors in ``N`` trials
  has probability ``CF``, i.e. ``P(X <= E; N, p) = I_{1-p}(N - E, E + 1) = CF``
  (:func:`binomial_upper_limit`); fractional ``E`` and ``N`` (from fractional
  examples) are allowed because ``I`` is defined for real arguments.

C4.5 defines its pessimistic error rate of a leaf or rule as ``U_CF(E, N)``
(Quinlan 1993, ch. 4) but computes it, in the program, exactly only for
``E = 0`` and otherwise with a normal approximation with continuity correction
(``AddErrs`` in C4.5 Release 8, ``z`` interpolated from a small table).
:func:`pessimistic_error_rate` gives either; ``method="c45"`` reproduces the
book's figures (``U_25%(1, 16) = 0.157``, where the exact limit is 0.160).

Examples
--------
>>> round(t_quantile(0.975, 9), 3)          # Mitchell Table 5.6: t_{95%, 9}
2.262
>>> round(binomial_upper_limit(0, 6, 0.25), 3), round(binomial_upper_limit(1, 16, 0.25), 3)
(0.206, 0.16)
>>> round(pessimistic_error_rate(1, 16, 0.25), 3)   # C4.5's figure (Quinlan 1993, ch. 4)
0.157

References
----------
Mitchell (1997) ch. 5.6 (paired t-test), Table 5.6; Quinlan (1993), *C4.5*,
ch. 4 (pessimistic estimates); Press, Teukolsky, Vetterling and Flannery
(2007), *Numerical Recipes*, 3rd ed., section 6.4.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from symlearn.errors import InvalidParameterError

__all__ = [
    "binomial_cdf",
    "binomial_upper_limit",
    "chi2_quantile",
    "chi2_sf",
    "incomplete_beta",
    "incomplete_gamma",
    "pessimistic_error_rate",
    "t_cdf",
    "t_quantile",
]

_EPS = 1e-15
_TINY = 1e-300


def _beta_continued_fraction(a: float, b: float, x: float) -> float:
    """Lentz's evaluation of the continued fraction for ``I_x(a, b)``."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return h


def _solve_increasing(
    f: Callable[[float], float], target: float, low: float, high: float
) -> float:
    """The ``x >= low`` with ``f(x) = target`` for increasing ``f``, by bisection.

    ``high`` is doubled until ``f(high) >= target``; the answer is good to
    about 1e-13 relative.
    """
    while f(high) < target:
        low, high = high, high * 2.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if f(mid) < target:
            low = mid
        else:
            high = mid
        if high - low < 1e-13 * max(1.0, high):
            break
    return (low + high) / 2.0


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)`` for ``a, b > 0``.

    Examples
    --------
    >>> incomplete_beta(2.0, 3.0, 0.0), incomplete_beta(2.0, 3.0, 1.0)
    (0.0, 1.0)
    >>> round(incomplete_beta(1.0, 1.0, 0.3), 12)   # uniform: I_x(1, 1) = x
    0.3
    """
    if a <= 0 or b <= 0:
        raise InvalidParameterError(f"incomplete_beta needs a, b > 0, got {a}, {b}")
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_continued_fraction(a, b, x) / a
    return 1.0 - front * _beta_continued_fraction(b, a, 1.0 - x) / b


def incomplete_gamma(a: float, x: float) -> float:
    """The regularized lower incomplete gamma function ``P(a, x)`` for ``a > 0``.

    Series for ``x < a + 1``, Lentz's continued fraction otherwise (Press et
    al. 2007, section 6.2).

    Examples
    --------
    >>> round(incomplete_gamma(1.0, 2.0), 12) == round(1 - math.exp(-2.0), 12)
    True
    """
    if a <= 0:
        raise InvalidParameterError(f"incomplete_gamma needs a > 0, got {a}")
    if x <= 0:
        return 0.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        denominator = a
        for _ in range(10_000):
            denominator += 1.0
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return min(1.0, total * math.exp(log_front))
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = d if abs(d) > _TINY else _TINY
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return max(0.0, 1.0 - math.exp(log_front) * h)


def chi2_sf(x: float, df: float) -> float:
    """``P(X >= x)`` for a chi-square variable with ``df`` degrees of freedom."""
    if df <= 0:
        raise InvalidParameterError(f"degrees of freedom must be positive, got {df}")
    return 1.0 - incomplete_gamma(df / 2.0, x / 2.0)


def chi2_quantile(p: float, df: float) -> float:
    """The ``x`` with ``P(X <= x) = p`` for chi-square with ``df`` degrees of freedom.

    Examples
    --------
    >>> round(chi2_quantile(0.95, 1), 3), round(chi2_quantile(0.99, 3), 3)
    (3.841, 11.345)
    """
    if not 0.0 < p < 1.0:
        raise InvalidParameterError(f"a quantile needs 0 < p < 1, got {p}")
    return _solve_increasing(lambda x: 1.0 - chi2_sf(x, df), p, 0.0, max(1.0, df))


def t_cdf(t: float, df: float) -> float:
    """``P(T <= t)`` for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise InvalidParameterError(f"degrees of freedom must be positive, got {df}")
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    if t * t < df:
        # near the centre: P(|T| <= |t|) = I_{t^2/(df+t^2)}(1/2, df/2), accurate for small t
        central = 0.5 * incomplete_beta(0.5, df / 2.0, t * t / (df + t * t))
        return 0.5 + central if t >= 0 else 0.5 - central
    tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``t`` with ``P(T <= t) = p`` (Student's t, ``df`` degrees of freedom)."""
    if not 0.0 < p < 1.0:
        raise InvalidParameterError(f"a quantile needs 0 < p < 1, got {p}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    return _solve_increasing(lambda t: t_cdf(t, df), p, 0.0, 1.0)


def binomial_cdf(errors: float, n: float, p: float) -> float:
    """``P(X <= errors)`` for ``X ~ Binomial(n, p)``, through ``I_{1-p}(n - e, e + 1)``.

    Examples
    --------
    >>> round(binomial_cdf(1, 3, 0.5), 12)        # (1 + 3) / 8
    0.5
    """
    if errors >= n:
        return 1.0
    if errors < 0:
        return 0.0
    return incomplete_beta(n - errors, errors + 1.0, 1.0 - p)


def binomial_upper_limit(errors: float, n: float, confidence: float = 0.25) -> float:
    """C4.5's pessimistic error rate ``U_CF(E, N)`` (see the module docstring).

    Parameters
    ----------
    errors
        The number of errors ``E`` (may be fractional).
    n
        The number of cases ``N`` (may be fractional), ``N > 0``.
    confidence
        C4.5's ``CF`` in (0, 1); 0.25 by default.  Smaller means more pessimistic.

    Examples
    --------
    >>> round(binomial_upper_limit(0, 1), 3), round(binomial_upper_limit(0, 9), 3)
    (0.75, 0.143)
    """
    if not 0.0 < confidence < 1.0:
        raise InvalidParameterError(f"the confidence CF must be in (0, 1), got {confidence}")
    if n <= 0:
        raise InvalidParameterError("the pessimistic error of no cases is undefined")
    if errors >= n:
        return 1.0
    if errors <= 0:
        return 1.0 - confidence ** (1.0 / n)
    # P(X <= E; N, p) falls as p rises: solve 1 - P = 1 - CF on [E/N, 1]
    return _solve_increasing(
        lambda q: 1.0 - binomial_cdf(errors, n, q), 1.0 - confidence, errors / n, 1.0
    )


#: C4.5's table of confidence levels and normal deviates (Release 8, ``stats.c``).
_C45_CONFIDENCE = (0.0, 0.001, 0.005, 0.01, 0.05, 0.10, 0.20, 0.40, 1.00)
_C45_DEVIATE = (4.0, 3.09, 2.58, 2.33, 1.65, 1.28, 0.84, 0.25, 0.00)


def _c45_deviate(confidence: float) -> float:
    i = next(i for i, v in enumerate(_C45_CONFIDENCE) if confidence <= v)
    low, high = _C45_CONFIDENCE[i - 1], _C45_CONFIDENCE[i]
    d_low, d_high = _C45_DEVIATE[i - 1], _C45_DEVIATE[i]
    return d_low + (d_high - d_low) * (confidence - low) / (high - low)


def _c45_extra_errors(n: float, errors: float, confidence: float) -> float:
    """C4.5's ``AddErrs(N, e)``: the pessimistic number of errors minus ``e``."""
    if errors < 1e-6:
        return n * (1.0 - math.exp(math.log(confidence) / n))
    if errors < 0.9999:
        base = n * (1.0 - math.exp(math.log(confidence) / n))
        return base + errors * (_c45_extra_errors(n, 1.0, confidence) - base)
    if errors + 0.5 >= n:
        return 0.67 * (n - errors)
    z2 = _c45_deviate(confidence) ** 2
    e = errors + 0.5
    upper = (e + z2 / 2.0 + math.sqrt(z2 * (e * (1.0 - e / n) + z2 / 4.0))) / (n + z2)
    return n * upper - errors


def pessimistic_error_rate(
    errors: float, n: float, confidence: float = 0.25, method: str = "c45"
) -> float:
    """The pessimistic error rate of a rule or leaf with ``errors`` errors in ``n`` cases.

    Parameters
    ----------
    errors, n
        Errors and cases (may be fractional), ``n > 0``.
    confidence
        C4.5's ``CF`` (default 0.25).
    method
        ``"c45"``: as C4.5 computes it (see the module docstring);
        ``"exact"``: the binomial upper limit :func:`binomial_upper_limit`.

    Examples
    --------
    >>> [round(pessimistic_error_rate(0, n), 3) for n in (1, 6, 9)]
    [0.75, 0.206, 0.143]
    """
    if method == "exact":
        return binomial_upper_limit(errors, n, confidence)
    if method != "c45":
        raise InvalidParameterError(f"unknown method {method!r}; use 'c45' or 'exact'")
    if not 0.0 < confidence < 1.0:
        raise InvalidParameterError(f"the confidence CF must be in (0, 1), got {confidence}")
    if n <= 0:
        raise InvalidParameterError("the pessimistic error of no cases is undefined")
    return min(1.0, (errors + _c45_extra_errors(n, errors, confidence)) / n)
