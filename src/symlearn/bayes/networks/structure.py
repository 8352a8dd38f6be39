"""Learning the structure of a belief network: hill climbing on the BIC / MDL score.

The **BIC score** of a DAG G for complete data D of N examples is the
log-likelihood of D under the maximum-likelihood CPTs minus a penalty for the
number of free parameters:

    BIC(G) = sum_X sum_u sum_x n_ux ln(n_ux / n_u) - (ln N / 2) sum_X (|X| - 1) q_X

with ``q_X`` the number of parent combinations of X.  Its negation in bits is
the **MDL** description length, ``-BIC(G) / ln 2``: the bits to encode the
parameters, (log2 N)/2 each, plus the bits to encode the data given them
(Rissanen 1978; Lam & Bacchus 1994; Mitchell 1997, section 6.6: the minimum
description length principle, here for choosing among networks).  Maximising BIC
and minimising MDL choose the same network.

Both scores decompose into one term per variable and its parents, so a local
change only rescores one or two families.  :func:`hill_climb` starts from the
graph with no edges and repeatedly applies the single edge addition, deletion
or reversal that improves the score most, keeping the graph acyclic (and
within ``max_parents``), until no change improves it: a local optimum
(Heckerman, Geiger & Chickering 1995; Koller & Friedman 2009, sec. 18.4.3).

Functions
---------
bic_score, mdl_score, hill_climb

Examples
--------
>>> from symlearn.bayes.networks.data import Dataset
>>> rows = [("a", "a"), ("b", "b")] * 20 + [("a", "b")]
>>> result = hill_climb(Dataset.from_rows(["x", "y"], rows))
>>> result.edges
[('x', 'y')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

from symlearn.bayes.networks.data import Dataset
from symlearn.bayes.networks.network import BayesianNetwork, Variable, problog_atoms
from symlearn.bayes.networks.parameters import fit_parameters
from symlearn.errors import InvalidParameterError, require

__all__ = ["StructureResult", "bic_score", "hill_climb", "mdl_score"]

Progress = Callable[[str, int, "int | None"], None]


class _Scorer:
    """Family BIC scores over integer-coded complete data, cached."""

    def __init__(self, data: Dataset) -> None:
        if data.has_missing:
            raise InvalidParameterError(
                "structure search needs complete data; fill in the missing values first"
            )
        if not len(data):
            raise InvalidParameterError("structure search needs at least one example")
        self.variables = data.variables
        self.cards = [len(data.states[v]) for v in data.variables]
        index = [{s: i for i, s in enumerate(data.states[v])} for v in data.variables]
        self.codes = np.array(
            [[index[j][str(value)] for j, value in enumerate(row)] for row in data.rows],
            dtype=np.intp,
        )
        self.n = len(data)
        self.cache: dict[tuple[int, frozenset[int]], float] = {}

    def family(self, child: int, parents: frozenset[int]) -> float:
        key = (child, parents)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        ordered = sorted(parents)
        shape = [self.cards[p] for p in ordered] + [self.cards[child]]
        flat = np.ravel_multi_index(tuple(self.codes[:, u] for u in [*ordered, child]), shape)
        counts = np.bincount(flat, minlength=math.prod(shape)).reshape(-1, shape[-1])
        totals = counts.sum(axis=1, keepdims=True)
        used = counts > 0
        likelihood = float(np.sum(counts[used] * np.log((counts / np.maximum(totals, 1))[used])))
        penalty = 0.5 * math.log(self.n) * (self.cards[child] - 1) * math.prod(shape[:-1])
        score = likelihood - penalty
        self.cache[key] = score
        return score

    def total(self, parents: Mapping[int, frozenset[int]]) -> float:
        return sum(self.family(v, parents[v]) for v in range(len(self.variables)))


def _parent_ids(data: Dataset, parents: Mapping[str, Sequence[str]]) -> dict[int, frozenset[int]]:
    index = {v: i for i, v in enumerate(data.variables)}
    result: dict[int, frozenset[int]] = {i: frozenset() for i in range(len(data.variables))}
    for child, given in parents.items():
        try:
            result[index[child]] = frozenset(index[p] for p in given)
        except KeyError as missing:
            raise InvalidParameterError(f"{missing.args[0]} is not a column of the data") from None
    return result


def bic_score(data: Dataset, parents: Mapping[str, Sequence[str]]) -> float:
    """BIC of the DAG given as child -> parents, for complete data (natural log).

    Examples
    --------
    >>> from symlearn.bayes.networks.data import Dataset
    >>> data = Dataset.from_rows(["x"], [("a",), ("a",), ("b",), ("b",)])
    >>> round(bic_score(data, {}), 6) == round(4 * math.log(0.5) - 0.5 * math.log(4), 6)
    True
    """
    return _Scorer(data).total(_parent_ids(data, parents))


def mdl_score(data: Dataset, parents: Mapping[str, Sequence[str]]) -> float:
    """Description length in bits, ``-BIC / ln 2`` (smaller is better)."""
    return -bic_score(data, parents) / math.log(2)


@dataclass(frozen=True)
class StructureResult:
    """The outcome of :func:`hill_climb`.

    Attributes
    ----------
    network
        The learned DAG with CPTs fitted to the data (by the estimator given).
    bic
        Its BIC score (natural log).
    moves
        The changes made, in order: ``(operation, parent, child, score after)``.
    """

    network: BayesianNetwork
    bic: float
    moves: tuple[tuple[str, str, str, float], ...] = field(default=())

    @property
    def mdl(self) -> float:
        """The description length in bits."""
        return -self.bic / math.log(2)

    @property
    def edges(self) -> list[tuple[str, str]]:
        """The learned edges, sorted."""
        return sorted(self.network.graph.edges)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary."""
        return {
            "edges": [list(e) for e in self.edges],
            "bic": self.bic,
            "mdl_bits": self.mdl,
            "moves": [list(m) for m in self.moves],
            "cpts": self.network.to_dict()["cpts"],
        }


def _candidate_moves(
    graph: nx.DiGraph, parents: dict[int, frozenset[int]], max_parents: int | None
) -> list[tuple[str, int, int]]:
    moves: list[tuple[str, int, int]] = []
    nodes = sorted(graph.nodes)
    for u in nodes:
        for v in nodes:
            if u == v:
                continue
            if graph.has_edge(u, v):
                moves.append(("delete", u, v))
                fits = max_parents is None or len(parents[u]) < max_parents
                graph.remove_edge(u, v)
                if fits and not nx.has_path(graph, u, v):
                    moves.append(("reverse", u, v))
                graph.add_edge(u, v)
            elif not graph.has_edge(v, u):
                fits = max_parents is None or len(parents[v]) < max_parents
                if fits and not nx.has_path(graph, v, u):
                    moves.append(("add", u, v))
    return moves


def _delta(
    scorer: _Scorer, parents: dict[int, frozenset[int]], move: tuple[str, int, int]
) -> float:
    operation, u, v = move
    if operation == "add":
        return scorer.family(v, parents[v] | {u}) - scorer.family(v, parents[v])
    if operation == "delete":
        return scorer.family(v, parents[v] - {u}) - scorer.family(v, parents[v])
    return (
        scorer.family(v, parents[v] - {u})
        - scorer.family(v, parents[v])
        + scorer.family(u, parents[u] | {v})
        - scorer.family(u, parents[u])
    )


def _apply(
    graph: nx.DiGraph, parents: dict[int, frozenset[int]], move: tuple[str, int, int]
) -> None:
    operation, u, v = move
    if operation in ("delete", "reverse"):
        graph.remove_edge(u, v)
        parents[v] = parents[v] - {u}
    if operation == "add":
        graph.add_edge(u, v)
        parents[v] = parents[v] | {u}
    if operation == "reverse":
        graph.add_edge(v, u)
        parents[u] = parents[u] | {v}


def hill_climb(
    data: Dataset,
    max_parents: int | None = None,
    max_iterations: int = 10000,
    estimator: str = "ml",
    m: float = 1.0,
    progress: Progress | None = None,
) -> StructureResult:
    """Greedy search for the DAG of highest BIC (lowest MDL), from the empty graph.

    Parameters
    ----------
    data
        Complete discrete data; every column becomes a variable.
    max_parents
        At most this many parents per variable (no limit when None).
    max_iterations
        At most this many moves.
    estimator, m
        How the CPTs of the result are fitted (the score always uses maximum
        likelihood).
    progress
        Called as ``progress("structure search", moves, None)``.

    Raises
    ------
    InvalidParameterError
        For missing values or an empty dataset.

    References
    ----------
    Mitchell 1997, section 6.6 (MDL); Heckerman, Geiger &
    Chickering 1995; Lam & Bacchus 1994; Koller & Friedman 2009, sec. 18.4.
    """
    require(data, Dataset, "data", "a Dataset (Dataset.from_rows)")
    scorer = _Scorer(data)
    n = len(data.variables)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    parents: dict[int, frozenset[int]] = {i: frozenset() for i in range(n)}
    score = scorer.total(parents)
    moves: list[tuple[str, str, str, float]] = []
    for _ in range(max_iterations):
        best, best_gain = None, 1e-9
        for move in _candidate_moves(graph, parents, max_parents):
            gain = _delta(scorer, parents, move)
            if gain > best_gain:
                best, best_gain = move, gain
        if best is None:
            break
        _apply(graph, parents, best)
        score += best_gain
        moves.append((best[0], data.variables[best[1]], data.variables[best[2]], score))
        if progress is not None:
            progress("structure search", len(moves), None)
    network = _network(data, parents)
    fitted = fit_parameters(network, data, estimator, m)
    return StructureResult(fitted, scorer.total(parents), tuple(moves))


def _network(data: Dataset, parents: Mapping[int, frozenset[int]]) -> BayesianNetwork:
    """A network over the data's variables with uniform CPTs (to be fitted)."""
    names = data.variables
    atoms = problog_atoms(list(names), data.states)
    variables = []
    for i, name in enumerate(names):
        given = tuple(names[p] for p in sorted(parents[i]))
        shape = [len(data.states[p]) for p in given] + [len(data.states[name])]
        table = np.full(shape, 1.0 / shape[-1])
        variables.append(Variable(name, data.states[name], given, table, atoms[name]))
    return BayesianNetwork(variables, "learned")
