r"""Inverse resolution: the V- and W-operators and truncation.

Induction as inverted deduction (Muggleton and Buntine 1988; Mitchell 1997,
sections 10.6-10.7): resolution derives C from C1
and C2 by C = (C1 − {L1})θ1 ∪ (C2 − {L2})θ2; inverting it gives, from the
resolvent C and one parent C1, the other parent

    C2 = (C − (C1 − {L1})θ1)θ2⁻¹ ∪ {¬L1θ1θ2⁻¹}

(restricted, as Mitchell 1997, section 10.7, does, to the shortest C2, which
shares no literal with C1).  The operation is non-deterministic, and every choice is
enumerated (:func:`inverse_resolve`):

* the literal L1 of C1 to resolve on;
* θ1, a substitution of C1's variables with (C1 − {L1})θ1 ⊆ C: every such
  θ1 is found by θ-subsumption (:func:`~symlearn.logic.subsumption.subsumption_witnesses`);
* the inverse substitution θ2⁻¹, which replaces chosen *places* (occurrences)
  of terms of the residue by variables, the same variable for every chosen
  place of one term (Muggleton and Buntine 1988): for each distinct
  non-variable term, any subset of its places, compound terms before the
  terms inside them (:func:`inverse_substitutions`).  Variables of C are
  kept (they are not split into several variables).

With L1 positive (C1's head), C2 gains C1's head as a body literal: this is
**absorption**; with L1 negative (a body literal of C1), C2 concludes L1:
**identification**.  These are the V-operators (:func:`absorption`,
:func:`identification`).

The W-operators combine two clauses and **invent a predicate**
(:func:`intra_construction`: two clauses of one head with a common body part
A become ``p :- A, q``, ``q :- B1.`` and ``q :- B2``;
:func:`inter_construction`: two clauses that share a body part A become
``p1 :- q, B1``, ``p2 :- q, B2`` and ``q :- A``).  The common part is the
reduced lgg (:mod:`symlearn.logic.lgg`), and each way it maps into the two
clauses gives a candidate.  **Truncation** generalises clauses to their
reduced lgg (:func:`truncation`).

In each case resolving a produced clause with its partner gives back the
input clause, up to renaming and θ-subsumption (the tests check this).

Functions
---------
inverse_substitutions, inverse_resolve, absorption, identification,
intra_construction, inter_construction, truncation, fresh_predicate_name

References
----------
Mitchell, T. (1997).  Machine Learning, section 10.6 (induction as inverted
deduction) and section 10.7 (inverting propositional and first-order
resolution).  Muggleton, S. and Buntine, W. (1988).  Machine
invention of first-order predicates by inverting resolution.  ICML 1988
(CIGOL).

Examples
--------
>>> from symlearn.kb import parse_term
>>> c = LiteralClause.from_term(parse_term("grandchild(bob, shannon)"))
>>> c1 = LiteralClause.from_term(parse_term("father(shannon, tom)"))
>>> keys = sorted(r.clause.canonical_key() for r in absorption(c, c1))
>>> len(keys), keys[:4]  # 2 x 4 x 2 choices of places for bob, shannon, tom
(16, ['grandchild(V0, V1) ; ~father(V1, V2)', 'grandchild(V0, V1) ; ~father(V1, tom)',
      'grandchild(V0, V1) ; ~father(shannon, V2)', 'grandchild(V0, V1) ; ~father(shannon, tom)'])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from symlearn.logic.clauses import Clause
from symlearn.logic.lgg import lgg_clauses
from symlearn.logic.resolution import Literal, LiteralClause
from symlearn.logic.subsumption import literals_of, subsumption_witnesses
from symlearn.logic.terms import Struct, Term, Var, term_variables
from symlearn.logic.unify import Substitution, substitute

__all__ = [
    "InverseResolvent",
    "WConstruction",
    "absorption",
    "fresh_predicate_name",
    "identification",
    "inter_construction",
    "intra_construction",
    "inverse_resolve",
    "inverse_substitutions",
    "truncation",
]

#: A place in a list of literals: literal number, then argument positions.
Place = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class InverseResolvent:
    """One candidate C2 of inverse resolution and the choices that made it.

    Attributes
    ----------
    clause
        The clause C2.
    partner
        The clause C1 as used (renamed apart from C).
    resolved
        L1, the literal of ``partner`` resolved on.
    theta1
        θ1, with (C1 − {L1})θ1 ⊆ C.
    inverse
        θ2⁻¹ as (term, variable) pairs: every chosen place of ``term`` became ``variable``.
    operator
        ``"absorption"`` (L1 positive) or ``"identification"`` (L1 negative).
    literals
        The literals of ``clause`` in order: those kept from C (in C's order),
        then the new one.
    """

    clause: LiteralClause
    partner: LiteralClause
    resolved: Literal
    theta1: Substitution = field(compare=False)
    inverse: tuple[tuple[Term, Var], ...] = field(compare=False)
    operator: str = "absorption"
    literals: tuple[Literal, ...] = field(default=(), compare=False)

    def to_clause(self) -> Clause:
        """C2 as a definite clause, body goals in :attr:`literals` order.

        Raises
        ------
        ValueError
            If C2 is not a definite clause.
        """
        return self.clause.to_clause(lit.atom for lit in self.literals)


@dataclass(frozen=True, slots=True)
class WConstruction:
    """The result of a W-operator: a clause using an invented predicate, and its definition.

    Attributes
    ----------
    operator
        ``"intra-construction"`` or ``"inter-construction"``.
    predicate
        ``(name, arity)`` of the invented predicate.
    clauses
        The new clauses (for intra-construction: the clause calling the new
        predicate, then its two definitions; for inter-construction: the two
        rewritten input clauses, then the new predicate's definition).
    partners
        For each input clause, which two new clauses resolve back into it.
    """

    operator: str
    predicate: tuple[str, int]
    clauses: tuple[Clause, ...]
    partners: tuple[tuple[int, int], ...]


def _places(term: Term, prefix: Place) -> Iterator[tuple[Place, Term]]:
    """Every non-variable subterm strictly inside ``term`` (an atom), with its place."""
    if type(term) is not Struct:
        return
    assert isinstance(term, Struct)
    for i, arg in enumerate(term.args):
        place = (*prefix, i)
        if type(arg) is not Var:
            yield place, arg
        yield from _places(arg, place)


def _term_key(term: Term) -> object:
    if type(term) is int or type(term) is float:
        return (type(term), term)
    return term


def _size(term: Term) -> int:
    if type(term) is Struct:
        assert isinstance(term, Struct)
        return 1 + sum(_size(a) for a in term.args)
    return 1


def _replace(term: Term, path: Sequence[int], value: Term) -> Term:
    if not path:
        return value
    assert isinstance(term, Struct)
    args = list(term.args)
    args[path[0]] = _replace(args[path[0]], path[1:], value)
    return Struct(term.name, tuple(args))


def inverse_substitutions(
    literals: Sequence[Literal], limit: int | None = None
) -> Iterator[tuple[list[Literal], tuple[tuple[Term, Var], ...]]]:
    r"""Every generalisation of ``literals`` by an inverse substitution on places.

    For each distinct non-variable term (larger terms first), any subset of
    its places is replaced by one new variable; places inside a replaced
    term are gone.  The first result is the literals unchanged.

    Parameters
    ----------
    literals
        The literals to generalise.
    limit
        Stop after this many (None: all of them, 2^places at most).

    Yields
    ------
    (list of Literal, tuple of (term, Var))
        The generalised literals and the replacements made.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> lits = LiteralClause.from_term(parse_term("p(a, b) ; \\+ q(a)")).sorted()
    >>> sum(1 for _ in inverse_substitutions(lits))
    8
    """
    places: dict[object, list[tuple[Term, Place]]] = {}
    for number, lit in enumerate(literals):
        for place, sub in _places(lit.atom, (number,)):
            places.setdefault(_term_key(sub), []).append((sub, place))
    terms = sorted(places.values(), key=lambda group: -_size(group[0][0]))

    def choose(
        index: int, chosen: list[tuple[Place, Var]], used: list[tuple[Term, Var]]
    ) -> Iterator[tuple[list[tuple[Place, Var]], list[tuple[Term, Var]]]]:
        if index == len(terms):
            yield chosen, used
            return
        group = terms[index]
        free = [
            place
            for _, place in group
            if not any(place[: len(p)] == p and len(place) > len(p) for p, _ in chosen)
        ]
        variable = Var("_G")
        for size in range(len(free) + 1):
            for subset in itertools.combinations(free, size):
                if subset:
                    yield from choose(
                        index + 1,
                        chosen + [(p, variable) for p in subset],
                        [*used, (group[0][0], variable)],
                    )
                else:
                    yield from choose(index + 1, chosen, used)

    for count, (chosen, used) in enumerate(choose(0, [], []), start=1):
        if used:
            variables = {id(v): Var(f"_G{i + 1}") for i, (_, v) in enumerate(used)}
        else:
            variables = {}
        atoms = [lit.atom for lit in literals]
        for place, var in chosen:
            number, path = place[0], place[1:]
            atoms[number] = _replace(atoms[number], path, variables[id(var)])
        yield (
            [Literal(a, lit.positive) for a, lit in zip(atoms, literals)],
            tuple((t, variables[id(v)]) for t, v in used),
        )
        if limit is not None and count >= limit:
            return


def _as_literal_clause(clause: Clause | LiteralClause) -> LiteralClause:
    return LiteralClause.from_clause(clause) if isinstance(clause, Clause) else clause


def inverse_resolve(
    c: Clause | LiteralClause,
    c1: Clause | LiteralClause,
    *,
    max_substitutions: int | None = 1024,
    max_theta1: int | None = 64,
) -> list[InverseResolvent]:
    r"""All clauses C2 such that C is a resolvent of ``c1`` and C2 (Mitchell's formula).

    C2 = (C − (C1 − {L1})θ1)θ2⁻¹ ∪ {¬L1θ1θ2⁻¹}, for every literal L1 of C1,
    every θ1 with (C1 − {L1})θ1 ⊆ C and every inverse substitution θ2⁻¹ of
    the result (see the module docstring).  Candidates that are variants of
    one another are returned once.

    Parameters
    ----------
    c
        The resolvent C (for example a positive example, as a unit clause);
        the body order of a definite clause is kept in
        :attr:`InverseResolvent.literals`.
    c1
        The known parent C1 (a background clause or fact).
    max_substitutions
        Most inverse substitutions tried per (L1, θ1) (None: all).
    max_theta1
        Most θ1 tried per L1 (None: all).

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c = LiteralClause.from_term(parse_term("grandchild(bob, X) ; \\+ father(X, tom)"))
    >>> results = inverse_resolve(c, LiteralClause.from_term(parse_term("father(tom, bob)")))
    >>> any(r.clause.canonical_key() == "grandchild(V0, V1) ; ~father(V1, V2) ; ~father(V2, V0)"
    ...     for r in results)
    True
    """
    ordered = literals_of(c)
    target = LiteralClause.of(ordered)
    partner = _as_literal_clause(c1).renamed()
    seen: set[str] = set()
    results: list[InverseResolvent] = []
    for l1 in partner.sorted():
        rest = [lit for lit in partner.sorted() if lit != l1]
        thetas: Iterable[Substitution] = (
            subsumption_witnesses(rest, target, limit=max_theta1) if rest else [{}]
        )
        for theta1 in thetas:
            removed = {lit.substitute(theta1) for lit in rest}
            residue = [lit for lit in ordered if lit not in removed]
            new = l1.substitute(theta1).negated()
            literals = list(dict.fromkeys([*residue, new]))
            for generalised, inverse in inverse_substitutions(literals, max_substitutions):
                clause = LiteralClause.of(generalised)
                key = clause.canonical_key()
                if key in seen:
                    continue
                seen.add(key)
                operator = "absorption" if l1.positive else "identification"
                results.append(
                    InverseResolvent(
                        clause, partner, l1, theta1, inverse, operator, tuple(generalised)
                    )
                )
    return results


def absorption(
    c: Clause | LiteralClause, c1: Clause | LiteralClause, **options: int | None
) -> list[InverseResolvent]:
    r"""The V-operator absorption: from C and C1 = (q :- A), the clauses C2 = (p :- q, B).

    The candidates of :func:`inverse_resolve` that resolve on the head
    (a positive literal) of C1.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c = Clause.from_term(parse_term("p(X) :- a(X), b(X)"))
    >>> c1 = Clause.from_term(parse_term("q(Y) :- a(Y)"))
    >>> str(absorption(c, c1)[0].to_clause()).replace(chr(10), " ")
    'p(A) :-     b(A),     q(A).'
    """
    return [r for r in inverse_resolve(c, c1, **options) if r.resolved.positive]


def identification(
    c: Clause | LiteralClause, c1: Clause | LiteralClause, **options: int | None
) -> list[InverseResolvent]:
    r"""The V-operator identification: from C = (p :- A, B) and C1 = (p :- A, q), C2 = (q :- B).

    The candidates of :func:`inverse_resolve` that resolve on a body (negative)
    literal of C1.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c = Clause.from_term(parse_term("p(X) :- a(X), b(X)"))
    >>> c1 = Clause.from_term(parse_term("p(Y) :- a(Y), q(Y)"))
    >>> str(identification(c, c1)[0].to_clause()).replace(chr(10), " ")
    'q(A) :-     b(A).'
    """
    return [r for r in inverse_resolve(c, c1, **options) if not r.resolved.positive]


def fresh_predicate_name(taken: Iterable[str], prefix: str = "inv") -> str:
    """The first of ``inv1``, ``inv2``, ... not in ``taken`` (a name for an invented predicate).

    Examples
    --------
    >>> fresh_predicate_name({"inv1", "p"})
    'inv2'
    """
    used = set(taken)
    for n in itertools.count(1):
        name = f"{prefix}{n}"
        if name not in used:
            return name
    raise AssertionError("unreachable")  # pragma: no cover


def _linking_variables(
    common: Sequence[Term], images: Sequence[tuple[Substitution, Sequence[Term]]]
) -> list[Var]:
    """Variables of ``common`` whose image shares a variable with the rest of some clause."""
    chosen = []
    for v in term_variables(*common):
        for theta, rest in images:
            rest_vars = set(term_variables(*rest))
            if rest_vars.intersection(term_variables(substitute(v, theta))):
                chosen.append(v)
                break
    return chosen


def _witness_pairs(
    general: Sequence[Literal], first: Clause, second: Clause, limit: int
) -> Iterator[tuple[Substitution, Substitution]]:
    left = list(subsumption_witnesses(general, first, limit=limit))
    right = list(subsumption_witnesses(general, second, limit=limit))
    yield from itertools.product(left, right)


def _rest(clause: Clause, general: Sequence[Literal], theta: Substitution) -> list[Term]:
    """Body goals of ``clause`` not images of ``general``'s negative literals under θ."""
    image = {lit.substitute(theta).atom for lit in general if not lit.positive}
    return [g for g in clause.body if g not in image]


def intra_construction(
    c1: Clause, c2: Clause, name: str = "inv1", max_witnesses: int = 4
) -> list[WConstruction]:
    """The W-operator intra-construction, inventing the predicate ``name``.

    From C1 = (p :- A1, B1) and C2 = (p :- A2, B2), where A is the reduced lgg
    of C1 and C2 with Aθ1 ⊆ C1 and Aθ2 ⊆ C2, produce ``p :- A, name(V)``,
    ``name(V)θ1 :- B1`` and ``name(V)θ2 :- B2``, where V are the variables of
    A linked to B1 or B2.  Resolving the first clause with the second (or
    third) gives back C1 (or C2).

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c1 = Clause.from_term(parse_term("p(X) :- a(X), b(X)"))
    >>> c2 = Clause.from_term(parse_term("p(Y) :- a(Y), c(Y)"))
    >>> for clause in intra_construction(c1, c2)[0].clauses:
    ...     print(str(clause).replace(chr(10), " "))
    p(A) :-     a(A),     inv1(A).
    inv1(A) :-     b(A).
    inv1(A) :-     c(A).
    """
    common = lgg_clauses(c1, c2)
    if common is None:
        return []
    general = literals_of(common)
    found: list[WConstruction] = []
    seen: set[tuple[Clause, ...]] = set()
    for theta1, theta2 in _witness_pairs(general, c1, c2, max_witnesses):
        rest1, rest2 = _rest(c1, general, theta1), _rest(c2, general, theta2)
        if not rest1 or not rest2:
            continue
        linking = _linking_variables(
            [common.head, *common.body], [(theta1, rest1), (theta2, rest2)]
        )
        invented = Struct(name, tuple(linking)) if linking else name
        clauses = (
            Clause(common.head, [*common.body, invented]),
            Clause(substitute(invented, theta1), rest1),
            Clause(substitute(invented, theta2), rest2),
        )
        if clauses not in seen:
            seen.add(clauses)
            found.append(
                WConstruction(
                    "intra-construction", (name, len(linking)), clauses, ((0, 1), (0, 2))
                )
            )
    return found


def inter_construction(
    c1: Clause, c2: Clause, name: str = "inv1", max_witnesses: int = 4
) -> list[WConstruction]:
    """The W-operator inter-construction, inventing the predicate ``name``.

    From C1 = (p1 :- A1, B1) and C2 = (p2 :- A2, B2), where the body part A is
    the reduced lgg of the two bodies with Aθ1 ⊆ body(C1) and Aθ2 ⊆ body(C2),
    produce ``p1 :- name(V)θ1, B1``, ``p2 :- name(V)θ2, B2`` and
    ``name(V) :- A``, where V are the variables of A linked to the rest of
    C1 or C2.  Resolving each of the first two clauses with the third gives
    back a clause that θ-subsumes C1 (or C2).

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c1 = Clause.from_term(parse_term("p(X) :- a(X, Y), b(Y), c(X)"))
    >>> c2 = Clause.from_term(parse_term("q(Z) :- a(Z, W), b(W), d(Z)"))
    >>> for clause in inter_construction(c1, c2)[0].clauses:
    ...     print(str(clause).replace(chr(10), " "))
    p(A) :-     inv1(A),     c(A).
    q(A) :-     inv1(A),     d(A).
    inv1(A) :-     a(A, B),     b(B).
    """
    bodies = [LiteralClause.of(Literal(g, False) for g in c.body) for c in (c1, c2)]
    if bodies[0].is_empty or bodies[1].is_empty:
        return []
    common_body = lgg_clauses(bodies[0], bodies[1])
    if common_body.is_empty:
        return []
    general = common_body.sorted()
    atoms = [lit.atom for lit in general]
    found: list[WConstruction] = []
    seen: set[tuple[Clause, ...]] = set()
    for theta1, theta2 in _witness_pairs(general, c1, c2, max_witnesses):
        rest1, rest2 = _rest(c1, general, theta1), _rest(c2, general, theta2)
        linking = _linking_variables(
            atoms, [(theta1, [c1.head, *rest1]), (theta2, [c2.head, *rest2])]
        )
        invented = Struct(name, tuple(linking)) if linking else name
        clauses = (
            Clause(c1.head, [substitute(invented, theta1), *rest1]),
            Clause(c2.head, [substitute(invented, theta2), *rest2]),
            Clause(invented, atoms),
        )
        if clauses not in seen:
            seen.add(clauses)
            found.append(
                WConstruction(
                    "inter-construction", (name, len(linking)), clauses, ((0, 2), (1, 2))
                )
            )
    return found


def truncation(clauses: Sequence[Clause]) -> Clause | None:
    """Truncation: the reduced lgg of clauses of one predicate (None if heads differ).

    Muggleton and Buntine's truncation generalises unit clauses (examples) to
    their least general generalisation; for rules the same operation is
    Plotkin's lgg of clauses, which keeps only the body literals the clauses
    share up to generalisation.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> facts = [Clause(parse_term(t)) for t in ("member(a, [a, b])", "member(b, [b])")]
    >>> print(truncation(facts))
    member(A, [A|_]).
    """
    if not clauses:
        return None
    current: Clause | None = clauses[0]
    for clause in clauses[1:]:
        if current is None:
            return None
        current = lgg_clauses(current, clause)
    return current
