r"""Queries and evidence as a user gives them: texts on the command line, or terms.

``symlearn infer`` and ``symlearn problog`` read the same ``--query ATOM``
and ``--evidence ATOM=true|false`` options, and their library functions take
the same values from Python (texts, terms, ``(atom, value)`` pairs, a
mapping).  This module turns them into terms without importing any
inference (so that a command that only parses them stays quick to start).

Functions
---------
parse_evidence, query_terms, evidence_pairs, source_paths, given_evidence, atom_evidence,
check_choice, is_bif

Examples
--------
>>> parse_evidence("wet=false")
('wet', False)
>>> evidence_pairs({"rain": True})
[('rain', True)]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from symlearn.errors import InvalidParameterError
from symlearn.files import as_paths
from symlearn.kb.parser import parse_term
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = [
    "NETWORK_METHODS",
    "ORDERINGS",
    "PROGRAM_METHODS",
    "EvidenceGiven",
    "PathLike",
    "Progress",
    "Queries",
    "StateEvidence",
    "atom_evidence",
    "check_choice",
    "evidence_pairs",
    "given_evidence",
    "is_bif",
    "parse_evidence",
    "query_terms",
    "source_paths",
    "term_of",
]

PathLike = str | os.PathLike[str]

#: The inference methods over a belief network (``symlearn infer --method``).
NETWORK_METHODS = ("exact", "enumeration", "likelihood-weighting", "gibbs")

#: The methods of a grounded program: exact by SDD compilation, sampling, and the MPE task.
PROGRAM_METHODS = ("sdd", "sample", "mpe")

#: The elimination-order heuristics of variable elimination (``--ordering``).
ORDERINGS = ("min-fill", "min-degree")

#: Query atoms: one or several, as text or terms.
Queries = str | Term | Iterable[str | Term]
#: ``progress(stage, done, total)``: loading the files, and the long steps.
Progress = Callable[[str, int, "int | None"], None]

#: Evidence: ``ATOM=true`` texts, ``(atom, value)`` pairs, or a mapping atom -> value.
EvidenceGiven = Mapping[Any, bool] | Iterable[str | tuple[Any, bool]]


def parse_evidence(text: str) -> tuple[Term, bool]:
    """``ATOM=true`` or ``ATOM=false`` as an ``(atom, value)`` pair.

    Raises
    ------
    InvalidParameterError
        When the text is not of that form.
    KBError
        When the atom does not parse.
    """
    atom_text, separator, value = text.rpartition("=")
    if not separator or value.strip() not in ("true", "false"):
        raise InvalidParameterError(f"--evidence {text!r} is not ATOM=true or ATOM=false")
    return parse_term(atom_text.strip(), "<--evidence>"), value.strip() == "true"


def term_of(value: str | Term, where: str) -> Term:
    """A term given as text (parsed, ``where`` naming it in errors) or as a term.

    Raises
    ------
    InvalidParameterError
        For anything else (None, a list...).
    """
    if isinstance(value, str):
        return parse_term(value, where)
    if not isinstance(value, (Struct, int, float)):  # an atom is text, above
        raise InvalidParameterError(f"{where}: expected an atom such as 'alarm', not {value!r}")
    return value


def query_terms(queries: Queries | None) -> list[Term] | None:
    """The query atoms as terms; None when none are given (use the file's)."""
    if queries is None:
        return None
    items = [queries] if isinstance(queries, str) or not isinstance(queries, Iterable) else queries
    return [term_of(q, "<--query>") for q in items] or None


def evidence_pairs(evidence: EvidenceGiven | None) -> list[tuple[Term, bool]] | None:
    """``ATOM=true|false`` texts, pairs or a mapping as ``(atom, value)`` pairs (None: none).

    Raises
    ------
    InvalidParameterError
        For a text that is not ``ATOM=true`` or ``ATOM=false``, or a value
        that is not a Boolean.
    """
    if evidence is None:
        return None
    pairs = [
        parse_evidence(item) if isinstance(item, str) else evidence_pair(item)
        for item in evidence_items(evidence)
    ]
    for atom, value in pairs:
        if not isinstance(value, bool):
            raise InvalidParameterError(
                f"the evidence on {format_term(atom)} must be true or false, not {value!r}"
            )
    return pairs or None


def evidence_items(evidence: EvidenceGiven) -> Iterable[Any]:
    """The items of evidence given as one text, a list of texts or pairs, or a mapping.

    Raises
    ------
    InvalidParameterError
        For anything else (``evidence=123``).
    """
    if isinstance(evidence, str):
        return [evidence]
    if isinstance(evidence, Mapping):
        return evidence.items()
    if not isinstance(evidence, Iterable):
        raise InvalidParameterError(
            f"evidence must be a list such as ['alarm=true'] or a dict, not {evidence!r}"
        )
    return evidence


def evidence_pair(item: object) -> tuple[Term, Any]:
    """One evidence item given as a pair ``(atom, value)`` (the value checked by the caller).

    Raises
    ------
    InvalidParameterError
        For an item that is not a pair.
    """
    if not (isinstance(item, (tuple, list)) and len(item) == 2):
        raise InvalidParameterError(
            f"an evidence item is 'ATOM=true' or a pair (atom, True), not {item!r}"
        )
    return (term_of(item[0], "<--evidence>"), item[1])


def source_paths(source: PathLike | Iterable[PathLike]) -> tuple[str, ...]:
    """The file names of ``source``: one path or several (of any kind: str, bytes, Path)."""
    return as_paths(source, "source")


@dataclass(frozen=True)
class StateEvidence:
    """Evidence on a BIF variable written ``NAME=STATE`` (resolved against the network)."""

    name: str
    state: str


def _evidence_item(text: str) -> tuple[Term, bool] | StateEvidence:
    """``ATOM=true``/``ATOM=false`` as (atom, value); any other ``NAME=STATE`` as (name, state)."""
    name, separator, value = text.rpartition("=")
    if separator and name.strip() and value.strip() and value.strip() not in ("true", "false"):
        return StateEvidence(name.strip(), value.strip())
    return parse_evidence(text)


def given_evidence(
    evidence: EvidenceGiven | None,
) -> list[tuple[Term, bool] | StateEvidence] | None:
    """The evidence as ``(atom, value)`` pairs (``(name, state)`` for ``NAME=STATE``).

    None when none is given (use the file's).
    """
    if evidence is None:
        return None
    pairs: list[tuple[Term, bool] | StateEvidence] = [
        _evidence_item(item) if isinstance(item, str) else evidence_pair(item)
        for item in evidence_items(evidence)
    ]
    for item in pairs:
        if isinstance(item, StateEvidence):
            continue
        atom, value = item
        if not isinstance(value, bool):
            raise InvalidParameterError(
                f"the evidence on {format_term(atom)} must be true or false, not {value!r}"
            )
    return pairs or None


def atom_evidence(
    pairs: list[tuple[Term, bool] | StateEvidence] | None,
) -> list[tuple[Term, bool]] | None:
    """The evidence of a ProbLog program: only ``ATOM=true``/``ATOM=false``."""
    if pairs is None:
        return None
    atoms: list[tuple[Term, bool]] = []
    for item in pairs:
        if isinstance(item, StateEvidence):
            raise InvalidParameterError(
                f"--evidence {item.name}={item.state} is not ATOM=true or ATOM=false"
            )
        atoms.append(item)
    return atoms


def check_choice(name: str, value: str, choices: Iterable[str]) -> None:
    """Refuse ``value`` for the option ``--name`` unless it is one of ``choices``."""
    allowed = tuple(choices)
    if value not in allowed:
        raise InvalidParameterError(f"--{name} must be one of {', '.join(allowed)}, not {value!r}")


def is_bif(path: PathLike) -> bool:
    """True for a ``.bif`` or gzip-compressed ``.bif.gz`` file name."""
    return str(path).lower().endswith((".bif", ".bif.gz"))
