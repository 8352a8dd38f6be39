"""A message term in SWI-Prolog 9's words, for ``print_message/2`` (``library.pl``).

A message term is

- ``format(Format, Arguments)``: the text ``format/2`` writes;
- ``error(Formal, Context)``: the ISO error term in SWI-Prolog's words
  ("Type error: `integer' expected, found `a' (an atom)"), after the culprit
  predicate of a ``context(Name/Arity, Message)`` and followed by its message
  in brackets;
- anything else: "Unknown message: " and the term.

Functions
---------
message_words
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from symlearn.engine.builtins import det, proper_list, unify_terms
from symlearn.engine.output import term_text
from symlearn.engine.runtime import Ref, RTerm, deref
from symlearn.logic.terms import EMPTY_LIST, LIST_FUNCTOR, Struct

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["message_words"]


def message_words(engine: Engine, term: RTerm) -> str:
    """The words of the message ``term`` (see the module docstring)."""
    term = deref(term)
    if _is(term, "format", 2):
        from symlearn.engine.formatting import format_text
        from symlearn.engine.text import text_of

        values = proper_list(term.args[1])
        arguments = values if values is not None else [term.args[1]]
        return format_text(text_of(term.args[0]), arguments, engine)
    if _is(term, "error", 2):
        return _error_words(engine, term.args[0], term.args[1])
    return f"Unknown message: {_quoted(engine, term)}"


def _error_words(engine: Engine, formal: RTerm, context: RTerm) -> str:
    words = _formal_words(engine, deref(formal))
    context = deref(context)
    if _is(context, "context", 2):
        culprit, note = deref(context.args[0]), deref(context.args[1])
        if _is(culprit, ":", 2):
            culprit = deref(culprit.args[1])
        if type(culprit) is not Ref:
            words = f"{_quoted(engine, culprit)}: {words}"
        if type(note) is not Ref:
            words = f"{words} ({term_text(engine, note)})"
    return words


def _formal_words(engine: Engine, formal: RTerm) -> str:
    if formal == "instantiation_error":
        return "Arguments are not sufficiently instantiated"
    args = tuple(deref(a) for a in formal.args) if type(formal) is Struct else ()
    name = formal.name if type(formal) is Struct else None
    if name == "type_error" and len(args) == 2:
        if args[0] == "evaluable":
            return f"Arithmetic: `{_quoted(engine, args[1])}' is not a function"
        found = _quoted(engine, args[1])
        return (
            f"Type error: `{_plain(engine, args[0])}' expected, found `{found}' ({_kind(args[1])})"
        )
    if name == "domain_error" and len(args) == 2:
        expected, found = _plain(engine, args[0]), _quoted(engine, args[1])
        return f"Domain error: `{expected}' expected, found `{found}'"
    if name == "existence_error" and len(args) == 2:
        if args[0] == "procedure":
            return f"Unknown procedure: {_quoted(engine, args[1])}"
        return f"{_plain(engine, args[0])} `{_quoted(engine, args[1])}' does not exist"
    if name == "permission_error" and len(args) == 3:
        action, what = _plain(engine, args[0]), _plain(engine, args[1])
        what = "static procedure" if what == "static_procedure" else what
        return f"No permission to {action} {what} `{_quoted(engine, args[2])}'"
    if name == "uninstantiation_error" and len(args) == 1:
        return f"Uninstantiated argument expected, found {_quoted(engine, args[0])}"
    if name == "representation_error" and len(args) == 1:
        return f"Cannot represent due to `{_plain(engine, args[0])}'"
    if name == "evaluation_error" and len(args) == 1:
        return f"Arithmetic: evaluation error: `{_quoted(engine, args[0])}'"
    if name == "resource_error" and len(args) == 1:
        return f"Not enough resources: {_plain(engine, args[0])}"
    if name == "syntax_error" and len(args) == 1:
        return f"Syntax error: {_syntax_words(engine, args[0])}"
    return f"Unknown error term: {_quoted(engine, formal)}"


def _syntax_words(engine: Engine, detail: RTerm) -> str:
    """SWI-Prolog's short names (``operator_expected``) as a sentence; other text as it is."""
    text = _plain(engine, detail)
    if type(detail) is str and "_" in text and " " not in text:
        return SYNTAX_WORDS.get(text, text.replace("_", " ").capitalize())
    return text


#: Short syntax-error names whose sentence is not the name's words.
SYNTAX_WORDS = {"cannot_start_term": "Illegal start of term"}


def _kind(term: RTerm) -> str:
    """SWI-Prolog's name, with its article, for the type of a culprit."""
    if type(term) is Ref:
        return "a var"
    if term == EMPTY_LIST:
        return "an empty_list"
    if type(term) is int:
        return "an integer"
    if type(term) is float:
        return "a float"
    if type(term) is str:
        return "an atom"
    if type(term) is Struct:
        if term.name == LIST_FUNCTOR and len(term.args) == 2 and proper_list(term) is not None:
            return "a list"
        return "a compound"
    return "a string"


def _quoted(engine: Engine, term: RTerm) -> str:
    return term_text(engine, term, quoted=True)


def _plain(engine: Engine, term: RTerm) -> str:
    return term_text(engine, term)


def _is(term: RTerm, name: str, arity: int) -> bool:
    return type(term) is Struct and term.name == name and len(term.args) == arity


@det("$message_words", 2)
def _message_words(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """``'$message_words'(Term, Words)``: the words of the message ``Term``, as an atom."""
    return unify_terms(engine, args[1], message_words(engine, args[0]))
