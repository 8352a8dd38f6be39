"""Approximate inference by sampling: forward sampling, likelihood weighting and Gibbs sampling.

For large, multiply connected networks exact inference is intractable, and
approximate inference uses randomised sampling (Monte Carlo) algorithms, whose
accuracy depends on the number of samples drawn (Mitchell 1997, section
6.11.3; Russell & Norvig 2010, ch. 14.5).

* **Forward (prior) sampling** draws complete assignments variable by
  variable in topological order (Russell & Norvig 2010, PRIOR-SAMPLE).
* **Likelihood weighting** fixes the evidence variables and weights each
  sample by the probability of the evidence given its parents; the estimate
  of P(X = x | e) is the weighted fraction of samples with X = x (Russell &
  Norvig 2010, LIKELIHOOD-WEIGHTING).  Its standard error is the delta-method
  standard error of a ratio estimator,
  ``sqrt(sum_i w_i^2 (1[x_i = x] - p)^2) / sum_i w_i``.
* **Gibbs sampling** runs Markov chains over the unobserved variables,
  resampling each from its distribution given its Markov blanket
  (Russell & Norvig 2010, GIBBS-ASK).  Several independent chains run side by
  side; the estimate is the mean over all retained states and its standard
  error is the standard deviation of the chain means over sqrt(chains).
  Chains need positive probabilities to mix: with zeros in the CPTs a chain
  can be stuck, and the result says so in its warnings.

Only the query and evidence variables and their ancestors are sampled: the
other variables cannot change the answer.  Every function takes a ``seed``;
the same seed gives the same answer.

Functions
---------
forward_sample, likelihood_weighting, gibbs_sampling

Examples
--------
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> net = BayesianNetwork([boolean_variable("rain", (), 0.2),
...                        boolean_variable("wet", ("rain",), [0.1, 0.8])])
>>> result = likelihood_weighting(net, ["rain"], {"wet": "true"}, samples=20000, seed=1)
>>> abs(result.marginals["rain"]["true"] - 2 / 3) < 4 * result.standard_errors["rain"]["true"]
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import numpy as np

from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.queries import Evidence, InferenceResult, evidence_ids, query_ids
from symlearn.errors import InvalidParameterError, require

__all__ = ["forward_sample", "gibbs_sampling", "likelihood_weighting"]


def _check_count(name: str, value: int, minimum: int = 1) -> None:
    if not isinstance(value, int) or value < minimum:
        raise InvalidParameterError(
            f"{name} must be an integer of at least {minimum}, not {value!r}"
        )


def _draw(rows: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One state per row of ``rows`` (shape (n, k), each row a distribution)."""
    cumulative = np.cumsum(rows, axis=1)
    u = rng.random(rows.shape[0]) * cumulative[:, -1]
    return np.minimum((u[:, None] >= cumulative).sum(axis=1), rows.shape[1] - 1)


def _cpt_rows(network: BayesianNetwork, v: int, values: np.ndarray) -> np.ndarray:
    """The CPT rows of variable ``v`` for each sample's parent states (shape (n, |v|))."""
    parents = network._parent_ids[v]
    rows = network._tables[v][tuple(values[p] for p in parents)]
    return np.broadcast_to(rows, (values.shape[1], network._cards[v]))


def _forward(
    network: BayesianNetwork,
    variables: Sequence[int],
    evidence: dict[int, tuple[int, ...]],
    n: int,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray]:
    """Samples of ``variables`` (topological order) with evidence fixed, and their weights."""
    values = np.zeros((len(network), n), dtype=np.intp)
    weights = np.ones(n)
    for v in variables:
        rows = _cpt_rows(network, v, values)
        allowed = evidence.get(v)
        if allowed is None:
            values[v] = _draw(rows, rng)
            continue
        mass = rows[:, list(allowed)]
        total = mass.sum(axis=1)
        weights *= total
        if len(allowed) == 1:
            values[v] = allowed[0]
        else:
            safe = np.where(total[:, None] > 0, mass, 1.0)
            values[v] = np.asarray(allowed)[_draw(safe, rng)]
    return values, weights


def forward_sample(
    network: BayesianNetwork, samples: int, seed: int | None = 0
) -> list[dict[str, str]]:
    """Complete assignments drawn from the joint distribution (prior sampling).

    Examples
    --------
    >>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
    >>> net = BayesianNetwork([boolean_variable("coin", (), 0.5)])
    >>> forward_sample(net, 3, seed=9)
    [{'coin': 'true'}, {'coin': 'false'}, {'coin': 'true'}]
    """
    _check_count("samples", samples)
    rng = np.random.default_rng(seed)
    values, _ = _forward(network, range(len(network)), {}, samples, rng)
    names = network.variables
    states = [network.states(n) for n in names]
    return [{names[v]: states[v][values[v, i]] for v in range(len(names))} for i in range(samples)]


def _relevant(
    network: BayesianNetwork, queries: Sequence[int], evidence: dict[int, tuple[int, ...]]
) -> list[int]:
    return network.ancestral_ids([*queries, *evidence])


def likelihood_weighting(
    network: BayesianNetwork,
    query: Collection[str] | None = None,
    evidence: Evidence | None = None,
    samples: int = 10000,
    seed: int | None = 0,
) -> InferenceResult:
    """Posterior marginals estimated by likelihood weighting, with standard errors.

    Parameters
    ----------
    network
        The belief network.
    query
        Variable names (every unobserved variable when None).
    evidence
        Variable -> observed state (or set of allowed states).
    samples
        The number of weighted samples.
    seed
        Seed of the random generator (numpy's PCG64).

    Returns
    -------
    InferenceResult
        ``method="likelihood-weighting"``, the estimates, their standard
        errors, and in ``details`` the samples, the seed and the effective
        sample size ``(sum w)^2 / sum w^2``.

    Raises
    ------
    InvalidParameterError
        For unknown variables or states, a bad sample count, or when every
        sample has weight 0 (evidence of probability 0, or too unlikely).

    References
    ----------
    Russell & Norvig 2010, ch. 14.5.1 (LIKELIHOOD-WEIGHTING); Fung & Chang 1990.
    """
    require(
        network,
        BayesianNetwork,
        "network",
        "a BayesianNetwork (symlearn.read_bif or compile_program)",
    )
    _check_count("samples", samples)
    observed = evidence_ids(network, evidence)
    targets = query_ids(network, query, evidence)
    rng = np.random.default_rng(seed)
    values, weights = _forward(
        network, _relevant(network, targets, observed), observed, samples, rng
    )
    total = float(weights.sum())
    if not total > 0.0:
        raise InvalidParameterError(
            f"all {samples} samples have weight 0: the evidence is impossible or too unlikely"
        )
    marginals: dict[str, dict[str, float]] = {}
    errors: dict[str, dict[str, float]] = {}
    for v in targets:
        name = network.variables[v]
        marginals[name], errors[name] = {}, {}
        for k, state in enumerate(network.states(name)):
            hits = values[v] == k
            p = float(weights[hits].sum()) / total
            marginals[name][state] = p
            errors[name][state] = float(np.sqrt(np.sum(weights**2 * (hits - p) ** 2)) / total)
    ess = total**2 / float(np.sum(weights**2))
    return InferenceResult(
        "likelihood-weighting",
        marginals,
        errors,
        details={"samples": samples, "seed": seed, "effective_sample_size": ess},
    )


def _initial_states(
    network: BayesianNetwork,
    variables: Sequence[int],
    evidence: dict[int, tuple[int, ...]],
    chains: int,
    rng: np.random.Generator,
    attempts: int = 1000,
) -> np.ndarray:
    """A state of positive probability for each chain, drawn by likelihood weighting."""
    batch = max(chains, 256)
    chosen: list[np.ndarray] = []
    for _ in range(attempts):
        values, weights = _forward(network, variables, evidence, batch, rng)
        good = np.flatnonzero(weights > 0)
        chosen.extend(values[:, i] for i in good[: chains - len(chosen)])
        if len(chosen) == chains:
            return np.stack(chosen, axis=1)
    raise InvalidParameterError(
        "found no state consistent with the evidence to start Gibbs sampling from "
        "(the evidence is impossible or too unlikely)"
    )


def _blanket_distribution(
    network: BayesianNetwork, v: int, values: np.ndarray, members: set[int]
) -> np.ndarray:
    """P(v | Markov blanket) for each chain, shape (chains, |v|), unnormalised."""
    card = network._cards[v]
    chains = values.shape[1]
    distribution = np.array(_cpt_rows(network, v, values), dtype=float)
    states = np.arange(card)[None, :]
    for child in network._child_ids[v]:
        if child not in members:
            continue
        index = (
            *tuple(states if p == v else values[p][:, None] for p in network._parent_ids[child]),
            values[child][:, None],
        )
        distribution *= np.broadcast_to(network._tables[child][index], (chains, card))
    return distribution


def gibbs_sampling(
    network: BayesianNetwork,
    query: Collection[str] | None = None,
    evidence: Evidence | None = None,
    samples: int = 10000,
    seed: int | None = 0,
    chains: int = 16,
    burn_in: int = 200,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> InferenceResult:
    """Posterior marginals estimated by Gibbs sampling, with standard errors.

    Parameters
    ----------
    network
        The belief network.
    query
        Variable names (every unobserved variable when None).
    evidence
        Variable -> observed state (or set of allowed states).
    samples
        The number of retained states, over all chains (rounded up to a
        multiple of ``chains``).
    seed
        Seed of the random generator.
    chains
        Independent chains run side by side (at least 2, for the standard error).
    burn_in
        Sweeps discarded at the start of each chain.
    progress
        Called as ``progress("Gibbs sampling: sweeps", sweep, sweeps)`` after each sweep.

    Returns
    -------
    InferenceResult
        ``method="gibbs"``, the estimates, standard errors (standard deviation
        of the chain means over sqrt(chains)), and in ``details`` the samples,
        chains, burn-in, seed and warnings.

    Raises
    ------
    InvalidParameterError
        For unknown variables or states, bad counts, or evidence no sampled
        state is consistent with.

    References
    ----------
    Russell & Norvig 2010, ch. 14.5.2 (GIBBS-ASK); Pearl 1987; Geman & Geman 1984.
    """
    require(
        network,
        BayesianNetwork,
        "network",
        "a BayesianNetwork (symlearn.read_bif or compile_program)",
    )
    _check_count("samples", samples)
    _check_count("chains", chains, 2)
    _check_count("burn_in", burn_in, 0)
    observed = evidence_ids(network, evidence)
    targets = query_ids(network, query, evidence)
    rng = np.random.default_rng(seed)
    relevant = _relevant(network, targets, observed)
    members = set(relevant)
    values = np.zeros((len(network), chains), dtype=np.intp)
    values[relevant] = _initial_states(network, relevant, observed, chains, rng)[relevant]
    free = [v for v in relevant if v not in observed or len(observed[v]) > 1]
    sweeps = -(-samples // chains)
    counts = {v: np.zeros((chains, network._cards[v])) for v in targets}
    for sweep in range(burn_in + sweeps):
        for v in free:
            distribution = _blanket_distribution(network, v, values, members)
            allowed = observed.get(v)
            if allowed is not None:
                keep = np.zeros(network._cards[v])
                keep[list(allowed)] = 1.0
                distribution *= keep
            values[v] = _draw(distribution, rng)
        if sweep >= burn_in:
            for v in targets:
                counts[v][np.arange(chains), values[v]] += 1.0
        if progress is not None:
            progress("Gibbs sampling: sweeps", sweep + 1, burn_in + sweeps)
    marginals: dict[str, dict[str, float]] = {}
    errors: dict[str, dict[str, float]] = {}
    for v in targets:
        name = network.variables[v]
        chain_means = counts[v] / sweeps
        means = chain_means.mean(axis=0)
        spread = chain_means.std(axis=0, ddof=1) / np.sqrt(chains)
        marginals[name] = dict(zip(network.states(name), map(float, means)))
        errors[name] = dict(zip(network.states(name), map(float, spread)))
    warnings = []
    if any(float(network._tables[v].min()) == 0.0 for v in relevant):
        warnings.append(
            "some CPT entries are 0: Gibbs chains may not reach every state consistent "
            "with the evidence, so the estimate and its standard error can be wrong"
        )
    return InferenceResult(
        "gibbs",
        marginals,
        errors,
        details={
            "samples": sweeps * chains,
            "seed": seed,
            "chains": chains,
            "burn_in": burn_in,
            "warnings": warnings,
        },
    )
