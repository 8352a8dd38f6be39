"""Two list-building steps chosen by a comparison (``lcmc_guarded``) answer as the general code.

Random ``partition/4``-like predicates (the comparison, its operands, the
element kept, where the outputs are) and goals on them (integers, floats,
atoms and variables among the elements, partial lists, outputs bound,
aliased with each other, with the pivot or with the input's tail, the
variables' order of age, failure, cuts, backtracking, step limits) answer as
the switch without the loop (inference counts included) and as the clause
functions.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_list_loops import _answers

OPS = ["=<", "<", ">=", ">", "=:=", "=\\="]
ELEMENTS = ["X", "f(X)", "X-Y"]
LISTS = [
    "[3, 1, 4, 1, 5, 9, 2, 6]",
    "[1, 2.0, 3, 0]",
    "[5, a, 1]",
    "[2, Z, 7, 1]",
    "[1, 8|T]",
    "[4, 4, 4]",
    "[]",
    "T",
    "[6]",
]
PIVOTS = ["4", "Y", "4.0", "b", "1"]
OUTPUTS = ["A", "B", "[]", "[_|B]", "A"]
AFTERS = [
    "",
    ", fail",
    ", !",
    ", T = [3, 2]",
    ", Y = 2",
    ", term_variables(t(A, B, T), Vs), msort(Vs, Ss), findall(I, (member(S, Ss),"
    " nth0(I, Vs, V), V == S), Order)",
]


@st.composite
def programs(draw) -> tuple[str, list[str]]:
    op = draw(st.sampled_from(OPS))
    test = draw(st.sampled_from([f"X {op} Y", f"Y {op} X"]))
    first, second = draw(st.sampled_from(ELEMENTS)), draw(st.sampled_from(ELEMENTS))
    swapped = draw(st.booleans())  # the outputs' positions: (2, 3) or (3, 2)
    if swapped:
        lines = [
            f"part([X|L], Y, L1, [{first}|L2]) :- {test}, !, part(L, Y, L1, L2).",
            f"part([X|L], Y, [{second}|L1], L2) :- part(L, Y, L1, L2).",
        ]
    else:
        lines = [
            f"part([X|L], Y, [{first}|L1], L2) :- {test}, !, part(L, Y, L1, L2).",
            f"part([X|L], Y, L1, [{second}|L2]) :- part(L, Y, L1, L2).",
        ]
    lines.append(draw(st.sampled_from(["part([], _, [], []).", "part([], Y, [Y], [])."])))
    goals = []
    for _ in range(draw(st.integers(3, 7))):
        items = draw(st.sampled_from(LISTS))
        pivot = draw(st.sampled_from(PIVOTS))
        one, two = draw(st.sampled_from(OUTPUTS)), draw(st.sampled_from([*OUTPUTS, "T", "Y"]))
        goal = f"part({items}, {pivot}, {one}, {two}){draw(st.sampled_from(AFTERS))}"
        form = draw(st.sampled_from(["{}", "\\+ \\+ ({})", "findall(A-B, ({}), S)"]))
        goals.append(form.format(goal))
    goals.append("numlist(1, 400, L), part(L, 200, A, B), length(A, N), last(B, E)")
    return "\n".join(lines) + "\n", goals


@settings(max_examples=30, deadline=None)
@given(programs(), st.sampled_from([120, 5000]))
def test_guarded_loops_answer_as_the_general_code(case: tuple[str, list[str]], max_steps: int):
    program, goals = case
    looping = _answers(program, goals, max_steps, switch=True, loops=True)
    switched = _answers(program, goals, max_steps, switch=True, loops=False)
    plain = _answers(program, goals, max_steps, switch=False, loops=False)
    assert looping == switched, program
    ordered = [goal for goal in goals if "Order" in goal]
    assert {g: a[:-1] for g, a in looping.items() if g not in ordered} == {
        g: a[:-1] for g, a in plain.items() if g not in ordered
    }, program


PARTITION = (
    "part([X|L], Y, [X|L1], L2) :- X =< Y, !, part(L, Y, L1, L2).\n"
    "part([X|L], Y, L1, [X|L2]) :- part(L, Y, L1, L2).\npart([], _, [], []).\n"
)
FIXED_GOALS = [
    "part([3, 1, 4, 1, 5, 9, 2, 6], 3, A, B)",
    "part([3, 1, 4.0, 1, 5], 3, A, B)",
    "part([3, 1, 4|T], 3, A, B)",
    "part([3, 1, 4, 1|A], 3, A, B)",
    "part([5, 1, 4], 3, A, A)",
    "part([5, 1, 4], 3, A, B), term_variables(A-B, Vs), msort(Vs, Ss), Vs == Ss",
    "part([1, 5, 4], 3, A, B), term_variables(A-B, Vs), msort(Vs, Ss), Vs == Ss",
]


def test_fixed_goals_answer_as_the_switch_without_loops() -> None:
    looping = _answers(PARTITION, FIXED_GOALS, 10**4, switch=True, loops=True)
    assert looping == _answers(PARTITION, FIXED_GOALS, 10**4, switch=True, loops=False)


def test_the_guarded_loop_is_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """``partition/4``'s switch has the loop (its absence would make the tests above vacuous)."""
    from symlearn.engine import lcmc_guarded, switches

    seen = []
    original = lcmc_guarded.write_guarded_loop

    def spy(*arguments: Any) -> None:
        seen.append(arguments)
        original(*arguments)

    monkeypatch.setattr(switches, "write_guarded_loop", spy)
    goal = "numlist(1, 50, L), part(L, 20, A, B), length(A, N)"
    answers = _answers(PARTITION, [goal], 10**4, switch=True, loops=True)
    assert seen
    assert "('N', '20')" in answers[goal][0]
