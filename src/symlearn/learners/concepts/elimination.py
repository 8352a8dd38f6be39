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

Through the learner protocol (what ``symlearn learn elimination`` runs), with
``k`` above 1 the k-CNF learner of :mod:`~symlearn.learners.concepts.kcnf_elimination`:

>>> import symlearn
>>> run = symlearn.learn("elimination", "kb/votes.pl", target="republican/16", k=2)
>>> run.to_dict()["family"], run.result.consistent
('kcnf', False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from symlearn.hypotheses.boolean_conjunction import BooleanConjunction, Literal, format_literal
from symlearn.hypotheses.kcnf import KCNF
from symlearn.learners.concepts.examples import Progress, boolean_examples, example_text
from symlearn.learners.concepts.kcnf_elimination import KCNFResult, learn_kcnf
from symlearn.learners.concepts.reporting import (
    ConceptSettings,
    classify_by,
    instance_values,
    misclassified_lines,
    set_aside_lines,
    simple_classification_lines,
)
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.terms import Term

__all__ = [
    "SETTINGS",
    "EliminationResult",
    "EliminationRun",
    "EliminationSettings",
    "EliminationStep",
    "eliminate",
    "learn",
]

SUMMARY = "The elimination algorithm: a conjunction of literals (--k K: a K-CNF) over booleans."
EXAMPLE = "symlearn learn elimination kb/votes.pl --target republican/16 --k 2"


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


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class EliminationSettings(ConceptSettings):
    """What ``symlearn learn elimination`` can be told.

    ``classify`` (an instance atom), and ``k``: 1 learns a conjunction of
    literals, K > 1 a K-CNF (``:- set(k, K).``).
    """

    ALGORITHM: ClassVar[str] = "elimination"

    k: int = option(
        1,
        key="k",
        minimum=1,
        help="1: a conjunction of literals; K > 1: a K-CNF (disjunctions of up to K literals).",
    )


SETTINGS = EliminationSettings


@dataclass(eq=False)
class EliminationRun(LearnResult):
    """The elimination algorithm run on a task: the conjunction (or k-CNF) and its checks.

    ``values`` gives, per attribute, the (true, false) values the examples use;
    ``result`` is an :class:`EliminationResult` (k = 1) or a
    :class:`~symlearn.learners.concepts.kcnf_elimination.KCNFResult`.
    """

    task: LearningTask
    settings: EliminationSettings
    values: tuple[tuple[Term, Term], ...]
    result: EliminationResult | KCNFResult
    algorithm: str = "elimination"

    @property
    def hypothesis(self) -> BooleanConjunction | KCNF:
        """The learned conjunction of literals or k-CNF."""
        return self.result.hypothesis

    @property
    def names(self) -> list[str]:
        """The attributes' names (the variables of the formula)."""
        return [a.name for a in self.task.attribute_data.attributes]

    @property
    def family(self) -> str:
        """``boolean_conjunction`` or ``kcnf``."""
        return "kcnf" if isinstance(self.result, KCNFResult) else "boolean_conjunction"

    def clauses(self) -> list[str]:
        """The hypothesis as clauses over the attributes' own values."""
        return self.hypothesis.clause_texts(self.task.attribute_data.target, self.values)

    def covers(self, instance: Sequence[Term]) -> bool:
        """Whether the hypothesis says pos for an instance written in the attributes' values."""
        return self.hypothesis.covers([v == pair[0] for v, pair in zip(instance, self.values)])

    def _classifications(self) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        return classify_by(self.task.attribute_data, self.settings.classify, self.covers)

    def _trace(self) -> list[dict[str, Any]]:
        data = self.task.attribute_data
        if not isinstance(self.result, EliminationResult):
            return []
        return [
            {
                "example": example_text(data.target, data.instances[s.index], s.label),
                "eliminated": [format_literal(lit, self.names) for lit in s.removed],
            }
            for s in self.result.trace
        ]

    def to_dict(self) -> dict[str, Any]:
        """``algorithm``, ``target``, ``k``, ``family``, ``hypothesis``, ``formula``, ..."""
        data = self.task.attribute_data
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "k": self.settings.k,
            "family": self.family,
            "hypothesis": self.clauses(),
            "formula": str(self.hypothesis.to_sympy(self.names)),
            "latex": self.hypothesis.to_latex(self.names),
            "consistent": self.result.consistent,
            "misclassified": [
                example_text(data.target, data.instances[i], bool(data.labels[i]))
                for i in self.result.misclassified
            ],
        }
        if isinstance(self.result, EliminationResult):
            payload["trace"] = self._trace()
        asked, listed = self._classifications()
        if asked is not None:
            payload["classification"] = asked
        if listed:
            payload["classifications"] = listed
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The clauses, the formula, the misclassified examples, the classifications."""
        data = self.task.attribute_data
        lines = [*self.clauses(), f"% {self.hypothesis.to_sympy(self.names)}"]
        lines += misclassified_lines(data, self.result.misclassified)
        asked, listed = self._classifications()
        lines += simple_classification_lines(asked, listed)
        return lines

    def messages(self, verbose: int = 0) -> list[str]:
        """With ``verbose``: the literals each example eliminated (k = 1)."""
        if not verbose:
            return []
        return set_aside_lines(self.task) + [
            f"{entry['example']}: eliminated {', '.join(entry['eliminated']) or 'nothing'}"
            for entry in self._trace()
        ]

    def program(self, header: Sequence[str] = ()) -> str:
        """The clauses as a file, with the formula as a comment."""
        return super().program([str(self.hypothesis.to_sympy(self.names)), *header])


def learn(
    task: LearningTask,
    settings: EliminationSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> EliminationRun:
    """Run the elimination algorithm (k-CNF for ``settings.k`` > 1) on a task (the protocol).

    Raises
    ------
    KBError
        When the examples are not ``pos``/``neg`` or an attribute is not two-valued.
    HypothesisSpaceError
        When k-CNF has too many candidate disjunctions.
    """
    settings = settings or EliminationSettings.from_task(task)
    n, examples, values = boolean_examples(task.attribute_data, "elimination")
    if settings.classify:
        instance_values(task.attribute_data, settings.classify)  # a bad atom fails before learning
    result: EliminationResult | KCNFResult
    if settings.k == 1:
        result = eliminate(examples, n, progress)
    else:
        result = learn_kcnf(examples, n, settings.k, progress=progress)
    return EliminationRun(task, settings, tuple(values), result)
