r"""Read a clause with any operator table: a tokenizer and an operator-precedence parser.

Every clause is read here: with SWI-Prolog's standard table and ProbLog's
syntax (:func:`symlearn.kb.parser._read_standard`), and with the table in
force after a file's ``:- op/3`` (every clause after it, and goals and
``term_to_atom/2`` after an ``op/3`` goal).  A regular-expression
tokenizer, then a Pratt (operator-precedence) parser in the manner of ISO
13211-1 section 6.3.4: an infix operator of priority P and type ``xfy``
takes a left operand of priority at most P - 1 and a right one of at most
P, and so on.  An atom that is an operator is an operand (``f(-)``, ``X =
(:-)``, ``- = x``) where no operand follows it; a name directly followed by
``(`` is a compound term in functional notation, and ``-`` directly
followed by a number is a negative number, as in SWI-Prolog.

Its syntax errors are located (offset) and worded as the LALR grammar
``grammars/kb.lark`` words them: the first error in reading order (a
lexical error, such as an unterminated quote, only where the parser needs
that token), an unbalanced bracket where the parse fails at a closing
bracket or the end, "missing '.'" where a complete clause is followed on a
later line by a token that cannot continue it.  Where they differ, by rules
stated in ``tests/kb/test_reader_errors.py``, the reader's tokens and
priorities are SWI-Prolog's.

Why not rebuild the grammar for each table: building lark's LALR tables
takes 0.2 s per table, and importing lark and loading the standard table's
50 ms, where this parser reads a clause in tens of microseconds.

Functions
---------
read_term_text
"""

from __future__ import annotations

import re
from typing import NamedTuple, cast

from symlearn.logic.operators import Operators
from symlearn.logic.terms import EMPTY_LIST, PString, Struct, Term, Var, make_list

__all__ = ["ReadError", "read_term_text"]


class ReadError(ValueError):
    """A syntax error at ``offset`` (into the text given to :func:`read_term_text`).

    ``closing``: the parse failed at a closing bracket, the end or an unknown
    character, where an unbalanced bracket (if any) is the better message.
    """

    def __init__(self, message: str, offset: int, closing: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.closing = closing


class _Token(NamedTuple):
    kind: str  # atom, var, number, string, codes, punct, end, aggregate
    value: object
    start: int
    end: int
    call: bool = False  # an atom directly followed by "(": functional notation


_ESCAPE_BODY = r"(?:\\(?:x[0-9a-fA-F]+\\?|[0-7]+\\?|.)|\\\n)"
_TOKEN = re.compile(
    r"""
      (?P<layout>(?:\s+|%[^\n]*|/\*.*?\*/)+)
    | (?P<end>\.(?=\s|%|\Z))
    | (?P<char>0'(?:\\(?:x[0-9a-fA-F]+\\?|[0-7]+\\?|.)|''|'(?!')|[^'\\\n]))
    | (?P<number>0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+
        |[0-9]+(?:_[0-9]+)*\.[0-9]+(?:[eE][+-]?[0-9]+)?(?:Inf|NaN)?
        |[0-9]+(?:_[0-9]+)*[eE][+-]?[0-9]+
        |[0-9]+(?:_[0-9]+)*)
    | (?P<var>[A-Z_]\w*)
    | (?P<name>[^\W\d_A-Z]\w*)
    | (?P<quoted>'[^'\\\n]*(?:(?:"""
    + _ESCAPE_BODY
    + r"""|'')[^'\\\n]*)*')
    | (?P<string>"[^"\\\n]*(?:(?:"""
    + _ESCAPE_BODY
    + r"""|"")[^"\\\n]*)*")
    | (?P<codes>`[^`\\\n]*(?:(?:"""
    + _ESCAPE_BODY
    + r"""|``)[^`\\\n]*)*`)
    | (?P<symbol>[+\-*/\\^<>=~:.?@\#&$]+)
    | (?P<solo>[!;])
    | (?P<punct>[()\[\]{},|])
    """,
    re.VERBOSE | re.DOTALL,
)
_TERMINATORS = frozenset({")", "]", "}", ",", "|"})
#: ProbLog's symbol runs that are two tokens: a decision ``?::h``, a negated head ``P::\\+h``.
_PROBLOG_SPLITS = {"?::": 1, "::\\+": 2}
#: ProbLog's aggregate argument right after a name: ``avg<X>`` (no layout inside).
_AGGREGATE_VARIABLE = re.compile(r"<([A-Z_]\w*)>")


def _tokens(text: str, problog: bool = False) -> tuple[list[_Token], ReadError | None]:
    r"""The tokens of ``text`` (one clause, ending with its end ``.``).

    With ``problog``, ProbLog's tokens too: ``?::`` and ``::\+`` are two
    tokens each (``?`` ``::``, ``::`` ``\+``), and ``avg<X>`` is one
    (kind ``aggregate``, value ``(name, variable name)``), as the grammar
    ``grammars/kb.lark`` reads them.
    """
    from symlearn.kb.parser import _number, _unescape

    tokens: list[_Token] = []
    pos = 0
    length = len(text)
    match = _TOKEN.match
    while pos < length:
        m = match(text, pos)
        if m is None:
            return tokens, _lexical_error(text, pos)
        group = m.lastgroup
        end = m.end()
        value: object = m.group()
        if group == "layout":
            pos = end
            continue
        try:
            if group == "number":
                kind = "number"
                value = _number(m.group())
            elif group == "char":
                kind = "number"
                body = m.group()[2:]
                value = ord("'") if body in ("''", "'") else ord(_unescape(body, "'"))
            elif group in ("name", "symbol"):
                kind = "atom"
                if problog and (value in _PROBLOG_SPLITS or text.startswith("<", end)):
                    after = _problog_tokens(text, tokens, group, pos, end)
                    if after:
                        pos = after
                        continue
            elif group == "quoted":
                kind = "atom"
                value = _unescape(m.group()[1:-1], "'")
            elif group == "solo":
                kind = "atom"
            elif group == "string":
                kind = "string"
                value = PString(_unescape(m.group()[1:-1], '"'))
            elif group == "codes":
                kind = "codes"
                value = make_list([ord(c) for c in _unescape(m.group()[1:-1], "`")])
            else:
                kind = group  # type: ignore[assignment]
        except ValueError as error:  # a bad escape sequence or number
            return tokens, ReadError(str(error), pos)
        call = kind == "atom" and end < length and text[end] == "("
        tokens.append(_Token(kind, value, pos, end, call))
        pos = end
    return tokens, None


def _lexical_error(text: str, pos: int) -> ReadError:
    """The error of a text no token matches at ``pos``."""
    char = text[pos]
    if char in "'\"`":
        kind = {"'": "quoted atom", '"': "string", "`": "back-quoted text"}[char]
        return ReadError(f"unterminated {kind}", pos)
    if text.startswith("/*", pos):
        return ReadError("unterminated /* comment", pos)
    return ReadError(f"unexpected character {char!r}", pos, closing=True)


def _problog_tokens(text: str, tokens: list[_Token], group: str, pos: int, end: int) -> int:
    """Append ProbLog's tokens for the name or symbol run ``text[pos:end]``; where they end.

    0 when the run is not one of ProbLog's (then it is one token as usual).
    """
    if group == "symbol":
        cut = pos + _PROBLOG_SPLITS.get(text[pos:end], 0)
        if cut == pos:
            return 0
        tokens.append(_Token("atom", text[pos:cut], pos, cut))
        tokens.append(_Token("atom", text[cut:end], cut, end, text.startswith("(", end)))
        return end
    m = _AGGREGATE_VARIABLE.match(text, end)
    if group != "name" or m is None:
        return 0
    tokens.append(_Token("aggregate", (text[pos:end], m.group(1)), pos, m.end()))
    return m.end()


class _Parser:
    """Parse one clause's tokens with an operator table."""

    def __init__(
        self, text: str, tokens: list[_Token], ops: Operators, lexical: ReadError | None = None
    ) -> None:
        self.text = text
        self.tokens = tokens
        self.ops = ops
        self.pos = 0
        self.variables: dict[str, Var] = {}
        self.lexical = lexical  # the error where the tokens stop early

    # -- tokens
    def peek(self) -> _Token | None:
        if self.pos < len(self.tokens):
            return self.tokens[self.pos]
        if self.lexical is not None:
            raise self.lexical
        return None

    def advance(self) -> _Token:
        token = self.peek()
        if token is None:
            raise self.unexpected(None)
        self.pos += 1
        return token

    def expect(self, punct: str) -> None:
        token = self.peek()
        if token is None or token.kind != "punct" or token.value != punct:
            raise self.unexpected(token)
        self.pos += 1

    def unexpected(self, token: _Token | None) -> ReadError:
        if token is None:  # the text ends before the clause does
            return ReadError("missing '.' at the end of the clause", self._after_last(), True)
        if token.kind == "end":
            neck = self.neck_before(token)
            if neck is not None:
                return ReadError("':-' must be followed by a body", neck.start)
            return ReadError("unexpected end of clause", token.start, closing=True)
        closing = token.kind == "punct" and token.value in (")", "]", "}")
        text = self.text[token.start : token.end]
        return ReadError(f"unexpected {text!r}", token.start, closing)

    def neck_before(self, end: _Token) -> _Token | None:
        """The ``:-`` right before the end token ``end`` (only white space between), if any."""
        index = self.tokens.index(end)
        previous = self.tokens[index - 1] if index > 0 else None
        if (
            previous is None
            or previous.kind != "atom"
            or previous.value != ":-"
            or index < 2  # ``:- .`` is the atom (:-)
            or not self.text[previous.end : end.start].isspace()
        ):
            return None
        return previous

    # -- terms
    def clause(self) -> Term:
        term, _ = self.parse(1200)
        token = self.peek()
        if token is not None and token.kind == "end":
            self.pos += 1
            if self.pos == len(self.tokens):
                return term
            token = self.peek()
        if token is None:
            raise self.unexpected(None)
        previous = self.tokens[self.pos - 1]
        if token.kind == "punct" and token.value in (")", "]", "}"):
            raise self.unexpected(token)  # an unbalanced bracket, more likely than a missing '.'
        if "\n" in self.text[previous.end : token.start]:
            raise ReadError("missing '.' at the end of the clause", previous.end)
        if token.kind in ("atom", "punct") and self.infix_name(token) is not None:
            raise ReadError("operator priority clash (add brackets)", token.start)
        raise self.unexpected(token)

    def _after_last(self) -> int:
        return self.tokens[-1].end if self.tokens else 0

    def infix_name(self, token: _Token) -> str | None:
        """The infix (or postfix) operator ``token`` may be, or None."""
        if token.kind == "atom" or (token.kind == "punct" and token.value in (",", "|")):
            name = str(token.value)
            if name in self.ops.infix or name in self.ops.postfix:
                return name
        return None

    def argument(self) -> Term:
        """An argument or list element: up to priority 1200 as in SWI-Prolog 7, bar ``,`` ``|``."""
        return self.parse(1200, argument=True)[0]

    def parse(self, max_priority: int, argument: bool = False) -> tuple[Term, int]:
        left, left_priority = self.primary(max_priority)
        ops = self.ops
        while True:
            token = self.peek()
            if token is None:
                break
            if argument and token.kind == "punct" and token.value in (",", "|"):
                break
            name = self.infix_name(token)
            if name is None:
                break
            infix = ops.infix.get(name)
            if infix is not None:
                priority, kind = infix
                left_max = priority - 1 if kind[0] == "x" else priority
                right_max = priority - 1 if kind[2] == "x" else priority
                if priority <= max_priority and left_priority <= left_max:
                    self.pos += 1
                    right, _ = self.parse(right_max, argument)
                    left, left_priority = Struct(name, (left, right)), priority
                    continue
            postfix = ops.postfix.get(name)
            if postfix is not None:
                priority, kind = postfix
                left_max = priority - 1 if kind[0] == "x" else priority
                if priority <= max_priority and left_priority <= left_max:
                    self.pos += 1
                    left, left_priority = Struct(name, (left,)), priority
                    continue
            break
        return left, left_priority

    def primary(self, max_priority: int) -> tuple[Term, int]:
        token = self.advance()
        kind = token.kind
        if kind == "number" or kind == "string" or kind == "codes":
            return token.value, 0  # type: ignore[return-value]
        if kind == "var":
            return self.variable(token), 0
        if kind == "punct":
            return self.bracketed(token)
        if kind == "atom":
            return self.atom_term(token, max_priority)
        if kind == "aggregate":
            name, variable = cast("tuple[str, str]", token.value)
            return Struct("$aggregate", (name, self.named_variable(variable))), 0
        raise self.unexpected(token)

    def variable(self, token: _Token) -> Var:
        name = str(token.value)
        following = self.peek()
        if (
            following is not None
            and following.kind == "punct"
            and following.value == "("
            and following.start == token.end
        ):
            raise ReadError("a variable cannot be the name of a predicate or functor", token.start)
        return self.named_variable(name)

    def named_variable(self, name: str) -> Var:
        """The clause's variable ``name`` (each ``_`` a fresh one)."""
        if name == "_":
            return Var("_")
        var = self.variables.get(name)
        if var is None:
            var = self.variables[name] = Var(name)
        return var

    def bracketed(self, token: _Token) -> tuple[Term, int]:
        opener = token.value
        if opener == "(":
            term, _ = self.parse(1200)
            self.expect(")")
            return term, 0
        if opener == "[":
            following = self.peek()
            if following is not None and following.kind == "punct" and following.value == "]":
                self.pos += 1
                return self.after_name(EMPTY_LIST, following)
            items = [self.argument()]
            while self.comma():
                items.append(self.argument())
            tail: Term = EMPTY_LIST
            following = self.peek()
            if following is not None and following.kind == "punct" and following.value == "|":
                self.pos += 1
                tail = self.argument()
            self.expect("]")
            return make_list(items, tail), 0
        if opener == "{":
            following = self.peek()
            if following is not None and following.kind == "punct" and following.value == "}":
                self.pos += 1
                return self.after_name("{}", following)
            term, _ = self.parse(1200)
            self.expect("}")
            return Struct("{}", (term,)), 0
        raise self.unexpected(token)  # "," "|" ")" "]" "}": no operand starts so

    def after_name(self, name: str, token: _Token) -> tuple[Term, int]:
        """``[]`` or ``{}`` just read: an atom, or the name of a compound ``[](...)``."""
        following = self.peek()
        if (
            following is not None
            and following.kind == "punct"
            and following.value == "("
            and following.start == token.end
        ):
            self.pos += 1
            return Struct(name, self.arguments()), 0
        return name, 0

    def comma(self) -> bool:
        token = self.peek()
        if token is not None and token.kind == "punct" and token.value == ",":
            self.pos += 1
            return True
        return False

    def arguments(self) -> tuple[Term, ...]:
        args = [self.argument()]
        while self.comma():
            args.append(self.argument())
        self.expect(")")
        return tuple(args)

    def atom_term(self, token: _Token, max_priority: int) -> tuple[Term, int]:
        name = str(token.value)
        if token.call:
            self.pos += 1  # the "("
            return Struct(name, self.arguments()), 0
        following = self.peek()
        if (
            name == "-"
            and following is not None
            and following.kind == "number"
            and following.start == token.end
            and type(following.value) in (int, float)
        ):
            self.pos += 1
            return -following.value, 0  # type: ignore[operator]
        prefix = self.ops.prefix.get(name)
        if prefix is None or not self.operand_follows(following):
            return name, 0
        priority, kind = prefix
        if priority > max_priority:
            raise ReadError("operator priority clash (add brackets)", token.start)
        operand, _ = self.parse(priority if kind == "fy" else priority - 1)
        return Struct(name, (operand,)), priority

    def operand_follows(self, token: _Token | None) -> bool:
        r"""Whether the token after a prefix operator starts its operand.

        An infix operator there is the operand only where no operand follows
        it (``:- mod``, ``:- mod ; a``), else the prefix operator is an atom
        (``- = x``), as SWI-Prolog reads them; one that is also prefix starts
        an operand (``- - 1``, ``\+ \+ a``).
        """
        if not self.starts_term(token):
            return False
        assert token is not None
        if token.kind == "atom" and not token.call:
            name = str(token.value)
            if name in self.ops.infix or name in self.ops.postfix:
                if name in self.ops.prefix:
                    return True
                index = self.tokens.index(token)
                following = self.tokens[index + 1] if index + 1 < len(self.tokens) else None
                return not self.starts_term(following) or self.infix_only(following)
        return True

    def starts_term(self, token: _Token | None) -> bool:
        """Whether ``token`` may begin a term."""
        if token is None or token.kind == "end":
            return False
        if token.kind == "punct":
            return token.value in ("(", "[", "{")
        return True

    def infix_only(self, token: _Token | None) -> bool:
        """Whether ``token`` is an operator atom that is infix or postfix and not prefix."""
        if token is None or token.kind != "atom" or token.call:
            return False
        name = str(token.value)
        return (name in self.ops.infix or name in self.ops.postfix) and name not in self.ops.prefix


def read_term_text(
    text: str, ops: Operators, problog: bool = False
) -> tuple[Term, dict[str, Var]]:
    """Read the one clause ``text`` (ending with its ``.``) with the operator table ``ops``.

    ``problog``: read ProbLog's tokens too (see :func:`_tokens`).

    Returns the term and its named variables (name -> variable, ``_`` excluded).

    Raises
    ------
    ReadError
        With a message and the offset into ``text`` where the error is.

    Examples
    --------
    >>> from symlearn.logic.operators import STANDARD
    >>> ops = STANDARD.copy()
    >>> ops.add(700, "xfx", "likes")
    >>> term, names = read_term_text("X likes wine :- good(X).", ops)
    >>> term
    Struct<likes(X, wine):-good(X)>
    >>> read_term_text("- (1) + -2.", ops)[0].args
    (Struct<- 1>, -2)
    """
    tokens, lexical = _tokens(text, problog)
    parser = _Parser(text, tokens, ops, lexical)
    try:
        term = parser.clause()
    except ReadError as error:
        if error.closing:
            from symlearn.kb.parser import _unbalanced

            bracket = _unbalanced(text)
            if bracket is not None:
                raise ReadError(bracket[1], bracket[0]) from None
        raise
    return term, parser.variables
