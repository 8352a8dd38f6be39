"""Character input and output: ``get_char/1,2`` ... ``read_line_to_string/2``, ``put_code/1,2``.

ISO's ``get_char``, ``peek_char``, ``get_code`` and ``peek_code`` (with or
without a stream argument, which must name ``user_input``) read the engine's
``input`` stream one character at a time, ``end_of_file`` (or ``-1``) at its
end; SWI-Prolog's ``read_line_to_string/2`` and ``read_line_to_codes/2`` read
the rest of a line without its newline (``end_of_file`` at the end).  They
share the text ``read_term/2`` has looked at but not used (the stream's
``_symlearn_unread``), so reading terms and characters may be mixed.
``put_code/1,2`` writes one character (``put_char/1,2`` is ``output``'s).

Functions
---------
next_characters
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from symlearn.engine.arithmetic import PrologThrow, instantiation_error, type_error
from symlearn.engine.builtins import det, representation_error, unify_terms
from symlearn.engine.output import write_text
from symlearn.engine.runtime import Ref, RTerm, deref, fresh_ref, resolve
from symlearn.engine.text import MAX_CODE
from symlearn.logic.terms import PString, Struct, make_list

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["next_characters"]


def next_characters(stream: TextIO | None, count: int, consume: bool) -> str:
    """Up to ``count`` characters of ``stream`` (fewer at its end), taken or only looked at."""
    if stream is None:
        return ""
    buffered: str = getattr(stream, "_symlearn_unread", "")
    while len(buffered) < count:
        chunk = stream.read(count - len(buffered))
        if not chunk:
            break
        buffered += chunk
    stream._symlearn_unread = buffered[count:] if consume else buffered  # type: ignore[attr-defined]
    return buffered[:count]


def _rest_of_line(stream: TextIO | None) -> str | None:
    """The rest of the current line without its newline; None at the end of the stream."""
    if stream is None:
        return None
    buffered: str = getattr(stream, "_symlearn_unread", "")
    while "\n" not in buffered:
        chunk = stream.readline()
        if not chunk:
            break
        buffered += chunk
    if not buffered:
        stream._symlearn_unread = ""  # type: ignore[attr-defined]
        return None
    line, _, rest = buffered.partition("\n")
    stream._symlearn_unread = rest  # type: ignore[attr-defined]
    return line


def _input(engine: Engine, args: tuple[RTerm, ...]) -> TextIO | None:
    """The engine's input, after checking a stream argument names it."""
    if len(args) == 2:
        stream = deref(args[0])
        if type(stream) is Ref:
            raise instantiation_error()
        if stream not in ("user_input", "current_input"):
            raise PrologThrow(
                Struct(
                    "error",
                    (Struct("existence_error", ("stream", resolve(stream))), fresh_ref()),  # type: ignore[arg-type]
                )
            )
    return engine.input


def _reader(codes: bool, consume: bool) -> object:
    """``get_char``/``peek_char`` (characters) or ``get_code``/``peek_code`` (codes)."""

    def read(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        target = deref(args[-1])
        if type(target) is not Ref:
            _check_target(target, codes)
        char = next_characters(_input(engine, args), 1, consume)
        if not char:
            return unify_terms(engine, target, -1 if codes else "end_of_file")
        return unify_terms(engine, target, ord(char) if codes else char)

    return read


def _check_target(target: RTerm, codes: bool) -> None:
    """ISO's errors for a bound argument that could never be a character (code)."""
    if codes:
        if type(target) is not int:
            raise type_error("integer", resolve(target))
        if not -1 <= target <= MAX_CODE:
            raise representation_error("in_character_code")
    elif not (type(target) is str and (len(target) == 1 or target == "end_of_file")):
        raise type_error("in_character", resolve(target))


for _arity in (1, 2):
    det("get_char", _arity)(_reader(codes=False, consume=True))  # type: ignore[arg-type]
    det("peek_char", _arity)(_reader(codes=False, consume=False))  # type: ignore[arg-type]
    det("get_code", _arity)(_reader(codes=True, consume=True))  # type: ignore[arg-type]
    det("peek_code", _arity)(_reader(codes=True, consume=False))  # type: ignore[arg-type]


@det("read_line_to_string", 2)
def _read_line_to_string(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    line = _rest_of_line(_input(engine, args))
    return unify_terms(engine, args[1], "end_of_file" if line is None else PString(line))


@det("read_line_to_codes", 2)
def _read_line_to_codes(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    line = _rest_of_line(_input(engine, args))
    codes = "end_of_file" if line is None else make_list([ord(c) for c in line])
    return unify_terms(engine, args[1], codes)


@det("put_code", 1)
@det("put_code", 2)
def _put_code(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    code = deref(args[-1])
    if type(code) is Ref:
        raise instantiation_error()
    if type(code) is not int:
        raise type_error("integer", resolve(code))
    if not 0 <= code <= MAX_CODE:
        raise representation_error("character_code")
    write_text(engine, chr(code), args[0] if len(args) == 2 else None)
    return True
