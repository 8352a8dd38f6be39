r"""DNF: finite disjunctions of conjunctions (a set of conjunctive clauses).

A DNF Θ = {θ_1, ..., θ_m} covers an instance when one of its conjunctions
does, supp(Θ) = ∪ supp(θ_i); DNFs can represent every boolean function (the
unbiased hypothesis space of Mitchell 1997, section 2.7.2, allows exactly such
disjunctions of conjunctions).  The terms are either all attribute-value
:class:`~symlearn.hypotheses.conjunction.Conjunction` s or all
:class:`~symlearn.hypotheses.boolean_conjunction.BooleanConjunction` s of one
arity.

Normalisation keeps the meaning: empty terms are dropped, and a term that is
less general than another term is absorbed by it.  A DNF with no term is the
empty hypothesis (``false``).  As clauses a DNF is one clause per term, each
printed as its term prints (DESIGN.md section 2: "a DNF or a rule set is a list
of clauses").

Examples
--------
>>> d = DNF.of([Conjunction(("sunny", "?")), Conjunction(("sunny", "warm")),
...             Conjunction(("?", "cold"))])
>>> print(d)
<?, cold> ∨ <sunny, ?>
>>> d.clause_texts("t")
['t(_, cold).', 't(sunny, _).']
>>> d.covers(("rainy", "cold")), d.covers(("rainy", "warm"))
(True, False)
>>> DNF.of([Conjunction(("?", "?"))]) >= d
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy

from symlearn.hypotheses.base import Hypothesis, clause_texts
from symlearn.hypotheses.boolean_conjunction import BooleanConjunction
from symlearn.hypotheses.conjunction import Conjunction
from symlearn.logic.clauses import Clause

__all__ = ["DNF", "DNFTerm"]

#: A term of a DNF.
DNFTerm = Conjunction | BooleanConjunction


def _term_key(term: DNFTerm) -> tuple[Any, ...]:
    if isinstance(term, Conjunction):
        return (-term.generality, str(term))
    return (len(term.literals), str(term))


@dataclass(frozen=True, slots=True)
class DNF(Hypothesis):
    """A disjunction of conjunctions of one family and arity.

    Parameters
    ----------
    terms
        The conjunctions (normalised: empty terms dropped, absorbed terms removed).
    arity
        The number of attributes or variables (needed when there is no term).
    """

    terms: frozenset[DNFTerm]
    arity: int

    def __post_init__(self) -> None:
        terms = frozenset(self.terms)
        families = {type(t) for t in terms}
        if len(families) > 1:
            raise TypeError("a DNF mixes attribute-value and boolean conjunctions")
        for t in terms:
            size = t.arity if isinstance(t, Conjunction) else t.n
            if size != self.arity:
                raise ValueError(f"a term over {size} attributes in a DNF over {self.arity}")
        live = [t for t in terms if not t.is_empty]
        kept = frozenset(
            t
            for t in live
            if not any(o != t and o.is_more_general_or_equal(t) for o in live)  # type: ignore[arg-type]
        )
        object.__setattr__(self, "terms", kept)

    @classmethod
    def of(cls, terms: Iterable[DNFTerm], arity: int | None = None) -> DNF:
        """The DNF of ``terms`` (``arity`` is needed only when there are none)."""
        listed = list(terms)
        if arity is None:
            if not listed:
                raise ValueError("give the arity of an empty DNF")
            first = listed[0]
            arity = first.arity if isinstance(first, Conjunction) else first.n
        return cls(frozenset(listed), arity)

    @property
    def family(self) -> str:
        """``"conjunction"``, ``"boolean_conjunction"`` or ``"empty"`` for no terms."""
        if not self.terms:
            return "empty"
        return (
            "conjunction"
            if isinstance(next(iter(self.terms)), Conjunction)
            else ("boolean_conjunction")
        )

    def sorted_terms(self) -> list[DNFTerm]:
        """The terms, most general first, then by text."""
        return sorted(self.terms, key=_term_key)

    @property
    def is_empty(self) -> bool:
        """True when there is no term (the DNF covers nothing)."""
        return not self.terms

    def covers(self, instance: Sequence[Any]) -> bool:
        """True when some term covers ``instance``."""
        return any(t.covers(instance) for t in self.terms)

    def to_clauses(self, target: str) -> tuple[Clause, ...]:
        """One clause per term, most general first."""
        return tuple(c for t in self.sorted_terms() for c in t.to_clauses(target))

    def clause_texts(self, target: str) -> list[str]:
        """The clauses as text, ``["false"]`` when there is no term."""
        return clause_texts(self.to_clauses(target))

    def to_sympy(self, names: Sequence[str] | None = None) -> sympy.Basic:
        """``Or`` of the terms' sympy expressions."""
        import sympy

        return sympy.Or(*(t.to_sympy(names) for t in self.terms))

    def to_latex(self, names: Sequence[str] | None = None) -> str:
        r"""LaTeX: the terms joined by ``\vee`` (``\bot`` when there is none)."""
        if not self.terms:
            return "\\bot"
        parts = [t.to_latex(names) for t in self.sorted_terms()]
        if len(parts) == 1:
            return parts[0]
        return " \\vee ".join(f"({p})" if "\\wedge" in p else p for p in parts)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the family and the terms' own JSON forms."""
        return {
            "family": "dnf",
            "arity": self.arity,
            "terms": [t.to_dict() for t in self.sorted_terms()],
        }

    def __str__(self) -> str:
        if not self.terms:
            return "⊥"
        return " ∨ ".join(
            str(t) if isinstance(t, Conjunction) or len(self.terms) == 1 else f"({t})"
            for t in self.sorted_terms()
        )

    def __repr__(self) -> str:
        return f"DNF.of({self.sorted_terms()!r}, {self.arity})"
