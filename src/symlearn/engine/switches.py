"""A predicate's clauses under one first-argument switch, as one Python function.

:func:`compile_switch` writes the WAM's *switch_on_term* over a predicate's
first-argument index with the code of its clauses
(:mod:`symlearn.engine.codegen`) inlined in the buckets: a bucket of one
clause runs it, a bucket of a few runs each in turn (:func:`_inline_bucket`),
and a clause whose body is one call of the predicate itself loops back to the
switch (``codegen._loop_back``); when such a clause builds lists
(``app([X|L1], L2, [X|L3])``) its steps run first as a loop that binds the
output lists once (:mod:`symlearn.engine.lcmc`).

Functions
---------
compile_switch
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from symlearn.engine import lcmc

# One writer of clause code: the switch uses the clause writer's own parts.
from symlearn.engine.arg_select import Sample, Selection, choose
from symlearn.engine.codegen import (
    ProcedureOf,
    _clause_code,
    _define,
    _unpack_arguments,
    _Writer,
)
from symlearn.engine.lcmc import ListLoop, list_loop_plan, write_list_loop
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Var

__all__ = ["Bucket", "compile_switch"]

# Buckets of at most this many clauses are written inline in a switch,
_MAX_INLINED = 4
# ... or this many for a call whose first argument is free (no index to narrow them).
_MAX_INLINED_FREE = 8
# ... while the switch has written fewer than this many times as many clauses
# as the predicate has (a predicate has at most procedures._SWITCH_MAX_CLAUSES).
_BUDGET = 4

#: A bucket of a first-argument switch: the candidate clauses and, for a
#: bucket of one clause, the clause itself (its code is then inlined).
Bucket = tuple[list[Any], Clause | None]
#: What a predicate's warming-up calls met: first-argument functors, constants
#: (each with how many calls), and the clauses (``id``) the calls tried.
Warmed = tuple[dict[str, int], dict[object, int], frozenset[int]]


def compile_switch(
    arity: int,
    by_functor: dict[str, Bucket],
    by_constant: dict[object, Bucket],
    otherwise: Bucket,
    procedure_of: ProcedureOf,
    names: dict[str, object],
    itself: object = None,
    free: Bucket | None = None,
    compound: Bucket | None = None,
    calls: Sample | None = None,
    warmed: Warmed | None = None,
) -> Callable[..., Any]:
    """Compile a predicate's first-argument switch with its clauses inlined.

    The result is a procedure ``(m, args, cutb, depth, nxt)`` (the WAM's
    *switch_on_term* followed by the code of the one clause a bucket holds):
    it dereferences the first argument, picks the bucket of its functor or
    constant (``otherwise`` when none is listed), and runs the bucket's one
    clause inline, or tries a bucket of several with ``try_clauses`` (a
    choicepoint when more than one matches).  It is only valid while the
    clauses do not change.  ``names`` supplies the globals the code refers
    to besides constants: ``unbound`` (a call with a free first argument),
    ``try_clauses``, ``max_depth``, ``too_deep`` and ``Ref``.

    ``itself`` is the predicate's own procedure: an inlined clause whose body
    (after its guard) is one call of it loops back to the switch instead of
    returning the call to the machine (:func:`_loop_back`), so a
    deterministic tail-recursive predicate such as ``append/3`` runs as a
    Python loop.

    ``free`` is the bucket of a call whose first argument is free (every
    clause), written inline when it holds a few clauses; None leaves such a
    call to ``unbound``.

    ``calls`` counts the values of some warming-up calls' arguments: a bucket of
    several clauses may select them by another argument than the first
    (:mod:`symlearn.engine.arg_select`).

    ``warmed`` tells what the warming-up calls met: the first-argument
    functors and constants (None for a free one), and the clauses they tried
    when called (:mod:`symlearn.engine.clause_trials`).  A bucket no call met
    (a free first argument, a functor or constant without a bucket of its own
    among them), and the clauses of a bucket from the first that no call
    tried, are left to ``unbound`` or ``try_clauses`` (same clauses, same
    order) instead of written inline (chat_parser: a new engine's switch
    texts -24 %).
    """
    writer = _Writer(procedure_of)
    writer.names.update(names)
    writer.calls = calls
    top = 1
    loop = -1  # the line of the loop the switch runs in (when it may loop back)
    if itself is not None and arity:  # a loop-back that goes deeper checks the depth itself
        writer.itself = itself
        writer.arguments = f"({', '.join(f'a{i}' for i in range(arity))},)"
        _unpack_arguments(writer, arity)
        writer.emit(1, f"if depth > max_depth: raise too_deep({writer.arguments})")
        loop = len(writer.lines)
        writer.emit(1, "while True:")
        top = 2
    else:
        writer.emit(1, "if depth > max_depth: raise too_deep(args)")
        _unpack_arguments(writer, arity)
    buckets = (
        by_functor,
        by_constant,
        otherwise,
        free,
        otherwise if compound is None else compound,
    )
    _switch_code(writer, buckets, top, calls, warmed)
    if loop >= 0 and not writer.looped:  # no clause loops back: no loop
        lines = writer.lines
        lines[loop:] = [line[4:] for line in lines[loop + 1 :]]
    return _define(writer, "def clause(m, args, cutb, depth, nxt):\n")


def _list_loop_plan(writer: _Writer, candidates: Bucket) -> ListLoop | None:
    """The list-building loop of a functor bucket's one clause (:mod:`lcmc`), if it is one."""
    clause = candidates[1]
    if not lcmc.ENABLED or clause is None:
        return None
    return list_loop_plan(writer, clause)


def _switch_code(
    writer: _Writer,
    buckets: tuple[dict[str, Bucket], dict[object, Bucket], Bucket, Bucket | None, Bucket],
    top: int,
    calls: Sample | None = None,
    warmed: Warmed | None = None,
) -> None:
    """The switch on the first argument ``a0`` and its buckets' code, at ``top``.

    Buckets of several clauses are written inline while the switch has
    written fewer than ``_BUDGET`` times as many clauses as the predicate has
    (a clause with a free first argument is in every bucket; the code,
    compiled once per predicate, stays in proportion to the clauses).
    """
    by_functor, by_constant, otherwise, free, compound = buckets
    arguments = writer.arguments
    every = [*by_functor.values(), *by_constant.values(), otherwise, free or ([], None), compound]
    budget = [_BUDGET * len({id(entry) for entries, _ in every for entry in entries})]

    tried = None if warmed is None else warmed[2]

    def bucket(
        candidates: Bucket,
        indent: int,
        first_known: bool = True,
        limit: int = _MAX_INLINED,
        met: bool = True,
    ) -> None:
        entries, clause = candidates
        selection = None if clause is not None or not met else choose(entries, calls)
        if not entries:
            writer.emit(indent, "return FAIL")
        elif not met:  # no warming-up call came here
            label = writer.constant(entries)
            writer.emit(indent, f"return try_clauses(m, {label}, 0, {arguments}, depth, nxt)")
        elif clause is not None:
            writer.height = "len(m.cps)"
            _clause_code(writer, clause, indent, first_known)
            writer.height = ""
            budget[0] -= 1
        elif len(entries) <= min(limit, budget[0]) and _inline_bucket(
            writer, entries, indent, first_known, selection, tried
        ):
            budget[0] -= len(entries)
        elif selection is not None:  # the clauses the class of the call's argument admits
            selection.key_code(writer, indent)
            label = writer.constant(tuple(selection.candidates()))
            writer.emit(indent, f"return try_clauses(m, {label}[sk], 0, {arguments}, depth, nxt)")
        else:
            label = writer.constant(entries)
            writer.emit(indent, f"return try_clauses(m, {label}, 0, {arguments}, depth, nxt)")

    writer.emit(top, "while a0.__class__ is Ref:")
    writer.emit(top + 1, "t = a0.value")
    if _no_switch(buckets):  # the clauses once, as for a free first argument
        writer.emit(top + 1, "if t is None: break")
        writer.emit(top + 1, "a0 = t")
        bucket(otherwise, top, first_known=False)
        return
    met_free, met_compound, met_otherwise = _met(by_functor, by_constant, warmed)
    inline_free = free if free is not None and len(free[0]) <= _MAX_INLINED_FREE else None
    if not met_free:  # (no warming-up call had a free first argument)
        inline_free = None
    if inline_free is not None:
        writer.emit(top + 1, "if t is None: break")
    else:
        writer.emit(top + 1, f"if t is None: return unbound(m, {arguments}, depth, nxt)")
    writer.emit(top + 1, "a0 = t")
    # A compound first argument (a list cell in a loop) is tested first.
    tests_compound = bool(by_functor) or compound[0] != otherwise[0]
    if tests_compound:
        writer.emit(top, "if a0.__class__ is Struct:")
        writer.emit(top + 1, "n = a0.name")
        for name, candidates in by_functor.items():
            writer.emit(top + 1, f"if n == {writer.constant(name)}:")
            met = warmed is None or name in warmed[0]
            plan = _list_loop_plan(writer, candidates) if met else None
            if plan is not None:  # a list-building step: the steps in a loop of their own
                write_list_loop(plan, writer, top + 2)
            bucket(candidates, top + 2, met=met)
        bucket(compound, top + 1, met=met_compound)
    if inline_free is not None:
        writer.emit(top, "if a0.__class__ is Ref:")
        bucket(inline_free, top + 1, first_known=False, limit=_MAX_INLINED_FREE)
    for value, candidates in by_constant.items():
        kind = writer.constant(type(value))
        writer.emit(top, f"if a0.__class__ is {kind} and a0 == {writer.constant(value)}:")
        met = warmed is None or value in warmed[1]
        bucket(candidates, top + 1, _of_kind(type(value), candidates[0]), met=met)
    if by_constant:
        # A constant equal to a listed one in Python but of another type (1.0
        # and 1) finds its bucket as the first-argument index does; the
        # clause functions then compare types.
        table = writer.constant({value: entries for value, (entries, _) in by_constant.items()})
        writer.emit(top, f"found = {table}.get(a0)")
        writer.emit(top, "if found is not None:")
        writer.emit(top + 1, f"return try_clauses(m, found, 0, {arguments}, depth, nxt)")
    # (the bucket of a compound too when no test above took it)
    bucket(otherwise, top, met=met_otherwise or (met_compound and not tests_compound))


def _met(
    by_functor: dict[str, Bucket], by_constant: dict[object, Bucket], warmed: Warmed | None
) -> tuple[bool, bool, bool]:
    """Whether warming-up calls met a free first argument, and one of no bucket of its own.

    (A compound, a constant; all True when nothing is known.)
    """
    if warmed is None:
        return True, True, True
    functors, constants, _ = warmed
    return (
        None in constants,
        any(name not in by_functor for name in functors),
        any(value is not None and value not in by_constant for value in constants),
    )


def _of_kind(kind: type, entries: list[Any]) -> bool:
    """True when no clause of a constant's bucket has a first argument of another type.

    The index puts ``p(2.0, ...)`` and ``p(2, ...)`` in one bucket (2.0 == 2
    in Python); the clauses' code then matches the first argument (not known).
    """
    return all(type(entry.clause.head.args[0]) in (kind, Var) for entry in entries)


def _no_switch(
    buckets: tuple[dict[str, Bucket], dict[object, Bucket], Bucket, Bucket | None, Bucket],
) -> bool:
    """True when every first argument selects the same few clauses (each clause's is a variable).

    Their code for a free first argument (which assumes nothing of it) then
    serves every call, written once instead of once per bucket.
    """
    by_functor, by_constant, otherwise, free, compound = buckets
    if by_functor or by_constant or free is None or len(free[0]) > _MAX_INLINED:
        return False
    entries = list(map(id, free[0]))
    return list(map(id, otherwise[0])) == entries and list(map(id, compound[0])) == entries


def _inline_bucket(
    writer: _Writer,
    entries: list[Any],
    indent: int,
    first_known: bool = True,
    selection: Selection | None = None,
    tried: frozenset[int] | None = None,
) -> bool:
    """Write a switch bucket of several clauses inline, each tried in turn; False if not.

    Each clause but the last runs in a block of its own that its failure
    leaves (``break``); the bindings it made are then undone and the next
    clause runs.  A clause that succeeds commits when it has a neck cut, and
    otherwise pushes the choicepoint ``try_clauses`` would have pushed, whose
    alternatives are the clauses after it (run on backtracking by
    ``try_clauses``).  So the first call of a bucket such as ``partition/4``'s
    (a guard and a neck cut, else the other clause) costs no Python call and,
    when a neck cut commits, no choicepoint; nor when the clause's guard
    excludes every later clause (``tak(X, Y, ...) :- X =< Y, ...`` before
    ``tak(X, Y, ...) :- X > Y, ...``: :func:`_excludes_later`).  False (nothing written) when
    some clause's failure sits inside a loop of its code, where ``break``
    would not leave the block.

    With a ``selection`` by another argument, a clause that argument's class
    excludes is skipped and the choicepoint holds only the later clauses it
    admits (none: no choicepoint).

    From the first clause after the first that is not in ``tried`` (no
    warming-up call tried it), the clauses are left to ``try_clauses``.
    """
    start = len(writer.lines)
    label = writer.constant(entries)
    # Bindings the clauses make may be undone: trail them (see try_clauses).
    writer.emit(indent, "mark = len(trail)")
    writer.emit(indent, "stamp = FENCE.stamp = next(serials)")
    if selection is not None:
        selection.key_code(writer, indent)
    writer.height = "len(m.cps)"
    for position, entry in enumerate(entries):
        if position and tried is not None and id(entry.clause) not in tried:
            arguments = writer.arguments
            writer.emit(
                indent, f"return try_clauses(m, {label}, {position}, {arguments}, depth, nxt)"
            )
            break
        excluded = 0 if selection is None else selection.excluded_mask(position)
        if position == len(entries) - 1:
            if excluded:
                writer.emit(indent, f"if {excluded} >> sk & 1: return FAIL")
            _clause_code(writer, entry.clause, indent, first_known)
            break
        flag = len(writer.lines)
        writer.emit(indent, "again = False")
        writer.emit(indent, "while True:")
        block = len(writer.lines)
        if excluded:
            writer.emit(indent + 1, f"if {excluded} >> sk & 1: break")
        writer.attempt = True
        writer.on_success = (
            []
            if _excludes_later(entries, position)  # (a neck cut empties it: _clause_code)
            else _choicepoint(writer, label, position, selection)
        )
        _clause_code(writer, entry.clause, indent + 1, first_known)
        writer.attempt, writer.on_success = False, []
        lines = writer.lines
        failures = _failures(lines, block)
        if failures is None:
            del lines[start:]
            writer.height = ""
            return False
        for i in failures:
            lines[i] = lines[i][: -len("return FAIL")] + "break"
        if any(line.endswith("again = True") for line in lines[block:]):
            writer.emit(indent, "if again: continue")  # the clause looped back
        else:
            del lines[flag]
        writer.emit(indent, "while len(trail) > mark: trail.pop().value = None")
    writer.height = ""
    return True


def _choicepoint(
    writer: _Writer, label: str, position: int, selection: Selection | None
) -> list[str]:
    """The lines that push the choicepoint of the clauses after ``position`` (a ClauseChoice)."""
    arguments = writer.arguments
    later = None if selection is None else selection.later(position)
    if later is None:
        return [f"m.cps.append([mark, stamp, nxt, depth, {arguments}, {label}, {position + 1}])"]
    rest = writer.constant(tuple(later))
    return [
        f"sr = {rest}[sk]",
        f"if sr is not None: m.cps.append([mark, stamp, nxt, depth, {arguments}, sr, 0])",
    ]


def _failures(lines: list[str], block: int) -> list[int] | None:
    """The lines from ``block`` on that return FAIL; None if one is inside a loop there.

    One pass: the loops whose body the current line is in are kept by indentation.
    """
    failures = []
    loops: list[int] = []  # the indentation of each loop header the line is under
    for i in range(block, len(lines)):
        line = lines[i]
        text = line.lstrip(" ")
        level = len(line) - len(text)
        while loops and loops[-1] >= level:
            loops.pop()
        if line.endswith("return FAIL"):
            if loops:
                return None
            failures.append(i)
        if text.startswith(("while ", "for ")):
            loops.append(level)
    return failures


#: The comparison that holds exactly when one fails (on numbers).
_NEGATION = {"<": ">=", ">=": "<", "=<": ">", ">": "=<", "=:=": "=\\=", "=\\=": "=:="}
#: A comparison written the other way round.
_MIRROR = {"<": ">", ">": "<", "=<": ">=", ">=": "=<", "=:=": "=:=", "=\\=": "=\\="}

Comparison = tuple[str, tuple[str, object], tuple[str, object]]


def _excludes_later(entries: list[Any], position: int) -> bool:
    """True when a call that passes the guard of clause ``position`` fails every later clause.

    So it is when each later clause's body opens with the negation of a
    comparison that opens this clause's body (one of the comparisons of the
    call's arguments, head variables standing as arguments, or integers,
    that its guard runs before the clause succeeds): that comparison held,
    so its numbers compare the other way in the later clause, which fails
    there before anything else happens.
    """
    clause = entries[position].clause
    held = []
    for goal in clause.body:  # the opening comparisons: inlined, run before success
        comparison = _canonical(goal, clause)
        if comparison is None:
            break
        held.append(comparison)
    negated = {_normal((_NEGATION[op], a, b)) for op, a, b in held}
    if not negated:
        return False
    for entry in entries[position + 1 :]:
        body = entry.clause.body
        first = _canonical(body[0], entry.clause) if body else None
        if first is None or _normal(first) not in negated:
            return False
    return True


def _canonical(goal: Any, clause: Clause) -> Comparison | None:
    """An arithmetic comparison over the call's arguments, by their positions; else None."""
    if type(goal) is not Struct or goal.name not in _NEGATION or len(goal.args) != 2:
        return None
    head = clause.head
    head_args = head.args if type(head) is Struct else ()
    operands = []
    for term in goal.args:
        if type(term) is int:
            operands.append(("integer", term))
        elif type(term) is Var and term in head_args:
            operands.append(("argument", head_args.index(term)))
        else:
            return None
    return goal.name, operands[0], operands[1]


def _normal(comparison: Comparison) -> Comparison:
    """One way of writing a comparison (``a > b`` as ``b < a``; ``=:=`` ordered)."""
    op, a, b = comparison
    if op in (">", ">=") or (op in ("=:=", "=\\=") and repr(b) < repr(a)):
        return _MIRROR[op], b, a
    return op, a, b
