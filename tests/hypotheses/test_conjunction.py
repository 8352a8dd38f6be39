from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.errors import HypothesisSpaceError
from symlearn.hypotheses import ANY, EMPTY, Conjunction, ConjunctionSpace
from symlearn.hypotheses.generality import more_general_or_equal_on
from symlearn.kb import loads
from symlearn.logic.terms import Struct
from tests.hypotheses.strategies import conjunctions, instances, open_instances, spaces

ENJOYSPORT = ConjunctionSpace(
    "enjoysport",
    ("sky", "airtemp", "humidity", "wind", "water", "forecast"),
    (
        ("sunny", "cloudy", "rainy"),
        ("warm", "cold"),
        ("normal", "high"),
        ("strong", "weak"),
        ("warm", "cool"),
        ("same", "change"),
    ),
)


def test_design_clause_form_of_mitchells_hypothesis():
    h = Conjunction(("sunny", "warm", ANY, "strong", ANY, ANY))
    assert h.clause_texts("enjoysport") == ["enjoysport(sunny, warm, _, strong, _, _)."]
    assert str(h) == "<sunny, warm, ?, strong, ?, ?>"


def test_every_conjunction_with_an_empty_constraint_is_the_empty_hypothesis():
    a = Conjunction(("sunny", EMPTY, ANY))
    b = Conjunction((EMPTY, "warm", "x"))
    assert a == b == Conjunction.empty(3)
    assert hash(a) == hash(b)
    assert a.clause_texts("t") == ["false"]
    assert a.to_dict() == {"family": "conjunction", "constraints": ["∅", "∅", "∅"]}
    assert len({a, b, Conjunction.most_general(3)}) == 2


def test_values_that_need_quotes_and_numbers_print_as_prolog():
    h = Conjunction(("pre-presbyopic", 3, ANY))
    assert h.clause_texts("lens") == ["lens('pre-presbyopic', 3, _)."]
    assert (
        h.to_latex(["age", "n", "x"])
        == "\\mathrm{age} = \\mathrm{'pre-presbyopic'} \\wedge \\mathrm{n} = \\mathrm{3}"
    )


def test_sympy_and_latex_ends():
    import sympy

    assert Conjunction.empty(2).to_sympy() is sympy.false
    assert Conjunction.most_general(2).to_sympy() is sympy.true
    assert Conjunction.most_general(2).to_latex() == "\\top"
    assert Conjunction.empty(2).to_latex() == "\\bot"


def test_space_sizes_match_mitchell():
    assert ENJOYSPORT.instance_count == 96
    assert ENJOYSPORT.syntactic_size == 5120
    assert ENJOYSPORT.size == 973
    assert len(set(ENJOYSPORT.hypotheses())) == 973


def test_space_checks_domains():
    with pytest.raises(HypothesisSpaceError, match="not a value of sky"):
        ENJOYSPORT.check_instance(("foggy", "warm", "normal", "strong", "warm", "same"))
    with pytest.raises(HypothesisSpaceError, match="constraints, not values"):
        ConjunctionSpace("t", ("a",), (("?", "x"),))


@given(st.data())
def test_generality_is_a_partial_order(data):
    space = data.draw(spaces())
    a, b, c = (data.draw(conjunctions(space)) for _ in range(3))
    assert a >= a
    if a >= b and b >= a:
        assert a == b
    if a >= b and b >= c:
        assert a >= c
    assert (a > b) == (a >= b and a != b)


@given(st.data())
def test_generality_is_coverage_inclusion_on_the_open_instance_space(data):
    space = data.draw(spaces(max_attributes=3))
    a, b = data.draw(conjunctions(space)), data.draw(conjunctions(space))
    assert (a >= b) == more_general_or_equal_on(a, b, open_instances(space))


@given(st.data())
def test_semantically_distinct_hypotheses_cover_different_instance_sets(data):
    space = data.draw(spaces(max_attributes=3, min_values=2))
    covered = {frozenset(x for x in space.instances() if h.covers(x)) for h in space.hypotheses()}
    assert len(covered) == space.size


@given(st.data())
def test_minimal_generalisations_are_the_minimal_covering_generalisations(data):
    space = data.draw(spaces(max_attributes=3))
    h, x = data.draw(conjunctions(space)), data.draw(instances(space))
    above = [g for g in space.hypotheses() if g >= h and g.covers(x)]
    minimal = {g for g in above if not any(g > other for other in above)}
    assert set(h.minimal_generalisations(x)) == minimal


@given(st.data())
def test_minimal_specialisations_are_the_maximal_excluding_specialisations(data):
    space = data.draw(spaces(max_attributes=3))
    h, x = data.draw(conjunctions(space)), data.draw(instances(space))
    below = [g for g in space.hypotheses() if h >= g and not g.covers(x)]
    maximal = {g for g in below if not any(other > g for other in below)}
    assert set(space.minimal_specialisations(h, x)) == maximal


@given(st.data())
def test_clause_form_evaluated_by_the_engine_agrees_with_covers(data):
    space = data.draw(spaces(max_attributes=3))
    h = data.draw(conjunctions(space))
    texts = [t for t in h.clause_texts("t") if t != "false"]
    engine = Engine(loads("\n".join(texts)), unknown="fail")
    for x in space.instances():
        assert engine.ask(Struct("t", x)) == h.covers(x)
