r"""Conjunctions of attribute constraints: the hypotheses of Find-S and Candidate-Elimination.

A hypothesis is a conjunction of one constraint per attribute
(Mitchell 1997, section 2.2): a specific value (``water = warm``), ``?``
(:data:`ANY`, any value) or ``∅`` (:data:`EMPTY`, no value).  An instance
satisfies h when every constraint admits its value (h(x) = 1).  Every
conjunction with an ``∅`` covers nothing, so they are all one hypothesis: the
constructor normalises any of them to ``<∅, ..., ∅>`` and equality is by
meaning.

The generality order (Mitchell 1997, section 2.3.1) is decided syntactically:
``h1 >= h2`` when h2 is empty or every constraint of h1 is ``?`` or equal to
h2's.  This is the order of the open instance space in which an attribute may
also take a value outside its declared domain; it coincides with the order
over the product of the domains whenever every domain has at least two values,
and it is the order the textbook count of 1 + prod(|V_i| + 1) semantically
distinct hypotheses assumes.

Printing (DESIGN.md section 2): ``<Sunny, Warm, ?, Strong, ?, ?>`` for target
``enjoysport`` is the clause ``enjoysport(sunny, warm, _, strong, _, _).``;
the empty hypothesis has no clause and prints as ``false``.

Examples
--------
>>> h = Conjunction(("sunny", "warm", "?", "strong", "?", "?"))
>>> print(h)
<sunny, warm, ?, strong, ?, ?>
>>> h.clause_texts("enjoysport")
['enjoysport(sunny, warm, _, strong, _, _).']
>>> h.covers(("sunny", "warm", "high", "strong", "cool", "change"))
True
>>> Conjunction(("sunny", "∅")) == Conjunction(("∅", "warm"))
True
>>> Conjunction(("?", "warm")) > Conjunction(("sunny", "warm"))
True
>>> h.to_sympy(["sky", "airtemp", "humidity", "wind", "water", "forecast"])
airtemp=warm & sky=sunny & wind=strong
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy

from symlearn.hypotheses.base import Hypothesis, clause_texts
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from symlearn.logic.terms import PString, Struct, Term, Var

__all__ = [
    "ANY",
    "EMPTY",
    "Conjunction",
    "attribute_symbol",
    "format_value",
    "latex_name",
    "value_to_json",
]

#: The constraint that admits any value.
ANY = "?"
#: The constraint that admits no value.
EMPTY = "∅"


def format_value(value: Term) -> str:
    """An attribute value as Prolog writes it (``sunny``, ``'pre-presbyopic'``, ``3``)."""
    if value in (ANY, EMPTY):
        return str(value)
    return format_term(value)


def value_to_json(value: Term) -> Any:
    """An attribute value (or ``?``/``∅``) as a JSON value: atoms and numbers as they are."""
    if isinstance(value, (str, int, float)) and not isinstance(value, PString):
        return value
    return format_term(value)


def latex_name(text: str) -> str:
    r"""``text`` as an upright LaTeX name (``\mathrm{...}``, underscores escaped).

    Examples
    --------
    >>> latex_name("air_temp")
    '\\mathrm{air\\_temp}'
    """
    escaped = "".join("\\" + c if c in "_&%$#{}" else c for c in text)
    return f"\\mathrm{{{escaped}}}"


def attribute_symbol(attribute: str, value: Term) -> sympy.Symbol:
    """The proposition "``attribute`` has ``value``" as a sympy symbol named ``attribute=value``.

    Examples
    --------
    >>> attribute_symbol("sky", "sunny")
    sky=sunny
    """
    import sympy

    return sympy.Symbol(f"{attribute}={format_value(value)}")


def _names(names: Sequence[str] | None, arity: int) -> list[str]:
    if names is None:
        return [f"a{i}" for i in range(1, arity + 1)]
    if len(names) != arity:
        raise ValueError(f"{len(names)} attribute names for a hypothesis over {arity}")
    return list(names)


@dataclass(frozen=True, slots=True)
class Conjunction(Hypothesis):
    """A conjunction of attribute constraints: values, :data:`ANY` or :data:`EMPTY`.

    Parameters
    ----------
    constraints
        One constraint per attribute, in attribute order.

    Examples
    --------
    >>> Conjunction.most_general(3), Conjunction.empty(2)
    (Conjunction(('?', '?', '?')), Conjunction(('∅', '∅')))
    """

    constraints: tuple[Term, ...]
    #: The specific constraints as ``(position, value)`` pairs: h1 >= h2 is then a
    #: subset test (derived in ``__post_init__``, not part of equality).
    tests: frozenset[tuple[int, Term]] = field(init=False, repr=False, compare=False)
    # Derived too, for the learners' inner loops: emptiness, and the specific
    # positions as an itemgetter with the values it must return.
    _empty: bool = field(init=False, repr=False, compare=False)
    _key: Callable[[Sequence[Term]], Any] | None = field(init=False, repr=False, compare=False)
    _values: Any = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        constraints = tuple(self.constraints)
        empty = EMPTY in constraints
        if empty:
            constraints = (EMPTY,) * len(constraints)
        positions = [i for i, c in enumerate(constraints) if c != ANY]
        values = tuple(constraints[i] for i in positions)
        setattr_ = object.__setattr__
        setattr_(self, "constraints", constraints)
        setattr_(self, "tests", frozenset(zip(positions, values)))
        setattr_(self, "_empty", empty)
        setattr_(self, "_key", itemgetter(*positions) if positions and not empty else None)
        setattr_(self, "_values", values if len(values) > 1 else values[0] if values else None)

    # -- construction -----------------------------------------------------

    @classmethod
    def most_general(cls, arity: int) -> Conjunction:
        """``<?, ..., ?>``: covers every instance."""
        return cls((ANY,) * arity)

    @classmethod
    def empty(cls, arity: int) -> Conjunction:
        """``<∅, ..., ∅>``: covers no instance (the most specific hypothesis)."""
        return cls((EMPTY,) * arity)

    @classmethod
    def from_instance(cls, instance: Iterable[Term]) -> Conjunction:
        """The most specific hypothesis covering ``instance``: its values."""
        return cls(tuple(instance))

    # -- meaning ------------------------------------------------------------

    @property
    def arity(self) -> int:
        """The number of attributes."""
        return len(self.constraints)

    @property
    def is_empty(self) -> bool:
        """True for the empty hypothesis (it covers nothing)."""
        return self._empty

    @property
    def generality(self) -> int:
        """The level in the lattice: 0 for ∅, else 1 + the number of ``?``.

        Immediate neighbours in the generality order differ by exactly one level.
        """
        if self.is_empty:
            return 0
        return 1 + sum(1 for c in self.constraints if c == ANY)

    def covers(self, instance: Sequence[Term]) -> bool:
        """True when ``instance`` satisfies every constraint (h(x) = 1)."""
        if self._empty:
            return False
        key = self._key
        return key is None or bool(key(instance) == self._values)

    def is_more_general_or_equal(self, other: Conjunction) -> bool:
        """``self >= other`` between conjunctions of the same arity (syntactic, exact)."""
        if len(self.constraints) != len(other.constraints):
            raise ValueError(
                f"hypotheses over {self.arity} and {other.arity} attributes cannot be compared"
            )
        if other._empty:
            return True
        return not self._empty and self.tests <= other.tests

    # Fast paths for the order between two conjunctions (the learners' inner loops);
    # other hypotheses go through the generality module.
    def __ge__(self, other: object) -> bool:
        if type(other) is Conjunction:
            return self.is_more_general_or_equal(other)
        return Hypothesis.__ge__(self, other)

    def __gt__(self, other: object) -> bool:
        if type(other) is Conjunction:
            return self != other and self.is_more_general_or_equal(other)
        return Hypothesis.__gt__(self, other)

    def __le__(self, other: object) -> bool:
        if type(other) is Conjunction:
            return other.is_more_general_or_equal(self)
        return Hypothesis.__le__(self, other)

    def __lt__(self, other: object) -> bool:
        if type(other) is Conjunction:
            return self != other and other.is_more_general_or_equal(self)
        return Hypothesis.__lt__(self, other)

    # -- moves in the lattice -------------------------------------------------

    def minimal_generalisations(self, instance: Sequence[Term]) -> tuple[Conjunction, ...]:
        """The minimal generalisations of ``self`` that cover ``instance``.

        For conjunctions there is exactly one: ∅ becomes the instance itself,
        and every constraint the instance violates becomes ``?`` (the Find-S
        step, Mitchell 1997, Table 2.3).

        Examples
        --------
        >>> Conjunction(("sunny", "warm")).minimal_generalisations(("sunny", "cold"))
        (Conjunction(('sunny', '?')),)
        """
        if self.is_empty:
            return (Conjunction.from_instance(instance),)
        return (
            Conjunction(
                tuple(c if c in (ANY, v) else ANY for c, v in zip(self.constraints, instance))
            ),
        )

    def minimal_specialisations(
        self, instance: Sequence[Term], domains: Sequence[Sequence[Term]]
    ) -> tuple[Conjunction, ...]:
        """The minimal specialisations of ``self`` that exclude ``instance``.

        Each replaces one ``?`` by a value of that attribute's domain other
        than the instance's.  A hypothesis that already excludes the instance
        is its own only minimal specialisation; a fully specific one that
        covers it has only ∅.

        Examples
        --------
        >>> domains = [("sunny", "cloudy", "rainy"), ("warm", "cold")]
        >>> for h in Conjunction(("?", "?")).minimal_specialisations(("sunny", "warm"), domains):
        ...     print(h)
        <cloudy, ?>
        <rainy, ?>
        <?, cold>
        """
        if not self.covers(instance):
            return (self,)
        result = []
        for i, (c, v) in enumerate(zip(self.constraints, instance)):
            if c != ANY:
                continue
            for value in domains[i]:
                if value != v:
                    result.append(
                        Conjunction((*self.constraints[:i], value, *self.constraints[i + 1 :]))
                    )
        if not result:
            return (Conjunction.empty(self.arity),)
        return tuple(result)

    # -- conversions ------------------------------------------------------------

    def to_clauses(self, target: str) -> tuple[Clause, ...]:
        """The hypothesis as a fact of ``target``: ``?`` is an anonymous variable.

        Examples
        --------
        >>> print(Conjunction(("sunny", "?")).to_clauses("t")[0])
        t(sunny, _).
        >>> Conjunction.empty(2).to_clauses("t")
        ()
        """
        if self.is_empty:
            return ()
        args = tuple(Var("_") if c == ANY else c for c in self.constraints)
        return (Clause(Struct(target, args) if args else target),)

    def clause_texts(self, target: str) -> list[str]:
        """The clauses as text, ``["false"]`` for the empty hypothesis."""
        return clause_texts(self.to_clauses(target))

    def to_sympy(self, names: Sequence[str] | None = None) -> sympy.Basic:
        """A sympy boolean expression over the propositions ``attribute=value``.

        ``?`` contributes nothing (``true`` when all are ``?``); ∅ is ``false``.
        """
        import sympy

        if self.is_empty:
            return sympy.false
        labels = _names(names, self.arity)
        return sympy.And(
            *(attribute_symbol(n, c) for n, c in zip(labels, self.constraints) if c != ANY)
        )

    def to_latex(self, names: Sequence[str] | None = None) -> str:
        r"""LaTeX: ``\mathrm{sky} = \mathrm{sunny} \wedge ...``; ``\top`` and ``\bot`` at the ends.

        Examples
        --------
        >>> Conjunction(("sunny", "?")).to_latex(["sky", "temp"])
        '\\mathrm{sky} = \\mathrm{sunny}'
        """
        if self.is_empty:
            return "\\bot"
        labels = _names(names, self.arity)
        parts = [
            f"{latex_name(n)} = {latex_name(format_value(c))}"
            for n, c in zip(labels, self.constraints)
            if c != ANY
        ]
        return " \\wedge ".join(parts) if parts else "\\top"

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the family and the constraints (``"?"``, ``"∅"`` or values)."""
        return {
            "family": "conjunction",
            "constraints": [value_to_json(c) for c in self.constraints],
        }

    def __str__(self) -> str:
        return "<" + ", ".join(format_value(c) for c in self.constraints) + ">"

    def __repr__(self) -> str:
        return f"Conjunction({self.constraints!r})"
