"""Fresh variables made by generated code (``term_building.new_ref``) are as ``fresh_ref()``'s."""

from __future__ import annotations

import io

from symlearn.engine import Engine
from symlearn.engine.codegen import _Writer
from symlearn.engine.runtime import Ref, fresh_ref
from symlearn.engine.term_building import arguments, fresh_arguments, new_ref, new_struct
from symlearn.kb import loads, parse_term
from symlearn.logic.terms import Struct


def test_new_ref_sets_every_slot_as_the_class_does() -> None:
    namespace = dict(_Writer(lambda name, arity: None).names)
    exec(new_ref("made"), namespace)
    made, before = namespace["made"], fresh_ref()
    exec(new_ref("made"), namespace)
    after = namespace["made"]
    for ref in (made, after):
        assert type(ref) is Ref
        assert {slot: getattr(ref, slot) for slot in ("name", "value")} == {
            slot: getattr(before, slot) for slot in ("name", "value")
        }
    # one counter orders every variable by age (FENCE's conditional trailing relies on it)
    assert made.serial < before.serial < after.serial


def test_clauses_that_make_fresh_variables_answer_as_before() -> None:
    kb = loads(
        "pairs([], []).\n"
        "pairs([X|Xs], [X-_|Ps]) :- pairs(Xs, Ps).\n"
        "fill([]).\n"
        "fill([_-V|Ps]) :- V = v, fill(Ps).\n"
        "t(Ps) :- pairs([a,b,c], Ps), fill(Ps).\n",
        "t.pl",
    )
    engine = Engine(kb, output=io.StringIO())
    assert engine.ask(parse_term("t(Ps), Ps == [a-v, b-v, c-v]"))
    assert not engine.ask(parse_term("t(Ps), Ps = [_-w|_]"))


def test_fresh_arguments_are_distinct_new_variables_in_age_order() -> None:
    namespace = dict(_Writer(lambda name, arity: None).names)
    for count in range(1, 13):  # the written-out makers (up to 8) and the loop beyond
        namespace["n"] = count
        made = eval(fresh_arguments("n"), namespace)
        assert type(made) is tuple and len(made) == count
        assert all(type(ref) is Ref and ref.value is None and ref.name == "_" for ref in made)
        assert [ref.serial for ref in made] == sorted({ref.serial for ref in made})
        assert made[0].serial > fresh_ref().serial - count - 1


def test_functor_with_unbound_term_inlined_makes_fresh_arguments() -> None:
    kb = loads("t(T, N) :- functor(X, f, N), arg(1, X, a), T = X.\n", "t.pl")
    engine = Engine(kb, output=io.StringIO())
    assert engine.ask(parse_term("t(T, 3), T = f(a, X, Y), X \\== Y, var(X), var(Y)"))
    assert engine.ask(parse_term("t(T, 2), T = f(a, _)"))
    assert not engine.ask(parse_term("t(T, 3), T = f(b, _, _)"))


def test_new_struct_line_makes_the_compound_struct_makes() -> None:
    namespace = dict(_Writer(lambda name, arity: None).names)
    namespace.update(a=fresh_ref(), f="f")
    lines = new_struct("made", "f", arguments(["a", "1"])), new_struct("one", "f", "(made,)")
    exec("\n".join(lines), namespace)
    made, one = namespace["made"], namespace["one"]
    assert type(made) is Struct and made == Struct("f", (namespace["a"], 1))
    assert hash(made) == hash(Struct("f", (namespace["a"], 1)))
    assert type(one) is Struct and one.args == (made,) and one == Struct("f", (made,))
    assert eval(f"Struct(f, {arguments(['made'])})", namespace) == one


def test_clauses_that_build_compounds_answer_as_swipl_would() -> None:
    kb = loads(
        "wrap(X, f(X, g(X, [X]))).\n"
        "out(Y, h(Y, k(Y))) :- true.\n"
        "pass(X, R) :- twice(g(X, [a|X]), R).\n"
        "twice(T, t(T, T)).\n",
        "t.pl",
    )
    engine = Engine(kb, output=io.StringIO())
    assert engine.ask(parse_term("wrap(1, T), T == f(1, g(1, [1]))"))
    assert engine.ask(parse_term("out(2, T), T == h(2, k(2))"))
    assert engine.ask(parse_term("pass(Z, R), R = t(A, B), A == B, Z = q, A == g(q, [a|q])"))
    assert not engine.ask(parse_term("wrap(1, f(2, _))"))
