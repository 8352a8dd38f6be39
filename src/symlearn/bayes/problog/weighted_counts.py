r"""Weighted model counts of fixed SDDs while a few choices' weights change.

The decision tasks (DTProbLog, MAP, the constraint task) evaluate the same
compiled formulas under many assignments of a few choices (the decisions,
the MAP atoms).  :class:`WeightedCounts` keeps one PySDD weighted model
counter per formula with every literal weight set once; an assignment then
changes only the weights of its choices before each count, instead of
setting every weight again.

Classes
-------
WeightedCounts
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["WeightedCounts"]


class WeightedCounts:
    """The weighted model counts of ``nodes`` of one manager (see the module docstring).

    Parameters
    ----------
    manager
        The PySDD manager of the nodes (variable ``i + 1`` is choice ``i``).
    nodes
        The SDDs to count.
    probabilities
        P(choice) of every choice (the weight of its negation is one minus it).
    """

    def __init__(self, manager: Any, nodes: Sequence[Any], probabilities: Sequence[float]) -> None:
        self.manager = manager
        self.nodes = list(nodes)
        self.counters = [None if n.is_false() else n.wmc(log_mode=False) for n in self.nodes]
        for index, probability in enumerate(probabilities or [1.0]):
            self._weigh_all(index, probability)

    def _weigh_all(self, index: int, probability: float) -> None:
        positive, negative = self.manager.literal(index + 1), self.manager.literal(-(index + 1))
        for counter in self.counters:
            if counter is not None:
                counter.set_literal_weight(positive, probability)
                counter.set_literal_weight(negative, 1.0 - probability)

    def set(self, index: int, probability: float) -> None:
        """Give choice ``index`` the probability ``probability`` in every count from now on."""
        self._weigh_all(index, probability)

    def counts(self) -> list[float]:
        """The weighted model count of each node under the current weights."""
        return [0.0 if c is None else float(c.propagate()) for c in self.counters]
