r"""k-CNF: conjunctions of disjunctions of at most k literals over n boolean variables.

The class k-CNF of Valiant (1984) (see also Kearns and Vazirani 1994, ch. 1):
f = C_1 ∧ ... ∧ C_m with every C_i = l_1 ∨ ... ∨ l_k.  A disjunction is a
frozenset of literals ``(index, positive)`` (see
:mod:`symlearn.hypotheses.boolean_conjunction`).

Normalisation (cheap steps that keep the meaning): tautologies (x ∨ ¬x) are
dropped; unit clauses are propagated (a clause containing a unit's literal is
implied and dropped, the unit's negation is removed from the others); a clause
that is a superset of another is implied and dropped; an empty disjunction
(also from two contradicting units) makes the whole formula the one empty
hypothesis ``⊥``.  Equivalent formulas can still differ syntactically (deciding
that in general is coNP-hard); the generality order is nevertheless exact,
decided by satisfiability (:mod:`symlearn.hypotheses.generality`).

Printing as a clause: unit clauses fix head arguments and every other
disjunction becomes a body goal ``( A=1 ; B=0 )``.

Examples
--------
>>> f = KCNF.from_text(3, "(x1 | ~x2) & x3")
>>> print(f)
x3 ∧ (x1 ∨ ¬x2)
>>> f.k
2
>>> f.covers((1, 1, 1)), f.covers((0, 1, 1))
(True, False)
>>> print(f.to_clauses("t")[0])
t(A, B, 1) :-
    (   A=1
    ;   B=0
    ).
>>> print(KCNF.from_text(2, "x1 & (~x1 | x2)"))
x1 ∧ x2
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy

from symlearn.hypotheses.base import Hypothesis, clause_texts
from symlearn.hypotheses.boolean_conjunction import (
    Literal,
    boolean_symbols,
    format_literal,
    literal_latex,
    literal_sympy,
    parse_literal,
)
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Term, Var

__all__ = ["KCNF", "Disjunction", "normalise_cnf"]

#: A disjunction of literals.
Disjunction = frozenset[Literal]

_FALSE: frozenset[Disjunction] = frozenset({frozenset()})


def _is_tautology(disjunction: Disjunction) -> bool:
    return any((i, not p) in disjunction for i, p in disjunction)


def _propagate_units(clauses: set[Disjunction]) -> set[Disjunction] | None:
    """Unit resolution to a fixpoint; None when it derives the empty clause."""
    while True:
        units = {next(iter(c)) for c in clauses if len(c) == 1}
        if any((i, not p) in units for i, p in units):
            return None
        changed = False
        result: set[Disjunction] = set()
        for c in clauses:
            if len(c) > 1 and c & units:
                changed = True  # implied by a unit
                continue
            reduced = frozenset(lit for lit in c if (lit[0], not lit[1]) not in units)
            if not reduced:
                return None
            changed |= reduced != c
            result.add(reduced)
        clauses = result
        if not changed:
            return clauses


def normalise_cnf(clauses: Iterable[Iterable[Literal]]) -> frozenset[Disjunction]:
    """Normalise a CNF as the module docstring says (``{frozenset()}`` for ⊥)."""
    disjunctions = {frozenset(c) for c in clauses}
    disjunctions = {c for c in disjunctions if not _is_tautology(c)}
    if frozenset() in disjunctions:
        return _FALSE
    propagated = _propagate_units(disjunctions)
    if propagated is None:
        return _FALSE
    return frozenset(c for c in propagated if not _subsumed(c, propagated))


def _subsumed(clause: Disjunction, clauses: set[Disjunction]) -> bool:
    """True when a proper subset of ``clause`` is among ``clauses``."""
    if len(clause) <= 8:  # look the 2^k - 2 proper subsets up rather than scan every clause
        literals = list(clause)
        return any(
            frozenset(subset) in clauses
            for size in range(1, len(literals))
            for subset in itertools.combinations(literals, size)
        )
    return any(other < clause for other in clauses)


def _format_disjunction(disjunction: Disjunction, names: Sequence[str] | None = None) -> str:
    literals = sorted(disjunction, key=lambda lit: (lit[0], not lit[1]))
    return " ∨ ".join(format_literal(lit, names) for lit in literals)


def _sorted(clauses: Iterable[Disjunction]) -> list[Disjunction]:
    return sorted(clauses, key=lambda c: (len(c), sorted((i, not p) for i, p in c)))


@dataclass(frozen=True, slots=True)
class KCNF(Hypothesis):
    """A CNF over ``n`` boolean variables (normalised; see the module docstring).

    Parameters
    ----------
    n
        The number of variables.
    clauses
        The disjunctions, each a set of ``(index, positive)`` literals.
    """

    n: int
    clauses: frozenset[Disjunction]

    def __post_init__(self) -> None:
        for c in self.clauses:
            for i, _ in c:
                if not 0 <= i < self.n:
                    raise ValueError(f"literal over variable {i + 1}, but there are {self.n}")
        object.__setattr__(self, "clauses", normalise_cnf(self.clauses))

    @classmethod
    def true(cls, n: int) -> KCNF:
        """The CNF with no clauses: covers every instance."""
        return cls(n, frozenset())

    @classmethod
    def empty(cls, n: int) -> KCNF:
        """The unsatisfiable CNF (the empty clause)."""
        return cls(n, _FALSE)

    @classmethod
    def from_text(cls, n: int, text: str) -> KCNF:
        """Read ``"(x1 | ~x2) & x3"`` (``|``/``∨`` inside, ``&``/``∧`` between)."""
        cleaned = text.replace("∧", "&").replace("∨", "|").strip()
        if cleaned in ("", "true", "⊤"):
            return cls.true(n)
        if cleaned in ("false", "⊥"):
            return cls.empty(n)
        clauses = []
        for part in cleaned.split("&"):
            inner = part.strip().removeprefix("(").removesuffix(")")
            clauses.append(frozenset(parse_literal(lit, n) for lit in inner.split("|")))
        return cls(n, frozenset(clauses))

    @property
    def k(self) -> int:
        """The length of the longest disjunction (0 for ⊤ and ⊥)."""
        return max((len(c) for c in self.clauses), default=0)

    @property
    def is_empty(self) -> bool:
        """True for the unsatisfiable formula."""
        return self.clauses == _FALSE

    def covers(self, instance: Sequence[Any]) -> bool:
        """True when every disjunction has a true literal in ``instance``."""
        return all(any(bool(instance[i]) == p for i, p in c) for c in self.clauses)

    def to_clauses(
        self, target: str, values: Sequence[tuple[Term, Term]] | None = None
    ) -> tuple[Clause, ...]:
        """One Horn clause: units fix arguments, other disjunctions are body goals.

        ``values[i]`` is ``(true value, false value)`` of variable i, ``(1, 0)`` by default.
        """
        if self.is_empty:
            return ()
        pairs = values if values is not None else [(1, 0)] * self.n
        args: list[Term] = [Var("_") for _ in range(self.n)]
        body = []
        for c in _sorted(self.clauses):
            if len(c) == 1:
                ((i, p),) = c
                args[i] = pairs[i][0] if p else pairs[i][1]
                continue
            goals = [
                Struct("=", (args[i], pairs[i][0] if p else pairs[i][1]))
                for i, p in sorted(c, key=lambda lit: (lit[0], not lit[1]))
            ]
            goal = goals[-1]
            for g in reversed(goals[:-1]):
                goal = Struct(";", (g, goal))
            body.append(goal)
        head = Struct(target, tuple(args)) if args else target
        return (Clause(head, tuple(body)),)

    def clause_texts(
        self, target: str, values: Sequence[tuple[Term, Term]] | None = None
    ) -> list[str]:
        """The clause as text, ``["false"]`` for the empty hypothesis."""
        return clause_texts(self.to_clauses(target, values))

    def to_sympy(self, names: Sequence[str] | None = None) -> sympy.Basic:
        """``And`` of ``Or`` s of literals (``x1 ... xn`` unless named)."""
        import sympy

        if self.is_empty:
            return sympy.false
        symbols = boolean_symbols(self.n, names)
        return sympy.And(
            *(sympy.Or(*(literal_sympy(lit, symbols) for lit in c)) for c in self.clauses)
        )

    def to_latex(self, names: Sequence[str] | None = None) -> str:
        r"""LaTeX: ``(x_{1} \vee \neg x_{2}) \wedge x_{3}``."""
        if self.is_empty:
            return "\\bot"
        if not self.clauses:
            return "\\top"

        parts = []
        for c in _sorted(self.clauses):
            inner = " \\vee ".join(
                literal_latex(lit, names)
                for lit in sorted(c, key=lambda lit: (lit[0], not lit[1]))
            )
            parts.append(f"({inner})" if len(c) > 1 and len(self.clauses) > 1 else inner)
        return " \\wedge ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: family, n, k and the disjunctions as text."""
        return {
            "family": "kcnf",
            "n": self.n,
            "k": self.k,
            "clauses": [_format_disjunction(c) for c in _sorted(self.clauses)],
            "empty": self.is_empty,
        }

    def __str__(self) -> str:
        if self.is_empty:
            return "⊥"
        if not self.clauses:
            return "⊤"
        parts = []
        for c in _sorted(self.clauses):
            text = _format_disjunction(c)
            parts.append(f"({text})" if len(c) > 1 and len(self.clauses) > 1 else text)
        return " ∧ ".join(parts)

    def __repr__(self) -> str:
        return f"KCNF.from_text({self.n}, {str(self)!r})"
