"""``(C -> T ; E)`` in a guard, C tests and T inline goals, answers as the construct does.

``inline_tests._test_then`` writes C and T inline and calls the rest of the
body (the construct first) when C fails; random clauses are run with it and
without it (every such goal called), in clause functions and in switches
(the goals are asked a few times), on the same calls, errors included.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine, inline_tests, procedures
from symlearn.errors import SymlearnError
from symlearn.kb import loads
from tests.engine.spies import watch

CONDITIONS = ["atom(X)", "integer(X)", "X == Y", "X > 1", "var(Y)", "atom(X), X \\== b"]
THENS = ["X = Y", "Y = a", "Y = X, X \\== c", "Y = f(X)", "integer(X)"]
ELSES = ["q(X, Y)", "fail", "Y = b", "true"]
AFTER = ["p(T, Y)", "Z = done", "p(T, Z)", "!, p(T, Y)"]

clauses = st.lists(
    st.tuples(
        st.sampled_from(CONDITIONS),
        st.sampled_from(THENS),
        st.sampled_from(ELSES),
        st.sampled_from(AFTER),
        st.booleans(),
    ),
    min_size=1,
    max_size=3,
)
CALLS = [
    "p([a, b, 1], Y)",
    "p([a, a], a)",
    "p([1, 2, 3], Y)",
    "p([X1, c], Y)",
    "p([f(1), a], Y)",
    "p([b, 2], b)",
    "p([], Y)",
]


def _program(chosen: list[tuple[str, str, str, str, bool]]) -> str:
    text = "q(X, Y) :- Y = q(X).\nq(c, c).\np([], end).\n"
    for condition, then, otherwise, after, cut in chosen:
        guard = "!, " if cut else ""
        text += f"p([X|T], Y) :- {guard}({condition} -> {then} ; {otherwise}), {after}.\n"
    return text


def _answers(program: str) -> list[str]:
    engine = Engine(loads(program), max_steps=20_000)
    found: list[str] = []
    for _ in range(3):  # the later runs use the switch
        found = []
        for call in CALLS:
            try:
                answers = engine.solve_text(f"findall(Y-Z, ({call}, Z = Z), L)")
                found.append(str([str(a["L"]) for a in answers]))
            except SymlearnError as error:
                found.append(type(error).__name__ + str(error).splitlines()[0])
    return found


@settings(max_examples=40, deadline=None)
@given(clauses)
def test_an_inline_if_then_else_answers_as_the_construct(
    chosen: list[tuple[str, str, str, str, bool]],
) -> None:
    program = _program(chosen)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(procedures, "_SWITCH_AFTER_CALLS", 1)
        inline = _answers(program)
        patch.setattr(inline_tests, "_test_then", lambda writer, goal, indent: False)
        assert inline == _answers(program)


def test_the_inline_if_then_else_is_written() -> None:
    """The fast path is taken for ``browse``'s ``match/2`` shape (no construct step on success)."""
    with pytest.MonkeyPatch.context() as patch:
        seen = watch(patch, inline_tests, "_test_then")
        _answers(_program([("atom(X)", "X = Y", "q(X, Y)", "p(T, Y)", False)]))
    assert any(seen)
