"""Aleph's declarations about predicates, read into ``KnowledgeBase.declarations``.

Srinivasan's Aleph (the Aleph manual, "Other declarations") reads these
directives in a background file; the relational learners read what they
record (:mod:`symlearn.ilp.task`):

=======================================  ============================================
``:- lazy_evaluate(p/2).``               p's ``#`` arguments are computed during the
                                         search, by calling p with its input
                                         arguments bound to ``[PosValues, NegValues]``
                                         (:data:`LAZY_EVALUATE`)
``:- positive_only(p/2).``               ... with the positive values only
                                         (:data:`POSITIVE_ONLY`)
``:- abducible(p/2).``                   p may be abduced (:data:`ABDUCIBLE`;
                                         abduction is not supported: the learners
                                         say so)
``:- arithmetic_function(f/1).``         SWI-Prolog's ``library(arithmetic)``:
                                         ``X is f(A)`` calls ``f(A, X)``
                                         (:data:`ARITHMETIC_FUNCTION`)
=======================================  ============================================

Each records ``(indicator, position)`` under its key; the loader compiles
the clauses after an ``arithmetic_function/1`` with :func:`expand_arithmetic`,
as SWI-Prolog's goal expansion does.  Aleph's integrity
constraints (clauses ``false :- Body``) are recorded by the loader under
:data:`CONSTRAINTS` as ``(clause, position)``.

Constants and functions
-----------------------
LAZY_EVALUATE, POSITIVE_ONLY, ABDUCIBLE, ARITHMETIC_FUNCTION, CONSTRAINTS,
arithmetic_functions, expand_arithmetic
"""

from __future__ import annotations

from symlearn.kb.directives import DIRECTIVES, DirectiveContext, Handler, indicators
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause, conjunction
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term, Var, functor_of

__all__ = [
    "ABDUCIBLE",
    "ARITHMETIC_FUNCTION",
    "CONSTRAINTS",
    "LAZY_EVALUATE",
    "POSITIVE_ONLY",
    "arithmetic_functions",
    "expand_arithmetic",
]

LAZY_EVALUATE = "lazy_evaluate"
POSITIVE_ONLY = "positive_only"
ABDUCIBLE = "abducible"
ARITHMETIC_FUNCTION = "arithmetic_function"
CONSTRAINTS = "constraints"


def _record(key: str) -> Handler:
    def handler(context: DirectiveContext, args: tuple[Term, ...]) -> None:
        declared = context.kb.declarations.setdefault(key, [])
        for indicator in indicators(context, args[0]):
            declared.append((indicator, context.position))

    return handler


for _key in (LAZY_EVALUATE, POSITIVE_ONLY, ABDUCIBLE, ARITHMETIC_FUNCTION):
    DIRECTIVES[(_key, 1)] = _record(_key)

#: The goals that evaluate arithmetic, and which of their arguments they evaluate.
_ARITHMETIC = {
    ("is", 2): (1,),
    **{(op, 2): (0, 1) for op in ("=:=", "=\\=", "<", ">", "=<", ">=")},
}
_CONTROL = {(",", 2), (";", 2), ("->", 2), ("*->", 2), ("\\+", 1), ("findall", 3)}


def arithmetic_functions(kb: KnowledgeBase) -> set[Indicator]:
    """The ``Name/Arity`` that ``:- arithmetic_function/1`` declared so far."""
    return {
        entry[0]
        for entry in kb.declarations.get(ARITHMETIC_FUNCTION, ())
        if isinstance(entry, tuple)
    }


def expand_arithmetic(clause: Clause, functions: set[Indicator]) -> Clause:
    """``clause`` with each declared function in its arithmetic called as a predicate.

    SWI-Prolog's ``library(arithmetic)``: after ``:- arithmetic_function(f/1).``
    a goal ``X is f(A) + 1`` is compiled as ``f(A, V), X is V + 1`` (the
    function's value is the predicate's last argument; innermost first).

    Examples
    --------
    >>> from symlearn.kb.parser import parse_term
    >>> print(expand_arithmetic(Clause.from_term(parse_term("p(X) :- X is inf + f(2)")),
    ...                         {("inf", 0), ("f", 1)}))
    p(A) :-
        inf(B),
        f(2, C),
        A is B+C.
    """
    if not functions or not clause.body:
        return clause
    counter = [0]
    body = [_expand_goal(goal, functions, counter) for goal in clause.body]
    return clause if not counter[0] else Clause(clause.head, body)


def _expand_goal(goal: Term, functions: set[Indicator], counter: list[int]) -> Term:
    if type(goal) not in (str, Struct):
        return goal
    indicator = functor_of(goal)
    if indicator in _CONTROL and type(goal) is Struct:
        return Struct(goal.name, tuple(_expand_goal(a, functions, counter) for a in goal.args))
    places = _ARITHMETIC.get(indicator)
    if places is None or type(goal) is not Struct:
        return goal
    calls: list[Term] = []
    args = list(goal.args)
    for i in places:
        args[i] = _expand_expression(args[i], functions, calls, counter)
    if not calls:
        return goal
    return conjunction([*calls, Struct(goal.name, tuple(args))])


def _expand_expression(
    term: Term, functions: set[Indicator], calls: list[Term], counter: list[int]
) -> Term:
    if type(term) not in (str, Struct):
        return term
    args = tuple(
        _expand_expression(a, functions, calls, counter)
        for a in (term.args if type(term) is Struct else ())
    )
    if functor_of(term) not in functions:
        return Struct(term.name, args) if type(term) is Struct else term
    counter[0] += 1
    value = Var(f"_F{counter[0]}")
    name = term.name if type(term) is Struct else term
    calls.append(Struct(name, (*args, value)))  # type: ignore[arg-type]
    return value
