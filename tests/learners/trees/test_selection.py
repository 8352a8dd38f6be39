"""Impurity functions, selection measures, the chi-square test and the cost/2 directive."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb import loads
from symlearn.learners.trees.costs import attribute_costs, check_costs
from symlearn.learners.trees.impurity import (
    entropy,
    gini,
    impurity_reduction,
    misclassification,
    split_information,
)
from symlearn.learners.trees.selection import measure
from symlearn.learners.trees.significance import chi_square, significant

counts_1d = arrays(np.int64, st.integers(2, 5), elements=st.integers(0, 20))
splits = st.integers(2, 4).flatmap(
    lambda b: st.integers(2, 4).flatmap(
        lambda c: arrays(np.int64, (b, c), elements=st.integers(0, 15))
    )
)


@settings(max_examples=100, deadline=None)
@given(counts_1d)
def test_impurities_match_their_definitions(counts):
    total = counts.sum()
    p = counts / total if total else np.zeros(len(counts))
    expected_entropy = -sum(q * math.log2(q) for q in p if q > 0)
    assert float(entropy(counts)) == pytest.approx(expected_entropy, abs=1e-12)
    assert float(gini(counts)) == pytest.approx(1 - float((p**2).sum()) if total else 0.0)
    assert float(misclassification(counts)) == pytest.approx(1 - p.max() if total else 0.0)
    # symmetric in the classes
    for f in (entropy, gini, misclassification):
        assert float(f(counts[::-1])) == pytest.approx(float(f(counts)))


def test_impurity_extremes():
    for f in (entropy, gini, misclassification):
        assert float(f(np.array([5, 0, 0]))) == 0.0
        uniform = float(f(np.array([4, 4, 4])))
        assert uniform >= float(f(np.array([6, 3, 3]))) - 1e-12
    assert float(entropy(np.array([1, 1]))) == 1.0


@settings(max_examples=150, deadline=None)
@given(splits)
def test_impurity_reduction_is_non_negative_and_the_fast_entropy_path_is_exact(split):
    for f in (entropy, gini, misclassification):
        assert float(impurity_reduction(split, f)) >= 0.0
    generic = impurity_reduction(split, lambda c: entropy(c))  # not the fast path
    assert float(impurity_reduction(split, entropy)) == pytest.approx(float(generic), abs=1e-12)


def test_split_information_counts_unknowns_as_a_branch():
    counts = np.array([[2, 3], [4, 0], [3, 2]])
    assert float(split_information(counts)) == pytest.approx(
        -sum(k / 14 * math.log2(k / 14) for k in (5, 4, 5))
    )
    with_unknown = float(split_information(counts, np.array([1, 0])))
    assert with_unknown == pytest.approx(-sum(k / 15 * math.log2(k / 15) for k in (5, 4, 5, 1)))


def test_measures():
    outlook = np.array([[2, 3], [4, 0], [3, 2]])
    gain = float(measure("gain").evaluate(outlook)[0])
    ratio = float(measure("gain-ratio").evaluate(outlook)[0])
    assert ratio == pytest.approx(gain / float(split_information(outlook)))
    tan = float(
        measure("tan-schlimmer", costs={"outlook": 4.0}).evaluate(outlook, attribute="outlook")[0]
    )
    assert tan == pytest.approx(gain**2 / 4)
    nunez = measure("nunez", costs={"outlook": 4.0}, weight=0.5)
    assert float(nunez.evaluate(outlook, attribute="outlook")[0]) == pytest.approx(
        (2**gain - 1) / 5**0.5
    )
    # a split with a single non-empty branch is no split
    assert float(measure("gain").evaluate(np.array([[3, 2], [0, 0]]))[0]) == -math.inf
    assert float(measure("gain").evaluate(outlook, min_branch=6)[0]) == -math.inf
    with pytest.raises(InvalidParameterError):
        measure("nope")
    with pytest.raises(InvalidParameterError):
        measure("nunez", weight=2.0)
    with pytest.raises(InvalidParameterError):
        measure("tan-schlimmer", costs={"a": 0.0})


@settings(max_examples=100, deadline=None)
@given(splits)
def test_chi_square_equals_scipy(split):
    stats = pytest.importorskip("scipy.stats")
    statistic, df = chi_square(split)
    rows = split[split.sum(axis=1) > 0]
    table = rows[:, rows.sum(axis=0) > 0]
    if table.shape[0] < 2 or table.shape[1] < 2:
        assert int(df) == 0
        return
    expected, p, expected_df, _ = stats.chi2_contingency(table, correction=False)
    assert float(statistic) == pytest.approx(expected, rel=1e-9, abs=1e-9)
    assert int(df) == expected_df
    for alpha in (0.01, 0.05, 0.2):
        assert bool(significant(split[None], alpha)[0]) == (p < alpha) or abs(p - alpha) < 1e-9


def test_cost_directive():
    kb = loads(":- cost(temperature, 2). :- cost(humidity, 0.5).")
    assert attribute_costs(kb) == {"temperature": 2.0, "humidity": 0.5}
    for bad, message in [
        (":- cost(t, 0).", "positive number"),
        (":- cost(t, a).", "positive number"),
        (":- cost(T, 2).", "attribute name"),
        (":- cost(t, 1). :- cost(t, 2).", "already declared"),
    ]:
        with pytest.raises(KBError, match=message) as info:
            loads(bad)
        assert info.value.line == 1
    kb = loads("\n:- cost(pressure, 3).")
    with pytest.raises(KBError, match="not an attribute") as info:
        check_costs(kb, ["temperature", "humidity"])
    assert info.value.line == 2


@settings(max_examples=100, deadline=None)
@given(splits)
def test_chi_square_applies_by_cochrans_rule(split):
    """test_applies against the rule written out cell by cell; rejects = applies and fails."""
    from symlearn.learners.trees.significance import rejects, test_applies

    rows = split[split.sum(axis=1) > 0]
    table = rows[:, rows.sum(axis=0) > 0].astype(float)
    n = table.sum()
    expected = [
        table[i].sum() * table[:, j].sum() / n
        for i in range(table.shape[0])
        for j in range(table.shape[1])
    ]
    applies = all(e >= 1 for e in expected) and 5 * sum(e < 5 for e in expected) <= len(expected)
    assert bool(test_applies(split[None])[0]) == applies
    for alpha in (0.01, 0.05):
        assert bool(rejects(split[None], alpha)[0]) == (
            applies and not bool(significant(split[None], alpha)[0])
        )
