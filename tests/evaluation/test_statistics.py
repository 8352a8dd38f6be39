"""Distributions, intervals and the paired t-test against their definitions and scipy."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import InvalidParameterError
from symlearn.evaluation.comparison import paired_t_test
from symlearn.evaluation.intervals import (
    Z_TABLE,
    error_confidence_interval,
    one_sided_upper_bound,
    z_value,
)
from symlearn.evaluation.statistics import (
    binomial_cdf,
    binomial_upper_limit,
    chi2_quantile,
    chi2_sf,
    incomplete_beta,
    pessimistic_error_rate,
    t_cdf,
    t_quantile,
)

# Mitchell (1997) Table 5.6: t_{N, nu} for two-sided N = 90, 95, 98, 99%
MITCHELL_T = {
    2: (2.92, 4.30, 6.96, 9.92),
    5: (2.02, 2.57, 3.36, 4.03),
    10: (1.81, 2.23, 2.76, 3.17),
    20: (1.72, 2.09, 2.53, 2.84),
    30: (1.70, 2.04, 2.46, 2.75),
    120: (1.66, 1.98, 2.36, 2.62),
}


def test_mitchell_t_table():
    # the table is printed to two decimals, some entries truncated rather than rounded
    for df, row in MITCHELL_T.items():
        for confidence, printed in zip((90, 95, 98, 99), row):
            exact = t_quantile(0.5 + confidence / 200, df)
            assert printed - 0.005 <= exact < printed + 0.01


def test_z_table_is_the_notes():
    assert Z_TABLE == {50: 0.67, 68: 1.00, 80: 1.28, 90: 1.64, 95: 1.96, 98: 2.33, 99: 2.58}
    assert z_value(95) == 1.96
    assert z_value(99.9) == pytest.approx(3.2905, abs=1e-4)
    with pytest.raises(InvalidParameterError):
        z_value(100)


def test_error_interval_mitchell_example():
    # 12 errors on 40 test examples: 0.30 ± 1.96 sqrt(0.3 * 0.7 / 40) = 0.30 ± 0.14
    interval = error_confidence_interval(12 / 40, 40, 95)
    assert interval.half_width == pytest.approx(1.96 * math.sqrt(0.3 * 0.7 / 40))
    assert (round(interval.low, 2), round(interval.high, 2)) == (0.16, 0.44)
    assert one_sided_upper_bound(0.3, 40, 90) == pytest.approx(0.3 + 1.28 * math.sqrt(0.21 / 40))


@settings(max_examples=100, deadline=None)
@given(st.floats(0.05, 60), st.floats(0.05, 60), st.floats(0, 1))
def test_incomplete_beta_against_scipy(a, b, x):
    special = pytest.importorskip("scipy.special")
    assert incomplete_beta(a, b, x) == pytest.approx(float(special.betainc(a, b, x)), abs=1e-10)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 200), st.floats(0.5, 0.999))
def test_t_and_chi2_against_scipy(df, p):
    stats = pytest.importorskip("scipy.stats")
    assert t_quantile(p, df) == pytest.approx(float(stats.t.ppf(p, df)), rel=1e-8)
    assert t_cdf(1.3, df) == pytest.approx(float(stats.t.cdf(1.3, df)), abs=1e-10)
    assert chi2_quantile(p, df) == pytest.approx(float(stats.chi2.ppf(p, df)), rel=1e-8)
    assert chi2_sf(df * 1.1, df) == pytest.approx(float(stats.chi2.sf(df * 1.1, df)), abs=1e-10)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 60), st.data())
def test_binomial_upper_limit_definition(n, data):
    errors = data.draw(st.integers(0, n - 1))
    cf = data.draw(st.sampled_from([0.1, 0.25, 0.5]))
    upper = binomial_upper_limit(errors, n, cf)
    # P(X <= E; N, U) = CF, computed independently from the binomial sum
    total = sum(math.comb(n, k) * upper**k * (1 - upper) ** (n - k) for k in range(errors + 1))
    assert total == pytest.approx(cf, abs=1e-9)
    assert binomial_cdf(errors, n, upper) == pytest.approx(cf, abs=1e-9)
    stats = pytest.importorskip("scipy.stats")
    assert upper == pytest.approx(float(stats.beta.ppf(1 - cf, errors + 1, n - errors)), abs=1e-9)


def test_c45_pessimistic_error_reproduces_quinlan():
    # Quinlan (1993) ch. 4: U25%(0,6) = 0.206, U25%(0,9) = 0.143, U25%(0,1) = 0.750,
    # U25%(1,16) = 0.157
    assert round(pessimistic_error_rate(0, 6), 3) == 0.206
    assert round(pessimistic_error_rate(0, 9), 3) == 0.143
    assert round(pessimistic_error_rate(0, 1), 3) == 0.750
    assert round(pessimistic_error_rate(1, 16), 3) == 0.157
    # the subtree of that example: 6 x 0.206 + 9 x 0.143 + 1 x 0.750 = 3.273 predicted errors
    subtree = sum(n * pessimistic_error_rate(0, n) for n in (6, 9, 1))
    assert round(subtree, 3) == 3.273
    assert pessimistic_error_rate(2, 10, method="exact") == pytest.approx(
        binomial_upper_limit(2, 10)
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=2, max_size=12))
def test_paired_t_test_against_scipy(pairs):
    stats = pytest.importorskip("scipy.stats")
    a = [x for x, _ in pairs]
    b = [y for _, y in pairs]
    result = paired_t_test(a, b, 95)
    differences = [x - y for x, y in pairs]
    mean = sum(differences) / len(differences)
    spread = sum((d - mean) ** 2 for d in differences)
    assert result.mean == pytest.approx(mean, abs=1e-12)
    assert result.standard_error == pytest.approx(
        math.sqrt(spread / (len(pairs) * (len(pairs) - 1))), abs=1e-12
    )
    if result.standard_error > 1e-9:
        expected = stats.ttest_rel(a, b)
        assert result.t == pytest.approx(float(expected.statistic), rel=1e-6)
        assert result.p_value == pytest.approx(float(expected.pvalue), abs=1e-8)
        critical = float(stats.t.ppf(0.975, len(pairs) - 1))
        assert result.interval.half_width == pytest.approx(
            critical * result.standard_error, rel=1e-8
        )
