"""Compiled clause functions do exactly what the template interpreter does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine.codegen import compile_clause_function
from symlearn.engine.machine import FAIL
from symlearn.engine.runtime import CompiledClause, build, resolve, to_runtime, unify_head
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Var
from symlearn.logic.unify import variant

VARS = [Var(n) for n in "XYZ"]
leaf = st.sampled_from(["a", "b", 1, 2.0, *VARS])


def _compound(children):
    return st.builds(
        lambda name, args: Struct(name, tuple(args)),
        st.sampled_from(["f", "g", "[|]"]),
        st.lists(children, min_size=1, max_size=2),
    )


terms = st.recursive(leaf, _compound, max_leaves=5)
# Goal variables occur once each, so no unification can build a cyclic term.
goal_terms = st.recursive(
    st.sampled_from(["a", "b", 1, 2.0]) | st.builds(Var, st.just("_")), _compound, max_leaves=5
)


class _Run:
    """The part of the machine's run state a clause function reads."""

    def __init__(self) -> None:
        self.trail: list = []


def _procedure(name: str, arity: int) -> str:
    return name  # stands for the procedure: the continuation then names its goal


def interpret(clause: CompiledClause, goal: Struct):
    trail: list = []
    frame: list = [None] * clause.nvars
    args = goal.args
    if not all(unify_head(t, a, frame, trail) for t, a in zip(clause.head_args, args)):
        return None
    body = [build(g, frame) for g in clause.body]
    return resolve(Struct("r", (goal, *body)) if body else goal)


def compiled(clause: Clause, goal: Struct):
    function, _ = compile_clause_function(clause, _procedure)
    cont = function(_Run(), goal.args, 0, 0, None)
    if cont is FAIL:
        return None
    goals = []
    while cont is not None:
        name, args = cont[0], cont[1]
        goals.append(Struct(name, args))
        cont = cont[4]
    return resolve(Struct("r", (goal, *goals)) if goals else goal)


@settings(max_examples=400)
@given(
    st.lists(terms, min_size=2, max_size=2),
    st.lists(terms, max_size=2),
    st.lists(goal_terms, min_size=2, max_size=2),
)
def test_compiled_clause_equals_interpretation(head_args, body_args, goal_args) -> None:
    clause = Clause(Struct("p", tuple(head_args)), [Struct("q", (a,)) for a in body_args])
    goal_text = Struct("p", tuple(goal_args))
    first = interpret(CompiledClause(clause), to_runtime(goal_text, {}))
    second = compiled(clause, to_runtime(goal_text, {}))
    assert (first is None) == (second is None)
    if first is not None:
        assert variant(first, second)
