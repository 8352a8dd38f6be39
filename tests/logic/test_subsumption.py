"""θ-subsumption and reduction against their definitions and a brute-force reference."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.kb import parse_term
from symlearn.logic.clauses import Clause
from symlearn.logic.resolution import Literal, LiteralClause
from symlearn.logic.subsumption import (
    equivalent,
    literals_of,
    reduce_clause,
    subsumes,
    subsumption_witness,
    subsumption_witnesses,
)
from symlearn.logic.terms import Struct, Term, Var, term_variables
from tests.logic.clause_strategies import clauses, substitutions


def _terms_of(clause: LiteralClause) -> list[Term]:
    found: dict[object, Term] = {}
    for lit in clause.literals:
        stack = list(lit.atom.args) if isinstance(lit.atom, Struct) else []
        while stack:
            t = stack.pop()
            found.setdefault(t if not isinstance(t, Var) else ("var", id(t)), t)
            if isinstance(t, Struct):
                stack.extend(t.args)
    return list(found.values())


def brute_force_subsumes(c: LiteralClause, d: LiteralClause) -> bool:
    """Try every substitution of c's variables by subterms of d (the definition)."""
    variables = c.variables
    terms = _terms_of(d) or ["$none"]
    target = d.literals
    return any(
        all(lit.substitute(theta) in target for lit in c.literals)
        for theta in substitutions(variables, terms)
    )


def renamed(clause: LiteralClause) -> LiteralClause:
    return clause.renamed()


@settings(max_examples=150, deadline=None)
@given(clauses(max_size=3), clauses(max_size=4))
def test_subsumption_agrees_with_brute_force(c, d):
    d = d.renamed()  # D's variables are not C's
    assert subsumes(c, d) == brute_force_subsumes(c, d)


@settings(max_examples=80, deadline=None)
@given(clauses(max_size=3), clauses(max_size=5))
def test_every_witness_maps_c_into_d(c, d):
    d = d.renamed()
    for theta in itertools.islice(subsumption_witnesses(c, d), 20):
        assert all(lit.substitute(theta) in d.literals for lit in c.literals)
    witness = subsumption_witness(c, d)
    assert (witness is not None) == subsumes(c, d)


@settings(max_examples=80, deadline=None)
@given(clauses(max_size=4))
def test_subsumption_is_reflexive(c):
    assert subsumes(c, c)
    assert subsumes(c, c.renamed())


@settings(max_examples=80, deadline=None)
@given(clauses(max_size=2), clauses(max_size=3), clauses(max_size=4))
def test_subsumption_is_transitive(a, b, c):
    b, c = b.renamed(), c.renamed()
    if subsumes(a, b) and subsumes(b, c):
        assert subsumes(a, c)


@settings(max_examples=80, deadline=None)
@given(clauses(max_size=4), st.data())
def test_a_clause_subsumes_its_instances_and_supersets(c, data):
    theta = data.draw(
        st.fixed_dictionaries({v: st.sampled_from(["a", "b", *c.variables]) for v in c.variables})
    )
    extra = data.draw(clauses(max_size=2))
    instance = LiteralClause.of([*c.substitute(theta).literals, *extra.literals]).renamed()
    assert subsumes(c, instance)


def test_definite_clauses_match_head_to_head():
    general = Clause.from_term(parse_term("p(X) :- q(X, Y)"))
    assert subsumes(general, Clause.from_term(parse_term("p(a) :- q(a, b), r(b)")))
    assert not subsumes(general, Clause.from_term(parse_term("p(a) :- q(b, a)")))
    # a body literal never maps onto the head
    assert not subsumes(
        Clause.from_term(parse_term("p(X) :- p(Y)")), Clause.from_term(parse_term("p(a)"))
    )


def test_odd_cycle_does_not_subsume_an_edge_and_is_decided_fast():
    # C: a cycle of 21 edges (21 literals), D: one edge both ways.  C ⪯ D iff the
    # cycle is 2-colourable, which an odd cycle is not; naive backtracking
    # tries 2^20 colourings, arc consistency refutes it at once.
    n = 21
    vs = [Var(f"V{i}") for i in range(n)]
    cycle = [Literal(Struct("e", (vs[i], vs[(i + 1) % n])), False) for i in range(n)]
    edge = [Literal(Struct("e", ("a", "b")), False), Literal(Struct("e", ("b", "a")), False)]
    assert not subsumes(cycle, edge)
    even = [Literal(Struct("e", (vs[i], vs[(i + 1) % 20])), False) for i in range(20)]
    assert subsumes(even, edge)


def test_long_chain_into_long_chain():
    n = 30
    vs = [Var(f"V{i}") for i in range(n + 1)]
    chain = [Literal(Struct("e", (vs[i], vs[i + 1])), False) for i in range(n)]
    constants = [f"c{i}" for i in range(2 * n)]
    path = [
        Literal(Struct("e", (constants[i], constants[i + 1])), False) for i in range(2 * n - 1)
    ]
    assert subsumes(chain, path)
    assert not subsumes(path, chain)


def brute_force_reduced_size(clause: LiteralClause) -> int:
    """The size of the smallest subset equivalent to ``clause``."""
    lits = clause.sorted()
    for size in range(len(lits) + 1):
        for subset in itertools.combinations(lits, size):
            if subsumes(clause, list(subset)):
                return size
    return len(lits)


@settings(max_examples=80, deadline=None)
@given(clauses(max_size=5))
def test_reduction_is_equivalent_and_minimal(c):
    reduced = reduce_clause(c)
    assert reduced.literals <= c.literals
    assert equivalent(reduced, c)
    assert len(reduced) == brute_force_reduced_size(c)


def test_reduction_keeps_the_head_and_body_order():
    clause = Clause.from_term(parse_term("p(X) :- s(X), q(X, Y), q(X, a), r(Y)"))
    assert str(reduce_clause(clause)) == str(clause)
    clause = Clause.from_term(parse_term("p(X) :- s(X), q(X, Y), q(X, a)"))
    assert str(reduce_clause(clause)) == "p(A) :-\n    s(A),\n    q(A, a)."


def test_literals_of_a_clause():
    clause = Clause.from_term(parse_term("p(X) :- q(X), q(X)"))
    assert [str(lit) for lit in literals_of(clause)] == ["p(X)", "\\+q(X)"]
    assert term_variables(clause.head)
