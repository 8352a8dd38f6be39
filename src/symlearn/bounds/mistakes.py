"""Mistake bounds of online learners, each derived step by step from its premises.

In the mistake-bound model the learner classifies each example before it is
told the label; ``M`` counts its wrong predictions over the whole sequence.
Each function here returns a checked
:class:`~symlearn.bounds.derivation.Derivation` whose conclusion bounds ``M``
(every step ``implies`` the next: the bound is a consequence of the premises):

``find_s_mistake_derivation``
    Find-S on conjunctions of boolean literals: ``M <= n + 1``.
``halving_derivation``
    The halving algorithm: ``M <= log2 |H|``.
``weighted_majority_derivation``
    Weighted majority over ``n`` predictors whose best makes ``k`` mistakes:
    ``M <= (k log2(1/beta) + log2 n)/log2(2/(1 + beta))``.
``perceptron_derivation``
    Novikoff's theorem: ``M <= (R/gamma)^2``.
``winnow_derivation``
    Winnow (promotion x2, demotion /2, threshold n) on r-disjunctions over n
    variables: ``M <= 2 + 3 r (1 + log2 n)``.

Every conclusion has the form its source states, strict or not: each is an
"at most" (``<=``), so the number of mistakes a bound allows is ``floor(x)``
(see :mod:`symlearn.bounds.catalogue`).

The online learners themselves are in :mod:`symlearn.online`.

References
----------
Mitchell, T. (1997) *Machine Learning*, section 7.5 (7.5.1 Find-S, 7.5.2
halving, 7.5.4 weighted majority).  Littlestone, N. and Warmuth, M. (1994) "The
weighted majority algorithm", *Information and Computation* 108.  Novikoff, A.
(1962) "On convergence proofs on perceptrons".  Freund, Y. and Schapire, R.
(1999) "Large margin classification using the perceptron algorithm", *Machine
Learning* 37.  Littlestone, N. (1988) "Learning quickly when
irrelevant attributes abound", *Machine Learning* 2; Blum, A. (1996)
"On-line algorithms in machine learning" (the Winnow bound 2 + 3r(1 + lg n)).
"""

from __future__ import annotations

import sympy as sp

from symlearn.bounds.derivation import Derivation, domains_of
from symlearn.bounds.rules import (
    AddToBothSides,
    Fact,
    MultiplyBothSides,
    Premise,
    ReplaceTerm,
    Rewrite,
    Substitute,
    Transitivity,
    square_both_sides,
    take_logarithms,
)
from symlearn.bounds.variables import VARIABLES

__all__ = [
    "find_s_mistake_derivation",
    "halving_derivation",
    "perceptron_derivation",
    "weighted_majority_derivation",
    "winnow_derivation",
]

M, H, n, k = (VARIABLES[name].symbol for name in ("mistakes", "H", "n", "k"))
beta, R, gamma, r = (VARIABLES[name].symbol for name in ("beta", "R", "gamma", "r"))

#: Novikoff's argument divides by M, so it is stated for M > 0 (M = 0 is trivial).
PERCEPTRON_MISTAKES = sp.Symbol("M", positive=True)

_FIND_S = "Mitchell (1997) section 7.5.1"
_HALVING = "Mitchell (1997) section 7.5.2"
_WEIGHTED_MAJORITY = "Littlestone and Warmuth (1994); Mitchell (1997) section 7.5.4"
_NOVIKOFF = "Novikoff (1962); Freund and Schapire (1999)"
_WINNOW = "Blum (1996), Winnow theorem; Littlestone (1988)"


def _domains(*names: str) -> dict[sp.Symbol, sp.Interval]:
    return domains_of([VARIABLES[name] for name in ("mistakes", *names)])


def find_s_mistake_derivation() -> Derivation:
    """Derive Find-S's mistake bound ``M <= n + 1`` for conjunctions of boolean literals.

    Returns
    -------
    Derivation

    Notes
    -----
    Find-S starts from the conjunction of all ``2n`` literals and only makes
    mistakes on positive examples (its hypothesis is never more general than
    the target).  The first mistake removes ``n`` literals (one of ``x_i``,
    ``not x_i`` is false in any instance) and each later mistake removes at
    least one more; ``L``, the number of literals left after ``M`` mistakes,
    is never negative.

    References
    ----------
    Mitchell (1997) section 7.5.1.

    Examples
    --------
    >>> find_s_mistake_derivation().conclusion
    M <= n + 1
    """
    left = sp.Symbol("L", nonnegative=True)
    removal = Fact(
        sp.LessThan(left, n + 1 - M),
        "the first mistake leaves n of the 2n literals and every later mistake removes at "
        "least one more",
        _FIND_S,
    )
    lines = [
        (
            sp.LessThan(0, left, evaluate=False),
            Premise("the number L of literals left is not negative"),
        ),
        (sp.LessThan(0, n + 1 - M), Transitivity(removal)),
        (sp.LessThan(M, n + 1), AddToBothSides(M)),
    ]
    domains = _domains("n")
    domains[left] = sp.Interval(0, sp.oo)
    return Derivation.build("mistake bound of Find-S for boolean conjunctions", domains, lines)


def halving_derivation() -> Derivation:
    """Derive the halving algorithm's mistake bound ``M <= log2 |H|``.

    Returns
    -------
    Derivation

    Notes
    -----
    The halving algorithm predicts by majority vote of its version space and
    removes every hypothesis that errs.  A mistake means at least half the
    version space voted wrongly, so after ``M`` mistakes at most
    ``|H|/2^M`` hypotheses are left; the target is never removed, so at least
    one is.

    References
    ----------
    Mitchell (1997) sections 7.5.2 and 7.5.3 (``VC(C) <= Opt(C) <= M_Halving(C)
    <= log2 |C|``, Littlestone 1988).

    Examples
    --------
    >>> halving_derivation().conclusion
    M <= log(H)/log(2)
    """
    version_space = sp.Symbol("V", positive=True)
    halved = Fact(
        sp.LessThan(version_space, H / 2**M),
        "each mistake removes at least half of the version space",
        _HALVING,
    )
    lines = [
        (
            sp.LessThan(1, version_space),
            Premise("the target is never removed, so the version space keeps >= 1 member"),
        ),
        (sp.LessThan(1, H / 2**M), Transitivity(halved)),
        (sp.LessThan(2**M, H), MultiplyBothSides(2**M)),
        (sp.LessThan(M * sp.log(2), sp.log(H)), take_logarithms()),
        (sp.LessThan(M, sp.log(H) / sp.log(2)), MultiplyBothSides(1 / sp.log(2))),
    ]
    domains = _domains("H")
    domains[version_space] = sp.Interval(1, sp.oo)
    return Derivation.build("mistake bound of the halving algorithm", domains, lines)


def weighted_majority_derivation() -> Derivation:
    """Derive the weighted-majority mistake bound.

    Returns
    -------
    Derivation
        Concluding ``M <= (k ln(1/beta) + ln n)/ln(2/(1 + beta))``, which is the
        ``(k log2(1/beta) + log2 n)/log2(2/(1 + beta))`` of Mitchell's Theorem
        7.5: a ratio of logarithms does not depend on their base.

    Notes
    -----
    All ``n`` weights start at 1.  When the master errs, at least half of the
    total weight ``W`` voted wrongly and is multiplied by ``beta``, so ``W``
    shrinks to at most ``(1 + beta)/2`` of itself: after ``M`` mistakes
    ``W <= n ((1 + beta)/2)^M``.  The best predictor erred ``k`` times, so its
    weight ``beta^k`` is part of ``W``.  The bound needs ``0 < beta < 1``
    (``beta = 0`` is the halving algorithm).

    References
    ----------
    Littlestone and Warmuth (1994); Mitchell (1997) section 7.5.4, Table 7.1
    and Theorem 7.5.

    Examples
    --------
    >>> weighted_majority_derivation().conclusion
    M <= (k*log(1/beta) + log(n))/log(2/(beta + 1))
    """
    weight = sp.Symbol("W", positive=True)
    shrink = (1 + beta) / 2
    decay = Fact(
        sp.LessThan(weight, n * shrink**M),
        "each mistake multiplies at least half of the total weight by beta",
        _WEIGHTED_MAJORITY,
    )
    log_n, log_inverse = sp.log(n), sp.log(1 / beta, evaluate=False)
    gain = sp.log(2 / (1 + beta))
    lines = [
        (
            sp.LessThan(beta**k, weight),
            Premise("the best predictor's weight beta^k is part of the total weight W"),
        ),
        (sp.LessThan(beta**k, n * shrink**M), Transitivity(decay)),
        (sp.LessThan(k * sp.log(beta), log_n + M * sp.log(shrink)), take_logarithms()),
        (
            sp.LessThan(-M * sp.log(shrink), log_n - k * sp.log(beta)),
            AddToBothSides(-M * sp.log(shrink) - k * sp.log(beta)),
        ),
        (
            sp.LessThan(M * gain, log_n + k * log_inverse),
            Rewrite("-ln((1 + beta)/2) = ln(2/(1 + beta)), -ln(beta) = ln(1/beta)"),
        ),
        (sp.LessThan(M, (log_n + k * log_inverse) / gain), MultiplyBothSides(1 / gain)),
    ]
    domains = _domains("n", "k", "beta")
    domains[weight] = sp.Interval.open(0, sp.oo)
    return Derivation.build("mistake bound of weighted majority", domains, lines)


def perceptron_derivation() -> Derivation:
    """Derive Novikoff's perceptron mistake bound ``M <= (R/gamma)^2``.

    Returns
    -------
    Derivation

    Notes
    -----
    Let ``u`` be a unit vector with ``y (u . x) >= gamma`` for every example
    and ``||x|| <= R``; the perceptron starts from ``w = 0`` and adds ``y x``
    on each mistake (``y (w . x) <= 0``).  After ``M > 0`` mistakes:
    ``u . w >= M gamma`` (each update adds at least gamma), ``u . w <= ||w||``
    (Cauchy-Schwarz, ``||u|| = 1``) and ``||w||^2 <= M R^2`` (each update adds
    ``2 y (w . x) + ||x||^2 <= R^2``), hence ``||w|| <= R sqrt(M)``.  With
    ``M = 0`` there is nothing to prove.

    References
    ----------
    Novikoff, A. (1962) "On convergence proofs on perceptrons"; Freund and
    Schapire (1999).

    Examples
    --------
    >>> perceptron_derivation().conclusion
    M <= R**2/gamma**2
    """
    mistakes = PERCEPTRON_MISTAKES
    along, norm = sp.Symbol("P", positive=True), sp.Symbol("W", positive=True)
    cauchy = Fact(
        sp.LessThan(along, norm),
        "Cauchy-Schwarz: u . w <= ||u|| ||w|| = ||w||",
        _NOVIKOFF,
    )
    growth = Fact(
        sp.LessThan(norm, R * sp.sqrt(mistakes)),
        "||w||^2 <= M R^2, since each update adds 2 y (w . x) + ||x||^2 <= R^2",
        _NOVIKOFF,
    )
    lines = [
        (
            sp.LessThan(mistakes * gamma, along),
            Premise("P = u . w grows by at least gamma with each update, from w = 0", _NOVIKOFF),
        ),
        (sp.LessThan(mistakes * gamma, norm), Transitivity(cauchy)),
        (sp.LessThan(mistakes * gamma, R * sp.sqrt(mistakes)), Transitivity(growth)),
        (sp.LessThan(mistakes**2 * gamma**2, R**2 * mistakes), square_both_sides()),
        (sp.LessThan(mistakes, R**2 / gamma**2), MultiplyBothSides(1 / (mistakes * gamma**2))),
    ]
    domains = _domains("R", "gamma")
    domains.update({mistakes: sp.Interval.open(0, sp.oo), along: sp.Interval.open(0, sp.oo)})
    return Derivation.build("mistake bound of the perceptron (Novikoff)", domains, lines)


def winnow_derivation() -> Derivation:
    """Derive Winnow's mistake bound for disjunctions of r of n variables.

    Returns
    -------
    Derivation
        Concluding ``M <= 2 + 3 r (1 + log2 n)``: "at most", as the theorem
        states it (with r = 1, n = 1024: at most 35 mistakes).

    Notes
    -----
    Winnow (Littlestone's algorithm with promotion factor 2 and threshold
    ``n``, as Blum presents it) starts with all weights 1.  On a positive
    example predicted negative (``M_p`` of these) it doubles the weights of
    the active variables; on a negative example predicted positive (``M_n``)
    it halves them.  A promotion adds at most ``n`` to the total weight ``W``
    (the active weights summed to less than ``n``); a demotion removes at
    least ``n/2``; ``W`` never drops below zero.  A relevant variable's weight
    is never halved and is only doubled while below ``n``, so at most
    ``1 + log2 n`` times; every promotion doubles at least one relevant
    weight, hence ``M_p <= r (1 + log2 n)``.  The steps follow Blum's proof,
    with its non-strict inequalities; the conclusion is the theorem as
    stated.  (A promotion in fact adds *less* than ``n``, which would give the
    strict ``M < 2 + 3 r (1 + log2 n)``, one mistake fewer when the right side
    is a whole number; the bound here is the published one.)

    References
    ----------
    Blum, A. (1996) "On-line algorithms in machine learning", Theorem (Winnow
    learns a disjunction of r of n variables making at most
    ``2 + 3r(1 + lg n)`` mistakes); Littlestone (1988) (the algorithm).

    Examples
    --------
    >>> winnow_derivation().conclusion
    M <= 3*r*(log(n)/log(2) + 1) + 2
    """
    m_pos, m_neg = sp.symbols("M_p M_n", nonnegative=True)
    weight = sp.Symbol("W", positive=True)
    balance = Fact(
        sp.LessThan(weight, n + n * m_pos - n * m_neg / 2),
        "W starts at n; a promotion adds at most n, a demotion removes at least n/2",
        _WINNOW,
    )
    promotions = r * (1 + sp.log(n, 2))
    relevant = Fact(
        sp.LessThan(m_pos, promotions),
        "each promotion doubles a relevant weight, which is never halved and is doubled "
        "only while below n",
        _WINNOW,
    )
    lines = [
        (
            sp.LessThan(0, weight, evaluate=False),
            Premise("the total weight W never drops below zero", _WINNOW),
        ),
        (sp.LessThan(0, n + n * m_pos - n * m_neg / 2), Transitivity(balance)),
        (sp.LessThan(n * m_neg / 2, n + n * m_pos), AddToBothSides(n * m_neg / 2)),
        (sp.LessThan(m_neg, 2 + 2 * m_pos), MultiplyBothSides(2 / n)),
        (sp.LessThan(m_pos + m_neg, 2 + 3 * m_pos), AddToBothSides(m_pos)),
        (sp.LessThan(M, 2 + 3 * m_pos), Substitute(sp.Eq(M, m_pos + m_neg))),
        (sp.LessThan(M, 2 + 3 * promotions), ReplaceTerm(m_pos, promotions, relevant)),
    ]
    domains = _domains("n", "r")
    domains.update({m_pos: sp.Interval(0, sp.oo), m_neg: sp.Interval(0, sp.oo)})
    return Derivation.build("mistake bound of Winnow for r-disjunctions", domains, lines)
