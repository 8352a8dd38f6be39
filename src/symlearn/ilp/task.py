"""The relational view of a learning task: examples, background clauses, language bias.

A :class:`~symlearn.learning.task.LearningTask` says what is to be learnt and
holds the knowledge base.  The relational learners and the exporters for
peer ILP systems need it spelled out, once, in the same way;
:meth:`RelationalTask.from_task` does that for the task's target:

* the positive examples, and the negatives (each listed once) with, under
  the closed-world assumption (``:- set(closed_world, true)``, as in FOIL:
  Quinlan 1990), the unlisted tuples of the typed argument domains, capped
  (:func:`~symlearn.ilp.closed_world.closed_world_negatives`);
* the background knowledge: every clause except the examples, the target's
  own clauses (they are what is to be learnt) and the clauses of predicates
  that call the target (:func:`~symlearn.ilp.background.dependent_predicates`);
* the language bias: the file's modes and determinations, or, when it
  declares no body modes, the modes :func:`~symlearn.ilp.language.derived_modes`
  states for it; the determinations default to the body modes' predicates;
* the argument types of every predicate
  (:func:`~symlearn.ilp.language.argument_types`).

Classes and functions
---------------------
RelationalTask, knowledge_base

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.task import LearningTask
>>> kb = loads("parent(a, b). grandparent(X, Y) :- parent(X, Z), parent(Z, Y). "
...            "pos(grandparent(a, c)). neg(grandparent(b, a)).")
>>> task = RelationalTask.from_task(LearningTask.from_kb(kb, "grandparent/2"))
>>> [str(c) for c in task.background], task.modes_derived
(['parent(a, b).'], True)
>>> [str(m) for m in task.modes]
['modeh(1, grandparent(+t, +t))', 'modeb(*, parent(+t, -t))', 'modeb(*, parent(-t, +t))']
>>> task.determinations, task.types[("parent", 2)]
((('parent', 2),), ('t', 't'))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from symlearn.errors import InvalidParameterError, KBError
from symlearn.ilp.background import dependent_predicates, is_example_predicate
from symlearn.ilp.closed_world import DEFAULT_CAP, ClosedWorld, closed_world_negatives
from symlearn.ilp.coverage import Coverage
from symlearn.ilp.language import LiteralMode, argument_types, derived_modes
from symlearn.kb.knowledge_base import KnowledgeBase, Mode
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator, format_indicator
from symlearn.logic.terms import Struct, Term

__all__ = ["RelationalTask", "knowledge_base"]


def knowledge_base(task: LearningTask, algorithm: str) -> KnowledgeBase:
    """The task's knowledge base; a relational learner cannot learn from a table.

    Raises
    ------
    InvalidParameterError
        For a task read from a table of attribute-value examples.
    """
    if task.kb is None:
        raise InvalidParameterError(
            f"{algorithm} learns from a knowledge base (background relations), not a table"
        )
    return task.kb


@dataclass(frozen=True)
class RelationalTask:
    """One target's relational learning problem (see the module docstring).

    Attributes
    ----------
    target
        ``(name, arity)`` of the predicate to learn.
    positives, negatives
        The example atoms; the negatives include the closed-world ones.
    background
        The background clauses.
    modes, determinations
        The language bias (declared, or derived when ``modes_derived``).
    types
        The argument types of each predicate.
    file_settings
        The files' ``:- set(Name, Value).`` values.
    closed_world
        Whether negatives were generated under the closed-world assumption.
    world
        How they were generated (None without the closed world).
    generated_negatives
        How many of ``negatives`` were generated (they come last).
    notes
        What people should know about how the task was made.
    sources
        The files the task was read from.
    """

    target: Indicator
    positives: tuple[Term, ...]
    negatives: tuple[Term, ...]
    background: tuple[Clause, ...]
    modes: tuple[Mode, ...]
    determinations: tuple[Indicator, ...]
    types: dict[Indicator, tuple[str, ...]]
    file_settings: Mapping[str, Term] = field(default_factory=dict)
    modes_derived: bool = False
    closed_world: bool = False
    world: ClosedWorld | None = None
    generated_negatives: int = 0
    notes: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    #: Where the background's facts and rules are read from; learners reach
    #: it only through :meth:`coverage` (the seam where a backend plugs in).
    knowledge: KnowledgeBase | None = field(default=None, repr=False, compare=False)

    @property
    def name(self) -> str:
        """``name/arity`` of the target."""
        return format_indicator(self.target)

    @classmethod
    def from_task(
        cls,
        task: LearningTask,
        *,
        closed_world: bool | None = None,
        max_negatives: int = DEFAULT_CAP,
        seed: int = 0,
        coverage: Coverage | None = None,
    ) -> RelationalTask:
        """The relational view of ``task`` (see the module docstring).

        Parameters
        ----------
        task
            The learning task (read from files or a knowledge base).
        closed_world
            Generate the unlisted tuples as negatives; None: as the file's
            ``set(closed_world, ...)`` says.
        max_negatives, seed
            The cap on closed-world negatives and the seed of their sample.
        coverage
            The coverage tables to draw the closed-world constants from (a
            learner passes its own so both use the same constant codes).

        Raises
        ------
        KBError
            When the target has no examples.
        InvalidParameterError
            For a task read from a table.
        """
        kb = knowledge_base(task, "a relational task")
        target = task.target
        positives = task.positives
        negatives = list(dict.fromkeys(task.negatives))
        if not positives and not negatives:
            raise KBError(f"no pos/neg examples of {task.name} in the knowledge base")
        notes: list[str] = []
        if closed_world is None:
            closed_world = task.setting("closed_world") == "true"
        world = None
        generated = 0
        if closed_world:
            world = closed_world_negatives(
                kb, target, coverage or Coverage(kb, target), cap=max_negatives, seed=seed
            )
            listed = set(negatives) | set(positives)
            extra = [n for n in world.negatives if n not in listed]
            negatives += extra
            generated = len(extra)
            notes.append(world.describe())
        background = _background(kb, target)
        excluded = dependent_predicates(kb, target) | {target}
        predicates = sorted(
            indicator
            for indicator, predicate in kb.predicates.items()
            if predicate.clauses
            and indicator[1] > 0
            and indicator not in excluded
            and not is_example_predicate(indicator)
        )
        modes = tuple(kb.modes)
        derived = not kb.body_modes()
        if derived:
            modes = derived_modes(target, predicates)
            notes.append("the file has no mode declarations: modes derived with one type t")
        determinations = tuple(task.determinations) or tuple(
            LiteralMode.from_mode(m).indicator for m in modes if m.kind == "body"
        )
        return cls(
            target=target,
            positives=tuple(positives),
            negatives=tuple(negatives),
            background=background,
            modes=modes,
            determinations=tuple(dict.fromkeys(determinations)),
            types=argument_types(modes, [target, *predicates]),
            file_settings=dict(task.file_settings),
            modes_derived=derived,
            closed_world=closed_world,
            world=world,
            generated_negatives=generated,
            notes=tuple(notes),
            sources=task.sources,
            knowledge=kb,
        )

    def coverage(
        self,
        *,
        theory: Iterable[Clause] = (),
        max_depth: int = 10_000,
        max_steps: int | None = 1_000_000,
        tolerant: bool = False,
    ) -> Coverage:
        """Set-at-a-time coverage over this task's background, for its target.

        Every relational learner evaluates clauses through the object this
        returns (never through the knowledge base itself); its public methods
        (:meth:`Coverage.covered`, :meth:`Coverage.theory_covered`,
        :meth:`Coverage.bind_head`, :meth:`Coverage.counts`,
        :meth:`Coverage.extend`, the least models of
        :mod:`symlearn.ilp.least_model`) are what a storage backend provides.

        Raises
        ------
        InvalidParameterError
            For a task made without a knowledge base.
        """
        if self.knowledge is None:
            raise InvalidParameterError(f"the task for {self.name} has no background to cover")
        return Coverage(
            self.knowledge,
            self.target,
            theory=theory,
            max_depth=max_depth,
            max_steps=max_steps,
            tolerant=tolerant,
        )

    @property
    def listed_negatives(self) -> tuple[Term, ...]:
        """The negatives the files list (without the generated ones)."""
        return self.negatives[: len(self.negatives) - self.generated_negatives]

    def facts(self, indicator: Indicator) -> list[tuple[Term, ...]] | None:
        """The argument tuples of a background predicate given by ground facts, else None."""
        rows = []
        for clause in self.background:
            if clause.functor == indicator:
                if clause.body or not clause.is_ground:
                    return None
                head = clause.head
                rows.append(head.args if type(head) is Struct else ())
        return rows

    def background_predicates(self) -> list[Indicator]:
        """The predicates the background defines, in order of first clause."""
        return list(dict.fromkeys(c.functor for c in self.background))

    def __repr__(self) -> str:
        return (
            f"<RelationalTask {self.name}: {len(self.positives)} positive, "
            f"{len(self.negatives)} negative examples, {len(self.background)} background clauses>"
        )


def _background(kb: KnowledgeBase, target: Indicator) -> tuple[Clause, ...]:
    """Every clause but the examples, the target's and those of predicates calling it."""
    excluded = dependent_predicates(kb, target) | {target}
    return tuple(
        itertools.chain.from_iterable(
            predicate.clauses
            for indicator, predicate in kb.predicates.items()
            if indicator not in excluded and not is_example_predicate(indicator)
        )
    )
