"""Derivations: lists of sympy relations, each checked against the one before.

A learning-theory bound in symlearn is the last line of a :class:`Derivation`.
The first line is a premise (a published theorem, such as "the probability
that the version space is not epsilon-exhausted is at most |H|(1 - epsilon)^m");
every later line is a sympy relation obtained from the line before by a named
rule of :mod:`symlearn.bounds.rules` (take logarithms, add the same term to
both sides, divide by a positive quantity, replace a term by a larger one using
``1 - x < e^(-x)``, chain with another fact, solve for a variable ...).
Building a derivation *checks* every step with sympy; a step that sympy cannot
justify raises :class:`~symlearn.bounds.rules.DerivationError`.  Nothing is
trusted because it was typed in.

Each checked step records how it is connected to the line before: ``iff``
(equivalent on the ranges of the variables), ``implies`` (the new relation
follows from the one before) or ``implied_by`` (the new relation is
*sufficient* for the one before).  A chain of ``iff`` and ``implied_by`` steps
proves that the last relation is a sufficient condition for the first (PAC
sample sizes: "if m >= ..., the failure probability is at most delta"); a chain
of ``iff`` and ``implies`` steps proves that the last follows from the first
(mistake bounds).

Classes and functions
---------------------
Derivation
    The checked derivation; renders as text, JSON and LaTeX (also in Jupyter).
Step
    One checked line: relation, rule and connective.
domains_of
    ``{symbol: range}`` for a list of variables.

References
----------
Mitchell, T. (1997) *Machine Learning*, ch. 7; Blumer, A., Ehrenfeucht, A.,
Haussler, D. and Warmuth, M. (1987) "Occam's razor", *Information Processing
Letters* 24.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sympy as sp
from sympy.core.relational import Relational

from symlearn.bounds.prover import Prover
from symlearn.bounds.rules import (
    Connective,
    DerivationError,
    Rule,
)

__all__ = ["Derivation", "Step", "domains_of"]


# -- steps and derivations --------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One checked line of a derivation."""

    relation: Relational
    rule: Rule
    connective: Connective

    def to_dict(self) -> dict[str, Any]:
        """Return the step as JSON data: relation, rule, LaTeX, connective, facts."""
        data: dict[str, Any] = {
            "relation": str(self.relation),
            "rule": self.rule.name,
            "justification": self.rule.describe(),
            "latex": sp.latex(self.relation),
            "connective": self.connective.value,
            "checked": True,
        }
        if self.rule.facts():
            data["facts"] = [f.to_dict() for f in self.rule.facts()]
        return data


@dataclass(frozen=True)
class Derivation:
    """A checked derivation: a premise and steps that each follow by a named rule.

    Build one with :meth:`build`, which checks every step; a derivation object
    that exists has been checked.

    Attributes
    ----------
    title
        What is derived.
    steps
        The checked steps; ``steps[0]`` is the premise.
    domains
        ``(symbol, interval)`` pairs: the ranges the checks assumed.

    Examples
    --------
    >>> from symlearn.bounds.rules import MultiplyBothSides, Premise
    >>> x, c = sp.symbols("x c", positive=True)
    >>> d = Derivation.build("toy", {c: sp.Interval.open(0, sp.oo)}, [
    ...     (sp.Le(2 * x, c), Premise("given")),
    ...     (sp.Le(x, c / 2), MultiplyBothSides(sp.Rational(1, 2))),
    ... ])
    >>> d.conclusion, d.kind
    (x <= c/2, 'equivalent')
    >>> d.steps[1].connective.value
    'iff'
    """

    title: str
    steps: tuple[Step, ...]
    domains: tuple[tuple[sp.Symbol, sp.Interval], ...] = ()

    @classmethod
    def build(
        cls,
        title: str,
        domains: Mapping[sp.Symbol, sp.Interval],
        lines: Iterable[tuple[Relational, Rule]],
    ) -> Derivation:
        """Check each ``(relation, rule)`` line against the one before; return the derivation.

        Raises
        ------
        DerivationError
            If a step is not justified by its rule, or the steps mix
            consequences with sufficient conditions.
        """
        derivation = cls(title, (), tuple(domains.items()))
        for relation, rule in lines:
            derivation = derivation.extend(relation, rule)
        if not derivation.steps:
            raise DerivationError("a derivation needs at least a premise")
        return derivation

    @property
    def prover(self) -> Prover:
        """A prover that knows the derivation's ranges."""
        return Prover(dict(self.domains))

    def extend(self, relation: Relational, rule: Rule) -> Derivation:
        """Return this derivation with one more step, checked."""
        if isinstance(relation, sp.logic.boolalg.BooleanAtom):
            raise DerivationError(f"a step evaluated to {relation}; keep it symbolic")
        previous = self.steps[-1].relation if self.steps else None
        connective = rule.check(previous, relation, self.prover)
        extended = Derivation(
            self.title, (*self.steps, Step(relation, rule, connective)), self.domains
        )
        extended.kind  # noqa: B018 - raises if the connectives mix directions
        return extended

    @property
    def premise(self) -> Relational:
        """The first relation."""
        return self.steps[0].relation

    @property
    def conclusion(self) -> Relational:
        """The last relation."""
        return self.steps[-1].relation

    @property
    def kind(self) -> str:
        """``"sufficient"``, ``"consequence"`` or ``"equivalent"``: what the chain proves.

        ``"sufficient"``: the conclusion implies the premise.  ``"consequence"``:
        the premise implies the conclusion.  ``"equivalent"``: both.
        """
        arrows = {s.connective for s in self.steps[1:]} - {Connective.IFF}
        if not arrows:
            return "equivalent"
        if arrows == {Connective.IMPLIED_BY}:
            return "sufficient"
        if arrows == {Connective.IMPLIES}:
            return "consequence"
        raise DerivationError("a derivation cannot mix 'implies' and 'implied by' steps")

    # -- rendering ---------------------------------------------------------

    def latex(self) -> str:
        r"""Return the derivation as a LaTeX ``aligned`` block, one step a line.

        Examples
        --------
        >>> from symlearn.bounds.rules import MultiplyBothSides, Premise
        >>> x = sp.Symbol("x", positive=True)
        >>> d = Derivation.build("t", {}, [(sp.Le(2 * x, 4), Premise("given")),
        ...                                (sp.Le(x, 2), MultiplyBothSides(sp.Rational(1, 2)))])
        >>> print(d.latex())
        \begin{aligned}
         & 2 x \leq 4 && \text{premise: given}\\
        \iff & x \leq 2 && \text{multiply both sides by 1/2}
        \end{aligned}
        """
        rows = [
            f"{s.connective.latex} & {sp.latex(s.relation)} && "
            rf"\text{{{_latex_text(s.rule.describe())}}}"
            for s in self.steps
        ]
        return "\\begin{aligned}\n" + "\\\\\n".join(rows) + "\n\\end{aligned}"

    def _repr_latex_(self) -> str:
        return f"$${self.latex()}$$"

    def lines(self) -> list[str]:
        """Return the derivation as plain-text lines, one per step."""
        return [f"  {s.connective.text} {s.relation}    [{s.rule.describe()}]" for s in self.steps]

    def __str__(self) -> str:
        return "\n".join([self.title, *self.lines()])

    def to_dict(self) -> list[dict[str, Any]]:
        """Return the steps as JSON data."""
        return [s.to_dict() for s in self.steps]


_LATEX_ESCAPES = {
    "\\": r"\textbackslash{}",
    "_": r"\_",
    "%": r"\%",
    "&": r"\&",
    "#": r"\#",
    "$": r"\$",
    "{": r"\{",
    "}": r"\}",
    "^": r"\^{}",
}


def _latex_text(text: str) -> str:
    return "".join(_LATEX_ESCAPES.get(char, char) for char in text)


def domains_of(variables: Sequence[Any]) -> dict[sp.Symbol, sp.Interval]:
    """Return ``{symbol: domain}`` for objects with ``symbol`` and ``domain`` attributes."""
    return {v.symbol: v.domain for v in variables}
