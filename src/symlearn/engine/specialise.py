"""Call-site specialisation: a call passing a pattern of new variables runs a copy of the callee.

A body goal such as ``my_member(house(red, english, _, _, _), Houses)``
passes a compound term whose variables occur nowhere else in the clause
(a *pattern*).  When every clause of the callee takes that argument as a
variable ``X`` that it only matches in its head or passes on unchanged to
its own recursive calls (``my_member(X, [X|_])``, ``my_member(X, [_|T]) :-
my_member(X, T)``), the call runs a copy of the callee with ``X`` replaced
by the pattern, and the argument dropped: ``'$spec'([house(red, english,
_, _, _)|_])``, ``'$spec'([_|T]) :- '$spec'(T)``.  The copy's clauses are
compiled as any others, so the pattern is matched by head code specialised
to its shape (constants compared, its new variables taken as they are),
not by the general unifier on a term built at each call.

The answers are the same: the pattern's variables are new, so only their
shape matters; each clause of the copy has variables of its own for them,
as a new pattern at each recursive call would.  The callee must be a static
predicate of the program (not dynamic, tabled, external or evaluated
bottom-up) with a few clauses; its clauses are remembered, and when they
change (a file consulted again) the copy becomes one clause calling the
callee with the pattern.

Functions
---------
specialised_call, specialised_procedure
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import count
from typing import Any
from weakref import WeakKeyDictionary

from symlearn.engine.codegen import _variables
from symlearn.engine.inline_facts import static_source
from symlearn.engine.procedures import Predicate
from symlearn.engine.runtime import to_runtime
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Var

__all__ = ["specialised_call", "specialised_procedure"]

#: Callees of at most this many clauses are copied.
_MAX_CLAUSES = 8
#: Patterns of at most this many variables and constants are used.
_MAX_PATTERN = 16
_numbers = count()
#: Per engine, the copies made for each goal (a clause is compiled more than
#: once: alone and in its predicate's switch): id(goal) -> (goal, positions, result).
_made: WeakKeyDictionary[Any, dict[int, tuple[Any, list[int], Any]]] = WeakKeyDictionary()


def specialised_call(
    goal: Struct, procedure: Any, known: set[Var], elsewhere: set[Var] | frozenset[Var]
) -> tuple[Any, tuple[Any, ...]]:
    """The procedure and arguments to call for ``goal``: a copy's, or ``procedure`` and its own.

    ``known`` and ``elsewhere`` are the clause's variables met before the
    goal and those of its other goals: a variable in neither that occurs
    once in ``goal`` is new.
    """
    seen: set[Var] = set()
    repeated: set[Var] = set()
    for v in _variables(goal):  # (a Counter would cost more than the walk)
        (repeated if v in seen else seen).add(v)
    once = seen - repeated
    copy = specialised_procedure(
        goal, procedure, lambda v: v in once and v not in known and v not in elsewhere
    )
    return copy if copy is not None else (procedure, goal.args)


def specialised_procedure(
    goal: Struct, procedure: Any, fresh: Callable[[Var], bool]
) -> tuple[Any, tuple[Any, ...]] | None:
    """The procedure of a copy of ``goal``'s callee for its patterns, and the arguments left.

    ``procedure`` is the callee's procedure; ``fresh(V)`` says whether the
    clause's variable V occurs in ``goal`` only.  None when the goal has no
    pattern or the callee cannot be copied.
    """
    predicate = getattr(procedure, "__globals__", {}).get("P")
    if type(predicate) is not Predicate or predicate.procedure is not procedure:
        return None
    args = goal.args
    positions = [i for i, arg in enumerate(args) if _is_pattern(arg, fresh)]
    if not positions:
        return None
    engine = predicate.engine
    made = _made.setdefault(engine, {})
    found = made.get(id(goal))
    if found is not None and found[0] is goal and found[1] == positions:
        return found[2]
    result = _copied_predicate(goal, predicate, positions)
    made[id(goal)] = (goal, positions, result)
    return result


def _copied_predicate(
    goal: Struct, predicate: Predicate, positions: list[int]
) -> tuple[Any, tuple[Any, ...]] | None:
    args = goal.args
    engine = predicate.engine
    key = predicate.key
    source = static_source(predicate)
    if source is None or len(source.clauses) > _MAX_CLAUSES:
        return None
    name = f"$spec {goal.name}/{len(args)} {next(_numbers)}"
    kept = [i for i in range(len(args)) if i not in positions]
    patterns = {i: args[i] for i in positions}
    clauses = []
    for clause in source.clauses:
        copied = _copy(clause, key, name, patterns, kept)
        if copied is None:
            return None
        clauses.append(copied)
    if all(not c.body and not _variables(c.head) for c in clauses):
        return None  # ground facts: the callee's own index does well
    variables = [Var("_") for _ in args]
    fallback = Clause(
        _goal(name, [variables[i] for i in kept]),
        [Struct(goal.name, tuple(patterns.get(i, v) for i, v in enumerate(variables)))],
    )
    too_deep = predicate.namespace["too_deep"]

    def copy_too_deep(values: tuple[Any, ...]) -> Exception:
        """The callee's depth error, its goal with the patterns put back."""
        restored = dict(zip(kept, values))
        whole = [
            restored[i] if i in restored else to_runtime(args[i], {}) for i in range(len(args))
        ]
        return too_deep(tuple(whole))

    copy = _Specialised(engine, name, len(kept), copy_too_deep)
    copy.plan = (source, list(source.clauses), clauses, fallback)
    engine._predicates[copy.key] = copy  # (so that a change of the program reaches it)
    engine._procedures[copy.key] = copy.procedure  # (its switch finds itself by name)
    return copy.procedure, tuple(args[i] for i in kept)


class _Specialised(Predicate):
    """A predicate of copied clauses, not in the program (:func:`specialised_procedure`)."""

    __slots__ = ("plan",)
    #: The callee's source and clauses when copied, the copy's clauses, the fallback clause.
    plan: tuple[Any, list[Clause], list[Clause], Clause]

    def refresh(self) -> None:
        source, seen, clauses, fallback = self.plan
        current = source.clauses
        if len(current) != len(seen) or any(a is not b for a, b in zip(current, seen)):
            clauses = [fallback]  # the callee changed: call it
        self.stale = False
        self.source = None
        self._rebuild(clauses, False)

    def _procedure_of(self, clause: Clause) -> Callable[[str, int], Any]:
        return self.engine.procedure


def _is_pattern(term: Any, fresh: Callable[[Var], bool]) -> bool:
    """True for a compound term whose variables are new (and not too big)."""
    if type(term) is not Struct:
        return False
    parts = 0
    stack = list(term.args)
    while stack:
        part = stack.pop()
        parts += 1
        if parts > _MAX_PATTERN:
            return False
        if type(part) is Var:
            if not fresh(part):
                return False
        elif type(part) is Struct:
            stack.extend(part.args)
    return True


def _copy(
    clause: Clause, key: tuple[str, int], name: str, patterns: dict[int, Any], kept: list[int]
) -> Clause | None:
    """The clause with its pattern arguments replaced, or None when it does not allow it."""
    head = clause.head
    if type(head) is not Struct:
        return None
    taken: dict[Var, int] = {}
    for i in patterns:
        variable = head.args[i]
        if type(variable) is not Var or variable in taken:
            return None
        taken[variable] = i
    body: list[Any] = []
    goal: Any
    for goal in clause.body:
        if _recursive(goal, key) and all(goal.args[i] is v for v, i in taken.items()):
            rest = [goal.args[j] for j in kept]
            if any(v in taken for arg in rest for v in _variables(arg)):
                return None
            body.append(_goal(name, rest))
        elif any(v in taken for v in _variables(goal)):
            return None  # the pattern's variable used otherwise
        else:
            body.append(goal)
    mapping = {v: _renamed(patterns[i]) for v, i in taken.items()}
    new_head = _goal(name, [_replace(head.args[j], mapping) for j in kept])
    return Clause(new_head, body)


def _recursive(goal: Any, key: tuple[str, int]) -> bool:
    return type(goal) is Struct and (goal.name, len(goal.args)) == key


def _goal(name: str, args: list[Any]) -> Any:
    return Struct(name, tuple(args)) if args else name


def _renamed(pattern: Any) -> Any:
    """The pattern with new variables (each clause of the copy has its own)."""
    return _replace(pattern, {v: Var(v.name) for v in _variables(pattern)})


def _replace(term: Any, mapping: dict[Var, Any]) -> Any:
    if type(term) is Var:
        return mapping.get(term, term)
    if type(term) is Struct:
        return Struct(term.name, tuple(_replace(a, mapping) for a in term.args))
    return term
