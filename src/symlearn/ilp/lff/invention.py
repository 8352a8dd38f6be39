r"""Predicate invention: programs that define helper predicates of their own.

With predicate invention (Popper's ``enable_pi``; Cropper and Morel 2021)
a program may define and call *invented* predicates ``inv1``, ``inv2``, ...
besides the target, e.g. ::

    grandparent(A,B):- inv1(A,C),inv1(C,B).
    inv1(A,B):- father(A,B).
    inv1(A,B):- mother(A,B).

The hypothesis space is Popper v3.1.0's (its ``alan.pl``), stated here in
this package's vocabulary (:data:`ENCODING`):

* clause 0 defines the target; a later clause ``C`` defines the target or
  an invented symbol ``invI`` with ``I <= C``; an invented symbol has one
  arity (1 up to the largest arity of the bias), is invented only when
  every smaller one is, is defined by some clause and called in the body of
  a clause of a predicate ranked above it (the target above ``inv1`` above
  ``inv2`` ...); a clause never calls a predicate ranked above its own, and
  clauses come in the order of their heads' ranks (so each program is
  generated once up to the order of same-sized clauses);
* no recursion unless the bias enables it; when a program invents, without
  recursion, every clause of the target calls an invented predicate;
* an invented predicate of one clause with one body literal, a clause
  whose only body literal calls an invented predicate (in a predicate of
  one clause), and an invented predicate of one clause called once where
  unfolding the call would fit in ``max_body`` are all left out: a smaller
  program means the same;
* types flow through calls of an invented predicate (its arguments take the
  types of the caller's and the callee's variables); with directions the
  solver chooses an invented predicate's inputs with it: they are bound in
  its clauses (whose other variables must be bound by their bodies, as in
  any clause), must be bound where it is called, and the call binds its
  other arguments.  (Popper v3.1.0 gives an invented predicate no
  directions: with directions, a call binds nothing and an invented
  clause's variables must be bound by literals that need no input.)

A program with invented predicates is tested like any other: without
recursion, by *unfolding* the invented calls into clauses of the target
(:func:`unfold`; resolution with the invented clauses, which preserves the
least Herbrand model on the target), each then joined set-at-a-time; with
recursion, by the engine.  The constraints learnt from a failure stay sound:
a program's rules are matched with their heads (an invented rule matches
only a clause with the same head), a generalisation (every program with
these rules and more) and a specialisation (the same rules, each with more
literals, and no other) hold because definite programs are monotone.  What
Popper withholds for programs with invented predicates is withheld here too:
no explanation of their failures (a part of the program may leave an
invented predicate undefined), no redundancy constraint, no joining in the
combine step (two programs would define ``inv1`` differently).

Functions
---------
is_invented, has_invention, ordered_rules, unfold, encoding

References
----------
Cropper, A. and Morel, R. (2021).  Predicate invention by learning from
failures.  arXiv:2104.14426.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from symlearn.ilp.lff.bias import Bias
from symlearn.ilp.lff.encoding import (
    CALLS,
    DEFINED,
    KINDS,
    SHAPE,
    SIZES,
    VARIABLES,
    _quote,
    _tuple,
    bias_facts,
    variable_facts,
)
from symlearn.ilp.lff.rules import Literal, Program, Rule, sorted_rules

__all__ = ["ENCODING", "encoding", "has_invention", "is_invented", "ordered_rules", "unfold"]

ENCODING = (
    r"""
"""
    + DEFINED
    + r"""#defined inv_symbol/2.
#show body_literal/4.
#show head_literal/4.

% ---------------------------------------------------------------- invented symbols
index(P,0) :- head_pred(P,_).
index(P,I) :- inv_symbol(P,I).
{ invented(P,A) : A = 1..K } 1 :- inv_symbol(P,_), max_arity(K).
:- inv_symbol(P,I), invented(P,_), inv_symbol(Q,J), J < I, not invented(Q,_).
pi :- invented(_,_).
head_aux(P,A) :- head_pred(P,A).
head_aux(P,A) :- invented(P,A).
lower(P,Q) :- head_pred(P,_), invented(Q,_).
lower(P,Q) :- invented(P,_), invented(Q,_), index(P,I), index(Q,J), I < J.

% ---------------------------------------------------------------- clauses
head_literal(0,P,A,Vars) :- head_pred(P,A), head_vars(A,Vars).
{ head_literal(C,P,A,Vars) : head_aux(P,A), head_vars(A,Vars), index(P,I), I <= C } 1 :-
    max_clauses(N), C = 1..N-1.
clause(C) :- head_literal(C,_,_,_).
:- clause(C), C > 1, not clause(C-1).
:- clause(1), not pi, not recursive.
clause_arity(C,A) :- head_literal(C,_,A,_).

usable(P,A,Vars) :- body_pred(P,A), vars(A,Vars), not bad_body(P,A,Vars).
{ body_literal(C,P,A,Vars) : usable(P,A,Vars) } :- clause(C).
{ body_literal(C,P,A,Vars) : inv_symbol(P,_), vars(A,Vars) } :- clause(C).
:- body_literal(C,P,A,_), inv_symbol(P,_), not invented(P,A).
call(P,A,Vars) :- enable_recursion, head_pred(P,A), vars(A,Vars), not head_vars(A,Vars),
    not bad_body(P,A,Vars).
{ body_literal(C,P,A,Vars) : call(P,A,Vars) } :- clause(C), C > 0.

"""
    + SIZES
    + r"""
% ---------------------------------------------------------------- ranks and use
:- head_literal(C1,P,_,_), head_literal(C2,Q,_,_), C1 < C2, lower(Q,P).
:- head_literal(C,P,_,_), body_literal(C,Q,_,_), lower(Q,P).
:- invented(P,A), not head_literal(_,P,A,_).
used(P) :- invented(P,A), lower(Q,P), head_literal(C,Q,_,_), body_literal(C,P,A,_).
:- invented(P,_), not used(P).
calls_invented(C) :- invented(P,A), body_literal(C,P,A,_).
:- pi, not recursive, head_literal(C,P,A,_), head_pred(P,A), not calls_invented(C).
multiclause(P,A) :- head_literal(C1,P,A,_), head_literal(C2,P,A,_), C1 < C2.
:- invented(P,A), head_literal(C,P,A,_), body_size(C,1), not multiclause(P,A).
:- head_literal(C,P,Pa,_), invented(Q,Qa), body_literal(C,Q,Qa,_), body_size(C,1),
    not multiclause(P,Pa).
only_once(P,A) :- invented(P,A), #count{C,Vars : body_literal(C,P,A,Vars)} == 1.
:- invented(P,A), head_literal(C1,P,A,_), not multiclause(P,A), only_once(P,A),
    body_literal(C2,P,A,_), C2 < C1, body_size(C1,N1), body_size(C2,N2), max_body(M),
    N1 + N2 - 1 <= M.

% ---------------------------------------------------------------- variables
"""
    + VARIABLES
    + r"""linked(C,V,W) :- body_literal(C,_,_,Vars), var_member(V,Vars), var_member(W,Vars), W < V,
    clause_arity(C,A), V >= A.
later_link(C,V,W) :- linked(C,V,W), linked(C,V,U), U < W.
link(C,V,W) :- linked(C,V,W), not later_link(C,V,W).
:- body_var(C,V), clause_arity(C,A), V >= A, not linked(C,V,_).
:- link(C,V,W1), link(C,V+1,W2), W2 < W1.

% ---------------------------------------------------------------- types
var_type(C,V,T) :- var_in_literal(C,P,Vars,V), var_pos(V,Vars,I), arg_type(P,I,T).
var_type(C1,V1,T) :- invented(P,A), head_literal(C1,P,A,Vars1), body_literal(C2,P,A,Vars2),
    var_pos(V1,Vars1,I), var_pos(V2,Vars2,I), var_type(C2,V2,T).
var_type(C2,V2,T) :- invented(P,A), head_literal(C1,P,A,Vars1), body_literal(C2,P,A,Vars2),
    var_pos(V1,Vars1,I), var_pos(V2,Vars2,I), var_type(C1,V1,T).
:- clause_var(C,V), #count{T : var_type(C,V,T)} > 1.

% ---------------------------------------------------------------- directions
% an invented predicate's inputs are chosen with it: bound in its clauses' heads,
% they must be bound where it is called, and the call binds the rest
{ inv_in(P,I) : I = 0..A-1 } :- directed, invented(P,A).
inv_inputs(P,N) :- directed, invented(P,_), N = #count{I : inv_in(P,I)}.
safe(C,V) :- head_literal(C,P,_,Vars), head_pred(P,_), var_pos(V,Vars,I), head_in(I).
safe(C,V) :- head_literal(C,P,_,Vars), invented(P,_), var_pos(V,Vars,I), inv_in(P,I).
ready(C,P,Vars) :- directed, body_literal(C,P,A,Vars), invented(P,A), inv_inputs(P,N),
    #count{I : var_pos(W,Vars,I), inv_in(P,I), safe(C,W)} >= N.
"""
    + CALLS
    + r"""
"""
    + SHAPE
    + r"""
% ---------------------------------------------------------------- recursion
"""
    + KINDS
    + r""":- not enable_recursion, recursive_clause(_,_,_).
:- enable_recursion, not pi, clause(C), C > 0, not recursive_clause(C,_,_).
:- recursive_clause(C,_,_), body_size(C,1).
:- recursive_clause(_,P,A), not base_clause(_,P,A).
:- head_literal(C,P,A,_), #count{Vars : body_literal(C,P,A,Vars)} > 1.
:- head_literal(C,P,A,Vars), body_literal(C,P,A,Vars).
head_input(C,V) :- head_literal(C,P,_,Vars), head_pred(P,_), var_pos(V,Vars,I), head_in(I).
:- head_literal(C,P,A,_), head_pred(P,A), body_literal(C,P,A,Vars), inputs(P,0,N), N > 0,
    #count{I : var_pos(W,Vars,I), arg_in(P,0,I), head_input(C,W)} >= N.
:- head_literal(C,P,2,_), body_literal(C,P,2,(_,0)).
:- head_literal(C,P,2,_), body_literal(C,P,2,(1,_)).

% ---------------------------------------------------------------- one program, one order
same_head(C1,C2) :- head_literal(C1,P,A,_), head_literal(C2,P,A,_), C1 != C2.
outside(C1,C2) :- same_head(C1,C2), body_literal(C1,P,A,Vars), not body_literal(C2,P,A,Vars).
:- same_head(C1,C2), not outside(C1,C2).
:- same_head(C1,C2), C1 < C2, recursive_clause(C1,P,A), base_clause(C2,P,A).
:- same_head(C1,C2), C1 < C2, base_clause(C1,P,A), base_clause(C2,P,A),
    body_size(C1,N1), body_size(C2,N2), N1 > N2.
:- same_head(C1,C2), C1 < C2, recursive_clause(C1,P,A), recursive_clause(C2,P,A),
    body_size(C1,N1), body_size(C2,N2), N1 > N2.
"""
)


def is_invented(rule: Rule, target: str) -> bool:
    """True when the rule defines an invented predicate (its head is not the target)."""
    return rule.head.predicate != target


def has_invention(program: Iterable[Rule]) -> bool:
    """True when some rule of the program defines a predicate other than the others' head.

    A program of one target has one head predicate; with invented
    predicates it has several.
    """
    return len({(r.head.predicate, r.head.arity) for r in program}) > 1


def ordered_rules(program: Iterable[Rule], target: str) -> list[Rule]:
    """The rules as a program lists them: the target's first, then ``inv1``'s, ``inv2``'s ...

    Each predicate's rules in :func:`~symlearn.ilp.lff.rules.sorted_rules` order.
    """
    by_head: dict[str, list[Rule]] = {}
    for rule in program:
        by_head.setdefault(rule.head.predicate, []).append(rule)
    names = sorted(by_head, key=lambda name: (name != target, len(name), name))
    return [rule for name in names for rule in sorted_rules(by_head[name])]


def unfold(program: Program, target: str) -> list[Rule] | None:
    """The program's target rules with every invented call resolved away (None: recursive).

    Each call ``inv(X, Y)`` of an invented predicate is replaced by the body
    of one of its clauses, its head variables renamed to the call's and its
    other variables to new ones; one rule per choice of clauses.  Without
    recursion through invented predicates this is the same program on the
    target (unfolding preserves the least Herbrand model), and its rules call
    only background predicates (and the target, when the target recursion
    calls it), so they can be joined set-at-a-time.

    Examples
    --------
    >>> g = Literal("g", (0, 1))
    >>> program = frozenset({
    ...     Rule(g, frozenset({Literal("inv1", (0, 2)), Literal("inv1", (2, 1))})),
    ...     Rule(Literal("inv1", (0, 1)), frozenset({Literal("mother", (0, 1))})),
    ...     Rule(Literal("inv1", (0, 1)), frozenset({Literal("father", (0, 1))})),
    ... })
    >>> sorted(str(r) for r in unfold(program, "g"))  # doctest: +NORMALIZE_WHITESPACE
    ['g(A,B):- father(A,C),father(C,B).', 'g(A,B):- father(A,C),mother(C,B).',
     'g(A,B):- father(C,B),mother(A,C).', 'g(A,B):- mother(A,C),mother(C,B).']
    """
    definitions: dict[str, list[Rule]] = {}
    for rule in program:
        if is_invented(rule, target):
            if rule.recursive:
                return None
            definitions.setdefault(rule.head.predicate, []).append(rule)
    unfolded: list[Rule] = []
    for rule in program:
        if not is_invented(rule, target):
            found = _unfold_rule(rule, definitions, depth=len(definitions) + 1)
            if found is None:
                return None
            unfolded += found
    return unfolded


def _unfold_rule(rule: Rule, definitions: dict[str, list[Rule]], depth: int) -> list[Rule] | None:
    """Every resolvent of ``rule`` with the invented clauses, down to background calls only."""
    calls = sorted(b for b in rule.body if b.predicate in definitions)
    if not calls:
        return [rule]
    if depth == 0:  # a cycle through invented predicates
        return None
    kept = [b for b in rule.body if b.predicate not in definitions]
    fresh = max(rule.variables()) + 1
    found: list[Rule] = []
    for choice in itertools.product(*(definitions[c.predicate] for c in calls)):
        body = list(kept)
        next_free = fresh
        for call, clause in zip(calls, choice):
            renamed, next_free = _resolve(call, clause, next_free)
            body += renamed
        deeper = _unfold_rule(Rule(rule.head, frozenset(body)), definitions, depth - 1)
        if deeper is None:
            return None
        found += deeper
    return found


def _resolve(call: Literal, clause: Rule, fresh: int) -> tuple[list[Literal], int]:
    """The clause's body with its head variables as the call's arguments, the rest new."""
    mapping = dict(zip(clause.head.arguments, call.arguments))
    for variable in sorted(clause.variables()):
        if variable not in mapping:
            mapping[variable] = fresh
            fresh += 1
    body = [Literal(b.predicate, tuple(mapping[a] for a in b.arguments)) for b in clause.body]
    return body, fresh


def inv_facts(names: Sequence[str], arities: Sequence[int], max_vars: int) -> list[str]:
    """The facts the invention encoding adds: the symbols and the arities they may take."""
    largest = max(arities)
    facts = [f"inv_symbol({_quote(n)},{i})." for i, n in enumerate(names, 1)]
    facts.append(f"max_arity({largest}).")
    for arity in range(1, largest + 1):
        facts.append(f"head_vars({arity},{_tuple(tuple(range(arity)))}).")
        if arity not in arities:
            facts += variable_facts(arity, max_vars)
    return facts


def encoding(bias: Bias) -> str:
    """The program whose answer sets are the programs of ``bias`` with invented predicates."""
    arities = sorted({bias.head.arity} | {p.arity for p in bias.body})
    facts = [f for f in bias_facts(bias) if not f.startswith("head_vars(")]
    facts += inv_facts(bias.invented, arities, bias.max_vars)
    return "\n".join([ENCODING, *facts, bias.constraint_text])
