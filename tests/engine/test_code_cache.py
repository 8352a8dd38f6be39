"""Generated code is compiled once per text (``codegen._COMPILED``); hot predicates stay hot.

Two engines on one knowledge base write the same texts: the second reuses
the compiled code, each function with a copy of the code object of its own
(CPython specialises a code object for the globals it runs with:
``procedure_code``) and globals of its own (its own procedures), and answers
as the first; an engine whose clauses differ gets its own code.  A
predicate whose switch one engine compiled switches at its first call in the
next (``procedures._HOT``) instead of warming up again.
"""

from __future__ import annotations

PROGRAM = """
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
len([], 0).
len([_|T], N) :- len(T, M), N is M + 1.
rev([], []).
rev([H|T], R) :- rev(T, S), app(S, [H], R).
"""


def _run(engine) -> list[str]:
    goal = "numlist(1, 250, L), rev(L, R), len(R, N), app(X, [_|_], [a, b, c])"
    return [f"{s['N']} {s['X']}" for s in engine.solve_text(goal)]


def test_engines_share_compiled_code_with_globals_of_their_own() -> None:
    from symlearn.engine import Engine, codegen
    from symlearn.kb import loads

    kb = loads(PROGRAM)
    codegen._COMPILED.clear()
    first = Engine(kb, datalog=False)
    answers = _run(first)
    compiled = len(codegen._COMPILED)
    second = Engine(kb, datalog=False)
    assert _run(second) == answers == ["250 []", "250 [a]", "250 [a, b]"]
    assert len(codegen._COMPILED) == compiled  # nothing compiled again
    for key in [("app", 3), ("len", 2), ("rev", 2)]:
        one, other = first._predicates[key], second._predicates[key]
        assert one.switch is not None and one.switch == other.switch
        assert one.switch is not other.switch
        rules = [(a, b) for a, b in zip(one.entries, other.entries) if a.clause.body]
        assert rules
        for a, b in rules:
            assert a.neck_cut == b.neck_cut  # (asking writes an unwritten clause function)
            assert a.run.__code__ == b.run.__code__
            assert a.run.__code__ is not b.run.__code__
            assert a.run.__globals__ is not b.run.__globals__
        called = [v for v in other.procedure.__globals__.values() if v is one.procedure]
        assert not called  # the second engine's code calls its own procedures


def test_changed_clauses_get_code_of_their_own() -> None:
    from symlearn.engine import Engine
    from symlearn.kb import loads

    kb = loads(PROGRAM)
    assert _run(Engine(kb, datalog=False))[0] == "250 []"
    changed = loads(PROGRAM.replace("N is M + 1", "N is M + 2"))
    assert _run(Engine(changed, datalog=False))[0] == "500 []"


def test_a_predicate_hot_in_one_engine_switches_at_once_in_the_next() -> None:
    from symlearn.engine import Engine
    from symlearn.kb import loads

    kb = loads(PROGRAM)
    first = Engine(kb, datalog=False)
    assert _run(first)[0] == "250 []"
    second = Engine(kb, datalog=False)
    assert [str(s["R"]) for s in second.solve_text("rev([a, b], R)")] == ["[b, a]"]
    assert second._predicates[("rev", 2)].switch == first._predicates[("rev", 2)].switch
    assert _run(second) == _run(first)
    changed = Engine(loads(PROGRAM), datalog=False)  # other clause objects: warms up again
    assert [str(s["R"]) for s in changed.solve_text("rev([a, b], R)")] == ["[b, a]"]
    assert changed._predicates[("rev", 2)].switch is None


def test_datalog_plans_recompiled_after_a_change_reuse_code_with_their_constants() -> None:
    """nand's access/2: a Datalog rule over a dynamic predicate is planned again after
    each assert; the plan's text is compiled once (``datalog._COMPILED_PLANS``), and
    plans of the same text with other constants keep their own."""
    from symlearn.engine import Engine, datalog
    from symlearn.kb import loads

    kb = loads(
        ":- dynamic(st/2).\nst(a, 0).\nst(b, 0).\n"
        "get_a(V) :- st(a, V).\nget_b(V) :- st(b, V).\n"
        "bump(N, V) :- retract(st(N, _)), assertz(st(N, V)).\n"
    )
    engine = Engine(kb)
    datalog._COMPILED_PLANS.clear()
    seen = []
    for i in range(1, 6):
        assert list(engine.solve_text(f"bump(a, {i}), bump(b, {10 * i})"))
        seen.append([s["V"] for s in engine.solve_text("get_a(V)")])
        seen.append([s["V"] for s in engine.solve_text("get_b(V)")])
    assert seen == [[x] for i in range(1, 6) for x in (i, 10 * i)]
    assert engine._predicates[("get_a", 1)].mode != 0  # answered by the Datalog plan
    assert 0 < len(datalog._COMPILED_PLANS) <= 2  # one text per call shape


def test_no_two_procedures_share_a_code_object() -> None:
    """CPython specialises a code object for the globals it runs with: each
    predicate's procedure (general, warming up, facts or switch) and each
    clause function of a second engine runs a code object of its own."""
    from symlearn.engine import Engine, procedure_code
    from symlearn.kb import loads

    kb = loads(PROGRAM + "f(1).\nf(2).\ng(a).\ng(b).\nh(X) :- g(X).\nk(X) :- g(X).\n")
    goal = "f(X), h(Y), k(Z)"
    for engine in (Engine(kb, datalog=False), Engine(kb, datalog=False)):
        assert len(list(engine.solve_text(goal))) == 8
        assert _run(engine)[0] == "250 []"
    predicates = engine._predicates.values()
    codes = [p.procedure.__code__ for p in predicates]
    runs = [entry.run for p in predicates for entry in p.entries]
    codes += [run.__code__ for run in runs if hasattr(run, "__code__")]
    codes = [code for code in codes if code.co_filename.startswith("<symlearn")]
    codes = [code for code in codes if code is not procedure_code.ONE_FACT_CODE]
    assert len(codes) >= 8
    assert len({id(code) for code in codes}) == len(codes)
