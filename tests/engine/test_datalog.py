"""The set-at-a-time Datalog path answers exactly as SLD resolution does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.engine.datalog import DatalogProgram, Relation
from symlearn.kb import loads

CONSTANTS = ["a", "b", "c", "1", "2", "1.0"]
VARIABLES = ["X", "Y", "Z", "W"]

facts = st.lists(st.tuples(st.sampled_from(CONSTANTS), st.sampled_from(CONSTANTS)), max_size=12)
unary = st.lists(st.sampled_from(CONSTANTS), max_size=5)
argument = st.sampled_from([*VARIABLES, "a", "b", "1"])


@st.composite
def rule(draw, head: str, callable_names: list[str]) -> str:
    body = []
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(callable_names))
        arity = 1 if name == "u" else 2
        body.append(f"{name}({', '.join(draw(argument) for _ in range(arity))})")
    body_vars = sorted({v for goal in body for v in VARIABLES if v in goal})
    head_args = [draw(st.sampled_from([*body_vars, "a"])) if body_vars else "a" for _ in range(2)]
    return f"{head}({', '.join(head_args)}) :- {', '.join(body)}."


@st.composite
def programs(draw) -> str:
    lines = [f"e({a}, {b})." for a, b in draw(facts)]
    lines += [f"f({a}, {b})." for a, b in draw(facts)]
    lines += [f"u({a})." for a in draw(unary)] or ["u(a)."]
    lines += ["e(zz, zz).", "f(zz, zz)."]
    lines += [draw(rule("r", ["e", "f", "u"])) for _ in range(draw(st.integers(1, 3)))]
    lines += [draw(rule("s", ["e", "r", "u"])) for _ in range(draw(st.integers(1, 2)))]
    lines.append(":- table t/2.")
    lines.append("t(X, Y) :- e(X, Y).")
    recursive = draw(
        st.sampled_from(
            [
                "t(X, Y) :- t(X, Z), f(Z, Y).",
                "t(X, Y) :- f(X, Z), t(Z, Y).",
                "t(X, Y) :- t(X, Z), t(Z, Y).",
                "t(X, Y) :- t(Y, X).",
            ]
        )
    )
    lines.append(recursive)
    lines.append(draw(rule("t", ["e", "f", "s", "t"])))
    return "\n".join(lines) + "\n"


QUERIES = ["r(A, B)", "r(a, B)", "r(A, 1)", "r(A, A)", "s(A, B)", "s(b, B)", "s(A, 1.0)"]
TABLED_QUERIES = ["t(A, B)", "t(a, B)", "t(A, b)", "t(A, A)", "t(1, B)"]


def answers(engine: Engine, goal: str) -> list[tuple[str, ...]]:
    return [tuple(str(v) for v in s.values()) for s in engine.solve_text(goal)]


@settings(max_examples=60)
@given(programs())
def test_datalog_path_equals_sld_resolution(program: str) -> None:
    kb = loads(program)
    fast, plain = Engine(kb), Engine(kb, datalog=False)
    for goal in QUERIES:
        assert answers(fast, goal) == answers(plain, goal), goal
    for goal in TABLED_QUERIES:
        assert sorted(set(answers(fast, goal))) == sorted(set(answers(plain, goal))), goal
    # Bound calls first, then the whole relation, then bound calls answered from it.
    fresh = Engine(kb)
    before = sorted(answers(fresh, "t(a, B)"))
    sorted(answers(fresh, "t(A, B)"))
    assert sorted(answers(fresh, "t(a, B)")) == before


def test_classification() -> None:
    kb = loads("""
    p(a, b). p(b, c).
    q(X, Z) :- p(X, Y), p(Y, Z).
    r(X) :- q(X, _), X \\== a.
    s(X, Y) :- p(X, Y), s(Y, X).
    :- table t/2.
    t(X, Y) :- p(X, Y).
    t(X, Y) :- t(X, Z), t(Z, Y).
    w(X, f(X)) :- p(X, _).
    """)
    program = DatalogProgram(kb)
    assert program.kind(("p", 2)) == "edb"
    assert program.kind(("q", 2)) == "rules"
    assert program.kind(("r", 1)) == "other"  # a built-in in the body
    assert program.kind(("s", 2)) == "other"  # untabled recursion keeps SLD
    assert program.kind(("t", 2)) == "tabled"
    assert program.kind(("w", 2)) == "other"  # a compound term in the head
    assert sorted(program.compute(("t", 2)).rows) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_relation_indexes_follow_new_rows() -> None:
    relation = Relation([("a", 1), ("b", 2)])
    index = relation.index(0)
    relation.add([("a", 3)])
    assert index["a"] == [("a", 1), ("a", 3)]
    assert relation.index(1)[(int, 3)] == [("a", 3)]


def test_changes_to_the_knowledge_base_are_seen() -> None:
    from symlearn.logic.clauses import Clause
    from symlearn.logic.terms import struct

    kb = loads(":- table t/1.\nt(X) :- p(X).\np(1).\nq(X) :- p(X).\n")
    engine = Engine(kb)
    assert (
        engine.count(
            struct("t", struct("_", 1)).args[0]
            if False
            else loads("g :- t(X).").predicate("g", 0).clauses[0].body[0]
        )
        == 1
    )
    kb.add_clause(Clause(struct("p", 2)))
    engine.reset_tables()
    assert sorted(answers(engine, "t(X)")) == [("1",), ("2",)]
    assert answers(engine, "q(X)") == [("1",), ("2",)]
