"""Attribute-value data: the examples of a target whose arguments are attributes.

In the knowledge-base language (DESIGN.md section 2) an attribute-value target
is a predicate whose arguments are the attributes::

    :- attributes(enjoysport, [sky, airtemp, humidity, wind, water, forecast]).
    :- domain(sky, [sunny, cloudy, rainy]).
    :- domain(temperature, number).
    pos(enjoysport(sunny, warm, normal, strong, warm, same)).
    label(playtennis(sunny, hot, high, weak), no).
    instance(enjoysport(sunny, warm, high, strong, cool, change)).

:func:`from_kb` collects those examples into an :class:`AttributeValueData`:
the attributes with their domains, the labelled instances (``pos``/``neg``
give the labels ``True``/``False``, ``label/2`` gives its class), and the
unlabelled instances.  A missing value is the atom ``'?'`` (:data:`MISSING`).

Rules for domains: a declared ``domain/2`` is used as written (a value outside
it is an error naming the example); otherwise the values seen in the examples,
in order of first appearance; an attribute whose values are all numbers, or
that is declared ``number``, is continuous.  Without ``attributes/2`` the
attributes are named ``a1 ... aN``.

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads('''
... :- attributes(t, [sky, temp]).
... pos(t(sunny, 20)). neg(t(rainy, 12)). pos(t(sunny, 25)).
... ''')
>>> data = from_kb(kb, "t", 2)
>>> [a.name for a in data.attributes], data.attributes[0].values, data.attributes[1].continuous
(['sky', 'temp'], ('sunny', 'rainy'), True)
>>> data.labels
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from symlearn.errors import KBError
from symlearn.kb.knowledge_base import Example, KnowledgeBase, SourcePosition
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, is_ground

__all__ = ["MISSING", "Attribute", "AttributeValueData", "from_kb", "instance_from_atom"]

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
    """

    target: str
    attributes: tuple[Attribute, ...]
    instances: tuple[tuple[Term, ...], ...]
    labels: tuple[Label, ...]
    unlabelled: tuple[tuple[Term, ...], ...] = ()
    positions: tuple[SourcePosition | None, ...] = field(default=(), compare=False)

    @property
    def arity(self) -> int:
        """The number of attributes."""
        return len(self.attributes)

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


def _value_error(message: str, example: Example | None) -> KBError:
    position = example.position if example is not None else None
    if position is None:
        return KBError(message)
    return KBError(message, position.path, position.line, position.column)


def _attribute_names(kb: KnowledgeBase, target: str, arity: int) -> list[str]:
    names = kb.attributes.get(target)
    if names is None:
        return [f"a{i}" for i in range(1, arity + 1)]
    if len(names) != arity:
        raise KBError(
            f"attributes({target}, ...) names {len(names)} attributes but the "
            f"examples of {target} have {arity} arguments"
        )
    return list(names)


def _domain(kb: KnowledgeBase, name: str, seen: list[Term]) -> tuple[Term, ...] | None:
    declared = kb.domains.get(name)
    if declared == "number":
        return None
    if isinstance(declared, list):
        return tuple(declared)
    present = [v for v in seen if v != MISSING]
    if present and all(type(v) in (int, float) for v in present):
        return None
    distinct: dict[Term, None] = {}
    for value in present:
        distinct.setdefault(value, None)
    return tuple(distinct)


def from_kb(kb: KnowledgeBase, target: str, arity: int) -> AttributeValueData:
    """Collect the attribute-value examples of ``target/arity`` (see the module docstring).

    Raises
    ------
    KBError
        When there are no examples of the target, an example argument is not a
        constant, or a value lies outside a declared domain.
    """
    examples = [e for e in kb.examples if e.indicator == (target, arity)]
    labelled = [e for e in examples if e.kind != "instance"]
    if not labelled:
        raise KBError(f"no pos/neg/label examples of {target}/{arity} in the knowledge base")
    if {e.kind for e in labelled} > {"pos", "neg"} and {"pos", "neg"} & {e.kind for e in labelled}:
        raise KBError(f"the examples of {target}/{arity} mix pos/neg with label/2; use one kind")
    names = _attribute_names(kb, target, arity)
    rows = [_values(e.atom, e) for e in examples]
    columns = list(zip(*rows)) if rows and arity else [()] * arity
    attributes = tuple(
        Attribute(name, _domain(kb, name, list(column))) for name, column in zip(names, columns)
    )
    for example, row in zip(examples, rows):
        _check_row(attributes, row, example)
    labels: list[Label] = [
        e.kind == "pos" if e.kind in ("pos", "neg") else e.label  # type: ignore[misc]
        for e in labelled
    ]
    return AttributeValueData(
        target=target,
        attributes=attributes,
        instances=tuple(_values(e.atom, e) for e in labelled),
        labels=tuple(labels),
        unlabelled=tuple(_values(e.atom, e) for e in examples if e.kind == "instance"),
        positions=tuple(e.position for e in labelled),
    )


def _values(atom: Term, example: Example | None) -> tuple[Term, ...]:
    args = atom.args if isinstance(atom, Struct) else ()
    for value in args:
        if not is_ground(value) or isinstance(value, Struct):
            raise _value_error(
                f"attribute values must be constants, got {format_term(value)} in "
                f"{format_term(atom)}",
                example,
            )
    return tuple(args)


def _check_row(
    attributes: Sequence[Attribute], row: Sequence[Term], example: Example | None
) -> None:
    for attribute, value in zip(attributes, row):
        if value == MISSING:
            continue
        if attribute.values is None:
            if type(value) not in (int, float):
                raise _value_error(
                    f"attribute {attribute.name} is numeric but the example has "
                    f"{format_term(value)}",
                    example,
                )
        elif value not in attribute.values:
            allowed = ", ".join(format_term(v) for v in attribute.values)
            raise _value_error(
                f"{format_term(value)} is not in the domain of {attribute.name} ({allowed})",
                example,
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
    row = _values(atom, None)
    _check_row(data.attributes, row, None)
    return row
