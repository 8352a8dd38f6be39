"""Generated code kept for other engines (``engine.code_memo``) answers as code written anew.

Each test runs goals on several engines over one knowledge base, in check
mode (every reuse also writes the code afresh and asserts the same texts and
the same values bound to their names), changing a callee between engines
(a clause added, a clause removed, made dynamic, asserted into); the answers
are compared with an engine over a knowledge base loaded anew (nothing to
reuse) and with SWI-Prolog.
"""

from __future__ import annotations

from typing import Any

import pytest

from symlearn.engine import Engine, code_memo, procedures
from symlearn.kb import loads
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term, variable_names
from symlearn.logic.terms import Var
from tests.conftest import SWIPL
from tests.engine.differential import swipl_outcomes

PROGRAM = """
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).
one(a, 1).
pick(X, Y) :- one(X, Y), Y > 0.
pick(X, Y) :- X = z, Y = 0.
unfold(X, Z) :- step(X, Y), Z is Y * 2.
step(X, Y) :- one(X, Y).
member_(X, [X|_]).
member_(X, [_|T]) :- member_(X, T).
houses(H) :- H = [_, _], member_(h(a, _), H), member_(h(_, b), H).
kind(X, K) :- ( integer(X) -> K = int ; atom(X) -> K = atom ; K = other ).
sum([], S, S).
sum([X|Xs], S0, S) :- S1 is S0 + X, sum(Xs, S1, S).
tag([], _, []).
tag([V|B], K, [V-K|R]) :- tag(B, K, R).
"""
GOALS = [
    "nrev([1, 2, 3, 4], R)",
    "app(X, Y, [1, 2])",
    "findall(X-Y, pick(X, Y), R)",
    "findall(X-Z, unfold(X, Z), R)",
    "houses(H)",
    "findall(K, (member_(X, [1, a, f(x)]), kind(X, K)), R)",
    "sum([1, 2, 3], 0, S)",
    "tag([1, 2, 3], k, R)",
    "findall(X, member_(X, [c, b, a]), R)",
]


@pytest.fixture(autouse=True)
def _checking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Check mode on, every predicate switching at its first call, the memo empty."""
    monkeypatch.setattr(code_memo, "CHECK", True)
    monkeypatch.setattr(procedures, "_SWITCH_AFTER_CALLS", 0)
    code_memo.clear()
    procedures._HOT.clear()


def _outcomes(engine: Engine, goals: list[str]) -> list[str]:
    """Each goal's first answer (or error, or false) on ``engine``."""
    ops = engine.kb.operators
    found = []
    for goal in goals:
        term, variables = parse_term_with_variables(
            f"Outcome__ = r({goal}), catch(({goal}), error(Formal__, _), true)", ops=ops
        )
        for solution in engine.solve(term):
            formal = solution[variables["Formal__"]]
            result = solution[variables["Outcome__"]] if type(formal) is Var else formal
            text = format_term(result, variable_names(result, False), 999, ops)
            found.append(text if type(formal) is Var else f"error({text})")
            break
        else:
            found.append("false")
    return found


def _anew(program: str, goals: list[str]) -> list[str]:
    """The outcomes on an engine over the program loaded anew (its clauses new objects)."""
    return _outcomes(Engine(loads(program), datalog=False), goals)


def _clause(text: str) -> Clause:
    return next(loads(text).clauses())


def test_new_engines_reuse_the_code_and_answer_alike() -> None:
    kb = loads(PROGRAM)
    expected = _anew(PROGRAM, GOALS)
    code_memo.STATS.clear()
    for _ in range(3):
        assert _outcomes(Engine(kb, datalog=False), GOALS) == expected
    assert code_memo.STATS["reused"] >= 16  # (clause functions and switches, 2 engines)
    assert _outcomes(Engine(kb), GOALS) == expected  # (Datalog on: its predicates evaluated apart)
    assert code_memo.STATS["checked"] == code_memo.STATS["reused"]
    if SWIPL is not None:
        assert swipl_outcomes(GOALS, PROGRAM) == expected


def test_a_callee_changed_between_engines_is_seen() -> None:
    kb = loads(PROGRAM)
    goals = ["findall(X-Y, pick(X, Y), R)", "findall(X-Z, unfold(X, Z), R)"]
    first = _outcomes(Engine(kb, datalog=False), goals)
    assert "[a-1, z-0]" in first[0] and "[a-2]" in first[1]
    code_memo.STATS.clear()
    kb.add_clause(_clause("one(b, 2)."))  # two clauses: no longer matched inline
    program = PROGRAM + "one(b, 2).\n"
    changed = _outcomes(Engine(kb, datalog=False), goals)
    assert changed == _anew(program, goals)
    assert "[a-1, b-2, z-0]" in changed[0] and "[a-2, b-4]" in changed[1]
    assert code_memo.STATS["changed"] >= 2
    kb.predicates[("one", 2)].clear()
    kb.add_clause(_clause("one(c, 3)."))  # one fact again, another
    program = PROGRAM.replace("one(a, 1).", "one(c, 3).")
    expected = _anew(program, goals)
    assert _outcomes(Engine(kb, datalog=False), goals) == expected
    assert "[c-3, z-0]" in expected[0] and "[c-6]" in expected[1]
    if SWIPL is not None:
        assert swipl_outcomes(goals, program) == expected


def test_a_callee_made_dynamic_and_asserted_into() -> None:
    kb = loads(PROGRAM)
    goals = ["findall(X-Y, pick(X, Y), R)", "findall(X-Z, unfold(X, Z), R)", "houses(H)"]
    first = _outcomes(Engine(kb, datalog=False), goals)
    kb.predicates[("one", 2)].dynamic = True
    kb.predicates[("member_", 2)].dynamic = True
    engine = Engine(kb, datalog=False)
    assert _outcomes(engine, goals) == first
    engine.solve_text("assertz(one(d, 4))").__next__()
    program = ":- dynamic one/2.\n:- dynamic member_/2.\n" + PROGRAM + "one(d, 4).\n"
    assert _outcomes(engine, goals) == _anew(program, goals)
    assert _outcomes(Engine(kb, datalog=False), goals) == _anew(program, goals)  # (next engine)


def test_a_caller_changed_between_engines() -> None:
    """A clause retracted from a predicate whose switch was kept: the next engine writes anew."""
    kb = loads(":- dynamic q/1.\n" + PROGRAM + "q(1).\nq(2).\nq(3).\nr(X) :- q(X), X > 1.\n")
    goals = ["findall(X, r(X), R)"]
    assert "[2, 3]" in _outcomes(Engine(kb, datalog=False), goals)[0]
    engine = Engine(kb, datalog=False)
    engine.solve_text("retract(q(2))").__next__()
    assert "[3]" in _outcomes(engine, goals)[0]
    assert "[3]" in _outcomes(Engine(kb, datalog=False), goals)[0]


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(code_memo, "_LIMIT", 5)
    kb = loads(PROGRAM)
    expected = _anew(PROGRAM, GOALS)
    for _ in range(2):
        assert _outcomes(Engine(kb, datalog=False), GOALS) == expected
        assert len(code_memo._MEMOS) <= 5


def test_check_mode_catches_a_wrong_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reused name bound to another value than fresh code binds fails the check."""
    kb = loads(PROGRAM)
    _outcomes(Engine(kb, datalog=False), GOALS[:1])
    made = code_memo._make

    def wrong(recipe: Any, *rest: Any) -> Any:
        if recipe[0] == "entry":  # another clause's entry
            return rest[2][-1 - recipe[1]]
        return made(recipe, *rest)

    monkeypatch.setattr(code_memo, "_make", wrong)
    with pytest.raises(AssertionError, match="reused"):
        _outcomes(Engine(kb, datalog=False), GOALS[:1])


def test_a_switch_finds_its_predicates_own_names() -> None:
    """``code_memo.PREDICATE_NAMES`` are the names a predicate's namespace starts with."""
    engine = Engine(loads("p(1)."))
    procedure: Any = engine.procedure("q", 2)
    assert set(procedure.__globals__) == code_memo.PREDICATE_NAMES


def test_a_file_consulted_between_engines(tmp_path: Any) -> None:
    """A second file loaded into the knowledge base (a callee's clauses added) is seen."""
    from symlearn.kb import load

    kb = loads(PROGRAM)
    goals = ["findall(X-Y, pick(X, Y), R)", "findall(X-Z, unfold(X, Z), R)"]
    first = _outcomes(Engine(kb, datalog=False), goals)
    extra = tmp_path / "more.pl"
    extra.write_text("one(e, 5).\n")
    load(extra, kb)
    consulted = [str(clause) for clause in kb.clauses("one", 2)]
    assert consulted == ["one(a, 1).", "one(e, 5)."]  # (the loader adds them)
    expected = _anew(PROGRAM + "one(e, 5).\n", goals)
    assert _outcomes(Engine(kb, datalog=False), goals) == expected != first
