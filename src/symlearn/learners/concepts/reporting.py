"""What the concept learners' results share: instances to classify, located examples, files.

Functions
---------
instance_values, where, located, misclassified_lines, simple_classification
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from symlearn.data.attribute_value import AttributeValueData, instance_from_atom
from symlearn.kb.parser import parse_term
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "instance_values",
    "located",
    "misclassified_lines",
    "simple_classification",
    "where",
]


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
