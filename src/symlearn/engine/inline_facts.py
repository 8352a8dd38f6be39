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

A goal that opens what a clause's guard leaves (the first goal it does not
write inline) and calls a static predicate of one clause without a cut
(``inv_2(>, A, S) :- inv(A, S).`` with ``inv(A, [B|S]) :- compare(O, A,
B), inv_2(O, A, S).``) is *unfolded*: its head is matched inline, with the
same check, and its body goals take its place in the clause's body
(:func:`unfolded_call`), so the guard may go on with them and the call
makes no machine step.

Functions
---------
fact_call, det_fact_call, inlinable_fact, unfolded_call, static_source
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from symlearn.engine.code_memo import RECORDING
from symlearn.engine.inline_tests import _rest_of_body, unification
from symlearn.engine.late_names import late
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import PString, Struct
from symlearn.logic.unify import rename_apart

if TYPE_CHECKING:
    from symlearn.engine.codegen import _Writer
    from symlearn.engine.procedures import Predicate

_predicate_class = late("symlearn.engine.procedures", "Predicate")
_rule_modes = late("symlearn.engine.procedures", "RULE_MODES")
_guard_builtins = late("symlearn.engine.codegen", "GUARD_BUILTINS")
#: The arguments ``$G`` may have to be written inline (a ground goal).
_ATOMIC = (str, int, float, PString)

__all__ = ["det_fact_call", "fact_call", "inlinable_fact", "static_source", "unfolded_call"]


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
    return found is not None and _inline_clause(writer, goal, found, indent) >= 0


def det_fact_call(writer: _Writer, goal: Any, indent: int) -> bool:
    """Write SWI-Prolog's ``$G`` inline when G may be (:func:`fact_call`); False if not.

    G must call a static predicate of one clause (a fact or tests) with
    ground arguments: one clause leaves no choicepoint, so ``$`` has only its
    failure to check, which raises ``determinism_error(G, det, fail, goal)``
    as the general ``$/1`` does (no binding to undo: G is ground).  Where the
    guard may end at ``$G`` (``writer.rest``): a changed predicate calls it.
    """
    rest = writer.rest
    if (
        not rest
        or rest[0] is not goal
        or type(goal) is not Struct
        or goal.name != "$"
        or len(goal.args) != 1
    ):
        return False
    called = goal.args[0]
    if type(called) is Struct and not all(type(a) in _ATOMIC for a in called.args):
        return False
    found = _one_fact(writer, called)
    if found is None:
        return False
    start = _inline_clause(writer, called, found, indent)
    if start < 0:
        return False
    from symlearn.engine.control import _det_failed

    writer.names["_det_failed"] = _det_failed
    failed = f"return (_det_failed, {writer.constant(called)}, 0, 0, None)"
    lines = writer.lines
    lines[start:] = [line.replace("return FAIL", failed) for line in lines[start:]]
    return True


def _inline_clause(
    writer: _Writer, goal: Any, found: tuple[Predicate, list[Any]], indent: int
) -> int:
    """Match ``goal`` against its callee's one clause, then its tests, inline.

    The first line after the check that the callee is unchanged; -1 (nothing
    written) when a test cannot be written inline.
    """
    rest = writer.rest
    start, defined, ends = len(writer.lines), set(writer.defined), writer.ends
    body, checked = _matched_head(writer, goal, *found, indent)
    # (the callee's tests must not end the guard: they are not goals of the rest)
    writer.rest = None
    try:
        for test in body:
            if test != "!" and not writer.guard(test, indent):  # not written inline after all
                del writer.lines[start:]
                writer.defined, writer.ends = defined, ends
                return -1
    finally:
        writer.rest = rest
    return checked


def unfolded_call(writer: _Writer, goal: Any, indent: int) -> list[Any] | None:
    """Match the head of ``goal``'s callee inline; its body goals (renamed), or None.

    ``goal`` calls a static predicate of one clause whose body has no cut
    and opens the rest of the guard (``writer.rest``): when the predicate's
    clauses are no longer that clause, the goal is called.
    """
    rest = writer.rest
    if not rest or rest[0] is not goal:
        return None
    found = _one_fact(writer, goal, _without_cut)
    if found is None:
        return None
    return _matched_head(writer, goal, *found, indent)[0]


def _matched_head(
    writer: _Writer, goal: Struct | str, predicate: Predicate, seen: list[Any], indent: int
) -> tuple[list[Any], int]:
    """The check that the callee is unchanged (else the rest), its head matched.

    Its body, and the first line after the check.
    """
    p, s = writer.constant(predicate), writer.constant(seen)
    writer.names["_still_one_fact"] = _still_one_fact
    writer.emit(indent, f"if {p}.seen is not {s} or {p}.stale and not _still_one_fact({p}, {s}):")
    _rest_of_body(writer, indent + 1)
    checked = len(writer.lines)
    head, body = _renamed(seen[0])
    for argument, part in zip(_arguments(goal), _arguments(head)):
        unification(writer, Struct("=", (argument, part)), indent)
    return body, checked


def _one_fact(
    writer: _Writer, goal: Any, admits: Callable[[list[Any]], bool] | None = None
) -> tuple[Predicate, list[Any]] | None:
    """The callee and its clause list when ``goal`` calls a static one-fact predicate.

    (Or one clause whose body is tests; or, with ``admits``, whose body it admits.)
    """
    if type(goal) is not Struct and type(goal) is not str:
        return None
    procedure = writer.procedure_of(*_indicator(goal))
    predicate: Any = getattr(procedure, "__globals__", {}).get("P")
    if type(predicate) is not _predicate_class() or predicate.procedure is not procedure:
        return None
    source = static_source(predicate)
    if (
        source is None
        or len(source.clauses) != 1
        or not (admits or _tests)(list(source.clauses[0].body))
    ):
        return None
    if predicate.stale:
        predicate.refresh()  # (as its first call would: its clauses as the engine sees them)
    seen = predicate.seen
    if len(seen) != 1 or seen[0] is not source.clauses[0] or predicate.mode not in _rule_modes():
        return None
    return predicate, seen


def static_source(predicate: Predicate) -> Any:
    """The program's predicate behind ``predicate`` when it is static; else None.

    Static: with clauses in the program (not the library), not dynamic,
    tabled, external or evaluated bottom-up.
    """
    engine = predicate.engine
    kb = engine.kb
    key = predicate.key
    recordings = RECORDING.recordings
    if recordings:  # (code kept for other engines depends on the answer: code_memo)
        recordings[-1].inspected.add(key)
    source = kb.predicates.get(key)
    if (
        source is None
        or not source.clauses
        or source.dynamic
        or key in kb.tabled
        or key in kb.external
        or engine._datalog_kind(key) == "rules"
    ):
        return None
    return source


def _still_one_fact(predicate: Predicate, seen: list[Any]) -> bool:
    """Bring a changed predicate up to date; True when its clauses are still ``seen``."""
    predicate.refresh()
    return predicate.seen is seen


def _tests(body: list[Any]) -> bool:
    """True for goals a guard may write inline (the writer has the last word)."""
    builtins = _guard_builtins()
    return all(
        goal == "!" or (type(goal) is Struct and (goal.name, len(goal.args)) in builtins)
        for goal in body
    )


def _without_cut(body: list[Any]) -> bool:
    """True for goals none of which is or holds a cut (the atom ``!`` nowhere in them)."""
    stack = list(body)
    while stack:
        term = stack.pop()
        if type(term) is str and term in ("!", "$"):
            return False
        if type(term) is Struct:
            stack.extend(term.args)
    return bool(body)


def _indicator(goal: Struct | str) -> tuple[str, int]:
    return (goal.name, len(goal.args)) if isinstance(goal, Struct) else (goal, 0)


def _arguments(term: Any) -> tuple[Any, ...]:
    return term.args if type(term) is Struct else ()


def _renamed(clause: Clause) -> tuple[Any, list[Any]]:
    """The clause's head and body with new variables (the caller's clause has its own)."""
    (head, *body), _ = rename_apart([clause.head, *clause.body])
    return head, body
