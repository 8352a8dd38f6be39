"""The demand-driven least model (magic sets) agrees with the query engine's proofs."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.ilp.coverage import Coverage
from symlearn.ilp.least_model import demanded_model
from symlearn.kb import load, loads, parse_term
from symlearn.logic.clauses import Clause

MEMBER_THEORIES = [
    ["mem(A, B) :- B = [A|_]", "mem(A, B) :- B = [_|C], mem(A, C)"],
    ["mem(A, B) :- B = [_|C], mem(A, C)"],
    ["mem(A, B) :- B = [A|_]", "mem(A, B) :- B = [C|D], mem(C, D)"],
    ["mem(0, [0])", "mem(A, B) :- B = [_|C], mem(A, C)"],
    ["mem(A, B) :- B = [_|C], mem(A, C), mem(A, C)", "mem(A, B) :- B = [A, _|_]"],
]

CAN_REACH_THEORIES = [
    ["can_reach(A, B) :- linked_to(A, B)", "can_reach(A, B) :- linked_to(A, C), can_reach(C, B)"],
    ["can_reach(A, B) :- linked_to(A, B)", "can_reach(A, B) :- can_reach(A, C), linked_to(C, B)"],
    ["can_reach(A, B) :- linked_to(B, A)", "can_reach(A, B) :- linked_to(A, C), can_reach(C, B)"],
]


def _engine_answers(kb, target, theory, examples):
    tabled = copy.copy(kb)
    tabled.tabled = {*kb.tabled, target}
    check = Coverage(tabled, target)
    check.set_theory(theory)
    return np.asarray(check.theory_covered(examples), dtype=bool)


def _demanded(kb, target, theory, examples):
    coverage = Coverage(kb, target)
    codes = np.array(
        [[coverage.symbols.code(a) for a in e.args] for e in examples], dtype=np.int64
    ).reshape(len(examples), target[1])
    return demanded_model(coverage, target, theory, codes)


def _clauses(texts):
    return [Clause.from_term(parse_term(t)) for t in texts]


@pytest.mark.parametrize("texts", MEMBER_THEORIES)
def test_member_theories_agree_with_the_engine(texts):
    kb = load(["kb/member.pl"])
    examples = kb.positives("mem", 2) + kb.negatives("mem", 2)
    theory = _clauses(texts)
    mask = _demanded(kb, ("mem", 2), theory, examples)
    assert mask is not None
    assert mask.tolist() == _engine_answers(kb, ("mem", 2), theory, examples).tolist()


@pytest.mark.parametrize("texts", CAN_REACH_THEORIES)
def test_graph_theories_agree_with_the_engine(texts):
    kb = load(["kb/can_reach.pl"])
    nodes = [f"n{i}" for i in range(9)]
    examples = [parse_term(f"can_reach({a}, {b})") for a in nodes for b in nodes]
    theory = _clauses(texts)
    mask = _demanded(kb, ("can_reach", 2), theory, examples)
    if mask is None:  # a call of the target not ground when reached: not told this way
        assert "can_reach(A, C), linked_to" in texts[1]
        return
    assert mask.tolist() == _engine_answers(kb, ("can_reach", 2), theory, examples).tolist()


def test_an_unbound_call_is_not_told():
    kb = load(["kb/can_reach.pl"])
    theory = _clauses(["can_reach(A, B) :- can_reach(A, C), linked_to(C, B)"])
    assert _demanded(kb, ("can_reach", 2), theory, [parse_term("can_reach(n0, n1)")]) is None


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=12, unique=True
    ),
)
def test_random_graphs_agree_with_the_engine(edges):
    facts = " ".join(f"e(v{a}, v{b})." for a, b in edges)
    kb = loads(facts)
    theory = _clauses(["p(A, B) :- e(A, B)", "p(A, B) :- e(A, C), p(C, B)"])
    examples = [parse_term(f"p(v{a}, v{b})") for a in range(6) for b in range(6)]
    mask = _demanded(kb, ("p", 2), theory, examples)
    assert mask is not None
    assert mask.tolist() == _engine_answers(kb, ("p", 2), theory, examples).tolist()


RANDOM_CLAUSES = [
    "p(A, B) :- e(A, B)",
    "p(A, B) :- e(A, C), p(C, B)",
    "p(A, B) :- e(A, C), p(C, B), e(B, A)",  # a literal after the call
    "p(A, B) :- e(A, C), e(C, D), p(D, B)",
    "p(A, B) :- e(A, C), p(C, B), p(B, C)",  # two calls, the second made after the first
    "p(A, B) :- e(B, A), p(B, A)",  # a cycle of calls
    "p(A, B) :- e(A, C), \\+ e(C, A), p(C, B)",
    "p(v0, v1)",
    "p(A, B) :- e(A, B), e(B, B)",
]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=10, unique=True
    ),
    st.lists(st.sampled_from(RANDOM_CLAUSES), min_size=1, max_size=4, unique=True),
)
def test_random_theories_agree_with_the_engine(edges, texts):
    """AND-OR bindings (calls after literals, several calls, facts, cycles) as tabled SLD."""
    kb = loads(" ".join(f"e(v{a}, v{b})." for a, b in edges))
    theory = _clauses(texts)
    examples = [parse_term(f"p(v{a}, v{b})") for a in range(5) for b in range(5)]
    mask = _demanded(kb, ("p", 2), theory, examples)
    assert mask is not None
    assert mask.tolist() == _engine_answers(kb, ("p", 2), theory, examples).tolist()
