"""Candidate-Elimination: the version space of conjunctions kept as its boundaries S and G.

Mitchell 1997, section 2.5.4, Table 2.5 (after Mitchell 1977):

- G ← the maximally general hypotheses of H, S ← the maximally specific ones;
- for a positive example d: remove from G every hypothesis inconsistent with
  d; replace every s in S inconsistent with d by its minimal generalisations
  that are consistent with d and below some member of G; remove from S every
  hypothesis more general than another member of S;
- for a negative example d: remove from S every hypothesis inconsistent with
  d; replace every g in G inconsistent with d by its minimal specialisations
  that are consistent with d and above some member of S; remove from G every
  hypothesis more specific than another member of G.

Nothing here lists H: each step looks only at S, G and the example, and the
version space between them is counted, listed, voted and queried through
:class:`~symlearn.hypotheses.version_space.VersionSpace`.  When a boundary
becomes empty no hypothesis in H is consistent with the examples (noise, or
the target is not a conjunction): :meth:`CandidateElimination.update` raises
:class:`~symlearn.errors.VersionSpaceCollapsedError` naming that example.

|G| can grow: every negative example may split a member of G into up to
sum_i (|V_i| - 1) specialisations, and G is an antichain of the lattice, so
it is bounded by the width of H; with S = {s} fixed, G is an antichain of the
boolean lattice of the attributes where s is specific, at most
C(k, floor(k/2)) members for k such attributes (Sperner's theorem).

Examples
--------
>>> from symlearn.hypotheses import ConjunctionSpace
>>> space = ConjunctionSpace(
...     "enjoysport",
...     ("sky", "airtemp", "humidity", "wind", "water", "forecast"),
...     (("sunny", "cloudy", "rainy"), ("warm", "cold"), ("normal", "high"),
...      ("strong", "weak"), ("warm", "cool"), ("same", "change")),
... )
>>> examples = [
...     (("sunny", "warm", "normal", "strong", "warm", "same"), True),
...     (("sunny", "warm", "high", "strong", "warm", "same"), True),
...     (("rainy", "cold", "high", "strong", "warm", "change"), False),
...     (("sunny", "warm", "high", "strong", "cool", "change"), True),
... ]
>>> learner = CandidateElimination(space).fit(examples)
>>> [str(s) for s in learner.S], [str(g) for g in learner.G]
(['<sunny, warm, ?, strong, ?, ?>'], ['<sunny, ?, ?, ?, ?, ?>', '<?, warm, ?, ?, ?, ?>'])
>>> learner.version_space.size()
6
>>> learner.classify(("sunny", "warm", "normal", "strong", "cool", "change")).label
'pos'
>>> vote = learner.classify(("sunny", "cold", "normal", "strong", "warm", "same"))
>>> vote.label, vote.positive_votes, vote.negative_votes
('unknown', 2, 4)

Through the learner protocol (what ``symlearn learn candidate-elimination`` runs):

>>> import symlearn
>>> run = symlearn.learn("candidate-elimination", "kb/enjoysport.pl", target="enjoysport/6")
>>> run.to_dict()["S"], run.size()
([['enjoysport(sunny, warm, _, strong, _, _).']], 6)
>>> run.theory.ask("enjoysport(sunny, warm, high, strong, cool, change)")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from symlearn.errors import VersionSpaceCollapsedError
from symlearn.hypotheses.conjunction import ANY, Conjunction
from symlearn.hypotheses.space import ConjunctionSpace
from symlearn.hypotheses.version_space import Classification, Query, VersionSpace
from symlearn.learners.concepts.examples import (
    LabelledInstance,
    Progress,
    conjunction_examples,
    example_text,
)
from symlearn.learners.concepts.reporting import (
    VersionSpaceRun,
    VersionSpaceSettings,
    instance_values,
)
from symlearn.learning.task import LearningTask
from symlearn.logic.terms import Term

__all__ = [
    "SETTINGS",
    "CandidateElimination",
    "CandidateEliminationRun",
    "CandidateEliminationSettings",
    "TraceStep",
    "candidate_elimination",
    "learn",
]

SUMMARY = "Candidate-Elimination: the version space of conjunctions as its boundaries S and G."
EXAMPLE = "symlearn learn candidate-elimination kb/enjoysport.pl --target enjoysport/6"


@dataclass(frozen=True, slots=True)
class TraceStep:
    """The boundaries after example ``index``."""

    index: int
    instance: tuple[Term, ...]
    label: bool
    S: tuple[Conjunction, ...]
    G: tuple[Conjunction, ...]


def _without_more_general(hypotheses: Sequence[Conjunction]) -> tuple[Conjunction, ...]:
    """Drop duplicates and every hypothesis more general than another one."""
    unique = list(dict.fromkeys(hypotheses))
    return tuple(h for h in unique if not any(h > other for other in unique))


Test = tuple[int, Term]


def _add_maximal(
    kept: Sequence[Conjunction], new: Sequence[tuple[Conjunction, Test | None]]
) -> tuple[Conjunction, ...]:
    """``kept`` plus the new hypotheses that are not below another member.

    ``new`` pairs each minimal specialisation h of a removed g with the test
    it adds to g (None when h is ∅).  Members of ``kept`` cannot lie below a
    new one (h specialises a member of the antichain G).  Every member above
    h = g + t holds t: a kept one is not below g, and a new one g' + t' with
    t' != t has g' inside g + t but not inside g.  So only the members holding
    t are compared with h (a conjunction is above h iff its tests are a proper
    subset of h's).
    """
    present = set(kept)
    fresh = list(dict.fromkeys((h, t) for h, t in new if h not in present))
    holding: dict[Test, list[Conjunction]] = {}
    for h in (*kept, *(h for h, _ in fresh)):
        if not h.is_empty:
            for test in h.tests:
                holding.setdefault(test, []).append(h)

    def dominated(h: Conjunction, test: Test | None) -> bool:
        if test is None:  # ∅ is below every other member
            return bool(holding)
        return any(other.tests < h.tests for other in holding[test])

    return (*kept, *dict.fromkeys(h for h, t in fresh if not dominated(h, t)))


class CandidateElimination:
    """Candidate-Elimination over a :class:`~symlearn.hypotheses.space.ConjunctionSpace`.

    Parameters
    ----------
    space
        The hypothesis space H (attributes and their domains).
    keep_trace
        Record S and G after every example (``trace``).

    Attributes
    ----------
    S, G
        The specific and general boundaries.
    trace
        One :class:`TraceStep` per example seen (when ``keep_trace``).
    """

    def __init__(self, space: ConjunctionSpace, keep_trace: bool = True) -> None:
        self.space = space
        self.S: tuple[Conjunction, ...] = (space.most_specific(),)
        self.G: tuple[Conjunction, ...] = (space.most_general(),)
        self.keep_trace = keep_trace
        self.trace: list[TraceStep] = []
        self.seen = 0

    def _positive(self, x: tuple[Term, ...]) -> None:
        self.G = tuple(g for g in self.G if g.covers(x))
        new_s: list[Conjunction] = []
        for s in self.S:
            if s.covers(x):
                new_s.append(s)
                continue
            for h in s.minimal_generalisations(x):
                if any(g >= h for g in self.G):
                    new_s.append(h)
        self.S = _without_more_general(new_s)

    def _negative(self, x: tuple[Term, ...]) -> None:
        self.S = tuple(s for s in self.S if not s.covers(x))
        kept = [g for g in self.G if not g.covers(x)]
        new: list[tuple[Conjunction, Test | None]] = []
        for g in self.G:
            if g.covers(x):
                new.extend(self._specialisations_above_s(g, x))
        self.G = _add_maximal(kept, new)

    def _specialisations_above_s(
        self, g: Conjunction, x: tuple[Term, ...]
    ) -> list[tuple[Conjunction, Test | None]]:
        """The minimal specialisations of g excluding x that lie above some member of S.

        Each comes with the test it adds to g.  With S = {s}, s not ∅, they are
        exactly g with one ``?`` replaced by s's value where x differs from s,
        so those are built directly instead of filtering all of them.
        """
        if len(self.S) == 1 and not self.S[0].is_empty:
            s = self.S[0].constraints
            constraints = g.constraints
            return [
                (Conjunction((*constraints[:i], s[i], *constraints[i + 1 :])), (i, s[i]))
                for i, c in enumerate(constraints)
                if c == ANY and s[i] != ANY and s[i] != x[i]
            ]
        return [
            (h, None if h.is_empty else next(iter(h.tests - g.tests)))
            for h in self.space.minimal_specialisations(g, x)
            if any(h >= s for s in self.S)
        ]

    def update(self, instance: Sequence[Term], label: bool, index: int | None = None) -> None:
        """Process one example (``label`` True for positive).

        Raises
        ------
        VersionSpaceCollapsedError
            When S or G becomes empty; ``error.index`` and ``error.example``
            name the example.  The boundaries are left as they became.
        HypothesisSpaceError
            When the instance does not fit the space.
        """
        x = self.space.check_instance(instance)
        position = self.seen if index is None else index
        self.seen += 1
        if label:
            self._positive(x)
        else:
            self._negative(x)
        if self.keep_trace:
            self.trace.append(TraceStep(position, x, bool(label), self.S, self.G))
        if not self.S or not self.G:
            text = example_text(self.space.target, x, bool(label))
            # the boundary the algorithm empties first: G for a positive, S for a negative
            if label:
                emptied = "G" if not self.G else "S"
            else:
                emptied = "S" if not self.S else "G"
            why = {
                (True, "G"): "no member of G covers it",
                (True, "S"): "no generalisation of S that covers it lies below a member of G",
                (False, "S"): "every member of S covers it",
                (False, "G"): "no specialisation of G that excludes it lies above a member of S",
            }[(bool(label), emptied)]
            raise VersionSpaceCollapsedError(
                f"no hypothesis in H is consistent with the examples: {emptied} became empty "
                f"at example {position + 1}, {text} ({why})",
                text,
                position,
            )

    def fit(
        self, examples: Sequence[LabelledInstance], progress: Progress | None = None
    ) -> CandidateElimination:
        """Process ``examples`` in order and return ``self``."""
        for k, (instance, label) in enumerate(examples):
            self.update(instance, label)
            if progress is not None:
                progress("candidate-elimination", k + 1, len(examples))
        return self

    @property
    def version_space(self) -> VersionSpace:
        """The version space between the current S and G."""
        return VersionSpace(self.space, self.S, self.G)

    @property
    def converged(self) -> bool:
        """True when S and G are the same single hypothesis."""
        return len(self.S) == 1 and self.S == self.G

    def classify(self, instance: Sequence[Term]) -> Classification:
        """Classify by unanimous vote (Mitchell 1997, section 2.6.3), with the exact votes."""
        return self.version_space.classify(self.space.check_instance(instance))

    def suggest_query(self, exact_limit: int = 4096) -> Query | None:
        """An instance that splits the version space as evenly as possible."""
        return self.version_space.suggest_query(exact_limit)


def candidate_elimination(
    space: ConjunctionSpace,
    examples: Sequence[LabelledInstance],
    progress: Progress | None = None,
    keep_trace: bool = True,
) -> CandidateElimination:
    """Run Candidate-Elimination over ``examples`` and return the learner.

    References
    ----------
    Mitchell, *Machine Learning* (1997), sections 2.5 and 2.6 (version spaces,
    the boundaries S and G, Theorem 2.1, Table 2.5, classifying by unanimous
    vote); Mitchell, T. (1977) "Version spaces: a candidate elimination approach
    to rule learning", *IJCAI-77*.
    """
    return CandidateElimination(space, keep_trace).fit(examples, progress)


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class CandidateEliminationSettings(VersionSpaceSettings):
    """What ``symlearn learn candidate-elimination`` can be told.

    ``classify`` (an instance atom to vote on), ``suggest_query`` and
    ``enumerate`` (list the version space).
    """

    ALGORITHM: ClassVar[str] = "candidate-elimination"


SETTINGS = CandidateEliminationSettings


@dataclass(eq=False)
class CandidateEliminationRun(VersionSpaceRun):
    """Candidate-Elimination run on a task (see :class:`VersionSpaceRun`).

    ``learner`` holds the boundaries (as they became, when ``collapse`` says
    the version space collapsed) and the trace.
    """

    task: LearningTask
    settings: CandidateEliminationSettings
    learner: CandidateElimination
    collapse: VersionSpaceCollapsedError | None = None
    algorithm: str = "candidate-elimination"

    @property
    def space(self) -> ConjunctionSpace:
        """The hypothesis space H."""
        return self.learner.space

    @property
    def S(self) -> tuple[Conjunction, ...]:
        """The specific boundary."""
        return self.learner.S

    @property
    def G(self) -> tuple[Conjunction, ...]:
        """The general boundary."""
        return self.learner.G

    @property
    def steps(self) -> Sequence[TraceStep]:
        """S and G after each example."""
        return self.learner.trace

    @property
    def version_space(self) -> VersionSpace:
        """The version space between S and G."""
        return self.learner.version_space

    def size(self) -> int:
        """|VS|, counted from S and G (0 when collapsed)."""
        return 0 if self.collapsed else self.version_space.size()

    def members(self) -> Iterator[Conjunction]:
        """Every member of the version space."""
        return self.version_space.hypotheses()

    def classify(self, instance: Sequence[Term]) -> Classification:
        """The unanimous vote, with the exact numbers of votes."""
        return self.learner.classify(instance)

    def suggest_query(self) -> Query | None:
        """An instance that splits the version space as evenly as possible."""
        return self.learner.suggest_query()

    def size_line(self) -> str:
        """``version space: N hypotheses``."""
        size = self.size()
        return f"version space: {size} hypothes{'is' if size == 1 else 'es'}"


def learn(
    task: LearningTask,
    settings: CandidateEliminationSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> CandidateEliminationRun:
    """Run Candidate-Elimination on a task's attribute-value examples (the learner protocol).

    A version space that collapses is a result too, with ``exit_status`` 1
    and the example that emptied S or G.

    Raises
    ------
    KBError
        When the examples are not ``pos``/``neg`` over finite domains, or the
        ``classify`` atom is not an instance of the target.
    """
    settings = settings or CandidateEliminationSettings.from_task(task)
    space, examples = conjunction_examples(task.attribute_data, "candidate-elimination")
    if settings.classify:
        instance_values(task.attribute_data, settings.classify)  # a bad atom fails before learning
    learner = CandidateElimination(space)
    try:
        learner.fit(examples, progress)
    except VersionSpaceCollapsedError as error:
        return CandidateEliminationRun(task, settings, learner, error)
    return CandidateEliminationRun(task, settings, learner)
