"""Small, sound decision procedures that derivation checks rely on.

A derivation step is accepted only when sympy can show that it is valid: that
two expressions are identical, or that a factor is positive on the ranges of
the variables it mentions.  This module does both, conservatively: it answers
``True`` only with a reason, never by sampling numbers.

Signs are decided over the *ranges* of the variables, not just their sympy
assumptions.  Each variable with a range is rewritten in terms of a fresh
variable that sympy knows to be positive (or nonnegative): ``epsilon`` in
(0, 1) becomes ``1/(1 + a)``, ``H`` in [1, oo) becomes ``1 + a``.  Sympy's
assumption system, helped by a structural pass over sums, products, powers and
logarithms (``log x > 0`` iff ``x > 1``), then decides the sign.

Functions
---------
Prover
    Decides signs and identities given the ranges of variables.
same
    Whether two expressions are identical (their difference simplifies to 0).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import sympy as sp

__all__ = ["Prover", "same"]

_POS, _ZERO, _NEG = 1, 0, -1
_ALL = frozenset({_NEG, _ZERO, _POS})


def same(a: sp.Expr, b: sp.Expr) -> bool:
    """Return whether ``a`` and ``b`` are the same expression up to algebra.

    The difference is simplified with increasingly strong (and slower)
    rewritings; logarithms are expanded only where sympy's assumptions allow.

    Examples
    --------
    >>> H, d = sp.symbols("H delta", positive=True)
    >>> same(sp.log(H / d), sp.log(H) + sp.log(1 / d))
    True
    >>> same(sp.log(H), H)
    False
    """
    difference = sp.sympify(a) - sp.sympify(b)
    if difference == 0:
        return True
    for rewrite in (sp.expand, _expand_logs, sp.simplify, _simplify_logs):
        try:
            if rewrite(difference) == 0:
                return True
        except (TypeError, ValueError, NotImplementedError):  # pragma: no cover - sympy gaps
            continue
    return False


def _expand_logs(expr: sp.Expr) -> sp.Expr:
    return sp.expand(sp.expand_log(sp.expand(expr)))


def _simplify_logs(expr: sp.Expr) -> sp.Expr:
    return sp.simplify(sp.expand_log(sp.powsimp(expr, force=False)))


def _parametrise(domain: sp.Interval) -> sp.Expr | None:
    """Write a point of ``domain`` as a function of a fresh positive variable."""
    lo, hi = domain.start, domain.end
    if hi == sp.oo and lo != -sp.oo:
        free = (
            sp.Dummy("a", positive=True) if domain.left_open else sp.Dummy("a", nonnegative=True)
        )
        return lo + free
    if lo == -sp.oo and hi != sp.oo:
        free = (
            sp.Dummy("a", positive=True) if domain.right_open else sp.Dummy("a", nonnegative=True)
        )
        return hi - free
    if lo == -sp.oo or hi == sp.oo:
        return None
    width = hi - lo
    if domain.left_open and domain.right_open:
        return lo + width / (1 + sp.Dummy("a", positive=True))
    free = sp.Dummy("a", nonnegative=True)
    if domain.right_open:  # [lo, hi)
        return lo + width * free / (1 + free)
    if domain.left_open:  # (lo, hi]
        return hi - width * free / (1 + free)
    return None  # a closed bounded interval: rely on the symbol's assumptions


class Prover:
    """Decide signs and identities under the ranges of the variables.

    Parameters
    ----------
    domains
        Symbol -> interval of the values it ranges over.  Symbols without an
        entry keep only their sympy assumptions.

    Examples
    --------
    >>> eps, beta = sp.symbols("epsilon beta", positive=True)
    >>> prover = Prover({eps: sp.Interval.open(0, 1), beta: sp.Interval.open(0, 1)})
    >>> prover.is_positive(1 - eps), prover.is_positive(sp.log(2 / (1 + beta)))
    (True, True)
    >>> prover.is_positive(sp.log(eps))
    False
    """

    def __init__(self, domains: Mapping[sp.Symbol, sp.Interval] | None = None) -> None:
        self.domains: dict[sp.Symbol, sp.Interval] = dict(domains or {})

    def with_domains(self, extra: Mapping[sp.Symbol, sp.Interval]) -> Prover:
        """Return a prover that also knows the ranges in ``extra``."""
        return Prover({**self.domains, **extra})

    def contains(self, value: sp.Expr, domain: sp.Interval) -> bool:
        """Return whether ``value`` lies in ``domain`` for every value of its variables."""
        checks: list[bool] = []
        if domain.start != -sp.oo:
            below = value - domain.start
            checks.append(
                self.is_positive(below) if domain.left_open else self.is_nonnegative(below)
            )
        if domain.end != sp.oo:
            above = domain.end - value
            checks.append(
                self.is_positive(above) if domain.right_open else self.is_nonnegative(above)
            )
        return all(checks)

    def _parametrised(self, expr: sp.Expr) -> sp.Expr:
        """Rewrite each ranged variable of ``expr`` through a fresh positive variable."""
        substitution = {}
        for symbol in expr.free_symbols:
            domain = self.domains.get(symbol)
            if domain is not None:
                point = _parametrise(domain)
                if point is not None:
                    substitution[symbol] = point
        return expr.xreplace(substitution)

    def same(self, a: sp.Expr, b: sp.Expr) -> bool:
        """Return whether ``a`` and ``b`` are identical on the ranges of their variables.

        Knowing the ranges lets sympy expand ``log((1 - epsilon)**m)`` into
        ``m*log(1 - epsilon)``, which holds because ``epsilon < 1``.

        Examples
        --------
        >>> eps, m = sp.symbols("epsilon m", positive=True)
        >>> lhs, rhs = sp.log((1 - eps) ** m), m * sp.log(1 - eps)
        >>> same(lhs, rhs), Prover({eps: sp.Interval.open(0, 1)}).same(lhs, rhs)
        (False, True)
        """
        if same(a, b):
            return True
        difference = self._parametrised(sp.sympify(a) - sp.sympify(b))
        return same(difference, 0)

    # -- signs ---------------------------------------------------------------

    def signs(self, expr: sp.Expr) -> frozenset[int]:
        """Return the signs (-1, 0, 1) ``expr`` may take; all three when unknown."""
        return _signs(self._parametrised(sp.sympify(expr)), depth=0)

    def is_positive(self, expr: sp.Expr) -> bool:
        """Return whether ``expr > 0`` is proved on the whole range."""
        return self.signs(expr) == {_POS}

    def is_negative(self, expr: sp.Expr) -> bool:
        """Return whether ``expr < 0`` is proved on the whole range."""
        return self.signs(expr) == {_NEG}

    def is_nonnegative(self, expr: sp.Expr) -> bool:
        """Return whether ``expr >= 0`` is proved on the whole range."""
        return self.signs(expr) <= {_ZERO, _POS}

    def is_nonpositive(self, expr: sp.Expr) -> bool:
        """Return whether ``expr <= 0`` is proved on the whole range."""
        return self.signs(expr) <= {_ZERO, _NEG}


def _from_assumptions(expr: sp.Expr) -> frozenset[int]:
    if expr.is_zero:
        return frozenset({_ZERO})
    if expr.is_positive:
        return frozenset({_POS})
    if expr.is_negative:
        return frozenset({_NEG})
    if expr.is_nonnegative:
        return frozenset({_ZERO, _POS})
    if expr.is_nonpositive:
        return frozenset({_ZERO, _NEG})
    return _ALL


def _sum_signs(parts: Iterable[frozenset[int]]) -> frozenset[int]:
    parts = list(parts)
    if all(p <= {_ZERO, _POS} for p in parts):
        if any(p == {_POS} for p in parts):
            return frozenset({_POS})
        return frozenset({_ZERO, _POS}) if any(_POS in p for p in parts) else frozenset({_ZERO})
    if all(p <= {_ZERO, _NEG} for p in parts):
        negated = [frozenset(-s for s in p) for p in parts]
        return frozenset(-s for s in _sum_signs(negated))
    return _ALL


def _product_signs(parts: Iterable[frozenset[int]]) -> frozenset[int]:
    result = frozenset({_POS})
    for part in parts:
        result = frozenset(a * b for a in result for b in part)
    return result


def _signs(expr: sp.Expr, depth: int) -> frozenset[int]:
    # the structure first: sympy's assumptions on a whole product or power ask about
    # every part at once (the real roots of a long polynomial exponent, slowly)
    structural = _structural_signs(expr, depth) if depth <= 4 else _ALL
    if len(structural) == 1:
        return structural
    known = _from_assumptions(expr)
    if len(known) == 1 or depth > 4:
        return known
    narrowed = known & structural
    if len(narrowed) == 1:
        return narrowed
    # Put over a common denominator and factor: signs of numerator / denominator.
    numerator, denominator = sp.fraction(sp.cancel(sp.together(expr)))
    if denominator != 1 or numerator != expr:
        quotient = _product_signs(
            [_signs(sp.factor(numerator), depth + 1), _signs(sp.factor(denominator), depth + 1)]
        )
        narrowed &= quotient
    return narrowed or known


def _structural_signs(expr: sp.Expr, depth: int) -> frozenset[int]:
    """Signs from the parts of a sum, product, power, exp, log, Max or Min."""
    structural = _ALL
    if isinstance(expr, sp.Add):
        structural = _sum_signs(_signs(term, depth + 1) for term in expr.args)
    elif isinstance(expr, sp.Mul):
        structural = _product_signs(_signs(f, depth + 1) for f in expr.args)
    elif isinstance(expr, sp.Pow):
        base, exponent = expr.args
        if _signs(base, depth + 1) == {_POS} and exponent.is_real:
            structural = frozenset({_POS})
        elif exponent.is_even:
            structural = frozenset({_ZERO, _POS})
    elif isinstance(expr, sp.exp):
        structural = frozenset({_POS})
    elif isinstance(expr, sp.log) and _signs(expr.args[0], depth + 1) == {_POS}:
        structural = _signs(sp.cancel(expr.args[0] - 1), depth + 1)
    elif isinstance(expr, (sp.Max, sp.Min)):
        parts = [_signs(a, depth + 1) for a in expr.args]
        if (isinstance(expr, sp.Max) and any(p == {_POS} for p in parts)) or (
            isinstance(expr, sp.Min) and all(p == {_POS} for p in parts)
        ):
            structural = frozenset({_POS})
    return structural
