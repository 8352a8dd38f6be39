"""Naive Bayes: the PlayTennis worked example exactly, and against counting by hand and sklearn."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.naive.naive_bayes import Gaussian, naive_bayes
from symlearn.bayes.networks.variable_elimination import posterior
from symlearn.errors import InvalidParameterError
from symlearn.kb import load, loads
from symlearn.learning.attribute_data import from_kb

KB = Path(__file__).resolve().parents[3] / "kb"


def _playtennis():
    return from_kb(load([str(KB / "playtennis.pl")]), "playtennis", 4)


def test_playtennis_worked_example_exactly():
    """Mitchell 1997, section 6.9.1, on <sunny, cool, high, strong>.

    The book rounds each estimate to two decimals and each score to four
    (P(yes) = .64, P(strong | yes) = .33, ... ; .0053 for yes and .0206 for no;
    the probability of no is .795).  The scores here are exact fractions,
    rounded only for the comparison, to the book's number of decimals.
    """
    data = _playtennis()
    model = naive_bayes(data)
    x = data.unlabelled[0]
    assert x == ("sunny", "cool", "high", "strong")
    assert model.prior(True) == Fraction(9, 14) and model.prior(False) == Fraction(5, 14)
    assert (
        round(float(model.prior(True)), 2) == 0.64 and round(float(model.prior(False)), 2) == 0.36
    )
    assert model.conditional("wind", True, "strong") == Fraction(3, 9)
    assert model.conditional("wind", False, "strong") == Fraction(3, 5)
    assert round(float(model.conditional("wind", True, "strong")), 2) == 0.33
    assert round(float(model.conditional("wind", False, "strong")), 2) == 0.60
    scores = model.scores(x)
    # P(yes) P(sunny|yes) P(cool|yes) P(high|yes) P(strong|yes) = 9/14 * 2/9 * 3/9 * 3/9 * 3/9
    assert scores == {"pos": Fraction(1, 189), "neg": Fraction(18, 875)}
    assert round(float(scores["pos"]), 4) == 0.0053 and round(float(scores["neg"]), 4) == 0.0206
    assert model.classify(x) is False
    assert round(model.posterior(x)["neg"], 3) == 0.795


def _by_hand(data, m, instance):
    """Mitchell's formulas evaluated with plain loops: P(t) prod (n_c + m p) / (n + m)."""
    scores = {}
    for c in data.classes:
        rows = [r for r, label in zip(data.instances, data.labels) if label == c]
        score = Fraction(len(rows), len(data.labels))
        for i, attribute in enumerate(data.attributes):
            if instance[i] == "?":
                continue
            known = [r[i] for r in rows if r[i] != "?"]
            k = len(attribute.values)
            n_c = sum(1 for v in known if v == instance[i])
            denominator = len(known) + m
            score *= (n_c + m * Fraction(1, k)) / denominator if denominator else Fraction(1, k)
        scores[c] = score
    return scores


@st.composite
def _datasets(draw):
    arity = draw(st.integers(1, 3))
    values = ["a", "b", "c"]
    rows = draw(
        st.lists(
            st.tuples(
                st.lists(st.sampled_from([*values, "?"]), min_size=arity, max_size=arity),
                st.sampled_from(["yes", "no", "maybe"]),
            ),
            min_size=1,
            max_size=25,
        )
    )
    domains = " ".join(f":- domain(a{i + 1}, [a, b, c])." for i in range(arity))
    facts = " ".join(
        f"label(t({', '.join(repr(v) if v == '?' else v for v in r)}), {c})." for r, c in rows
    )
    instance = tuple(draw(st.lists(st.sampled_from(values), min_size=arity, max_size=arity)))
    return from_kb(loads(domains + " " + facts), "t", arity), instance


@settings(max_examples=60, deadline=None)
@given(_datasets(), st.sampled_from([Fraction(0), Fraction(1), Fraction(5, 2), Fraction(7)]))
def test_scores_equal_the_formulas_by_hand(dataset, m):
    data, instance = dataset
    model = naive_bayes(data, m)
    expected = _by_hand(data, m, instance)
    assert model.scores(instance) == {str(c): s for c, s in expected.items()}


@settings(max_examples=30, deadline=None)
@given(_datasets())
def test_posterior_equals_inference_in_the_naive_bayes_network(dataset):
    data, instance = dataset
    model = naive_bayes(data, 1)
    network = model.to_network()
    evidence = {a.name: v for a, v in zip(data.attributes, instance)}
    exact = posterior(network, data.target, evidence)
    assert exact == pytest.approx(model.posterior(instance), abs=1e-12)


def test_laplace_equals_sklearn_categorical_naive_bayes():
    naive_bayes_module = pytest.importorskip("sklearn.naive_bayes")
    data = from_kb(load([str(KB / "lenses.pl")]), "lenses", 4)
    model = naive_bayes(data, laplace=True)
    codes = np.array(
        [[a.values.index(v) for a, v in zip(data.attributes, row)] for row in data.instances]
    )
    theirs = naive_bayes_module.CategoricalNB(
        alpha=1.0, min_categories=[len(a.values) for a in data.attributes]
    ).fit(codes, [str(c) for c in data.labels])
    proba = theirs.predict_proba(codes)
    for row, expected in zip(data.instances, proba):
        ours = model.posterior(row)
        for label, p in zip(theirs.classes_, expected):
            assert ours[label] == pytest.approx(p, abs=1e-12)


def test_missing_values_and_continuous_attributes():
    data = from_kb(load([str(KB / "golf.pl")]), "golf", 4)
    model = naive_bayes(data)
    table = dict(zip([a.name for a in model.attributes], model.conditionals))
    assert isinstance(table["temperature"]["play"], Gaussian)
    temperatures = [r[1] for r, c in zip(data.instances, data.labels) if str(c) == "play"]
    assert table["temperature"]["play"].mean == pytest.approx(np.mean(temperatures))
    assert table["temperature"]["play"].std == pytest.approx(np.std(temperatures, ddof=1))
    with_missing = ("rain", 66, "?", "true")
    scores = model.scores(with_missing)
    assert set(scores) == {"dont_play", "play"} and all(s > 0 for s in scores.values())
    # a missing value contributes no factor
    assert len(model.factors(with_missing, "play")) == 1 + 3


def test_errors():
    data = _playtennis()
    with pytest.raises(InvalidParameterError, match="m must be at least 0"):
        naive_bayes(data, -1)
    model = naive_bayes(data)
    with pytest.raises(InvalidParameterError, match="not a value of outlook"):
        model.scores(("snowy", "cool", "high", "strong"))
    with pytest.raises(InvalidParameterError, match="4 values"):
        model.scores(("sunny",))
