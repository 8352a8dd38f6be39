"""GOLEM's relative least general generalisation of examples, given background facts.

The **relative lgg** of examples e1, e2 with respect to ground background
facts K is lgg(e1 :- K, e2 :- K) (Plotkin 1971; GOLEM, Muggleton and Feng
1990).  As GOLEM does, K is cut down to the facts within ``depth`` links of
each example's constants (its h-easy model, :func:`relevant_facts`), body
literals not linked to the head through shared variables are dropped
(:func:`~symlearn.logic.lgg.head_connected`), and the result is reduced.

Functions
---------
relevant_facts, rlgg

References
----------
Plotkin, G. D. (1971).  A further note on inductive generalization.  Machine
Intelligence 6.  Muggleton, S. and Feng, C. (1990).  Efficient induction of
logic programs.  ALT 1990 (GOLEM).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from symlearn.errors import InvalidParameterError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.lgg import constants_of, head_connected, lgg_clauses, term_key
from symlearn.logic.subsumption import reduce_clause
from symlearn.logic.terms import Term, functor_of

__all__ = ["relevant_facts", "rlgg"]


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
    known: dict[object, None] = {term_key(c): None for c in constants_of(example)}
    frontier = list(constants_of(example))
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
                        for c in constants_of(clause.head):
                            if term_key(c) not in known:
                                known[term_key(c)] = None
                                new_constants.append(c)
        frontier = new_constants
    return sorted(taken, key=lambda fact: (functor_of(fact), str(fact)))


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
