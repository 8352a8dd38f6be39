"""First-argument indexing by a clause's opening type test answers as trying every clause.

(And a predicate of one fact, matched at once, answers as unification.)

A clause ``p(X, ...) :- var(X), ...`` (or ``atomic(X)``, ``compound(X)`` ...)
is left out of the first-argument buckets its test rejects
(``procedures._admitted``); the answers, their order and the cuts must be
those of an engine that keeps every clause in every bucket, with and
without the predicate's switch.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_runtime import _answers, _plain_and_switched

TESTS = ["var", "nonvar", "atomic", "atom", "number", "integer", "float", "compound"]
TESTS += ["callable", "is_list", "string"]
first_args = st.sampled_from(["X", "X", "X", "a", "1", "[]", "f(Y)", "[Y|_]", "g(a, b)"])
seconds = st.sampled_from(["Y", "X", "a", "f(X)", "[X|Y]"])
rests = st.sampled_from(["", ", !", ", q(Y)", ", !, q(X)", ", X = Y"])
calls = ["p(A, B)", "p(A, A)", "p(a, B)", "p(b, B)", "p(1, B)", "p(1.0, B)", "p(2, B)"]
calls += ['p("s", B)', "p([], B)", "p([a], B)", "p(f(a), B)", "p(f(A), A)", "p(h(1), B)"]
calls += ["p(g(a, b), B)", "p(B, f(B))", "p(A, [A|B])"]


@st.composite
def programs_with_type_tests(draw) -> str:
    lines = ["q(a).", "q(1).", "q(f(b))."]
    for _ in range(draw(st.integers(1, 6))):
        first, second = draw(first_args), draw(seconds)
        test = draw(st.sampled_from(TESTS))
        subject = "X" if first == "X" else draw(st.sampled_from(["X", "Y"]))
        lines.append(f"p({first}, {second}) :- {test}({subject}){draw(rests)}.")
    return "\n".join(lines) + "\n"


def _without_type_test_index(kb):
    """The answers of ``calls`` with every clause in every bucket (no type-test index)."""
    from symlearn.engine import procedures

    admitted = procedures._admitted
    try:
        procedures._admitted = lambda clause: (True, True)
        _, _, expected, found = _plain_and_switched(kb, calls, _answers)
    finally:
        procedures._admitted = admitted
    assert found == expected
    return expected


@settings(max_examples=120, deadline=None)
@given(programs_with_type_tests())
def test_type_test_index_answers_as_every_clause(program: str) -> None:
    from symlearn.kb import loads

    kb = loads(program)
    expected = _without_type_test_index(kb)
    _, _, general, found = _plain_and_switched(kb, calls, _answers)
    assert general == expected
    assert found == expected


def test_type_tests_leave_clauses_out_of_buckets() -> None:
    from symlearn.engine import Engine
    from symlearn.kb import loads

    program = """
    p(X, var) :- var(X), !.
    p(X, atomic) :- atomic(X), !.
    p([H|T], list(H, T)) :- !.
    p(X, compound) :- compound(X).
    """
    engine = Engine(loads(program), datalog=False)
    assert [str(s["K"]) for s in engine.solve_text("p(V, K)")] == ["var"]
    assert [str(s["K"]) for s in engine.solve_text("p(a, K)")] == ["atomic"]
    assert [str(s["K"]) for s in engine.solve_text("p([1], K)")] == ["list(1, [])"]
    assert [str(s["K"]) for s in engine.solve_text("p(f(1), K)")] == ["compound"]
    predicate = engine._predicates[("p", 2)]
    kinds = {
        name: [str(e.clause.head.args[1]) for e in entries]
        for name, entries in predicate.by_functor.items()
    }
    assert list(kinds.values()) == [["list(H, T)", "compound"]]  # not var(X), atomic(X)
    assert [str(e.clause.head.args[1]) for e in predicate.var_entries] == ["atomic"]
    assert [str(e.clause.head.args[1]) for e in predicate.compound_entries] == ["compound"]


# ------------------------------------------------------------ one fact
ground = st.sampled_from(["a", "1", "2.0", "[]", "f(a)", "g(1, [b])", "[a, b]", '"s"'])
patterns = st.sampled_from(["A", "B", "a", "1", "f(A)", "f(B)", "g(A, B)", "[A|B]", "[a, A]"])


@settings(max_examples=60, deadline=None)
@given(st.lists(ground, min_size=1, max_size=3), st.lists(patterns, min_size=3, max_size=3))
def test_a_predicate_of_one_fact_answers_as_unification(row, pattern) -> None:
    from symlearn.engine import Engine
    from symlearn.kb import loads

    n = len(row)
    args = ", ".join(pattern[:n])
    engine = Engine(loads(f"p({', '.join(row)}).\n"), datalog=False)
    found = _answers(engine, f"p({args})")
    expected = _answers(engine, f"f({args}) = f({', '.join(row)})")
    assert found == expected
    assert engine._predicates[("p", n)].rows == [engine._predicates[("p", n)].rows[0]]
