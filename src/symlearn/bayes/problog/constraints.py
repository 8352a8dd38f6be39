r"""ProbLog's constraint task (``symlearn problog constraint``): strategies meeting constraints.

A program with decisions (``?::Head``, :mod:`~symlearn.bayes.problog.decisions`)
states constraints on them as clauses:

* ``ensure_true :- Body.``  the body must hold (with probability 1);
* ``ensure_false :- Body.``  the body must not hold (probability 0);
* ``ensure_prob(Low, High) :- Body.``  ``Low <= P(Body) <= High``.

Each clause is a constraint of its own (two ``ensure_false`` clauses are two
constraints), as ProbLog names them.  :func:`solve_constraints` lists every
strategy (an assignment of the ground decisions that takes exactly one head
of each disjunction of decisions) under which every constraint holds, in
ProbLog's order, each with the probabilities of the program's queries under
it, as ProbLog's ``constraint`` task prints them (the non-zero ones).

ProbLog hands the problem to a FlatZinc solver (Gecode); without
probabilistic constraints it reads ``ensure_true``/``ensure_false`` on the
logic alone, every probabilistic fact taken true.  Here every constraint is
read on the probabilities, as ProbLog reads them once an ``ensure_prob`` is
present: ``ensure_true`` holds when its body is certain, ``ensure_false``
when it is impossible.  The strategies are enumerated over the compiled
program (a bound ``Low``/``High`` is met within 1e-12).

Functions and classes
---------------------
solve_constraints, ConstraintRun

References
----------
Latour, Babaki, Dries, Kimmig, Van den Broeck & Nijssen 2017 (combining
stochastic constraint optimization and probabilistic programming,
CP 2017); ProbLog's ``constraint`` task.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from symlearn.bayes.problog.decisions import decision_program
from symlearn.bayes.problog.grounding import ground_program, located_error
from symlearn.bayes.problog.printing import clause_line, problog_text
from symlearn.bayes.problog.rewriting import rewritten
from symlearn.bayes.problog.sdd_compilation import compile_program_sdd
from symlearn.bayes.problog.weighted_counts import WeightedCounts
from symlearn.errors import InvalidParameterError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term

__all__ = ["CONSTRAINTS", "ConstraintRun", "solve_constraints"]

#: The constraint predicates.
CONSTRAINTS: tuple[Indicator, ...] = (("ensure_true", 0), ("ensure_false", 0), ("ensure_prob", 2))

#: How far a probability may miss a bound of ``ensure_prob`` (rounding) and still meet it.
SLACK = 1e-12

Progress = Callable[[str, int, int | None], None]


@dataclass(frozen=True)
class _Constraint:
    kind: Term  # ensure_true, ensure_false or ensure_prob(Low, High)
    atom: Term  # '$constraint'(N, Kind) in the rewritten program
    low: float
    high: float
    text: str  # the clause, for messages

    def holds(self, probability: float) -> bool:
        return self.low - SLACK <= probability <= self.high + SLACK


@dataclass(eq=False)
class ConstraintRun:
    """The strategies that meet every constraint, with the queries' probabilities under each."""

    solutions: list[tuple[dict[str, int], dict[str, float]]]
    constraints: list[str]
    evaluated: int
    sources: tuple[str, ...] = ()
    warnings: list[str] = field(default_factory=list)

    @property
    def exit_status(self) -> int:
        """1 when no strategy meets the constraints (a "no"), else 0."""
        return 0 if self.solutions else 1

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``symlearn problog constraint --json``."""
        return {
            "task": "constraint",
            "satisfiable": bool(self.solutions),
            "solutions": [
                {"decisions": decisions, "probabilities": probabilities}
                for decisions, probabilities in self.solutions
            ],
            "constraints": self.constraints,
            "strategies_evaluated": self.evaluated,
        }

    def report(self) -> list[str]:
        """As ProbLog's constraint task prints: ``atom probability`` lines, dashes between."""
        lines: list[str] = []
        for _, probabilities in self.solutions:
            lines.extend(f"{a} {p!r}" for a, p in probabilities.items() if p > 0.0)
            lines.append("----------")
        lines.append("==========" if self.solutions else "=== UNSATISFIABLE ===")
        return lines


def _constraints(kb: KnowledgeBase) -> tuple[list[_Constraint], list[tuple[Clause, Any]]]:
    """The constraint clauses, each renamed ``'$constraint'(N, Kind) :- Body``."""
    found: list[_Constraint] = []
    added: list[tuple[Clause, SourcePosition | None]] = []
    for indicator in CONSTRAINTS:
        predicate = kb.predicates.get(indicator)
        if predicate is None:
            continue
        for clause, position in zip(predicate.clauses, predicate.positions):
            text = clause_line(format_term(clause.head, max_priority=999), clause.body)
            low, high = _bounds(clause.head, text, position)
            atom = Struct("$constraint", (len(found), clause.head))
            found.append(_Constraint(clause.head, atom, low, high, text))
            added.append((Clause(atom, clause.body), position))
    return found, added


def _bounds(head: Term, text: str, position: SourcePosition | None) -> tuple[float, float]:
    if head == "ensure_true":
        return 1.0, 1.0
    if head == "ensure_false":
        return 0.0, 0.0
    assert isinstance(head, Struct)
    bounds = []
    for bound in head.args:
        if isinstance(bound, bool) or not isinstance(bound, (int, float)):
            raise located_error(
                f"{text}: the bounds of ensure_prob(Low, High) must be numbers, not "
                f"{format_term(bound)}",
                position,
            )
        bounds.append(float(bound))
    return bounds[0], bounds[1]


def solve_constraints(
    kb: KnowledgeBase,
    queries: Sequence[Term] | None = None,
    *,
    progress: Progress | None = None,
    sources: tuple[str, ...] = (),
) -> ConstraintRun:
    """Every strategy that meets the program's constraints (see the module docstring).

    Raises
    ------
    InvalidParameterError
        For a program without constraints.
    KBError
        For a malformed constraint or a program that cannot be grounded.
    ResourceLimitError
        When there are too many decisions to enumerate their strategies.
    """
    program = decision_program(kb)
    constraints, added = _constraints(program.kb)
    if not constraints:
        raise InvalidParameterError(
            "the program has no constraint: ensure_true :- Body, ensure_false :- Body or "
            "ensure_prob(Low, High) :- Body"
        )
    constrained = rewritten(program.kb, program.kb.probabilistic, added, CONSTRAINTS)
    constraint_atoms = [c.atom for c in constraints]
    if queries is None:  # the program's queries (facts and rules) and the constraints
        constrained.queries = [*constrained.queries, *constraint_atoms]
        grounded = ground_program(constrained)
    else:
        grounded = ground_program(constrained, [*queries, *constraint_atoms])
    shown = [q for q in grounded.queries if q not in set(constraint_atoms)]
    compiled = compile_program_sdd(grounded)
    manager = compiled.manager
    nodes = [compiled.evidence]
    for atom in grounded.queries:
        formula = compiled.formulas.get(atom, manager.false())
        nodes.append(manager.conjoin(formula, compiled.evidence))
    counts = WeightedCounts(manager, nodes, [c.probability for c in grounded.choices])
    decisions = program.decisions(grounded)
    solutions = []
    evaluated = 0
    for strategy in decisions.strategies():
        for index, taken in zip(decisions.choices, strategy):
            counts.set(index, 1.0 if taken else 0.0)
        evaluated += 1
        evidence, *joint = counts.counts()
        if evidence <= 0.0:
            continue
        probability = dict(zip(grounded.queries, (min(1.0, j / evidence) for j in joint)))
        if all(c.holds(probability[c.atom]) for c in constraints):
            solutions.append(
                (
                    decisions.describe(strategy),
                    {problog_text(q): probability[q] for q in shown},
                )
            )
        if progress is not None and evaluated % 64 == 0:
            progress("strategies", evaluated, 1 << len(decisions))
    return ConstraintRun(solutions, [c.text for c in constraints], evaluated, sources)
