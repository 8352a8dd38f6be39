"""Built-ins on text: atoms, strings, characters and codes, and terms read from text.

ISO's ``atom_length/2``, ``atom_concat/3``, ``sub_atom/5``, ``atom_chars/2``,
``atom_codes/2``, ``char_code/2``, ``number_codes/2``, ``number_chars/2``, and
SWI-Prolog's ``atom_number/2``, ``atom_string/2``, ``atomic_list_concat/2,3``,
``term_to_atom/2``, ``atom_to_term/3``, ``term_string/2``, strings
(``string_concat/3``, ``split_string/4``, ``sub_string/5``, ``string_chars/2``
...) and ``upcase_atom/2``, with SWI-Prolog's answers and
errors.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import PrologThrow, instantiation_error, type_error
from symlearn.engine.builtins import (
    DETERMINISTIC,
    NONDETERMINISTIC,
    Deterministic,
    det,
    domain_error,
    list_error,
    nondet,
    proper_list,
    unify_terms,
)
from symlearn.engine.output import term_text
from symlearn.engine.runtime import Ref, RTerm, deref, fresh_ref, resolve, to_runtime
from symlearn.logic.printer import format_term
from symlearn.logic.terms import EMPTY_LIST, LIST_FUNCTOR, PString, Struct, Var, make_list

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["MAX_CODE", "read_text", "text_list_error", "text_of"]


def text_of(term: object, what: str = "atom") -> str:
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
        if proper_list(term) is None:
            raise list_error(term) if what == "list" else text_list_error(term, what)
        return _list_text(term)
    raise type_error(what, resolve(term))


def atomic_text(term: object) -> str:
    """The text of an atomic argument: an atom, number or string (SWI's ``atomic`` type)."""
    value = deref(term)
    if type(value) is Struct:
        raise type_error("atomic", resolve(value))
    return text_of(value)


def text_list_error(term: RTerm, what: str) -> PrologThrow:
    """The error for a partial or wrong list where text is expected."""
    tail = deref(term)
    while type(tail) is Struct and tail.name == LIST_FUNCTOR and len(tail.args) == 2:
        tail = deref(tail.args[1])
    return instantiation_error() if type(tail) is Ref else type_error(what, resolve(term))


# ------------------------------------------------------------ atoms and text
@det("atom_length", 2)
def _atom_length(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    text = text_of(args[0], "text")
    length = deref(args[1])
    if type(length) is not Ref and type(length) is not int:
        raise type_error("integer", resolve(length))
    return unify_terms(engine, length, len(text))


@nondet("atom_concat", 3)
def _atom_concat(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    a, b = deref(args[0]), deref(args[1])
    for given in (a, b):
        if type(given) is Struct:
            raise type_error("atomic", resolve(given))
        if given == EMPTY_LIST:  # SWI-Prolog 7+: [] is a reserved symbol, not an atom
            raise type_error("atom", given)
    if type(a) is not Ref and type(b) is not Ref:
        if unify_terms(engine, args[2], text_of(a) + text_of(b)):
            yield
        return
    whole = text_of(args[2])
    for i in range(len(whole) + 1):
        mark = len(engine.trail)
        if unify_terms(engine, a, whole[:i]) and unify_terms(engine, b, whole[i:]):
            yield
        engine._undo(mark)


#: The largest character code (Unicode's last code point), as SWI-Prolog.
MAX_CODE = 0x10FFFF


def _code_character(item: RTerm) -> str:
    """The character an element of a code list stands for."""
    item = deref(item)
    if type(item) is Ref:
        raise instantiation_error()
    if type(item) is int and 0 <= item <= MAX_CODE:
        return chr(item)
    raise type_error("character_code", resolve(item))


def _char_character(item: RTerm) -> str:
    """The character an element of a char list stands for."""
    item = deref(item)
    if type(item) is Ref:
        raise instantiation_error()
    if type(item) is str and len(item) == 1:
        return item
    raise type_error("character", resolve(item))


def _list_text(term: RTerm) -> str:
    """The text a code or char list (or a string) spells, with SWI-Prolog's errors.

    As SWI-Prolog, the first element decides, whichever predicate asks: a
    list that starts with a one-character atom is a char list (every element
    a character: ``type_error(character, bc)``), any other a code list
    (``atom_codes(A, [105, 115, o])`` is ``type_error(character_code, o)``).
    """
    if type(deref(term)) is PString:
        return deref(term).value
    items = proper_list(term)
    if items is None:
        raise list_error(term)
    if not items:
        return ""
    first = deref(items[0])
    if type(first) is str and len(first) == 1:
        return "".join([_char_character(i) for i in items])
    return "".join([_code_character(i) for i in items])


def _ground_list(term: RTerm) -> bool:
    """A string, or a proper list with no unbound element (SWI then reads it first)."""
    if type(deref(term)) is PString:
        return True
    items = proper_list(term)
    return items is not None and all(type(deref(i)) is not Ref for i in items)


def _chars_or_codes(codes: bool) -> Deterministic:
    def convert(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        term = deref(args[0])
        if type(term) is Struct:
            raise type_error("atom", resolve(term))  # no text conversion of lists here
        if type(term) is not Ref and _ground_list(args[1]):  # SWI reads the list first
            return _list_text(args[1]) == text_of(term)
        if type(term) is not Ref:
            text = text_of(term)
            items = [ord(c) for c in text] if codes else list(text)
            return unify_terms(engine, args[1], make_list(items))
        return unify_terms(engine, term, _list_text(args[1]))

    return convert


DETERMINISTIC[("atom_chars", 2)] = _chars_or_codes(codes=False)
DETERMINISTIC[("atom_codes", 2)] = _chars_or_codes(codes=True)


@det("char_code", 2)
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
        return unify_terms(engine, code, ord(char))
    if type(code) is Ref:
        raise instantiation_error()
    return unify_terms(engine, char, chr(code))


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
                Struct("error", (Struct("syntax_error", ("float_overflow",)), fresh_ref()))
            ) from None
        return None
    return value if type(value) in (int, float) else None


@det("atom_number", 2)
def _atom_number(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    atom = deref(args[0])
    if type(atom) is Ref:
        number = deref(args[1])
        if type(number) is Ref:
            raise instantiation_error()
        return unify_terms(engine, atom, text_of(number))
    text = text_of(atom)
    if text != text.lstrip():
        return False
    try:
        value = _parse_number(text)
    except PrologThrow:
        return False
    return value is not None and unify_terms(engine, args[1], value)


def _number_text(codes: bool) -> Deterministic:
    def convert(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        number = deref(args[0])
        if type(number) is not Ref and type(number) not in (int, float):
            raise type_error("number", resolve(number))
        if type(number) is not Ref and not _ground_list(args[1]):
            text = text_of(number)
            return unify_terms(
                engine, args[1], make_list([ord(c) for c in text] if codes else list(text))
            )
        value = _parse_number(_list_text(args[1]))
        if value is None:
            raise PrologThrow(
                Struct("error", (Struct("syntax_error", ("illegal_number",)), fresh_ref()))
            )
        return unify_terms(engine, number, value)

    return convert


DETERMINISTIC[("number_codes", 2)] = _number_text(codes=True)
DETERMINISTIC[("number_chars", 2)] = _number_text(codes=False)


@det("atom_string", 2)
def _atom_string(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    atom = deref(args[0])
    if type(atom) is not Ref:
        return unify_terms(engine, args[1], PString(text_of(atom)))
    return unify_terms(engine, atom, text_of(args[1], "string"))


@det("atomic_list_concat", 2)
def _atomic_list_concat(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    items = proper_list(args[0])
    if items is None:
        raise instantiation_error()
    return unify_terms(engine, args[1], "".join(text_of(i, "text") for i in items))


@det("atomic_list_concat", 3)
def _atomic_list_concat_separator(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    separator = text_of(args[1])
    items = proper_list(args[0])
    if items is not None and all(type(deref(i)) is not Ref for i in items):
        return unify_terms(engine, args[2], separator.join(text_of(i, "text") for i in items))
    if not separator:
        raise domain_error("non_empty_atom", separator)
    parts = text_of(args[2], "atomic").split(separator)
    return unify_terms(engine, args[0], make_list(parts))


@det("term_to_atom", 2)
def _term_to_atom(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term, text = deref(args[0]), deref(args[1])
    if type(text) is Ref:
        return unify_terms(engine, text, term_text(engine, term, quoted=True))
    parsed, _ = read_text(engine, text_of(text))
    return unify_terms(engine, term, parsed)


@det("term_string", 2)
def _term_string(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    term, text = deref(args[0]), deref(args[1])
    if type(text) is Ref:
        return unify_terms(engine, text, PString(term_text(engine, term, quoted=True)))
    parsed, _ = read_text(engine, text_of(text))
    return unify_terms(engine, term, parsed)


@det("atom_to_term", 3)
def _atom_to_term(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    parsed, names = read_text(engine, text_of(args[0]))
    bindings = make_list([Struct("=", (name, ref)) for name, ref in names.items()])
    return unify_terms(engine, args[1], parsed) and unify_terms(engine, args[2], bindings)


@det("read_term_from_atom", 3)
def _read_term_from_atom(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """The term the text ``args[0]`` holds (SWI's ``read_term_from_atom/3``; no options used)."""
    parsed, _ = read_text(engine, text_of(args[0]))
    return unify_terms(engine, args[1], parsed)


def read_text(engine: Engine, text: str) -> tuple[RTerm, dict[str, Ref]]:
    """Read ``text`` as one term with the engine's operators; its named variables.

    A syntax error is thrown as ``error(syntax_error(Message), _)``, catchable
    as SWI-Prolog's are.
    """
    from symlearn.errors import KBSyntaxError
    from symlearn.kb.parser import parse_term_with_variables

    try:
        parsed, variables = parse_term_with_variables(text, ops=engine.kb.operators)
    except KBSyntaxError as error:
        formal = Struct("syntax_error", (error.message,))
        raise PrologThrow(Struct("error", (formal, fresh_ref()))) from None
    quotes = engine.flags.get("double_quotes")
    if quotes != "string":
        from symlearn.kb.prolog_directives import strings_as

        parsed = strings_as(parsed, quotes)
    mapping: dict[Var, Ref] = {}
    runtime = to_runtime(parsed, mapping)
    return runtime, {name: mapping[var] for name, var in variables.items() if var in mapping}


# ---------------------------------------------------------------- sub_atom/5
def _optional_length(term: RTerm) -> int | None:
    """An integer argument of sub_atom/5 (None while unbound)."""
    term = deref(term)
    if type(term) is Ref:
        return None
    if type(term) is not int:
        raise type_error("integer", resolve(term))
    if term < 0:
        raise domain_error("not_less_than_zero", term)
    return term


def _sub_text(string: bool) -> Iterator[None] | object:
    kind = "string" if string else "atom"

    def sub(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
        whole_term = deref(args[0])
        if type(whole_term) is Ref:
            raise instantiation_error()
        if type(whole_term) is Struct:
            raise type_error(kind, resolve(whole_term))
        whole = text_of(whole_term)
        before, length, after = (_optional_length(a) for a in args[1:4])
        wanted = deref(args[4])
        if type(wanted) is Struct or (not string and type(wanted) in (int, float)):
            raise type_error(kind, resolve(wanted))  # ISO: a number is not an atom either
        n = len(whole)
        make = PString if string else str

        def answer(b: int, size: int) -> bool:
            return (
                unify_terms(engine, args[1], b)
                and unify_terms(engine, args[2], size)
                and unify_terms(engine, args[3], n - b - size)
                and (
                    type(wanted) is not Ref
                    or unify_terms(engine, wanted, make(whole[b : b + size]))
                )
            )

        if type(wanted) is not Ref:
            target = text_of(wanted)
            size = len(target)
            if length is not None and length != size:
                return
            b = whole.find(target)
            while b >= 0:
                if (before is None or b == before) and (after is None or n - b - size == after):
                    mark = len(engine.trail)
                    if answer(b, size):
                        yield
                    engine._undo(mark)
                b = whole.find(target, b + 1)
            return
        starts = range(n + 1) if before is None else [before]
        for b in starts:
            if not 0 <= b <= n:
                continue
            if length is not None:
                sizes: range | list[int] = [length]
            elif after is not None:
                sizes = [n - b - after]
            else:
                sizes = range(n - b + 1)
            for size in sizes:
                if size < 0 or b + size > n or (after is not None and n - b - size != after):
                    continue
                mark = len(engine.trail)
                if answer(b, size):
                    yield
                engine._undo(mark)

    return sub


NONDETERMINISTIC[("sub_atom", 5)] = _sub_text(False)
NONDETERMINISTIC[("sub_string", 5)] = _sub_text(True)


# ---------------------------------------------------------------- strings
@nondet("string_concat", 3)
def _string_concat(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    a, b, joined = deref(args[0]), deref(args[1]), deref(args[2])
    for given in (a, b, joined):  # SWI-Prolog looks at each before it compares
        if type(given) is Struct:
            raise type_error("atomic", resolve(given))
    if type(joined) is Ref and Ref in (type(a), type(b)):
        raise instantiation_error()
    if type(a) is not Ref and type(b) is not Ref:
        text = atomic_text(a) + atomic_text(b)
        if type(joined) is Ref:
            if unify_terms(engine, joined, PString(text)):
                yield
        elif atomic_text(joined) == text:  # as SWI-Prolog: the texts compare
            yield
        return
    whole = atomic_text(joined)
    if type(a) is not Ref:
        prefix = atomic_text(a)
        if whole.startswith(prefix) and unify_terms(engine, b, PString(whole[len(prefix) :])):
            yield
        return
    if type(b) is not Ref:
        suffix = atomic_text(b)
        cut = len(whole) - len(suffix)
        if whole.endswith(suffix) and unify_terms(engine, a, PString(whole[:cut])):
            yield
        return
    for i in range(len(whole) + 1):
        mark = len(engine.trail)
        if unify_terms(engine, a, PString(whole[:i])) and unify_terms(
            engine, b, PString(whole[i:])
        ):
            yield
        engine._undo(mark)


@det("split_string", 4)
def _split_string(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    text, separators, pad = (_proper_text(a) for a in args[:3])
    parts: list[str] = []
    if separators:
        current: list[str] = []
        for char in text:
            if char in separators:
                parts.append("".join(current))
                current = []
            else:
                current.append(char)
        parts.append("".join(current))
    else:
        parts = [text]
    if pad:
        parts = [part.strip(pad) for part in parts]
    return unify_terms(engine, args[3], make_list([PString(p) for p in parts]))


def _string_of(codes: bool | None) -> Deterministic:
    """``string_chars/2`` (chars), ``string_codes/2`` (codes), ``string_to_atom/2`` (None)."""

    def convert(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        string = deref(args[0])
        if type(string) is not Ref:
            text = text_of(string, "string" if codes is None else "atom")
            if codes is None:
                return unify_terms(engine, args[1], text)
            if type(deref(args[1])) is PString:  # both given: as SWI-Prolog, the texts compare
                return text == text_of(args[1])
            items = [ord(c) for c in text] if codes else list(text)
            return unify_terms(engine, args[1], make_list(items))
        other = deref(args[1])
        if type(other) is Ref:
            raise instantiation_error()
        text = text_of(other) if codes is None else _list_text(other)
        return unify_terms(engine, string, PString(text))

    return convert


DETERMINISTIC[("string_chars", 2)] = _string_of(False)
DETERMINISTIC[("string_codes", 2)] = _string_of(True)
DETERMINISTIC[("string_to_atom", 2)] = _string_of(None)


@det("string_length", 2)
def _string_length(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    return unify_terms(engine, args[1], len(text_of(args[0], "text")))


def _proper_text(term: RTerm) -> str:
    """The text of an atom, string or code or character list; a number is a type error (SWI)."""
    value = deref(term)
    if type(value) in (int, float):
        raise type_error("text", value)
    return text_of(value, "text")


@det("text_to_string", 2)
def _text_to_string(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """SWI-Prolog's ``text_to_string/2``: an atom, string or code or char list as a string."""
    text = "" if deref(args[0]) == EMPTY_LIST else _proper_text(args[0])
    target = deref(args[1])
    if type(target) is Ref:
        return unify_terms(engine, target, PString(text))
    return text_of(target, "text") == text


@nondet("string_code", 3)
def _string_code(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    """The code at a 1-based index of a text; each index in turn while it is unbound (SWI)."""
    text = _proper_text(args[1])
    index = _optional_length(args[0])
    for at in range(1, len(text) + 1) if index is None else [index]:
        mark = len(engine.trail)
        inside = 1 <= at <= len(text)
        if (
            inside
            and unify_terms(engine, args[0], at)
            and unify_terms(engine, args[2], ord(text[at - 1]))
        ):
            yield
        engine._undo(mark)


@det("number_string", 2)
def _number_string(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    number = deref(args[0])
    text = deref(args[1])
    if type(text) is Ref:
        if type(number) is Ref:
            raise instantiation_error()
        return unify_terms(engine, text, PString(text_of(number)))
    string = text_of(text)
    unsigned = string[1:] if string[:1] in "+-" else string
    if not unsigned[:1].isdigit():
        return False  # SWI-Prolog 9: a sign then digits, no layout; other text fails
    if string != string.strip() or string.endswith("."):
        return False
    try:
        value = _parse_number(string.removeprefix("+"))
    except PrologThrow:  # a float too large
        return False
    return value is not None and unify_terms(engine, number, value)


def _case(upper: bool, string: bool) -> Deterministic:
    def convert(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        text = atomic_text(args[0])
        changed = text.upper() if upper else text.lower()
        return unify_terms(engine, args[1], PString(changed) if string else changed)

    return convert


DETERMINISTIC[("upcase_atom", 2)] = _case(True, False)
DETERMINISTIC[("downcase_atom", 2)] = _case(False, False)
DETERMINISTIC[("string_upper", 2)] = _case(True, True)
DETERMINISTIC[("string_lower", 2)] = _case(False, True)
