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
    if draw(st.booleans()):
        goal, reference = f"same({x}, {y})", f"same_ref({x}, {y})"
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
