r"""Probability-based clustering by EM (``symlearn learn em-clustering``).

A finite mixture of k clusters: cluster j is chosen with probability p_j, and
then, the attributes being independent within a cluster, each numeric
attribute is drawn from a normal distribution N(mu_ja, sigma_ja^2) and each
nominal attribute from a categorical distribution P_ja(v) (Witten & Frank,
*Data Mining*, section 6.6, "Probability-based clustering", the finite
mixture with several attributes; Dempster, Laird & Rubin 1977).  EM starts
from a guess of the parameters and repeats

* the **expectation** step: each instance's probability of belonging to
  each cluster, ``w_ij = p_j f_j(x_i) / sum_l p_l f_l(x_i)`` with
  ``f_j(x) = prod_a f_ja(x_a)`` over the attributes whose value is known (a
  missing value is left out of the product); and
* the **maximisation** step: the parameters re-estimated from those
  weights, ``p_j = sum_i w_ij / n``,
  ``mu_ja = sum_i w_ij x_ia / sum_i w_ij``,
  ``sigma_ja^2 = sum_i w_ij (x_ia - mu_ja)^2 / sum_i w_ij`` (maximum likelihood,
  each sum over the instances whose value is known), and
  ``P_ja(v) = sum_{i: x_ia = v} w_ij / sum_i w_ij``;

until the log-likelihood ``sum_i log sum_j p_j f_j(x_i)`` (natural log) grows
by less than ``--tolerance`` per instance (Witten & Frank's "negligible
increase"), or ``--max-iterations`` (100) with a warning.

Choices a result depends on: the initial guess (``--init k-means``, the
default, as Weka and scikit-learn start: the clusters of k-means from
``--seed`` taken as certain memberships, then a maximisation step; or
``--init random``: a random cluster for each instance); a standard deviation
is never below ``--min-std`` (Weka's 1e-6, so a cluster of equal values keeps
a density); ``--laplace`` adds one to each value's count of a nominal
attribute (Witten & Frank's Laplace estimator) instead of maximum likelihood.
Numbers are used as they are (not normalised).  Each instance's cluster is
the one it most probably belongs to; a new instance's too.

Functions
---------
expectation, maximisation, expectation_maximisation, Mixture

Examples
--------
>>> numbers = np.array([[0.1], [0.0], [0.2], [5.0], [5.2], [4.9]])
>>> start = Mixture(np.array([0.5, 0.5]), np.array([[0.0], [4.0]]), np.array([[1.0], [1.0]]), ())
>>> fit = expectation_maximisation(numbers, (), start)
>>> fit.model.means.round(3).tolist(), fit.model.priors.tolist(), fit.converged
([[0.1], [5.033]], [0.5, 0.5], True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

import numpy as np

from symlearn.data.attribute_value import Attribute
from symlearn.data.encoded import encode, encode_columns
from symlearn.errors import InvalidParameterError
from symlearn.learners.clustering.k_means import initial_centres, k_means
from symlearn.learners.clustering.results import ClusteringRun, ClusteringSettings, prepared
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "SETTINGS",
    "EMClusteringRun",
    "EMClusteringSettings",
    "EMResult",
    "Mixture",
    "expectation",
    "expectation_maximisation",
    "learn",
    "maximisation",
]

Progress = Callable[[str, int, "int | None"], None]

SUMMARY = "EM clustering: a mixture of normal and categorical distributions, by EM."
EXAMPLE = "symlearn learn em-clustering kb/iris.pl --k 3"
TABLES = True
UNSUPERVISED = True

_LOG_2PI = math.log(2.0 * math.pi)


@dataclass(frozen=True, eq=False)
class Mixture:
    """The parameters of a finite mixture of k clusters.

    Attributes
    ----------
    priors
        p_j, the probability of each cluster.
    means, stds
        Per cluster (rows) and numeric attribute (columns): mu and sigma.
    tables
        Per nominal attribute: a k x |values| matrix of P_ja(v).
    """

    priors: np.ndarray
    means: np.ndarray
    stds: np.ndarray
    tables: tuple[np.ndarray, ...]

    @property
    def k(self) -> int:
        """The number of clusters."""
        return int(self.priors.shape[0])


def _known(numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool]:
    """The numbers with missing values as 0, which are known, and whether all are."""
    known = ~np.isnan(numbers)
    complete = bool(known.all())
    return (numbers if complete else np.where(known, numbers, 0.0)), known, complete


def _joint_logs(model: Mixture, numbers: np.ndarray, codes: Sequence[np.ndarray]) -> np.ndarray:
    """``log p_j + sum_a log f_ja(x_ia)`` for every instance (rows) and cluster (columns)."""
    n, q = numbers.shape
    with np.errstate(divide="ignore"):
        logs = np.tile(np.log(model.priors), (n, 1))
        if q:
            filled, known, complete = _known(numbers)
            scale = 1.0 / model.stds
            for j in range(model.k):
                z = (filled - model.means[j]) * scale[j]
                if not complete:
                    z[~known] = 0.0  # a missing value is left out of the product
                logs[:, j] -= 0.5 * np.einsum("ia,ia->i", z, z)
            normaliser = np.log(model.stds) + 0.5 * _LOG_2PI
            if complete:
                logs -= normaliser.sum(axis=1)[None, :]
            else:
                logs -= known.astype(np.float64) @ normaliser.T
        for table, column in zip(model.tables, codes):
            lookup = np.log(np.column_stack((table, np.ones(model.k))))  # code -1: log 1
            logs += lookup[:, column].T
    return logs


def _log_sum(logs: np.ndarray) -> np.ndarray:
    """``log sum_j exp(logs[:, j])`` per row, without overflow."""
    top = logs.max(axis=1)
    safe = np.where(np.isfinite(top), top, 0.0)
    with np.errstate(divide="ignore"):
        return safe + np.log(np.exp(logs - safe[:, None]).sum(axis=1))


def expectation(
    model: Mixture, numbers: np.ndarray, codes: Sequence[np.ndarray]
) -> tuple[np.ndarray, float]:
    """The E step: each instance's cluster probabilities w_ij, and the log-likelihood.

    Parameters
    ----------
    model
        The current parameters.
    numbers
        The numeric attributes (rows: instances, even with no column; ``nan`` missing).
    codes
        Each nominal attribute's value codes (``-1`` missing).
    """
    logs = _joint_logs(model, numbers, codes)
    total = _log_sum(logs)
    with np.errstate(invalid="ignore"):
        weights = np.exp(logs - total[:, None])
    weights[~np.isfinite(total)] = 1.0 / model.k  # an instance no cluster can explain
    return weights, float(total.sum())


def maximisation(
    weights: np.ndarray,
    numbers: np.ndarray,
    codes: Sequence[np.ndarray],
    sizes: Sequence[int],
    *,
    min_std: float = 1e-6,
    laplace: bool = False,
    previous: Mixture | None = None,
) -> Mixture:
    """The M step: the parameters that maximise the likelihood given the weights w_ij.

    Parameters
    ----------
    weights
        w_ij, one row per instance.
    numbers, codes
        The data (see :func:`expectation`).
    sizes
        The number of values of each nominal attribute.
    min_std
        The smallest standard deviation.
    laplace
        Add one to each nominal value's count.
    previous
        The parameters kept for an attribute no weight reaches (all its
        values missing in a cluster's instances).
    """
    n, k = weights.shape
    priors = weights.sum(axis=0) / n
    q = numbers.shape[1]
    means, stds = np.zeros((k, q)), np.ones((k, q))
    if q:
        filled, known, complete = _known(numbers)
        totals = weights.T @ known.astype(np.float64)  # sum of w_ij over the known values
        reached = totals > 0
        means = (weights.T @ filled) / np.where(reached, totals, 1.0)
        for j in range(k):
            d = filled - means[j]
            if not complete:
                d[~known] = 0.0
            var = (weights[:, j] @ (d * d)) / np.where(reached[j], totals[j], 1.0)
            stds[j] = np.maximum(np.sqrt(var), min_std)
        if previous is not None and not reached.all():
            means[~reached], stds[~reached] = previous.means[~reached], previous.stds[~reached]
    tables = []
    for column, size in zip(codes, sizes):
        known_value = column >= 0
        values = column[known_value]
        counts = np.stack(
            [
                np.bincount(values, weights=weights[known_value, j], minlength=size)
                for j in range(k)
            ]
        ).astype(np.float64)
        if laplace:
            counts += 1.0
        totals_v = counts.sum(axis=1, keepdims=True)
        tables.append(
            np.where(totals_v > 0, counts / np.where(totals_v > 0, totals_v, 1), 1 / size)
        )
    return Mixture(priors, means, stds, tuple(tables))


@dataclass(frozen=True, eq=False)
class EMResult:
    """The outcome of :func:`expectation_maximisation`.

    Attributes
    ----------
    model
        The final parameters.
    weights
        The cluster probabilities of each instance under ``model``.
    log_likelihood
        Under ``model`` (natural log, summed over the instances).
    trace
        The log-likelihood before each maximisation step.
    iterations
        E and M steps made.
    converged
        True when the log-likelihood grew by less than the tolerance.
    initial
        The parameters EM started from.
    """

    model: Mixture
    weights: np.ndarray
    log_likelihood: float
    trace: tuple[float, ...]
    iterations: int
    converged: bool
    initial: Mixture


def expectation_maximisation(
    numbers: np.ndarray,
    codes: Sequence[np.ndarray],
    initial: Mixture,
    *,
    sizes: Sequence[int] | None = None,
    max_iterations: int = 100,
    tolerance: float = 1e-6,
    min_std: float = 1e-6,
    laplace: bool = False,
    progress: Progress | None = None,
) -> EMResult:
    """EM from ``initial``: E and M steps until the log-likelihood stops growing.

    The loop stops when the log-likelihood per instance grows by less than
    ``tolerance`` from one E step to the next.

    References
    ----------
    Witten & Frank, *Data Mining*, section 6.6; Dempster, Laird & Rubin
    (1977), "Maximum likelihood from incomplete data via the EM algorithm".
    """
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1, user_api="blas"):  # waking BLAS's threads costs more than a step
        return _iterate(
            numbers, codes, initial, sizes, max_iterations, tolerance, min_std, laplace, progress
        )


def _iterate(
    numbers: np.ndarray,
    codes: Sequence[np.ndarray],
    initial: Mixture,
    sizes: Sequence[int] | None,
    max_iterations: int,
    tolerance: float,
    min_std: float,
    laplace: bool,
    progress: Progress | None,
) -> EMResult:
    sizes = [t.shape[1] for t in initial.tables] if sizes is None else list(sizes)
    n = numbers.shape[0]
    model = initial
    trace: list[float] = []
    converged = False
    weights, likelihood = expectation(model, numbers, codes)
    iterations = 0
    for iterations in range(1, max_iterations + 1):
        trace.append(likelihood)
        model = maximisation(
            weights, numbers, codes, sizes, min_std=min_std, laplace=laplace, previous=model
        )
        weights, likelihood = expectation(model, numbers, codes)
        if progress is not None:
            progress("em: iterations", iterations, max_iterations)
        if likelihood - trace[-1] < tolerance * max(n, 1):
            converged = True
            break
    return EMResult(model, weights, likelihood, tuple(trace), iterations, converged, initial)


# -- the learner protocol ----------------------------------------------------------------


def _split_columns(
    attributes: Sequence[Attribute], columns: Sequence[np.ndarray]
) -> tuple[np.ndarray, list[np.ndarray]]:
    """The numeric columns as one matrix, and the nominal ones' codes."""
    numeric = [c.astype(np.float64) for a, c in zip(attributes, columns) if a.continuous]
    n = len(columns[0]) if columns else 0
    numbers = np.column_stack(numeric) if numeric else np.zeros((n, 0))
    codes = [c.astype(np.int64) for a, c in zip(attributes, columns) if not a.continuous]
    return numbers, codes


@dataclass(frozen=True)
class EMClusteringSettings(ClusteringSettings):
    """What ``symlearn learn em-clustering`` can be told (see the module docstring)."""

    ALGORITHM: ClassVar[str] = "em-clustering"

    init: str = option(
        "k-means",
        key="init",
        choices=("k-means", "random"),
        help="Initial guess: the clusters of k-means, or a random cluster per instance.",
    )
    max_iterations: int = option(
        100, key="max_iterations", minimum=1, help="The most E and M steps."
    )
    tolerance: float = option(
        1e-6,
        key="tolerance",
        minimum=0,
        help="Stop when the log-likelihood per instance grows by less than this.",
    )
    min_std: float = option(
        1e-6, key="min_std", minimum=0, open_bounds=True, help="The smallest standard deviation."
    )
    laplace: bool = option(
        False, key="laplace", flag=True, help="Laplace estimates for nominal attributes."
    )

    def validate(self) -> None:
        """The tolerance and the smallest standard deviation are finite numbers."""
        super().validate()
        for name in ("tolerance", "min_std"):
            if not math.isfinite(getattr(self, name)):
                raise InvalidParameterError(f"{name} must be a finite number")


SETTINGS = EMClusteringSettings


@dataclass(eq=False)
class EMClusteringRun(ClusteringRun):
    """EM's mixture, with each instance in its most probable cluster."""

    result: EMResult | None = None

    @property
    def fit(self) -> EMResult:
        """The EM outcome."""
        assert self.result is not None
        return self.result

    def probabilities_of(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """Each instance's cluster probabilities (given as encoded columns)."""
        numbers, codes = _split_columns(self.points.data.attributes, columns)
        return expectation(self.fit.model, numbers, codes)[0]

    def assign_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """The most probable cluster of each instance."""
        return np.argmax(self.probabilities_of(columns), axis=1)

    def classification_extra(self, values: Sequence[Term]) -> dict[str, Any]:
        """The instance's probability of each cluster."""
        columns = encode_columns(self.points.data.attributes, [values])
        return {"probabilities": self.probabilities_of(columns)[0].tolist()}

    def model_metrics(self) -> dict[str, Any]:
        """The log-likelihood, of the training and of the held-out instances."""
        found: dict[str, Any] = {"log_likelihood": self.fit.log_likelihood}
        if self.test is not None and self.test.n_examples:
            numbers, codes = _split_columns(self.test.attributes, encode(self.test).columns)
            found["test_log_likelihood"] = expectation(self.fit.model, numbers, codes)[1]
        return found

    def components(self) -> list[dict[str, Any]]:
        """Each cluster's prior and distributions, by attribute."""
        model = self.fit.model
        attributes = self.points.data.attributes
        numeric = [a for a in attributes if a.continuous]
        nominal = [a for a in attributes if not a.continuous]
        out = []
        for j in range(model.k):
            entry: dict[str, Any] = {"prior": float(model.priors[j])}
            for a, attribute in enumerate(numeric):
                entry[attribute.name] = {
                    "mean": float(model.means[j, a]),
                    "std": float(model.stds[j, a]),
                }
            for table, attribute in zip(model.tables, nominal):
                entry[attribute.name] = {
                    format_term(v): float(p) for v, p in zip(attribute.values or (), table[j])
                }
            out.append(entry)
        return out

    def model_dict(self) -> dict[str, Any]:
        """``log_likelihood``, the clusters' distributions, iterations and the trace."""
        fit = self.fit
        return {
            "log_likelihood": fit.log_likelihood,
            "mean_log_likelihood": fit.log_likelihood / max(self.points.n, 1),
            "priors": fit.model.priors.tolist(),
            "components": self.components(),
            "iterations": fit.iterations,
            "converged": fit.converged,
            "trace": [
                {"iteration": i, "log_likelihood": value}
                for i, value in enumerate((*fit.trace, fit.log_likelihood))
            ],
        }

    def header(self) -> str:
        """The first report line, with the start and the log-likelihood."""
        settings = cast(EMClusteringSettings, self.settings)
        fit = self.fit
        state = "converged" if fit.converged else "not converged"
        return (
            f"{super().header()} (start: {settings.init}, seed {settings.seed}; "
            f"{fit.iterations} iterations, {state}; log-likelihood {fit.log_likelihood:.6g})"
        )

    def cluster_lines(self, cluster: int) -> list[str]:
        """The cluster's size and members, then its prior and distributions."""
        component = self.components()[cluster]
        parts = [f"prior {component.pop('prior'):.4g}"]
        for name, value in component.items():
            if "mean" in value and "std" in value and len(value) == 2:
                parts.append(f"{name} ~ N({value['mean']:.4g}, {value['std']:.4g}^2)")
            else:
                best = max(value, key=value.get)
                parts.append(f"{name}={best} ({value[best]:.2f})")
        return [*super().cluster_lines(cluster), "%   " + ", ".join(parts)]


def _initial(
    numbers: np.ndarray,
    codes: Sequence[np.ndarray],
    sizes: Sequence[int],
    labels: np.ndarray,
    k: int,
    settings: EMClusteringSettings,
) -> Mixture:
    """The first guess: a maximisation step from certain memberships ``labels``."""
    weights = np.zeros((labels.shape[0], k))
    weights[np.arange(labels.shape[0]), labels] = 1.0
    return maximisation(
        weights, numbers, codes, sizes, min_std=settings.min_std, laplace=settings.laplace
    )


def learn(
    task: LearningTask,
    settings: EMClusteringSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> EMClusteringRun:
    """Cluster the task's instances by EM over a finite mixture (see the module docstring).

    Raises
    ------
    InvalidParameterError
        When ``--k`` is larger than the number of (distinct) instances.
    """
    settings = settings if settings is not None else EMClusteringSettings.from_task(task)
    given = prepared(task, settings)
    data = given.points.data
    numbers, codes = _split_columns(data.attributes, encode(data).columns)
    sizes = [len(a.values or ()) for a in data.attributes if not a.continuous]
    k = settings.k
    if settings.init == "k-means":
        x = given.points.matrix
        start = k_means(x, x[initial_centres(x, k, "random", settings.seed)]).labels
    else:
        start = np.random.default_rng(settings.seed).integers(k, size=given.points.n)
    if np.bincount(start, minlength=k).min() == 0 and given.points.n >= k:
        raise InvalidParameterError(
            f"--k {k}: the initial guess leaves a cluster empty; try another --seed"
        )
    fit = expectation_maximisation(
        numbers,
        codes,
        _initial(numbers, codes, sizes, start, k, settings),
        sizes=sizes,
        max_iterations=settings.max_iterations,
        tolerance=settings.tolerance,
        min_std=settings.min_std,
        laplace=settings.laplace,
        progress=progress,
    )
    warnings: tuple[str, ...] = ()
    if not fit.converged:
        warnings = (f"EM stopped after {fit.iterations} iterations, not yet converged",)
    if log is not None:
        for i, value in enumerate(fit.trace):
            log(1, f"% iteration {i}: log-likelihood {value:.6g}")
    labels = np.argmax(fit.weights, axis=1)
    return EMClusteringRun(
        "em-clustering", task, settings, given.points, labels, k, given.test, warnings, fit
    )
