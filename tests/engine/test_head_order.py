"""A clause's head arguments matched out of order give run-time unification's answers.

``engine.head_order``: the generated clause code matches a variable's first
plain occurrence first, then constants and compound terms, then the
arguments repeating an earlier variable.  Random heads mixing the three,
called with free, shared, bound and clashing arguments (through bound
variables too), and undone on backtracking, must answer as unifying the
whole head at run time does (``call(Head = Goal)``), in clause functions and
in compiled switches.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.engine.test_runtime import _answers, _plain_and_switched

ARGUMENTS = [
    "X",
    "Y",
    "Z",
    "_",
    "a",
    "1",
    "[]",
    "f(X)",
    "g(X, Y)",
    "[X|Y]",
    "x(_, t, X, Y)",
    "f(Z)",
]
heads = st.lists(st.sampled_from(ARGUMENTS), min_size=4, max_size=4)
CALL_ARGUMENTS = [
    "_",
    "A",
    "B",
    "a",
    "1",
    "[]",
    "f(A)",
    "f(1)",
    "g(A, b)",
    "[1|A]",
    "x(B, t, A, c)",
]
calls = st.lists(st.sampled_from(CALL_ARGUMENTS), min_size=4, max_size=4)
BEFORE = ["true", "A = B", "A = 1", "B = f(A)", "A = [], B = []"]


def _program(chosen: list[list[str]]) -> str:
    lines = []
    for head in chosen:
        arguments = ", ".join(head)
        lines.append(f"p({arguments}) :- q.")
        lines.append(f"p_ref(A1, A2, A3, A4) :- call(h(A1, A2, A3, A4) = h({arguments})).")
    return "\n".join(lines) + "\nq.\n"


def _goal(name: str, before: str, arguments: list[str]) -> str:
    # (each free argument named, so that the answer shows what became of it)
    arguments = [f"V{i}" if a == "_" else a for i, a in enumerate(arguments)]
    call = f"{name}({', '.join(arguments)})"
    # numbervars shows which answers share variables; the failing branch undoes the bindings.
    return (
        f"{before}, findall(T, (({call}, T = t(A, B, {', '.join(arguments)}), "
        f"numbervars(T, 0, _)) ; T = after(A, B)), L)"
    )


def _answers_switched_after_warming(kb, goals: list[str]) -> dict[str, list[list[str]]]:
    """Each goal's answers, four times, on an engine whose switches compile after a few calls.

    (The switch then has a sample of the calls' arguments: those mostly free go last.)
    """
    from symlearn.engine import Engine, procedures

    before = procedures._SWITCH_AFTER_CALLS
    procedures._SWITCH_AFTER_CALLS = 2
    try:
        engine = Engine(kb, datalog=False)
        return {goal: [_answers(engine, goal) for _ in range(4)] for goal in goals}
    finally:
        procedures._SWITCH_AFTER_CALLS = before


@settings(max_examples=40, deadline=None)
@given(
    st.lists(heads, min_size=1, max_size=3),
    st.lists(st.tuples(st.sampled_from(BEFORE), calls), min_size=1, max_size=4),
)
@example([["X", "Y", "Y", "x(_, t, X, Z)"]], [("true", ["a", "[1|A]", "_", "[]"])])
@example(
    [["X", "Y", "Y", "x(_, t, X, Z)"], ["X", "[]", "X", "f(Y)"]],
    [("true", ["a", "_", "_", "x(B, t, A, c)"]), ("A = 1", ["A", "_", "B", "f(A)"])],
)
@example([["f(X)", "X", "Y", "Y"], ["X", "X", "g(X, Y)", "Y"]], [("true", ["A", "B", "_", "_"])])
def test_heads_matched_out_of_order_answer_as_run_time_unification(chosen, goals) -> None:
    from symlearn.kb import loads

    kb = loads(_program(chosen))
    pairs = [(_goal("p", b, c), _goal("p_ref", b, c)) for b, c in goals]
    pairs.append(
        (_goal("p", "true", ["a", "_", "_", "_"]), _goal("p_ref", "true", ["a"] + ["_"] * 3))
    )
    everything = [g for pair in pairs for g in pair]
    _, _, expected, found = _plain_and_switched(kb, everything, _answers)
    # (a knowledge base of its own: the switches compiled above are kept for its clauses)
    warmed = _answers_switched_after_warming(loads(_program(chosen)), everything)
    for goal, reference in pairs:
        assert found[goal] == expected[goal] == expected[reference], goal
        assert warmed[goal] == [expected[reference]] * 4, goal


def test_arguments_the_calls_leave_free_are_matched_last() -> None:
    from symlearn.engine.arg_select import Sample
    from symlearn.engine.head_order import matching_order
    from symlearn.kb import parse_term

    def positions(text: str, calls: Sample | None) -> list[int]:
        return [i for i, _, _ in matching_order(parse_term(text).args, calls)]

    free = None  # (a sample holds the calls' dereferenced arguments: None for a free one)
    # terminal(Word, S0, S, X0, X): S and X free, X0 bound (twice of three calls)
    values = ["a", "s0", free, "x", free] * 2 + ["a", "s0", free, free, free]
    calls = Sample(values, 5, 64)
    assert positions("terminal(T, S, S, x(_, terminal, T, X), X)", calls) == [0, 1, 3, 2, 4]
    assert positions("terminal(T, S, S, x(_, terminal, T, X), X)", None) == [0, 1, 2, 3, 4]
    # derive2(S, G, SL, GL, Pin, D, R): D free, its [] after the repeated S and SL already
    values = ["mi", "miu", 2, 3, 1, free, 0] * 3
    calls = Sample(values, 7, 64)
    assert positions("derive2(S, S, SL, SL, _, [], _)", calls) == list(range(7))
    calls = Sample(["mi", free, "miu"] * 2, 3, 64)  # an output before an input
    assert positions("p(S, f(S), g(T))", calls) == [0, 2, 1]
    rests = [rest for _, _, rest in matching_order(parse_term("p(X, f(Y), X)").args, None)]
    assert [len(rest) for rest in rests] == [2, 1, 0]
