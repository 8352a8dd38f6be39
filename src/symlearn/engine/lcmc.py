"""Last call modulo cons: a list-building loop that makes no variable per step.

A looping switch (:func:`~symlearn.engine.switches.compile_switch`) runs a
tail-recursive clause such as ``app([X|L1], L2, [X|L3]) :- app(L1, L2, L3)``
as a Python loop; each step of it with a free third argument binds that
argument to a new cell ``[X|L3]`` of a new variable ``L3``: one ``Ref`` and
one ``Struct`` a step.  Its last call is a last call *modulo cons* (D. H. D.
Warren's "tail recursion modulo cons" of Prolog compilation; Friedman and
Wise's for LISP): the cells can as well be made when the loop ends.
:func:`write_list_loop` writes, in the switch's branch for a first argument
of the clause's functor, a loop of its own that runs such steps while the
first argument is a cell and the output arguments are free: it keeps each
output's heads in a Python list and, when it ends, builds each list back
to front onto one new variable (the last step's tail) and binds the
output once, as the steps would have.  The switch's code then goes on
from the argument the loop stopped at, as it would after the same steps.

Nothing can tell the difference.  The loop reads only the cells of the
first argument: a cell list that reaches an output (``app([1|R], [], R)``)
stops it at that variable, which is then bound before the switch reads
it; the elements and the other arguments are passed on without being
looked at.  The variables a step makes are made in the same order (a
step's new element variables, then at the end the tails in argument
order: the same order of age as the last step's), a binding is trailed
under the same condition, and the machine's count of inferences
(``m.loops``) goes down by one a step as the loop-back does.  A free first
argument (a nondeterministic call), a non-cell, the end of the list, the
end of the inferences granted: each leaves the loop first, with the
outputs bound, so the clauses' own code (and backtracking) see the same
terms.

Functions
---------
list_loop_plan, write_list_loop
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from symlearn.engine.codegen import _calls_itself, _variables, _Writer
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import LIST_FUNCTOR, Struct, Var, are_distinct_variables

__all__ = ["ENABLED", "ListLoop", "list_loop_plan", "write_list_loop"]

#: False writes no list-building loops (the tests compare both ways).
ENABLED = True


@dataclass(frozen=True)
class ListLoop:
    """How one step of a list-building clause goes.

    ``pattern`` is the clause's first head argument (a compound of distinct
    variables); ``outputs`` maps each output position to its element term
    (the head argument there is ``[Element|Tail]``, the call passes ``Tail``
    on at the same position); ``passed`` maps each other position to the
    variable of the head there; ``call`` is the recursive call's arguments.
    """

    pattern: Struct
    outputs: dict[int, Any]
    passed: dict[int, Var]
    call: tuple[Any, ...]


def list_loop_plan(writer: _Writer, clause: Clause) -> ListLoop | None:
    """The plan of ``clause``'s step when it is a list-building loop step; else None.

    So it is when the clause is ``p(f(V1, ..., Vk), A1, ..., An) :- p(B0,
    ..., Bn)`` (its body one call of the switch's own predicate, no guard)
    where each head argument after the first is either a variable met
    nowhere else in the head but in elements (passed on), or, at least
    once, ``[E|T]`` with ``T`` a variable met nowhere else but as the
    call's argument at the same position (an output); the call's other
    arguments are variables of the head (never a tail); and only the first
    output's element makes new variables (so a step's variables are made in
    the same order of age).
    """
    head: Any = clause.head
    body: tuple[Any, ...] = clause.body
    if type(head) is not Struct or len(body) != 1 or not _calls_itself(writer, body[0]):
        return None
    call = body[0].args
    pattern = head.args[0]
    if type(pattern) is not Struct or not are_distinct_variables(pattern.args):
        return None
    known: set[Any] = set(pattern.args)
    outputs: dict[int, Any] = {}
    passed: dict[int, Var] = {}
    tails: list[Any] = []
    for position, arg in enumerate(head.args[1:], 1):
        if type(arg) is Var and arg not in known:
            passed[position] = arg
            known.add(arg)
        elif type(arg) is Struct and arg.name == LIST_FUNCTOR and len(arg.args) == 2:
            outputs[position] = arg.args[0]
            tails.append(arg.args[1])
        else:
            return None
    for position, element in enumerate(outputs.values()):
        variables = set(_variables(element))
        if position and not variables <= known:  # a later output's element makes variables
            return None
        known |= variables
    if not outputs or not are_distinct_variables(tails) or known.intersection(tails):
        return None
    for position, arg in enumerate(call):
        expected = arg is tails.pop(0) if position in outputs else arg in known
        if type(arg) is not Var or not expected:
            return None
    return ListLoop(pattern, outputs, passed, call)


def write_list_loop(plan: ListLoop, writer: _Writer, indent: int) -> None:
    """Write the loop of ``plan``'s steps at ``indent``, in a looping switch's bucket.

    The switch has dereferenced ``a0`` to a compound of the pattern's name.
    When the outputs are free and the call's first argument (``a0``'s
    argument the call passes on) is another such compound, the loop runs
    the steps, leaves ``a0``, ``a1``, ... as they would have (the
    arguments of the call after them, each output bound to its cells and
    the argument its new tail) and goes back to the switch.  Otherwise the
    clause's own code follows (one step costs less so than setting up the
    loop).
    """
    saved = writer.variables, writer.defined, writer.head_terms
    pattern: tuple[Any, ...] = plan.pattern.args
    writer.defined = set(pattern) | set(plan.passed.values())
    writer.variables = {v: f"a{position}" for position, v in plan.passed.items()}
    writer.head_terms = {}
    outputs = sorted(plan.outputs)
    name = writer.constant(plan.pattern.name)
    emit = writer.emit
    for position in outputs:  # (in place: the clause's code then has nothing to follow)
        _write_deref(writer, f"a{position}", f"a{position}", indent)
    free = [f"a{position}.__class__ is Ref" for position in outputs]
    free += [f"a{p} is not a{q}" for i, p in enumerate(outputs) for q in outputs[i + 1 :]]
    emit(indent, f"if {' and '.join(free)} and m.loops:")
    indent += 1
    if plan.call[0] in pattern:  # a second cell follows (else one step costs less)
        emit(indent, "try:")
        emit(indent + 1, f"zq = a0.args[{pattern.index(plan.call[0])}]")
        emit(indent, "except IndexError:")
        emit(indent + 1, "zq = None")
        _write_deref(writer, "zq", "zq", indent)
        emit(indent, f"if zq.__class__ is Struct and zq.name == {name}:")
        indent += 1
    emit(indent, "zq = a0")
    emit(indent, "left = m.loops")
    for position in outputs:
        emit(indent, f"zh{position} = []")
    emit(indent, "while left:")
    _write_step(writer, plan, indent + 1)
    emit(indent, f"if zh{outputs[0]}:")
    indent += 1
    emit(indent, "m.loops = left")
    emit(indent, "a0 = zq")
    cell = writer.constant(LIST_FUNCTOR)
    for position in outputs:  # the tails in argument order, as the last step makes them
        emit(indent, f"zo = a{position}")
        emit(indent, f"a{position} = zc = fresh_ref()")
        emit(indent, f"for ze in reversed(zh{position}): zc = Struct({cell}, (ze, zc))")
        emit(indent, "zo.value = zc")
        emit(indent, "if zo.serial < FENCE.stamp: trail.append(zo)")
    emit(indent, "continue")  # the switch on the argument the loop stopped at
    writer.variables, writer.defined, writer.head_terms = saved


def _write_step(writer: _Writer, plan: ListLoop, indent: int) -> None:
    """One step: ``zq``'s arguments, each output's element kept, the next call's arguments."""
    emit = writer.emit
    pattern: tuple[Any, ...] = plan.pattern.args
    rest = plan.call[0]
    if rest in pattern and rest not in plan.call[1:]:
        writer.variables[rest] = "zq"  # the next cell unpacked where the loop reads it
    targets = [writer.var(v) for v in pattern]
    comma = "," if len(targets) == 1 else ""
    emit(indent, "try:")
    emit(indent + 1, f"{', '.join(targets)}{comma} = zq.args")
    emit(indent, "except ValueError:")
    emit(indent + 1, "break")
    for position in sorted(plan.outputs):
        element = writer.build(plan.outputs[position], indent)
        emit(indent, f"zh{position}.append({element})")
    emit(indent, "left -= 1")
    following = [("zq", plan.call[0])] + [
        (f"a{p}", plan.call[p]) for p in range(1, len(plan.call)) if p not in plan.outputs
    ]
    changed = [(target, writer.var(v)) for target, v in following if writer.var(v) != target]
    if changed:
        targets = [target for target, _ in changed]
        values = [value for _, value in changed]
        emit(indent, f"{', '.join(targets)} = {', '.join(values)}")
    _write_deref(writer, "zq", "zq", indent)
    name = writer.constant(plan.pattern.name)
    emit(indent, f"if zq.__class__ is not Struct or zq.name != {name}: break")


def _write_deref(writer: _Writer, target: str, source: str, indent: int) -> None:
    if target != source:
        writer.emit(indent, f"{target} = {source}")
    writer.emit(indent, f"while {target}.__class__ is Ref:")
    writer.emit(indent + 1, f"ze = {target}.value")
    writer.emit(indent + 1, "if ze is None: break")
    writer.emit(indent + 1, f"{target} = ze")
