"""Syntax errors come from the reader (no lark), located where the grammar locates them.

Every clause the reader rejects is located (file:line:column) by the reader
itself; ``grammars/kb.lark`` (lark's LALR parser) is the reference.  Over
every syntax-error clause of the test corpora (ProbLog's test programs, the
Prolog files under ``tests/`` and ``kb/``, the error table) and over random
mutations of valid clauses (a deleted ``.``, ``)``, ``,``; a stray operator),
the reader's message and position are the grammar's, or differ by one of
these stated rules, each a reading of SWI-Prolog's or a clearer message:

``tokens``
    The reader's tokens are SWI-Prolog's: a run of symbol characters or a
    name is one token (``<--``, ``:-+``, ``-.``, ``modeb``); in some parser
    states lark's lexer splits it at an operator (``<-`` ``-``, ``mod`` ``eb``).
``newline``
    "missing '.' at the end of the clause" exactly where a complete clause
    is followed on a later line by a token that cannot continue it, located
    at the end of the clause (the grammar says so only in some parser states).
``same-line``
    On the same line that token is "unexpected 'tok'", located at the token
    (the grammar, in some states, says "missing '.'" at the end of the
    token before it).
``args-1200``
    Arguments and list elements are read up to priority 1200, as
    SWI-Prolog 7 reads them (the grammar stops at 999): ``f(a :- b`` is an
    unbalanced ``(`` to the reader, an unexpected ``:-`` to the grammar.
``variable``
    "a variable cannot be the name of a predicate or functor" points at the
    variable, not at the ``(`` after it.
``clash``
    An infix operator that cannot continue the term is an "operator priority
    clash" at that operator (``a = b = c``), as the error table says, also where
    the grammar says "unexpected" at it or at the token after it; SWI-Prolog
    reads a prefix operator before an operator that may be prefix as prefix
    (``a : :- - b`` clashes), where the grammar takes it as an atom.
``quoted-operator``
    A quoted operator is an operator (``'+'1``), as in SWI-Prolog and ISO.
``escape``
    A bad escape sequence is located at its quoted item, not at the clause.
``decision``
    A clause with ProbLog's ``?::``: the grammar reports its first reading's
    error (before it spaces ``?::``), the reader the error of the decision.
``mislabel``
    The grammar's "':-' must be followed by a body" where the body is there
    (lark's error-example matching labels the parser state, not the clause).

A clause that the grammar reads, the reader reads to the same term (up to
variable names), except where the grammar's lexer splits a token.
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import KBSyntaxError
from symlearn.kb.parser import (
    _LAYOUT,
    ERROR_EXAMPLES,
    _clause_end,
    _parse_clause,
    _Position,
    _read_standard,
)
from symlearn.kb.reader import ReadError, _tokens
from symlearn.logic.operators import STANDARD
from symlearn.logic.unify import variant

ROOT = Path(__file__).resolve().parents[2]
#: Hand-written errors besides the corpus's (the ones the last session found to differ).
HAND_WRITTEN = [
    "a b c.",
    "a :- ",
    ":- determination(mem/2'='/2).",
    "X(a).",
    "a :- .",
    "a :- \n .",
    "a :- + + +.",
    "a <-- b.",
    "p(a, b .",
    "f(a) g .",
    "p(a)) .",
    "f('abc).",
    "a :- b",
    "a likes b.",
    "f(|).",
    "p :- q, (r ; s.",
    "(h => x) :- b, => c.",
    "?::bet(C heads) :- play(C).",
    "a <- b <- c.",
    "0.3::a :- not.",
    'p(X) :- X = "abc.',
    "all_salary(A) :-\n    (\n        personX),\n        salary(X, A)\n    ) => avg(A, B).",
]
_OPERATOR_NAMES = {*STANDARD.infix, *STANDARD.prefix, *STANDARD.postfix, "<-", "not"}
_WIDE = {name for name, (priority, _) in STANDARD.infix.items() if priority > 999}


def _clauses(text: str) -> list[str]:
    """The clause texts of ``text`` as the reader cuts them."""
    chunks = []
    pos = _LAYOUT.match(text, 0).end()  # type: ignore[union-attr]
    while pos < len(text) and not text.startswith("/*", pos):
        end = _clause_end(text, pos)
        chunks.append(text[pos:end])
        pos = _LAYOUT.match(text, end).end()  # type: ignore[union-attr]
    return chunks


@lru_cache(maxsize=1)
def _corpus() -> tuple[list[str], list[str]]:
    """The corpora's clauses: (those the reader reads, those it rejects)."""
    files = [*ROOT.glob("tests/**/*.pl"), *ROOT.glob("kb/**/*.pl"), *ROOT.glob("tests/**/*.pro")]
    valid: dict[str, None] = {}
    errors: dict[str, None] = {}
    for path in sorted(files):
        text = path.read_text(encoding="utf-8", errors="replace")
        if re.search(r":-\s*op\(", text):
            continue  # read with the operators it declares, not the grammar's
        for chunk in _clauses(text):
            try:
                _read_standard(chunk)
            except (ReadError, RecursionError):
                errors[chunk] = None
            else:
                valid[chunk] = None
    return list(valid), list(errors)


def _grammar(chunk: str) -> tuple[str, ...] | tuple[str, object]:
    from symlearn.kb.grammar import read_with_grammar

    try:
        return ("ok", read_with_grammar(chunk, 0, chunk, "f.pl", _Position(chunk))[0])
    except KBSyntaxError as error:
        return ("error", error.message, _offset(chunk, error.line, error.column))


def _reader(chunk: str) -> tuple[str, ...] | tuple[str, object]:
    try:
        return ("ok", _parse_clause(chunk, 0, len(chunk), "f.pl", _Position(chunk))[0])
    except KBSyntaxError as error:
        return ("error", error.message, _offset(chunk, error.line, error.column))


def _offset(chunk: str, line: int | None, column: int | None) -> int:
    assert line is not None and column is not None
    lines = chunk.split("\n")
    return sum(len(text) + 1 for text in lines[: line - 1]) + column - 1


def _split_by_lark(chunk: str) -> bool:
    """Whether a token of ``chunk`` starts with an operator's name and is longer (``<--``)."""
    tokens, _ = _tokens(chunk)
    for token in tokens:
        text = chunk[token.start : token.end]
        longer = text not in _OPERATOR_NAMES
        if token.kind == "atom" and longer and any(map(text.startswith, _OPERATOR_NAMES)):
            return True
    return False


def _rule(chunk: str, grammar: tuple, reader: tuple) -> str | None:
    """The stated rule (module docstring) that explains why the two readings differ, or None."""
    if grammar[0] == "ok" or reader[0] == "ok":
        if reader[0] == "ok":
            return "args-1200"
        at = reader[2]
        if reader[1].startswith("operator priority clash") and re.match(r"\S+\s+-", chunk[at:]):
            return "clash"
        return "tokens" if _split_by_lark(chunk) else None
    (_, g_message, g_at), (_, r_message, r_at) = grammar, reader
    unexpected = re.match(r"unexpected '(.*)'$", g_message)
    if r_message == "missing '.' at the end of the clause":
        layout = _LAYOUT.match(chunk, r_at).group()  # type: ignore[union-attr]
        if "\n" in layout or r_at + len(layout) >= len(chunk):
            return "newline"
    if g_message == "missing '.' at the end of the clause" and r_message.startswith("unexpected"):
        between = chunk[g_at:r_at]
        if between.strip() == "" and "\n" not in between:
            return "same-line"
    if g_message == r_message == "a variable cannot be the name of a predicate or functor":
        name = re.match(r"[A-Z_]\w*", chunk[r_at:])
        if name is not None and r_at + len(name.group()) == g_at:
            return "variable"
    wide = unexpected is not None and unexpected.group(1) in _WIDE | {"|", ",", "<-"}
    if wide and (r_at > g_at or r_message.startswith("unbalanced")):
        return "args-1200"
    if r_message.startswith("operator priority clash") and r_at <= g_at:
        return "clash"
    quoted = re.search(r"'((?:[^'\\]|\\.)+)'\s*$", chunk[:g_at])  # just before the error
    at_quoted = re.match(r"'((?:[^'\\]|\\.)+)'", chunk[g_at:])  # or at it
    if at_quoted is not None and r_at > g_at:
        quoted = at_quoted
    if quoted is not None and quoted.group(1) in _OPERATOR_NAMES:
        return "quoted-operator"
    if g_message == r_message and g_at == 0:
        return "escape"
    if "?::" in chunk and unexpected and g_at == chunk.index("?::") + 3:
        return "decision"
    if g_message == "':-' must be followed by a body" and not re.search(r":-\s*\.\s*$", chunk):
        return "mislabel"
    return "tokens" if _split_by_lark(chunk) else None


def _check(chunk: str) -> str:
    """Compare the two readings of ``chunk``; what they agree on, or the rule they differ by."""
    grammar, reader = _grammar(chunk), _reader(chunk)
    if grammar[0] == reader[0] == "ok":
        if variant(grammar[1], reader[1]):
            return "same term"
    elif grammar == reader:
        return "same error"
    rule = _rule(chunk, grammar, reader)
    assert rule is not None, (chunk, grammar, reader)
    return rule


def test_every_syntax_error_of_the_corpora_is_the_grammars_or_a_stated_rules() -> None:
    _, errors = _corpus()
    samples = [sample for group in ERROR_EXAMPLES.values() for sample in group]
    outcomes = [_check(chunk) for chunk in [*errors, *samples, *HAND_WRITTEN]]
    assert len(errors) >= 40  # ProbLog's parser tests, the engine's error suites ...
    assert outcomes.count("same error") >= 0.6 * len(outcomes)  # 51 of 80 when written


def test_every_clause_of_the_corpora_reads_as_the_grammar_reads_it() -> None:
    valid, _ = _corpus()
    assert len(valid) > 5000
    for chunk in valid[::7]:  # a seventh of them: the grammar takes 3 s for all
        grammar = _grammar(chunk)
        if grammar[0] == "ok":
            reader = _read_standard(chunk)[0]
            assert variant(grammar[1], reader) or _split_by_lark(chunk), chunk


_STRAY = ["+", " + ", ":-", " :- ", ",", ";", " = ", "->", " is ", "\\+", "-", "|", ".", "::"]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_mutated_clause_errs_where_the_grammar_says(data) -> None:
    valid, _ = _corpus()
    clause = data.draw(st.sampled_from([c for c in valid[::5] if len(c) < 300]))
    body = clause[:-1]
    kind = data.draw(st.sampled_from(["no end", "delete", "insert"]))
    if kind == "no end":
        text = body + data.draw(st.sampled_from([" ", "\n", "\nq(a)."]))
    elif kind == "delete":
        places = [i for i, char in enumerate(body) if char in ".),("]
        if not places:
            return
        at = data.draw(st.sampled_from(places))
        text = body[:at] + body[at + 1 :] + "."
    else:
        at = data.draw(st.integers(0, len(body)))
        text = body[:at] + data.draw(st.sampled_from(_STRAY)) + body[at:] + "."
    chunk = _clauses(text)[0] if _clauses(text) else text
    _check(chunk)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("a :- .", "':-' must be followed by a body", 3),
        ("a b c.", "unexpected 'b'", 3),
        ("X(a).", "a variable cannot be the name of a predicate or functor", 1),
        ("a <-- b.", "unexpected '<--'", 3),
        ("f(|).", "unexpected '|'", 3),
        ("p :- a(b, c d).", "unexpected 'd'", 13),
        ("p :- 'a b.", "unterminated quoted atom", 6),
        ("p :- q(x y, 'a b.", "unexpected 'y'", 10),  # the first error, as a parser reads
    ],
)
def test_errors_read_without_the_grammar(text: str, message: str, column: int) -> None:
    with pytest.raises(KBSyntaxError) as caught:
        _parse_clause(text, 0, len(text), "f.pl", _Position(text))
    assert (caught.value.message, caught.value.line, caught.value.column) == (message, 1, column)


def test_a_syntax_error_imports_no_lark(tmp_path) -> None:
    program = tmp_path / "bad.pl"
    program.write_text("0.3::a.\nquery(a) b.\n")
    code = (
        "import sys\nfrom symlearn.cli import main\n"
        "try:\n    main(['infer', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "print('lark' in sys.modules, file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(program)], capture_output=True, text=True, check=False
    )
    assert "bad.pl:2:10: error: unexpected 'b'" in result.stderr
    assert result.stderr.split()[-1] == "False"


def test_a_clause_nested_deeper_than_the_recursion_limit_is_read_by_the_grammar() -> None:
    depth = sys.getrecursionlimit()
    text = "p(" + "f(" * depth + "a" + ")" * depth + ")."
    term, _ = _parse_clause(text, 0, len(text), "f.pl", _Position(text))
    for _ in range(depth + 1):
        assert not isinstance(term, str)
        (term,) = term.args  # type: ignore[union-attr]
    assert term == "a"
    bad = "p(" + "f(" * depth + "a" + ")" * depth + " q)."
    with pytest.raises(KBSyntaxError, match="unexpected 'q'"):
        _parse_clause(bad, 0, len(bad), "f.pl", _Position(bad))
