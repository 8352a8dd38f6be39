"""SWI-Prolog's must_be/2, library(assoc) and print_message/2 (written in ``library.pl``).

Each is compared with ``swipl`` over a grid or random cases, and checked
against its definition without it: an association list is an AVL tree
(Adelson-Velsky and Landis 1962) holding exactly the pairs a Python dict
given the same insertions and deletions holds.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine
from symlearn.kb import loads
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.terms import Struct, Term
from tests.conftest import SWIPL, requires_swipl
from tests.engine.differential import outcome, same_outcome, swipl_outcomes


def _swipl(goal: str, program: str | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    """``swipl`` running ``goal`` (after consulting ``program``) with ``stdin`` as its input."""
    assert SWIPL is not None
    with tempfile.TemporaryDirectory() as folder:
        files = []
        if program is not None:
            path = Path(folder) / "program.pl"
            path.write_text(program)
            files.append(str(path))
        return subprocess.run(
            [SWIPL, "-q", "-g", goal, "-t", "halt", *files],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )


TYPES = [
    *("any", "atomic", "between(1,3)", "between(0.0,1.5)", "boolean", "char", "chars", "code"),
    *("codes", "compound", "constant", "float", "ground", "integer", "list", "list(atom)"),
    *("list(integer)", "list_or_partial_list", "negative_integer", "nonneg", "nonvar"),
    *("number", "oneof([a,b])", "pair", "positive_integer", "proper_list", "rational"),
    *("string", "text", "var", "no_such_type", "_"),
]
#: ``[]`` is left out: SWI-Prolog 7 and later do not count it as an atom.
VALUES = [
    *("a", "1", "0", "-3", "2.5", "f(x)", '"s"', "[a,b]", "[1,2]", "[a|_]", "_", "true"),
    *("a-b", "[0'a,0'b]", "[f(x)]", "[a|b]"),
]
GRID = [f"must_be({t}, {v})" for t in TYPES for v in VALUES] + [
    f"(is_of_type({t}, {v}) -> R = yes ; R = no)" for t in TYPES for v in VALUES
]

#: Applying a list of put(K, V), del(K), delmin and delmax to an association list.
APPLY = """
apply([], A, A).
apply([put(K,V)|Os], A0, A) :- put_assoc(K, A0, V, A1), apply(Os, A1, A).
apply([del(K)|Os], A0, A) :- (del_assoc(K, A0, _, A1) -> true ; A1 = A0), apply(Os, A1, A).
apply([delmin|Os], A0, A) :- (del_min_assoc(A0, _, _, A1) -> true ; A1 = A0), apply(Os, A1, A).
apply([delmax|Os], A0, A) :- (del_max_assoc(A0, _, _, A1) -> true ; A1 = A0), apply(Os, A1, A).
"""


def test_must_be_throws_swi_prologs_errors() -> None:
    cases = {
        "must_be(positive_integer, 0)": "error(type_error(positive_integer, 0))",
        "must_be(list(integer), [1, a])": "error(type_error(integer, a))",
        "must_be(list, [a|_])": "error(instantiation_error)",
        "must_be(boolean, _)": "error(instantiation_error)",
        "must_be(var, a)": "error(uninstantiation_error(a))",
        "must_be(no_such_type, a)": "error(existence_error(type, no_such_type))",
        "must_be(oneof([a, b]), c)": "error(type_error(oneof([a, b]), c))",
        "is_of_type(no_such_type, a)": "false",
        "\\+ \\+ (L = [a|L], \\+ is_of_type(list, L), \\+ is_of_type(list_or_partial_list, L))": (
            "r(\\+ \\+ (A=[a|A], \\+is_of_type(list, A), \\+is_of_type(list_or_partial_list, A)))"
        ),
        "catch(halt(99999999999999999999), error(E, _), true)": (
            "r(catch(halt(99999999999999999999), error(representation_error(int), A), true))"
        ),
        "must_be(between(1, 3), 2)": "r(must_be(between(1, 3), 2))",
    }
    for goal, expected in cases.items():
        assert outcome(goal) == expected, goal


@requires_swipl
def test_must_be_and_is_of_type_agree_with_swipl_over_types_and_values() -> None:
    theirs = swipl_outcomes(GRID)
    ours = [outcome(goal) for goal in GRID]
    assert len(theirs) == len(GRID)
    assert [g for g, a, b in zip(GRID, ours, theirs, strict=True) if not same_outcome(a, b)] == []


def _random_operations(rng: random.Random) -> str:
    operations = []
    for _ in range(rng.randint(1, 40)):
        key, roll = rng.randint(0, 20), rng.random()
        if roll < 0.35:
            operations.append(f"del({key})")
        elif roll < 0.45:
            operations.append(rng.choice(["delmin", "delmax"]))
        else:
            operations.append(f"put({key}, v{rng.randint(0, 3)})")
    return f"[{', '.join(operations)}]"


@requires_swipl
def test_assoc_trees_are_swi_prologs_on_random_operations() -> None:
    rng = random.Random(20261129)
    goals = []
    for _ in range(80):
        goals.append(f"empty_assoc(E), apply({_random_operations(rng)}, E, A)")
        pairs = ", ".join(
            f"{rng.randint(0, 30)}-x{rng.randint(0, 2)}" for _ in range(rng.randint(0, 15))
        )
        goals.append(
            f"list_to_assoc([{pairs}], A), assoc_to_keys(A, K), assoc_to_values(A, V), "
            "(max_assoc(A, Mx, _) -> true ; Mx = none), (min_assoc(A, Mn, _) -> true ; Mn = none)"
        )
    theirs = swipl_outcomes(goals, APPLY)
    ours = [outcome(goal, APPLY) for goal in goals]
    assert len(theirs) == len(goals)
    assert [g for g, a, b in zip(goals, ours, theirs, strict=True) if a != b] == []


def _depth_if_avl(tree: Term, low: object = None, high: object = None) -> int:
    """The tree's depth; asserts its keys are ordered within (low, high) and its balance marks."""
    if tree == "t":
        return 0
    assert isinstance(tree, Struct) and tree.name == "t" and len(tree.args) == 5
    key, _, balance, left, right = tree.args
    assert isinstance(key, int)
    assert (low is None or low < key) and (high is None or key < high)
    left_depth, right_depth = _depth_if_avl(left, low, key), _depth_if_avl(right, key, high)
    marks = {0: "-", 1: "<", -1: ">"}
    assert marks[left_depth - right_depth] == balance
    return max(left_depth, right_depth) + 1


def _assoc_pairs(tree: Term) -> list[tuple[object, object]]:
    if tree == "t":
        return []
    assert isinstance(tree, Struct)
    key, value, _, left, right = tree.args
    return [*_assoc_pairs(left), (key, value), *_assoc_pairs(right)]


OPERATION = st.one_of(
    st.tuples(st.just("put"), st.integers(0, 25), st.integers(0, 3)),
    st.tuples(st.just("del"), st.integers(0, 25), st.just(0)),
    st.tuples(st.sampled_from(["delmin", "delmax"]), st.just(0), st.just(0)),
)


def _puts(*keys: int) -> list[tuple[str, int, int]]:
    return [("put", key, 0) for key in keys]


@settings(max_examples=80, deadline=None)
@given(st.lists(OPERATION, max_size=40))
@example(_puts(20, 10, 24, 5, 15, 13))  # double rotations whose middle node leans left,
@example(_puts(20, 10, 24, 5, 15, 17))  # right,
@example(_puts(10, 5, 20, 24, 15, 13))  # and the mirror images
@example(_puts(10, 5, 20, 24, 15, 17))
@example([*_puts(10, 5, 20, 3, 8, 15, 25, 1), ("del", 15, 0), ("del", 25, 0)])
def test_assoc_is_an_avl_tree_holding_what_a_dict_holds(operations: list) -> None:
    reference: dict[int, int] = {}
    written = []
    for kind, key, value in operations:
        if kind == "put":
            reference[key] = value
            written.append(f"put({key}, {value})")
        elif kind == "del":
            reference.pop(key, None)
            written.append(f"del({key})")
        elif reference:
            reference.pop(min(reference) if kind == "delmin" else max(reference))
            written.append(kind)
        else:
            written.append(kind)
    engine = Engine(loads(APPLY))
    goal, names = parse_term_with_variables(f"empty_assoc(E), apply([{', '.join(written)}], E, A)")
    (answer,) = list(engine.solve(goal, limit=1))
    tree = answer[names["A"]]
    _depth_if_avl(tree)
    assert _assoc_pairs(tree) == sorted(reference.items())


MESSAGES = [
    "error(instantiation_error, _)",
    "error(type_error(integer, a), context(foo/2, _))",
    "error(type_error(integer, 'A b'), context(system:succ/2, 'a note'))",
    "error(existence_error(procedure, foo/2), foo/2)",
    "error(permission_error(modify, static_procedure, foo/1), _)",
    "error(type_error(evaluable, foo/0), _)",
    "error(type_error(list, [a|b]), _)",
    "error(type_error(atom, [a]), _)",
    "error(domain_error(not_less_than_zero, -1), _)",
    "error(evaluation_error(zero_divisor), _)",
    "error(existence_error(type, foo), _)",
    "error(syntax_error(operator_expected), _)",
    "error(uninstantiation_error(f(x)), _)",
    "error(representation_error(max_arity), _)",
    "error(resource_error(memory), _)",
    "error(foo, _)",
    "foo(bar)",
    "format('~w and ~a', [f(x), b])",
]
PRINT_ALL = (
    "main :- forall(member(T, [{}]), forall(member(K, [error, warning, silent, help, banner]), "
    "print_message(K, T)))."
)


def _our_stderr(program: str, goal: str) -> str:
    engine = Engine(loads(program), output=io.StringIO())
    error, sys.stderr = sys.stderr, io.StringIO()
    try:
        term, _ = parse_term_with_variables(goal)
        list(engine.solve(term, limit=1))
        return sys.stderr.getvalue()
    finally:
        sys.stderr = error


def test_print_message_writes_swi_prologs_words_on_the_error_stream() -> None:
    written = _our_stderr(
        "p.", "print_message(error, error(type_error(integer, a), context(foo/2, _)))"
    )
    assert written == "ERROR: foo/2: Type error: `integer' expected, found `a' (an atom)\n"
    assert _our_stderr("p.", "print_message(silent, foo)") == ""
    hooked = "message_hook(T, warning, _) :- assertz(seen(T))."
    assert _our_stderr(hooked + "\n:- dynamic seen/1.", "print_message(warning, x), seen(x)") == ""


@requires_swipl
def test_print_message_writes_what_swipl_writes() -> None:
    program = PRINT_ALL.format(", ".join(MESSAGES))
    assert _our_stderr(program, "main") == _swipl("main", program).stderr


def test_writing_to_user_output_bypasses_with_output_to_as_in_swi_prolog() -> None:
    output = io.StringIO()
    engine = Engine(loads("p."), output=output)
    goal, names = parse_term_with_variables(
        "with_output_to(atom(A), (write(user_output, direct), tab(user_output, 1), write(kept)))"
    )
    (answer,) = list(engine.solve(goal, limit=1))
    assert (output.getvalue(), answer[names["A"]]) == ("direct ", "kept")


def test_time_reports_after_each_answer_and_at_failure_as_swi_prolog() -> None:
    line = (
        r"% [\d,]+ inferences, \d+\.\d{3} CPU in \d+\.\d{3} seconds "
        r"\(\d+% CPU, (\d+|Infinite) Lips\)"
    )
    answers = _our_stderr("p.", "findall(X, time(member(X, [a, b])), [a, b]), \\+ time(fail)")
    assert re.fullmatch(f"({line}\n){{4}}", answers), answers
    assert _our_stderr("p.", "catch(time(throw(x)), x, true)").count(" inferences, ") == 1


MORE_LIBRARY = [
    "nth0(1, [a,b,c], E, R)",
    "findall(I-X-R, nth1(I, [a,b], X, R), L)",
    "nth0(I, L, x, [a,b])",
    "nth0(-1, [a], E, R)",
    "nth1(0, [a], E, R)",
    "nth0(5, [a], E, R)",
    "clumped([a,a,b,a], C)",
    "partition([X,O]>>compare(O,X,2), [1,2,3,2], L, E, G)",
    "subset([a], [b,a])",
    "is_set([a,b,a])",
    "findall(A-B, nextto(A, B, [1,2,3]), N)",
    "findall(S, select(b, [a,b,c,b], x, S), Ss)",
    "proper_length([a|_], N)",
    "max_member(@=<, M, [3,1,4]), min_member(@=<, N, [3,1,4])",
    "type_error(integer, a)",
    "domain_error(order, x)",
    "existence_error(procedure, f/1)",
    "permission_error(modify, static_procedure, f/1)",
    "instantiation_error(x)",
    "resource_error(memory)",
    "assertion(true)",
    "random_between(1, 1, X), random_member(Y, [a]), random_permutation([], P)",
]


@requires_swipl
def test_more_of_swi_prologs_library_agrees_with_swipl() -> None:
    theirs = swipl_outcomes(MORE_LIBRARY)
    ours = [outcome(goal) for goal in MORE_LIBRARY]
    assert len(theirs) == len(MORE_LIBRARY)
    assert [g for g, a, b in zip(MORE_LIBRARY, ours, theirs, strict=True) if a != b] == []


def test_assertion_reports_and_throws_as_swi_prolog() -> None:
    goal = "catch(assertion(1 =:= 2), error(assertion_error(fail, _), _), true)"
    written = _our_stderr("p.", goal)
    assert written == "ERROR: Assertion failed: user:(1=:=2)\n"


CHARACTER_CASES = {
    "char_type('1', alpha)": "false",
    "char_type('_', punct), char_type('_', csymf), \\+ char_type('_', alnum)": (
        "r(char_type('_', punct), char_type('_', csymf), \\+char_type('_', alnum))"
    ),
    "char_type(a, to_lower(U)), char_type(a, to_upper(L))": (
        "r(char_type(a, to_lower('A')), char_type(a, to_upper(a)))"
    ),
    "findall(X, char_type(X, to_lower(a)), L)": "r(findall(A, char_type(A, to_lower(a)), [a]))",
    "char_type('A', upper(L)), \\+ char_type(a, upper(_))": (
        "r(char_type('A', upper(a)), \\+char_type(a, upper(A)))"
    ),
    "char_type(ab, space)": "error(type_error(character, ab))",
    "char_type(X, T)": "error(instantiation_error)",
    "findall(T, code_type(-1, T), L)": "r(findall(A, code_type(-1, A), [end_of_file]))",
    "code_type(0'(, paren(C))": "r(code_type(40, paren(41)))",
    "char_type(99999999999999999999, alpha)": (
        "error(type_error(character, 99999999999999999999))"
    ),
    "char_type(0x110000, alpha)": "error(domain_error(character, 1114112))",
    "char_type(-1, T)": "r(char_type(-1, end_of_file))",
}


def test_character_classes_are_swi_prologs() -> None:
    for goal, expected in CHARACTER_CASES.items():
        assert outcome(goal) == expected, goal


@requires_swipl
def test_every_code_below_256_has_swi_prologs_classes_in_swi_prologs_order() -> None:
    goals = [f"findall(T, code_type({code}, T), Ts)" for code in range(256)]
    theirs = swipl_outcomes(goals)
    ours = [outcome(goal) for goal in goals]
    assert [g for g, a, b in zip(goals, ours, theirs, strict=True) if a != b] == []


READING = (
    "read(T), get_char(C1), peek_char(C2), get_code(C3), read_line_to_string(user_input, L1), "
    "read_line_to_codes(user_input, L2), read_line_to_string(user_input, L3), "
    "get_char(C4), peek_code(C5), read(T2), print([T, C1, C2, C3, L1, L2, L3, C4, C5, T2])"
)
READ_TEXT = "p(X, 'a b').\nhello\nab\n"


def _without_variable_numbers(text: str) -> str:
    return re.sub(r"_G?\d+", "_", text)


def _read_with(text: str) -> str:
    output = io.StringIO()
    engine = Engine(loads("p."), output=output, input=io.StringIO(text))
    goal, _ = parse_term_with_variables(READING)
    assert engine.ask(goal)
    return _without_variable_numbers(output.getvalue())


def test_terms_characters_and_lines_read_from_one_input() -> None:
    assert _read_with(READ_TEXT) == (
        "[p(_,'a b'),'\\n',h,104,\"ello\",[97,98],end_of_file,end_of_file,-1,end_of_file]"
    )


@requires_swipl
def test_reading_the_input_agrees_with_swipl() -> None:
    theirs = _swipl(READING, stdin=READ_TEXT).stdout
    assert _read_with(READ_TEXT) == _without_variable_numbers(theirs)


DCG_BASICS = ":- use_module(library(dcg/basics)).\n"
DCG_GOALS = [
    "phrase(integer(X), `-12ab`, R)",
    "phrase(integer(X), `+7`, R)",
    "phrase(number(X), `3.5e2x`, R)",
    "phrase(number(X), `12.x`, R)",
    "phrase(number(X), `1.0E-3z`, R)",
    "phrase(float(X), `12`, R)",
    "phrase(integer(42), L, R)",
    "phrase(number(1.5), L, [])",
    "phrase(xinteger(X), `ff g`, R)",
    "phrase(xinteger(255), L, [])",
    "phrase((blanks, nonblanks(X), whites), `  ab \\t x`, R)",
    "phrase(string_without(`,`, X), `ab,cd`, R)",
    "phrase(digits(X), `12a`, R)",
    "phrase(eol, `\\r\\nx`, R)",
    "phrase(alpha_to_lower(X), `Ab`, R)",
    "phrase(remainder(X), `abc`, R)",
    "phrase(blanks_to_nl, `  \\nx`, R)",
    "findall(X-Y, phrase((string(X), `,`, string(Y)), `a,b,c`), L)",
    "phrase((integer(A), blanks, integer(B), eos), `12  34`)",
    "format(codes(C, T), '~w', [ab]), T = [0'z]",
]


def test_dcg_basics_parse_numbers_and_layout() -> None:
    assert outcome("phrase((integer(A), blanks, number(B), eos), `12  3.5`)", DCG_BASICS) == (
        "r(phrase((integer(12), blanks, number(3.5), eos), [49, 50, 32, 32, 51, 46, 53]))"
    )


@requires_swipl
def test_dcg_basics_agree_with_swipl() -> None:
    theirs = swipl_outcomes(DCG_GOALS, DCG_BASICS)
    ours = [outcome(goal, DCG_BASICS) for goal in DCG_GOALS]
    assert len(theirs) == len(DCG_GOALS)
    assert [g for g, a, b in zip(DCG_GOALS, ours, theirs, strict=True) if a != b] == []


AGGREGATE_FACTS = "p(a, 1). p(b, 3). p(a, 5). p(c, 2)."
AGGREGATE_GOALS = [
    "findall(K-C, aggregate(count, V^p(K, V), C), L)",
    "findall(K-S, aggregate(sum(V), p(K, V), S), L)",
    "aggregate(max(V, K), p(K, V), M)",
    "aggregate(min(V), K^p(K, V), M)",
    "aggregate(set(K), V^p(K, V), S)",
    "aggregate(count, p(z, _), C)",
    "aggregate(foo, p(_, _), C)",
]


def test_aggregate_groups_as_bagof() -> None:
    assert outcome(AGGREGATE_GOALS[0], AGGREGATE_FACTS) == (
        "r(findall(A-B, aggregate(count, C^p(A, C), B), [a-2, b-1, c-1]))"
    )


@requires_swipl
def test_aggregate_agrees_with_swipl() -> None:
    theirs = swipl_outcomes(AGGREGATE_GOALS, AGGREGATE_FACTS)
    ours = [outcome(goal, AGGREGATE_FACTS) for goal in AGGREGATE_GOALS]
    assert ours == theirs


LISTED = """\
:- dynamic counter/1.
counter(0).
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
q(X) :- ( X > 0 -> write(pos) ; X < 0 -> write(neg) ; write(zero) ), nl.
s("str", 'Quoted Atom', 1.5, -3, f(_, _A, B, B)).
"""
LISTING = (
    "assertz((counter(X) :- X > 1)), listing(counter/1), listing(app/3), listing(q/1), "
    "listing(s/5)"
)


def test_listing_names_variables_as_the_source_does() -> None:
    output = io.StringIO()
    engine = Engine(loads(LISTED), output=output)
    assert engine.ask(parse_term_with_variables(LISTING)[0])
    listed = output.getvalue()
    assert "app([H|T], L, [H|R]) :-\n    app(T, L, R).\n" in listed
    assert "counter(A) :-\n    A>1.\n" in listed  # asserted: no source names
    assert "s(\"str\", 'Quoted Atom', 1.5, -3, f(_, _A, B, B)).\n" in listed


@requires_swipl
def test_listing_agrees_with_swipl() -> None:
    output = io.StringIO()
    assert Engine(loads(LISTED), output=output).ask(parse_term_with_variables(LISTING)[0])
    assert output.getvalue() == _swipl(LISTING, LISTED).stdout


RECORDED = [  # a key of its own each: swipl answers them all in one process
    "recorda(k1, f(X)), recordz(k1, g(1)), recorda(k1, h), findall(T, recorded(k1, T), L)",
    "\\+ \\+ (recordz(k2, a, R), erase(R)), recordz(k2, b), findall(T, recorded(k2, T), L)",
    "recordz(f(a, b), x), recordz(f(c, d), y), findall(V, recorded(f(_, _), V), L)",
    "recordz(k3, a), findall(T, recorded(k3, T), L)",
    "recorda(_, x)",
    "erase(foo)",
]


def test_the_recorded_database_keeps_terms_by_key() -> None:
    assert outcome(RECORDED[1]) == (
        "r(\\+ \\+ (recordz(k2, a, A), erase(A)), recordz(k2, b), "
        "findall(B, recorded(k2, B), [b]))"
    )


@requires_swipl
def test_the_recorded_database_agrees_with_swipl() -> None:
    assert [outcome(goal) for goal in RECORDED] == swipl_outcomes(RECORDED)
