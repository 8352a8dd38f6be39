"""Predicate indicators: ``name/arity``, the way Prolog names a predicate.

:data:`Indicator` is the one type for "which predicate" everywhere in symlearn:
a ``(name, arity)`` pair.  :func:`parse_indicator` reads the text a user
writes (``grandparent/2``, ``'my pred'/1``); :func:`format_indicator` writes
it back as SWI-Prolog would.

Examples
--------
>>> parse_indicator("grandparent/2")
('grandparent', 2)
>>> format_indicator(("my pred", 1))
"'my pred'/1"
>>> parse_indicator(("p", 1))
('p', 1)
"""

from __future__ import annotations

import re

from symlearn.errors import InvalidParameterError
from symlearn.logic.printer import format_atom

__all__ = ["Indicator", "format_indicator", "parse_indicator"]

#: A predicate: its name and its arity.
Indicator = tuple[str, int]

_INDICATOR = re.compile(r"^\s*([a-z][A-Za-z0-9_]*|'(?:[^'\\]|\\.|'')*')\s*/\s*(\d+)\s*$")


def parse_indicator(text: str | Indicator) -> Indicator:
    """``name/arity`` text (or an indicator already) as an :data:`Indicator`.

    Raises
    ------
    InvalidParameterError
        When ``text`` is not ``name/arity``.
    """
    if isinstance(text, tuple):
        name, arity = text
        if not isinstance(name, str) or not isinstance(arity, int) or arity < 0:
            raise InvalidParameterError(f"{text!r} is not a (name, arity) pair")
        return name, arity
    match = _INDICATOR.match(str(text))
    if match is None:
        raise InvalidParameterError(f"{text!r} is not a predicate indicator such as grandparent/2")
    name = match.group(1)
    if name.startswith("'"):
        name = name[1:-1].replace("''", "'").replace("\\'", "'")
    return name, int(match.group(2))


def format_indicator(indicator: Indicator) -> str:
    """``name/arity`` as text, the name quoted where Prolog needs it."""
    name, arity = indicator
    return f"{format_atom(name)}/{arity}"
