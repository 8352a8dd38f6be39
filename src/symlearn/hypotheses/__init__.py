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
