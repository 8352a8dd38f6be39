"""List-Then-Eliminate: list every hypothesis of H, then drop the inconsistent ones.

Mitchell 1997, section 2.5.2, Table 2.4:

- VersionSpace ← a list containing every hypothesis in H;
- for each training example <x, c(x)>, remove every h with h(x) ≠ c(x);
- output the list.

H is the list of semantically distinct conjunctions of a
:class:`~symlearn.hypotheses.space.ConjunctionSpace` (all conjunctions with
an ∅ are one hypothesis), so |H| = 1 + prod(|V_i| + 1).  That list grows
exponentially with the number of attributes, so the learner refuses a space
larger than ``limit`` and says how large it is.  It is the brute-force
reference for Candidate-Elimination: its S and G are the maximally specific
and maximally general members of the list, its votes are counted member by
member, and its query scans every instance of X.

Examples
--------
>>> from symlearn.hypotheses import ConjunctionSpace
>>> space = ConjunctionSpace("t", ("a", "b"), (("x", "y"), ("x", "y", "z")))
>>> result = list_then_eliminate(space, [(("x", "y"), True), (("y", "y"), False)])
>>> [str(h) for h in result.version_space]
['<x, y>', '<x, ?>']
>>> [step.remaining for step in result.trace]
[4, 2]
>>> list_then_eliminate(space, [], limit=10)
Traceback (most recent call last):
...
symlearn.errors.HypothesisSpaceError: the hypothesis space of t/2 has 13 hypotheses, ...

Through the learner protocol (what ``symlearn learn list-then-eliminate`` runs):

>>> import symlearn
>>> run = symlearn.learn("list-then-eliminate", "kb/enjoysport.pl", target="enjoysport/6")
>>> run.size(), run.to_dict()["hypothesis_space_size"], run.clauses()
(6, 973, ['enjoysport(sunny, warm, _, strong, _, _).'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.errors import HypothesisSpaceError, VersionSpaceCollapsedError
from symlearn.hypotheses.conjunction import Conjunction
from symlearn.hypotheses.space import ConjunctionSpace
from symlearn.hypotheses.version_space import (
    Classification,
    Query,
    maximally_general,
    maximally_specific,
)
from symlearn.learners.concepts.examples import (
    LabelledInstance,
    Progress,
    conjunction_examples,
    example_text,
)
from symlearn.learners.concepts.reporting import (
    BoundaryStep,
    VersionSpaceRun,
    VersionSpaceSettings,
    instance_values,
)
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.terms import Term

__all__ = [
    "DEFAULT_LIMIT",
    "SETTINGS",
    "ListThenEliminateResult",
    "ListThenEliminateRun",
    "ListThenEliminateSettings",
    "ListThenEliminateStep",
    "best_query",
    "learn",
    "list_then_eliminate",
    "vote",
]

SUMMARY = "List-Then-Eliminate: list every hypothesis of H, drop the inconsistent ones."
EXAMPLE = "symlearn learn list-then-eliminate kb/enjoysport.pl --target enjoysport/6"

#: The largest hypothesis space listed unless told otherwise.
DEFAULT_LIMIT = 200_000


@dataclass(frozen=True, slots=True)
class ListThenEliminateStep:
    """The number of hypotheses left after example ``index`` and the boundaries of the rest."""

    index: int
    instance: tuple[Term, ...]
    label: bool
    remaining: int
    S: tuple[Conjunction, ...]
    G: tuple[Conjunction, ...]


@dataclass(frozen=True, slots=True)
class ListThenEliminateResult:
    """The listed version space with its boundaries and the trace."""

    space: ConjunctionSpace
    version_space: tuple[Conjunction, ...]
    trace: tuple[ListThenEliminateStep, ...]

    @property
    def S(self) -> tuple[Conjunction, ...]:
        """The maximally specific members (Mitchell 1997, section 2.5.3)."""
        return tuple(maximally_specific(self.version_space))

    @property
    def G(self) -> tuple[Conjunction, ...]:
        """The maximally general members (Mitchell 1997, section 2.5.3)."""
        return tuple(maximally_general(self.version_space))

    def classify(self, instance: Sequence[Term]) -> Classification:
        """Votes of the listed members; the label is the unanimous vote."""
        return vote(self.space, self.version_space, instance)

    def suggest_query(self) -> Query | None:
        """The instance of X that splits the listed members most evenly (None if none splits)."""
        return best_query(self.space, self.version_space, self.space.instances())


def list_then_eliminate(
    space: ConjunctionSpace,
    examples: Sequence[LabelledInstance],
    limit: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
    boundaries: bool = True,
) -> ListThenEliminateResult:
    """Run List-Then-Eliminate (Table 2.4) over the semantically distinct hypotheses of H.

    Parameters
    ----------
    space
        The hypothesis space.
    examples
        ``(instance, label)`` pairs.
    limit
        Refuse a space with more hypotheses than this.
    progress
        Called as ``progress("list-then-eliminate", done, total)`` per example.
    boundaries
        Record S and G of what is left after every example in the trace.

    Raises
    ------
    HypothesisSpaceError
        When |H| exceeds ``limit`` (the message gives |H|).
    VersionSpaceCollapsedError
        When no hypothesis is left, naming the example that removed the last.

    References
    ----------
    Mitchell, *Machine Learning* (1997), section 2.5.2 and Table 2.4.
    """
    size = space.size
    if size > limit:
        raise HypothesisSpaceError(
            f"the hypothesis space of {space.target}/{space.arity} has {size} hypotheses, more "
            f"than the limit of {limit} that List-Then-Eliminate lists; raise the limit or use "
            "Candidate-Elimination, which never lists H"
        )
    remaining = list(space.hypotheses())
    trace = []
    for index, (instance, label) in enumerate(examples):
        x = space.check_instance(instance)
        remaining = [h for h in remaining if h.covers(x) == label]
        s = tuple(maximally_specific(remaining)) if boundaries else ()
        g = tuple(maximally_general(remaining)) if boundaries else ()
        trace.append(ListThenEliminateStep(index, x, bool(label), len(remaining), s, g))
        if progress is not None:
            progress("list-then-eliminate", index + 1, len(examples))
        if not remaining:
            text = example_text(space.target, x, bool(label))
            raise VersionSpaceCollapsedError(
                f"no hypothesis in H is consistent with the examples: the version space became "
                f"empty at example {index + 1}, {text}",
                text,
                index,
            )
    return ListThenEliminateResult(space, tuple(remaining), tuple(trace))


def vote(
    space: ConjunctionSpace, members: Sequence[Conjunction], instance: Sequence[Term]
) -> Classification:
    """Count, member by member, how ``members`` classify ``instance``."""
    x = space.check_instance(instance)
    positive = sum(1 for h in members if h.covers(x))
    negative = len(members) - positive
    label = "pos" if negative == 0 and members else "neg" if positive == 0 else "unknown"
    return Classification(space.target, x, positive, negative, label)


def best_query(
    space: ConjunctionSpace, members: Sequence[Conjunction], instances: Iterable[Sequence[Term]]
) -> Query | None:
    """The first of ``instances`` that splits ``members`` most evenly (None if none splits)."""
    total = len(members)
    best: tuple[tuple[Term, ...], int] | None = None
    for instance in instances:
        x = tuple(instance)
        positive = sum(1 for h in members if h.covers(x))
        if best is None or abs(2 * positive - total) < abs(2 * best[1] - total):
            best = (x, positive)
    if best is None or best[1] in (0, total):
        return None
    return Query(space.target, best[0], best[1], total - best[1], True)


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class ListThenEliminateSettings(VersionSpaceSettings):
    """What ``symlearn learn list-then-eliminate`` can be told.

    ``classify``, ``suggest_query``, ``enumerate`` as for Candidate-Elimination,
    and ``limit``: the largest hypothesis space it lists (``:- set(limit, N).``).
    """

    ALGORITHM: ClassVar[str] = "list-then-eliminate"

    limit: int = option(
        DEFAULT_LIMIT,
        key="limit",
        minimum=1,
        help="Refuse a hypothesis space with more hypotheses than this.",
    )


SETTINGS = ListThenEliminateSettings


@dataclass(eq=False)
class ListThenEliminateRun(VersionSpaceRun):
    """List-Then-Eliminate run on a task (see :class:`VersionSpaceRun`).

    When the version space collapsed, ``result`` lists no hypothesis and no trace.
    """

    task: LearningTask
    settings: ListThenEliminateSettings
    result: ListThenEliminateResult
    collapse: VersionSpaceCollapsedError | None = None
    algorithm: str = "list-then-eliminate"

    @property
    def space(self) -> ConjunctionSpace:
        """The hypothesis space H."""
        return self.result.space

    @property
    def S(self) -> tuple[Conjunction, ...]:
        """The maximally specific members of the list."""
        return self.result.S

    @property
    def G(self) -> tuple[Conjunction, ...]:
        """The maximally general members of the list."""
        return self.result.G

    @property
    def steps(self) -> Sequence[ListThenEliminateStep]:
        """How many hypotheses were left after each example, with S and G."""
        return self.result.trace

    def size(self) -> int:
        """The number of hypotheses left."""
        return len(self.result.version_space)

    def members(self) -> Iterator[Conjunction]:
        """The hypotheses left, in the order H lists them."""
        return iter(self.result.version_space)

    def classify(self, instance: Sequence[Term]) -> Classification:
        """The votes of the members, counted one by one."""
        return self.result.classify(instance)

    def suggest_query(self) -> Query | None:
        """The instance of X that splits the members most evenly."""
        return self.result.suggest_query()

    def size_line(self) -> str:
        """``version space: N of the |H| hypotheses of H``."""
        return f"version space: {self.size()} of the {self.space.size} hypotheses of H"

    def trace_entry(self, step: BoundaryStep) -> dict[str, Any]:
        """``example``, ``S``, ``G`` and ``remaining``: how many hypotheses are left."""
        assert isinstance(step, ListThenEliminateStep)
        return {**super().trace_entry(step), "remaining": step.remaining}

    def extra(self) -> dict[str, Any]:
        """``hypothesis_space_size``: |H|."""
        return {"hypothesis_space_size": self.space.size}


def learn(
    task: LearningTask,
    settings: ListThenEliminateSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> ListThenEliminateRun:
    """Run List-Then-Eliminate on a task's attribute-value examples (the learner protocol).

    A version space that collapses is a result too, with ``exit_status`` 1
    and the example that removed the last hypothesis.

    Raises
    ------
    HypothesisSpaceError
        When |H| exceeds ``settings.limit``.
    KBError
        When the examples are not ``pos``/``neg`` over finite domains, or the
        ``classify`` atom is not an instance of the target.
    """
    settings = settings or ListThenEliminateSettings.from_task(task)
    space, examples = conjunction_examples(task.attribute_data, "list-then-eliminate")
    if settings.classify:
        instance_values(task.attribute_data, settings.classify)  # a bad atom fails before learning
    try:
        result = list_then_eliminate(space, examples, settings.limit, progress)
    except VersionSpaceCollapsedError as error:
        return ListThenEliminateRun(task, settings, ListThenEliminateResult(space, (), ()), error)
    return ListThenEliminateRun(task, settings, result)
