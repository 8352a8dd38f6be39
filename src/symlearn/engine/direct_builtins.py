"""The hottest builtins as machine procedures of their own: ``is/2``, comparisons, ``=/2``.

A deterministic builtin normally runs through a wrapper that calls its
function and turns its truth into the next continuation or ``FAIL``
(:mod:`symlearn.engine.sld`).  These run in one Python call instead, with
the integer cases (by far the most common) handled before the general
evaluator: the same results and errors, fewer frames per goal.

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
from symlearn.engine.runtime import Ref, RTerm, deref, unify
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


#: Procedures the engine runs for these builtins' goals.
DIRECT: dict[tuple[str, int], Procedure] = {
    ("is", 2): _is,
    ("=", 2): _unify,
    **{(op, 2): _comparison(op) for op in ("<", ">", "=<", ">=", "=:=", "=\\=")},
}
