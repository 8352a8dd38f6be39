"""Arithmetic evaluation for ``is/2`` and the comparisons, as SWI-Prolog does it.

Integers are unbounded.  ``/`` of two integers is an integer when the division
is exact and a float otherwise (SWI-Prolog's default, ``prefer_rationals``
off); ``//`` truncates toward zero; ``mod`` takes the sign of the divisor and
``rem`` the sign of the dividend; ``**`` and ``^`` of integers are integers.
Errors are raised as :class:`PrologThrow` carrying the ISO error term, e.g.
``error(type_error(evaluable, foo/0), _)``.

Functions
---------
evaluate, compare_numbers
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from symlearn.engine.runtime import Ref
from symlearn.logic.terms import PString, Struct, Term, Var

__all__ = [
    "PrologThrow",
    "compare_numbers",
    "evaluate",
    "evaluation_error",
    "instantiation_error",
    "resource_error",
    "type_error",
]

Number = int | float


class PrologThrow(Exception):
    """A Prolog exception in flight (``throw/1`` or a built-in's error term)."""

    def __init__(self, ball: Term) -> None:
        super().__init__(ball)
        self.ball = ball


def _error(formal: Term) -> PrologThrow:
    return PrologThrow(Struct("error", (formal, Var("_"))))


def type_error(kind: str, culprit: Term) -> PrologThrow:
    """``error(type_error(Kind, Culprit), _)``."""
    return _error(Struct("type_error", (kind, culprit)))


def instantiation_error() -> PrologThrow:
    """``error(instantiation_error, _)``."""
    return _error("instantiation_error")


def resource_error(what: str) -> PrologThrow:
    """``error(resource_error(What), _)``."""
    return _error(Struct("resource_error", (what,)))


def evaluation_error(what: str) -> PrologThrow:
    """``error(evaluation_error(What), _)``."""
    return _error(Struct("evaluation_error", (what,)))


def _check_int(value: Number) -> int:
    if type(value) is not int:
        raise type_error("integer", value)
    return value


def _divide(a: Number, b: Number) -> Number:
    if b == 0:  # SWI-Prolog (float_zero_div=error): 1/0.0 is an error, 0/0.0 undefined
        if type(a) is float and (a == 0 or math.isnan(a)):
            raise evaluation_error("undefined")
        if type(b) is float and a == 0:
            raise evaluation_error("undefined")
        raise evaluation_error("zero_divisor")
    if type(a) is int and type(b) is int:
        if a % b == 0:
            return a // b
        return a / b
    return a / b


def truncated_quotient(a: int, b: int) -> int:
    """``a // b`` as Prolog's ``//`` computes it: truncating toward zero (``b`` is not 0)."""
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b >= 0) else -quotient


def _int_divide(a: Number, b: Number) -> int:
    a, b = _check_int(a), _check_int(b)
    if b == 0:
        raise evaluation_error("zero_divisor")
    return truncated_quotient(a, b)


def _mod(a: Number, b: Number) -> int:
    a, b = _check_int(a), _check_int(b)
    if b == 0:
        raise evaluation_error("zero_divisor")
    return a % b


def _rem(a: Number, b: Number) -> int:
    a, b = _check_int(a), _check_int(b)
    if b == 0:
        raise evaluation_error("zero_divisor")
    return a - b * _int_divide(a, b)


def _floor_divide(a: Number, b: Number) -> int:
    a, b = _check_int(a), _check_int(b)
    if b == 0:
        raise evaluation_error("zero_divisor")
    return a // b


def _power(a: Number, b: Number) -> Number:
    if type(b) is int and b == 0:
        return 1  # SWI-Prolog: X ** 0 is the integer 1, even for a float X
    if type(a) is int and type(b) is int:
        if b < 0:
            if a in (1, -1):
                return a**b
            if a == 0:
                raise evaluation_error("zero_divisor")
            return float(a) ** b
        return a**b
    try:
        result = float(a) ** float(b)
    except ZeroDivisionError:
        raise evaluation_error("zero_divisor") from None
    if isinstance(result, complex):
        raise evaluation_error("undefined")
    return result


def _caret(a: Number, b: Number) -> Number:
    if type(b) is int and b == 0:
        return 1
    if type(a) is int and type(b) is int:
        if b < 0 and a not in (1, -1):
            if a == 0:
                raise evaluation_error("zero_divisor")
            return _power(a, b)  # SWI-Prolog 9 (prefer_rationals false): 2^(-1) =:= 0.5
        return a**b if b >= 0 else (1 if a == 1 else (1 if b % 2 == 0 else -1))
    return _power(a, b)


def _round(x: Number) -> int:
    if type(x) is int:
        return x
    _finite(x)
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


def _finite(x: float) -> None:
    if math.isinf(x) or math.isnan(x):
        raise evaluation_error("undefined")


def _to_int(function: Callable[[float], float]) -> Callable[[Number], int]:
    def apply(x: Number) -> int:
        if type(x) is int:
            return x
        _finite(x)
        return int(function(x))

    return apply


def _sqrt(x: Number) -> float:
    if x < 0:
        raise evaluation_error("undefined")
    return math.sqrt(x)


def _log(x: Number) -> float:
    if x <= 0:
        if x == 0:  # -inf, which SWI-Prolog reports as an overflow
            raise evaluation_error("float_overflow")
        raise evaluation_error("undefined")
    return math.log(x)


def _log2(base: Number, x: Number) -> float:
    if x <= 0 or base <= 0:
        raise evaluation_error("undefined")
    return math.log(x) / math.log(base)


def _sign(x: Number) -> Number:
    if type(x) is int:
        return (x > 0) - (x < 0)
    return math.copysign(1.0, x) if x != 0 else 0.0


def _shift(a: Number, b: Number, left: bool) -> int:
    a, b = _check_int(a), _check_int(b)
    if b < 0:  # SWI-Prolog: a negative shift shifts the other way
        left, b = not left, -b
    return a << b if left else a >> b


def _msb(x: Number) -> int:
    if _check_int(x) < 1:
        raise _error(Struct("domain_error", ("not_less_than_one", x)))
    return x.bit_length() - 1


def _gcd(a: Number, b: Number) -> int:
    return math.gcd(_check_int(a), _check_int(b))


def _copysign(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:  # SWI-Prolog keeps integers integers
        return abs(a) if b >= 0 else -abs(a)
    return math.copysign(a, b)


def _float_integer_part(x: Number) -> Number:
    if type(x) is int:
        return x  # SWI-Prolog keeps an integer an integer
    return float(math.trunc(x))


def _float_fractional_part(x: Number) -> Number:
    if type(x) is int:
        return 0
    return x - math.trunc(x)


def _max(a: Number, b: Number) -> Number:
    # SWI-Prolog returns the second argument when the two compare equal: max(3, 3.0) is 3.0.
    return a if a > b else b


def _min(a: Number, b: Number) -> Number:
    return a if a < b else b


def _random(n: Number) -> int:
    return random.randrange(_check_int(n))


_BINARY: dict[str, Callable[[Number, Number], Number]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": _divide,
    "//": _int_divide,
    "mod": _mod,
    "rem": _rem,
    "div": _floor_divide,
    "min": _min,
    "max": _max,
    "**": _power,
    "^": _caret,
    ">>": lambda a, b: _shift(a, b, False),
    "<<": lambda a, b: _shift(a, b, True),
    "/\\": lambda a, b: _check_int(a) & _check_int(b),
    "\\/": lambda a, b: _check_int(a) | _check_int(b),
    "xor": lambda a, b: _check_int(a) ^ _check_int(b),
    "atan2": lambda a, b: math.atan2(a, b),
    "atan": lambda a, b: math.atan2(a, b),
    "log": _log2,
    "gcd": _gcd,
    "copysign": _copysign,
}

_UNARY: dict[str, Callable[[Number], Number]] = {
    "-": lambda a: -a,
    "+": lambda a: a,
    "abs": abs,
    "sign": _sign,
    "sqrt": _sqrt,
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
    "asin": math.asin,
    "acos": math.acos,
    "atan": math.atan,
    "exp": math.exp,
    "log": _log,
    "log2": lambda a: _log2(2, a),
    "float": float,
    "integer": _round,
    "round": _round,
    "truncate": _to_int(math.trunc),
    "floor": _to_int(math.floor),
    "ceiling": _to_int(math.ceil),
    "float_integer_part": _float_integer_part,
    "float_fractional_part": _float_fractional_part,
    "\\": lambda a: ~_check_int(a),
    "msb": _msb,
    "random": _random,
    "random_float": lambda a: random.random(),
    "succ": lambda a: _check_int(a) + 1,
}

_CONSTANTS: dict[str, Callable[[], Number]] = {
    "pi": lambda: math.pi,
    "e": lambda: math.e,
    "inf": lambda: math.inf,
    "infinite": lambda: math.inf,
    "nan": lambda: math.nan,
    "epsilon": lambda: 2.220446049250313e-16,
    "max_tagged_integer": lambda: (1 << 60) - 1,
    "random": lambda: random.random(),
    "random_float": lambda: random.random(),
    "cputime": lambda: __import__("time").process_time(),
    "realtime": lambda: int(__import__("time").time()),
    "[]": lambda: _raise_type_error("evaluable", "[]"),
}


def _raise_type_error(kind: str, culprit: Term) -> Number:
    raise type_error(kind, culprit)


def evaluate(term: Term, deref: Callable[[Term], Term]) -> Number:
    """Evaluate an arithmetic expression (of any depth: no recursion).

    Parameters
    ----------
    term
        The expression (its variables must be bound).
    deref
        The engine's dereferencing function for run-time variables.

    Raises
    ------
    PrologThrow
        ``instantiation_error``, ``type_error(evaluable, F/N)``, an
        ``evaluation_error`` such as ``zero_divisor``, or
        ``resource_error(stack)`` for an integer beyond :data:`MAX_INTEGER_BITS`.
    """
    try:
        return _quick(term, 0)
    except (_Slow, OverflowError):
        pass
    try:
        return _evaluate(term, deref)
    except PrologThrow as error:
        first = _checked_first(term, deref)  # the error SWI-Prolog reports first, if another
        if first is None:
            try:  # SWI-Prolog evaluates the last operand first: its error is the one seen
                _evaluate(term, deref, last_operand_first=True)
            except PrologThrow as swi_first:
                first = swi_first
        if first is not None and _formal(first) != _formal(error):
            raise first from None
        raise


class _Slow(Exception):
    """The quick evaluator met something it leaves to the general one."""


_SLOW = _Slow()
#: Operands nested deeper than this (apart from left operands) go to the general evaluator.
_QUICK_DEPTH = 64


def _quick(term: object, depth: int) -> Number:
    """Evaluate the common expressions fast: numbers and the usual operators.

    Anything else, and anything that might raise an error, raises
    :class:`_Slow` (the general evaluator, which raises errors as SWI-Prolog
    does, then starts over).  A chain of left operands (``((1+2)+3)+4``, as
    an accumulating loop builds) is walked without recursion.
    """
    while term.__class__ is Ref:
        term = term.value
    kind = term.__class__
    if kind is int or kind is float:
        return term
    if kind is not Struct or depth > _QUICK_DEPTH:
        raise _SLOW
    spine = []
    node: Any = term
    while True:
        args = node.args
        if len(args) != 2:
            break
        spine.append(node)
        node = args[0]
        while node.__class__ is Ref:
            node = node.value
        if node.__class__ is not Struct:
            break
    value = _quick_unary(node, depth) if node.__class__ is Struct else _quick(node, depth)
    for operation in reversed(spine):
        value = _quick_binary(operation.name, value, _quick(operation.args[1], depth + 1))
    return value


def _quick_unary(node: Any, depth: int) -> Number:
    if len(node.args) != 1:
        raise _SLOW
    a = _quick(node.args[0], depth + 1)
    name = node.name
    if name == "-":
        return -a
    if name == "abs":
        return abs(a)
    if name == "+":
        return a
    raise _SLOW


def _quick_binary(name: str, a: Number, b: Number) -> Number:
    """``a name b`` for the usual operators, when it cannot be an error."""
    if a.__class__ is int and b.__class__ is int:
        if name == "+":
            return a + b
        if name == "-":
            return a - b
        if name == "*":
            if a.bit_length() + b.bit_length() <= MAX_INTEGER_BITS:
                return a * b
        elif b:
            if name == "//":
                return truncated_quotient(a, b)
            if name == "mod":
                return a % b
            if name == "/":
                return a // b if a % b == 0 else a / b
        if name == "min":
            return a if a < b else b
        if name == "max":
            return a if a > b else b
        if name == ">>" and b > 0:
            return a >> b
        if name == "/\\":
            return a & b
        if name == "\\/":
            return a | b
        raise _SLOW
    if name == "+":
        result = a + b
    elif name == "-":
        result = a - b
    elif name == "*":
        result = a * b
    elif name == "/" and b:
        result = a / b
    else:
        raise _SLOW
    if result - result != 0:  # inf or nan: an error
        raise _SLOW
    return result


def _formal(error: PrologThrow) -> Term:
    ball = error.ball
    return ball.args[0] if type(ball) is Struct and ball.name == "error" else ball


def _checked_first(term: Term, deref: Callable[[Term], Term]) -> PrologThrow | None:
    """The error SWI-Prolog raises before evaluating, if any.

    That is an unbound variable anywhere, else the last operand (in reading
    order) that is not evaluable.
    """
    not_evaluable: PrologThrow | None = None
    stack = [term]
    while stack:
        node = deref(stack.pop())
        t = type(node)
        if t not in (int, float, str, Struct, PString):  # an unbound variable
            return instantiation_error()
        if t is Struct:
            name, args = node.name, node.args
            if name == "[|]" and len(args) == 2:
                stack.append(args[0])
                continue
            stack.extend(args)  # the last argument is looked at first
            known = (len(args) == 2 and name in _BINARY) or (len(args) == 1 and name in _UNARY)
            if not known and not_evaluable is None:
                not_evaluable = type_error("evaluable", Struct("/", (name, len(args))))
        elif t is str and node not in _CONSTANTS and not_evaluable is None:
            not_evaluable = type_error("evaluable", Struct("/", (node, 0)))
    return not_evaluable


def _evaluate(
    term: Term, deref: Callable[[Term], Term], last_operand_first: bool = False
) -> Number:
    values: list[Number] = []
    stack: list[tuple[Term, bool]] = [(term, False)]
    while stack:
        node, ready = stack.pop()
        if ready:
            assert isinstance(node, Struct)
            if len(node.args) == 2:
                if last_operand_first:
                    a = values.pop()
                    b = values.pop()
                else:
                    b = values.pop()
                    a = values.pop()
                values.append(_apply(_BINARY[node.name], node.name, a, b))
            else:
                a = values.pop()
                values.append(_apply(_UNARY[node.name], node.name, a))
            continue
        node = deref(node)
        t = type(node)
        if t is int or t is float:
            values.append(node)
        elif t is Struct:
            assert isinstance(node, Struct)
            name, args = node.name, node.args
            if (len(args) == 2 and name in _BINARY) or (len(args) == 1 and name in _UNARY):
                stack.append((node, True))
                stack.extend((a, False) for a in (args if last_operand_first else reversed(args)))
            elif name == "[|]" and len(args) == 2 and deref(args[1]) == "[]":
                stack.append((args[0], False))  # "a" style one-element code lists: [X]
            else:
                raise type_error("evaluable", Struct("/", (name, len(args))))
        else:
            values.append(_leaf(node))
    return values[0]


def _leaf(term: Term) -> Number:
    t = type(term)
    if t is str:
        constant = _CONSTANTS.get(term)
        if constant is not None:
            return constant()
        raise type_error("evaluable", Struct("/", (term, 0)))
    if t is PString and len(term.value) == 1:
        return ord(term.value)
    if t is PString:
        raise type_error("evaluable", term)
    raise instantiation_error()


def _apply(function: Callable[..., Number], name: str, *operands: Number) -> Number:
    _check_size(name, operands)
    try:
        result = function(*operands)
        if type(result) is float and (result - result != 0):  # inf or nan
            if math.isnan(result):
                raise evaluation_error("undefined")
            raise evaluation_error("float_overflow")
        return _check_result(result)
    except OverflowError:
        if any(type(x) is float for x in operands) or name in ("/", "**", "exp"):
            raise evaluation_error("float_overflow") from None
        raise evaluation_error("undefined") from None
    except ValueError:
        raise evaluation_error("undefined") from None


#: The largest integer arithmetic may build, in bits (SWI-Prolog bounds integers by
#: its stack; past this ``is/2`` throws ``resource_error(stack)`` before computing).
MAX_INTEGER_BITS = 1 << 23


def _check_size(name: str, operands: tuple[Number, ...]) -> None:
    """Refuse an integer operation whose result would exceed :data:`MAX_INTEGER_BITS`."""
    if len(operands) != 2:
        return
    a, b = operands
    if type(a) is not int or type(b) is not int:
        return
    if name in ("**", "^"):
        bits = a.bit_length() * b if b > 0 and abs(a) > 1 else 0
    elif name in ("<<", ">>"):
        bits = a.bit_length() + abs(b) if a and (name == "<<") == (b > 0) else 0
    elif name == "*":
        bits = a.bit_length() + b.bit_length()
    else:
        return
    if bits > MAX_INTEGER_BITS:
        raise resource_error("stack")


def _check_result(value: Number) -> Number:
    if type(value) is bool:
        return int(value)
    return value


def compare_numbers(op: str, a: Number, b: Number) -> bool:
    """Apply the arithmetic comparison ``op`` (``<``, ``=:=`` ...) to two numbers."""
    if op == "<":
        return a < b
    if op == ">":
        return a > b
    if op == "=<":
        return a <= b
    if op == ">=":
        return a >= b
    if op == "=:=":
        return a == b
    return a != b
