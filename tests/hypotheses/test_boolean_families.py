from __future__ import annotations

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.hypotheses import (
    DNF,
    KCNF,
    BooleanConjunction,
    Conjunction,
    equivalent,
    more_general_or_equal,
    more_general_or_equal_on,
)
from symlearn.kb import loads
from symlearn.logic.terms import Struct
from tests.hypotheses.strategies import (
    boolean_hypotheses,
    boolean_instances,
    conjunctions,
    open_instances,
    spaces,
)


def test_contradictory_conjunctions_are_the_empty_hypothesis():
    a = BooleanConjunction.from_text(3, "x1 & ~x1")
    assert a == BooleanConjunction.empty(3) == BooleanConjunction.from_text(3, "x2 & ~x2 & x3")
    assert a.is_empty and a.clause_texts("f") == ["false"]
    assert str(BooleanConjunction.true(2)) == "⊤"


def test_boolean_conjunction_prints_with_the_files_values():
    h = BooleanConjunction.from_text(3, "x1 & ~x3")
    assert h.clause_texts("vote", [("y", "n")] * 3) == ["vote(y, _, n)."]
    assert h.to_latex() == "x_{1} \\wedge \\neg x_{3}"
    assert h.to_sympy() == sympy.And(sympy.Symbol("x1"), sympy.Not(sympy.Symbol("x3")))


def test_kcnf_normalisation():
    assert KCNF.from_text(2, "x1 & ~x1").is_empty
    assert KCNF.from_text(2, "(x1 | ~x1)") == KCNF.true(2)
    assert KCNF.from_text(3, "(x1 | x2) & (x1 | x2 | x3)") == KCNF.from_text(3, "x1 | x2")
    assert KCNF.from_text(3, "x1 & (~x1 | x2 | x3)") == KCNF.from_text(3, "x1 & (x2 | x3)")


def test_kcnf_clause_text():
    f = KCNF.from_text(3, "(x1 | ~x2) & x3")
    assert f.clause_texts("t") == ["t(A, B, 1) :-\n    (   A=1\n    ;   B=0\n    )."]
    assert KCNF.true(2).clause_texts("t") == ["t(_, _)."]
    assert KCNF.empty(2).clause_texts("t") == ["false"]


def test_dnf_absorbs_and_drops_empty_terms():
    d = DNF.of(
        [
            BooleanConjunction.from_text(2, "x1"),
            BooleanConjunction.from_text(2, "x1 & x2"),
            BooleanConjunction.empty(2),
        ]
    )
    assert d.terms == frozenset({BooleanConjunction.from_text(2, "x1")})
    assert DNF.of([], 2).clause_texts("t") == ["false"]
    with pytest.raises(TypeError):
        DNF.of([BooleanConjunction.true(2), Conjunction(("a", "b"))])


def test_mixed_instance_spaces_cannot_be_compared():
    with pytest.raises(TypeError):
        _ = BooleanConjunction.true(2) >= Conjunction(("a", "b"))
    with pytest.raises(ValueError):
        _ = BooleanConjunction.true(2) >= KCNF.true(3)


@given(st.data())
def test_boolean_generality_is_exact(data):
    n = data.draw(st.integers(1, 4))
    a, b = data.draw(boolean_hypotheses(n)), data.draw(boolean_hypotheses(n))
    assert more_general_or_equal(a, b) == more_general_or_equal_on(a, b, boolean_instances(n))
    assert (a >= b) == more_general_or_equal(a, b)
    assert (a > b) == (a >= b and not b >= a)


@given(st.data())
def test_boolean_generality_is_a_partial_order_up_to_equivalence(data):
    n = data.draw(st.integers(1, 3))
    a, b, c = (data.draw(boolean_hypotheses(n)) for _ in range(3))
    assert a >= a
    if a >= b and b >= c:
        assert a >= c
    if a >= b and b >= a:
        assert equivalent(a, b)
        assert all(a.covers(x) == b.covers(x) for x in boolean_instances(n))


@given(st.data())
def test_attribute_dnf_generality_is_exact_on_the_open_instance_space(data):
    space = data.draw(spaces(max_attributes=3))
    terms = st.lists(conjunctions(space), max_size=3)
    a = DNF.of(data.draw(terms), space.arity)
    b = data.draw(st.one_of(conjunctions(space), terms.map(lambda t: DNF.of(t, space.arity))))
    assert (a >= b) == more_general_or_equal_on(a, b, open_instances(space))
    assert (b >= a) == more_general_or_equal_on(b, a, open_instances(space))


@given(st.data())
def test_boolean_clause_forms_evaluated_by_the_engine_agree_with_covers(data):
    n = data.draw(st.integers(1, 3))
    h = data.draw(boolean_hypotheses(n))
    texts = [t for t in h.clause_texts("f") if t != "false"]
    engine = Engine(loads("\n".join(texts)), unknown="fail")
    for x in boolean_instances(n):
        assert engine.ask(Struct("f", tuple(int(v) for v in x))) == h.covers(x)


@given(st.data())
def test_sympy_forms_agree_with_covers(data):
    n = data.draw(st.integers(1, 3))
    h = data.draw(boolean_hypotheses(n))
    expression = h.to_sympy()
    symbols = [sympy.Symbol(f"x{i + 1}") for i in range(n)]
    for x in boolean_instances(n):
        value = expression.subs(dict(zip(symbols, x)))
        assert bool(value) == h.covers(x)


@given(st.data())
def test_attribute_dnf_clause_forms_evaluated_by_the_engine_agree_with_covers(data):
    space = data.draw(spaces(max_attributes=3))
    d = DNF.of(data.draw(st.lists(conjunctions(space), max_size=3)), space.arity)
    texts = [t for t in d.clause_texts("t") if t != "false"]
    engine = Engine(loads("\n".join(texts)), unknown="fail")
    for x in space.instances():
        assert engine.ask(Struct("t", x)) == d.covers(x)
