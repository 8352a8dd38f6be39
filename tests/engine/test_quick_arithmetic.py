"""The quick arithmetic evaluator gives the general evaluator's value, or leaves the case to it.

:func:`symlearn.engine.arithmetic.evaluate` first tries a quick evaluator for
the common operators on numbers; on random expressions (integers small and
huge, floats, zero divisors, unknown operators, deep left-nested sums) the
value must be the general evaluator's, of the same type, and an error the
same error.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine.arithmetic import PrologThrow, _evaluate, evaluate
from symlearn.engine.runtime import Ref, deref, fresh_ref
from symlearn.logic.terms import Struct

OPERATORS = ["+", "-", "*", "/", "//", "mod", "min", "max", ">>", "/\\", "\\/", "**", "foo"]
LEAVES = st.one_of(
    st.integers(-5, 5),
    st.integers(-(2**70), 2**70),
    st.floats(-1e6, 1e6, allow_nan=False),
    st.sampled_from([0, 0.0, 1e308, "pi", "foo"]),
)


def _bound(term: object) -> Ref:
    ref = fresh_ref()
    ref.value = term
    return ref


EXPRESSIONS = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.builds(lambda op, a, b: Struct(op, (a, b)), st.sampled_from(OPERATORS), inner, inner),
        st.builds(lambda op, a: Struct(op, (a,)), st.sampled_from(["-", "abs", "+"]), inner),
        st.builds(_bound, inner),
    ),
    max_leaves=12,
)


def _outcome(function, term):  # type: ignore[no-untyped-def]
    try:
        value = function(term, deref)
    except PrologThrow as error:
        return ("error", str(error.ball.args[0]))
    return (type(value), value if value == value else "nan")


@settings(max_examples=150, deadline=None)
@given(EXPRESSIONS)
def test_quick_evaluation_is_the_general_one(term):
    general = _outcome(_evaluate, term)
    if general[0] == "error":
        assert _outcome(evaluate, term)[0] == "error"
    else:
        assert _outcome(evaluate, term) == general


def test_a_long_left_nested_sum_is_evaluated_without_recursion():
    term: object = 1
    for n in range(1, 20000):
        term = Struct("+", (term, n))
    assert evaluate(term, deref) == 1 + sum(range(1, 20000))
