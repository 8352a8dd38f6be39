"""A body argument equal to a compound head argument passes the call's argument on.

``codegen._Writer.build`` returns ``a{i}`` for it (``set_union(L1, [Y|L2], L3)``
after the head's ``[Y|L2]``) instead of building the term again.  Each clause
must answer as the same clause with its head arguments unified in the body
(``p(H1, H2) :- H1 = [Y|T], ...``: nothing to pass on), in clause functions
and in switches.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_runtime import _answers, _plain_and_switched

HEADS = ["[Y|T]", "f(Y)", "g(Y, T)", "Y", "a", "[T|Y]"]
ARGUMENTS = ["[Y|T]", "f(Y)", "g(Y, T)", "g(T, Y)", "[T|Y]", "Y", "f(T)", "T"]
CALLS = ["p(A, B)", "p([1|Z], B)", "p(f(C), g(C, D))", "p(A, A)", "p(g(1, 2), [3|X])"]
CALLS += ["p([a, b], f(b))", "p(f(A), B)", "p(g(A, B), g(B, A))"]
RELATION = "r(X, X).\nr([1|_], _).\nr(f(2), g(2, 3)).\nr(g(A, B), [B|A]).\n"


@st.composite
def clause_pairs(draw) -> tuple[str, str]:
    program, reference = [RELATION], [RELATION]
    for _ in range(draw(st.integers(1, 3))):
        h1, h2 = draw(st.sampled_from(HEADS)), draw(st.sampled_from(HEADS))
        b1, b2 = draw(st.sampled_from(ARGUMENTS)), draw(st.sampled_from(ARGUMENTS))
        tail = draw(st.sampled_from(["", ", r({b2}, {b1})", ", !"])).format(b1=b1, b2=b2)
        program.append(f"p({h1}, {h2}) :- r({b1}, {b2}){tail}.")
        reference.append(f"p(H1, H2) :- H1 = {h1}, H2 = {h2}, r({b1}, {b2}){tail}.")
    return "\n".join(program), "\n".join(reference)


@settings(max_examples=20, deadline=None)
@given(clause_pairs())
def test_head_arguments_passed_on_answer_as_terms_built_anew(pair) -> None:
    from symlearn.kb import loads

    program, reference = pair
    _, _, expected, found = _plain_and_switched(loads(reference), CALLS, _answers)
    _, _, plain, switched = _plain_and_switched(loads(program), CALLS, _answers)
    assert plain == switched == expected == found, program
