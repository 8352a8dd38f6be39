"""Expectation maximization for the CPTs of a belief network when values are missing.

Given data with missing values, a space of models and an initial model,
repeat until no change exceeds a threshold: the expectation step (the
expectation over the missing values, given the current model) and the
maximisation step (replace the model by one that maximises the expected
probability of the data) (Dempster, Laird & Rubin 1977; Mitchell 1997, section
6.12.2, the general EM algorithm; Lauritzen 1995 for belief networks).

* **E step**: for every example, the posterior over the completions of its
  missing values under the current CPTs gives *expected counts* of each
  (parent states, state) of each variable.  Completions are enumerated when
  an example has few (at most ``max_completions``); otherwise the posterior of
  each variable's family is computed by variable elimination.  The same step
  gives the log-likelihood of the observed data, sum over examples of
  log P(observed values).
* **M step**: the CPTs are re-estimated from the expected counts with the
  chosen estimator (maximum likelihood, Laplace or m-estimate).

With maximum likelihood the log-likelihood never decreases from one
iteration to the next (Dempster, Laird & Rubin 1977); with Laplace or
m-estimates the quantity that never decreases is the log-likelihood plus the
log of the Dirichlet prior the pseudo-counts stand for,
``sum (m p_x) log theta_ux``, reported as ``objectives``.  The loop stops when
the objective grows by less than ``tolerance`` (absolute) or after
``max_iterations``.

Functions
---------
expectation_maximization

Examples
--------
>>> from symlearn.bayes.networks.data import Dataset
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> structure = BayesianNetwork([boolean_variable("a", (), 0.5),
...                              boolean_variable("b", ("a",), [0.5, 0.5])])
>>> rows = [("true", "true")] * 6 + [("false", "false")] * 3 + [(None, "true")] * 3
>>> result = expectation_maximization(structure, Dataset.from_rows(["a", "b"], rows), seed=1)
>>> result.converged, round(float(result.network["a"].table[1]), 4)
(True, 0.75)
>>> all(b >= a - 1e-12 for a, b in zip(result.log_likelihoods, result.log_likelihoods[1:]))
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.bayes.networks.data import Dataset
from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.parameters import _pseudo_counts, estimate_tables
from symlearn.bayes.networks.variable_elimination import evidence_probability, joint_posterior
from symlearn.errors import InvalidParameterError

__all__ = ["EMResult", "expectation_maximization"]

Progress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True)
class EMResult:
    """The outcome of :func:`expectation_maximization`.

    Attributes
    ----------
    network
        The network with the final CPTs.
    log_likelihoods
        Log-likelihood of the observed data before each iteration and after
        the last (natural log).
    objectives
        Log-likelihood plus log prior (equal to ``log_likelihoods`` for
        maximum likelihood); never decreasing.
    iterations
        M steps done.
    converged
        True when the objective grew by less than the tolerance.
    """

    network: BayesianNetwork
    log_likelihoods: tuple[float, ...]
    objectives: tuple[float, ...]
    iterations: int
    converged: bool

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary (the CPTs under ``cpts``)."""
        return {
            "log_likelihoods": list(self.log_likelihoods),
            "objectives": list(self.objectives),
            "iterations": self.iterations,
            "converged": self.converged,
            "cpts": self.network.to_dict()["cpts"],
        }


def _random_tables(network: BayesianNetwork, rng: np.random.Generator) -> dict[str, np.ndarray]:
    tables = {}
    for name in network.variables:
        shape = network[name].table.shape
        rows = rng.dirichlet(np.ones(shape[-1]), size=int(np.prod(shape[:-1])))
        tables[name] = rows.reshape(shape)
    return tables


def _log_joint(network: BayesianNetwork, full: np.ndarray) -> np.ndarray:
    """Log P(row) for complete rows (shape (n, variables))."""
    total = np.zeros(full.shape[0])
    with np.errstate(divide="ignore"):
        for v, table in enumerate(network._tables):
            index = tuple(full[:, u] for u in (*network._parent_ids[v], v))
            total += np.log(table[index])
    return total


def _add_counts(
    network: BayesianNetwork, counts: list[np.ndarray], full: np.ndarray, weights: np.ndarray
) -> None:
    for v, count in enumerate(counts):
        scope = (*network._parent_ids[v], v)
        flat = np.ravel_multi_index(tuple(full[:, u] for u in scope), count.shape)
        count.reshape(-1)[:] += np.bincount(flat, weights=weights, minlength=count.size)


def _enumerated_step(
    network: BayesianNetwork,
    rows: np.ndarray,
    multiplicity: np.ndarray,
    missing: list[int],
    counts: list[np.ndarray],
) -> float:
    """E step for rows sharing one pattern of missing columns, by enumerating completions."""
    cards = [network._cards[u] for u in missing]
    completions = np.indices(cards).reshape(len(cards), -1).T if missing else np.zeros((1, 0))
    k = completions.shape[0]
    full = np.repeat(rows, k, axis=0)
    if missing:
        full[:, missing] = np.tile(completions, (rows.shape[0], 1))
    log_p = _log_joint(network, full).reshape(rows.shape[0], k)
    peak = log_p.max(axis=1, keepdims=True)
    if np.isneginf(peak).any():
        raise InvalidParameterError(
            "an example has probability 0 under the current parameters (a CPT entry is 0)"
        )
    scaled = np.exp(log_p - peak)
    totals = scaled.sum(axis=1, keepdims=True)
    posterior = scaled / totals
    _add_counts(network, counts, full, (posterior * multiplicity[:, None]).reshape(-1))
    return float(np.sum(multiplicity * (peak[:, 0] + np.log(totals[:, 0]))))


def _eliminated_step(
    network: BayesianNetwork, row: np.ndarray, multiplicity: float, counts: list[np.ndarray]
) -> float:
    """E step for one row with many missing values, by variable elimination per family."""
    names = network.variables
    evidence = {names[u]: network.states(names[u])[row[u]] for u in range(len(row)) if row[u] >= 0}
    p = evidence_probability(network, evidence)
    if not p > 0:
        raise InvalidParameterError("an example has probability 0 under the current parameters")
    for v, count in enumerate(counts):
        scope = (*network._parent_ids[v], v)
        hidden = [u for u in scope if row[u] < 0]
        expected = (
            np.ones(())
            if not hidden
            else joint_posterior(network, [names[u] for u in hidden], evidence)
        )
        index = tuple(slice(None) if row[u] < 0 else int(row[u]) for u in scope)
        count[index] += multiplicity * expected
    return multiplicity * math.log(p)


def _expected_counts(
    network: BayesianNetwork, codes: np.ndarray, max_completions: int
) -> tuple[list[np.ndarray], float]:
    """Expected counts of every family and the log-likelihood of the observed data."""
    counts = [np.zeros(table.shape) for table in network._tables]
    distinct, multiplicity = np.unique(codes, axis=0, return_counts=True)
    patterns: dict[tuple[int, ...], list[int]] = {}
    for i, row in enumerate(distinct):
        patterns.setdefault(tuple(np.flatnonzero(row < 0)), []).append(i)
    log_likelihood = 0.0
    for missing, members in patterns.items():
        rows = distinct[members].copy()
        weights = multiplicity[members].astype(float)
        if math.prod(network._cards[u] for u in missing) <= max_completions:
            log_likelihood += _enumerated_step(network, rows, weights, list(missing), counts)
        else:
            for row, weight in zip(rows, weights):
                log_likelihood += _eliminated_step(network, row, float(weight), counts)
    return counts, log_likelihood


def _log_prior(tables: Mapping[str, np.ndarray], pseudo: Sequence[np.ndarray]) -> float:
    total = 0.0
    for table, alpha in zip(tables.values(), pseudo):
        if alpha.any():
            with np.errstate(divide="ignore", invalid="ignore"):
                terms = np.where(alpha > 0, alpha * np.log(table), 0.0)
            total += float(terms.sum())
    return total


def expectation_maximization(
    network: BayesianNetwork,
    data: Dataset,
    estimator: str = "ml",
    m: float = 1.0,
    prior: Mapping[str, Sequence[float]] | None = None,
    max_iterations: int = 200,
    tolerance: float = 1e-8,
    initial: str = "random",
    seed: int | None = 0,
    max_completions: int = 4096,
    progress: Progress | None = None,
) -> EMResult:
    """Estimate the CPTs of ``network`` from data with missing values (see the module docstring).

    Parameters
    ----------
    network
        The structure (and, with ``initial="network"``, the starting CPTs).
    data
        A column per variable; ``None`` marks a missing value.
    estimator, m, prior
        The M step's estimator (see :mod:`symlearn.bayes.networks.parameters`).
    max_iterations
        At most this many M steps.
    tolerance
        Stop when the objective grows by less than this (absolute, natural log).
    initial
        ``"random"`` (CPT rows drawn uniformly from the simplex with ``seed``)
        or ``"network"`` (the network's own CPTs).
    seed
        Seed for the random start.
    max_completions
        Enumerate the completions of an example with at most this many;
        use variable elimination beyond.
    progress
        Called as ``progress("EM", iteration, max_iterations)``.

    Raises
    ------
    InvalidParameterError
        For bad parameters, unknown states, or an example of probability 0.

    References
    ----------
    Mitchell 1997, section 6.12.2; Dempster, Laird & Rubin 1977; Lauritzen 1995 (EM for
    graphical models); Mitchell 1997, ch. 6.12.
    """
    if initial not in ("random", "network"):
        raise InvalidParameterError(f"initial must be 'random' or 'network', not {initial!r}")
    if max_iterations < 1 or not tolerance >= 0:
        raise InvalidParameterError("max_iterations must be positive and tolerance at least 0")
    codes = data.codes(network)
    pseudo = _pseudo_counts(network, estimator, m, prior)
    if initial == "random":
        network = network.with_tables(_random_tables(network, np.random.default_rng(seed)))
    tables = {name: network[name].table for name in network.variables}
    log_likelihoods: list[float] = []
    objectives: list[float] = []
    converged = False
    iterations = 0
    for iteration in range(max_iterations + 1):
        counts, log_likelihood = _expected_counts(network, codes, max_completions)
        log_likelihoods.append(log_likelihood)
        objectives.append(log_likelihood + _log_prior(tables, pseudo))
        if len(objectives) > 1 and objectives[-1] - objectives[-2] < tolerance:
            converged = True
            break
        if iteration == max_iterations:
            break
        tables = estimate_tables(network, counts, estimator, m, prior)
        network = network.with_tables(tables)
        iterations += 1
        if progress is not None:
            progress("EM", iterations, max_iterations)
    return EMResult(network, tuple(log_likelihoods), tuple(objectives), iterations, converged)
