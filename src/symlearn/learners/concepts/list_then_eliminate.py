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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from symlearn.errors import HypothesisSpaceError, VersionSpaceCollapsedError
from symlearn.hypotheses.conjunction import Conjunction
from symlearn.hypotheses.space import ConjunctionSpace
from symlearn.hypotheses.version_space import (
    Classification,
    Query,
    maximally_general,
    maximally_specific,
)
from symlearn.learners.concepts.examples import LabelledInstance, Progress, example_text
from symlearn.logic.terms import Term

__all__ = [
    "DEFAULT_LIMIT",
    "ListThenEliminateResult",
    "ListThenEliminateStep",
    "best_query",
    "list_then_eliminate",
    "vote",
]

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
