"""Deciding the generality order between any two hypotheses of the concept families.

h1 is more general than or equal to h2 (``h1 >= h2``) when every instance
that satisfies h2 satisfies h1 (Mitchell 1997, section 2.3.1); that is, h2
entails h1.  :func:`more_general_or_equal` decides it exactly:

1. syntactically where the families allow it exactly: conjunction against
   conjunction (attribute-value or boolean);
2. by sufficient syntactic tests next (every term of a DNF below some term of
   the other; every disjunction of a CNF subsumed by one of the other);
3. otherwise by satisfiability: ``h1 >= h2`` iff ``h2 ∧ ¬h1`` is unsatisfiable
   (sympy's ``satisfiable``).

Hypotheses over boolean variables (``BooleanConjunction``, ``KCNF``, DNFs of
boolean conjunctions) are compared over {0, 1}^n.  Hypotheses over attribute
values (``Conjunction``, DNFs of conjunctions) are compared over the open
instance space in which an attribute may also take a value outside any
domain: the propositions ``a_i = v`` get the constraint that each attribute
has at most one value, and no more (see :mod:`symlearn.hypotheses.conjunction`
for why).  :func:`more_general_or_equal_on` decides the order over an explicit
finite set of instances instead, by enumeration.

Examples
--------
>>> from symlearn.hypotheses import KCNF, BooleanConjunction, DNF
>>> more_general_or_equal(KCNF.from_text(3, "x1 | x2"), BooleanConjunction.from_text(3, "x1"))
True
>>> d = DNF.of([BooleanConjunction.from_text(2, "x1 & x2"),
...             BooleanConjunction.from_text(2, "x1 & ~x2")])
>>> equivalent(d, BooleanConjunction.from_text(2, "x1"))
True
>>> more_general(d, BooleanConjunction.from_text(2, "x1 & x2"))
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy

from symlearn.hypotheses.base import Hypothesis
from symlearn.hypotheses.boolean_conjunction import BooleanConjunction
from symlearn.hypotheses.conjunction import Conjunction
from symlearn.hypotheses.dnf import DNF
from symlearn.hypotheses.kcnf import KCNF

__all__ = [
    "entails",
    "equivalent",
    "instance_space",
    "more_general",
    "more_general_or_equal",
    "more_general_or_equal_on",
]


def instance_space(h: Hypothesis) -> tuple[str, int]:
    """``("attribute" | "boolean" | "any", arity)``: what instances ``h`` is a function of."""
    if isinstance(h, Conjunction):
        return "attribute", h.arity
    if isinstance(h, (BooleanConjunction, KCNF)):
        return "boolean", h.n
    if isinstance(h, DNF):
        kinds = {"conjunction": "attribute", "boolean_conjunction": "boolean"}
        return kinds.get(h.family, "any"), h.arity
    raise TypeError(f"not a concept hypothesis: {h!r}")


def _check_comparable(h1: Hypothesis, h2: Hypothesis) -> str:
    kind1, n1 = instance_space(h1)
    kind2, n2 = instance_space(h2)
    if n1 != n2:
        raise ValueError(f"hypotheses over {n1} and {n2} attributes cannot be compared")
    kinds = {kind1, kind2} - {"any"}
    if len(kinds) > 1:
        raise TypeError(
            "a hypothesis over attribute values cannot be compared with one over boolean variables"
        )
    return kinds.pop() if kinds else "boolean"


def _terms(h: Hypothesis) -> list[Any] | None:
    """The conjunctions whose disjunction ``h`` is, when it is one (else None)."""
    if isinstance(h, (Conjunction, BooleanConjunction)):
        return [] if h.is_empty else [h]
    if isinstance(h, DNF):
        return list(h.terms)
    return None


def _syntactic(h1: Hypothesis, h2: Hypothesis) -> bool | None:
    """True or False when a syntactic test decides ``h1 >= h2``, else None."""
    if h2.is_empty:
        return True
    terms1, terms2 = _terms(h1), _terms(h2)
    if terms1 is not None and terms2 is not None:
        if all(any(t1.is_more_general_or_equal(t2) for t1 in terms1) for t2 in terms2):
            return True
        if len(terms1) <= 1:  # a conjunction is above a DNF iff above each term
            return False
        return None
    subsumed = (
        isinstance(h1, KCNF)
        and isinstance(h2, KCNF)
        and all(any(c2 <= c1 for c2 in h2.clauses) for c1 in h1.clauses)
    )
    return True if subsumed else None


def _attribute_expression(h: Hypothesis) -> sympy.Basic:
    """``h`` over positional propositions ``a_i=v`` (names do not matter here)."""
    return h.to_sympy(None)  # type: ignore[attr-defined]


def _at_most_one_value(expressions: Sequence[sympy.Basic], arity: int) -> sympy.Basic:
    import sympy

    values: dict[str, list[sympy.Symbol]] = {f"a{i}": [] for i in range(1, arity + 1)}
    for expression in expressions:
        for symbol in expression.free_symbols:
            attribute = str(symbol).split("=", 1)[0]
            values[attribute].append(symbol)
    constraints = [
        sympy.Not(sympy.And(p, q))
        for symbols in values.values()
        for p, q in itertools.combinations(sorted(set(symbols), key=str), 2)
    ]
    return sympy.And(*constraints)


def entails(h2: Hypothesis, h1: Hypothesis) -> bool:
    """True when every instance satisfying ``h2`` satisfies ``h1`` (by satisfiability)."""
    import sympy
    from sympy.logic.inference import satisfiable

    kind = _check_comparable(h1, h2)
    if kind == "attribute":
        e1, e2 = _attribute_expression(h1), _attribute_expression(h2)
        side = _at_most_one_value([e1, e2], instance_space(h1)[1])
    else:
        e1, e2 = h1.to_sympy(None), h2.to_sympy(None)  # type: ignore[attr-defined]
        side = sympy.true
    return satisfiable(sympy.And(e2, sympy.Not(e1), side)) is False


def more_general_or_equal(h1: Hypothesis, h2: Hypothesis) -> bool:
    """``h1 >= h2``: h1 is more general than or equal to h2 (see the module docstring).

    Raises
    ------
    TypeError
        If one is over attribute values and the other over boolean variables.
    ValueError
        If their arities differ.
    """
    _check_comparable(h1, h2)
    if isinstance(h1, Conjunction) and isinstance(h2, Conjunction):
        return h1.is_more_general_or_equal(h2)
    if isinstance(h1, BooleanConjunction) and isinstance(h2, BooleanConjunction):
        return h1.is_more_general_or_equal(h2)
    decided = _syntactic(h1, h2)
    if decided is not None:
        return decided
    return entails(h2, h1)


def more_general(h1: Hypothesis, h2: Hypothesis) -> bool:
    """``h1 > h2`` (Mitchell 1997, section 2.3.1): ``h1 >= h2`` and not ``h2 >= h1``."""
    return more_general_or_equal(h1, h2) and not more_general_or_equal(h2, h1)


def equivalent(h1: Hypothesis, h2: Hypothesis) -> bool:
    """True when ``h1`` and ``h2`` cover the same instances."""
    return more_general_or_equal(h1, h2) and more_general_or_equal(h2, h1)


def more_general_or_equal_on(
    h1: Hypothesis, h2: Hypothesis, instances: Iterable[Sequence[Any]]
) -> bool:
    """``h1 >= h2`` over an explicit set of instances, by enumeration.

    Examples
    --------
    >>> a, b = Conjunction(("x", "?")), Conjunction(("?", "?"))
    >>> a >= b, more_general_or_equal_on(a, b, [("x", 1), ("x", 2)])
    (False, True)
    """
    return all(h1.covers(x) for x in instances if h2.covers(x))
