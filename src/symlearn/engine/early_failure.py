"""A guard comparison tested before the clause's head builds terms: the clause fails early.

A clause such as ``partition([X|L], Y, [X|L1], L2) :- X =< Y, !, ...``
matches its head from left to right, so with a free third argument it makes
the list cell ``[X|L1]`` (a new variable and a term, a trailed binding)
before its guard ``X =< Y`` runs, and undoes it all when the guard fails.
When the operands of the clause's first goal, an arithmetic comparison, are
known from the arguments matched so far and are integers now, matching the
rest of the head cannot change its outcome (a bound integer stays bound), and
the clause fails either way when it does not hold: it fails at once, before
the rest of the head is built.  The guard still runs where it stands (for
operands that are not integers yet, and for its errors, which a failing head
comes before).

Functions
---------
first_comparison, fail_early
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from symlearn.engine.clause_terms import variables_of
from symlearn.logic.terms import Struct

if TYPE_CHECKING:
    from symlearn.engine.codegen import _Writer

__all__ = ["fail_early", "first_comparison"]

#: Prolog's arithmetic comparisons and Python's operator for each (on integers).
_OPERATORS = {"<": "<", ">": ">", "=<": "<=", ">=": ">=", "=:=": "==", "=\\=": "!="}


def first_comparison(body: Sequence[Any]) -> list[Struct]:
    """The clause body's first goal when it is an arithmetic comparison (a list of it), else []."""
    if body and type(body[0]) is Struct and len(body[0].args) == 2 and body[0].name in _OPERATORS:
        return [body[0]]
    return []


def fail_early(writer: _Writer, pending: list[Struct], rest: tuple[Any, ...], indent: int) -> None:
    """Test a pending comparison on integers when its variables are known and ``rest`` builds.

    ``rest`` are the head arguments not matched yet: only when one is a
    compound term (made when its argument is free) is the test worth its
    cost.  A comparison tested is taken off ``pending``.
    """
    if not pending or not any(type(term) is Struct for term in rest):
        return
    goal = pending[0]
    if not all(v in writer.defined for v in variables_of(goal)):
        return
    pending.clear()
    expressions, test = writer.fast_integers(goal.args, indent)
    if expressions:
        a, b = expressions
        op = _OPERATORS[goal.name]
        writer.emit(indent, f"if {test or 'True'} and not {a} {op} {b}: return FAIL")
