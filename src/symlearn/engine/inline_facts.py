"""Calls of a predicate that is one fact (or one clause of tests), matched inline.

A goal such as ``function_number(G, I)`` whose predicate is one clause
without a body (``function_number(function(I, _, _, _, _, _, _, _), I).``)
needs no call: it holds exactly when the goal's arguments unify with the
fact's head, renamed apart, and then binds what that unification binds.  So
a clause's guard (:meth:`~symlearn.engine.codegen._Writer.guard`) writes it
as the unifications ``G = function(I1, _, ...), I = I1``, matched by the
head-argument code (:func:`~symlearn.engine.inline_tests.unification`): no
machine step, no frame, no term built when ``G`` is bound.  A clause whose
body is tests the guard writes inline (``before(pair(X1, _), pair(X2, _)) :-
X1 < X2``) is written the same way, its body after its head (a cut in it
cuts nothing: the one clause has no alternatives, nor do the tests).

Only a static predicate of the program is inlined (not dynamic, tabled,
external or evaluated bottom-up), and only where the guard may end at the
goal (``writer.rest``): the code first checks that the predicate still has
the clause it had when compiled (``Predicate.seen`` is the same list; a
predicate changed since is refreshed first, as its next call would be) and
otherwise calls the goal as the first goal of the rest of the body, as an
uninlined call would.  Nothing else about the call can differ: one clause
without a body has one answer and no side effect.

Functions
---------
fact_call, inlinable_fact
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from symlearn.engine.inline_tests import _rest_of_body, unification
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Var

if TYPE_CHECKING:
    from symlearn.engine.codegen import _Writer
    from symlearn.engine.procedures import Predicate

__all__ = ["fact_call", "inlinable_fact"]


def inlinable_fact(writer: _Writer, goal: Any) -> bool:
    """True when ``goal`` calls a static predicate that is one fact or clause of tests."""
    return _one_fact(writer, goal) is not None


def fact_call(writer: _Writer, goal: Any, indent: int) -> bool:
    """Write ``goal``, a call of a predicate that is one fact, as unifications; False if not.

    Only where the guard may end at ``goal`` (``writer.rest``): when the
    predicate's clauses are no longer the one fact, the goal is called.
    """
    rest = writer.rest
    if not rest or rest[0] is not goal:
        return False
    found = _one_fact(writer, goal)
    if found is None:
        return False
    predicate, seen = found
    start, defined, ends = len(writer.lines), set(writer.defined), writer.ends
    p, s = writer.constant(predicate), writer.constant(seen)
    writer.names["_still_one_fact"] = _still_one_fact
    writer.emit(indent, f"if {p}.seen is not {s} or {p}.stale and not _still_one_fact({p}, {s}):")
    _rest_of_body(writer, indent + 1)
    head, body = _renamed(seen[0])
    for argument, part in zip(goal.args, head.args):
        unification(writer, Struct("=", (argument, part)), indent)
    # (the callee's tests must not end the guard: they are not goals of the rest)
    writer.rest = None
    try:
        for test in body:
            if test != "!" and not writer.guard(test, indent):  # not written inline after all
                del writer.lines[start:]
                writer.defined, writer.ends = defined, ends
                return False
    finally:
        writer.rest = rest
    return True


def _one_fact(writer: _Writer, goal: Any) -> tuple[Predicate, list[Any]] | None:
    """The callee and its clause list when ``goal`` calls a static one-fact predicate.

    (Or one clause whose body is tests.)
    """
    from symlearn.engine.procedures import FACTS_ONLY, RULES, Predicate

    if type(goal) is not Struct:
        return None
    procedure = writer.procedure_of(goal.name, len(goal.args))
    predicate = getattr(procedure, "__globals__", {}).get("P")
    if type(predicate) is not Predicate or predicate.procedure is not procedure:
        return None
    engine = predicate.engine
    kb = engine.kb
    key = predicate.key
    source = kb.predicates.get(key)
    if (
        source is None
        or source.dynamic
        or len(source.clauses) != 1
        or not all(_test(goal) for goal in source.clauses[0].body)
        or key in kb.tabled
        or key in kb.external
        or engine._datalog_kind(key) == "rules"
    ):
        return None
    if predicate.stale:
        predicate.refresh()  # (as its first call would: its clauses as the engine sees them)
    seen = predicate.seen
    if (
        len(seen) != 1
        or seen[0] is not source.clauses[0]
        or predicate.mode not in (RULES, FACTS_ONLY)
    ):
        return None
    return predicate, seen


def _still_one_fact(predicate: Predicate, seen: list[Any]) -> bool:
    """Bring a changed predicate up to date; True when its clauses are still ``seen``."""
    predicate.refresh()
    return predicate.seen is seen


def _test(goal: Any) -> bool:
    """True for a goal a guard may write inline (the writer has the last word)."""
    from symlearn.engine.codegen import GUARD_BUILTINS

    return goal == "!" or (type(goal) is Struct and (goal.name, len(goal.args)) in GUARD_BUILTINS)


def _renamed(clause: Clause) -> tuple[Any, list[Any]]:
    """The clause's head and body with new variables (the caller's clause has its own)."""
    mapping: dict[Var, Var] = {}

    def renamed(term: Any) -> Any:
        if type(term) is Var:
            found = mapping.get(term)
            if found is None:
                found = mapping[term] = Var(term.name)
            return found
        if type(term) is Struct:
            return Struct(term.name, tuple(renamed(a) for a in term.args))
        return term

    return renamed(clause.head), [renamed(goal) for goal in clause.body]
