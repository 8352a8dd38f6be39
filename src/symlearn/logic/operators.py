"""The operator table: SWI-Prolog's standard operators plus ProbLog's ``::``.

The parser (``grammars/kb.lark``) encodes the same priorities in its rules;
the printer uses this table to decide where brackets and spaces go.  Priority
and type follow SWI-Prolog's ``current_op/3`` (ISO plus ``table``,
``dynamic`` ...), with ``::`` at 1000 xfx for probabilistic clauses and ``#``
at 200 fy for Aleph's constant mode markers.

Examples
--------
>>> INFIX["-"], PREFIX["-"], INFIX[":-"]
((500, 'yfx'), (200, 'fy'), (1200, 'xfx'))
"""

from __future__ import annotations

__all__ = ["INFIX", "PREFIX", "is_operator"]

#: Infix operators: name -> (priority, type).
INFIX: dict[str, tuple[int, str]] = {
    ":-": (1200, "xfx"),
    "-->": (1200, "xfx"),
    ";": (1100, "xfy"),
    "->": (1050, "xfy"),
    "*->": (1050, "xfy"),
    ",": (1000, "xfy"),
    "::": (1000, "xfx"),
    "=": (700, "xfx"),
    "\\=": (700, "xfx"),
    "==": (700, "xfx"),
    "\\==": (700, "xfx"),
    "@<": (700, "xfx"),
    "@>": (700, "xfx"),
    "@=<": (700, "xfx"),
    "@>=": (700, "xfx"),
    "=..": (700, "xfx"),
    "is": (700, "xfx"),
    "=:=": (700, "xfx"),
    "=\\=": (700, "xfx"),
    "<": (700, "xfx"),
    ">": (700, "xfx"),
    "=<": (700, "xfx"),
    ">=": (700, "xfx"),
    "#=": (700, "xfx"),  # library(clpfd)
    "#\\=": (700, "xfx"),
    "#<": (700, "xfx"),
    "#>": (700, "xfx"),
    "#=<": (700, "xfx"),
    "#>=": (700, "xfx"),
    ":": (200, "xfy"),
    "+": (500, "yfx"),
    "-": (500, "yfx"),
    "/\\": (500, "yfx"),
    "\\/": (500, "yfx"),
    "xor": (500, "yfx"),
    "*": (400, "yfx"),
    "/": (400, "yfx"),
    "//": (400, "yfx"),
    "mod": (400, "yfx"),
    "rem": (400, "yfx"),
    "div": (400, "yfx"),
    "rdiv": (400, "yfx"),
    "<<": (400, "yfx"),
    ">>": (400, "yfx"),
    "**": (200, "xfx"),
    "^": (200, "xfy"),
}

#: Prefix operators: name -> (priority, type).
PREFIX: dict[str, tuple[int, str]] = {
    ":-": (1200, "fx"),
    "?-": (1200, "fx"),
    "dynamic": (1150, "fx"),
    "discontiguous": (1150, "fx"),
    "initialization": (1150, "fx"),
    "multifile": (1150, "fx"),
    "table": (1150, "fx"),
    "\\+": (900, "fy"),
    "-": (200, "fy"),
    "+": (200, "fy"),
    "\\": (200, "fy"),
    "#": (200, "fy"),
}


def is_operator(name: str) -> bool:
    """True when ``name`` is an infix or prefix operator."""
    return name in INFIX or name in PREFIX
