"""Named bounds: evaluating, solving for every variable, rounding, errors."""

from __future__ import annotations

import json

import pytest
import sympy as sp

from symlearn.bounds import BOUNDS, bound_table, derive
from symlearn.bounds.rules import SolveFor
from symlearn.bounds.solving import satisfied
from symlearn.errors import InvalidParameterError

DEFAULTS = {
    "H": 973,
    "epsilon": "0.05",
    "delta": "0.005",
    "n": 10,
    "vc": 4,
    "k": 3,
    "beta": "0.5",
    "R": 1,
    "gamma": "0.1",
    "r": 2,
}

CASES = [
    (name, var.name)
    for name in BOUNDS
    for var in derive(name).variables[:-1]
    if not (name == "weighted-majority" and var.name == "beta")  # not monotone in beta
]


def point(bound, values):
    return {bound.variable(k).symbol: sp.nsimplify(v) for k, v in values.items()}


@pytest.mark.parametrize(("name", "solved"), CASES)
def test_solving_round_trips(name, solved):
    bound = derive(name)
    inputs = {v.name: DEFAULTS[v.name] for v in bound.variables[:-1]}
    target = bound.target.name
    inputs[target] = bound.evaluate(inputs).values[target]
    original = inputs.pop(solved)
    result = bound.solve_for(solved, inputs)
    values = result.values
    assert values["feasible"]
    var = bound.variable(solved)
    at = point(bound, inputs)
    # The value we started from satisfies the solved relation.
    assert satisfied(bound.relation, {**at, var.symbol: sp.nsimplify(original)})
    if var.integer:
        found = values[solved]
        assert satisfied(bound.relation, {**at, var.symbol: sp.Integer(found)})
        beyond = found - 1 if ">" in values["relation"] else found + 1
        if var.domain.contains(beyond):
            assert not satisfied(bound.relation, {**at, var.symbol: sp.Integer(beyond)})
    else:
        exact = sp.nsimplify(values[f"{solved}_exact"])
        inside = (
            exact * (1 + sp.Rational(1, 10**6))
            if ">" in values["relation"]
            else exact * (1 - sp.Rational(1, 10**6))
        )
        assert satisfied(bound.relation, {**at, var.symbol: inside})


@pytest.mark.parametrize(
    ("name", "solved"),
    [
        ("pac", "epsilon"),
        ("pac", "delta"),
        ("pac", "H"),
        ("agnostic", "epsilon"),
        ("halving", "H"),
        ("perceptron", "gamma"),
        ("winnow", "n"),
        ("vc", "vc"),
    ],
)
def test_symbolic_solutions_are_checked_steps(name, solved):
    bound = derive(name)
    inputs = {v.name: DEFAULTS[v.name] for v in bound.variables[:-1] if v.name != solved}
    inputs[bound.target.name] = 3000 if bound.target.name == "m" else 30
    result = bound.solve_for(solved, inputs)
    last = result.derivation.steps[-1]
    assert isinstance(last.rule, SolveFor)
    assert result.relation == last.relation
    assert str(bound.variable(solved).symbol) in str(result.relation.lhs)


def test_transcendental_solutions_are_numerical_and_say_so():
    result = derive("vc").solve_for("epsilon", vc=4, delta="0.05", m=3000)
    assert any("numerically" in note for note in result.notes)
    assert result.values["epsilon"] == pytest.approx(0.0843, abs=1e-3)


def test_lower_bound_solves_for_delta_through_the_max():
    result = derive("lower").solve_for("delta", vc=4, epsilon="0.05", m=3000)
    assert result.values["delta"] == pytest.approx(float(sp.exp(-150)), rel=1e-6)


def test_not_monotone_is_an_error():
    with pytest.raises(InvalidParameterError, match="not monotone"):
        derive("weighted-majority").solve_for("beta", k=3, n=10, mistakes=20)


def test_infeasible_is_reported():
    result = derive("pac").solve_for("delta", H=973, epsilon="0.01", m=10)
    assert result.values["feasible"] is False
    assert any("no delta" in note for note in result.notes)


@pytest.mark.parametrize(
    ("name", "values", "key", "expected"),
    [
        ("pac", {"H": 973, "epsilon": "0.1", "delta": "0.05"}, "m", 99),
        ("agnostic", {"H": 973, "epsilon": "0.1", "delta": "0.05"}, "m", 494),
        ("halving", {"H": 973}, "mistakes", 9),
        ("halving", {"H": 1024}, "mistakes", 10),  # exactly log2: <= keeps it
        ("mistake-find-s", {"n": 10}, "mistakes", 11),
        ("perceptron", {"R": 1, "gamma": "0.1"}, "mistakes", 100),
        ("weighted-majority", {"k": 0, "n": 16, "beta": "0.5"}, "mistakes", 9),
        ("winnow", {"r": 2, "n": 100}, "mistakes", 47),
        ("winnow", {"r": 1, "n": 2}, "mistakes", 8),  # M <= 8 exactly: "at most"
        ("winnow", {"r": 1, "n": 1024}, "mistakes", 35),  # Blum's 2 + 3(1 + 10)
        ("lower", {"vc": 4, "epsilon": "0.1", "delta": "0.005"}, "m", 53),
    ],
)
def test_rounding(name, values, key, expected):
    result = derive(name).evaluate(values)
    assert result.values[key] == expected


def test_exact_integer_boundaries():
    # log2(1024) = 10 exactly; 2 + 3*1*(1 + log2 2) = 8 exactly, and M <= 8.
    assert derive("halving").evaluate(H=1024).values["mistakes_exact"] == 10
    assert derive("winnow").evaluate(r=1, n=2).values["mistakes_exact"] == 8


def test_weighted_majority_with_a_perfect_predictor_is_log_n_over_log_4_3():
    exact = derive("weighted-majority").evaluate(k=0, n=16, beta="0.5").values["mistakes_exact"]
    assert exact == pytest.approx(4 / (2 - sp.log(3, 2)).evalf())


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"H": 973, "epsilon": "1.5", "delta": "0.05"}, "epsilon must be in"),
        ({"H": 973, "epsilon": "0.1", "delta": "0"}, "delta must be in"),
        ({"H": 0, "epsilon": "0.1", "delta": "0.05"}, "H must be at least 1"),
        ({"H": "2.5", "epsilon": "0.1", "delta": "0.05"}, "whole number"),
        ({"H": 973, "epsilon": "0.1"}, "needs --delta"),
        ({"H": 973, "epsilon": "0.1", "delta": "0.05", "beta": 1}, "does not take --beta"),
        ({"H": "x", "epsilon": "0.1", "delta": "0.05"}, "not a number"),
    ],
)
def test_invalid_parameters(values, message):
    with pytest.raises(InvalidParameterError, match=message):
        derive("pac").evaluate(values)


def test_lower_bound_states_its_ranges():
    with pytest.raises(InvalidParameterError, match="delta must be in"):
        derive("lower").evaluate(vc=4, epsilon="0.1", delta="0.05")
    with pytest.raises(InvalidParameterError, match="vc must be at least 2"):
        derive("lower").evaluate(vc=1, epsilon="0.1", delta="0.005")


def test_unknown_names():
    with pytest.raises(InvalidParameterError, match="unknown bound"):
        derive("nope")
    with pytest.raises(InvalidParameterError, match="no variable"):
        derive("pac").solve_for("beta", H=1)
    with pytest.raises(InvalidParameterError, match="does not take --class"):
        derive("halving", "conjunctions")
    with pytest.raises(InvalidParameterError, match="unknown hypothesis class"):
        derive("pac", "nope")


def test_class_bounds_solve_for_n():
    bound = derive("pac", "k-cnf", k=2)
    assert [v.name for v in bound.variables] == ["n", "epsilon", "delta", "m"]
    result = bound.solve_for("n", epsilon="0.1", delta="0.05", m=1000)
    assert isinstance(result.derivation.steps[-1].rule, SolveFor)
    n = result.values["n"]
    assert 2 * n**2 * 0.6931 + 2.9957 <= 100 < 2 * (n + 1) ** 2 * 0.6932 + 2.9957


def test_to_dict_has_the_design_keys():
    data = derive("pac").evaluate(H=973, epsilon="0.1", delta="0.05").to_dict()
    assert {"bound", "formula", "latex", "derivation", "values"} <= set(data)
    assert {"m", "m_exact"} <= set(data["values"])
    data = derive("halving").evaluate(H=973).to_dict()
    assert {"mistakes", "mistakes_exact"} <= set(data["values"])


def test_bound_table_lists_every_name():
    names = [row[0] for row in bound_table()]
    assert set(BOUNDS) < set(names)
    assert {"hypothesis-space-size", "vc-dimension"} <= set(names)


def test_bound_renders_in_jupyter():
    assert derive("perceptron")._repr_latex_().startswith("$$")
    assert derive("halving").evaluate(H=8)._repr_latex_().startswith("$$")


OPERATORS = {
    ">=": sp.GreaterThan,
    ">": sp.StrictGreaterThan,
    "<=": sp.LessThan,
    "<": sp.StrictLessThan,
}


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_each_bound_concludes_in_the_form_its_source_states(name):
    # Issue 16, item 6: strict or not as the source says, and --list says which.
    spec = BOUNDS[name]
    conclusion = derive(name).relation
    assert type(conclusion) is OPERATORS[spec.relation]
    quantity = "M" if spec.target == "mistakes" else "m"
    assert f"{quantity} {spec.relation} " in spec.summary
    row = next(row for row in bound_table() if row[0] == name)
    assert row[4].startswith(f"{quantity} {spec.relation} x: ")


@pytest.mark.parametrize(
    ("name", "form"),
    [
        ("pac", ">="),  # Mitchell (1997) eq. 7.2
        ("agnostic", ">="),  # Mitchell (1997) eq. 7.3
        ("vc", ">="),  # Mitchell (1997) eq. 7.7
        ("lower", ">="),  # fewer than max(...) examples can fail
        ("occam", ">"),
        ("elimination", ">"),
        ("mistake-find-s", "<="),  # "at most n + 1"
        ("halving", "<="),
        ("weighted-majority", "<="),
        ("perceptron", "<="),
        ("winnow", "<="),  # Blum (1996): "at most 2 + 3r(1 + lg n)"
    ],
)
def test_the_recorded_forms_are_the_sources(name, form):
    assert BOUNDS[name].relation == form


def test_winnow_allows_35_mistakes_for_one_of_1024_variables():
    values = derive("winnow").evaluate(r=1, n=1024).values
    assert (values["mistakes"], values["mistakes_exact"]) == (35, 35)
    assert values["relation"] == "mistakes <= 35"


def test_list_states_each_form_and_source():
    from symlearn.bounds import bound_list

    listed = bound_list()
    text = "\n".join(listed.report())
    assert "winnow                 M <= x: Blum (1996)" in text
    assert "occam                  m > x: Blumer et al. (1987)" in text
    sources = {row["name"]: row["source"] for row in listed.to_dict()["bounds"]}
    assert sources["pac"].startswith("m >= x: ")


def test_a_value_beyond_the_float_range_stays_a_json_number_text():
    # (n ln 3 + ln 20)/0.1 with n = 10^400: about 1.0986e401, past float's 1.8e308.
    result = derive("pac", "conjunctions").evaluate(n="1e400", epsilon="0.1", delta="0.05")
    exact = result.values["m_exact"]
    expected = (sp.Integer(10) ** 400 * sp.log(3) + sp.log(20)) / sp.Rational(1, 10)
    assert isinstance(exact, str)
    assert abs(sp.Float(exact, 17) / expected.evalf(30) - 1) < 1e-15
    assert result.values["m"] == int(sp.ceiling(sp.N(expected, 450)))
    assert "inf" not in result.values["relation"]
    json.dumps(result.to_dict(), allow_nan=False)


@pytest.mark.parametrize("k", [3, pytest.param(50, marks=pytest.mark.slow)])
def test_k_cnf_pac_bound_is_exact_for_a_large_k(k):
    """|H| = 2**T, T = sum_{i=1..k} C(n, i) 2**i; m = ceil((T ln 2 + ln(1/delta)) / epsilon)."""
    import math

    import mpmath

    n = 1000
    t = sum(math.comb(n, i) * 2**i for i in range(1, k + 1))
    result = derive("pac", "k-cnf", k=k).evaluate(n=n, epsilon="0.1", delta="0.05")
    with mpmath.workdps(len(str(t)) + 30):
        expected = int(mpmath.ceil(10 * (t * mpmath.log(2) + mpmath.log(20))))
    assert result.values["m"] == expected
    assert result.values["H"] is None  # too large to write out
    assert result.values["H_formula"] == f"2**{t}"
