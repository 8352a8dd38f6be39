r"""Clauses as sets of literals, and binary resolution with factoring.

A :class:`~symlearn.logic.clauses.Clause` is a *definite* clause: a head and
a body.  Resolution needs clauses of any shape (a goal clause has no positive
literal, a resolvent of two definite clauses may have none or several), so
this module represents a clause the way Mitchell (1997, section 10.7) does, as
a **set of literals** read as their disjunction:

* a :class:`Literal` is an atom with a sign: ``Literal(p(X))`` is ``p(X)``,
  ``Literal(p(X), positive=False)`` is ``¬p(X)``;
* a :class:`LiteralClause` is a frozenset of literals; the empty clause is
  the contradiction.

The definite clause ``h :- b1, ..., bn`` is the literal set
``{h, ¬b1, ..., ¬bn}``: :meth:`LiteralClause.from_clause` and
:meth:`LiteralClause.to_clause` convert between the two (the body of a
converted clause is ordered by predicate name, then by the standard order of
terms, so that conversion is deterministic).  Variables are ordinary
:class:`~symlearn.logic.terms.Var` objects; two literal clauses are equal when
they hold the same literals with the same variables (use
:func:`symlearn.logic.subsumption.equivalent` or :func:`variant_clauses` for
equality up to renaming).

Functions
---------
most_general_unifier, factors, binary_resolvents, resolvents, saturate,
variant_clauses

References
----------
Binary resolution (Robinson 1965; Mitchell 1997, section 10.7.1):
C = (C1 − {L1})θ ∪ (C2 − {L2})θ with L1θ = ¬L2θ.
Robinson, J. A. (1965).  A machine-oriented logic based on the resolution
principle.  JACM 12(1).  Mitchell, T. (1997).  Machine Learning, ch. 10.7.

Examples
--------
>>> from symlearn.kb import parse_term
>>> c1 = LiteralClause.from_term(parse_term("pass_exam ; \\+ know_material"))
>>> c2 = LiteralClause.from_term(parse_term("know_material ; \\+ study"))
>>> [str(r.clause) for r in binary_resolvents(c1, c2)]
['pass_exam ; \\+study']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, compare_terms, functor_of, term_variables
from symlearn.logic.unify import Substitution, rename_apart, substitute, unify

__all__ = [
    "Literal",
    "LiteralClause",
    "Resolvent",
    "binary_resolvents",
    "factors",
    "most_general_unifier",
    "resolvents",
    "saturate",
    "variant_clauses",
]


@dataclass(frozen=True, slots=True)
class Literal:
    r"""An atom or its negation.

    Attributes
    ----------
    atom
        An atom or compound term (a predicate applied to terms).
    positive
        False for the negated atom ``¬atom``.

    Examples
    --------
    >>> from symlearn.logic.terms import struct
    >>> lit = Literal(struct("p", "a"))
    >>> str(lit), str(lit.negated())
    ('p(a)', '\\+p(a)')
    """

    atom: Term
    positive: bool = True

    @property
    def key(self) -> tuple[bool, str, int]:
        """``(sign, name, arity)``: literals can only match when their keys agree."""
        name, arity = functor_of(self.atom)
        return (self.positive, name, arity)

    def negated(self) -> Literal:
        """The complementary literal."""
        return Literal(self.atom, not self.positive)

    def substitute(self, subst: Substitution) -> Literal:
        """The literal with ``subst`` applied to its atom."""
        return Literal(substitute(self.atom, subst), self.positive)

    def to_term(self) -> Term:
        r"""The literal as a term: the atom, or ``\+ atom`` when negative."""
        return self.atom if self.positive else Struct("\\+", (self.atom,))

    def __str__(self) -> str:
        return format_term(self.to_term(), max_priority=999)


def _literal_order(a: Literal, b: Literal) -> int:
    if a.positive != b.positive:
        return -1 if a.positive else 1
    ka, kb = functor_of(a.atom), functor_of(b.atom)
    if ka != kb:
        return -1 if ka < kb else 1
    return compare_terms(a.atom, b.atom)


@dataclass(frozen=True, slots=True)
class LiteralClause:
    """A clause as a set of literals (their disjunction).

    Attributes
    ----------
    literals
        The literals; the empty set is the empty clause (false).

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c = LiteralClause.from_clause(Clause.from_term(parse_term("p(X) :- q(X, Y), r(Y)")))
    >>> len(c), c.is_definite, str(c.to_clause()).replace(chr(10), " ")
    (3, True, 'p(A) :-     q(A, B),     r(B).')
    """

    literals: frozenset[Literal] = field(default_factory=frozenset)

    @classmethod
    def of(cls, literals: Iterable[Literal]) -> LiteralClause:
        """Build a clause from any iterable of literals."""
        return cls(frozenset(literals))

    @classmethod
    def from_clause(cls, clause: Clause) -> LiteralClause:
        """The literal set ``{head, ¬body1, ..., ¬bodyN}`` of a definite clause."""
        return cls.of([Literal(clause.head), *(Literal(g, False) for g in clause.body)])

    @classmethod
    def from_term(cls, term: Term) -> LiteralClause:
        r"""A clause written as a disjunction ``l1 ; l2 ; ...`` (``\+ a`` for ¬a).

        A definite clause ``h :- b1, ..., bn`` is accepted too.
        """
        if type(term) is Struct and term.name == ":-" and len(term.args) == 2:
            return cls.from_clause(Clause.from_term(term))
        literals = []
        stack = [term]
        while stack:
            t = stack.pop()
            if type(t) is Struct and t.name == ";" and len(t.args) == 2:
                stack.extend(reversed(t.args))
            elif type(t) is Struct and t.name == "\\+" and len(t.args) == 1:
                literals.append(Literal(t.args[0], False))
            elif t not in ("false", "[]"):
                literals.append(Literal(t))
        return cls.of(literals)

    def __len__(self) -> int:
        return len(self.literals)

    def __iter__(self) -> Iterator[Literal]:
        return iter(self.sorted())

    def sorted(self) -> list[Literal]:
        """The literals: positive first, then by predicate name, then in the standard order."""
        import functools

        return sorted(self.literals, key=functools.cmp_to_key(_literal_order))

    @property
    def positives(self) -> list[Literal]:
        """The positive literals (in standard order)."""
        return [lit for lit in self.sorted() if lit.positive]

    @property
    def negatives(self) -> list[Literal]:
        """The negative literals (in standard order)."""
        return [lit for lit in self.sorted() if not lit.positive]

    @property
    def is_empty(self) -> bool:
        """True for the empty clause (a contradiction)."""
        return not self.literals

    @property
    def is_definite(self) -> bool:
        """True when exactly one literal is positive (a definite Horn clause)."""
        return sum(1 for lit in self.literals if lit.positive) == 1

    @property
    def variables(self) -> list[Var]:
        """The clause's variables (in the order of :meth:`sorted`)."""
        return term_variables(*(lit.atom for lit in self.sorted()))

    def substitute(self, subst: Substitution) -> LiteralClause:
        """The clause with ``subst`` applied to every literal (duplicates merge)."""
        return LiteralClause.of(lit.substitute(subst) for lit in self.literals)

    def renamed(self) -> LiteralClause:
        """A copy with fresh variables (rename apart before combining clauses)."""
        literals = self.sorted()
        atoms, _ = rename_apart([lit.atom for lit in literals])
        return LiteralClause.of(Literal(a, lit.positive) for a, lit in zip(atoms, literals))

    def canonical_key(self) -> str:
        """A text that two clauses share exactly when they are variants (see Notes).

        Notes
        -----
        The literals are ordered by their text with every variable written
        ``_``, and variables are numbered in that order.  Literals whose text
        is then the same are tried in every order (up to 720 orders in all)
        and the smallest text is kept, which makes the key exact; beyond that
        variants may get different keys, but non-variants never share one.
        """
        from symlearn.logic.printer import format_term

        anonymous: dict[Var, str] = {v: "_" for v in self.variables}
        groups: dict[tuple[bool, str], list[Literal]] = {}
        for lit in self.literals:
            text = format_term(lit.atom, anonymous)
            groups.setdefault((not lit.positive, text), []).append(lit)
        ordered_groups = [groups[k] for k in sorted(groups)]
        orders = 1
        for group in ordered_groups:
            orders *= math.factorial(len(group))
        choices = (
            itertools.product(*(itertools.permutations(g) for g in ordered_groups))
            if orders <= 720
            else [tuple(ordered_groups)]
        )
        return min(_numbered([lit for group in choice for lit in group]) for choice in choices)

    def to_clause(self, body_order: Iterable[Term] | None = None) -> Clause:
        """The definite clause with these literals.

        Parameters
        ----------
        body_order
            Atoms that give the order of body goals (others follow in standard order).

        Raises
        ------
        ValueError
            If the clause does not have exactly one positive literal.
        """
        if not self.is_definite:
            raise ValueError(f"not a definite clause: {self}")
        head = self.positives[0].atom
        body = [lit.atom for lit in self.negatives]
        if body_order is not None:
            rank = {atom: i for i, atom in enumerate(body_order)}
            body.sort(key=lambda atom: rank.get(atom, len(rank)))
        return Clause(head, body)

    def __str__(self) -> str:
        if not self.literals:
            return "[]"
        return " ; ".join(str(lit) for lit in self.sorted())


def _numbered(literals: list[Literal]) -> str:
    """The literals as text, variables numbered ``V0, V1, ...`` in order of appearance."""
    names: dict[Var, str] = {}
    for v in term_variables(*(lit.atom for lit in literals)):
        names[v] = f"V{len(names)}"
    return " ; ".join(
        ("" if lit.positive else "~") + format_term(lit.atom, names) for lit in literals
    )


def variant_clauses(a: LiteralClause, b: LiteralClause) -> bool:
    r"""True when ``a`` and ``b`` are equal up to a renaming of variables.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> a = LiteralClause.from_term(parse_term("p(X) ; \\+q(X)"))
    >>> b = LiteralClause.from_term(parse_term("p(Y) ; \\+q(Y)"))
    >>> variant_clauses(a, b)
    True
    """
    if len(a) != len(b):
        return False
    from symlearn.logic.subsumption import subsumption_witnesses

    for theta in subsumption_witnesses(a, b):
        images = list(theta.values())
        if all(type(t) is Var for t in images) and len({id(t) for t in images}) == len(images):
            return True
    return False


def most_general_unifier(a: Term, b: Term) -> Substitution | None:
    """The most general unifier of two terms, with the occurs check (sound), or None.

    Examples
    --------
    >>> from symlearn.logic.terms import struct
    >>> x = Var("X")
    >>> most_general_unifier(x, struct("f", x)) is None
    True
    """
    return unify(a, b, occurs_check=True)


@dataclass(frozen=True, slots=True)
class Resolvent:
    """One binary resolvent and how it was obtained.

    Attributes
    ----------
    clause
        The resolvent (C1 − {L1})θ ∪ (C2 − {L2})θ.
    left, right
        The resolved literals L1 of the first parent and L2 of the (renamed) second.
    unifier
        The most general unifier θ of L1's atom and L2's atom.
    """

    clause: LiteralClause
    left: Literal
    right: Literal
    unifier: Substitution


def binary_resolvents(c1: LiteralClause, c2: LiteralClause) -> list[Resolvent]:
    r"""All binary resolvents of ``c1`` and ``c2`` (``c2`` is renamed apart first).

    For every literal L1 of ``c1`` and every literal L2 of ``c2`` of opposite
    sign whose atoms unify with most general unifier θ, the resolvent is
    C = (C1 − {L1})θ ∪ (C2 − {L2})θ.

    Parameters
    ----------
    c1, c2
        The parent clauses.

    Returns
    -------
    list of Resolvent
        One entry per resolvable pair of literals, in a deterministic order.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c = LiteralClause.from_term(parse_term("grandchild(bob, X) ; \\+ father(X, tom)"))
    >>> d = LiteralClause.from_term(parse_term("father(shannon, tom)"))
    >>> [str(r.clause) for r in binary_resolvents(c, d)]
    ['grandchild(bob, shannon)']

    References
    ----------
    Robinson (1965); Mitchell (1997) section 10.7.1 (first-order resolution).
    """
    c2 = c2.renamed()
    results = []
    right_literals = c2.sorted()
    for l1 in c1.sorted():
        for l2 in right_literals:
            if l1.positive == l2.positive or l1.key[1:] != l2.key[1:]:
                continue
            theta = most_general_unifier(l1.atom, l2.atom)
            if theta is None:
                continue
            rest = [lit for lit in c1.literals if lit != l1]
            rest += [lit for lit in c2.literals if lit != l2]
            clause = LiteralClause.of(lit.substitute(theta) for lit in rest)
            results.append(Resolvent(clause, l1, l2, theta))
    return results


def factors(clause: LiteralClause) -> list[LiteralClause]:
    r"""The proper factors of ``clause``: Cθ for θ the mgu of two literals of equal sign.

    Factoring is applied repeatedly, so every factor of a factor is included;
    the clause itself is not.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> [str(f) for f in factors(LiteralClause.from_term(parse_term("p(X) ; p(a) ; \\+ q(X)")))]
    ['p(a) ; \\+q(a)']
    """
    found: list[LiteralClause] = []
    frontier = [clause]
    while frontier:
        current = frontier.pop()
        literals = current.sorted()
        for i, a in enumerate(literals):
            for b in literals[i + 1 :]:
                if a.key != b.key:
                    continue
                theta = most_general_unifier(a.atom, b.atom)
                if theta is None:
                    continue
                factor = current.substitute(theta)
                if not any(variant_clauses(factor, seen) for seen in found):
                    found.append(factor)
                    frontier.append(factor)
    return found


def resolvents(
    c1: LiteralClause, c2: LiteralClause, factoring: bool = True
) -> list[LiteralClause]:
    r"""The resolvents of ``c1`` and ``c2``, and, with ``factoring``, of their factors.

    Binary resolution with factoring is refutation complete (Robinson 1965).
    Resolvents that are variants of each other are reported once.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c1 = LiteralClause.from_term(parse_term("p(X) ; p(Y)"))
    >>> c2 = LiteralClause.from_term(parse_term("\\+ p(U) ; \\+ p(V)"))
    >>> any(r.is_empty for r in resolvents(c1, c2))
    True
    """
    lefts = [c1, *factors(c1)] if factoring else [c1]
    rights = [c2, *factors(c2)] if factoring else [c2]
    found: list[LiteralClause] = []
    for left in lefts:
        for right in rights:
            for r in binary_resolvents(left, right):
                if not any(variant_clauses(r.clause, seen) for seen in found):
                    found.append(r.clause)
    return found


def saturate(
    clauses: Iterable[LiteralClause], max_clauses: int = 2000, max_literals: int = 8
) -> tuple[bool, list[LiteralClause]]:
    r"""Derive resolvents until the empty clause appears or nothing new is found.

    A simple level-saturation prover: it resolves every pair of clauses known
    so far (with factoring), drops clauses subsumed by an earlier one and
    clauses longer than ``max_literals``, and stops at the empty clause, when
    a round adds nothing, or after ``max_clauses`` clauses.

    Returns
    -------
    (bool, list of LiteralClause)
        Whether the empty clause was derived (the set is unsatisfiable), and
        the clauses known at the end.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> kb = [LiteralClause.from_term(parse_term(t)) for t in (
    ...     "mortal(X) ; \\+ man(X)", "man(socrates)", "\\+ mortal(socrates)")]
    >>> saturate(kb)[0]
    True
    """
    from symlearn.logic.subsumption import subsumes

    known: list[LiteralClause] = []
    for clause in clauses:
        if not any(subsumes(k, clause) for k in known):
            known.append(clause)
    done = 0
    while done < len(known) and len(known) < max_clauses:
        given = known[done]
        done += 1
        for other in known[:done]:
            for new in resolvents(given, other):
                if new.is_empty:
                    known.append(new)
                    return True, known
                if len(new) > max_literals or any(subsumes(k, new) for k in known):
                    continue
                known.append(new)
    return False, known
