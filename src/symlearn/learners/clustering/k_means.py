r"""k-means clustering (``symlearn learn k-means``).

Given instances x_1 ... x_n in R^m, a distance d and the mean mu: select k
initial centres f_1 ... f_k; then repeat until the clusters are stable: each
instance joins the cluster of its nearest centre,
``c_j = {x_i | d(x_i, f_j) <= d(x_i, f_l) for all l}``, and each centre moves to
the mean of its cluster, ``f_j = (1/|c_j|) sum_{x in c_j} x`` (Witten &
Frank, *Data Mining*, section 4.8, "Iterative distance-based clustering";
Lloyd 1982; MacQueen 1967).  d is the Euclidean distance of
:mod:`~symlearn.learners.clustering.space` (numbers min-max normalised,
nominal values 0 or 1 apart).

Details a result depends on:

* **initial centres** (``--init``): ``random`` (the default, as the notes
  have it: k distinct instances drawn with ``--seed``), ``first`` (the first k
  distinct instances, for a trace by hand) or ``k-means++`` (Arthur &
  Vassilvitskii 2007: each next centre drawn with probability proportional to
  its squared distance from the nearest centre chosen);
* **ties**: an instance equally near two centres joins the first;
* **stability**: the loop stops when no instance changes cluster (the new
  centres are then the means of the clusters), or after
  ``--max-iterations`` (300) with a warning;
* **an empty cluster** (its centre is nobody's nearest): scikit-learn's
  convention, which keeps k clusters: its new centre is the instance
  farthest from the centre of its own cluster (several empty clusters take
  the farthest instances in turn), and that instance's old cluster mean is
  computed without it.  The instance joins the new cluster at the next
  assignment.

Distances are computed as ``|f|^2 - 2 x.f`` (the ``|x|^2`` term is the same
for every centre), as scikit-learn computes them, so that both choose alike.

Functions
---------
k_means, initial_centres

Examples
--------
>>> x = np.array([[1.0, 1.0], [1.5, 2.0], [3.0, 4.0], [5.0, 7.0], [3.5, 5.0], [4.5, 5.0]])
>>> run = k_means(x, x[[0, 3]])
>>> run.labels.tolist(), run.centres.round(3).tolist(), run.iterations
([0, 0, 0, 1, 1, 1], [[1.833, 2.333], [4.333, 5.667]], 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

import numpy as np

from symlearn.errors import InvalidParameterError
from symlearn.learners.clustering.results import ClusteringRun, ClusteringSettings, prepared
from symlearn.learners.clustering.space import nearest
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.terms import Term

__all__ = [
    "INITIALISATIONS",
    "SETTINGS",
    "KMeansResult",
    "KMeansRun",
    "KMeansSettings",
    "initial_centres",
    "k_means",
    "learn",
]

Progress = Callable[[str, int, "int | None"], None]

#: The ways of choosing the initial centres.
INITIALISATIONS = ("random", "first", "k-means++")


@dataclass(frozen=True, eq=False)
class KMeansResult:
    """The outcome of :func:`k_means`.

    Attributes
    ----------
    labels
        Each instance's cluster (the nearest final centre).
    centres
        The final centres, one row per cluster.
    initial
        The centres the loop started from.
    iterations
        Assignment steps made.
    converged
        True when the last step changed no instance's cluster.
    trace
        Per iteration: the sum of squared distances of the instances to the
        centres they were assigned to, and how many instances changed cluster.
    relocated
        Per iteration, the clusters found empty (and given a new centre).
    """

    labels: np.ndarray
    centres: np.ndarray
    initial: np.ndarray
    iterations: int
    converged: bool
    trace: tuple[tuple[float, int], ...]
    relocated: tuple[tuple[int, ...], ...]

    def sse(self, x: np.ndarray) -> float:
        """The sum of squared distances of the instances to their clusters' centres."""
        return float(((x - self.centres[self.labels]) ** 2).sum())


def _sums(x: np.ndarray, labels: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Each cluster's sum of instances and its size."""
    counts = np.bincount(labels, minlength=k)
    if x.shape[1] <= 16:  # few columns: one weighted count per column
        columns = [np.bincount(labels, weights=column, minlength=k) for column in x.T]
        return np.stack(columns, axis=1), counts
    return np.stack([x[labels == j].sum(axis=0) for j in range(k)]), counts


def _relocate(
    x: np.ndarray,
    old: np.ndarray,
    labels: np.ndarray,
    sums: np.ndarray,
    counts: np.ndarray,
) -> tuple[int, ...]:
    """Give each empty cluster the instance farthest from its own centre (module docstring)."""
    empty = np.flatnonzero(counts == 0)
    if empty.size == 0:
        return ()
    distances = ((x - old[labels]) ** 2).sum(axis=1)
    farthest = np.argsort(-distances, kind="stable")[: empty.size]
    for cluster, row in zip(empty.tolist(), farthest.tolist()):
        own = labels[row]
        sums[own] -= x[row]
        counts[own] -= 1
        sums[cluster] = x[row]
        counts[cluster] = 1
    return tuple(empty.tolist())


def k_means(
    x: np.ndarray,
    centres: np.ndarray,
    *,
    max_iterations: int = 300,
    progress: Progress | None = None,
) -> KMeansResult:
    """Lloyd's k-means from the given initial ``centres`` (see the module docstring).

    Parameters
    ----------
    x
        The instances, one row each.
    centres
        The k initial centres, one row each.
    max_iterations
        The most assignment steps.
    progress
        Called as ``progress("k-means: iterations", i, max_iterations)``.

    References
    ----------
    Witten & Frank, *Data Mining*, section 4.8; Lloyd (1982), "Least squares
    quantization in PCM".
    """
    from threadpoolctl import threadpool_limits

    x = np.asarray(x, dtype=np.float64)
    start = np.array(centres, dtype=np.float64)
    with threadpool_limits(1, user_api="blas"):  # waking BLAS's threads costs more than a step
        return _lloyd(x, start, max_iterations, progress)


def _lloyd(
    x: np.ndarray, start: np.ndarray, max_iterations: int, progress: Progress | None
) -> KMeansResult:
    current = start.copy()
    k = current.shape[0]
    labels = np.full(x.shape[0], -1, dtype=np.int64)
    squares = float((x * x).sum())  # sum |x|^2: the part of every distance no centre changes
    trace: list[tuple[float, int]] = []
    relocated: list[tuple[int, ...]] = []
    converged = False
    iterations = 0
    for iterations in range(1, max_iterations + 1):
        new_labels, closest = nearest(x, current, scores=True)
        changed = int((new_labels != labels).sum())
        trace.append((max(squares + float(closest.sum()), 0.0), changed))
        labels = new_labels
        sums, counts = _sums(x, labels, k)
        relocated.append(_relocate(x, current, labels, sums, counts))
        current = sums / counts[:, None]
        if progress is not None:
            progress("k-means: iterations", iterations, max_iterations)
        if changed == 0:
            converged = True
            break
    if not converged:  # the clusters of the final centres
        labels = nearest(x, current)
    return KMeansResult(
        labels, current, start, iterations, converged, tuple(trace), tuple(relocated)
    )


def _first_distinct(x: np.ndarray, order: np.ndarray, k: int) -> list[int]:
    """The first ``k`` rows of ``order`` that differ from every row taken before.

    Fewer when there are fewer distinct rows (then all of them, in ``order``).
    """
    chosen: list[int] = []
    seen: set[bytes] = set()
    for i in order.tolist():
        key = x[i].tobytes()
        if key not in seen:
            seen.add(key)
            chosen.append(i)
            if len(chosen) == k:
                break
    return chosen


def initial_centres(x: np.ndarray, k: int, how: str = "random", seed: int = 0) -> np.ndarray:
    """The positions of the k instances chosen as initial centres.

    Parameters
    ----------
    x
        The instances.
    k
        How many centres.
    how
        ``"random"`` (instances drawn with ``seed``, an instance equal to one
        already drawn skipped), ``"first"`` (the first k distinct instances)
        or ``"k-means++"``.
    seed
        The random seed.

    Raises
    ------
    InvalidParameterError
        When k is below 1 or above the number of distinct instances.

    Examples
    --------
    >>> x = np.array([[0.0], [0.0], [1.0], [5.0]])
    >>> initial_centres(x, 2, "first").tolist()
    [0, 2]
    """
    if how not in INITIALISATIONS:
        raise InvalidParameterError(f"--init must be one of {', '.join(INITIALISATIONS)}")
    n = x.shape[0]
    if k < 1:
        raise InvalidParameterError(f"--k {k}: at least one cluster is needed")
    if k > n:
        raise InvalidParameterError(f"--k {k} is larger than the data: {n} instances")
    rng = np.random.default_rng(seed)
    order = np.arange(n) if how == "first" else rng.permutation(n)
    chosen = _first_distinct(x, order, k)
    if len(chosen) < k:
        distinct = len(_first_distinct(x, order, n))
        raise InvalidParameterError(
            f"--k {k} is larger than the data: {n} instances, but only {distinct} "
            "distinct ones (k centres must differ)"
        )
    if how == "k-means++":
        return _k_means_plus_plus(x, k, rng)
    return np.array(sorted(chosen) if how == "random" else chosen, dtype=np.int64)


def _k_means_plus_plus(x: np.ndarray, k: int, rng: np.random.Generator) -> np.ndarray:
    """Arthur & Vassilvitskii's seeding: each next centre drawn by squared distance (D^2).

    An instance equal to a centre chosen is at distance 0 and is never drawn
    again (there are at least k distinct instances).
    """
    chosen = [int(rng.integers(x.shape[0]))]
    nearest_squared = ((x - x[chosen[0]]) ** 2).sum(axis=1)
    for _ in range(1, k):
        pick = int(rng.choice(x.shape[0], p=nearest_squared / nearest_squared.sum()))
        chosen.append(pick)
        nearest_squared = np.minimum(nearest_squared, ((x - x[pick]) ** 2).sum(axis=1))
    return np.array(chosen, dtype=np.int64)


# -- the learner protocol ----------------------------------------------------------------

SUMMARY = "k-means: k clusters around their means (Lloyd's iterations from k initial centres)."
EXAMPLE = "symlearn learn k-means kb/iris.pl --k 3"
TABLES = True
UNSUPERVISED = True


@dataclass(frozen=True)
class KMeansSettings(ClusteringSettings):
    """What ``symlearn learn k-means`` can be told (see the module docstring)."""

    ALGORITHM: ClassVar[str] = "k-means"

    init: str = option(
        "random",
        key="init",
        choices=INITIALISATIONS,
        help="Initial centres: k random instances, the first k, or k-means++.",
    )
    max_iterations: int = option(
        300, key="max_iterations", minimum=1, help="The most assignment steps."
    )


SETTINGS = KMeansSettings


@dataclass(eq=False)
class KMeansRun(ClusteringRun):
    """k-means' clusters (see :class:`~symlearn.learners.clustering.results.ClusteringRun`)."""

    result: KMeansResult | None = None
    initial_rows: tuple[int, ...] = ()

    @property
    def model(self) -> KMeansResult:
        """The k-means outcome."""
        assert self.result is not None
        return self.result

    def assign(self, rows: np.ndarray) -> np.ndarray:
        """The nearest centre of each point."""
        return nearest(rows, self.model.centres)

    def classification_extra(self, values: Sequence[Term]) -> dict[str, Any]:
        """The distance to each centre."""
        row = self.points.rows([values])[0]
        distances = np.sqrt(((self.model.centres - row) ** 2).sum(axis=1))
        return {"distances": distances.tolist()}

    def model_dict(self) -> dict[str, Any]:
        """``centroids``, the initial centres, iterations and the per-iteration trace."""
        m = self.model
        texts = self.points.texts
        return {
            "centroids": [self.points.centroid_values(c) for c in m.centres],
            "initial_centres": [texts[i] for i in self.initial_rows],
            "iterations": m.iterations,
            "converged": m.converged,
            "trace": [
                {"iteration": i, "sse": sse, "changed": changed, "relocated": list(moved)}
                for i, ((sse, changed), moved) in enumerate(zip(m.trace, m.relocated), 1)
            ],
        }

    def header(self) -> str:
        """The first report line, with the initialisation and the iterations."""
        m = self.model
        init = cast(KMeansSettings, self.settings).init
        how = f"initial centres {init}"
        if init != "first":
            how += f", seed {self.settings.seed}"
        state = "stable" if m.converged else "not stable"
        return f"{super().header()} ({how}; {m.iterations} iterations, {state})"

    def cluster_lines(self, cluster: int) -> list[str]:
        """The cluster's size and members, then its centroid."""
        values = self.points.centroid_values(self.model.centres[cluster])
        return [*super().cluster_lines(cluster), f"%   centroid: {centroid_text(values)}"]


def centroid_text(values: dict[str, float]) -> str:
    """A centroid for reading: numbers, and each nominal attribute's most common value."""
    shown: dict[str, str] = {}
    best: dict[str, tuple[float, str]] = {}
    for name, value in values.items():
        attribute, equals, nominal = name.partition("=")
        if not equals:
            shown[attribute] = f"{attribute}={value:.4g}"
        elif attribute not in best or value > best[attribute][0]:
            best[attribute] = (value, nominal)
            shown[attribute] = f"{attribute}={nominal} ({value:.2f})"
    return " ".join(shown.values())


def learn(
    task: LearningTask,
    settings: KMeansSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> KMeansRun:
    """Cluster the task's instances by k-means (see the module docstring).

    Raises
    ------
    InvalidParameterError
        When ``--k`` is larger than the number of (distinct) instances.
    """
    settings = settings if settings is not None else KMeansSettings.from_task(task)
    given = prepared(task, settings)
    x = given.points.matrix
    rows = initial_centres(x, settings.k, settings.init, settings.seed)
    if log is not None:
        log(1, f"% initial centres: instances {', '.join(str(r + 1) for r in rows.tolist())}")
    result = k_means(x, x[rows], max_iterations=settings.max_iterations, progress=progress)
    warnings: tuple[str, ...] = ()
    if not result.converged:
        warnings = (f"k-means stopped after {result.iterations} iterations, not yet stable",)
    return KMeansRun(
        "k-means",
        task,
        settings,
        given.points,
        result.labels,
        settings.k,
        given.test,
        warnings,
        result,
        tuple(rows.tolist()),
    )
