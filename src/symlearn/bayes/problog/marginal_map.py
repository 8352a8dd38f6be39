r"""MAP over chosen atoms (``symlearn problog map``): their likeliest values given the evidence.

Marginal MAP: for the chosen ground atoms Q (the program's queries, or
atoms given on the command line) and the evidence e, the assignment

    q* = argmax_q P(Q = q | e) = argmax_q Σ_{worlds w with Q = q, e} P(w)

summing over every other choice (ProbLog's documentation: "only facts that
occur as explicit queries are assigned and all other probabilistic facts
are marginalized over").  With Q every choice this is MPE; with Q a single
atom it is the more probable value of its marginal.

The program is grounded for Q and the evidence and compiled to an SDD once.
The assignments are searched depth first, one atom at a time, by branch
and bound on the SDD: a partial assignment's weighted model count
(conjoined with the evidence) bounds every completion of it, so a branch
whose count is no more than the best complete assignment found is cut;
the likelier value of each atom is tried first, false on a tie.  The search
is exact; among equally probable assignments it keeps the first found (an
atom at 0.5 alone is false, as ProbLog's ``map`` answers).

ProbLog's ``map`` task asks that the atoms be probabilistic facts and
maximises, instead of P(Q = q | e), the sum over the atoms of each one's
marginal probability of its value (its printed ``SCORE``): the same answer
when the atoms are independent given the evidence, not in general.
Here any ground atoms may be chosen, and the answer is the joint MAP.

Functions and classes
---------------------
most_probable_assignment, MapRun

References
----------
Park & Darwiche 2004 (complexity of MAP; branch and bound); Huang,
Chavira & Darwiche 2006 (solving MAP exactly by searching on compiled
arithmetic circuits); Fierens et al. 2015 (ProbLog's tasks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from symlearn.bayes.problog.grounding import ground_program
from symlearn.bayes.problog.printing import problog_text
from symlearn.bayes.problog.sdd_compilation import compile_program_sdd
from symlearn.errors import InvalidParameterError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.terms import Term

__all__ = ["MapRun", "most_probable_assignment"]

Progress = Callable[[str, int, int | None], None]


@dataclass(eq=False)
class MapRun:
    """The MAP assignment of the chosen atoms.

    Attributes
    ----------
    assignment
        Atom -> its value in the MAP assignment, in query order.
    probability
        P(Q = q*, evidence).
    evidence_probability
        P(evidence).
    searched
        Nodes of the branch-and-bound search visited.
    """

    assignment: dict[Term, bool]
    probability: float
    evidence_probability: float
    searched: int
    sources: tuple[str, ...] = ()
    evidence: list[tuple[Term, bool]] = field(default_factory=list)

    @property
    def posterior(self) -> float:
        """P(Q = q* | evidence)."""
        return self.probability / self.evidence_probability

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``symlearn problog map --json``."""
        return {
            "task": "map",
            "map": {problog_text(a): v for a, v in self.assignment.items()},
            "probability": self.probability,
            "posterior": self.posterior,
            "evidence_probability": self.evidence_probability,
            "evidence": {problog_text(a): v for a, v in self.evidence},
            "searched": self.searched,
        }

    def report(self) -> list[str]:
        """``atom:<tab>1`` (or 0) lines sorted as ``problog map`` prints them, then P."""
        names = {problog_text(a): int(v) for a, v in self.assignment.items()}
        width = max((len(n) for n in names), default=0)
        lines = [f"{name:>{width}}:\t{value}" for name, value in sorted(names.items())]
        return [
            *lines,
            f"% P(assignment, evidence) = {self.probability:.10g}",
            f"% P(assignment | evidence) = {self.posterior:.10g}",
        ]


class _Search:
    """Branch and bound over the atoms' values (see the module docstring)."""

    def __init__(self, manager: Any, formulas: Sequence[Any], weigh: Callable[[Any], float]):
        self.manager = manager
        self.formulas = formulas
        self.negations = [manager.negate(f) for f in formulas]
        self.weigh = weigh
        self.best = 0.0
        self.values: tuple[bool, ...] | None = None
        self.visited = 0

    def run(self, node: Any, count: float, chosen: tuple[bool, ...]) -> None:
        self.visited += 1
        if len(chosen) == len(self.formulas):
            if count > self.best:
                self.best, self.values = count, chosen
            return
        position = len(chosen)
        branches = []
        for value, literal in ((False, self.negations[position]), (True, self.formulas[position])):
            child = self.manager.conjoin(node, literal)
            branches.append((self.weigh(child), value, child))
        branches.sort(key=lambda b: -b[0])  # the likelier value first (stable: false on ties)
        for weight, value, child in branches:
            if weight > self.best:
                self.run(child, weight, (*chosen, value))


def most_probable_assignment(
    kb: KnowledgeBase,
    atoms: Sequence[Term] | None = None,
    evidence: Sequence[tuple[Term, bool]] | None = None,
    *,
    progress: Progress | None = None,
    sources: tuple[str, ...] = (),
) -> MapRun:
    """The MAP assignment of ``atoms`` (default: the program's queries) given the evidence.

    Raises
    ------
    InvalidParameterError
        With no atom to assign, or evidence that is impossible.
    KBError
        For a program that cannot be grounded (with its file, line and column).
    """
    grounded = ground_program(kb, atoms, evidence)
    if not grounded.queries:
        raise InvalidParameterError(
            "MAP needs the atoms to assign: query(Atom) in the program, or --query ATOM"
        )
    compiled = compile_program_sdd(grounded)
    manager = compiled.manager
    evidence_probability = compiled.wmc(compiled.evidence)
    if evidence_probability <= 0.0:
        raise InvalidParameterError(
            "the evidence is impossible: its probability is 0 under the program"
        )
    formulas = [compiled.formulas.get(atom, manager.false()) for atom in grounded.queries]
    search = _Search(manager, formulas, compiled.wmc)
    search.run(compiled.evidence, evidence_probability, ())
    if progress is not None:
        progress("map", 1, 1)
    assert search.values is not None  # the evidence has a model: some assignment has weight
    assignment = dict(zip(grounded.queries, search.values))
    return MapRun(
        assignment,
        search.best,
        evidence_probability,
        search.visited,
        sources,
        list(grounded.evidence),
    )
