"""Call-site specialisation (engine/specialise.py) against the calls it replaces.

A call passing a pattern of new variables (``q(f(a, _), L)``) runs a copy of
the callee compiled for the pattern; on random callees and data it must
answer exactly as the call of the callee itself, follow a change of the
callee's clauses, and report a depth error as the callee does.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine, specialise
from symlearn.engine.runtime import resolve
from symlearn.errors import SymlearnError
from symlearn.kb import loads
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Var
from symlearn.logic.unify import variant

CLAUSES = [
    "q(X, [X|_]).",
    "q(X, [_|T]) :- q(X, T).",
    "q(X, [X|_]) :- !.",
    "q(X, [f(X)|_]).",
    "q(X, [X, X|_]).",
    "q(_, [a|_]).",
    "q(X, [Y|_]) :- Y == a, q(X, []).",
    "q(X, [_|T]) :- T \\== [], q(X, T), !.",
    "q(X, [Y|_]) :- X = Y.",  # X used in the body: no copy is made
    "q(X, L) :- L = [X].",
]
PATTERNS = ["f(a, _)", "f(_, _)", "g(b)", "f(a, g(_))", "[a|_]", "f(_, 2)"]
DATA = [
    "[f(a, 1), f(b, 2), g(b), f(a, g(c)), a]",
    "[A, f(a, B), g(C)]",
    "[f(A, 2), [a, b], f(f(a, 1)), f(a, g(b)), f(a, g(b))]",
    "[g(b), g(b)]",
    "[]",
]


def _answers(program: str, goals: list[str]) -> list[object]:
    engine = Engine(loads(program), max_steps=5_000)
    found: list[object] = []
    for _ in range(3):  # the last runs use the predicates' switches
        found = []
        for goal in goals:
            try:
                found.append([s["R"] for s in engine.solve_text(f"{goal}, R = t(L, P)")])
            except SymlearnError as error:
                found.append(type(error).__name__)
    return found


def _same(a: list[object], b: list[object]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if isinstance(x, list) and isinstance(y, list):
            if len(x) != len(y) or not all(variant(s, t) for s, t in zip(x, y)):
                return False
        elif x != y:
            return False
    return True


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(CLAUSES), min_size=1, max_size=4),
    st.lists(st.sampled_from(PATTERNS), min_size=1, max_size=3),
)
def test_a_copied_callee_answers_as_the_callee(clauses: list[str], patterns: list[str]) -> None:
    callers = "\n".join(f"r{i}(L, P) :- q({p}, L), P = {i}." for i, p in enumerate(patterns))
    program = "\n".join(clauses) + "\n" + callers + "\n"
    goals = [f"L = {data}, r{i}(L, P)" for i in range(len(patterns)) for data in DATA]
    copied = _answers(program, goals)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(specialise, "_MAX_CLAUSES", 0)  # no copies
        assert _same(copied, _answers(program, goals))


def test_a_copy_is_made_and_follows_a_change_of_the_callee() -> None:
    program = "q(X, [X|_]).\nq(X, [_|T]) :- q(X, T).\nr(L) :- q(f(a, _), L).\n"
    engine = Engine(loads(program))
    for _ in range(3):
        assert len(list(engine.solve_text("r([f(a, 1), g, f(a, 2)])"))) == 2
    assert any(name.startswith("$spec q/2") for name, _ in engine._predicates)
    engine.add_clause(Clause(Struct("q", (Var("X"), "z")), ()))  # q(X, z). (as a consult would)
    assert len(list(engine.solve_text("r(z)"))) == 1
    assert len(list(engine.solve_text("r([f(a, 1), g, f(a, 2)])"))) == 2


def test_a_copy_reports_the_depth_limit_as_the_callee() -> None:
    program = "q(X, [X|_]).\nq(X, [_|T]) :- q(X, T).\nr(L) :- q(f(a, _), L).\n"
    engine = Engine(loads(program))
    assert len(list(engine.solve_text("r([f(a, 1)])"))) == 1
    copy = next(p for (name, _), p in engine._predicates.items() if name.startswith("$spec"))
    thrown = copy.namespace["too_deep"](("tail",))  # the error a too deep call raises
    formal = resolve(thrown.ball).args[1]  # depth_limit(Max, Goal, Indicator)
    assert str(formal.args[1]).startswith("q(f(a, ") and str(formal.args[1]).endswith("), tail)")
    assert str(formal.args[2]) == "q/2"
