r"""Definite clause grammar rules (``-->``) translated to clauses as SWI-Prolog translates them.

``Head --> Body`` becomes ``Head(S0, S) :- Body'`` where every non-terminal
gets the two arguments of a difference list threaded through the body, as
SWI-Prolog's ``dcg_translate_rule/2`` does, goal for goal:

=========================  ==========================================
``[a, b]`` (terminals)     ``S0 = [a, b|S]``
``[]``                     ``S0 = S``
``"ab"`` (a string)        ``S0 = [97, 98|S]``
``[a|T]`` (partial list)   ``'$append'([a|T], S, S0)``
``{G}``                    ``G, S = S0``
``{}``                     ``true`` (S0 and S are the same variable)
``!``                      ``!, S = S0``
``\+ B``                   ``\+ B'(S0, _), S = S0``
``(A, B)``                 ``A'(S0, S1), B'(S1, S)``
``(A ; B)``, ``(A | B)``   ``(A'(S0, S) ; B'(S0, S))``
``(C -> T)``               ``(C'(S0, S1) -> T'(S1, S))``
``call(G, X...)``          ``call(G, X..., S0, S)``
a variable ``V``           ``phrase(V, S0, S)``
``nt(X...)``               ``nt(X..., S0, S)``
=========================  ==========================================

and a pushback rule ``H, PB --> B`` becomes ``H(S0, S) :- B'(S0, S1),
PB'(S, S1)``.  The output is the term SWI-Prolog's ``dcg_translate_rule/2``
returns (before its compiler moves unifications into the head), so
``listing/1``-like views and ``clause/2`` show the same body.

References
----------
SWI-Prolog reference manual, section 4.13 "DCG Grammar rules"; ISO/IEC DTR
13211-3 (definite clause grammar rules).

Functions
---------
dcg_translate_rule, dcg_body
"""

from __future__ import annotations

from symlearn.logic.terms import (
    EMPTY_LIST,
    LIST_FUNCTOR,
    PString,
    Struct,
    Term,
    Var,
    make_list,
    map_leaves,
)

__all__ = ["DCGError", "dcg_body", "dcg_translate_rule"]


class DCGError(ValueError):
    """A rule that cannot be translated: ``kind`` is the ISO error, ``culprit`` the term."""

    def __init__(self, kind: str, expected: str, culprit: Term) -> None:
        super().__init__(f"{kind}({expected}, ...) in a grammar rule")
        self.kind = kind
        self.expected = expected
        self.culprit = culprit


class _Translation:
    """One rule's translation: fresh variables, and the few that unify while translating."""

    def __init__(self) -> None:
        self.bound: dict[Var, Term] = {}

    @staticmethod
    def fresh() -> Var:
        return Var("_")

    def find(self, term: Term) -> Term:
        while type(term) is Var and term in self.bound:
            term = self.bound[term]
        return term

    def unify_variables(self, a: Var, b: Var) -> None:
        """Make two variables one (only ever between the difference-list variables)."""
        a, b = self.find(a), self.find(b)  # type: ignore[assignment]
        if a is not b:
            self.bound[a] = b

    def resolve(self, term: Term) -> Term:
        """``term`` with the variables bound while translating replaced."""
        return map_leaves(term, self.find) if self.bound else term

    # -- the body
    def body(self, term: Term, s: Var, sr: Var) -> Term:
        t = type(term)
        if t is Var:
            return Struct("phrase", (term, s, sr))
        if t is PString:
            assert isinstance(term, PString)
            codes: list[Term] = [ord(c) for c in term.value]
            return Struct("=", (s, make_list(codes, sr)))
        if term == EMPTY_LIST:
            return Struct("=", (s, sr))
        if term == "{}":
            self.unify_variables(sr, s)
            return "true"
        if term == "!":
            return Struct(",", ("!", Struct("=", (sr, s))))
        if t is Struct:
            assert isinstance(term, Struct)
            name, args = term.name, term.args
            if name == LIST_FUNCTOR and len(args) == 2:
                return self.terminals(term, s, sr)
            if name == "{}" and len(args) == 1:
                return Struct(",", (args[0], Struct("=", (sr, s))))
            if name == "," and len(args) == 2:
                middle = self.fresh()
                return Struct(",", (self.body(args[0], s, middle), self.body(args[1], middle, sr)))
            if name in (";", "|") and len(args) == 2:
                return Struct(";", (self.branch(args[0], s, sr), self.branch(args[1], s, sr)))
            if name in ("->", "*->") and len(args) == 2:
                middle = self.fresh()
                return Struct(
                    name, (self.body(args[0], s, middle), self.body(args[1], middle, sr))
                )
            if name == "\\+" and len(args) == 1:
                negated = self.body(args[0], s, self.fresh())
                return Struct(",", (Struct("\\+", (negated,)), Struct("=", (sr, s))))
            if name == "call" and args:
                return Struct("call", (*args, s, sr))
        return extend(term, s, sr)

    def branch(self, term: Term, s: Var, sr: Var) -> Term:
        """One side of ``;``: SWI's ``or_delay_bind``."""
        out = self.fresh()
        goal = self.body(term, s, out)
        if self.find(out) is self.find(s):
            return Struct(",", (goal, Struct("=", (sr, out))))
        self.unify_variables(out, sr)
        return goal

    def terminals(self, items: Term, s: Var, sr: Var) -> Term:
        """A list of terminals: proper (``S = [...|SR]``) or partial (``'$append'``)."""
        elements: list[Term] = []
        tail = items
        while type(tail) is Struct and tail.name == LIST_FUNCTOR and len(tail.args) == 2:
            elements.append(tail.args[0])
            tail = tail.args[1]
        if tail == EMPTY_LIST:
            return Struct("=", (s, make_list(elements, sr)))
        if type(tail) is Var:
            return Struct("$append", (items, sr, s))
        raise DCGError("type_error", "list_or_partial_list", items)


def extend(term: Term, s: Term, sr: Term) -> Term:
    """A non-terminal with the two list arguments added (``dcg_extend``)."""
    if type(term) is Var:
        raise DCGError("instantiation_error", "", term)
    if type(term) is str:
        return Struct(term, (s, sr))
    if type(term) is Struct:
        assert isinstance(term, Struct)
        return Struct(term.name, (*term.args, s, sr))
    raise DCGError("type_error", "callable", term)


def dcg_body(body: Term, s: Var, sr: Var) -> Term:
    """The goal a grammar body ``body`` stands for between ``s`` and ``sr`` (``phrase/3``).

    Examples
    --------
    >>> from symlearn.logic.printer import format_term
    >>> s0, s = Var("S0"), Var("S")
    >>> format_term(dcg_body(Struct(",", (make_list(["a"]), "b")), s0, s))
    'S0=[a|_G1], b(_G1, S)'
    """
    translation = _Translation()
    return translation.resolve(translation.body(body, s, sr))


def dcg_translate_rule(rule: Term) -> Term:
    """The clause ``Head --> Body`` (or ``Head, Pushback --> Body``) stands for.

    Raises
    ------
    DCGError
        For a head or body that is not a grammar rule's (a number, an unbound head).

    Examples
    --------
    >>> from symlearn.kb.parser import parse_term
    >>> from symlearn.logic.printer import portray_clause
    >>> print(portray_clause(dcg_translate_rule(parse_term("greeting --> [hello], name"))))
    greeting(A, B) :-
        A=[hello|C],
        name(C, B).
    """
    assert isinstance(rule, Struct) and rule.name == "-->" and len(rule.args) == 2
    head, body = rule.args
    translation = _Translation()
    s0, s = translation.fresh(), translation.fresh()
    if type(head) is Struct and head.name == "," and len(head.args) == 2:
        nonterminal, pushback = head.args
        if not (
            pushback == EMPTY_LIST or (type(pushback) is Struct and pushback.name == LIST_FUNCTOR)
        ):
            raise DCGError("type_error", "list", pushback)
        middle = translation.fresh()
        clause_head = extend(nonterminal, s0, s)
        goals: Term = Struct(
            ",",
            (translation.body(body, s0, middle), translation.body(pushback, s, middle)),
        )
    else:
        clause_head = extend(head, s0, s)
        goals = translation.body(body, s0, s)
    return translation.resolve(Struct(":-", (clause_head, goals)))
