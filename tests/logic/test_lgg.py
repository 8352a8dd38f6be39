"""Plotkin's lgg: a common generalisation, and the least one (brute force on small cases)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import InvalidParameterError
from symlearn.ilp.rlgg import relevant_facts, rlgg
from symlearn.kb import load, loads, parse_term
from symlearn.logic.clauses import Clause
from symlearn.logic.lgg import head_connected, lgg_atoms, lgg_clauses, lgg_terms
from symlearn.logic.resolution import Literal, LiteralClause
from symlearn.logic.subsumption import subsumes
from symlearn.logic.terms import Struct, Term, Var
from symlearn.logic.unify import match
from tests.logic.clause_strategies import all_atoms, clauses

CONSTANTS = ["a", "b", "c"]


def terms(depth: int) -> st.SearchStrategy[Term]:
    leaves = st.sampled_from(CONSTANTS)
    if depth == 0:
        return leaves
    sub = terms(depth - 1)
    return st.one_of(
        leaves,
        st.builds(lambda x: Struct("g", (x,)), sub),
        st.builds(lambda x, y: Struct("f", (x, y)), sub, sub),
    )


def all_terms(depth: int, variables: list[Var]) -> list[Term]:
    """Every term over f/2, g/1, the constants and ``variables`` up to ``depth``."""
    level: list[Term] = [*CONSTANTS, *variables]
    for _ in range(depth):
        level = (
            level
            + [Struct("g", (x,)) for x in level]
            + [Struct("f", (x, y)) for x, y in itertools.product(level, repeat=2)]
        )
        level = list(dict.fromkeys(level))
    return level


CANDIDATES = all_terms(1, [Var("U"), Var("V")])


@settings(max_examples=100, deadline=None)
@given(terms(2), terms(2))
def test_lgg_of_terms_generalises_both(s, t):
    g = lgg_terms(s, t)
    assert match(g, s) is not None
    assert match(g, t) is not None


@settings(max_examples=60, deadline=None)
@given(terms(1), terms(1))
def test_lgg_of_terms_is_least(s, t):
    g = lgg_terms(s, t)
    for candidate in CANDIDATES:
        if match(candidate, s) is not None and match(candidate, t) is not None:
            assert match(candidate, g) is not None, (candidate, g)


def test_lgg_keeps_shared_pairs_as_one_variable():
    g = lgg_terms(parse_term("f(a, g(a), b)"), parse_term("f(c, g(c), b)"))
    assert isinstance(g, Struct)
    assert g.args[0] is g.args[1].args[0]  # type: ignore[union-attr]
    assert g.args[2] == "b"
    assert lgg_atoms(parse_term("p(a)"), parse_term("q(a)")) is None


NEGATIVE_POOL = [
    Literal(atom, False) for atom in all_atoms([Var("U"), Var("V"), "a", "b"]) if atom.name != "r"
]


@settings(max_examples=40, deadline=None)
@given(clauses(min_size=1, max_size=3), clauses(min_size=1, max_size=3))
def test_lgg_of_clauses_is_a_common_generalisation(c1, c2):
    g = lgg_clauses(c1, c2.renamed())
    assert subsumes(g, c1)
    assert subsumes(g, c2)


@settings(max_examples=15, deadline=None)
@given(
    st.lists(st.sampled_from(NEGATIVE_POOL), min_size=1, max_size=3).map(LiteralClause.of),
    st.lists(st.sampled_from(NEGATIVE_POOL), min_size=1, max_size=3).map(LiteralClause.of),
)
def test_lgg_of_clauses_is_least(c1, c2):
    c1, c2 = c1.renamed(), c2.renamed()
    g = lgg_clauses(c1, c2)
    for size in (1, 2):
        for candidate in itertools.combinations(NEGATIVE_POOL, size):
            if subsumes(list(candidate), c1) and subsumes(list(candidate), c2):
                assert subsumes(list(candidate), g), (candidate, g)


def test_lgg_of_definite_clauses():
    c1 = Clause.from_term(parse_term("p(a) :- q(a, b), r(b)"))
    c2 = Clause.from_term(parse_term("p(c) :- q(c, d), r(d), s"))
    assert str(lgg_clauses(c1, c2)) == "p(A) :-\n    q(A, B),\n    r(B)."
    assert lgg_clauses(c1, Clause(parse_term("other(a)"))) is None


def test_head_connected_drops_unlinked_literals():
    clause = Clause.from_term(parse_term("p(X) :- q(X, Y), r(Y), s(Z), t(a)"))
    assert str(head_connected(clause)) == "p(A) :-\n    q(A, B),\n    r(B)."


def test_relevant_facts_grow_with_depth():
    kb = loads("parent(a, b). parent(b, c). parent(c, d). parent(x, y).")
    example = parse_term("gp(a, c)")
    one = relevant_facts(kb, example, [("parent", 2)], 1)
    two = relevant_facts(kb, example, [("parent", 2)], 2)
    assert len(one) == 3 and set(one) <= set(two)
    assert parse_term("parent(x, y)") not in two


def test_rlgg_of_family_examples_subsumes_each_saturated_example():
    kb = load(["kb/family.pl"])
    predicates = [("parent", 2), ("male", 1), ("female", 1)]
    examples = kb.positives("grandparent", 2)[:4]
    general = rlgg(examples, kb, predicates, depth=1)
    for e in examples:
        saturated = Clause(e, relevant_facts(kb, e, predicates, 1))
        assert subsumes(general, saturated)
    # the rlgg relates the two arguments through a parent
    assert str(general).startswith("grandparent(A, B) :-")
    assert "parent(A, C)" in str(general) and "parent(C, B)" in str(general)


def test_rlgg_rejects_bad_input():
    kb = loads("parent(a, b).")
    with pytest.raises(InvalidParameterError):
        rlgg([], kb, [("parent", 2)])
    with pytest.raises(InvalidParameterError):
        rlgg([parse_term("p(a)"), parse_term("q(a)")], kb, [("parent", 2)])
