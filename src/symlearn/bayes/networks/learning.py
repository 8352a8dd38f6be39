"""Learning a whole belief network from data: structure, parameters, EM for missing values.

The structure may be known or unknown, and the variables observable or hidden
(Mitchell 1997, section 6.11.4; Heckerman 1995).  :func:`learn_network`
covers the four cases:

* **structure unknown**: hill climbing on BIC/MDL from the empty graph
  (:func:`~symlearn.bayes.networks.structure.hill_climb`) over the complete examples
  (structure search needs every value);
* **structure known**: the given network's graph;
* **all values observed**: the CPTs are estimated directly
  (:func:`~symlearn.bayes.networks.parameters.fit_parameters`);
* **values missing** (``'?'``): EM (:func:`~symlearn.bayes.networks.em.expectation_maximization`)
  over every example, starting from Laplace estimates on the complete
  examples (so that no example starts with probability 0), or from random
  CPTs when no example is complete.

Functions
---------
learn_network
    The four cases above, on a :class:`~symlearn.bayes.networks.data.Dataset`.
learn
    ``symlearn learn bayes-net``: the learner protocol over a
    :class:`~symlearn.learning.task.LearningTask` (:class:`BayesNetSettings`,
    :class:`BayesNetRun`).

Examples
--------
>>> from symlearn.bayes.networks.data import Dataset
>>> rows = [("y", "y"), ("n", "n")] * 10 + [("y", None), (None, "n")]
>>> learned = learn_network(Dataset.from_rows(["a", "b"], rows))
>>> learned.network.graph.number_of_edges(), learned.em is not None, learned.complete_examples
(1, True, 20)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.bayes.networks.data import Dataset
from symlearn.bayes.networks.em import EMResult, expectation_maximization
from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.network_files import NETWORK_SUFFIXES, read_network
from symlearn.bayes.networks.network_run import NetworkRun, learnt_from
from symlearn.bayes.networks.parameters import ESTIMATORS, fit_parameters
from symlearn.bayes.networks.structure import StructureResult, hill_climb
from symlearn.errors import InvalidParameterError
from symlearn.learning.registry import Progress
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask

__all__ = [
    "SETTINGS",
    "BayesNetRun",
    "BayesNetSettings",
    "LearnedNetwork",
    "learn",
    "learn_network",
]


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


# -- the learner protocol -------------------------------------------------------------

SUMMARY = "A belief network over the attributes and the class: structure search, CPTs, EM."
EXAMPLE = "symlearn learn bayes-net kb/house_votes.pl --max-parents 2 -o votes.svg"
TABLES = True
OUTPUT_SUFFIXES = NETWORK_SUFFIXES
OUTPUT_HELP = "Write the network: .pl (ProbLog), .bif, .svg, .png, .dot."


@dataclass(frozen=True)
class BayesNetSettings(Settings):
    """What ``symlearn learn bayes-net`` can be told."""

    ALGORITHM: ClassVar[str] = "bayes-net"

    structure: str | None = option(
        None,
        metavar="FILE",
        help="Keep the graph of this network (.pl ProbLog or .bif); searched for when not given.",
    )
    estimator: str = option(
        "ml", key="estimator", choices=ESTIMATORS, help="How CPTs are estimated."
    )
    m: float = option(1.0, key="m", minimum=0, help="m of the m-estimate.")
    max_parents: int | None = option(
        None, key="max_parents", minimum=0, help="Parent limit of the structure search."
    )
    seed: int = option(0, help="Seed for EM's random start.")
    max_iterations: int = option(
        200, key="max_iterations", minimum=1, help="EM iterations at most."
    )
    tolerance: float = option(
        1e-8, key="tolerance", help="EM stops when the log-likelihood grows by less."
    )


SETTINGS = BayesNetSettings


@dataclass(eq=False)
class BayesNetRun(NetworkRun):
    """A belief network learned from a task's attribute-value examples.

    Attributes
    ----------
    learned
        The network with its structure search and EM run (:class:`LearnedNetwork`).
    examples
        The number of examples it was learned from.
    """

    task: LearningTask
    settings: BayesNetSettings
    learned: LearnedNetwork
    examples: int
    algorithm: str = "bayes-net"

    @property
    def network(self) -> BayesianNetwork:
        """The learned network."""
        return self.learned.network

    @property
    def header(self) -> str:
        """``belief network learnt by symlearn learn bayes-net from FILE (ESTIMATOR)``."""
        return (
            "belief network learnt by symlearn learn bayes-net"
            + learnt_from(self.task)
            + f" ({self.settings.estimator})"
        )

    def to_dict(self) -> dict[str, Any]:
        """``hypothesis``, ``examples``, ``edges``, ``bic``, ``mdl_bits``, ``em``, ``cpts`` ..."""
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "examples": self.examples,
            **self.learned.to_dict(),
        }
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The edges, the structure's score, EM's progress, then the network as ProbLog."""
        learned = self.learned
        edges = sorted(self.network.graph.edges)
        lines = [
            f"% {self.header}",
            f"% {self.examples} examples, {learned.complete_examples} complete",
            "% edges: " + (", ".join(f"{a} -> {b}" for a, b in edges) or "none"),
        ]
        if learned.structure is not None:
            lines.append(
                f"% BIC {learned.structure.bic:.4f}, MDL {learned.structure.mdl:.2f} bits, "
                f"{len(learned.structure.moves)} moves"
            )
        if learned.em is not None:
            em = learned.em
            lines.append(
                f"% EM: {em.iterations} iterations, log-likelihood {em.log_likelihoods[0]:.4f}"
                f" -> {em.log_likelihoods[-1]:.4f}" + ("" if em.converged else " (not converged)")
            )
        return [*lines, *self.clauses(), *self.output_lines()]


def learn(
    task: LearningTask,
    settings: BayesNetSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> BayesNetRun:
    """Learn a belief network over a task's attributes and class (the learner protocol).

    The structure is ``settings.structure``'s graph, else searched by
    hill climbing on BIC/MDL; the CPTs are estimated directly, or by EM when
    values are missing (see :func:`learn_network`).

    Raises
    ------
    InvalidParameterError
        For a continuous attribute, or a structure that does not fit the data.
    """
    settings = settings or BayesNetSettings.from_task(task)
    dataset = Dataset.from_attribute_values(task.attribute_data)
    structure = read_network(settings.structure) if settings.structure is not None else None
    learned = learn_network(
        dataset,
        structure,
        settings.estimator,
        settings.m,
        settings.max_parents,
        settings.seed,
        settings.max_iterations,
        settings.tolerance,
        progress,
    )
    return BayesNetRun(task, settings, learned, len(dataset))
