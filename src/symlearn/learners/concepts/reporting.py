"""What the concept learners' runs share: their settings, instances to classify, reports.

Every concept learner (Find-S, List-Then-Eliminate, Candidate-Elimination,
the elimination algorithm) can be asked to classify a new instance
(``--classify ATOM``) and classifies the file's ``instance/1`` examples; the
version-space learners can also list the version space (``--enumerate``) and
suggest the instance to ask about next (``--suggest-query``).  Those settings
are declared once here (:class:`ConceptSettings`,
:class:`VersionSpaceSettings`), and so is the result of a version-space
learner, :class:`VersionSpaceRun`: the boundaries S and G as clause texts, the
size of the version space, the trace, the votes, and the collapse of the
version space (Mitchell 1997, sections 2.5-2.6).

Classes and functions
---------------------
ConceptSettings, VersionSpaceSettings, VersionSpaceRun, instance_values, where,
located, misclassified_lines, simple_classification, classify_by,
asked_then_listed, simple_classification_lines, set_aside_lines,
hypothesis_texts, boundary_lines, classification_line, query_line

Examples
--------
>>> from symlearn.hypotheses import Conjunction
>>> boundary_lines("S", [Conjunction(("a", "?"))], "t")
['S (1):', '  t(a, _).                                          % <a, ?>']
>>> hypothesis_texts([Conjunction(("a", "?")), Conjunction.empty(2)], "t")
[['t(a, _).'], ['false']]
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol, TypeVar

from symlearn.data.attribute_value import AttributeValueData, instance_from_atom
from symlearn.errors import VersionSpaceCollapsedError
from symlearn.hypotheses.conjunction import Conjunction
from symlearn.hypotheses.space import ConjunctionSpace
from symlearn.hypotheses.version_space import Classification, Query
from symlearn.kb.parser import parse_term
from symlearn.learners.concepts.examples import example_text
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

#: A classification of one instance (a version space's votes, or one hypothesis's label).
C = TypeVar("C")

__all__ = [
    "BoundaryStep",
    "ConceptSettings",
    "VersionSpaceRun",
    "VersionSpaceSettings",
    "asked_then_listed",
    "boundary_lines",
    "classification_line",
    "classify_by",
    "hypothesis_texts",
    "instance_values",
    "located",
    "misclassified_lines",
    "query_line",
    "set_aside_lines",
    "simple_classification",
    "simple_classification_lines",
    "where",
]


# -- settings -------------------------------------------------------------------------


@dataclass(frozen=True)
class ConceptSettings(Settings):
    """What every concept learner can be told: an instance to classify."""

    classify: str | None = option(
        None,
        metavar="ATOM",
        help="Classify a new instance, e.g. 'enjoysport(sunny, warm, high, strong, cool, same)'.",
    )


@dataclass(frozen=True)
class VersionSpaceSettings(ConceptSettings):
    """What a version-space learner can be told besides: list it, suggest a query."""

    suggest_query: bool = option(False, flag=True, help="Suggest the instance to ask about next.")
    enumerate: bool = option(False, flag=True, help="List every hypothesis of the version space.")


# -- instances and examples -------------------------------------------------------------


def instance_values(data: AttributeValueData, text: str) -> tuple[Term, ...]:
    """The attribute values of an instance written as an atom (``--classify ATOM``).

    Raises
    ------
    KBError
        When the atom does not parse or is not an instance of the target.
    """
    return instance_from_atom(data, parse_term(text, "<--classify>"))


def where(data: AttributeValueData, index: int | None) -> dict[str, Any]:
    """``path``, ``line``, ``column`` of labelled example ``index`` (None when unknown)."""
    position = data.positions[index] if index is not None and index < len(data.positions) else None
    if position is None:
        return {"path": None, "line": None, "column": None}
    return {"path": position.path, "line": position.line, "column": position.column}


def located(data: AttributeValueData, index: int | None, message: str) -> str:
    """``message`` prefixed with ``path:line:column`` of example ``index`` when known."""
    place = where(data, index)
    if place["path"] is None:
        return message
    return f"{place['path']}:{place['line']}:{place['column']}: {message}"


def misclassified_lines(
    data: AttributeValueData, indices: Sequence[int], shown: int = 10
) -> list[str]:
    """Comment lines naming the misclassified examples (the first ``shown`` of them)."""
    lines = [
        "% " + located(data, i, f"{data.example_text(i)} is misclassified")
        for i in indices[:shown]
    ]
    if len(indices) > shown:
        lines.append(f"% ... and {len(indices) - shown} more misclassified examples")
    return lines


def simple_classification(
    data: AttributeValueData, x: Sequence[Term], covered: bool
) -> dict[str, Any]:
    """The classification by one hypothesis: the instance atom and pos or neg."""
    return {"instance": format_term(data.atom(x)), "label": "pos" if covered else "neg"}


def classify_by(
    data: AttributeValueData, atom: str | None, covers: Callable[[Sequence[Term]], bool]
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """How one hypothesis (``covers``) classifies the asked atom and the ``instance/1`` examples.

    Returns the classification of ``atom`` (None when not given) and those of
    the unlabelled instances, each as :func:`simple_classification` gives it.
    """
    asked = None
    if atom:
        x = instance_values(data, atom)
        asked = simple_classification(data, x, covers(x))
    listed = [simple_classification(data, x, covers(x)) for x in data.unlabelled]
    return asked, listed


def asked_then_listed(
    asked: C | None, listed: Sequence[C], instance: Callable[[C], str]
) -> list[C]:
    """The asked instance's classification, then the file's, each instance once.

    An ``instance/1`` example that is also the ``--classify`` instance is
    reported once, as the asked one (the JSON keeps both lists whole).

    Examples
    --------
    >>> asked_then_listed("b", ["a", "b", "c"], str)
    ['b', 'a', 'c']
    """
    if asked is None:
        return list(listed)
    seen = instance(asked)
    return [asked, *(c for c in listed if instance(c) != seen)]


def simple_classification_lines(
    asked: dict[str, Any] | None, listed: Sequence[dict[str, Any]]
) -> list[str]:
    """``instance: label`` for the asked instance and then the listed ones, each once."""
    shown = asked_then_listed(asked, listed, lambda c: str(c["instance"]))
    return [f"{c['instance']}: {c['label']}" for c in shown]


def set_aside_lines(task: LearningTask) -> list[str]:
    """A note that the files' own clauses for the target are not used (none: no lines)."""
    count = task.own_clauses
    if not count:
        return []
    return [
        f"% set aside the {count} clause(s) of {task.name} in the files: "
        "a learner never uses the target's own clauses"
    ]


# -- version spaces as text ---------------------------------------------------------------


def hypothesis_texts(hypotheses: Iterable[Conjunction], target: str) -> list[list[str]]:
    """Each hypothesis as its list of clause texts (``["false"]`` for ∅)."""
    return [h.clause_texts(target) for h in hypotheses]


def boundary_lines(name: str, hypotheses: Sequence[Conjunction], target: str) -> list[str]:
    """``S (n):`` and one line per member: its clause, then the tuple as a comment."""
    lines = [f"{name} ({len(hypotheses)}):"]
    for h in hypotheses:
        lines.append(f"  {h.clause_texts(target)[0]:<50} % {h}")
    return lines


def classification_line(c: Classification) -> str:
    """The vote of a version space on one instance, as a line of the report."""
    atom = c.to_dict()["instance"]
    total = c.positive_votes + c.negative_votes
    return (
        f"{atom}: {c.label} ({c.positive_votes} of {total} hypotheses vote positive, "
        f"ratio {c.ratio})"
    )


def query_line(q: Query | None) -> str:
    """The suggested query and how it splits the version space, as a line of the report."""
    if q is None:
        return "query: no instance splits the version space (it has at most one hypothesis)"
    total = q.positive_votes + q.negative_votes
    best = "" if q.exact else " (best found by hill-climbing)"
    return (
        f"query: {q.to_dict()['instance']} splits the {total} hypotheses "
        f"{q.positive_votes}/{q.negative_votes}{best}"
    )


class BoundaryStep(Protocol):
    """A trace step of a version-space learner: the example and the boundaries after it."""

    @property
    def instance(self) -> tuple[Term, ...]:
        """The example's attribute values."""

    @property
    def label(self) -> bool:
        """True for a positive example."""

    @property
    def S(self) -> tuple[Conjunction, ...]:
        """The specific boundary after the example."""

    @property
    def G(self) -> tuple[Conjunction, ...]:
        """The general boundary after the example."""


class VersionSpaceRun(LearnResult):
    """A version-space learner run on a task: S, G, the trace, votes and queries.

    Subclasses (dataclasses) provide ``task``, ``settings``,
    ``collapse`` (the :class:`~symlearn.errors.VersionSpaceCollapsedError`
    that ended the run, or None) and the methods below marked abstract.

    When the version space collapsed the run is a "no": ``exit_status`` is 1,
    :meth:`report` is empty and :meth:`messages` says which example emptied S
    or G, at its file position; ``to_dict()`` has the boundaries as they
    became and the ``collapsed`` object.

    The hypothesis written out is S's single member when there is one: it says
    pos exactly when the whole version space does (Mitchell 1997, section 2.6.3).
    """

    settings: VersionSpaceSettings
    collapse: VersionSpaceCollapsedError | None

    def __post_init__(self) -> None:
        self.exit_status = 1 if self.collapse is not None else 0

    # -- what each learner says
    @property
    @abc.abstractmethod
    def space(self) -> ConjunctionSpace:
        """The hypothesis space H."""

    @property
    @abc.abstractmethod
    def S(self) -> tuple[Conjunction, ...]:
        """The specific boundary (as it became, when the version space collapsed)."""

    @property
    @abc.abstractmethod
    def G(self) -> tuple[Conjunction, ...]:
        """The general boundary (as it became, when the version space collapsed)."""

    @property
    @abc.abstractmethod
    def steps(self) -> Sequence[BoundaryStep]:
        """The trace: the boundaries after each example."""

    @abc.abstractmethod
    def size(self) -> int:
        """|VS|: the number of hypotheses consistent with the examples (0 when collapsed)."""

    @abc.abstractmethod
    def members(self) -> Iterator[Conjunction]:
        """Every hypothesis of the version space."""

    @abc.abstractmethod
    def classify(self, instance: Sequence[Term]) -> Classification:
        """The votes of the version space on ``instance``."""

    @abc.abstractmethod
    def suggest_query(self) -> Query | None:
        """The instance that splits the version space most evenly (None if none splits)."""

    @abc.abstractmethod
    def size_line(self) -> str:
        """The report's line saying how large the version space is."""

    def trace_entry(self, step: BoundaryStep) -> dict[str, Any]:
        """One ``trace`` object: ``example``, ``S`` and ``G``."""
        return {
            "example": example_text(self._target, step.instance, step.label),
            "S": hypothesis_texts(step.S, self._target),
            "G": hypothesis_texts(step.G, self._target),
        }

    def extra(self) -> dict[str, Any]:
        """Keys of the learner's own for :meth:`to_dict`."""
        return {}

    # -- the protocol
    @property
    def _target(self) -> str:
        return self.space.target

    @property
    def collapsed(self) -> bool:
        """True when no hypothesis in H is consistent with the examples."""
        return self.collapse is not None

    def clauses(self) -> list[str]:
        """S's single member as a clause; none when S has several members or is empty."""
        return self.S[0].clause_texts(self._target) if len(self.S) == 1 else []

    @cached_property
    def classification(self) -> Classification | None:
        """The votes on the instance of ``--classify`` (None when none was given)."""
        if not self.settings.classify or self.collapsed:
            return None
        return self.classify(instance_values(self.task.attribute_data, self.settings.classify))

    @cached_property
    def classifications(self) -> list[Classification]:
        """The votes on each of the files' ``instance/1`` examples."""
        if self.collapsed:
            return []
        return [self.classify(x) for x in self.task.attribute_data.unlabelled]

    @cached_property
    def query_suggestion(self) -> Query | None:
        """The query of ``--suggest-query`` (None when not asked or when nothing splits)."""
        if not self.settings.suggest_query or self.collapsed:
            return None
        return self.suggest_query()

    def to_dict(self) -> dict[str, Any]:
        """``algorithm``, ``target``, ``hypothesis``, ``S``, ``G``, ``version_space_size``, ..."""
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses() if not self.collapsed else [],
            "S": hypothesis_texts(self.S, self._target),
            "G": hypothesis_texts(self.G, self._target),
            "S_constraints": [h.to_dict()["constraints"] for h in self.S],
            "G_constraints": [h.to_dict()["constraints"] for h in self.G],
            "version_space_size": self.size(),
            "trace": [self.trace_entry(step) for step in self.steps],
            **self.extra(),
        }
        if self.collapse is not None:
            data, error = self.task.attribute_data, self.collapse
            payload["collapsed"] = {
                "message": str(error),
                "example": error.example,
                "index": error.index,
                **where(data, error.index),
            }
            return payload
        if self.settings.enumerate:
            payload["version_space"] = hypothesis_texts(self.members(), self._target)
        if self.classification is not None:
            payload["classification"] = self.classification.to_dict()
        if self.classifications:
            payload["classifications"] = [c.to_dict() for c in self.classifications]
        if self.settings.suggest_query:
            q = self.query_suggestion
            payload["query"] = q.to_dict() if q is not None else None
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """S, G, the size, the members, the votes and the query (nothing when collapsed)."""
        if self.collapsed:
            return []
        lines = boundary_lines("S", self.S, self._target)
        lines += boundary_lines("G", self.G, self._target)
        lines.append(self.size_line())
        if self.settings.enumerate:
            lines += [f"  {h}" for h in self.members()]
        shown = asked_then_listed(
            self.classification, self.classifications, lambda c: str(c.to_dict()["instance"])
        )
        lines += [classification_line(c) for c in shown]
        if self.settings.suggest_query:
            lines.append(query_line(self.query_suggestion))
        return lines

    def messages(self, verbose: int = 0) -> list[str]:
        """With ``verbose`` the trace; when collapsed, the located reason."""
        lines = set_aside_lines(self.task) if verbose else []
        if verbose:
            for k, step in enumerate(self.steps, 1):
                entry = self.trace_entry(step)
                lines.append(f"{k}. {entry['example']}")
                for name in ("S", "G"):
                    shown = " | ".join(" ".join(h) for h in entry[name]) or "(empty)"
                    lines.append(f"   {name}: {shown}")
        if self.collapse is not None:
            data, error = self.task.attribute_data, self.collapse
            lines.append(located(data, error.index, str(error)))
        return lines

    def program(self, header: Sequence[str] = ()) -> str:
        """S's member as a file, with S and G as comments."""
        notes = [f"S: {' '.join(map(str, self.S))}", f"G: {' '.join(map(str, self.G))}"]
        return super().program([*notes, *header])

    def save(self, path: str | Path, *, force: bool = False) -> None:
        """Write the file of :meth:`program`; nothing is written when the version space collapsed.

        Raises
        ------
        OutputError
            When ``path`` is an input file (unless ``force``) or cannot be written.
        """
        if not self.collapsed:
            super().save(path, force=force)
