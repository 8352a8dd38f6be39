r"""Conjunctions of literals x_i and ¬x_i over n boolean variables.

The hypothesis class of the elimination algorithm (Valiant 1984; Kearns and
Vazirani 1994, ch. 1): a set of literals, each a variable
``x_i`` or its negation ``¬x_i`` (1-based in text, 0-based in code).  The empty
set is ``true``; a set holding both ``x_i`` and ``¬x_i`` is unsatisfiable, so
every such conjunction is normalised to the one empty hypothesis, written as
the conjunction of all 2n literals (where the elimination algorithm starts).

An instance is a sequence of n truth values (``True``/``False`` or ``1``/``0``).
The generality order is exact and syntactic: ``h1 >= h2`` when h2 is empty or
h1's literals are a subset of h2's.

Examples
--------
>>> h = BooleanConjunction.from_text(4, "x1 & ~x3")
>>> print(h)
x1 ∧ ¬x3
>>> h.covers((1, 0, 0, 1)), h.covers((1, 0, 1, 1))
(True, False)
>>> BooleanConjunction.from_text(4, "x1") > h
True
>>> print(BooleanConjunction.from_text(2, "x1 & ~x1"))
⊥
>>> h.clause_texts("f")
['f(1, _, 0, _).']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy

from symlearn.hypotheses.base import Hypothesis, clause_texts
from symlearn.hypotheses.conjunction import ANY, Conjunction
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Term

__all__ = [
    "BooleanConjunction",
    "Literal",
    "boolean_symbols",
    "format_literal",
    "literal_latex",
    "literal_sympy",
    "parse_literal",
]

#: A literal: (0-based variable index, True for x_i, False for ¬x_i).
Literal = tuple[int, bool]


def format_literal(literal: Literal, names: Sequence[str] | None = None) -> str:
    """``x3`` or ``¬x3`` (1-based), or the variable's name from ``names``."""
    index, positive = literal
    name = names[index] if names is not None else f"x{index + 1}"
    return name if positive else f"¬{name}"


def parse_literal(text: str, n: int) -> Literal:
    """Read ``x3``, ``~x3``, ``¬x3`` or ``-x3`` (1-based) as a literal over n variables.

    Raises
    ------
    ValueError
        For text that is not a literal or an index outside 1..n.
    """
    stripped = text.strip()
    positive = True
    while stripped[:1] in ("~", "¬", "-", "!"):
        positive = not positive
        stripped = stripped[1:].strip()
    if not (stripped[:1] == "x" and stripped[1:].isdigit()):
        raise ValueError(f"{text!r} is not a literal such as x3 or ~x3")
    index = int(stripped[1:]) - 1
    if not 0 <= index < n:
        raise ValueError(f"{text!r}: variables are x1 .. x{n}")
    return index, positive


def boolean_symbols(n: int, names: Sequence[str] | None = None) -> list[sympy.Symbol]:
    """The sympy symbols of n boolean variables (``x1 ... xn`` unless named)."""
    import sympy

    if names is not None and len(names) != n:
        raise ValueError(f"{len(names)} names for {n} variables")
    return [sympy.Symbol(names[i] if names else f"x{i + 1}") for i in range(n)]


def literal_sympy(literal: Literal, symbols: Sequence[sympy.Symbol]) -> sympy.Basic:
    """The literal as a sympy expression over ``symbols``."""
    import sympy

    index, positive = literal
    return symbols[index] if positive else sympy.Not(symbols[index])


def literal_latex(literal: Literal, names: Sequence[str] | None = None) -> str:
    r"""The literal in LaTeX: ``x_{3}`` or ``\neg x_{3}`` (or the variable's name)."""
    index, positive = literal
    name = f"\\mathrm{{{names[index]}}}" if names else f"x_{{{index + 1}}}"
    return name if positive else f"\\neg {name}"


def _check_literals(n: int, literals: Iterable[Literal]) -> frozenset[Literal]:
    result = frozenset((int(i), bool(p)) for i, p in literals)
    for index, _ in result:
        if not 0 <= index < n:
            raise ValueError(f"literal over variable {index + 1}, but there are {n} variables")
    return result


def all_literals(n: int) -> frozenset[Literal]:
    """The 2n literals over n variables."""
    return frozenset((i, p) for i in range(n) for p in (True, False))


@dataclass(frozen=True, slots=True)
class BooleanConjunction(Hypothesis):
    """A conjunction of literals over ``n`` boolean variables.

    Parameters
    ----------
    n
        The number of variables.
    literals
        ``(index, positive)`` pairs, 0-based.
    """

    n: int
    literals: frozenset[Literal]

    def __post_init__(self) -> None:
        literals = _check_literals(self.n, self.literals)
        if any((i, not p) in literals for i, p in literals):
            literals = all_literals(self.n)
        object.__setattr__(self, "literals", literals)

    @classmethod
    def true(cls, n: int) -> BooleanConjunction:
        """The empty conjunction: covers every instance."""
        return cls(n, frozenset())

    @classmethod
    def empty(cls, n: int) -> BooleanConjunction:
        """The conjunction of all 2n literals: covers nothing."""
        return cls(n, all_literals(n))

    @classmethod
    def from_text(cls, n: int, text: str) -> BooleanConjunction:
        """Read ``"x1 & ~x3"`` (``&``, ``∧`` or ``,`` between literals; ``true``, ``false``)."""
        cleaned = text.replace("∧", "&").replace(",", "&").strip()
        if cleaned in ("", "true", "⊤"):
            return cls.true(n)
        if cleaned in ("false", "⊥"):
            return cls.empty(n)
        return cls(n, frozenset(parse_literal(part, n) for part in cleaned.split("&")))

    @property
    def is_empty(self) -> bool:
        """True for the unsatisfiable conjunction."""
        return self.n > 0 and len(self.literals) == 2 * self.n

    def covers(self, instance: Sequence[Any]) -> bool:
        """True when every literal is true of ``instance``."""
        if self.is_empty:
            return False
        return all(bool(instance[i]) == p for i, p in self.literals)

    def is_more_general_or_equal(self, other: BooleanConjunction) -> bool:
        """``self >= other`` (same n): other is empty or self's literals are a subset."""
        return other.is_empty or (not self.is_empty and self.literals <= other.literals)

    def eliminate(self, instance: Sequence[Any]) -> BooleanConjunction:
        """Drop the literals that are false in ``instance`` (the elimination step).

        Examples
        --------
        >>> print(BooleanConjunction.empty(3).eliminate((1, 0, 1)))
        x1 ∧ ¬x2 ∧ x3
        """
        return BooleanConjunction(
            self.n, frozenset((i, p) for i, p in self.literals if bool(instance[i]) == p)
        )

    def sorted_literals(self) -> list[Literal]:
        """The literals by variable, positive first."""
        return sorted(self.literals, key=lambda lit: (lit[0], not lit[1]))

    def to_conjunction(self, values: Sequence[tuple[Term, Term]] | None = None) -> Conjunction:
        """The attribute-value conjunction with ``values[i] = (true value, false value)``.

        Defaults to ``(1, 0)`` for every variable.  A variable without a literal is ``?``.
        """
        if self.is_empty:
            return Conjunction.empty(self.n)
        pairs = values if values is not None else [(1, 0)] * self.n
        constraints: list[Term] = [ANY] * self.n
        for i, p in self.literals:
            constraints[i] = pairs[i][0] if p else pairs[i][1]
        return Conjunction(tuple(constraints))

    def to_clauses(
        self, target: str, values: Sequence[tuple[Term, Term]] | None = None
    ) -> tuple[Clause, ...]:
        """The hypothesis as a fact of ``target`` (see :meth:`to_conjunction`)."""
        return self.to_conjunction(values).to_clauses(target)

    def clause_texts(
        self, target: str, values: Sequence[tuple[Term, Term]] | None = None
    ) -> list[str]:
        """The clauses as text, ``["false"]`` for the empty hypothesis."""
        return clause_texts(self.to_clauses(target, values))

    def to_sympy(self, names: Sequence[str] | None = None) -> sympy.Basic:
        """``And`` of the literals as sympy symbols (``x1 ... xn`` unless named)."""
        import sympy

        if self.is_empty:
            return sympy.false
        symbols = boolean_symbols(self.n, names)
        return sympy.And(*(literal_sympy(lit, symbols) for lit in self.literals))

    def to_latex(self, names: Sequence[str] | None = None) -> str:
        r"""LaTeX: ``x_{1} \wedge \neg x_{3}``; ``\top`` and ``\bot`` at the ends."""
        if self.is_empty:
            return "\\bot"
        if not self.literals:
            return "\\top"
        return " \\wedge ".join(literal_latex(lit, names) for lit in self.sorted_literals())

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the family, n and the literals as text."""
        return {
            "family": "boolean_conjunction",
            "n": self.n,
            "literals": [format_literal(lit) for lit in self.sorted_literals()],
            "empty": self.is_empty,
        }

    def __str__(self) -> str:
        if self.is_empty:
            return "⊥"
        if not self.literals:
            return "⊤"
        return " ∧ ".join(format_literal(lit) for lit in self.sorted_literals())

    def __repr__(self) -> str:
        return f"BooleanConjunction.from_text({self.n}, {str(self)!r})"
