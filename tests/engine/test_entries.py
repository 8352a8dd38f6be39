"""Clause functions written at their first use answer as those written at once.

``engine.entries``: a predicate's clauses get *unwritten* entries whose
function is written when first run or when first asked whether the clause
commits.  An engine must answer as before whichever clauses were written
when, and a written entry must hold its function itself (the machine's hot
paths read plain slots).
"""

from __future__ import annotations

from inspect import isfunction

PROGRAM = """
p(X, Y) :- q(X), !, Y = one.
p(X, Y) :- r(X, Y).
p(_, three).
q(a). q(b).
r(c, two). r(d, two).
never(X) :- X > 1, q(X).
s(X, a) :- X > 0, !.
s(_, b).
count([], N, N).
count([_|T], N0, N) :- N1 is N0 + 1, count(T, N1, N).
"""
GOALS = [
    "findall(Y, p(a, Y), L)",
    "findall(X-Y, p(X, Y), L)",
    "findall(Y, p(c, Y), L)",
    "numlist(1, 300, Xs), count(Xs, 0, N)",
    "findall(Y, s(1, Y), L)",
]


def _answers(engine, goal: str) -> list[str]:
    return [str(sorted((k, str(v)) for k, v in s.items())) for s in engine.solve_text(goal)]


def test_unwritten_entries_answer_as_written_ones() -> None:
    from symlearn.engine import Engine
    from symlearn.engine.entries import Entry
    from symlearn.kb import loads

    kb = loads(PROGRAM)
    lazy = Engine(kb, datalog=False)
    found = [_answers(lazy, goal) for goal in GOALS]
    written = Engine(kb, datalog=False)
    for key in [("p", 2), ("never", 1), ("count", 3), ("s", 2)]:
        written.procedure(*key)
        predicate = written._predicates[key]
        predicate.refresh()
        for entry in predicate.entries:
            assert entry.neck_cut in (True, False)  # (asking writes it)
            assert type(entry) is Entry and isfunction(entry.run)
    assert [_answers(written, goal) for goal in GOALS] == found
    assert found[0] == [str([("L", "[one]"), ("Y", "Y")])]
    assert found[1] == [str([("L", "[a-one]"), ("X", "X"), ("Y", "Y")])]  # (the cut)
    assert found[2] == [str([("L", "[two, three]"), ("Y", "Y")])]
    assert found[4] == [str([("L", "[a]"), ("Y", "Y")])]  # (a neck cut)


def test_clauses_never_run_stay_unwritten_and_run_ones_hold_their_function() -> None:
    from symlearn.engine import Engine, procedures
    from symlearn.engine.entries import Entry
    from symlearn.kb import loads

    engine = Engine(loads(PROGRAM), datalog=False)
    for goal in GOALS:
        _answers(engine, goal)
    engine.procedure("never", 1)
    never = engine._predicates[("never", 1)]
    never.refresh()
    assert all(type(entry) is not Entry for entry in never.entries)
    count = engine._predicates[("count", 3)]  # warmed up (watched), then switched
    assert count.switch is not None and procedures._SWITCH_AFTER_CALLS < 300
    for entry in count.entries:
        if type(entry) is Entry and entry.clause.body:
            assert isfunction(entry.run) and entry.run.__name__ == "clause"  # (not a stand-in)
