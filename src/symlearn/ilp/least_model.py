"""The least model of a recursive definition, bottom-up and set-at-a-time.

For a definite Datalog program P (here: the clauses of one target predicate
over background knowledge answered by :class:`~symlearn.ilp.coverage.Coverage`)
the least Herbrand model is the least fixpoint of the immediate-consequence
operator T_P, reached by applying T_P to the empty interpretation until
nothing new is derived (van Emden and Kowalski 1976; Lloyd 1987, section 6).
Each application joins every clause's body set-at-a-time
(:meth:`Coverage.derive`) with the target read in the tuples derived so far.
On finite data this terminates, and an atom of the target is in the model
exactly when tabled SLD resolution proves it, whatever the order of the
clauses and literals (left recursion and cycles in the data included).

Functions
---------
least_model

References
----------
van Emden, M. H. and Kowalski, R. A. (1976).  The semantics of predicate
logic as a programming language.  JACM 23.  Lloyd, J. W. (1987).
Foundations of Logic Programming, 2nd edition.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.kb.parser import parse_term
>>> from symlearn.logic.clauses import Clause
>>> from symlearn.ilp.coverage import Coverage
>>> kb = loads("e(a, b). e(b, c). e(c, a).")
>>> coverage = Coverage(kb, ("p", 2))
>>> theory = [Clause.from_term(parse_term(t)) for t in ("p(X, Y) :- e(X, Y)",
...                                                    "p(X, Y) :- p(X, Z), e(Z, Y)")]
>>> len(least_model(coverage, ("p", 2), theory))  # every pair on the cycle
9
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from symlearn.errors import EngineLimitError
from symlearn.ilp.coverage import Coverage, NotSetAtATimeError
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, functor_of

__all__ = ["least_model"]


def _negates(clause: Clause, target: Indicator) -> bool:
    return any(
        type(g) is Struct
        and g.name == "\\+"
        and len(g.args) == 1
        and functor_of(g.args[0]) == target
        for g in clause.body
    )


def least_model(
    coverage: Coverage,
    target: Indicator,
    clauses: Sequence[Clause],
    *,
    max_rows: int = 1_000_000,
    max_rounds: int = 1_000,
) -> np.ndarray | None:
    """The target's tuples in the least model of ``clauses``, as rows of symbol codes.

    Parameters
    ----------
    coverage
        Answers the background literals; its extension of ``target`` is set
        to the model (it is left set to the model found).
    target
        ``(name, arity)`` of the predicate the clauses define.
    clauses
        Its clauses.
    max_rows, max_rounds
        Give up (None) past this many tuples or applications of T_P.

    Returns
    -------
    numpy.ndarray or None
        An ``(m, arity)`` array of codes (``coverage.symbols``); None when a
        clause negates the target (T_P is not monotone then), is not
        range-restricted, has a literal not answered set-at-a-time, or a
        bound is passed.
    """
    if any(_negates(c, target) for c in clauses):
        return None
    arity = target[1]
    model = np.zeros((0, arity), dtype=np.int64)
    calls = [any(functor_of(g) == target for g in c.body) for c in clauses]
    recursive = [c for c, call in zip(clauses, calls) if call]
    try:
        static = []  # what the clauses without a call of the target derive: once
        for clause, call in zip(clauses, calls):
            if not call:
                derived = coverage.derive(clause)
                if derived is None:
                    return None
                static.append(derived.reshape(-1, arity))
        for _ in range(max_rounds):
            coverage.set_extension_codes(target, model)
            parts = [model, *static]
            for clause in recursive:
                derived = coverage.derive(clause)
                if derived is None:
                    return None
                parts.append(derived.reshape(-1, arity))
            grown = np.unique(np.concatenate(parts), axis=0)
            if len(grown) > max_rows:
                return None
            if len(grown) == len(model):
                return model
            model = grown
    except (EngineLimitError, NotSetAtATimeError):
        return None
    return None
