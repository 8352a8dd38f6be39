r"""ProbLog's inference tasks on any program: grounding, then compilation or sampling.

What ``symlearn infer`` runs on a ProbLog program that is not a ground,
acyclic belief network (variables, recursion, cycles, builtins): the program
is grounded for its queries and evidence (:mod:`~symlearn.bayes.problog.grounding`),
then either compiled to an SDD and answered exactly by weighted model
counting (method ``sdd``, :mod:`~symlearn.bayes.problog.sdd_compilation`) or answered
by sampling worlds (method ``sample``, :mod:`~symlearn.bayes.problog.program_sampling`).
A :class:`ProgramRun` prints as ProbLog prints its answers
(``atom:<tab>probability``, atoms right-aligned and sorted) and gives the
JSON of ``symlearn infer --json``.

Functions and classes
---------------------
infer_program, ProgramRun, PROGRAM_METHODS

Examples
--------
>>> from symlearn.kb import loads
>>> run = infer_program(loads('''
... 0.5::edge(a, b). 0.5::edge(b, a). 0.5::edge(b, c).
... path(X, Y) :- edge(X, Y).
... path(X, Y) :- edge(X, Z), path(Z, Y).
... query(path(a, _)).
... '''))
>>> [line.split() for line in run.report()]
[['path(a,a):', '0.25'], ['path(a,b):', '0.5'], ['path(a,c):', '0.25']]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from symlearn.bayes.given import PROGRAM_METHODS
from symlearn.bayes.marginals import marginals_payload
from symlearn.bayes.problog.deep_stack import run_deep
from symlearn.bayes.problog.ground_program import GroundProgram
from symlearn.bayes.problog.grounding import ground_program, located_error
from symlearn.bayes.problog.printing import problog_text
from symlearn.bayes.problog.sdd_compilation import compile_program_sdd
from symlearn.errors import InvalidParameterError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.loader import DISTRIBUTION_NAMES
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_ground

if TYPE_CHECKING:
    from symlearn.bayes.problog.mpe import Explanation

__all__ = ["PROGRAM_METHODS", "ProgramRun", "infer_program", "problog_text"]


def _problog_number(value: float, precision: int = 8) -> str:
    """A probability as ProbLog prints it: 8 significant digits, padded to 10 columns."""
    return f"{f'{value:.{precision}g}':<{precision + 2}}"


@dataclass(eq=False)
class ProgramRun:
    """The answers of ProbLog's marginal task on a grounded program.

    Attributes
    ----------
    program
        The relevant ground program.
    probabilities
        Query atom -> P(atom | evidence), in query order.
    method
        ``sdd`` or ``sample``.
    evidence_probability
        P(evidence) (exact method), else None.
    standard_errors
        Query atom -> standard error (``sample``), else None.
    details
        Method details for the JSON (samples, seed, accepted worlds, sizes).
    sources
        The files read.
    explanation
        With ``mpe``: the most probable world given the evidence (the
        probabilities are then the queries' truth in it, 1 or 0).
    """

    program: GroundProgram
    probabilities: dict[Term, float]
    method: str
    evidence_probability: float | None = None
    standard_errors: dict[Term, float] | None = None
    details: dict[str, Any] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    output: str | None = None
    explanation: Explanation | None = None

    def probability(self, atom: str | Term) -> float:
        """P(atom | evidence) of a query atom (given as text or a term).

        Raises
        ------
        InvalidParameterError
            For an atom that was not asked about.
        """
        from symlearn.kb.parser import parse_term

        term = parse_term(atom, "<query>") if isinstance(atom, str) else atom
        if term not in self.probabilities:
            asked = ", ".join(format_term(a) for a in self.probabilities)
            raise InvalidParameterError(f"{format_term(term)} was not asked (asked: {asked})")
        return self.probabilities[term]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``symlearn infer --json`` (``probabilities``, ``method``, ...)."""
        payload = marginals_payload(
            self.probabilities,
            self.method,
            self.standard_errors,
            [(self.program.name(node), value) for node, value in self.program.evidence],
            self.evidence_probability,
        )
        payload["ground_program"] = {
            "choices": len(self.program.choices),
            "atoms": len(self.program.rules),
            "rules": sum(len(r) for r in self.program.rules.values()),
        }
        payload.update(self.details)
        if self.explanation is not None:
            payload.update(self.explanation.to_dict())
        return payload

    def _repr_html_(self) -> str:
        """Jupyter: the probabilities as bars, above the report ``symlearn infer`` prints."""
        from symlearn.hypotheses.html import probabilities_html

        shown = {atom: float(p) for atom, p in self.to_dict()["probabilities"].items()}
        return probabilities_html("probabilities", self.report(), shown)

    def report(self, verbose: int = 0) -> list[str]:
        r"""The answers as ProbLog prints them: ``atom:<tab>probability``, sorted by atom.

        With ``mpe``, as ``problog mpe`` prints: each query atom true or
        ``\+`` false in the most probable world, then its probability.
        """
        if self.explanation is not None:
            lines = [
                problog_text(atom) if value else "\\+" + problog_text(atom)
                for atom, value in self.explanation.queries.items()
            ]
            return [*lines, f"% Probability: {self.explanation.probability:.10g}"]
        atoms = {problog_text(a): a for a in self.probabilities}
        width = max((len(t) for t in atoms), default=0)
        lines = []
        for text in sorted(atoms):
            atom = atoms[text]
            line = f"{text:>{width}}:\t{_problog_number(self.probabilities[atom])}"
            if self.standard_errors is not None:
                line += f"\t(standard error {self.standard_errors[atom]:.2g})"
            lines.append(line)
        if "samples" in self.details:
            lines.append(
                f"% {self.details['samples']} samples ({self.details['accepted']} kept by the "
                f"evidence), seed {self.details['seed']}"
            )
        if verbose:
            lines.append(f"% method: {self.method}")
            if self.evidence_probability is not None:
                lines.append(f"% P(evidence) = {self.evidence_probability:.10g}")
        return lines


def _every_atom(kb: KnowledgeBase) -> list[Term]:
    """One open query per predicate with probabilistic clauses (``mpe`` with no query)."""
    indicators = dict.fromkeys(functor_of(h) for c in kb.probabilistic for _, h in c.heads)
    return [
        Struct(name, tuple(Var("_") for _ in range(arity))) if arity else name
        for name, arity in indicators
    ]


def _refuse_decisions(kb: KnowledgeBase) -> None:
    """Decisions (``?::``) and distributions are for other tasks than marginals.

    A program with decisions has no probabilities until a strategy makes
    them; one with continuous distributions is sampled.

    Raises
    ------
    KBError
        At the first decision or distribution.
    """
    for clause in kb.probabilistic:
        if any(probability == "?" for probability, _ in clause.heads):
            raise located_error(
                f"{clause} is a decision (?::): symlearn problog dt makes decisions; "
                "symlearn infer answers probabilities",
                clause.position,
            )
        if any(
            isinstance(p, Struct) and p.name in DISTRIBUTION_NAMES and is_ground(p)
            for p, _ in clause.heads
        ):
            raise located_error(
                f"{clause} has a continuous distribution: such a program is sampled "
                "(symlearn problog sample, as ProbLog's sample task), not inferred exactly",
                clause.position,
            )


def infer_program(
    kb: KnowledgeBase,
    queries: Sequence[Term] | None = None,
    evidence: Sequence[tuple[Term, bool]] | None = None,
    *,
    method: str = "sdd",
    samples: int = 10000,
    seed: int | None = 0,
    progress: Callable[[str, int, int | None], None] | None = None,
    sources: tuple[str, ...] = (),
) -> ProgramRun:
    """P(query | evidence) for each query of a ProbLog program, by grounding and then ``method``.

    Parameters
    ----------
    kb
        The knowledge base with the program.
    queries, evidence
        Replace the file's ``query/1`` and ``evidence/2`` when given.  With
        no query at all nothing is asked (as in ProbLog), but with ``mpe``
        every ground instance of the predicates with probabilistic clauses.
    method
        ``sdd`` (exact: knowledge compilation and weighted model counting),
        ``sample`` (rejection sampling of worlds) or ``mpe`` (the most
        probable world given the evidence, ProbLog's ``mpe`` task).
    samples, seed
        For ``sample``.

    Raises
    ------
    KBError
        For a program outside ProbLog's semantics, with file, line and column.
    InvalidParameterError
        For an unknown method, a query naming nothing, impossible evidence.
    ResourceLimitError
        When grounding or compilation outgrows its resource limit.
    """
    if method not in PROGRAM_METHODS:
        raise InvalidParameterError(
            f"--method must be one of {', '.join(PROGRAM_METHODS)} for this program, "
            f"not {method!r}"
        )
    _refuse_decisions(kb)
    if method == "mpe" and queries is None and not kb.queries and not kb.defines("query", 1):
        queries = _every_atom(kb)  # the most probable world's atoms, as problog mpe prints
    program = ground_program(kb, queries, evidence)
    if method == "mpe":
        from symlearn.bayes.problog.mpe import most_probable_explanation  # numpy: for MPE only

        explanation = run_deep(most_probable_explanation, program, progress)
        explanation = dataclasses.replace(
            explanation, queries={program.name(a): v for a, v in explanation.queries.items()}
        )
        truth = {atom: float(value) for atom, value in explanation.queries.items()}
        return ProgramRun(program, truth, "mpe", sources=sources, explanation=explanation)
    if method == "sample":
        from symlearn.bayes.problog.program_sampling import sample_program  # numpy

        estimate = sample_program(program, samples, seed, progress)
        details = {"samples": estimate.samples, "accepted": estimate.accepted, "seed": seed}
        return ProgramRun(
            program,
            _named(program, estimate.probabilities),
            "sample",
            standard_errors=_named(program, estimate.standard_errors),
            details=details,
            sources=sources,
        )
    compiled = run_deep(compile_program_sdd, program)
    probabilities, evidence_probability = run_deep(compiled.probabilities, program.queries)
    details = {"sdd_size": int(compiled.manager.size())}
    return ProgramRun(
        program,
        _named(program, probabilities),
        "sdd",
        evidence_probability,
        details=details,
        sources=sources,
    )


def _named(program: GroundProgram, values: dict[Term, float]) -> dict[Term, float]:
    """Values keyed by the atoms their nodes stand for (as asked, variables X1, X2...)."""
    return {program.name(node): value for node, value in values.items()}
