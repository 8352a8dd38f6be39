"""What every concept hypothesis shares: the generality order and the clause texts.

A concept hypothesis h is a boolean function on instances (Mitchell 1997,
section 2.2).  The families of this package (:class:`~symlearn.hypotheses.
conjunction.Conjunction`, :class:`~symlearn.hypotheses.boolean_conjunction.
BooleanConjunction`, :class:`~symlearn.hypotheses.kcnf.KCNF`,
:class:`~symlearn.hypotheses.dnf.DNF`) derive from :class:`Hypothesis`, which
gives them the generality order of Mitchell (1997, section 2.3.1) as Python
operators:

- ``h1 >= h2``: h1 is more general than or equal to h2 (every instance h2
  covers, h1 covers);
- ``h1 > h2``: ``h1 >= h2`` and not ``h2 >= h1``;
- ``<=`` and ``<`` the other way round.

The order is decided by :func:`symlearn.hypotheses.generality.more_general_or_equal`
(syntactically where the family allows, else by satisfiability).  Comparing
hypotheses over different instance spaces (attribute values against boolean
variables) raises ``TypeError``.

Printing: the empty hypothesis (it covers nothing) has no clauses and prints
as ``false`` (DESIGN.md section 2): :func:`clause_texts` gives ``["false"]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from symlearn.logic.clauses import Clause

__all__ = ["FALSE", "Hypothesis", "clause_texts"]

#: How the empty hypothesis prints, as a clause text and in JSON.
FALSE = "false"


class Hypothesis:
    """Base of the concept hypothesis families: the generality order as operators."""

    __slots__ = ()

    def __ge__(self, other: object) -> bool:
        from symlearn.hypotheses.generality import more_general_or_equal

        if not isinstance(other, Hypothesis):
            return NotImplemented
        return more_general_or_equal(self, other)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Hypothesis):
            return NotImplemented
        return other.__ge__(self)

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Hypothesis):
            return NotImplemented
        return self.__ge__(other) and not other.__ge__(self)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Hypothesis):
            return NotImplemented
        return other.__gt__(self)

    # Every family defines these; they are listed here for type checkers.
    def covers(self, instance: Sequence[Any]) -> bool:  # pragma: no cover - abstract
        """True when the hypothesis classifies ``instance`` as positive."""
        raise NotImplementedError

    @property
    def is_empty(self) -> bool:  # pragma: no cover - abstract
        """True for a hypothesis that covers no instance."""
        raise NotImplementedError

    def to_clauses(self, target: str) -> tuple[Clause, ...]:  # pragma: no cover - abstract
        """The hypothesis as Horn clauses for ``target`` (none when it is empty)."""
        raise NotImplementedError


def clause_texts(clauses: Sequence[Clause]) -> list[str]:
    """The clauses as SWI-Prolog prints them, or ``["false"]`` when there are none.

    Examples
    --------
    >>> from symlearn.logic.terms import struct
    >>> clause_texts([Clause(struct("p", "a"))]), clause_texts([])
    (['p(a).'], ['false'])
    """
    return [str(c) for c in clauses] if clauses else [FALSE]
