"""Inference by enumerating the full joint distribution: the reference for every other method.

The joint distribution of a belief network is the product of its CPTs,
P(y1, ..., yn) = prod_i P(yi | Parents(Yi)) (Mitchell 1997, section 6.11.2;
Pearl 1988); a posterior is a sum over the joint entries that agree with the
evidence, divided by their total (Russell & Norvig 2010, ch. 14.4.1,
ENUMERATION-ASK).  Building the whole joint table costs prod_i |Yi| numbers, so
this is for small networks: it refuses a joint larger than
:data:`MAX_JOINT_SIZE`.

Functions
---------
joint_distribution, enumeration

Examples
--------
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> net = BayesianNetwork([boolean_variable("rain", (), 0.2),
...                        boolean_variable("wet", ("rain",), [0.1, 0.8])])
>>> joint_distribution(net).round(3).tolist()
[[0.72, 0.08], [0.04, 0.16]]
>>> round(enumeration(net, ["rain"], {"wet": "true"}).marginals["rain"]["true"], 12)
0.666666666667
"""

from __future__ import annotations

import math
from collections.abc import Collection

import numpy as np

from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.queries import Evidence, InferenceResult, evidence_ids, query_ids
from symlearn.errors import InvalidParameterError

__all__ = ["MAX_JOINT_SIZE", "enumeration", "joint_distribution"]

#: The largest joint table enumeration builds (entries).
MAX_JOINT_SIZE = 1 << 24


def joint_distribution(network: BayesianNetwork) -> np.ndarray:
    """The full joint table, one axis per variable in ``network.variables`` order.

    Each CPT is broadcast to the joint's axes and multiplied in: the chain
    rule, literally.

    Raises
    ------
    InvalidParameterError
        If the joint would have more than :data:`MAX_JOINT_SIZE` entries.
    """
    cards = network._cards
    size = math.prod(cards)
    if size > MAX_JOINT_SIZE:
        raise InvalidParameterError(
            f"the joint distribution has {size:.3g} entries; enumeration handles at most "
            f"{MAX_JOINT_SIZE} (use variable elimination)"
        )
    joint = np.ones(cards)
    for v, table in enumerate(network._tables):
        scope = [*network._parent_ids[v], v]
        order = sorted(range(len(scope)), key=scope.__getitem__)
        shape = [1] * len(cards)
        for axis in scope:
            shape[axis] = cards[axis]
        joint = joint * np.transpose(table, order).reshape(shape)
    return joint


def enumeration(
    network: BayesianNetwork,
    query: Collection[str] | None = None,
    evidence: Evidence | None = None,
) -> InferenceResult:
    """Posterior marginals by summing the full joint distribution.

    Parameters
    ----------
    network
        The belief network (small: the joint is built in memory).
    query
        Variable names (every unobserved variable when None).
    evidence
        Variable -> observed state (or set of allowed states).

    Raises
    ------
    InvalidParameterError
        For unknown variables or states, evidence of probability 0, or a joint
        too large to enumerate.

    References
    ----------
    Russell & Norvig 2010, ch. 14.4.1; Mitchell 1997, Table 6.1 (product rule,
    theorem of total probability).
    """
    joint = joint_distribution(network)
    for v, allowed in evidence_ids(network, evidence).items():
        mask = np.zeros(network._cards[v])
        mask[list(allowed)] = 1.0
        shape = [1] * joint.ndim
        shape[v] = network._cards[v]
        joint = joint * mask.reshape(shape)
    total = float(joint.sum())
    if not total > 0.0:
        raise InvalidParameterError("the evidence has probability 0")
    marginals: dict[str, dict[str, float]] = {}
    for v in query_ids(network, query, evidence):
        axes = tuple(a for a in range(joint.ndim) if a != v)
        distribution = joint.sum(axis=axes) / total
        name = network.variables[v]
        marginals[name] = dict(zip(network.states(name), map(float, distribution)))
    return InferenceResult("enumeration", marginals, evidence_probability=total)
