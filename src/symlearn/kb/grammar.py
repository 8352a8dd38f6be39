"""The LALR grammar of clauses (``grammars/kb.lark``): the reference the reader is tested on.

:mod:`symlearn.kb.parser` reads every clause with the operator-precedence
reader (:mod:`symlearn.kb.reader`), syntax errors included; the grammar reads
only a clause nested deeper than Python's recursion limit lets the reader
go (lark's LALR parser keeps its own stack), and is the definition of the
language that the tests compare the reader with.  It lives here, and lark
with it, so that reading never imports lark otherwise (a third of
``symlearn infer``'s start-up on a small program).

Functions
---------
read_with_grammar, parse_with_grammar
"""

from __future__ import annotations

# First, so that lark is imported without its optional ``regex`` (see lark_import).
from symlearn.kb.lark_import import lark  # noqa: F401  # isort: skip

import importlib.resources
import re
from functools import lru_cache

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput
from lark.exceptions import UnexpectedToken, VisitError

from symlearn.errors import KBSyntaxError
from symlearn.kb.grammar_tables import load_parser
from symlearn.kb.parser import (
    ERROR_EXAMPLES,
    _line_text,
    _number,
    _Position,
    _unbalanced,
    _unescape,
)
from symlearn.logic.terms import EMPTY_LIST, PString, Struct, Term, Var, make_list

__all__ = ["parse_with_grammar", "read_with_grammar"]


@lru_cache(maxsize=1)
def _grammar_text() -> str:
    resource = importlib.resources.files("symlearn").joinpath("grammars", "kb.lark")
    return resource.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The LALR parser; it builds terms while it parses (no parse tree)."""
    # The tables come from the package's own JSON file (never a pickle, never
    # a shared directory): see symlearn.kb.grammar_tables.
    return load_parser(_grammar_text(), _TRANSFORMER)


class _ToTerms(Transformer):
    """Turn parse-tree nodes into terms; one method per grammar rule."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: dict[str, Var] = {}
        self.clause_variables: list[dict[str, Var]] = []

    def reset(self) -> None:
        """Forget the variables of earlier parses."""
        self.variables = {}
        self.clause_variables = []

    # -- primaries
    def integer(self, children: list[Token]) -> int:
        return int(_number(children[0]))

    def float_number(self, children: list[Token]) -> float:
        return float(_number(children[0]))

    def char_code(self, children: list[Token]) -> int:
        text = children[0][2:]
        if text == "''":
            return ord("'")
        return ord(_unescape(text, "'")) if text.startswith("\\") else ord(text)

    def variable(self, children: list[Token]) -> Var:
        name = str(children[0])
        if name == "_":
            return Var("_")
        var = self.variables.get(name)
        if var is None:
            var = self.variables[name] = Var(name)
        return var

    def string(self, children: list[Token]) -> PString:
        return PString(_unescape(children[0][1:-1], '"'))

    def codes(self, children: list[Token]) -> Term:
        return make_list([ord(c) for c in _unescape(children[0][1:-1], "`")])

    def atom(self, children: list[Token]) -> str:
        token = children[0]
        if token.type == "QUOTED":
            return _unescape(token[1:-1], "'")
        return str(token)

    def aggregate(self, children: list[Token]) -> Term:
        """ProbLog's ``avg<X>`` in a clause head: ``'$aggregate'(avg, X)`` (see the loader)."""
        name, _, variable = str(children[0]).partition("<")
        return Struct("$aggregate", (name, self.variable([variable[:-1]])))  # type: ignore[list-item]

    def compound(self, children: list[object]) -> Term:
        functor, arguments = children
        name = str(functor)
        if name.startswith("'"):
            name = _unescape(name[1:-1], "'")
        assert isinstance(arguments, tuple)
        return Struct(name, arguments)

    def arguments(self, children: list[object]) -> tuple[Term, ...]:
        return tuple(c for c in children if not isinstance(c, Token))  # type: ignore[misc]

    def parenthesised(self, children: list[Term]) -> Term:
        return children[0]

    def list_term(self, children: list[tuple[Term, ...]]) -> Term:
        return make_list(children[0])

    def partial_list(self, children: list[object]) -> Term:
        items, _bar, tail = children
        assert isinstance(items, tuple)
        return make_list(items, tail)  # type: ignore[arg-type]

    def empty_list(self, children: list[object]) -> str:
        return EMPTY_LIST

    def curly(self, children: list[Term]) -> Term:
        return Struct("{}", (children[0],))

    def empty_curly(self, children: list[object]) -> str:
        return "{}"

    # -- operators
    def infix(self, children: list[object]) -> Term:
        left, op, right = children
        name = op.children[0] if hasattr(op, "children") else op
        return Struct(str(name), (left, right))  # type: ignore[arg-type]

    def collect_clause(self, children: list[object]) -> Term:
        """ProbLog's ``Head :- Body => Group/Collector`` (library(collect))."""
        head, _neck, body, _arrow, collector = children
        return Struct(":-", (head, Struct("=>", (body, collector))))  # type: ignore[arg-type]

    def prefix(self, children: list[object]) -> Term:
        op, operand = children
        return Struct(str(op), (operand,))  # type: ignore[arg-type]

    def op700(self, children: list[Token]) -> Token:
        return children[0]

    op500 = op400 = op700

    # -- clauses
    def clause(self, children: list[object]) -> Term:
        self.clause_variables.append(self.variables)
        self.variables = {}
        return children[0]  # type: ignore[return-value]

    def start(self, children: list[Term]) -> list[Term]:
        return children


#: The one transformer the parser calls; its ``variables`` are reset per clause.
_TRANSFORMER = _ToTerms()


#: A quoted item or a comment (left alone), or a ``?::`` that is not part of a longer symbol run.
_DECISION = re.compile(
    r"""'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*"|`[^`]*`|%[^\n]*|/\*.*?\*/"""
    r"|(?<![+\-*/\\^<>=~:.?@#&$])\?::(?![+\-*/\\^<>=~:.?@#&$])",
    re.DOTALL,
)


def _decisions_spaced(chunk: str) -> str:
    """``chunk`` with each ``?::`` outside quotes and comments written ``? ::``.

    ProbLog writes a decision as ``?::a``; read as SWI-Prolog reads it, the
    symbol characters ``?::`` are one atom.
    """
    if "?::" not in chunk:
        return chunk
    return _DECISION.sub(lambda m: "? ::" if m.group(0) == "?::" else m.group(0), chunk)


def _previous_token_end(text: str, offset: int) -> int:
    while offset > 0 and text[offset - 1].isspace():
        offset -= 1
    return offset


def _friendly_message(error: UnexpectedInput) -> str | None:
    if not isinstance(error, UnexpectedToken):
        return None
    try:
        label = error.match_examples(
            lambda s: _parser().parse(s, start="clause"),
            ERROR_EXAMPLES,
            use_accepts=True,
        )
    except Exception:
        return None
    return label


def _describe(token: Token) -> str:
    if token.type == "$END":
        return "end of text"
    return f"{token.value!r}"


def _syntax_error(
    error: UnexpectedInput,
    text: str,
    start: int,
    chunk: str,
    path: str,
    where: _Position,
) -> KBSyntaxError:
    """Turn a lark error inside the clause ``chunk`` into a located KBSyntaxError."""
    in_chunk = error.pos_in_stream
    offset = start + (in_chunk if in_chunk is not None and in_chunk >= 0 else len(chunk))
    message: str
    bracket = _unbalanced(chunk)
    if isinstance(error, UnexpectedCharacters):
        at = error.pos_in_stream or 0
        char = chunk[at] if at < len(chunk) else ""
        if chunk.startswith("/*", at):
            message = "unterminated /* comment"
        elif char in "'\"`":
            kind = {"'": "quoted atom", '"': "string", "`": "back-quoted text"}[char]
            message = f"unterminated {kind}"
        elif bracket is not None:
            offset, message = start + bracket[0], bracket[1]
        else:
            message = f"unexpected character {char!r}"
    elif isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        ends_with_period = re.search(r"\.\s*\Z", chunk) is not None
        if bracket is not None:
            offset, message = start + bracket[0], bracket[1]
        elif ends_with_period and re.search(r":-\s*\.\s*\Z", chunk):
            offset = start + chunk.rindex(":-")
            message = "':-' must be followed by a body"
        elif ends_with_period:
            offset = start + chunk.rindex(".")
            message = "unexpected end of clause"
        else:
            offset = _previous_token_end(text, start + len(chunk))
            message = "missing '.' at the end of the clause"
    else:
        assert isinstance(error, UnexpectedToken)
        friendly = _friendly_message(error)
        if error.token.type == "LPAR" and re.search(r"[A-Z_][A-Za-z0-9_]*$", chunk[:in_chunk]):
            friendly = "a variable cannot be the name of a predicate or functor"
        if friendly == "missing '.' at the end of the clause":
            offset = _previous_token_end(text, offset)
            message = friendly
        elif bracket is not None and error.token.type in ("END", "RPAR", "RSQB", "RBRACE"):
            offset, message = start + bracket[0], bracket[1]
        elif friendly is not None:
            message = friendly
        else:
            message = f"unexpected {_describe(error.token)}"
    line_start = text.rfind("\n", 0, offset) + 1
    line = text.count("\n", 0, offset) + 1
    return KBSyntaxError(message, path, line, offset - line_start + 1, _line_text(text, offset))


def read_with_grammar(
    text: str, start: int, chunk: str, path: str, where: _Position
) -> tuple[Term, dict[str, Var]]:
    """The clause ``chunk`` (at ``start`` of ``text``) and its named variables.

    Raises
    ------
    KBSyntaxError
        Located in ``path`` (``where`` is the clause's line and column).
    """
    _TRANSFORMER.reset()
    try:
        term = _parser().parse(chunk, start="clause")
    except UnexpectedInput as error:
        decided = _decisions_spaced(chunk)
        if decided == chunk:
            raise _syntax_error(error, text, start, chunk, path, where) from error
        try:  # ProbLog's ?::Head (a decision): `?::` reads as one symbol atom otherwise
            _TRANSFORMER.reset()
            term = _parser().parse(decided, start="clause")
        except UnexpectedInput:
            raise _syntax_error(error, text, start, chunk, path, where) from error
    except (ValueError, VisitError) as error:  # a bad escape sequence in a quoted item
        cause = error.orig_exc if isinstance(error, VisitError) else error
        raise KBSyntaxError(
            str(cause), path, where.line, where.column, _line_text(text, start)
        ) from cause
    variables = _TRANSFORMER.clause_variables[-1] if _TRANSFORMER.clause_variables else {}
    _TRANSFORMER.reset()
    return term, variables  # type: ignore[return-value]


def parse_with_grammar(text: str) -> list[Term]:
    """Every clause of ``text`` by the grammar alone (the reference for the readers)."""
    _TRANSFORMER.reset()
    terms: list[Term] = _parser().parse(text, start="start")  # type: ignore[assignment]
    _TRANSFORMER.reset()
    return list(terms)
