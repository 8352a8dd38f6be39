"""Limits that limit, terms of any shape, and SWI-Prolog's answers to hostile goals."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.errors import EngineLimitError, InvalidParameterError, PrologError, SymlearnError
from symlearn.kb import loads
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct


def answers(program: str, goal: str, **options) -> list[dict[str, str]]:
    engine = Engine(loads(program), **options)
    return [{k: format_term(v) for k, v in s.items()} for s in engine.solve_text(goal)]


NAT = """
nat(0).
nat(N) :- nat(M), N is M + 1.
:- table tnat/1.
tnat(0).
tnat(N) :- tnat(M), N is M + 1.
"""


# ---- one inference counter: builtins and their redos count ------------------------------
@pytest.mark.parametrize(
    "goal",
    [
        "between(1, inf, X), fail",
        "length(L, N), fail",
        "repeat, fail",
        "nat(X), fail",
        "tnat(X)",
    ],
)
def test_the_step_limit_stops_every_runaway(goal: str) -> None:
    with pytest.raises(EngineLimitError, match="step limit 5000 exceeded"):
        answers(NAT, goal, max_steps=5000, max_depth=100)


def test_a_caught_limit_ends_the_runaway_and_a_catch_all_cannot_defeat_it() -> None:
    # catch/3 sees the limit (README): the recovery runs, the runaway is over
    assert answers(NAT, "catch((repeat, fail), E, true)", timeout=0.3) == [
        {"E": "time_limit_exceeded"}
    ]
    assert answers(NAT, "catch((between(1, inf, _), fail), _, true)", max_steps=1000) == [{}]
    # ... but once only: past the grace, the query ends whatever catches it
    with pytest.raises(EngineLimitError, match="time limit"):
        answers(NAT, "repeat, catch((repeat, fail), _, true), fail", timeout=0.3)
    with pytest.raises(EngineLimitError, match="step limit"):
        answers("p :- catch(q, _, p). q :- q.", "p", max_steps=10_000)


def test_the_memory_limit_stops_a_growing_table() -> None:
    with pytest.raises(EngineLimitError, match="memory limit"):
        answers(NAT, "tnat(X)", max_memory=30_000_000, timeout=60)


def test_limit_errors_are_caught_as_in_swi_prolog() -> None:
    deep = "d(0) :- !.\nd(N) :- M is N - 1, d(M), q.\nq.\n"
    caught = answers(deep, "catch(d(100000), error(resource_error(R), _), true)", max_depth=1000)
    assert caught == [{"R": "stack"}]
    # The step limit's ball is caught as SWI-Prolog's call_with_inference_limit/3 gives it.
    caught = answers(NAT, "catch((repeat, fail), E, true)", max_steps=1000)
    assert caught == [{"E": "inference_limit_exceeded"}]


def test_engine_parameters_are_validated() -> None:
    kb = loads("p.")
    with pytest.raises(InvalidParameterError, match="unknown must be"):
        Engine(kb, unknown="bogus")
    for bad in ({"max_depth": 0}, {"max_steps": -1}, {"timeout": 0}, {"max_memory": 0}):
        with pytest.raises(InvalidParameterError):
            Engine(kb, **bad)


# ---- sizes are bounded before allocation ------------------------------------------------
@pytest.mark.parametrize(
    ("goal", "formal"),
    [
        ("X is 1 << 100000000000", "resource_error(stack)"),
        ("X is 10 ** (10 ** 10)", "resource_error(stack)"),
        ("length(L, 100000000000)", "resource_error(stack)"),
        ("functor(F, foo, 100000000000)", "resource_error(stack)"),
        ("tab(100000000000)", "resource_error(memory)"),
    ],
)
def test_huge_sizes_are_resource_errors(goal: str, formal: str) -> None:
    with pytest.raises(PrologError, match=formal.replace("(", r"\(").replace(")", r"\)")):
        answers("p.", goal)
    assert answers("p.", f"catch(({goal}), error(F, _), true)")[0]["F"] == formal


# ---- terms of any depth: no Python recursion --------------------------------------------
@pytest.mark.slow
def test_deep_terms_are_fine_everywhere() -> None:
    sum_text = "+".join(["1"] * 5000)
    assert answers("p.", f"X is {sum_text}") == [{"X": "5000"}]
    deep = "a"
    for _ in range(5000):
        deep = f"f({deep})"
    program = f"fact({deep}).\nnest(0, a) :- !.\nnest(N, f(X)) :- M is N - 1, nest(M, X).\n"
    goal = "nest(20000, T), fact(F), copy_term(T, C), T == C, T = C, ground(T), msort([T, F], _)"
    assert len(answers(program, goal)) == 1
    printed = answers(program, "nest(3000, T)")[0]["T"]
    assert printed.count("f(") == 3000
    nested = "findall(X, X = 1, L0)"
    for level in range(1, 3000):
        nested = f"findall(L{level - 1}, {nested}, L{level})"
    assert len(answers("p.", nested)) == 1


@pytest.mark.slow
def test_numlist_of_a_million_under_the_default_depth() -> None:
    assert answers("p.", "numlist(1, 1000000, L), length(L, N)")[0]["N"] == "1000000"
    assert answers("c(N, N) :- !.\nc(I, N) :- J is I + 1, c(J, N).", "c(0, 2000000)") == [{}]


def test_big_integers_print_in_full() -> None:
    (solution,) = answers("p.", "X is 2 ** 20000")
    assert len(solution["X"]) == 6021
    assert solution["X"].startswith("39802") and solution["X"].endswith("9376")


# ---- cyclic terms: supported where SWI-Prolog computes, a clear error where they escape --
def test_cyclic_terms_never_hang() -> None:
    kb = "p."
    engine = Engine(loads(kb))
    assert engine.ask_text("X = f(X), Y = f(Y), X = Y, X == Y, ground(X), X @>= Y")
    assert engine.ask_text("X = f(X, Y), Y = g(Y), \\+ X = f(_, h(_))")
    assert engine.ask_text("X = [a|X], \\+ is_list(X)")
    for goal in ("X = f(X)", "X = f(X), copy_term(X, _)", "X = f(X), findall(X, true, _)"):
        with pytest.raises(PrologError, match="acyclic_term"):
            answers(kb, goal)
    assert engine.ask_text("X = [a|X], catch(length(X, _), error(type_error(list, _), _), true)")
    assert engine.ask_text("X = [a|X], catch(msort(X, _), error(type_error(list, _), _), true)")


# ---- SWI-Prolog's answers ----------------------------------------------------------------
def test_format_directives() -> None:
    out = io.StringIO()
    engine = Engine(loads("p."), output=out)
    goals = [
        "format('~e ~4e ~2f~n', [1.5, 2.0, 3.14159])",
        "format('~a~t~20|~a~n', [abc, def])",
        "format('~t~w~10|~n', [right])",
        "format('~*c~n', [3, 0'x])",
        "format('~d ~D ~2d~n', [1234567, 1234567, 1234])",
        "format('~`-t~10|~n')",
    ]
    for goal in goals:
        assert engine.ask_text(goal)
    assert out.getvalue().splitlines() == [
        "1.500000e+00 2.0000e+00 3.14",
        "abc                 def",
        "     right",
        "xxx",
        "1234567 1,234,567 12.34",
        "----------",
    ]
    with pytest.raises(PrologError, match="format"):
        engine.ask_text("format('~a ~a', [x])")


def test_errors_are_symlearn_errors() -> None:
    for goal in ("X is foo + 1", "atom_length(X, Y)", "msort(a, X)", "assert(foo :- 1)"):
        with pytest.raises(SymlearnError):
            answers("p.", goal)


def test_assert_refuses_builtins() -> None:
    with pytest.raises(PrologError, match=r"permission_error\(modify, static_procedure"):
        answers("p.", "assert((is(X, Y) :- true))")
    assert Struct("is", (1, 2)) != Struct("is", (1, 2.0))


answer_values = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from(["a", "'B c'", "[]", "f(_)", "g(1, _)", '"s"', "1.5"]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(answer_values, max_size=12), st.integers(0, 3))
def test_all_solutions_keep_their_answers_in_order(values, chunk) -> None:
    """findall/3, findall/4 and aggregate_all/3 answer alike whether the answers are
    all 64-bit integers (kept unboxed) or not; a tiny chunk builds lists in pieces."""
    from symlearn.engine import control
    from symlearn.engine.runtime import resolve
    from symlearn.kb import parse_term

    text = "[" + ", ".join(str(v) for v in values) + "]"
    expected = [str(resolve(x)) for x in _items(parse_term(text))]
    engine = Engine(loads("p."))
    saved = control._CHUNK
    control._CHUNK = 1 + chunk
    try:
        found = _one(engine, f"findall(Y, member(Y, {text}), L)")["L"]
        tail = _one(engine, f"findall(Y, member(Y, {text}), L, [end])")["L"]
        count = _one(engine, f"aggregate_all(count, member(_, {text}), N)")["N"]
        bag = _one(engine, f"aggregate_all(bag(Y), member(Y, {text}), B)")["B"]
    finally:
        control._CHUNK = saved
    assert [str(x) for x in _items(found)] == expected
    assert [str(x) for x in _items(tail)] == [*expected, "end"]
    assert count == len(values)
    assert [str(x) for x in _items(bag)] == expected


def _one(engine, goal):
    solutions = list(engine.solve_text(goal))
    assert len(solutions) == 1
    return solutions[0]


def _items(term):
    from symlearn.logic.terms import list_items

    items, _ = list_items(term)
    return items


def test_trail_compaction_keeps_what_backtracking_needs() -> None:
    """Long deterministic runs between choicepoints compact the trail (every 4096
    inferences); bindings of older variables must still be undone on backtracking."""
    program = """
    build(0, []) :- !.
    build(N, [N|T]) :- M is N - 1, build(M, T).
    walk([], 0).
    walk([X|T], S) :- walk(T, S0), S is S0 + X.
    p(X, Y, S) :- member(X, [a, b, c]), build(3000, L), walk(L, S), Y = X.
    """
    engine = Engine(loads(program))
    answers = [(str(s["X"]), str(s["Y"]), s["S"]) for s in engine.solve_text("p(X, Y, S)")]
    assert answers == [(x, x, 4501500) for x in "abc"]


def test_a_failed_head_undoes_bindings_of_new_variables() -> None:
    """Bindings of variables newer than every choicepoint are not trailed (conditional
    binding); a head that binds one and then fails must still leave it unbound for the
    next clause, and backtracking must undo what the tried clauses bound."""
    program = """
    p(g(Z), 1, Z).
    p(h, 2, k).
    p([A|B], 3, A-B).
    q(X, N) :- p(Y, N, _), X = Y.
    r(L) :- s(L, 2).
    s([a|T], 1) :- t(T).
    s([b|T], 2) :- t(T).
    t([c]).
    """
    engine = Engine(loads(program))
    for _ in range(3):  # the switch of p is compiled after a few calls
        assert [str(s["X"]) for s in engine.solve_text("q(X, 2)")] == ["h"]
        assert [str(s["X"]) for s in engine.solve_text("q(X, 3)")] == ["[_|_]"]
        assert [str(s["L"]) for s in engine.solve_text("r(L)")] == ["[b, c]"]
        answers = [(str(s["X"]), str(s["N"])) for s in engine.solve_text("q(X, N)")]
        assert answers == [("g(_)", "1"), ("h", "2"), ("[_|_]", "3")]
