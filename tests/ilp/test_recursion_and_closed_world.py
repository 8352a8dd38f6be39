"""The recursion guard against the engine, closed-world negatives against enumeration."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.errors import EngineLimitError
from symlearn.ilp.closed_world import closed_world_negatives
from symlearn.ilp.coverage import Coverage
from symlearn.ilp.recursion import recursion_terminates
from symlearn.kb import loads
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.views import background_view
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Var

NODES = ["a", "b", "c", "d"]
X, Y, Z = Var("X"), Var("Y"), Var("Z")
HEAD = Struct("r", (X, Y))


@st.composite
def graphs(draw: st.DrawFn) -> str:
    edges = draw(st.lists(st.tuples(st.sampled_from(NODES), st.sampled_from(NODES)), max_size=6))
    pos = draw(
        st.lists(st.tuples(st.sampled_from(NODES), st.sampled_from(NODES)), min_size=1, max_size=4)
    )
    text = "".join(f"e({p}, {q}).\n" for p, q in set(edges)) + ":- dynamic e/2.\n"
    return text + "".join(f"pos(r({p}, {q})).\n" for p, q in pos)


literal = st.sampled_from(
    [
        Struct("e", (X, Z)),
        Struct("e", (Z, Y)),
        Struct("e", (X, Y)),
        Struct("r", (Z, Y)),
        Struct("r", (X, Z)),
        Struct("r", (Y, X)),
        Struct("r", (X, Y)),
        Struct("e", (Y, Z)),
    ]
)


@settings(max_examples=80, deadline=None)
@given(graphs(), st.lists(literal, min_size=1, max_size=3))
def test_guard_accepts_only_clauses_the_engine_finishes(text: str, body) -> None:
    """When the guard says the recursion terminates, SLD resolution finds every answer."""
    kb = loads(text)
    base = Clause(HEAD, (Struct("e", (X, Y)),))
    clause = Clause(HEAD, body)
    coverage = Coverage(kb, ("r", 2))
    positives = kb.positives("r", 2)
    coverage.set_extension(("r", 2), [p.args for p in positives])
    examples = [Struct("r", (p, q)) for p, q in itertools.product(NODES, repeat=2)]
    ok, _ = recursion_terminates(coverage, [base, clause], examples)
    if not ok:
        return
    engine = Engine(
        background_view(kb, ("r", 2), [base, clause]),
        max_depth=200,
        max_steps=200_000,
        unknown="fail",
    )
    for example in examples:
        try:
            engine.count(example)
        except EngineLimitError as error:  # pragma: no cover - a guard failure
            raise AssertionError(f"{clause} accepted but {example} does not terminate") from error


def test_left_recursion_is_rejected() -> None:
    kb = loads("e(a, b). e(b, c). pos(r(a, c)).")
    coverage = Coverage(kb, ("r", 2))
    coverage.set_extension(("r", 2), [("a", "c")])
    left = Clause(HEAD, (Struct("r", (X, Z)), Struct("e", (Z, Y))))
    ok, reason = recursion_terminates(coverage, [left], [Struct("r", ("a", "c"))])
    assert not ok and "reach itself" in reason


@settings(max_examples=60, deadline=None)
@given(graphs(), st.integers(0, 30))
def test_closed_world_negatives_are_the_unlisted_tuples(text: str, cap: int) -> None:
    kb: KnowledgeBase = loads(text)
    coverage = Coverage(kb, ("r", 2))
    world = closed_world_negatives(kb, ("r", 2), coverage, cap=cap, seed=3)
    constants = {a for c in kb.predicate("e", 2).clauses for a in c.head.args}
    positives = {tuple(p.args) for p in kb.positives("r", 2)}
    constants |= {a for p in positives for a in p}
    expected = {t for t in itertools.product(constants, repeat=2) if t not in positives}
    got = {tuple(n.args) for n in world.negatives}
    assert world.unlisted == len(expected)
    assert got <= expected and len(got) == len(set(world.negatives))
    if len(expected) <= cap:
        assert got == expected and not world.sampled
    else:
        assert len(got) == cap and world.sampled
