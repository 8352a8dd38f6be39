"""Why a search ended without a program, in the words of the bias.

When learning from failures searches its whole hypothesis space and no
program proves every positive example and no negative one, a user wants to
know which of their choices to change (Popper's users ask exactly this:
its issues #88 and #97).  :func:`explain_exhausted` says

* what space was searched: the bounds ``max_body``, ``max_vars``,
  ``max_clauses`` and ``max_literals``, and whether recursion was allowed;
* which positive examples no consistent program proves (the combine step
  had nothing to cover them with), naming a few;
* which body predicates could never be called: with directions, an input
  of a type that neither the head's inputs nor any predicate's outputs
  provide;
* what to try: the bounds that were reached, recursion or predicate invention
  when it was off.

Functions
---------
explain_exhausted, unusable_predicates
"""

from __future__ import annotations

from symlearn.ilp.lff.bias import Bias, Predicate
from symlearn.logic.indicators import format_indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = ["explain_exhausted", "unusable_predicates"]

#: How many unproved positive examples the explanation names.
SHOWN = 5


def unusable_predicates(bias: Bias) -> list[tuple[Predicate, str]]:
    """Body predicates with an input type nothing provides, and that type.

    Only with types and directions: an ``in`` argument of type ``T`` needs a
    variable of type ``T`` already bound, by a head input or by an ``out``
    argument of some body predicate.
    """
    if not bias.directed:
        return []
    provided: set[str] = set()
    head = bias.head
    if head.types is not None and head.directions is not None:
        provided |= {t for t, d in zip(head.types, head.directions[0]) if d == "in"}
    for predicate in bias.body:
        for way in predicate.directions or ():
            if predicate.types is not None:
                provided |= {t for t, d in zip(predicate.types, way) if d == "out"}
    found = []
    for predicate in bias.body:
        if predicate.types is None or not predicate.directions:
            continue
        missing = [
            next(t for t, d in zip(predicate.types, way) if d == "in" and t not in provided)
            for way in predicate.directions
            if any(d == "in" and t not in provided for t, d in zip(predicate.types, way))
        ]
        if len(missing) == len(predicate.directions):
            found.append((predicate, missing[0]))
    return found


def explain_exhausted(
    bias: Bias,
    positives: list[Term],
    reached: int,
    searched: int,
    max_literals: int,
) -> list[str]:
    """Lines saying why no program was found (see the module docstring).

    Parameters
    ----------
    bias
        The hypothesis space searched.
    positives
        The positive training examples.
    reached
        Bit set of the positives some consistent program proves.
    searched
        The largest program size searched completely.
    max_literals
        The bound on a program's literals.
    """
    recursion = "allowed" if bias.recursion else "not allowed"
    invention = ", predicate invention allowed" if bias.invention else ""
    lines = [
        "no program in the hypothesis space proves every positive example and no negative one;",
        f"searched: programs of up to {searched} literals, rules of at most {bias.max_body} "
        f"body literals (max_body) and {bias.max_vars} variables (max_vars), "
        f"at most {bias.clauses} rules per generated program (max_clauses), "
        f"recursion {recursion}{invention}",
    ]
    missing = [p for i, p in enumerate(positives) if not reached >> i & 1]
    if missing:
        shown = ", ".join(format_term(p) for p in missing[:SHOWN])
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        lines.append(
            f"{len(missing)} positive example(s) are proved by no program that proves no "
            f"negative one: {shown}{more}"
        )
    for predicate, kind in unusable_predicates(bias):
        lines.append(
            f"{format_indicator(predicate.indicator)} can never be called: no head input or "
            f"output of another predicate has type {kind}"
        )
    hints = []
    if searched >= max_literals:
        hints.append(f"a larger max_literals (now {max_literals})")
    hints.append(f"a larger max_body (now {bias.max_body}) or max_vars (now {bias.max_vars})")
    if not bias.recursion:
        hints.append("recursion (enable_recursion.)")
    elif bias.clauses < 3:
        hints.append(f"more clauses (max_clauses, now {bias.clauses})")
    if not bias.non_datalog:
        hints.append("non_datalog")
    if not bias.invention:
        hints.append("predicate invention (enable_pi.)")
    lines.append("to search further, try " + ", ".join(hints))
    return lines
