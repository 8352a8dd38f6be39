r"""Probabilities of query atoms given evidence atoms, by any inference method.

This is what ``symlearn infer`` runs (through :func:`symlearn.bayes.answer.infer`,
which reads the files): the queries and evidence of a ProbLog
program (or of a network read from BIF, whose variables carry atoms) are
turned into variables and states, one inference method computes the
posterior marginals, and each query atom gets the probability of the states
in which it is true (1 or 0 for atoms whose truth is certain).

Methods: ``exact`` (variable elimination), ``enumeration`` (the full joint),
``likelihood-weighting`` and ``gibbs`` (with a seed, a sample count and
standard errors).

Functions
---------
atom_probabilities, program_from_network

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.bayes.networks.program import compile_program
>>> program = compile_program(loads('''
... 0.2::rain. 0.1::wet :- \\+ rain. 0.8::wet :- rain.
... evidence(wet, true). query(rain).
... '''))
>>> result = atom_probabilities(program)
>>> {str(atom): round(p, 6) for atom, p in result.probabilities.items()}
{'rain': 0.666667}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from symlearn.bayes.given import NETWORK_METHODS
from symlearn.bayes.marginals import marginals_payload
from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.program import ProbLogNetwork
from symlearn.bayes.networks.queries import InferenceResult
from symlearn.bayes.networks.variable_elimination import variable_elimination
from symlearn.errors import InvalidParameterError
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term, Var, is_ground
from symlearn.logic.unify import match

__all__ = ["METHODS", "AtomProbabilities", "atom_probabilities", "program_from_network"]

#: The inference methods.
METHODS = NETWORK_METHODS


@dataclass(frozen=True)
class AtomProbabilities:
    """The probability of each query atom given the evidence.

    Attributes
    ----------
    probabilities
        Query atom -> P(atom | evidence), in query order.
    standard_errors
        Query atom -> standard error (sampling methods; 0 for certain atoms), else None.
    result
        The underlying :class:`~symlearn.bayes.networks.queries.InferenceResult`.
    evidence
        The evidence as (atom, value) pairs.
    """

    probabilities: dict[Term, float]
    standard_errors: dict[Term, float] | None
    result: InferenceResult
    evidence: tuple[tuple[Term, bool], ...]

    @property
    def method(self) -> str:
        """The inference method."""
        return self.result.method

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: probabilities, method, standard errors, evidence and details."""
        payload = marginals_payload(
            self.probabilities,
            self.method,
            self.standard_errors,
            self.evidence,
            self.result.evidence_probability,
        )
        payload["marginals"] = self.result.marginals
        payload.update(self.result.details)
        return payload


def _run(
    network: BayesianNetwork,
    variables: list[str],
    evidence: dict[str, frozenset[str]],
    method: str,
    ordering: str,
    samples: int,
    seed: int | None,
    chains: int,
    burn_in: int,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> InferenceResult:
    if method == "exact":
        return variable_elimination(network, variables, evidence, ordering)
    if method == "enumeration":
        from symlearn.bayes.networks.enumeration import enumeration

        return enumeration(network, variables, evidence)
    if method == "likelihood-weighting":
        from symlearn.bayes.networks.sampling import likelihood_weighting

        return likelihood_weighting(network, variables, evidence, samples, seed)
    if method == "gibbs":
        from symlearn.bayes.networks.sampling import gibbs_sampling

        return gibbs_sampling(
            network, variables, evidence, samples, seed, chains, burn_in, progress=progress
        )
    raise InvalidParameterError(f"unknown inference method {method!r} (use {', '.join(METHODS)})")


def atom_probabilities(
    program: ProbLogNetwork,
    method: str = "exact",
    ordering: str = "min-fill",
    samples: int = 10000,
    seed: int | None = 0,
    chains: int = 16,
    burn_in: int = 200,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> AtomProbabilities:
    """P(query | evidence) for each query atom of ``program``.

    Parameters
    ----------
    program
        A compiled program (:func:`~symlearn.bayes.networks.program.compile_program`
        or :func:`program_from_network`); its ``queries`` and ``evidence``.
    method
        One of :data:`METHODS`.
    ordering
        Elimination ordering for ``exact``: ``min-fill`` or ``min-degree``.
    samples, seed
        For the sampling methods.
    chains, burn_in
        For ``gibbs``.
    progress
        Called as ``progress(stage, done, total)`` by the sampling methods.

    Raises
    ------
    InvalidParameterError
        For an unknown method, impossible evidence, or bad sampling parameters.
    """
    evidence = program.evidence_states()
    events = [(atom, program.event(atom)) for atom in program.queries]
    variables = list(dict.fromkeys(e[0] for _, e in events if not isinstance(e, bool)))
    if variables or method != "exact":
        result = _run(
            program.network,
            variables,
            evidence,
            method,
            ordering,
            samples,
            seed,
            chains,
            burn_in,
            progress,
        )
    else:  # only certain atoms asked: still check the evidence is possible
        result = variable_elimination(program.network, [], evidence, ordering)
    probabilities: dict[Term, float] = {}
    errors: dict[Term, float] | None = {} if result.standard_errors is not None else None
    for atom, event in events:
        if isinstance(event, bool):
            probabilities[atom] = float(event)
            if errors is not None:
                errors[atom] = 0.0
            continue
        name, states = event
        names = [program.network.states(name)[i] for i in sorted(states)]
        probabilities[atom] = result.probability(name, names)
        if errors is not None:
            errors[atom] = _atom_error(result, name, names)
    return AtomProbabilities(probabilities, errors, result, program.evidence)


def _atom_error(result: InferenceResult, name: str, states: Sequence[str]) -> float:
    """The standard error of P(atom): exact for one state; for several, of the largest."""
    assert result.standard_errors is not None
    return max(result.standard_errors[name][s] for s in states) if states else 0.0


def _resolve(network: BayesianNetwork, term: Term) -> list[Term]:
    """The atoms of ``network`` that a query term names."""
    if term in network.atoms:
        return [term]
    if isinstance(term, Var):  # HISTORY on the command line reads as a Prolog variable
        term = term.name
    whole = network.variable_of(term)
    if whole is not None:
        variable = network[whole]
        return [atom for atom, _ in sorted(variable.atoms, key=lambda pair: pair[1])]
    if not is_ground(term):
        found = [atom for atom in network.atoms if match(term, atom) is not None]
        if found:
            return found
    raise InvalidParameterError(f"{format_term(term)} is not an atom or variable of the network")


def program_from_network(
    network: BayesianNetwork,
    queries: Iterable[Term] = (),
    evidence: Iterable[tuple[Term, bool]] = (),
) -> ProbLogNetwork:
    """Queries and evidence on a network's atoms (e.g. one read from BIF), ready to answer.

    A query may be an atom of the network (``cvp(low)``), a variable's name or
    key (``HISTORY``, ``cvp``: all its atoms; a name that reads as a Prolog
    variable counts as a name) or a non-ground pattern (``cvp(_)``).  No
    queries means every atom of every variable.

    Raises
    ------
    InvalidParameterError
        For a term that names nothing in the network.
    """
    atoms: dict[Term, None] = {}
    for term in queries:
        atoms.update(dict.fromkeys(_resolve(network, term)))
    if not atoms:
        atoms = dict.fromkeys(network.atoms)
    given = tuple(evidence)
    for atom, _ in given:
        if atom not in network.atoms:
            raise InvalidParameterError(
                f"evidence {format_term(atom)} is not an atom of the network"
            )
    events = {atom: network.event(atom) for atom in network.atoms}
    return ProbLogNetwork(network, tuple(atoms), given, {}, events)  # type: ignore[arg-type]
