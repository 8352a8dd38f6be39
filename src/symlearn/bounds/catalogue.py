"""Every bound by name: its derivation, its parameters, evaluating and solving it.

``derive(name)`` returns a :class:`Bound`: a checked derivation plus the
variables it is stated in.  ``Bound.evaluate`` puts numbers in;
``Bound.solve_for`` turns the bound around and solves for any one of its
variables, symbolically (by a checked :class:`~symlearn.bounds.rules.SolveFor`
step) and numerically.

Rounding conventions
--------------------
* A sample size ``m`` is the *least integer* satisfying the bound's relation:
  ``ceil(x)`` for ``m >= x`` and ``floor(x) + 1`` for ``m > x``.
* A number of mistakes is the *largest integer* the bound allows:
  ``floor(x)`` for ``M <= x`` and ``ceil(x) - 1`` for ``M < x``.
* Solving for a whole-number variable (``H``, ``n``, ``vc``, ``k``, ``r``)
  rounds the same way, in the direction the relation allows; a real variable
  (``epsilon``, ``delta``, ``beta``, ``R``, ``gamma``) is reported unrounded
  with the direction of its relation.
* ``*_exact`` values are the unrounded numbers, computed exactly by sympy and
  given as floats.

Strict or not
-------------
Each bound is stated as its source states it, and the difference matters
when ``x`` is a whole number: ``pac``, ``agnostic`` and ``vc`` are ``m >= x``
(Mitchell 1997, eqs. 7.2, 7.3 and 7.7); ``lower`` is the necessary
``m >= max(...)`` (fewer examples than that can fail, Ehrenfeucht et al.
1989); ``occam`` and ``elimination`` are strict, ``m > x``, as the
Occam's-razor and bad-literal arguments conclude them (the probability of
failure is *below* delta; Blumer et al. 1987, Valiant 1984); every mistake
bound is an "at most", ``M <= x`` (Mitchell 1997 section 7.5 for Find-S,
halving and weighted majority, Novikoff 1962, Blum 1996 for Winnow).
:attr:`BoundSpec.relation` records the form; the tests check that each
derivation concludes in it, and ``symlearn bound --list`` prints it with
the source.

Functions
---------
derive
    The :class:`Bound` of a name, optionally for a hypothesis class
    (``pac``, ``occam`` and ``agnostic`` accept ``hypothesis_class``).
bound_table
    One row per bound name: parameters, what it bounds, summary (``--list``).
BOUNDS
    The specifications, by name.

References
----------
Mitchell (1997) ch. 7 (sections 7.3-7.5); Kearns and Vazirani (1994) ch. 1-3;
the papers each bound names in its ``reference`` (see
:mod:`symlearn.bounds.sample` and :mod:`symlearn.bounds.mistakes`).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sympy as sp
from sympy.core.relational import Relational

from symlearn.bounds import mistakes, sample
from symlearn.bounds.derivation import Derivation
from symlearn.bounds.rules import canonical
from symlearn.bounds.sizes import evaluate_within_limits, size_formula
from symlearn.bounds.solving import (
    isolate,
    magnitude,
    satisfied,
    settle_integer,
    solve_numerically,
)
from symlearn.bounds.variables import (
    VARIABLES,
    Variable,
    describe_interval,
    in_domain,
    lookup,
    validate,
)
from symlearn.errors import InvalidParameterError, ResourceLimitError

__all__ = [
    "BOUNDS",
    "Bound",
    "BoundResult",
    "BoundSpec",
    "bound_table",
    "derive",
]


@dataclass(frozen=True)
class BoundSpec:
    """What a bound is called, what it bounds, and how it is derived.

    ``relation`` is the form the source states the bound in: ``">="`` or
    ``">"`` for a sample size, ``"<="`` or ``"<"`` for mistakes (see
    "Strict or not" in the module docstring); ``reference`` names the source.
    """

    name: str
    summary: str
    target: str
    parameters: tuple[str, ...]
    build: Callable[..., Derivation]
    reference: str
    relation: str
    accepts_class: bool = False
    overrides: tuple[tuple[str, Variable], ...] = ()

    @property
    def kind(self) -> str:
        """``"sample size"``, ``"necessary sample size"`` or ``"mistakes"``."""
        if self.target == "mistakes":
            return "mistakes"
        return "necessary sample size" if self.name == "lower" else "sample size"


def _override(name: str, **changes: Any) -> tuple[str, Variable]:
    return name, dataclasses.replace(VARIABLES[name], **changes)


BOUNDS: dict[str, BoundSpec] = {
    spec.name: spec
    for spec in (
        BoundSpec(
            "pac",
            "consistent learner over a finite H: m >= (ln|H| + ln(1/delta))/epsilon",
            "m",
            ("H", "epsilon", "delta"),
            sample.pac_derivation,
            "Haussler (1988); Mitchell (1997) section 7.3, eq. 7.2",
            ">=",
            accepts_class=True,
        ),
        BoundSpec(
            "occam",
            "Occam's razor (strict form): m > (ln|H| + ln(1/delta))/epsilon",
            "m",
            ("H", "epsilon", "delta"),
            sample.occam_derivation,
            "Blumer et al. (1987); Kearns and Vazirani (1994) ch. 2",
            ">",
            accepts_class=True,
        ),
        BoundSpec(
            "agnostic",
            "agnostic learner (Hoeffding): m >= (ln|H| + ln(1/delta))/(2 epsilon^2)",
            "m",
            ("H", "epsilon", "delta"),
            sample.agnostic_derivation,
            "Mitchell (1997) section 7.3.1, eq. 7.3; Hoeffding (1963)",
            ">=",
            accepts_class=True,
        ),
        BoundSpec(
            "vc",
            "VC upper bound: m >= (4 log2(2/delta) + 8 VC log2(13/epsilon))/epsilon",
            "m",
            ("vc", "epsilon", "delta"),
            sample.vc_derivation,
            "Blumer et al. (1989); Mitchell (1997) section 7.4.3, eq. 7.7",
            ">=",
        ),
        BoundSpec(
            "lower",
            "lower bound (any learner): m >= max(ln(1/delta)/epsilon, (VC - 1)/(32 epsilon))",
            "m",
            ("vc", "epsilon", "delta"),
            sample.lower_derivation,
            "Ehrenfeucht et al. (1989); Mitchell (1997) section 7.4.3",
            ">=",
            overrides=(
                _override("vc", domain=sample.LOWER_VC),
                _override("epsilon", domain=sample.LOWER_EPSILON),
                _override("delta", domain=sample.LOWER_DELTA),
            ),
        ),
        BoundSpec(
            "elimination",
            "elimination algorithm for conjunctions: m > (n/epsilon)(ln n + ln(1/delta))",
            "m",
            ("n", "epsilon", "delta"),
            sample.elimination_derivation,
            "Valiant (1984); Kearns and Vazirani (1994) ch. 1",
            ">",
        ),
        BoundSpec(
            "mistake-find-s",
            "Find-S on boolean conjunctions: M <= n + 1",
            "mistakes",
            ("n",),
            mistakes.find_s_mistake_derivation,
            "Mitchell (1997) section 7.5.1",
            "<=",
        ),
        BoundSpec(
            "halving",
            "halving algorithm: M <= log2 |H|",
            "mistakes",
            ("H",),
            mistakes.halving_derivation,
            "Mitchell (1997) section 7.5.2; Littlestone (1988)",
            "<=",
        ),
        BoundSpec(
            "weighted-majority",
            "weighted majority: M <= (k log2(1/beta) + log2 n)/log2(2/(1 + beta))",
            "mistakes",
            ("k", "n", "beta"),
            mistakes.weighted_majority_derivation,
            "Littlestone and Warmuth (1994); Mitchell (1997) section 7.5.4, Theorem 7.5",
            "<=",
            overrides=(_override("n", meaning="number of predictors in the pool"),),
        ),
        BoundSpec(
            "perceptron",
            "perceptron, Novikoff: M <= (R/gamma)^2",
            "mistakes",
            ("R", "gamma"),
            mistakes.perceptron_derivation,
            "Novikoff (1962); Freund and Schapire (1999)",
            "<=",
            overrides=(
                _override(
                    "mistakes",
                    symbol=mistakes.PERCEPTRON_MISTAKES,
                    domain=sp.Interval.open(0, sp.oo),
                ),
            ),
        ),
        BoundSpec(
            "winnow",
            "Winnow on r-disjunctions of n variables: M <= 2 + 3 r (1 + log2 n)",
            "mistakes",
            ("r", "n"),
            mistakes.winnow_derivation,
            "Blum (1996), Winnow theorem; Littlestone (1988)",
            "<=",
        ),
    )
}

#: The entries of ``symlearn bound --list`` that are computed, not derived:
#: name, parameters, what it gives, summary, source.
OTHER_ENTRIES: tuple[tuple[str, str, str, str, str], ...] = (
    (
        "hypothesis-space-size",
        "--class NAME --n N [--k K] [--d D] [--values V] [--domains 3,2,...] [--convention C]"
        " | FILE... [--class NAME] [--k K] [--d D]",
        "size",
        "|H| of a hypothesis class as a formula in n, checked by enumeration in the tests",
        "Mitchell (1997) sections 2.3 and 7.3",
    ),
    (
        "vc-dimension",
        "--class NAME --n N [--r R] | FILE... [--class NAME] [--k K] [--d D]",
        "vc_dimension",
        "exact VC dimension by a pruned shattering search, with a shattered witness set",
        "Mitchell (1997) section 7.4",
    ),
)


def bound_table() -> list[tuple[str, str, str, str, str]]:
    """Return one row per bound: name, parameters, what it gives, summary, source.

    The source of a derived bound starts with the form it is stated in
    (``m >= x``, ``m > x``, ``M <= x``), then names where it is stated so.

    Examples
    --------
    >>> bound_table()[0][:3]
    ('pac', '--H --epsilon --delta (or --class NAME --n N)', 'm')
    >>> sources = {row[0]: row[4] for row in bound_table()}
    >>> sources["occam"][:6], sources["winnow"]
    ('m > x:', 'M <= x: Blum (1996), Winnow theorem; Littlestone (1988)')
    """
    rows = []
    for spec in BOUNDS.values():
        parameters = " ".join(f"--{p}" for p in spec.parameters)
        if spec.accepts_class:
            parameters += " (or --class NAME --n N)"
        quantity = "M" if spec.target == "mistakes" else spec.target
        source = f"{quantity} {spec.relation} x: {spec.reference}"
        rows.append((spec.name, parameters, spec.target, spec.summary, source))
    rows.extend(OTHER_ENTRIES)
    return rows


def _power_text(size: sp.Expr) -> str:
    """``base**exponent`` of a power too large to compute, each part computed when it can be.

    Examples
    --------
    >>> with sp.evaluate(False):
    ...     size = sp.Pow(2, sp.Integer(1000) ** 2 + sp.Integer(3))
    >>> _power_text(size)
    '2**1000003'
    """
    if not isinstance(size, sp.Pow):
        return str(size)
    try:
        base, exponent = (evaluate_within_limits(part) for part in size.args)
    except ResourceLimitError:
        return str(size)
    return f"{base}**{exponent}"


def _number(value: sp.Expr) -> int | float | str:
    """Return an exact integer as ``int`` (``log(64)/log(2)`` too), anything else as float.

    A value beyond the float range (``n = 1e400``) is returned as its decimal
    text to 17 significant digits, never as ``inf`` (which is no JSON number).
    """
    value = sp.sympify(value)
    if value.is_Integer:
        return int(value)
    # 30 digits after the point whatever the size: a huge value is told from an integer
    # before the (slow) exact check
    approximation = sp.N(value, 30 + magnitude(value))
    nearest = round(approximation)
    if abs(approximation - nearest) < sp.Float(10) ** -25 and sp.simplify(value - nearest) == 0:
        return int(nearest)
    as_float = float(approximation)
    if math.isinf(as_float):
        return str(sp.N(value, 17))
    return as_float


def _integer_guess(x: sp.Expr, at_least: bool) -> int:
    """Round ``x`` the allowed way from a 40-digit value; ``settle_integer`` then checks it."""
    value = sp.N(x, 40 + magnitude(x))
    return int(sp.ceiling(value)) if at_least else int(sp.floor(value))


@dataclass(frozen=True)
class BoundResult:
    """A bound evaluated (or solved) at given values: what ``--json`` prints.

    Attributes
    ----------
    bound
        The bound's name.
    derivation
        The checked derivation, extended by a solving step when one was used.
    relation
        The relation the numbers come from (``m >= ...``, ``epsilon >= ...``).
    solved_for
        The variable computed.
    values
        The inputs and the results (``m`` and ``m_exact``, ``mistakes`` and
        ``mistakes_exact``, or the solved variable and ``<name>_exact``).
    notes
        Remarks: the rounding used, a numerical solution, infeasibility.
    """

    bound: str
    kind: str
    derivation: Derivation
    relation: Relational
    solved_for: str
    values: dict[str, Any]
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON object (keys of DESIGN.md section 3 and more)."""
        return {
            "bound": self.bound,
            "title": self.derivation.title,
            "kind": self.kind,
            "formula": str(self.relation),
            "latex": sp.latex(self.relation),
            "derivation": self.derivation.to_dict(),
            "derivation_kind": self.derivation.kind,
            "derivation_latex": self.derivation.latex(),
            "solved_for": self.solved_for,
            "values": self.values,
            "notes": list(self.notes),
        }

    def _repr_latex_(self) -> str:
        return f"$${self.derivation.latex()}$$"

    def report(self, latex: bool = False) -> list[str]:
        """The text of ``symlearn bound``: the derivation and the numbers, or (``latex``) LaTeX.

        Examples
        --------
        >>> result = derive("halving").evaluate(H=8)
        >>> result.report()[-2:]
        ['  mistakes = 3', '  mistakes = 3: the largest integer with mistakes <= 3']
        >>> result.report(latex=True)[-1] == sp.latex(result.relation)
        True
        """
        text = [self.derivation.latex(), sp.latex(self.relation)] if latex else self.lines()
        return "\n".join(text).split("\n")

    def lines(self) -> list[str]:
        """Return the result as lines of text for people."""
        name = self.solved_for
        results = {name, f"{name}_exact", "relation", "feasible"}
        given = ", ".join(f"{k} = {v}" for k, v in self.values.items() if k not in results)
        return [
            str(self.derivation),
            "",
            f"bound: {self.relation}",
            f"with {given}:" if given else "with:",
            f"  {name} = {self.values[name]}",
            *(f"  {note}" for note in self.notes or [f"({self.values['relation']})"]),
        ]


@dataclass(frozen=True)
class Bound:
    """A named bound: its checked derivation and the variables it is stated in.

    Build with :func:`derive`.

    Attributes
    ----------
    spec
        The bound's specification.
    derivation
        The checked derivation; its conclusion is the bound.
    variables
        The variables of the conclusion; the last is the bounded quantity.
    hypothesis_class
        ``(name, convention, |H| formula)`` when the bound is for a named class.
    """

    spec: BoundSpec
    derivation: Derivation
    variables: tuple[Variable, ...]
    hypothesis_class: tuple[str, str, sp.Expr] | None = None

    @property
    def name(self) -> str:
        """The bound's name."""
        return self.spec.name

    @property
    def target(self) -> Variable:
        """The bounded quantity: ``m`` or ``mistakes``."""
        return self.variables[-1]

    @property
    def relation(self) -> Relational:
        """The bound: the derivation's conclusion."""
        return self.derivation.conclusion

    def _repr_latex_(self) -> str:
        return self.derivation._repr_latex_()

    def variable(self, name: str) -> Variable:
        """Return the variable of this bound called ``name``."""
        for var in self.variables:
            if var.name == name:
                return var
        names = ", ".join(v.name for v in self.variables)
        raise InvalidParameterError(f"bound {self.name} has no variable {name!r} (it has {names})")

    def _inputs(self, values: Mapping[str, Any], solved: Variable) -> dict[str, sp.Expr]:
        known = {v.name for v in self.variables}
        extra = sorted(set(values) - known)
        if extra:
            hint = ""
            if self.spec.accepts_class and self.hypothesis_class is None and "n" in extra:
                hint = "; --n goes with --class NAME, e.g. --class conjunctions"
            raise InvalidParameterError(
                f"bound {self.name} does not take {', '.join('--' + e for e in extra)} "
                f"(it takes {', '.join('--' + v for v in sorted(known))}){hint}"
            )
        inputs = {}
        for var in self.variables:
            if var is solved:
                continue
            if values.get(var.name) is None:
                raise InvalidParameterError(
                    f"bound {self.name} needs --{var.name} ({var.meaning})"
                )
            inputs[var.name] = validate(var, values[var.name])
        return inputs

    def _echo(self, inputs: Mapping[str, sp.Expr]) -> dict[str, Any]:
        echoed: dict[str, Any] = {name: _number(value) for name, value in inputs.items()}
        if self.hypothesis_class is not None and "n" in inputs:
            with sp.evaluate(False):  # |H| may be too large to compute: check first
                size = self.hypothesis_class[2].xreplace({VARIABLES["n"].symbol: inputs["n"]})
            try:
                echoed["H"] = _number(evaluate_within_limits(size, self.hypothesis_class[0]))
            except ResourceLimitError:
                echoed["H"] = None  # the bound itself needs only ln|H|
                echoed["H_formula"] = _power_text(size)
        return echoed

    def evaluate(self, values: Mapping[str, Any] | None = None, **more: Any) -> BoundResult:
        """Evaluate the bound on its quantity (``m`` or ``mistakes``) at the given values.

        Parameters
        ----------
        values, **more
            A value for every other variable, by name (numbers or their text).

        Returns
        -------
        BoundResult

        Raises
        ------
        InvalidParameterError
            If a value is missing, unknown, or out of range.

        Examples
        --------
        >>> r = derive("pac").evaluate(H=973, epsilon="0.1", delta="0.05")
        >>> r.values["m"], round(r.values["m_exact"], 4)
        (99, 98.7612)
        """
        return self.solve_for(self.target.name, {**(values or {}), **more})

    def solve_for(
        self, name: str, values: Mapping[str, Any] | None = None, **more: Any
    ) -> BoundResult:
        """Solve the bound for one variable, given all the others.

        Parameters
        ----------
        name
            The variable to solve for (``m``, ``epsilon``, ``delta``, ``H``,
            ``n``, ``vc``, ``mistakes`` ...).
        values, **more
            A value for every other variable.

        Returns
        -------
        BoundResult
            ``values[name]`` is rounded as described in the module docstring and
            ``values[name + "_exact"]`` is the boundary value.

        Examples
        --------
        >>> r = derive("pac").solve_for("epsilon", H=973, m=100, delta="0.05")
        >>> r.relation
        epsilon >= (log(H) - log(delta))/m
        >>> round(r.values["epsilon"], 6)
        0.098761
        """
        solved = self.variable(name)
        inputs = self._inputs({**(values or {}), **more}, solved)
        substitution = {self.variable(k).symbol: v for k, v in inputs.items()}
        notes: list[str] = []
        derivation, relation = self.derivation, self.relation
        if solved is not self.target:
            isolated = isolate(self.derivation, solved.symbol)
            if isolated is not None:
                derivation, relation = isolated, isolated.conclusion
        form = canonical(relation)
        if form.big == solved.symbol:
            at_least, boundary = True, form.small.xreplace(substitution)
        elif form.small == solved.symbol:
            at_least, boundary = False, form.big.xreplace(substitution)
        else:
            at_least, boundary = solve_numerically(
                relation, solved.symbol, solved.domain, solved.integer, substitution
            )
            notes.append(f"{name} was found numerically: sympy cannot isolate it in closed form")
        result = self._result_values(
            solved, boundary, at_least, form.strict, relation, substitution, notes
        )
        return BoundResult(
            self.name,
            self.spec.kind,
            derivation,
            relation,
            name,
            {**self._echo(inputs), **result},
            tuple(notes),
        )

    def _result_values(
        self,
        solved: Variable,
        boundary: sp.Expr,
        at_least: bool,
        strict: bool,
        relation: Relational,
        substitution: dict[sp.Symbol, sp.Expr],
        notes: list[str],
    ) -> dict[str, Any]:
        sign = (">" if strict else ">=") if at_least else ("<" if strict else "<=")
        exact = _number(boundary)
        value: int | float | str = exact
        if solved.integer:
            value = settle_integer(
                _integer_guess(boundary, at_least),
                at_least,
                lambda i: satisfied(relation, {**substitution, solved.symbol: sp.Integer(i)}),
            )
            side = "least" if at_least else "largest"
            notes.append(
                f"{solved.name} = {value}: the {side} integer with {solved.name} {sign} {exact}"
            )
        feasible = _feasible(solved, sp.sympify(value), at_least)
        if not feasible:
            notes.append(
                f"no {solved.name} {describe_interval(solved.domain)} satisfies "
                f"{solved.name} {sign} {exact}"
            )
        return {
            solved.name: value,
            f"{solved.name}_exact": exact,
            "relation": f"{solved.name} {sign} {exact}",
            "feasible": feasible,
        }


def _feasible(var: Variable, value: sp.Expr, at_least: bool) -> bool:
    """Whether some value of ``var`` in its range lies on the allowed side of ``value``."""
    lo, hi = var.domain.start, var.domain.end
    if var.integer:
        return in_domain(var.domain, value) or (bool(value < lo) if at_least else bool(value > hi))
    if at_least:
        return bool(value < hi)
    return bool(value > lo)


@functools.lru_cache(maxsize=64)
def _derive(
    name: str,
    hypothesis_class: str | None,
    k: int | None,
    d: int | None,
    values: int | None,
    domains: tuple[int, ...] | None,
    convention: str | None,
) -> Bound:
    spec = lookup(BOUNDS, name, "bound", also=(row[0] for row in OTHER_ENTRIES))
    overrides = dict(spec.overrides)
    parameters: Sequence[str] = spec.parameters
    info = None
    if hypothesis_class is not None:
        if not spec.accepts_class:
            raise InvalidParameterError(f"bound {name} does not take --class")
        formula, chosen = size_formula(
            hypothesis_class, k=k, d=d, values=values, domains=domains, convention=convention
        )
        derivation = spec.build(formula)
        info = (hypothesis_class, chosen, formula)
        parameters = [p for p in parameters if p != "H"]
        if VARIABLES["n"].symbol in formula.free_symbols:
            parameters = ["n", *parameters]
    else:
        derivation = spec.build()
    variables = tuple(overrides.get(p, VARIABLES[p]) for p in [*parameters, spec.target])
    return Bound(spec, derivation, variables, info)


def derive(
    name: str,
    hypothesis_class: str | None = None,
    *,
    k: int | None = None,
    d: int | None = None,
    values: int | None = None,
    domains: Sequence[int] | None = None,
    convention: str | None = None,
) -> Bound:
    """Return the bound called ``name``, derived and checked.

    Parameters
    ----------
    name
        A key of :data:`BOUNDS`: ``pac``, ``occam``, ``agnostic``, ``vc``,
        ``lower``, ``elimination``, ``mistake-find-s``, ``halving``,
        ``weighted-majority``, ``perceptron``, ``winnow``.
    hypothesis_class
        For ``pac``, ``occam`` and ``agnostic``: a class of
        :data:`symlearn.bounds.sizes.SIZE_CLASSES` whose size, a formula in
        ``n``, replaces ``|H|`` (``conjunctions`` gives ``3**n``).
    k, d, values, domains, convention
        The class's other parameters (see
        :func:`symlearn.bounds.sizes.hypothesis_space_size`).

    Returns
    -------
    Bound

    Raises
    ------
    InvalidParameterError
        For an unknown bound or class, or a class given to a bound without H.

    Examples
    --------
    >>> derive("pac", "conjunctions").relation
    m >= (n*log(3) + log(1/delta))/epsilon
    >>> derive("halving").evaluate(H=973).values["mistakes"]
    9
    """
    return _derive(
        name,
        hypothesis_class,
        k,
        d,
        values,
        None if domains is None else tuple(int(s) for s in domains),
        convention,
    )
