r"""The proofs of a query, made mutually exclusive (``symlearn problog explain``).

ProbLog's ``explain`` task shows, for each query, a list of mutually
exclusive proofs with their probabilities, which sum to the query's
probability.  A *proof* here is a conjunction of choices (a probabilistic
fact true or false, the head an annotated disjunction takes or does not
take) under which the query holds whatever the other choices are: an
implicant of the query's formula.  As ProbLog does (a weighted MaxSAT
search for the best partial assignment, then a clause that excludes it), the
proofs are found greedily: the most probable implicant of the query's
formula, then the most probable implicant of what that one leaves
(the formula and not the proofs so far), and so on until nothing is left.
Each proof disagrees with every earlier one on some choice, so their
probabilities (the products of their choices' probabilities) add up to the
query's.

Each implicant is found exactly, by branch and bound on the query's SDD: the
choices are taken in order (as the grounding made them), each set true, set
false, or left out of the proof (then the formula must hold both ways:
``∀x F``); the probability of the formula that is left bounds every proof
of it, so a branch that cannot beat the best proof found is cut.  Among
equally probable proofs the shortest is kept (``p(3)`` before ``p(2),
choice(p(3))`` when both have probability 0.1, as ProbLog lists them), and
among those the first found (a choice set true before set false before left
out).  An annotated disjunction's choices are read
as its heads: a proof takes one head, or rules out its first heads.

With evidence, the proofs are those of the query and the evidence, with
probabilities conditioned on the evidence (they sum to P(query | evidence),
as ``symlearn infer`` answers); ProbLog's ``explain`` ignores evidence.
ProbLog also prints its transformed program; the proofs here name the
choices as written: a probabilistic fact by itself, the instance of a
probabilistic rule as ``choice(Line, Head)`` (the line of the rule).

Functions and classes
---------------------
explain_queries, ExplanationRun, Proof

References
----------
Fierens et al. 2015 (ProbLog's tasks); Kimmig et al. 2011 (explanations in
ProbLog); Darwiche & Marquis 2002 (implicants, conditioning and
quantification on compiled forms).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from symlearn.bayes.problog.grounding import GroundProgram, ground_program
from symlearn.bayes.problog.printing import problog_text
from symlearn.bayes.problog.sdd_compilation import CompiledProgram, compile_program_sdd
from symlearn.errors import InvalidParameterError, ResourceLimitError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.terms import Term

__all__ = ["MAX_PROOFS", "ExplanationRun", "Proof", "explain_queries"]

#: Most proofs listed for one query before it stops with a resource error.
MAX_PROOFS = 100_000

#: Two proofs whose probabilities differ by less than this (relatively) are as probable.
TIE = 1e-12

Progress = Callable[[str, int, int | None], None]


@dataclass(frozen=True)
class Proof:
    """A proof of a query: its literals (as text) and its probability."""

    literals: tuple[str, ...]
    probability: float

    def text(self, query: str) -> str:
        """``query :- lit, ....  % P=p`` as ``problog explain`` prints it (``q :- true.`` bare)."""
        if not self.literals:
            return f"{query} :- true."
        return f"{query} :- {', '.join(self.literals)}.  % P={self.probability:.8g}"


@dataclass(eq=False)
class ExplanationRun:
    """The proofs of each query and the probabilities they add up to."""

    proofs: dict[Term, list[Proof]]
    probabilities: dict[Term, float]
    sources: tuple[str, ...] = ()
    evidence: list[tuple[Term, bool]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``symlearn problog explain --json``."""
        return {
            "task": "explain",
            "proofs": {
                problog_text(q): [
                    {"literals": list(p.literals), "probability": p.probability} for p in proofs
                ]
                for q, proofs in self.proofs.items()
            },
            "probabilities": {problog_text(q): p for q, p in self.probabilities.items()},
            "evidence": {problog_text(a): v for a, v in self.evidence},
        }

    def report(self) -> list[str]:
        """The proofs, then the probabilities, as ``problog explain`` prints them."""
        lines = ["Proofs", "------"]
        for query, proofs in self.proofs.items():
            name = problog_text(query)
            lines.extend(p.text(name) for p in proofs)
            if not proofs:
                lines.append(f"{name} :- fail.")
            lines.append("")
        lines += ["Probabilities", "-------------"]
        names = {problog_text(q): q for q in self.probabilities}
        width = max((len(n) for n in names), default=0)
        for name in sorted(names):
            lines.append(f"{name:>{width}}:\t{self.probabilities[names[name]]:.8g}")
        return lines


class _Variables:
    """The choices as the proofs' literals: names, weights, and disjunctions read as heads."""

    def __init__(self, kb: KnowledgeBase, program: GroundProgram) -> None:
        self.weights = [c.probability for c in program.choices]
        self.previous: dict[int, int] = {}  # a disjunction's choice -> the one before it
        self.group: dict[int, int] = {}  # a disjunction's choice -> its disjunction's number
        groups: dict[tuple[int, tuple[Term, ...]], list[int]] = {}
        for index, choice in enumerate(program.choices):
            groups.setdefault((choice.clause, choice.instance), []).append(index)
        for number, members in enumerate(groups.values()):
            for before, after in itertools.pairwise(members):
                self.previous[after] = before
            for index in members:
                self.group[index] = number
        self.names = []
        for choice in program.choices:
            name = problog_text(choice.name)
            clause = kb.probabilistic[choice.clause]
            if clause.body:  # an instance of a probabilistic rule: where it is written
                line = clause.position.line if clause.position else choice.clause
                name = f"choice({line},{name})"
            self.names.append(name)
        last = {name: index for index, name in enumerate(self.names)}
        for index, name in enumerate(self.names):  # two facts of one atom: ProbLog's naming
            if last[name] != index:
                self.names[index] = f"choice_{index + 1}"

    def weight(self, index: int, value: bool) -> float:
        return self.weights[index] if value else 1.0 - self.weights[index]

    def literals(self, assignment: dict[int, bool]) -> tuple[str, ...]:
        r"""A proof's choices as heads: ``h`` for a head taken, ``\+h`` for one ruled out.

        The search sets a disjunction's choices in order, the ones before a
        true one false: head ``i`` taken is the true one alone.
        """
        shown: list[tuple[int, str]] = []
        for index in sorted(assignment):
            group = self.group[index]
            if assignment[index]:
                shown = [(g, text) for g, text in shown if g != group]
                shown.append((group, self.names[index]))
            else:
                shown.append((group, "\\+" + self.names[index]))
        return tuple(text for _, text in shown)


class _ImplicantSearch:
    """The most probable implicant of a formula, by branch and bound (module docstring)."""

    def __init__(self, compiled: CompiledProgram, variables: _Variables) -> None:
        self.compiled = compiled
        self.manager = compiled.manager
        self.variables = variables
        self.count = len(compiled.program.choices)
        self.found: tuple[float, dict[int, bool]] | None = None

    def best(self, formula: Any) -> tuple[float, dict[int, bool]] | None:
        self.found = None
        self.search(formula, 0, 1.0, {})
        return self.found

    def bound(self, formula: Any) -> float:
        return self.compiled.wmc(formula)

    def _better(self, weight: float, size: int) -> bool:
        """More probable than the proof found, or as probable (to :data:`TIE`) and shorter."""
        if self.found is None or weight > self.found[0] * (1 + TIE):
            return True
        return weight >= self.found[0] * (1 - TIE) and size < len(self.found[1])

    def search(self, formula: Any, index: int, weight: float, chosen: dict[int, bool]) -> None:
        if formula.is_false():
            return
        if formula.is_true():
            if self._better(weight, len(chosen)):
                self.found = (weight, dict(chosen))
            return
        while index < self.count:
            positive = self.manager.condition(index + 1, formula)
            negative = self.manager.condition(-(index + 1), formula)
            if positive.id != negative.id:
                break
            index += 1  # the formula does not depend on this choice: leave it out
        else:  # pragma: no cover - a formula that is neither true nor false has a variable
            return
        options: list[tuple[bool | None, Any]] = []
        before = self.variables.previous.get(index)
        if before is None or chosen.get(before) is False:  # a disjunction's heads in order
            options = [(True, positive), (False, negative)]
        options.append((None, self.manager.conjoin(positive, negative)))
        for value, rest in options:
            step = 1.0 if value is None else self.variables.weight(index, value)
            total = weight * step
            if rest.is_false():
                continue
            if self.found is not None and total * self.bound(rest) < self.found[0] * (1 - TIE):
                continue
            if value is not None:
                chosen[index] = value
            self.search(rest, index + 1, total, chosen)
            chosen.pop(index, None)


def _proofs(
    formula: Any, search: _ImplicantSearch, scale: float, variables: _Variables
) -> list[Proof]:
    manager = search.manager
    proofs = []
    while not formula.is_false():
        found = search.best(formula)
        if found is None:  # pragma: no cover - a satisfiable formula has an implicant
            break
        weight, assignment = found
        proofs.append(Proof(variables.literals(assignment), weight / scale))
        if len(proofs) > MAX_PROOFS:
            raise ResourceLimitError(
                f"resource error: more than {MAX_PROOFS} proofs for one query"
            )
        cube = manager.true()
        for index, value in assignment.items():
            cube = manager.conjoin(cube, manager.literal(index + 1 if value else -(index + 1)))
        formula = manager.conjoin(formula, manager.negate(cube))
    return proofs


def explain_queries(
    kb: KnowledgeBase,
    queries: Sequence[Term] | None = None,
    evidence: Sequence[tuple[Term, bool]] | None = None,
    *,
    progress: Progress | None = None,
    sources: tuple[str, ...] = (),
) -> ExplanationRun:
    """The mutually exclusive proofs of each query (default: the program's ``query/1``).

    Raises
    ------
    InvalidParameterError
        With impossible evidence.
    KBError
        For a program that cannot be grounded (with its file, line and column).
    """
    grounded = ground_program(kb, queries, evidence)  # no query: nothing listed, as ProbLog
    compiled = compile_program_sdd(grounded)
    scale = compiled.wmc(compiled.evidence)
    if scale <= 0.0:
        raise InvalidParameterError(
            "the evidence is impossible: its probability is 0 under the program"
        )
    variables = _Variables(kb, grounded)
    search = _ImplicantSearch(compiled, variables)
    proofs: dict[Term, list[Proof]] = {}
    probabilities: dict[Term, float] = {}
    for number, query in enumerate(grounded.queries):
        formula = compiled.manager.conjoin(
            compiled.formulas.get(query, compiled.manager.false()), compiled.evidence
        )
        name = grounded.name(query)  # the query as asked (not its internal node)
        proofs[name] = _proofs(formula, search, scale, variables)
        probabilities[name] = min(1.0, sum(p.probability for p in proofs[name]))
        if progress is not None:
            progress("explain", number + 1, len(grounded.queries))
    return ExplanationRun(proofs, probabilities, sources, list(grounded.evidence))
