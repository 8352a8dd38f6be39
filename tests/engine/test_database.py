"""assert/retract against a model of the clause list (the first-argument index of retract/1).

Random sequences of ``assertz``, ``asserta``, ``retract`` (with the first
argument bound or not, the second bound or not) and ``retractall`` on a
dynamic predicate leave exactly the clauses a list model leaves, in order,
and each ``retract`` removes the first clause that unifies; ``retract`` on
backtracking removes every clause that unifies (issue 27, defect 1).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.kb import loads
from symlearn.logic.terms import list_items

KEYS = st.sampled_from(["a", "b", "1", "f(x)"])
VALUES = st.sampled_from(["1", "2", "3"])
OPERATIONS = st.one_of(
    st.tuples(st.just("assertz"), KEYS, VALUES),
    st.tuples(st.just("asserta"), KEYS, VALUES),
    st.tuples(st.just("retract"), st.one_of(KEYS, st.just("_")), st.one_of(VALUES, st.just("_"))),
    st.tuples(st.just("retractall"), st.one_of(KEYS, st.just("_")), st.just("_")),
)


def _matches(pattern: tuple[str, str], clause: tuple[str, str]) -> bool:
    return all(p == "_" or p == c for p, c in zip(pattern, clause))


@settings(max_examples=100, deadline=None)
@given(st.lists(OPERATIONS, max_size=25))
def test_assert_and_retract_keep_the_clauses_a_list_keeps(operations) -> None:
    engine = Engine(loads(":- dynamic q/2.\nq(a, 1). q(b, 2). q(a, 3).\n"))
    model = [("a", "1"), ("b", "2"), ("a", "3")]
    for kind, key, value in operations:
        engine.ask_text(f"{kind}(q({key}, {value}))")
        if kind == "assertz":
            model.append((key, value))
        elif kind == "asserta":
            model.insert(0, (key, value))
        elif kind == "retract":
            found = next((c for c in model if _matches((key, value), c)), None)
            if found is not None:
                model.remove(found)
        else:
            model = [c for c in model if not _matches((key, value), c)]
        (solution,) = engine.solve_text("findall(K-V, q(K, V), L)")
        items, _ = list_items(solution["L"])
        assert [(str(p.args[0]), str(p.args[1])) for p in items] == model


def test_retract_on_backtracking_removes_every_clause_that_unifies() -> None:
    engine = Engine(loads(":- dynamic p/1.\np(1). p(2). p(3). p(2).\n"))
    (solution,) = engine.solve_text("findall(X, retract(p(X)), L), findall(Y, p(Y), R)")
    assert str(solution["L"]) == "[1, 2, 3, 2]" and str(solution["R"]) == "[]"
    engine = Engine(loads(":- dynamic p/1.\np(1). p(2). p(3). p(2).\n"))
    (solution,) = engine.solve_text("findall(x, retract(p(2)), L), findall(Y, p(Y), R)")
    assert str(solution["L"]) == "[x, x]" and str(solution["R"]) == "[1, 3]"
