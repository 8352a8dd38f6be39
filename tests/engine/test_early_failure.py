"""A clause's opening comparison tested on integers before its head builds, against SWI-Prolog.

``engine.early_failure``: a clause such as ``p([X|L], Y, [X|R]) :- X =< Y, ...``
fails before building ``[X|R]`` when ``X`` and ``Y`` are integers that do
not compare so.  Random clauses of this shape, called with integers, floats,
atoms, free variables and arguments the rest of the head does not match (so
that the order of the head's failure and the comparison's error shows), give
SWI-Prolog's answers and errors, with and without compiled switches.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.conftest import requires_swipl
from tests.engine.differential import outcomes_switching_after, swipl_outcomes

HEADS = ["p([X|L], Y, [X|R])", "p(f(X), Y, f(X, Y))", "p(f(X), Y, g(Y, X))", "p([X|L], X, [Y])"]
COMPARISONS = ["X =< Y", "X > Y + 1", "X =:= Y", "X * 2 < Y", "Y =\\= X - 1", "X >= 3"]
RESTS = ["true", "!", "!, R = done", "R = [L]"]

clauses = st.lists(
    st.tuples(
        st.integers(0, len(HEADS) - 1),
        st.integers(0, len(COMPARISONS) - 1),
        st.integers(0, len(RESTS) - 1),
    ),
    min_size=1,
    max_size=3,
)

VALUES = ["1", "5", "1.5", "a", "_"]
GOALS = [
    f"findall(A-B-C, (member(A, [{v}]), B = 2, p(A, B, C)), S)"
    for v in ("[1, 2], [3], 1, 2, f(1), f(4)", "[a], f(_), 5, [1.5]")
]
GOALS += [
    f"catch(findall(C, p({wrapped.format(a)}, {b}, C), S), error(E, _), S = E)"
    for wrapped in ("[{}]", "f({})")
    for a in VALUES
    for b in VALUES
]
GOALS += [
    "findall(C, p([1], 2, [2|C]), S)",
    "findall(A, p([A], 2, [3|_]), S)",
    "findall(C, p([_], 2, [x]), S)",
    "catch(findall(C, p(f(_), 2, C), S), error(E, _), S = E)",
]


def _program(chosen: list[tuple[int, int, int]]) -> str:
    lines = [f"{HEADS[h]} :- {COMPARISONS[c]}, {RESTS[r]}." for h, c, r in chosen]
    return "\n".join(lines) + "\np(_, _, none).\n"


@requires_swipl
@settings(max_examples=7, deadline=None)
@given(clauses)
@example([(0, 0, 1)])  # partition/4's first clause
@example([(3, 0, 0), (1, 5, 2)])
def test_a_comparison_tested_early_answers_as_swipl(chosen: list[tuple[int, int, int]]) -> None:
    program = _program(chosen)
    theirs = swipl_outcomes(GOALS, program)
    assert outcomes_switching_after(GOALS, program, 0) == theirs, program
    assert outcomes_switching_after(GOALS, program, 10**9) == theirs, program
