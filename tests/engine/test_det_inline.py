"""``$G`` and cuts after a neck cut, written inline, answer as the general code does.

After a clause commits, ``$G`` whose predicate is one static clause (a fact
or tests) with ground arguments is matched inline (failure raises SWI-Prolog's
``determinism_error``), and a ``!`` or ``$`` that follows only inline goals is
dropped (it cuts nothing).  Each program runs with the callee static (inlined)
and dynamic (always called), in clause functions and in switches (the goals
are asked a few times), and a few goals are compared with SWI-Prolog.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from symlearn.engine import Engine, inline_facts
from symlearn.kb import loads
from tests.engine.spies import watch

CALLEES = [
    "q. q(a). q(b, 1).",
    "q :- 1 < 2. q(X) :- atom(X), X \\== b. q(X, Y) :- Y > 0, atom(X).",
    "q :- 2 < 1. q(b). q(a, 2).",
]
CALLERS = """
r(0) => true.
r(N) => $q, $, N1 is N - 1, r(N1).
s(X, Y) :- X > 0, !, $q(a), !, Y = X.
s(_, none).
t(X, Y) :- atom(X), !, $q(X), Y = X.
t(_, other).
u(N, L) :- N > 0, !, $q(a, N), $, N1 is N - 1, L = [N|T], u(N1, T).
u(_, []).
v(X) :- !, $q(X).
"""
GOALS = [
    "r(5)",
    "s(1, Y)",
    "s(0, Y)",
    "t(a, Y)",
    "t(b, Y)",
    "t(1, Y)",
    "u(3, L)",
    "v(b)",
    "findall(Y, (member(X, [a, b, 2]), t(X, Y)), L)",
]


def _answers(program: str) -> list[str]:
    engine = Engine(loads(program), max_steps=100_000)
    found: list[str] = []
    for _ in range(3):  # the later runs use the switches
        found = []
        for goal in GOALS:
            answers = engine.solve_text(f"catch(({goal}, R = yes), error(E, _), R = E)")
            found.append(str([str(a["R"]) + str(sorted(map(str, a.items()))) for a in answers]))
    return found


@pytest.mark.parametrize("callee", CALLEES)
def test_dollar_goals_inlined_answer_as_called(callee: str) -> None:
    inlined = _answers(callee + CALLERS)
    called = _answers(":- dynamic q/0, q/1, q/2.\n" + callee + CALLERS)
    assert inlined == called


def test_dollar_goal_is_inlined_in_a_looping_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path is taken (its absence would leave ``r/1`` returning goals to the machine)."""
    seen = watch(monkeypatch, inline_facts, "det_fact_call")
    engine = Engine(loads("q.\n" + CALLERS))
    for _ in range(3):
        assert list(engine.solve_text("r(100)")) == [{}]
    assert any(seen)


@pytest.mark.skipif(shutil.which("swipl") is None, reason="swipl not installed")
@pytest.mark.parametrize("callee", CALLEES)
def test_dollar_goals_answer_as_swipl(callee: str, tmp_path: object) -> None:
    goals = [GOALS[0], GOALS[1], GOALS[4], GOALS[6], GOALS[8]]
    program = callee + CALLERS
    ours = []
    engine = Engine(loads(program))
    for goal in goals:
        answers = engine.solve_text(f"catch(({goal}, R = yes), error(E, _), R = E)")
        ours.append([str(a["R"]) for a in answers])
    path = tmp_path / "p.pl"  # type: ignore[operator]
    path.write_text(program)
    queries = "".join(
        f"forall(catch(({g}, R = yes), error(E, _), R = E), (print(R), nl)), write('--'), nl, "
        for g in goals
    )
    done = subprocess.run(
        ["swipl", "-q", "-g", f"({queries}true)", "-t", "halt", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    theirs = [block.split() for block in done.stdout.split("--\n")[:-1]]
    assert [[s.replace(" ", "") for s in a] for a in ours] == theirs
