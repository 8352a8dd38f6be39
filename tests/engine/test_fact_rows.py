"""Rows of ground facts picked by a bound first argument answer as trying every candidate row.

``procedures.Predicate.call_facts``: a call whose bound first argument leaves
at most a few rows tries just those; one row is matched at once (no
choicepoint, no ``try_facts`` loop) and none fails at once.  Random tables of
ground facts, asked calls with the first argument bound and the others free,
shared or bound (all answers, under older choicepoints, inside negation and
a disjunction), answer as the same calls with every row tried in turn.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.engine.test_runtime import answers_with

VALUES = ["a", "b", "1", "f(a)", "f(b)", "[]"]

GOALS = [
    "p(a, Y, Z)",
    "p(f(b), Y, Y)",
    "member(X, [a, b, 1, f(a), c, []]), p(X, Y, Y)",
    "q(X), p(X, b, Z)",
    "q(X), \\+ p(X, a, _)",
    "member(X, [f(a), f(b), f(c)]), p(X, Y, Z), Y \\== Z",
    "p(b, Y, Y) ; Y = none",
    "p(1, a, Z), Z == b",
]

tables = st.lists(st.tuples(*[st.sampled_from(VALUES)] * 3), min_size=2, max_size=8)


def _program(rows: list[tuple[str, str, str]]) -> str:
    facts = "".join(f"p({x}, {y}, {z}).\n" for x, y, z in rows)
    return facts + "q(a).\nq(b).\nq(1).\nq(f(a)).\n"


def _all_answers(program: str, few_rows: int) -> dict[str, list[str]]:
    return answers_with("_FEW_ROWS", few_rows, program, GOALS)


@settings(max_examples=40, deadline=None)
@given(tables)
@example([("a", "b", "b"), ("a", "a", "b"), ("b", "1", "1")])  # one row, then none, by key
@example([("f(a)", "a", "b"), ("1", "a", "a"), ("1", "a", "b")])  # a row binds, then clashes
def test_rows_picked_by_the_first_argument_answer_as_every_row_tried(
    rows: list[tuple[str, str, str]],
) -> None:
    program = _program(rows)
    assert _all_answers(program, 4) == _all_answers(program, -1), program
