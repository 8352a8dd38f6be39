"""Hypothesis strategies for concept spaces, hypotheses and example sequences."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from symlearn.hypotheses import (
    ANY,
    DNF,
    KCNF,
    BooleanConjunction,
    Conjunction,
    ConjunctionSpace,
)

#: A value no domain holds: instances of the open instance space may take it.
OTHER = "other_value"


@st.composite
def spaces(draw, max_attributes: int = 4, max_values: int = 3, min_values: int = 1):
    n = draw(st.integers(1, max_attributes))
    sizes = draw(st.lists(st.integers(min_values, max_values), min_size=n, max_size=n))
    domains = tuple(tuple(f"v{i}{j}" for j in range(size)) for i, size in enumerate(sizes))
    return ConjunctionSpace("t", tuple(f"a{i}" for i in range(n)), domains)


@st.composite
def conjunctions(draw, space: ConjunctionSpace, allow_empty: bool = True):
    if allow_empty and draw(st.integers(0, 9)) == 0:
        return space.most_specific()
    return Conjunction(tuple(draw(st.sampled_from((*d, ANY))) for d in space.domains))


def instances(space: ConjunctionSpace):
    return st.tuples(*(st.sampled_from(d) for d in space.domains))


@st.composite
def space_and_examples(draw, max_examples: int = 8, consistent: bool | None = None):
    """A space and labelled examples; labels from a target in H when ``consistent``."""
    space = draw(spaces())
    xs = draw(st.lists(instances(space), max_size=max_examples))
    use_target = consistent if consistent is not None else draw(st.booleans())
    if use_target:
        target = draw(conjunctions(space, allow_empty=False))
        examples = [(x, target.covers(x)) for x in xs]
    else:
        examples = [(x, draw(st.booleans())) for x in xs]
    return space, examples


def open_instances(space: ConjunctionSpace):
    """Every instance of the open instance space: each domain plus one outside value."""
    return itertools.product(*((*d, OTHER) for d in space.domains))


@st.composite
def boolean_conjunctions(draw, n: int):
    literals = draw(st.sets(st.tuples(st.integers(0, n - 1), st.booleans()), max_size=n))
    return BooleanConjunction(n, frozenset(literals))


@st.composite
def kcnfs(draw, n: int, k: int = 3):
    clauses = draw(
        st.lists(
            st.sets(st.tuples(st.integers(0, n - 1), st.booleans()), min_size=0, max_size=k),
            max_size=4,
        )
    )
    return KCNF(n, frozenset(frozenset(c) for c in clauses))


@st.composite
def boolean_dnfs(draw, n: int):
    terms = draw(st.lists(boolean_conjunctions(n), max_size=3))
    return DNF.of(terms, n)


@st.composite
def boolean_hypotheses(draw, n: int):
    return draw(st.one_of(boolean_conjunctions(n), kcnfs(n), boolean_dnfs(n)))


def boolean_instances(n: int):
    return itertools.product((False, True), repeat=n)
