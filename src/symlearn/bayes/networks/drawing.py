r"""Pictures of belief networks: a :class:`~symlearn.render.GraphSpec` of the DAG.

Each variable is an ellipse labelled with its name and, when marginals are
given, one line per state with its probability; observed variables are
filled light blue, queried ones light yellow, and hidden variables (the
choice variables of annotated disjunctions) are dashed.  Nodes are ranked
by their depth in the DAG so that causes sit above effects.  Write the spec
with :func:`symlearn.render.write_graph` (``.dot``, ``.svg``, ``.png``).

Examples
--------
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> net = BayesianNetwork([boolean_variable("rain", (), 0.2),
...                        boolean_variable("wet", ("rain",), [0.1, 0.8])])
>>> spec = network_spec(net, evidence={"wet"}, marginals={"rain": {"false": 0.3, "true": 0.7}})
>>> [n.label for n in spec.nodes], [(e.source, e.target) for e in spec.edges]
(['rain\nfalse 0.3\ntrue 0.7', 'wet'], [('rain', 'wet')])
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.render.spec import Edge, GraphSpec, Node

__all__ = ["network_spec"]


def _depths(network: BayesianNetwork) -> dict[str, int]:
    depth: dict[str, int] = {}
    for name in network.variables:  # topological order
        depth[name] = max((depth[p] + 1 for p in network.parents(name)), default=0)
    return depth


def network_spec(
    network: BayesianNetwork,
    marginals: Mapping[str, Mapping[str, float]] | None = None,
    evidence: Collection[str] | Mapping[str, Collection[str]] = (),
    queries: Collection[str] = (),
    title: str = "",
) -> GraphSpec:
    """The network as a drawing spec (see the module docstring).

    Parameters
    ----------
    network
        The network.
    marginals
        Variable -> {state: probability} to print in the nodes.
    evidence
        Observed variables (filled light blue); with a mapping to the observed
        states, the node also shows them.
    queries
        Queried variables (filled light yellow).
    title
        A caption.
    """
    depth = _depths(network)
    nodes = []
    for name in network.variables:
        lines = [name]
        if isinstance(evidence, Mapping) and name in evidence:
            lines[0] += " = " + " | ".join(sorted(evidence[name]))
        for state, p in (marginals or {}).get(name, {}).items():
            lines.append(f"{state} {p:.4g}")
        color = "lightblue" if name in evidence else "lightyellow" if name in queries else None
        style = "" if network[name].atoms else "dashed"
        nodes.append(
            Node(
                name, "\n".join(lines), shape="ellipse", style=style, color=color, rank=depth[name]
            )
        )
    edges = [Edge(parent, child) for parent, child in network.graph.edges]
    return GraphSpec(tuple(nodes), tuple(edges), rankdir="TB", title=title)
