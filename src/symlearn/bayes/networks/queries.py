"""Evidence and the results of inference, shared by every inference method.

Evidence maps a variable to the state it was observed in, or to the set of
states it is known to lie in (``weather(sunny)`` observed false leaves
``cloudy`` and ``rainy``).  :func:`evidence_ids` checks it against a network
and turns it into state indices; :class:`InferenceResult` is what every method
returns: the posterior marginal of each query variable and, for the sampling
methods, a standard error for each probability.

Examples
--------
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> net = BayesianNetwork([boolean_variable("rain", (), 0.2)])
>>> evidence_ids(net, {"rain": "true"})
{0: (1,)}
>>> evidence_ids(net, {"rain": "snow"})
Traceback (most recent call last):
...
symlearn.errors.InvalidParameterError: variable rain has no state 'snow' (states: false, true)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.errors import InvalidParameterError

__all__ = ["Evidence", "InferenceResult", "evidence_ids", "query_ids"]

#: Variable -> observed state, or the collection of states it is known to lie in.
Evidence = Mapping[str, str | Collection[str]]


def evidence_ids(
    network: BayesianNetwork, evidence: Evidence | None
) -> dict[int, tuple[int, ...]]:
    """Evidence as variable index -> sorted allowed state indices.

    Raises
    ------
    InvalidParameterError
        For an unknown variable or state, or evidence that allows no state.
    """
    result: dict[int, tuple[int, ...]] = {}
    for name, observed in (evidence or {}).items():
        variable = network[name]
        states = (observed,) if isinstance(observed, str) else tuple(observed)
        allowed = tuple(sorted({variable.state_index(s) for s in states}))
        if not allowed:
            raise InvalidParameterError(f"the evidence on {name} allows none of its states")
        if len(allowed) < variable.cardinality:
            result[network._index[name]] = allowed
    return result


def query_ids(
    network: BayesianNetwork, query: Collection[str] | None, evidence: Evidence | None
) -> list[int]:
    """Indices of the query variables (every variable without evidence when None)."""
    if query is None:
        observed = set(evidence or {})
        return [i for i, name in enumerate(network.variables) if name not in observed]
    return [network._index_of(name) for name in dict.fromkeys(query)]


@dataclass(frozen=True)
class InferenceResult:
    """Posterior marginals of query variables given evidence.

    Attributes
    ----------
    method
        ``exact`` (variable elimination), ``enumeration``,
        ``likelihood-weighting`` or ``gibbs``.
    marginals
        Variable -> {state: P(state | evidence)}.
    standard_errors
        Variable -> {state: standard error}, for the sampling methods (None
        for the exact ones).
    evidence_probability
        P(evidence) when the method computes it (exact methods), else None.
    details
        Method-specific facts: the elimination order, the number of samples,
        the seed, the effective sample size, warnings.
    """

    method: str
    marginals: dict[str, dict[str, float]]
    standard_errors: dict[str, dict[str, float]] | None = None
    evidence_probability: float | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def probability(self, variable: str, states: Collection[str]) -> float:
        """P(variable in states | evidence)."""
        return sum(self.marginals[variable][s] for s in states)

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dictionary."""
        payload: dict[str, Any] = {"method": self.method, "marginals": self.marginals}
        if self.standard_errors is not None:
            payload["standard_errors"] = self.standard_errors
        if self.evidence_probability is not None:
            payload["evidence_probability"] = self.evidence_probability
        payload.update(self.details)
        return payload
