"""Hypothesis strategies for online-learning tests, and the derived bounds they check."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from symlearn.bounds import derive


def allowed_mistakes(name: str, **values: object) -> int:
    """The largest number of mistakes the derived bound ``name`` allows."""
    return int(derive(name).evaluate(values).values["mistakes"])


#: Weight factors in (0, 1), exact.
betas = st.integers(min_value=1, max_value=19).map(lambda i: Fraction(i, 20))


@st.composite
def boolean_class(draw, max_instances=16, max_size=40):
    """A finite class of boolean functions (bit masks) over ``range(size)`` and a target."""
    size = draw(st.integers(min_value=1, max_value=max_instances))
    masks = draw(
        st.lists(st.integers(min_value=0, max_value=2**size - 1), min_size=1, max_size=max_size)
    )
    target = draw(st.sampled_from(masks))
    return size, masks, target


@st.composite
def conjunction(draw, max_n=8):
    """A conjunction of literals ``{(i, b)}`` over n variables (no contradiction)."""
    n = draw(st.integers(min_value=1, max_value=max_n))
    signs = draw(st.lists(st.sampled_from([None, 0, 1]), min_size=n, max_size=n))
    return n, frozenset((i, b) for i, b in enumerate(signs) if b is not None)


@st.composite
def disjunction(draw, max_n=10):
    """A monotone disjunction of r of n variables (r >= 1)."""
    n = draw(st.integers(min_value=1, max_value=max_n))
    relevant = draw(st.sets(st.integers(min_value=0, max_value=n - 1), min_size=1))
    return n, frozenset(relevant)


def bits(n):
    """Boolean instances of length n."""
    return st.tuples(*[st.integers(min_value=0, max_value=1)] * n)
