r"""Divisive clustering (``symlearn learn divisive``): split the least coherent cluster, top-down.

Given instances X, a cluster coherence ``coh`` and a ``split`` into two:
start with the one cluster X; while some cluster has more than one
instance, split the least coherent cluster in two (the course notes'
algorithm; Witten & Frank, *Data Mining*, section 6.6; Kaufman & Rousseeuw
1990, ch. 6).  Distances are those of
:mod:`~symlearn.learners.clustering.space`; the coherence comes from the
linkage (``--linkage``), the less coherent the larger its distance:

* ``single``: the longest edge of the cluster's minimum spanning tree (the
  smallest similarity in it);
* ``complete`` (the default): the cluster's diameter, its largest distance
  between two instances (the smallest similarity);
* ``average``: the average distance between two of its instances.

``--split`` says how a cluster is split (any clustering into two will do):

* ``splinter`` (the default; DIANA's, Kaufman & Rousseeuw 1990): the
  instance with the largest average distance to the others starts a splinter
  group; then, while some instance is on average farther from the rest than
  from the splinter group, the one for which that difference is largest
  moves to the splinter group;
* ``k-means``: 2-means from two of the cluster's instances drawn with
  ``--seed`` (bisecting k-means, Steinbach et al. 2000);
* ``mst``: cut the longest edge of the cluster's minimum spanning tree (with
  ``single``, this undoes single-link clustering).

Ties go to the cluster made first.  The whole hierarchy is built (``splits``
in the JSON, the dendrogram with ``-o FILE.svg|png``, each split drawn at
its cluster's coherence), unless ``--until-k`` stops it at ``--k`` clusters;
the clusters are the ``--k`` left after the first k - 1 splits.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.task import LearningTask
>>> task = LearningTask.from_kb(loads('''
... instance(p(0)). instance(p(1)). instance(p(5)). instance(p(7)). instance(p(10)).
... '''))
>>> run = learn(task, DivisiveSettings(k=2))
>>> for split in run.model_dict()["splits"][:2]:
...     print(split["into"], round(split["coherence"], 2))
[['p(0)', 'p(1)'], ['p(5)', 'p(7)', 'p(10)']] 1.0
[['p(5)', 'p(7)'], ['p(10)']] 0.5
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, cast

import numpy as np

from symlearn.learners.clustering.agglomerative import HierarchyRun, HierarchySettings
from symlearn.learners.clustering.hierarchy import Hierarchy, distance_matrix
from symlearn.learners.clustering.k_means import k_means
from symlearn.learners.clustering.results import prepared
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask

__all__ = [
    "COHERENCES",
    "SETTINGS",
    "SPLITS",
    "DivisiveRun",
    "DivisiveSettings",
    "coherence",
    "divide",
    "learn",
]

Progress = Callable[[str, int, "int | None"], None]

SUMMARY = "Divisive clustering: split the least coherent cluster in two, top-down."
EXAMPLE = "symlearn learn divisive kb/iris.pl --k 3 -o tree.svg"
TABLES = True
UNSUPERVISED = True
OUTPUT_SUFFIXES = (".pl", ".svg", ".png")
OUTPUT_HELP = "Write the descriptions (.pl) or draw the dendrogram (.svg, .png)."

#: The coherence measures (by linkage).
COHERENCES = ("single", "complete", "average")
#: The ways of splitting a cluster.
SPLITS = ("splinter", "k-means", "mst")


def _spanning_tree(d: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Prim's minimum spanning tree of a distance matrix: each edge's ends and length."""
    m = d.shape[0]
    inside = np.zeros(m, dtype=bool)
    inside[0] = True
    reach, via = d[0].copy(), np.zeros(m, dtype=np.int64)
    reach[0] = np.inf
    ends, starts, lengths = np.zeros(m - 1, np.int64), np.zeros(m - 1, np.int64), np.zeros(m - 1)
    for step in range(m - 1):
        added = int(np.argmin(reach))
        starts[step], ends[step], lengths[step] = via[added], added, reach[added]
        inside[added] = True
        reach[added] = np.inf
        closer = (d[added] < reach) & ~inside
        reach[closer] = d[added][closer]
        via[closer] = added
    return starts, ends, lengths


def coherence(d: np.ndarray, linkage: str) -> float:
    """How incoherent a cluster is, from its distance matrix (0 for one instance).

    Examples
    --------
    >>> d = np.array([[0.0, 1.0, 4.0], [1.0, 0.0, 3.0], [4.0, 3.0, 0.0]])
    >>> coherence(d, "single"), coherence(d, "complete"), coherence(d, "average")
    (3.0, 4.0, 2.6666666666666665)
    """
    m = d.shape[0]
    if m < 2:
        return 0.0
    if linkage == "complete":
        return float(d.max())
    if linkage == "average":
        return float(d.sum() / (m * (m - 1)))
    return float(_spanning_tree(d)[2].max())


def _splinter(d: np.ndarray) -> np.ndarray:
    """DIANA's split: which instances form the splinter group (module docstring)."""
    m = d.shape[0]
    moved = np.zeros(m, dtype=bool)
    to_rest = d.sum(axis=1)  # each instance's summed distance to the rest (itself: 0)
    to_splinter = np.zeros(m)
    barred = np.zeros(m)  # -inf for the instances moved already
    gain, other = np.empty(m), np.empty(m)
    pick = int(np.argmax(to_rest))  # the instance farthest, on average, from the others
    rest = m
    while True:
        moved[pick] = True
        barred[pick] = -np.inf
        rest -= 1
        to_rest -= d[pick]
        to_splinter += d[pick]
        if rest < 2:
            return moved
        # average distance to the rest minus average distance to the splinter group
        np.multiply(to_rest, 1.0 / (rest - 1), out=gain)
        np.multiply(to_splinter, 1.0 / (m - rest), out=other)
        gain -= other
        gain += barred
        pick = int(np.argmax(gain))
        if gain[pick] <= 0:
            return moved


def _mst_cut(d: np.ndarray) -> np.ndarray:
    """Cut the longest edge of the minimum spanning tree: one side of it."""
    starts, ends, lengths = _spanning_tree(d)
    cut = int(np.argmax(lengths))
    m = d.shape[0]
    neighbours: list[list[int]] = [[] for _ in range(m)]
    for i, (a, b) in enumerate(zip(starts.tolist(), ends.tolist())):
        if i != cut:
            neighbours[a].append(b)
            neighbours[b].append(a)
    side = np.zeros(m, dtype=bool)
    stack = [int(ends[cut])]
    side[stack[0]] = True
    while stack:
        for other in neighbours[stack.pop()]:
            if not side[other]:
                side[other] = True
                stack.append(other)
    return side


def _two_means(x: np.ndarray, seed: int) -> np.ndarray:
    """2-means from two distinct instances drawn with ``seed``: the second cluster."""
    distinct = np.unique(x, axis=0, return_index=True)[1]
    if distinct.size < 2:  # identical instances: split off one
        side = np.zeros(x.shape[0], dtype=bool)
        side[-1] = True
        return side
    rng = np.random.default_rng(seed)
    start = np.sort(rng.choice(distinct, size=2, replace=False))
    return k_means(x, x[start]).labels == 1


@dataclass(frozen=True, eq=False)
class Division:
    """The splits of divisive clustering, in order.

    Attributes
    ----------
    splits
        Per split: the instances of the cluster split, of its two parts, and
        its coherence.
    n
        The number of instances.
    """

    splits: tuple[tuple[np.ndarray, np.ndarray, np.ndarray, float], ...]
    n: int

    def labels(self, k: int) -> np.ndarray:
        """The clusters after the first k - 1 splits, numbered by their first instance."""
        labels = np.zeros(self.n, dtype=np.int64)
        for number, (_, _, part, _) in enumerate(self.splits[: k - 1], 1):
            labels[part] = number
        _, first = np.unique(labels, return_index=True)
        renumber = np.empty(int(labels.max()) + 1, dtype=np.int64)
        renumber[labels[np.sort(first)]] = np.arange(first.size)
        return renumber[labels]

    def hierarchy(self) -> Hierarchy:
        """The splits as merges, bottom-up (the last split is the first merge).

        A cluster left unsplit (``until``) has its instances joined at height 0.
        """
        n = self.n
        number: dict[tuple[int, ...], int] = {}
        rows: list[tuple[int, int, float, int]] = []
        parts = {tuple(p.tolist()) for _, one, two, _ in self.splits for p in (one, two)}
        parents = {tuple(w.tolist()) for w, _, _, _ in self.splits}
        for part in sorted(parts - parents) if self.splits else [tuple(range(n))]:
            current = part[0]
            for size, i in enumerate(part[1:], 2):
                rows.append((min(current, i), max(current, i), 0.0, size))
                current = n + len(rows) - 1
            number[part] = current
        for whole, one, two, height in reversed(self.splits):
            a, b = number[tuple(one.tolist())], number[tuple(two.tolist())]
            rows.append((min(a, b), max(a, b), height, whole.size))
            number[tuple(whole.tolist())] = n + len(rows) - 1
        return Hierarchy(np.array(rows, dtype=np.float64).reshape(-1, 4), n)


def divide(
    x: np.ndarray,
    linkage: str = "complete",
    split: str = "splinter",
    *,
    seed: int = 0,
    until: int | None = None,
    progress: Progress | None = None,
) -> Division:
    """Divisive clustering of the rows of ``x`` (see the module docstring).

    Parameters
    ----------
    x
        The instances.
    linkage
        The coherence: ``single``, ``complete`` or ``average``.
    split
        ``splinter``, ``k-means`` or ``mst``.
    seed
        For ``k-means`` splits.
    until
        Stop when there are this many clusters (None: split down to single instances).
    progress
        Called as ``progress("divisive: splits", done, total)``.
    """
    n = x.shape[0]
    d = distance_matrix(np.asarray(x, dtype=np.float64))
    total = n - 1 if until is None else min(until, n) - 1
    made = 0
    # each waiting cluster keeps its own distance matrix: the clusters waiting are
    # disjoint, so together they hold at most the n x n of the whole
    queue = [(-coherence(d, linkage), made, np.arange(n), d)]
    splits: list[tuple[np.ndarray, np.ndarray, np.ndarray, float]] = []
    while queue and len(splits) < total:
        negative, _, members, sub = heapq.heappop(queue)
        if members.size < 2:
            continue
        if members.size == 2:
            side = np.array([True, False])  # what every split makes of two instances
        elif split == "mst":
            side = _mst_cut(sub)
        elif split == "k-means":
            side = _two_means(x[members], seed + len(splits))
        if members.size > 2 and (split == "splinter" or side.all() or not side.any()):
            side = _splinter(sub)
        splits.append((members, members[~side], members[side], -negative))
        for chosen in (~side, side):
            made += 1
            if chosen.sum() < 2:  # a single instance: nothing to split, nothing to keep
                heapq.heappush(queue, (0.0, made, members[chosen], sub[:0, :0]))
                continue
            inner = sub[np.ix_(chosen, chosen)]
            heapq.heappush(queue, (-coherence(inner, linkage), made, members[chosen], inner))
        if progress is not None:
            progress("divisive: splits", len(splits), total)
    return Division(tuple(splits), n)


@dataclass(frozen=True)
class DivisiveSettings(HierarchySettings):
    """What ``symlearn learn divisive`` can be told (see the module docstring)."""

    ALGORITHM: ClassVar[str] = "divisive"

    linkage: str = option(
        "complete",
        key="linkage",
        choices=COHERENCES,
        help="Coherence: the longest spanning-tree edge (single), the diameter (complete) "
        "or the average distance (average).",
    )
    split: str = option("splinter", key="split", choices=SPLITS, help="How a cluster is split.")
    until_k: bool = option(
        False, flag=True, help="Stop at --k clusters instead of splitting down to instances."
    )


SETTINGS = DivisiveSettings


@dataclass(eq=False)
class DivisiveRun(HierarchyRun):
    """The clusters and the splits of divisive clustering."""

    division: Division | None = None

    def model_dict(self) -> dict[str, Any]:
        """``linkage``, ``split`` and ``splits`` (each: the cluster, its two parts, coherence)."""
        assert self.division is not None
        texts = self.points.texts
        settings = cast(DivisiveSettings, self.settings)
        return {
            "linkage": self.linkage,
            "split": settings.split,
            "splits": [
                {
                    "cluster": [texts[i] for i in whole.tolist()],
                    "into": [[texts[i] for i in one.tolist()], [texts[i] for i in two.tolist()]],
                    "coherence": height,
                }
                for whole, one, two, height in self.division.splits
            ],
        }

    def picture_title(self) -> str:
        """The dendrogram's title."""
        split = cast(DivisiveSettings, self.settings).split
        return (
            f"divisive clustering of {self.task.name} ({self.linkage} coherence, {split} splits)"
        )

    def header(self) -> str:
        """The first report line, with the coherence and the split."""
        settings = cast(DivisiveSettings, self.settings)
        return (
            f"% divisive on {self.task.name}: {self.points.n} instances in {self.k} clusters "
            f"({self.linkage} coherence, {settings.split} splits)"
        )


def learn(
    task: LearningTask,
    settings: DivisiveSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> DivisiveRun:
    """Cluster the task's instances top-down (see the module docstring).

    Raises
    ------
    InvalidParameterError
        When ``--k`` is larger than the number of instances.
    ResourceLimitError
        For more instances than a distance matrix may hold.
    """
    settings = settings if settings is not None else DivisiveSettings.from_task(task)
    given = prepared(task, settings)
    division = divide(
        given.points.matrix,
        settings.linkage,
        settings.split,
        seed=settings.seed,
        until=settings.k if settings.until_k else None,
        progress=progress,
    )
    tree = division.hierarchy()
    return DivisiveRun(
        "divisive",
        task,
        settings,
        given.points,
        division.labels(settings.k),
        settings.k,
        given.test,
        (),
        tree,
        division,
    )
