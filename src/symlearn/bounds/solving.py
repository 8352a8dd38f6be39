"""Turning a bound around: solving its relation for one variable.

Symbolically, :func:`isolate` extends a derivation by a checked
:class:`~symlearn.bounds.rules.SolveFor` step: the relation ``g >= 0`` is
strictly monotone in the variable (the sign of ``dg/dv`` is proved on the
ranges of the variables) and sympy finds the unique root ``v*`` in range.
When the variable occurs both inside and outside a logarithm (``VC
log(13/epsilon)/epsilon``, ``n log n``) or inside a ``max``, there is no
elementary solution worth the time sympy would spend, and
:func:`solve_numerically` finds the boundary by bisection instead, on the
relation with the other variables' values substituted (every comparison is
made with 50 significant digits).

Integer rounding is checked, not trusted: :func:`settle_integer` moves a
rounded whole number until the relation holds at it and fails one step
further.

Functions
---------
isolate
    The derivation extended by a checked SolveFor step, or None.
solve_numerically
    ``(at_least, boundary)`` of a relation monotone in one variable.
satisfied
    Whether a relation holds at numbers (50 significant digits).
settle_integer
    The least (or largest) whole number satisfying a relation, from a guess.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import mpmath
import sympy as sp
from sympy.core.relational import Relational

from symlearn.bounds.derivation import Derivation
from symlearn.bounds.rules import DerivationError, SolveFor, canonical
from symlearn.errors import InvalidParameterError

__all__ = ["isolate", "magnitude", "satisfied", "settle_integer", "solve_numerically"]

_DIGITS = 50


def _contexts(expr: sp.Expr, symbol: sp.Symbol, inside: str = "algebraic") -> set[str]:
    """Where ``symbol`` occurs: ``algebraic``, inside a ``log``, an exponent, or a ``max``."""
    if expr == symbol:
        return {inside}
    if not expr.has(symbol):
        return set()
    if isinstance(expr, sp.log):
        return _contexts(expr.args[0], symbol, "log" if inside == "algebraic" else inside)
    if isinstance(expr, sp.exp):
        return _contexts(expr.args[0], symbol, "exponent")
    if isinstance(expr, (sp.Max, sp.Min)):
        return {"max"}
    if isinstance(expr, sp.Pow):
        base, exponent = expr.args
        return _contexts(base, symbol, inside) | _contexts(exponent, symbol, "exponent")
    found: set[str] = set()
    for arg in expr.args:
        found |= _contexts(arg, symbol, inside)
    return found


def _solvable(gap: sp.Expr, symbol: sp.Symbol) -> bool:
    """Whether ``symbol`` occurs in one way only (no ``v log v``, no two logarithms, no max)."""
    expanded = sp.expand(sp.expand_log(gap, force=True))
    transcendental = {
        a
        for a in expanded.atoms(sp.log, sp.exp, sp.Pow)
        if a.has(symbol) and not (isinstance(a, sp.Pow) and not a.exp.has(symbol))
    }
    if len(transcendental) > 1:
        return False
    for term in sp.Add.make_args(expanded):
        kinds = _contexts(term, symbol)
        if len(kinds) > 1 or "max" in kinds:
            return False
    return True


def _shortest(expr: sp.Expr) -> sp.Expr:
    """Return the simplest-looking of a few equivalent forms (the step check verifies it)."""
    forms = [expr]
    for rewrite in (sp.simplify, lambda e: sp.simplify(sp.expand_log(e, force=True))):
        try:
            forms.append(rewrite(expr))
        except (TypeError, ValueError, NotImplementedError):  # pragma: no cover
            continue
    return min(forms, key=sp.count_ops)


@functools.lru_cache(maxsize=256)
def isolate(derivation: Derivation, symbol: sp.Symbol) -> Derivation | None:
    """Return ``derivation`` extended by a checked step isolating ``symbol``, or None.

    Examples
    --------
    >>> from symlearn.bounds.sample import pac_derivation, eps
    >>> isolate(pac_derivation(), eps).conclusion
    epsilon >= (log(H) - log(delta))/m
    """
    form = canonical(derivation.conclusion)
    gap = form.big - form.small
    if not _solvable(gap, symbol):
        return None
    prover = derivation.prover
    slope = sp.diff(gap, symbol)
    if prover.is_positive(slope):
        relation = sp.StrictGreaterThan if form.strict else sp.GreaterThan
    elif prover.is_negative(slope):
        relation = sp.StrictLessThan if form.strict else sp.LessThan
    else:
        return None
    try:
        solutions = sp.solve(sp.Eq(gap, 0), symbol)
    except (NotImplementedError, ValueError, TypeError):
        return None
    domain = dict(derivation.domains).get(symbol)
    candidates = [
        s
        for s in solutions
        if s.is_real is not False
        and not (domain is not None and prover.is_negative(s - domain.start))
    ]
    if len(candidates) != 1:
        return None
    solution = _shortest(candidates[0])
    try:
        return derivation.extend(relation(symbol, solution), SolveFor(symbol))
    except DerivationError:
        return None


def satisfied(relation: Relational, values: dict[sp.Symbol, sp.Expr]) -> bool | None:
    """Return whether ``relation`` holds at ``values``, or None if it cannot be evaluated.

    Examples
    --------
    >>> x = sp.Symbol("x", positive=True)
    >>> satisfied(sp.Gt(x, sp.log(3)), {x: sp.Rational(11, 10)})
    True
    >>> satisfied(sp.Gt(x, 1 / x), {x: 0}) is None
    True
    >>> satisfied(sp.Lt(x, sp.log(1024) / sp.log(2)), {x: 10})
    False
    """
    form = canonical(relation)
    exact = (form.big - form.small).xreplace(values)
    try:
        # The sides can be far larger than their gap (m = 10^401 against
        # n ln 3 / epsilon): let the working precision cover their magnitude.
        working = _DIGITS + max(
            magnitude(side.xreplace(values)) for side in (form.big, form.small)
        )
        gap = sp.N(exact, _DIGITS, maxn=working + 2 * _DIGITS)
        if gap.is_real and abs(gap) < sp.Float(10) ** (5 - _DIGITS):
            # Too close to call: decide exactly (log(1024)/log(2) is exactly 10).
            if sp.simplify(exact) == 0:
                gap = sp.Integer(0)
            else:
                gap = sp.N(exact, 4 * _DIGITS, maxn=working + 4 * _DIGITS)
    except (ZeroDivisionError, ValueError, TypeError, OverflowError):
        return None
    if not (gap.is_real and gap.is_finite):
        return None
    return bool(gap > 0) or (not form.strict and bool(gap >= 0))


def magnitude(value: sp.Expr) -> int:
    """Decimal digits before the point of ``value`` (0 for small, unknown or non-real values).

    Examples
    --------
    >>> magnitude(sp.Integer(10) ** 400 * sp.log(3)), magnitude(sp.Rational(1, 3))
    (401, 0)
    """
    try:
        approximation = sp.N(value, 15)
    except (ZeroDivisionError, ValueError, TypeError, OverflowError):
        return 0
    if not (approximation.is_real and approximation.is_finite) or abs(approximation) < 1:
        return 0
    return int(mpmath.floor(mpmath.log10(abs(approximation._to_mpmath(60))))) + 1


def _probes(domain: sp.Interval, integer: bool) -> list[mpmath.mpf]:
    """Points spread over ``domain``, on a logarithmic scale towards each end."""
    lo, hi = domain.start, domain.end
    if integer:
        first = int(sp.ceiling(lo)) if lo.is_finite else 0
        if domain.left_open and first == lo:
            first += 1
        return [mpmath.mpf(first + 2**j - 1) for j in range(200)]
    powers = [mpmath.mpf(10) ** -j for j in range(300, 0, -3)]
    if hi == sp.oo:
        base = mpmath.mpf(lo)
        return [base + p for p in powers] + [base + 10**j for j in range(0, 301, 3)]
    low, width = mpmath.mpf(lo), mpmath.mpf(hi - lo)
    return (
        [low + width * p for p in powers]
        + [low + width / 2]
        + [low + width - width * p for p in reversed(powers)]
    )


def solve_numerically(
    relation: Relational,
    symbol: sp.Symbol,
    domain: sp.Interval,
    integer: bool,
    values: dict[sp.Symbol, sp.Expr],
) -> tuple[bool, sp.Expr]:
    """Find where a relation monotone in ``symbol`` switches, by bisection.

    The relation is evaluated (with mpmath, 50 significant digits) at points
    spread over the range, on a logarithmic scale towards its ends; it must
    switch between holding and failing exactly once, and the switch is then
    narrowed by bisection (geometric while the bracket spans several orders of
    magnitude).

    Parameters
    ----------
    relation
        The bound.
    symbol, domain, integer
        The variable solved for, its range and whether it is whole.
    values
        Values of every other variable.

    Returns
    -------
    tuple
        ``(at_least, boundary)``: the relation holds for ``symbol`` on the
        ``at_least`` side of ``boundary``.  If it holds on the whole range the
        boundary is the range's lower end (``at_least``); if nowhere, its
        upper end (``at_least``, so no value qualifies).

    Raises
    ------
    InvalidParameterError
        If the relation is not monotone in ``symbol`` (it switches more than
        once), so that no single boundary describes its solutions.

    Examples
    --------
    >>> x, c = sp.symbols("x c", positive=True)
    >>> at_least, b = solve_numerically(sp.Ge(x * sp.log(x), c), x, sp.Interval.open(0, sp.oo),
    ...                                 False, {c: sp.E})
    >>> at_least, round(float(b), 9)
    (True, 2.718281828)
    """
    form = canonical(relation)
    gap = (form.big - form.small).xreplace(values)
    evaluate = sp.lambdify(symbol, gap, "mpmath")

    def holds(value: mpmath.mpf) -> bool:
        with mpmath.workdps(_DIGITS):
            try:
                result = evaluate(value)
            except (ZeroDivisionError, ValueError, OverflowError):
                return False
            if not isinstance(result, mpmath.mpf) or not mpmath.isfinite(result):
                return False
            return bool(result > 0 or (not form.strict and result == 0))

    probes = _probes(domain, integer)
    states = [holds(p) for p in probes]
    switches = [i for i in range(1, len(probes)) if states[i] != states[i - 1]]
    if not switches:
        return True, (domain.start if states[0] else domain.end)
    if len(switches) > 1:
        raise InvalidParameterError(
            f"{relation} is not monotone in {symbol}: the values that satisfy it are not "
            "one interval, so it cannot be solved for it"
        )
    low, high = probes[switches[0] - 1], probes[switches[0]]
    with mpmath.workdps(_DIGITS):
        for _ in range(400):
            if integer and high - low <= 1:
                break
            if integer:
                middle = mpmath.floor((low + high) / 2)
            elif low > 0 and high > 4 * low:
                middle = mpmath.sqrt(low * high)
            else:
                middle = (low + high) / 2
            if holds(middle) == states[0]:
                low = middle
            else:
                high = middle
            if not integer and high - low <= abs(high) * mpmath.mpf(10) ** -30:
                break
        at_least = not states[0]
        if integer:
            return at_least, sp.Integer(int(high if at_least else low))
        return at_least, sp.Float(mpmath.nstr((low + high) / 2, 30), 30)


def settle_integer(
    guess: int, at_least: bool, holds: Callable[[int], bool | None], limit: int = 64
) -> int:
    """Move ``guess`` to the least (``at_least``) or largest whole number that satisfies.

    Guards rounding against numerical error: the result satisfies ``holds``
    and its neighbour on the excluded side does not (within ``limit`` steps).

    Examples
    --------
    >>> settle_integer(9, True, lambda m: m >= 10)
    10
    >>> settle_integer(12, False, lambda m: m <= 10)
    10
    """
    step = -1 if at_least else 1
    value = guess
    for _ in range(limit):
        if holds(value):
            break
        value -= step
    for _ in range(limit):
        if holds(value + step):
            value += step
        else:
            break
    return value
