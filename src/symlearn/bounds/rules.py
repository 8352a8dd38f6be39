"""The rules a derivation step may use, and the facts and lemmas they rely on.

Each rule is a small frozen dataclass whose ``check(previous, current, prover)``
decides, with sympy, whether ``current`` follows from ``previous`` by the rule,
and returns how the two are connected (:class:`Connective`): ``iff``,
``implies`` (a consequence) or ``implied_by`` (a sufficient condition).  A
rule that sympy cannot justify raises :class:`DerivationError`.

Rules
-----
Premise
    The first line: a theorem or a goal, taken as given (with its source).
Rewrite
    The same relation written differently (sides identical by algebra).
AddToBothSides, MultiplyBothSides
    Add a term; multiply by a factor whose sign is proved (negative flips).
ApplyIncreasing
    Apply a strictly increasing function, e.g. :func:`take_logarithms`,
    :func:`square_both_sides`; its slope and the sides' range are proved.
Transitivity
    Chain with a fact: ``a <= b`` and ``b <= c`` give ``a <= c``.
ReplaceTerm
    Replace a term by a bound on it where the side is monotone in the term
    (the derivative's sign is proved): the union bound, ``1 - x < e^(-x)``.
Substitute
    Replace an expression by a symbol defined to equal it.
CombineLowerBounds
    ``x >= a`` and ``x >= b`` give ``x >= max(a, b)``.
SolveFor
    Isolate a variable the relation is strictly monotone in.

Lemmas (:class:`Lemma`, proved by convexity each time they are used):
:data:`ONE_MINUS_X_BELOW_EXP` (``1 - x < e^(-x)`` for ``x > 0``) and
:data:`LOG_ONE_MINUS_X_BELOW` (``ln(1 - x) < -x`` for ``0 < x < 1``).

References
----------
The two lemmas are the steps of the Occam's-razor argument (Blumer et al.
1987; Kearns and Vazirani 1994, ch. 2) and of the analysis of the elimination
algorithm for conjunctions (Kearns and Vazirani 1994, ch. 1); Mitchell (1997)
uses ``(1 - epsilon) <= e^(-epsilon)`` in the proof of Theorem 7.1.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, ClassVar

import sympy as sp
from sympy.core.relational import Relational

from symlearn.bounds.prover import Prover
from symlearn.errors import SymlearnError

__all__ = [
    "LOG_ONE_MINUS_X_BELOW",
    "ONE_MINUS_X_BELOW_EXP",
    "AddToBothSides",
    "ApplyIncreasing",
    "Canonical",
    "CombineLowerBounds",
    "Connective",
    "DerivationError",
    "Fact",
    "Lemma",
    "MultiplyBothSides",
    "Premise",
    "ReplaceTerm",
    "Rewrite",
    "Rule",
    "SolveFor",
    "Substitute",
    "Transitivity",
    "canonical",
    "square_both_sides",
    "take_logarithms",
]


class DerivationError(SymlearnError, ValueError):
    """A derivation step does not follow by its rule, or sympy cannot show that it does."""


class Connective(str, enum.Enum):
    """How a step is connected to the step before it."""

    PREMISE = "premise"
    IFF = "iff"
    IMPLIES = "implies"
    IMPLIED_BY = "implied_by"

    @property
    def latex(self) -> str:
        """The arrow written before the step in LaTeX."""
        return {
            "premise": "",
            "iff": r"\iff",
            "implies": r"\implies",
            "implied_by": r"\impliedby",
        }[self.value]

    @property
    def text(self) -> str:
        """The arrow written before the step in plain text."""
        return {"premise": "   ", "iff": "<=>", "implies": "==>", "implied_by": "<=="}[self.value]


# -- relations in a canonical orientation --------------------------------------


@dataclass(frozen=True)
class Canonical:
    """A relation as ``small < big`` / ``small <= big``, or an equation ``small = big``."""

    small: sp.Expr
    big: sp.Expr
    strict: bool
    equation: bool = False


def canonical(relation: Relational) -> Canonical:
    """Orient ``relation`` so that the smaller side comes first.

    Examples
    --------
    >>> m, x = sp.symbols("m x")
    >>> c = canonical(sp.Ge(m, x))
    >>> c.small, c.big, c.strict
    (x, m, False)
    """
    if isinstance(relation, sp.StrictLessThan):
        return Canonical(relation.lhs, relation.rhs, True)
    if isinstance(relation, sp.LessThan):
        return Canonical(relation.lhs, relation.rhs, False)
    if isinstance(relation, sp.StrictGreaterThan):
        return Canonical(relation.rhs, relation.lhs, True)
    if isinstance(relation, sp.GreaterThan):
        return Canonical(relation.rhs, relation.lhs, False)
    if isinstance(relation, sp.Equality):
        return Canonical(relation.lhs, relation.rhs, False, equation=True)
    raise DerivationError(f"{relation} is not a relation sympy can keep (it evaluated to it)")


def _same_relation(a: Canonical, b: Canonical, prover: Prover) -> bool:
    if a.equation or b.equation:
        if not (a.equation and b.equation):
            return False
        return (prover.same(a.small, b.small) and prover.same(a.big, b.big)) or (
            prover.same(a.small, b.big) and prover.same(a.big, b.small)
        )
    return a.strict == b.strict and prover.same(a.small, b.small) and prover.same(a.big, b.big)


def _inequality(prev: Relational, cur: Relational, rule: str) -> tuple[Canonical, Canonical]:
    before, after = canonical(prev), canonical(cur)
    if before.equation or after.equation:
        raise DerivationError(f"{rule} is a rule for inequalities")
    return before, after


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise DerivationError(message)


# -- facts and lemmas -----------------------------------------------------------


@dataclass(frozen=True)
class Lemma:
    """An inequality in one variable, proved with sympy by strict convexity.

    The lemma ``small(x) < big(x)`` on ``domain`` is proved by showing that
    ``g = big - small`` has ``g(x0) = 0`` and ``g'(x0) = 0`` at the endpoint
    ``x0`` of the domain and ``g'' > 0`` on the whole domain: then ``g' > 0``
    and hence ``g > 0`` on the domain.

    Parameters
    ----------
    name
        How the lemma is cited, e.g. ``"1 - x < exp(-x) for x > 0"``.
    variable
        The variable ``x``.
    relation
        The inequality, in ``x``.
    domain
        Where it holds; its lower end is the tangency point ``x0``.
    """

    name: str
    variable: sp.Symbol
    relation: Relational
    domain: sp.Interval

    def prove(self) -> str:
        """Check the lemma with sympy and return the proof in words.

        Raises
        ------
        DerivationError
            If sympy cannot confirm one of the three facts of the proof.

        Examples
        --------
        >>> print(ONE_MINUS_X_BELOW_EXP.prove())
        g(x) = x - 1 + exp(-x): g(0) = 0, g'(0) = 0 and g''(x) = exp(-x) > 0 for x in (0, oo)
        """
        form = canonical(self.relation)
        x, x0 = self.variable, self.domain.start
        g = sp.expand(form.big - form.small)
        slope, curvature = sp.diff(g, x), sp.diff(g, x, 2)
        prover = Prover({x: self.domain})
        _require(sp.simplify(sp.limit(g, x, x0, "+")) == 0, f"{self.name}: g({x0}) != 0")
        _require(sp.simplify(sp.limit(slope, x, x0, "+")) == 0, f"{self.name}: g'({x0}) != 0")
        _require(prover.is_positive(curvature), f"{self.name}: cannot show g'' > 0")
        return (
            f"g({x}) = {g}: g({x0}) = 0, g'({x0}) = 0 and g''({x}) = "
            f"{sp.simplify(curvature)} > 0 for {x} in {_interval_text(self.domain)}"
        )

    def at(self, value: sp.Expr) -> Fact:
        """Return the lemma's instance at ``x = value`` as a fact.

        The instance is checked when a rule uses it: the lemma is proved and
        ``value`` is shown to lie in the lemma's domain.
        """
        return Fact(
            self.relation.xreplace({self.variable: value}),
            f"{self.name}, with {self.variable} = {value}",
            lemma=self,
            point=value,
        )


def _interval_text(domain: sp.Interval) -> str:
    left = "(" if domain.left_open else "["
    right = ")" if domain.right_open else "]"
    return f"{left}{domain.start}, {domain.end}{right}"


_x = sp.Symbol("x", real=True)

#: 1 - x < e^(-x) for every x > 0 (the step to |H| e^(-epsilon m) in the PAC bounds).
ONE_MINUS_X_BELOW_EXP = Lemma(
    "1 - x < exp(-x) for x > 0",
    _x,
    sp.StrictLessThan(1 - _x, sp.exp(-_x)),
    sp.Interval.open(0, sp.oo),
)

#: ln(1 - x) < -x for 0 < x < 1 (the Occam's-razor step ln(1 - eps) < -eps).
LOG_ONE_MINUS_X_BELOW = Lemma(
    "log(1 - x) < -x for 0 < x < 1",
    _x,
    sp.StrictLessThan(sp.log(1 - _x), -_x),
    sp.Interval.open(0, 1),
)


@dataclass(frozen=True)
class Fact:
    """A relation used by a step besides the line before it.

    Parameters
    ----------
    relation
        The fact itself.
    justification
        Why it holds, in words (a published theorem, a counting argument).
    source
        Where it is stated (textbook section, paper).
    lemma, point
        Set when the fact is a :class:`Lemma` instantiated at ``point``; the
        lemma is then proved and the point checked to be in its domain.
    """

    relation: Relational
    justification: str
    source: str = ""
    lemma: Lemma | None = None
    point: sp.Expr | None = None

    def verify(self, prover: Prover) -> None:
        """Prove the fact if it comes from a lemma; premises are taken as given."""
        if self.lemma is None:
            return
        self.lemma.prove()
        _require(
            prover.contains(self.point, self.lemma.domain),
            f"cannot show {self.point} lies in the domain of {self.lemma.name}",
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the fact as JSON data."""
        return {
            "relation": str(self.relation),
            "latex": sp.latex(self.relation),
            "justification": self.justification,
            "source": self.source,
        }


# -- rules --------------------------------------------------------------------


class Rule:
    """A way of obtaining one relation from another; subclasses check it.

    ``check(previous, current, prover)`` raises :class:`DerivationError` when
    ``current`` does not follow from ``previous`` by the rule and otherwise
    returns the :class:`Connective` between them.
    """

    name: ClassVar[str] = "rule"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Check the step; return its connective."""
        raise NotImplementedError  # pragma: no cover - abstract

    def describe(self) -> str:
        """Return the rule and its argument in words."""
        return self.name

    def facts(self) -> tuple[Fact, ...]:
        """Return the side facts the rule uses."""
        return ()


def _not_first(previous: Relational | None, name: str) -> Relational:
    if previous is None:
        raise DerivationError(f"{name} needs a step before it")
    return previous


@dataclass(frozen=True)
class Premise(Rule):
    """The first line: a theorem or a goal, taken as given.

    Parameters
    ----------
    statement
        What the premise says, in words.
    source
        Where it is stated.
    """

    statement: str
    source: str = ""
    name: ClassVar[str] = "premise"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Accept a premise as the first line; it is not checked further."""
        _require(previous is None, "a premise can only start a derivation")
        canonical(current)
        return Connective.PREMISE

    def describe(self) -> str:
        """Return the premise and its source."""
        return f"premise: {self.statement}" + (f" ({self.source})" if self.source else "")


@dataclass(frozen=True)
class Rewrite(Rule):
    """The same relation written differently: both sides are identical by algebra."""

    reason: str = "simplify"
    name: ClassVar[str] = "rewrite"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Both sides must simplify to the same expressions, the relation kept."""
        before = canonical(_not_first(previous, self.name))
        _require(
            _same_relation(before, canonical(current), prover),
            f"{current} is not {previous} rewritten",
        )
        return Connective.IFF

    def describe(self) -> str:
        """Return the rule in words."""
        return f"rewrite ({self.reason})"


@dataclass(frozen=True)
class AddToBothSides(Rule):
    """Add the same quantity to both sides of a relation."""

    term: sp.Expr
    name: ClassVar[str] = "add to both sides"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Each side must be the previous side plus ``term``."""
        before, after = canonical(_not_first(previous, self.name)), canonical(current)
        shifted = Canonical(
            before.small + self.term, before.big + self.term, before.strict, before.equation
        )
        _require(
            _same_relation(shifted, after, prover), f"{current} is not {previous} + ({self.term})"
        )
        return Connective.IFF

    def describe(self) -> str:
        """Return the rule and its term."""
        return f"add {self.term} to both sides"


@dataclass(frozen=True)
class MultiplyBothSides(Rule):
    """Multiply both sides by a factor whose sign is proved (a negative one flips)."""

    factor: sp.Expr
    name: ClassVar[str] = "multiply both sides"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Prove the factor's sign; check the sides are scaled (and swapped if negative)."""
        before, after = canonical(_not_first(previous, self.name)), canonical(current)
        f = self.factor
        if prover.is_positive(f):
            scaled = Canonical(f * before.small, f * before.big, before.strict, before.equation)
        elif prover.is_negative(f):
            scaled = Canonical(f * before.big, f * before.small, before.strict, before.equation)
        else:
            raise DerivationError(f"cannot show that {f} is positive or negative")
        _require(_same_relation(scaled, after, prover), f"{current} is not {previous} times {f}")
        return Connective.IFF

    def describe(self) -> str:
        """Return the rule and its factor."""
        return f"multiply both sides by {self.factor}"


@dataclass(frozen=True)
class ApplyIncreasing(Rule):
    """Apply a strictly increasing function to both sides (take logarithms, square ...).

    Parameters
    ----------
    function
        A one-argument sympy ``Lambda``.
    label
        The rule's name in words, e.g. ``"take logarithms"``.
    domain
        Where the function is strictly increasing; both sides must lie in it.
    """

    function: sp.Lambda
    label: str
    domain: sp.Interval = field(default_factory=lambda: sp.Interval.open(0, sp.oo))
    name: ClassVar[str] = "apply an increasing function"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Prove f' > 0 on the domain, both sides in it, and the sides equal f(side)."""
        before, after = _inequality(_not_first(previous, self.name), current, self.label)
        t = sp.Dummy("t", real=True)
        slope = sp.diff(self.function(t), t)
        _require(
            prover.with_domains({t: self.domain}).is_positive(slope),
            f"cannot show that {self.function} is increasing on {self.domain}",
        )
        for side in (before.small, before.big):
            _require(
                prover.contains(side, self.domain),
                f"cannot show that {side} lies in {_interval_text(self.domain)}",
            )
        mapped = Canonical(self.function(before.small), self.function(before.big), before.strict)
        _require(
            _same_relation(mapped, after, prover), f"{current} is not {self.label} of {previous}"
        )
        return Connective.IFF

    def describe(self) -> str:
        """Return the rule in words."""
        return f"{self.label} (strictly increasing on {_interval_text(self.domain)})"


def take_logarithms() -> ApplyIncreasing:
    """Return the rule "take natural logarithms of both (positive) sides"."""
    x = sp.Dummy("x")
    return ApplyIncreasing(sp.Lambda(x, sp.log(x)), "take logarithms")


def square_both_sides() -> ApplyIncreasing:
    """Return the rule "square both (positive) sides"."""
    x = sp.Dummy("x")
    return ApplyIncreasing(sp.Lambda(x, x**2), "square both sides")


@dataclass(frozen=True)
class Transitivity(Rule):
    """Chain with a fact: from ``a <= b`` and ``b <= c`` conclude ``a <= c``."""

    fact: Fact
    name: ClassVar[str] = "transitivity"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Check that the fact continues the previous relation at one end."""
        before, after = _inequality(_not_first(previous, self.name), current, self.name)
        self.fact.verify(prover)
        fact = canonical(self.fact.relation)
        strict = before.strict or fact.strict
        if prover.same(before.big, fact.small):
            chained = Canonical(before.small, fact.big, strict)
        elif prover.same(fact.big, before.small):
            chained = Canonical(fact.small, before.big, strict)
        else:
            raise DerivationError(f"{self.fact.relation} does not chain with {previous}")
        weakened = Canonical(chained.small, chained.big, after.strict)
        _require(
            _same_relation(weakened, after, prover) and (chained.strict or not after.strict),
            f"{current} does not follow from {previous} and {self.fact.relation}",
        )
        return Connective.IMPLIES

    def describe(self) -> str:
        """Return the rule and its fact."""
        return f"transitivity with {self.fact.relation} ({self.fact.justification})"

    def facts(self) -> tuple[Fact, ...]:
        """Return the fact chained with."""
        return (self.fact,)


@dataclass(frozen=True)
class ReplaceTerm(Rule):
    """Replace a term by a bound on it, where the side is monotone in the term.

    If one side is ``E(old)`` with ``E`` increasing and the fact says
    ``old <= new``, replacing ``old`` by ``new`` makes that side larger.
    Making the smaller side larger gives a *sufficient* condition
    (``implied_by``); making the larger side larger gives a *consequence*
    (``implies``); decreasing sides and decreasing ``E`` work the same way.

    Parameters
    ----------
    old, new
        The term and its replacement.
    fact
        The relation between them (a premise, or a :class:`Lemma` instance).
    """

    old: sp.Expr
    new: sp.Expr
    fact: Fact
    name: ClassVar[str] = "replace a term by a bound"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Check the fact, the monotonicity of the context and the result."""
        before, after = _inequality(_not_first(previous, self.name), current, self.name)
        self.fact.verify(prover)
        fact = canonical(self.fact.relation)
        _require(not fact.equation, "the fact of a replacement must be an inequality")
        if prover.same(fact.small, self.old) and prover.same(fact.big, self.new):
            grows = True
        elif prover.same(fact.small, self.new) and prover.same(fact.big, self.old):
            grows = False
        else:
            raise DerivationError(
                f"{self.fact.relation} does not relate {self.old} and {self.new}"
            )
        t = (
            sp.Dummy("t", positive=True)
            if (prover.is_positive(self.old) and prover.is_positive(self.new))
            else sp.Dummy("t", real=True)
        )
        in_small = before.small.has(self.old) and prover.same(before.big, after.big)
        in_big = before.big.has(self.old) and prover.same(before.small, after.small)
        _require(
            in_small != in_big,
            f"{self.old} must occur in exactly one side of {previous}"
            " and that side alone may change",
        )
        side, new_side = (before.small, after.small) if in_small else (before.big, after.big)
        context = side.subs(self.old, t)
        _require(
            context.has(t)
            and prover.same(context.subs(t, self.old), side)
            and prover.same(context.subs(t, self.new), new_side),
            f"{new_side} is not {side} with {self.old} replaced by {self.new}",
        )
        slope = sp.diff(context, t)
        if prover.is_positive(slope):
            side_grows = grows
        elif prover.is_negative(slope):
            side_grows = not grows
        else:
            raise DerivationError(f"cannot show that {side} is monotone in {self.old}")
        # Moving the smaller side up (or the larger down) strengthens the relation.
        strengthens = side_grows == in_small
        if strengthens:
            _require(
                not before.strict or after.strict or fact.strict,
                f"{current} is not strict enough to imply {previous}",
            )
            return Connective.IMPLIED_BY
        _require(
            not after.strict or before.strict or fact.strict,
            f"{current} is stricter than {previous} allows",
        )
        return Connective.IMPLIES

    def describe(self) -> str:
        """Return the replacement and its justification."""
        return f"replace {self.old} by {self.new}, using {self.fact.justification}"

    def facts(self) -> tuple[Fact, ...]:
        """Return the bound used."""
        return (self.fact,)


@dataclass(frozen=True)
class Substitute(Rule):
    """Replace an expression by a symbol defined to equal it (``M = M_p + M_n``)."""

    definition: sp.Equality
    name: ClassVar[str] = "substitute a definition"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Check that expanding the definition in ``current`` gives ``previous``."""
        before = _not_first(previous, self.name)
        symbol, value = self.definition.lhs, self.definition.rhs
        expanded = current.xreplace({symbol: value})
        _require(
            _same_relation(canonical(expanded), canonical(before), prover),
            f"{current} is not {previous} with {self.definition} substituted",
        )
        return Connective.IFF

    def describe(self) -> str:
        """Return the definition used."""
        return f"substitute {self.definition.lhs} = {self.definition.rhs}"


@dataclass(frozen=True)
class CombineLowerBounds(Rule):
    """Join two lower bounds on one quantity: ``x >= a`` and ``x >= b`` give ``x >= max(a, b)``."""

    fact: Fact
    name: ClassVar[str] = "combine lower bounds"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Both bounds must bound the same quantity and the result be their maximum."""
        before, after = _inequality(_not_first(previous, self.name), current, self.name)
        fact = canonical(self.fact.relation)
        _require(
            prover.same(before.big, fact.big) and prover.same(after.big, before.big),
            "the two lower bounds must bound the same quantity",
        )
        joined = sp.Max(before.small, fact.small)
        _require(
            after.small == joined or prover.same(after.small, joined),
            f"{after.small} is not the maximum of {before.small} and {fact.small}",
        )
        _require(after.strict == (before.strict and fact.strict), "strictness must agree")
        return Connective.IMPLIES

    def describe(self) -> str:
        """Return the second bound joined."""
        return f"combine with {self.fact.relation} ({self.fact.justification})"

    def facts(self) -> tuple[Fact, ...]:
        """Return the second bound."""
        return (self.fact,)


@dataclass(frozen=True)
class SolveFor(Rule):
    """Isolate one variable, using that the relation is strictly monotone in it.

    With ``g = big - small``, the relation is ``g >= 0`` (or ``> 0``).  If
    ``g(v*) = 0`` and ``dg/dv`` is proved positive on the ranges of the
    variables, then ``g >= 0`` iff ``v >= v*``; if negative, iff ``v <= v*``.
    """

    variable: sp.Symbol
    name: ClassVar[str] = "solve for a variable"

    def check(
        self, previous: Relational | None, current: Relational, prover: Prover
    ) -> Connective:
        """Check that the solution zeroes g and the sign of dg/dv gives the direction."""
        before, after = _inequality(_not_first(previous, self.name), current, self.name)
        v = self.variable
        g = before.big - before.small
        if after.big == v:
            solution, increasing = after.small, True
        elif after.small == v:
            solution, increasing = after.big, False
        else:
            raise DerivationError(f"{current} does not isolate {v}")
        _require(not solution.has(v), f"{solution} still contains {v}")
        _require(after.strict == before.strict, "solving keeps the relation's strictness")
        _require(
            prover.same(g.subs(v, solution), 0), f"{v} = {solution} does not solve {previous}"
        )
        slope = sp.diff(g, v)
        proved = prover.is_positive(slope) if increasing else prover.is_negative(slope)
        _require(
            proved,
            f"cannot show that {previous} is "
            f"{'increasing' if increasing else 'decreasing'} in {v}",
        )
        return Connective.IFF

    def describe(self) -> str:
        """Return the variable solved for."""
        return f"solve for {self.variable} (the relation is strictly monotone in it)"
