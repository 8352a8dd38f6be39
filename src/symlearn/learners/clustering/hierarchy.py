r"""Agglomerative clustering: merge the two closest clusters until one is left.

Given instances x_1 ... x_n and a similarity of clusters: start with one
cluster per instance; while more than one cluster is left, merge the two
most similar ones (Witten & Frank, *Data Mining*, section 6.6; the course
notes' algorithm).  Similarity is read as distance here (the Euclidean
distance d of :mod:`~symlearn.learners.clustering.space`), and the linkage
says how far apart two clusters u and v are:

* ``single``: the distance of their closest members, ``min d(x, y)``;
* ``complete``: the distance of their farthest members, ``max d(x, y)``;
* ``average`` (group average, as the notes and Witten & Frank define it):
  the average distance between the members of the merged cluster,
  ``S(u u v) = 1/(|c|(|c| - 1)) sum_{x in c} sum_{y in c, y != x} d(x, y)``
  for ``c = u u v``, pairs within u and within v included;
* ``upgma`` (average link, Sokal & Michener's UPGMA, scipy's ``average``):
  the average distance between a member of u and a member of v.

A cluster's distance to a merged one is computed from its distances to the
two merged (the Lance-Williams updates: ``min``, ``max``, the size-weighted
mean; for the group average, from the sums of distances within and between
clusters).  Which pair merges is found as scipy finds it, so that equally
close pairs (ties) are resolved as ``scipy.cluster.hierarchy.linkage``
resolves them (the same merges and heights, to the last bit):

* single link: the edges of a minimum spanning tree (Prim's algorithm),
  shortest first;
* complete link and UPGMA: the nearest-neighbour chain (Müllner 2011,
  "Modern hierarchical, agglomerative clustering algorithms", section 3.2).
  Both linkages are reducible (a merged cluster is no nearer to any other
  than the nearer of its parts), so merging mutual nearest neighbours in
  any order gives the hierarchy of "merge the closest pair" (without ties,
  the same one; with ties, one of the hierarchies the definition allows,
  which need not be the one a left-to-right search for the closest pair
  would give);
* the group average (Witten & Frank's) is not reducible (nor monotone: a
  merge may be lower than the one before it), so it is merged by the
  generic algorithm with a nearest-neighbour list (Müllner 2011, section
  3.1): each cluster remembers its nearest other cluster; after a merge
  only the clusters whose nearest neighbour took part are searched again.
  Of equally close pairs, the one whose first cluster was formed earliest
  (an instance before a merged cluster, lower numbers first) merges first;
  scipy has no such linkage.

Clusters are numbered as scipy numbers them: the instances 0 ... n - 1, the
cluster made by merge i is n + i.  :class:`Hierarchy` holds the merges and
cuts the tree into k clusters by undoing the last k - 1 merges.

Functions
---------
agglomerate, Hierarchy

Examples
--------
>>> x = np.array([[0.0], [1.0], [5.0], [7.0]])
>>> tree = agglomerate(x, "single")
>>> tree.merges.tolist()
[[0.0, 1.0, 1.0, 2.0], [2.0, 3.0, 2.0, 2.0], [4.0, 5.0, 4.0, 4.0]]
>>> agglomerate(x, "complete").heights.tolist(), agglomerate(x, "upgma").heights.tolist()
([1.0, 2.0, 7.0], [1.0, 2.0, 5.5])
>>> agglomerate(x, "average").heights.tolist()  # (1 + 5 + 7 + 4 + 6 + 2) / 6
[1.0, 2.0, 4.166666666666667]
>>> tree.cut(2).tolist()
[0, 0, 1, 1]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from symlearn.errors import InvalidParameterError, ResourceLimitError

__all__ = ["LINKAGES", "Hierarchy", "agglomerate", "distance_matrix"]

Progress = Callable[[str, int, "int | None"], None]

#: The linkages (see the module docstring).
LINKAGES = ("single", "complete", "average", "upgma")

#: The linkages merged along a nearest-neighbour chain (they are reducible; see the docstring).
CHAINED = ("complete", "upgma")

#: Most instances whose distance matrix is built (8 bytes each, n squared).
MAX_INSTANCES = 30_000


@dataclass(frozen=True, eq=False)
class Hierarchy:
    """A binary tree of merges over n instances.

    Attributes
    ----------
    merges
        One row per merge, in merge order: the two clusters merged (the
        lower number first), the height (distance) of the merge and the size
        of the new cluster; the cluster made by row i is numbered n + i.
    n
        The number of instances.
    """

    merges: np.ndarray
    n: int

    @property
    def heights(self) -> np.ndarray:
        """The height of each merge."""
        return self.merges[:, 2]

    def children(self, cluster: int) -> tuple[int, int] | None:
        """The two clusters merged into ``cluster`` (None for an instance)."""
        if cluster < self.n:
            return None
        a, b = self.merges[cluster - self.n, :2]
        return int(a), int(b)

    def leaves(self, cluster: int) -> list[int]:
        """The instances of ``cluster``, left to right."""
        out: list[int] = []
        stack = [cluster]
        while stack:
            top = stack.pop()
            pair = self.children(top)
            if pair is None:
                out.append(top)
            else:
                stack += [pair[1], pair[0]]
        return out

    @property
    def root(self) -> int:
        """The cluster of every instance."""
        return self.n + len(self.merges) - 1 if len(self.merges) else 0

    def order(self) -> list[int]:
        """The instances in the order a dendrogram draws them (no crossing lines)."""
        return self.leaves(self.root)

    def cut(self, k: int) -> np.ndarray:
        """The clusters left after the first n - k merges, numbered by their first instance.

        Raises
        ------
        InvalidParameterError
            When ``k`` is not between 1 and n.
        """
        if not 1 <= k <= self.n:
            raise InvalidParameterError(f"--k {k}: the hierarchy has {self.n} instances")
        parent = np.arange(self.n + len(self.merges))
        for i, (a, b) in enumerate(self.merges[: self.n - k, :2].astype(np.int64).tolist()):
            parent[a] = parent[b] = self.n + i
        top = parent.copy()
        for cluster in range(len(parent) - 1, -1, -1):  # a parent is numbered above its children
            top[cluster] = top[parent[cluster]] if parent[cluster] != cluster else cluster
        roots = top[: self.n]
        _, first = np.unique(roots, return_index=True)
        numbering = {int(roots[i]): c for c, i in enumerate(np.sort(first).tolist())}
        return np.array([numbering[int(r)] for r in roots.tolist()], dtype=np.int64)


def distance_matrix(x: np.ndarray) -> np.ndarray:
    """The Euclidean distances between the rows of ``x``, as a square matrix.

    Raises
    ------
    ResourceLimitError
        For more than :data:`MAX_INSTANCES` rows (checked before allocating).
    """
    n = x.shape[0]
    if n > MAX_INSTANCES:
        raise ResourceLimitError(
            f"{n} instances need a {n}x{n} distance matrix ({8 * n * n / 1e9:.1f} GB); "
            f"hierarchical clustering here takes at most {MAX_INSTANCES} instances"
        )
    from scipy.spatial.distance import pdist, squareform

    return squareform(pdist(x, "euclidean")) if n > 1 else np.zeros((n, n))


class _Linkage:
    """The distances between the current clusters, kept up to date over merges.

    ``table`` holds the linkage distances (single, complete, UPGMA) or, for
    the group average, the sums of distances between clusters; ``rows``
    gives linkage distances either way.
    """

    def __init__(self, distances: np.ndarray, method: str) -> None:
        self.method = method
        self.table = distances
        n = distances.shape[0]
        self.size = np.ones(n, dtype=np.float64)
        self.within = np.zeros(n)  # the group average's sum of distances inside each cluster
        self.active = np.ones(n, dtype=bool)
        np.fill_diagonal(self.table, np.inf)

    def rows(self, which: np.ndarray) -> np.ndarray:
        """The linkage distances from clusters ``which`` to every cluster (inf: none)."""
        block = self.table[which]
        if self.method != "average":
            return block
        pairs = self.size[which][:, None] + self.size[None, :]
        total = self.within[which][:, None] + self.within[None, :] + block
        with np.errstate(invalid="ignore"):
            return total / (pairs * (pairs - 1.0) / 2.0)

    def merge(self, a: int, b: int) -> None:
        """Merge cluster ``b`` into ``a`` (slot ``b`` is retired)."""
        ta, tb, na, nb = self.table[a], self.table[b], self.size[a], self.size[b]
        if self.method == "single":
            new = np.minimum(ta, tb)
        elif self.method == "complete":
            new = np.maximum(ta, tb)
        elif self.method == "upgma":
            new = (na * ta + nb * tb) / (na + nb)
        else:  # sums of distances between clusters add up
            self.within[a] += self.within[b] + ta[b]
            new = ta + tb
        # retired clusters' entries are inf in both rows, so they stay inf
        self.table[a, :] = new
        self.table[:, a] = new
        self.table[a, a] = np.inf
        self.table[b, :] = np.inf
        self.table[:, b] = np.inf
        self.size[a] = na + nb
        self.active[b] = False


def agglomerate(x: np.ndarray, linkage: str, *, progress: Progress | None = None) -> Hierarchy:
    """Agglomerative clustering of the rows of ``x`` (see the module docstring).

    Parameters
    ----------
    x
        The instances, one row each.
    linkage
        One of :data:`LINKAGES`.
    progress
        Called as ``progress("agglomerative: merges", done, n - 1)``.

    Raises
    ------
    InvalidParameterError
        For an unknown linkage.
    ResourceLimitError
        For too many instances (see :func:`distance_matrix`).

    References
    ----------
    Witten & Frank, *Data Mining*, section 6.6; Müllner (2011), section 3.1.
    """
    if linkage not in LINKAGES:
        raise InvalidParameterError(f"--linkage must be one of {', '.join(LINKAGES)}")
    n = x.shape[0]
    state = _Linkage(distance_matrix(np.asarray(x, dtype=np.float64)), linkage)
    if linkage == "single":
        return _single_linkage(state.table, n, progress)
    if linkage in CHAINED:
        return _nearest_neighbour_chain(state, n, progress)
    ids = np.arange(n)  # the cluster number in each slot
    nearest = np.zeros(n, dtype=np.int64)
    closest = np.full(n, np.inf)
    if n > 1:  # between single instances every linkage is the distance
        nearest[:] = np.argmin(state.table, axis=1)
        closest[:] = state.table[np.arange(n), nearest]
    merges = np.zeros((max(n - 1, 0), 4))
    for step in range(n - 1):
        a = int(np.argmin(closest))
        b = int(nearest[a])
        height = float(closest[a])
        first, second = sorted((int(ids[a]), int(ids[b])))
        a, b = min(a, b), max(a, b)
        state.merge(a, b)
        merges[step] = (first, second, height, state.size[a])
        ids[a] = n + step
        _refresh(state, a, b, nearest, closest)
        if progress is not None:
            progress("agglomerative: merges", step + 1, n - 1)
    return Hierarchy(merges, n)


def _single_linkage(distances: np.ndarray, n: int, progress: Progress | None) -> Hierarchy:
    """Single link through a minimum spanning tree (Prim), its edges merged shortest first.

    The single-link merges are the edges of a minimum spanning tree, taken
    in increasing length (Gower & Ross 1969); of equal edges, the one found
    first merges first.
    """
    if n < 2:
        return Hierarchy(np.zeros((0, 4)), n)
    in_tree = np.zeros(n, dtype=bool)
    in_tree[0] = True
    reach = distances[0].copy()  # each instance's distance to the tree
    via = np.zeros(n, dtype=np.int64)  # and the tree instance it is nearest to
    reach[0] = np.inf
    edges = np.zeros((n - 1, 3))
    for step in range(n - 1):
        added = int(np.argmin(reach))
        edges[step] = (via[added], added, reach[added])
        in_tree[added] = True
        reach[added] = np.inf
        row = distances[added]
        closer = (row < reach) & ~in_tree
        reach[closer] = row[closer]
        via[closer] = added
    edges = edges[np.argsort(edges[:, 2], kind="stable")]
    owner = np.arange(n)  # union-find over instances: each set's cluster number
    parent = np.arange(n)
    merges = np.zeros((n - 1, 4))
    size = np.ones(2 * n - 1)
    for step, (u, v, height) in enumerate(edges.tolist()):
        ru, rv = _find(parent, int(u)), _find(parent, int(v))
        first, second = sorted((int(owner[ru]), int(owner[rv])))
        size[n + step] = size[first] + size[second]
        merges[step] = (first, second, height, size[n + step])
        parent[rv] = ru
        owner[ru] = n + step
        if progress is not None:
            progress("agglomerative: merges", step + 1, n - 1)
    return Hierarchy(merges, n)


def _nearest_neighbour_chain(state: _Linkage, n: int, progress: Progress | None) -> Hierarchy:
    """Complete link or UPGMA by the nearest-neighbour chain (Müllner 2011, section 3.2).

    Follow nearest neighbours from the first cluster left until two clusters
    are each other's nearest; merge them; go on from what is left of the
    chain.  A cluster prefers the one before it in the chain among equally
    near ones, otherwise the lowest-numbered slot; the merged cluster takes
    the higher slot of the two.  The merges are then sorted by height (equal
    heights keep their order) and numbered by union-find, as
    ``scipy.cluster.hierarchy.linkage`` does, so ties come out as scipy's.
    """
    table = state.table
    found = np.zeros((max(n - 1, 0), 4))
    chain: list[int] = []
    for step in range(n - 1):
        if not chain:
            chain.append(int(np.flatnonzero(state.active)[0]))
        while True:
            x = chain[-1]
            y = int(np.argmin(table[x]))
            if len(chain) > 1 and not table[x, y] < table[x, chain[-2]]:
                break  # the one before is as near as any: x and it are mutual
            chain.append(y)
        before = chain[-2]
        height = float(table[x, before])
        del chain[-2:]
        low, high = min(x, before), max(x, before)
        found[step] = (low, high, height, state.size[low] + state.size[high])
        state.merge(high, low)  # the merged cluster lives in the higher slot
        if progress is not None:
            progress("agglomerative: merges", step + 1, n - 1)
    found = found[np.argsort(found[:, 2], kind="stable")]
    return Hierarchy(_numbered(found, n), n)


def _numbered(merges: np.ndarray, n: int) -> np.ndarray:
    """Merges of instance slots renumbered: the cluster made by row i is n + i.

    Each row names two slots by an instance in each cluster; the clusters
    those instances are in at that row are looked up by union-find.
    """
    parent = np.arange(2 * n - 1)
    size = np.ones(2 * n - 1)
    out = merges.copy()
    for i, (a, b) in enumerate(merges[:, :2].astype(np.int64).tolist()):
        ra, rb = _find(parent, a), _find(parent, b)
        parent[ra] = parent[rb] = n + i
        size[n + i] = size[ra] + size[rb]
        out[i, 0], out[i, 1], out[i, 3] = min(ra, rb), max(ra, rb), size[n + i]
    return out


def _find(parent: np.ndarray, i: int) -> int:
    """The representative of ``i``'s set (with path halving)."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = int(parent[i])
    return i


def _refresh(state: _Linkage, a: int, b: int, nearest: np.ndarray, closest: np.ndarray) -> None:
    """Update each cluster's nearest neighbour after ``b`` was merged into ``a``.

    A retired cluster has no nearest neighbour (-1) and is infinitely far
    from every other.
    """
    nearest[b], closest[b] = -1, np.inf
    pointed = np.flatnonzero((nearest == a) | (nearest == b))
    if state.method == "single":
        # min(d(k, a), d(k, b)) is the distance k already had to the nearer of the two
        nearest[pointed] = a
        stale = np.array([a])
    else:
        stale = np.append(pointed[pointed != a], a)
    rows = state.rows(stale)
    found = np.argmin(rows, axis=1)
    nearest[stale] = found
    closest[stale] = rows[np.arange(stale.size), found]
    to_new = state.rows(np.array([a]))[0] if state.method == "average" else state.table[a]
    better = to_new < closest  # retired clusters and a itself are at inf
    nearest[better] = a
    closest[better] = to_new[better]
    if not np.isfinite(closest[a]):  # the last cluster
        nearest[a] = -1
