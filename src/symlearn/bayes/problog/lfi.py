r"""Learning the probabilities of a ProbLog program from interpretations (ProbLog's LFI).

``symlearn learn problog-lfi MODEL.pl --examples EXAMPLES.ev``: the model's
learnable probabilities (``t(_)``, ``t(0.3)``, ``t(_, X)``, on facts, rules
and the heads of annotated disjunctions, see
:mod:`~symlearn.bayes.problog.lfi_program`) get the values that maximise the
likelihood of the *interpretations* of the examples file
(:mod:`~symlearn.bayes.problog.interpretations`).

Expectation maximisation as ProbLog's LFI does it (Gutmann, Thon & De Raedt
2011):

* each interpretation (identical ones once, counted) is grounded with its
  evidence over the rewritten program and compiled to an SDD once: only the
  choices' weights change between iterations.  An interpretation whose
  evidence cannot hold is skipped with a warning, as ProbLog skips it;
* E-step: for each ground instance of a learnable clause in the relevant
  ground program of an interpretation, P(its body | interpretation) and
  P(its body and its head chosen | interpretation);
* M-step: a parameter is the expected number of instances whose body held
  and whose head was chosen over the expected number whose body held,
  summed over its instances in every interpretation; the learnable heads
  of an annotated disjunction are then scaled to sum to one less its fixed
  heads (ProbLog's default normalisation).  A parameter with no instance
  in any interpretation keeps its start value (the data do not determine it);
* until the log-likelihood grows by less than ``tolerance`` and no
  parameter moves by more than ``tolerance``, or ``max_iterations``.

Functions and classes
---------------------
learn_parameters, LearnedParameters, LFISettings, LFIRun, learn

References
----------
Gutmann, Thon & De Raedt 2011 (learning the parameters of probabilistic
logic programs from interpretations); Dempster, Laird & Rubin 1977 (EM).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from symlearn.bayes.problog.deep_stack import run_deep
from symlearn.bayes.problog.grounding import GroundProgram, ground_program
from symlearn.bayes.problog.interpretations import (
    Interpretation,
    complete_disjunctions,
    group_interpretations,
    read_interpretations,
)
from symlearn.bayes.problog.lfi_program import (
    LFIProgram,
    ParameterKey,
    is_learnable,
    learnable_program,
)
from symlearn.bayes.problog.sdd_compilation import CompiledProgram, compile_program_sdd
from symlearn.errors import InvalidParameterError, KBError
from symlearn.files import write_file
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term, functor_of
from symlearn.logic.unify import substitute

__all__ = [
    "SETTINGS",
    "LFIRun",
    "LFISettings",
    "LearnedParameters",
    "learn",
    "learn_parameters",
    "read_interpretations",
    "target_of",
]

#: Below this an expected count is zero (ProbLog's threshold).
ZERO = 1e-15


@dataclass(eq=False)
class _Instance:
    """One ground instance of a learnable head in one compiled interpretation."""

    key: ParameterKey
    choice: int
    chosen: Any | None  # SDD: body holds, head chosen, evidence (None: a lone choice, no body)
    body: Any | None  # SDD: its body holds, and the evidence (None: always, then P = 1)


@dataclass(eq=False)
class _Example:
    """One interpretation (or several identical ones), grounded and compiled."""

    interpretation: Interpretation
    compiled: CompiledProgram
    instances: list[_Instance]
    groups: list[list[int]]  # the choices of each ground instance of a learnable clause


class _Learner:
    """The EM of the module docstring, over the compiled interpretations."""

    def __init__(
        self,
        program: LFIProgram,
        interpretations: Sequence[Interpretation],
        progress: Callable[[str, int, int | None], None] | None,
    ) -> None:
        self.program = program
        self.values: dict[ParameterKey, float] = {}
        self.warnings: list[str] = []
        self.skipped: set[int] = set()
        self.examples: list[_Example] = []
        disjunctions = program.disjunctions()
        completed = [complete_disjunctions(i, disjunctions) for i in interpretations]
        grouped = group_interpretations(completed)
        for number, interpretation in enumerate(grouped):
            example = self.compile(interpretation)
            if example is not None:
                self.examples.append(example)
            if progress is not None:
                progress("compiling interpretations", number + 1, len(grouped))

    def compile(self, interpretation: Interpretation) -> _Example | None:
        try:
            ground = ground_program(self.program.kb, [], list(interpretation.evidence))
        except InvalidParameterError as error:
            raise InvalidParameterError(f"{interpretation.describe()}: {error}") from None
        except KBError as error:
            raise self.program.explained(error, interpretation.describe()) from None
        rules = [
            atom
            for atom in dict.fromkeys(
                self.program.rule_atom(ground.choices[i])
                for i, choice in enumerate(ground.choices)
                if self.program.parameter(choice) is not None
            )
            if atom is not None and atom in ground.rules
        ]
        compiled = compile_program_sdd(replace(ground, queries=rules))
        if compiled.evidence.is_false():
            self.skip(interpretation, "its evidence cannot hold under the program")
            return None
        return _Example(interpretation, compiled, *self.instances(ground, compiled))

    def instances(
        self, ground: GroundProgram, compiled: CompiledProgram
    ) -> tuple[list[_Instance], list[list[int]]]:
        manager = compiled.manager
        instances = []
        groups: dict[tuple[int, tuple[Term, ...]], list[int]] = {}
        for index, choice in enumerate(ground.choices):
            if choice.clause in self.program.learnable:
                groups.setdefault((choice.clause, choice.instance), []).append(index)
        for members in groups.values():
            for position, index in enumerate(members):
                key = self.program.parameter(ground.choices[index])
                if key is None:
                    continue
                head = manager.literal(index + 1)
                for earlier in members[:position]:  # a disjunction's sequential choices
                    head = manager.conjoin(head, manager.literal(-(earlier + 1)))
                rule = self.program.rule_atom(ground.choices[index])
                body = None
                if rule is not None and rule in ground.rules:  # else a body of the logic part
                    body = manager.conjoin(compiled.formulas[rule], compiled.evidence)
                chosen = None
                if body is not None or len(members) > 1:
                    chosen = manager.conjoin(head, compiled.evidence if body is None else body)
                instances.append(_Instance(key, index, chosen, body))
        return instances, list(groups.values())

    def skip(self, interpretation: Interpretation, reason: str) -> None:
        if interpretation.numbers[0] not in self.skipped:
            self.skipped.add(interpretation.numbers[0])
            self.warnings.append(f"warning: {interpretation.describe()} skipped: {reason}")

    def value(self, key: ParameterKey) -> float:
        found = self.values.get(key)
        return self.program.start(key) if found is None else found

    def choice_probabilities(self, example: _Example) -> list[float]:
        """The sequential choice probabilities under the current parameters."""
        choices = example.compiled.program.choices
        result = [c.probability for c in choices]
        for members in example.groups:
            first = choices[members[0]]
            clause = self.program.learnable[first.clause]
            keys = [self.program.parameter(choices[i]) for i in members]
            binding = next(k[2] for k in keys if k is not None)
            left = 1.0
            for index, key in zip(members, keys):
                if key is None:
                    own = float(clause.clause.heads[choices[index].head][0])  # type: ignore[arg-type]
                else:
                    own = self.value((key[0], key[1], binding))
                result[index] = min(1.0, own / left) if left > ZERO else 0.0
                left -= own
        return result

    def iteration(self) -> tuple[float, float]:
        """One E and M step: the log-likelihood before it, the largest change of a parameter."""
        chosen: dict[ParameterKey, float] = {}
        held: dict[ParameterKey, float] = {}
        log_likelihood = 0.0
        for example in self.examples:
            weights = self.choice_probabilities(example)
            compiled = example.compiled
            posteriors, evidence = compiled.choice_posteriors(weights)
            if evidence <= 0.0:
                self.skip(
                    example.interpretation, "it has probability 0 under the current parameters"
                )
                continue
            count = example.interpretation.count
            log_likelihood += count * math.log(evidence)
            for instance in example.instances:
                if instance.chosen is None:
                    joint = posteriors[instance.choice]
                else:
                    joint = compiled.wmc(instance.chosen, weights) / evidence
                body = 1.0 if instance.body is None else compiled.wmc(instance.body, weights)
                if instance.body is not None:
                    body /= evidence
                chosen[instance.key] = chosen.get(instance.key, 0.0) + count * joint
                held[instance.key] = held.get(instance.key, 0.0) + count * body
        old = dict(self.values)
        for key, expected in chosen.items():
            if expected <= ZERO or held[key] <= 0.0:
                self.values[key] = 0.0
            else:
                self.values[key] = min(1.0, max(0.0, expected / held[key]))
        self.normalise()
        change = max(
            (
                abs(value - old.get(key, self.program.start(key)))
                for key, value in self.values.items()
            ),
            default=0.0,
        )
        return log_likelihood, change

    def normalise(self) -> None:
        """Scale the learnable heads of each disjunction to sum to 1 less its fixed heads.

        As ProbLog's LFI does by default, for each binding of the keys: a
        disjunction with learnable heads is a distribution over its heads.
        """
        for clause in self.program.learnable.values():
            if len(clause.heads) < 2:
                continue
            bindings = dict.fromkeys(k[2] for k in self.values if k[0] == clause.number)
            available = max(0.0, 1.0 - clause.fixed)
            for binding in bindings:
                keys = [(clause.number, head, binding) for head in clause.heads]
                total = sum(self.values.get(k, 0.0) for k in keys)
                scale = available / total if total != 0 else available
                for key in keys:
                    self.values[key] = self.values.get(key, 0.0) * scale


@dataclass(frozen=True)
class LearnedParameters:
    """What LFI learned: each parameter's value, the log-likelihoods, the iterations.

    Attributes
    ----------
    program
        The program learned (its rewriting and learnable clauses).
    values
        Parameter -> learned value (parameters the data never reached keep
        their start values and are not listed).
    log_likelihoods
        The log-likelihood of the interpretations before each iteration.
    converged
        Whether EM stopped before ``max_iterations``.
    warnings
        The interpretations skipped, and why.
    """

    program: LFIProgram
    values: dict[ParameterKey, float]
    log_likelihoods: list[float]
    converged: bool
    warnings: list[str] = field(default_factory=list)

    @property
    def iterations(self) -> int:
        """The EM iterations run."""
        return len(self.log_likelihoods)

    def model(self) -> list[str]:
        """The learned program, clause by clause as written (ProbLog's ``-O`` model)."""
        return self.program.model(self.values)


def learn_parameters(
    kb: KnowledgeBase,
    interpretations: Sequence[Interpretation],
    max_iterations: int = 10000,
    tolerance: float = 1e-10,
    progress: Callable[[str, int, int | None], None] | None = None,
    seed: int | None = 0,
) -> LearnedParameters:
    """The probabilities of the learnable clauses of ``kb`` that best explain the interpretations.

    Raises
    ------
    KBError
        When the program has no ``t(_)`` probability or cannot be grounded.
    InvalidParameterError
        When an interpretation names an atom the program does not define.
    """
    program = learnable_program(kb, seed)
    return run_deep(
        _expectation_maximisation, program, interpretations, max_iterations, tolerance, progress
    )


def _expectation_maximisation(
    program: LFIProgram,
    interpretations: Sequence[Interpretation],
    max_iterations: int,
    tolerance: float,
    progress: Callable[[str, int, int | None], None] | None,
) -> LearnedParameters:
    """EM on a large stack (grounding and compiling follow the program's recursion)."""
    learner = _Learner(program, interpretations, progress)
    history: list[float] = []
    converged = False
    for iteration in range(max_iterations):
        log_likelihood, change = learner.iteration()
        history.append(log_likelihood)
        if progress is not None:
            progress("EM", iteration + 1, max_iterations)
        if len(history) > 1 and abs(history[-1] - history[-2]) < tolerance and change < tolerance:
            converged = True
            break
    return LearnedParameters(program, dict(learner.values), history, converged, learner.warnings)


def target_of(kb: KnowledgeBase) -> Indicator:
    """What LFI learns about: the predicate of the first clause with a learnable probability.

    Raises
    ------
    KBError
        When no clause has one.
    """
    for clause in kb.probabilistic:
        for probability, head in clause.heads:
            if is_learnable(probability):
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
        10000, key="max_iterations", minimum=1, help="EM iterations at most (ProbLog's -n)."
    )
    tolerance: float = option(
        1e-10,
        key="tolerance",
        help="EM stops when the log-likelihood and every parameter change by less (ProbLog's -d).",
    )
    seed: int = option(0, key="seed", help="Seeds the random start values of t(_).")


SETTINGS = LFISettings


@dataclass(eq=False)
class LFIRun(LearnResult):
    """The program with its learned probabilities."""

    task: LearningTask
    settings: LFISettings
    learned: LearnedParameters
    interpretations: int
    algorithm: str = "problog-lfi"

    def clauses(self) -> list[str]:
        """The learned program: every clause as written, learned values for ``t(_)``."""
        return self.learned.model()

    def parameters(self) -> dict[str, list[float]]:
        """Each learnable clause as written -> its learned values, head by head.

        A clause with ``t(_, X)`` lists the values of each binding in turn.
        """
        source = self.learned.program.source
        result: dict[str, list[float]] = {}
        for (number, _, _), value in self.learned.values.items():
            result.setdefault(str(source.probabilistic[number]), []).append(value)
        return result

    def to_dict(self) -> dict[str, Any]:
        """``hypothesis``, ``parameters`` (clause text -> values), ``log_likelihoods``, ..."""
        learned = self.learned
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "parameters": self.parameters(),
            "weights": [
                {"parameter": _parameter_text(self.learned.program, key), "value": value}
                for key, value in learned.values.items()
            ],
            "interpretations": self.interpretations,
            "skipped": len(learned.warnings),
            "iterations": learned.iterations,
            "converged": learned.converged,
            "log_likelihood": learned.log_likelihoods[-1] if learned.log_likelihoods else 0.0,
            "log_likelihoods": learned.log_likelihoods,
        }
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The EM run in a comment, then the learned program."""
        learned = self.learned
        last = learned.log_likelihoods[-1] if learned.log_likelihoods else 0.0
        lines = [
            f"% LFI from {self.interpretations} interpretations: {learned.iterations} EM "
            f"iterations, log-likelihood {last:.6f}"
            + ("" if learned.converged else " (not converged)")
        ]
        wrote = [f"% wrote {self.output}"] if self.output is not None else []
        return [*lines, *self.clauses(), *wrote]

    def messages(self, verbose: int = 0) -> list[str]:
        """The interpretations skipped (impossible under the program)."""
        return list(self.learned.warnings)

    def program(self, header: Sequence[str] = ()) -> str:
        """The learned ProbLog program, as ``problog lfi -O`` writes it."""
        names = " ".join(Path(s).name for s in self.task.sources)
        comments = [f"% learnt by symlearn learn problog-lfi from {names}."]
        comments.extend(f"% {line}" for line in header)
        return "\n".join([*comments, *self.clauses()]) + "\n"

    def write(self, path: str | Path, *, force: bool = False) -> None:
        """Write the learned program to ``path`` (refusing to replace an input file)."""
        write_file(path, self.program(), inputs=self.task.sources, force=force)


def _parameter_text(program: LFIProgram, key: ParameterKey) -> str:
    """``t(_, a)::p(a)``: a parameter as ProbLog names it, its keys bound."""
    clause = program.learnable[key[0]]
    probability, head = clause.clause.heads[key[1]]
    binding = dict(zip(clause.keys, key[2]))
    return (
        f"{format_term(substitute(probability, binding), max_priority=999)}::"
        f"{format_term(substitute(head, binding), max_priority=999)}"
    )


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
        Without ``examples``, or with an interpretation naming an undefined atom.
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
        task.kb,
        interpretations,
        settings.max_iterations,
        settings.tolerance,
        progress,
        settings.seed,
    )
    if log is not None:
        log(1, f"EM: {learned.iterations} iterations")
    return LFIRun(task, settings, learned, len(interpretations))
