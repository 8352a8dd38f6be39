r"""Answering probabilistic queries with a belief network: the network side of ``symlearn infer``.

:func:`symlearn.bayes.answer.infer` sends here every program that is a
network (and a BIF network), and any other to :mod:`symlearn.bayes.problog`;
its docstring says how queries and evidence are written.
:func:`load_program` compiles the source to a belief network with its queries
and evidence (given, else the files' ``query/1`` and ``evidence/2``; a BIF
network with no query asks every atom), :func:`run_network` runs one
inference method and returns an :class:`InferenceRun`: the probability of each
query atom, the standard errors of the sampling methods, the JSON of
``symlearn infer --json`` (:meth:`~InferenceRun.to_dict`), its text
(:meth:`~InferenceRun.report`) and the network written as ProbLog, BIF or a
picture (:meth:`~InferenceRun.write`).  :func:`infer_network` is the two in
one, for a network learnt (:meth:`NetworkRun.infer
<symlearn.bayes.networks.network_run.NetworkRun.infer>`).

Functions
---------
infer_network, run_network, load_program

Examples
--------
>>> from symlearn.kb import loads
>>> run = infer_network(loads("0.2::rain. 0.8::wet :- rain."), "wet", method="enumeration")
>>> round(run.probability("wet"), 10), run.method
(0.16, 'enumeration')

References
----------
Russell & Norvig 2010, ch. 14 (exact inference by variable elimination,
likelihood weighting, Gibbs sampling).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.bayes.given import (
    EvidenceGiven,
    PathLike,
    Progress,
    Queries,
    StateEvidence,
    atom_evidence,
    check_choice,
    given_evidence,
    parse_evidence,
    query_terms,
    source_paths,
    term_of,
)
from symlearn.bayes.networks.inference import (
    METHODS,
    AtomProbabilities,
    atom_probabilities,
    program_from_network,
)
from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.network_files import (
    NETWORK_SUFFIXES,
    check_network_suffix,
    is_bif,
    read_network,
    write_network,
)
from symlearn.bayes.networks.program import ProbLogNetwork, compile_fragment
from symlearn.bayes.networks.program_fragment import network_fragment
from symlearn.bayes.networks.queries import InferenceResult
from symlearn.bayes.networks.variable_elimination import ORDERINGS
from symlearn.errors import InvalidParameterError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.loader import load
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "EvidenceGiven",
    "InferenceRun",
    "Queries",
    "Source",
    "atom_evidence",
    "check_choice",
    "given_evidence",
    "infer_network",
    "load_program",
    "network_of",
    "parse_evidence",
    "query_terms",
    "run_network",
    "source_paths",
]

#: What :func:`infer_network` answers over: files, a knowledge base or a network.
Source = PathLike | Iterable[PathLike] | KnowledgeBase | BayesianNetwork | ProbLogNetwork


def _state_evidence(
    network: BayesianNetwork, given: Iterable[tuple[Term, bool] | StateEvidence]
) -> list[tuple[Term, bool]]:
    """The evidence with each ``NAME=STATE`` turned into an atom of the network.

    ``CVP=LOW`` (as pgmpy and pyAgrum users write it, names and states cased
    as in the file) is ``cvp(low)=true``; the atom-less state of a Boolean
    variable (``HISTORY=FALSE``) is its atom false.
    """
    result: list[tuple[Term, bool]] = []
    for item in given:
        if not isinstance(item, StateEvidence):
            result.append(item)
            continue
        first, second = item.name, item.state
        name = network.variable_of(str(first))
        if name is None:
            raise InvalidParameterError(
                f"--evidence {first}={second}: {first} is not a variable of the network"
            )
        states = network.states(name)
        if second not in states:
            raise InvalidParameterError(
                f"--evidence {first}={second}: {name} has the states {', '.join(states)}"
            )
        index = states.index(second)
        atoms = {state: atom for atom, state in network[name].atoms}
        if index in atoms:
            result.append((atoms[index], True))
        elif len(atoms) == 1:
            result.append((next(iter(atoms.values())), False))
        else:  # pragma: no cover - every state but a Boolean's false one has an atom
            raise InvalidParameterError(f"--evidence {first}={second}: the state has no atom")
    return result


def load_program(
    source: Source,
    queries: Queries | None = None,
    evidence: EvidenceGiven | None = None,
    progress: Progress | None = None,
) -> tuple[ProbLogNetwork, tuple[str, ...]]:
    """The compiled program of ``source`` with its queries and evidence, and the files read.

    Queries and evidence given replace the files' ``query/1`` and
    ``evidence/2``; a network with no query asks about every atom.

    Raises
    ------
    InvalidParameterError
        For no file, a BIF file given with others, queries or evidence given
        with a compiled program, or a query that names nothing.
    KBError
        For a file that does not load or a clause outside the network fragment.
    """
    asked, observed = query_terms(queries), given_evidence(evidence)
    if isinstance(source, ProbLogNetwork):
        if asked is not None or observed is not None:
            raise InvalidParameterError(
                "a compiled program has its queries and evidence: give them to compile_program"
            )
        return source, ()
    if isinstance(source, BayesianNetwork):
        return program_from_network(
            source, asked or (), _state_evidence(source, observed or ())
        ), ()
    sources: tuple[str, ...] = ()
    if isinstance(source, KnowledgeBase):
        kb = source
    else:
        sources = source_paths(source)
        if not sources:
            raise InvalidParameterError("no file given")
        if any(is_bif(p) for p in sources):
            if len(sources) != 1:
                raise InvalidParameterError("give a .bif file on its own")
            network = read_network(sources[0])
            given = _state_evidence(network, observed or ())
            return program_from_network(network, asked or (), given), sources
        kb = load(sources, progress=progress)
    return network_of(kb, asked, atom_evidence(observed)), sources


@dataclass(eq=False)
class InferenceRun:
    """The answer of :func:`infer`: the probability of each query atom given the evidence.

    Attributes
    ----------
    program
        The compiled program (its network, queries and evidence).
    answer
        The probabilities, standard errors and the method's result.
    sources
        The files read (``write`` never replaces one of them without ``force``).
    output
        The file :meth:`write` wrote, if any (``output`` in the JSON).
    """

    program: ProbLogNetwork
    answer: AtomProbabilities
    sources: tuple[str, ...] = ()
    output: str | None = None

    #: The suffixes :meth:`write` writes.
    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = NETWORK_SUFFIXES

    @property
    def network(self) -> BayesianNetwork:
        """The belief network the program compiled to."""
        return self.program.network

    @property
    def method(self) -> str:
        """The inference method."""
        return self.answer.method

    @property
    def probabilities(self) -> dict[Term, float]:
        """Query atom -> P(atom | evidence), in query order."""
        return self.answer.probabilities

    @property
    def standard_errors(self) -> dict[Term, float] | None:
        """Query atom -> standard error (sampling methods), else None."""
        return self.answer.standard_errors

    @property
    def result(self) -> InferenceResult:
        """The method's posterior marginals of the network's variables."""
        return self.answer.result

    def probability(self, atom: str | Term) -> float:
        """P(atom | evidence) of a query atom (given as text or a term).

        Raises
        ------
        InvalidParameterError
            For an atom that was not asked about.
        """
        term = term_of(atom, "<query>")
        if term not in self.probabilities:
            asked = ", ".join(format_term(a) for a in self.probabilities)
            raise InvalidParameterError(f"{format_term(term)} was not asked (asked: {asked})")
        return self.probabilities[term]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``symlearn infer --json``: ``probabilities``, ``method``, the network."""
        payload = self.answer.to_dict()
        payload["network"] = {
            "variables": list(self.network.variables),
            "edges": [list(e) for e in self.network.edges],
        }
        payload["cpts"] = self.network.to_dict()["cpts"]
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def _repr_html_(self) -> str:
        """Jupyter: the probabilities as bars, above the report ``symlearn infer`` prints."""
        from symlearn.hypotheses.html import probabilities_html

        shown = {atom: float(p) for atom, p in self.to_dict()["probabilities"].items()}
        return probabilities_html("probabilities", self.report(), shown)

    def report(self, verbose: int = 0) -> list[str]:
        """The text of ``symlearn infer``: one line per query atom (``verbose``: P(evidence))."""
        answer = self.answer
        if not answer.probabilities:  # nothing asked: nothing to print, as problog prints
            return [f"% wrote {self.output}"] if self.output is not None else []
        evidence = ", ".join(
            format_term(a) if v else f"\\+{format_term(a)}" for a, v in answer.evidence
        )
        lines = [f"% method: {answer.method}" + (f"; evidence: {evidence}" if evidence else "")]
        width = max((len(format_term(a)) for a in answer.probabilities), default=0)
        for atom, p in answer.probabilities.items():
            line = f"{format_term(atom) + ':':<{width + 1}} {p:.10g}"
            if answer.standard_errors is not None:
                line += f"  (standard error {answer.standard_errors[atom]:.2g})"
            lines.append(line)
        details = answer.result.details
        if "samples" in details:
            lines.append(f"% {details['samples']} samples, seed {details['seed']}")
        lines += [f"% warning: {warning}" for warning in details.get("warnings", ())]
        if verbose and answer.result.evidence_probability is not None:
            lines.append(f"% P(evidence) = {answer.result.evidence_probability:.10g}")
        if self.output is not None:
            lines.append(f"% wrote {self.output}")
        return lines

    def write(self, path: PathLike, *, force: bool = False) -> None:
        """Write the network: a picture with the answers in it, BIF, or ProbLog with the question.

        Raises
        ------
        InvalidParameterError
            For a suffix not in :attr:`OUTPUT_SUFFIXES`.
        OutputError
            When ``path`` is an input file (unless ``force``) or cannot be written.
        """
        observed = self.program.evidence_states()
        marginals = self.result.marginals
        write_network(
            path,
            self.network,
            header="written by symlearn infer",
            queries=self.program.queries,
            evidence=self.program.evidence,
            marginals=marginals,
            observed=observed,
            asked=set(marginals) - set(observed),
            inputs=self.sources,
            force=force,
        )
        self.output = str(path)


def network_of(
    kb: KnowledgeBase, asked: list[Term] | None, observed: list[tuple[Term, bool]] | None
) -> ProbLogNetwork:
    """The program as a belief network (ground and acyclic).

    Raises
    ------
    KBError
        When the program is not one (see
        :func:`~symlearn.bayes.networks.program_fragment.network_fragment`).
    """
    return compile_fragment(network_fragment(kb, asked, observed))


def run_network(
    program: ProbLogNetwork,
    sources: tuple[str, ...] = (),
    *,
    method: str = "exact",
    ordering: str = "min-fill",
    samples: int = 10000,
    seed: int | None = 0,
    chains: int = 16,
    burn_in: int = 200,
    output: PathLike | None = None,
    force: bool = False,
    progress: Progress | None = None,
) -> InferenceRun:
    """A compiled program answered by one of the network's methods.

    Parameters
    ----------
    program, sources
        The compiled program and the files it was read from.
    method
        ``exact`` (variable elimination), ``enumeration``,
        ``likelihood-weighting`` or ``gibbs``.
    ordering, samples, seed, chains, burn_in, output, force, progress
        As for :func:`symlearn.bayes.answer.infer`.

    Raises
    ------
    InvalidParameterError
        For an unknown method or ordering, or an output that cannot be written.
    """
    check_choice("method", method, METHODS)
    check_choice("ordering", ordering, ORDERINGS)
    if output is not None:
        check_network_suffix(output)
    answer = atom_probabilities(
        program, method, ordering, samples, seed, chains, burn_in, progress=progress
    )
    run = InferenceRun(program, answer, sources)
    if output is not None:
        run.write(output, force=force)
    return run


def infer_network(
    source: Source,
    queries: Queries | None = None,
    evidence: EvidenceGiven | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> InferenceRun:
    """P(query | evidence) for each query atom of a belief network (or files that are one).

    ``source``, ``queries``, ``evidence`` and ``progress`` are read by
    :func:`load_program`, the ``options`` (``method``, ``samples`` ...) by
    :func:`run_network`.

    Raises
    ------
    InvalidParameterError
        For an unknown method, malformed or impossible evidence, a query that
        names nothing, or an output suffix that cannot be written.
    KBError
        For a file that does not load or a clause outside the network fragment.
    """
    check_choice("method", options.get("method", "exact"), METHODS)
    program, sources = load_program(source, queries, evidence, progress)
    return run_network(program, sources, progress=progress, **options)
