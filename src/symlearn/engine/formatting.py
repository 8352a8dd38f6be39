"""The text ``format/2`` writes: SWI-Prolog's directives and column stops.

Functions
---------
format_text
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import (
    PrologThrow,
    evaluate,
    instantiation_error,
    resource_error,
)
from symlearn.engine.builtins import (
    MAX_TEXT_LENGTH,
    domain_error,
    proper_list,
    representation_error,
)
from symlearn.engine.output import term_text
from symlearn.engine.runtime import Ref, RTerm, deref, fresh_ref, resolve
from symlearn.engine.text import MAX_CODE, text_of
from symlearn.logic.terms import PString, Struct

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["format_text"]


def _format_error(message: str) -> PrologThrow:
    ball = Struct("error", (Struct("format", (message,)), fresh_ref()))  # type: ignore[arg-type]
    return PrologThrow(ball)


def _argument_error(directive: str, value: RTerm) -> PrologThrow:
    """SWI-Prolog's error for an argument a directive cannot write (``~c`` of an atom)."""
    formal = Struct("format_argument_type", (directive, resolve(value)))
    return PrologThrow(Struct("error", (formal, fresh_ref())))  # type: ignore[arg-type]


def _list_text(value: RTerm, items: list[RTerm]) -> str:
    """The text of ``~s``'s code or character list (SWI's error for anything else in it)."""
    chars = []
    for item in items:
        x = deref(item)
        if type(x) is int and 0 <= x <= MAX_CODE:
            chars.append(chr(x))
        elif type(x) is str and len(x) == 1:
            chars.append(x)
        else:
            raise _argument_error("s", value)
    return "".join(chars)


def _column_fill(segment: list[str], fills: list[tuple[int, str]], width: int) -> str:
    """Pad ``segment`` to ``width`` characters at its fill points (``~t``), as SWI does."""
    text = "".join(segment)
    missing = width - len(text)
    if missing <= 0:
        return text
    if not fills:
        return text + " " * missing
    if missing > MAX_TEXT_LENGTH:
        raise resource_error("memory")
    share, extra = divmod(missing, len(fills))
    out, last = [], 0
    for number, (position, char) in enumerate(fills):
        out.append(text[last:position])
        out.append(char * (share + (1 if number < extra else 0)))
        last = position
    out.append(text[last:])
    return "".join(out)


def format_text(control: str, values: list[RTerm], engine: Engine) -> str:
    """The text ``format/2`` writes for ``control`` and its arguments (SWI's directives).

    ``~w ~p ~a ~q ~d ~D ~s ~e ~f ~g ~c ~r ~i ~n ~~``, a numeric argument
    (``~3d``, ``~2f``) or ``*`` (taken from the arguments), and column stops
    ``~t`` (fill, ``~`ct`` with character c), ``~N|`` and ``~N+``.
    """
    queue = list(values)
    lines: list[str] = []  # text before the current column segment
    segment: list[str] = []
    fills: list[tuple[int, str]] = []
    column_start = 0  # column where the current segment starts

    def take() -> RTerm:
        if not queue:
            raise _format_error("not enough arguments")
        return queue.pop(0)

    def emit(text: str) -> None:
        segment.append(text)

    i = 0
    while i < len(control):
        c = control[i]
        i += 1
        if c != "~":
            emit(c)
            continue
        numeric: int | None = None
        fill_char = " "
        if i < len(control) and control[i] == "*":
            value = deref(take())
            if type(value) is not int or value < 0:
                raise _format_error("no or negative integer for `*' argument")
            numeric = value
            i += 1
        elif i < len(control) and control[i] == "`":
            fill_char = control[i + 1] if i + 1 < len(control) else " "
            i += 2
        else:
            start = i
            while i < len(control) and control[i].isdigit():
                i += 1
            if i > start:
                numeric = int(control[start:i])
        directive = control[i] if i < len(control) else ""
        i += 1
        if directive == "n":
            emit("\n" * (numeric or 1))
        elif directive == "~":
            emit("~")
        elif directive == "a":
            value = take()
            if type(deref(value)) not in (str, int, float, PString):
                raise _argument_error("a", value)
            emit(text_of(value))
        elif directive == "w":
            emit(term_text(engine, take()))
        elif directive in "pq":
            emit(term_text(engine, take(), quoted=True))
        elif directive == "i":
            take()
        elif directive in "dD":
            emit(_format_integer(take(), numeric or 0, directive == "D"))
        elif directive in "efg":
            value = evaluate(take(), deref)
            digits = 6 if numeric is None else numeric
            emit(f"{float(value):.{digits}{directive}}")
        elif directive == "s":
            value = take()
            items = proper_list(value)
            if items is None:  # a string or an atom, as SWI-Prolog takes them
                if type(deref(value)) not in (str, PString):
                    raise _argument_error("s", value)
                emit(text_of(value))
            else:
                emit(_list_text(value, items))
        elif directive == "c":
            code = deref(take())
            if type(code) is not int or not 0 <= code < 2**31:
                raise _argument_error("c", code)
            if code > MAX_CODE:
                raise representation_error("code_point")
            count = numeric or 1
            if count > MAX_TEXT_LENGTH:
                raise resource_error("memory")
            emit(chr(code) * count)
        elif directive in "rR":
            value, radix = deref(take()), 8 if numeric is None else numeric  # SWI's default
            if type(value) is Ref:
                raise instantiation_error()
            number = evaluate(value, deref)  # as SWI-Prolog 9, the argument is evaluated
            if type(number) is not int:
                raise _argument_error(directive, value)
            if not 2 <= radix <= 36:
                raise domain_error("radix", radix)
            emit(_radix(number, radix, directive == "R"))
        elif directive == "t":
            fills.append((len("".join(segment)), fill_char))
        elif directive in "|+":
            here = column_start + len("".join(segment))
            if directive == "+":
                target = column_start + (8 if numeric is None else numeric)
            else:
                target = here if numeric is None else numeric
            if target - column_start > MAX_TEXT_LENGTH:
                raise resource_error("memory")
            text = _column_fill(segment, fills, target - column_start)
            lines.append(text)
            column_start += len(text)
            segment, fills = [], []
        else:
            raise _format_error(f"unknown directive: ~{directive}")
        if "\n" in "".join(segment[-1:]):
            joined = "".join(segment)
            column_start = len(joined) - joined.rfind("\n") - 1
            lines.append(joined)
            segment, fills = [], []
            column_start = 0 if column_start == len(joined) else column_start
    if queue:
        raise _format_error("too many arguments")
    return "".join(lines) + "".join(segment)


def _format_integer(value: RTerm, decimals: int, group: bool) -> str:
    """``~Nd`` and ``~ND``: the argument evaluated (SWI-Prolog 9), which must be an integer."""
    if type(deref(value)) is Ref:
        raise instantiation_error()
    number = evaluate(value, deref)
    if type(number) is not int:
        raise _argument_error("d", value)
    sign = "-" if number < 0 else ""
    digits = str(abs(number))
    fraction = ""
    if decimals:
        digits = digits.rjust(decimals + 1, "0")
        digits, fraction = digits[:-decimals], "." + digits[-decimals:]
    if group:
        digits = f"{int(digits):,}"
    return sign + digits + fraction


def _radix(value: int, base: int, upper: bool) -> str:
    alphabet = (
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" if upper else "0123456789abcdefghijklmnopqrstuvwxyz"
    )
    if value == 0:
        return "0"
    digits = []
    number = abs(value)
    while number:
        number, digit = divmod(number, base)
        digits.append(alphabet[digit])
    return ("-" if value < 0 else "") + "".join(reversed(digits))
