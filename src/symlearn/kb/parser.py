"""Read knowledge-base text into terms: the clause reader plus a fast path.

Text is read one clause at a time: a small scanner finds where each clause ends
(the ``.`` that is followed by layout, outside quotes and comments), and each
clause is read on its own, so an error points at its own line and a large
file costs one short read per clause.  A clause is read by the
operator-precedence reader (:mod:`symlearn.kb.reader`) in the language of
``grammars/kb.lark``: SWI-Prolog's standard operator table, then ProbLog's
syntax where SWI-Prolog's reading fails.  The reader also gives the syntax
errors (file:line:column), with the messages the grammar gives (the tests
compare the two on every syntax error of the corpora and on random
mutations, ``tests/kb/test_reader_errors.py``, which also states the few
rules by which they differ).  The grammar, parsed by lark's LALR parser
(:mod:`symlearn.kb.grammar`), reads only a clause nested deeper than
Python's recursion limit lets the reader go (its parser keeps no Python
stack), and is the reference the reader is tested against; lark is not
imported otherwise.

**Fast path.**  Most of a large knowledge base is ground facts such as
``parent(ann, bob).``.  A clause that matches :data:`_FAST_FACT` exactly (a
name, and arguments that are plain lower-case atoms or integers) is built
directly.  The test suite checks on random texts that this yields exactly
the terms the grammar yields.

Functions
---------
parse_text, parse_term, read_clauses

Examples
--------
>>> [str(c.term) for c in parse_text("parent(ann, bob). g(X) :- p(X, _).")]
['parent(ann, bob)', 'g(X):-p(X, _)']
>>> print(parse_term("X is 1 + 2 * 3"))
X is 1+2*3
"""

from __future__ import annotations

import math
import re
import sys
from bisect import bisect_right
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from symlearn.errors import InvalidParameterError, KBSyntaxError
from symlearn.logic.operators import Operators
from symlearn.logic.terms import Struct, Term, Var

if TYPE_CHECKING:
    from symlearn.kb.reader import ReadError

__all__ = ["ReadClause", "parse_term", "parse_text", "read_clauses"]


class ReadClause:
    """One clause as read: its term, variable names and where it starts.

    Attributes
    ----------
    term
        The clause term (``H``, ``H :- B``, ``:- D`` ...).
    variables
        The named variables of the clause, name -> variable (``_`` excluded).
    path
        The file it came from (or ``"<string>"``).
    line, column
        1-based position of its first character.
    source_line
        The text of that line, for error messages (computed when asked for).
    """

    __slots__ = ("_offset", "_text", "column", "line", "path", "term", "variables")

    def __init__(
        self,
        term: Term,
        variables: dict[str, Var],
        path: str,
        line: int,
        column: int,
        text: str = "",
        offset: int = 0,
    ) -> None:
        self.term = term
        self.variables = variables
        self.path = path
        self.line = line
        self.column = column
        self._text = text
        self._offset = offset

    @property
    def source_line(self) -> str:
        """The text of the clause's first line."""
        return _line_text(self._text, self._offset) if self._text else ""

    def error(self, message: str) -> KBSyntaxError:
        """A syntax error located at this clause."""
        return KBSyntaxError(message, self.path, self.line, self.column, self.source_line)

    def __repr__(self) -> str:
        return f"ReadClause({self.term!r}, {self.path}:{self.line}:{self.column})"


# --------------------------------------------------------------------------
# The grammar and the tree-to-term transformer
# --------------------------------------------------------------------------


_SIMPLE_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
    "0": "\0",
    "e": "\x1b",
    "s": " ",
    "z": "",
    "\\": "\\",
    "'": "'",
    '"': '"',
    "`": "`",
    "\n": "",
}
_ESCAPE = re.compile(
    r"\\(x[0-9a-fA-F]+\\?|[0-7]+\\?|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.|\n)", re.DOTALL
)


def _unescape(body: str, quote: str) -> str:
    body = body.replace(quote + quote, quote)

    def replace(match: re.Match[str]) -> str:
        code = match.group(1)
        if code[0] == "x":
            return _character(int(code[1:].rstrip("\\"), 16))
        if code[0] in "01234567" and (len(code) > 1 or code != "0"):
            return _character(int(code.rstrip("\\"), 8))
        if code[0] in "uU":
            return _character(int(code[1:], 16))
        if code in _SIMPLE_ESCAPES:
            return _SIMPLE_ESCAPES[code]
        raise ValueError(f"undefined escape sequence \\{code}")

    return _ESCAPE.sub(replace, body)


def _character(code: int) -> str:
    """The character of a code written in an escape; SWI's error for a surrogate or too big."""
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        raise ValueError(f"illegal character code {code:#x}")
    return chr(code)


def _decimal_integer(digits: str) -> int:
    """``int(digits)`` past Python's 4,300-digit guard: integers are read in full, as SWI does."""
    try:
        return int(digits)
    except ValueError:
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            return int(digits)
        finally:
            sys.set_int_max_str_digits(limit)


def _number(text: str) -> int | float:
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("-").replace("_", "")
    if digits[:2] in ("0x", "0o", "0b"):
        return sign * int(digits[2:], {"x": 16, "o": 8, "b": 2}[digits[1]])
    if digits.endswith("Inf"):
        return sign * math.inf
    if digits.endswith("NaN"):
        return math.nan
    if any(c in digits for c in ".eE"):
        value = float(digits)
        if math.isinf(value):
            raise ValueError("float_overflow (the number is too large for a float)")
        return sign * value
    return sign * _decimal_integer(digits)


# --------------------------------------------------------------------------
# Finding clause boundaries, and the ground-fact fast path
# --------------------------------------------------------------------------

_LAYOUT = re.compile(r"(?:\s+|%[^\n]*|/\*.*?\*/)*", re.DOTALL)
_SIMPLE_ARG = r"(?:[a-z][A-Za-z0-9_]*|-?[0-9]+)"
_FAST_FACT = re.compile(
    r"([a-z][A-Za-z0-9_]*)\(\s*(" + _SIMPLE_ARG + r"(?:\s*,\s*" + _SIMPLE_ARG + r")*)\s*\)"
    r"\s*\.(?=\s|%|$)"
)
_FAST_ARG_SPLIT = re.compile(r"\s*,\s*")
# A fast fact followed by the layout after it: one match per clause.
_FAST_FACT_AND_LAYOUT = re.compile(_FAST_FACT.pattern + r"(?:\s+|%[^\n]*|/\*.*?\*/)*", re.DOTALL)
# A fact whose one argument is such a fact, ``pos(goal(1, black, 0)).`` (Popper's
# and our examples), and the layout after it.
_FAST_WRAPPED_AND_LAYOUT = re.compile(
    r"([a-z][A-Za-z0-9_]*)\(\s*([a-z][A-Za-z0-9_]*)\(\s*("
    + _SIMPLE_ARG
    + r"(?:\s*,\s*"
    + _SIMPLE_ARG
    + r")*)\s*\)\s*\)\s*\.(?=\s|%|$)(?:\s+|%[^\n]*|/\*.*?\*/)*",
    re.DOTALL,
)
# A ProbLog fact with a literal probability, ``0.3::edge(1, 2).``, and the layout after it.
_FAST_PROBABILISTIC_FACT_AND_LAYOUT = re.compile(
    r"([0-9]+(?:\.[0-9]+)?)\s*::\s*" + _FAST_FACT_AND_LAYOUT.pattern, re.DOTALL
)
# One token of the clause scanner.  Order matters: comments and quoted items
# first, so that a '.' inside them does not end the clause.
_CLAUSE_TOKEN = re.compile(
    r"""
      (?P<layout>\s+)
    | (?P<comment>%[^\n]*|/\*.*?(?:\*/|\Z))
    | (?P<quoted>'[^'\\\n]*(?:(?:\\(?:x[0-9a-fA-F]+\\?|[0-7]+\\?|.)|\\\n|'')[^'\\\n]*)*'
               |"[^"\\\n]*(?:(?:\\(?:x[0-9a-fA-F]+\\?|[0-7]+\\?|.)|\\\n|"")[^"\\\n]*)*"
               |`[^`\\\n]*(?:(?:\\(?:x[0-9a-fA-F]+\\?|[0-7]+\\?|.)|\\\n|``)[^`\\\n]*)*`)
    | (?P<char>0'(?:\\(?:x[0-9a-fA-F]+\\?|[0-7]+\\?|.)|''|[^\\\n]))
    | (?P<number>[0-9][0-9_]*(?:\.[0-9]+(?:[eE][+-]?[0-9]+)?(?:Inf|NaN)?)?)
    | (?P<end>\.(?=\s|%|\Z))
    | (?P<symbols>[+\-*/\\^<>=~:.?@\#&$]+)
    | (?P<open>[(\[{])
    | (?P<close>[)\]}])
    | (?P<word>[^\s%'"`0-9+\-*/\\^<>=~:.?@\#&$()\[\]{},|!;]+|[0-9]+)
    | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


def _clause_end(text: str, start: int) -> int:
    """Return the offset just after the end ``.`` of the clause starting at ``start``.

    Returns ``len(text)`` when the text ends before a clause end (the parser
    then reports the missing ``.``).
    """
    pos = start
    match = _CLAUSE_TOKEN.match
    while pos < len(text):
        m = match(text, pos)
        assert m is not None  # the last alternative matches any character
        if m.lastgroup == "end":
            return m.end()
        if m.lastgroup == "other" and m.group() in "'\"`":
            return len(text)  # an unterminated quote: the parser reports it
        pos = m.end()
    return len(text)


def _line_text(text: str, offset: int) -> str:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return text[start : end if end >= 0 else len(text)]


class _Position:
    """Track line numbers while walking forward through a text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.line = 1
        self.line_start = 0

    def move_to(self, offset: int) -> None:
        newlines = self.text.count("\n", self.offset, offset)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.offset, offset) + 1
        self.offset = offset

    @property
    def column(self) -> int:
        return self.offset - self.line_start + 1


class SourceText:
    """A file's text and name, turning offsets into lines and columns on demand.

    The line index is built the first time a position is asked for, so a
    large file of facts pays nothing for positions no one reads.
    """

    __slots__ = ("_starts", "path", "text")

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self._starts: list[int] | None = None

    def line_column(self, offset: int) -> tuple[int, int]:
        """The 1-based line and column of ``offset``."""
        if self._starts is None:
            self._starts = [0, *(m.end() for m in re.finditer("\n", self.text))]
        line = bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


#: What :func:`scan_clauses` yields for a clause: term, named variables, line,
#: column, offset.
ScannedClause = tuple[Term, dict[str, Var], int, int, int]
#: What it yields for a run of plain ground facts: (name, arguments, offset) each.
FactRun = list[tuple[str, tuple[Term, ...], int]]

_NUMBER_ARGUMENT = re.compile(r"(?:^|,)\s*-?[0-9]")
#: The most facts in one run (so a reader can report progress through a large file).
FACT_RUN = 65536


def _fact_arguments(text: str) -> tuple[Term, ...]:
    """The arguments of a fast-path fact: atoms, and integers where they are written."""
    if "\t" in text or "\n" in text:
        parts = _FAST_ARG_SPLIT.split(text)
    else:
        parts = text.replace(" ", "").split(",")
    if _NUMBER_ARGUMENT.search(text) is None:
        return tuple(parts)
    return tuple([_decimal_integer(a) if a[0].isdigit() or a[0] == "-" else a for a in parts])


def _probability(digits: str) -> int | float:
    """The number a fast-path probability is written as (``1`` an integer, ``0.5`` a float)."""
    return float(digits) if "." in digits else _decimal_integer(digits)


def scan_clauses(
    text: str, path: str = "<string>", fast: bool = True, ops: Operators | None = None
) -> Iterator[ScannedClause | FactRun]:
    """Yield the clauses of ``text``: runs of plain facts, and single clauses.

    The lean form of :func:`read_clauses` that the loader uses.  Consecutive
    clauses that the ground-fact fast path reads come as one list of
    ``(name, arguments, offset)``; every other clause comes as
    ``(term, variables, line, column, offset)``.  ``ops`` is the operator
    table, looked at afresh for each clause (the loader changes it when it
    meets ``:- op/3``): the standard one is read by the grammar, any other by
    :mod:`symlearn.kb.reader`.
    """
    layout = _LAYOUT.match
    fast_fact = _FAST_FACT_AND_LAYOUT.match if fast else None
    fast_wrapped = _FAST_WRAPPED_AND_LAYOUT.match
    fast_probabilistic = _FAST_PROBABILISTIC_FACT_AND_LAYOUT.match if fast else None
    where = _Position(text)
    pos = layout(text, 0).end()  # type: ignore[union-attr]
    length = len(text)
    while pos < length:
        m = fast_fact(text, pos) if fast_fact is not None else None
        w = fast_wrapped(text, pos) if fast_fact is not None and m is None else None
        if m is not None or w is not None:
            run: FactRun = []
            append = run.append
            while (m is not None or w is not None) and len(run) < FACT_RUN:
                if m is not None:
                    append((m.group(1), _fact_arguments(m.group(2)), pos))
                    pos = m.end()
                else:
                    assert w is not None
                    inner = Struct(w.group(2), _fact_arguments(w.group(3)))
                    append((w.group(1), (inner,), pos))
                    pos = w.end()
                m = fast_fact(text, pos)  # type: ignore[misc]
                w = fast_wrapped(text, pos) if m is None else None
            yield run
            continue
        m = fast_probabilistic(text, pos) if fast_probabilistic is not None else None
        if m is not None:
            where.move_to(pos)
            fact = Struct(m.group(2), _fact_arguments(m.group(3)))
            yield Struct("::", (_probability(m.group(1)), fact)), {}, where.line, where.column, pos
            pos = m.end()
            continue
        where.move_to(pos)
        if text.startswith("/*", pos):
            raise KBSyntaxError(
                "unterminated /* comment", path, where.line, where.column, _line_text(text, pos)
            )
        end = _clause_end(text, pos)
        term, variables = _parse_clause(text, pos, end, path, where, ops)
        yield term, variables, where.line, where.column, pos
        pos = layout(text, end).end()  # type: ignore[union-attr]


def read_clauses(text: str, path: str = "<string>", fast: bool = True) -> Iterator[ReadClause]:
    """Yield the clauses of ``text`` in order.

    Parameters
    ----------
    text
        Knowledge-base source.
    path
        Name used in error messages.
    fast
        Use the ground-fact fast path (switch off to parse everything with
        the grammar, for testing the fast path).

    Raises
    ------
    KBSyntaxError
        At the first clause that does not parse, with its file, line and column.
    """
    source = SourceText(path, text)
    for item in scan_clauses(text, path, fast):
        if isinstance(item, list):
            for name, args, offset in item:
                line, column = source.line_column(offset)
                yield ReadClause(Struct(name, args), {}, path, line, column, text, offset)
        else:
            term, variables, line, column, offset = item
            yield ReadClause(term, variables, path, line, column, text, offset)


def parse_text(text: str, path: str = "<string>", fast: bool = True) -> list[ReadClause]:
    """Read all clauses of ``text``; see :func:`read_clauses`."""
    return list(read_clauses(text, path, fast))


def parse_whole_text(text: str) -> list[Term]:
    """Parse ``text`` with one grammar parse (start rule ``start``), no fast path.

    This is the reference the clause-by-clause reader is tested against.
    """
    from symlearn.kb.grammar import parse_with_grammar

    return parse_with_grammar(text)


def _parse_clause(
    text: str, start: int, end: int, path: str, where: _Position, ops: Operators | None = None
) -> tuple[Term, dict[str, Var]]:
    from symlearn.kb.reader import ReadError, read_term_text

    chunk = text[start:end]
    try:
        if ops is not None and not ops.standard:
            return read_term_text(chunk, ops)
        return _read_standard(chunk)
    except ReadError as error:
        raise _located(error, text, start, path) from None
    except RecursionError:  # nested deeper than Python's stack: the LALR parser has no stack
        from symlearn.kb.grammar import read_with_grammar

        return read_with_grammar(text, start, chunk, path, where)


def _located(error: ReadError, text: str, start: int, path: str) -> KBSyntaxError:
    """The reader's ``error`` in the clause at ``start`` of ``text``, with its line and column."""
    offset = start + error.offset
    line_start = text.rfind("\n", 0, offset) + 1
    line = text.count("\n", 0, offset) + 1
    return KBSyntaxError(
        error.message, path, line, offset - line_start + 1, _line_text(text, offset)
    )


def _read_standard(chunk: str) -> tuple[Term, dict[str, Var]]:
    r"""Read a clause with the standard table and ProbLog's syntax (:mod:`symlearn.kb.reader`).

    SWI-Prolog's reading first; where it fails, ProbLog's (``<-``, ``not``,
    ``?::``, ``P::\+H``, ``avg<X>`` heads: :func:`_problog_table`), then a
    collect clause (:func:`_read_collect_clause`): ``grammars/kb.lark``'s
    language, read without its parser.

    Raises
    ------
    ReadError
        ProbLog's reading's error (the grammar's language is that reading's).
    RecursionError
        Nested deeper than Python's recursion limit allows.
    """
    from symlearn.kb.reader import ReadError, read_term_text
    from symlearn.logic.operators import STANDARD

    try:
        return read_term_text(chunk, STANDARD)
    except ReadError:
        pass
    try:
        return read_term_text(chunk, _problog_table(), problog=True)
    except ReadError:
        if "=>" in chunk:
            collect = _read_collect_clause(chunk)
            if collect is not None:
                return collect
        raise


def _read_collect_clause(chunk: str) -> tuple[Term, dict[str, Var]] | None:
    """ProbLog's ``Head :- Body => Group/Collector`` (library(collect)), as the grammar reads it.

    The grammar's rule is ``t1199 NECK t1199 SSU_ARROW t1199``: ``=>`` binds
    tighter than ``:-`` there, so the clause reads with ``=>`` at 1199 xfx,
    and only a clause of that shape (``:-(Head, =>(Body, Collector))``) is
    taken, a head of ``=>``/2 only in brackets (the grammar's ``t1199`` head
    has no ``=>``: ``(h => x) :- b => c`` is a collect clause, ``h => x :-
    b => c`` is not).
    """
    from symlearn.kb.reader import ReadError, read_term_text

    collect = _problog_table().copy()
    collect.add(1199, "xfx", "=>")
    try:
        term, variables = read_term_text(chunk, collect, problog=True)
    except ReadError:
        return None
    if (
        isinstance(term, Struct)
        and term.name == ":-"
        and len(term.args) == 2
        and isinstance(term.args[1], Struct)
        and term.args[1].name == "=>"
        and len(term.args[1].args) == 2
        and (
            not (isinstance(term.args[0], Struct) and term.args[0].name == "=>")
            or _bracketed_head(chunk)
        )
    ):
        return term, variables
    return None


def _bracketed_head(chunk: str) -> bool:
    """Whether the clause's head (the text before its top-level ``:-``) is one ``( ... )``."""
    from symlearn.kb.reader import _tokens

    tokens, _ = _tokens(chunk, problog=True)
    depth = 0
    closed_at = -1  # where the opening bracket's depth came back to 0
    for index, token in enumerate(tokens):
        if token.kind == "punct" and token.value in ("(", "[", "{"):
            depth += 1
        elif token.kind == "punct" and token.value in (")", "]", "}"):
            depth -= 1
            if depth == 0 and closed_at < 0:
                closed_at = index
        elif depth == 0 and token.kind == "atom" and token.value == ":-":
            return tokens[0].value == "(" and closed_at == index - 1
    return False


@lru_cache(maxsize=1)
def _problog_table() -> Operators:
    """SWI-Prolog's table with ProbLog's ``<-`` (1200 xfx) and ``not`` (900 fy), as kb.lark's."""
    from symlearn.logic.operators import STANDARD

    table = STANDARD.copy()
    table.add(1200, "xfx", "<-")
    table.add(900, "fy", "not")
    return table


def parse_term(text: str, path: str = "<query>", ops: Operators | None = None) -> Term:
    """Parse one term (a goal, an atom from the command line); a final ``.`` is optional.

    ``ops`` is the operator table (the standard one by default).

    Raises
    ------
    KBSyntaxError
        If ``text`` is not one term.
    """
    term, _ = parse_term_with_variables(text, path, ops)
    return term


def parse_term_with_variables(
    text: str, path: str = "<query>", ops: Operators | None = None
) -> tuple[Term, dict[str, Var]]:
    """Parse one term and also return its named variables (name -> variable).

    Raises
    ------
    KBSyntaxError
        If ``text`` is not one term.
    InvalidParameterError
        If it is not text at all.
    """
    if not isinstance(text, str):
        raise InvalidParameterError(
            f"a term must be given as text such as 'parent(X, bob)', not {type(text).__name__}"
        )
    stripped = text.rstrip()
    if not re.search(r"(?<![+\-*/\\^<>=~:.?@#&$])\.$", stripped):
        stripped += " ."
    return _parse_clause(stripped, 0, len(stripped), path, _Position(stripped), ops)


# --------------------------------------------------------------------------
# Friendly syntax errors
# --------------------------------------------------------------------------

#: Common mistakes, each with sample clauses that make it: the reader gives
#: each sample its message (the error tests check), and the grammar labels a
#: failing parse with the message of the sample whose parser state and token
#: are the same.
ERROR_EXAMPLES: dict[str, list[str]] = {
    "missing '.' at the end of the clause": [
        "parent(ann, bob)\nparent(bob, carl).",
        "a :- b\nc.",
        "a\nb.",
        "f(X) :- g(X)\nh(Y) :- i(Y).",
        "a :- b, c\nd(x).",
    ],
    "a variable cannot be the name of a predicate or functor": [
        "X(a).",
        "p :- X(a).",
        "f(X(b)).",
    ],
    "':-' must be followed by a body": [
        "a :- .",
    ],
    "operator priority clash (add brackets)": [
        "a :- b :- c.",
        "a = b = c.",
        "p :- q < r < s.",
    ],
}


def _unbalanced(chunk: str) -> tuple[int, str] | None:
    """Find an unbalanced bracket in ``chunk``: (offset, message) or None."""
    stack: list[tuple[int, str]] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    pos = 0
    while pos < len(chunk):
        m = _CLAUSE_TOKEN.match(chunk, pos)
        assert m is not None
        kind, value = m.lastgroup, m.group()
        if kind == "open":
            stack.append((pos, value))
        elif kind == "close":
            if not stack or stack[-1][1] != pairs[value]:
                return pos, f"unexpected '{value}' (unbalanced brackets)"
            stack.pop()
        elif kind == "end":
            break
        pos = m.end()
    if stack:
        offset, opener = stack[-1]
        closer = {"(": ")", "[": "]", "{": "}"}[opener]
        return offset, f"unbalanced '{opener}': missing '{closer}'"
    return None


def __getattr__(name: str) -> object:
    """The grammar's parts (:mod:`symlearn.kb.grammar`), imported on first use (lark)."""
    if name in ("_TRANSFORMER", "_grammar_text", "_parser"):
        from symlearn.kb import grammar

        return getattr(grammar, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
