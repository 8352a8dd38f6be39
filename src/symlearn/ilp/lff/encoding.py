r"""The answer-set program whose models are the programs of a hypothesis space.

Learning from failures generates hypotheses with an answer-set solver
(Cropper and Morel 2021, section 4.2): each answer set of the encoding below,
together with the facts of a :class:`~symlearn.ilp.lff.bias.Bias`
(:func:`bias_facts`), is one program; constraints learnt from failures are
added to it as nogoods (:mod:`~symlearn.ilp.lff.generate`).

A program has clause 0 (never recursive) and, with recursion, recursive
clauses 1, 2, ... up to ``max_clauses``.  Clause ``C`` is::

    head_literal(C, P, A, (0, .., A-1))      the target on its first variables
    body_literal(C, Q, B, (V1, .., VB))      one atom per body literal

The vocabulary (``clause/1``, ``head_literal/4``, ``body_literal/4``,
``body_size/2``, ``clause_var/2``, ``var_type/3``, ``var_pos/3``,
``vars/2``, ``bad_body/3``, ``size/1``, ``recursive_clause/3``) is the one
Popper's users write constraints in, so a ``bias.pl`` such as::

    :- clause(C), #count{V : clause_var(C, V), var_type(C, V, ex)} != 1.

means here what it means to Popper.  The language (Cropper and Morel 2021,
section 4.1; Popper v3.1.0's restrictions):

* a literal's variables are distinct; a rule has at most ``max_vars``
  variables, used in order (``A`` before ``B`` ...), and 1 to ``max_body``
  body literals;
* a variable has at most one type, and a head variable its head type;
* with directions, every body variable is *safe*: an input of the head, or
  bound by a literal whose inputs are safe;
* every head variable occurs in the body (unless ``non_datalog``), every
  variable occurs twice (unless ``allow_singletons``), and every body
  variable is connected to the head;
* a recursive clause calls the target once, has another literal, does not
  call it on the head's own inputs (it would not terminate), and, for a
  binary target, does not move a head argument to the other place; no
  clause's body contains another's (it would be redundant); recursive
  clauses come in order of size.

Functions
---------
encoding, bias_facts, variable_facts
"""

from __future__ import annotations

import itertools

from symlearn.ilp.lff.bias import Bias, Direction, Predicate

__all__ = [
    "CALLS",
    "DEFINED",
    "ENCODING",
    "KINDS",
    "SHAPE",
    "SIZES",
    "VARIABLES",
    "bias_facts",
    "encoding",
    "variable_facts",
]

#: The atoms a bias may leave undefined (shared with the encoding of
#: :mod:`~symlearn.ilp.lff.invention`, as are :data:`SIZES`, :data:`VARIABLES`,
#: :data:`CALLS`, :data:`KINDS` and :data:`SHAPE`).
DEFINED = r"""
#defined type/2.
#defined direction/2.
#defined enable_recursion/0.
#defined non_datalog/0.
#defined allow_singletons/0.
#defined bad_body/3.
#defined arg_type/3.
#defined head_type/2.
#defined arg_in/3.
#defined inputs/3.
#defined head_in/1.
#defined directed/0.
"""

#: The size of a clause (its body literals) and of a program (its literals).
SIZES = r"""
body_size(C,N) :- clause(C), max_body(M), N = 1..M, #count{P,Vars : body_literal(C,P,_,Vars)} == N.
:- clause(C), not body_size(C,_).
max_size(K) :- max_body(M), max_clauses(N), K = (M+1)*N.
size(N) :- max_size(K), N = 2..K, #sum{B+1,C : body_size(C,B)} == N.
size_at_least(M) :- size(N), M = 2..N.
"""

#: The variables of a clause, used in order.
VARIABLES = r"""
var_member(V,Vars) :- var_pos(V,Vars,_).
head_var(C,V) :- head_literal(C,_,_,Vars), var_member(V,Vars).
body_var(C,V) :- body_literal(C,_,_,Vars), var_member(V,Vars).
clause_var(C,V) :- head_var(C,V).
clause_var(C,V) :- body_var(C,V).
var_in_literal(C,P,Vars,V) :- head_literal(C,P,_,Vars), var_member(V,Vars).
var_in_literal(C,P,Vars,V) :- body_literal(C,P,_,Vars), var_member(V,Vars).
:- clause_var(C,V), V > 0, not clause_var(C,V-1).
"""

#: A literal is called once its inputs are bound (for one way of calling it),
#: then binds its other variables; with directions every variable is bound.
CALLS = r"""
ready(C,P,Vars) :- body_literal(C,P,_,Vars), inputs(P,M,N),
    #count{I : var_pos(W,Vars,I), arg_in(P,M,I), safe(C,W)} >= N.
safe(C,V) :- ready(C,_,Vars), var_member(V,Vars).
:- directed, body_var(C,V), not safe(C,V).
"""

#: Recursive clauses (they call their own head's predicate) and base cases.
KINDS = r"""
recursive_clause(C,P,A) :- head_literal(C,P,A,_), body_literal(C,P,A,_).
base_clause(C,P,A) :- head_literal(C,P,A,_), not body_literal(C,P,A,_).
recursive :- recursive_clause(_,_,_).
"""

#: Datalog, no singletons, every variable connected to the head.
SHAPE = r"""
% ---------------------------------------------------------------- shape
:- not non_datalog, head_var(C,V), not body_var(C,V).
:- not allow_singletons, clause_var(C,V), #count{P,Vars : var_in_literal(C,P,Vars,V)} == 1.
connected(C,V) :- head_var(C,V).
connected(C,V) :- connected(C,W), body_literal(C,_,_,Vars), var_member(W,Vars), var_member(V,Vars).
:- body_var(C,V), not connected(C,V).
"""

ENCODING = (
    r"""
"""
    + DEFINED
    + r"""#defined lower/2.
#show body_literal/4.

% ---------------------------------------------------------------- clauses
clause(0).
{ clause(C) } :- enable_recursion, max_clauses(N), C = 1..N-1.
:- clause(C), C > 1, not clause(C-1).

head_literal(C,P,A,Vars) :- clause(C), head_pred(P,A), head_vars(A,Vars).
head_aux(P,A) :- head_pred(P,A).

% a body literal: a body predicate, or (recursion) the target on other variables
usable(P,A,Vars) :- body_pred(P,A), vars(A,Vars), not mistyped(P,Vars), not bad_body(P,A,Vars).
call(P,A,Vars) :- enable_recursion, head_pred(P,A), vars(A,Vars), not head_vars(A,Vars),
    not mistyped(P,Vars), not bad_body(P,A,Vars).
{ body_literal(C,P,A,Vars) : usable(P,A,Vars) } :- clause(C).
{ body_literal(C,P,A,Vars) : call(P,A,Vars) } :- clause(C), C > 0.

"""
    + SIZES
    + r"""
% ---------------------------------------------------------------- variables
"""
    + VARIABLES
    + r"""
% symmetry: a body-only variable shares a literal with a smaller one (its link is the
% least such), and links do not decrease (the numbering of a breadth-first visit)
head_arity(A) :- head_pred(_,A).
linked(C,V,W) :- body_literal(C,_,_,Vars), var_member(V,Vars), var_member(W,Vars), W < V,
    head_arity(A), V >= A.
later_link(C,V,W) :- linked(C,V,W), linked(C,V,U), U < W.
link(C,V,W) :- linked(C,V,W), not later_link(C,V,W).
:- body_var(C,V), head_arity(A), V >= A, not linked(C,V,_).
:- link(C,V,W1), link(C,V+1,W2), W2 < W1.

% ---------------------------------------------------------------- types
mistyped(P,Vars) :- vars(_,Vars), var_pos(V,Vars,I), arg_type(P,I,T), head_type(V,U), T != U.
var_type(C,V,T) :- var_in_literal(C,P,Vars,V), var_pos(V,Vars,I), arg_type(P,I,T).
:- clause_var(C,V), #count{T : var_type(C,V,T)} > 1.

% ---------------------------------------------------------------- directions
% a literal is ready when, for one way M of calling it, its inputs are safe
safe(C,V) :- head_literal(C,_,_,Vars), var_pos(V,Vars,I), head_in(I).
"""
    + CALLS
    + r"""
"""
    + SHAPE
    + r"""
% ---------------------------------------------------------------- recursion
"""
    + KINDS
    + r""":- clause(C), C > 0, not recursive_clause(C,_,_).
:- recursive_clause(C,_,_), body_size(C,1).
:- clause(C), head_pred(P,A), #count{Vars : body_literal(C,P,A,Vars)} > 1.
head_input(C,V) :- head_literal(C,_,_,Vars), var_pos(V,Vars,I), head_in(I).
:- body_literal(C,P,A,Vars), head_pred(P,A), inputs(P,0,N), N > 0,
    #count{I : var_pos(W,Vars,I), arg_in(P,0,I), head_input(C,W)} >= N.
:- C > 0, head_literal(C,P,2,_), body_literal(C,P,2,(_,0)).
:- C > 0, head_literal(C,P,2,_), body_literal(C,P,2,(1,_)).
outside(C1,C2) :- clause(C1), clause(C2), C1 != C2, body_literal(C1,P,A,Vars),
    not body_literal(C2,P,A,Vars).
:- clause(C1), clause(C2), C1 != C2, not outside(C1,C2).
:- C1 > 0, C1 < C2, body_size(C1,N1), body_size(C2,N2), N1 > N2.
"""
)


def _tuple(items: tuple[object, ...]) -> str:
    """A tuple as clingo writes it: ``(a,)`` for one item, ``(a,b)`` for two."""
    inner = ",".join(str(i) for i in items)
    return f"({inner},)" if len(items) == 1 else f"({inner})"


def _quote(name: str) -> str:
    """A predicate or type name as a clingo constant (quoted when it is not an identifier)."""
    if name and (name[0].islower() or name[0] == "_") and name.replace("_", "a").isalnum():
        return name
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _predicate_facts(
    predicate: Predicate, kind: str, ways: tuple[Direction, ...] | None
) -> list[str]:
    name = _quote(predicate.name)
    facts = [f"{kind}({name},{predicate.arity})."]
    if predicate.types is not None:
        types = tuple(_quote(t) for t in predicate.types)
        facts.append(f"type({name},{_tuple(types)}).")
        facts += [f"arg_type({name},{i},{t})." for i, t in enumerate(types)]
    for way, direction in enumerate(ways or ()):
        if way == 0:
            facts.append(f"direction({name},{_tuple(direction)}).")
        ins = [i for i, d in enumerate(direction) if d == "in"]
        facts += [f"arg_in({name},{way},{i})." for i in ins]
        facts.append(f"inputs({name},{way},{len(ins)}).")
    return facts


def bias_facts(bias: Bias) -> list[str]:
    """The facts that state ``bias`` for :data:`ENCODING`."""
    head = bias.head
    facts = _predicate_facts(head, "head_pred", bias.directions().get(head.name))
    if head.directions is not None:
        facts += [f"head_in({i})." for i, d in enumerate(head.directions[0]) if d == "in"]
    for predicate in bias.body:
        facts += _predicate_facts(predicate, "body_pred", predicate.directions)
    facts.append(f"head_vars({head.arity},{_tuple(tuple(range(head.arity)))}).")
    if head.types is not None:
        facts += [f"head_type({i},{_quote(t)})." for i, t in enumerate(head.types)]
    facts += [
        f"max_vars({bias.max_vars}).",
        f"max_body({bias.max_body}).",
        f"max_clauses({bias.clauses}).",
        f"var(0..{bias.max_vars - 1}).",
    ]
    for flag, on in (
        ("enable_recursion", bias.recursion),
        ("non_datalog", bias.non_datalog),
        ("allow_singletons", bias.allow_singletons),
        ("directed", bias.directed),
    ):
        if on:
            facts.append(f"{flag}.")
    arities = {head.arity} | {p.arity for p in bias.body}
    for arity in sorted(arities):
        facts += variable_facts(arity, bias.max_vars)
    return facts


def variable_facts(arity: int, max_vars: int) -> list[str]:
    """``vars/2`` and ``var_pos/3``: tuples of ``arity`` distinct variables < ``max_vars``.

    (The ways a literal of that arity may name its variables.)
    """
    facts = []
    for numbers in itertools.permutations(range(max_vars), arity):
        text = _tuple(numbers)
        facts.append(f"vars({arity},{text}).")
        facts += [f"var_pos({v},{text},{i})." for i, v in enumerate(numbers)]
    return facts


def encoding(bias: Bias) -> str:
    """The whole program for ``bias``: :data:`ENCODING`, its facts and its own constraints."""
    return "\n".join([ENCODING, *bias_facts(bias), bias.constraint_text])
