r"""The interpretations LFI learns from: reading them, completing them, grouping them.

An examples file holds one *interpretation* (a partial observation of a
world) after another, separated by a line of dashes (``----``), each a set of
``evidence(Atom)``, ``evidence(Atom, true|false)`` or ``evidence(\+Atom)``
facts, as ProbLog's ``lfi`` reads them.

ProbLog completes the evidence on annotated disjunctions whose heads are all
learnable (its ``infer_AD_values``): when every head of a ground instance but
one is observed false and that one is not observed, it is observed true (a
disjunction whose learnable heads are normalised to sum to one leaves no
"none" to choose).  :func:`complete_disjunctions` does the same, head for
head, so that the learned parameters agree with ProbLog's; identical
interpretations are then grounded and compiled once
(:func:`group_interpretations`).

Functions and classes
---------------------
read_interpretations, complete_disjunctions, group_interpretations, Interpretation
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from symlearn.kb.loader import loads
from symlearn.kb.sources import read_source
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_ground

__all__ = [
    "Interpretation",
    "complete_disjunctions",
    "group_interpretations",
    "read_interpretations",
]

_SEPARATOR = re.compile(r"^\s*-{3,}.*$", re.MULTILINE)


@dataclass(frozen=True)
class Interpretation:
    """One interpretation: the observed ``(atom, value)`` pairs and where they were read.

    Attributes
    ----------
    evidence
        The observations, in the order written.
    where
        ``FILE:FIRST-LAST`` (the lines of the interpretation), for messages.
    numbers
        The numbers (from 1) of the interpretations it stands for (several
        when identical interpretations are grouped).
    """

    evidence: tuple[tuple[Term, bool], ...]
    where: str
    numbers: tuple[int, ...]

    @property
    def count(self) -> int:
        """How many interpretations of the file it stands for."""
        return len(self.numbers)

    def describe(self) -> str:
        """``interpretation 3 (examples.ev:9-12)``, for messages."""
        if len(self.numbers) == 1:
            return f"interpretation {self.numbers[0]} ({self.where})"
        shown = ", ".join(str(n) for n in self.numbers[:5]) + (
            ", ..." if len(self.numbers) > 5 else ""
        )
        return f"interpretations {shown} ({self.where}, and the identical ones)"


def _observation(atom: Term, value: bool) -> tuple[Term, bool]:
    r"""``evidence(\+A, V)`` observes A with the opposite value."""
    while isinstance(atom, Struct) and atom.name in ("\\+", "not") and len(atom.args) == 1:
        atom, value = atom.args[0], not value
    return atom, value


def read_interpretations(path: str | Path) -> list[Interpretation]:
    """The interpretations of an examples file, in order (empty parts are skipped).

    Raises
    ------
    KBError
        When the file cannot be read (missing, a FIFO or a device), or for a
        part that does not parse (with the file's line numbers).
    """
    text = read_source(Path(path))
    interpretations: list[Interpretation] = []
    start = 0
    for part in [*_SEPARATOR.finditer(text), None]:
        end = part.start() if part is not None else len(text)
        first_line = text.count("\n", 0, start) + 1
        chunk = "\n" * (first_line - 1) + text[start:end]  # keep the line numbers
        kb = loads(chunk, str(path))
        if kb.evidence:
            last_line = first_line + text.count("\n", start, end) - 1
            observed = tuple(_observation(atom, value) for atom, value in kb.evidence)
            where = f"{path}:{first_line}-{max(first_line, last_line)}"
            interpretations.append(Interpretation(observed, where, (len(interpretations) + 1,)))
        start = part.end() if part is not None else len(text)
    return interpretations


def group_interpretations(interpretations: Sequence[Interpretation]) -> list[Interpretation]:
    """Identical interpretations (the same observations in the same order) made one, counted."""
    groups: dict[tuple[tuple[Term, bool], ...], list[Interpretation]] = {}
    for interpretation in interpretations:
        groups.setdefault(interpretation.evidence, []).append(interpretation)
    return [
        Interpretation(evidence, members[0].where, tuple(n for m in members for n in m.numbers))
        for evidence, members in groups.items()
    ]


def complete_disjunctions(
    interpretation: Interpretation, disjunctions: Sequence[Sequence[Term]]
) -> Interpretation:
    """The interpretation with the heads of fully learnable disjunctions filled in, as ProbLog.

    Parameters
    ----------
    disjunctions
        For each annotated disjunction with two or more learnable heads,
        those heads as written (possibly with variables).

    Each ground instance of such a disjunction (the heads of one variable
    binding, matched through the observed atoms' arguments) whose heads are
    all observed false but one, that one unobserved, gets that one observed
    true.  When some instance has every head observed false (evidence
    ProbLog calls inconsistent), the interpretation is left as it is.
    """
    observed = dict(interpretation.evidence)
    added: dict[Term, bool] = {}
    for heads in disjunctions:
        for instance in _instances(heads, observed):
            values = [observed.get(head) for head in instance]
            if all(v is False for v in values):
                return interpretation
            unknown = [h for h, v in zip(instance, values) if v is None]
            if len(unknown) == 1 and values.count(False) == len(instance) - 1:
                added[unknown[0]] = True
    if not added:
        return interpretation
    evidence = interpretation.evidence + tuple(added.items())
    return Interpretation(evidence, interpretation.where, interpretation.numbers)


def _instances(heads: Sequence[Term], observed: dict[Term, bool]) -> list[list[Term]]:
    """The ground instances of a disjunction's heads that the observations mention.

    Ground heads form one instance.  Non-ground heads are instantiated, as
    ProbLog does, with the arguments of each observed atom of one of their
    predicates (the other heads take the same arguments).
    """
    if all(is_ground(head) for head in heads):
        return [list(heads)]
    predicates = {functor_of(head) for head in heads}
    found: dict[tuple[Term, ...], list[Term]] = {}
    for atom in observed:
        if functor_of(atom) not in predicates or not isinstance(atom, Struct):
            continue
        arguments = atom.args
        if arguments in found:
            continue
        instance: list[Term] = []
        for head in heads:
            if isinstance(head, Struct) and len(head.args) == len(arguments):
                instance.append(Struct(head.name, arguments))
            elif not isinstance(head, (Struct, Var)):
                instance.append(head)
        if len(instance) == len(heads):
            found[arguments] = instance
    return list(found.values())
