"""Learning CPT parameters from complete data: maximum likelihood, Laplace and m-estimates.

When the network structure is known and every variable is observed, the CPT
entries are estimated directly from the training data, as for naive Bayes
(Mitchell 1997, section 6.11.4; Heckerman 1995).  For each
variable X, each combination u of its parents' states and each state x, with
``n_ux`` the number of examples with parents u and X = x and ``n_u`` the
number with parents u:

* **maximum likelihood**: ``n_ux / n_u``;
* **m-estimate**: ``(n_ux + m p) / (n_u + m)``, with prior estimate ``p`` (uniform
  ``1/|X|`` by default) and equivalent sample size ``m``
  (Mitchell 1997, section 6.9, eq. 6.22);
* **Laplace**: the m-estimate with ``m = |X|`` and uniform ``p``, i.e.
  ``(n_ux + 1) / (n_u + |X|)``.

A parent combination never seen leaves ``0 / 0`` for maximum likelihood; its
row is then uniform (any row gives the data the same likelihood).  Counts may
be weighted (expected counts, for EM).

Functions
---------
ESTIMATORS, family_counts, estimate_tables, fit_parameters, log_likelihood

Examples
--------
>>> from symlearn.bayes.networks.data import Dataset
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> structure = BayesianNetwork([boolean_variable("a", (), 0.5),
...                              boolean_variable("b", ("a",), [0.5, 0.5])])
>>> data = Dataset.from_rows(["a", "b"], [("true", "true"), ("true", "false"),
...                                      ("true", "true"), ("false", "false")])
>>> fit_parameters(structure, data)["b"].table.tolist()
[[1.0, 0.0], [0.3333333333333333, 0.6666666666666666]]
>>> fit_parameters(structure, data, "laplace")["b"].table.tolist()
[[0.6666666666666666, 0.3333333333333333], [0.4, 0.6]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from symlearn.bayes.networks.data import Dataset
from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.errors import InvalidParameterError

__all__ = ["ESTIMATORS", "estimate_tables", "family_counts", "fit_parameters", "log_likelihood"]

#: The parameter estimators.
ESTIMATORS = ("ml", "laplace", "m-estimate")


def family_counts(
    network: BayesianNetwork, codes: np.ndarray, weights: np.ndarray | None = None
) -> list[np.ndarray]:
    """For each variable, the (weighted) counts of (parent states, state) in complete rows.

    Returns arrays shaped like the CPTs, in ``network.variables`` order.
    """
    counts = []
    for v, table in enumerate(network._tables):
        scope = [*network._parent_ids[v], v]
        index = np.ravel_multi_index(tuple(codes[:, u] for u in scope), table.shape)
        flat = np.bincount(index, weights=weights, minlength=table.size)
        counts.append(flat.reshape(table.shape).astype(float))
    return counts


def _pseudo_counts(
    network: BayesianNetwork, estimator: str, m: float, prior: Mapping[str, Sequence[float]] | None
) -> list[np.ndarray]:
    """The m p added to each count (zeros for maximum likelihood)."""
    if estimator not in ESTIMATORS:
        raise InvalidParameterError(
            f"unknown estimator {estimator!r} (use {', '.join(ESTIMATORS)})"
        )
    if estimator == "m-estimate" and not m >= 0:
        raise InvalidParameterError(f"m must be at least 0, not {m}")
    result = []
    for name in network.variables:
        card = network[name].cardinality
        if estimator == "ml":
            result.append(np.zeros(card))
            continue
        p = np.full(card, 1.0 / card)
        if prior is not None and name in prior:
            p = np.asarray(prior[name], dtype=float)
            if p.shape != (card,) or p.min() < 0 or abs(p.sum() - 1.0) > 1e-9:
                raise InvalidParameterError(f"the prior of {name} must be {card} probabilities")
        weight = card if estimator == "laplace" else m
        result.append(weight * p)
    return result


def estimate_tables(
    network: BayesianNetwork,
    counts: Sequence[np.ndarray],
    estimator: str = "ml",
    m: float = 1.0,
    prior: Mapping[str, Sequence[float]] | None = None,
) -> dict[str, np.ndarray]:
    """CPTs from counts by the estimator (see the module docstring)."""
    tables = {}
    for name, count, pseudo in zip(
        network.variables, counts, _pseudo_counts(network, estimator, m, prior)
    ):
        numerator = count + pseudo
        total = numerator.sum(axis=-1, keepdims=True)
        uniform = np.full_like(numerator, 1.0 / numerator.shape[-1])
        with np.errstate(invalid="ignore", divide="ignore"):
            tables[name] = np.where(
                total > 0, numerator / np.where(total > 0, total, 1.0), uniform
            )
    return tables


def fit_parameters(
    network: BayesianNetwork,
    data: Dataset,
    estimator: str = "ml",
    m: float = 1.0,
    prior: Mapping[str, Sequence[float]] | None = None,
) -> BayesianNetwork:
    """The network with its CPTs estimated from complete data.

    Parameters
    ----------
    network
        The structure (its CPTs are ignored).
    data
        Complete data with a column per variable.
    estimator
        ``"ml"``, ``"laplace"`` or ``"m-estimate"``.
    m
        The equivalent sample size of the m-estimate.
    prior
        Variable -> prior estimate ``p`` of each state (uniform by default).

    Raises
    ------
    InvalidParameterError
        For missing values (use :func:`~symlearn.bayes.networks.em.expectation_maximization`),
        unknown states or a bad estimator.

    References
    ----------
    Mitchell 1997, section 6.9 (m-estimate, eq. 6.22) and sections 6.11.4-6.11.5
    (learning belief networks); Heckerman 1995.
    """
    codes = data.codes(network)
    if (codes < 0).any():
        row = int(np.argwhere(codes < 0)[0][0])
        raise InvalidParameterError(
            f"row {row + 1} has a missing value; use expectation maximization for incomplete data"
        )
    counts = family_counts(network, codes)
    return network.with_tables(estimate_tables(network, counts, estimator, m, prior))


def log_likelihood(network: BayesianNetwork, data: Dataset) -> float:
    """The natural log of P(data | network) for complete data (sum over rows).

    Raises
    ------
    InvalidParameterError
        For missing values.
    """
    codes = data.codes(network)
    if (codes < 0).any():
        raise InvalidParameterError("the data has missing values")
    total = 0.0
    for count, table in zip(family_counts(network, codes), network._tables):
        used = count > 0
        with np.errstate(divide="ignore"):
            total += float(np.sum(count[used] * np.log(table[used])))
    return total
