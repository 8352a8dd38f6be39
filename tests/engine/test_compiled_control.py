r"""Control constructs compiled into clause code answer as SWI-Prolog and as at run time.

Clause bodies with ``(C -> T ; E)``, ``(A ; B)``, ``(C -> T)`` and ``\+ G``
are compiled into clause code (:mod:`symlearn.engine.compiled_control`).
Random clauses built from them (nested, with cuts, tests that bind and
tests that fail, calls that leave choicepoints, variables local to a
construct or shared with the rest of the clause) must give the answers
SWI-Prolog gives, in its order, and the answers of the same clauses run by
the run-time constructs of :mod:`symlearn.engine.control`.
"""

from __future__ import annotations

import random

import pytest

from symlearn.engine import Engine, codegen
from symlearn.errors import SymlearnError
from symlearn.kb import loads
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.printer import format_term, variable_names
from symlearn.logic.terms import Var
from tests.conftest import requires_swipl
from tests.engine.differential import outcome, swipl_outcomes

FACTS = "m(1). m(2). m(3). n(2). n(f(1)). w(_). k(1, 2). k(f(1), 3)."
VARIABLES = ["X", "Y", "Z"]
SIMPLE = [
    "m({0})",
    "n({0})",
    "k({0}, {1})",  # (may bind the first and fail on the second: bindings undone)
    "{0} > 1",
    "integer({0}), {0} > 1",
    "integer({0}), {0} > 1",
    "{0} =:= {1}",
    "integer({0}), integer({1}), {0} =:= {1}",
    "{0} = {1}",
    "{0} = f(1)",  # (no variable inside: X = f(Y), Y = X would make a cyclic term)
    "{0} == {1}",
    "var({0})",
    "integer({0})",
    "{0} is {1} + 1",
    "integer({1}), {0} is {1} + 1",
    "integer({1}), {0} is {1} + 1",
    "w({0})",
    "!",
    "true",
    "fail",
]


def _goal(rng: random.Random, depth: int) -> str:
    if depth < 2 and rng.random() < 0.45:
        a, b, c = (_body(rng, depth + 1) for _ in range(3))
        return rng.choice(
            [f"( {a} -> {b} ; {c} )", f"( {a} ; {b} )", f"( {a} -> {b} )", f"\\+ ( {a} )"]
        )
    return rng.choice(SIMPLE).format(rng.choice(VARIABLES), rng.choice(VARIABLES))


def _body(rng: random.Random, depth: int) -> str:
    return ", ".join(_goal(rng, depth) for _ in range(rng.randint(1, 3)))


def random_program(seed: int, count: int) -> tuple[str, list[str]]:
    """``count`` random clauses ``tI(X, Y)`` and a goal collecting the answers of each."""
    rng = random.Random(seed)
    clauses = [FACTS]
    goals = []
    for i in range(count):
        head = f"t{i}({rng.choice(['X', '1', 'f(Z)'])}, Y)"
        clauses.append(f"{head} :- {_body(rng, 0)}.")
        goals.append(f"findall(A-B, (member(A, [1, 3, f(2)]), t{i}(A, B)), L)")
    return "\n".join(clauses), goals


def _outcomes(program: str, goals: list[str]) -> list[str]:
    """Each goal's outcome in our engine, as :mod:`tests.engine.differential` writes it."""
    kb = loads(program)
    engine = Engine(kb, max_steps=100_000)
    found = []
    for goal in goals:
        term, variables = parse_term_with_variables(
            f"Outcome__ = r({goal}), catch(({goal}), error(Formal__, _), true)"
        )
        try:
            text = "false"
            for solution in engine.solve(term, 1):
                formal = solution[variables["Formal__"]]
                result = formal if type(formal) is not Var else solution[variables["Outcome__"]]
                text = format_term(result, variable_names(result, False), 999, kb.operators)
                if type(formal) is not Var:
                    text = f"error({text})"
        except SymlearnError as error:
            text = f"<{type(error).__name__}>"
        found.append(text)
    return found


def test_a_construct_body_compiles_to_its_own_procedure():
    kb = loads("p(X, Y) :- ( X > 1 -> Y = big ; Y = small ).")
    engine = Engine(kb)
    answers = [str(s["Y"]) for s in engine.solve_text("p(2, Y) ; p(0, Y)")]
    assert answers == ["big", "small"]


def test_a_part_that_cannot_be_called_is_a_type_error_at_run_time():
    engine = Engine(loads("p :- ( 1 ; true ). q :- \\+ 3."))
    for goal in ("p", "q"):
        answer = next(engine.solve_text(f"catch({goal}, error(E, _), true)"))
        assert str(answer["E"]) == f"type_error(callable, {1 if goal == 'p' else 3})"


def test_compiled_constructs_answer_as_the_run_time_ones(monkeypatch: pytest.MonkeyPatch):
    program, goals = random_program(11, 150)
    compiled = _outcomes(program, goals)
    monkeypatch.setattr(codegen, "is_construct", lambda goal: False)
    assert compiled == _outcomes(program, goals)


@requires_swipl
def test_compiled_constructs_answer_as_swi_prolog():
    program, goals = random_program(2027, 400)
    theirs = swipl_outcomes(goals, program)
    ours = _outcomes(program, goals)
    assert len(theirs) == len(goals)
    differing = [(g, o, t) for g, o, t in zip(goals, ours, theirs) if o != t]
    assert differing == []


#: Goals on the builtins and constructs the engine runs as direct procedures or
#: inline code (functor/3 making a term, compare/3, ``$/1``, SSU heads, arg/3
#: with an integer first argument in a guard or condition).
DIRECT_GOALS = [
    "functor(T, foo, 3)",
    "functor(T, foo, 0)",
    "functor(T, 1, 0)",
    "functor(T, 1, 2)",
    "functor(T, N, 2)",
    "functor(T, foo, -1)",
    "functor(T, foo, a)",
    "functor(T, f(x), 1)",
    "compare(O, a, b)",
    "compare(O, 2, 1)",
    "compare(O, 1, 1.0)",
    "compare(O, a, 1)",
    "compare(O, f(X), f(Y))",
    "compare(=, 1, 1)",
    "compare(<, 1, 1)",
    "compare(foo, a, b)",
    "compare(1, a, b)",
    "d1(X)",
    "d2(X)",
    "d3",
    "d4(X)",
    "d5",
    "s([a, b], R)",
    "s(f(1), R)",
    "s(X, R)",
    "s([], R)",
    "a1(f(a, b), X)",
    "a1(g, X)",
    "a1(T, X)",
    "a1(7, X)",
    "a2(f(a, b))",
    "a2(f(a))",
    "a3(f(b), X)",
    "a3(f(A), X)",
    "a4(f(a), X)",
]
DIRECT_PROGRAM = """
m(1). m(2).
d1(X) :- $m(X).
d2(X) :- $(X = 1).
d3 :- $fail.
d4(X) :- $q(X).
d5 :- $q(3).
q(X) :- m(X), X > 1.
s([H|T], R) => R = H-T.
s(f(X), R) => R = X.
s([], R) => R = nil.
a1(T, X) :- arg(1, T, X).
a2(T) :- arg(2, T, b).
a3(T, X) :- ( arg(1, T, X), X == b -> true ; X = no ).
a4(T, X) :- arg(0, T, X).
"""


@requires_swipl
def test_direct_builtins_answer_as_swi_prolog():
    theirs = swipl_outcomes(DIRECT_GOALS, DIRECT_PROGRAM)
    ours = [outcome(goal, DIRECT_PROGRAM) for goal in DIRECT_GOALS]
    assert list(zip(DIRECT_GOALS, ours)) == list(zip(DIRECT_GOALS, theirs))


def test_a_first_goal_that_fails_at_once_leaves_no_binding_to_the_other_branch(
    monkeypatch: pytest.MonkeyPatch,
):
    # The construct calls the first goal of its branch at once; kk/2 binds X
    # and then fails on its second argument, before the machine sees it.
    program = (
        FACTS
        + """
    kk(X, Y) :- X = 1, Y = 2.
    t1(X, R) :- ( kk(X, c), R = left ; R = right(X) ).
    t2(X, R) :- ( kk(X, c) -> R = yes ; R = no(X) ).
    t3(X, R) :- ( k(X, Y), Y > 2, R = left(X) ; R = right(X) ).
    """
    )
    goals = [f"findall(X-R, t{i}(X, R), L)" for i in (1, 2, 3)] * 3  # then with kk's switch
    compiled = _outcomes(program, goals)
    assert compiled[:2] == [
        "r(findall(A-B, t1(A, B), [C-right(C)]))",
        "r(findall(A-B, t2(A, B), [C-no(C)]))",
    ]
    monkeypatch.setattr(codegen, "is_construct", lambda goal: False)
    assert compiled == _outcomes(program, goals)
