"""A clause whose guard opens with an atom goal (``p(X) :- q.``) compiles and answers.

An atom goal calling a one-fact predicate is written inline in the guard
(``engine.inline_facts``); the guard's code must not take it for a compound
goal.  Checked in a clause function and in a compiled switch.
"""

from __future__ import annotations

import pytest

from symlearn.engine import Engine, procedures
from symlearn.kb import loads, parse_term


@pytest.mark.parametrize("switch_after", [0, 10**9])
def test_an_atom_goal_in_a_guard(switch_after: int) -> None:
    before = procedures._SWITCH_AFTER_CALLS
    procedures._SWITCH_AFTER_CALLS = switch_after
    try:
        engine = Engine(loads("p(X, Y) :- q, X = Y.\np(a, b) :- q, !.\nq.\nr :- q.\n"))
        answers = [str(s["Y"]) for s in engine.solve_text("p(1, Y)")]
        assert answers == ["1"]
        assert engine.ask(parse_term("p(a, b)"))
        assert engine.ask(parse_term("r"))
    finally:
        procedures._SWITCH_AFTER_CALLS = before
