"""Find-S: the most specific conjunction consistent with the positive examples.

Mitchell 1997, section 2.4, Table 2.3:

- initialise h to the most specific hypothesis ``<∅, ..., ∅>``;
- for each positive example x, replace every constraint of h that x does not
  satisfy by the next more general constraint x satisfies (∅ becomes x's
  value, a different value becomes ``?``);
- output h.

Negative examples are ignored.  When the target concept is in H and the
examples are noise-free, h is consistent with every example (section 2.4); the
result lists the negative examples h covers, so inconsistent data shows.

Examples
--------
>>> examples = [
...     (("sunny", "warm", "normal", "strong", "warm", "same"), True),
...     (("sunny", "warm", "high", "strong", "warm", "same"), True),
...     (("rainy", "cold", "high", "strong", "warm", "change"), False),
...     (("sunny", "warm", "high", "strong", "cool", "change"), True),
... ]
>>> result = find_s(examples, 6)
>>> print(result.hypothesis)
<sunny, warm, ?, strong, ?, ?>
>>> [str(step.hypothesis) for step in result.trace][:2]
['<sunny, warm, normal, strong, warm, same>', '<sunny, warm, ?, strong, warm, same>']
>>> result.consistent
True

Through the learner protocol (what ``symlearn learn find-s`` runs):

>>> from symlearn.learning import LearningTask
>>> run = learn(LearningTask.from_files("kb/enjoysport.pl", "enjoysport/6"))  # doctest: +SKIP
>>> run.clauses()  # doctest: +SKIP
['enjoysport(sunny, warm, _, strong, _, _).']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.hypotheses.conjunction import Conjunction
from symlearn.learners.concepts.examples import (
    LabelledInstance,
    Progress,
    conjunction_examples,
    example_text,
)
from symlearn.learners.concepts.reporting import (
    ConceptSettings,
    classify_by,
    misclassified_lines,
    set_aside_lines,
    simple_classification_lines,
)
from symlearn.learning.result import LearnResult
from symlearn.learning.task import LearningTask
from symlearn.logic.terms import Term

__all__ = [
    "SETTINGS",
    "FindSResult",
    "FindSRun",
    "FindSSettings",
    "FindSStep",
    "find_s",
    "learn",
]

SUMMARY = "Find-S: the most specific conjunction covering the positive examples."
EXAMPLE = "symlearn learn find-s kb/enjoysport.pl --target enjoysport/6"


@dataclass(frozen=True, slots=True)
class FindSStep:
    """The hypothesis after example ``index`` (unchanged for negatives)."""

    index: int
    instance: tuple[Term, ...]
    label: bool
    hypothesis: Conjunction


@dataclass(frozen=True, slots=True)
class FindSResult:
    """Find-S's hypothesis, its trace, and the indices of the examples it misclassifies."""

    hypothesis: Conjunction
    trace: tuple[FindSStep, ...]
    misclassified: tuple[int, ...]

    @property
    def consistent(self) -> bool:
        """True when the hypothesis classifies every example correctly."""
        return not self.misclassified


def find_s(
    examples: Sequence[LabelledInstance], arity: int, progress: Progress | None = None
) -> FindSResult:
    """Run Find-S over ``examples`` (``(instance, label)`` pairs) of ``arity`` attributes.

    Parameters
    ----------
    examples
        Instances (tuples of values) with True for positive, False for negative.
    arity
        The number of attributes.
    progress
        Called as ``progress("find-s", done, total)``.

    Returns
    -------
    FindSResult
        The hypothesis, one trace step per example, and the misclassified examples.

    References
    ----------
    Mitchell, *Machine Learning* (1997), section 2.4 and Table 2.3 (Find-S and
    its consistency when the target is in H).
    """
    h = Conjunction.empty(arity)
    trace = []
    for index, (instance, label) in enumerate(examples):
        if label and not h.covers(instance):
            (h,) = h.minimal_generalisations(instance)
        trace.append(FindSStep(index, tuple(instance), label, h))
        if progress is not None:
            progress("find-s", index + 1, len(examples))
    wrong = tuple(i for i, (x, y) in enumerate(examples) if h.covers(x) != y)
    return FindSResult(h, tuple(trace), wrong)


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class FindSSettings(ConceptSettings):
    """What ``symlearn learn find-s`` can be told: an instance to classify (``classify``)."""

    ALGORITHM: ClassVar[str] = "find-s"


SETTINGS = FindSSettings


@dataclass(eq=False)
class FindSRun(LearnResult):
    """Find-S run on a task: the hypothesis, its trace, and the classifications asked for."""

    task: LearningTask
    settings: FindSSettings
    result: FindSResult
    algorithm: str = "find-s"

    @property
    def hypothesis(self) -> Conjunction:
        """The most specific conjunction covering the positives."""
        return self.result.hypothesis

    @property
    def _target(self) -> str:
        return self.task.attribute_data.target

    def clauses(self) -> list[str]:
        """The hypothesis as a clause (``false`` when it is the empty conjunction)."""
        return self.hypothesis.clause_texts(self._target)

    def _classifications(self) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        return classify_by(
            self.task.attribute_data, self.settings.classify, self.hypothesis.covers
        )

    def to_dict(self) -> dict[str, Any]:
        """``algorithm``, ``target``, ``hypothesis``, ``constraints``, ``trace`` ..."""
        target = self._target
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "constraints": self.hypothesis.to_dict()["constraints"],
            "consistent": self.result.consistent,
            "misclassified": [
                example_text(target, *self._example(i)) for i in self.result.misclassified
            ],
            "trace": [
                {
                    "example": example_text(target, step.instance, step.label),
                    "hypothesis": step.hypothesis.clause_texts(target),
                }
                for step in self.result.trace
            ],
        }
        asked, listed = self._classifications()
        if asked is not None:
            payload["classification"] = asked
        if listed:
            payload["classifications"] = listed
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def _example(self, index: int) -> tuple[tuple[Term, ...], bool]:
        data = self.task.attribute_data
        return data.instances[index], bool(data.labels[index])

    def report(self) -> list[str]:
        """The clause, the conjunction, the misclassified examples, the classifications."""
        lines = [*self.clauses(), f"% {self.hypothesis}"]
        lines += misclassified_lines(self.task.attribute_data, self.result.misclassified)
        if not self.result.consistent:
            lines.append("% so no conjunction in H is consistent with the examples")
        asked, listed = self._classifications()
        lines += simple_classification_lines(asked, listed)
        return lines

    def messages(self, verbose: int = 0) -> list[str]:
        """With ``verbose``: the hypothesis after each example."""
        if not verbose:
            return []
        return set_aside_lines(self.task) + [
            f"{step.index + 1}. {example_text(self._target, step.instance, step.label)} -> "
            f"{step.hypothesis}"
            for step in self.result.trace
        ]

    def program(self, header: Sequence[str] = ()) -> str:
        """The clause as a file, with the conjunction as a comment."""
        return super().program([str(self.hypothesis), *header])


def learn(
    task: LearningTask,
    settings: FindSSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> FindSRun:
    """Run Find-S on a task's attribute-value examples (the learner protocol).

    Raises
    ------
    KBError
        When the examples are not ``pos``/``neg`` over finite domains.
    """
    settings = settings or FindSSettings.from_task(task)
    space, examples = conjunction_examples(task.attribute_data, "find-s")
    return FindSRun(task, settings, find_s(examples, space.arity, progress))
