"""Concept hypotheses as immutable symbolic objects.

Families (each immutable and hashable, equal by meaning where that is cheap,
with ``covers``, the generality order as ``>=``/``>``, clauses, sympy and LaTeX):

- :class:`Conjunction`: attribute constraints (values, ``?``, ``∅``) over a
  :class:`ConjunctionSpace` of declared attributes and domains;
- :class:`BooleanConjunction`: literals x_i / ¬x_i;
- :class:`KCNF`: conjunctions of disjunctions of at most k literals;
- :class:`DNF`: disjunctions of conjunctions.

:mod:`symlearn.hypotheses.generality` decides the order between any two of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from symlearn.lazy import lazy_exports

if TYPE_CHECKING:
    from symlearn.hypotheses.base import FALSE, Hypothesis, clause_texts
    from symlearn.hypotheses.boolean_conjunction import BooleanConjunction
    from symlearn.hypotheses.conjunction import ANY, EMPTY, Conjunction
    from symlearn.hypotheses.dnf import DNF
    from symlearn.hypotheses.generality import (
        entails,
        equivalent,
        more_general,
        more_general_or_equal,
        more_general_or_equal_on,
    )
    from symlearn.hypotheses.kcnf import KCNF
    from symlearn.hypotheses.space import ConjunctionSpace

#: Each name's module: imported on first use (PEP 562), so that a program
#: reading one module of the package (``symlearn.hypotheses.theory``, the
#: learnt theory of ``symlearn learn progol``) does not load every family.
_HOMES = {
    "ANY": "conjunction",
    "DNF": "dnf",
    "EMPTY": "conjunction",
    "FALSE": "base",
    "KCNF": "kcnf",
    "BooleanConjunction": "boolean_conjunction",
    "Conjunction": "conjunction",
    "ConjunctionSpace": "space",
    "Hypothesis": "base",
    "clause_texts": "base",
    "entails": "generality",
    "equivalent": "generality",
    "more_general": "generality",
    "more_general_or_equal": "generality",
    "more_general_or_equal_on": "generality",
}


__all__ = [
    "ANY",
    "DNF",
    "EMPTY",
    "FALSE",
    "KCNF",
    "BooleanConjunction",
    "Conjunction",
    "ConjunctionSpace",
    "Hypothesis",
    "clause_texts",
    "entails",
    "equivalent",
    "more_general",
    "more_general_or_equal",
    "more_general_or_equal_on",
]

__getattr__, __dir__ = lazy_exports(__name__, _HOMES, __all__)
