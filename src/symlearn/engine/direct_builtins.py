"""The hottest builtins as machine procedures of their own: ``is/2``, comparisons, ``=/2`` ...

A deterministic builtin normally runs through a wrapper that calls its
function and turns its truth into the next continuation or ``FAIL``
(:mod:`symlearn.engine.sld`).  These run in one Python call instead, with
the integer cases (by far the most common) handled before the general
evaluator: the same results and errors, fewer frames per goal.  ``arg/3``
and ``functor/3`` answer their common case (a compound term) here and leave
the others to their general procedures.

Functions
---------
DIRECT
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from symlearn.engine.arithmetic import compare_numbers, evaluate
from symlearn.engine.machine import FAIL, FENCE, Cont
from symlearn.engine.runtime import Ref, RTerm, compare_runtime, deref, unify
from symlearn.logic.terms import Struct

if TYPE_CHECKING:
    from symlearn.engine.sld import Run

__all__ = ["DIRECT"]

Procedure = Callable[["Run", Any, int, int, Cont], object]


def _is(m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
    target, expression = args
    while expression.__class__ is Ref:
        bound = expression.value
        if bound is None:
            break
        expression = bound
    kind = expression.__class__
    if kind is int:
        value: Any = expression
    elif kind is Struct and len(expression.args) == 2 and expression.name in ("+", "-"):
        a, b = expression.args
        while a.__class__ is Ref:
            bound = a.value
            if bound is None:
                break
            a = bound
        while b.__class__ is Ref:
            bound = b.value
            if bound is None:
                break
            b = bound
        if a.__class__ is int and b.__class__ is int:
            value = a + b if expression.name == "+" else a - b
        else:
            value = evaluate(expression, deref)
    else:
        value = evaluate(expression, deref)
    while target.__class__ is Ref:
        bound = target.value
        if bound is None:
            target.value = value
            if target.serial < FENCE.stamp:
                m.trail.append(target)
            return nxt
        target = bound
    if target.__class__ is value.__class__ and target == value:
        return nxt
    return FAIL


def _comparison(op: str) -> Procedure:
    test = {
        "<": operator.lt,
        ">": operator.gt,
        "=<": operator.le,
        ">=": operator.ge,
        "=:=": operator.eq,
        "=\\=": operator.ne,
    }[op]

    def compare(m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
        a, b = args
        while a.__class__ is Ref:
            bound = a.value
            if bound is None:
                break
            a = bound
        while b.__class__ is Ref:
            bound = b.value
            if bound is None:
                break
            b = bound
        if a.__class__ is int and b.__class__ is int:
            return nxt if test(a, b) else FAIL
        return nxt if compare_numbers(op, evaluate(a, deref), evaluate(b, deref)) else FAIL

    return compare


def _unify(m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
    return nxt if unify(args[0], args[1], m.trail) else FAIL


def _arg(general: Procedure) -> Procedure:
    """``arg(N, Term, Arg)`` with an integer N and a compound Term here, else ``general``."""

    def arg(m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
        n, term, value = args
        while n.__class__ is Ref:
            bound = n.value
            if bound is None:
                break
            n = bound
        while term.__class__ is Ref:
            bound = term.value
            if bound is None:
                break
            term = bound
        if n.__class__ is int and term.__class__ is Struct and n >= 0:
            arguments = term.args
            if not 1 <= n <= len(arguments):
                return FAIL
            found = arguments[n - 1]
            if value.__class__ is Ref and value.value is None:  # the common case: a new variable
                while found.__class__ is Ref:
                    bound = found.value
                    if bound is None:
                        if found is value:
                            return nxt
                        if found.serial > value.serial:  # the younger variable is bound
                            value, found = found, value
                        break
                    found = bound
                value.value = found
                if value.serial < FENCE.stamp:
                    m.trail.append(value)
                return nxt
            return nxt if unify(value, found, m.trail) else FAIL
        return general(m, args, cutb, depth, nxt)

    return arg


def _functor(general: Procedure) -> Procedure:
    """``functor(Term, Name, Arity)`` of a compound Term here, else ``general``."""

    def functor(m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
        term = args[0]
        while term.__class__ is Ref:
            bound = term.value
            if bound is None:
                return general(m, args, cutb, depth, nxt)
            term = bound
        if term.__class__ is not Struct:
            return general(m, args, cutb, depth, nxt)
        trail = m.trail
        if unify(args[1], term.name, trail) and unify(args[2], len(term.args), trail):
            return nxt
        return FAIL

    return functor


_ORDER = ("<", "=", ">")


def _compare(general: Procedure) -> Procedure:
    """``compare(Order, A, B)``: two atoms or two integers at once, else the standard order."""

    def compare(m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
        order, a, b = args
        while a.__class__ is Ref:
            bound = a.value
            if bound is None:
                break
            a = bound
        while b.__class__ is Ref:
            bound = b.value
            if bound is None:
                break
            b = bound
        kind = a.__class__
        if kind is b.__class__ and (kind is str or kind is int):
            result = "<" if a < b else ("=" if a == b else ">")
        else:
            result = _ORDER[compare_runtime(a, b) + 1]
        while order.__class__ is Ref:
            bound = order.value
            if bound is None:
                order.value = result
                m.trail.append(order)
                return nxt
            order = bound
        if order.__class__ is str and order in _ORDER:
            return nxt if order == result else FAIL
        return general(m, args, cutb, depth, nxt)  # an error

    return compare


def _always(procedure: Procedure) -> Callable[[Procedure], Procedure]:
    return lambda general: procedure


#: For these builtins, the procedure the engine runs, made from the one it
#: would run otherwise (which handles the cases left to it).
DIRECT: dict[tuple[str, int], Callable[[Procedure], Procedure]] = {
    ("is", 2): _always(_is),
    ("=", 2): _always(_unify),
    **{(op, 2): _always(_comparison(op)) for op in ("<", ">", "=<", ">=", "=:=", "=\\=")},
    ("arg", 3): _arg,
    ("functor", 3): _functor,
    ("compare", 3): _compare,
}
