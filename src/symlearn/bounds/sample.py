"""Sample-complexity bounds, each derived step by step from its premise.

How many random examples does a learner need so that, with probability at
least ``1 - delta``, its hypothesis has true error below ``epsilon``?  Each
function here returns a checked :class:`~symlearn.bounds.derivation.Derivation`
whose conclusion answers that for one setting:

``pac_derivation``
    A consistent learner over a finite H (Haussler 1988; Mitchell 1997, eq. 7.2):
    ``|H| e^(-epsilon m) <= delta``, so ``m >= (ln|H| + ln(1/delta))/epsilon``.
``occam_derivation``
    The Occam's-razor argument (Blumer et al. 1987), written with strict
    inequalities and ``ln(1 - epsilon) < -epsilon``:
    ``m > (ln|H| + ln(1/delta))/epsilon``.
``agnostic_derivation``
    An agnostic learner, through Hoeffding's bound and the union bound
    (Mitchell 1997, eq. 7.3):
    ``m >= (ln|H| + ln(1/delta))/(2 epsilon^2)``.
``elimination_derivation``
    The elimination algorithm for conjunctions and its bad literals (Valiant
    1984; Kearns and Vazirani 1994, ch. 1):
    ``m > (n/epsilon)(ln n + ln(1/delta))``.
``vc_derivation``
    The VC upper bound of Blumer et al. (1989; Mitchell 1997, eq. 7.7):
    ``m >= (4 log2(2/delta) + 8 VC log2(13/epsilon))/epsilon``.
``lower_derivation``
    The lower bound of Ehrenfeucht et al. (1989; Mitchell 1997, section 7.4.3):
    ``m >= max(ln(1/delta)/epsilon, (VC - 1)/(32 epsilon))``.

``H`` may be a symbol or the size of a hypothesis class written in ``n`` (for
example ``3**n`` for conjunctions of boolean literals); every step is then
checked for that expression.

The premises are published theorems (the union bound over bad hypotheses,
Hoeffding's inequality, the VC theorems); the VC upper and lower bounds are
taken whole from their theorems, so their derivations only rearrange them.

References
----------
Mitchell, T. (1997) *Machine Learning*, ch. 7 (section 7.3: Theorem 7.1 and
eq. 7.2; section 7.3.1: eq. 7.3; section 7.4.3: eq. 7.7 and the lower bound).
Kearns, M. and Vazirani, U. (1994) *An Introduction to Computational Learning
Theory*, ch. 1-3.  Valiant, L. (1984) "A theory of the learnable",
*Communications of the ACM* 27.  Haussler, D. (1988) "Quantifying inductive
bias", *Artificial Intelligence* 36.  Blumer, A., Ehrenfeucht, A., Haussler, D.
and Warmuth, M. (1987) "Occam's razor", *Information Processing Letters* 24;
(1989) "Learnability and the Vapnik-Chervonenkis dimension", *Journal of the
ACM* 36.  Ehrenfeucht, A., Haussler, D., Kearns, M. and Valiant, L. (1989) "A
general lower bound on the number of examples needed for learning",
*Information and Computation* 82.  Hoeffding, W. (1963) "Probability
inequalities for sums of bounded random variables", *Journal of the American
Statistical Association* 58.
"""

from __future__ import annotations

import sympy as sp
from sympy.core.relational import Relational

from symlearn.bounds.derivation import Derivation, domains_of
from symlearn.bounds.rules import (
    LOG_ONE_MINUS_X_BELOW,
    ONE_MINUS_X_BELOW_EXP,
    AddToBothSides,
    CombineLowerBounds,
    Fact,
    MultiplyBothSides,
    Premise,
    ReplaceTerm,
    Rewrite,
    Rule,
    take_logarithms,
)
from symlearn.bounds.variables import VARIABLES, Variable

__all__ = [
    "agnostic_derivation",
    "elimination_derivation",
    "lower_derivation",
    "occam_derivation",
    "pac_derivation",
    "vc_derivation",
]

m, eps, delta = (VARIABLES[k].symbol for k in ("m", "epsilon", "delta"))
H_SYMBOL, n, vc = (VARIABLES[k].symbol for k in ("H", "n", "vc"))

#: The probability that the learner fails (a symbol the premises speak about).
p_fail = sp.Symbol("p", positive=True)

_HAUSSLER = "Haussler (1988); Mitchell (1997) section 7.3"
_OCCAM = "Blumer et al. (1987), Occam's razor; Kearns and Vazirani (1994) ch. 2"
_HOEFFDING = "Hoeffding (1963); Mitchell (1997) section 7.3.1, eq. 7.3"
_BAD_LITERALS = "Valiant (1984); Kearns and Vazirani (1994) ch. 1"
_BLUMER = "Blumer et al. (1989); Mitchell (1997) section 7.4.3, eq. 7.7"
_LOWER = "Ehrenfeucht et al. (1989); Mitchell (1997) section 7.4.3"


def _domains(H: sp.Expr, extra: tuple[Variable, ...] = ()) -> dict[sp.Symbol, sp.Interval]:
    names = ["m", "epsilon", "delta", "H", "n"]
    domains = domains_of([VARIABLES[k] for k in names] + list(extra))
    domains[p_fail] = sp.Interval.open(0, 1)
    return domains


def _solve_logs_for_m(
    H: sp.Expr,
    lhs_log: sp.Expr,
    coefficient: sp.Expr,
    strict: bool,
) -> list[tuple[Relational, Rule]]:
    """Return the steps from ``ln|H| - coefficient*m <(=) ln(delta)`` to ``m >(=) ...``."""
    relation = sp.StrictLessThan if strict else sp.LessThan
    greater = sp.StrictGreaterThan if strict else sp.GreaterThan
    log_h = sp.log(H)
    expanded = sp.expand_log(log_h, force=True)
    reason = "ln(1/delta) = -ln(delta)"
    if expanded != log_h:
        reason += f", {log_h} = {expanded}"
    return [
        (relation(lhs_log - log_h, sp.log(delta) - log_h), AddToBothSides(-log_h)),
        (greater(m, (log_h - sp.log(delta)) / coefficient), MultiplyBothSides(-1 / coefficient)),
        (
            greater(m, (expanded + sp.log(1 / delta, evaluate=False)) / coefficient),
            Rewrite(reason),
        ),
    ]


def pac_derivation(H: sp.Expr = H_SYMBOL) -> Derivation:
    """Derive the sample size of a consistent learner over a finite hypothesis space.

    Parameters
    ----------
    H
        The size of the hypothesis space: the symbol ``H`` or an expression
        such as ``3**n``.

    Returns
    -------
    Derivation
        Concluding ``m >= (log(H) + log(1/delta))/epsilon`` (a sufficient
        condition: the conclusion implies the premise ``p <= delta``).

    Notes
    -----
    Premise: the probability ``p`` that the version space is not
    epsilon-exhausted is at most ``|H|(1 - epsilon)^m`` (each bad hypothesis
    survives one example with probability at most ``1 - epsilon``; union bound).
    Then ``1 - epsilon < e^(-epsilon)`` gives the ``|H| e^(-epsilon m)`` of
    Theorem 7.1 of Mitchell (1997).

    References
    ----------
    Haussler (1988); Mitchell (1997) section 7.3, Theorem 7.1 and eq. 7.2.

    Examples
    --------
    >>> d = pac_derivation()
    >>> d.conclusion
    m >= (log(H) + log(1/delta))/epsilon
    >>> d.kind
    'sufficient'
    """
    survive = H * (1 - eps) ** m
    goal = sp.LessThan(p_fail, delta)
    union = Fact(
        sp.LessThan(p_fail, survive),
        "union bound: each of at most |H| hypotheses with error >= epsilon is "
        "consistent with m random examples with probability at most (1 - epsilon)^m",
        _HAUSSLER + ", Theorem 7.1",
    )
    lines = [
        (
            goal,
            Premise(
                "the probability p that the version space is not epsilon-exhausted "
                "must be at most delta",
                _HAUSSLER + ", eq. 7.2",
            ),
        ),
        (sp.LessThan(survive, delta), ReplaceTerm(p_fail, survive, union)),
        (
            sp.LessThan(H * sp.exp(-eps * m), delta),
            ReplaceTerm(1 - eps, sp.exp(-eps), ONE_MINUS_X_BELOW_EXP.at(eps)),
        ),
        (sp.LessThan(sp.log(H) - eps * m, sp.log(delta)), take_logarithms()),
        *_solve_logs_for_m(H, sp.log(H) - eps * m, eps, strict=False),
    ]
    return Derivation.build(
        "sample size of a consistent learner over a finite H (PAC)", _domains(H), lines
    )


def occam_derivation(H: sp.Expr = H_SYMBOL) -> Derivation:
    """Derive the Occam's-razor sample size with strict inequalities, logarithms first.

    Parameters
    ----------
    H
        The size of the hypothesis space (symbol or expression in ``n``).

    Returns
    -------
    Derivation
        Concluding ``m > (log(H) + log(1/delta))/epsilon``.

    Notes
    -----
    Unlike :func:`pac_derivation` the logarithm is taken first and
    ``ln(1 - epsilon) < -epsilon`` is used afterwards.  The number is the
    same; the inequality is strict, so the least sample size is ``floor(x) + 1``
    rather than ``ceil(x)`` (they differ only when ``x`` is an integer).

    References
    ----------
    Blumer, Ehrenfeucht, Haussler and Warmuth (1987) "Occam's razor"; Kearns
    and Vazirani (1994) ch. 2; Mitchell (1997) sections 7.3 and 7.3.2.

    Examples
    --------
    >>> occam_derivation().conclusion
    m > (log(H) + log(1/delta))/epsilon
    """
    bad = H * (1 - eps) ** m
    claim = Fact(
        sp.StrictLessThan(p_fail, bad),
        "the probability that some h in H is consistent with m examples and has "
        "error > epsilon is less than |H|(1 - epsilon)^m",
        _OCCAM,
    )
    lines = [
        (
            sp.StrictLessThan(p_fail, delta),
            Premise(
                "the probability p of finding a bad consistent hypothesis must be below delta",
                _OCCAM,
            ),
        ),
        (sp.StrictLessThan(bad, delta), ReplaceTerm(p_fail, bad, claim)),
        (sp.StrictLessThan(sp.log(H) + m * sp.log(1 - eps), sp.log(delta)), take_logarithms()),
        (
            sp.StrictLessThan(sp.log(H) - m * eps, sp.log(delta)),
            ReplaceTerm(sp.log(1 - eps), -eps, LOG_ONE_MINUS_X_BELOW.at(eps)),
        ),
        *_solve_logs_for_m(H, sp.log(H) - eps * m, eps, strict=True),
    ]
    return Derivation.build(
        "Occam's razor: sample size of a consistent learner", _domains(H), lines
    )


def agnostic_derivation(H: sp.Expr = H_SYMBOL) -> Derivation:
    """Derive the sample size of an agnostic learner over a finite H (Hoeffding).

    Parameters
    ----------
    H
        The size of the hypothesis space (symbol or expression in ``n``).

    Returns
    -------
    Derivation
        Concluding ``m >= (log(H) + log(1/delta))/(2 epsilon^2)``: then, with
        probability at least ``1 - delta``, every h in H has true error below
        its training error plus epsilon.

    References
    ----------
    Mitchell (1997) section 7.3.1 (agnostic learning), eq. 7.3; Hoeffding
    (1963).

    Examples
    --------
    >>> agnostic_derivation().conclusion
    m >= (log(H) + log(1/delta))/(2*epsilon**2)
    """
    tail = H * sp.exp(-2 * m * eps**2)
    hoeffding = Fact(
        sp.LessThan(p_fail, tail),
        "Hoeffding: P[error_true(h) > error_train(h) + epsilon] <= "
        "exp(-2 m epsilon^2) for one h; union bound over the |H| hypotheses",
        _HOEFFDING,
    )
    lines = [
        (
            sp.LessThan(p_fail, delta),
            Premise(
                "the probability p that some h in H has true error above training error "
                "+ epsilon must be at most delta",
                _HOEFFDING,
            ),
        ),
        (sp.LessThan(tail, delta), ReplaceTerm(p_fail, tail, hoeffding)),
        (sp.LessThan(sp.log(H) - 2 * m * eps**2, sp.log(delta)), take_logarithms()),
        *_solve_logs_for_m(H, sp.log(H) - 2 * m * eps**2, 2 * eps**2, strict=False),
    ]
    return Derivation.build(
        "sample size of an agnostic learner over a finite H", _domains(H), lines
    )


def elimination_derivation() -> Derivation:
    """Derive the elimination algorithm's sample size from the bad-literal argument.

    Returns
    -------
    Derivation
        Concluding ``m > n (log(n) + log(1/delta))/epsilon``.

    Notes
    -----
    A literal z is *bad* if ``p(z) > epsilon/n``.  If no bad literal survives,
    the learned conjunction has error below epsilon.  A bad literal survives
    one example with probability below ``1 - epsilon/n``; there are at most
    ``n`` of them (Kearns and Vazirani count all ``2n`` literals and get ``2n``
    in place of ``n``), so the probability that some survives m examples is at
    most ``n (1 - epsilon/n)^m``.

    References
    ----------
    Valiant (1984); Kearns and Vazirani (1994) ch. 1 (learning boolean
    conjunctions, the bad-literal argument).

    Examples
    --------
    >>> elimination_derivation().conclusion
    m > n*(log(1/delta) + log(n))/epsilon
    """
    rate = 1 - eps / n
    survive = n * rate**m
    union = Fact(
        sp.LessThan(p_fail, survive),
        "each of at most n bad literals survives one example with probability "
        "below 1 - epsilon/n; union bound over m independent examples",
        _BAD_LITERALS,
    )
    lines = [
        (
            sp.StrictLessThan(p_fail, delta),
            Premise(
                "the probability p that some bad literal survives m examples must be below delta",
                _BAD_LITERALS,
            ),
        ),
        (sp.StrictLessThan(survive, delta), ReplaceTerm(p_fail, survive, union)),
        (
            sp.StrictLessThan(n * sp.exp(-eps * m / n), delta),
            ReplaceTerm(rate, sp.exp(-eps / n), ONE_MINUS_X_BELOW_EXP.at(eps / n)),
        ),
        (sp.StrictLessThan(sp.log(n) - eps * m / n, sp.log(delta)), take_logarithms()),
        (sp.StrictLessThan(-eps * m / n, sp.log(delta) - sp.log(n)), AddToBothSides(-sp.log(n))),
        (
            sp.StrictGreaterThan(m, n * (sp.log(n) - sp.log(delta)) / eps),
            MultiplyBothSides(-n / eps),
        ),
        (
            sp.StrictGreaterThan(m, n * (sp.log(n) + sp.log(1 / delta, evaluate=False)) / eps),
            Rewrite("ln(1/delta) = -ln(delta)"),
        ),
    ]
    return Derivation.build(
        "sample size of the elimination algorithm for conjunctions", _domains(n), lines
    )


def vc_derivation() -> Derivation:
    """State the VC-dimension upper bound and rewrite it in natural logarithms.

    Returns
    -------
    Derivation
        Concluding ``m >= (4 log2(2/delta) + 8 VC log2(13/epsilon))/epsilon``
        in natural logarithms.

    Notes
    -----
    The premise is the theorem of Blumer, Ehrenfeucht, Haussler and Warmuth
    (1989), as stated in Mitchell (1997) eq. 7.7: that many examples suffice
    to epsilon-exhaust the version space with probability ``1 - delta``.  The
    derivation only rearranges it; it is not re-proved here.

    References
    ----------
    Blumer, Ehrenfeucht, Haussler and Warmuth (1989); Mitchell (1997) section
    7.4.3, eq. 7.7.

    Examples
    --------
    >>> vc_derivation().conclusion
    m >= (8*VC*log(13/epsilon) + 4*log(2/delta))/(epsilon*log(2))
    """
    log2 = sp.log(2)
    stated = (4 * sp.log(2 / delta, 2) + 8 * vc * sp.log(13 / eps, 2)) / eps
    lines = [
        (
            sp.GreaterThan(m, stated),
            Premise(
                "m examples suffice to epsilon-exhaust the version space with probability "
                "at least 1 - delta (Blumer et al. 1989)",
                _BLUMER,
            ),
        ),
        (
            sp.GreaterThan(m, (4 * sp.log(2 / delta) + 8 * vc * sp.log(13 / eps)) / (eps * log2)),
            Rewrite("log2(x) = ln(x)/ln(2)"),
        ),
    ]
    return Derivation.build(
        "VC-dimension upper bound on the sample size",
        _domains(H_SYMBOL, (VARIABLES["vc"],)),
        lines,
    )


LOWER_EPSILON = sp.Interval.open(0, sp.Rational(1, 8))
LOWER_DELTA = sp.Interval.open(0, sp.Rational(1, 100))
LOWER_VC = sp.Interval(2, sp.oo)


def lower_derivation() -> Derivation:
    """Combine the two necessary conditions of the lower bound of Ehrenfeucht et al.

    Returns
    -------
    Derivation
        Concluding ``m >= max(log(1/delta)/epsilon, (VC - 1)/(32 epsilon))``:
        a *necessary* condition.  With fewer examples, for some distribution and
        target, the learner outputs a hypothesis with error above epsilon with
        probability at least delta.

    Notes
    -----
    The theorem needs ``VC(C) >= 2``, ``0 < epsilon < 1/8`` and
    ``0 < delta < 1/100``; outside those ranges it says nothing.  The logarithm
    is the natural one.  Both conditions are premises (Ehrenfeucht, Haussler,
    Kearns and Valiant 1989); the derivation only joins them.

    References
    ----------
    Ehrenfeucht, Haussler, Kearns and Valiant (1989); Mitchell (1997) section
    7.4.3.

    Examples
    --------
    >>> lower_derivation().conclusion
    m >= Max((VC - 1)/(32*epsilon), log(1/delta)/epsilon)
    """
    first = sp.log(1 / delta, evaluate=False) / eps
    second = (vc - 1) / (32 * eps)
    fact = Fact(
        sp.GreaterThan(m, second),
        "necessary: with fewer than (VC(C) - 1)/(32 epsilon) examples some "
        "distribution makes the learner fail",
        _LOWER,
    )
    lines = [
        (
            sp.GreaterThan(m, first),
            Premise(
                "necessary: with fewer than ln(1/delta)/epsilon examples some "
                "distribution makes the learner fail with probability >= delta",
                _LOWER,
            ),
        ),
        (sp.GreaterThan(m, sp.Max(first, second)), CombineLowerBounds(fact)),
    ]
    domains = _domains(H_SYMBOL)
    domains.update({eps: LOWER_EPSILON, delta: LOWER_DELTA, vc: LOWER_VC})
    return Derivation.build("lower bound on the sample size (any learner)", domains, lines)
