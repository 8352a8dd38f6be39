"""Built-ins on the system's state: Prolog flags and operators.

``set_prolog_flag/2`` and ``current_prolog_flag/2`` over the flags of
:mod:`symlearn.kb.flags` (SWI-Prolog's values; ``unknown`` also sets what
calling an undefined predicate does), and ``op/3`` and ``current_op/3`` over
the knowledge base's operator table, which the reader
(:mod:`symlearn.kb.reader`) and the writer use from then on.  The errors are
ISO's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import PrologThrow, instantiation_error, type_error
from symlearn.engine.builtins import (
    DETERMINISTIC,
    det,
    domain_error,
    nondet,
    proper_list,
    unify_terms,
)
from symlearn.engine.runtime import Ref, RTerm, deref, fresh_ref, resolve
from symlearn.kb.flags import check_flag_setting, flag_value
from symlearn.logic.operators import OPERATOR_TYPES, op_error
from symlearn.logic.terms import Struct, Term

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__: list[str] = []


def _iso_error(error: tuple[object, ...]) -> PrologThrow:
    """Raise an error tuple of :func:`op_error` or :func:`check_flag_setting`."""
    if error[0] == "instantiation_error":
        return instantiation_error()
    formal = Struct(str(error[0]), tuple(error[1:]))
    return PrologThrow(Struct("error", (formal, fresh_ref())))


def _value(term: RTerm) -> Term | None:
    """A ground argument as an immutable term, None for an unbound one."""
    term = deref(term)
    return None if type(term) is Ref else resolve(term)


@det("set_prolog_flag", 2)
def _set_prolog_flag(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    flag, value = _value(args[0]), _value(args[1])
    error = check_flag_setting(flag, value)
    if error is not None:
        raise _iso_error(error)
    assert isinstance(flag, str) and value is not None
    stored = flag_value(flag, value)
    engine.flags[flag] = stored
    if flag == "unknown":
        engine.unknown = "error" if stored == "error" else "fail"
    return True


@nondet("current_prolog_flag", 2)
def _current_prolog_flag(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    flag = deref(args[0])
    if type(flag) is not Ref:
        if type(flag) is not str:
            raise type_error("atom", resolve(flag))
        if flag not in engine.flags:
            raise domain_error("prolog_flag", flag)
        if unify_terms(engine, args[1], engine.flags[flag]):
            yield
        return
    for name, value in list(engine.flags.items()):
        mark = len(engine.trail)
        if unify_terms(engine, flag, name) and unify_terms(engine, args[1], value):
            yield
        engine._undo(mark)


@det("op", 3)
def _op(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    priority, kind = _value(args[0]), _value(args[1])
    names_term = deref(args[2])
    names: list[RTerm]
    if type(names_term) is Struct and names_term.name == "[|]":
        found = proper_list(names_term)
        if found is None:
            raise instantiation_error()
        names = found
    else:
        names = [names_term]
    checked = []
    for name in names:
        error = op_error(priority, kind, _value(name))
        if error is not None:
            raise _iso_error(error)
        checked.append(_value(name))
    operators = engine.kb.operators
    for name in checked:
        assert isinstance(name, str) and isinstance(kind, str) and isinstance(priority, int)
        group = OPERATOR_TYPES[kind]
        other = operators.postfix if group == "infix" else operators.infix
        if group in ("infix", "postfix") and name in other:
            raise _iso_error(("permission_error", "create", "operator", name))
        operators.add(priority, kind, name)
    return True


def _use_module(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """``use_module(library(clpfd))`` as a goal: the library's operators (nothing to load)."""
    engine.kb.operators.use_library(_value(args[0]))
    return True


DETERMINISTIC[("use_module", 1)] = DETERMINISTIC[("use_module", 2)] = _use_module


@nondet("current_op", 3)
def _current_op(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    priority, kind, name = (deref(a) for a in args)
    if type(priority) is not Ref and (type(priority) is not int or not 0 <= priority <= 1200):
        raise domain_error("operator_priority", resolve(priority))
    if type(kind) is not Ref and (type(kind) is not str or kind not in OPERATOR_TYPES):
        raise domain_error("operator_specifier", resolve(kind))
    if type(name) is not Ref and type(name) is not str:
        raise type_error("atom", resolve(name))
    for p, k, n in list(engine.kb.operators.all()):
        mark = len(engine.trail)
        if (
            unify_terms(engine, name, n)
            and unify_terms(engine, kind, k)
            and unify_terms(engine, priority, p)
        ):
            yield
        engine._undo(mark)
