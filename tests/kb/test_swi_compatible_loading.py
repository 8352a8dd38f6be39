"""Background files load as SWI-Prolog loads them: redefined built-ins, library(clpfd)."""

from __future__ import annotations

import pytest

from symlearn.engine import Engine
from symlearn.errors import KBError
from symlearn.kb import loads
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.printer import format_term
from tests.conftest import requires_swipl
from tests.swipl import run_swipl

SUCC = """succ(a, b).
succ(b, c).
step(X, Y) :- succ(X, Y).
"""

CLPFD = """:- use_module(library(clpfd)).
next(X, Y) :- Y #= X + 1.
prev(X, Y) :- X #= Y + 1.
small(X) :- X #>= 1, X #=< 3, X #\\= 2.
order(X, Y) :- X #< Y.
above(X, Y) :- X #> Y.
"""

GOALS = [
    ("step(a, Y)", ["Y"]),
    ("step(b, Y)", ["Y"]),
]
CLPFD_GOALS = [
    ("next(3, Y)", ["Y"]),
    ("prev(Y, 7)", ["Y"]),
    ("small(1)", []),
    ("small(2)", []),
    ("small(3)", []),
    ("order(2, 5)", []),
    ("order(5, 2)", []),
    ("above(5, 2)", []),
    ("X = (a #= b), Y = (c #\\= d)", ["X", "Y"]),
]

CONDITIONAL = """base(1).
:- if(current_predicate(base/1)).
seen(base).
:- if(current_predicate(missing/2)).
seen(never_nested).
:- elif((current_predicate(atom_length/2), \\+ current_predicate(missing/0))).
seen(elif_nested).
:- else.
seen(else_nested).
:- endif.
:- elif(true).
seen(never_elif).
:- else.
seen(never_else).
:- endif.
:- if(fail).
seen(skipped).
:- if(true).
seen(inside_a_skipped_block).
:- endif.
:- else.
seen(else).
:- endif.
:- if((fail ; current_predicate(seen/1))).
seen(last).
:- endif.
"""
CONDITIONAL_GOALS = [("findall(X, seen(X), L)", ["L"])]

SCRIPT = """#!/usr/bin/env swipl
b(2).
"""
SCRIPT_GOALS = [("b(X)", ["X"])]


def _answers(program: str, goals: list[tuple[str, list[str]]]) -> list[list[str]]:
    engine = Engine(loads(program))
    found = []
    for text, names in goals:
        goal, variables = parse_term_with_variables(text)
        found.append(
            [
                "[" + ", ".join(format_term(s[variables[n]], None, 999) for n in names) + "]"
                for s in engine.solve(goal)
            ]
        )
    return found


def test_a_redefined_builtin_warns_and_the_files_definition_is_used() -> None:
    kb = loads(SUCC, path="succ.pl")
    assert kb.warnings == [
        "succ.pl:1:1: warning: succ/2 is a built-in predicate; this file's definition is used "
        "instead"
    ]
    assert _answers(SUCC, GOALS) == [["[b]"], ["[c]"]]


def test_control_constructs_and_inline_builtins_stay_protected() -> None:
    with pytest.raises(KBError, match="no permission to modify static procedure call/1"):
        loads("call(x).")
    with pytest.raises(KBError, match="no permission to modify static procedure is/2"):
        loads("X is Y :- true.")


def test_clpfd_comparisons_on_ground_integers_and_solving_for_a_variable() -> None:
    assert _answers(CLPFD, CLPFD_GOALS) == [
        ["[4]"],
        ["[8]"],
        ["[]"],
        [],
        ["[]"],
        ["[]"],
        [],
        ["[]"],
        ["[a#=b, c#\\=d]"],
    ]


@requires_swipl
@pytest.mark.parametrize(
    ("program", "goals"),
    [
        (SUCC, GOALS),
        (CLPFD, CLPFD_GOALS),
        (CONDITIONAL, CONDITIONAL_GOALS),
        (SCRIPT, SCRIPT_GOALS),
    ],
)
def test_swi_prolog_answers_alike(program: str, goals: list[tuple[str, list[str]]]) -> None:
    assert _answers(program, goals) == run_swipl(program, goals)


def test_conditional_compilation_takes_one_branch_per_block() -> None:
    assert _answers(CONDITIONAL, CONDITIONAL_GOALS) == [["[[base, elif_nested, else, last]]"]]


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("a.\n:- endif.\n", ":- endif without an open :- if", 2, 1),
        ("a.\n:- if(true).\nb.\n", "has no matching :- endif", 2, 1),
        (":- if(true).\n:- else.\n:- elif(true).\n:- endif.\n", ":- elif after :- else", 3, 1),
        (":- if(foo(1)).\n:- endif.\n", "cannot decide the condition foo(1)", 1, 1),
        (":- if(current_predicate(X)).\n:- endif.\n", "needs a ground Name/Arity", 1, 1),
        (":- begin_in_pos.\np(a).\n:- begin_in_neg.\n", "inside a begin_in_pos block", 3, 1),
        (":- begin_in_neg.\np(a) :- q.\n", "must be a fact", 2, 1),
        (":- end_in_pos.\n", "without a matching :- begin_in_pos", 1, 1),
    ],
)
def test_misplaced_conditionals_and_example_blocks_are_located(
    text: str, message: str, line: int, column: int
) -> None:
    with pytest.raises(KBError) as raised:
        loads(text, "task.pl")
    assert message in str(raised.value)
    assert (raised.value.path, raised.value.line, raised.value.column) == ("task.pl", line, column)


def test_a_first_line_starting_with_hash_is_a_script_line() -> None:
    assert _answers(SCRIPT, SCRIPT_GOALS) == [["[2]"]]
    assert _answers("#T1\nb(3).\n", SCRIPT_GOALS) == [["[3]"]]  # Popper's robots-linear
    with pytest.raises(KBError) as raised:
        loads("a(1).\n#T1\nb(3).\n", "late.pl")  # only the first line is a script line
    assert raised.value.line in (2, 3)  # the clause "#T1 b(3)" spans lines 2-3
