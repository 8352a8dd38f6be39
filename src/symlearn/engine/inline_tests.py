"""Builtin tests a clause's guard runs inline: ``arg/3`` and the skeleton tests of SSU heads.

Used by :class:`~symlearn.engine.codegen._Writer` (its ``test`` step) for
goals it would otherwise call as functions: each writes the goal's code into
the clause function and returns True, or returns False (nothing written)
when the goal is not of the form it handles.

Functions
---------
argument, functor, skeleton
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from symlearn.engine.arithmetic import instantiation_error, type_error
from symlearn.engine.runtime import Ref, resolve
from symlearn.logic.terms import Struct, Var

if TYPE_CHECKING:
    from symlearn.engine.codegen import _Writer

__all__ = ["argument", "functor", "skeleton"]


def argument(writer: _Writer, goal: Struct, indent: int) -> bool:
    """Inline ``arg(K, T, A)`` for an integer K >= 1 and a variable T (deterministic then).

    A free T is an instantiation error and an atomic one a type error, as
    the builtin raises them; other calls are left to the builtin.
    """
    k, term, value = goal.args
    if type(k) is not int or k < 1 or type(term) is not Var or term not in writer.defined:
        return False
    writer.names["_arg_error"] = _arg_error
    x = writer.value_of(term, indent)
    writer.emit(indent, f"if {x}.__class__ is not Struct: _arg_error({x})")
    writer.emit(indent, f"if len({x}.args) < {k}: return FAIL")
    part = f"{x}.args[{k - 1}]"
    if type(value) is Var and value not in writer.defined:
        writer.defined.add(value)
        writer.emit(indent, f"{writer.var(value)} = {part}")
    else:  # (unify trails every binding: a condition that fails undoes them)
        wanted = writer.build(value, indent)
        writer.emit(indent, f"if not unify({wanted}, {part}, trail): return FAIL")
    return True


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
        writer.emit(indent + 1, f"{n}, {a} = Ref(), Ref()")
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
        f"{t} = Struct({n}, tuple([Ref() for _ in range({a})]))",
    )
    writer.emit(indent, "else:")
    writer.emit(indent + 1, f"{t} = Ref()")
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
    from symlearn.engine.codegen import _variables  # (each occurrence)

    pattern, subject = goal.args
    variables = _variables(pattern)
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
