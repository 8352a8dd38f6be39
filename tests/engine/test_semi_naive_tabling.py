"""Tabled recursion consumes new answers only: SWI-Prolog's answers, in time linear in them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.kb import loads
from symlearn.kb.parser import parse_term
from tests.conftest import requires_swipl
from tests.engine.test_swipl_agreement import symlearn_answers
from tests.swipl import run_swipl


def pingpong(limit: int) -> str:
    """SWI-Prolog's bench program pingpong: two tabled predicates counting up in turn."""
    return f"""
    :- table d/1.
    :- table e/1.
    d(X) :- e(Y), Y < {limit}, X is Y + 1.
    d(0).
    e(X) :- d(Y), Y < {limit}, X is Y + 1.
    e(0).
    """


#: name, program, goals: mutual recursion, left recursion, many answers, and
#: clauses the optimisation must leave alone or handle (two recursive calls,
#: a nondeterministic goal before the call, a call through call/1).
PROGRAMS = [
    ("mutual recursion", pingpong(300), ["d(X)", "e(X)", "d(150)", "e(301)"]),
    (
        "left recursion on a cyclic graph",
        """
        :- table path/2.
        edge(1, 2). edge(2, 3). edge(3, 1). edge(3, 4). edge(4, 5). edge(5, 4).
        path(X, Y) :- path(X, Z), edge(Z, Y), integer(Y).
        path(X, Y) :- edge(X, Y).
        """,
        ["path(1, Y)", "path(X, 4)", "path(X, Y)"],
    ),
    (
        "many answers through two predicates",
        """
        :- table even/2, odd/2.
        node(N) :- between(0, 59, N).
        edge(X, Y) :- node(X), Y is (X * 7 + 3) mod 60.
        edge(X, Y) :- node(X), Y is (X * 11 + 1) mod 60.
        odd(X, Y) :- edge(X, Y).
        odd(X, Y) :- even(X, Z), edge(Z, Y).
        even(X, Y) :- odd(X, Z), edge(Z, Y).
        """,
        ["even(X, Y)", "odd(0, Y)", "even(X, 5)"],
    ),
    (
        "two recursive calls in one clause",
        """
        :- table reach/2, hop/2.
        edge(a, b). edge(b, c). edge(c, a). edge(c, d).
        hop(X, Y) :- edge(X, Y).
        hop(X, Y) :- reach(X, Y).
        reach(X, Y) :- edge(X, Y).
        reach(X, Y) :- hop(X, Z), reach(Z, Y).
        """,
        ["reach(a, Y)", "reach(X, Y)", "hop(d, Y)"],
    ),
    (
        "a nondeterministic goal before the call and one through call/1",
        """
        :- table s/2, t/2.
        step(1). step(2). step(3).
        s(X, N) :- step(S), t(X, M), M < 12, N is M + S.
        s(a, 0).
        t(X, N) :- G = s(X, M), call(G), M < 12, N is M * 2.
        t(b, 1).
        """,
        ["s(X, N)", "t(X, N)"],
    ),
]


@requires_swipl
@pytest.mark.parametrize(("name", "program", "goals"), PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_tabled_recursion_agrees_with_swipl(name: str, program: str, goals: list[str]) -> None:
    ours = [symlearn_answers(program, goal) for goal in goals]
    theirs = run_swipl(program, [(goal, names) for goal, (names, _) in zip(goals, ours)])
    assert len(theirs) == len(goals)
    for goal, (_, mine), swi in zip(goals, ours, theirs):
        assert sorted(mine) == sorted(swi), goal


def _inferences(program: str, goal: str) -> int:
    engine = Engine(loads(program))
    assert engine.count(parse_term(goal)) > 0
    return engine.steps


def test_mutual_recursion_is_linear_in_its_answers() -> None:
    # Re-running every answer each round made four times the answers cost
    # sixteen times the work; consuming new answers only, four times.
    small = _inferences(pingpong(500), "d(X)")
    large = _inferences(pingpong(2000), "d(X)")
    assert large < 5 * small


pairs = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=16)


@settings(max_examples=40, deadline=None)
@given(pairs)
def test_even_and_odd_walks_equal_their_enumeration(edges: list[tuple[int, int]]) -> None:
    # (integer/1 keeps the program out of the Datalog path, in linear tabling)
    program = (
        ":- table even/2, odd/2.\n:- dynamic edge/2.\n"
        + "".join(f"edge({a}, {b}).\n" for a, b in edges)
        + "odd(X, Y) :- edge(X, Y).\n"
        "odd(X, Y) :- even(X, Z), edge(Z, Y), integer(Y).\n"
        "even(X, Y) :- odd(X, Z), edge(Z, Y).\n"
    )
    # The walks of one or more edges from each node, by the parity of their length.
    walks: set[tuple[str, int, int]] = set()
    frontier = {("odd", a, b) for a, b in edges}
    while frontier:
        walks |= frontier
        frontier = {
            ("even" if parity == "odd" else "odd", a, d)
            for parity, a, b in frontier
            for c, d in edges
            if c == b
        } - walks
    engine = Engine(loads(program))
    for parity in ("even", "odd"):
        solutions = engine.solve_text(f"{parity}(X, Y)")
        found = {(int(str(s["X"])), int(str(s["Y"]))) for s in solutions}
        assert found == {(a, b) for p, a, b in walks if p == parity}
        bound = {int(str(s["Y"])) for s in engine.solve_text(f"{parity}(0, Y)")}
        assert bound == {b for p, a, b in walks if p == parity and a == 0}


_RECURSIVE_BODIES = [
    "{a}(X, Z), e(Z, Y)",
    "e(X, Z), {a}(Z, Y)",
    "{a}(X, Z), {b}(Z, Y)",
    "{a}(X, Z), Z < 5, Y is Z + 1",
    "member(W, [0, 1]), {a}(X, Z), Y is (Z + W) mod 6",
    "{a}(X, Y), \\+ e(Y, Y)",
]


@st.composite
def recursive_programs(draw: st.DrawFn) -> str:
    """Three tabled predicates calling each other in random ways over random edges."""
    names = ["p", "q", "r"]
    edges = draw(st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=8))
    lines = [":- table p/2, q/2, r/2."] + [f"e({a}, {b})." for a, b in sorted(edges)]
    for name in names:
        lines.append(f"{name}(X, Y) :- e(X, Y).")
        for body in draw(st.lists(st.sampled_from(_RECURSIVE_BODIES), min_size=1, max_size=3)):
            a, b = draw(st.sampled_from(names)), draw(st.sampled_from(names))
            lines.append(f"{name}(X, Y) :- {body.format(a=a, b=b)}.")
    return "\n".join(lines) + "\n"


@settings(max_examples=20, deadline=None)
@given(recursive_programs())
def test_semi_naive_answers_equal_naive_ones(program: str) -> None:
    goals = ["p(X, Y)", "q(0, Y)", "r(X, 3)", "p(1, Y), q(Y, Z)"]

    def answers(engine: Engine) -> list[list[str]]:
        return [sorted(str(s) for s in engine.solve_text(goal)) for goal in goals]

    semi_naive = answers(Engine(loads(program)))
    naive_engine = Engine(loads(program))
    naive_engine.semi_naive.eligible = lambda clause, position: False  # type: ignore[method-assign]
    assert semi_naive == answers(naive_engine)
