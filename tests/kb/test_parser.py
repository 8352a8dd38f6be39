"""Reading knowledge-base text: the grammar, the fast path and syntax errors."""

from __future__ import annotations

import contextlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import KBError, KBSyntaxError
from symlearn.kb import load, loads
from symlearn.kb.parser import ERROR_EXAMPLES, parse_term, parse_text, parse_whole_text
from symlearn.logic.terms import PString, Struct, Var, list_items, make_list, term_equal


def terms_of(text: str, fast: bool = True) -> list:
    return [c.term for c in parse_text(text, fast=fast)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a.", "a"),
        ("'hello world'.", "hello world"),
        ("'don''t'.", "don't"),
        ("'a\\nb'.", "a\nb"),
        ("'\\x41\\'.", "A"),
        ("42.", 42),
        ("-7.", -7),
        ("0x1F.", 31),
        ("0o17.", 15),
        ("0b101.", 5),
        ("1_000_000.", 1000000),
        ("0'a.", 97),
        ("0' .", 32),
        ("0'\\n.", 10),
        ("2.5.", 2.5),
        ("-2.5e3.", -2500.0),
        ("1.0Inf.", math.inf),
        ("1e10.", 1e10),
        ('"text".', PString("text")),
        ("[].", "[]"),
        ("'[]'.", "[]"),
        ("{}.", "{}"),
    ],
)
def test_atomic_terms(text: str, expected: object) -> None:
    (term,) = terms_of(text)
    assert term == expected and type(term) is type(expected)


def test_operators_and_priorities() -> None:
    assert parse_term("a :- b, c ; d -> e") == Struct(
        ":-", ("a", Struct(";", (Struct(",", ("b", "c")), Struct("->", ("d", "e")))))
    )
    assert parse_term("1 - 2 - 3") == Struct("-", (Struct("-", (1, 2)), 3))  # yfx
    assert parse_term("2 ^ 3 ^ 4") == Struct("^", (2, Struct("^", (3, 4))))  # xfy
    assert parse_term("a = b") == Struct("=", ("a", "b"))
    assert parse_term("X is 1 + 2 * 3").args[1] == Struct("+", (1, Struct("*", (2, 3))))
    assert parse_term("\\+ a, b") == Struct(",", (Struct("\\+", ("a",)), "b"))
    assert parse_term("f(a, (b, c))") == Struct("f", ("a", Struct(",", ("b", "c"))))
    assert parse_term("- 1") == Struct("-", (1,))
    assert parse_term("-(1)") == Struct("-", (1,))
    assert parse_term("-1") == -1
    assert parse_term("a-1") == Struct("-", ("a", 1))
    assert parse_term("a - -1") == Struct("-", ("a", -1))
    assert parse_term("f(-)") == Struct("f", ("-",))
    assert parse_term("[-, +]") == make_list(["-", "+"])
    assert parse_term("X = (:-)").args[1] == ":-"
    assert parse_term("f(is, mod)") == Struct("f", ("is", "mod"))
    assert parse_term("A =.. B").name == "=.."
    assert parse_term("0.3::a; 0.7::b") == Struct(
        ";", (Struct("::", (0.3, "a")), Struct("::", (0.7, "b")))
    )
    assert parse_term("#int") == Struct("#", ("int",))


def test_lists_strings_and_curly_terms() -> None:
    term = parse_term("[1, 2|T]")
    items, tail = list_items(term)
    assert items == [1, 2] and type(tail) is Var
    assert parse_term("`ab`") == make_list([97, 98])
    assert parse_term("{a, b}") == Struct("{}", (Struct(",", ("a", "b")),))


def test_variables_are_shared_within_a_clause_only() -> None:
    first, second = parse_text("p(X, X, _, _). q(X).")
    a, b, c, d = first.term.args
    assert a is b and c is not d
    assert second.term.args[0] is not a
    assert set(first.variables) == {"X"}


def test_comments_and_positions() -> None:
    text = "% a comment\n/* block\ncomment */ p(a).\n  q(b) . % end\n"
    clauses = parse_text(text, "f.pl")
    assert [(c.line, c.column) for c in clauses] == [(3, 12), (4, 3)]
    assert [str(c.term) for c in clauses] == ["p(a)", "q(b)"]


@pytest.mark.parametrize("message", sorted(ERROR_EXAMPLES))
def test_error_table_examples_give_their_message(message: str) -> None:
    for sample in ERROR_EXAMPLES[message]:
        with pytest.raises(KBSyntaxError) as caught:
            parse_text(sample, "bad.pl")
        assert caught.value.message == message, sample
        assert caught.value.path == "bad.pl" and caught.value.line >= 1


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("p(a, b.\n", "unbalanced '(': missing ')'", 1, 2),
        ("p(a)) .\n", "unexpected ')' (unbalanced brackets)", 1, 5),
        ("ok.\nf('abc).\n", "unterminated quoted atom", 2, 3),
        ("a :- b", "missing '.' at the end of the clause", 1, 7),
        ("p(a).\n/* never closed", "unterminated /* comment", 2, 1),
        ("p(a).\nq(b)\nr(c).\n", "missing '.' at the end of the clause", 2, 5),
    ],
)
def test_syntax_errors_are_located(text: str, message: str, line: int, column: int) -> None:
    with pytest.raises(KBSyntaxError) as caught:
        parse_text(text, "bad.pl")
    error = caught.value
    assert (error.message, error.line, error.column) == (message, line, column)
    rendered = str(error)
    assert rendered.startswith(f"bad.pl:{line}:{column}: error: {message}")
    assert rendered.splitlines()[-1].index("^") == 4 + column - 1


def test_semantic_errors_are_located() -> None:
    cases = {
        "p(a).\n0.3::q; 0.9::r.\n": ("sum to 1.2, more than 1", 2),
        "1.5::p.\n": ("outside [0, 1]", 1),
        "p(X) :- 3.\n": ("body goal must be callable", 1),
        "X :- p.\n": ("head cannot be a variable", 1),
        "a = b.\n": ("no permission to modify static procedure =/2", 1),
        ":- modeh(0, p(+t)).\n": ("recall must be a positive integer", 1),
        ":- include('no_such_file.pl').\n": ("cannot include no_such_file.pl", 1),
        "evidence(a, maybe).\n": ("expects true or false", 1),
    }
    for text, (fragment, line) in cases.items():
        with pytest.raises(KBError) as caught:
            loads(text, "kb.pl")
        assert fragment in caught.value.message, text
        assert caught.value.line == line and caught.value.path == "kb.pl"


def test_an_unknown_directive_is_a_located_warning_and_the_load_goes_on() -> None:
    kb = loads("p(1).\n:- frobnicate(x).\np(2).\n", "kb.pl")
    assert len(kb.predicate("p", 1).clauses) == 2
    assert kb.warnings == [
        "kb.pl:2:1: warning: unknown directive frobnicate/1 (the load goes on; a run calls it, "
        "as SWI-Prolog does)"
    ]


def test_several_files_and_include_load_as_one(tmp_path) -> None:
    (tmp_path / "bk.pl").write_text("parent(ann, bob).\n")
    (tmp_path / "main.pl").write_text(":- include('bk.pl').\npos(p(ann)).\n")
    (tmp_path / "more.pl").write_text("parent(bob, carl).\n")
    kb = load([tmp_path / "main.pl", tmp_path / "more.pl"])
    # as SWI-Prolog consults them: the later file's parent/2 replaces the earlier one's
    # (an included file is part of the file including it), with a warning ...
    assert [str(c) for c in kb.predicate("parent", 2).clauses] == ["parent(bob, carl)."]
    assert len(kb.examples) == 1
    assert kb.warnings[0].startswith(f"{tmp_path / 'more.pl'}:1:1: warning: redefined procedure")
    # ... unless it is declared multifile: then the files add to it
    (tmp_path / "bk.pl").write_text(":- multifile parent/2.\nparent(ann, bob).\n")
    kb = load([tmp_path / "main.pl", tmp_path / "more.pl"])
    assert len(kb.predicate("parent", 2).clauses) == 2 and not kb.warnings


def test_failed_load_leaves_knowledge_base_unchanged(tmp_path) -> None:
    kb = loads("p(1).")
    (tmp_path / "bad.pl").write_text("p(2).\np(3\n")
    with pytest.raises(KBSyntaxError):
        load(tmp_path / "bad.pl", kb)
    assert len(kb.predicate("p", 1).clauses) == 1


def test_missing_and_binary_files(tmp_path) -> None:
    with pytest.raises(KBError, match="no such file"):
        load(tmp_path / "nope.pl")
    (tmp_path / "bin.pl").write_bytes(b"p(a).\x00\xff\xfe")
    with pytest.raises(KBError):
        load(tmp_path / "bin.pl")


# ---- the ground-fact fast path yields exactly what the grammar yields -------------------

_names = st.from_regex(r"[a-z][A-Za-z0-9_]{0,5}", fullmatch=True)
_args = st.one_of(
    _names,
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(
        [
            "'a b'",
            "0x1F",
            "1.5",
            "- 1",
            "'q''t'",
            "X",
            "_",
            "[]",
            '"s"',
            "f(x)",
            "0'c",
            "1_000",
            "is",
            "mod",
            "table",
        ]
    ),
)
_spaces = st.sampled_from(["", " ", "  ", "\n", "\t"])


@st.composite
def fact_texts(draw) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 8))):
        args = draw(st.lists(_args, min_size=1, max_size=4))
        sep = "," + draw(_spaces)
        end = draw(st.sampled_from([".", " .", ".\n", ". % c\n", ".%c\n"]))
        probability = draw(st.sampled_from(["", "", "0.3::", "1 :: ", "0::", "0.25::", "1.0 ::"]))
        fact = f"{draw(_names)}({draw(_spaces)}{sep.join(args)})"
        if draw(st.booleans()):  # wrapped, as examples are: pos(goal(1, b)).
            fact = f"{draw(_names)}({draw(_spaces)}{fact}{draw(_spaces)})"
        lines.append(f"{draw(_spaces)}{probability}{fact}{end}")
        if draw(st.booleans()):
            lines.append("\n% comment\n" if draw(st.booleans()) else "/* c */ ")
    return " ".join(lines) + "\n"


@settings(max_examples=300)
@given(fact_texts())
def test_fast_path_yields_what_the_grammar_yields(text: str) -> None:
    fast = parse_text(text, fast=True)
    slow = parse_text(text, fast=False)
    whole = parse_whole_text(text)
    assert len(fast) == len(slow) == len(whole)
    for a, b, c in zip(fast, slow, whole):
        assert (a.line, a.column) == (b.line, b.column)
        assert _same_shape(a.term, b.term) and _same_shape(a.term, c)


@pytest.mark.parametrize(
    "text",
    [
        "a :- b => c.",
        "s(D, A) :- (p(X), d(X, D)) => D / avg(X, A).",
        "0.3::a(X) :- b(X), \\+ c => X/count(X, N).",
        "a :- not b => G/c.",
        "a <- b, c.",
        "(h => x) :- b => c.",
    ],
)
def test_the_reader_reads_problog_clauses_as_the_grammar_does(text: str) -> None:
    """ProbLog's collect clauses (``=>`` under ``:-``), ``not``, ``<-``: read without lark."""
    from symlearn.kb.parser import _read_standard

    read = _read_standard(text)
    assert read is not None
    assert _same_shape(parse_text(text)[0].term, parse_whole_text(text)[0])


@pytest.mark.parametrize(
    "text", ["h => x :- b => c.", ":- b => c.", "a --> b => c.", "a :- b => c => d."]
)
def test_collect_clauses_of_another_shape_stay_syntax_errors(text: str) -> None:
    with pytest.raises(KBSyntaxError):
        parse_text(text)


def _same_shape(a, b) -> bool:
    """Equal up to renaming variables (each parse makes its own Var objects)."""
    from symlearn.logic.unify import variant

    return variant(a, b)


# ---- no input ever produces a traceback ---------------------------------------------------

VALID = (
    "parent(ann, bob). grandparent(X, Z) :- parent(X, Y), parent(Y, Z).\n"
    ":- modeh(1, grandparent(+person, -person)).\n0.3::rain. pos(grandparent(ann, carl)).\n"
    "f([1, 2|T], 'q', \"s\", 0'a, -1.5e3) :- \\+ g(T), (a -> b ; c).\n"
)


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_random_bytes_never_raise_anything_but_kb_errors(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    with contextlib.suppress(KBError):
        loads(text, "fuzz.pl")


@settings(max_examples=300)
@given(st.data())
def test_mutated_valid_files_never_raise_anything_but_kb_errors(data) -> None:
    text = VALID
    for _ in range(data.draw(st.integers(1, 4))):
        position = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "duplicate"]))
        if action == "delete":
            text = text[:position] + text[position + 1 :]
        elif action == "insert":
            char = data.draw(st.sampled_from(list("()[]{}.,;:-'\"%/*\\|!_aX0 \n")))
            text = text[:position] + char + text[position:]
        else:
            text = text[:position] + text[position : position + 5] + text[position:]
    try:
        loads(text, "fuzz.pl")
    except KBError as error:
        assert error.line is None or error.line >= 1


def test_unknown_term_equality_is_strict() -> None:
    assert not term_equal(parse_term("f(1)"), parse_term("f(1.0)"))
