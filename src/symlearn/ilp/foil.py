r"""FOIL: learning Horn clauses by sequential covering with Foil_Gain.

FOIL (Quinlan 1990; Mitchell 1997, section 10.5) learns a theory for a target
predicate from positive and negative examples and background relations, with
two nested loops:

* the **outer loop** adds one clause at a time to the theory and removes the
  positive examples it covers, until every positive example is covered
  (a specific-to-general search over disjunctions of clauses);
* the **inner loop** builds one clause general-to-specific: starting from
  ``target(X1, ..., Xk)`` with an empty body, it adds the candidate literal
  (:mod:`symlearn.ilp.language`) with the highest

  ``Foil_Gain(L, R) = t (log2(p1 / (p1 + n1)) - log2(p0 / (p0 + n0)))``

  where p0/n0 are the positive/negative **bindings** of the clause R, p1/n1
  those of R + L and t the positive bindings of R that R + L keeps
  (:func:`~symlearn.ilp.coverage.foil_gain`), until no negative binding is
  left.

Bindings are counted set-at-a-time (:class:`~symlearn.ilp.coverage.Coverage`):
one table of bindings for all examples, joined with the background fact
tables; a candidate literal's counts cost two vectorised index searches.

**Beyond the textbook loop**, as in Quinlan's FOIL:

* *Negated literals* are candidates (their counts come free with the
  positive literal's); *equality* ``X = Y`` between variables of one type too.
* *Determinate literals*: when no literal has positive gain, a literal that
  gives every positive binding exactly one extension (and no negative binding
  more than one) may be added with gain 0, to introduce new variables.
* *Encoding-length (MDL) stop* (on by default): a literal may not make the
  clause cost more bits than it takes to point out, explicitly, the positive
  examples it covers: ``bits(clause) <= log2(T) + log2(C(T, p))`` for T
  training examples and p covered positives, where a literal costs
  ``1 + log2(#relations) + log2(#argument lists of its relation)`` bits and
  a clause the sum minus ``log2(k!)`` for its k literals.  A clause that
  stops while still covering negatives is kept only if its accuracy on the
  training examples is at least ``min_accuracy``; otherwise learning stops.
* *Clause length*: at most ``clause_length`` literals, head included
  (Aleph's ``clauselength``).
* *Recursion*: a literal of the target itself is evaluated against the
  target's known tuples (the positive examples and what the clauses learnt so
  far derive); a clause with a recursive literal is accepted only when its
  recursion terminates on the data (:mod:`symlearn.ilp.recursion`).
* *Closed world* (``:- set(closed_world, true)``): the negatives are the
  unlisted tuples of the typed argument domains, capped
  (:mod:`symlearn.ilp.closed_world`).
* *Pruning*: a finished clause loses every literal whose removal does not
  make it cover more negative examples.

The knowledge base's own clauses for the target are set aside (they are
what is being learnt).

The search itself is :class:`~symlearn.ilp.foil_search.FoilSearch`; this
module holds the settings, the result, :func:`foil` and FOIL on the learner
protocol (:func:`learn`, what ``symlearn learn foil`` runs).

Functions and classes
---------------------
foil, learn, FoilSettings, FoilResult, FoilRun, LearnedClause, LiteralStep

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.ilp.task import RelationalTask
>>> kb = loads('''
... parent(ann, bob). parent(bob, carl). parent(bob, cleo). parent(cleo, dan).
... parent(eve, fay). parent(fay, gus).
... pos(grandparent(ann, carl)). pos(grandparent(ann, cleo)). pos(grandparent(bob, dan)).
... pos(grandparent(eve, gus)).
... neg(grandparent(ann, bob)). neg(grandparent(carl, ann)). neg(grandparent(bob, cleo)).
... neg(grandparent(eve, fay)). neg(grandparent(ann, dan)).
... ''')
>>> task = RelationalTask.from_kb(kb, ("grandparent", 2))
>>> result = foil(task, FoilSettings(mdl=False))  # 9 examples: too few for MDL
>>> print(result.theory)
grandparent(A, B) :-
    parent(A, C),
    parent(C, B).
>>> [(c.positives, c.negatives) for c in result.clauses]
[(4, 0)]

On the learner protocol (``symlearn learn foil``), the learnt clauses answer
queries over the background knowledge:

>>> import symlearn
>>> run = symlearn.learn("foil", "kb/family.pl", target="grandparent/2")
>>> sorted(str(s["X"]) for s in run.query("grandparent(X, lisa)"))
['abe', 'clancy', 'jackie', 'mona']

References
----------
Quinlan, J. R. (1990). Learning logical definitions from relations. Machine
Learning 5, 239-266.  Mitchell, T. (1997). Machine Learning, sections 10.2
(sequential covering) and 10.5 (FOIL, Foil_Gain in 10.5.2).  Quinlan, J. R. and
Cameron-Jones, R. M. (1993). FOIL: a midterm report. ECML-93.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np

from symlearn.errors import KBError
from symlearn.hypotheses.theory import Theory
from symlearn.ilp.backend_settings import BackendSettings
from symlearn.ilp.closed_world import DEFAULT_CAP, ClosedWorld
from symlearn.ilp.foil_search import FoilSearch, LearnedClause, LiteralStep, Log, Progress
from symlearn.ilp.result import (
    RelationalRun,
    confusion,
    held_out_metrics,
    read_held_out,
    worthless_theory_note,
)
from symlearn.ilp.task import RelationalTask
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import format_indicator

__all__ = [
    "SETTINGS",
    "FoilResult",
    "FoilRun",
    "FoilSettings",
    "LearnedClause",
    "LiteralStep",
    "foil",
    "learn",
]

SUMMARY = "Learn Horn clauses for the target with FOIL (Foil_Gain, sequential covering)."
EXAMPLE = "symlearn learn foil kb/family.pl --target grandparent/2"


@dataclass(frozen=True)
class FoilSettings(BackendSettings):
    """FOIL's options, each also readable from ``:- set(Name, Value)`` (its ``key``).

    Attributes
    ----------
    closed_world
        Generate negatives as unlisted tuples (``closed_world``).
    max_negatives
        The cap on closed-world negatives (``closed_world_limit``).
    clause_length
        Most literals in a clause, the head included (``clauselength``).
    mdl
        Stop specialising when a clause would cost more bits than the
        positives it covers (``mdl``).
    min_accuracy
        Least training accuracy of a clause that still covers negatives
        (``minacc``; Quinlan's 85%).
    negation, equality, recursion
        Whether negated literals, ``X = Y`` and literals of the target are
        candidates (``negation``, ``equality``, ``recursion``).  None (the
        default) follows the language bias, as Aleph and Popper do: negated
        literals only from negated modes (``modeb(*, not(p(+t)))``),
        ``X = Y`` only when a mode or determination declares ``=/2``, the
        target only when a body mode declares it (or, without modes,
        always).  ``true`` switches negation or equality on for every
        predicate, as in Quinlan's FOIL.
    max_vars, max_clauses
        Most variables in a clause and most clauses in the theory (Popper's
        ``max_vars`` and ``max_clauses``; None: no limit).
    max_bindings
        A candidate literal whose binding table would have more rows is
        skipped with a warning, as FOIL6 does (``max_bindings``).
    seed
        Random seed for sampling closed-world negatives (``seed``).
    test
        Files of held-out ``pos``/``neg`` examples to measure the theory on.
    completion
        A literal that leaves no negative binding is preferred to the best
        literal when its gain is at least this fraction of the best gain
        (``completion``).
    max_constants
        Most constants a ``#`` mode argument may take (the most frequent ones).
    """

    ALGORITHM: ClassVar[str] = "foil"

    closed_world: bool = option(
        False,
        key="closed_world",
        help="Negatives are the unlisted tuples of the typed argument domains.",
    )
    max_negatives: int = option(
        DEFAULT_CAP,
        key="closed_world_limit",
        minimum=0,
        help="Cap on closed-world negatives (a random sample above it).",
    )
    clause_length: int = option(
        6, key="clauselength", minimum=1, help="Most literals in a clause, head included."
    )
    mdl: bool = option(
        True,
        key="mdl",
        help="Stop a clause when it costs more bits than the positives it covers.",
    )
    min_accuracy: float = option(
        0.85,
        key="minacc",
        minimum=0,
        maximum=1,
        help="Least accuracy of a clause that still covers negatives.",
    )
    negation: bool | None = option(
        None,
        key="negation",
        help="Consider negated literals (default: only those the modes declare).",
    )
    equality: bool | None = option(
        None,
        key="equality",
        help="Consider X = Y literals (default: only when the modes declare =/2).",
    )
    recursion: bool | None = option(
        None,
        key="recursion",
        help="Consider the target itself (default: without modes always, else as declared).",
    )
    max_vars: int | None = option(
        None,
        key="max_vars",
        minimum=1,
        help="Most variables in a clause, head included (Popper's max_vars).",
    )
    max_clauses: int | None = option(
        None,
        key="max_clauses",
        minimum=1,
        help="Most clauses in the theory (Popper's max_clauses).",
    )
    max_bindings: int = option(
        20_000_000,
        key="max_bindings",
        minimum=1,
        help="Skip (with a warning) a literal whose binding table would be larger.",
    )
    seed: int = option(0, key="seed", help="Seed for sampling closed-world negatives.")
    test: tuple[str, ...] = option(
        (),
        multiple=True,
        metavar="FILE",
        help="Held-out pos/neg examples to report test accuracy on (repeatable).",
    )
    completion: float = option(
        0.8,
        key="completion",
        cli=None,
        minimum=0,
        maximum=1,
        help="Prefer a literal leaving no negative binding within this fraction of the best gain.",
    )
    max_constants: int = option(
        20, cli=None, minimum=0, help="Most constants a #-argument of a mode may take."
    )


SETTINGS = FoilSettings


@dataclass(frozen=True)
class FoilResult:
    """What :func:`foil` learnt, and how."""

    theory: Theory
    clauses: tuple[LearnedClause, ...]
    positives: int
    negatives: int
    covered_positives: int
    covered_negatives: int
    settings: FoilSettings
    closed_world: ClosedWorld | None = None
    stopped: str = ""
    notes: tuple[str, ...] = field(default=())
    warnings: tuple[str, ...] = field(default=())
    #: The note that background predicates were tabled ("" when none was).
    tabling_note: str = ""
    #: The warning naming the Aleph settings FOIL ignores ("" when there is none).
    ignored_settings: str = ""

    @property
    def train_accuracy(self) -> float:
        """The fraction of training examples the theory classifies correctly."""
        right = self.covered_positives + self.negatives - self.covered_negatives
        return right / max(self.positives + self.negatives, 1)

    def to_dict(self) -> dict[str, Any]:
        """The DESIGN.md JSON of ``learn foil`` (without ``algorithm``)."""
        return {
            "target": self.theory.indicator,
            "hypothesis": self.theory.hypothesis(),
            "clauses": [c.to_dict() for c in self.clauses],
            "metrics": {
                "train_accuracy": self.train_accuracy,
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
            "closed_world": None if self.closed_world is None else self.closed_world.to_dict(),
            "settings": self.settings.to_dict(),
            "stopped": self.stopped,
            "notes": list(self.notes),
            "skipped_literals": len(self.warnings),
        }


def foil(
    task: RelationalTask,
    settings: FoilSettings | None = None,
    *,
    log: Log | None = None,
    progress: Progress | None = None,
) -> FoilResult:
    """Learn a theory for ``target`` with FOIL (see the module docstring).

    Parameters
    ----------
    task
        The prepared task: the target, its ``pos``/``neg`` examples, the
        background knowledge, the language bias and the file's settings
        (the closed-world negatives are made here, as ``settings`` say).
    settings
        Options; by default the file's ``set/2`` directives.
    log
        ``log(level, message)`` receives the search as it goes (level 1 its
        decisions, level 2 every candidate literal).
    progress
        ``progress(stage, done, total)`` for long runs.

    Returns
    -------
    FoilResult

    Raises
    ------
    KBError
        When the target has no positive example or no background predicate,
        or the task is wrong (:meth:`RelationalTask.check`).
    """
    if settings is None:
        settings = FoilSettings.from_values(task.file_settings, task.setting_positions)
    target = task.target
    if target[1] < 1:
        raise KBError(f"FOIL learns relations: {format_indicator(target)} has no argument to bind")
    task.check()
    if not task.positives:
        where = ", ".join(task.files) or "the knowledge base"
        raise KBError(f"no positive examples of {task.name} in {where}")
    notes: list[str] = [task.tabling_note] if task.tabling_note else []
    if task.own_clauses:
        notes.append(
            f"set aside the knowledge base's {task.own_clauses} clause(s) for {task.name} "
            "(the target is what is learnt)"
        )
    search = FoilSearch(task, settings, log, progress)
    for note in notes:
        search.say(1, note)
    examples = task.with_closed_world(
        settings.closed_world,
        max_negatives=settings.max_negatives,
        seed=settings.seed,
        coverage=search.coverage,
    )
    positives, negatives = list(examples.positives), list(examples.negatives)
    if examples.world is not None:
        notes.append(examples.world.describe())
        search.say(1, examples.world.describe())
    clash = set(positives) & set(negatives)
    if clash:
        note = f"{len(clash)} example(s) are both positive and negative (noise)"
        notes.append(note)
        search.say(1, note)
    search.total_examples = len(positives) + len(negatives)
    search.all_examples = positives + negatives
    learned, stopped = search.run(positives, negatives)
    theory = Theory(task.target, tuple(c.clause for c in learned), tabled=task.tabled_target)
    result = _result(search, theory, learned, len(positives), settings, examples, stopped, notes)
    read = [meta.key for _, meta in FoilSettings.fields() if meta.key is not None]
    ignored = task.ignored_settings_warning("FOIL", read) or ""
    return replace(result, tabling_note=task.tabling_note, ignored_settings=ignored)


def _result(
    search: FoilSearch,
    theory: Theory,
    learned: list[LearnedClause],
    positives: int,
    settings: FoilSettings,
    examples: RelationalTask,
    stopped: str,
    notes: list[str],
) -> FoilResult:
    """The result, with each clause's coverage of all the training examples."""
    coverage = search.coverage
    coverage.set_theory(theory.clauses)
    coverage.set_extension(theory.target, None)
    reported = []
    for item in learned:
        mask = coverage.covered(item.clause, search.all_examples)
        reported.append(
            replace(
                item,
                positives=int(np.count_nonzero(mask[:positives])),
                negatives=int(np.count_nonzero(mask[positives:])),
            )
        )
    covered = coverage.theory_covered(search.all_examples)
    return FoilResult(
        theory=theory,
        clauses=tuple(reported),
        positives=positives,
        negatives=len(search.all_examples) - positives,
        covered_positives=int(np.count_nonzero(covered[:positives])),
        covered_negatives=int(np.count_nonzero(covered[positives:])),
        settings=settings,
        closed_world=examples.world,
        stopped=stopped,
        notes=tuple(notes),
        warnings=tuple(search.all_warnings()),
    )


# ---------------------------------------------------------------------- the learner protocol


@dataclass(eq=False)
class FoilRun(RelationalRun):
    """FOIL run on a task: the theory, its training and held-out accuracy."""

    task: LearningTask
    settings: FoilSettings
    result: FoilResult
    test_metrics: dict[str, Any] | None = None
    algorithm: str = "foil"

    def to_dict(self) -> dict[str, Any]:
        """``algorithm``, ``target``, ``hypothesis``, ``clauses``, ``metrics``, ..."""
        payload = super().to_dict()
        if self.test_metrics is not None:
            payload["metrics"] = {**payload["metrics"], **self.test_metrics}
        return payload

    @property
    def warnings(self) -> tuple[str, ...]:
        """Literals skipped and problems met in single proofs (the run went on)."""
        return self.result.warnings

    @property
    def worthless(self) -> str:
        """Why the theory is no answer: it proves no positive, or does worse than none."""
        result = self.result
        return worthless_theory_note(
            tp=result.covered_positives,
            positives=result.positives,
            fp=result.covered_negatives,
            negatives=result.negatives,
            clauses=len(result.theory.clauses),
        )

    @property
    def exit_status(self) -> int:  # type: ignore[override]
        """1 when the theory is no answer (see :attr:`worthless`), else 0."""
        return 1 if self.worthless else 0

    def messages(self, verbose: int = 0) -> list[str]:
        """The Aleph settings FOIL ignores, the background tabled, a worthless theory (stderr)."""
        lines = [self.result.ignored_settings] if self.result.ignored_settings else []
        if self.result.tabling_note:
            lines.append(f"% {self.result.tabling_note}")
        if self.worthless:
            lines.append(self.worthless)
        return lines

    def report(self) -> list[str]:
        """The theory, its training coverage, the closed world and the test accuracy."""
        result = self.result
        lines = [str(result.theory)]
        lines.append(
            f"% covers {result.covered_positives}/{result.positives} positive and "
            f"{result.covered_negatives}/{result.negatives} negative training examples"
        )
        if result.closed_world is not None:
            lines.append(f"% {result.closed_world.describe()}")
        metrics = self.test_metrics or {}
        if metrics.get("test_accuracy") is not None:
            accuracy, count = metrics["test_accuracy"], metrics["test_examples"]
            lines.append(f"% test accuracy {accuracy:.4f} on {count} examples")
        if self.output is not None:
            lines.append(f"% written to {self.output}")
        return lines


def learn(
    task: LearningTask,
    settings: FoilSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Log | None = None,
) -> FoilRun:
    """Run FOIL on a task (the learner protocol); ``settings.test`` adds held-out accuracy.

    Raises
    ------
    KBError
        When the target has no positive example or no background predicate,
        or a test file cannot be read.
    InvalidParameterError
        For a task read from a table.
    """
    settings = settings or FoilSettings.from_task(task)
    relational = RelationalTask.from_task(
        task,
        closed_world=False,
        examples_required=False,
        learner="FOIL",
        **settings.backend_options(),
    )
    held_out = read_held_out(settings.test) if settings.test else None  # before learning
    run = FoilRun(task, settings, foil(relational, settings, log=log, progress=progress))
    if held_out is not None:
        run.test_metrics = held_out_metrics(run.theory, held_out)
    return run
