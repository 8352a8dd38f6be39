r"""``symlearn learn agglomerative``: a hierarchy of clusters, merged bottom-up.

Every instance starts as a cluster of its own; the two closest clusters are
merged until one is left (Witten & Frank, *Data Mining*, section 6.6; the
algorithm and the linkages are in :mod:`~symlearn.learners.clustering.hierarchy`).
``--linkage`` is ``single`` (the default, as scipy's), ``complete``,
``average`` (the group average of the notes and Witten & Frank: the average
distance within the merged cluster) or ``upgma`` (the average distance
between the two clusters' members: scipy's and scikit-learn's ``average``).

The tree is cut into ``--k`` clusters (the last k - 1 merges undone), which
are described and evaluated like every clusterer's
(:mod:`~symlearn.learners.clustering.results`); the JSON has every merge
(``merges``: the two clusters' instances and the distance, in merge order)
and ``-o FILE.svg`` or ``.png`` draws the dendrogram (the last
``--max-leaves`` - 1 merges when there are more instances).  A new instance
(``--classify``, held-out ones) joins the cluster it is closest to under the
linkage: its nearest member (single), its farthest member (complete), the
group average the cluster would have with it (average), the average distance
to the members (upgma).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.task import LearningTask
>>> task = LearningTask.from_kb(loads('''
... instance(p(0)). instance(p(1)). instance(p(5)). instance(p(7)). instance(p(10)).
... '''))
>>> run = learn(task, AgglomerativeSettings(k=2))
>>> for merge in run.model_dict()["merges"]:
...     print(*merge["clusters"], round(merge["distance"], 2))
['p(0)'] ['p(1)'] 0.1
['p(5)'] ['p(7)'] 0.2
['p(10)'] ['p(5)', 'p(7)'] 0.3
['p(0)', 'p(1)'] ['p(10)', 'p(5)', 'p(7)'] 0.4
>>> run.clauses()
['cluster(p(A), 0) :-\n    A>=0,\n    A=<1.', 'cluster(p(A), 1) :-\n    A>=5,\n    A=<10.']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, cast

import numpy as np

from symlearn.learners.clustering.hierarchy import LINKAGES, Hierarchy, agglomerate
from symlearn.learners.clustering.results import ClusteringRun, ClusteringSettings, prepared
from symlearn.learning.result import check_suffix
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask

__all__ = [
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "AgglomerativeRun",
    "AgglomerativeSettings",
    "HierarchyRun",
    "learn",
]

Progress = Callable[[str, int, "int | None"], None]

SUMMARY = "Agglomerative clustering: merge the closest clusters (single, complete, average link)."
EXAMPLE = "symlearn learn agglomerative kb/iris.pl --linkage complete --k 3 -o tree.svg"
TABLES = True
UNSUPERVISED = True
OUTPUT_SUFFIXES = (".pl", ".svg", ".png")
OUTPUT_HELP = "Write the descriptions (.pl) or draw the dendrogram (.svg, .png)."


@dataclass(frozen=True)
class HierarchySettings(ClusteringSettings):
    """What the hierarchical clusterers share: the linkage and the picture's size."""

    linkage: str = option(
        "single",
        key="linkage",
        choices=LINKAGES,
        help="Cluster distance: single, complete, average (group average of the merged "
        "cluster) or upgma (average between the two).",
    )
    max_leaves: int = option(
        60, minimum=2, help="The dendrogram shows at most this many leaves (the top merges)."
    )


@dataclass(frozen=True)
class AgglomerativeSettings(HierarchySettings):
    """What ``symlearn learn agglomerative`` can be told (see the module docstring)."""

    ALGORITHM: ClassVar[str] = "agglomerative"


SETTINGS = AgglomerativeSettings


@dataclass(eq=False)
class HierarchyRun(ClusteringRun):
    """Clusters cut from a hierarchy, which ``-o .svg/.png`` draws as a dendrogram."""

    hierarchy: Hierarchy | None = None

    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = OUTPUT_SUFFIXES

    @property
    def tree(self) -> Hierarchy:
        """The hierarchy."""
        assert self.hierarchy is not None
        return self.hierarchy

    @property
    def linkage(self) -> str:
        """The linkage of the run."""
        return cast(HierarchySettings, self.settings).linkage

    def assign(self, rows: np.ndarray) -> np.ndarray:
        """The cluster each new point is closest to under the linkage (module docstring)."""
        return closest_clusters(rows, self.points.matrix, self.labels, self.k, self.linkage)

    def picture_title(self) -> str:
        """The dendrogram's title."""
        return f"{self.algorithm} clustering of {self.task.name} ({self.linkage} link)"

    def header(self) -> str:
        """The first report line, with the linkage."""
        return f"{super().header()} ({self.linkage} link; the tree cut at {self.k})"

    def save(self, path: str | Path, *, force: bool = False) -> None:
        """Write the descriptions (``.pl``) or draw the dendrogram (``.svg``, ``.png``)."""
        check_suffix(path, OUTPUT_SUFFIXES)
        if Path(path).suffix.lower() == ".pl":
            super().save(path, force=force)
            return
        from symlearn.render.dendrogram import write_dendrogram

        settings = cast(HierarchySettings, self.settings)
        write_dendrogram(
            self.tree.merges,
            self.points.texts,
            path,
            clusters=self.labels,
            max_leaves=settings.max_leaves,
            title=self.picture_title(),
            inputs=self.task.inputs,
            force=force,
        )
        self.output = str(path)

    def picture_svg(self) -> str | None:
        """The dendrogram as SVG (for notebooks)."""
        from symlearn.render.dendrogram import dendrogram_svg

        settings = cast(HierarchySettings, self.settings)
        return dendrogram_svg(
            self.tree.merges,
            self.points.texts,
            clusters=self.labels,
            max_leaves=settings.max_leaves,
        )


@dataclass(eq=False)
class AgglomerativeRun(HierarchyRun):
    """The clusters and the merges of agglomerative clustering."""

    def model_dict(self) -> dict[str, Any]:
        """``linkage`` and ``merges`` (each: the two clusters' instances, the distance)."""
        texts = self.points.texts
        merges = []
        for a, b, height, size in self.tree.merges.tolist():
            merges.append(
                {
                    "clusters": [
                        [texts[i] for i in self.tree.leaves(int(a))],
                        [texts[i] for i in self.tree.leaves(int(b))],
                    ],
                    "distance": height,
                    "ids": [int(a), int(b)],
                    "size": int(size),
                }
            )
        return {"linkage": self.linkage, "merges": merges}


def closest_clusters(
    rows: np.ndarray, x: np.ndarray, labels: np.ndarray, k: int, linkage: str
) -> np.ndarray:
    """The cluster each of ``rows`` is closest to under ``linkage`` (module docstring)."""
    from scipy.spatial.distance import cdist

    out = np.zeros(rows.shape[0], dtype=np.int64)
    step = max(1, 2_000_000 // max(1, x.shape[0]))
    members = [np.flatnonzero(labels == c) for c in range(k)]
    within = [_within_sum(x[m]) if linkage == "average" else 0.0 for m in members]
    for start in range(0, rows.shape[0], step):
        d = cdist(rows[start : start + step], x)
        scores = np.full((d.shape[0], k), np.inf)
        for c, m in enumerate(members):
            if not m.size:
                continue
            part = d[:, m]
            if linkage == "single":
                scores[:, c] = part.min(axis=1)
            elif linkage == "complete":
                scores[:, c] = part.max(axis=1)
            elif linkage == "upgma":
                scores[:, c] = part.mean(axis=1)
            else:  # the group average of the cluster with the new point
                size = m.size + 1
                scores[:, c] = (within[c] + part.sum(axis=1)) / (size * (size - 1) / 2)
        out[start : start + step] = np.argmin(scores, axis=1)
    return out


def _within_sum(points: np.ndarray) -> float:
    """The sum of the distances between every two of ``points``."""
    from scipy.spatial.distance import pdist

    return float(pdist(points).sum()) if points.shape[0] > 1 else 0.0


def learn(
    task: LearningTask,
    settings: AgglomerativeSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> AgglomerativeRun:
    """Cluster the task's instances bottom-up (see the module docstring).

    Raises
    ------
    InvalidParameterError
        When ``--k`` is larger than the number of instances.
    ResourceLimitError
        For more instances than a distance matrix may hold.
    """
    settings = settings if settings is not None else AgglomerativeSettings.from_task(task)
    given = prepared(task, settings)
    tree = agglomerate(given.points.matrix, settings.linkage, progress=progress)
    labels = tree.cut(settings.k)
    return AgglomerativeRun(
        "agglomerative",
        task,
        settings,
        given.points,
        labels,
        settings.k,
        given.test,
        (),
        tree,
    )
