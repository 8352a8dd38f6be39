"""``sort_terms``'s quick paths (atoms, integers, free variables) against the general sort."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine.control import sort_by_comparison, sort_terms
from symlearn.engine.runtime import Ref, compare_runtime, deref, fresh_ref
from symlearn.logic.terms import PString, Struct

_REFS = [fresh_ref(f"V{i}") for i in range(5)]
_BOUND = fresh_ref("B")
_BOUND.value = "b"
_KINDS = [
    st.sampled_from(["a", "b", "[]", "A", "ab", "", "é"]),
    st.integers(-5, 5) | st.sampled_from([2**70, -(2**70)]),
    st.sampled_from(_REFS),
    st.sampled_from(["a", 1, 1.0, PString("a"), Struct("f", ("a",)), _REFS[0], _BOUND, "[]"]),
]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3).flatmap(lambda k: st.lists(_KINDS[k], max_size=8)), st.booleans())
def test_quick_sorts_agree_with_the_general_sort(items: list[object], unique: bool) -> None:
    quick = sort_terms(items, unique)
    general = sort_by_comparison(items, unique)
    assert len(quick) == len(general)
    for x, y in zip(quick, general):
        assert compare_runtime(x, y) == 0
        x, y = deref(x), deref(y)
        assert type(x) is type(y)
        if type(x) is Ref:
            assert x is y
