"""Last call modulo cons for a two-clause step chosen by an arithmetic test (``partition/4``).

:mod:`symlearn.engine.lcmc` runs the steps of one list-building clause as a
loop of their own.  Quicksort's ``partition/4`` has two such clauses, one
chosen by a comparison::

    partition([X|L], Y, [X|L1], L2) :- X =< Y, !, partition(L, Y, L1, L2).
    partition([X|L], Y, L1, [X|L2]) :- partition(L, Y, L1, L2).

Each step puts ``X`` on one of two output lists: the first clause's when
the test holds (it then commits), else the second's.  While the first
argument is a cell, the outputs free and the test's two values integers,
:func:`write_guarded_loop` runs the steps keeping each output's elements in
a Python list, and builds each list when the loop ends, as :mod:`lcmc`
does; a step whose values are not both integers (a float, an atom, a
variable: perhaps an output the loop has not bound yet) leaves the loop
before it, so the clauses' own code runs it.  The new tails are made in the
order of the outputs' last steps (their order of age is the steps'); an
output no step extended is left as it was.

Functions
---------
guarded_loop_plan, write_guarded_loop
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from symlearn.engine.codegen import _variables, _Writer
from symlearn.engine.lcmc import ListLoop, _write_deref, list_loop_plan
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import LIST_FUNCTOR, Struct, Var

__all__ = ["GuardedLoop", "guarded_loop_plan", "write_guarded_loop"]

_TESTS = {"<": "<", ">": ">", "=<": "<=", ">=": ">=", "=:=": "==", "=\\=": "!="}


@dataclass(frozen=True)
class GuardedLoop:
    """The two steps (``first`` taken when ``test`` holds between its operands)."""

    first: ListLoop
    second: ListLoop
    test: Struct


def guarded_loop_plan(writer: _Writer, entries: list[Any]) -> GuardedLoop | None:
    """The plan of a functor bucket of two clauses that step as ``partition/4`` does; else None.

    The first clause's body is ``A op B, !, p(...)`` (``op`` an arithmetic
    comparison of two variables of its head that are not outputs' tails);
    the second's is ``p(...)``; without the test each is a list-building
    step (:func:`~symlearn.engine.lcmc.list_loop_plan`) whose every other
    argument the call passes on at the same position; each has one output,
    a different one, and the first argument is a cell in both.
    """
    if len(entries) != 2:
        return None
    first_clause: Clause = entries[0].clause
    second_clause: Clause = entries[1].clause
    body = first_clause.body
    if len(body) != 3 or body[1] != "!":
        return None
    test = body[0]
    if (
        type(test) is not Struct
        or test.name not in _TESTS
        or len(test.args) != 2
        or not all(type(a) is Var for a in test.args)
    ):
        return None
    first = list_loop_plan(writer, Clause(first_clause.head, (body[2],)))
    second = list_loop_plan(writer, second_clause)
    if first is None or second is None:
        return None
    for plan in (first, second):
        pattern = plan.pattern
        if pattern.name != LIST_FUNCTOR or len(pattern.args) != 2 or len(plan.outputs) != 1:
            return None
        for position, variable in plan.passed.items():
            if plan.call[position] is not variable:
                return None
    (out1,), (out2,) = first.outputs, second.outputs
    if out1 == out2 or out1 not in second.passed or out2 not in first.passed:
        return None
    if not all(a is first.pattern.args[0] or a in first.passed.values() for a in test.args):
        return None
    for plan in (first, second):  # (elements making variables would make them out of order)
        (element,) = plan.outputs.values()
        known = {plan.pattern.args[0], *plan.passed.values()}
        if not set(_variables(element)) <= known:
            return None
    return GuardedLoop(first, second, test)


def write_guarded_loop(plan: GuardedLoop, writer: _Writer, indent: int) -> None:
    """Write the loop of ``plan``'s steps at ``indent``, in a looping switch's list bucket.

    As :func:`~symlearn.engine.lcmc.write_list_loop`: ``a0`` is a cell; the
    loop runs while a second cell follows, then leaves the arguments as the
    steps would have and goes back to the switch (or, with no step made,
    lets the bucket's own code run).
    """
    saved = writer.variables, writer.defined, writer.head_terms
    first, second = plan.first, plan.second
    (one,), (two,) = first.outputs, second.outputs
    emit = writer.emit
    name = writer.constant(LIST_FUNCTOR)
    for position in (one, two):
        _write_deref(writer, f"a{position}", f"a{position}", indent)
    free = f"a{one}.__class__ is Ref and a{two}.__class__ is Ref and a{one} is not a{two}"
    emit(indent, f"if {free} and m.loops:")
    indent += 1
    emit(indent, "try:")
    emit(indent + 1, "zq = a0.args[1]")
    emit(indent, "except IndexError:")
    emit(indent + 1, "zq = None")
    _write_deref(writer, "zq", "zq", indent)
    emit(indent, f"if zq.__class__ is Struct and zq.name == {name}:")
    indent += 1
    emit(indent, "zq = a0")
    emit(indent, "left = m.loops")
    emit(indent, f"zh{one} = []")
    emit(indent, f"zh{two} = []")
    emit(indent, "zl = 0")  # the output the last step extended
    emit(indent, "while left:")
    _write_step(writer, plan, indent + 1)
    emit(indent, f"if zh{one} or zh{two}:")
    indent += 1
    emit(indent, "m.loops = left")
    emit(indent, "a0 = zq")
    # the tails in the order of the outputs' last steps (the other's first)
    emit(indent, f"for zp in (({one}, {two}) if zl == {two} else ({two}, {one})):")
    emit(indent + 1, f"zh = zh{one} if zp == {one} else zh{two}")
    emit(indent + 1, "if zh:")
    emit(indent + 2, f"zo = a{one} if zp == {one} else a{two}")
    emit(indent + 2, "zc = zt = Ref()")
    emit(indent + 2, f"for ze in reversed(zh): zc = Struct({name}, (ze, zc))")
    emit(indent + 2, "zo.value = zc")
    emit(indent + 2, "if zo.serial < FENCE.stamp: trail.append(zo)")
    emit(indent + 2, f"if zp == {one}: a{one} = zt")
    emit(indent + 2, f"else: a{two} = zt")
    emit(indent, "continue")
    writer.variables, writer.defined, writer.head_terms = saved


def _write_step(writer: _Writer, plan: GuardedLoop, indent: int) -> None:
    """One step: the cell's head and tail, the test, the element kept on one output."""
    emit = writer.emit
    first, second = plan.first, plan.second
    (one,), (two,) = first.outputs, second.outputs
    emit(indent, "try:")
    emit(indent + 1, "zx, zn = zq.args")
    emit(indent, "except ValueError:")
    emit(indent + 1, "break")
    values = []
    for i, operand in enumerate(plan.test.args):
        source = "zx" if operand is first.pattern.args[0] else None
        if source is None:
            position = next(p for p, v in first.passed.items() if v is operand)
            source = f"a{position}"
        _write_deref(writer, f"zv{i}", source, indent)
        values.append(f"zv{i}")
    emit(indent, "if zv0.__class__ is not int or zv1.__class__ is not int: break")
    emit(indent, f"if zv0 {_TESTS[plan.test.name]} zv1:")
    _keep(writer, first, one, indent + 1)
    emit(indent, "else:")
    _keep(writer, second, two, indent + 1)
    emit(indent, "left -= 1")
    emit(indent, "zq = zn")
    _write_deref(writer, "zq", "zq", indent)
    name = writer.constant(LIST_FUNCTOR)
    emit(indent, f"if zq.__class__ is not Struct or zq.name != {name}: break")


def _keep(writer: _Writer, plan: ListLoop, position: int, indent: int) -> None:
    """Keep the step's element (a term of the cell's head variable) on output ``position``."""
    pattern: tuple[Any, ...] = plan.pattern.args
    head, tail = pattern
    writer.variables = {head: "zx", tail: "zn"}
    writer.variables.update({v: f"a{p}" for p, v in plan.passed.items()})
    writer.defined = set(writer.variables)
    writer.head_terms = {}
    element = writer.build(plan.outputs[position], indent)
    writer.emit(indent, f"zh{position}.append({element})")
    writer.emit(indent, f"zl = {position}")
