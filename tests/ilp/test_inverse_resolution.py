"""Inverse resolution undoes resolution; CIGOL reproduces Mitchell's derivation."""

from __future__ import annotations

import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.ilp.inverse_operators import (
    absorption,
    identification,
    inter_construction,
    intra_construction,
    inverse_resolve,
    inverse_substitutions,
    truncation,
)
from symlearn.ilp.inverse_resolution import CigolSettings, cigol
from symlearn.kb import load, loads, parse_term
from symlearn.logic.clauses import Clause
from symlearn.logic.resolution import Literal, LiteralClause, binary_resolvents
from symlearn.logic.subsumption import subsumes
from symlearn.logic.terms import Struct, Var
from tests.conftest import requires_swipl
from tests.ilp.ilp_agreement import assert_same_answers
from tests.ilp.relational import task_of
from tests.logic.clause_strategies import atoms, clauses

A, B = Var("A"), Var("B")


def resolves_back(c1: LiteralClause, c2: LiteralClause, c: LiteralClause | Clause) -> bool:
    """Some binary resolvent of c1 and c2 θ-subsumes c."""
    return any(subsumes(r.clause, c) for r in binary_resolvents(c1, c2))


@settings(max_examples=60, deadline=None)
@given(clauses(min_size=1, max_size=3), clauses(min_size=1, max_size=2))
def test_resolution_undoes_inverse_resolution(c, c1):
    for candidate in itertools.islice(inverse_resolve(c, c1, max_substitutions=16), 40):
        assert resolves_back(c1, candidate.clause, c), (str(c), str(c1), str(candidate.clause))


@settings(max_examples=40, deadline=None)
@given(clauses(min_size=1, max_size=3), st.data())
def test_inverse_resolution_recovers_a_resolved_parent(c2, data):
    # resolve two clauses, then invert: one candidate resolves back to the resolvent
    lit = data.draw(st.sampled_from(sorted(c2.literals, key=str)))
    c1 = LiteralClause.of([lit.negated(), *data.draw(clauses(max_size=1)).literals]).renamed()
    for resolvent in binary_resolvents(c1, c2)[:2]:
        candidates = inverse_resolve(resolvent.clause, c1, max_substitutions=64)
        assert candidates
        assert all(resolves_back(c1, k.clause, resolvent.clause) for k in candidates[:20])


def test_mitchell_first_step_and_operators():
    c = LiteralClause.from_term(parse_term("grandchild(bob, shannon)"))
    c1 = LiteralClause.from_term(parse_term("father(shannon, tom)"))
    keys = {r.clause.canonical_key() for r in absorption(c, c1)}
    assert "grandchild(bob, V0) ; ~father(V0, tom)" in keys
    assert identification(c, c1) == []
    rule = Clause.from_term(parse_term("p(X) :- a(X), b(X)"))
    (first, *_) = identification(rule, Clause.from_term(parse_term("p(Y) :- a(Y), q(Y)")))
    assert str(first.to_clause()) == "q(A) :-\n    b(A)."


def test_inverse_substitutions_enumerate_every_subset_of_places():
    lits = [Literal(parse_term("p(a, f(a))")), Literal(parse_term("q(a)"), False)]
    results = list(inverse_substitutions(lits))
    # f(a): kept or replaced (1 place); a: 2^3 subsets when f(a) is kept, 2^2 when not
    assert len(results) == 8 + 4
    assert results[0][0] == lits and results[0][1] == ()


definite_bodies = st.lists(atoms(), min_size=1, max_size=3)


@settings(max_examples=40, deadline=None)
@given(definite_bodies, definite_bodies, st.sampled_from(["X", "a"]))
def test_intra_construction_resolves_back(body1, body2, head_arg):
    x = Var("X")
    c1 = Clause(Struct("h", (x if head_arg == "X" else "a",)), body1)
    c2 = Clause(Struct("h", (x,)), body2).renamed()
    for w in intra_construction(c1, c2, name="inv1"):
        new, d1, d2 = (LiteralClause.from_clause(k) for k in w.clauses)
        assert resolves_back(new, d1, c1)
        assert resolves_back(new, d2, c2)
        assert w.predicate[0] == "inv1"


@settings(max_examples=40, deadline=None)
@given(definite_bodies, definite_bodies)
def test_inter_construction_resolves_back(body1, body2):
    c1 = Clause(Struct("h", (Var("X"),)), body1)
    c2 = Clause(Struct("k", (Var("Y"),)), body2)
    for w in inter_construction(c1, c2, name="inv1"):
        n1, n2, q = (LiteralClause.from_clause(k) for k in w.clauses)
        assert resolves_back(n1, q, c1)
        assert resolves_back(n2, q, c2)


def test_w_operators_invent_a_predicate():
    c1 = Clause.from_term(parse_term("p(X) :- a(X), b(X)"))
    c2 = Clause.from_term(parse_term("p(Y) :- a(Y), c(Y)"))
    (w,) = intra_construction(c1, c2, name="q1")
    assert [str(k).replace("\n", " ") for k in w.clauses] == [
        "p(A) :-     a(A),     q1(A).",
        "q1(A) :-     b(A).",
        "q1(A) :-     c(A).",
    ]
    assert intra_construction(c1, Clause.from_term(parse_term("r(Y) :- a(Y)"))) == []


@settings(max_examples=40, deadline=None)
@given(st.lists(atoms(), min_size=1, max_size=3))
def test_truncation_generalises_every_input(facts):
    clauses_ = [Clause(f) for f in facts if f.name == facts[0].name]
    general = truncation(clauses_)
    assert general is not None
    assert all(subsumes(general, c) for c in clauses_)


def test_truncation_of_member_facts():
    facts = [Clause(parse_term(t)) for t in ("member(a, [a, b])", "member(b, [b])")]
    assert str(truncation(facts)) == "member(A, [A|_])."


def test_cigol_reproduces_mitchells_grandchild_derivation():
    kb = load(["kb/grandchild.pl"])
    result = cigol(task_of(kb, ("grandchild", 2)))
    (learnt,) = result.clauses
    assert learnt.clause == Clause.from_term(
        parse_term("grandchild(Y, X) :- father(X, Z), father(Z, Y)")
    )
    assert learnt.positives == 5 and learnt.negatives == 0
    step2 = learnt.derivation
    step1 = step2.parent
    assert step1 is not None and step1.parent is not None
    assert step1.clause == Clause.from_term(parse_term("grandchild(bob, X) :- father(X, tom)"))
    assert str(step1.partner) == "father(shannon, tom)"
    assert str(step2.partner) == "father(tom, bob)"
    assert step1.parent.clause == Clause(parse_term("grandchild(bob, shannon)"))
    tree = step2.to_dict()
    assert tree["operator"] == "absorption"
    assert tree["substitution"] == {"bob": "A", "tom": "C"}
    assert tree["from"]["substitution"] == {"shannon": "A"}


def test_cigol_learns_family_targets_consistently():
    kb = load(["kb/family.pl"])
    for target, expected in (
        ("grandparent", "grandparent(X, Z) :- parent(X, Y), parent(Y, Z)"),
        ("grandmother", "grandmother(X, Z) :- parent(Y, Z), parent(X, Y), female(X)"),
    ):
        result = cigol(task_of(kb, (target, 2)))
        assert [c.clause for c in result.clauses] == [Clause.from_term(parse_term(expected))]
        assert result.clauses[0].negatives == 0


def test_cigol_keeps_an_example_that_does_not_compress():
    kb = load(["kb/grandchild.pl"])
    result = cigol(task_of(kb, ("grandchild", 2)), CigolSettings(depth=1))
    assert all(c.clause.is_fact for c in result.clauses)
    assert len(result.clauses) == 5


@requires_swipl
def test_cigol_theory_answers_like_swipl():
    kb = load(["kb/grandchild.pl"])
    theory = cigol(task_of(kb, ("grandchild", 2))).theory
    assert_same_answers(kb, theory, ["grandchild(X, Y)", "grandchild(bob, Y)"])


MITCHELL = "kb/grandchild_one_example.pl"
GENERAL = "grandchild(A, B) :- father(B, C), father(C, A)."
FIRST_STEP = "grandchild(bob, A) :- father(A, tom)."


def _chain(derivation):
    """The derivation's clauses, from the derived clause back to the example."""
    out = []
    while derivation is not None:
        out.append(derivation)
        derivation = derivation.parent
    return out


def test_one_example_shows_mitchells_derivation_and_keeps_the_fact():
    result = cigol(task_of(load([MITCHELL]), ("grandchild", 2)))
    (learnt,) = result.clauses
    assert str(learnt.clause) == "grandchild(bob, shannon)."  # nothing compresses
    first = learnt.generalisations[0]
    chain = _chain(first.derivation)
    assert [d.to_dict()["clause"] for d in chain] == [
        GENERAL,
        FIRST_STEP,
        "grandchild(bob, shannon).",
    ]
    assert [d.operator for d in chain] == ["absorption", "absorption", None]
    assert chain[0].to_dict()["substitution"] == {"bob": "A", "tom": "C"}
    assert chain[1].to_dict()["substitution"] == {"shannon": "A"}
    # each V-step resolves back: the partner and the derived clause give its parent
    for step in chain[:-1]:
        assert resolves_back(
            step.partner, LiteralClause.from_clause(step.clause), step.parent.clause
        )


def test_generalisations_are_listed_most_general_first():
    result = cigol(task_of(load([MITCHELL]), ("grandchild", 2)))
    found = [g.clause for g in result.clauses[0].generalisations]
    assert len(found) > 2
    for i, j in itertools.combinations(range(len(found)), 2):
        # a later candidate is never strictly more general than an earlier one
        assert not (subsumes(found[j], found[i]) and not subsumes(found[i], found[j]))
    keys = [(g.positives, g.more_general_than) for g in result.clauses[0].generalisations]
    assert keys == sorted(keys, reverse=True)


def test_accept_takes_the_general_clause():
    result = cigol(task_of(load([MITCHELL]), ("grandchild", 2)), CigolSettings(accept=True))
    (learnt,) = result.clauses
    assert learnt.accepted
    assert str(learnt.clause) == "grandchild(A, B) :-\n    father(B, C),\n    father(C, A)."


def test_cli_prints_the_derivation_text_and_json(capsys):
    from symlearn.cli import main

    assert main(["learn", "inverse-resolution", MITCHELL]) == 0
    out = capsys.readouterr().out
    assert out.startswith("grandchild(bob, shannon).")
    assert f"%     {GENERAL}   [absorption, θ2⁻¹ = {{bob/A, tom/C}}]" in out
    assert f"{FIRST_STEP}   [absorption, θ2⁻¹ = {{shannon/A}}]" in out
    assert main(["learn", "inverse-resolution", MITCHELL, "--accept", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["hypothesis"] == ["grandchild(A, B) :-\n    father(B, C),\n    father(C, A)."]
    (generalisations,) = payload["generalisations"]
    assert generalisations[0]["clause"] == GENERAL
    assert generalisations[0]["derivation"]["from"]["clause"] == FIRST_STEP


def test_accept_gives_lavrac_and_dzeroskis_daughter_clause():
    kb = loads(
        """
        parent(ann, mary). parent(ann, tom). parent(tom, eve). parent(tom, ian).
        female(ann). female(mary). female(eve).
        pos(daughter(mary, ann)). pos(daughter(eve, tom)).
        neg(daughter(tom, ann)). neg(daughter(eve, ann)).
        """
    )
    kept = cigol(task_of(kb, ("daughter", 2)))
    assert all(c.clause.is_fact for c in kept.clauses)  # 2 positives do not pay for 3 literals
    accepted = cigol(task_of(kb, ("daughter", 2)), CigolSettings(accept=True))
    assert accepted.theory.clauses == (
        Clause.from_term(parse_term("daughter(A, B) :- parent(B, A), female(A)")),
    )
