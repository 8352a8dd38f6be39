"""Binary resolution and factoring: soundness and completeness against truth tables."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.kb import parse_term
from symlearn.logic.clauses import Clause
from symlearn.logic.resolution import (
    Literal,
    LiteralClause,
    binary_resolvents,
    factors,
    most_general_unifier,
    resolvents,
    saturate,
    variant_clauses,
)
from symlearn.logic.subsumption import subsumes
from symlearn.logic.terms import Struct, Var
from symlearn.logic.unify import substitute
from tests.logic.clause_strategies import clauses

PROPOSITIONS = ["p", "q", "r", "s"]

propositional_literals = st.builds(Literal, st.sampled_from(PROPOSITIONS), st.booleans())
propositional_clauses = st.lists(propositional_literals, min_size=1, max_size=3).map(
    LiteralClause.of
)


def satisfies(model: dict[str, bool], clause: LiteralClause) -> bool:
    return any(model[lit.atom] == lit.positive for lit in clause.literals)  # type: ignore[index]


def models() -> list[dict[str, bool]]:
    return [
        dict(zip(PROPOSITIONS, values)) for values in itertools.product([False, True], repeat=4)
    ]


@settings(max_examples=100, deadline=None)
@given(propositional_clauses, propositional_clauses)
def test_propositional_resolvents_are_entailed(c1, c2):
    for resolvent in resolvents(c1, c2):
        for model in models():
            if satisfies(model, c1) and satisfies(model, c2):
                assert satisfies(model, resolvent)


@settings(max_examples=60, deadline=None)
@given(st.lists(propositional_clauses, min_size=1, max_size=6))
def test_resolution_refutes_exactly_the_unsatisfiable_sets(clause_set):
    unsatisfiable = not any(all(satisfies(m, c) for c in clause_set) for m in models())
    refuted, _ = saturate(clause_set, max_clauses=5000, max_literals=4)
    assert refuted == unsatisfiable


def test_the_notes_propositional_example():
    # C1: PassExam ∨ ¬KnowMaterial, C2: KnowMaterial ∨ ¬Study -> PassExam ∨ ¬Study
    c1 = LiteralClause.of([Literal("pass_exam"), Literal("know_material", False)])
    c2 = LiteralClause.of([Literal("know_material"), Literal("study", False)])
    (r,) = binary_resolvents(c1, c2)
    assert r.clause == LiteralClause.of([Literal("pass_exam"), Literal("study", False)])


@settings(max_examples=100, deadline=None)
@given(clauses(min_size=1, max_size=3), clauses(min_size=1, max_size=3))
def test_first_order_resolvents_follow_the_definition(c1, c2):
    for r in binary_resolvents(c1, c2):
        theta = r.unifier
        assert r.left in c1.literals and r.left.positive != r.right.positive
        assert substitute(r.left.atom, theta) == substitute(r.right.atom, theta)
        # the resolvent is (C1 - {L1})θ ∪ (C2 - {L2})θ, C2 renamed apart
        for lit in c1.literals - {r.left}:
            assert lit.substitute(theta) in r.clause.literals
        assert len(r.clause) <= len(c1) + len(c2) - 2


@settings(max_examples=100, deadline=None)
@given(clauses(min_size=1, max_size=3), clauses(min_size=1, max_size=3), st.data())
def test_ground_instances_of_resolvents_are_entailed(c1, c2, data):
    # a ground instance of a resolvent holds in every Herbrand model (over a, b)
    # of the ground instances of its parents: checked by a brute-force search
    # for a counter-model among the parents' instances
    for resolvent in resolvents(c1, c2)[:3]:
        assignment = {v: data.draw(st.sampled_from(["a", "b"])) for v in resolvent.variables}
        ground = resolvent.substitute(assignment)
        premises = [
            c.substitute(dict(zip(c.variables, values)))
            for c in (c1, c2)
            for values in itertools.product(["a", "b"], repeat=len(c.variables))
        ]
        refuted, _ = saturate(
            premises + [LiteralClause.of([lit.negated()]) for lit in ground.literals],
            max_clauses=20000,
            max_literals=12,
        )
        assert refuted


def test_factoring_and_the_classic_refutation():
    c1 = LiteralClause.from_term(parse_term("p(X) ; p(Y)"))
    c2 = LiteralClause.from_term(parse_term("\\+ p(U) ; \\+ p(V)"))
    assert [len(f) for f in factors(c1)] == [1]
    assert any(r.is_empty for r in resolvents(c1, c2))
    assert not any(r.is_empty for r in resolvents(c1, c2, factoring=False))


def test_mitchell_first_order_example():
    c1 = LiteralClause.from_term(parse_term("white(X) ; \\+ swan(X)"))
    c2 = LiteralClause.from_term(parse_term("swan(fred)"))
    (r,) = binary_resolvents(c1, c2)
    assert str(r.clause) == "white(fred)"


def test_occurs_check():
    x = Var("X")
    assert most_general_unifier(x, Struct("f", (x,))) is None
    c1 = LiteralClause.of([Literal(Struct("p", (x, x)))])
    y = Var("Y")
    c2 = LiteralClause.of([Literal(Struct("p", (y, Struct("f", (y,)))), False)])
    assert binary_resolvents(c1, c2) == []


def test_conversion_to_and_from_definite_clauses():
    clause = Clause.from_term(parse_term("p(X) :- q(X, Y), r(Y)"))
    literal_clause = LiteralClause.from_clause(clause)
    assert literal_clause.is_definite
    assert literal_clause.to_clause() == clause
    assert not LiteralClause.from_term(parse_term("\\+ p(X)")).is_definite
    assert variant_clauses(literal_clause, literal_clause.renamed())
    assert subsumes(literal_clause, clause)


@settings(max_examples=60, deadline=None)
@given(clauses(max_size=4))
def test_canonical_key_is_the_same_for_variants(c):
    assert c.canonical_key() == c.renamed().canonical_key()
