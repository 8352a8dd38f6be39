"""The elimination algorithm for boolean conjunctions (learning from random examples).

Valiant (1984); Kearns and Vazirani (1994), ch. 1 (learning boolean
conjunctions): a random source provides examples and a teacher labels them.

- start with the set of all 2n literals x_1, ¬x_1, ..., x_n, ¬x_n;
- for each positive example, eliminate every literal that is false (not
  active) in it; a negative example teaches nothing;
- output the conjunction of the literals that are left.

The output is the most specific conjunction of literals consistent with the
positive examples; when the target is a conjunction it is also consistent
with the negative examples, and it errs only by keeping literals the target
lacks (it can only make mistakes on positive instances).  The result lists the
negative examples it covers, if any (then no conjunction is consistent).

Examples
--------
A small trace (n = 5, target x2 ∧ x3 ∧ x4 ∧ x5):

>>> examples = [
...     ((1, 1, 1, 1, 1), True), ((1, 1, 1, 0, 0), False),
...     ((1, 1, 1, 1, 1), True), ((1, 0, 1, 1, 0), False),
...     ((0, 1, 1, 1, 1), True),
... ]
>>> result = eliminate(examples, 5)
>>> print(result.hypothesis)
x2 ∧ x3 ∧ x4 ∧ x5
>>> [len(step.removed) for step in result.trace]
[5, 0, 0, 0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from symlearn.hypotheses.boolean_conjunction import BooleanConjunction, Literal
from symlearn.learners.concepts.examples import Progress

__all__ = ["EliminationResult", "EliminationStep", "eliminate"]


@dataclass(frozen=True, slots=True)
class EliminationStep:
    """The literals example ``index`` eliminated and the hypothesis after it."""

    index: int
    instance: tuple[bool, ...]
    label: bool
    removed: tuple[Literal, ...]
    hypothesis: BooleanConjunction


@dataclass(frozen=True, slots=True)
class EliminationResult:
    """The learned conjunction, the trace and the misclassified examples."""

    hypothesis: BooleanConjunction
    trace: tuple[EliminationStep, ...]
    misclassified: tuple[int, ...]

    @property
    def consistent(self) -> bool:
        """True when the hypothesis classifies every example correctly."""
        return not self.misclassified


def eliminate(
    examples: Sequence[tuple[Sequence[Any], bool]], n: int, progress: Progress | None = None
) -> EliminationResult:
    """Learn a conjunction of literals over ``n`` boolean variables by elimination.

    Parameters
    ----------
    examples
        ``(instance, label)`` pairs; an instance is n truth values (bools or 0/1).
    n
        The number of variables.
    progress
        Called as ``progress("elimination", done, total)``.

    References
    ----------
    Valiant, L. (1984) "A theory of the learnable", *Communications of the ACM*
    27; Kearns and Vazirani (1994), *An Introduction to Computational Learning
    Theory*, ch. 1 (learning boolean conjunctions, a consistent learner).
    """
    h = BooleanConjunction.empty(n)
    literals = set(h.literals)
    trace = []
    for index, (instance, label) in enumerate(examples):
        bits = tuple(bool(v) for v in instance)
        if len(bits) != n:
            raise ValueError(f"example {index + 1} has {len(bits)} values, not {n}")
        removed: tuple[Literal, ...] = ()
        if label:
            removed = tuple(sorted(lit for lit in literals if bits[lit[0]] != lit[1]))
            literals.difference_update(removed)
            h = BooleanConjunction(n, frozenset(literals))
        trace.append(EliminationStep(index, bits, bool(label), removed, h))
        if progress is not None:
            progress("elimination", index + 1, len(examples))
    wrong = tuple(i for i, (x, y) in enumerate(examples) if h.covers(x) != y)
    return EliminationResult(h, tuple(trace), wrong)
