"""The engine's fast paths answer as the general ones do, and scale as they should.

Issue 27's hot spots: ``retract/1`` indexed like clause selection (a failing
``retract`` must not look at every clause).  The indexed path is compared with
SWI-Prolog on random assert/retract goals (one ``swipl`` run for all), and
the scaling is checked by timing the same work on a small and a large input
in one test (a ratio, so a loaded machine does not matter much).
"""

from __future__ import annotations

import random
import time

from symlearn.engine import Engine
from symlearn.kb import loads
from tests.conftest import requires_swipl
from tests.engine.differential import outcome, same_outcome, swipl_outcomes

_FIRST_ARGS = ["a", "b", "1", "2", "f(a)", "f(b)", "g(1,2)", "_", "[]", "[a]", "1.0"]


def _random_retract_goal(rng: random.Random, p: str) -> tuple[str, str]:
    """A program of ``p/2`` facts and rules (named ``p``), and a goal mixing assert and retract."""
    clauses = []
    for i in range(rng.randint(0, 8)):
        first = rng.choice(_FIRST_ARGS)
        if rng.random() < 0.2:
            clauses.append(f"p({first}, {i}) :- true")
        else:
            clauses.append(f"p({first}, {i})")
    program = f":- dynamic {p}/2.\n" + "".join(c.replace("p(", f"{p}(") + ".\n" for c in clauses)
    steps = []
    for j in range(rng.randint(1, 6)):
        first = rng.choice(_FIRST_ARGS)
        kind = rng.choice(["retract", "retract", "retract_all", "asserta", "assertz", "loop"])
        if kind == "retract":
            steps.append(f"( retract(p({first}, R{j})) -> true ; R{j} = none )")
        elif kind == "retract_all":
            steps.append(f"findall({first}-R{j}, retract(p({first}, R{j})), R{j}s)")
        elif kind == "loop":  # the logical update view: what retract sees while asserting
            steps.append(
                f"findall(R{j}, (retract(p({first}, R{j})), assertz(p({first}, R{j}))), R{j}s)"
            )
        else:
            steps.append(f"{kind}(p({first}, {100 + j}))")
    steps.append("findall(A-B, p(A, B), Final)")
    return program, ", ".join(steps).replace("p(", f"{p}(")


@requires_swipl
def test_retract_answers_as_swi_prolog_does() -> None:
    rng = random.Random(27)
    cases = [_random_retract_goal(rng, f"p{i}") for i in range(60)]
    program = "".join(p for p, _ in cases)  # one predicate per goal: SWI runs them in turn
    goals = [g for _, g in cases]
    theirs = swipl_outcomes(goals, program)
    for (own, goal), their in zip(cases, theirs, strict=True):
        ours = outcome(goal, own)
        assert same_outcome(ours, their), (goal, ours, their)


def _failing_retracts_seconds(facts: int, calls: int) -> float:
    program = ":- dynamic p/2.\n" + "".join(f"p({i}, x).\n" for i in range(facts))
    engine = Engine(loads(program))
    start = time.process_time()
    assert engine.ask_text(f"forall(between(1, {calls}, I), \\+ retract(p(-I, _)))")
    return time.process_time() - start


def test_a_failing_retract_does_not_scan_the_clauses() -> None:
    small = min(_failing_retracts_seconds(100, 2000) for _ in range(2))
    large = min(_failing_retracts_seconds(20_000, 2000) for _ in range(2))
    assert large < 4 * small + 0.05, (small, large)


def test_retract_of_each_fact_in_turn_is_linear() -> None:
    def seconds(facts: int) -> float:
        program = ":- dynamic c/1.\n" + "".join(f"c({i}).\n" for i in range(facts))
        engine = Engine(loads(program))
        start = time.process_time()
        assert engine.ask_text(f"forall(between(0, {facts - 1}, I), retract(c(I)))")
        assert not engine.ask_text("c(_)")
        return (time.process_time() - start) / facts

    assert seconds(8_000) < 4 * seconds(1_000) + 1e-5


#: Clauses whose guards the compiler inlines: type tests, ``==`` on a
#: constant, and the builtins after a neck cut (which has committed, so a
#: failing one must not try the next clause); ``is/2`` and comparisons as
#: direct procedures, errors included; arg/3 and functor/3 likewise; SSU
#: heads (indexed on the constant or shape their first argument demands).
_GUARDS = """
g1(X, Y) :- X > 0, !, Y is X * 2, Y > 10.
g1(_, none).
g2(X, T) :- var(X), !, T = var.
g2(X, T) :- atom(X), !, T = atom.
g2(X, T) :- integer(X), !, T = integer.
g2(X, T) :- number(X), !, T = number.
g2(X, T) :- compound(X), !, T = compound.
g2(X, T) :- nonvar(X), T = other.
g3(X, Y) :- X == 0, !, Y = zero.
g3(X, Y) :- X \\== [], !, Y is 1 + 1, Y =:= 2.
g3(_, empty).
g4(X, Y) :- !, Y is X - 1, Y >= 0.
g4(_, never).
s1(0, R) => R = zero.
s1([H|T], R) => R = list(H, T).
s1(f(X), R) => R = f(X).
s1(a, R) => R = a.
s1(_, R) => R = other.
s2(1) => true.
s2([_]) => true.
"""
_GUARD_GOALS = [
    "g1(3, Y)",
    "g1(6, Y)",
    "g1(-1, Y)",
    "g1(a, Y)",
    'findall(T, (member(X, [_, a, 1, 1.5, f(x), "s"]), g2(X, T)), Ts)',
    "findall(X-Y, (member(X, [0, 0.0, [], a, 1]), g3(X, Y)), L)",
    "g4(3, Y)",
    "g4(0, Y)",
    "g4(_, Y)",
    "X is 2 + 3, Y is X - 7, Z is 2.0 + 1, W is 7 mod 2",
    "X = 1, X < 2, 2.0 =:= 2, 1 =\\= 2, 3 >= 3, 1 =< 1.5, 2 > 1",
    "X is foo + 1",
    "1 < _",
    "3 is 1 + 2, \\+ 3.0 is 1 + 2",
    "findall(N-A, arg(N, f(a, g(b), _), A), L)",
    "arg(0, f(a), A) ; arg(3, f(a, b), A) ; arg(1, [x|y], A), arg(2, f(a, b), b)",
    "arg(x, f(a), A)",
    "arg(1, _, A)",
    "arg(1, atom, A)",
    "arg(-1, f(a), A)",
    'functor(f(a, B), N, A), functor(g, M, C), functor(1.5, O, D), functor("s", P, E)',
    "functor(T, f, 2), functor(U, a, 0), functor([a], Dot, Two), \\+ functor(f(a), g, 1)",
    "functor(_, _, 1)",
    "functor(_, f(a), 1)",
    "functor(_, f, -1)",
    "findall(X-R, (member(X, [0, [1, 2], f(y), a, b, 0.0, g(1), [], _]), s1(X, R)), L)",
    "s2(1), s2([x]), catch(s2(2), error(E, _), true), catch(s2(_), error(F, _), true)",
]


@requires_swipl
def test_compiled_guards_answer_as_swi_prolog_does() -> None:
    theirs = swipl_outcomes(_GUARD_GOALS, _GUARDS)
    for goal, their in zip(_GUARD_GOALS, theirs, strict=True):
        ours = outcome(goal, _GUARDS)
        assert same_outcome(ours, their), (goal, ours, their)
