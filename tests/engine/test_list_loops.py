"""List-building loops (last call modulo cons, ``engine.lcmc``) answer as the general code.

A looping switch whose step builds output lists (``app([X|L1], L2, [X|L3])
:- app(L1, L2, L3)``) runs those steps as a loop of its own that binds each
output once when it ends.  Random goals on such predicates (bound and free
arguments, outputs aliased with each other and with the input, failing and
succeeding, backtracking into them, cuts after them, inference limits met
mid-loop, the standard order of the variables they leave) must answer as
the clause functions (no switch), as the switch without the loop, and as
SWI-Prolog.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import lcmc
from tests.conftest import requires_swipl
from tests.engine.differential import outcomes_switching_after, swipl_outcomes
from tests.engine.test_runtime import _answers_within

#: List-building predicates, each with its base clauses drawn from a few.
STEPS = {
    "app": "app([X|L1], L2, [X|L3]) :- app(L1, L2, L3).",
    "pairs": "pairs([X|L], [Y|R], [p(X, Y)|A]) :- pairs(L, R, A).",
    "tag": "tag([V|B], K, [V-K|R]) :- tag(B, K, R).",
    "shift": "shift([X|L], A, [A|R]) :- shift(L, X, R).",
    "dup": "dup([X|L], [X|R], [X|S]) :- dup(L, R, S).",
    "cnt": "cnt(s(N), K, [K|L]) :- cnt(N, K, L).",
    "zip": "zip([X|L], [X|R], [f(X)|S]) :- zip(L, R, S).",
}
BASES = {
    "app": ["app([], L, L).", "app([], L, [end|L]).", "app([], _, []) :- !.", ""],
    "pairs": ["pairs([], [], []).", "pairs([], [z], []).", "pairs([], T, T).", "pairs([], _, _)."],
    "tag": ["tag([], _, []).", "tag([], K, [K])."],
    "shift": ["shift([], A, [A]).", "shift([], _, [])."],
    "dup": ["dup([], [], []).", "dup([], T, T).", "dup([], _, _)."],
    "cnt": ["cnt(0, _, []).", "cnt(z, K, [K, K])."],
    "zip": ["zip([], [], []).", "zip([], T, T).", "zip([], _, _)."],
}
LISTS = ["[1, 2, 3]", "[a, X, b]", "[1, 2|T]", "T", "[]", "[X, Y]", "[q]", "[1|R]", "[a, b|R]"]
OTHERS = ["[x]", "Y", "[]", "R", "X", "T", "[1, 2]", "[a|Y]", "[p(1, 2)|A]", "z"]
NUMBERS = ["s(s(s(0)))", "s(0)", "N", "s(s(z))", "s(T)", "0"]
AFTERS = [
    "",
    ", fail",
    ", !",
    ", R = [_|_]",
    ", Y = []",
    ", X = 1, T = []",
    ", term_variables(t(X, Y, R, A, T), Vs), msort(Vs, Ss), findall(I, (member(S, Ss),"
    " nth0(I, Vs, V), V == S), Order)",
]


@st.composite
def list_programs(draw) -> tuple[str, list[str]]:
    """A program of the list-building predicates and random goals on them."""
    lines = []
    for name, step in STEPS.items():
        base = draw(st.sampled_from(BASES[name]))
        lines += [step, base] if draw(st.booleans()) else [base, step]
    goals = []
    for _ in range(draw(st.integers(3, 8))):
        name = draw(st.sampled_from(sorted(STEPS)))
        first = draw(st.sampled_from(NUMBERS if name == "cnt" else LISTS))
        second, third = draw(st.sampled_from(OTHERS)), draw(st.sampled_from(OTHERS))
        goal = f"{name}({first}, {second}, {third}){draw(st.sampled_from(AFTERS))}"
        goals.append(draw(st.sampled_from(["{}", "\\+ \\+ ({})", "findall(R, ({}), S)"])))
        goals[-1] = goals[-1].format(goal)
    goals.append("numlist(1, 300, L), pairs(L, Y, R), nth1(300, R, E), length(Y, N)")
    return "\n".join(line for line in lines if line) + "\n", goals


def _answers(program: str, goals: list[str], max_steps: int, switch: bool, loops: bool):
    """Each goal's answers (at most 20) with switches or without, with list loops or without."""
    from symlearn.engine import Engine, procedures
    from symlearn.kb import loads

    saved = procedures._SWITCH_MAX_CLAUSES, procedures._SWITCH_AFTER_CALLS, lcmc.ENABLED
    try:
        if switch:
            procedures._SWITCH_AFTER_CALLS = 0
        else:
            procedures._SWITCH_MAX_CLAUSES = 0
        lcmc.ENABLED = loops
        engine = Engine(loads(program), datalog=False, max_steps=max_steps)
        # The inferences counted so far: the loop counts each step as the loop-back does.
        return {goal: [*_answers_within(engine, goal), f"steps {engine.steps}"] for goal in goals}
    finally:
        procedures._SWITCH_MAX_CLAUSES, procedures._SWITCH_AFTER_CALLS, lcmc.ENABLED = saved


@settings(max_examples=25, deadline=None)
@given(list_programs(), st.sampled_from([150, 1500]))
def test_list_loops_answer_as_the_general_code(case: tuple[str, list[str]], max_steps: int):
    program, goals = case
    looping = _answers(program, goals, max_steps, switch=True, loops=True)
    switched = _answers(program, goals, max_steps, switch=True, loops=False)
    plain = _answers(program, goals, max_steps, switch=False, loops=False)
    assert looping == switched, program
    # The clause functions make variables in another order: compare the rest.
    ordered = [goal for goal in goals if "Order" in goal]
    assert {g: a[:-1] for g, a in looping.items() if g not in ordered} == {
        g: a[:-1] for g, a in plain.items() if g not in ordered
    }, program


def test_a_loop_longer_than_the_inferences_granted_between_checks(
    monkeypatch: pytest.MonkeyPatch,
):
    """The loop stops where the machine's grant ends (``m.loops``): the switch returns the goal."""
    from symlearn.engine import sld

    monkeypatch.setattr(sld, "_LOOP_GRANT", 37)
    program = STEPS["app"] + "\napp([], L, L).\n" + STEPS["pairs"] + "\npairs([], [], []).\n"
    goals = [
        "findall(E-N, (numlist(1, 3000, L), app(L, [x], R), last(R, E), length(R, N)), S)",
        "findall(E-N, (numlist(1, 3000, L), pairs(L, Y, R), last(R, E), length(Y, N)), S)",
    ]
    for max_steps in (10**5, 2_000):  # the second: the step limit met inside a loop
        looping = _answers(program, goals, max_steps, switch=True, loops=True)
        assert looping == _answers(program, goals, max_steps, switch=True, loops=False)
        assert ("x-3001" in looping[goals[0]][0]) == (max_steps > 2_000), looping


#: Goals whose answers tell apart the outputs' order of age and aliased outputs.
FIXED_PROGRAM = "pairs([], _, _).\nzip([], _, _).\n" + STEPS["pairs"] + "\n" + STEPS["zip"]
FIXED_GOALS = [
    "pairs([1, 2], Y, R), term_variables(Y-R, Vs), msort(Vs, Ss), Vs == Ss",
    "pairs([1, 2], Y, R), term_variables(R-Y, Vs), msort(Vs, Ss), Vs == Ss",
    "zip([1, 2], R, R)",
    "zip([1, 2], R, S), R = S",
    "zip([1, 2|T], R, S), T = [3]",
    "pairs([1, 2], R, R)",
]


def test_fixed_goals_answer_as_the_switch_without_loops():
    looping = _answers(FIXED_PROGRAM, FIXED_GOALS, 10**4, switch=True, loops=True)
    assert looping == _answers(FIXED_PROGRAM, FIXED_GOALS, 10**4, switch=True, loops=False)


def test_the_loop_runs_and_builds_plain_cells():
    """The outputs' cells are made at the loop's end: each tail is the next cell itself."""
    from symlearn.engine import Engine
    from symlearn.engine.runtime import Ref
    from symlearn.kb import loads

    engine = Engine(loads(STEPS["app"] + "\napp([], L, L).\n"))
    answer = next(engine.solve_text("numlist(1, 500, L), app(L, [x], R), app(R, [], S)"))
    assert str(answer["S"]).startswith("[1, 2, 3,") and str(answer["S"]).endswith("500, x]")
    assert engine._predicates[("app", 3)].switch is not None
    cells = 0
    term = answer["S"]
    while type(term) is not str:  # bound variables between the cells: none but one
        while type(term) is Ref:
            term = term.value
        if type(term) is not str:
            cells += type(term.args[1]) is not Ref
            term = term.args[1]
    assert cells >= 490


def test_plans_are_made_only_for_list_building_steps():
    from symlearn.engine.codegen import _Writer
    from symlearn.kb import loads

    program = loads(
        "\n".join(STEPS.values())
        + "\nguard([X|L], [X|R]) :- X > 0, guard(L, R)."
        + "\nagain([X|L], [X|R]) :- again(L, [X|R])."
        + "\nsame([X|L], K, K, [X|R]) :- same(L, K, K, R)."
        + "\nboth([X|L], [Z|R], [Z|S]) :- both(L, R, S)."
        + "\ntwice([X|L], [X|R], R) :- twice(L, R, R)."
    )
    planned = set()
    for predicate in program.predicates.values():
        itself = object()
        key = (predicate.name, predicate.arity)
        writer = _Writer(lambda *called, key=key, it=itself: it if called == key else None)
        writer.itself = itself
        if any(lcmc.list_loop_plan(writer, clause) for clause in predicate.clauses):
            planned.add(predicate.name)
    assert planned == {*STEPS, "both"}  # not: guard, again, same, twice


#: Goals compared with SWI-Prolog (switches compiled at once).
SWI_PROGRAM = "\n".join(f"{BASES[name][0]}\n{step}" for name, step in STEPS.items())
SWI_GOALS = [
    "app([1, 2, 3], [x], R)",
    "app([1, 2|T], [x], R)",
    "app([1, 2|R], [], [1, 2|R])",
    "app([1, 2|R], [x], S), S = [_, _, _|R]",
    "app(L, L, R)",
    "app([a, b], Y, [a, b|Y])",
    "app(X, Y, [1, 2])",
    "findall(X-Y, app(X, Y, [1, 2, 3]), S)",
    "app([1, 2, 3], Y, R), !, Y = [z]",
    "\\+ app([1, 2], [3], [1, 2, 4])",
    "app([1, 2, 3], Y, R), R = [_, _, _|T], T == Y",
    "pairs([a, b, c], R, A)",
    "pairs([a, b], R, [p(a, 1)|R])",
    "pairs([a, b], [1|R], A)",
    "findall(R-A, (pairs(L, R, A), (L = [_, _] -> ! ; true)), S)",
    "tag([a, b, c], k, R)",
    "tag([a, K, c], K, R), K = 1",
    "shift([a, b, c], z, R)",
    "shift(L, z, [z, 1, 2, 3])",
    "dup([1, 2], R, S)",
    "dup([1, 2], R, R)",
    "dup(L, [1, 2], S)",
    "cnt(s(s(0)), k, L)",
    "cnt(s(s(N)), k, L), N = 0",
    "catch(app(_, _, [a|_]), E, true)",
    "numlist(1, 20000, L), app(L, L, R), length(R, N)",
    "length(L, 3), app(L, [x], R), L = [a, b, c]",
]


@requires_swipl
def test_list_loops_answer_as_swi_prolog():
    ours = outcomes_switching_after(SWI_GOALS, SWI_PROGRAM, 0)
    theirs = swipl_outcomes(SWI_GOALS, SWI_PROGRAM)
    assert len(theirs) == len(SWI_GOALS)
    assert [(g, o) for g, o, t in zip(SWI_GOALS, ours, theirs) if o != t] == []


@pytest.mark.parametrize("enabled", [True, False])
def test_a_free_first_argument_leaves_the_loop(enabled: bool, monkeypatch: pytest.MonkeyPatch):
    """``app(L, [x], R)`` with L a list ending in a variable: the loop stops there, R bound."""
    from symlearn.engine import Engine
    from symlearn.kb import loads

    monkeypatch.setattr(lcmc, "ENABLED", enabled)
    engine = Engine(loads("app([], L, L).\n" + STEPS["app"]), max_steps=10**5)
    goal = "numlist(1, 300, P), append(P, T, L), once((app(L, [x], R), length(T, 2))), last(R, E)"
    answers = [str(s["E"]) for s in engine.solve_text(goal)]
    assert answers == ["x"]
