"""What the relational learners (FOIL, Progol, inverse resolution) share as results.

:class:`RelationalRun` is the common part of their
:class:`~symlearn.learning.result.LearnResult` classes: the learnt
:class:`~symlearn.hypotheses.theory.Theory` as clauses, a program file that
SWI-Prolog consults on its own, the background predicates the clauses call
included (``:- table`` when the knowledge base tables the target), the note
that the knowledge base's own clauses for the target were set aside, and
accuracy on held-out examples asked of the query engine
(:func:`held_out_metrics`).

Functions and classes
---------------------
RelationalRun, held_out_metrics, confusion

Examples
--------
>>> confusion(tp=3, positives=4, fp=1, negatives=5)
{'tp': 3, 'fn': 1, 'fp': 1, 'tn': 4}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from symlearn.hypotheses.theory import Theory
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.learning.learned_program import LearnedProgram
from symlearn.learning.result import LearnResult
from symlearn.logic.clauses import Clause

__all__ = [
    "CONSULT_NOTE",
    "LearntTheory",
    "RelationalRun",
    "confusion",
    "held_out_metrics",
    "read_held_out",
    "worthless_theory_note",
]

#: The second header line of a learnt program's file.
CONSULT_NOTE = "Consult it on its own: it holds the background predicates its clauses call."


def confusion(*, tp: int, positives: int, fp: int, negatives: int) -> dict[str, int]:
    """The confusion matrix of a theory that proves ``tp`` positives and ``fp`` negatives."""
    return {"tp": tp, "fn": positives - tp, "fp": fp, "tn": negatives - fp}


def worthless_theory_note(
    *, tp: int, positives: int, fp: int, negatives: int, clauses: int
) -> str:
    """Why learnt clauses are no answer ("" when they are one).

    No clause, clauses proving none of the positives, or classifying fewer
    training examples right than the empty theory (which proves nothing) are a
    "no" that would otherwise look like a "yes".

    >>> worthless_theory_note(tp=0, positives=7, fp=0, negatives=18, clauses=1)
    'warning: the learnt clauses prove none of the 7 positive examples'
    >>> print(worthless_theory_note(tp=7, positives=7, fp=9, negatives=18, clauses=2))
    warning: the learnt clauses classify fewer training examples right (16/25) than no clause ...
    >>> worthless_theory_note(tp=0, positives=7, fp=0, negatives=18, clauses=0)
    'warning: no clause learnt: none of the 7 positive examples is proved'
    >>> worthless_theory_note(tp=5, positives=7, fp=0, negatives=18, clauses=1)
    ''
    """
    if not positives:
        return ""
    if not clauses:
        return f"warning: no clause learnt: none of the {positives} positive examples is proved"
    if tp == 0:
        return f"warning: the learnt clauses prove none of the {positives} positive examples"
    total, right = positives + negatives, tp + negatives - fp
    if right < negatives:
        return (
            f"warning: the learnt clauses classify fewer training examples right "
            f"({right}/{total}) than no clause ({negatives}/{total})"
        )
    return ""


def read_held_out(paths: Sequence[str]) -> KnowledgeBase:
    """The files of held-out examples (``--test``), read before learning starts.

    Raises
    ------
    KBError
        When a file cannot be read or parsed.
    """
    from symlearn.kb.loader import load

    return load(list(paths))


def held_out_metrics(program: LearnedProgram, held_out: KnowledgeBase) -> dict[str, Any]:
    """Accuracy of ``program`` on the ``pos``/``neg`` examples of its target in ``held_out``.

    Each example is asked of the query engine over the background knowledge
    and the learnt clauses.

    Returns
    -------
    dict
        ``test_accuracy`` (None without examples), ``test_examples`` and
        ``test_confusion_matrix``.
    """
    assert program.target is not None
    positives = held_out.positives(*program.target)
    negatives = held_out.negatives(*program.target)
    answers = program.covers(positives + negatives)
    tp = sum(answers[: len(positives)])
    fp = sum(answers[len(positives) :])
    total = len(positives) + len(negatives)
    return {
        "test_accuracy": (tp + len(negatives) - fp) / total if total else None,
        "test_examples": total,
        "test_confusion_matrix": confusion(
            tp=tp, positives=len(positives), fp=fp, negatives=len(negatives)
        ),
    }


class LearntTheory(Protocol):
    """What a relational learner's own result gives: a theory and its JSON."""

    @property
    def theory(self) -> Theory:
        """The learnt clauses for the target."""

    def to_dict(self) -> dict[str, Any]:
        """The learner's JSON keys."""


class RelationalRun(LearnResult):
    """The common part of the FOIL, Progol and inverse-resolution results.

    Subclasses hold the learner's own result as ``result``.
    """

    result: LearntTheory

    @property
    def learnt(self) -> Theory:
        """The learnt clauses for the target."""
        return self.result.theory

    def to_dict(self) -> dict[str, Any]:
        """``algorithm``, ``target``, then the learner's keys (and ``output`` once saved)."""
        payload = {**self._payload(), **self.result.to_dict()}
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def clauses(self) -> list[str]:
        """The learnt clauses as text (``["false"]`` when none was learnt)."""
        return self.learnt.hypothesis()

    def program_clauses(self) -> list[Clause]:
        """The learnt clauses."""
        return list(self.learnt.clauses)

    @property
    def tabled(self) -> bool:
        """True when the knowledge base tables the target (so must the learnt program)."""
        kb = self.task.kb
        return kb is not None and self.task.target in kb.tabled

    def program(self, header: Sequence[str] = ()) -> str:
        """The learnt clauses, and the background they call, as a file to consult on its own."""
        return super().program([CONSULT_NOTE, *header])

    def set_aside_lines(self) -> list[str]:
        """The note that the knowledge base's own clauses for the target were set aside."""
        own = self.task.own_clauses
        if not own:
            return []
        return [
            f"% the knowledge base's own {own} clause(s) for {self.task.name} are set aside "
            "(they are what is learnt)"
        ]

    def _payload(self) -> dict[str, Any]:
        """``algorithm`` and ``target``, the keys every learner's JSON starts with."""
        return {"algorithm": self.algorithm, "target": self.task.name}
