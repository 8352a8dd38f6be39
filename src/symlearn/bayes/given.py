r"""Queries and evidence as a user gives them: texts on the command line, or terms.

``symlearn infer`` and ``symlearn problog`` read the same ``--query ATOM``
and ``--evidence ATOM=true|false`` options, and their library functions take
the same values from Python (texts, terms, ``(atom, value)`` pairs, a
mapping).  This module turns them into terms without importing any
inference (so that a command that only parses them stays quick to start).

Functions
---------
parse_evidence, query_terms, evidence_pairs, source_paths

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
from typing import Any

from symlearn.errors import InvalidParameterError
from symlearn.kb.parser import parse_term
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "EvidenceGiven",
    "PathLike",
    "Progress",
    "Queries",
    "evidence_pairs",
    "parse_evidence",
    "query_terms",
    "source_paths",
    "term_of",
]

PathLike = str | os.PathLike[str]

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
    """A term given as text (parsed, ``where`` naming it in errors) or as a term."""
    return parse_term(value, where) if isinstance(value, str) else value


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
    items = evidence.items() if isinstance(evidence, Mapping) else evidence
    pairs = [
        parse_evidence(item)
        if isinstance(item, str)
        else (term_of(item[0], "<--evidence>"), item[1])
        for item in items
    ]
    for atom, value in pairs:
        if not isinstance(value, bool):
            raise InvalidParameterError(
                f"the evidence on {format_term(atom)} must be true or false, not {value!r}"
            )
    return pairs or None


def source_paths(source: PathLike | Iterable[PathLike]) -> tuple[str, ...]:
    """The file names of ``source``: one path or several."""
    if isinstance(source, (str, os.PathLike)):
        return (str(source),)
    return tuple(str(p) for p in source)
