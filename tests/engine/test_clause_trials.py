"""Switches that leave untried clauses to ``try_clauses`` answer as the clause functions do.

``engine.clause_trials``: a switch written after a predicate warmed up
writes inline only the buckets its warming-up calls met and, in a bucket,
the clauses up to the first that no warming-up call tried; the rest is
``try_clauses`` from that clause.  Random programs warmed up on a few calls,
then asked every call (bound, free, shared arguments; all answers), must
answer as the plain clause functions do.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.engine.test_runtime import _answers, answers_with, switched_programs
from tests.engine.test_runtime import calls as runtime_calls

calls = [*runtime_calls, "p(a, 1)", "p(a, a)", "p(f(b), a)", "p(f(X), X)"]


def _answers_after_warming(program: str, warming: list[str], patch) -> tuple[dict, list[int]]:
    """Each call's answers once ``p/2`` switched after ``warming``; try_clauses' starts."""
    from symlearn.engine import Engine
    from symlearn.kb import loads

    positions = _counting_try_clauses(patch)
    engine = Engine(loads(program), datalog=False)
    while engine._predicates.get(("p", 2)) is None or engine._predicates[("p", 2)].switch is None:
        for goal in warming:
            _answers(engine, f"once({goal})")
        if len(positions) > 10_000:  # (a predicate of facts only never switches)
            break
    positions.clear()
    return {goal: _answers(engine, goal) for goal in calls}, positions


def _counting_try_clauses(patch) -> list[int]:
    """The clause each ``try_clauses`` call starts from, from now on; switches after 6 calls."""
    from symlearn.engine import procedures

    positions: list[int] = []
    general = procedures.try_clauses

    def try_clauses(m, candidates, position, *rest):
        positions.append(position)
        return general(m, candidates, position, *rest)

    patch.setattr(procedures, "try_clauses", try_clauses)
    patch.setattr(procedures, "_SWITCH_AFTER_CALLS", 6)
    return positions


def _plain_answers(program: str) -> dict:
    return answers_with("_SWITCH_MAX_CLAUSES", 0, program, calls)


@settings(max_examples=60, deadline=None)
@given(switched_programs(), st.lists(st.sampled_from(calls), min_size=1, max_size=3))
@example(
    "q(a).\nq(b).\nq(1).\nr(b).\np(a, b) :- q(b).\np(a, 1).\np(a, Y) :- q(Y), !.\n"
    "p(f(X), a).\np(zz, zz) :- q(zz).\n",
    ["p(a, B)"],
)
def test_untried_clauses_left_to_try_clauses_answer_as_clause_functions(
    program: str, warming: list[str]
) -> None:
    import pytest

    with pytest.MonkeyPatch.context() as patch:
        found, _ = _answers_after_warming(program, warming, patch)
    assert found == _plain_answers(program)


def test_a_bucket_goes_on_from_its_first_untried_clause() -> None:
    """Warmed up on calls its first clause answers, a bucket's later clauses are not inline."""
    import pytest

    program = (
        "q(a).\nq(b).\nq(1).\nr(b).\np(a, b) :- q(b).\np(a, 1).\np(a, Y) :- q(Y), !.\n"
        "p(f(X), a).\np(zz, zz) :- q(zz).\n"
    )
    with pytest.MonkeyPatch.context() as patch:
        found, positions = _answers_after_warming(program, ["p(a, B)"], patch)
    assert 1 in positions  # p(a, 1) asked: the bucket of `a` went on at its second clause
    assert found == _plain_answers(program)


def test_first_arguments_no_warming_call_had_are_left_to_the_general_code() -> None:
    """Warmed up on ``p(a, B)`` only, the switch writes no code for a free, a
    compound or another constant first argument: ``unbound`` and
    ``try_clauses`` answer those calls (as the clause functions do)."""
    import pytest

    from symlearn.engine import procedures

    program = (
        "q(a).\nq(b).\nq(1).\nr(b).\np(a, b) :- q(b).\np(X, 1) :- q(X).\np(f(X), X).\n"
        "p(Y, f(Y)) :- r(Y).\np(zz, zz) :- q(zz).\n"
    )
    unbound = []
    general = procedures.Predicate.call_unbound

    def call_unbound(self, *rest):
        unbound.append(self.key)
        return general(self, *rest)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(procedures.Predicate, "call_unbound", call_unbound)
        found, positions = _answers_after_warming(program, ["p(a, B)"], patch)
    assert ("p", 2) in unbound  # p(A, B) asked: left to the general code
    assert 0 in positions  # p(b, B), p(g(a), a): left to try_clauses from the first clause
    assert found == _plain_answers(program)


def test_a_compound_first_argument_warming_calls_had_runs_inline() -> None:
    """``p([], ...)`` and a clause with a variable first: no functor bucket, so a
    compound first argument takes the last bucket, written inline when warming
    calls had one (queens_8's queens/3)."""
    import pytest

    from symlearn.engine import Engine
    from symlearn.kb import loads

    program = "q(a).\nq(b).\np([], a).\np(X, Y) :- q(Y), X = [_|_].\n"
    with pytest.MonkeyPatch.context() as patch:
        positions = _counting_try_clauses(patch)
        engine = Engine(loads(program), datalog=False)
        for _ in range(8):
            assert _answers(engine, "p([x], B)") == _answers(engine, "p([y], B)")
        assert engine._predicates[("p", 2)].switch is not None
        positions.clear()
        found = _answers(engine, "p([z], B)")
    assert not positions
    assert found == _plain_answers(program)["p([a], B)"]
