"""Choicepoints made cheaply, against SWI-Prolog.

A clause choicepoint is a list and an else-branch or barrier choicepoint a
tuple (``machine.ClauseChoice``, ``machine.AltChoice``), each with the trail
mark and stamp a :class:`~symlearn.engine.machine.Choice` has.  Bindings made
while a clause is tried must be trailed as if its choicepoint existed, and a
binding of a variable older than a choicepoint must be trailed, or
backtracking finds it bound: random predicates of guarded, cut and binding
clauses, called under an older choicepoint, give SWI-Prolog's answers with
and without compiled switches.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.conftest import requires_swipl
from tests.engine.differential import outcomes_switching_after, swipl_outcomes

HEADS = ["N, V", "N, a", "0, V", "7, V", "N, f(V)", "N, N"]
BODIES = [
    "true",
    "!",
    "N > 5, !, V = big",
    "!, V = one",
    "V = small(N)",
    "N < 3, V = low",
    "fail",
    "V = two, !",
    "N =:= 0, !, V = zero(W), W = N",
    "(N > 1 -> V = more ; V = less)",
    "\\+ N = 1, V = not_one",
    "!, s(N, V)",
    "s(N, W), !, V = W",  # a cut after a call: it cuts the clause choicepoint that resumed it
]

programs = st.lists(
    st.tuples(st.integers(0, len(HEADS) - 1), st.integers(0, len(BODIES) - 1)),
    min_size=1,
    max_size=5,
)

GOALS = [
    "findall(N-V, (member(N, [0, 1, 2, 7, 9]), t(N, V)), L)",
    "findall(V, (member(N, [0, 1, 7, 9, 1]), t(N, V)), L)",
    "findall(V-W, (member(N, [1, 7, 0]), t(N, V), t(N, W)), L)",
    "findall(V, (member(N, [7, 1]), t(N, V), V = f(_)), L)",
    "findall(N-V, (t(N, V) ; N = 9, t(N, V)), L)",
    "(t(1, V), V == a -> R = yes ; R = no)",
    "findall(N-W, (member(N, [0, 1, 7]), w(N, W)), L)",  # t's second argument newer
]


def _program(clauses: list[tuple[int, int]]) -> str:
    lines = [f"t({HEADS[head]}) :- {BODIES[body]}." for head, body in clauses]
    return "\n".join(lines) + "\ns(N, got(N)) :- N \\== x.\nw(N, W) :- t(N, X), W = X.\n"


@requires_swipl
@settings(max_examples=14, deadline=None)
@given(programs)
@example([(4, 2), (0, 4)])  # a guarded cut, then a last clause binding under member/2
@example([(2, 6), (0, 3), (0, 4)])
@example([(0, 11), (0, 4)])  # a neck cut, then a call binding a variable older than member/2's
@example([(0, 6), (0, 12), (0, 4)])  # resumed by backtracking, a clause cuts the third away
def test_cheap_choicepoints_answer_as_swipl(clauses: list[tuple[int, int]]) -> None:
    program = _program(clauses)
    theirs = swipl_outcomes(GOALS, program)
    # switches compiled at once, then try_clauses only
    assert outcomes_switching_after(GOALS, program, 0) == theirs, program
    assert outcomes_switching_after(GOALS, program, 10**9) == theirs, program
