"""Compiled clause functions do exactly what the template interpreter does."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from symlearn.engine.machine import FAIL
from symlearn.engine.procedures import compile_clause_function
from symlearn.engine.runtime import CompiledClause, build, resolve, to_runtime, unify_head
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Var
from symlearn.logic.unify import variant

VARS = [Var(n) for n in "XYZ"]
leaf = st.sampled_from(["a", "b", 1, 2.0, *VARS])


def _compound(children):
    return st.builds(
        lambda name, args: Struct(name, tuple(args)),
        st.sampled_from(["f", "g", "[|]"]),
        st.lists(children, min_size=1, max_size=2),
    )


terms = st.recursive(leaf, _compound, max_leaves=5)
# Goal variables occur once each, so no unification can build a cyclic term.
goal_terms = st.recursive(
    st.sampled_from(["a", "b", 1, 2.0]) | st.builds(Var, st.just("_")), _compound, max_leaves=5
)


class _Run:
    """The part of the machine's run state a clause function reads."""

    def __init__(self) -> None:
        self.trail: list = []


def _procedure(name: str, arity: int) -> str:
    return name  # stands for the procedure: the continuation then names its goal


def interpret(clause: CompiledClause, goal: Struct):
    trail: list = []
    frame: list = [None] * clause.nvars
    args = goal.args
    if not all(unify_head(t, a, frame, trail) for t, a in zip(clause.head_args, args)):
        return None
    body = [build(g, frame) for g in clause.body]
    return resolve(Struct("r", (goal, *body)) if body else goal)


def compiled(clause: Clause, goal: Struct):
    function, _ = compile_clause_function(clause, _procedure)
    cont = function(_Run(), goal.args, 0, 0, None)
    if cont is FAIL:
        return None
    goals = []
    while cont is not None:
        name, args = cont[0], cont[1]
        goals.append(Struct(name, args))
        cont = cont[4]
    return resolve(Struct("r", (goal, *goals)) if goals else goal)


@settings(max_examples=400)
@given(
    st.lists(terms, min_size=2, max_size=2),
    st.lists(terms, max_size=2),
    st.lists(goal_terms, min_size=2, max_size=2),
)
def test_compiled_clause_equals_interpretation(head_args, body_args, goal_args) -> None:
    clause = Clause(Struct("p", tuple(head_args)), [Struct("q", (a,)) for a in body_args])
    goal_text = Struct("p", tuple(goal_args))
    first = interpret(CompiledClause(clause), to_runtime(goal_text, {}))
    second = compiled(clause, to_runtime(goal_text, {}))
    assert (first is None) == (second is None)
    if first is not None:
        assert variant(first, second)


# ------------------------------------------------------------ switches
# A predicate's switch (its clauses inlined under a first-argument switch) must
# answer as the clause functions tried one by one do, cut and order included.
first_args = st.sampled_from(
    ["a", "b", "1", "1.0", "2.0", "2", "[]", "[X|T]", "[a]", "f(X)", "f(a, Y)", "X", "_"]
)
other_args = st.sampled_from(["a", "X", "Y", "[X|Y]", "g(Y)", "1"])
bodies = st.sampled_from(["", "!", "q(X)", "q(Y), !", "!, q(X)", "X = a", "q(Y), r(Y)"])
calls = ["p(A, B)", "p(a, B)", "p(1, B)", "p(1.0, B)", "p(2.0, b)", "p(2, B)", "p([], B)"]
calls += ["p([a], B)", "p([a, b], 1)"]
calls += ["p(f(a), B)", "p(f(a, b), B)", "p(f(b, c, d), B)", "p(g(a), a)", "p(A, A)"]


@st.composite
def switched_programs(draw) -> str:
    lines = ["q(a).", "q(b).", "q(1).", "r(b)."]
    for _ in range(draw(st.integers(1, 5))):
        head = f"p({draw(first_args)}, {draw(other_args)})"
        body = draw(bodies)
        lines.append(f"{head} :- {body}." if body else f"{head}.")
    lines.append("p(zz, zz) :- q(zz).")  # at least one rule: the predicate is not facts only
    return "\n".join(lines) + "\n"


def _answers(engine, goal: str) -> list[str]:
    from symlearn.errors import PrologError

    found = []
    try:
        for solution in engine.solve_text(goal):
            found.append(str(sorted((k, str(v)) for k, v in solution.items())))
    except PrologError as error:  # such as a cyclic answer: both must raise it
        found.append(str(error))
    return found


def answers_with(setting: str, value: int, program: str, goals: list[str]) -> dict[str, list[str]]:
    """Each goal's answers on a new engine over ``program``, ``procedures.<setting>`` set."""
    from symlearn.engine import Engine, procedures
    from symlearn.kb import loads

    before = getattr(procedures, setting)
    setattr(procedures, setting, value)
    try:
        engine = Engine(loads(program), datalog=False)
        return {goal: _answers(engine, goal) for goal in goals}
    finally:
        setattr(procedures, setting, before)


def _plain_and_switched(kb, goals, answers, **options):
    """``answers`` of each goal on an engine without switches and on one that switches at once."""
    from symlearn.engine import Engine, procedures

    limit, calls_before = procedures._SWITCH_MAX_CLAUSES, procedures._SWITCH_AFTER_CALLS
    try:
        procedures._SWITCH_MAX_CLAUSES = 0
        plain = Engine(kb, datalog=False, **options)
        expected = {goal: answers(plain, goal) for goal in goals}
        procedures._SWITCH_MAX_CLAUSES, procedures._SWITCH_AFTER_CALLS = limit, 0
        switched = Engine(kb, datalog=False, **options)
        found = {goal: answers(switched, goal) for goal in goals}
    finally:
        procedures._SWITCH_MAX_CLAUSES, procedures._SWITCH_AFTER_CALLS = limit, calls_before
    return plain, switched, expected, found


@st.composite
def unindexed_programs(draw) -> str:
    """Programs whose every first argument is a variable: the switch writes the clauses once."""
    lines = ["q(a).", "q(b).", "q(1).", "r(b)."]
    for _ in range(draw(st.integers(1, 3))):
        head = f"p({draw(st.sampled_from(['X', '_', 'Y']))}, {draw(other_args)})"
        body = draw(st.sampled_from(["", "!", "q(X)", "q(Y), !", "X = a", "atom(X), !"]))
        lines.append(f"{head} :- {body}." if body else f"{head}.")
    lines.append("p(Z, zz) :- q(Z).")
    return "\n".join(lines) + "\n"


@settings(max_examples=180, deadline=None)
@given(st.one_of(switched_programs(), unindexed_programs()))
@example("q(1).\np(2.0, a).\np(2, X).\np(zz, zz) :- q(zz).\n")  # 2.0 and 2: one index bucket
def test_switch_equals_clause_functions(program: str) -> None:
    from symlearn.kb import loads

    kb = loads(program)
    plain, switched, expected, found = _plain_and_switched(kb, calls, _answers)
    assert found == expected
    assert switched._predicates[("p", 2)].switch is not None
    assert plain._predicates[("p", 2)].switch is None


def test_switch_follows_changes_to_the_clauses() -> None:
    from symlearn.engine import Engine
    from symlearn.kb import loads

    program = ":- dynamic p/2. p([], 0). p([_|T], N) :- p(T, M), N is M + 1."
    engine = Engine(loads(program), datalog=False)
    assert [str(s["N"]) for s in engine.solve_text("numlist(1, 300, L), p(L, N)")] == ["300"]
    assert engine._predicates[("p", 2)].switch is not None  # hot after 100 calls
    assert [str(s["N"]) for s in engine.solve_text("p([a, b], N)")] == ["2"]
    assert engine.ask_text("asserta(p([x], 7))")
    assert [str(s["N"]) for s in engine.solve_text("p([x], N)")] == ["7", "1"]
    assert engine.ask_text("retract(p([], 0))")
    assert [str(s["N"]) for s in engine.solve_text("p([a], N)")] == []


# Recursive predicates: a switch loops back on a last call of its own
# predicate, and writes buckets of several clauses inline; it must answer as
# the clause functions do, within the same step limit.
recursive_heads = st.sampled_from(["p([], Y)", "p([X|T], Y)", "p([X|T], [X|Y])", "p(X, Y)"])
recursive_bodies = st.sampled_from(
    [
        "",
        "!",
        "p(T, Y)",
        "X > 1, !, p(T, Y)",
        "integer(X), !, p(T, Y)",
        "X == a, !",
        "p(T, Z), Y = Z",
        "q(X), p(T, Y)",
        "p(T, Y), !",
        "!, p(T, Y)",
    ]
)
recursive_calls = ["p([1, a, 2, b, 3], B)", "p([a, b], [a|B])", "p(L, B)", "p([2, 3, 1], [])"]


@st.composite
def recursive_programs(draw) -> str:
    lines = ["q(a).", "q(2)."]
    for _ in range(draw(st.integers(1, 5))):
        head, body = draw(recursive_heads), draw(recursive_bodies)
        lines.append(f"{head} :- {body}." if body else f"{head}.")
    lines.append("p(zz, zz) :- q(zz).")
    return "\n".join(lines) + "\n"


def _answers_within(engine, goal: str) -> list[str]:
    from symlearn.errors import EngineLimitError, PrologError

    found = []
    try:
        for solution in engine.solve_text(goal, limit=20):
            found.append(str(sorted((k, str(v)) for k, v in solution.items())))
    except (EngineLimitError, PrologError) as error:
        found.append(str(error))
    return found


@settings(max_examples=40, deadline=None)
@given(recursive_programs(), st.sampled_from([300, 9000]))
def test_looping_switch_equals_clause_functions(program: str, max_steps: int) -> None:
    from symlearn.kb import loads

    kb = loads(program)
    _, _, expected, found = _plain_and_switched(
        kb, recursive_calls, _answers_within, max_steps=max_steps
    )
    assert found == expected


def test_a_looping_switch_counts_its_inferences() -> None:
    from symlearn.engine import Engine
    from symlearn.errors import EngineLimitError
    from symlearn.kb import loads

    program = "len([], N, N). len([_|T], N0, N) :- N1 is N0 + 1, len(T, N1, N)."
    goal = "numlist(1, 100000, L), len(L, 0, N)"
    engine = Engine(loads(program), datalog=False)
    assert [str(s["N"]) for s in engine.solve_text(goal)] == ["100000"]
    assert engine._predicates[("len", 3)].switch is not None
    counted = engine.steps
    assert 100_000 < counted < 100_100  # one inference per call, looped or not
    with pytest.raises(EngineLimitError):
        list(Engine(loads(program), datalog=False, max_steps=counted - 1).solve_text(goal))
    assert list(Engine(loads(program), datalog=False, max_steps=counted).solve_text(goal))


# ------------------------------------------------------------ inlined arithmetic
# A clause's guard computes integer expressions in Python; each must give what
# is/2 and the comparisons give on the same expression built at run time.
leaves = st.sampled_from(["A", "B", "C", "A", "B", "0", "1", "-3", "7", "2.5", "(1 << 70)"])
VALUES = ["0", "-7", "12", "5", "-2", "3.0", "(1 << 80)", "_"]


@st.composite
def expressions(draw, depth: int = 3) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(leaves)
    op = draw(st.sampled_from(["+", "-", "*", "//", "mod", "neg"]))
    left = draw(expressions(depth - 1))
    if op == "neg":
        return f"-({left})"
    return f"({left} {op} {draw(expressions(depth - 1))})"


def _outcome(engine, goal: str) -> str:
    from symlearn.errors import PrologError

    try:
        return str([str(s.get("R")) for s in engine.solve_text(goal)])
    except PrologError as error:
        return str(error)


@settings(max_examples=150, deadline=None)
@given(
    expressions(),
    expressions(),
    st.lists(st.sampled_from(VALUES), min_size=3, max_size=3),
)
def test_inlined_arithmetic_equals_is(left: str, right: str, values: list[str]) -> None:
    from symlearn.engine import Engine
    from symlearn.kb import loads

    program = f"t(A, B, C, R) :- R is {left}.\nc(A, B, C) :- {left} < {right}.\n"
    engine = Engine(loads(program))
    a, b, c = values
    bound = f"A = {a}, B = {b}, C = {c}"
    assert _outcome(engine, f"{bound}, t(A, B, C, R)") == _outcome(
        engine, f"{bound}, X = ({left}), R is X"
    )
    assert _outcome(engine, f"{bound}, c(A, B, C)") == _outcome(
        engine, f"{bound}, X = ({left}), Y = ({right}), X < Y"
    )


def test_an_inlined_product_refuses_a_huge_integer() -> None:
    from symlearn.engine import Engine
    from symlearn.kb import loads

    engine = Engine(loads("square(X, R) :- R is X * X."))
    assert _outcome(engine, "X is 1 << 5000000, square(X, R)") == "resource_error(stack)"
    assert _outcome(engine, "square(-12, R)") == "['144']"


def test_a_deeply_nested_expression_is_evaluated_not_inlined() -> None:
    """Python's compiler refuses deeply nested parentheses; such a sum still answers."""
    import sys

    from symlearn.engine import Engine
    from symlearn.kb import loads

    sums = " + ".join(["X"] * 3000)
    engine = Engine(loads(f"p(X, R) :- R is {sums}.\nq(R) :- R is {sums.replace('X', '1')}."))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10000)  # a high limit let the nested code reach the compiler
    try:
        assert _outcome(engine, "p(2, R)") == "['6000']"
        assert _outcome(engine, "q(R)") == "['3000']"
    finally:
        sys.setrecursionlimit(limit)


# ------------------------------------------------------------ segments
# Inline-able goals after a call in a clause body run compiled (a segment of
# the body as a procedure of its own); a clause must answer as its body
# called as a goal (call/1, which compiles nothing) does.
body_goals = st.sampled_from(
    [
        "q(A)",
        "q(B)",
        "r(A, C)",
        "C is A + B",
        "D is C * 2 - A",
        "A < B",
        "C =:= 3",
        "E = f(A, D)",
        "!",
        "integer(C)",
        "var(D)",
        "D == 2",
        "E = A",
        "D is A mod 2",
    ]
)


@settings(max_examples=120, deadline=None)
@given(st.lists(body_goals, min_size=1, max_size=7))
def test_compiled_body_equals_called_body(goals: list[str]) -> None:
    from symlearn.engine import Engine
    from symlearn.errors import PrologError
    from symlearn.kb import loads

    body = ", ".join(goals)
    program = f"q(1). q(2). q(a). r(1, 3). r(2, 2). r(X, X).\np(A, B, C, D, E) :- {body}.\n"
    engine = Engine(loads(program), datalog=False)

    def answers(goal: str) -> list[object] | str:
        try:
            return [s["T"] for s in engine.solve_text(f"{goal}, T = t(A, B, C, D, E)")]
        except PrologError as error:
            return str(error)

    compiled, called = answers("p(A, B, C, D, E)"), answers(f"call(({body}))")
    if isinstance(compiled, str) or isinstance(called, str):
        assert compiled == called
    else:
        assert len(compiled) == len(called)
        assert all(variant(x, y) for x, y in zip(compiled, called))  # type: ignore[arg-type]


# Clauses whose guards compare the call's arguments: a clause whose guard
# excludes the later ones leaves no choicepoint; the answers stay the same.
comparisons = st.sampled_from(
    ["A =< B", "A > B", "B < A", "B >= A", "A < B", "A >= B", "A =:= 2", "A =\\= 2", "2 =:= A"]
)
guarded_calls = ["p(1, 2, R)", "p(2, 2, R)", "p(3, 1, R)", "p(2.0, 2, R)", "p(a, 1, R)"]
guarded_calls += ["p(X, 1, R)", "p(2, 1, R), R == r0"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(comparisons, st.booleans()), min_size=2, max_size=4))
def test_exclusive_guards_equal_clause_functions(guards: list[tuple[str, bool]]) -> None:
    from symlearn.kb import loads

    lines = ["q(r0). q(r1)."]
    for number, (comparison, extra) in enumerate(guards):
        rest = f", q(R), R \\== r{number % 2}" if extra else f", R = r{number}"
        lines.append(f"p(A, B, R) :- {comparison}{rest}.")
    kb = loads("\n".join(lines) + "\n")
    _, _, expected, found = _plain_and_switched(kb, guarded_calls, _answers)
    assert found == expected


def test_a_looping_switch_keeps_the_depth_limit() -> None:
    from symlearn.engine import Engine
    from symlearn.errors import EngineLimitError
    from symlearn.kb import loads

    program = "len([], 0). len([_|T], N) :- len(T, M), N is M + 1."
    engine = Engine(loads(program), datalog=False, max_depth=1000)
    assert [str(s["N"]) for s in engine.solve_text("numlist(1, 900, L), len(L, N)")] == ["900"]
    assert engine._predicates[("len", 2)].switch is not None
    with pytest.raises(EngineLimitError, match="depth limit 1000"):
        list(engine.solve_text("numlist(1, 1200, L), len(L, N)"))
