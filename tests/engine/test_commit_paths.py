"""Quick paths of calls that commit at once, against the general code they replace.

A switch bucket stops at a clause that always commits (a head of distinct
variables and a neck cut, as an SSU clause ``p(X) => ...`` loads), a
predicate that is one fact without arguments succeeds at once, and ``$G``
drops its barrier when ``G`` left no choicepoint: each answers as the
general code does, on random programs.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine, codegen, database, procedures, switches
from symlearn.engine.builtins import SHORTCUTS
from symlearn.engine.runtime import Ref, _unify_general, fresh_ref, unify
from symlearn.errors import SymlearnError
from symlearn.kb import loads
from symlearn.logic.terms import Struct

HEADS = ["X", "a", "f(X)", "f(a)", "[X|T]", "[]", "1"]
BODIES = ["true", "!", "!, Y = one", "Y = two", "!, fail", "X = a", "fail", "!, $q"]


def _clause(first: int, second: int, body: int) -> str:
    return f"p({HEADS[first]}, {['Y', 'Y', 'a', 'X'][second]}) :- {BODIES[body]}."


programs = st.lists(
    st.tuples(st.integers(0, len(HEADS) - 1), st.integers(0, 3), st.integers(0, len(BODIES) - 1)),
    min_size=1,
    max_size=6,
)

CALLS = [
    "p(A, B)",
    "p(a, B)",
    "p(f(a), B)",
    "p(f(b), B)",
    "p([1], B)",
    "p(1, B)",
    "p(g, B)",
    "p(A, a)",
    "p(a, b)",
    "(B = A, p(A, B))",
]


def _answers(program: str) -> list[str]:
    """The answers of each call, with the switch compiled (after a few calls)."""
    engine = Engine(loads(program + "\nq.\n"), max_steps=10_000)
    found = []
    for _ in range(3):  # the first runs warm the predicate up; the last uses the switch
        found = []
        for call in CALLS:
            try:
                found.append(
                    str([str(s["L"]) for s in engine.solve_text(f"findall(A-B, {call}, L)")])
                )
            except SymlearnError as error:
                found.append(type(error).__name__)
    return found


@settings(max_examples=40, deadline=None)
@given(programs)
@example([(0, 3, 1), (0, 0, 0)])  # p(X, X) :- ! does not match every call
def test_a_bucket_cut_at_a_clause_that_always_commits_answers_as_the_whole(
    clauses: list[tuple[int, int, int]],
) -> None:
    program = "\n".join(_clause(*clause) for clause in clauses)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(procedures, "_SWITCH_AFTER_CALLS", 1)
        quick = _answers(program)
        patch.setattr(procedures, "_commits_always", lambda clause: False)
        assert quick == _answers(program)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(HEADS) - 1), st.integers(0, 3), st.integers(0, len(BODIES) - 1)
        ),
        min_size=5,
        max_size=7,
    )
)
def test_a_free_first_argument_tries_several_clauses_inline_as_the_general_call_does(
    clauses: list[tuple[int, int, int]],
) -> None:
    program = "\n".join(_clause(*clause) for clause in clauses)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(procedures, "_SWITCH_AFTER_CALLS", 1)
        inline = _answers(program)
        patch.setattr(switches, "_MAX_INLINED_FREE", 0)  # such calls go to ``unbound``
        assert inline == _answers(program)


def test_an_ssu_predicate_runs_its_catch_all_clause_without_trying_the_rest() -> None:
    engine = Engine(loads("r(0) => true.\nr(N) => N1 is N - 1, r(N1).\n"))
    assert list(engine.solve_text("r(1000)")) == [{}]
    with pytest.raises(SymlearnError):
        list(engine.solve_text("r(a)"))


@pytest.mark.parametrize(
    ("program", "goal", "expected"),
    [
        ("p.", "findall(x, p, L)", "[x]"),
        ("p. p.", "findall(x, p, L)", "[x, x]"),
        (":- dynamic p/0.", "findall(x, p, L)", "[]"),
        (":- dynamic p/0. p.", "findall(x, (p, retract(p), p), L)", "[]"),
        (":- dynamic p/0. p.", "findall(x, (retract(p), assertz(p), p), L)", "[x]"),
        ("p.", "findall(x, $p, L)", "[x]"),
        ("p. p.", "catch($p, error(E, _), (L = E))", "determinism_error(p, det, nondet, goal)"),
        ("q :- fail.", "catch($q, error(E, _), (L = E))", "determinism_error(q, det, fail, goal)"),
    ],
)
def test_a_fact_without_arguments_answers_as_facts_do(
    program: str, goal: str, expected: str
) -> None:
    engine = Engine(loads(program + "\nu :- true."))
    for _ in range(3):  # called again: the predicate's procedure is then the quick one
        answers = [str(s["L"]) for s in engine.solve_text(goal)]
        assert answers == [expected]


# ------------------------------------------------------------------ unify
def _runtime_term(draw: st.DrawFn, refs: list[Ref], depth: int) -> object:
    kind = draw(st.integers(0, 4 if depth < 2 else 2))
    if kind == 0:
        return draw(st.sampled_from(refs))
    if kind == 1:
        return draw(st.sampled_from(["a", "b", 1, 2, 1.0]))
    if kind == 2:
        ref = draw(st.sampled_from(refs))
        return ref if ref.value is not None else draw(st.sampled_from(["a", 1]))
    arity = draw(st.integers(1, 3))
    return Struct(
        draw(st.sampled_from(["f", "g"])),
        tuple(_runtime_term(draw, refs, depth + 1) for _ in range(arity)),
    )


@st.composite
def term_pairs(draw: st.DrawFn) -> tuple[object, object]:
    refs = [fresh_ref(f"R{i}") for i in range(4)]
    if draw(st.booleans()):
        refs[0].value = draw(st.sampled_from(["a", 2]))
    return _runtime_term(draw, refs, 0), _runtime_term(draw, refs, 0)


def _shown(term: object, depth: int = 0) -> str:
    """The term with its bindings followed, to a few levels (either unifier may make a cycle)."""
    while type(term) is Ref and term.value is not None:
        term = term.value
    if type(term) is Ref:
        return term.name
    if type(term) is not Struct:
        return repr(term)
    if depth > 6:
        return "..."
    return f"{term.name}({', '.join(_shown(arg, depth + 1) for arg in term.args)})"


@settings(max_examples=200, deadline=None)
@given(term_pairs())
def test_unify_of_two_compound_terms_equals_the_general_unifier(
    pair: tuple[object, object],
) -> None:
    left, right = pair
    outcomes = []
    for unifier in (unify, lambda a, b, trail: _unify_general(a, b, trail, False)):
        trail: list[Ref] = []
        done = unifier(left, right, trail)
        outcomes.append((done, _shown(Struct("t", (left, right))) if done else None))
        for ref in reversed(trail):
            ref.value = None
    assert outcomes[0] == outcomes[1]


# ------------------------------------------------------------------ assert and retract
facts = st.lists(st.sampled_from(["a", "b", "7", "-3", "f(a)", "1.5", "'A b'"]), max_size=8)
patterns = st.lists(st.sampled_from(["X", "a", "7", "f(Y)", "1.5", "g(b)", "'A b'"]), max_size=4)


def _matches(pattern: str, fact: str) -> bool:
    if pattern == "X":
        return True
    if pattern == "f(Y)":
        return fact.startswith("f(")
    return pattern == fact


@settings(max_examples=60, deadline=None)
@given(facts, patterns)
def test_facts_asserted_and_retracted_answer_as_a_list_of_them(
    asserted: list[str], retracted: list[str]
) -> None:
    """Atomic facts take a quick way in and out of the database; compound ones do not."""
    goals = [f"assertz(c({fact}))" for fact in asserted]
    goals += [f"ignore(retract(c({pattern})))" for pattern in retracted]
    engine = Engine(loads(":- dynamic c/1."))
    ours = [
        str(s["L"])
        for s in engine.solve_text(f"{', '.join(goals) or 'true'}, findall(Z, c(Z), L)")
    ]
    remaining = list(asserted)
    for pattern in retracted:  # retract removes the first fact that unifies
        found = next((i for i, fact in enumerate(remaining) if _matches(pattern, fact)), None)
        if found is not None:
            del remaining[found]
    model = Engine(loads(":- dynamic c/1.\n" + "".join(f"c({fact}).\n" for fact in remaining)))
    assert ours == [str(s["L"]) for s in model.solve_text("findall(Z, c(Z), L)")]


values = st.sampled_from(["a", "b", "7", "f(a)", "1.5", "'A b'"])
arguments = st.sampled_from(["X", "Y", "_", "a", "7", "7.0", "f(a)", "f(X)", "1.5"])
operations = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["assertz", "asserta"]), values, values),
        st.tuples(
            st.sampled_from(["retract", "retract_rule", "retract_all"]), arguments, arguments
        ),
    ),
    max_size=12,
)


def _database_goal(ops: list[tuple[str, str, str]]) -> str:
    goals = []
    for i, (op, first, second) in enumerate(ops):
        first, second = (a.replace("X", f"X{i}").replace("Y", f"Y{i}") for a in (first, second))
        if op.startswith("assert"):
            goals.append(f"{op}(c({first}, {second}))")
        elif op == "retract":
            goals.append(f"(retract(c({first}, {second})) -> R{i} = {first}-{second} ; R{i} = no)")
        elif op == "retract_rule":
            goals.append(f"(retract((c({first}, {second}) :- B{i})) -> R{i} = B{i} ; R{i} = no)")
        else:
            goals.append(f"findall({first}-{second}, retract(c({first}, {second})), R{i})")
    return ", ".join([*goals, "findall(A-B, c(A, B), L)"])


def _general_unify_clause(head: object, body: object, clause: object, trail: list[Ref]) -> bool:
    return unify(Struct(":-", (head, body)), database._runtime_clause(clause), trail)


@settings(max_examples=60, deadline=None)
@given(operations)
def test_retract_without_a_choicepoint_answers_as_the_general_retract(
    ops: list[tuple[str, str, str]],
) -> None:
    """retract/1 of the one clause its first argument selects, atomic facts matched in
    place and the clause list's positions by bisection, against the general retract."""
    goal = _database_goal(ops)
    program = ":- dynamic c/2.\nc(b, a).\nc(7, 7).\n"
    ours = [str(s) for s in Engine(loads(program)).solve_text(goal)]
    with pytest.MonkeyPatch.context() as patch:
        patch.delitem(SHORTCUTS, ("retract", 1))
        patch.setattr(database, "_unify_clause", _general_unify_clause)
        patch.setattr(database._FirstArgument, "locate", database._FirstArgument.place)
        general = [str(s) for s in Engine(loads(program)).solve_text(goal)]
    assert ours == general


# ------------------------------------------------------------------ a cut after a call
cut_bodies = st.lists(
    st.sampled_from(["q(A)", "q(B)", "!", "($)", "C is A + 1", "A < 2", "r(A, B)", "fail"]),
    min_size=1,
    max_size=5,
)


@settings(max_examples=60, deadline=None)
@given(cut_bodies, cut_bodies)
def test_a_segment_opening_with_a_cut_answers_as_the_cut_goal(
    first: list[str], second: list[str]
) -> None:
    program = (
        "q(1). q(2). q(3). r(1, 1). r(2, 1). r(X, X).\n"
        f"p(A, B, C) :- {', '.join(first)}.\np(A, B, C) :- {', '.join(second)}.\n"
    )
    goals = ["findall(A-B-C, p(A, B, C), L)", "findall(B-C, p(2, B, C), L)"]

    def answers() -> list[str]:
        engine = Engine(loads(program), datalog=False)
        found = []
        for goal in goals * 2:
            try:
                found.append(str([str(s["L"]) for s in engine.solve_text(goal)]))
            except SymlearnError as error:
                found.append(str(error).splitlines()[0])
        return found

    with pytest.MonkeyPatch.context() as patch:
        quick = answers()
        patch.setattr(codegen, "_is_cut", lambda goal: False)
        assert quick == answers()


def _deterministic_calls() -> list[str]:
    """``$p`` in a clause body while p is one fact, two facts, none, and one again."""
    engine = Engine(loads(":- dynamic p/0.\np.\nr(N) :- $p, N1 is N + 1, N1 > 0.\n"))
    goals = ["r(1)"] * 3 + ["assertz(p)", "r(2)", "retract(p)", "r(3)", "retract(p)", "r(4)"]
    goals += ["assertz(p)", "r(5)", "r(6)"]
    found = []
    for goal in goals:
        try:
            found.append(str(list(engine.solve_text(f"catch({goal}, error(E, _), true)"))))
        except SymlearnError as error:
            found.append(type(error).__name__)
    return found


def test_a_compiled_deterministic_call_of_a_one_fact_predicate_answers_as_the_barrier_does() -> (
    None
):
    quick = _deterministic_calls()
    assert "nondet" in quick[4] and "fail" in quick[8]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(procedures, "ONE_FACT_CODE", None)  # the quick path never taken
        assert quick == _deterministic_calls()


# ------------------------------------------------- repeated head variables
REPEATED = "p(X, X, one).\np([X|_], [X|T], two(T)).\np(f(X, Y), g(Y, X), three).\n"
SPREAD = "p(X, Y, one) :- X = Y.\np([X|_], [Y|T], two(T)) :- X = Y.\n"
SPREAD += "p(f(X, Y), g(Y1, X1), three) :- Y = Y1, X = X1.\n"
VALUES = ["1", "2", "1.0", "a", "b", "12345678901234567890", "12345678901234567891", "_", "f(a)"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(VALUES), min_size=2, max_size=2), st.integers(0, 2))
def test_a_repeated_head_variable_compares_as_unification_does(
    values: list[str], shape: int
) -> None:
    a, b = values
    call = [f"p({a}, {b}, R)", f"p([{a}], [{b}, c], R)", f"p(f({a}, {b}), g({b}, {a}), R)"][shape]
    found = []
    for program in (REPEATED, SPREAD):
        engine = Engine(loads(program))
        for _ in range(3):  # the last call runs the switch
            answers = [str(s["L"]) for s in engine.solve_text(f"findall(R, {call}, L)")]
        found.append(answers)
    assert found[0] == found[1]


def test_engines_sharing_compiled_code_keep_their_own_procedures() -> None:
    # The same clause text compiles once (codegen._COMPILED); each engine's
    # function still calls its own engine's procedures.
    program = "r(X) :- s(X), X > 0.\nt(N) :- N > 0, N1 is N - 1, t(N1).\nt(0).\n"
    first = Engine(loads(program + "s(1). s(2)."))
    second = Engine(loads(program + "s(3)."))
    for _ in range(3):
        assert [str(a["X"]) for a in first.solve_text("r(X)")] == ["1", "2"]
        assert [str(a["X"]) for a in second.solve_text("r(X)")] == ["3"]
        assert list(second.solve_text("t(50)")) == [{}]
    assert codegen._COMPILED
