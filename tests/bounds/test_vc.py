"""VC dimension: the pruned search against brute force, known results, VC <= log2 |H|."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from symlearn.bounds import spaces
from symlearn.bounds.vc import (
    KNOWN_VC_DIMENSIONS,
    class_vc_dimension,
    is_shattered,
    known_vc_dimension,
    vc_dimension,
)
from symlearn.errors import HypothesisSpaceError, InvalidParameterError


def brute_force_vc(masks, size):
    """The largest set of instance indices on which the masks realise every pattern."""
    best = 0
    for k in range(1, size + 1):
        if any(
            len({tuple(m >> i & 1 for i in subset) for m in masks}) == 2**k
            for subset in itertools.combinations(range(size), k)
        ):
            best = k
        else:
            break
    return best


classes = st.integers(min_value=1, max_value=7).flatmap(
    lambda size: st.tuples(
        st.just(size),
        st.lists(st.integers(min_value=0, max_value=2**size - 1), min_size=1, max_size=40),
    )
)


@given(classes)
def test_search_matches_brute_force(case):
    size, masks = case
    instances = list(range(size))
    hypotheses = [{i for i in instances if m >> i & 1} for m in masks]
    result = vc_dimension(hypotheses, instances)
    assert result.dimension == brute_force_vc(masks, size)
    assert len(result.shattered_set) == result.dimension
    assert is_shattered(result.shattered_set, hypotheses, instances)
    assert result.dimension <= math.log2(len(set(masks)))  # Mitchell 1997, 7.4.2


def test_predicates_and_sets_agree():
    points = list(range(6))
    as_sets = spaces.interval_class(points)
    as_predicates = [lambda x, s=s: x in s for s in as_sets]
    assert vc_dimension(as_sets, points).dimension == vc_dimension(as_predicates, points).dimension


def test_empty_class_is_an_error():
    with pytest.raises(HypothesisSpaceError):
        vc_dimension([], [1, 2])


def test_single_hypothesis_shatters_only_the_empty_set():
    result = vc_dimension([{1}], [1, 2])
    assert (result.dimension, result.shattered_set, result.stopped_by_count) == (0, (), True)


@pytest.mark.parametrize(
    ("name", "n", "r", "expected"),
    [
        ("intervals", 12, 2, 2),
        ("rectangles", 3, 2, 4),
        ("rectangles", 5, 2, 4),
        ("linear-separators", 9, 1, 2),
        ("linear-separators", 4, 2, 3),
        ("linear-separators", 2, 3, 4),
        ("conjunctions", 2, 2, 2),
        ("conjunctions", 3, 2, 3),
        ("conjunctions", 4, 2, 4),
        ("conjunctions", 5, 2, 5),
    ],
)
def test_known_results_confirmed_on_grids(name, n, r, expected):
    result = class_vc_dimension(name, n, r)
    assert result.dimension == expected == int(result.formula)
    assert result.dimension <= result.log2_size
    hypotheses, instances = KNOWN_VC_DIMENSIONS[name].grid(n, r)
    assert is_shattered(result.shattered_set, hypotheses, instances)
    assert "found none" in result.certificate() or "needs" in result.certificate()


def test_known_results_symbolically():
    assert str(known_vc_dimension("linear-separators")) == "r + 1"
    assert str(known_vc_dimension("conjunctions")) == "Max(2, n)"
    assert known_vc_dimension("intervals") == 2
    assert known_vc_dimension("rectangles") == 4


def test_conjunctions_of_one_variable_shatter_both_instances():
    # The four conjunctions over one variable are all four boolean functions.
    assert (
        class_vc_dimension("conjunctions", 1).dimension
        == 2
        == known_vc_dimension("conjunctions", n=1)
    )


def test_too_large_a_grid_is_refused():
    with pytest.raises(InvalidParameterError, match="limited"):
        class_vc_dimension("linear-separators", 10, 3)
    with pytest.raises(InvalidParameterError, match="unknown class"):
        class_vc_dimension("circles", 3)


def test_to_dict():
    data = class_vc_dimension("rectangles", 3).to_dict()
    assert data["vc_dimension"] == 4
    assert len(data["shattered_set"]) == 4
    assert data["formula"] == "4"
    assert data["certificate"]["nodes_searched"] > 0


def test_halfspaces_are_halfspaces():
    # Every set the class returns is cut off by a line: no set with a point strictly
    # inside the convex hull of its complement, checked on the 3 x 3 grid.
    points = spaces.grid(3, 2)
    sets = spaces.halfspace_class(points)
    centre = (1, 1)
    assert not any(centre not in s and all(p in s for p in points if p != centre) for s in sets)
