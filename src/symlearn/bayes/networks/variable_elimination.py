"""Exact inference by variable elimination.

Variable elimination computes a posterior P(Q | e) by multiplying the CPTs
(the *factors*) and summing the other variables out one at a time, so that
only the factors that mention a variable are ever multiplied together
(Zhang & Poole 1994; Russell & Norvig 2010 ch. 14.4.2; Koller & Friedman
2009 ch. 9; Mitchell 1997, section 6.11.3: exact inference for P(X | e)).
Before eliminating, the query is reduced to what it depends on:

1. **barren nodes** go: only the query, the evidence and their ancestors can
   change the answer (a variable with no observed descendant sums to 1);
2. **evidence** is entered by slicing every table at the observed state (or
   the allowed states);
3. **irrelevant components** go: factors not connected to the query through
   unobserved variables only scale the answer, which is normalised anyway.

The order of elimination is chosen greedily on the interaction graph of the
remaining factors: **min-fill** eliminates the variable whose elimination
adds the fewest edges, **min-degree** the one with the fewest neighbours (ties
go to the smaller product of neighbour cardinalities, then to the variable
earlier in topological order); Koller & Friedman 2009 sec. 9.4.3.2.

Functions
---------
variable_elimination, posterior, joint_posterior, evidence_probability,
elimination_order

Examples
--------
>>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
>>> net = BayesianNetwork([
...     boolean_variable("rain", (), 0.2),
...     boolean_variable("wet", ("rain",), [0.1, 0.8]),
... ])
>>> p = posterior(net, "rain", {"wet": "true"})
>>> round(p["true"], 12)
0.666666666667
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from symlearn.bayes.given import ORDERINGS
from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.queries import Evidence, InferenceResult, evidence_ids, query_ids
from symlearn.bayes.networks.small_factors import TooLarge, python_ops
from symlearn.errors import InvalidParameterError, ResourceLimitError, require

__all__ = [
    "ORDERINGS",
    "elimination_order",
    "evidence_probability",
    "joint_posterior",
    "posterior",
    "variable_elimination",
]


if TYPE_CHECKING:
    import numpy as np

#: A factor: its variables (indices into the network) and its table, one axis per variable
#: (a numpy array, or :class:`~symlearn.bayes.networks.small_factors.Cells` in Python).
Factor = tuple[tuple[int, ...], Any]


class _NumpyOps:
    """The factor operations on numpy arrays (those of ``small_factors.python_ops()`` in numpy)."""

    @staticmethod
    def tables(network: BayesianNetwork) -> list[np.ndarray]:
        return network._tables

    @staticmethod
    def restrict(
        table: np.ndarray,
        index: list[int | slice],
        restricted: list[tuple[int, tuple[int, ...]]],
    ) -> np.ndarray:
        array = table[tuple(index)]
        for axis, allowed in restricted:
            array = array.take(allowed, axis=axis)
        return array

    @staticmethod
    def contract(
        factors: list[Factor], shapes: dict[int, int], result: tuple[int, ...]
    ) -> np.ndarray:
        import numpy as np

        labels: dict[int, int] = {}
        operands: list[Any] = []
        for scope, array in factors:
            operands.append(array)
            operands.append([labels.setdefault(u, len(labels)) for u in scope])
        operands.append([labels[u] for u in result])
        return np.asarray(np.einsum(*operands))

    @staticmethod
    def ones(shape: tuple[int, ...]) -> np.ndarray:
        import numpy as np

        return np.ones(shape)

    @staticmethod
    def expand(array: np.ndarray, axis: int, allowed: Sequence[int], size: int) -> np.ndarray:
        import numpy as np

        full_shape = list(array.shape)
        full_shape[axis] = size
        full = np.zeros(full_shape)
        index: list[Any] = [slice(None)] * array.ndim
        index[axis] = list(allowed)
        full[tuple(index)] = array
        return full

    @staticmethod
    def total(array: np.ndarray) -> float:
        return float(array.sum())

    @staticmethod
    def divided(array: np.ndarray, total: float) -> np.ndarray:
        return array / total

    @staticmethod
    def values(array: np.ndarray) -> list[float]:
        return [float(x) for x in array.ravel()]


#: The operations of variable elimination on numpy arrays.
NUMPY: Any = _NumpyOps()


def _check_ordering(ordering: str) -> None:
    if ordering not in ORDERINGS:
        raise InvalidParameterError(
            f"unknown elimination ordering {ordering!r} (use {' or '.join(ORDERINGS)})"
        )


def _reduced_factors(
    network: BayesianNetwork,
    variables: Iterable[int],
    evidence: dict[int, tuple[int, ...]],
    ops: Any,
) -> list[Factor]:
    """The CPTs of ``variables`` with the evidence entered (observed axes sliced away)."""
    factors: list[Factor] = []
    parent_ids, tables = network._parent_ids, ops.tables(network)
    for v in variables:
        scope = (*parent_ids[v], v)
        table = tables[v]
        if not evidence or not any(u in evidence for u in scope):
            factors.append((scope, table))
            continue
        index: list[int | slice] = []
        kept: list[int] = []
        restricted: list[tuple[int, tuple[int, ...]]] = []
        for u in scope:
            allowed = evidence.get(u)
            if allowed is not None and len(allowed) == 1:
                index.append(allowed[0])
                continue
            index.append(slice(None))
            if allowed is not None:
                restricted.append((len(kept), allowed))
            kept.append(u)
        factors.append((tuple(kept), ops.restrict(table, index, restricted)))
    return factors


def _connected(factors: list[Factor], targets: Collection[int]) -> list[Factor]:
    """The factors connected to ``targets`` through the variables they share."""
    by_variable: dict[int, list[int]] = {}
    for number, (scope, _) in enumerate(factors):
        for u in scope:
            by_variable.setdefault(u, []).append(number)
    seen_vars = set(targets)
    stack = list(targets)
    kept: set[int] = set()
    while stack:
        for number in by_variable.get(stack.pop(), ()):
            if number not in kept:
                kept.add(number)
                for u in factors[number][0]:
                    if u not in seen_vars:
                        seen_vars.add(u)
                        stack.append(u)
    return [factors[n] for n in sorted(kept)]


def _greedy_order(
    scopes: Iterable[Sequence[int]], eliminate: Iterable[int], cards: Sequence[int], heuristic: str
) -> list[int]:
    """Greedy min-fill or min-degree order of ``eliminate`` on the interaction graph."""
    neighbours: dict[int, set[int]] = {}
    for scope in scopes:
        for u in scope:
            neighbours.setdefault(u, set()).update(scope)
    for u, adjacent in neighbours.items():
        adjacent.discard(u)
    remaining = set(eliminate)
    for u in remaining:
        neighbours.setdefault(u, set())
    min_fill = heuristic == "min-fill"

    def score(u: int) -> tuple[int, int, int]:
        adjacent = neighbours[u]
        weight = 1
        for w in adjacent:
            weight *= cards[w]
        if min_fill:
            fill = 0
            listed = list(adjacent)
            for i, a in enumerate(listed):
                around = neighbours[a]
                for b in listed[i + 1 :]:
                    if b not in around:
                        fill += 1
            return fill, weight, u
        return len(adjacent), weight, u

    scores = {u: score(u) for u in remaining}
    order: list[int] = []
    while remaining:
        best = min(remaining, key=scores.__getitem__)
        order.append(best)
        remaining.discard(best)
        adjacent = neighbours.pop(best)
        touched = set(adjacent)
        for a in adjacent:
            around = neighbours[a]
            around.discard(best)
            around.update(adjacent)
            around.discard(a)
            if min_fill:
                touched.update(around)
        for u in touched:
            if u in remaining:
                scores[u] = score(u)
    return order


#: The most factors one ``numpy.einsum`` call multiplies (numpy allows 32 or 64 operands).
MAX_EINSUM_FACTORS = 16
#: The most entries a factor built during elimination may hold (2**27 floats: 1 GiB).
MAX_FACTOR_ENTRIES = 1 << 27


def _entries(scope: Iterable[int], shapes: dict[int, int]) -> int:
    count = 1
    for u in scope:
        count *= shapes[u]
    return count


def _checked_size(scope: Sequence[int], shapes: dict[int, int]) -> None:
    """Refuse a factor too large to allocate, before numpy is asked for it."""
    entries = _entries(scope, shapes)
    if entries > MAX_FACTOR_ENTRIES:
        raise ResourceLimitError(
            f"exact inference needs a table of {entries:,} entries over {len(scope)} "
            f"variables (the limit is {MAX_FACTOR_ENTRIES:,}); use a sampling method "
            "(--method likelihood-weighting or gibbs)"
        )


def _multiply(factors: list[Factor], ops: Any, keep: Sequence[int] | None = None) -> Factor:
    """The product of ``factors`` over the union of their scopes (or summed down to ``keep``)."""
    shapes: dict[int, int] = {}
    for scope, array in factors:
        shapes.update(zip(scope, array.shape))
    every = tuple(dict.fromkeys(u for scope, _ in factors for u in scope))
    result = every if keep is None else tuple(keep)
    _checked_size(result, shapes)
    return result, ops.contract(factors, shapes, result)


def _fewer_factors(factors: list[Factor], ops: Any) -> list[Factor]:
    """Multiply pairs of factors until one einsum call can take them all.

    Each step multiplies the pair whose product has the fewest entries, so
    many factors over the same few variables (the observed children of one
    node) fold into one small table rather than meeting numpy's operand limit.
    """
    factors = list(factors)
    shapes = {u: n for scope, array in factors for u, n in zip(scope, array.shape)}
    while len(factors) > MAX_EINSUM_FACTORS:
        best = min(
            (
                (_entries(set(factors[i][0]) | set(factors[j][0]), shapes), i, j)
                for i in range(len(factors))
                for j in range(i + 1, len(factors))
            ),
        )
        _, i, j = best
        product = _multiply([factors[i], factors[j]], ops)
        factors = [f for k, f in enumerate(factors) if k not in (i, j)] + [product]
    return factors


def _sum_out(factors: list[Factor], variable: int, ops: Any) -> list[Factor]:
    """Multiply the factors that mention ``variable`` and sum it out."""
    involved: list[Factor] = []
    rest: list[Factor] = []
    for factor in factors:
        (involved if variable in factor[0] else rest).append(factor)
    if not involved:
        return rest
    involved = _fewer_factors(involved, ops)
    scope = tuple(dict.fromkeys(u for s, _ in involved for u in s if u != variable))
    rest.append(_multiply(involved, ops, keep=scope))
    return rest


def _product(factors: list[Factor], scope: Sequence[int], ops: Any) -> Any:
    """The product of factors whose scopes lie within ``scope``, with axes in ``scope`` order."""
    if not factors:
        return ops.ones(())
    return _multiply(_fewer_factors(factors, ops), ops, keep=scope)[1]


def _eliminate_all_but(
    network: BayesianNetwork,
    targets: tuple[int, ...],
    evidence: dict[int, tuple[int, ...]],
    ordering: str,
    prune: bool,
    ops: Any,
) -> tuple[Any, list[int]]:
    """Unnormalised P(targets, e) over the targets' (evidence-restricted) states."""
    relevant = network.ancestral_ids([*targets, *evidence])
    factors = _reduced_factors(network, relevant, evidence, ops)
    if prune:
        factors = _connected(factors, targets)
    keep = set(targets)
    eliminate = {u for scope, _ in factors for u in scope if u not in keep}
    cards = [len(evidence[u]) if u in evidence else card for u, card in enumerate(network._cards)]
    order = _greedy_order((scope for scope, _ in factors), eliminate, cards, ordering)
    for variable in order:
        factors = _sum_out(factors, variable, ops)
    for u in targets:  # a target no factor mentions (cannot happen for a network variable)
        if not any(u in scope for scope, _ in factors):
            factors.append(((u,), ops.ones((cards[u],))))
    return _product(factors, targets, ops), order


def _expand(
    array: Any,
    targets: Sequence[int],
    evidence: dict[int, tuple[int, ...]],
    cards: list[int],
    ops: Any,
) -> Any:
    """Put back the states that evidence ruled out (with probability 0)."""
    for axis, u in enumerate(targets):
        if u in evidence:
            array = ops.expand(array, axis, evidence[u], cards[u])
    return array


def _normalised(array: Any, evidence_text: str, ops: Any) -> Any:
    total = ops.total(array)
    if not total > 0.0:
        raise InvalidParameterError(f"the evidence {evidence_text} has probability 0")
    return ops.divided(array, total)


def _evidence_text(network: BayesianNetwork, evidence: Evidence | None) -> str:
    if not evidence:
        return "(none)"
    parts = []
    for name, value in evidence.items():
        shown = value if isinstance(value, str) else "{" + ", ".join(sorted(value)) + "}"
        parts.append(f"{name}={shown}")
    return ", ".join(parts)


def joint_posterior(
    network: BayesianNetwork,
    variables: Sequence[str],
    evidence: Evidence | None = None,
    ordering: str = "min-fill",
) -> np.ndarray:
    """P(variables | evidence) as an array with one axis per variable, in the given order.

    Raises
    ------
    InvalidParameterError
        For an unknown variable or state, an unknown ordering, or evidence of
        probability 0.

    Examples
    --------
    >>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
    >>> net = BayesianNetwork([boolean_variable("a", (), 0.5),
    ...                        boolean_variable("b", ("a",), [0.0, 1.0])])
    >>> joint_posterior(net, ["a", "b"]).tolist()
    [[0.5, 0.0], [0.0, 0.5]]
    """
    _check_ordering(ordering)
    targets = tuple(network._index_of(name) for name in variables)
    if len(set(targets)) != len(targets):
        raise InvalidParameterError("a variable is named twice in the query")
    observed = evidence_ids(network, evidence)
    array, _ = _eliminate_all_but(network, targets, observed, ordering, True, NUMPY)
    array = _normalised(array, _evidence_text(network, evidence), NUMPY)
    return _expand(array, targets, observed, network._cards, NUMPY)


def posterior(
    network: BayesianNetwork,
    variable: str,
    evidence: Evidence | None = None,
    ordering: str = "min-fill",
) -> dict[str, float]:
    """P(variable | evidence) as {state: probability}, by variable elimination.

    Only the evidence connected to ``variable`` is checked: evidence of
    probability 0 that the query does not depend on goes unnoticed (use
    :func:`evidence_probability` or :func:`variable_elimination` to check it).

    Raises
    ------
    InvalidParameterError
        For an unknown variable or state, an unknown ordering, or evidence of
        probability 0.
    """
    distribution = joint_posterior(network, [variable], evidence, ordering)
    return dict(zip(network.states(variable), map(float, distribution)))


def evidence_probability(
    network: BayesianNetwork, evidence: Evidence | None, ordering: str = "min-fill"
) -> float:
    """P(evidence): every variable summed out, nothing pruned but barren nodes.

    Examples
    --------
    >>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
    >>> net = BayesianNetwork([boolean_variable("rain", (), 0.2),
    ...                        boolean_variable("wet", ("rain",), [0.1, 0.8])])
    >>> round(evidence_probability(net, {"wet": "true"}), 12)
    0.24
    """
    _check_ordering(ordering)
    return _evidence_probability(network, evidence, ordering, NUMPY)


def _evidence_probability(
    network: BayesianNetwork, evidence: Evidence | None, ordering: str, ops: Any
) -> float:
    observed = evidence_ids(network, evidence)
    array, _ = _eliminate_all_but(network, (), observed, ordering, False, ops)
    return ops.total(array)


def elimination_order(
    network: BayesianNetwork,
    variables: Iterable[str] | None = None,
    ordering: str = "min-fill",
) -> list[str]:
    """The greedy elimination order of ``variables`` (all by default) on the moral graph.

    Examples
    --------
    >>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
    >>> net = BayesianNetwork([boolean_variable("a", (), 0.5),
    ...                        boolean_variable("b", ("a",), [0.1, 0.9]),
    ...                        boolean_variable("c", ("b",), [0.1, 0.9])])
    >>> elimination_order(net)
    ['a', 'b', 'c']
    """
    _check_ordering(ordering)
    names = network.variables if variables is None else list(variables)
    ids = [network._index_of(n) for n in names]
    scopes = [(*network._parent_ids[v], v) for v in range(len(network))]
    order = _greedy_order(scopes, ids, network._cards, ordering)
    return [network.variables[u] for u in order]


def variable_elimination(
    network: BayesianNetwork,
    query: Collection[str] | None = None,
    evidence: Evidence | None = None,
    ordering: str = "min-fill",
) -> InferenceResult:
    """Posterior marginals of the query variables, and P(evidence), by variable elimination.

    Parameters
    ----------
    network
        The belief network.
    query
        Variable names (every unobserved variable when None).
    evidence
        Variable -> observed state (or set of allowed states).
    ordering
        ``"min-fill"`` or ``"min-degree"``.

    Returns
    -------
    InferenceResult
        ``method="exact"``, the marginals, P(evidence) and, in ``details``,
        the elimination order used for each query variable.

    Raises
    ------
    InvalidParameterError
        For unknown variables or states, or evidence of probability 0.

    References
    ----------
    Zhang & Poole 1994; Russell & Norvig 2010, ch. 14.4; Koller & Friedman
    2009, ch. 9; Mitchell 1997, section 6.11.3 (inference of P(X | e)).

    Examples
    --------
    >>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
    >>> net = BayesianNetwork([boolean_variable("rain", (), 0.2),
    ...                        boolean_variable("wet", ("rain",), [0.1, 0.8])])
    >>> result = variable_elimination(net, ["rain"], {"wet": "true"})
    >>> round(result.marginals["rain"]["true"], 6), round(result.evidence_probability, 6)
    (0.666667, 0.24)
    """
    require(
        network,
        BayesianNetwork,
        "network",
        "a BayesianNetwork (symlearn.read_bif or compile_program)",
    )
    _check_ordering(ordering)
    if network.in_python:
        try:
            return _variable_elimination(network, query, evidence, ordering, python_ops())
        except TooLarge:
            pass
    return _variable_elimination(network, query, evidence, ordering, NUMPY)


def _variable_elimination(
    network: BayesianNetwork,
    query: Collection[str] | None,
    evidence: Evidence | None,
    ordering: str,
    ops: Any,
) -> InferenceResult:
    p_evidence = _evidence_probability(network, evidence, ordering, ops)
    if not p_evidence > 0.0:
        raise InvalidParameterError(
            f"the evidence {_evidence_text(network, evidence)} has probability 0"
        )
    observed = evidence_ids(network, evidence)
    marginals: dict[str, dict[str, float]] = {}
    orders: dict[str, list[str]] = {}
    for v in query_ids(network, query, evidence):
        array, order = _eliminate_all_but(network, (v,), observed, ordering, True, ops)
        array = _expand(_normalised(array, "given", ops), (v,), observed, network._cards, ops)
        name = network.variables[v]
        marginals[name] = dict(zip(network.states(name), ops.values(array)))
        orders[name] = [network.variables[u] for u in order]
    return InferenceResult(
        "exact",
        marginals,
        evidence_probability=p_evidence,
        details={"ordering": ordering, "elimination_orders": orders},
    )
