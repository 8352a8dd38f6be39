"""The directives of plain Prolog programs: ``op/3``, ``set_prolog_flag/2``, ``mode/1``.

Registered in :data:`symlearn.kb.directives.DIRECTIVES` like the learners'
directives:

=====================================  ===============================================
``:- op(700, xfx, likes).``            declare operators; the clauses after it are
                                       read with them (:mod:`symlearn.kb.reader`)
``:- set_prolog_flag(Flag, Value).``   set a Prolog flag (:mod:`symlearn.kb.flags`);
                                       ``double_quotes`` changes how the clauses
                                       after it read ``"text"``
``:- mode(p(+, -)).``                  Quintus/SWI-Prolog mode declaration:
                                       accepted, as SWI-Prolog accepts it (no effect)
``:- use_module(library(clpfd)).``     the library's operators (``in``, ``ins``,
                                       ``..``, ``#<==>`` ...); nothing else to load
``:- assert(C)`` (``asserta``, ``assertz``)  add a clause while loading
=====================================  ===============================================

Functions
---------
strings_as
"""

from __future__ import annotations

from symlearn.kb.directives import DirectiveContext, register_directive
from symlearn.kb.flags import check_flag_setting, flag_value
from symlearn.logic.clauses import Clause, conjuncts
from symlearn.logic.operators import op_error
from symlearn.logic.printer import format_term
from symlearn.logic.terms import (
    PString,
    Struct,
    Term,
    Var,
    is_callable,
    list_items,
    make_list,
    map_leaves,
)

__all__ = ["strings_as"]


def _describe_error(error: tuple[object, ...]) -> str:
    """An ISO error tuple (:func:`op_error`, :func:`check_flag_setting`) in words."""
    kind = error[0]
    if kind == "instantiation_error":
        return "an argument is unbound"
    if kind == "type_error":
        return f"expected {error[1]}, got {format_term(error[2])}"  # type: ignore[arg-type]
    if kind == "domain_error":
        return f"{format_term(error[2])} is not a valid {error[1]}"  # type: ignore[arg-type]
    return f"no permission to {error[1]} {error[2]} {format_term(error[3])}"  # type: ignore[arg-type]


@register_directive("op", 3)
def _op(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    priority, kind, names = args
    items, tail = list_items(names)
    if tail != "[]" or (type(names) is str and names != "[]"):
        items = [names]
    for name in items:
        error = op_error(
            None if type(priority) is Var else priority,
            None if type(kind) is Var else kind,
            None if type(name) is Var else name,
        )
        if error is not None:
            raise context.error(f"op/3: {_describe_error(error)}")
        context.kb.operators.add(priority, kind, name)  # type: ignore[arg-type]


@register_directive("set_prolog_flag", 2)
def _set_prolog_flag(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    flag, value = args
    error = check_flag_setting(
        None if type(flag) is Var else flag, None if type(value) is Var else value
    )
    if error is not None:
        if error[0] == "domain_error" and error[1] == "prolog_flag":
            return  # a flag of SWI-Prolog's that symlearn does not have: nothing to set
        raise context.error(f"set_prolog_flag/2: {_describe_error(error)}")
    assert isinstance(flag, str)
    context.kb.flags[flag] = flag_value(flag, value)


@register_directive("mode", 1)
def _quintus_mode(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """``:- mode(p(+, -)).``: accepted and ignored, as SWI-Prolog (library(quintus)) does."""


def _assert_directive(at_end: bool) -> object:
    def handler(context: DirectiveContext, args: tuple[Term, ...]) -> None:
        term = args[0]
        head, body = (
            term.args
            if type(term) is Struct and term.name == ":-" and len(term.args) == 2
            else (term, "true")
        )
        if not is_callable(head):
            raise context.error(f"cannot assert {format_term(term)}: the head is not callable")
        goals = tuple(
            Struct("call", (g,)) if type(g) is Var else g for g in conjuncts(body) if g != "true"
        )
        clause = Clause(head, goals)
        predicate = context.kb.predicate(*clause.functor)
        predicate.dynamic = True
        if at_end:
            predicate.add(clause, context.position)
        else:
            predicate.clauses.insert(0, clause)
            predicate.positions.insert(0, context.position)
            predicate.touch()

    return handler


for _name, _at_end in (("assert", True), ("assertz", True), ("asserta", False)):
    register_directive(_name, 1)(_assert_directive(_at_end))  # type: ignore[arg-type]


def strings_as(term: Term, double_quotes: Term) -> Term:
    """``term`` with its strings read as the ``double_quotes`` flag says (codes, chars, atom)."""

    def convert(leaf: Term) -> Term:
        if type(leaf) is not PString:
            return leaf
        assert isinstance(leaf, PString)
        if double_quotes == "codes":
            return make_list([ord(c) for c in leaf.value])
        if double_quotes == "chars":
            return make_list(list(leaf.value))
        return leaf.value if double_quotes == "atom" else leaf

    return map_leaves(term, convert)
