"""Learning a whole belief network from data: structure, parameters, EM for missing values.

The structure may be known or unknown, and the variables observable or hidden
(Mitchell 1997, section 6.11.4; Heckerman 1995).  :func:`learn_network`
covers the four cases:

* **structure unknown**: hill climbing on BIC/MDL from the empty graph
  (:func:`~symlearn.bayes.structure.hill_climb`) over the complete examples
  (structure search needs every value);
* **structure known**: the given network's graph;
* **all values observed**: the CPTs are estimated directly
  (:func:`~symlearn.bayes.parameters.fit_parameters`);
* **values missing** (``'?'``): EM (:func:`~symlearn.bayes.em.expectation_maximization`)
  over every example, starting from Laplace estimates on the complete
  examples (so that no example starts with probability 0), or from random
  CPTs when no example is complete.

Functions
---------
learn_network

Examples
--------
>>> from symlearn.bayes.data import Dataset
>>> rows = [("y", "y"), ("n", "n")] * 10 + [("y", None), (None, "n")]
>>> learned = learn_network(Dataset.from_rows(["a", "b"], rows))
>>> learned.network.graph.number_of_edges(), learned.em is not None, learned.complete_examples
(1, True, 20)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from symlearn.bayes.data import Dataset
from symlearn.bayes.em import EMResult, expectation_maximization
from symlearn.bayes.network import BayesianNetwork
from symlearn.bayes.parameters import fit_parameters
from symlearn.bayes.structure import StructureResult, hill_climb
from symlearn.errors import InvalidParameterError

__all__ = ["LearnedNetwork", "learn_network"]

Progress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True)
class LearnedNetwork:
    """A network learnt from data.

    Attributes
    ----------
    network
        The learnt network.
    structure
        The structure search (None when the structure was given).
    em
        The EM run (None when no value was missing).
    complete_examples
        How many examples had every value.
    """

    network: BayesianNetwork
    structure: StructureResult | None
    em: EMResult | None
    complete_examples: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: edges, the structure search, EM's trace and the CPTs."""
        payload: dict[str, Any] = {
            "edges": [list(e) for e in sorted(self.network.graph.edges)],
            "complete_examples": self.complete_examples,
        }
        if self.structure is not None:
            payload.update(
                {
                    "bic": self.structure.bic,
                    "mdl_bits": self.structure.mdl,
                    "moves": [list(m) for m in self.structure.moves],
                }
            )
        if self.em is not None:
            payload["em"] = {k: v for k, v in self.em.to_dict().items() if k != "cpts"}
        payload["cpts"] = self.network.to_dict()["cpts"]
        return payload


def learn_network(
    data: Dataset,
    structure: BayesianNetwork | None = None,
    estimator: str = "ml",
    m: float = 1.0,
    max_parents: int | None = None,
    seed: int | None = 0,
    max_iterations: int = 200,
    tolerance: float = 1e-8,
    progress: Progress | None = None,
) -> LearnedNetwork:
    """Learn a network from ``data`` (see the module docstring).

    Parameters
    ----------
    data
        One column per variable; None for a missing value.
    structure
        A network whose graph to keep (its variables must be columns of the
        data); searched for when None.
    estimator, m
        How CPTs are estimated (``ml``, ``laplace``, ``m-estimate``).
    max_parents
        Limit of the structure search.
    seed, max_iterations, tolerance
        For EM.
    progress
        Passed to the structure search and to EM.

    Raises
    ------
    InvalidParameterError
        When the structure must be searched but no example is complete, or the
        data does not fit the given structure.
    """
    complete_rows = tuple(row for row in data.rows if None not in row)
    complete = Dataset(data.variables, complete_rows, data.states)
    search = None
    if structure is None:
        if not complete_rows:
            raise InvalidParameterError(
                "structure search needs complete examples; "
                f"none of the {len(data)} has every value"
            )
        search = hill_climb(complete, max_parents, estimator=estimator, m=m, progress=progress)
        structure = search.network
    if not data.has_missing:
        fitted = (
            search.network if search is not None else fit_parameters(structure, data, estimator, m)
        )
        return LearnedNetwork(fitted, search, None, len(complete_rows))
    start = fit_parameters(structure, complete, "laplace") if complete_rows else structure
    em = expectation_maximization(
        start,
        data,
        estimator,
        m,
        max_iterations=max_iterations,
        tolerance=tolerance,
        initial="network" if complete_rows else "random",
        seed=seed,
        progress=progress,
    )
    return LearnedNetwork(em.network, search, em, len(complete_rows))
