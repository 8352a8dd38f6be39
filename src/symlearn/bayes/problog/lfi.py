r"""Learning the probabilities of a ProbLog program from interpretations (ProbLog's LFI).

``symlearn learn problog-lfi MODEL.pl --examples EXAMPLES.pl``: the model's
clauses with a learnable probability ``t(_)`` (``t(0.3)`` to start at 0.3,
``t(_)`` at 0.5) get the probabilities that maximise the likelihood of the
*interpretations*: partial observations of the world, each a set of
``evidence(Atom, true|false).`` facts, one interpretation after another,
separated by a line of dashes (``----``) as ProbLog's ``lfi`` reads them.

Expectation maximisation (Gutmann, Thon & De Raedt 2011):

* each interpretation is grounded with its evidence
  (:mod:`~symlearn.bayes.problog.grounding`) and compiled to an SDD once
  (:mod:`~symlearn.bayes.problog.sdd_compilation`): only the weights change between
  iterations;
* E-step: for every ground instance of a learnable clause in the relevant
  ground program of an interpretation, the probability, given that
  interpretation, that the clause chose it (one weighted model count gives
  them all for facts and rules; for the head ``i`` of an annotated
  disjunction, the probability of ``\+c1, ..., \+c(i-1), ci``);
* M-step: a parameter is the mean of those probabilities over its ground
  instances in every interpretation (instances outside an interpretation's
  relevant program are not counted, as in ProbLog); the learnable heads of
  an annotated disjunction are then scaled to sum to one less its fixed
  heads (ProbLog's default normalisation);
* until the log-likelihood grows by less than ``tolerance`` or
  ``max_iterations`` are done.

Functions and classes
---------------------
learn_parameters, read_interpretations, LFISettings, LFIRun, learn

References
----------
Gutmann, Thon & De Raedt 2011 (learning the parameters of probabilistic
logic programs from interpretations); Dempster, Laird & Rubin 1977 (EM).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from symlearn.bayes.problog.grounding import ground_program, located_error
from symlearn.bayes.problog.sdd_compilation import CompiledProgram, compile_program_sdd
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb.knowledge_base import KnowledgeBase, ProbabilisticClause
from symlearn.kb.loader import loads
from symlearn.kb.sources import read_source
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, functor_of

__all__ = [
    "SETTINGS",
    "LFIRun",
    "LFISettings",
    "learn",
    "learn_parameters",
    "read_interpretations",
    "target_of",
]

#: A parameter: (number of the probabilistic clause, index of its head).
Parameter = tuple[int, int]

#: One interpretation: the observed (atom, value) pairs.
Interpretation = list[tuple[Term, bool]]

_SEPARATOR = re.compile(r"^\s*-{3,}\s*$", re.MULTILINE)


def read_interpretations(path: str | Path) -> list[Interpretation]:
    """The interpretations of an examples file (``evidence/2`` facts, ``----`` between them).

    Raises
    ------
    KBError
        When the file cannot be read (missing, a FIFO or a device), or for a
        part that does not parse (with the file's line numbers).
    """
    text = read_source(Path(path))
    interpretations = []
    start = 0
    for part in [*_SEPARATOR.finditer(text), None]:
        end = part.start() if part is not None else len(text)
        chunk = "\n" * text.count("\n", 0, start) + text[start:end]  # keep the line numbers
        kb = loads(chunk, str(path))
        if kb.evidence:
            interpretations.append(list(kb.evidence))
        start = part.end() if part is not None else len(text)
    return interpretations


def _is_learnable(probability: Term) -> bool:
    return (
        isinstance(probability, Struct) and probability.name == "t" and len(probability.args) == 1
    )


def _start_values(kb: KnowledgeBase) -> dict[Parameter, float]:
    start: dict[Parameter, float] = {}
    for number, clause in enumerate(kb.probabilistic):
        for head, (probability, _) in enumerate(clause.heads):
            if _is_learnable(probability):
                value = probability.args[0]  # type: ignore[union-attr]
                start[(number, head)] = float(value) if isinstance(value, (int, float)) else 0.5
    return start


def _head_probabilities(
    clause: ProbabilisticClause, number: int, values: dict[Parameter, float]
) -> list[float]:
    result = []
    for head, (probability, _) in enumerate(clause.heads):
        if (number, head) in values:
            result.append(values[(number, head)])
        elif isinstance(probability, (int, float)):
            result.append(float(probability))
        else:
            raise located_error(
                f"{clause}: a clause with a learnable probability needs numbers for its other "
                "heads",
                clause.position,
            )
    return result


@dataclass(eq=False)
class _Example:
    """One interpretation, grounded and compiled."""

    compiled: CompiledProgram
    learnable: dict[int, Parameter]  # choice index -> parameter
    chosen: dict[int, Any] = field(default_factory=dict)  # AD choice -> SDD of "head chosen"


class _Learner:
    def __init__(self, kb: KnowledgeBase, interpretations: Sequence[Interpretation]) -> None:
        self.kb = kb
        self.values = _start_values(kb)
        if not self.values:
            raise KBError("the program has no learnable probability t(_) to learn")
        self.examples = []
        for observed in interpretations:
            program = ground_program(kb, [], observed, learning=True)
            compiled = compile_program_sdd(program)
            example = _Example(compiled, dict(program.learnable))
            for index, (number, head) in example.learnable.items():
                if len(kb.probabilistic[number].heads) > 1:
                    example.chosen[index] = self.head_formula(compiled, index, head)
            self.examples.append(example)

    @staticmethod
    def head_formula(compiled: CompiledProgram, index: int, head: int) -> Any:
        manager = compiled.manager
        node = manager.literal(index + 1)
        for earlier in range(index - head, index):  # a disjunction's choices are consecutive
            node = manager.conjoin(node, manager.literal(-(earlier + 1)))
        return manager.conjoin(node, compiled.evidence)

    def choice_probabilities(self, example: _Example) -> list[float]:
        """The sequential choice probabilities under the current parameters."""
        choices = example.compiled.program.choices
        result = [c.probability for c in choices]
        for index, choice in enumerate(choices):
            clause = self.kb.probabilistic[choice.clause]
            heads = _head_probabilities(clause, choice.clause, self.values)
            if not any((choice.clause, h) in self.values for h in range(len(heads))):
                continue
            before = sum(heads[: choice.head])
            left = 1.0 - before
            result[index] = min(1.0, heads[choice.head] / left) if left > 1e-15 else 0.0
        return result

    def iteration(self) -> float:
        """One E and M step; the log-likelihood of the interpretations before it."""
        sums = dict.fromkeys(self.values, 0.0)
        counts = dict.fromkeys(self.values, 0)
        log_likelihood = 0.0
        for example in self.examples:
            probabilities = self.choice_probabilities(example)
            posteriors, evidence = example.compiled.choice_posteriors(probabilities)
            if evidence <= 0.0:
                raise InvalidParameterError(
                    "an interpretation is impossible under the program (probability 0)"
                )
            log_likelihood += math.log(evidence)
            for index, parameter in example.learnable.items():
                if index in example.chosen:
                    joint = example.compiled.wmc(example.chosen[index], probabilities)
                    sums[parameter] += joint / evidence
                else:
                    sums[parameter] += posteriors[index]
                counts[parameter] += 1
        for parameter, count in counts.items():
            if count:
                self.values[parameter] = min(1.0, max(0.0, sums[parameter] / count))
        self.normalise()
        return log_likelihood

    def normalise(self) -> None:
        """Scale the learnable heads of each disjunction to sum to 1 less its fixed heads.

        As ProbLog's LFI does by default: a disjunction with learnable heads
        is a distribution over its heads (no "none" outcome left to learn).
        """
        for number, clause in enumerate(self.kb.probabilistic):
            if len(clause.heads) < 2:
                continue
            learnable = [
                (number, h) for h in range(len(clause.heads)) if (number, h) in self.values
            ]
            if not learnable:
                continue
            fixed = sum(float(p) for p, _ in clause.heads if isinstance(p, (int, float)))
            total = sum(self.values[p] for p in learnable)
            if total > 0.0:
                for parameter in learnable:
                    self.values[parameter] *= max(0.0, 1.0 - fixed) / total


@dataclass(frozen=True)
class LearnedParameters:
    """What LFI learned: each parameter's value, the log-likelihoods, the iterations."""

    values: dict[Parameter, float]
    log_likelihoods: list[float]
    converged: bool

    @property
    def iterations(self) -> int:
        """The EM iterations run."""
        return len(self.log_likelihoods)


def learn_parameters(
    kb: KnowledgeBase,
    interpretations: Sequence[Interpretation],
    max_iterations: int = 1000,
    tolerance: float = 1e-10,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> LearnedParameters:
    """The probabilities of the ``t(_)`` clauses of ``kb`` that best explain the interpretations.

    Raises
    ------
    KBError
        When the program has no ``t(_)`` probability or cannot be grounded.
    InvalidParameterError
        When an interpretation is impossible under the program.
    """
    learner = _Learner(kb, interpretations)
    history: list[float] = []
    converged = False
    for iteration in range(max_iterations):
        history.append(learner.iteration())
        if progress is not None:
            progress("EM", iteration + 1, max_iterations)
        if len(history) > 1 and history[-1] - history[-2] < tolerance:
            converged = True
            break
    return LearnedParameters(dict(learner.values), history, converged)


def target_of(kb: KnowledgeBase) -> Indicator:
    """What LFI learns about: the predicate of the first clause with a ``t(_)`` probability.

    Raises
    ------
    KBError
        When no clause has one.
    """
    for clause in kb.probabilistic:
        for probability, head in clause.heads:
            if _is_learnable(probability):
                return functor_of(head)
    raise KBError("the program has no learnable probability t(_) to learn")


# -- the learner protocol ------------------------------------------------------------------

SUMMARY = "ProbLog's LFI: the t(_) probabilities of a program, learned by EM from interpretations."
EXAMPLE = "symlearn learn problog-lfi kb/lfi_alarm.pl --examples kb/lfi_alarm_examples.pl"
TABLES = False
#: The target is the program's (the first learnable clause's head): see :func:`target_of`.
TARGET_FROM_KB = target_of


@dataclass(frozen=True)
class LFISettings(Settings):
    """What ``symlearn learn problog-lfi`` can be told."""

    ALGORITHM: ClassVar[str] = "problog-lfi"

    examples: str | None = option(
        None,
        metavar="FILE",
        help="The interpretations: evidence(Atom, true|false) facts, ---- between them.",
    )
    max_iterations: int = option(
        1000, key="max_iterations", minimum=1, help="EM iterations at most."
    )
    tolerance: float = option(
        1e-10, key="tolerance", help="EM stops when the log-likelihood grows by less."
    )


SETTINGS = LFISettings


@dataclass(eq=False)
class LFIRun(LearnResult):
    """The program with its learned probabilities."""

    task: LearningTask
    settings: LFISettings
    learned: LearnedParameters
    interpretations: int
    algorithm: str = "problog-lfi"

    def _clause_text(self, number: int, clause: ProbabilisticClause) -> str:
        heads = []
        for head, (probability, atom) in enumerate(clause.heads):
            value = self.learned.values.get((number, head))
            text = format_term(probability, max_priority=999) if value is None else f"{value:.10g}"
            heads.append(f"{text}::{format_term(atom, max_priority=999)}")
        body = ", ".join(format_term(g, max_priority=999) for g in clause.body)
        return "; ".join(heads) + (f" :- {body}." if body else ".")

    def clauses(self) -> list[str]:
        """The probabilistic clauses, the learned values in place of ``t(_)``."""
        kb = self.task.kb
        assert kb is not None
        return [self._clause_text(n, c) for n, c in enumerate(kb.probabilistic)]

    def to_dict(self) -> dict[str, Any]:
        """``hypothesis``, ``parameters`` (clause text -> values), ``log_likelihoods``, ..."""
        kb = self.task.kb
        assert kb is not None
        parameters: dict[str, list[float]] = {}
        for (number, _), value in sorted(self.learned.values.items()):
            text = str(kb.probabilistic[number])
            parameters.setdefault(text, []).append(value)
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "parameters": parameters,
            "interpretations": self.interpretations,
            "iterations": self.learned.iterations,
            "converged": self.learned.converged,
            "log_likelihood": self.learned.log_likelihoods[-1],
            "log_likelihoods": self.learned.log_likelihoods,
        }
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The EM run in a comment, then the program's probabilistic clauses as learned."""
        learned = self.learned
        lines = [
            f"% LFI from {self.interpretations} interpretations: {learned.iterations} EM "
            f"iterations, log-likelihood {learned.log_likelihoods[-1]:.6f}"
            + ("" if learned.converged else " (not converged)")
        ]
        wrote = [f"% wrote {self.output}"] if self.output is not None else []
        return [*lines, *self.clauses(), *wrote]


def learn(
    task: LearningTask,
    settings: LFISettings | None = None,
    *,
    progress: Callable[[str, int, int | None], None] | None = None,
    log: Callable[[int, str], None] | None = None,
) -> LFIRun:
    """Learn the ``t(_)`` probabilities of the task's program (the learner protocol).

    Raises
    ------
    InvalidParameterError
        Without ``examples``, or with an interpretation impossible under the program.
    KBError
        For a program without ``t(_)`` or one that cannot be grounded.
    """
    settings = settings or LFISettings.from_task(task)
    if settings.examples is None:
        raise InvalidParameterError(
            "problog-lfi needs the interpretations: --examples FILE (evidence/2 facts, "
            "---- between interpretations)"
        )
    if task.kb is None:
        raise InvalidParameterError("problog-lfi learns from a ProbLog program, not a table")
    interpretations = read_interpretations(settings.examples)
    if not interpretations:
        raise InvalidParameterError(f"{settings.examples} has no evidence/2 facts")
    learned = learn_parameters(
        task.kb, interpretations, settings.max_iterations, settings.tolerance, progress
    )
    if log is not None:
        log(1, f"EM: {learned.iterations} iterations")
    return LFIRun(task, settings, learned, len(interpretations))
