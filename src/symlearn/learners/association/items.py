r"""Items: the attribute-value pairs of a data set, and which instances have each.

For association rules every attribute=value of an instance is an *item*, and
the class is an attribute like the others, named after the target
(``playtennis=pos``, ``house_votes_84=democrat``; ``class`` when an attribute
already has the target's name).  A missing value ``?`` is no item: the
instance simply lacks that attribute.  A numeric attribute's items are its
distinct numbers.

:func:`item_table` numbers the items that occur in at least ``minimum``
instances (the only ones a frequent item set can hold), attribute by
attribute in argument order, each attribute's values in the order of its
domain (numbers ascending), and gives each its instances as a bitmap.

Examples
--------
>>> from symlearn.data.attribute_value import Attribute, AttributeValueData
>>> data = AttributeValueData("t", (Attribute("sky", ("sunny", "rainy")), Attribute("temp", None)),
...                           (("sunny", 20), ("rainy", 12), ("sunny", "?")), (True, False, True))
>>> table = item_table(data, 1)
>>> [table.text(i) for i in range(len(table))]
['sky=sunny', 'sky=rainy', 'temp=12', 'temp=20', 't=pos', 't=neg']
>>> table.counts().tolist()
[2, 1, 1, 1, 2, 1]
>>> item_table(data, 2).names()
['sky=sunny', 't=pos']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.data.attribute_value import MISSING, AttributeValueData, Label
from symlearn.data.encoded import encode
from symlearn.hypotheses.rule_set import label_text, number_term
from symlearn.learners.association.frequent_itemsets import item_bitmaps, popcount
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = ["ItemTable", "item_table"]


@dataclass(frozen=True, eq=False)
class ItemTable:
    """The items of a data set (see the module docstring).

    Attributes
    ----------
    attributes
        The attribute names, the class last (when the data has classes).
    attribute_of
        Each item's attribute, as a position in ``attributes``.
    values
        Each item's value (``pos``/``neg`` for the class of pos/neg examples).
    bitmaps
        Each item's instances, 64 to a word.
    n
        The number of instances.
    """

    attributes: tuple[str, ...]
    attribute_of: np.ndarray
    values: tuple[Term, ...]
    bitmaps: np.ndarray
    n: int

    def __len__(self) -> int:
        return len(self.values)

    def text(self, item: int) -> str:
        """``attribute=value``."""
        return f"{self.attributes[self.attribute_of[item]]}={format_term(self.values[item])}"

    def names(self, items: Sequence[int] | None = None) -> list[str]:
        """:meth:`text` of each item (of all items by default)."""
        chosen = range(len(self)) if items is None else items
        return [self.text(int(i)) for i in chosen]

    def literal(self, item: int) -> Term:
        """The item as a clause literal: ``attribute(value)``."""
        return Struct(self.attributes[self.attribute_of[item]], (self.values[item],))

    def counts(self) -> np.ndarray:
        """Each item's support."""
        return popcount(self.bitmaps)

    def items_of(self, values: Sequence[Term], label: Label | None = None) -> set[int]:
        """The items of one instance (given by its values and, optionally, its class)."""
        wanted = [(a, v) for a, v in enumerate(values) if v != MISSING]
        if label is not None and label != MISSING and len(self.attributes) > len(values):
            wanted.append((len(values), _class_value(label)))
        found = set()
        for item, (attribute, value) in enumerate(zip(self.attribute_of.tolist(), self.values)):
            if any(a == attribute and _same(v, value) for a, v in wanted):
                found.add(item)
        return found


def _same(a: Term, b: Term) -> bool:
    """Equal values (1 and 1.0 are one number; 1 and the atom '1' differ)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return bool(a == b) and not isinstance(a, bool) and not isinstance(b, bool)
    return type(a) is type(b) and a == b


def _class_value(label: Label) -> Term:
    """The class as an item's value: ``pos``/``neg`` for a boolean label."""
    return label_text(label) if isinstance(label, bool) else label


def class_attribute(data: AttributeValueData) -> str:
    """The name the class goes by as an attribute: the target's, else ``class``."""
    names = {a.name for a in data.attributes}
    return data.target if data.target not in names else "class"


def _column_items(
    column: np.ndarray, domain: Sequence[Term] | None, minimum: int
) -> tuple[list[Term], np.ndarray]:
    """The frequent values of one encoded column and a boolean row per value."""
    if domain is None:  # numbers: each distinct number is an item
        known = column[~np.isnan(column)]
        numbers, counts = np.unique(known, return_counts=True)
        chosen = numbers[counts >= minimum]
        rows = column[None, :] == chosen[:, None]
        return [number_term(float(x)) for x in chosen.tolist()], rows
    counts = np.bincount(column[column >= 0].astype(np.int64), minlength=len(domain))
    codes = np.flatnonzero(counts >= minimum)
    rows = column[None, :] == codes[:, None].astype(column.dtype)
    return [domain[c] for c in codes.tolist()], rows


def item_table(data: AttributeValueData, minimum: int) -> ItemTable:
    """The items of ``data`` occurring in at least ``minimum`` instances (module docstring).

    The class is an attribute when some instance has one (a label that is
    not ``?``).
    """
    encoded = encode(data)
    names = [a.name for a in data.attributes]
    attribute_of: list[int] = []
    values: list[Term] = []
    rows: list[np.ndarray] = []
    for position, (attribute, column) in enumerate(zip(data.attributes, encoded.columns)):
        found, matrix = _column_items(column, attribute.values, minimum)
        attribute_of += [position] * len(found)
        values += found
        rows.append(matrix)
    classes = [_class_value(c) for c in encoded.classes]
    if any(c != MISSING for c in classes):
        y = np.where([c == MISSING for c in classes], -1, np.arange(len(classes)))[encoded.y]
        found, matrix = _column_items(y, classes, minimum)
        names.append(class_attribute(data))
        attribute_of += [len(names) - 1] * len(found)
        values += found
        rows.append(matrix)
    n = encoded.n_rows
    stacked = np.concatenate(rows) if rows else np.zeros((0, n), dtype=bool)
    return ItemTable(
        tuple(names),
        np.asarray(attribute_of, dtype=np.int64),
        tuple(values),
        item_bitmaps(stacked),
        n,
    )
