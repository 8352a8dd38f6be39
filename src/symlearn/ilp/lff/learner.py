"""Learning from failures on the learner protocol: ``symlearn learn lff``.

:func:`learn` prepares the relational task
(:meth:`~symlearn.ilp.task.RelationalTask.from_task`), reads its language
bias (:func:`~symlearn.ilp.lff.bias.read_bias`), checks that the bias allows
a program at all (:mod:`~symlearn.ilp.lff.checks`), runs the search
(:func:`~symlearn.ilp.lff.search.search`) and returns an :class:`LffRun`:
the program (base cases first, each body in calling order; a recursive
program is tabled, so SWI-Prolog gives the answers the least model gives),
whether it is proved smallest (``optimal``), how many programs were tested
and constraints added, its training accuracy, and, when the space holds no
solution, why, in the bias's own terms (:mod:`~symlearn.ilp.lff.explanation`).

Classes and functions
---------------------
LffSettings, LffResult, LffRun, learn, SETTINGS, SUMMARY, EXAMPLE
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from symlearn.errors import KBError
from symlearn.hypotheses.theory import Theory
from symlearn.ilp.backend_settings import BackendSettings
from symlearn.ilp.lff.bias import Bias, Statement, read_bias
from symlearn.ilp.lff.checks import background_error, check_bias, empty_space_error
from symlearn.ilp.lff.explanation import explain_exhausted
from symlearn.ilp.lff.generate import has_program
from symlearn.ilp.lff.invention import ordered_rules
from symlearn.ilp.lff.rules import format_program, to_clause
from symlearn.ilp.lff.search import Log, Progress, SearchResult, search
from symlearn.ilp.lff.tester import Tester, count
from symlearn.ilp.result import RelationalRun, confusion
from symlearn.ilp.task import RelationalTask
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import format_indicator

__all__ = ["EXAMPLE", "SETTINGS", "SUMMARY", "LffResult", "LffRun", "LffSettings", "learn"]

SUMMARY = (
    "Learn the smallest program (recursive, several clauses) by learning from failures, "
    "as Popper does."
)
EXAMPLE = "symlearn learn lff tests/ilp/tasks/lff/last"


@dataclass(frozen=True)
class LffSettings(BackendSettings):
    """The options of learning from failures, each also ``:- set(Name, Value).``.

    Attributes
    ----------
    noisy
        Minimise the description length (size + false negatives + false
        positives) instead of requiring every positive and no negative
        (Popper's ``--noisy``; ``noisy``).
    timeout
        Stop after this many seconds with the best program so far
        (``timeout``; Popper's default 600).
    max_vars, max_body, max_clauses
        Bounds of the hypothesis space (Popper's ``max_vars``, ``max_body``,
        ``max_clauses``); None: what the bias says, else 6, 6, and 1 (2 with
        recursion).
    max_literals
        The most literals in a program (Popper's ``--max-literals``, 40).
    recursion, non_datalog, allow_singletons, predicate_invention
        Switch Popper's ``enable_recursion``, ``non_datalog``,
        ``allow_singletons`` and ``enable_pi`` on or off (None: as the bias
        says).
    eval_steps
        The most inference steps the engine may take to prove one example
        with a recursive program it cannot evaluate bottom-up; a proof that
        takes more counts as a failure (Popper's ``--eval-timeout``).
    test
        Files of held-out ``pos``/``neg`` examples to measure the program on.
    """

    ALGORITHM: ClassVar[str] = "lff"

    noisy: bool = option(
        False, key="noisy", flag=True, help="Minimise size + misclassified examples (noise)."
    )
    timeout: float = option(
        600.0,
        key="timeout",
        minimum=0,
        open_bounds=True,
        help="Seconds to search before returning the best program so far.",
    )
    max_vars: int | None = option(
        None, key="max_vars", minimum=1, help="Most variables in a rule (default: bias, else 6)."
    )
    max_body: int | None = option(
        None,
        key="max_body",
        minimum=1,
        help="Most body literals in a rule (default: bias, else 6).",
    )
    max_clauses: int | None = option(
        None,
        key="max_clauses",
        minimum=1,
        help="Most rules in one generated program (default: bias, else 1; 2 with recursion).",
    )
    max_literals: int = option(
        40, key="max_literals", minimum=2, help="Most literals in a program."
    )
    recursion: bool | None = option(
        None, key="recursion", help="Allow the target in a body (default: as the bias says)."
    )
    non_datalog: bool | None = option(
        None, key="non_datalog", help="Allow a head variable that is not in the body."
    )
    allow_singletons: bool | None = option(
        None, key="allow_singletons", help="Allow a variable that occurs once."
    )
    predicate_invention: bool | None = option(
        None,
        key="predicate_invention",
        help="Allow invented helper predicates inv1, inv2, ... (default: as the bias says).",
    )
    eval_steps: int = option(
        20_000,
        key="eval_steps",
        minimum=1,
        help="Most inference steps to prove one example with a recursive program.",
    )
    test: tuple[str, ...] = option(
        (),
        multiple=True,
        metavar="FILE",
        help="Held-out pos/neg examples to report test accuracy on (repeatable).",
    )


SETTINGS = LffSettings


@dataclass(frozen=True)
class LffResult:
    """What learning from failures found, and how the search went."""

    theory: Theory
    search: SearchResult
    bias: Bias
    positives: int
    negatives: int
    seconds: float
    settings: LffSettings
    explanation: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())
    warnings: tuple[str, ...] = field(default=())

    @property
    def covered_positives(self) -> int:
        """Positive training examples the program proves."""
        return count(self.search.positives)

    @property
    def covered_negatives(self) -> int:
        """Negative training examples the program proves."""
        return count(self.search.negatives)

    @property
    def accuracy(self) -> float:
        """The fraction of training examples the program classifies right."""
        right = self.covered_positives + self.negatives - self.covered_negatives
        return right / max(self.positives + self.negatives, 1)

    @property
    def size(self) -> int:
        """The program's literals (heads included)."""
        return sum(len(c) for c in self.theory.clauses)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``learn lff`` (without ``algorithm``)."""
        search = self.search
        return {
            "target": self.theory.indicator,
            "hypothesis": self.theory.hypothesis(),
            "optimal": search.optimal,
            "programs_tested": search.programs_tested,
            "constraints": search.constraints,
            "accuracy": self.accuracy,
            "size": self.size,
            "stopped": search.stopped,
            "seconds": self.seconds,
            "explanation": list(self.explanation),
            "metrics": {
                "train_accuracy": self.accuracy,
                "positives": self.positives,
                "negatives": self.negatives,
                "covered_positives": self.covered_positives,
                "covered_negatives": self.covered_negatives,
                "confusion_matrix": confusion(
                    tp=self.covered_positives,
                    positives=self.positives,
                    fp=self.covered_negatives,
                    negatives=self.negatives,
                ),
            },
            "bias": self.bias.describe(),
            "settings": self.settings.to_dict(),
            "notes": list(self.notes),
        }


@dataclass(eq=False)
class LffRun(RelationalRun):
    """Learning from failures run on a task: the program, its accuracy and the search."""

    task: LearningTask
    settings: LffSettings
    result: LffResult
    test_metrics: dict[str, Any] | None = None
    algorithm: str = "lff"

    @property
    def exit_status(self) -> int:  # type: ignore[override]
        """1 when no program was found (a "no"), else 0."""
        return 1 if self.result.theory.is_empty else 0

    @property
    def tabled(self) -> bool:
        """A recursive program is tabled: SWI-Prolog then answers as its least model does."""
        recursive = any(
            any(getattr(g, "name", None) == c.functor[0] for g in c.body)
            for c in self.result.theory.clauses
        )
        return recursive or super().tabled

    @property
    def warnings(self) -> tuple[str, ...]:
        """Problems met in single proofs (the search went on)."""
        return self.result.warnings

    def to_dict(self) -> dict[str, Any]:
        """``algorithm``, ``target``, ``hypothesis``, ``optimal``, ``programs_tested``, ..."""
        payload = super().to_dict()
        if self.test_metrics is not None:
            payload["metrics"] = {**payload["metrics"], **self.test_metrics}
        return payload

    def program(self, header: Sequence[str] = ()) -> str:
        """The file to consult; a tabled program tables its invented predicates too."""
        text = super().program(header)
        helpers = self.result.theory.helpers
        if not (self.tabled and helpers):
            return text
        line = f":- table {format_indicator(self.task.target)}."
        more = "".join(f"\n:- table {format_indicator(h)}." for h in helpers)
        return text.replace(line, line + more, 1)

    def report(self) -> list[str]:
        """The program, whether it is proved smallest, its accuracy and the search effort."""
        result = self.result
        search = result.search
        lines: list[str] = []
        if self.tabled and not result.theory.is_empty:
            tabled = (result.theory.target, *result.theory.helpers)
            lines.append(f":- table {', '.join(format_indicator(i) for i in tabled)}.")
        lines.append(str(result.theory))
        if not result.theory.is_empty:
            if search.optimal:
                what = "least description length" if self.settings.noisy else "smallest program"
                lines.append(
                    f"% optimal: the {what} in the hypothesis space ({result.size} literals)"
                )
            elif search.stopped == "timeout":
                lines.append(
                    f"% not proved optimal: stopped after {self.settings.timeout:g} s "
                    "with the best program so far"
                )
        lines.append(
            f"% proves {result.covered_positives}/{result.positives} positive and "
            f"{result.covered_negatives}/{result.negatives} negative training examples "
            f"(accuracy {result.accuracy:.4f})"
        )
        lines.append(
            f"% {search.programs_tested} programs tested, {search.constraints} constraints, "
            f"{result.seconds:.2f} s"
        )
        lines += [f"% {line}" for line in result.explanation]
        metrics = self.test_metrics or {}
        if metrics.get("test_accuracy") is not None:
            accuracy, examples = metrics["test_accuracy"], metrics["test_examples"]
            lines.append(f"% test accuracy {accuracy:.4f} on {examples} examples")
        if self.output is not None:
            lines.append(f"% written to {self.output}")
        return lines

    def messages(self, verbose: int = 0) -> list[str]:
        """Notes on how the task was read."""
        return [f"% {note}" for note in self.result.notes]


def learn(
    task: LearningTask,
    settings: LffSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Log | None = None,
    started: float | None = None,
) -> LffRun:
    """Run learning from failures on a task (the learner protocol).

    ``started`` (a ``time.monotonic()``) is when the timeout starts to count
    (the command line gives the moment it began, so reading the files counts
    too, as in Popper); by default, now.

    Raises
    ------
    KBError
        When the target has no positive example, the bias allows no program
        (no body predicate, a type nothing produces, constraints that rule
        out everything), or the background knowledge does not answer.
    InvalidParameterError
        For a task read from a table.
    """
    settings = settings or LffSettings.from_task(task)
    now = time.monotonic()
    deadline = (now if started is None else min(started, now)) + settings.timeout
    held_out = _held_out(settings, task)
    relational = RelationalTask.from_task(task, **settings.backend_options())
    if not relational.positives:
        where = ", ".join(relational.sources) or "the knowledge base"
        raise KBError(f"no positive examples of {relational.name} in {where}")
    bias = read_bias(
        relational,
        max_vars=settings.max_vars,
        max_body=settings.max_body,
        max_clauses=settings.max_clauses,
        recursion=settings.recursion,
        non_datalog=settings.non_datalog,
        allow_singletons=settings.allow_singletons,
        invention=settings.predicate_invention,
    )
    check_bias(bias)
    tester = Tester(relational, bias, max_steps=settings.eval_steps)
    found = search(
        tester,
        bias,
        noisy=settings.noisy,
        max_literals=settings.max_literals,
        deadline=deadline,
        log=log,
        progress=progress,
    )
    explanation: tuple[str, ...] = ()
    if found.program is None and found.stopped == "exhausted":
        _raise_for_empty_space(bias, found, tester, relational)
        explanation = tuple(
            explain_exhausted(
                bias, tester.positives, found.reached, found.sizes, settings.max_literals
            )
        )
        if found.partial:
            shown = format_program(found.partial, bias.directions()).replace("\n", " ")
            explanation += (
                f"the best consistent union found proves {count(found.reached)} of "
                f"{len(tester.positives)} positives: {shown}",
            )
    directions = bias.directions()
    rules = ordered_rules(found.program or (), relational.target[0])
    heads = ((r.head.predicate, r.head.arity) for r in rules)
    helpers = tuple(dict.fromkeys(h for h in heads if h != relational.target))
    theory = Theory(
        relational.target, tuple(to_clause(r, directions) for r in rules), helpers=helpers
    )
    result = LffResult(
        theory=theory,
        search=found,
        bias=bias,
        positives=len(relational.positives),
        negatives=len(relational.negatives),
        seconds=time.monotonic() - now,
        settings=settings,
        explanation=explanation,
        notes=(*relational.notes, *bias.notes, *found.notes),
        warnings=tuple(f"warning: {m} ({n}x)" for m, n in tester.warnings.items()),
    )
    run = LffRun(task, settings, result)
    if held_out is not None:
        run.test_metrics = _held_out_metrics(run, held_out)
    return run


def _raise_for_empty_space(
    bias: Bias, found: SearchResult, tester: Tester, task: RelationalTask
) -> None:
    """Raise the located error when nothing was found because the input is wrong."""
    if found.programs_tested == 0:

        def satisfiable(constraints: tuple[Statement, ...]) -> bool | None:
            return has_program(bias, constraints)

        raise empty_space_error(bias, satisfiable)
    error = background_error(tester.looping, task)
    if error is not None:
        raise error


def _held_out(settings: LffSettings, task: LearningTask) -> LearningTask | None:
    """The held-out examples, read before learning (bad files fail first)."""
    if not settings.test:
        return None
    return LearningTask.from_files(settings.test, task.target)


def _held_out_metrics(run: LffRun, held_out: LearningTask) -> dict[str, Any]:
    """Accuracy of the learnt program on held-out ``pos``/``neg`` examples."""
    positives, negatives = list(held_out.positives), list(held_out.negatives)
    answers = run.theory.covers(positives + negatives)
    tp = sum(answers[: len(positives)])
    fp = sum(answers[len(positives) :])
    total = len(positives) + len(negatives)
    return {
        "test_accuracy": (tp + len(negatives) - fp) / total if total else None,
        "test_examples": total,
        "test_confusion_matrix": confusion(
            tp=tp, positives=len(positives), fp=fp, negatives=len(negatives)
        ),
    }
