"""Clauses compiled to Python functions: specialised head unification and body building.

Each clause of a user predicate becomes one generated Python function
``clause(m, args, height, depth, nxt)`` that

1. unifies the head with the call's arguments, one argument at a time, with
   code specialised to the argument's shape in the head (the WAM's *get*
   instructions: a variable's first occurrence just takes the argument, a
   constant is compared or bound, a compound term is matched in *read mode*
   or built in *write mode* when the argument is an unbound variable);
2. runs the *guard*: the arithmetic tests and ``is/2`` goals that open the
   body, up to a first ``!`` (the *neck cut*), inlined with a fast path for
   integers (the clause's variables live in Python locals, so a variable
   first bound by ``is/2`` needs no :class:`~symlearn.engine.runtime.Ref`);
3. returns the continuation of the rest of the body: one tuple ``(procedure,
   arguments, cut barrier, depth, next)`` per goal, with the procedure of
   each goal resolved when the clause is compiled.  The last goal runs at
   the caller's depth (last-call optimisation: a tail-recursive loop does
   not grow the depth), the others one deeper.  The inline-able goals that
   follow a call (``is/2``, comparisons, tests) are compiled too: from the
   first of them the rest of the body is a procedure of its own, a
   *segment*, that runs them in Python and returns the continuation of
   what follows.

Integer arithmetic (``+ - * // mod``) is computed in Python when its values
are integers (each leaf of a product below 2**62 in size), else by
:func:`~symlearn.engine.arithmetic.evaluate`.

It returns ``FAIL`` when the head or the guard fails.  Bindings are trailed;
the machine undoes them on backtracking.

:func:`~symlearn.engine.switches.compile_switch` puts the same clause code
under a switch on the first argument, one function for a whole predicate.

:func:`~symlearn.engine.procedures.compile_clause_function` writes a clause's
function with this code.

Functions
---------
GUARD_BUILTINS
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import count
from typing import Any

from symlearn.engine.arithmetic import compare_numbers, evaluate, truncated_quotient
from symlearn.engine.clause_terms import is_ground as _is_ground
from symlearn.engine.clause_terms import variables_of as _variables
from symlearn.engine.code_cache import CodeCache
from symlearn.engine.code_memo import RECORDING
from symlearn.engine.compiled_control import _BINDING, construct_procedure, is_construct
from symlearn.engine.control import CONTROL, QUICK_TESTS, fd_holds
from symlearn.engine.early_failure import fail_early, first_comparison
from symlearn.engine.head_order import always_free, matching_order
from symlearn.engine.inline_facts import fact_call, inlinable_fact, unfolded_call
from symlearn.engine.inline_tests import after_cut, exclusive_tests, inline_test, repeated_variable
from symlearn.engine.late_names import late
from symlearn.engine.machine import FAIL, FENCE
from symlearn.engine.runtime import Ref, deref, ref_serials, unify
from symlearn.engine.term_building import BUILDING_NAMES, arguments, new_ref, new_struct
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import PString, Struct, Var

__all__ = [
    "GUARD_BUILTINS",
    "ClauseFunction",
]

_specialised_call = late("symlearn.engine.specialise", "specialised_call")
#: A compiled clause: ``(m, args, height, depth, nxt) -> continuation or FAIL``.
ClauseFunction = Callable[..., Any]
#: ``(name, arity) -> procedure`` (the engine's lookup, used while compiling).
ProcedureOf = Callable[[str, int], Any]

_COMPARISONS = {"<": "<", ">": ">", "=<": "<=", ">=": ">=", "=:=": "==", "=\\=": "!="}
#: Tests the compiler inlines into a clause's guard as a call of the builtin's
#: function (no continuation, no trip through the machine).
_TESTS = (QUICK_TESTS - {(op, 2) for op in _COMPARISONS}) | {("$ssu_skeleton", 2), ("arg", 3)}
#: Type tests inlined as class tests: (negated, the classes that pass).
_TYPE_TESTS: dict[str, tuple[bool, tuple[type, ...]]] = {
    "var": (False, (Ref,)),
    "nonvar": (True, (Ref,)),
    "atom": (False, (str,)),
    "integer": (False, (int,)),
    "number": (False, (int, float)),
    "atomic": (False, (str, int, float, PString)),
    "compound": (False, (Struct,)),
}
#: Builtins the compiler inlines into a clause's guard.
GUARD_BUILTINS = frozenset({("is", 2), *((op, 2) for op in _COMPARISONS), *_TESTS})
# Heads nested deeper than this are unified by the general routine (Python
# limits how deeply blocks may nest in one function).
_MAX_NESTING = 6
# A ground head argument of at most this many nodes is matched node by node (the
# shared constant bound in write mode); a larger one is unified whole.
_GROUND_MATCHED = 12


#: The integer operations inlined with a fast path for integers.
_INTEGER_OPERATIONS = frozenset({("+", 2), ("-", 2), ("*", 2), ("//", 2), ("mod", 2), ("-", 1)})
#: The bound on each leaf of an inlined product (so no product grows huge).
_SMALL_INT = -(1 << 62)
#: The deepest expression inlined (Python's compiler refuses deeply nested
#: parentheses; a deeper one is evaluated by ``is/2``'s evaluator).
_MAX_INLINE_DEPTH = 64
#: Levels of a built term written as one expression (two parentheses each).
_BUILD_DEPTH = 32


def _number(value: Any) -> object:
    """The value of an arithmetic expression (the slow path of inlined arithmetic)."""
    return evaluate(value, deref)


def _compare(op: str, a: Any, b: Any) -> bool:
    return compare_numbers(op, evaluate(a, deref), evaluate(b, deref))


class _Writer:
    """Generates the source of one clause function."""

    def __init__(self, procedure_of: ProcedureOf) -> None:
        self.procedure_of = procedure_of
        self.names: dict[str, object] = {
            "Ref": Ref,
            "Struct": Struct,
            **BUILDING_NAMES,
            "unify": unify,
            "FAIL": FAIL,
            "FENCE": FENCE,
            "serial": ref_serials.__next__,
            "_number": _number,
            "_compare": _compare,
            "fd_holds": fd_holds,
            "ATOMIC": (int, str),
        }
        self.constants: dict[tuple[type, object], str] = {}
        self.defined: set[Var] = set()
        self.variables: dict[Var, str] = {}
        self.lines: list[str] = []
        self.fresh = count()
        self.height = ""  # how to compute the cut barrier when it is not a parameter
        #: In a switch that loops: the predicate's own procedure (a body that is
        #: one call of it jumps back to the switch) and the call's arguments.
        self.itself: object = None
        self.arguments = "args"
        self.looped = False
        #: Writing a clause of a bucket of several (``switches._inline_bucket``):
        #: the lines that run when it succeeds, before it returns or loops.
        self.attempt = False
        #: ``(id(Pattern), id(X))`` of the SSU skeleton tests written (:meth:`skeleton`).
        self.shaped: set[tuple[int, int]] = set()
        #: In a clause's guard without a cut: the goals from the one being
        #: written on (a test may leave its hard cases to them: ``inline_tests``).
        self.rest: list[Any] | None = None
        self.ends = 0  # how many times the guard was written to end early (at a goal of ``rest``)
        #: The segments written for the clause: (goals, shared variables) -> procedure.
        self.segments: dict[tuple[int, ...], tuple[object, list[Any]]] = {}
        self.on_success: list[str] = []
        #: Head compound arguments -> ``a{i}``: a body argument equal to one is passed on.
        self.head_terms: dict[Any, str] = {}
        self.calls: Any = None  # a switch's sample of warming-up calls (head_order, arg_select)

    # ------------------------------------------------------------ names
    def constant(self, value: object) -> str:
        if type(value) in (str, int, float):
            found = self.constants.get((type(value), value))
            if found is not None:
                return found
        label = f"k{len(self.names)}"
        self.names[label] = value
        if type(value) in (str, int, float):
            self.constants[(type(value), value)] = label
        return label

    def var(self, v: Var) -> str:
        name = self.variables.get(v)
        if name is None:
            name = self.variables[v] = f"v{len(self.variables)}"
        return name

    def temp(self) -> str:
        return f"t{next(self.fresh)}"

    def emit(self, indent: int, line: str) -> None:
        self.lines.append("    " * indent + line)

    # ------------------------------------------------------------ terms
    def build(self, term: Any, indent: int, depth: int = 0, named: bool = False) -> str:
        """An expression for ``term``'s run-time value; new variables become fresh Refs.

        Every :data:`_BUILD_DEPTH` levels of a deep term the value is named
        first (Python's parser refuses deeply nested parentheses); ``named``:
        every compound is (made by lines without ``Struct``'s ``__init__`` frame).
        """
        t = type(term)
        if t is Var:
            name = self.var(term)
            if term not in self.defined:
                self.defined.add(term)
                self.emit(indent, new_ref(name))
            return name
        if t is Struct and term in self.head_terms:
            return self.head_terms[term]
        if t is Struct and not _is_ground(term):
            items = [self.build(a, indent, depth + 1, named) for a in term.args]
            if named or (depth and depth % _BUILD_DEPTH == 0):
                name = self.temp()
                self.emit(indent, new_struct(name, self.constant(term.name), arguments(items)))
                return name
            return f"Struct({self.constant(term.name)}, {arguments(items)})"
        return self.constant(term)

    def deref(self, source: str, indent: int) -> str:
        x = self.temp()
        self.emit(indent, f"{x} = {source}")
        return x

    def match(
        self, term: Any, source: str, indent: int, nesting: int = 0, output: bool = False
    ) -> None:
        """Unify head argument ``term`` with the run-time value in expression ``source``.

        An ``output`` (calls leave it free: ``head_order.always_free``) bound is unified whole.
        """
        t = type(term)
        if t is Var:
            if term not in self.variables and source[0] == "a" and source[1:].isdigit():
                self.variables[term] = source  # the call's argument ``a{i}``: no copy
            name = self.var(term)
            if term in self.defined and source.isidentifier():  # the same value: no call
                self.emit(indent, f"if {name} is not {source}:")
                repeated_variable(self, name, source, indent + 1)
            elif term in self.defined:
                self.emit(indent, f"if not unify({name}, {source}, trail): return FAIL")
            else:
                self.defined.add(term)
                if name != source:
                    self.emit(indent, f"{name} = {source}")
            return
        if t is Struct and (_large_ground(term) or nesting >= _MAX_NESTING):
            value = self.build(term, indent, named=True)
            self.emit(indent, f"if not unify({value}, {source}, trail): return FAIL")
            return
        x = self.deref(source, indent)
        y = self.temp()
        self.emit(indent, f"while {x}.__class__ is Ref:")
        self.emit(indent + 1, f"{y} = {x}.value")
        self.emit(indent + 1, f"if {y} is None:")
        if t is Struct:
            before = set(self.defined)
            value = self.build(term, indent + 2, named=True)
            self.emit(indent + 2, f"{x}.value = {value}")
            self.emit(indent + 2, f"if {x}.serial < FENCE.stamp: trail.append({x})")
            self.emit(indent + 2, "break")
            self.emit(indent + 1, f"{x} = {y}")
            self.emit(indent, "else:")
            written = self.defined
            self.defined = before
            if output:
                value = self.build(term, indent + 1)
                self.emit(indent + 1, f"if not unify({value}, {x}, trail): return FAIL")
            else:
                name = self.constant(term.name)
                test = f"if {x}.__class__ is not Struct or {x}.name != {name}: return FAIL"
                self.emit(indent + 1, test)
                self.match_arguments(term.args, f"{x}.args", indent + 1, nesting + 1)
            assert self.defined == written, "both modes define the same variables"
            return
        value = self.constant(term)
        kind = self.constant(type(term))
        self.emit(indent + 2, f"{x}.value = {value}")
        self.emit(indent + 2, f"if {x}.serial < FENCE.stamp: trail.append({x})")
        self.emit(indent + 2, "break")
        self.emit(indent + 1, f"{x} = {y}")
        self.emit(indent, "else:")
        self.emit(indent + 1, f"if {x}.__class__ is not {kind} or {x} != {value}: return FAIL")

    def match_known(self, term: Any, source: str, indent: int) -> None:
        """:meth:`match` for a dereferenced value of ``term``'s name (or value, a constant)."""
        if type(term) is Var or (type(term) is Struct and _large_ground(term)):
            self.match(term, source, indent)
        elif type(term) is Struct:
            self.match_arguments(term.args, f"{source}.args", indent, 1)

    def match_arguments(
        self, terms: tuple[Any, ...], source: str, indent: int, nesting: int
    ) -> None:
        """Match head arguments ``terms`` with the arguments ``source`` of a compound term.

        The arguments are unpacked at once (a term of another arity fails);
        a variable met first here takes its argument directly.
        """
        targets = []
        later = []
        for arg in terms:
            if type(arg) is Var and arg not in self.defined:
                self.defined.add(arg)
                targets.append(self.var(arg))
            else:
                targets.append(self.temp())
                later.append((arg, targets[-1]))
        comma = "," if len(targets) == 1 else ""
        self.emit(indent, "try:")
        self.emit(indent + 1, f"{', '.join(targets)}{comma} = {source}")
        self.emit(indent, "except ValueError:")
        self.emit(indent + 1, "return FAIL")
        for arg, target in later:
            self.match(arg, target, indent, nesting)

    # ------------------------------------------------------------ guard
    def integer(
        self, term: Any, indent: int, tests: list[str], leaves: list[str], depth: int = 0
    ) -> str:
        """A Python expression for ``term``'s value when it is an integer expression.

        Each variable's value is dereferenced into a name (listed in
        ``leaves``); ``tests`` gets what must hold for the expression to be
        computed so: each leaf an integer, each divisor not zero.  Empty when
        ``term`` is not built of integers, known variables and ``+ - * // mod``,
        or nests deeper than :data:`_MAX_INLINE_DEPTH`.
        """
        if depth > _MAX_INLINE_DEPTH:
            return ""
        if type(term) is int:
            return repr(term)
        if type(term) is Var and term in self.defined:
            x = self.deref(self.var(term), indent)
            self.emit(indent, f"while {x}.__class__ is Ref:")
            self.emit(indent + 1, f"{x} = {x}.value")
            tests.append(f"{x}.__class__ is int")
            leaves.append(x)
            return x
        if type(term) is not Struct or (term.name, len(term.args)) not in _INTEGER_OPERATIONS:
            return ""
        parts = [self.integer(a, indent, tests, leaves, depth + 1) for a in term.args]
        if not all(parts):
            return ""
        if len(parts) == 1:
            return f"(-{parts[0]})"
        a, b = parts
        if term.name in ("//", "mod"):
            if b == "0":
                return ""
            if not b.lstrip("-").isdigit():
                tests.append(f"{b} != 0")
            if term.name == "mod":
                return f"({a} % {b})"
            self.names["_truncated"] = truncated_quotient
            return f"_truncated({a}, {b})"
        return f"({a} {term.name} {b})"

    def fast_integers(self, terms: tuple[Any, ...], indent: int) -> tuple[list[str], str]:
        """:meth:`integer` for several terms: their expressions and the test of the fast path.

        A product's factors are bounded (each leaf below 2**62 in size), so
        the inlined code never builds an integer past the size arithmetic
        refuses (:data:`~symlearn.engine.arithmetic.MAX_INTEGER_BITS`).
        """
        tests: list[str] = []
        leaves: list[str] = []
        start = len(self.lines)
        expressions = [self.integer(t, indent, tests, leaves) for t in terms]
        if not all(expressions):
            del self.lines[start:]  # the dereferencing code is not needed
            return [], ""
        if any("*" in e for e in expressions):
            tests += [f"{_SMALL_INT} < {x} < {-_SMALL_INT}" for x in leaves]
        return expressions, " and ".join(tests)

    def arithmetic(self, expression: Any, indent: int) -> str:
        """Emit code computing ``expression``; return the name holding the value."""
        if type(expression) is int:
            return self.constant(expression)
        result = self.temp()
        expressions, test = self.fast_integers((expression,), indent)
        slow = f"{result} = _number({self.build(expression, indent)})"
        fast = expressions[0] if expressions else ""
        if not fast:
            self.emit(indent, slow)
        elif not test:
            self.emit(indent, f"{result} = {fast}")
        else:
            self.emit(indent, f"if {test}: {result} = {fast}")
            self.emit(indent, f"else: {slow}")
        return result

    def guard(self, goal: Any, indent: int) -> bool:
        """Inline ``goal`` if it is a guard builtin over known variables; False if not."""
        if type(goal) is Struct and goal.name == ";" and len(goal.args) == 2:
            return exclusive_tests(self, goal, indent)
        if (
            self.rest
            and self.rest[0] is goal
            and not is_construct(goal)
            and fact_call(self, goal, indent)
        ):
            return True
        if type(goal) is not Struct or (goal.name, len(goal.args)) not in GUARD_BUILTINS:
            return False
        if (goal.name, len(goal.args)) in _TESTS:
            return self.test(goal, indent)
        if not all(a in self.defined for a in _variables(goal.args[1])):
            return False
        if goal.name == "is":
            target = goal.args[0]
            value = self.arithmetic(goal.args[1], indent)
            if type(target) is Var and target not in self.defined:
                self.defined.add(target)
                self.emit(indent, f"{self.var(target)} = {value}")
            else:
                self.emit(
                    indent,
                    f"if not unify({self.build(target, indent)}, {value}, trail): return FAIL",
                )
            return True
        if not all(a in self.defined for a in _variables(goal.args[0])):
            return False
        op = _COMPARISONS[goal.name]
        expressions, test = self.fast_integers(goal.args, indent)
        slow = (
            f"_compare({self.constant(goal.name)}, {self.build(goal.args[0], indent)}, "
            f"{self.build(goal.args[1], indent)})"
        )
        if expressions:
            a, b = expressions
            self.emit(indent, f"if {test or 'True'}:")
            self.emit(indent + 1, f"if not {a} {op} {b}: return FAIL")
            self.emit(indent, f"elif not {slow}: return FAIL")
        else:
            self.emit(indent, f"if not {slow}: return FAIL")
        return True

    def test(self, goal: Struct, indent: int) -> bool:
        """Inline a test builtin (``=``, ``==``, ``var`` ...): :func:`inline_tests.inline_test`."""
        return inline_test(self, goal, indent)

    def value_of_expression(self, source: str, indent: int) -> str:
        """A name holding the dereferenced value of the expression ``source``."""
        x = self.deref(source, indent)
        y = self.temp()
        self.emit(indent, f"while {x}.__class__ is Ref:")
        self.emit(indent + 1, f"{y} = {x}.value")
        self.emit(indent + 1, f"if {y} is None: break")
        self.emit(indent + 1, f"{x} = {y}")
        return x

    def value_of(self, v: Var, indent: int) -> str:
        """A name holding the dereferenced value of the clause's variable ``v``."""
        return self.value_of_expression(self.var(v), indent)

    def type_test(self, goal: Struct, indent: int) -> bool:
        """Inline ``var(X)``, ``atom(X)`` ... on a variable of the clause: a class test."""
        classes = _TYPE_TESTS.get(goal.name)
        subject = goal.args[0]
        if classes is None or len(goal.args) != 1 or type(subject) is not Var:
            return False
        if subject not in self.defined:
            return False
        x = self.value_of(subject, indent)
        negate, names = classes
        test = " or ".join(f"{x}.__class__ is {self.constant(c)}" for c in names)
        self.emit(indent, f"if {'' if negate else 'not '}({test}): return FAIL")
        return True

    def identity(self, goal: Struct, indent: int) -> bool:
        r"""Inline ``X == c`` and ``X \== c`` for a variable and an atom or integer."""
        if goal.name not in ("==", "\\==") or len(goal.args) != 2:
            return False
        left, right = goal.args
        if type(left) is not Var:
            left, right = right, left
        if type(left) is not Var or left not in self.defined or type(right) not in (str, int):
            return False
        x = self.value_of(left, indent)
        same = f"{x}.__class__ is {self.constant(type(right))} and {x} == {self.constant(right)}"
        self.emit(indent, f"if {'not ' if goal.name == '==' else ''}({same}): return FAIL")
        return True

    # ------------------------------------------------------------ body
    def goal_parts(
        self, goal: Any, indent: int, elsewhere: set[Var] | frozenset[Var] = frozenset()
    ) -> tuple[str, str]:
        """The procedure and the arguments expression of a body goal.

        A control construct becomes a procedure of its own
        (:mod:`symlearn.engine.compiled_control`) whose arguments are its
        variables that are known already or occur in ``elsewhere``.
        """
        if is_construct(goal):
            shared = [
                v for v in dict.fromkeys(_variables(goal)) if v in self.defined or v in elsewhere
            ]
            function = construct_procedure(goal, shared, self.procedure_of, _Writer)
            values = [self.build(v, indent) for v in shared]
            return self.constant(
                function
            ), f"({', '.join(values)}{',' if len(values) == 1 else ''})"
        if type(goal) is Var:
            return self.constant(self.procedure_of("call", 1)), f"({self.build(goal, indent)},)"
        if goal == "!":
            return self.constant(self.procedure_of("!", 0)), "None"
        name, items = (goal.name, goal.args) if type(goal) is Struct else (goal, ())
        called = self.procedure_of(name, len(items))
        if items:  # a pattern of new variables passed: a copy of the callee for it
            called, items = _specialised_call()(goal, called, self.defined, elsewhere)
        procedure = self.constant(called)
        parts = [self.build(a, indent, named=True) for a in items]
        return procedure, f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"


def _large_ground(term: Any) -> bool:
    """A ground term of more than :data:`_GROUND_MATCHED` nodes (matched by ``unify``)."""
    stack, nodes = [term], 0
    while stack:
        t = stack.pop()
        if type(t) is Var:
            return False
        nodes += 1
        if type(t) is Struct:
            stack.extend(t.args)
    return nodes > _GROUND_MATCHED


def _clause_code(writer: _Writer, clause: Clause, indent: int, first_known: bool) -> bool:
    """Emit the code of one clause at ``indent``; True when it has a neck cut.

    The code reads the call's arguments from ``a0``, ``a1`` ...; with
    ``first_known`` ``a0`` is already dereferenced and matches the clause's
    first head argument in name (a compound) or value (a constant).
    """
    writer.defined = set()
    writer.variables = {}
    writer.fresh = count()  # (a switch's clauses share its temporaries: a smaller frame)
    head = clause.head
    head_args = head.args if type(head) is Struct else ()
    pending = first_comparison(clause.body)
    writer.head_terms = {}
    for i, arg, rest in matching_order(head_args, writer.calls):  # (its argument, those after)
        if i == 0 and first_known:
            writer.match_known(arg, "a0", indent)
        else:
            writer.match(arg, f"a{i}", indent, 0, always_free(writer.calls, i))
        fail_early(writer, pending, rest, indent)
    writer.head_terms = {a: f"a{i}" for i, a in enumerate(head_args) if type(a) is Struct}
    body = list(clause.body)
    neck_cut = False
    binds = False  # a guard goal may bind a variable
    ends, unfolds = writer.ends, 0
    while body:
        if body[0] == "!":
            # A guard that may end before the cut makes a clause function's cut a goal (its
            # caller commits as it returns); in a switch that end pushes its choicepoint.
            if writer.ends > ends and not writer.height:
                break
            neck_cut = True
            body.pop(0)
            break
        goal: Any = body.pop(0)
        writer.rest = [goal, *body]
        before = writer.ends
        inline = writer.guard(goal, indent)
        unfolded = None if inline or unfolds > 2 else unfolded_call(writer, goal, indent)
        writer.rest = None
        if unfolded is not None:  # its callee's body goals take its place
            body[0:0], unfolds, binds = unfolded, unfolds + 1, True
            continue
        if not inline:
            body.insert(0, goal)
            break
        named = type(goal) is Struct and (goal.name, len(goal.args)) in _BINDING  # (not `q`)
        binds = binds or named or writer.ends > before
    if neck_cut and binds:
        # Bindings a finite-domain constraint refuses fail the clause before it
        # commits (run as goals, they would fail at the cut's step).
        writer.emit(indent, "if m.engine.fd_watching and not fd_holds(m.engine): return FAIL")
    if neck_cut:
        writer.on_success = []  # committed: no choicepoint for the later clauses
        after_cut(writer, body, indent)
    if body and _calls_itself(writer, body[0]):
        _loop_back(writer, body, indent)
    elif body:
        _continuation(writer, body, indent)
    else:
        _succeed(writer, indent)
        writer.emit(indent, "return nxt")
    return neck_cut


def _continuation(writer: _Writer, body: list[Any], indent: int) -> None:
    """Emit the return of the continuation that proves ``body``'s goals in turn."""
    cont = _continuation_of(writer, body, indent)
    _succeed(writer, indent)
    writer.emit(indent, f"return {cont}")


def _continuation_of(writer: _Writer, body: list[Any], indent: int, start: int = 1) -> str:
    """An expression for the continuation that proves ``body``'s goals in turn.

    Inline-able goals (arithmetic, comparisons, tests) that follow a call in
    the body (or open it, from ``start`` 0) run compiled too: from the first
    of them on, the rest of the body is a procedure of its own
    (:func:`_segment`), the continuation's last goal.  The last goal runs at
    ``depth``, the others at ``deeper`` (set here when used).
    """
    split = _first_inline_goal(writer, body, indent, start)
    calls = body if split is None else body[:split]
    variables = [set(_variables(goal)) for goal in body]
    parts = [  # variables made in goal order
        writer.goal_parts(goal, indent, set().union(*variables[:i], *variables[i + 1 :]))
        for i, goal in enumerate(calls)
    ]
    if split is not None:
        parts.append(_segment(writer, body[split:]))
    cont = "nxt"
    # The cut barrier matters to control constructs only (user predicates
    # and builtins ignore it); in a switch it is computed, not passed.
    height = "height"
    if writer.height:
        height = "0"
        if any(_transparent(goal) for goal in body):
            writer.emit(indent, f"height = {writer.height}")
            height = "height"
    for position in range(len(parts) - 1, -1, -1):
        depth = "depth" if position == len(parts) - 1 else "deeper"
        procedure, args = parts[position]
        cont = f"({procedure}, {args}, {height}, {depth}, {cont})"
    if len(parts) > 1:
        writer.emit(indent, "deeper = depth + 1")
    return cont


def _first_inline_goal(
    writer: _Writer, body: list[Any], indent: int, start: int = 1
) -> int | None:
    """The position (from ``start``) of the first goal of ``body`` the guard code inlines."""
    known = writer.defined
    defined = set(known)
    try:
        for position in range(start, len(body)):
            if position:
                defined.update(_variables(body[position - 1]))
            if position and _is_cut(body[position]):
                return position  # a cut after a call: the segment cuts at once
            if inlinable_fact(writer, body[position]):
                return position  # (the segment may end at it: see inline_facts)
            writer.defined = set(defined)
            start = len(writer.lines)
            inline = writer.guard(body[position], indent)
            del writer.lines[start:]  # only asked
            if inline:
                return position
    finally:
        writer.defined = known
    return None


def _segment(writer: _Writer, goals: list[Any]) -> tuple[str, str]:
    """A procedure that runs ``goals`` (the first inline-able), and its arguments.

    It is compiled like a clause whose head takes the variables of ``goals``
    that are known already, with the goals as its body: it runs the leading
    inline-able goals in Python and returns the continuation of the others.
    """
    shared = [
        v for v in dict.fromkeys(_variables(Struct(",", tuple(goals)))) if v in writer.defined
    ]
    comma = "," if len(shared) == 1 else ""
    values = [writer.var(v) for v in shared]
    # (written once: the rest of a guard that may end at several goals meets it again)
    key = (*map(id, goals), -1, *map(id, shared))
    found = writer.segments.get(key)
    if found is not None:
        return writer.constant(found[0]), f"({', '.join(values)}{comma})"
    segment = _Writer(writer.procedure_of)
    segment.segments = writer.segments
    names = [segment.var(v) for v in shared]
    segment.defined = set(shared)
    if shared:
        segment.emit(1, f"{', '.join(names)}{comma} = args")
    rest = list(goals)
    while rest:
        if _is_cut(rest[0]):  # ``!`` (or ``$``): cut to the clause's barrier
            segment.emit(1, "del m.cps[height:]")
        else:
            segment.rest = list(rest)  # (a segment may end its inline goals at any goal)
            inline = segment.guard(rest[0], 1)
            segment.rest = None
            if not inline:
                break
        rest.pop(0)
    if rest:
        _continuation(segment, rest, 1)
    else:
        segment.emit(1, "return nxt")
    function = _define(segment, "def clause(m, args, height, depth, nxt):\n")
    writer.segments[key] = (function, goals)
    return writer.constant(function), f"({', '.join(values)}{comma})"


def _succeed(writer: _Writer, indent: int) -> None:
    for line in writer.on_success:
        writer.emit(indent, line)


def _calls_itself(writer: _Writer, goal: Any) -> bool:
    """True when ``goal`` calls the predicate whose looping switch is being written."""
    if writer.itself is None or type(goal) is not Struct:
        return False
    return writer.procedure_of(goal.name, len(goal.args)) is writer.itself


def _loop_back(writer: _Writer, body: list[Any], indent: int) -> None:
    """A body that opens with a call of the switch's own predicate: jump back to the switch.

    The switch takes the call's arguments, its depth (the caller's for a
    last call, one deeper otherwise) and its continuation (the rest of the
    body) and runs again in the same Python frame instead of returning the
    goal to the machine: one inference without a trip through the machine's
    loop or a Python call.  So a deterministic recursive predicate such as
    ``append/3`` (a last call) or ``nreverse/2`` (a first one) runs as a
    Python loop.  The machine grants the loops a number of inferences
    between two of its checks of the limits (``m.loops``, see
    :meth:`~symlearn.engine.sld.Engine._check`); with none left, the goal
    is returned as usual.
    """
    goal = body[0]
    items = [writer.build(a, indent, named=True) for a in goal.args]
    names = [f"a{i}" for i in range(len(items))]
    procedure = writer.constant(writer.itself)
    comma = "," if len(items) == 1 else ""
    depth, rest = "depth", "nxt"
    if len(body) > 1:
        rest = writer.temp()
        writer.emit(indent, f"{rest} = {_continuation_of(writer, body[1:], indent, start=0)}")
        writer.emit(indent, "deeper = depth + 1")
        depth = "deeper"
    _succeed(writer, indent)
    writer.emit(indent, "left = m.loops")
    writer.emit(indent, "if left:")
    writer.emit(indent + 1, "m.loops = left - 1")
    writer.emit(indent + 1, f"{', '.join(names)}{comma} = {', '.join(items)}{comma}")
    if len(body) > 1:
        writer.emit(indent + 1, f"nxt, depth = {rest}, deeper")
        writer.emit(indent + 1, f"if depth > max_depth: raise too_deep({writer.arguments})")
    if writer.attempt:  # leave the clause's block; the code after it loops
        writer.emit(indent + 1, "again = True")
        writer.emit(indent + 1, "break")
    else:
        writer.emit(indent + 1, "continue")
    writer.emit(indent, f"return ({procedure}, ({', '.join(items)}{comma}), 0, {depth}, {rest})")
    writer.looped = True


def _is_cut(goal: Any) -> bool:
    """True for ``!`` and SWI-Prolog's ``$`` (a cut that also declares the rest deterministic)."""
    return type(goal) is str and goal in ("!", "$")


def _transparent(goal: Any) -> bool:
    """True unless ``goal`` surely ignores its cut barrier (a user predicate or builtin)."""
    if type(goal) is Var:
        return True
    key = (goal.name, len(goal.args)) if type(goal) is Struct else (goal, 0)
    return key in CONTROL


def _unpack_arguments(writer: _Writer, arity: int) -> None:
    if arity:
        names = [f"a{i}" for i in range(arity)]
        writer.emit(1, f"{', '.join(names)}{',' if len(names) == 1 else ''} = args")


#: Python's compilation of generated sources, by source (an engine made anew,
#: as each run of a program's goals in a fresh engine is, compiles the same
#: clauses to the same text; their names are bound when the code is run).
_COMPILED = CodeCache(5_000, "<symlearn clause>")


def _define(writer: _Writer, header: str) -> Callable[..., Any]:
    uses_trail = any("trail" in line for line in writer.lines)
    prologue = "    trail = m.trail\n" if uses_trail else ""
    source = header + prologue + "".join(line + "\n" for line in writer.lines)
    function = _COMPILED.define(source, writer.names, "clause")
    recordings = RECORDING.recordings
    if recordings:  # (an engine's code kept for other engines: code_memo)
        recordings[-1].define(source, writer.names, function)
    return function


_ = PString  # run-time strings are matched like other constants
