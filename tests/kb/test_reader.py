"""The operator-precedence reader (kb.reader): what op/3 files and goals are read with.

On random terms: a term written with an operator table reads back as itself
with that table, and under SWI-Prolog's standard table the reader and the
LALR grammar read the same text to the same term.  Its errors are located.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from symlearn.errors import KBSyntaxError
from symlearn.kb import loads
from symlearn.kb.parser import parse_term
from symlearn.kb.reader import ReadError, read_term_text
from symlearn.logic.clauses import Clause
from symlearn.logic.operators import STANDARD
from symlearn.logic.printer import format_term, write_term
from symlearn.logic.terms import Struct, make_list
from tests.logic.strategies import FUNCTOR_NAMES, terms

USER_OPERATORS = [(700, "xfx", "likes"), (850, "xfy", "&"), (200, "xfy", "^^"), (900, "fy", "~")]


def _user_table():
    table = STANDARD.copy()
    for priority, kind, name in USER_OPERATORS:
        table.add(priority, kind, name)
    return table


@settings(max_examples=150, deadline=None)
@given(terms())
def test_a_written_term_reads_back_with_the_standard_table(term) -> None:
    text = format_term(term) + " ."
    assert read_term_text(text, STANDARD)[0] == term
    assert write_term(read_term_text(text, STANDARD)[0], quoted=True) == write_term(
        term, quoted=True
    )


@settings(max_examples=150, deadline=None)
@given(terms())
def test_the_reader_and_the_grammar_read_alike(term) -> None:
    text = write_term(term, quoted=True)  # writeq's text, no spaces after commas
    try:
        by_grammar = parse_term(text)
    except KBSyntaxError:
        return  # SWI-Prolog reads arguments up to 1200 (f(a:-b)); the grammar at 999
    assert read_term_text(text + " .", STANDARD)[0] == by_grammar


@settings(max_examples=150, deadline=None)
@given(terms(functor_names=[*FUNCTOR_NAMES, "likes", "&", "^^", "~"]))
def test_a_term_written_with_user_operators_reads_back_with_them(term) -> None:
    table = _user_table()
    text = format_term(term, ops=table) + " ."
    assert read_term_text(text, table)[0] == term


def test_a_file_is_read_with_the_operators_it_declares() -> None:
    kb = loads(":- op(700, xfx, likes).\n:- op(200, xfy, ^^).\njohn likes a^^b^^c.\n")
    (clause,) = kb.clauses("likes", 2)
    assert clause.head == Struct("likes", ("john", Struct("^^", ("a", Struct("^^", ("b", "c"))))))


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("p(a, b .", "unbalanced '(': missing ')'", 2),
        ("a likes b likes c .", "operator priority clash (add brackets)", 11),
        ("p :- X(a) .", "a variable cannot be the name of a predicate or functor", 6),
        ("a :- b\nc .", "missing '.' at the end of the clause", 7),
        ("f(a) g .", "unexpected 'g'", 6),
    ],
)
def test_its_errors_are_located(text: str, message: str, column: int) -> None:
    with pytest.raises(ReadError) as caught:
        read_term_text(text, _user_table())
    assert caught.value.message == message
    assert text.rfind("\n", 0, caught.value.offset) + 1 + column - 1 == caught.value.offset


def test_a_file_error_after_op_3_names_the_file_line_and_column() -> None:
    with pytest.raises(KBSyntaxError) as caught:
        loads(":- op(700, xfx, likes).\nok.\njohn likes ann likes mary.\n", "f.pl")
    error = caught.value
    assert (error.path, error.line, error.column) == ("f.pl", 3, 16)
    assert error.message == "operator priority clash (add brackets)"


def test_swi_prolog_reads_arguments_up_to_1200_and_so_does_the_reader() -> None:
    term, _ = read_term_text("f(a :- b, [dynamic foo]) .", STANDARD)
    assert term == Struct(
        "f", (Struct(":-", ("a", "b")), make_list([Struct("dynamic", ("foo",))]))
    )


@pytest.mark.parametrize(
    "text",
    [
        "0.4::asthma(X) <- smokes(X).",
        "0.25::card(C,q,h);0.25::card(C,k,h) <- position(C).",
        "0.2 :: h <- r.",
        "0.8::alarm <- burglary, \\+earthquake.",
        "0.6::w(sun,T) ; 0.4::w(rain,T) <- T>0, Tprev is T-1, w(sun,Tprev).",
        "a <- (b <- c).",
        "p(X) <- X = '<-'.",
        "0.5::\\+a :- c.",
        "1.0::\\+e(X) :- c(X), '::\\\\+'(d).",
        "dept_salary(Dept, avg<Salary>) :- person(X), salary(X, Salary), dept(X, Dept).",
        "all(max<S>) :- s(S), T = 'a<B>', t(T).",
        "0.5::both_win :- not solo_win1, not (a, b).",
        "?::bet(C, tails); ?::bet(C, heads) :- play(C).",
        "?::umbrella(X) <- forecast(X), not raining.",
    ],
)
def test_problogs_syntax_is_read_without_the_grammar(text: str, monkeypatch) -> None:
    from symlearn.kb import grammar
    from symlearn.kb.parser import _Position, parse_text

    reference, names = grammar.read_with_grammar(text, 0, text, "<string>", _Position(text))
    monkeypatch.setattr(grammar, "read_with_grammar", None)  # the reader alone reads it
    (read,) = parse_text(text)
    assert format_term(read.term) == format_term(reference)
    assert Clause(read.term) == Clause(reference)  # the same term up to variable renaming
    assert read.variables.keys() == names.keys()


def test_a_back_neck_error_is_still_the_grammars() -> None:
    with pytest.raises(KBSyntaxError):
        loads("a <- b <- c.")
