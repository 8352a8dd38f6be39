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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from symlearn.hypotheses.conjunction import Conjunction
from symlearn.learners.concepts.examples import LabelledInstance, Progress
from symlearn.logic.terms import Term

__all__ = ["FindSResult", "FindSStep", "find_s"]


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
