"""Labelled examples for the concept learners, read from attribute-value data.

Concept learners (Find-S, List-Then-Eliminate, Candidate-Elimination, the
elimination algorithm, the k-CNF learner) take a sequence of
``(instance, label)`` pairs, an instance being a tuple of attribute values and
the label True for a positive, False for a negative example.  This module
builds those from :class:`~symlearn.data.attribute_value.AttributeValueData`
and checks what these learners need: ``pos``/``neg`` labels, no missing value,
finite domains (:func:`~symlearn.hypotheses.space.conjunction_examples`, which
the brute-force MAP learner shares), and for the boolean learners two-valued
attributes.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> data = from_kb(loads("pos(t(y, n)). neg(t(n, n))."), "t", 2)
>>> space, examples = conjunction_examples(data)
>>> space.domains, examples
((('y', 'n'), ('n',)), [(('y', 'n'), True), (('n', 'n'), False)])
>>> n, bits, values = boolean_examples(data)
>>> bits, values
([((True, False), True), ((False, False), False)], [('y', 'n'), ('y', 'n')])
>>> example_text("t", ("y", "n"), True)
'pos(t(y, n))'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from symlearn.data.attribute_value import AttributeValueData
from symlearn.errors import KBError
from symlearn.hypotheses.space import LabelledInstance, check_labelled, conjunction_examples
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = [
    "BOOLEAN_VALUES",
    "LabelledInstance",
    "Progress",
    "boolean_examples",
    "conjunction_examples",
    "example_text",
]

#: A progress callback: ``progress(stage, done, total)`` (see cli.common.terminal_progress).
Progress = Callable[[str, int, "int | None"], None]


#: Pairs of (true, false) values the boolean learners recognise, in order of preference.
BOOLEAN_VALUES: tuple[tuple[Term, Term], ...] = (
    (1, 0),
    ("true", "false"),
    ("t", "f"),
    ("yes", "no"),
    ("y", "n"),
    ("on", "off"),
    ("T", "F"),
)


def example_text(target: str, instance: Sequence[Term], label: bool) -> str:
    """The example as written in a file: ``pos(t(a, b))`` or ``neg(t(a, b))``."""
    atom = format_term(Struct(target, tuple(instance))) if instance else target
    return f"{'pos' if label else 'neg'}({atom})"


def _boolean_pair(values: Sequence[Term]) -> tuple[Term, Term] | None:
    present = set(values)
    for pair in BOOLEAN_VALUES:
        if present <= set(pair):
            return pair
    return None


def boolean_examples(
    data: AttributeValueData, learner: str = "this learner"
) -> tuple[int, list[tuple[tuple[bool, ...], bool]], list[tuple[Term, Term]]]:
    """Examples over boolean variables: ``(n, [(bits, label)], [(true, false) per variable])``.

    Every attribute must take values from one pair of :data:`BOOLEAN_VALUES`
    (``1``/``0``, ``true``/``false``, ``yes``/``no``, ``y``/``n`` ...).

    Raises
    ------
    KBError
        For label/2 examples, a missing value, or an attribute that is not boolean.
    """
    check_labelled(data, learner)
    pairs: list[tuple[Term, Term]] = []
    for i, attribute in enumerate(data.attributes):
        # an attribute of 0s and 1s reads as numeric unless declared: take its values
        values = attribute.values
        if values is None:
            values = tuple(dict.fromkeys(x[i] for x in (*data.instances, *data.unlabelled)))
        pair = _boolean_pair(values)
        if pair is None:
            shown = ", ".join(format_term(v) for v in values)
            known = "; ".join(f"{format_term(a)}/{format_term(b)}" for a, b in BOOLEAN_VALUES)
            raise KBError(
                f"{learner} needs boolean attributes, but {attribute.name} of {data.target} "
                f"has values {shown} (use one of {known})"
            )
        pairs.append(pair)
    examples = [
        (tuple(v == pair[0] for v, pair in zip(x, pairs)), bool(y))
        for x, y in zip(data.instances, data.labels)
    ]
    return len(pairs), examples, pairs
