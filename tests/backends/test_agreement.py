"""Memory, DuckDB and Spark give the same coverage counts and the same query answers.

Random small knowledge bases (some relations in Parquet files, some written
as facts; atoms, integers and floats) and random clauses: the binding table
after each literal, each row's count, and the examples covered must be the
same on every backend, and so must the answers of Datalog goals (compiled
to SQL on DuckDB and Spark, proved by the engine on memory).
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.backends import open_backend
from symlearn.backends.goals import answers, compile_goal
from symlearn.ilp.coverage import Coverage
from symlearn.ilp.sql_coverage import SqlCoverage
from symlearn.kb import load
from symlearn.logic.clauses import Clause
from tests.backends.worlds import GOALS, HEAD, World, clauses, worlds


def _coverage(path: Path, backend: str) -> Coverage:
    kb = load([path])
    opened = open_backend(kb, backend)
    if opened is None:
        return Coverage(kb, ("t", 2))
    return SqlCoverage(kb, ("t", 2), backend=opened)


def _trace(coverage: Coverage, clause: Clause, examples: list) -> list:
    """What each literal does: per binding (example, values), its count; then the covered mask."""
    steps = []
    table = coverage.bind_head(clause.head, examples)
    for literal in clause.body:
        if not len(table):
            break
        counts = coverage.counts(table, literal)
        decoded = (
            zip(*(coverage.symbols.decode(c) for c in table.columns)) if table.columns else ()
        )
        rows = list(decoded) if table.columns else [()] * len(table)
        steps.append(Counter(zip(table.example.tolist(), rows, counts.tolist())))
        table = coverage.extend(table, literal)
    steps.append(coverage.covered(clause, examples).tolist())
    return steps


def _agree(world: World, clause_list: list[Clause], backends: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = world.write(Path(folder))
        examples = world.examples()
        traces = {}
        for backend in backends:
            coverage = _coverage(path, backend)
            traces[backend] = [_trace(coverage, clause, examples) for clause in clause_list]
        for backend in backends[1:]:
            assert traces[backend] == traces[backends[0]], backend


@settings(max_examples=40, deadline=None)
@given(worlds(), st.lists(clauses(), min_size=1, max_size=3))
def test_duckdb_coverage_equals_memory(world: World, clause_list: list[Clause]) -> None:
    _agree(world, clause_list, ["memory", "duckdb"])


@pytest.mark.slow  # a Spark session: CI's full run
@settings(max_examples=3, deadline=None)
@given(worlds(), st.lists(clauses(), min_size=2, max_size=3))
def test_spark_coverage_equals_memory(
    spark: object, world: World, clause_list: list[Clause]
) -> None:
    _agree(world, clause_list, ["memory", "spark"])


def _answers(path: Path, backend: str, goals: list[str]) -> list[Counter]:
    kb = load([path])
    opened = open_backend(kb, backend)
    if backend == "duckdb":  # the goals are SQL (the same fragment on Spark; not run twice there)
        for goal in goals:
            assert compile_goal(kb, opened, goal) is not None, goal
    return [Counter(map(str, answers(kb, goal, opened).solutions)) for goal in goals]


def _same_answers(world: World, backends: list[str], goals: list[str] = GOALS) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = world.write(Path(folder))
        found = {backend: _answers(path, backend, goals) for backend in backends}
        for backend in backends[1:]:
            for goal, theirs, ours in zip(goals, found[backend], found[backends[0]]):
                assert theirs == ours, (backend, goal)


@settings(max_examples=30, deadline=None)
@given(worlds())
def test_duckdb_answers_equal_the_engine(world: World) -> None:
    _same_answers(world, ["memory", "duckdb"])


#: One world for Spark's answers (each goal is a few Spark jobs: kept to one world).
SPARK_WORLD = World(
    {
        "p": (("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "d")),
        "q": (("b", 1), ("c", 3), ("d", 2)),
        "r": (("a",), ("d",)),
        "w": ((0.5,), (1.0,)),
    },
    frozenset({"p", "w"}),
    (("a", "c"),),
    (),
)


#: A join, negation and recursion (semi-naive rounds on Spark), kept few: each is Spark jobs.
SPARK_GOALS = ["s(X, Y)", "u(X)", "aggregate_all(count, anc(X, Y), N)"]


@pytest.mark.slow  # a Spark session: CI's full run
def test_spark_answers_equal_the_engine(spark: object) -> None:
    _same_answers(SPARK_WORLD, ["memory", "spark"], SPARK_GOALS)


def test_the_head_is_bound_as_in_memory() -> None:
    # A clause with no body covers exactly the examples whose arguments its head matches.
    world = World(
        {"p": (), "q": (), "r": (), "w": ()}, frozenset({"p"}), (("a", "a"),), (("a", "b"),)
    )
    _agree(world, [Clause(HEAD, [])], ["memory", "duckdb"])


@pytest.mark.parametrize(
    "backend",
    ["duckdb", pytest.param("spark", marks=pytest.mark.slow)],  # Spark: CI's full run
)
def test_the_engine_looks_external_facts_up_through_an_index(
    request: pytest.FixtureRequest, tmp_path: Path, backend: str
) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from symlearn.backends.sql import LOOKUPS_BEFORE_INDEXING

    calls = 3 * LOOKUPS_BEFORE_INDEXING
    pq.write_table(
        pa.table({"a": [f"n{i}" for i in range(200)], "b": [f"m{i % 40}" for i in range(200)]}),
        tmp_path / "edge.parquet",
    )
    (tmp_path / "kb.pl").write_text(":- external(edge/2, parquet('edge.parquet')).\n")
    goals = [  # lookups on the first argument, then on the second (five answers each, in order)
        f"between(1, {calls}, I), atom_concat(n, I, X), edge(X, Y), \\+ edge(Y, _)",
        "between(0, 39, J), atom_concat(m, J, Y), edge(X, Y)",
    ]
    if backend == "spark":
        request.getfixturevalue("spark")  # the one session of the test run
    found = {}
    for name in ("memory", backend):
        kb = load([tmp_path / "kb.pl"])
        opened = open_backend(kb, name)
        assert opened is None or all(compile_goal(kb, opened, g) is None for g in goals)
        found[name] = [answers(kb, goal, opened).solutions for goal in goals]
    assert found[backend] == found["memory"]
    assert [len(s) for s in found["memory"]] == [calls, 200]
