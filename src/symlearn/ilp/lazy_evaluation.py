"""Aleph's lazy evaluation: constants of a literal computed from the examples during the search.

A predicate declared with ``:- lazy_evaluate(p/N).`` (the Aleph manual,
"Lazy evaluation") has its ``#`` arguments found while the search refines a
clause, not while the bottom clause is built: when a refinement adds a
literal of p to a clause C, the literal's input (``+``) arguments are
bound, on every positive and every negative example C covers, by proving C;
p is then called once with each input place bound to ``[PosValues,
NegValues]`` (the values that place took, the positives' and the
negatives', each distinct literal instance once) and its ``#`` places free.
Each answer (up to the mode's recall; ``*`` is 100, as in Aleph) gives one
literal of p with those constants, which takes the bottom clause's literal's
place in the refinement.  With ``:- positive_only(p/N).`` the negatives'
values are not collected (``NegValues`` is ``[]``).

This is how Aleph's ``numbers`` examples find a threshold (``gteq(A, 8)``,
a FOIL-like cut-off chosen from the covered values) or a regression line
(``lin_regress1(B, A, 2, 0, 0.0)``) that no single example's saturation
could give.

Functions
---------
lazy_atoms, LAZY_RECALL

References
----------
Srinivasan, A.  The Aleph manual (``lazy_evaluate/1``, ``positive_only/1``,
the examples in ``examples/numbers``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from symlearn.errors import EngineLimitError, PrologError
from symlearn.ilp.bottom import BottomLiteral, at_path, fill, mode_places
from symlearn.logic.terms import Term, Var, is_ground, make_list
from symlearn.logic.unify import substitute

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["LAZY_RECALL", "lazy_atoms"]

#: The recall Aleph gives a lazily evaluated literal whose mode says ``*``.
LAZY_RECALL = 100


def lazy_atoms(
    engine: Engine,
    literal: BottomLiteral,
    positive_rows: Sequence[tuple[Term, ...]],
    negative_rows: Sequence[tuple[Term, ...]],
) -> list[Term]:
    """The literals of ``literal``'s predicate with ``#`` constants computed lazily.

    Parameters
    ----------
    engine
        The query engine over the background (it calls the predicate).
    literal
        The bottom clause's literal (its mode says which places are which).
    positive_rows, negative_rows
        The values of the literal's ``+`` and ``-`` places (in place order)
        on the covered positive and negative examples, each distinct row
        once, in the order Aleph collects them.

    Returns
    -------
    list of Term
        One atom per answer (up to the recall), the ``#`` places filled;
        none when the call fails, raises or answers with a variable there.
    """
    mode = literal.mode
    if mode is None:
        return []
    places = mode_places(mode.template)
    own = [at_path(literal.atom, place.path) for place in places]
    linked = [i for i, place in enumerate(places) if place.kind != "#"]
    values: list[Term] = []
    free: dict[int, Var] = {}
    for i, place in enumerate(places):
        if place.kind == "#":
            free[i] = Var(f"_C{i}")
            values.append(free[i])
            continue
        column = linked.index(i)
        values.append(
            make_list(
                [
                    make_list([row[column] for row in positive_rows]),
                    make_list([row[column] for row in negative_rows]),
                ]
            )
        )
    goal = fill(mode.template, places, values)
    recall = mode.recall if mode.recall is not None else LAZY_RECALL
    try:
        answers = list(engine.solve(goal, recall))
    except (EngineLimitError, PrologError):
        return []
    atoms: list[Term] = []
    for answer in answers:
        filled: list[Term] = []
        for i, term in enumerate(own):
            filled.append(substitute(free[i], answer) if i in free else term or "[]")
        if not all(is_ground(filled[i]) for i in free):
            continue
        atom = fill(mode.template, places, filled)
        if atom not in atoms:
            atoms.append(atom)
    return atoms
