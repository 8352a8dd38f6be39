"""Built-in predicates of the query engine (other than the control constructs).

:data:`DETERMINISTIC` maps ``(name, arity)`` to a function ``(engine, args) ->
bool`` that succeeds at most once; :data:`NONDETERMINISTIC` maps to a
generator function that yields once per solution (the engine undoes the
bindings between solutions).  Arguments arrive as run-time terms
(:mod:`symlearn.engine.runtime`).  Errors are ISO error terms thrown with
:class:`~symlearn.engine.arithmetic.PrologThrow`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from functools import cmp_to_key
from typing import TYPE_CHECKING, Any

from symlearn.engine.arithmetic import (
    PrologThrow,
    compare_numbers,
    evaluate,
    instantiation_error,
    resource_error,
    type_error,
)
from symlearn.engine.control import sort_terms
from symlearn.engine.runtime import (
    Ref,
    RTerm,
    compare_runtime,
    copy_runtime,
    deref,
    fresh_ref,
    resolve,
    unify,
)
from symlearn.logic.terms import (
    EMPTY_LIST,
    LIST_FUNCTOR,
    PackedArgs,
    PString,
    Struct,
    make_list,
    packed_list,
)

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["DETERMINISTIC", "NONDETERMINISTIC", "SHORTCUTS"]

Deterministic = Callable[["Engine", tuple[RTerm, ...]], bool]
Nondeterministic = Callable[["Engine", tuple[RTerm, ...]], Iterator[None]]
DETERMINISTIC: dict[tuple[str, int], Deterministic] = {}
NONDETERMINISTIC: dict[tuple[str, int], Nondeterministic] = {}
#: Deterministic shortcuts of nondeterministic builtins: ``(engine, args) ->``
#: True or False when the call has at most one solution (``arg(2, T, A)``),
#: None to run the generator.
SHORTCUTS: dict[tuple[str, int], Callable[[Engine, tuple[RTerm, ...]], bool | None]] = {}


def representation_error(what: str) -> PrologThrow:
    """``error(representation_error(What), _)``."""
    return PrologThrow(Struct("error", (Struct("representation_error", (what,)), fresh_ref())))


def det(name: str, arity: int) -> Callable[[Deterministic], Deterministic]:
    def register(function: Deterministic) -> Deterministic:
        DETERMINISTIC[(name, arity)] = function
        return function

    return register


def nondet(name: str, arity: int) -> Callable[[Nondeterministic], Nondeterministic]:
    def register(function: Nondeterministic) -> Nondeterministic:
        NONDETERMINISTIC[(name, arity)] = function
        return function

    return register


def unify_terms(engine: Engine, a: object, b: object) -> bool:
    return unify(a, b, engine.trail)


def proper_list(term: object) -> list[RTerm] | None:
    """The elements of a proper list, or None for a partial list or a non-list."""
    items: list[RTerm] = []
    term = deref(term)
    cells: set[int] | None = None
    while type(term) is Struct and term.name == LIST_FUNCTOR and len(term.args) == 2:
        if type(term.args) is PackedArgs:  # the rest of a packed list, in one step
            store = term.args.store
            items.extend(store.items[term.args.position :])
            term = deref(store.tail)
            continue
        items.append(term.args[0])
        term = deref(term.args[1])
        if len(items) > 1_000_000:  # watch for a cyclic list: it is not a proper list
            if cells is None:
                cells = set()
            if id(term) in cells:
                return None
            cells.add(id(term))
    return items if term == EMPTY_LIST else None


@det("$list_end", 2)
def _list_end(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """Internal: the tail a list's cells end in (a variable, ``[]``, other); a cell if cyclic."""
    term = deref(args[0])
    seen: set[int] = set()
    while type(term) is Struct and term.name == LIST_FUNCTOR and len(term.args) == 2:
        if id(term) in seen:
            break
        seen.add(id(term))
        if type(term.args) is PackedArgs:
            term = deref(term.args.store.tail)
            continue
        term = deref(term.args[1])
    return unify_terms(engine, args[1], term)


# ---------------------------------------------------------------- unification
@det("=", 2)
def _unify_builtin(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify(args[0], args[1], engine.trail)


@det("\\=", 2)
def _not_unifiable(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    mark = len(engine.trail)
    result = unify_terms(engine, args[0], args[1])
    engine._undo(mark)
    return not result


@det("unify_with_occurs_check", 2)
def _unify_occurs(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify(args[0], args[1], engine.trail, occurs_check=True)


def _compare(a: RTerm, b: RTerm) -> int:
    return compare_runtime(a, b)


# (each a function of its own: they run millions of times)
DETERMINISTIC[("==", 2)] = lambda engine, args: compare_runtime(args[0], args[1]) == 0
DETERMINISTIC[("\\==", 2)] = lambda engine, args: compare_runtime(args[0], args[1]) != 0
DETERMINISTIC[("@<", 2)] = lambda engine, args: compare_runtime(args[0], args[1]) < 0
DETERMINISTIC[("@>", 2)] = lambda engine, args: compare_runtime(args[0], args[1]) > 0
DETERMINISTIC[("@=<", 2)] = lambda engine, args: compare_runtime(args[0], args[1]) <= 0
DETERMINISTIC[("@>=", 2)] = lambda engine, args: compare_runtime(args[0], args[1]) >= 0


@det("compare", 3)
def _compare_builtin(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """``compare/3``; an Order that is neither free nor ``<``, ``=``, ``>`` is an error (ISO)."""
    order = deref(args[0])
    if type(order) is not Ref:
        if type(order) is not str:
            raise type_error("atom", resolve(order))
        if order not in ("<", "=", ">"):
            raise domain_error("order", order)
    c = _compare(args[1], args[2])
    return unify_terms(engine, order, "<" if c < 0 else (">" if c > 0 else "="))


# ----------------------------------------------------------------- arithmetic
@det("is", 2)
def _is(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify_terms(engine, args[0], evaluate(args[1], deref))


def _arithmetic_comparison(op: str) -> Deterministic:
    def compare(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        return compare_numbers(op, evaluate(args[0], deref), evaluate(args[1], deref))

    return compare


for _op in ("<", ">", "=<", ">=", "=:=", "=\\="):
    DETERMINISTIC[(_op, 2)] = _arithmetic_comparison(_op)


@det("statistics", 2)
def _statistics(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """SWI-Prolog's ``statistics/2`` for the usual keys (times in milliseconds or seconds)."""
    import time

    key = deref(args[0])
    if type(key) is Ref:
        raise instantiation_error()
    cpu = time.process_time()
    values: dict[object, RTerm] = {
        "runtime": make_list([int(cpu * 1000), 0]),
        "process_cputime": make_list([int(cpu * 1000), 0]),
        "walltime": make_list([int(time.monotonic() * 1000), 0]),
        "real_time": make_list([int(time.time()), 0]),
        "cputime": cpu,
        "inferences": engine.steps,
        "epoch": time.time() - cpu,
    }
    if key not in values:
        raise domain_error("statistics_key", resolve(key))
    return unify_terms(engine, args[1], values[key])


@det("get_time", 1)
def _get_time(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """SWI-Prolog's ``get_time/1``: the wall-clock time in seconds since the epoch, a float."""
    import time

    return unify_terms(engine, args[0], time.time())


@det("succ", 2)
def _succ(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    a, b = deref(args[0]), deref(args[1])
    for given in (a, b):
        if type(given) is not Ref and type(given) is not int:
            raise type_error("integer", resolve(given))
        if type(given) is int and given < 0:
            raise domain_error("not_less_than_zero", given)
    if type(a) is int:
        return unify_terms(engine, b, a + 1)
    if type(b) is int:
        if b == 0:
            return False
        return unify_terms(engine, a, b - 1)
    if type(a) is Ref and type(b) is Ref:
        raise instantiation_error()
    raise type_error("integer", resolve(a if type(a) is not Ref else b))


@det("plus", 3)
def _plus(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    a, b, c = (deref(x) for x in args)
    for given in (a, b, c):
        if type(given) is not Ref and type(given) is not int:
            raise type_error("integer", resolve(given))  # SWI-Prolog's plus/3 is on integers
    if type(a) is not Ref and type(b) is not Ref:
        return unify_terms(engine, c, evaluate(Struct("+", (a, b)), deref))
    if type(a) is not Ref and type(c) is not Ref:
        return unify_terms(engine, b, evaluate(Struct("-", (c, a)), deref))
    if type(b) is not Ref and type(c) is not Ref:
        return unify_terms(engine, a, evaluate(Struct("-", (c, b)), deref))
    raise instantiation_error()


# ----------------------------------------------------------------- type tests
# (each a function of its own: they run millions of times)
DETERMINISTIC[("var", 1)] = lambda engine, args: type(deref(args[0])) is Ref
DETERMINISTIC[("nonvar", 1)] = lambda engine, args: type(deref(args[0])) is not Ref
DETERMINISTIC[("atom", 1)] = lambda engine, args: type(deref(args[0])) is str
DETERMINISTIC[("number", 1)] = lambda engine, args: type(deref(args[0])) in (int, float)
DETERMINISTIC[("integer", 1)] = lambda engine, args: type(deref(args[0])) is int
DETERMINISTIC[("float", 1)] = lambda engine, args: type(deref(args[0])) is float
DETERMINISTIC[("atomic", 1)] = lambda engine, args: type(deref(args[0])) in _ATOMIC
DETERMINISTIC[("compound", 1)] = lambda engine, args: type(deref(args[0])) is Struct
DETERMINISTIC[("callable", 1)] = lambda engine, args: type(deref(args[0])) in (str, Struct)
DETERMINISTIC[("string", 1)] = lambda engine, args: type(deref(args[0])) is PString
DETERMINISTIC[("is_list", 1)] = lambda engine, args: proper_list(args[0]) is not None
_ATOMIC = (str, int, float, PString)


@det("ground", 1)
def _ground(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    stack = [args[0]]
    visited: set[int] = set()  # shared and cyclic subterms are looked at once
    while stack:
        t = deref(stack.pop())
        if type(t) is Ref:
            return False
        if type(t) is Struct and id(t) not in visited:
            visited.add(id(t))
            stack.extend(t.args)
    return True


def acyclic(term: RTerm) -> bool:
    """Whether no compound subterm of ``term`` contains itself (ISO's ``acyclic_term/1``).

    A depth-first walk that keeps the compounds on the current path: reaching
    one of them again is a cycle; a compound whose subterms were all walked is
    acyclic and is not walked again.
    """
    on_path: set[int] = set()
    done: set[int] = set()
    stack: list[tuple[Struct, int]] = []
    root = deref(term)
    if type(root) is not Struct:
        return True
    on_path.add(id(root))
    stack.append((root, 0))
    while stack:
        node, index = stack[-1]
        if index == len(node.args):
            stack.pop()
            on_path.discard(id(node))
            done.add(id(node))
            continue
        stack[-1] = (node, index + 1)
        child = deref(node.args[index])
        if type(child) is Struct and id(child) not in done:
            if id(child) in on_path:
                return False
            on_path.add(id(child))
            stack.append((child, 0))
    return True


DETERMINISTIC[("acyclic_term", 1)] = lambda engine, args: acyclic(args[0])
DETERMINISTIC[("cyclic_term", 1)] = lambda engine, args: not acyclic(args[0])


# ----------------------------------------------------------- term inspection
@det("functor", 3)
def _functor(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term = args[0]
    while term.__class__ is Ref:
        value = term.value
        if value is None:
            return _make_term(engine, term, args[1], args[2])
        term = value
    trail = engine.trail
    if term.__class__ is Struct:
        return unify(args[1], term.name, trail) and unify(args[2], len(term.args), trail)
    return unify(args[1], term, trail) and unify(args[2], 0, trail)


def _make_term(engine: Engine, ref: Ref, name: RTerm, arity: RTerm) -> bool:
    """``functor(T, Name, Arity)`` with T free: bind it to a term of free arguments."""
    name, arity = deref(name), deref(arity)
    if type(name) is str and type(arity) is int and 0 < arity <= MAX_CELLS:
        fresh: tuple[Any, ...] = tuple([fresh_ref() for _ in range(arity)])
        ref.value = Struct(name, fresh)
        engine.trail.append(ref)
        return True
    if type(name) is Struct:
        raise type_error("atomic", resolve(name))
    if type(name) is Ref or type(arity) is Ref:
        raise instantiation_error()
    if type(arity) is not int:
        raise type_error("integer", resolve(arity))
    if arity < 0:
        raise domain_error("not_less_than_zero", arity)
    if arity == 0:
        return unify_terms(engine, ref, name)
    if type(name) is not str:
        raise type_error("atom", resolve(name))
    raise resource_error("stack")


def _arg_shortcut(engine: Engine, args: tuple[RTerm, ...]) -> bool | None:
    """``arg/3`` with an integer first argument and a compound second: one answer at most."""
    n, term = deref(args[0]), deref(args[1])
    if type(n) is not int or type(term) is not Struct or n < 0:
        return None
    arguments = term.args
    return 1 <= n <= len(arguments) and unify(args[2], arguments[n - 1], engine.trail)


SHORTCUTS[("arg", 3)] = _arg_shortcut


@nondet("arg", 3)
def _arg(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    n, term = deref(args[0]), deref(args[1])
    if type(term) is not Struct:
        if type(term) is Ref:
            raise instantiation_error()
        raise type_error("compound", resolve(term))
    arguments = term.args
    if type(n) is int:
        if n < 0:
            raise domain_error("not_less_than_zero", n)
        if 1 <= n <= len(arguments) and unify_terms(engine, args[2], arguments[n - 1]):
            yield
        return
    if type(n) is not Ref:
        raise type_error("integer", resolve(n))
    for i, value in enumerate(arguments, start=1):
        mark = len(engine.trail)
        if unify_terms(engine, n, i) and unify_terms(engine, args[2], value):
            yield
        engine._undo(mark)


@det("=..", 2)
def _univ(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term = deref(args[0])
    if type(term) is Struct:
        return unify_terms(engine, args[1], make_list([term.name, *term.args]))
    if type(term) is not Ref:
        return unify_terms(engine, args[1], make_list([term]))
    items = proper_list(args[1])
    if items is None:
        raise list_error(args[1])
    if not items:
        raise PrologThrow(
            Struct("error", (Struct("domain_error", ("non_empty_list", "[]")), fresh_ref()))
        )
    head = deref(items[0])
    if type(head) is Ref:
        raise instantiation_error()
    if len(items) == 1:
        return unify_terms(engine, term, head)
    if type(head) is not str:
        raise type_error("atom", resolve(head))
    return unify_terms(engine, term, Struct(head, tuple(items[1:])))


@det("copy_term", 2)
def _copy_term(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify_terms(engine, args[1], copy_runtime(args[0]))


def term_refs(term: RTerm) -> list[Ref]:
    """The distinct unbound variables of ``term``, depth first, left to right."""
    found: dict[Ref, None] = {}
    stack = [term]
    seen: set[int] = set()
    while stack:
        t = deref(stack.pop())
        if type(t) is Ref:
            found.setdefault(t, None)
        elif type(t) is Struct and id(t) not in seen:
            seen.add(id(t))
            stack.extend(reversed(t.args))
    return list(found)


@det("term_variables", 2)
def _term_variables(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify_terms(engine, args[1], make_list(term_refs(args[0])))


@det("term_variables", 3)
def _term_variables_tail(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify_terms(engine, args[1], make_list(term_refs(args[0]), args[2]))


@det("numbervars", 3)
def _numbervars(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """Bind each variable of the term to ``'$VAR'(N)``, N from Start on; End is the next N."""
    start = deref(args[1])
    if type(start) is Ref:
        raise instantiation_error()
    if type(start) is not int:
        raise type_error("integer", resolve(start))
    number = start
    for ref in term_refs(args[0]):
        ref.value = Struct("$VAR", (number,))
        engine.trail.append(ref)
        number += 1
    return unify_terms(engine, args[2], number)


@det("$ssu_skeleton", 2)
def _ssu_skeleton(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """Internal (SSU heads): the term has the pattern's shape where the pattern is not a variable.

    The pattern's variables occur in it once and nowhere else, so this is
    ``subsumes_term(Pattern, Term)`` at the cost of the pattern's size, not the
    term's (a head ``p([H|T])`` against a long list looks at one cell).
    """
    stack = [(args[0], args[1])]
    while stack:
        pattern, term = stack.pop()
        pattern = deref(pattern)
        if type(pattern) is Ref:
            continue
        term = deref(term)
        if type(pattern) is Struct:
            if type(term) is not Struct or term.name != pattern.name:
                return False
            if len(term.args) != len(pattern.args):
                return False
            stack.extend(zip(pattern.args, term.args))
        elif type(term) is not type(pattern) or term != pattern:
            return False
    return True


@det("subsumes_term", 2)
def _subsumes_term(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """ISO's ``subsumes_term(General, Specific)``: unifiable without binding Specific."""
    general, specific = args
    before = term_refs(specific)
    mark = len(engine.trail)
    result = unify(general, specific, engine.trail)
    if result:
        after = [deref(ref) for ref in before]
        result = all(type(a) is Ref for a in after) and len(set(map(id, after))) == len(after)
    engine._undo(mark)
    return result


#: The longest text (atom, string, output of one builtin) the engine builds, in
#: characters; past it builtins throw ``resource_error(memory)`` before allocating.
MAX_TEXT_LENGTH = 1 << 26
#: The most cells (list elements, arguments) one builtin call may allocate.
MAX_CELLS = 1 << 27


# ---------------------------------------------------------------------- lists
@nondet("length", 2)
def _length(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    term = deref(args[0])
    count = 0
    # A cyclic list is a type error (as in SWI-Prolog), found by Brent's cycle
    # detection: compare each cell with one saved at the powers of two (no memory).
    saved, power, steps = term, 1, 0
    while type(term) is Struct and term.name == LIST_FUNCTOR and len(term.args) == 2:
        if type(term.args) is PackedArgs:  # the rest of a packed list, in one step
            store = term.args.store
            count += len(store.items) - term.args.position
            term = saved = deref(store.tail)
            power, steps = 1, 0
            continue
        count += 1
        term = deref(term.args[1])
        if term is saved:
            raise type_error("list", "<cyclic term>")
        steps += 1
        if steps == power:
            saved, power, steps = term, 2 * power, 0
    wanted = deref(args[1])
    if type(wanted) is not Ref and type(wanted) is not int:
        raise type_error("integer", resolve(wanted))
    if type(wanted) is int and wanted < 0:
        raise domain_error("not_less_than_zero", wanted)
    if term == EMPTY_LIST:
        if unify_terms(engine, args[1], count):
            yield
        return
    if type(term) is not Ref:
        raise type_error("list", resolve(args[0]))  # as SWI-Prolog 9
    if type(wanted) is int:
        if wanted < 0:
            raise domain_error("not_less_than_zero", wanted)
        if wanted - count > MAX_CELLS:
            raise resource_error("stack")
        if wanted >= count and unify_terms(
            engine, term, make_list([fresh_ref() for _ in range(wanted - count)])
        ):
            yield
        return
    if type(wanted) is not Ref:
        raise type_error("integer", resolve(wanted))
    if wanted is term:  # length(L, L): no list is its own length (SWI-Prolog fails)
        return
    extra = 0
    fresh: RTerm = EMPTY_LIST  # one cell longer on each redo (its cells unbound by the undo)
    while True:
        mark = len(engine.trail)
        if unify_terms(engine, term, fresh) and unify_terms(engine, wanted, count + extra):
            yield
        engine._undo(mark)
        extra += 1
        fresh = Struct(LIST_FUNCTOR, (fresh_ref(), fresh))


@nondet("repeat", 0)
def _repeat(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    while True:  # each redo is an inference: the step and time limits stop a runaway
        yield


@nondet("between", 3)
def _between(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    low, high, value = deref(args[0]), deref(args[1]), deref(args[2])
    if type(low) is Ref:
        raise instantiation_error()
    if type(low) is not int:
        raise type_error("integer", resolve(low))
    if type(high) is Ref:
        raise instantiation_error()
    if high in ("inf", "infinite"):
        high = float("inf")
    elif type(high) is not int:
        raise type_error("integer", resolve(high))
    if type(value) is int:
        if low <= value <= high:
            yield
        return
    if type(value) is not Ref:
        raise type_error("integer", resolve(value))
    i = low
    while i <= high:
        value.value = i
        engine.trail.append(value)
        yield
        i += 1


#: The integers an ``array('q')`` holds (a packed list of them costs 8 bytes an element).
_INT64 = range(-(1 << 63), 1 << 63)


@det("numlist", 3)
def _numlist(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """SWI-Prolog's ``numlist(Low, High, List)``: ``[Low, ..., High]``; fails when Low > High.

    The list is packed (its cells made as something walks it), so building
    ``numlist(1, 100000, L)`` is one ``range`` and costs no cell.
    """
    low, high = deref(args[0]), deref(args[1])
    for bound in (low, high):
        if type(bound) is Ref:
            raise instantiation_error()
        if type(bound) is not int:
            raise type_error("integer", resolve(bound))
    if low > high:
        return False
    numbers = range(low, high + 1)
    if len(numbers) > MAX_CELLS:
        raise resource_error("stack")
    packed = array("q", numbers) if low in _INT64 and high in _INT64 else list(numbers)
    return unify_terms(engine, args[2], packed_list(packed))


def list_error(term: RTerm) -> PrologThrow:
    """The error for a non-list where a list is expected: partial list or type error."""
    tail = deref(term)
    cells: set[int] = set()
    while type(tail) is Struct and tail.name == LIST_FUNCTOR and len(tail.args) == 2:
        if id(tail) in cells:  # a cyclic list
            return type_error("list", "<cyclic term>")
        cells.add(id(tail))
        tail = deref(tail.args[1])
    if type(tail) is Ref:
        return instantiation_error()
    return type_error("list", resolve(term))


def domain_error(domain: str, culprit: RTerm) -> PrologThrow:
    return PrologThrow(Struct("error", (Struct("domain_error", (domain, culprit)), fresh_ref())))


def _sorted_list(engine: Engine, args: tuple[RTerm, ...], unique: bool) -> bool:
    items = proper_list(args[0])
    if items is None:
        raise list_error(args[0])
    return unify_terms(engine, args[1], make_list(sort_terms(items, unique)))


DETERMINISTIC[("msort", 2)] = lambda engine, args: _sorted_list(engine, args, unique=False)
DETERMINISTIC[("sort", 2)] = lambda engine, args: _sorted_list(engine, args, unique=True)


#: sort/4's orders; SWI-Prolog also takes the arithmetic names for the standard order.
_SORT_ORDERS = {o: o for o in ("@<", "@>", "@=<", "@>=")} | {
    "<": "@<",
    ">": "@>",
    "=<": "@=<",
    ">=": "@>=",
}


@det("sort", 4)
def _sort4(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    key, order = deref(args[0]), deref(args[1])
    if type(key) is Ref:
        raise instantiation_error()
    if type(key) is not int:
        raise type_error("sort_key", resolve(key))
    if key < 0:
        raise domain_error("not_less_than_one", key)  # SWI-Prolog 9's domain name
    if type(order) is Ref:
        raise instantiation_error()
    order = _SORT_ORDERS.get(order) if type(order) is str else None
    if order is None:
        raise domain_error("order", resolve(args[1]))
    items = proper_list(args[2])
    if items is None:
        raise list_error(args[2])

    def sort_key(term: RTerm) -> RTerm:
        term = deref(term)
        if key == 0:
            return term
        if type(term) is not Struct or len(term.args) < key:
            raise type_error("compound", resolve(term))
        return term.args[key - 1]

    for item in items:  # SWI checks every element's key first, in list order
        sort_key(item)
    ordered = sorted(
        items,
        key=cmp_to_key(lambda a, b: compare_runtime(sort_key(a), sort_key(b))),
        reverse=order in ("@>", "@>="),
    )
    if order in ("@<", "@>"):
        kept: list[RTerm] = []
        for item in ordered:
            if not kept or compare_runtime(sort_key(kept[-1]), sort_key(item)) != 0:
                kept.append(item)
        ordered = kept
    return unify_terms(engine, args[3], make_list(ordered))


@det("keysort", 2)
def _keysort(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    items = proper_list(args[0])
    if items is None:
        raise instantiation_error()
    pairs = [deref(i) for i in items]
    for pair in pairs:
        if not (type(pair) is Struct and pair.name == "-" and len(pair.args) == 2):
            raise type_error("pair", resolve(pair))
    ordered = sorted(pairs, key=cmp_to_key(lambda a, b: compare_runtime(a.args[0], b.args[0])))
    return unify_terms(engine, args[1], make_list(ordered))


@det("memberchk", 2)
def _memberchk(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term = deref(args[1])
    walked = 0
    cells: set[int] = set()
    while type(term) is Struct and term.name == LIST_FUNCTOR and len(term.args) == 2:
        mark = len(engine.trail)
        if unify_terms(engine, args[0], term.args[0]):
            return True
        engine._undo(mark)
        term = deref(term.args[1])
        walked += 1
        if walked > 1_000_000:  # watch for a cyclic list
            if id(term) in cells:
                raise type_error("list", "<cyclic term>")
            cells.add(id(term))
    if type(term) is Ref:
        return unify_terms(engine, term, Struct(LIST_FUNCTOR, (args[0], fresh_ref())))
    if term != EMPTY_LIST:
        raise type_error("list", resolve(term))  # as SWI-Prolog 9
    return False


# The built-ins of the other modules register themselves on import.
from symlearn.engine import (  # noqa: E402
    char_io,
    char_types,
    clpfd_builtins,
    database,
    messages,
    output,
    program,
    prolog_flags,
    records,
    text,
)

_ = (char_io, char_types, clpfd_builtins, database, messages, output, program)
_ = (prolog_flags, records, text)
