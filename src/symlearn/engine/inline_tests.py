"""Builtins a clause's guard runs inline: ``arg/3``, ``=/2``, ``compare/3``, SSU head tests.

Used by :class:`~symlearn.engine.codegen._Writer` (its ``test`` step) for
goals it would otherwise call as functions: each writes the goal's code into
the clause function and returns True, or returns False (nothing written)
when the goal is not of the form it handles.

Functions
---------
exclusive_tests, inline_test, repeated_variable, argument, functor, order, skeleton, unification,
after_cut
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from symlearn.engine.arithmetic import instantiation_error, type_error
from symlearn.engine.clause_terms import variables_of
from symlearn.engine.compiled_control import _BINDING
from symlearn.engine.control import CONTROL
from symlearn.engine.late_names import late
from symlearn.engine.runtime import Ref, compare_runtime, resolve
from symlearn.engine.term_building import fresh_arguments, new_struct
from symlearn.logic.terms import PString, Struct, Var, term_variables

if TYPE_CHECKING:
    from symlearn.engine.codegen import _Writer

__all__ = [
    "after_cut",
    "argument",
    "exclusive_tests",
    "functor",
    "inline_test",
    "order",
    "repeated_variable",
    "skeleton",
    "unification",
]

_deterministic = late("symlearn.engine.builtins", "DETERMINISTIC")
_continuation = late("symlearn.engine.codegen", "_continuation")
_det_fact_call = late("symlearn.engine.inline_facts", "det_fact_call")


def inline_test(writer: _Writer, goal: Struct, indent: int) -> bool:
    """Write a test builtin of a guard (``=``, ``==``, ``var`` ...) into the clause; False if not.

    ``=`` binding a new variable is an assignment, type tests and ``==``
    with a constant are class tests, ``arg/3``, ``functor/3`` and SSU
    skeleton tests have code of their own; another deterministic builtin
    is a call of its function.
    """
    if goal.name == "=":
        return unification(writer, goal, indent)
    if writer.type_test(goal, indent) or writer.identity(goal, indent):
        return True
    if goal.name == "$ssu_skeleton" and skeleton(writer, goal, indent):
        return True
    if goal.name == "arg":
        return argument(writer, goal, indent)
    if goal.name == "functor" and functor(writer, goal, indent):
        return True
    if goal.name == "compare" and order(writer, goal, indent):
        return True
    function = _deterministic().get((goal.name, len(goal.args)))
    if function is None:
        return False
    items = [writer.build(a, indent) for a in goal.args]
    arguments = f"({', '.join(items)}{',' if len(items) == 1 else ''})"
    writer.emit(indent, f"if not {writer.constant(function)}(m.engine, {arguments}): return FAIL")
    return True


def argument(writer: _Writer, goal: Struct, indent: int) -> bool:
    """Inline ``arg(K, T, A)`` for a variable T and an integer K >= 1 or a known variable K.

    With an integer K the goal is deterministic: a free T is an
    instantiation error and an atomic one a type error, as the builtin
    raises them.  A variable K is inlined in a clause's guard without a cut
    only (``writer.rest``): when its value is not an integer in T's range
    (K free: the builtin enumerates), the clause's guard ends there and
    the builtin runs as the first goal of the rest of the body.
    """
    k, term, value = goal.args
    if type(term) is not Var or term not in writer.defined:
        return False
    if type(k) is Var and k in writer.defined and writer.rest and writer.rest[0] is goal:
        n = writer.value_of(k, indent)
        x = writer.value_of(term, indent)
        writer.emit(
            indent,
            f"if {n}.__class__ is not int or {x}.__class__ is not Struct "
            f"or not 0 < {n} <= len({x}.args):",
        )
        _rest_of_body(writer, indent + 1)
        _argument_value(writer, value, f"{x}.args[{n} - 1]", indent)
        return True
    if type(k) is not int or k < 1:
        return False
    writer.names["_arg_error"] = _arg_error
    x = writer.value_of(term, indent)
    writer.emit(indent, f"if {x}.__class__ is not Struct: _arg_error({x})")
    writer.emit(indent, f"if len({x}.args) < {k}: return FAIL")
    _argument_value(writer, value, f"{x}.args[{k - 1}]", indent)
    return True


def _rest_of_body(writer: _Writer, indent: int) -> None:
    """Emit the return of the continuation running ``writer.rest`` as goals (the guard ends)."""
    rest, defined = writer.rest, set(writer.defined)
    assert rest is not None
    writer.ends += 1
    writer.rest = None
    _continuation()(writer, list(rest), indent)
    writer.rest, writer.defined = rest, defined


def _argument_value(writer: _Writer, value: Any, part: str, indent: int) -> None:
    """Unify arg/3's third argument ``value`` with the argument in expression ``part``."""
    if type(value) is Var and value not in writer.defined:
        writer.defined.add(value)
        writer.emit(indent, f"{writer.var(value)} = {part}")
    else:  # (unify trails every binding: a condition that fails undoes them)
        wanted = writer.build(value, indent)
        writer.emit(indent, f"if not unify({wanted}, {part}, trail): return FAIL")


def functor(writer: _Writer, goal: Struct, indent: int) -> bool:
    """Inline ``functor(T, N, A)`` for its two common modes; False (nothing written) if not.

    With T known and N, A new variables, a compound T gives its name and
    arity at once; with T new and N, A known (variables or constants), an
    atom and a positive integer make the term at once, its arguments new
    variables.  Every other case (an atomic or free T, errors) is left to
    the builtin, called with the same arguments.
    """
    from symlearn.engine.builtins import DETERMINISTIC, MAX_CELLS

    parts: tuple[Any, ...] = goal.args
    term, name, arity = parts
    general = writer.constant(DETERMINISTIC[("functor", 3)])

    def new(v: Any) -> bool:
        return type(v) is Var and v not in writer.defined

    if type(term) is Var and term in writer.defined and new(name) and new(arity):
        if name is arity:
            return False
        x = writer.value_of(term, indent)
        n, a = writer.var(name), writer.var(arity)
        writer.emit(indent, f"if {x}.__class__ is Struct: {n}, {a} = {x}.name, len({x}.args)")
        writer.emit(indent, "else:")
        writer.emit(indent + 1, f"{n}, {a} = fresh_ref(), fresh_ref()")
        writer.emit(indent + 1, f"if not {general}(m.engine, ({x}, {n}, {a})): return FAIL")
        writer.defined.update((name, arity))
        return True
    if not new(term) or any(new(v) or v is term for v in (name, arity)):
        return False
    if type(name) not in (Var, str) or type(arity) not in (Var, int):
        return False
    n, a = (
        writer.value_of(v, indent) if type(v) is Var else writer.constant(v) for v in (name, arity)
    )
    t = writer.var(term)
    writer.emit(
        indent,
        f"if {n}.__class__ is str and {a}.__class__ is int and 0 < {a} <= {MAX_CELLS}: "
        + new_struct(t, n, fresh_arguments(a)),
    )
    writer.emit(indent, "else:")
    writer.emit(indent + 1, f"{t} = fresh_ref()")
    writer.emit(indent + 1, f"if not {general}(m.engine, ({t}, {n}, {a})): return FAIL")
    writer.defined.add(term)
    return True


def skeleton(writer: _Writer, goal: Struct, indent: int) -> bool:
    """Inline an SSU head's ``'$ssu_skeleton'(Pattern, X)``: a read-only match.

    The loader writes ``'$ssu_skeleton'(Pattern, X), Pattern = X`` for a
    head argument ``Pattern`` of a ``=>`` rule (X must be an instance of
    Pattern, not bound by it).  When the pattern's variables are new and
    occur once, the test compares X's shape with the pattern and gives
    the pattern's variables their parts, so ``Pattern = X`` has nothing
    left to do (it is skipped).  False when not applicable.
    """
    pattern, subject = goal.args
    variables = variables_of(pattern)  # (each occurrence)
    if (
        type(subject) is not Var
        or subject not in writer.defined
        or len(set(variables)) != len(variables)
        or any(v in writer.defined for v in variables)
    ):
        return False
    _shape(writer, pattern, writer.var(subject), indent)
    writer.shaped.add((id(pattern), id(subject)))
    return True


def _shape(writer: _Writer, pattern: Any, source: str, indent: int) -> None:
    """Fail unless the value in ``source`` has ``pattern``'s shape; name its parts."""
    if type(pattern) is Var:
        writer.defined.add(pattern)
        writer.emit(indent, f"{writer.var(pattern)} = {source}")
        return
    x = writer.value_of_expression(source, indent)
    if type(pattern) is Struct:
        name = writer.constant(pattern.name)
        writer.emit(
            indent,
            f"if {x}.__class__ is not Struct or {x}.name != {name} "
            f"or len({x}.args) != {len(pattern.args)}: return FAIL",
        )
        args = writer.temp()
        writer.emit(indent, f"{args} = {x}.args")
        for i, arg in enumerate(pattern.args):
            _shape(writer, arg, f"{args}[{i}]", indent)
        return
    kind, value = writer.constant(type(pattern)), writer.constant(pattern)
    writer.emit(indent, f"if {x}.__class__ is not {kind} or {x} != {value}: return FAIL")


def _arg_error(term: Any) -> None:
    """The error of ``arg(K, T, A)`` when T is not compound (a free T, or an atomic one)."""
    if term.__class__ is Ref:
        raise instantiation_error()
    raise type_error("compound", resolve(term))


def unification(writer: _Writer, goal: Struct, indent: int) -> bool:
    """Inline ``A = B``: name a new variable, match a term against a known one, or unify.

    A variable met first here names the other side's value (nothing runs);
    a known variable and a term (``Y = star(X)`` after ``nonvar(Y)``) are
    matched as a head argument is (the variable's value is looked at, a
    free one bound to the term built, no term built otherwise); anything
    else is unified.  The unification of an SSU head (matched by its
    skeleton test) is skipped.
    """
    left, right = goal.args
    if (id(left), id(right)) in writer.shaped:
        return True  # the SSU head's match: done by its skeleton test
    for fresh, other in ((left, right), (right, left)):
        if type(fresh) is not Var or fresh in writer.defined:
            continue
        if fresh not in term_variables(other):
            value = writer.build(other, indent, named=True)
            writer.defined.add(fresh)
            writer.emit(indent, f"{writer.var(fresh)} = {value}")
            return True
    for known, term in ((left, right), (right, left)):
        if type(known) is Var and known in writer.defined and type(term) is not Var:
            start = len(writer.lines)
            writer.match(term, writer.var(known), indent)
            # Every binding trailed, as unify does: an inlined if-then-else
            # condition undoes its bindings to a mark of its own, not to a fence.
            lines = writer.lines
            lines[start:] = [_CONDITIONAL_TRAIL.sub("", line) for line in lines[start:]]
            return True
    if type(left) is Var and type(right) is Var:  # two known variables: as a repeated one
        start = len(writer.lines)
        a, b = writer.build(left, indent), writer.build(right, indent)
        writer.emit(indent, f"if {a} is not {b}:")
        repeated_variable(writer, a, b, indent + 1)
        lines = writer.lines
        lines[start:] = [_CONDITIONAL_TRAIL.sub("", line) for line in lines[start:]]
        return True
    a, b = writer.build(left, indent), writer.build(right, indent)
    writer.emit(indent, f"if not unify({a}, {b}, trail): return FAIL")
    return True


#: The test of a head match's binding that leaves a variable newer than the fence untrailed.
_CONDITIONAL_TRAIL = re.compile(r"if \w+\.serial < FENCE\.stamp: (?=trail\.append)")


#: ``compare/3``'s order by ``compare_runtime``'s result (-1, 0, 1).
_ORDER = ("=", ">", "<")


def order(writer: _Writer, goal: Struct, indent: int) -> bool:
    """Inline ``compare(Order, A, B)`` with Order a new variable: it names the order's atom.

    No variable is made and nothing unified (``inv(A, [B|S]) :- compare(O, A,
    B), inv_2(O, A, S)``); a known Order is left to the builtin (which checks
    it is an order).
    """
    result, a, b = goal.args
    if type(result) is not Var or result in writer.defined or result in term_variables(a, b):
        return False
    writer.names["compare_runtime"] = compare_runtime
    writer.names["_ORDER"] = _ORDER
    x, y = writer.build(a, indent), writer.build(b, indent)
    writer.defined.add(result)
    writer.emit(indent, f"{writer.var(result)} = _ORDER[compare_runtime({x}, {y})]")
    return True


#: The classes of the values each type test accepts.
_ALL = frozenset({Ref, str, int, float, PString, Struct})
_ACCEPTS = {
    "var": frozenset({Ref}),
    "nonvar": _ALL - {Ref},
    "atom": frozenset({str}),
    "integer": frozenset({int}),
    "float": frozenset({float}),
    "number": frozenset({int, float}),
    "atomic": frozenset({str, int, float, PString}),
    "compound": frozenset({Struct}),
}
#: The tests a branch of an inlined disjunction may hold (they bind nothing).
_PURE = {*((name, 1) for name in _ACCEPTS), ("==", 2), ("\\==", 2)}


def exclusive_tests(writer: _Writer, goal: Struct, indent: int) -> bool:
    r"""Inline ``(A ; B)`` when both branches are tests and no value passes both; False if not.

    Each branch is a conjunction of type tests and ``==``/``\\==`` and opens
    with a type test of the same known variable; the two opening tests accept
    no class of value in common (``(var(X) ; atomic(X))``).  The disjunction
    then succeeds at most once (backtracking into B after A succeeded finds
    X as A did, and B's opening test fails), so it runs as one test, A's
    goals first as the construct would, without a choicepoint.
    """
    from symlearn.logic.clauses import conjuncts

    condition = goal.args[0]
    if type(condition) is Struct and condition.name == "->" and len(condition.args) == 2:
        return _test_then(writer, goal, indent)
    left: list[Any]
    right: list[Any]
    left, right = (conjuncts(part) for part in goal.args)
    if not left or not right:
        return False
    for branch in (left, right):
        for part in branch:
            if type(part) is not Struct or (part.name, len(part.args)) not in _PURE:
                return False
    first: Any = left[0]
    second: Any = right[0]
    if (
        first.name not in _ACCEPTS
        or second.name not in _ACCEPTS
        or first.args[0] is not second.args[0]
        or type(first.args[0]) is not Var
        or first.args[0] not in writer.defined
        or _ACCEPTS[first.name] & _ACCEPTS[second.name]
    ):
        return False
    start, defined = len(writer.lines), set(writer.defined)
    passed = writer.temp()
    writer.emit(indent, f"{passed} = False")
    writer.emit(indent, "while True:")
    block = len(writer.lines)
    if not all(writer.guard(part, indent + 1) for part in left):
        del writer.lines[start:]
        writer.defined = defined
        return False
    lines = writer.lines
    for i in range(block, len(lines)):
        if lines[i].endswith("return FAIL"):
            if _in_loop(lines, block, i):
                del lines[start:]
                writer.defined = defined
                return False
            lines[i] = lines[i][: -len("return FAIL")] + "break"
    writer.emit(indent + 1, f"{passed} = True")
    writer.emit(indent + 1, "break")
    writer.emit(indent, f"if not {passed}:")
    if not all(writer.guard(part, indent + 1) for part in right):
        del writer.lines[start:]
        writer.defined = defined
        return False
    writer.defined = defined
    return True


#: Tests an if-then-else's condition may be (:func:`_test_then`): no binding, one answer at most.
_CONDITION_TESTS = _PURE | {(op, 2) for op in ("<", ">", "=<", ">=", "=:=", "=\\=")}


def _test_then(writer: _Writer, goal: Struct, indent: int) -> bool:
    """Inline ``(C -> T ; E)`` when C is tests and T inline goals; False (nothing written) if not.

    Where the guard may end at the goal (``writer.rest``): C is tested
    inline; when it holds, T's goals follow inline and the guard goes on
    (a recursive call after them may loop back, as in ``match/2``'s ``(atom(X)
    -> X = Y ; match(X, Y)), match(T, S)``); when it does not, the rest of
    the body, from this goal on, is called as written: the construct tests
    C again (tests bind nothing and have one answer at most), which fails
    again, and runs E.
    """
    from symlearn.logic.clauses import conjuncts

    rest = writer.rest
    if not rest or rest[0] is not goal:
        return False
    condition, then = (conjuncts(part) for part in goal.args[0].args)
    if not condition or not then:
        return False
    for part in condition:
        if type(part) is not Struct or (part.name, len(part.args)) not in _CONDITION_TESTS:
            return False
    start, defined, ends = len(writer.lines), set(writer.defined), writer.ends
    holds = writer.temp()
    writer.emit(indent, f"{holds} = False")
    writer.emit(indent, "while True:")
    block = len(writer.lines)
    writer.rest = None  # (neither C's nor T's goals are goals of the rest)
    try:
        written = all(writer.guard(part, indent + 1) for part in condition)
        lines = writer.lines
        failures = [i for i in range(block, len(lines)) if lines[i].endswith("return FAIL")]
        if written and not any(_in_loop(lines, block, i) for i in failures):
            for i in failures:
                lines[i] = lines[i][: -len("return FAIL")] + "break"
            writer.emit(indent + 1, f"{holds} = True")
            writer.emit(indent + 1, "break")
            writer.emit(indent, f"if not {holds}:")
            writer.rest = rest
            _rest_of_body(writer, indent + 1)
            writer.rest = None
            if all(writer.guard(part, indent) for part in then):
                return True
    finally:
        writer.rest = rest
    del writer.lines[start:]
    writer.defined, writer.ends = defined, ends
    return False


def _in_loop(lines: list[str], start: int, i: int) -> bool:
    """True when line ``i`` lies in a loop opened at or after line ``start``."""
    level = len(lines[i]) - len(lines[i].lstrip(" "))
    for j in range(i - 1, start - 1, -1):
        depth = len(lines[j]) - len(lines[j].lstrip(" "))
        if depth < level:
            if lines[j].lstrip().startswith(("while ", "for ")):
                return True
            level = depth
    return False


def repeated_variable(writer: _Writer, name: str, source: str, indent: int) -> None:
    """Unify a repeated head variable's value ``name`` with ``source`` (not the same object).

    Both are dereferenced here: two integers or two atoms (the common
    case) are compared at once, a free variable and a value are bound at
    once; ``unify`` is called for two free variables or two compounds.
    """
    one, other, kind, other_kind = (writer.temp() for _ in range(4))
    # (each value's class is read once, as it is dereferenced: ``x.__class__``
    # is a generic attribute lookup, a local is not)
    for value, start, of in ((one, name, kind), (other, source, other_kind)):
        writer.emit(indent, f"{value} = {start}; {of} = {value}.__class__")
        writer.emit(indent, f"while {of} is Ref and {value}.value is not None:")
        writer.emit(indent + 1, f"{value} = {value}.value; {of} = {value}.__class__")
    writer.emit(indent, f"if {other_kind} is {kind} and {kind} in ATOMIC:")
    writer.emit(indent + 1, f"if {one} != {other}: return FAIL")
    for free, value, free_kind, value_kind in (
        (other, one, other_kind, kind),
        (one, other, kind, other_kind),
    ):
        writer.emit(indent, f"elif {free_kind} is Ref and {value_kind} is not Ref:")
        writer.emit(indent + 1, f"{free}.value = {value}")
        writer.emit(indent + 1, f"if {free}.serial < FENCE.stamp: trail.append({free})")
    writer.emit(indent, f"elif {one} is not {other} and not unify({one}, {other}, trail):")
    writer.emit(indent + 1, "return FAIL")


#: ``!`` and SWI-Prolog's ``$`` (which cuts as ``!`` does).
_CUTS = ("!", "$")


def after_cut(writer: _Writer, body: list[Any], indent: int) -> None:
    """Inline the guard builtins that follow a neck cut (taking them off ``body``).

    The clause has committed by then, so such a goal that fails makes the
    clause return a continuation that fails (``FAILED``), not ``FAIL``, which
    would try the next clause.  A cut among them cuts nothing (inline goals
    leave no choicepoint) and is dropped; so is ``$G`` written inline
    (:func:`~symlearn.engine.inline_facts.det_fact_call`).
    """
    det_fact_call = _det_fact_call()
    start = len(writer.lines)
    binds = False
    while body:
        goal = body[0]
        if type(goal) is str and goal in _CUTS:  # no choicepoint since the commit: it cuts nothing
            body.pop(0)
            continue
        writer.rest = list(body)  # (the clause has committed: the guard may end at any goal)
        inline = det_fact_call(writer, goal, indent) or writer.guard(goal, indent)
        writer.rest = None
        if not inline:
            break
        body.pop(0)
        binds = binds or (goal.name, len(goal.args)) in _BINDING
    if len(writer.lines) == start:
        return
    if binds:
        writer.emit(indent, "if m.engine.fd_watching and not fd_holds(m.engine): return FAIL")
    writer.names["FAILED"] = (CONTROL[("fail", 0)], None, 0, 0, None)
    writer.lines[start:] = [
        line.replace("return FAIL", "return FAILED") for line in writer.lines[start:]
    ]
