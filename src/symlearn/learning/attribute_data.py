"""Attribute-value examples read from a knowledge base.

In the knowledge-base language an attribute-value target
is a predicate whose arguments are the attributes::

    :- attributes(enjoysport, [sky, airtemp, humidity, wind, water, forecast]).
    :- domain(sky, [sunny, cloudy, rainy]).
    :- domain(temperature, number).
    pos(enjoysport(sunny, warm, normal, strong, warm, same)).
    label(playtennis(sunny, hot, high, weak), no).
    instance(enjoysport(sunny, warm, high, strong, cool, change)).
    unlabelled(enjoysport(sunny, warm, normal, weak, warm, same)).

:func:`from_kb` collects those examples into an
:class:`~symlearn.data.attribute_value.AttributeValueData`: the attributes
with their domains, the labelled instances (``pos``/``neg`` give the labels
``True``/``False``, ``label/2`` gives its class), the instances to classify
(``instance/1``) and the unlabelled examples to learn from (``unlabelled/1``,
read by the semi-supervised learners only).  A missing value is the atom ``'?'``.

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

from symlearn.data.attribute_value import (
    MISSING,
    Attribute,
    AttributeValueData,
    Label,
    check_row,
    row_values,
)
from symlearn.errors import KBError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.terms import Term

__all__ = ["attribute_schema", "from_kb", "instances_from_kb"]


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


def attribute_schema(kb: KnowledgeBase, target: str, arity: int) -> tuple[Attribute, ...]:
    """The attributes of ``target/arity`` with their domains: the instance space.

    The names come from ``attributes/2`` (else ``a1 ... aN``); each domain
    from ``domain/2`` when declared, else from the values the target's
    examples (of every kind, ``instance/1`` included) give it.  A file that
    declares every attribute's domain needs no example at all.

    Raises
    ------
    KBError
        When an attribute has neither a declared domain nor an example value,
        or ``attributes/2`` names the wrong number of attributes.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> kb = loads(":- attributes(t, [sky, wind]). :- domain(sky, [sunny, rainy]). "
    ...            ":- domain(wind, [strong, weak]).")
    >>> [(a.name, a.values) for a in attribute_schema(kb, "t", 2)]
    [('sky', ('sunny', 'rainy')), ('wind', ('strong', 'weak'))]
    """
    examples = [e for e in kb.examples if e.indicator == (target, arity)]
    names = _attribute_names(kb, target, arity)
    rows = [row_values(e.atom, e.position) for e in examples]
    columns = list(zip(*rows)) if rows and arity else [()] * arity
    attributes = tuple(
        Attribute(name, _domain(kb, name, list(column))) for name, column in zip(names, columns)
    )
    if not examples:
        undeclared = [a.name for a in attributes if a.values == ()]
        if undeclared:
            raise KBError(
                f"no examples of {target}/{arity} and no domain/2 declaration for "
                f"{', '.join(undeclared)}: declare each attribute's domain "
                f"(:- domain({undeclared[0]}, [...]).) or give examples"
            )
    for example, row in zip(examples, rows):
        check_row(attributes, row, example.position)
    return attributes


def instances_from_kb(kb: KnowledgeBase, target: str, arity: int) -> AttributeValueData:
    """The instances of ``target/arity`` for a learner that needs no class.

    The labelled examples (``pos``, ``neg``, ``label``) when there are any,
    the ``instance/1`` examples then being instances to classify, as
    :func:`from_kb` gives them; else the ``instance/1`` examples, in file
    order, each with the label ``?`` (unknown).

    Raises
    ------
    KBError
        When there is no example of the target, an example argument is not a
        constant, or a value lies outside a declared domain.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> data = instances_from_kb(loads("instance(p(1, a)). instance(p(3, b))."), "p", 2)
    >>> data.instances, data.labels
    (((1, 'a'), (3, 'b')), ('?', '?'))
    """
    examples = [e for e in kb.examples if e.indicator == (target, arity)]
    if any(e.kind != "instance" for e in examples):
        return from_kb(kb, target, arity)
    if not examples:
        raise KBError(
            f"no examples of {target}/{arity} in the knowledge base: write each instance "
            f"as instance({target}(...)). (or pos/neg/label)"
        )
    return AttributeValueData(
        target=target,
        attributes=attribute_schema(kb, target, arity),
        instances=tuple(row_values(e.atom, e.position) for e in examples),
        labels=(MISSING,) * len(examples),
        positions=tuple(e.position for e in examples),
    )


def from_kb(kb: KnowledgeBase, target: str, arity: int) -> AttributeValueData:
    """Collect the attribute-value examples of ``target/arity`` (see the module docstring).

    Raises
    ------
    KBError
        When there are no examples of the target, an example argument is not a
        constant, or a value lies outside a declared domain.
    """
    examples = [e for e in kb.examples if e.indicator == (target, arity)]
    labelled = [e for e in examples if e.kind not in ("instance", "unlabelled")]
    if not labelled:
        raise KBError(f"no pos/neg/label examples of {target}/{arity} in the knowledge base")
    if {e.kind for e in labelled} > {"pos", "neg"} and {"pos", "neg"} & {e.kind for e in labelled}:
        raise KBError(f"the examples of {target}/{arity} mix pos/neg with label/2; use one kind")
    attributes = attribute_schema(kb, target, arity)
    labels: list[Label] = [
        e.kind == "pos" if e.kind in ("pos", "neg") else e.label  # type: ignore[misc]
        for e in labelled
    ]
    return AttributeValueData(
        target=target,
        attributes=attributes,
        instances=tuple(row_values(e.atom, e.position) for e in labelled),
        labels=tuple(labels),
        unlabelled=tuple(row_values(e.atom, e.position) for e in examples if e.kind == "instance"),
        positions=tuple(e.position for e in labelled),
        unlabelled_examples=tuple(
            row_values(e.atom, e.position) for e in examples if e.kind == "unlabelled"
        ),
    )
