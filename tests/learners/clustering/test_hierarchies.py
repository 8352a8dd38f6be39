"""Agglomerative clustering against scipy's linkage and the definitions; divisive clustering."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import ResourceLimitError
from symlearn.learners.clustering import hierarchy
from symlearn.learners.clustering.divisive import coherence, divide
from symlearn.learners.clustering.hierarchy import agglomerate
from symlearn.render.dendrogram import dendrogram_png, dendrogram_svg


def merged_sets(merges: np.ndarray, n: int) -> list[tuple[frozenset[int], float]]:
    """Each merge as (its instances, its height), sorted."""
    members = {i: frozenset([i]) for i in range(n)}
    out = []
    for i, (a, b, height, size) in enumerate(merges.tolist()):
        members[n + i] = members[int(a)] | members[int(b)]
        assert len(members[n + i]) == size
        out.append((members[n + i], height))
    return sorted(out, key=lambda entry: (sorted(entry[0]), entry[1]))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["single", "complete", "upgma"]))
def test_same_merges_and_heights_as_scipy(seed, linkage):
    scipy_hierarchy = pytest.importorskip("scipy.cluster.hierarchy")
    rng = np.random.default_rng(seed)
    x = rng.random((int(rng.integers(2, 40)), int(rng.integers(1, 4))))
    ours = merged_sets(agglomerate(x, linkage).merges, len(x))
    method = "average" if linkage == "upgma" else linkage
    theirs = merged_sets(scipy_hierarchy.linkage(x, method), len(x))
    assert [m for m, _ in ours] == [m for m, _ in theirs]
    assert np.allclose([h for _, h in ours], [h for _, h in theirs], rtol=1e-9, atol=0)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["single", "complete", "upgma"]))
def test_ties_are_broken_as_scipy_breaks_them(seed, linkage):
    """On a small grid most distances tie: the linkage matrix is scipy's, exactly."""
    scipy_hierarchy = pytest.importorskip("scipy.cluster.hierarchy")
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 4, (int(rng.integers(2, 30)), int(rng.integers(1, 3)))).astype(float)
    method = "average" if linkage == "upgma" else linkage
    assert agglomerate(x, linkage).merges.tolist() == scipy_hierarchy.linkage(x, method).tolist()


def _group_average_by_definition(x: np.ndarray) -> list[tuple[frozenset[int], float]]:
    """The notes' algorithm, literally: merge the pair whose union has the least mean distance."""
    d = np.sqrt(((x[:, None] - x[None]) ** 2).sum(axis=2))
    clusters = [frozenset([i]) for i in range(len(x))]
    found = []
    while len(clusters) > 1:
        best = None
        for u, v in itertools.combinations(range(len(clusters)), 2):
            c = sorted(clusters[u] | clusters[v])
            mean = sum(d[i, j] for i in c for j in c if i != j) / (len(c) * (len(c) - 1))
            if best is None or mean < best[0]:
                best = (mean, u, v)
        mean, u, v = best
        found.append((clusters[u] | clusters[v], mean))
        clusters = [c for i, c in enumerate(clusters) if i not in (u, v)] + [found[-1][0]]
    return sorted(found, key=lambda entry: (sorted(entry[0]), entry[1]))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_group_average_is_the_notes_definition(seed):
    rng = np.random.default_rng(seed)
    x = rng.random((int(rng.integers(2, 11)), 2))
    ours = merged_sets(agglomerate(x, "average").merges, len(x))
    expected = _group_average_by_definition(x)
    assert [m for m, _ in ours] == [m for m, _ in expected]
    assert np.allclose([h for _, h in ours], [h for _, h in expected], rtol=1e-9)


def test_the_cut_undoes_the_last_merges():
    x = np.array([[0.0], [0.1], [5.0], [5.2], [9.0]])
    tree = agglomerate(x, "complete")
    assert tree.cut(1).tolist() == [0] * 5
    assert tree.cut(2).tolist() == [0, 0, 1, 1, 1]
    assert tree.cut(3).tolist() == [0, 0, 1, 1, 2]
    assert tree.cut(5).tolist() == [0, 1, 2, 3, 4]
    order = tree.order()  # a dendrogram's order: every cluster of every cut is contiguous
    for k in range(1, 6):
        labels = tree.cut(k)[order].tolist()
        assert all(
            labels.index(c) + labels.count(c) - 1
            == max(i for i, lab in enumerate(labels) if lab == c)
            for c in set(labels)
        )


def test_too_many_instances_is_refused_before_allocating(monkeypatch):
    monkeypatch.setattr(hierarchy, "MAX_INSTANCES", 10)
    with pytest.raises(ResourceLimitError, match="distance matrix"):
        agglomerate(np.zeros((11, 1)), "single")


def test_diana_splits_by_the_splinter_group():
    # 0, 1, 5, 7, 10 on a line: 10 is farthest on average; 7 and then 5 are nearer to it
    x = np.array([[0.0], [1.0], [5.0], [7.0], [10.0]])
    division = divide(x, "complete", "splinter")
    whole, one, two, height = division.splits[0]
    assert whole.tolist() == [0, 1, 2, 3, 4]
    assert one.tolist() == [0, 1] and two.tolist() == [2, 3, 4] and height == 10.0
    assert division.labels(2).tolist() == [0, 0, 1, 1, 1]
    assert len(division.splits) == 4  # down to single instances


def test_coherence_by_linkage():
    x = np.array([[0.0], [1.0], [4.0]])
    d = np.abs(x - x.T)
    assert coherence(d, "single") == 3.0  # the longest spanning-tree edge
    assert coherence(d, "complete") == 4.0  # the diameter
    assert coherence(d, "average") == pytest.approx(8 / 3)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_cutting_spanning_trees_top_down_undoes_single_link(seed):
    rng = np.random.default_rng(seed)
    x = rng.random((int(rng.integers(2, 25)), 2))
    division = divide(x, "single", "mst")
    tree = agglomerate(x, "single")
    for k in range(1, len(x) + 1):
        assert division.labels(k).tolist() == tree.cut(k).tolist()
    heights = sorted(h for *_, h in division.splits)
    assert np.allclose(heights, sorted(tree.heights))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["splinter", "k-means", "mst"]))
def test_every_division_is_a_binary_hierarchy(seed, split):
    rng = np.random.default_rng(seed)
    x = np.round(rng.random((int(rng.integers(2, 20)), 2)) * 3)  # duplicates too
    division = divide(x, "average", split, seed=seed)
    tree = division.hierarchy()
    assert len(tree.merges) == len(x) - 1
    assert sorted(tree.order()) == list(range(len(x)))
    for whole, one, two, _ in division.splits:
        assert sorted([*one.tolist(), *two.tolist()]) == whole.tolist() and one.size and two.size


def test_the_dendrogram_pictures():
    x = np.random.default_rng(0).random((30, 2))
    tree = agglomerate(x, "average")
    labels = [f"p{i}" for i in range(30)]
    svg = dendrogram_svg(tree.merges, labels, clusters=tree.cut(3), title="t")
    assert svg.count("<path") == 29 and ">p0</text>" in svg
    short = dendrogram_svg(tree.merges, labels, max_leaves=5)
    assert short.count("<path") == 4 and "instances)" in short
    png = dendrogram_png(tree.merges, labels, max_leaves=10)
    assert png.startswith(b"\x89PNG")
