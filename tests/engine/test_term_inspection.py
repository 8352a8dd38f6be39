"""``functor/3`` and ``arg/3`` compiled into clause code, against the builtins called as goals.

A clause's ``functor(T, N, A)`` (T known and N, A new, or T new and N, A
known) and ``arg(K, T, X)`` run inline with a quick path for the common
case; every call must answer (or raise) exactly as the same goals called
through ``call/1`` (the builtins' general code) do.
"""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.errors import PrologError
from symlearn.kb import loads
from symlearn.logic.unify import variant

#: Bodies over the head variables T, N, A, K, X (the new ones are made by the body).
BODIES = [
    "functor(T, N0, A0), N = N0, A = A0",
    "functor(T0, N, A), T = T0",
    "functor(T, N0, A0), functor(T1, N0, A0), X = T1",
    "functor(T, N0, A0), A0 > 0, functor(T1, N0, A0), arg(A0, T1, X)",
    "arg(K, T, X0), X = X0",
    "arg(K, T, X)",
    "arg(K, T, X0), arg(K, T, X1), X0 == X1, X = X1",
    "functor(T, N0, A0), arg(K, T, X0), X = N0-A0-X0",
    "arg(K, T, f(X))",
]
#: Values for each of T, N, A, K, X (free, the common cases, and errors).
VALUES = [
    ["_", "f(a, b)", "f(g(1), _)", "[x|y]", "a", "1", "1.5", '"s"'],
    ["_", "f", "a", "1", "f(a)", "1.5"],
    ["_", "2", "0", "1", "-1", "a"],
    ["_", "1", "2", "3", "0", "-1", "a"],
    ["_", "a", "b", "g(b)"],
]


def _answers(engine: Engine, goal: str) -> list[object] | str:
    try:
        return [s["R"] for s in engine.solve_text(f"{goal}, R = r(T, N, A, K, X)")]
    except PrologError as error:
        return str(error).splitlines()[0]


def _random_bindings(random: Random) -> str:
    """Values for T, N, A, K, X: half the time the quick paths' cases."""
    values = [random.choice(choices) for choices in VALUES]
    if random.random() < 0.5:
        values[:4] = [random.choice(choices[:3]) for choices in VALUES[:4]]
    return ", ".join(f"{v} = {value}" for v, value in zip("TNAKX", values))


def _assert_same(compiled: list[object] | str, called: list[object] | str, where: object) -> None:
    """The same answers (variants, in order) or the same error."""
    if isinstance(compiled, str) or isinstance(called, str):
        assert compiled == called, where
    else:
        assert len(compiled) == len(called), where
        assert all(variant(x, y) for x, y in zip(compiled, called)), where


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_inlined_term_inspection_answers_as_the_builtins_called(random: Random) -> None:
    program = "".join(f"p{i}(T, N, A, K, X) :- {body}.\n" for i, body in enumerate(BODIES))
    engine = Engine(loads(program), datalog=False)
    for i, body in enumerate(BODIES):
        bindings = _random_bindings(random)
        for _ in range(3):  # the switch is compiled after a few calls
            compiled = _answers(engine, f"{bindings}, p{i}(T, N, A, K, X)")
        called = _answers(engine, f"{bindings}, call(({body}))")
        _assert_same(compiled, called, (body, bindings))


#: Disjunctions of tests (inlined when the opening tests exclude each other), and what follows.
DISJUNCTIONS = [
    ("(var(T) ; atomic(T))", ", !"),
    ("(var(T) ; atomic(T))", ""),
    ("(atomic(T) ; var(T), T \\== N)", ", !"),
    ("(integer(T) ; atom(T), N == T ; compound(T))", ""),
    ("(var(T) ; nonvar(T))", ""),
    ("(atomic(T) ; atom(T))", ""),  # not exclusive: an atom passes both
    ("(compound(T) ; var(T))", ", N = x"),
    ("(atom(N) ; var(N), N == T)", ", !"),
]


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_inlined_exclusive_tests_answer_as_the_disjunction_called(random: Random) -> None:
    program = ""
    for i, (tests, rest) in enumerate(DISJUNCTIONS):  # dI inlines the tests, cI calls them
        program += f"d{i}(T, N) :- {tests}{rest}.\nd{i}(_, last).\n"
        program += f"c{i}(T, N) :- call({tests}){rest}.\nc{i}(_, last).\n"
    engine = Engine(loads(program), datalog=False)
    for i in range(len(DISJUNCTIONS)):
        t, n = random.choice(VALUES[0]), random.choice(VALUES[1])
        goal = f"T = {t}, N = {n}"
        for _ in range(3):  # the switch is compiled after a few calls
            compiled = _answers(engine, f"{goal}, d{i}(T, N), K = 0, A = 0, X = 0")
        called = _answers(engine, f"{goal}, c{i}(T, N), K = 0, A = 0, X = 0")
        assert isinstance(compiled, list) and isinstance(called, list)
        assert len(compiled) == len(called), (DISJUNCTIONS[i], goal)
        assert all(variant(x, y) for x, y in zip(compiled, called)), (DISJUNCTIONS[i], goal)


#: Bodies where ``arg(K, T, X0)`` (``ARG``) follows a neck cut or opens a segment
#: (inlined with K known; the goal is called when K is not an integer in range).
COMMITTED = [
    "!, ARG, X = X0",
    "K == K, !, ARG, X = X0",
    "q, !, ARG, X = X0",
    "q, X1 = K, ARG, X = X0-X1",
    "!, ARG, arg(K, T, X1), X = X0-X1",
    "!, functor(T, N0, _), ARG, X = N0-X0",
    "!, ARG, !, X = X0",
    "ARG, !, X = X0",  # before the cut: a clause function's cut then runs as a goal
    "K == K, ARG, !, arg(K, T, X1), X = X0-X1",
]


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_arg_after_a_cut_answers_as_the_builtin_called(random: Random) -> None:
    program = "q.\nq.\n"
    for i, body in enumerate(COMMITTED):  # dI inlines arg/3, cI calls it
        for name, goal in ((f"d{i}", "arg(K, T, X0)"), (f"c{i}", "call(arg(K, T, X0))")):
            program += f"{name}(T, N, A, K, X) :- {body.replace('ARG', goal)}.\n"
            program += f"{name}(_, _, _, _, last).\n"
    engine = Engine(loads(program), datalog=False)
    for i, body in enumerate(COMMITTED):
        bindings = _random_bindings(random)
        for _ in range(3):
            compiled = _answers(engine, f"{bindings}, d{i}(T, N, A, K, X)")
        called = _answers(engine, f"{bindings}, c{i}(T, N, A, K, X)")
        _assert_same(compiled, called, (body, bindings))
