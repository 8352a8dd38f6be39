r"""Control constructs in clause bodies compiled to Python functions.

A clause body goal ``(C -> T ; E)``, ``(A ; B)``, ``(C -> T)`` or ``\+ G``
would otherwise be built as a term each time the clause runs and then
taken apart by the construct's procedure (:mod:`symlearn.engine.control`).
Compiled, it is one generated procedure ``(m, args, height, depth, nxt)``
per construct, made when the clause is compiled, whose ``args`` are the
clause variables the construct shares with the rest of the clause:

* a condition made of tests the compiler inlines (arithmetic comparisons,
  type tests, ``==``, ``=`` ...: :data:`~symlearn.engine.codegen.GUARD_BUILTINS`)
  runs inline, and the procedure goes on with the then- or the
  else-branch at once: no choicepoint, no continuation for the condition
  (the WAM compiles such an if-then-else to a test and a jump);
* another condition pushes a choicepoint whose alternative is the
  else-branch (itself compiled, called only when needed), runs the
  condition with a cut barrier of its own and cuts back on success, as
  :func:`~symlearn.engine.control._disjunction` does;
* a branch's leading tests, cuts, ``true`` and ``fail`` run inline, its
  other goals become the usual continuation; a construct nested in a
  branch is compiled in turn.

SWI-Prolog's deterministic call ``$Goal`` is compiled too: the goal's
procedure is found with the clause's and called at once, so a goal done
at once (a fact, a builtin) is checked without a step of the machine.

A cut in a branch cuts the clause (``height`` is the clause's cut
barrier); a cut in the condition is local to it, as ISO defines.
Variables that occur in the construct only are the procedure's own locals,
and a branch sees those of the condition only when the condition succeeded.

Functions
---------
is_construct, construct_procedure
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from symlearn.engine.control import FAIL_CONT, _determinism_error, cut_to
from symlearn.engine.late_names import late
from symlearn.engine.machine import FAIL
from symlearn.logic.clauses import conjuncts
from symlearn.logic.terms import Struct, Var, term_variables

if TYPE_CHECKING:
    from symlearn.engine.codegen import ProcedureOf, _Writer

__all__ = ["construct_procedure", "is_construct"]

_define = late("symlearn.engine.codegen", "_define")
_guard_builtins = late("symlearn.engine.codegen", "GUARD_BUILTINS")
_clause_continuation = late("symlearn.engine.codegen", "_continuation")

_CONSTRUCTS = frozenset({(";", 2), ("->", 2), ("\\+", 1), ("not", 1)})
#: The parts of a body that are goals, not terms (a construct's and a conjunction's).
_PARTS = _CONSTRUCTS | {(",", 2), ("*->", 2)}
#: Guard goals that may bind a variable (a condition of them checks the
#: finite-domain constraints before it commits).
_BINDING = frozenset({("=", 2), ("is", 2), ("functor", 3), ("compare", 3)})


def is_construct(goal: Any) -> bool:
    """True for a body goal that :func:`construct_procedure` compiles.

    A construct with a part that cannot be called (``(1 ; true)``) is left
    to run time, which throws ``type_error(callable, ...)`` as before; so is
    ``$G`` of a variable or a control construct.
    """
    if type(goal) is not Struct:
        return False
    if goal.name == "$" and len(goal.args) == 1:
        called = goal.args[0]
        if type(called) is Struct:
            return (called.name, len(called.args)) not in _PARTS
        return type(called) is str and called not in ("!", "true", "fail", "false")
    if (goal.name, len(goal.args)) not in _CONSTRUCTS:
        return False
    stack = list(goal.args)
    while stack:
        part = stack.pop()
        if type(part) is Struct:
            if (part.name, len(part.args)) in _PARTS:
                stack.extend(part.args)
        elif type(part) is not str and type(part) is not Var:
            return False
    return True


def _conjuncts(goal: Any) -> list[Any]:
    """The goals of a conjunction ``(A, B, ...)``, in order (``true`` alone: ``[true]``)."""
    return conjuncts(goal) or ["true"]


def construct_procedure(
    goal: Struct,
    shared: list[Var],
    procedure_of: ProcedureOf,
    writer_class: Callable[[ProcedureOf], _Writer],
) -> Callable[..., Any]:
    """The procedure of the body goal ``goal`` (a construct: :func:`is_construct`).

    Parameters
    ----------
    goal
        The construct, as the clause has it.
    shared
        The variables of ``goal`` that the clause uses elsewhere, in the
        order the caller passes their values as ``args``.
    procedure_of
        The engine's procedure of a goal's ``(name, arity)``.
    writer_class
        The code writer of :mod:`symlearn.engine.codegen`.
    """
    writer = writer_class(procedure_of)
    _receive(writer, shared)
    name = goal.name
    if name == "$":
        _deterministic_call(writer, goal.args[0])
    elif name in ("\\+", "not"):
        _if_then_else(writer, _conjuncts(goal.args[0]), ["fail"], ["true"])
    elif name == "->":
        _if_then_else(writer, _conjuncts(goal.args[0]), _conjuncts(goal.args[1]), ["fail"])
    else:
        left, right = goal.args
        if type(left) is Struct and left.name == "->" and len(left.args) == 2:
            condition, then = left.args
            _if_then_else(writer, _conjuncts(condition), _conjuncts(then), _conjuncts(right))
        elif type(left) is Struct and left.name == "*->" and len(left.args) == 2:
            # The soft cut stays with its run-time procedure (rare in bodies).
            procedure = writer.constant(procedure_of(";", 2))
            arguments = writer.build(goal, 1)
            writer.emit(1, f"return {procedure}(m, ({arguments}).args, height, depth, nxt)")
        else:
            _disjunction(writer, _conjuncts(left), _conjuncts(right))
    return _define_procedure(writer)


def _receive(writer: _Writer, shared: list[Var]) -> None:
    writer.defined = set(shared)
    if shared:
        names = [writer.var(v) for v in shared]
        writer.emit(1, f"{', '.join(names)}, = args")


def _define_procedure(writer: _Writer) -> Callable[..., Any]:
    define: Callable[..., Any] = _define()
    return define(writer, "def clause(m, args, height, depth, nxt):\n")


def _sequence_procedure(
    writer: _Writer, goals: list[Any], known: set[Var]
) -> tuple[Callable[..., Any], list[Var]]:
    """A procedure running the committed branch ``goals``; the variables it receives."""
    inner = type(writer)(writer.procedure_of)
    shared = [v for v in term_variables(*goals) if v in known]
    _receive(inner, shared)
    _branch(inner, goals, 1)
    return _define_procedure(inner), shared


def _continuation(writer: _Writer, goals: list[Any], indent: int) -> str:
    """An expression for the continuation running a committed branch, then ``nxt``.

    A branch that opens with goals to run inline (tests, cuts) gets a
    procedure of its own; other goals are chained as the clause's are.
    """
    goals = [g for g in goals if g != "true"]
    if not goals:
        return "nxt"
    first = goals[0]
    key = (first.name, len(first.args)) if type(first) is Struct else (first, 0)
    if key in _guard_builtins() or first in ("!", "fail", "false"):
        function, shared = _sequence_procedure(writer, goals, writer.defined)
        values = [writer.var(v) for v in shared]
        arguments = f"({', '.join(values)}{',' if len(values) == 1 else ''})"
        return f"({writer.constant(function)}, {arguments}, height, depth, nxt)"
    return _chain(writer, goals, indent, "height", "nxt")


def _parts(
    writer: _Writer, goals: list[Any], indent: int, outside: frozenset[Var] = frozenset()
) -> list[tuple[str, str]]:
    """The procedure and arguments of each of ``goals`` (variables made in goal order).

    ``outside``: variables used after these goals besides the clause's own.
    """
    variables = [set(term_variables(g)) for g in goals]
    parts = []
    for i, goal in enumerate(goals):
        elsewhere: set[Var] = set(outside)
        for j, found in enumerate(variables):
            if j != i:
                elsewhere |= found
        parts.append(writer.goal_parts(goal, indent, elsewhere))
    return parts


def _compose(parts: list[tuple[str, str]], barrier: str, tail: str) -> str:
    """The continuation running the goals of ``parts`` (cut barrier ``barrier``), then ``tail``."""
    cont = tail
    for position in range(len(parts) - 1, -1, -1):
        depth = "depth" if position == len(parts) - 1 else "depth + 1"
        procedure, arguments = parts[position]
        cont = f"({procedure}, {arguments}, {barrier}, {depth}, {cont})"
    return cont


def _chain(writer: _Writer, goals: list[Any], indent: int, barrier: str, tail: str) -> str:
    """The continuation running ``goals`` (cut barrier ``barrier``), then ``tail``."""
    return _compose(_parts(writer, goals, indent), barrier, tail)


def _branch(writer: _Writer, goals: list[Any], indent: int) -> None:
    """Emit a committed branch: its leading tests and cuts inline, then its continuation."""
    goals = list(goals)
    while goals:
        goal = goals[0]
        if goal == "true":
            goals.pop(0)
        elif goal == "!":
            writer.emit(indent, "del m.cps[height:]")
            goals.pop(0)
        elif goal in ("fail", "false"):
            writer.emit(indent, "return FAIL")
            return
        elif writer.guard(goal, indent):
            goals.pop(0)
        else:
            break
    if not goals:
        writer.emit(indent, "return nxt")
        return
    _clause_continuation()(writer, goals, indent)  # (tests after a call: a segment of their own)


def _inline_condition(writer: _Writer, condition: list[Any], indent: int) -> list[Any]:
    """Emit the leading inlinable tests of ``condition``; the goals left over.

    Each test that fails leaves the enclosing ``while True`` block by
    ``break`` (the else-branch follows the block).
    """
    start = len(writer.lines)
    goals = [g for g in condition if g != "true"]
    binds = False
    while goals:
        goal = goals[0]
        if goal == "!" or not writer.guard(goal, indent):
            break
        binds = binds or (goal.name, len(goal.args)) in _BINDING
        goals.pop(0)
    if binds:
        writer.emit(indent, "if m.engine.fd_watching and not fd_holds(m.engine): break")
    lines = writer.lines
    for i in range(start, len(lines)):
        if "return FAIL" in lines[i]:
            if _inside_loop(lines, start, i):
                raise _NotCompiled
            lines[i] = lines[i].replace("return FAIL", "break")
    return goals


class _NotCompiled(Exception):
    """The construct's condition cannot be inlined (it is left to run time)."""


def _inside_loop(lines: list[str], start: int, i: int) -> bool:
    """True when line ``i`` lies in the body of a loop opened at or after ``start``."""
    level = _indent(lines[i])
    for j in range(i - 1, start - 1, -1):
        depth = _indent(lines[j])
        if depth < level:
            if lines[j].lstrip().startswith(("while ", "for ")):
                return True
            level = depth
    return False


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _if_then_else(
    writer: _Writer, condition: list[Any], then: list[Any], otherwise: list[Any]
) -> None:
    """Emit ``(condition -> then ; otherwise)``."""
    writer.names.update({"cut_to": cut_to, "FAIL_CONT": FAIL_CONT, "FAIL": FAIL})
    before = set(writer.defined)
    writer.emit(1, "mark = len(trail)")
    writer.emit(1, "while True:")
    saved = len(writer.lines)
    try:
        rest = _inline_condition(writer, condition, 2)
    except _NotCompiled:
        del writer.lines[saved:]
        writer.defined = set(before)
        rest = [g for g in condition if g != "true"]
    inlined = len(writer.lines) > saved
    if not inlined:
        del writer.lines[saved - 1 :]  # nothing tested inline: no block to leave
    indent = 2 if inlined else 1
    if not rest:
        _branch(writer, then, indent)
    else:
        # The condition calls something: a choicepoint for the else-branch.
        else_cont = _else_continuation(writer, otherwise, before)
        writer.emit(indent, f"other = {else_cont}")
        writer.emit(indent, "cps = m.cps")
        writer.emit(indent, "h = len(cps)")
        writer.emit(indent, "stamp = FENCE.stamp = next(serials)")
        writer.emit(indent, "cps.append((mark, stamp, other))")  # an AltChoice
        parts = _parts(writer, rest, indent, frozenset(term_variables(*then)))
        then_cont = "FAIL_CONT" if then == ["fail"] else _continuation(writer, then, indent)
        cut = f"(cut_to, h, height, depth, {then_cont})"
        writer.emit(indent, f"return {_compose(parts, 'h + 1', cut)}")
        _call_first_goal(writer, "other", indent, then_after=len(parts) == 1)
    if inlined:
        writer.emit(1, "while len(trail) > mark: trail.pop().value = None")
        writer.defined = before
        _branch(writer, otherwise, 1)


def _else_continuation(writer: _Writer, otherwise: list[Any], known: set[Var]) -> str:
    goals = [g for g in otherwise if g != "true"]
    if not goals:
        return "nxt"
    if goals == ["fail"] or goals == ["false"]:
        return "FAIL_CONT"
    function, shared = _sequence_procedure(writer, goals, known)
    values = [writer.var(v) for v in shared]
    arguments = f"({', '.join(values)}{',' if len(values) == 1 else ''})"
    return f"({writer.constant(function)}, {arguments}, height, depth, nxt)"


def _deterministic_call(writer: _Writer, called: Any) -> None:
    """Emit SWI-Prolog's ``$Goal``: the goal must succeed once and leave no choicepoint.

    As :func:`~symlearn.engine.control._det_call`, with the goal's procedure
    found when the clause is compiled and called at once: a goal that is
    done at once (a fact, a builtin) is checked here, without a machine step.
    """
    writer.names.update({"_det_exit": _det_exit, "_det_failed": _det_failed})
    name, items = (called.name, called.args) if type(called) is Struct else (called, ())
    procedure = writer.constant(writer.procedure_of(name, len(items)))
    values = [writer.build(a, 1) for a in items]
    writer.emit(1, f"goal = ({', '.join(values)}{',' if len(values) == 1 else ''})")
    if not items and hasattr(writer.procedure_of(name, 0), "__code__"):
        # A predicate that is one fact ``p.`` now (its procedure's code can
        # change): it succeeds once, leaving no choicepoint; no barrier needed.
        from symlearn.engine.procedures import ONE_FACT_CODE

        writer.names["ONE_FACT_CODE"] = ONE_FACT_CODE
        writer.emit(1, f"if {procedure}.__code__ is ONE_FACT_CODE:")
        writer.emit(2, f"return {procedure}(m, goal, height, depth + 1, nxt)")
    writer.emit(1, "cps = m.cps")
    writer.emit(1, "h = len(cps)")
    data = f"(h, {writer.constant(name)}, goal)"
    writer.emit(1, "stamp = FENCE.stamp = next(serials)")  # an AltChoice:
    writer.emit(1, f"cps.append((len(m.trail), stamp, (_det_failed, {data}, 0, 0, None)))")
    writer.emit(1, f"done = (_det_exit, {data}, height, depth, nxt)")
    writer.emit(1, f"cont = {procedure}(m, goal, h + 1, depth + 1, done)")
    writer.emit(1, "if cont is done:")
    writer.emit(2, "if len(cps) == h + 1:")  # no choicepoint left: drop the barrier
    writer.emit(3, "cps.pop()")
    writer.emit(3, "return nxt")
    writer.emit(2, "return _det_exit(m, done[1], height, depth, nxt)")
    writer.emit(1, "return cont")


def _goal_term(data: tuple[int, str, tuple[Any, ...]]) -> Any:
    _, name, items = data
    return Struct(name, items) if items else name


def _det_exit(m: Any, data: Any, height: int, depth: int, nxt: Any) -> object:
    """Internal goal: ``$Goal`` succeeded; an error if it left a choicepoint."""
    start = data[0]
    if len(m.cps) > start + 1:
        raise _determinism_error(_goal_term(data), "nondet")
    del m.cps[start:]
    return nxt


def _det_failed(m: Any, data: Any, height: int, depth: int, nxt: Any) -> object:
    """Internal goal: ``$Goal`` failed."""
    raise _determinism_error(_goal_term(data), "fail")


def _disjunction(writer: _Writer, left: list[Any], right: list[Any]) -> None:
    """Emit ``(left ; right)``: a choicepoint for ``right``, then ``left`` committed."""
    writer.names.update({"FAIL_CONT": FAIL_CONT, "FAIL": FAIL})
    else_cont = _else_continuation(writer, right, set(writer.defined))
    writer.emit(1, f"other = {else_cont}")
    writer.emit(1, "cps = m.cps")
    writer.emit(1, "h = len(cps)")
    writer.emit(1, "mark = len(trail)")
    writer.emit(1, "stamp = FENCE.stamp = next(serials)")
    writer.emit(1, "cps.append((mark, stamp, other))")  # an AltChoice
    start = len(writer.lines)
    _branch(writer, left, 1)
    # A leading test of ``left`` that fails (before any cut) takes the
    # choicepoint, still the newest, at once: the else-branch follows.
    writer.names["_take"] = _take
    for i in range(start, len(writer.lines)):
        line = writer.lines[i]
        if "m.cps" in line:
            break
        if line.endswith("return FAIL"):
            writer.lines[i] = line[: -len("return FAIL")] + "_take(m, mark); return other"
    _call_first_goal(writer, "other")


def _take(m: Any, mark: int) -> None:
    """Backtrack to the newest choicepoint (the construct's, an ALT) from the code itself."""
    trail = m.trail
    while len(trail) > mark:
        trail.pop().value = None
    m.cps.pop()


def _call_first_goal(
    writer: _Writer, otherwise: str, indent: int = 1, then_after: bool = False
) -> None:
    """Run the first goal of the continuation the construct returns at once.

    When it fails at once, leaving the construct's choicepoint (at ``h``)
    the newest, that choicepoint is taken here as the machine would take
    it: bindings undone to ``mark``, and ``otherwise`` is the continuation.
    (A goal that opens the left branch of a disjunction or a condition and
    fails, as ``equal/2`` in boyer's ``(equal(M, N), rewrite(N, New) ; New
    = M)`` mostly does, then costs no machine step nor backtracking.)
    With ``then_after`` (a condition of one goal, followed by the cut of
    the if-then-else), a condition that succeeds at once is cut here and
    the then-branch's continuation returned.
    """
    last = writer.lines[-1]
    prefix = "    " * indent + "return ("
    if not last.startswith(prefix) or last.startswith(prefix + "FAIL"):
        return
    writer.lines[-1] = "    " * indent + "cont = " + last[len(prefix) - 1 :]
    writer.emit(indent, "found = cont[0](m, cont[1], cont[2], cont[3], cont[4])")
    writer.emit(indent, "if found is FAIL and len(cps) == h + 1:")
    writer.emit(indent + 1, "cps.pop()")
    writer.emit(indent + 1, "while len(trail) > mark: trail.pop().value = None")
    writer.emit(indent + 1, f"return {otherwise}")
    if then_after:
        writer.emit(indent, "if found is cont[4]:")  # (cut_to, h, height, depth, then)
        writer.emit(indent + 1, "del cps[h:]")
        writer.emit(indent + 1, "return found[4]")
    writer.emit(indent, "return found")
