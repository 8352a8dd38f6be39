"""Built-in predicates of the query engine (other than the control constructs).

:data:`DETERMINISTIC` maps ``(name, arity)`` to a function ``(engine, args) ->
bool`` that succeeds at most once; :data:`NONDETERMINISTIC` maps to a
generator function that yields once per solution (the engine undoes the
bindings between solutions).  Arguments arrive as run-time terms
(:mod:`symlearn.engine.runtime`).  Errors are ISO error terms thrown with
:class:`~symlearn.engine.arithmetic.PrologThrow`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cmp_to_key
from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import (
    PrologThrow,
    compare_numbers,
    evaluate,
    instantiation_error,
    resource_error,
    type_error,
)
from symlearn.engine.runtime import (
    Ref,
    RTerm,
    compare_runtime,
    copy_runtime,
    deref,
    resolve,
    to_runtime,
    unify,
)
from symlearn.kb.system import SYSTEM_PREDICATES
from symlearn.logic.clauses import Clause, conjunction, conjuncts
from symlearn.logic.printer import format_term
from symlearn.logic.terms import (
    EMPTY_LIST,
    LIST_FUNCTOR,
    PackedArgs,
    PString,
    Struct,
    Term,
    Var,
    functor_of,
    make_list,
)

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["DETERMINISTIC", "NONDETERMINISTIC"]

Deterministic = Callable[["Engine", tuple[RTerm, ...]], bool]
Nondeterministic = Callable[["Engine", tuple[RTerm, ...]], Iterator[None]]
DETERMINISTIC: dict[tuple[str, int], Deterministic] = {}
NONDETERMINISTIC: dict[tuple[str, int], Nondeterministic] = {}


def _det(name: str, arity: int) -> Callable[[Deterministic], Deterministic]:
    def register(function: Deterministic) -> Deterministic:
        DETERMINISTIC[(name, arity)] = function
        return function

    return register


def _nondet(name: str, arity: int) -> Callable[[Nondeterministic], Nondeterministic]:
    def register(function: Nondeterministic) -> Nondeterministic:
        NONDETERMINISTIC[(name, arity)] = function
        return function

    return register


def _unify(engine: Engine, a: object, b: object) -> bool:
    return unify(a, b, engine.trail)


def _proper_list(term: object) -> list[RTerm] | None:
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


def _text(term: object, what: str = "atom") -> str:
    """The text of an atom, number or string argument."""
    term = deref(term)
    if type(term) is Ref:
        raise instantiation_error()
    if type(term) is str:
        return term
    if type(term) is PString:
        return term.value
    if type(term) in (int, float):
        return format_term(term)
    if type(term) is Struct and term.name == LIST_FUNCTOR and len(term.args) == 2:
        if _proper_list(term) is None:
            raise _list_error(term) if what == "list" else _text_list_error(term, what)
        first = deref(term.args[0])
        return _list_text(term, codes=type(first) is int or type(first) is Struct)
    raise type_error(what, resolve(term))


def _text_list_error(term: RTerm, what: str) -> PrologThrow:
    tail = deref(term)
    while type(tail) is Struct and tail.name == LIST_FUNCTOR and len(tail.args) == 2:
        tail = deref(tail.args[1])
    return instantiation_error() if type(tail) is Ref else type_error(what, resolve(term))


# ---------------------------------------------------------------- unification
@_det("=", 2)
def _unify_builtin(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return _unify(engine, args[0], args[1])


@_det("\\=", 2)
def _not_unifiable(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    mark = len(engine.trail)
    result = _unify(engine, args[0], args[1])
    engine._undo(mark)
    return not result


@_det("unify_with_occurs_check", 2)
def _unify_occurs(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify(args[0], args[1], engine.trail, occurs_check=True)


def _compare(a: RTerm, b: RTerm) -> int:
    return compare_runtime(a, b)


def _order(test: Callable[[int], bool]) -> Deterministic:
    return lambda engine, args: test(_compare(args[0], args[1]))


DETERMINISTIC[("==", 2)] = _order(lambda c: c == 0)
DETERMINISTIC[("\\==", 2)] = _order(lambda c: c != 0)
DETERMINISTIC[("@<", 2)] = _order(lambda c: c < 0)
DETERMINISTIC[("@>", 2)] = _order(lambda c: c > 0)
DETERMINISTIC[("@=<", 2)] = _order(lambda c: c <= 0)
DETERMINISTIC[("@>=", 2)] = _order(lambda c: c >= 0)


@_det("compare", 3)
def _compare_builtin(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    c = _compare(args[1], args[2])
    return _unify(engine, args[0], "<" if c < 0 else (">" if c > 0 else "="))


# ----------------------------------------------------------------- arithmetic
@_det("is", 2)
def _is(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return _unify(engine, args[0], evaluate(args[1], deref))


def _arithmetic_comparison(op: str) -> Deterministic:
    def compare(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        return compare_numbers(op, evaluate(args[0], deref), evaluate(args[1], deref))

    return compare


for _op in ("<", ">", "=<", ">=", "=:=", "=\\="):
    DETERMINISTIC[(_op, 2)] = _arithmetic_comparison(_op)


@_det("succ", 2)
def _succ(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    a, b = deref(args[0]), deref(args[1])
    for given in (a, b):
        if type(given) is not Ref and type(given) is not int:
            raise type_error("integer", resolve(given))
        if type(given) is int and given < 0:
            raise _domain_error("not_less_than_zero", given)
    if type(a) is int:
        return _unify(engine, b, a + 1)
    if type(b) is int:
        if b == 0:
            return False
        return _unify(engine, a, b - 1)
    if type(a) is Ref and type(b) is Ref:
        raise instantiation_error()
    raise type_error("integer", resolve(a if type(a) is not Ref else b))


@_det("plus", 3)
def _plus(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    a, b, c = (deref(x) for x in args)
    for given in (a, b, c):
        if type(given) is not Ref and type(given) is not int:
            raise type_error("integer", resolve(given))  # SWI-Prolog's plus/3 is on integers
    if type(a) is not Ref and type(b) is not Ref:
        return _unify(engine, c, evaluate(Struct("+", (a, b)), deref))
    if type(a) is not Ref and type(c) is not Ref:
        return _unify(engine, b, evaluate(Struct("-", (c, a)), deref))
    if type(b) is not Ref and type(c) is not Ref:
        return _unify(engine, a, evaluate(Struct("-", (c, b)), deref))
    raise instantiation_error()


# ----------------------------------------------------------------- type tests
def _type_test(test: Callable[[RTerm], bool]) -> Deterministic:
    return lambda engine, args: test(deref(args[0]))


DETERMINISTIC[("var", 1)] = _type_test(lambda t: type(t) is Ref)
DETERMINISTIC[("nonvar", 1)] = _type_test(lambda t: type(t) is not Ref)
DETERMINISTIC[("atom", 1)] = _type_test(lambda t: type(t) is str)
DETERMINISTIC[("number", 1)] = _type_test(lambda t: type(t) in (int, float))
DETERMINISTIC[("integer", 1)] = _type_test(lambda t: type(t) is int)
DETERMINISTIC[("float", 1)] = _type_test(lambda t: type(t) is float)
DETERMINISTIC[("atomic", 1)] = _type_test(lambda t: type(t) in (str, int, float, PString))
DETERMINISTIC[("compound", 1)] = _type_test(lambda t: type(t) is Struct)
DETERMINISTIC[("callable", 1)] = _type_test(lambda t: type(t) in (str, Struct))
DETERMINISTIC[("string", 1)] = _type_test(lambda t: type(t) is PString)
DETERMINISTIC[("is_list", 1)] = _type_test(lambda t: _proper_list(t) is not None)


@_det("ground", 1)
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


# ----------------------------------------------------------- term inspection
@_det("functor", 3)
def _functor(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term = deref(args[0])
    if type(term) is Struct:
        return _unify(engine, args[1], term.name) and _unify(engine, args[2], len(term.args))
    if type(term) is not Ref:
        return _unify(engine, args[1], term) and _unify(engine, args[2], 0)
    name, arity = deref(args[1]), deref(args[2])
    if type(name) is Struct:
        raise type_error("atomic", resolve(name))
    if type(name) is Ref or type(arity) is Ref:
        raise instantiation_error()
    if type(arity) is not int:
        raise type_error("integer", resolve(arity))
    if arity < 0:
        raise _domain_error("not_less_than_zero", arity)
    if arity == 0:
        if type(name) is Struct:
            raise type_error("atomic", resolve(name))
        return _unify(engine, term, name)
    if type(name) is not str:
        raise type_error("atomic" if type(name) is Struct else "atom", resolve(name))
    if arity < 0:
        raise _domain_error("not_less_than_zero", arity)
    if arity > MAX_CELLS:
        raise resource_error("stack")
    return _unify(engine, term, Struct(name, tuple(Ref() for _ in range(arity))))


@_nondet("arg", 3)
def _arg(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    n, term = deref(args[0]), deref(args[1])
    if type(term) is not Struct:
        if type(term) is Ref:
            raise instantiation_error()
        raise type_error("compound", resolve(term))
    arguments = term.args
    if type(n) is int:
        if n < 0:
            raise _domain_error("not_less_than_zero", n)
        if 1 <= n <= len(arguments) and _unify(engine, args[2], arguments[n - 1]):
            yield
        return
    if type(n) is not Ref:
        raise type_error("integer", resolve(n))
    for i, value in enumerate(arguments, start=1):
        mark = len(engine.trail)
        if _unify(engine, n, i) and _unify(engine, args[2], value):
            yield
        engine._undo(mark)


@_det("=..", 2)
def _univ(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term = deref(args[0])
    if type(term) is Struct:
        return _unify(engine, args[1], make_list([term.name, *term.args]))
    if type(term) is not Ref:
        return _unify(engine, args[1], make_list([term]))
    items = _proper_list(args[1])
    if items is None:
        raise _list_error(args[1])
    if not items:
        raise PrologThrow(
            Struct("error", (Struct("domain_error", ("non_empty_list", "[]")), Ref()))
        )
    head = deref(items[0])
    if type(head) is Ref:
        raise instantiation_error()
    if len(items) == 1:
        return _unify(engine, term, head)
    if type(head) is not str:
        raise type_error("atom", resolve(head))
    return _unify(engine, term, Struct(head, tuple(items[1:])))


@_det("copy_term", 2)
def _copy_term(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return _unify(engine, args[1], copy_runtime(args[0]))


# ------------------------------------------------------------ atoms and text
@_det("atom_length", 2)
def _atom_length(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    text = _text(args[0], "text")
    length = deref(args[1])
    if type(length) is not Ref and type(length) is not int:
        raise type_error("integer", resolve(length))
    return _unify(engine, length, len(text))


@_nondet("atom_concat", 3)
def _atom_concat(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    a, b = deref(args[0]), deref(args[1])
    for given in (a, b):
        if type(given) is Struct:
            raise type_error("atomic", resolve(given))
        if given == EMPTY_LIST:  # SWI-Prolog 7+: [] is a reserved symbol, not an atom
            raise type_error("atom", given)
    if type(a) is not Ref and type(b) is not Ref:
        if _unify(engine, args[2], _text(a) + _text(b)):
            yield
        return
    whole = _text(args[2])
    for i in range(len(whole) + 1):
        mark = len(engine.trail)
        if _unify(engine, a, whole[:i]) and _unify(engine, b, whole[i:]):
            yield
        engine._undo(mark)


#: The largest character code (Unicode's last code point), as SWI-Prolog.
MAX_CODE = 0x10FFFF


def _code_character(item: RTerm) -> str:
    """The character an element of a code list stands for (SWI also takes one-char atoms)."""
    item = deref(item)
    if type(item) is Ref:
        raise instantiation_error()
    if type(item) is int and 0 <= item <= MAX_CODE:
        return chr(item)
    if type(item) is str and len(item) == 1:
        return item
    raise type_error("character_code", resolve(item))


def _char_character(item: RTerm) -> str:
    """The character an element of a char list stands for (SWI also takes codes)."""
    item = deref(item)
    if type(item) is Ref:
        raise instantiation_error()
    if type(item) is str and len(item) == 1:
        return item
    if type(item) is int and 0 <= item <= MAX_CODE:
        return chr(item)
    raise type_error("character", resolve(item))


def _list_text(term: RTerm, codes: bool) -> str:
    """The text a code or char list (or a string) spells, with SWI-Prolog's errors."""
    if type(deref(term)) is PString:
        return deref(term).value
    items = _proper_list(term)
    if items is None:
        raise _list_error(term)
    if codes:
        return "".join([_code_character(i) for i in items])
    if items and not _is_char_or_code(items[0]):
        _code_character(items[0])  # SWI reads a list whose first item is no char as codes
    return "".join([_char_character(i) for i in items])


def _is_char_or_code(item: RTerm) -> bool:
    item = deref(item)
    if type(item) is Ref:
        return True  # the instantiation error comes from the char reader
    return (type(item) is str and len(item) == 1) or (type(item) is int and 0 <= item <= MAX_CODE)


def _ground_list(term: RTerm) -> bool:
    """A string, or a proper list with no unbound element (SWI then reads it first)."""
    if type(deref(term)) is PString:
        return True
    items = _proper_list(term)
    return items is not None and all(type(deref(i)) is not Ref for i in items)


def _chars_or_codes(codes: bool) -> Deterministic:
    def convert(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        term = deref(args[0])
        if type(term) is Struct:
            raise type_error("atom", resolve(term))  # no text conversion of lists here
        if type(term) is not Ref and _ground_list(args[1]):  # SWI reads the list first
            return _list_text(args[1], codes) == _text(term)
        if type(term) is not Ref:
            text = _text(term)
            items = [ord(c) for c in text] if codes else list(text)
            return _unify(engine, args[1], make_list(items))
        return _unify(engine, term, _list_text(args[1], codes))

    return convert


DETERMINISTIC[("atom_chars", 2)] = _chars_or_codes(codes=False)
DETERMINISTIC[("atom_codes", 2)] = _chars_or_codes(codes=True)


@_det("char_code", 2)
def _char_code(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    char, code = deref(args[0]), deref(args[1])
    if type(char) is not Ref and not (type(char) is str and len(char) == 1):
        raise type_error("character", resolve(char))
    if type(code) is not Ref:
        if type(code) is not int:
            raise type_error("integer", resolve(code))
        if not 0 <= code <= MAX_CODE or 0xD800 <= code <= 0xDFFF:
            raise type_error("character_code", code)
    if type(char) is str:
        return _unify(engine, code, ord(char))
    if type(code) is Ref:
        raise instantiation_error()
    return _unify(engine, char, chr(code))


def _parse_number(text: str) -> int | float | None:
    """The number ``text`` spells (leading layout allowed, as SWI), or None.

    Raises a ``syntax_error(float_overflow)`` for a float too large, as SWI.
    """
    from symlearn.errors import KBSyntaxError
    from symlearn.kb.parser import parse_term

    if not text.strip() or text != text.rstrip():
        return None
    try:
        value = parse_term(text.lstrip())
    except KBSyntaxError as error:
        if "float_overflow" in error.message:
            raise PrologThrow(
                Struct("error", (Struct("syntax_error", ("float_overflow",)), Ref()))
            ) from None
        return None
    return value if type(value) in (int, float) else None


@_det("atom_number", 2)
def _atom_number(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    atom = deref(args[0])
    if type(atom) is Ref:
        number = deref(args[1])
        if type(number) is Ref:
            raise instantiation_error()
        return _unify(engine, atom, _text(number))
    text = _text(atom)
    if text != text.lstrip():
        return False
    try:
        value = _parse_number(text)
    except PrologThrow:
        return False
    return value is not None and _unify(engine, args[1], value)


def _number_text(codes: bool) -> Deterministic:
    def convert(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        number = deref(args[0])
        if type(number) is not Ref and type(number) not in (int, float):
            raise type_error("number", resolve(number))
        if type(number) is not Ref and not _ground_list(args[1]):
            text = _text(number)
            return _unify(
                engine, args[1], make_list([ord(c) for c in text] if codes else list(text))
            )
        value = _parse_number(_list_text(args[1], codes))
        if value is None:
            raise PrologThrow(
                Struct("error", (Struct("syntax_error", ("illegal_number",)), Ref()))
            )
        return _unify(engine, number, value)

    return convert


DETERMINISTIC[("number_codes", 2)] = _number_text(codes=True)
DETERMINISTIC[("number_chars", 2)] = _number_text(codes=False)


@_det("atom_string", 2)
def _atom_string(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    atom = deref(args[0])
    if type(atom) is not Ref:
        return _unify(engine, args[1], PString(_text(atom)))
    return _unify(engine, atom, _text(args[1], "string"))


@_det("atomic_list_concat", 2)
def _atomic_list_concat(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    items = _proper_list(args[0])
    if items is None:
        raise instantiation_error()
    return _unify(engine, args[1], "".join(_text(i, "text") for i in items))


@_det("atomic_list_concat", 3)
def _atomic_list_concat_separator(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    separator = _text(args[1])
    items = _proper_list(args[0])
    if items is not None and all(type(deref(i)) is not Ref for i in items):
        return _unify(engine, args[2], separator.join(_text(i, "text") for i in items))
    if not separator:
        raise _domain_error("non_empty_atom", separator)
    parts = _text(args[2], "atomic").split(separator)
    return _unify(engine, args[0], make_list(parts))


@_det("term_to_atom", 2)
def _term_to_atom(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term, text = deref(args[0]), deref(args[1])
    if type(term) is not Ref and type(text) is Ref:
        return _unify(engine, args[1], format_term(resolve(term)))
    from symlearn.errors import KBSyntaxError
    from symlearn.kb.parser import parse_term

    try:
        parsed = parse_term(_text(args[1]))
    except KBSyntaxError as error:  # catchable, as SWI-Prolog's syntax errors are
        formal = Struct("syntax_error", (str(error).splitlines()[0],))
        raise PrologThrow(Struct("error", (formal, Ref()))) from None
    return _unify(engine, term, to_runtime(parsed, {}))


# ---------------------------------------------------------------------- lists
@_nondet("length", 2)
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
        raise _domain_error("not_less_than_zero", wanted)
    if term == EMPTY_LIST:
        if _unify(engine, args[1], count):
            yield
        return
    if type(term) is not Ref:
        raise type_error("list", resolve(args[0]))  # as SWI-Prolog 9
    if type(wanted) is int:
        if wanted < 0:
            raise _domain_error("not_less_than_zero", wanted)
        if wanted - count > MAX_CELLS:
            raise resource_error("stack")
        if wanted >= count and _unify(
            engine, term, make_list([Ref() for _ in range(wanted - count)])
        ):
            yield
        return
    if type(wanted) is not Ref:
        raise type_error("integer", resolve(wanted))
    extra = 0
    fresh: RTerm = EMPTY_LIST  # one cell longer on each redo (its cells unbound by the undo)
    while True:
        mark = len(engine.trail)
        if _unify(engine, term, fresh) and _unify(engine, wanted, count + extra):
            yield
        engine._undo(mark)
        extra += 1
        fresh = Struct(LIST_FUNCTOR, (Ref(), fresh))


@_nondet("repeat", 0)
def _repeat(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    while True:  # each redo is an inference: the step and time limits stop a runaway
        yield


@_nondet("between", 3)
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


def _list_error(term: RTerm) -> PrologThrow:
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


def _domain_error(domain: str, culprit: RTerm) -> PrologThrow:
    return PrologThrow(Struct("error", (Struct("domain_error", (domain, culprit)), Ref())))


def _sorted_list(engine: Engine, args: tuple[RTerm, ...], unique: bool) -> bool:
    from symlearn.engine.control import sort_terms

    items = _proper_list(args[0])
    if items is None:
        raise _list_error(args[0])
    return _unify(engine, args[1], make_list(sort_terms(items, unique)))


DETERMINISTIC[("msort", 2)] = lambda engine, args: _sorted_list(engine, args, unique=False)
DETERMINISTIC[("sort", 2)] = lambda engine, args: _sorted_list(engine, args, unique=True)


#: sort/4's orders; SWI-Prolog also takes the arithmetic names for the standard order.
_SORT_ORDERS = {o: o for o in ("@<", "@>", "@=<", "@>=")} | {
    "<": "@<",
    ">": "@>",
    "=<": "@=<",
    ">=": "@>=",
}


@_det("sort", 4)
def _sort4(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    key, order = deref(args[0]), deref(args[1])
    if type(key) is Ref:
        raise instantiation_error()
    if type(key) is not int:
        raise type_error("sort_key", resolve(key))
    if key < 0:
        raise _domain_error("not_less_than_one", key)  # SWI-Prolog 9's domain name
    if type(order) is Ref:
        raise instantiation_error()
    order = _SORT_ORDERS.get(order) if type(order) is str else None
    if order is None:
        raise _domain_error("order", resolve(args[1]))
    items = _proper_list(args[2])
    if items is None:
        raise _list_error(args[2])

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
    return _unify(engine, args[3], make_list(ordered))


@_det("keysort", 2)
def _keysort(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    items = _proper_list(args[0])
    if items is None:
        raise instantiation_error()
    pairs = [deref(i) for i in items]
    for pair in pairs:
        if not (type(pair) is Struct and pair.name == "-" and len(pair.args) == 2):
            raise type_error("pair", resolve(pair))
    ordered = sorted(pairs, key=cmp_to_key(lambda a, b: compare_runtime(a.args[0], b.args[0])))
    return _unify(engine, args[1], make_list(ordered))


@_det("memberchk", 2)
def _memberchk(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term = deref(args[1])
    walked = 0
    cells: set[int] = set()
    while type(term) is Struct and term.name == LIST_FUNCTOR and len(term.args) == 2:
        mark = len(engine.trail)
        if _unify(engine, args[0], term.args[0]):
            return True
        engine._undo(mark)
        term = deref(term.args[1])
        walked += 1
        if walked > 1_000_000:  # watch for a cyclic list
            if id(term) in cells:
                raise type_error("list", "<cyclic term>")
            cells.add(id(term))
    if type(term) is Ref:
        return _unify(engine, term, Struct(LIST_FUNCTOR, (args[0], Ref())))
    if term != EMPTY_LIST:
        raise type_error("list", resolve(term))  # as SWI-Prolog 9
    return False


# ------------------------------------------------------------------ database
def _clause_of(term: object) -> Clause:
    term = resolve(term)
    if type(term) is Var:
        raise instantiation_error()
    if type(term) is Struct and term.name == ":-" and len(term.args) == 2:
        head, body = term.args
        if type(head) is Var or type(body) is Var:
            raise instantiation_error()
        if any(type(goal) is Var for goal in conjuncts(body)):
            raise type_error("callable", body)  # as SWI-Prolog 9 does
        return Clause(head, conjuncts(body))
    return Clause(term)


def _assert(at_end: bool) -> Deterministic:
    def add(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        try:
            clause = _clause_of(args[0])
        except TypeError:
            raise type_error("callable", resolve(args[0])) from None
        name, arity = clause.functor
        if (name, arity) in SYSTEM_PREDICATES or engine.is_builtin(name, arity):
            indicator = Struct("/", (name, arity))
            formal = Struct("permission_error", ("modify", "static_procedure", indicator))
            raise PrologThrow(Struct("error", (formal, Ref())))
        predicate = engine.kb.predicate(*clause.functor)
        predicate.dynamic = True
        if at_end:
            predicate.add(clause)
        else:
            predicate.clauses.insert(0, clause)
            predicate.positions.insert(0, None)
            predicate.touch()
        engine.changed()
        return True

    return add


DETERMINISTIC[("assert", 1)] = DETERMINISTIC[("assertz", 1)] = _assert(at_end=True)
DETERMINISTIC[("asserta", 1)] = _assert(at_end=False)


@_det("retract", 1)
def _retract(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term = deref(args[0])
    head, body = (
        term.args
        if type(term) is Struct and term.name == ":-" and len(term.args) == 2
        else (term, "true")
    )
    head = deref(head)
    if type(head) not in (str, Struct):
        raise instantiation_error()
    name, arity = (head.name, len(head.args)) if type(head) is Struct else (head, 0)
    predicate = engine.kb.predicates.get((name, arity))
    if predicate is None:
        return False
    for number, clause in enumerate(predicate.clauses):
        mark = len(engine.trail)
        candidate = to_runtime(
            clause.to_term() if clause.body else Struct(":-", (clause.head, "true")), {}
        )
        if unify(Struct(":-", (head, body)), candidate, engine.trail):
            del predicate.clauses[number]
            del predicate.positions[number]
            predicate.touch()
            engine.changed()
            return True
        engine._undo(mark)
    return False


def _clauses_of(engine: Engine, head: object) -> Iterator[tuple[Term, Term, Term]]:
    """``(head, body, probability)`` of each clause whose head may match ``head``.

    The knowledge base's clauses (probability 1.0), then its probabilistic
    clauses (one per head of an annotated disjunction), as ProbLog lists them;
    every clause when ``head`` is unbound (ProbLog's ``clause/2,3`` do that;
    ISO's raises an instantiation error).
    """
    wanted = None if type(head) is Ref else functor_of(head)
    predicates = engine.kb.predicates
    for key in [wanted] if wanted is not None else list(predicates):
        predicate = predicates.get(key)
        for clause in predicate.clauses if predicate is not None else ():
            yield clause.head, conjunction(clause.body), 1.0
    for probabilistic in engine.kb.probabilistic:
        for probability, atom in probabilistic.heads:
            if wanted is None or functor_of(atom) == wanted:
                yield atom, conjunction(probabilistic.body), probability


def _clause_solutions(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    head = deref(args[0])
    if type(head) not in (Ref, str, Struct):
        raise type_error("callable", resolve(head))
    body = deref(args[1])
    if type(body) not in (Ref, str, Struct):
        raise type_error("callable", resolve(body))
    for clause_head, clause_body, probability in list(_clauses_of(engine, head)):
        mark = len(engine.trail)
        parts = (clause_head, clause_body, probability)[: len(args)]
        found = to_runtime(Struct("c", parts), {})
        if unify(Struct("c", args), found, engine.trail):
            yield
        engine._undo(mark)


#: ``clause(Head, Body)`` (ISO) and ProbLog's ``clause(Head, Body, Probability)``.
NONDETERMINISTIC[("clause", 2)] = NONDETERMINISTIC[("clause", 3)] = _clause_solutions


# ------------------------------------------------------------------- output
def _write(engine: Engine, text: str) -> None:
    if engine.output is not None:
        engine.output.write(text)


DETERMINISTIC[("write", 1)] = DETERMINISTIC[("print", 1)] = lambda engine, args: (
    _write(engine, _unquoted(args[0])) or True
)
DETERMINISTIC[("writeq", 1)] = DETERMINISTIC[("write_canonical", 1)] = lambda engine, args: (
    _write(engine, format_term(resolve(args[0]))) or True
)
DETERMINISTIC[("writeln", 1)] = lambda engine, args: (
    _write(engine, _unquoted(args[0]) + "\n") or True
)
DETERMINISTIC[("nl", 0)] = lambda engine, args: _write(engine, "\n") or True


#: The longest text (atom, string, output of one builtin) the engine builds, in
#: characters; past it builtins throw ``resource_error(memory)`` before allocating.
MAX_TEXT_LENGTH = 1 << 26
#: The most cells (list elements, arguments) one builtin call may allocate.
MAX_CELLS = 1 << 27


@_det("tab", 1)
def _tab(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    count = evaluate(args[0], deref)
    if type(count) is not int:
        raise type_error("integer", count)
    if count > MAX_TEXT_LENGTH:
        raise resource_error("memory")
    _write(engine, " " * count)
    return True


def _unquoted(term: object) -> str:
    term = resolve(term)
    if type(term) is str:
        return term
    if type(term) is PString:
        return term.value
    return format_term(term)


@_det("format", 1)
def _format1(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return _format(engine, (args[0], EMPTY_LIST))


@_det("format", 2)
def _format(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    control = _text(args[0])
    values = _proper_list(args[1])
    if values is None:
        values = [args[1]]
    from symlearn.engine.formatting import format_text

    _write(engine, format_text(control, values))
    return True
