"""Plotkin's least general generalisation, and GOLEM's relative lgg.

The **lgg** (least general generalisation, anti-unification) of two terms is
the most specific term of which both are instances.  It is computed by
walking the two terms together: equal subterms stay, compound terms with the
same functor are generalised argument by argument, and any other pair of
subterms (s, t) becomes a variable, *the same variable for every occurrence
of the same pair* (Plotkin 1970).  Atoms generalise the same way when they
share a predicate (otherwise they have no lgg).

The lgg of two clauses (sets of literals) is the set of lggs of every pair of
compatible literals (same sign and predicate), all computed with one table
of pairs, so that shared variables stay shared.  It θ-subsumes both clauses,
and is θ-subsumed by every clause that θ-subsumes both; it may have up to
|C1|·|C2| literals, so it is reduced (:func:`~symlearn.logic.subsumption.reduce_clause`).

The relative lgg of examples with respect to background knowledge (GOLEM)
is in :mod:`symlearn.ilp.rlgg`; :func:`head_connected` is its last step.

Functions
---------
lgg_terms, lgg_atoms, lgg_clauses, head_connected, constants_of, term_key

References
----------
Plotkin, G. D. (1970).  A note on inductive generalization.  Machine
Intelligence 5.  Plotkin, G. D. (1971).  A further note on inductive
generalization.  Machine Intelligence 6.  Muggleton, S. and Feng, C. (1990).
Efficient induction of logic programs.  ALT 1990 (GOLEM).  Mitchell, T.
(1997).  Machine Learning, ch. 10 (section 10.7, generalization and
θ-subsumption).

Examples
--------
>>> from symlearn.kb import parse_term
>>> print(lgg_terms(parse_term("f(a, g(a), b)"), parse_term("f(c, g(c), b)")))
f(_G1, g(_G1), b)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, overload

from symlearn.logic.clauses import Clause
from symlearn.logic.resolution import Literal, LiteralClause
from symlearn.logic.subsumption import literals_of, reduce_clause
from symlearn.logic.terms import Struct, Term, Var, functor_of, term_equal, term_variables

__all__ = [
    "LggTable",
    "constants_of",
    "head_connected",
    "lgg_atoms",
    "lgg_clauses",
    "lgg_terms",
    "term_key",
]

C = TypeVar("C", Clause, LiteralClause)


class LggTable:
    """The variables an lgg introduced, one per pair of differing subterms.

    ``pairs[(s, t)]`` is the variable that generalises ``s`` (from the first
    input) and ``t`` (from the second); :meth:`substitutions` gives the θ1,
    θ2 with lgg·θ1 = first input and lgg·θ2 = second input.
    """

    __slots__ = ("counter", "pairs")

    def __init__(self) -> None:
        self.pairs: dict[tuple[object, object], tuple[Var, Term, Term]] = {}
        self.counter = 0

    def variable(self, s: Term, t: Term) -> Var:
        """The variable for the pair (s, t), made on first use."""
        key = (term_key(s), term_key(t))
        entry = self.pairs.get(key)
        if entry is None:
            self.counter += 1
            entry = (Var(f"_G{self.counter}"), s, t)
            self.pairs[key] = entry
        return entry[0]

    def substitutions(self) -> tuple[dict[Var, Term], dict[Var, Term]]:
        """(θ1, θ2): each lgg variable mapped to the subterm it stands for in each input."""
        return (
            {v: s for v, s, _ in self.pairs.values()},
            {v: t for v, _, t in self.pairs.values()},
        )


def term_key(term: Term) -> object:
    """A dictionary key that tells 1 from 1.0 (Prolog's == does, Python's does not)."""
    if type(term) in (int, float):
        return (type(term), term)
    return term


def lgg_terms(s: Term, t: Term, table: LggTable | None = None) -> Term:
    """Plotkin's least general generalisation of two terms.

    Parameters
    ----------
    s, t
        The terms (their variables are treated as constants).
    table
        The pairs already generalised (pass one table to generalise several
        terms consistently, e.g. the literals of two clauses).

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> print(lgg_terms(parse_term("[a, b, a]"), parse_term("[c, b, c]")))
    [_G1, b, _G1]
    >>> print(lgg_terms(parse_term("f(1)"), parse_term("f(1.0)")))
    f(_G1)
    """
    if table is None:
        table = LggTable()
    if s is t or (type(s) is type(t) and type(s) is not Struct and s == t):
        return s
    if type(s) is Struct and type(t) is Struct:
        assert isinstance(s, Struct) and isinstance(t, Struct)
        if s.name == t.name and len(s.args) == len(t.args):
            if term_equal(s, t):
                return s
            return Struct(s.name, tuple(lgg_terms(a, b, table) for a, b in zip(s.args, t.args)))
    return table.variable(s, t)


def lgg_atoms(a: Term, b: Term, table: LggTable | None = None) -> Term | None:
    """The lgg of two atoms, or None when their predicates differ.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> print(lgg_atoms(parse_term("parent(ann, bob)"), parse_term("parent(ann, carl)")))
    parent(ann, _G1)
    >>> lgg_atoms(parse_term("parent(ann, bob)"), parse_term("male(ann)")) is None
    True
    """
    if functor_of(a) != functor_of(b):
        return None
    return lgg_terms(a, b, table if table is not None else LggTable())


@overload
def lgg_clauses(c1: Clause, c2: Clause, reduce: bool = True) -> Clause | None: ...
@overload
def lgg_clauses(c1: LiteralClause, c2: LiteralClause, reduce: bool = True) -> LiteralClause: ...
def lgg_clauses(
    c1: Clause | LiteralClause, c2: Clause | LiteralClause, reduce: bool = True
) -> Clause | LiteralClause | None:
    """Plotkin's lgg of two clauses: the lggs of all compatible pairs of literals.

    Parameters
    ----------
    c1, c2
        Two definite clauses, or two literal clauses.
    reduce
        Return the reduced lgg (an equivalent clause without redundant literals).

    Returns
    -------
    Clause, LiteralClause or None
        Of the inputs' type.  Two definite clauses whose heads have different
        predicates have no definite lgg: None.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c1 = Clause.from_term(parse_term("p(a) :- q(a, b), r(b)"))
    >>> c2 = Clause.from_term(parse_term("p(c) :- q(c, d), r(d), s"))
    >>> print(lgg_clauses(c1, c2))
    p(A) :-
        q(A, B),
        r(B).
    """
    table = LggTable()
    if isinstance(c1, Clause) and isinstance(c2, Clause):
        head = lgg_atoms(c1.head, c2.head, table)
        if head is None:
            return None
        body = _pairwise(
            [Literal(g, False) for g in c1.body], [Literal(g, False) for g in c2.body], table
        )
        clause = Clause(head, [lit.atom for lit in body])
        return reduce_clause(clause) if reduce else clause
    literals = _pairwise(literals_of(c1), literals_of(c2), table)
    result = LiteralClause.of(literals)
    return reduce_clause(result) if reduce else result


def _pairwise(
    first: Sequence[Literal], second: Sequence[Literal], table: LggTable
) -> list[Literal]:
    """The lggs of every compatible pair of literals, without duplicates, in order."""
    by_key: dict[tuple[bool, str, int], list[Literal]] = {}
    for lit in second:
        by_key.setdefault(lit.key, []).append(lit)
    found: dict[Literal, None] = {}
    for a in first:
        for b in by_key.get(a.key, ()):
            found.setdefault(Literal(lgg_terms(a.atom, b.atom, table), a.positive), None)
    return list(found)


def constants_of(term: Term) -> list[Term]:
    """The atomic arguments and subterms of an atom (the objects it talks about)."""
    found: list[Term] = []
    stack = list(term.args) if type(term) is Struct else []
    while stack:
        t = stack.pop()
        if type(t) is Struct:
            assert isinstance(t, Struct)
            stack.extend(t.args)
        elif type(t) is not Var:
            found.append(t)
    return found


def head_connected(clause: Clause) -> Clause:
    """Keep the body goals linked to the head by a chain of shared variables or constants.

    Constants link as variables do: while examples are being generalised one
    after another, a fact about a constant all examples so far share (such
    as ``female(mona)``) must stay, as the next example turns it into a
    variable.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> print(head_connected(Clause.from_term(parse_term("p(X) :- q(X, Y), r(Y), s(Z), t(a)"))))
    p(A) :-
        q(A, B),
        r(B).
    """

    def objects(term: Term) -> set[object]:
        return {term_key(t) for t in term_variables(term)} | {
            term_key(c) for c in constants_of(term)
        }

    linked = objects(clause.head)
    goals = [(goal, objects(goal)) for goal in clause.body]
    kept: set[int] = set()
    changed = True
    while changed:
        changed = False
        for i, (_, names) in enumerate(goals):
            if i not in kept and not linked.isdisjoint(names):
                kept.add(i)
                linked |= names
                changed = True
    return Clause(clause.head, [goal for i, (goal, _) in enumerate(goals) if i in kept])
