"""Attribute-value data: the examples of a target whose arguments are attributes.

In the knowledge-base language (DESIGN.md section 2) an attribute-value target
is a predicate whose arguments are the attributes::

    :- attributes(enjoysport, [sky, airtemp, humidity, wind, water, forecast]).
    :- domain(sky, [sunny, cloudy, rainy]).
    :- domain(temperature, number).
    pos(enjoysport(sunny, warm, normal, strong, warm, same)).
    label(playtennis(sunny, hot, high, weak), no).
    instance(enjoysport(sunny, warm, high, strong, cool, change)).

:class:`AttributeValueData` holds such examples, read from a knowledge base
(:func:`symlearn.learning.attribute_data.from_kb`) or a table
(:mod:`symlearn.data.tabular`): the attributes with their domains, the
labelled instances (``pos``/``neg`` give the labels ``True``/``False``,
``label/2`` gives its class), the instances to classify (``instance/1``) and
the unlabelled examples to learn from (``unlabelled/1``, or a table's rows
whose class is missing), which only the learners from unlabelled data read.
A missing value is the atom ``'?'`` (:data:`MISSING`).

Examples
--------
>>> data = AttributeValueData("t", (Attribute("sky", ("sunny", "rainy")),),
...                           (("sunny",), ("rainy",)), (True, False))
>>> data.arity, data.classes, data.example_text(1)
(1, (True, False), 'neg(t(rainy))')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from symlearn.errors import KBError
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, is_ground

__all__ = [
    "MISSING",
    "Attribute",
    "AttributeValueData",
    "Label",
    "check_row",
    "instance_from_atom",
    "row_values",
    "value_error",
]

#: How a missing value is written.
MISSING = "?"

#: A class label: True/False for pos/neg examples, else the label term.
Label = bool | Term


@dataclass(frozen=True, slots=True)
class Attribute:
    """An attribute: its name and its values (``None`` for a continuous attribute)."""

    name: str
    values: tuple[Term, ...] | None

    @property
    def continuous(self) -> bool:
        """True for a numeric attribute."""
        return self.values is None


@dataclass(frozen=True)
class AttributeValueData:
    """Labelled and unlabelled instances of one attribute-value target.

    Attributes
    ----------
    target
        The target predicate's name (its arity is the number of attributes).
    attributes
        The attributes in argument order.
    instances
        The labelled instances (tuples of values, :data:`MISSING` allowed).
    labels
        One label per instance.
    unlabelled
        The ``instance/1`` examples, to classify.
    positions
        Where each labelled instance was written (None when not from a file).
    unlabelled_examples
        Examples without a label to learn from (``unlabelled/1``; a table's
        rows whose class cell is empty): semi-supervised learners read them,
        the others leave them alone.
    """

    target: str
    attributes: tuple[Attribute, ...]
    instances: tuple[tuple[Term, ...], ...]
    labels: tuple[Label, ...]
    unlabelled: tuple[tuple[Term, ...], ...] = ()
    positions: tuple[SourcePosition | None, ...] = field(default=(), compare=False)
    unlabelled_examples: tuple[tuple[Term, ...], ...] = ()

    @property
    def arity(self) -> int:
        """The number of attributes."""
        return len(self.attributes)

    @property
    def n_examples(self) -> int:
        """The number of labelled instances."""
        return len(self.labels)

    @property
    def weights(self) -> Any:
        """Each labelled instance's weight (a numpy array), or None when every weight is 1.

        Only a table (:class:`~symlearn.data.columnar.ColumnarData`) carries
        weights; :func:`~symlearn.data.columnar.with_weights` gives them.
        """
        return None

    @property
    def is_boolean(self) -> bool:
        """True when the labels come from ``pos``/``neg`` examples."""
        return all(type(label) is bool for label in self.labels)

    @property
    def classes(self) -> tuple[Label, ...]:
        """The distinct labels in order of first appearance (True before False if boolean)."""
        if self.is_boolean:
            return tuple(c for c in (True, False) if c in self.labels)
        seen: dict[Label, None] = {}
        for label in self.labels:
            seen.setdefault(label, None)
        return tuple(seen)

    def attribute(self, name: str) -> Attribute:
        """The attribute called ``name``."""
        for attribute in self.attributes:
            if attribute.name == name:
                return attribute
        raise KeyError(name)

    def index(self, name: str) -> int:
        """The argument position of attribute ``name``."""
        return [a.name for a in self.attributes].index(name)

    def take(self, indices: Sequence[int] | Any) -> AttributeValueData:
        """The labelled examples at ``indices`` (the unlabelled ones are kept)."""
        index = [int(i) for i in indices]
        positions = self.positions
        return replace(
            self,
            instances=tuple(self.instances[i] for i in index),
            labels=tuple(self.labels[i] for i in index),
            positions=tuple(positions[i] for i in index) if positions else (),
        )

    def row(self, i: int) -> tuple[Term, ...]:
        """The ``i``-th labelled instance (a table decodes that row only)."""
        return self.instances[i]

    def example_text(self, i: int) -> str:
        """The ``i``-th labelled example written as in a file."""
        atom = format_term(Struct(self.target, self.instances[i])) if self.arity else self.target
        label = self.labels[i]
        if type(label) is bool:
            return f"{'pos' if label else 'neg'}({atom})"
        return f"label({atom}, {format_term(label)})"

    def atom(self, values: Sequence[Term]) -> Term:
        """The target atom for ``values``."""
        return Struct(self.target, tuple(values)) if values else self.target


def value_error(message: str, position: SourcePosition | None) -> KBError:
    """A :class:`~symlearn.errors.KBError` at ``position`` (when known)."""
    if position is None:
        return KBError(message)
    return KBError(message, position.path, position.line, position.column)


def row_values(atom: Term, position: SourcePosition | None = None) -> tuple[Term, ...]:
    """The arguments of an example atom, checked to be constants."""
    args = atom.args if isinstance(atom, Struct) else ()
    for value in args:
        if not is_ground(value) or isinstance(value, Struct):
            raise value_error(
                f"attribute values must be constants, got {format_term(value)} in "
                f"{format_term(atom)}",
                position,
            )
    return tuple(args)


def check_row(
    attributes: Sequence[Attribute], row: Sequence[Term], position: SourcePosition | None = None
) -> None:
    """Check each value against its attribute (a number, or a value of the domain)."""
    for attribute, value in zip(attributes, row):
        if value == MISSING:
            continue
        if attribute.values is None:
            if type(value) not in (int, float):
                raise value_error(
                    f"attribute {attribute.name} is numeric but the example has "
                    f"{format_term(value)}",
                    position,
                )
        elif value not in attribute.values:
            allowed = ", ".join(format_term(v) for v in attribute.values)
            raise value_error(
                f"{format_term(value)} is not in the domain of {attribute.name} ({allowed})",
                position,
            )


def instance_from_atom(data: AttributeValueData, atom: Term) -> tuple[Term, ...]:
    """Check that ``atom`` is an instance of ``data``'s target and return its values.

    Raises
    ------
    KBError
        If the atom has the wrong name or arity, or a value outside a domain.
    """
    name = atom.name if isinstance(atom, Struct) else atom
    args = atom.args if isinstance(atom, Struct) else ()
    if name != data.target or len(args) != data.arity:
        raise KBError(f"{format_term(atom)} is not an instance of {data.target}/{data.arity}")
    row = row_values(atom)
    check_row(data.attributes, row)
    return row
