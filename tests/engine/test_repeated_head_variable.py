"""A head variable met twice (``same(X, X)``) is unified inline.

``inline_tests.repeated_variable`` writes the code.

Both values are dereferenced in the clause's code: two integers or atoms
are compared, a free variable and a value bound at once, anything else goes
to ``unify``.  Each call must answer as ``=/2`` called at run time
(``call(X = Y)``), through chains of bound variables, in a clause function
and in a predicate's switch.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_runtime import _answers, _plain_and_switched

PROGRAM = """
same(X, X).
same_ref(X, Y) :- call(X = Y).
pair(X, f(X), Y, Y).
pair_ref(X, F, Y, Z) :- call(F = f(X)), call(Y = Z).
eq(X, Y) :- atomic(a), X = Y.
eq_ref(X, Y) :- call(X = Y).
eq_if(X, Y, R) :- ( X = Y, R = yes -> true ; R = no ).
eq_if_ref(X, Y, R) :- ( call(X = Y), R = yes -> true ; R = no ).
"""
values = st.sampled_from(
    ["1", "2", "a", "b", "1.0", "A", "B", "C", "f(A)", "f(1)", "[A|B]", "g(B, a)"]
)
bindings = st.sampled_from(["true", "A = B", "A = 1", "A = B, B = 1", "B = C, C = a", "A = f(C)"])
bindings |= st.sampled_from(["C = B, B = A, A = 2", "A = [1|C]", "B = a, C = B", "A = B, B = C"])

# Undone on backtracking: the bindings made must be trailed.
forms = st.sampled_from(
    ["{}", "( {}, fail ; true )", "\\+ \\+ {}", "( {}, A == 1 -> true ; true )"]
)


@st.composite
def calls(draw) -> tuple[str, str]:
    before, form = draw(bindings), draw(forms)
    x, y = draw(values), draw(values)
    kind = draw(st.sampled_from(["same", "pair", "eq", "eq_if"]))
    if kind in ("same", "eq"):
        goal, reference = f"{kind}({x}, {y})", f"{kind}_ref({x}, {y})"
    elif kind == "eq_if":
        goal, reference = f"eq_if({x}, {y}, R)", f"eq_if_ref({x}, {y}, R)"
    else:
        z, w = draw(values), draw(values)
        goal, reference = f"pair({x}, {y}, {z}, {w})", f"pair_ref({x}, {y}, {z}, {w})"
    return f"{before}, {form.format(goal)}", f"{before}, {form.format(reference)}"


@settings(max_examples=150, deadline=None)
@given(st.lists(calls(), min_size=1, max_size=4))
def test_repeated_head_variable_answers_as_run_time_unification(goals) -> None:
    from symlearn.kb import loads

    kb = loads(PROGRAM)
    _, _, expected, found = _plain_and_switched(kb, [g for pair in goals for g in pair], _answers)
    for goal, reference in goals:
        assert found[goal] == expected[goal] == expected[reference], goal


def test_a_failed_condition_undoes_a_binding_of_two_known_variables() -> None:
    """``X = Y`` in an if-then-else's condition binds a new variable: undone when it fails."""
    from symlearn.engine import Engine
    from symlearn.kb import loads

    kb = loads(
        "p(R) :- Y = b, X = _, ( X = Y, Y == 2 -> R = yes ; R = no(X) ).\n"
        "q(R) :- Y = 1, X = _, ( Y = X, fail -> R = yes ; R = no(X) ).\n"
    )
    engine = Engine(kb)
    for goal in ["p(R)", "q(R)"]:
        [answer] = [str(s["R"]) for s in engine.solve_text(goal)]
        assert answer.startswith("no(_"), (goal, answer)
