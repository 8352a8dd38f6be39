"""Calls of a one-fact predicate matched inline (``engine.inline_facts``) answer as calls do.

The same program runs with the fact's predicate static (its calls are
inlined in the callers' guards) and declared dynamic (always called): each
goal's answers must be the same, with the clause functions and with the
switches, and after the fact's predicate changes under the compiled callers.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine, procedures
from symlearn.errors import PrologError
from symlearn.kb import loads
from symlearn.logic.clauses import Clause
from symlearn.logic.unify import variant

FACTS = [
    "f(a, X, X)",
    "f(g(X, Y), Y, X)",
    "f(1, [X|T], T)",
    "f(_, _, z)",
    "f(X, X, X)",
    "f(g(a, b), 2, [])",
    "f(X, Y, Z) :- X == Y, Z = eq",
    "f(X, Y, X) :- integer(Y), Y > 1, !",
    "f(A, B, C) :- atom(A), B = [A|C]",
    "f(X, Y, Z) :- Z is X + Y",
]
BODIES = [
    "f(A, B, C)",
    "f(A, B, C), !",
    "A == A, f(A, B, C), !, B = B",
    "q, f(A, B, C)",
    "q, f(A, B, C), !",
    "!, f(A, B, C)",
    "f(A, B, C), f(B, C, A)",
    "q, f(A, B, C), !, f(C, B, A)",
    "f(A, g(B), C), !",
    "f(A, B, C), q, f(C, D, E), B = D-E",
    "f(A, B, C), f(A, B, C), f(A, B, C)",
]
VALUES = ["_", "a", "g(a, b)", "g(X, Y)", "[1, 2]", "[X]", "1", "2", "z", "[]"]


def _program(fact: str, dynamic: bool) -> str:
    text = ":- dynamic f/3.\n" if dynamic else ""
    text += f"{fact}.\nq.\nq.\n"
    for i, body in enumerate(BODIES):
        text += f"p{i}(A, B, C) :- {body}.\np{i}(_, _, last).\n"
    return text


def _clause(text: str) -> Clause:
    return next(loads(text).clauses())


def _answers(engine: Engine, goal: str) -> list[object] | str:
    try:
        return [s["R"] for s in engine.solve_text(f"{goal}, R = r(A, B, C)")]
    except PrologError as error:  # (a cyclic term made: both raise it)
        return str(error).splitlines()[0]


def _same(inlined: list[object] | str, called: list[object] | str, where: object) -> None:
    if isinstance(inlined, str) or isinstance(called, str):
        assert inlined == called, where
        return
    assert len(inlined) == len(called), where
    assert all(variant(x, y) for x, y in zip(inlined, called)), where


@pytest.mark.parametrize("switch_after", [0, 10**9])
@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_inlined_fact_answers_as_the_call(switch_after: int, random: Random) -> None:
    before = procedures._SWITCH_AFTER_CALLS
    procedures._SWITCH_AFTER_CALLS = switch_after
    try:
        fact = random.choice(FACTS)
        inlined = Engine(loads(_program(fact, False)), datalog=False)
        called = Engine(loads(_program(fact, True)), datalog=False)
        for i in range(len(BODIES)):
            values = [random.choice(VALUES) for _ in "ABC"]
            goal = ", ".join(f"{v} = {x}" for v, x in zip("ABC", values)) + f", p{i}(A, B, C)"
            for _ in range(2):
                _same(_answers(inlined, goal), _answers(called, goal), (fact, BODIES[i], goal))
    finally:
        procedures._SWITCH_AFTER_CALLS = before


@pytest.mark.parametrize("switch_after", [0, 10**9])
def test_a_changed_fact_is_called(switch_after: int) -> None:
    """A fact's predicate changed after its callers were compiled: they see the change."""
    before = procedures._SWITCH_AFTER_CALLS
    procedures._SWITCH_AFTER_CALLS = switch_after
    try:
        kb = loads(_program("f(a, b, c)", False))
        engine = Engine(kb, datalog=False)
        goals = [f"p{i}({a})" for i in range(len(BODIES)) for a in ("A, B, C", "z, B, C")]
        first = [_answers(engine, g) for g in goals]
        kb.add_clause(_clause("f(a, X, X)."))  # two clauses now
        engine.changed()
        second = [_answers(engine, g) for g in goals]
        reference = Engine(loads(_program("f(a, b, c).\nf(a, X, X)", True)), datalog=False)
        for goal, answers in zip(goals, second):
            _same(answers, _answers(reference, goal), goal)
        kb.predicates[("f", 3)].clear()
        kb.add_clause(_clause("f(X, Y, g(X, Y))."))  # one fact again, another
        engine.changed()
        reference = Engine(loads(_program("f(X, Y, g(X, Y))", True)), datalog=False)
        for goal in goals:
            _same(_answers(engine, goal), _answers(reference, goal), goal)
        assert first[0] and second[0] != first[0]
    finally:
        procedures._SWITCH_AFTER_CALLS = before
