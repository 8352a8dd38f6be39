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

import copy
import functools
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from symlearn.backends import open_backend
from symlearn.errors import InvalidParameterError, KBError
from symlearn.ilp.background import (
    dependent_predicates,
    is_example_predicate,
    recursive_datalog_predicates,
)
from symlearn.ilp.bias import LanguageBias
from symlearn.ilp.bias_check import check_relational_task, example_arity_warnings
from symlearn.ilp.closed_world import DEFAULT_CAP, ClosedWorld, closed_world_negatives
from symlearn.ilp.coverage import Coverage
from symlearn.ilp.language import LiteralMode, argument_types, derived_modes
from symlearn.kb.aleph_directives import ABDUCIBLE, CONSTRAINTS, LAZY_EVALUATE, POSITIVE_ONLY
from symlearn.kb.formats import PopperDeclarations
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator, format_indicator
from symlearn.logic.modes import Mode
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term

if TYPE_CHECKING:
    from symlearn.backends.sql import SqlBackend

__all__ = ["ALEPH_SETTINGS", "LEARNER_SETTINGS", "RelationalTask", "knowledge_base"]

#: Aleph's settings (``set/2``; the Aleph manual, "Setting parameter values").
ALEPH_SETTINGS = frozenset(
    [
        "abduce",
        "best",
        "cache_clauselength",
        "caching",
        "check_redundant",
        "check_good",
        "check_useless",
        "classes",
        "clauselength_distribution",
        "clauselength",
        "clauses",
        "condition",
        "confidence",
        "construct_bottom",
        "depth",
        "evalfn",
        "explore",
        "good",
        "goodfile",
        "gsamplesize",
        "i",
        "interactive",
        "language",
        "lazy_negs",
        "lazy_on_contradiction",
        "lazy_on_cost",
        "lookahead",
        "m",
        "max_abducibles",
        "max_features",
        "minacc",
        "mingain",
        "minpos",
        "minposfrac",
        "minscore",
        "moves",
        "newvars",
        "nodes",
        "noise",
        "nreduce_bottom",
        "openlist",
        "optimise_clauses",
        "permute_bottom",
        "portray_examples",
        "portray_hypothesis",
        "portray_literals",
        "portray_search",
        "print",
        "prior",
        "proof_strategy",
        "prooftime",
        "prune_tree",
        "recordfile",
        "record",
        "refineop",
        "refine",
        "resample",
        "rls_type",
        "rulefile",
        "samplesize",
        "scs_percentile",
        "scs_prob",
        "scs_sample",
        "search",
        "searchstrat",
        "searchtime",
        "skolemvars",
        "splitvars",
        "stage",
        "store_bottom",
        "subsample",
        "subsamplesize",
        "temperature",
        "test_neg",
        "test_pos",
        "threads",
        "train_neg",
        "train_pos",
        "tree_type",
        "tries",
        "typeoverlap",
        "uniform_sample",
        "updateback",
        "verbosity",
        "verbose",
        "version",
        "walk",
    ]
)

#: Settings a file may set that only some relational learners read: Popper's
#: ``enable_pi`` is read as ``predicate_invention``, which only ``lff`` does.
LEARNER_SETTINGS = frozenset(["predicate_invention"])


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

    Relational learners read everything from here and evaluate clauses only
    through :meth:`coverage`; none of them touches the knowledge base.

    Attributes
    ----------
    target
        ``(name, arity)`` of the predicate to learn.
    positives, negatives
        The example atoms; the negatives (each once) include the closed-world ones.
    negative_examples
        The negatives as the files list them (a repeated one repeated).
    example_atoms
        The positive and negative examples in the files' order.
    modes, determinations
        The language bias (declared, or derived when ``modes_derived``).
    types
        The argument types of each predicate.
    bias
        The whole language bias (:class:`~symlearn.ilp.bias.LanguageBias`).
    file_settings, setting_positions
        The files' ``:- set(Name, Value).`` values and where each was written.
    closed_world
        Whether negatives were generated under the closed-world assumption.
    world
        How they were generated (None without the closed world).
    generated_negatives
        How many of ``negatives`` were generated (they come last).
    notes
        What people should know about how the task was made.
    sources
        The files (or folders, basenames) the task was read from, as given.
    files
        The files actually read (through folders, basenames and includes).
    own_clauses
        How many clauses of the target the files hold (set aside: they are
        what is learnt).
    tabled_target
        Whether the files table the target (``:- table``).
    constraints
        Aleph's integrity constraints (``false :- Body``), with where each
        was written: a learnt clause must not make a body provable.
    tabled_background
        The background predicates tabled when the task was prepared: those
        that call themselves and are pure Datalog
        (:func:`~symlearn.ilp.background.recursive_datalog_predicates`), on
        which SLD resolution may loop (``parent(X, Y) :- parent(Y, X)``);
        tabled they are answered by their least model, as SWI-Prolog answers
        them with ``:- table`` (which the learnt program's file then says).
    """

    target: Indicator
    positives: tuple[Term, ...]
    negatives: tuple[Term, ...]
    modes: tuple[Mode, ...]
    determinations: tuple[Indicator, ...]
    types: dict[Indicator, tuple[str, ...]]
    bias: LanguageBias
    file_settings: Mapping[str, Term] = field(default_factory=dict)
    setting_positions: Mapping[str, SourcePosition] = field(default_factory=dict)
    negative_examples: tuple[Term, ...] = ()
    example_atoms: tuple[Term, ...] = ()
    modes_derived: bool = False
    closed_world: bool = False
    world: ClosedWorld | None = None
    generated_negatives: int = 0
    notes: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    own_clauses: int = 0
    tabled_target: bool = False
    tabled_background: tuple[Indicator, ...] = ()
    constraints: tuple[tuple[Clause, SourcePosition | None], ...] = ()
    #: The predicates with clauses the background holds, in the files' order.
    background_order: tuple[Indicator, ...] = ()
    #: Where the background's facts and rules are read from; learners reach
    #: it only through :meth:`coverage` (the seam where a backend plugs in)
    #: and the other methods of this class.
    knowledge: KnowledgeBase | None = field(default=None, repr=False, compare=False)
    #: The SQL backend holding the facts (DuckDB, Spark), None for memory:
    #: :meth:`coverage` joins there.
    store: SqlBackend | None = field(default=None, repr=False, compare=False)

    @property
    def name(self) -> str:
        """``name/arity`` of the target."""
        return format_indicator(self.target)

    @classmethod
    def from_kb(cls, kb: KnowledgeBase, target: str | Indicator, **options: Any) -> RelationalTask:
        """The task for ``target`` over ``kb`` (no closed world unless ``closed_world=True``).

        ``options`` are those of :meth:`from_task`; a target without
        examples is not an error here (each learner says what it needs).
        """
        options.setdefault("closed_world", False)
        options.setdefault("examples_required", False)
        return cls.from_task(LearningTask.from_kb(kb, target), **options)

    @classmethod
    def from_task(
        cls,
        task: LearningTask,
        *,
        closed_world: bool | None = None,
        max_negatives: int = DEFAULT_CAP,
        seed: int = 0,
        coverage: Coverage | None = None,
        examples_required: bool = True,
        learner: str = "a relational task",
        backend: str | None = None,
        spark_master: str | None = None,
        memory_limit: str | None = None,
        temp_directory: str | None = None,
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
            The coverage tables to draw the closed-world constants from.
        examples_required
            Raise when the target has no example at all.
        learner
            Who asks (named in the error for a table).
        backend, spark_master, memory_limit, temp_directory
            Where the facts are joined (:func:`symlearn.backends.open_backend`;
            None: the file's ``set(backend, ...)``, else memory, or DuckDB
            when a relation is external).  :meth:`coverage` evaluates clauses there.

        Raises
        ------
        KBError
            When the target has no examples (and ``examples_required``), or
            an external relation cannot be read (at its declaration).
        InvalidParameterError
            For a task read from a table.
        BackendError
            When the backend cannot start.
        """
        kb = knowledge_base(task, learner)
        store = open_backend(
            kb,
            backend,
            spark_master=spark_master,
            memory_limit=memory_limit,
            temp_directory=temp_directory,
        )
        target = task.target
        positives = tuple(task.positives)
        listed = tuple(task.negatives)
        if examples_required and not positives and not listed:
            raise KBError(f"no pos/neg examples of {task.name} in the knowledge base")
        excluded = dependent_predicates(kb, target)
        left_out = excluded | {target}
        predicates = sorted(
            indicator
            for indicator, predicate in kb.predicates.items()
            if (predicate.clauses or indicator in kb.external)
            and indicator[1] > 0
            and indicator not in left_out
            and not is_example_predicate(indicator)
        )
        modes = tuple(kb.modes)
        notes: list[str] = []
        looping = _table_looping_predicates(kb, left_out)
        if looping:
            notes.append(_tabling_note(looping))
        derived = not kb.body_modes()
        if derived:
            modes = derived_modes(target, predicates)
            notes.append("the file has no mode declarations: modes derived with one type t")
        declared = tuple(task.determinations)
        determinations = declared or tuple(
            LiteralMode.from_mode(m).indicator for m in modes if m.kind == "body"
        )
        types = argument_types(modes, [target, *predicates])
        prepared = cls(
            target=target,
            positives=positives,
            negatives=tuple(dict.fromkeys(listed)),
            modes=modes,
            determinations=tuple(dict.fromkeys(determinations)),
            types=types,
            bias=_language_bias(kb, target, modes, declared, derived, types, excluded),
            file_settings=dict(task.file_settings),
            setting_positions=dict(task.setting_positions),
            negative_examples=listed,
            example_atoms=tuple(e.atom for e in task.examples(("pos", "neg"))),
            modes_derived=derived,
            notes=tuple(notes),
            sources=task.sources,
            files=tuple(kb.sources),
            own_clauses=task.own_clauses,
            tabled_target=target in kb.tabled,
            tabled_background=looping,
            constraints=tuple(
                entry for entry in kb.declarations.get(CONSTRAINTS, ()) if isinstance(entry, tuple)
            ),
            background_order=tuple(
                indicator
                for indicator, predicate in kb.predicates.items()
                if (predicate.clauses or indicator in kb.external)
                and indicator not in left_out
                and not is_example_predicate(indicator)
            ),
            knowledge=kb,
            store=store,
        )
        if closed_world is None:
            closed_world = task.setting("closed_world") == "true"
        if not closed_world:
            return prepared
        return prepared.with_closed_world(
            True, max_negatives=max_negatives, seed=seed, coverage=coverage
        )

    # ------------------------------------------------------------ preparing
    def with_closed_world(
        self,
        closed_world: bool,
        *,
        max_negatives: int = DEFAULT_CAP,
        seed: int = 0,
        coverage: Coverage | None = None,
    ) -> RelationalTask:
        """The task with (or without) the closed-world negatives (Quinlan 1990).

        Raises
        ------
        KBError
            When the target has no example to close the world around.
        """
        notes = tuple(n for n in self.notes if self.world is None or n != self.world.describe())
        listed = self.listed_negatives
        plain = replace(
            self,
            negatives=listed,
            closed_world=False,
            world=None,
            generated_negatives=0,
            notes=notes,
        )
        if not closed_world:
            return plain
        if not self.positives and not listed:
            raise KBError(f"no pos/neg examples of {self.name} in the knowledge base")
        kb = self._knowledge()
        world = closed_world_negatives(
            kb, self.target, coverage or self.coverage(), cap=max_negatives, seed=seed
        )
        seen = set(listed) | set(self.positives)
        extra = tuple(n for n in world.negatives if n not in seen)
        return replace(
            plain,
            negatives=(*listed, *extra),
            closed_world=True,
            world=world,
            generated_negatives=len(extra),
            notes=(world.describe(), *notes),  # how the negatives were made, first
        )

    def with_derived_modes(self) -> tuple[RelationalTask, tuple[Mode, ...]]:
        """The task with the modes its files lack derived from the data, and those modes.

        The types come from the argument domains
        (:func:`~symlearn.ilp.derived_modes.derive_modes`); with
        determinations only the determined predicates get body modes.
        """
        # imported when asked: FOIL never needs the bottom clauses derive_modes builds on
        from symlearn.ilp.derived_modes import with_derived_modes

        view, added = with_derived_modes(self._knowledge(), self.target)
        bias = replace(self.bias.with_modes(added), modes=tuple(view.modes), source="derived")
        return replace(self, bias=bias, knowledge=view), added

    def check(self) -> None:
        """Raise a located error for a mode of an undefined predicate, a type clash, a bad example.

        Raises
        ------
        KBError
            See :func:`~symlearn.ilp.bias_check.check_relational_task`.
        """
        check_relational_task(self._knowledge(), self.target)

    def ignored_settings_warning(self, learner: str, read: Iterable[str]) -> str | None:
        """One warning naming every Aleph setting of the files that ``learner`` does not read.

        ``read`` are the setting names the learner honours.  Aleph's settings
        (:data:`ALEPH_SETTINGS`) that the files set and the learner ignores
        (``refine``, ``good``, ``explore``, ``minscore``, ...), and the settings
        only some learners read (:data:`LEARNER_SETTINGS`), are listed with
        their lines, the warning located at the first; None when there is none.
        """
        honoured = set(read)
        known = ALEPH_SETTINGS | LEARNER_SETTINGS
        ignored = sorted(
            (
                (position.path, position.line, position.column, name)
                if position is not None
                else ("", 0, 0, name)
            )
            for name in self.file_settings
            if name in known and name not in honoured
            for position in [self.setting_positions.get(name)]
        )
        if not ignored:
            return None
        path, line, column, _ = ignored[0]
        where = f"{path}:{line}:{column}: " if path else ""
        names = ", ".join(f"{name} (line {at})" if at else name for _, at, _, name in ignored)
        kind = (
            "Aleph setting(s)" if all(n in ALEPH_SETTINGS for *_, n in ignored) else "setting(s)"
        )
        return f"{where}warning: {kind} {learner} does not implement, ignored: {names}"

    def undefined_mode_warnings(self) -> list[str]:
        """A located warning per body mode naming a predicate with no clauses, not built in."""
        from symlearn.ilp.derived_modes import undefined_mode_warnings

        kb = self._knowledge()
        return undefined_mode_warnings(kb, self.target, lambda: Coverage(kb, self.target).engine)

    def example_arity_warnings(self) -> list[str]:
        """A located warning per example of the target's name with another number of arguments."""
        return example_arity_warnings(self._knowledge(), self.target)

    # ------------------------------------------------------------ reading
    def coverage(
        self,
        *,
        theory: Iterable[Clause] = (),
        max_depth: int = 10_000,
        max_steps: int | None = 1_000_000,
        max_rows: int = 20_000_000,
        tolerant: bool = False,
        table_target: bool = False,
    ) -> Coverage:
        """Set-at-a-time coverage over this task's background, for its target.

        Every relational learner evaluates clauses through the object this
        returns (never through the knowledge base itself); its public methods
        (:meth:`Coverage.covered`, :meth:`Coverage.theory_covered`,
        :meth:`Coverage.bind_head`, :meth:`Coverage.counts`,
        :meth:`Coverage.extend`, the least models of
        :mod:`symlearn.ilp.least_model`) are what a storage backend provides.
        ``table_target`` tables the target for the engine's proofs (a
        recursive candidate whose recursion cycles on the data is answered,
        not cut at ``max_depth``).

        Raises
        ------
        InvalidParameterError
            For a task made without a knowledge base.
        """
        kb = self._knowledge()
        if table_target:
            kb = copy.copy(kb)
            kb.tabled = {*kb.tabled, self.target}
        options = {
            "theory": theory,
            "max_rows": max_rows,
            "max_depth": max_depth,
            "max_steps": max_steps,
            "tolerant": tolerant,
        }
        if self.store is not None:
            from symlearn.ilp.sql_coverage import SqlCoverage

            return SqlCoverage(kb, self.target, backend=self.store, **options)  # type: ignore[arg-type]
        return Coverage(kb, self.target, **options)  # type: ignore[arg-type]

    @property
    def tabling_note(self) -> str:
        """What people should know about :attr:`tabled_background` ("" when nothing was tabled)."""
        return _tabling_note(self.tabled_background) if self.tabled_background else ""

    @property
    def listed_negatives(self) -> tuple[Term, ...]:
        """The negatives the files list (without the generated ones)."""
        return self.negatives[: len(self.negatives) - self.generated_negatives]

    @functools.cached_property
    def background(self) -> tuple[Clause, ...]:
        """Every clause but the examples, the target's and those of predicates calling it."""
        predicates = self._knowledge().predicates
        return tuple(
            itertools.chain.from_iterable(predicates[i].clauses for i in self.background_order)
        )

    def clauses(self, indicator: Indicator) -> tuple[Clause, ...]:
        """The clauses of a predicate other than the target, in order (none for an unknown one)."""
        predicate = self._knowledge().predicates.get(indicator)
        if predicate is None or indicator == self.target:
            return ()
        return tuple(predicate.clauses)

    def facts(self, indicator: Indicator) -> list[tuple[Term, ...]] | None:
        """The argument tuples of a background predicate given by ground facts, else None."""
        if indicator not in self.background_order:
            return []
        rows = []
        for clause in self.clauses(indicator):
            if clause.body or not clause.is_ground:
                return None
            head = clause.head
            rows.append(head.args if type(head) is Struct else ())
        return rows

    def fact_rows(self, indicator: Indicator) -> list[tuple[Term, ...]] | None:
        """The argument tuples of a predicate's facts (its rules left out); None if undefined."""
        predicate = self._knowledge().predicates.get(indicator)
        return None if predicate is None else predicate.rows()

    def relevant_facts(
        self, example: Term, predicates: Iterable[Indicator], depth: int
    ) -> list[Term]:
        """The facts of ``predicates`` reachable from ``example`` (:mod:`.rlgg`)."""
        from symlearn.ilp.rlgg import relevant_facts  # imported when asked: only CIGOL asks

        return relevant_facts(self._knowledge(), example, predicates, depth)

    def background_predicates(self) -> list[Indicator]:
        """The predicates the background defines, in order of first clause."""
        return list(self.background_order)

    def _knowledge(self) -> KnowledgeBase:
        if self.knowledge is None:
            raise InvalidParameterError(f"the task for {self.name} has no background to cover")
        return self.knowledge

    def __repr__(self) -> str:
        return (
            f"<RelationalTask {self.name}: {len(self.positives)} positive, "
            f"{len(self.negatives)} negative examples, {len(self.background)} background clauses>"
        )


def _language_bias(
    kb: KnowledgeBase,
    target: Indicator,
    modes: tuple[Mode, ...],
    determinations: tuple[Indicator, ...],
    derived: bool,
    types: dict[Indicator, tuple[str, ...]],
    excluded: set[Indicator],
) -> LanguageBias:
    """The :class:`LanguageBias` of ``target`` the files state (see :mod:`symlearn.ilp.bias`)."""
    settings = kb.settings
    popper = [
        d for d in kb.declarations.get("popper_bias", ()) if isinstance(d, PopperDeclarations)
    ]
    body = [m for m in modes if m.kind == "body"]
    allowed = set(determinations)
    body_predicates = tuple(
        dict.fromkeys(
            LiteralMode.from_mode(m).indicator
            for m in body
            if not allowed or m.indicator in allowed
        )
    )
    recursion = (
        any(settings.get(k) == "true" for k in ("recursion", "enable_recursion"))
        or target in allowed
        or target in body_predicates
    )
    directions: dict[Indicator, tuple[str | None, ...]] = {}
    for mode in modes:
        template = LiteralMode.from_mode(mode)
        directions.setdefault(
            template.indicator,
            tuple(a.marker if a.marker in "+-#" else None for a in template.arguments),
        )
    heads = tuple(dict.fromkeys(m.indicator for m in modes if m.kind == "head"))
    source = "derived" if derived else "modes"
    if popper:
        source = "popper"
        heads = tuple(dict.fromkeys(i for d in popper for i in d.head_preds))
        declared_bodies = [i for d in popper for i in d.body_preds]
        body_predicates = tuple(
            dict.fromkeys([*declared_bodies, *([target] if recursion else [])])
        )
        directions = {}
        for indicator in (*heads, *declared_bodies):
            given = next(
                (d.directions[indicator] for d in popper if indicator in d.directions), None
            )
            marks = {"in": "+", "out": "-"}
            directions[indicator] = (
                tuple(marks[v] for v in given) if given else (None,) * indicator[1]
            )
    max_body = _number(settings.get("max_body"))
    if max_body is None:
        length = _number(settings.get("clauselength"))
        max_body = None if length is None else length - 1
    return LanguageBias(
        target=target,
        modes=modes,
        determinations=determinations,
        derived=derived,
        source=source,
        head_predicates=heads,
        body_predicates=body_predicates,
        types=types,
        directions=directions,
        max_vars=_number(settings.get("max_vars")),
        max_body=max_body,
        max_clauses=_number(settings.get("max_clauses")),
        recursion=recursion,
        non_datalog=settings.get("non_datalog") == "true",
        allow_singletons=settings.get("allow_singletons") == "true",
        predicates=tuple(
            indicator
            for indicator, predicate in kb.predicates.items()
            if (predicate.clauses or predicate.dynamic)
            and indicator[1] > 0
            and not is_example_predicate(indicator)
            and indicator != target
        ),
        excluded=frozenset(excluded),
        lazy_evaluate=frozenset(i for i, _ in _declared(kb, LAZY_EVALUATE)),
        positive_only=frozenset(i for i, _ in _declared(kb, POSITIVE_ONLY)),
        abducible=tuple(_declared(kb, ABDUCIBLE)),
    )


def _declared(kb: KnowledgeBase, key: str) -> list[tuple[Indicator, SourcePosition | None]]:
    """The ``(indicator, position)`` pairs an Aleph directive recorded."""
    return [entry for entry in kb.declarations.get(key, ()) if isinstance(entry, tuple)]


def _table_looping_predicates(
    kb: KnowledgeBase, left_out: set[Indicator]
) -> tuple[Indicator, ...]:
    """Table the background's recursive Datalog predicates the files leave untabled.

    Declared in the knowledge base itself (``kb.tabled``), as the user would
    write ``:- table``, so the learnt program's file and its queries table
    them too; remembered so that preparing the task again says the same.
    """
    done = kb.declarations.setdefault("tabled_for_learning", [])
    new = recursive_datalog_predicates(kb, left_out) - kb.tabled
    kb.tabled.update(new)
    done.extend(sorted(new))
    return tuple(i for i in done if isinstance(i, tuple) and i not in left_out)


def _tabling_note(indicators: Iterable[Indicator]) -> str:
    names = ", ".join(format_indicator(i) for i in indicators)
    return (
        f"tabled the background's recursive {names} (SLD resolution could loop on it; "
        "tabled, it is answered by its least model, as with SWI-Prolog's :- table)"
    )


def _number(value: Term | None) -> int | None:
    return value if type(value) is int else None
