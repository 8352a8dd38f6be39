"""The query engine: resolution order, control, limits, errors and tabling."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.errors import EngineLimitError, PrologError, UnknownPredicateError
from symlearn.kb import loads, parse_term
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Var, struct


def answers(program: str, goal: str, **options) -> list[dict[str, str]]:
    engine = Engine(loads(program), **options)
    return [{k: str(v) for k, v in s.items()} for s in engine.solve_text(goal)]


def chain(n: int, name: str = "par") -> str:
    return "".join(f"{name}(n{i}, n{i + 1}).\n" for i in range(n))


def test_solutions_come_in_prolog_order() -> None:
    program = "p(1). p(2). q(a). q(b). r(X, Y) :- p(X), q(Y)."
    assert [(s["X"], s["Y"]) for s in answers(program, "r(X, Y)")] == [
        ("1", "a"),
        ("1", "b"),
        ("2", "a"),
        ("2", "b"),
    ]


def test_goal_variables_are_not_changed_and_generators_interleave() -> None:
    engine = Engine(loads("p(1). p(2)."))
    x = Var("X")
    goal = struct("p", x)
    first, second = engine.solve(goal), engine.solve(goal)
    assert next(first)[x] == 1 and next(second)[x] == 1
    assert next(first)[x] == 2 and next(second)[x] == 2
    assert goal == struct("p", x)


def test_deep_recursion_on_a_chain_of_100000() -> None:
    program = chain(100_000) + "anc(X, Y) :- par(X, Y).\nanc(X, Y) :- par(X, Z), anc(Z, Y).\n"
    engine = Engine(loads(program))
    assert engine.count(parse_term("anc(n0, X)")) == 100_000
    assert engine.ask(parse_term("anc(n0, n100000)"))


def test_runaway_recursion_stops_with_a_clear_error() -> None:
    with pytest.raises(EngineLimitError, match="depth limit 5000 exceeded while proving"):
        answers("p :- p, q. q.", "p", max_depth=5000)
    # A last call does not nest (as in SWI-Prolog): p :- p runs in constant depth,
    # and the step and time budgets stop it.
    with pytest.raises(EngineLimitError, match="step limit 100000 exceeded"):
        answers("p :- p.", "p", max_steps=100_000)
    with pytest.raises(EngineLimitError, match=r"time limit of 0\.2 seconds exceeded"):
        answers("p :- p.", "p", timeout=0.2)
    with pytest.raises(EngineLimitError, match="table the predicate"):
        answers("q(X) :- q(X), r(X). r(1).", "q(X)", max_depth=5000)
    with pytest.raises(EngineLimitError, match="step limit"):
        answers("n(0). n(X) :- n(Y), X is Y + 1.", "n(X), X > 10**9", max_steps=1000)


def test_unknown_predicates() -> None:
    with pytest.raises(UnknownPredicateError, match="unknown procedure foo/1"):
        answers("p(1).", "foo(X)")
    with pytest.raises(UnknownPredicateError, match="bar/0"):
        answers("p :- bar.", "p")
    assert answers("p(1).", "foo(X)", unknown="fail") == []
    assert answers(":- dynamic foo/1.", "foo(X)") == []
    assert answers("p :- bar.", "catch(p, error(existence_error(procedure, PI), _), true)") == [
        {"PI": "bar/0"}
    ]


def test_runtime_errors_are_prolog_errors() -> None:
    with pytest.raises(PrologError, match="instantiation_error"):
        answers("p(1).", "X is Y + 1")
    with pytest.raises(PrologError, match="type_error\\(evaluable, foo/0\\)"):
        answers("p(1).", "X is foo + 1")
    with pytest.raises(PrologError, match="zero_divisor"):
        answers("p(1).", "X is 1 // 0")
    with pytest.raises(PrologError, match="unhandled exception: oops"):
        answers("p(1).", "throw(oops)")


def test_cut_semantics() -> None:
    program = """
    a(1). a(2). a(3).
    first(X) :- a(X), !.
    t(X) :- ( a(X), X > 1 -> true ; X = 0 ).
    n(X) :- a(X), \\+ X = 2.
    c(X) :- call((a(X), !)).
    c(9).
    """
    assert answers(program, "first(X)") == [{"X": "1"}]
    assert answers(program, "t(X)") == [{"X": "2"}]
    assert [s["X"] for s in answers(program, "n(X)")] == ["1", "3"]
    assert [s["X"] for s in answers(program, "c(X)")] == ["1", "9"]


def test_assert_and_retract() -> None:
    engine = Engine(loads(":- dynamic counter/1. counter(0)."))
    goal = "retract(counter(N)), M is N + 1, assertz(counter(M))"
    for _ in range(3):
        assert engine.ask_text(goal)
    assert [str(s["N"]) for s in engine.solve_text("counter(N)")] == ["3"]


def test_clauses_added_later_are_seen() -> None:
    kb = loads("p(1).")
    engine = Engine(kb)
    engine.add_clause(Clause(struct("p", 2)))
    assert engine.count(parse_term("p(X)")) == 2


def test_output_goes_to_the_given_stream() -> None:
    import io

    out = io.StringIO()
    engine = Engine(loads("hello :- write(hi), nl, format('~w-~a~n', [1, b])."), output=out)
    assert engine.ask_text("hello")
    assert out.getvalue() == "hi\n1-b\n"


def test_indexing_picks_the_most_selective_argument() -> None:
    kb = loads(chain(1000) + "par(n5, x).\n")
    predicate = kb.predicate("par", 2)
    assert list(predicate.candidates(("n5", None))) == [5, 1000]
    assert list(predicate.candidates((None, "n7"))) == [6]
    assert list(predicate.candidates(("n5", "x"))) == [1000]
    assert list(predicate.candidates(("zz", None))) == []


# ---- tabling ------------------------------------------------------------------------------


def test_tabled_left_recursion_on_a_long_chain() -> None:
    program = (
        ":- table path/2.\n"
        + chain(20_000, "e")
        + ("path(X, Y) :- path(X, Z), e(Z, Y).\npath(X, Y) :- e(X, Y).\n")
    )
    engine = Engine(loads(program))
    assert engine.count(parse_term("path(n0, X)")) == 20_000


def test_tables_are_reused_and_reset() -> None:
    kb = loads(":- table p/1.\np(X) :- q(X).\nq(1).\n")
    engine = Engine(kb)
    assert engine.count(parse_term("p(X)")) == 1
    engine.add_clause(Clause(struct("q", 2)))
    assert engine.count(parse_term("p(X)")) == 2


graphs = st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20)


@settings(max_examples=60)
@given(graphs, st.sampled_from(["left", "right", "double"]))
def test_tabled_reachability_equals_transitive_closure(edges, recursion) -> None:
    rules = {
        "left": "reach(X, Y) :- reach(X, Z), edge(Z, Y).\nreach(X, Y) :- edge(X, Y).\n",
        "right": "reach(X, Y) :- edge(X, Y).\nreach(X, Y) :- edge(X, Z), reach(Z, Y).\n",
        "double": "reach(X, Y) :- edge(X, Y).\nreach(X, Y) :- reach(X, Z), reach(Z, Y).\n",
    }[recursion]
    program = (
        ":- table reach/2.\n:- dynamic edge/2.\n"
        + "".join(f"edge(v{a}, v{b}).\n" for a, b in edges)
        + rules
    )
    graph = nx.DiGraph(edges)
    # reach(a, b) holds when a path of one or more edges leads from a to b.
    expected = {
        (f"v{a}", f"v{b}")
        for a in graph
        for s in graph.successors(a)
        for b in {s} | nx.descendants(graph, s)
    }
    engine = Engine(loads(program))
    found = {(str(s["X"]), str(s["Y"])) for s in engine.solve_text("reach(X, Y)")}
    assert found == expected
    for start in ("v0", "v3"):
        bound = {str(s["Y"]) for s in engine.solve_text(f"reach({start}, Y)")}
        assert bound == {b for a, b in expected if a == start}


def test_mutually_recursive_tables() -> None:
    program = """
    :- table even/1, odd/1.
    n(0). n(1). n(2). n(3). n(4).
    even(0).
    even(N) :- n(N), N > 0, M is N - 1, odd(M).
    odd(N) :- n(N), N > 0, M is N - 1, even(M).
    """
    assert sorted(s["N"] for s in answers(program, "even(N)")) == ["0", "2", "4"]
    assert sorted(s["N"] for s in answers(program, "odd(N)")) == ["1", "3"]


def test_error_inside_a_table_leaves_no_incomplete_table() -> None:
    engine = Engine(loads(":- table p/1.\np(X) :- X is foo.\np(1).\n"))
    with pytest.raises(PrologError):
        engine.count(parse_term("p(X)"))
    assert all(t.complete for t in engine.tables.values())
