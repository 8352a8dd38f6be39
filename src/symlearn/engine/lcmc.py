"""Last call modulo cons: a list-building loop that makes no variable per step.

A looping switch (:func:`~symlearn.engine.switches.compile_switch`) runs a
tail-recursive clause such as ``app([X|L1], L2, [X|L3]) :- app(L1, L2, L3)``
as a Python loop; each step of it with a free third argument binds that
argument to a new cell ``[X|L3]`` of a new variable ``L3``: one ``Ref`` and
one ``Struct`` a step.  Its last call is a call *modulo cons* (Tarditi,
Acar and Morrisett's "tail recursion modulo cons"; in Prolog the binding
is what makes it a last call): the cells can as well be made when the loop
ends.  :func:`write_list_loop` writes, at the top of the switch's loop, a
loop of its own that runs such steps while the first argument is a cell
and the output arguments are free: it keeps each output's heads in a Python
list and, when it ends, builds each list back to front onto one new
variable (the last step's tail) and binds the output once, as the steps
would have.  The switch's code then goes on from the argument the loop
stopped at, as it would after the same steps.

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

from symlearn.engine.codegen import _calls_itself, _Writer
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import LIST_FUNCTOR, Struct, Var

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
    if type(pattern) is not Struct or not _distinct_variables(pattern.args):
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
        variables = _variables(element)
        if position and not variables <= known:  # a later output's element makes variables
            return None
        known |= variables
    if not outputs or not _distinct_variables(tuple(tails)) or known.intersection(tails):
        return None
    for position, arg in enumerate(call):
        expected = arg is tails.pop(0) if position in outputs else arg in known
        if type(arg) is not Var or not expected:
            return None
    return ListLoop(pattern, outputs, passed, call)


def _distinct_variables(args: tuple[Any, ...]) -> bool:
    return all(type(a) is Var for a in args) and len(set(args)) == len(args)


def _variables(term: Any) -> set[Var]:
    found: set[Var] = set()
    stack = [term]
    while stack:
        t = stack.pop()
        if type(t) is Var:
            found.add(t)
        elif type(t) is Struct:
            stack.extend(t.args)
    return found


def write_list_loop(writer: _Writer, plan: ListLoop, indent: int) -> None:
    """Write the loop of ``plan``'s steps at ``indent`` (the top of a switch's loop).

    It leaves ``a0``, ``a1``, ... as the steps it ran would have: the
    arguments of the next call, each output bound to its cells and the
    argument its new tail.
    """
    pattern: tuple[Any, ...] = plan.pattern.args
    writer.defined = set(pattern) | set(plan.passed.values())
    writer.variables = {v: f"a{position}" for position, v in plan.passed.items()}
    writer.head_terms = {}
    outputs = sorted(plan.outputs)
    name = writer.constant(plan.pattern.name)
    cell = writer.constant(LIST_FUNCTOR)
    emit = writer.emit
    emit(indent, "if m.loops:")
    indent += 1
    for position in outputs:  # each output dereferenced: free, and none the same as another
        _write_deref(writer, f"zo{position}", f"a{position}", indent)
    free = [f"zo{position}.__class__ is Ref" for position in outputs]
    free += [f"zo{p} is not zo{q}" for i, p in enumerate(outputs) for q in outputs[i + 1 :]]
    emit(indent, f"if {' and '.join(free)}:")
    indent += 1
    _write_deref(writer, "zq", "a0", indent)
    emit(indent, f"if zq.__class__ is Struct and zq.name == {name}:")
    indent += 1
    emit(indent, "left = m.loops")
    for position in outputs:
        emit(indent, f"zh{position} = []")
    emit(indent, "while True:")
    step = indent + 1
    targets = [writer.var(v) for v in pattern]
    comma = "," if len(targets) == 1 else ""
    emit(step, "try:")
    emit(step + 1, f"{', '.join(targets)}{comma} = zq.args")
    emit(step, "except ValueError:")
    emit(step + 1, "break")
    for position in outputs:
        element = writer.build(plan.outputs[position], step)
        emit(step, f"zh{position}.append({element})")
    emit(step, "left -= 1")
    following = [("zq", plan.call[0])]
    following += [(f"a{p}", plan.call[p]) for p in range(1, len(plan.call)) if p not in outputs]
    changed = [(target, writer.var(v)) for target, v in following if writer.var(v) != target]
    if changed:
        targets = [target for target, _ in changed]
        values = [value for _, value in changed]
        emit(step, f"{', '.join(targets)} = {', '.join(values)}")
    emit(step, "if not left: break")
    _write_deref(writer, "zq", "zq", step)
    emit(step, f"if zq.__class__ is not Struct or zq.name != {name}: break")
    emit(indent, f"if zh{outputs[0]}:")
    indent += 1
    emit(indent, "m.loops = left")
    emit(indent, "a0 = zq")
    for position in outputs:  # the tails in argument order, as the last step makes them
        emit(indent, f"a{position} = zc = Ref()")
        emit(indent, f"for ze in reversed(zh{position}): zc = Struct({cell}, (ze, zc))")
        emit(indent, f"zo{position}.value = zc")
        emit(indent, f"if zo{position}.serial < FENCE.stamp: trail.append(zo{position})")


def _write_deref(writer: _Writer, target: str, source: str, indent: int) -> None:
    if target != source:
        writer.emit(indent, f"{target} = {source}")
    writer.emit(indent, f"while {target}.__class__ is Ref:")
    writer.emit(indent + 1, f"ze = {target}.value")
    writer.emit(indent + 1, "if ze is None: break")
    writer.emit(indent + 1, f"{target} = ze")
