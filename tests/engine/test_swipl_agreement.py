"""The engine answers a corpus of programs exactly as SWI-Prolog does."""

from __future__ import annotations

import pytest

from symlearn.engine import Engine
from symlearn.errors import SymlearnError
from symlearn.kb import loads
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.printer import format_term, variable_names
from symlearn.logic.terms import make_list
from tests.conftest import requires_swipl
from tests.engine.corpus import CORPUS
from tests.swipl import run_swipl


def symlearn_answers(program: str, goal: str) -> tuple[list[str], list[str]]:
    """(variable names, one line per answer) in the format of tests.swipl.run_swipl."""
    engine = Engine(loads(program))
    term, variables = parse_term_with_variables(goal)
    names = [n for n in variables if not n.startswith("_")]
    lines = []
    try:
        for solution in engine.solve(term):
            values = make_list([solution[variables[n]] for n in names])
            lines.append(format_term(values, variable_names(values, False), 999))
    except SymlearnError:
        lines = ["<error>"]
    return names, lines


#: Entries that take seconds (runaway goals up to their limits): in CI's full run.
SLOW = {"errors and limits"}


@requires_swipl
@pytest.mark.parametrize(
    ("name", "program", "goals", "tabled"),
    [
        pytest.param(*entry, marks=[pytest.mark.slow] if entry[0] in SLOW else [])
        for entry in CORPUS
    ],
    ids=[entry[0] for entry in CORPUS],
)
def test_engine_agrees_with_swipl(name: str, program: str, goals: list[str], tabled: bool) -> None:
    ours = [symlearn_answers(program, goal) for goal in goals]
    theirs = run_swipl(program, [(goal, names) for goal, (names, _) in zip(goals, ours)])
    assert len(theirs) == len(goals)
    for goal, (_, mine), swi in zip(goals, ours, theirs):
        if tabled:
            assert sorted(mine) == sorted(swi), goal
        else:
            assert mine == swi, goal
