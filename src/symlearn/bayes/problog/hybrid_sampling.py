r"""Sampling a ProbLog program with continuous distributions (``symlearn problog sample``).

ProbLog 2 supports continuous distributions in its sampling task only
(``problog sample``; Dries 2015, declarative data generation): a fact or
clause whose "probability" is a distribution is always true and carries a
value drawn from it, which ``value(Atom, V)`` reads::

    normal(180, 8)::height(harry).
    fixed(H2)::twice_height(P) :- value(height(P), H), H2 is H * 2.
    tall(P) :- value(height(P), H), H > 185.

The distributions are ProbLog's (Python's ``random``): ``normal(M, S)`` (also
``gaussian``), ``poisson(L)``, ``exponential(L)``, ``beta(A, B)``,
``gamma(A, B)``, ``uniform(A, B)``, ``triangular(L, H, M)``,
``vonmises(M, K)``, ``weibull(A, B)``, ``in_range(A, B)`` (an integer), and
``fixed(V)`` (the value ``V``).  A value is drawn once per ground atom per
sample.  Exact inference, MPE and LFI do not take distributions (ProbLog's
neither: its ``lficont`` tests are switched off and learn nothing
continuous), and ``symlearn infer`` refuses them with a message.

Each sample draws the distributions' values (a distribution clause's body
may read the values of others through ``value/2``, and is solved by the
engine; it may not call probabilistic predicates), then one world of the
rest of the program: ordinary probabilistic facts, rules and disjunctions,
which may read the values too.  When nothing but the distribution clauses
reads a value, the program is grounded once and its worlds drawn in a
batch; otherwise it is grounded again for each sample's values.  The
evidence is met by rejection, as ProbLog samples.

A sample prints as ProbLog prints one: each query true in it, ``atom =
value`` for an atom with a value (an empty line when none is), the samples
separated by a line of dashes; ``estimate``
gives each query's probability (and the mean of its value) over the samples
that meet the evidence.

Functions and classes
---------------------
sample_worlds, SampleRun, DISTRIBUTIONS

References
----------
Dries 2015 (declarative data generation with ProbLog); Gutmann, Jaeger &
De Raedt 2010 (hybrid ProbLog); Kimmig et al. 2011 (sampling in ProbLog).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.bayes.problog.grounding import ground_program, located_error
from symlearn.bayes.problog.printing import problog_text
from symlearn.bayes.problog.program_sampling import world_values
from symlearn.bayes.problog.rewriting import rewritten
from symlearn.bayes.problog.sdd_compilation import program_strata
from symlearn.engine import Engine
from symlearn.errors import InvalidParameterError, SymlearnError
from symlearn.kb.knowledge_base import KnowledgeBase, ProbabilisticClause
from symlearn.logic.clauses import Clause, called_predicates
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_ground
from symlearn.logic.unify import substitute

__all__ = ["DISTRIBUTIONS", "SampleRun", "has_distributions", "sample_worlds"]

Progress = Callable[[str, int, int | None], None]

#: ProbLog's distributions: name -> (arity, a draw from a generator and the arguments).
DISTRIBUTIONS: dict[str, tuple[int, Callable[..., float]]] = {
    "normal": (2, lambda g, m, s: g.normalvariate(m, s)),
    "gaussian": (2, lambda g, m, s: g.normalvariate(m, s)),
    "poisson": (1, lambda g, rate: _poisson(g, rate)),
    "exponential": (1, lambda g, rate: g.expovariate(rate)),
    "beta": (2, lambda g, a, b: g.betavariate(a, b)),
    "gamma": (2, lambda g, a, b: g.gammavariate(a, b)),
    "uniform": (2, lambda g, a, b: g.uniform(a, b)),
    "triangular": (3, lambda g, low, high, mode: g.triangular(low, high, mode)),
    "vonmises": (2, lambda g, mu, kappa: g.vonmisesvariate(mu, kappa)),
    "weibull": (2, lambda g, a, b: g.weibullvariate(a, b)),
    "in_range": (2, lambda g, a, b: g.randint(int(a), int(b))),
    "fixed": (1, lambda g, value: value),
}

#: The most tries per sample to meet the evidence before sampling gives up.
MAX_REJECTIONS = 10_000

_VALUE = ("value", 2)
_STORED = "$value"


def _poisson(generator: random.Random, rate: float) -> int:
    """A Poisson draw by Knuth's method (ProbLog's own for small rates)."""
    limit, count, product = math.exp(-rate), 0, generator.random()
    while product > limit:
        count += 1
        product *= generator.random()
    return count


def _is_distribution(probability: Term) -> bool:
    return (
        isinstance(probability, Struct)
        and probability.name in DISTRIBUTIONS
        and len(probability.args) == DISTRIBUTIONS[probability.name][0]
    )


def has_distributions(kb: KnowledgeBase) -> bool:
    """Whether a clause of ``kb`` has a distribution for its probability."""
    return any(_is_distribution(p) for clause in kb.probabilistic for p, _ in clause.heads)


@dataclass(eq=False)
class SampleRun:
    """Sampled worlds: each query true in each, with its value where it has one."""

    samples: list[dict[Term, Any]]
    tries: int
    estimate: bool
    seed: int | None
    queries: list[Term] = field(default_factory=list)
    sources: tuple[str, ...] = ()

    def probabilities(self) -> dict[Term, float]:
        """Each query's share of the samples it is true in."""
        return {q: sum(q in s for s in self.samples) / len(self.samples) for q in self.queries}

    def mean_values(self) -> dict[Term, float]:
        """The mean value of each query that has values (over the samples it is true in)."""
        means = {}
        for query in self.queries:
            found = [s[query] for s in self.samples if s.get(query) not in (None, True)]
            if found:
                means[query] = sum(found) / len(found)
        return means

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``symlearn problog sample --json``."""
        payload: dict[str, Any] = {"task": "sample", "seed": self.seed, "tries": self.tries}
        if self.estimate:
            payload["samples"] = len(self.samples)
            payload["probabilities"] = {
                problog_text(q): p for q, p in self.probabilities().items()
            }
            payload["values"] = {problog_text(q): v for q, v in self.mean_values().items()}
        else:
            payload["samples"] = [{problog_text(a): v for a, v in s.items()} for s in self.samples]
        return payload

    def report(self) -> list[str]:
        """As ``problog sample`` prints: the true queries of each sample, dashes between."""
        if self.estimate:
            lines = [f"% Probability estimate after {len(self.samples)} samples:"]
            probabilities = self.probabilities()
            means = self.mean_values()
            width = max((len(problog_text(q)) for q in probabilities), default=0)
            for query, probability in probabilities.items():
                line = f"{problog_text(query):>{width}}:\t{probability:<10.8g}"
                if query in means:
                    line += f"\t(mean value {means[query]:.8g})"
                lines.append(line)
            return lines
        lines = []
        for number, sample in enumerate(self.samples):
            if number:
                lines.append("----------------")
            shown = [problog_text(atom) for atom in sample]
            lines += [
                f"{text}." if value is True else f"{text} = {value!r}."
                for text, value in zip(shown, sample.values(), strict=True)
            ] or [""]
        return lines


class _Distributions:
    """The distribution clauses, drawn for one sample at a time."""

    def __init__(self, kb: KnowledgeBase, clauses: list[ProbabilisticClause]) -> None:
        self.clauses = clauses
        self.kb = kb
        probabilistic = {functor_of(h) for c in kb.probabilistic for _, h in c.heads}
        for clause in clauses:
            if len(clause.heads) > 1:
                raise located_error(
                    f"{clause}: a distribution is a fact or a clause, not an annotated "
                    "disjunction",
                    clause.position,
                )
            for goal in clause.body:
                called = called_predicates(goal) & probabilistic
                if called:
                    name, arity = sorted(called)[0]
                    raise located_error(
                        f"{clause}: the body of a distribution calls the probabilistic "
                        f"{name}/{arity}; here it may read values (value/2) and the logic part",
                        clause.position,
                    )

    def draw(self, generator: random.Random, base: KnowledgeBase) -> dict[Term, float]:
        """Every ground distribution atom of one sample and its value."""
        values: dict[Term, float] = {}
        for _ in range(len(self.clauses) + 1):  # each pass may unlock clauses reading values
            known = len(values)
            engine = Engine(_with_values(base, values))
            for clause in self.clauses:
                self.draw_clause(clause, engine, generator, values)
            if len(values) == known:
                return values
        return values

    def draw_clause(
        self,
        clause: ProbabilisticClause,
        engine: Engine,
        generator: random.Random,
        values: dict[Term, float],
    ) -> None:
        distribution, head = clause.heads[0]
        assert isinstance(distribution, Struct)
        goal = _conjunction(clause.body)
        try:
            solutions = list(engine.solve(goal)) if clause.body else [{}]
        except SymlearnError as error:
            raise located_error(f"{clause}: {error}", clause.position) from None
        for solution in solutions:
            atom = substitute(head, solution)
            if atom in values:
                continue
            if not is_ground(atom):
                raise located_error(
                    f"{clause}: {format_term(atom)} is not ground after its body",
                    clause.position,
                )
            arguments = [
                _number(substitute(a, solution), clause, engine) for a in distribution.args
            ]
            try:
                values[atom] = DISTRIBUTIONS[distribution.name][1](generator, *arguments)
            except (ValueError, ZeroDivisionError, OverflowError) as error:
                raise located_error(
                    f"{clause}: cannot draw from {format_term(distribution)} with "
                    f"{arguments}: {error}",
                    clause.position,
                ) from None


def _conjunction(goals: Sequence[Term]) -> Term:
    result: Term = "true"
    for goal in reversed(goals):
        result = goal if result == "true" else Struct(",", (goal, result))
    return result


def _number(term: Term, clause: ProbabilisticClause, engine: Engine) -> float:
    if isinstance(term, (int, float)) and not isinstance(term, bool):
        return term
    result = Var("V")
    try:
        solutions = list(engine.solve(Struct("is", (result, term))))
    except SymlearnError:
        solutions = []
    value = solutions[0][result] if solutions else None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise located_error(
            f"{clause}: the parameter {format_term(term)} of its distribution is not a number",
            clause.position,
        )
    return value


def _with_values(base: KnowledgeBase, values: dict[Term, float]) -> KnowledgeBase:
    """``base`` with each drawn atom a fact and its value a ``'$value'(Atom, V)`` fact."""
    added: list[Clause] = []
    for atom, value in values.items():
        added.append(Clause(atom))
        added.append(Clause(Struct(_STORED, (atom, value))))
    return rewritten(base, base.probabilistic, added)


def _reads_values(kb: KnowledgeBase) -> bool:
    """Whether a clause calls ``value/2`` (then the ground program depends on the values)."""
    bodies = [c.body for c in kb.probabilistic]
    bodies += [c.body for p in kb.predicates.values() for c in p.clauses]
    return any(_VALUE in called_predicates(g) for body in bodies for g in body)


def sample_worlds(
    kb: KnowledgeBase,
    samples: int = 1,
    *,
    seed: int | None = None,
    estimate: bool = False,
    queries: Sequence[Term] | None = None,
    evidence: Sequence[tuple[Term, bool]] | None = None,
    progress: Progress | None = None,
    sources: tuple[str, ...] = (),
) -> SampleRun:
    """``samples`` worlds of ``kb`` that meet its evidence (see the module docstring).

    Raises
    ------
    InvalidParameterError
        For fewer than one sample, or evidence no sample meets.
    KBError
        For a distribution clause outside what is sampled here, or a program
        that cannot be grounded.
    """
    if samples < 1:
        raise InvalidParameterError(f"-N must be at least 1, not {samples}")
    generator = random.Random(seed)
    distributions = [c for c in kb.probabilistic if any(_is_distribution(p) for p, _ in c.heads)]
    ordinary = [c for c in kb.probabilistic if c not in distributions]
    atom, value = Var("A"), Var("V")
    value_rule = Clause(Struct("value", (atom, value)), (Struct(_STORED, (atom, value)),))
    base = rewritten(kb, ordinary, [value_rule, Clause(Struct(_STORED, ("$none", 0)))])
    drawing = _Distributions(kb, distributions)
    once = None
    if not _reads_values(kb):  # the values change no truth: ground once, the heads as rules
        heads = [(Clause(c.heads[0][1], c.body), c.position) for c in distributions]
        once = _Grounded(rewritten(base, ordinary, heads), queries, evidence)
    result: list[dict[Term, Any]] = []
    tries = 0
    asked: dict[Term, None] = {}  # the queries' instances met in any sample's grounding
    while len(result) < samples:
        tries += 1
        if tries > MAX_REJECTIONS * samples:
            raise InvalidParameterError(
                f"no sample met the evidence in {tries - 1} tries; the evidence is impossible "
                "or too improbable to sample"
            )
        values = drawing.draw(generator, base)
        grounded = once or _Grounded(_with_values(base, values), queries, evidence)
        world = grounded.world(generator)
        if world is None:
            continue
        asked.update(dict.fromkeys(q for q in grounded.query_names if is_ground(q)))
        result.append(
            {name: values.get(name, True) for name, node in grounded.queries if node in world}
        )
        if progress is not None:
            progress("sampling", len(result), samples)
    return SampleRun(result, tries, estimate, seed, list(asked), sources)


class _Grounded:
    """The ground program of the queries and evidence, and one world of it at a time."""

    def __init__(
        self,
        kb: KnowledgeBase,
        queries: Sequence[Term] | None,
        evidence: Sequence[tuple[Term, bool]] | None,
    ) -> None:
        self.program = ground_program(kb, queries, evidence)
        self.strata = program_strata(self.program)
        self.queries = [(self.program.name(q), q) for q in self.program.queries]
        self.query_names = [name for name, _ in self.queries]

    def world(self, generator: random.Random) -> set[Term] | None:
        """The atoms true in one world drawn from the choices; None when it fails the evidence."""
        choices = self.program.choices
        chosen = np.array([[generator.random() < c.probability] for c in choices], dtype=bool)
        if not len(choices):
            chosen = np.zeros((1, 1), dtype=bool)
        truth = world_values(self.program, self.strata, chosen)
        true = {atom for atom, column in truth.items() if column[0]}
        for atom, value in self.program.evidence:
            if (atom in true) != value:
                return None
        return true
