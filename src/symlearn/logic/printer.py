"""Write terms and clauses the way SWI-Prolog writes them.

:func:`format_term` is ``writeq/1`` with ``spacing(next_argument)``: quoted
atoms where needed, operators in operator notation with the fewest brackets,
``", "`` between arguments.  :func:`portray_clause` is SWI-Prolog's
``portray_clause/1``: variables named ``A``, ``B``, ... in order of first
occurrence, ``_`` for a variable that occurs once, one body goal per line
indented by four spaces, and the ``(   If -> Then ; Else )`` layout for
control constructs.  Output that SWI-Prolog would wrap because a line is too
long is written on one line here.

Functions
---------
format_term, write_term, format_atom, format_float, portray_clause

Examples
--------
>>> from symlearn.logic.terms import Var, struct
>>> x, y, z = Var("X"), Var("Y"), Var("Z")
>>> rule = struct(":-", struct("grandparent", x, z),
...               struct(",", struct("parent", x, y), struct("parent", y, z)))
>>> print(portray_clause(rule))
grandparent(A, B) :-
    parent(A, C),
    parent(C, B).
>>> format_term(struct("-", 1, -1))
'1- -1'
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Generator, Mapping

from symlearn.errors import InvalidParameterError, shown_value
from symlearn.logic.operators import STANDARD, Operators
from symlearn.logic.terms import (
    EMPTY_LIST,
    LIST_FUNCTOR,
    PString,
    Struct,
    Term,
    Var,
    list_items,
)

__all__ = [
    "format_atom",
    "format_float",
    "format_term",
    "portray_clause",
    "variable_names",
    "write_term",
]

_SYMBOL_CHARS = frozenset("+-*/\\^<>=~:.?@#&$")
_SOLO_ATOMS = frozenset({"[]", "!", ";", "{}", ","})
_ESCAPES = {
    "\\": "\\\\",
    "'": "\\'",
    "\n": "\\n",
    "\t": "\\t",
    "\r": "\\r",
    "\a": "\\a",
    "\b": "\\b",
    "\f": "\\f",
    "\v": "\\v",
}


def _is_letter_atom(name: str) -> bool:
    return name[0].isalpha() and name[0].islower() and all(c.isalnum() or c == "_" for c in name)


def _atom_needs_quotes(name: str) -> bool:
    if not name:
        return True
    if _is_letter_atom(name) or name in ("[]", "!", ";", "{}"):
        return False
    # A symbol-char atom reads back as itself unless it starts a comment.
    # "." alone is the end of a clause, so it is quoted as SWI-Prolog quotes it.
    return not all(c in _SYMBOL_CHARS for c in name) or name.startswith("/*") or name == "."


def _escape(text: str, quote: str) -> str:
    out = []
    for c in text:
        if c == quote:
            out.append("\\" + quote)
        elif c in _ESCAPES and c != "'":
            out.append(_ESCAPES[c])
        elif not c.isprintable() and c != " ":
            out.append(f"\\x{ord(c):X}\\")  # as SWI: control, format, other spaces ...
        else:
            out.append(c)
    return "".join(out)


@functools.lru_cache(maxsize=65536)
def format_atom(name: str) -> str:
    r"""Write an atom, quoted only when it must be (remembered: large outputs repeat atoms).

    Examples
    --------
    >>> format_atom("ann"), format_atom("Ann"), format_atom("don't"), format_atom("=..")
    ('ann', "'Ann'", "'don\\'t'", '=..')
    """
    if _atom_needs_quotes(name):
        return "'" + _escape(name, "'") + "'"
    return name


def format_float(value: float) -> str:
    """Write a float as SWI-Prolog does: the shortest digits that read back.

    With the decimal point after ``decpt`` of the shortest digits (as
    ``dtoa`` reports it): exponential notation when ``decpt <= -4``, or when
    the number is a whole number with ``decpt > 15``; fixed notation otherwise.
    There is always a ``.``; the exponent has no leading zeros.

    Examples
    --------
    >>> format_float(1e22), format_float(3e-5), format_float(100.0), format_float(1e15)
    ('1.0e+22', '3.0e-5', '100.0', '1.0e+15')
    >>> format_float(1942666607898260.2), format_float(0.0001)
    ('1942666607898260.2', '0.0001')
    """
    if math.isinf(value):
        return "1.0Inf" if value > 0 else "-1.0Inf"
    if math.isnan(value):
        return "1.5NaN"
    if value == 0.0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    from decimal import Decimal  # here: most runs print no float, and it costs 0.4 MB

    sign, digit_tuple, exponent = Decimal(repr(value)).as_tuple()
    assert isinstance(exponent, int)
    digits = "".join(map(str, digit_tuple)).rstrip("0") or "0"
    decpt = len(digit_tuple) + exponent
    minus = "-" if sign else ""
    whole_number = len(digits) <= decpt
    if decpt <= -4 or (whole_number and decpt > 15):
        mantissa = digits[0] + "." + (digits[1:] or "0")
        power = decpt - 1
        return f"{minus}{mantissa}e{'+' if power >= 0 else '-'}{abs(power)}"
    if decpt <= 0:
        return f"{minus}0.{'0' * -decpt}{digits}"
    if whole_number:
        return f"{minus}{digits.ljust(decpt, '0')}.0"
    return f"{minus}{digits[:decpt]}.{digits[decpt:]}"


def _format_number(value: int | float) -> str:
    if type(value) is float:
        return format_float(value)
    try:
        return str(value)
    except ValueError:  # past Python's digit limit for int -> str: big integers print in full
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            return str(value)
        finally:
            sys.set_int_max_str_digits(limit)


def variable_names(term: Term, singletons_as_underscore: bool = True) -> dict[Var, str]:
    """Name the variables of ``term`` A, B, ..., Z, A1, ... as ``numbervars`` does.

    With ``singletons_as_underscore`` a variable occurring once is named ``_``
    and does not use up a letter, as in ``portray_clause/1``.
    """
    counts: dict[Var, int] = {}
    stack = [term]
    order: list[Var] = []
    while stack:
        t = stack.pop()
        if type(t) is Var:
            if t not in counts:
                order.append(t)
                counts[t] = 0
            counts[t] += 1
        elif type(t) is Struct:
            stack.extend(reversed(t.args))
    names: dict[Var, str] = {}
    n = 0
    for v in order:
        if singletons_as_underscore and counts[v] == 1:
            names[v] = "_"
        else:
            letter, number = chr(ord("A") + n % 26), n // 26
            names[v] = letter + (str(number) if number else "")
            n += 1
    return names


class _Writer:
    """Operator-aware term writer: ``write_term/2`` with the options given.

    ``quoted`` quotes atoms that need it (``writeq``); ``spacing`` puts a space
    after each argument's comma (SWI's ``spacing(next_argument)``, how the
    toplevel and ``portray_clause`` write); ``ignore_ops`` writes every
    compound term in functional notation; ``numbervars`` writes
    ``'$VAR'(N)`` as the variable name ``A``, ``B`` ...; ``ops`` is the
    operator table.
    """

    def __init__(
        self,
        names: Mapping[Var, str] | None,
        *,
        ops: Operators | None = None,
        quoted: bool = True,
        spacing: bool = True,
        ignore_ops: bool = False,
        numbervars: bool = True,
    ) -> None:
        self.names = names or {}
        self.ops = STANDARD if ops is None else ops
        self.quoted = quoted
        self.comma = ", " if spacing else ","
        self.ignore_ops = ignore_ops
        self.numbervars = numbervars

    def var(self, v: Var) -> str:
        name = self.names.get(v)
        if name is not None:
            return name
        return v.name if v.name not in ("", "_") else f"_G{id(v) % 100000}"

    def atom(self, name: str) -> str:
        return format_atom(name) if self.quoted else name

    @staticmethod
    def anonymous_names(term: Term) -> dict[Var, str]:
        """Names for variables written ``_``: ``_`` if they occur once, else ``_G1`` ..."""
        counts: dict[Var, int] = {}
        stack = [term]
        while stack:
            t = stack.pop()
            if type(t) is Var:
                if t.name in ("", "_"):
                    counts[t] = counts.get(t, 0) + 1
            elif type(t) is Struct:
                stack.extend(t.args)
        names: dict[Var, str] = {}
        for v, n in counts.items():
            names[v] = "_" if n == 1 else f"_G{len(names) + 1}"
        return names

    def write(self, term: Term, max_priority: int = 1200) -> str:
        """The text of ``term`` in a context of priority ``max_priority``.

        Terms of any depth are written without Python recursion: each step
        below is a generator that asks for the text of a subterm by yielding
        it, and this loop keeps the generators on a stack.
        """
        stack: list[Generator[tuple[Term, int, bool], str | None, str]] = [
            self.step(term, max_priority, False)
        ]
        result: str | None = None
        while stack:
            try:
                request = stack[-1].send(result)
            except StopIteration as done:
                stack.pop()
                result = done.value
                continue
            result = None
            stack.append(self.step(*request))
        assert result is not None
        return result

    def operator_atom(self, name: str) -> bool:
        """True for an atom SWI-Prolog brackets as an operand of an operator."""
        return self.ops.is_operator(name) or name in _ALSO_BRACKETED

    def step(
        self, term: Term, max_priority: int, operand: bool
    ) -> Generator[tuple[Term, int, bool], str | None, str]:
        """Write one term; yields ``(subterm, priority, operand)`` for each subterm's text."""
        t = type(term)
        if t is str:
            assert isinstance(term, str)
            if operand and self.operator_atom(term) and not self.ignore_ops:
                return "(" + self.atom(term) + ")"
            return self.atom(term)
        if t is int or t is float:
            assert isinstance(term, (int, float))
            return _format_number(term)
        if t is Var:
            assert isinstance(term, Var)
            return self.var(term)
        if t is PString:
            assert isinstance(term, PString)
            return '"' + _escape(term.value, '"') + '"' if self.quoted else term.value
        if not isinstance(term, Struct):
            raise InvalidParameterError(f"not a term: {shown_value(term)}")
        name, args = term.name, term.args
        comma = self.comma
        if name == LIST_FUNCTOR and len(args) == 2:
            items, tail = list_items(term)
            parts = []
            for item in items:
                parts.append((yield (item, 999, False)))
            text = "[" + comma.join(parts)  # type: ignore[arg-type]
            if tail != EMPTY_LIST:
                text += "|" + (yield (tail, 999, False))  # type: ignore[operator]
            return text + "]"
        if self.numbervars and name == "$VAR" and len(args) == 1:
            label = _numbervar_name(args[0])
            if label is not None:
                return label
        if not self.ignore_ops:
            if name == "{}" and len(args) == 1:
                return "{" + (yield (args[0], 1200, False)) + "}"  # type: ignore[operator]
            if len(args) == 2 and name in self.ops.infix:
                return (yield from self.infix(name, args[0], args[1], max_priority))
            if len(args) == 1 and name in self.ops.prefix:
                return (yield from self.prefix(name, args[0], max_priority))
            if len(args) == 1 and name in self.ops.postfix:
                return (yield from self.postfix(name, args[0], max_priority))
        parts = []
        for arg in args:
            parts.append((yield (arg, 999, False)))
        return f"{self.atom(name)}({comma.join(parts)})"  # type: ignore[arg-type]

    def infix(
        self, name: str, left: Term, right: Term, max_priority: int
    ) -> Generator[tuple[Term, int, bool], str | None, str]:
        priority, kind = self.ops.infix[name]
        left_max = priority if kind == "yfx" else priority - 1
        right_max = priority if kind == "xfy" else priority - 1
        left_text: str = yield (left, left_max, True)  # type: ignore[assignment]
        right_text: str = yield (right, right_max, True)  # type: ignore[assignment]
        if name == ",":
            text = f"{left_text}{self.comma}{right_text}"
        else:
            op = "|" if name == "|" else self.atom(name)
            gap_left = " " if _glues(left_text[-1:], op[0]) else ""
            gap_right = " " if _glues(op[-1], right_text[:1]) else ""
            if gap_left:
                gap_right = " "  # SWI-Prolog spaces an operator on both sides or neither
            text = f"{left_text}{gap_left}{op}{gap_right}{right_text}"
        return f"({text})" if priority > max_priority else text

    def prefix(
        self, name: str, arg: Term, max_priority: int
    ) -> Generator[tuple[Term, int, bool], str | None, str]:
        priority, kind = self.ops.prefix[name]
        arg_max = priority if kind == "fy" else priority - 1
        op = self.atom(name)
        if type(arg) is str and self.operator_atom(arg):
            text = f"{op} ({self.atom(arg)})"
            return f"({text})" if priority > max_priority else text
        arg_text: str = yield (arg, arg_max, False)  # type: ignore[assignment]
        if name == "-" and (arg_text[:1].isdigit() or type(arg) in (int, float)):
            # "- 1" is -(1); "-1" would read back as the integer -1.
            text = f"{op} {arg_text}"
        elif arg_text[:1] in ("(", "{") or _glues(op[-1], arg_text[:1]):
            # "-(a)" and "-{a}" would read back as a compound term and a dict
            text = f"{op} {arg_text}"
        else:
            text = f"{op}{arg_text}"
        return f"({text})" if priority > max_priority else text

    def postfix(
        self, name: str, arg: Term, max_priority: int
    ) -> Generator[tuple[Term, int, bool], str | None, str]:
        priority, kind = self.ops.postfix[name]
        arg_max = priority if kind == "yf" else priority - 1
        arg_text: str = yield (arg, arg_max, True)  # type: ignore[assignment]
        op = self.atom(name)
        gap = " " if _glues(arg_text[-1:], op[0]) else ""
        text = f"{arg_text}{gap}{op}"
        return f"({text})" if priority > max_priority else text


# Atoms SWI-Prolog also brackets as operands though they are not operators here.
_ALSO_BRACKETED = frozenset({"?="})


def _numbervar_name(number: Term) -> str | None:
    """The name ``'$VAR'(N)`` is written as with numbervars: A, B, ... Z, A1 ... (None: as is)."""
    if type(number) is int and number >= 0:
        letter, suffix = chr(ord("A") + number % 26), number // 26
        return letter + (str(suffix) if suffix else "")
    if type(number) is str:
        return number
    return None


def _glues(last: str, first: str) -> bool:
    """True when a token ending in ``last`` and one starting with ``first`` would merge."""
    if not last or not first:  # an empty atom written unquoted
        return False
    if last in _SYMBOL_CHARS and first in _SYMBOL_CHARS:
        return True
    return (last.isalnum() or last == "_") and (first.isalnum() or first == "_")


def format_term(
    term: Term,
    names: Mapping[Var, str] | None = None,
    max_priority: int = 1200,
    ops: Operators | None = None,
) -> str:
    """Write ``term`` as ``writeq/1`` with ``spacing(next_argument)``, variables by ``names``.

    Parameters
    ----------
    term
        The term to write.
    names
        Names for variables; others are written with their own names.
    max_priority
        The priority context (999 for an argument, 1200 for a whole clause).
    ops
        The operator table (SWI-Prolog's standard one by default).

    Examples
    --------
    >>> from symlearn.logic.terms import struct, make_list
    >>> format_term(struct("f", struct(",", "a", "b"), make_list([1, 2])))
    'f((a, b), [1, 2])'
    >>> format_term(struct("is", "x", struct("mod", 1, 2)))
    'x is 1 mod 2'
    """
    if names is None:
        names = _Writer.anonymous_names(term)
    return _Writer(names, ops=ops).write(term, max_priority)


def write_term(
    term: Term,
    *,
    quoted: bool = False,
    spacing: bool = False,
    ignore_ops: bool = False,
    numbervars: bool = True,
    ops: Operators | None = None,
    names: Mapping[Var, str] | None = None,
    max_priority: int = 1200,
) -> str:
    """Write ``term`` as ``write_term/2`` with these options (``write/1`` by default).

    Examples
    --------
    >>> from symlearn.logic.terms import struct, make_list
    >>> t = struct("f", "A b", struct(",", "a", "b"), make_list([1, 2]), struct("$VAR", 1))
    >>> write_term(t), write_term(t, quoted=True)
    ('f(A b,(a,b),[1,2],B)', "f('A b',(a,b),[1,2],B)")
    >>> write_term(struct("+", 1, 2), quoted=True, ignore_ops=True)
    '+(1,2)'
    """
    if names is None:
        names = _Writer.anonymous_names(term)
    writer = _Writer(
        names,
        ops=ops,
        quoted=quoted,
        spacing=spacing,
        ignore_ops=ignore_ops,
        numbervars=numbervars,
    )
    return writer.write(term, max_priority)


_CONTROL_INDENT = 4


class _ClauseLayout:
    """Lay out a clause body as ``portray_clause/1`` does."""

    def __init__(self, names: Mapping[Var, str]) -> None:
        self.writer = _Writer(names)

    def goal(self, goal: Term, indent: int, priority: int = 999) -> str:
        """Lay out ``goal`` whose first character sits at column ``indent``."""
        if type(goal) is Struct:
            name, args = goal.name, goal.args
            if name == "," and len(args) == 2:
                pad = " " * indent
                parts = _flatten(goal, ",")
                return (",\n" + pad).join(self.goal(p, indent, 999) for p in parts)
            if name in (";", "->", "*->") and len(args) == 2:
                return self.block(goal, indent)
            if name == "\\+" and len(args) == 1:
                return self.negation(args[0], indent)
        return self.writer.write(goal, priority)

    def block(self, goal: Struct, indent: int) -> str:
        """``(   A -> B ; C )`` with each part on its own line."""
        pad = " " * indent
        lines = ["(   " + self.branch(goal, indent)]
        return "\n".join(lines) + "\n" + pad + ")"

    def branch(self, goal: Term, indent: int) -> str:
        pad = " " * indent
        inner = indent + _CONTROL_INDENT
        if type(goal) is Struct and len(goal.args) == 2:
            if goal.name == ";":
                left, right = goal.args
                return self.branch(left, indent) + "\n" + pad + ";   " + self.branch(right, indent)
            if goal.name in ("->", "*->"):
                cond, then = goal.args
                arrow = "->  " if goal.name == "->" else "*-> "
                return self.goal(cond, inner) + "\n" + pad + arrow + self.goal(then, inner)
        return self.goal(goal, inner)

    def negation(self, goal: Term, indent: int) -> str:
        if type(goal) is Struct and len(goal.args) == 2 and goal.name == ",":
            pad = " " * (indent + 3)
            return "\\+ ( " + self.goal(goal, indent + 5) + "\n" + pad + ")"
        if type(goal) is Struct and len(goal.args) == 2 and goal.name in (";", "->", "*->"):
            return "\\+ " + self.block(goal, indent + 3)
        return "\\+ " + self.writer.write(goal, 900)


def _flatten(term: Term, op: str) -> list[Term]:
    parts: list[Term] = []
    while type(term) is Struct and term.name == op and len(term.args) == 2:
        parts.append(term.args[0])
        term = term.args[1]
    parts.append(term)
    # Left-nested conjunctions ((a, b), c) print flat too.
    flat: list[Term] = []
    for p in parts:
        if type(p) is Struct and p.name == op and len(p.args) == 2:
            flat.extend(_flatten(p, op))
        else:
            flat.append(p)
    return flat


def portray_clause(clause: Term, names: Mapping[Var, str] | None = None) -> str:
    r"""Write a clause term exactly as SWI-Prolog's ``portray_clause/1``, without the newline.

    Parameters
    ----------
    clause
        A fact ``H``, a rule ``H :- B``, a directive ``:- B`` or a DCG rule.
    names
        Variable names to use instead of A, B, ... (rarely needed).

    Examples
    --------
    >>> from symlearn.logic.terms import Var, struct
    >>> x = Var("X")
    >>> print(portray_clause(struct("f", x, Var("Y"), x)))
    f(A, _, A).
    >>> print(portray_clause(struct(":-", "a", struct("\\+", "b"))))
    a :-
        \+ b.
    """
    if names is None:
        names = variable_names(clause)
    layout = _ClauseLayout(names)
    if type(clause) is Struct and len(clause.args) == 2 and clause.name in (":-", "-->"):
        head, body = clause.args
        if clause.name == ":-" and body == "true":
            return _ended(layout.writer.write(head, 1199))
        neck = " :-" if clause.name == ":-" else " -->"
        return _ended(
            layout.writer.write(head, 1199) + neck + "\n    " + layout.goal(body, _CONTROL_INDENT)
        )
    if type(clause) is Struct and len(clause.args) == 1 and clause.name == ":-":
        return _ended(":- " + layout.goal(clause.args[0], 3))
    return _ended(layout.writer.write(clause, 1200))


def _ended(text: str) -> str:
    """``text`` and the end ``.``, after a space when ``text`` ends in a symbol character.

    ``A= ?.`` would read as the atom ``?.``; SWI-Prolog writes ``A= ? .``
    """
    return text + (" ." if text and text[-1] in _SYMBOL_CHARS else ".")
