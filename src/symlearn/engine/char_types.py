r"""``char_type/2`` and ``code_type/2``: the classes of a character, as SWI-Prolog 9 gives them.

The classes follow the Unicode general category of the character
(``unicodedata``), as SWI-Prolog's follow the C library's wide-character
tests: ``alpha`` is a letter, ``alnum`` a letter or a decimal digit,
``csym``/``csymf`` add ``_``, ``prolog_var_start`` is an upper-case letter or
``_``, ``prolog_atom_start`` another letter, ``prolog_symbol`` one of
``#$&*+-./:<=>?@\^~`` or, past ASCII, a symbol or punctuation mark;
``space`` is ``\t\n\v\f\r`` and the blank, ``graph`` a printable
character but the blank, ``punct`` a graph that is not alphanumeric (``_``
is one).  ``upper(L)``: an upper-case letter whose lower case is ``L``;
``to_lower(U)``: ``U`` is the character's upper case (SWI-Prolog's
``to_lower(U)`` relates a character to the ``U`` it is the lower case of),
and the other way round for ``lower(U)`` and ``to_upper(L)``.  A character's
classes come in SWI-Prolog's order.  With the character unbound, the classes
are enumerated over the codes 0-255, except ``to_lower``, ``to_upper``,
``upper`` and ``lower`` with a bound argument, which give their one
character.  ``code_type/2`` is the same over codes, -1 being
``end_of_file``.

Functions
---------
char_classes
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import instantiation_error, type_error
from symlearn.engine.builtins import domain_error, nondet, unify_terms
from symlearn.engine.runtime import Ref, RTerm, deref, resolve
from symlearn.engine.text import MAX_CODE, text_of
from symlearn.logic.terms import Struct

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["char_classes"]

_PROLOG_SYMBOLS = frozenset("#$&*+-./:<=>?@\\^~")
_WIDE_SYMBOL_CATEGORIES = frozenset({"Sm", "Sc", "Sk", "So", "Po", "Pi", "Pf"})
_PARENS = {"(": ")", "[": "]", "{": "}"}
#: The classes whose argument is a character (a code for ``code_type/2``).
_CHARACTER_ARGUMENT = frozenset({"upper", "lower", "to_lower", "to_upper", "paren"})


def _single(text: str, char: str) -> str:
    """A case mapping that gives one character, else the character itself (``ß``)."""
    return text if len(text) == 1 else char


def char_classes(char: str) -> list[RTerm]:
    """The classes ``char_type(char, Class)`` gives, in SWI-Prolog's order."""
    category = unicodedata.category(char)
    letter = category[0] == "L"
    alnum = letter or category == "Nd"
    word = letter or char == "_"
    ascii_ = ord(char) < 128
    printable = (category[0] != "C" or category == "Cf") and category not in ("Zl", "Zp")
    graph = printable and char != " "
    classes: list[RTerm] = []

    def add(condition: bool, *names: RTerm) -> None:
        if condition:
            classes.extend(names)

    add(alnum, "alnum")
    add(letter, "alpha")
    add(alnum or char == "_", "csym")
    add(word, "csymf")
    add(word, "prolog_var_start" if category == "Lu" or char == "_" else "prolog_atom_start")
    add(alnum or char == "_", "prolog_identifier_continue")
    wide_symbol = not ascii_ and category in _WIDE_SYMBOL_CATEGORIES
    add(char in _PROLOG_SYMBOLS or wide_symbol, "prolog_symbol")
    add(word, "csymf")  # SWI-Prolog's table has it twice
    if category == "Nd":
        classes += ["decimal", Struct("decimal", (unicodedata.digit(char),))]
    add(ascii_, "ascii")
    add(char in " \t", "white")
    add(category == "Cc", "cntrl")
    add("0" <= char <= "9", "digit")
    add(printable, "print")
    add(char in "\t\n\v\f\r ", "space")
    add(char in "\n\v\f\r", "end_of_line")
    add(char == "\n", "newline")
    add(graph, "graph")
    add(graph and not alnum, "punct")
    upper, lower = _single(char.upper(), char), _single(char.lower(), char)
    add(char.isupper(), "upper")
    add(char.islower(), "lower")
    add(char in ".!?", "period")
    add(char in "'\"`", "quote")
    add(char.isupper(), Struct("upper", (lower,)))
    add(char.islower(), Struct("lower", (upper,)))
    classes += [Struct("to_lower", (upper,)), Struct("to_upper", (lower,))]
    add(char in _PARENS, Struct("paren", (_PARENS.get(char, ""),)))
    add("0" <= char <= "9", Struct("digit", (ord(char) - ord("0"),)))
    if ascii_ and char in "0123456789abcdefABCDEF":
        classes.append(Struct("xdigit", (int(char, 16),)))
    return classes


def _one_character(kind: RTerm) -> str | None:
    """The one character a class with a bound argument names (``to_lower(a)``: ``a``)."""
    if type(kind) is not Struct or len(kind.args) != 1 or kind.name not in _CHARACTER_ARGUMENT:
        return None
    argument = deref(kind.args[0])
    if type(argument) is Ref or kind.name == "paren":
        return None
    text = _argument_character(argument)
    if kind.name in ("to_lower", "lower"):
        return _single(text.lower(), text)
    return _single(text.upper(), text)


def _case_partners(kind: RTerm) -> tuple[str, bool] | None:
    """For ``to_lower(U)`` or ``to_upper(L)`` with a bound argument: it, and whether upper.

    SWI-Prolog's ``char_type(C, to_lower(U))`` holds when ``U`` is ``C`` or
    its upper case, and ``to_upper(L)`` when ``L`` is ``C`` or its lower case.
    """
    if type(kind) is not Struct or kind.name not in ("to_lower", "to_upper"):
        return None
    argument = deref(kind.args[0])
    if type(argument) is Ref:
        return None
    text = _argument_character(argument)
    return text, kind.name == "to_lower"


def _argument_character(argument: RTerm) -> str:
    """A class's bound argument as a character (a code must be one; SWI's error if not)."""
    if type(argument) is int:
        if not 0 <= argument <= MAX_CODE:
            raise type_error("character", argument)
        return chr(argument)
    return text_of(argument)


def _candidates(char: RTerm, kind: RTerm, as_code: bool) -> list[str]:
    """The characters to try: the one given, or those ``kind`` allows."""
    if type(char) is Struct:
        raise type_error("character", resolve(char))
    if type(char) is not Ref:
        text = chr(char) if type(char) is int else text_of(char)
        if len(text) != 1:
            raise type_error("character", resolve(char))
        return [text]
    if type(kind) is Ref:
        raise instantiation_error()
    known = _one_character(kind if not as_code else _as_character(kind))
    return [known] if known is not None else [chr(code) for code in range(256)]


def _as_code(kind: RTerm) -> RTerm:
    """A class with its character argument as a code (``upper(0'a)``)."""
    if type(kind) is Struct and kind.name in _CHARACTER_ARGUMENT:
        return Struct(kind.name, (ord(kind.args[0]),))  # type: ignore[arg-type]
    return kind


def _as_character(kind: RTerm) -> RTerm:
    """A ``code_type/2`` class with a bound code argument as its character."""
    if type(kind) is Struct and kind.name in _CHARACTER_ARGUMENT and len(kind.args) == 1:
        argument = deref(kind.args[0])
        if type(argument) is int and 0 <= argument <= MAX_CODE:
            return Struct(kind.name, (chr(argument),))
    return kind


def _answers(
    engine: Engine, target: RTerm, kind: RTerm, candidates: list[str], as_code: bool
) -> Iterator[None]:
    partners = _case_partners(kind)
    if partners is not None:
        partner, upper = partners
        for candidate in candidates:
            mapped = _single(candidate.upper() if upper else candidate.lower(), candidate)
            value: RTerm = ord(candidate) if as_code else candidate
            mark = len(engine.trail)
            matched = partner in (candidate, mapped)
            if matched and (type(target) is not Ref or unify_terms(engine, target, value)):
                yield
            engine._undo(mark)
        return
    given = type(target) is not Ref  # a character or a code, either way
    for candidate in candidates:
        value = ord(candidate) if as_code else candidate
        for found in char_classes(candidate):
            mark = len(engine.trail)
            answer = _as_code(found) if as_code else found
            if (given or unify_terms(engine, target, value)) and unify_terms(engine, kind, answer):
                yield
            engine._undo(mark)


def _classes_of(as_code: bool) -> object:
    """``char_type/2`` (``as_code`` False) or ``code_type/2``: the classes of a character."""

    def classes(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
        char, kind = deref(args[0]), deref(args[1])
        if type(char) is int and not 0 <= char <= MAX_CODE:
            yield from _not_a_character(engine, char, kind)
            return
        yield from _answers(engine, char, kind, _candidates(char, kind, as_code), as_code)

    return classes


nondet("char_type", 2)(_classes_of(as_code=False))  # type: ignore[arg-type]
nondet("code_type", 2)(_classes_of(as_code=True))  # type: ignore[arg-type]


def _not_a_character(engine: Engine, code: int, kind: RTerm) -> Iterator[None]:
    """A code outside Unicode, as SWI-Prolog takes it: -1 is the end of file's only class."""
    if code < -1 or code >= 2**31:
        raise type_error("character", code)
    if code > MAX_CODE:
        raise domain_error("character", code)
    if unify_terms(engine, kind, "end_of_file"):
        yield
