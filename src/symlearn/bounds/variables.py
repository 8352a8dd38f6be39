"""The variables that learning-theory bounds are stated in.

Every bound of :mod:`symlearn.bounds` is a relation between a few quantities:
the number of training examples ``m``, the accuracy ``epsilon``, the
confidence ``delta``, the size ``H`` of a finite hypothesis space, the number
``n`` of boolean attributes, a VC dimension ``VC``, a number of mistakes ``M``
and so on.  This module fixes, once, the sympy symbol of each quantity (with
the sign assumptions sympy needs to simplify logarithms), its range, whether it
is a whole number, and the name it has on the command line and in JSON.

Functions
---------
variable
    The :class:`Variable` with a given command-line name.
parse_formula
    Read a formula string of the JSON output back into sympy.
parse_number
    Read a number given as text (``"0.1"``, ``"1/20"``, ``"973"``) exactly.
validate, in_domain
    Check a value against a variable's range, raising
    :class:`~symlearn.errors.InvalidParameterError` when it is outside.
lookup
    Find a name in a table of named things, or say which names exist.
describe_interval
    An interval in words, for error messages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

import sympy as sp

from symlearn.errors import InvalidParameterError

__all__ = [
    "VARIABLES",
    "Variable",
    "describe_interval",
    "in_domain",
    "lookup",
    "parse_formula",
    "parse_number",
    "validate",
    "variable",
]

oo = sp.oo


@dataclass(frozen=True)
class Variable:
    """One quantity a bound speaks about.

    Parameters
    ----------
    name
        The command-line and JSON name (``--epsilon``, ``"epsilon"``).
    symbol
        The sympy symbol used in derivations.
    domain
        The values the quantity may take, as a sympy interval.
    integer
        Whether only whole numbers make sense (sizes, counts).
    meaning
        One line saying what the quantity is.
    """

    name: str
    symbol: sp.Symbol
    domain: sp.Interval
    integer: bool
    meaning: str

    def restricted(self, domain: sp.Interval, meaning: str | None = None) -> Variable:
        """Return the same variable with a narrower range (a theorem's hypothesis)."""
        return dataclasses.replace(self, domain=domain, meaning=meaning or self.meaning)


def _var(
    name: str, symbol: str, domain: sp.Interval, integer: bool, meaning: str, **assumptions: bool
) -> Variable:
    return Variable(name, sp.Symbol(symbol, **assumptions), domain, integer, meaning)


#: Every variable by its command-line name.  Symbols are positive unless a
#: zero makes sense (a number of mistakes), so that sympy may expand logarithms.
VARIABLES: dict[str, Variable] = {
    v.name: v
    for v in (
        _var(
            "m", "m", sp.Interval.open(0, oo), True, "number of training examples", positive=True
        ),
        _var(
            "epsilon",
            "epsilon",
            sp.Interval.open(0, 1),
            False,
            "accuracy: the largest true error allowed",
            positive=True,
        ),
        _var(
            "delta",
            "delta",
            sp.Interval.open(0, 1),
            False,
            "confidence: the largest probability of failure allowed",
            positive=True,
        ),
        _var(
            "H",
            "H",
            sp.Interval(1, oo),
            True,
            "size |H| of the finite hypothesis space",
            positive=True,
        ),
        _var(
            "n",
            "n",
            sp.Interval(1, oo),
            True,
            "number of boolean attributes (variables)",
            positive=True,
        ),
        _var(
            "vc",
            "VC",
            sp.Interval(0, oo),
            True,
            "VC dimension of the hypothesis space",
            nonnegative=True,
        ),
        _var("mistakes", "M", sp.Interval(0, oo), True, "number of mistakes", nonnegative=True),
        _var(
            "k",
            "k",
            sp.Interval(0, oo),
            True,
            "mistakes made by the best predictor of the pool",
            nonnegative=True,
        ),
        _var(
            "beta",
            "beta",
            sp.Interval.open(0, 1),
            False,
            "factor a wrong predictor's weight is multiplied by",
            positive=True,
        ),
        _var(
            "R",
            "R",
            sp.Interval.open(0, oo),
            False,
            "radius: the largest norm of an instance",
            positive=True,
        ),
        _var(
            "gamma",
            "gamma",
            sp.Interval.open(0, oo),
            False,
            "margin of a unit-norm separator",
            positive=True,
        ),
        _var(
            "r",
            "r",
            sp.Interval(1, oo),
            True,
            "number of relevant variables of the target disjunction",
            positive=True,
        ),
    )
}


def variable(name: str) -> Variable:
    """Return the variable whose command-line name is ``name``.

    Parameters
    ----------
    name
        For example ``"epsilon"`` or ``"H"``.

    Returns
    -------
    Variable

    Raises
    ------
    InvalidParameterError
        If no variable has that name.

    Examples
    --------
    >>> variable("epsilon").domain
    Interval.open(0, 1)
    """
    return lookup(VARIABLES, name, "variable")


T = TypeVar("T")


def lookup(table: Mapping[str, T], name: str, what: str, also: Iterable[str] = ()) -> T:
    """Return ``table[name]``, or raise an error that lists the known names.

    Examples
    --------
    >>> lookup({"a": 1}, "b", "thing")
    Traceback (most recent call last):
    ...
    symlearn.errors.InvalidParameterError: unknown thing 'b' (known: a)
    """
    try:
        return table[name]
    except KeyError:
        known = ", ".join([*table, *also])
        raise InvalidParameterError(f"unknown {what} {name!r} (known: {known})") from None


def parse_number(text: str | int | float | Fraction | sp.Expr) -> sp.Expr:
    """Read a number exactly, so that ``0.1`` is one tenth and not a binary float.

    Parameters
    ----------
    text
        A decimal (``"0.1"``, ``"1e-3"``), a fraction (``"1/20"``) or a number.

    Returns
    -------
    sympy.Expr
        A sympy Integer or Rational.

    Raises
    ------
    InvalidParameterError
        If the text is not a finite number.

    Examples
    --------
    >>> parse_number("0.1"), parse_number("1/20"), parse_number(973)
    (1/10, 1/20, 973)
    """
    if isinstance(text, sp.Expr):
        if not (text.is_number and text.is_finite and text.is_real):
            raise InvalidParameterError(f"{text} is not a finite real number")
        return text
    if isinstance(text, bool):
        raise InvalidParameterError(f"{text!r} is not a number")
    if isinstance(text, float):
        text = repr(text)
    try:
        value = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise InvalidParameterError(f"{text!r} is not a number") from None
    return sp.Rational(value.numerator, value.denominator)


def describe_interval(domain: sp.Interval) -> str:
    """Write an interval the way a message to a person should.

    Examples
    --------
    >>> describe_interval(sp.Interval.open(0, 1)), describe_interval(sp.Interval(1, sp.oo))
    ('in (0, 1)', 'at least 1')
    """
    lo, hi = domain.start, domain.end
    if hi == oo:
        return f"greater than {lo}" if domain.left_open else f"at least {lo}"
    left = "(" if domain.left_open else "["
    right = ")" if domain.right_open else "]"
    return f"in {left}{lo}, {hi}{right}"


def in_domain(domain: sp.Interval, value: sp.Expr) -> bool:
    """Return whether the number ``value`` lies in ``domain`` (fast, for exact numbers).

    Examples
    --------
    >>> in_domain(sp.Interval.open(0, 1), sp.Rational(1, 2)), in_domain(sp.Interval(1, sp.oo), 0)
    (True, False)
    """
    lo, hi = domain.start, domain.end
    above = value > lo if domain.left_open else value >= lo
    below = value < hi if domain.right_open else value <= hi
    return bool(above) and bool(below)


def validate(var: Variable, value: object) -> sp.Expr:
    """Return ``value`` as an exact sympy number after checking it is in range.

    Parameters
    ----------
    var
        The variable the value is for.
    value
        A number or its text.

    Returns
    -------
    sympy.Expr

    Raises
    ------
    InvalidParameterError
        If the value is not a number, not whole where it must be, or out of
        the variable's range (``epsilon`` not in (0, 1), ``H`` < 1, ...).

    Examples
    --------
    >>> validate(variable("delta"), "0.05")
    1/20
    >>> validate(variable("epsilon"), "1.5")
    Traceback (most recent call last):
    ...
    symlearn.errors.InvalidParameterError: epsilon must be in (0, 1), got 1.5
    """
    number = parse_number(value)
    if var.integer and not number.is_integer:
        raise InvalidParameterError(f"{var.name} must be a whole number, got {value}")
    if not in_domain(var.domain, number):
        raise InvalidParameterError(
            f"{var.name} must be {describe_interval(var.domain)}, got {value}"
        )
    return number


def parse_formula(text: str) -> sp.Basic:
    """Read a ``formula`` string of the JSON output back into sympy.

    Plain ``sympy.sympify`` would read ``beta`` and ``gamma`` as sympy's
    functions of those names; this maps every variable name to its symbol.

    Examples
    --------
    >>> parse_formula("M <= R**2/gamma**2").rhs.free_symbols == {
    ...     variable("R").symbol, variable("gamma").symbol}
    True
    """
    names = {v.symbol.name: v.symbol for v in VARIABLES.values()}
    names.update({name: sp.Symbol(name) for name in ("P", "W", "V", "L", "p", "M_p", "M_n")})
    return sp.sympify(text, locals=names)
