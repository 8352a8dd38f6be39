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

The **relative lgg** of examples e1, e2 with respect to ground background
facts K is lgg(e1 :- K, e2 :- K) (Plotkin 1971; GOLEM, Muggleton and Feng
1990).  As GOLEM does, K is cut down to the facts within ``depth`` links of
each example's constants (its h-easy model), body literals not linked to
the head through shared variables are dropped, and the result is reduced.

Functions
---------
lgg_terms, lgg_atoms, lgg_clauses, relevant_facts, rlgg

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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar, overload

from symlearn.errors import InvalidParameterError
from symlearn.logic.clauses import Clause
from symlearn.logic.resolution import Literal, LiteralClause
from symlearn.logic.subsumption import literals_of, reduce_clause
from symlearn.logic.terms import Struct, Term, Var, functor_of, term_equal, term_variables

__all__ = [
    "LggTable",
    "head_connected",
    "lgg_atoms",
    "lgg_clauses",
    "lgg_terms",
    "relevant_facts",
    "rlgg",
]

if TYPE_CHECKING:
    from symlearn.kb.knowledge_base import KnowledgeBase

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
        key = (_key(s), _key(t))
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


def _key(term: Term) -> object:
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


def _constants(term: Term) -> list[Term]:
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


def relevant_facts(
    kb: KnowledgeBase,
    example: Term,
    predicates: Iterable[tuple[str, int]],
    depth: int = 2,
) -> list[Term]:
    """The ground facts reachable from ``example``'s constants in ``depth`` steps.

    Step 1 takes every fact of ``predicates`` that mentions a constant of the
    example; each further step adds the facts that mention a constant of a
    fact already taken.  This is the part of the background that a clause of
    variable depth ``depth`` can use about the example (GOLEM's h-easy model
    restricted to facts).

    Examples
    --------
    >>> from symlearn.kb import loads, parse_term
    >>> kb = loads("parent(a, b). parent(b, c). parent(c, d). parent(x, y).")
    >>> [str(f) for f in relevant_facts(kb, parse_term("gp(a, c)"), [("parent", 2)], 1)]
    ['parent(a, b)', 'parent(b, c)', 'parent(c, d)']
    """
    tables = [kb.predicates[p] for p in predicates if p in kb.predicates]
    known: dict[object, None] = {_key(c): None for c in _constants(example)}
    frontier = list(_constants(example))
    taken: dict[Term, None] = {}
    for _ in range(depth):
        new_constants: list[Term] = []
        for predicate in tables:
            for position in range(predicate.arity):
                by_key, _unbound = predicate.index(position)
                for constant in frontier:
                    for number in by_key.get(constant, ()):
                        clause = predicate.clauses[number]
                        if not (clause.is_fact and clause.is_ground) or clause.head in taken:
                            continue
                        taken[clause.head] = None
                        for c in _constants(clause.head):
                            if _key(c) not in known:
                                known[_key(c)] = None
                                new_constants.append(c)
        frontier = new_constants
    return sorted(taken, key=lambda fact: (functor_of(fact), str(fact)))


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
        return {_key(t) for t in term_variables(term)} | {_key(c) for c in _constants(term)}

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


def rlgg(
    examples: Sequence[Term],
    kb: KnowledgeBase,
    predicates: Iterable[tuple[str, int]],
    depth: int = 2,
    max_literals: int = 2000,
) -> Clause:
    """GOLEM's relative least general generalisation of ground examples.

    The rlgg of e1, ..., en relative to the background facts is the lgg of the
    clauses ``ei :- Ki`` where Ki is :func:`relevant_facts` of ei; body goals
    not linked to the head are dropped and the clause is reduced.

    Parameters
    ----------
    examples
        Ground atoms of one predicate (at least one).
    kb
        The knowledge base holding the background facts.
    predicates
        The background predicates (ground facts of these are used).
    depth
        How many links from each example's constants facts are taken.
    max_literals
        Raise when an intermediate lgg grows past this many body literals.

    Raises
    ------
    InvalidParameterError
        With no examples, examples of different predicates, or a lgg too big.

    Examples
    --------
    >>> from symlearn.kb import loads, parse_term
    >>> kb = loads("parent(a, b). parent(b, c). parent(d, e). parent(e, f). parent(d, g).")
    >>> ex = [parse_term("gp(a, c)"), parse_term("gp(d, f)")]
    >>> print(rlgg(ex, kb, [("parent", 2)]))
    gp(A, B) :-
        parent(A, C),
        parent(C, B).
    """
    if not examples:
        raise InvalidParameterError("rlgg needs at least one example")
    wanted = list(predicates)
    if len({functor_of(e) for e in examples}) != 1:
        raise InvalidParameterError("rlgg: the examples must share one predicate")
    current = Clause(examples[0], relevant_facts(kb, examples[0], wanted, depth))
    for example in examples[1:]:
        other = Clause(example, relevant_facts(kb, example, wanted, depth))
        generalised = lgg_clauses(current, other, reduce=False)
        assert generalised is not None
        current = head_connected(generalised)
        if len(current.body) > max_literals:
            raise InvalidParameterError(
                f"rlgg: the generalisation has {len(current.body)} literals "
                f"(more than {max_literals}); lower the depth"
            )
        current = reduce_clause(current)
    return reduce_clause(head_connected(current))
