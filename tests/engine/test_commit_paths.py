"""Quick paths of calls that commit at once, against the general code they replace.

A switch bucket stops at a clause that always commits (a head of distinct
variables and a neck cut, as an SSU clause ``p(X) => ...`` loads), a
predicate that is one fact without arguments succeeds at once, and ``$G``
drops its barrier when ``G`` left no choicepoint: each answers as the
general code does, on random programs.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine, procedures
from symlearn.errors import SymlearnError
from symlearn.kb import loads

HEADS = ["X", "a", "f(X)", "f(a)", "[X|T]", "[]", "1"]
BODIES = ["true", "!", "!, Y = one", "Y = two", "!, fail", "X = a", "fail", "!, $q"]


def _clause(first: int, second: int, body: int) -> str:
    return f"p({HEADS[first]}, {['Y', 'Y', 'a', 'X'][second]}) :- {BODIES[body]}."


programs = st.lists(
    st.tuples(st.integers(0, len(HEADS) - 1), st.integers(0, 3), st.integers(0, len(BODIES) - 1)),
    min_size=1,
    max_size=6,
)

CALLS = [
    "p(A, B)",
    "p(a, B)",
    "p(f(a), B)",
    "p(f(b), B)",
    "p([1], B)",
    "p(1, B)",
    "p(g, B)",
    "p(A, a)",
    "p(a, b)",
    "(B = A, p(A, B))",
]


def _answers(program: str) -> list[str]:
    """The answers of each call, with the switch compiled (after a few calls)."""
    engine = Engine(loads(program + "\nq.\n"), max_steps=10_000)
    found = []
    for _ in range(3):  # the first runs warm the predicate up; the last uses the switch
        found = []
        for call in CALLS:
            try:
                found.append(
                    str([str(s["L"]) for s in engine.solve_text(f"findall(A-B, {call}, L)")])
                )
            except SymlearnError as error:
                found.append(type(error).__name__)
    return found


@settings(max_examples=40, deadline=None)
@given(programs)
@example([(0, 3, 1), (0, 0, 0)])  # p(X, X) :- ! does not match every call
def test_a_bucket_cut_at_a_clause_that_always_commits_answers_as_the_whole(
    clauses: list[tuple[int, int, int]],
) -> None:
    program = "\n".join(_clause(*clause) for clause in clauses)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(procedures, "_SWITCH_AFTER_CALLS", 1)
        quick = _answers(program)
        patch.setattr(procedures, "_commits_always", lambda clause: False)
        assert quick == _answers(program)


def test_an_ssu_predicate_runs_its_catch_all_clause_without_trying_the_rest() -> None:
    engine = Engine(loads("r(0) => true.\nr(N) => N1 is N - 1, r(N1).\n"))
    assert list(engine.solve_text("r(1000)")) == [{}]
    with pytest.raises(SymlearnError):
        list(engine.solve_text("r(a)"))


@pytest.mark.parametrize(
    ("program", "goal", "expected"),
    [
        ("p.", "findall(x, p, L)", "[x]"),
        ("p. p.", "findall(x, p, L)", "[x, x]"),
        (":- dynamic p/0.", "findall(x, p, L)", "[]"),
        (":- dynamic p/0. p.", "findall(x, (p, retract(p), p), L)", "[]"),
        (":- dynamic p/0. p.", "findall(x, (retract(p), assertz(p), p), L)", "[x]"),
        ("p.", "findall(x, $p, L)", "[x]"),
        ("p. p.", "catch($p, error(E, _), (L = E))", "determinism_error(p, det, nondet, goal)"),
        ("q :- fail.", "catch($q, error(E, _), (L = E))", "determinism_error(q, det, fail, goal)"),
    ],
)
def test_a_fact_without_arguments_answers_as_facts_do(
    program: str, goal: str, expected: str
) -> None:
    engine = Engine(loads(program + "\nu :- true."))
    for _ in range(3):  # called again: the predicate's procedure is then the quick one
        answers = [str(s["L"]) for s in engine.solve_text(goal)]
        assert answers == [expected]
