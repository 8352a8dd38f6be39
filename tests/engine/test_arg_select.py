"""Clauses selected by an argument other than the first answer as trying every clause.

A switch's bucket of several clauses may select them by another argument
(``arg_select``: skipped clauses, choicepoints holding only the later
clauses the argument's value admits, ``try_clauses`` over those).  Random
predicates of three arguments (facts and rules, heads naming constants,
``1`` and ``1.0``, compounds and variables) are called in random modes;
the answers and their order must be those of the clause functions alone (no
switch), whatever argument the buckets select by, and SWI-Prolog's.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import requires_swipl
from tests.engine.test_runtime import _answers, _plain_and_switched

VALUES = ["a", "b", "1", "1.0", "2", "[]", "f(a)", "f(X)", "f(X, Y)", "g(Y)", "[X|Y]"]
HEAD_ARGS = ["X", "Y", "_", *VALUES]
BODIES = ["", "!", "q(X)", "q(Y), !", "X = Y", "q(X), q(Y)", "fail"]
CALL_ARGS = ["A", "B", "a", "b", "1", "1.0", "2", "[]", "f(a)", "f(A)", "g(b)", "[a]", "h(a)"]


def _clause(draw_arg, draw_body) -> str:
    head = f"p({draw_arg()}, {draw_arg()}, {draw_arg()})"
    body = draw_body()
    return f"{head} :- {body}." if body else f"{head}."


@st.composite
def programs(draw) -> str:
    lines = ["q(a).", "q(b).", "q(1).", "q(f(a))."]
    args, bodies = st.sampled_from(HEAD_ARGS), st.sampled_from(BODIES)
    for _ in range(draw(st.integers(2, 8))):
        lines.append(_clause(lambda: draw(args), lambda: draw(bodies)))
    return "\n".join(lines) + "\n"


calls = st.lists(st.tuples(*[st.sampled_from(CALL_ARGS)] * 3), min_size=6, max_size=6)


def _forced(position: int):
    """``arg_select.choose`` selecting every bucket by ``position``, warm-up or not."""
    from symlearn.engine.arg_select import Selection

    def choose(entries, calls):
        return Selection(entries, position) if len(entries) > 1 else None

    return choose


def _selected(kb, goals: list[str], position: int):
    """The answers without switches and with switches selecting by ``position``."""
    from symlearn.engine import switches

    choose = switches.choose
    try:
        switches.choose = _forced(position)
        _, switched, expected, found = _plain_and_switched(kb, goals, _answers)
    finally:
        switches.choose = choose
    return switched, expected, found


@settings(max_examples=70, deadline=None)
@given(programs(), calls, st.sampled_from([1, 2]))
def test_selection_by_another_argument_answers_as_every_clause(program, modes, position) -> None:
    from symlearn.kb import loads

    goals = [f"p({a}, {b}, {c})" for a, b, c in modes] + ["p(A, B, C)", "p(A, A, A)"]
    _, expected, found = _selected(loads(program), goals, position)
    assert found == expected


#: Paths into an argument (``f(a)``'s ``a``, a list's tail), alone and together.
PATHS = [
    (1, ("f", 1, 0)),
    (0, ("[|]", 2, 1)),
    (2, ("f", 2, 1)),
    [(0, ("f", 1, 0)), 2],
    [(1, ("[|]", 2, 0)), (2, ("f", 1, 0)), 1],
]


@settings(max_examples=70, deadline=None)
@given(programs(), calls, st.sampled_from(PATHS))
def test_selection_by_paths_answers_as_every_clause(program, modes, paths) -> None:
    """A call whose term along a path is free, another compound or a value no clause names."""
    from symlearn.kb import loads

    goals = [f"p({a}, {b}, {c})" for a, b, c in modes] + ["p(A, B, C)", "p(A, A, A)"]
    _, expected, found = _selected(loads(program), goals, paths)
    assert found == expected


def test_a_large_bucket_selects_by_how_its_lists_end() -> None:
    """reducer's ``t_redex/2``: its list argument's tail after one, two and three elements."""
    from symlearn.engine import Engine
    from symlearn.kb import loads

    tails = ["s", "b", "c", "k", "i", "sp", "bp", "cp", "cond", "apply", "hd", "tl"]
    lines = [f"r([X, Y, Z|{tail}], {tail}-X)." for tail in tails[:3]]
    lines += [f"r([X, Y, Z, W|{tail}], {tail}-W)." for tail in tails[5:8]]
    lines += [f"r([X|{tail}], {tail}-X)." for tail in tails[9:]]
    lines += [
        "r([X, Y|k], k-Y).",
        "r([X|i], i-X).",
        "r([X, Y|Op], op(Op)-X) :- atom(Op).",
        "r(L, other).",
    ]
    forms = [
        "[1, 2, 3|s]",
        "[1, 2, 3, 4|cp]",
        "[1, 2|k]",
        "[1|tl]",
        "[1, 2|plus]",
        "[1|Z]",
        "[1, 2, 3|c]",
    ]
    program = (
        "\n".join(lines)
        + f"""
    run :- between(1, 40, _), member(F, {"[" + ", ".join(forms) + "]"}), r(F, _), fail.
    run.
    """
    )
    engine = Engine(loads(program), datalog=False)
    assert engine.ask_text("run")
    predicate = engine._predicates[("r", 2)]
    assert predicate.switch is not None and "sc" in predicate.switch.co_varnames
    goals = [*forms, "[1, 2, 3, 4|bp]", "[A|B]", "x", "[1, 2, 3|B]", "[1, 2, 3, 4, 5|sp]"]
    found = [[str(s["R"]) for s in engine.solve_text(f"r({g}, R)")] for g in goals]
    assert found == _every_clause(program, goals)


def _every_clause(program: str, goals: list[str]) -> list[list[str]]:
    """``r(G, R)``'s answers for each of ``goals`` when no predicate gets a switch."""
    from symlearn.engine import Engine, procedures
    from symlearn.kb import loads

    limit = procedures._SWITCH_MAX_CLAUSES
    try:
        procedures._SWITCH_MAX_CLAUSES = 0
        engine = Engine(loads(program), datalog=False)
        assert engine.ask_text("run")
        return [[str(s["R"]) for s in engine.solve_text(f"r({g}, R)")] for g in goals]
    finally:
        procedures._SWITCH_MAX_CLAUSES = limit


def test_a_bucket_warmed_up_on_a_bound_second_argument_selects_by_it() -> None:
    """chat_parser's ``anot/3``: the value of the second argument picks the one clause."""
    from symlearn.engine import Engine
    from symlearn.kb import loads

    program = """
    anot(X, 0, X).
    anot(_, 1, 0).
    run :- between(1, 300, I), V is I mod 2, anot(1, V, _), fail.
    run.
    """
    engine = Engine(loads(program), datalog=False)
    assert engine.ask_text("run")
    predicate = engine._predicates[("anot", 3)]
    assert predicate.switch is not None and "sk" in predicate.switch.co_varnames
    found = [str(s["R"]) for s in engine.solve_text("member(V, [1, 0, 2, W]), anot(a, V, R)")]
    assert found == ["0", "a", "a", "0"]


def _selected_outcomes(program: str, goals: list[str], position: int) -> list[str]:
    """``differential.outcome`` of each goal, switches selecting by ``position`` at once."""
    from symlearn.engine import switches
    from tests.engine.differential import outcomes_switching_after

    choose = switches.choose
    try:
        switches.choose = _forced(position)
        return outcomes_switching_after(goals, program, 0)
    finally:
        switches.choose = choose


@requires_swipl
def test_selection_agrees_with_swipl_on_random_predicates() -> None:
    """Thirty random predicates called in random modes, in one SWI-Prolog run."""
    from tests.engine.differential import swipl_outcomes

    rng = random.Random(27)
    lines = ["q(a).", "q(b).", "q(1).", "q(f(a))."]
    goals = []
    for i in range(30):
        for _ in range(rng.randint(2, 6)):
            clause = _clause(lambda: rng.choice(HEAD_ARGS), lambda: rng.choice(BODIES))
            lines.append(clause.replace("p(", f"p{i}(", 1))
        for _ in range(3):
            args = ", ".join(rng.choice(CALL_ARGS) for _ in range(3))
            goals.append(f"findall(A-B-C, p{i}({args}), L)")
    program = "\n".join(lines) + "\n"
    ours = _selected_outcomes(program, goals, rng.choice([1, 2]))
    assert ours == swipl_outcomes(goals, program)
