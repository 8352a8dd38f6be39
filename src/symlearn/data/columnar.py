"""Attribute-value data held as numpy columns, its rows made only when asked for.

A table read through Apache Arrow (:mod:`symlearn.data.tabular`) becomes a
:class:`ColumnarData`: an :class:`~symlearn.data.attribute_value.AttributeValueData`
whose examples live in an :class:`~symlearn.data.encoded.EncodedData` (one
integer-code or float column per attribute, one class-code column).  The
learners that count with numpy (the tree learners, OneR, sequential covering,
naive Bayes) take those columns as they are; ``instances``, ``labels`` and
``positions`` (the Python tuples of the protocol) are built on first use
only, for the learners that walk examples one by one.

Splitting (:meth:`ColumnarData.take`), the classes present and the class
counts are numpy operations; a row's source line (for error messages) is
found by re-reading the file only when a message needs it.

Examples
--------
>>> import numpy as np
>>> from symlearn.data.attribute_value import Attribute
>>> from symlearn.data.encoded import EncodedData
>>> encoded = EncodedData("t", (Attribute("sky", ("sunny", "rainy")), Attribute("temp", None)),
...                       (np.array([0, 1, -1], dtype=np.int8), np.array([20.0, np.nan, 12.5])),
...                       np.array([1, 0, 1], dtype=np.int32), ("no", "yes"))
>>> data = ColumnarData(encoded)
>>> data.classes, data.n_examples
(('yes', 'no'), 3)
>>> data.instances
(('sunny', 20), ('rainy', '?'), ('?', 12.5))
>>> data.take([2, 0]).labels, data.example_text(1)
(('yes', 'yes'), 'label(t(rainy, ?), no)')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from symlearn.data.attribute_value import MISSING, AttributeValueData, Label
from symlearn.data.encoded import EncodedData, decode_row, encode, encode_columns
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Term

__all__ = [
    "ColumnarData",
    "RowSource",
    "Sample",
    "as_columnar",
    "class_order",
    "label_codes",
    "select_attributes",
    "unlabelled_columns",
    "with_weights",
]


class RowSource:
    """Where the rows of a table came from: a file, and how to find each row's line.

    Parameters
    ----------
    path
        The file (None for a DataFrame or records).
    find_lines
        Called once, when a row's line is first needed: the line number of
        every data row, in order (None when rows have no lines, e.g. Parquet).
    """

    def __init__(
        self, path: str | None, find_lines: Callable[[], np.ndarray | None] | None = None
    ) -> None:
        self.path = path
        self._find_lines = find_lines
        self._lines: np.ndarray | None = None
        self._looked = False

    def lines(self) -> np.ndarray | None:
        """The line number of each data row (read once), or None."""
        if not self._looked:
            self._lines = self._find_lines() if self._find_lines is not None else None
            self._looked = True
        return self._lines

    def line(self, row: int) -> int | None:
        """The line of data row ``row`` (0-based), or None."""
        lines = self.lines()
        return int(lines[row]) if lines is not None and row < len(lines) else None

    def where(self, row: int) -> str:
        """``row N`` for people: the line in a CSV file, else the 1-based row."""
        line = self.line(row)
        return f"row {line if line is not None else row + 1}"


def class_order(y: np.ndarray, classes: Sequence[Label]) -> tuple[Label, ...]:
    """The classes present in ``y`` in order of first appearance (True before False if boolean).

    Examples
    --------
    >>> class_order(np.array([2, 0, 2]), ("a", "b", "c"))
    ('c', 'a')
    >>> class_order(np.array([1, 0]), (True, False))
    (True, False)
    """
    present, first = np.unique(y, return_index=True)
    ordered = [classes[int(c)] for c in present[np.argsort(first, kind="stable")]]
    if ordered and all(type(c) is bool for c in ordered):
        return tuple(c for c in (True, False) if c in ordered)
    return tuple(ordered)


def label_codes(
    data: AttributeValueData | EncodedData | Sequence[Any] | np.ndarray,
) -> tuple[np.ndarray, tuple[Any, ...]]:
    """Each example's class as a number, and the classes those numbers stand for.

    For a list of labels or an :class:`AttributeValueData` the classes are
    numbered in order of first appearance (``True`` and ``1`` differ); the
    columns of a :class:`ColumnarData` or an :class:`EncodedData` give their
    own codes.

    Examples
    --------
    >>> codes, classes = label_codes(["b", "a", "b", 1, True])
    >>> codes.tolist(), classes
    ([0, 1, 0, 2, 3], ('b', 'a', 1, True))
    >>> codes, classes = label_codes(np.array([7, 3, 7]))  # a numpy array: no Python loop
    >>> codes.tolist(), classes
    ([0, 1, 0], (7, 3))
    """
    if isinstance(data, ColumnarData):
        return data.encoded.y, data.encoded.classes
    if isinstance(data, EncodedData):
        return data.y, data.classes
    if isinstance(data, np.ndarray) and data.dtype.kind in "iuf":
        values, first, inverse = np.unique(data, return_index=True, return_inverse=True)
        order = np.argsort(first, kind="stable")  # the classes in order of first appearance
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        return rank[inverse.reshape(-1)], tuple(values[order].tolist())
    labels = data.labels if isinstance(data, AttributeValueData) else data
    numbers: dict[tuple[type, Any], int] = {}
    codes = np.fromiter(
        (numbers.setdefault((type(label), label), len(numbers)) for label in labels),
        dtype=np.int64,
        count=len(labels),
    )
    return codes, tuple(label for _, label in numbers)


class ColumnarData(AttributeValueData):
    """Labelled instances held as numpy columns (see the module docstring).

    Parameters
    ----------
    encoded
        The columns, the class codes and every class of the table.
    unlabelled
        Instances to classify (none for a table).
    source
        Where the rows came from (for error messages and ``positions``).
    rows
        The position of each row in the source (default: 0, 1, 2 ...).
    unlabelled_columns
        The unlabelled examples to learn from (the rows whose class is
        missing), one column per attribute coded as ``encoded``'s are.
    """

    def __init__(
        self,
        encoded: EncodedData,
        unlabelled: tuple[tuple[Term, ...], ...] = (),
        source: RowSource | None = None,
        rows: np.ndarray | None = None,
        unlabelled_columns: tuple[np.ndarray, ...] | None = None,
    ) -> None:
        object.__setattr__(self, "target", encoded.target)
        object.__setattr__(self, "attributes", encoded.attributes)
        object.__setattr__(self, "unlabelled", unlabelled)
        object.__setattr__(self, "encoded", encoded)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "unlabelled_columns", unlabelled_columns)
        object.__setattr__(self, "_cache", {})

    encoded: EncodedData
    source: RowSource | None
    rows: np.ndarray | None
    unlabelled_columns: tuple[np.ndarray, ...] | None
    _cache: dict[str, Any]

    # -- the protocol's tuples, made on first use
    @property
    def labels(self) -> tuple[Label, ...]:
        """One label per instance (built from the class codes on first use)."""
        if "labels" not in self._cache:
            classes = self.encoded.classes
            self._cache["labels"] = tuple(classes[c] for c in self.encoded.y.tolist())
        return self._cache["labels"]

    @property
    def instances(self) -> tuple[tuple[Term, ...], ...]:
        """The instances as tuples of terms (built from the columns on first use)."""
        if "instances" not in self._cache:
            self._cache["instances"] = tuple(zip(*self._term_columns())) if self.arity else ()
        return self._cache["instances"]

    @property
    def unlabelled_examples(self) -> tuple[tuple[Term, ...], ...]:
        """The unlabelled examples as tuples of terms (built from their columns on first use)."""
        if "unlabelled_examples" not in self._cache:
            columns = self.unlabelled_columns
            n = 0 if not columns else int(columns[0].shape[0])
            self._cache["unlabelled_examples"] = (
                tuple(decode_row(self.attributes, columns, i) for i in range(n)) if columns else ()
            )
        return self._cache["unlabelled_examples"]

    @property
    def weights(self) -> np.ndarray | None:
        """Each labelled instance's weight, or None when every weight is 1."""
        return self.encoded.weights

    @property
    def positions(self) -> tuple[SourcePosition | None, ...]:
        """Where each instance was written (a CSV file's lines), or ``()``."""
        if "positions" not in self._cache:
            self._cache["positions"] = self._positions()
        return self._cache["positions"]

    def _term_columns(self) -> list[list[Term]]:
        columns: list[list[Term]] = []
        for attribute, column in zip(self.attributes, self.encoded.columns):
            if attribute.values is None:
                columns.append(
                    [
                        MISSING if x != x else int(x) if x.is_integer() else x
                        for x in column.tolist()
                    ]
                )
            else:
                lookup = np.array([*attribute.values, MISSING], dtype=object)
                columns.append(lookup[column].tolist())  # code -1 picks MISSING
        return columns

    def _positions(self) -> tuple[SourcePosition | None, ...]:
        source = self.source
        lines = source.lines() if source is not None else None
        if source is None or lines is None or source.path is None:
            return ()
        picked = lines if self.rows is None else lines[self.rows]
        return tuple(SourcePosition(source.path, line, 1) for line in picked.tolist())

    # -- what numpy answers
    @property
    def n_examples(self) -> int:
        """The number of labelled instances."""
        return self.encoded.n_rows

    @property
    def is_boolean(self) -> bool:
        """True when the labels are pos/neg."""
        return self.encoded.is_boolean

    @property
    def classes(self) -> tuple[Label, ...]:
        """The labels present, in order of first appearance (True before False if boolean)."""
        if "classes" not in self._cache:
            self._cache["classes"] = class_order(self.encoded.y, self.encoded.classes)
        return self._cache["classes"]

    def encoded_as(self, classes: Sequence[Label] | None = None) -> EncodedData:
        """The columns with the class codes counted in ``classes`` (default: :attr:`classes`).

        Raises
        ------
        KeyError
            When a label present is not one of ``classes``.
        """
        wanted = tuple(self.classes if classes is None else classes)
        if wanted == self.encoded.classes:
            return self.encoded
        position = {(type(c), c): i for i, c in enumerate(wanted)}
        lookup = np.full(len(self.encoded.classes), -1, dtype=np.int32)
        for i, c in enumerate(self.encoded.classes):
            lookup[i] = position.get((type(c), c), -1)
        y = lookup[self.encoded.y]
        if (y < 0).any():
            raise KeyError(self.encoded.classes[int(self.encoded.y[int(np.argmin(y))])])
        return EncodedData(
            self.target, self.attributes, self.encoded.columns, y, wanted, self.encoded.weights
        )

    def take(self, indices: Sequence[int] | np.ndarray) -> ColumnarData:
        """The examples at ``indices`` (the unlabelled instances are kept)."""
        index = np.asarray(indices, dtype=np.int64)
        rows = index if self.rows is None else self.rows[index]
        return ColumnarData(
            self.encoded.take(index), self.unlabelled, self.source, rows, self.unlabelled_columns
        )

    def row(self, i: int) -> tuple[Term, ...]:
        """The ``i``-th instance, decoded from the columns (the others stay columns)."""
        return decode_row(self.attributes, self.encoded.columns, i)

    def example_text(self, i: int) -> str:
        """The ``i``-th labelled example written as in a file (one row decoded)."""
        row = decode_row(self.attributes, self.encoded.columns, i)
        label = self.encoded.classes[int(self.encoded.y[i])]
        return AttributeValueData(self.target, self.attributes, (row,), (label,)).example_text(0)

    def where(self, i: int) -> str:
        """``row N`` of the ``i``-th example, for messages."""
        if self.source is None:
            return f"row {i + 1}"
        return self.source.where(i if self.rows is None else int(self.rows[i]))

    def __repr__(self) -> str:
        return (
            f"<ColumnarData {self.target}/{self.arity}: {self.n_examples} examples, "
            f"classes {self.encoded.classes}>"
        )

    __hash__ = object.__hash__


def as_columnar(data: AttributeValueData) -> ColumnarData:
    """``data`` as numpy columns (a table is returned as it is)."""
    if isinstance(data, ColumnarData):
        return data
    return ColumnarData(encode(data), data.unlabelled, unlabelled_columns=unlabelled_columns(data))


def with_weights(data: AttributeValueData, weights: np.ndarray | None) -> ColumnarData:
    """``data`` as a table whose labelled instances carry ``weights`` (None: all 1).

    The learners that take weights count an instance as ``weights[i]``
    examples; the others read the instances as they are (so a caller checks
    that a learner takes weights before giving it weighted data).

    Examples
    --------
    >>> from symlearn.data.attribute_value import Attribute
    >>> data = AttributeValueData("t", (Attribute("a", ("x", "y")),), (("x",), ("y",)), ("p", "q"))
    >>> with_weights(data, np.array([0.25, 1.75])).weights.tolist()
    [0.25, 1.75]
    """
    table = as_columnar(data)
    given = None if weights is None else np.asarray(weights, dtype=np.float64)
    if given is not None and given.shape != (table.n_examples,):
        raise ValueError(f"{given.shape[0]} weights for {table.n_examples} examples")
    encoded = dataclasses.replace(table.encoded, weights=given)
    return ColumnarData(
        encoded, table.unlabelled, table.source, table.rows, table.unlabelled_columns
    )


def unlabelled_columns(data: AttributeValueData) -> tuple[np.ndarray, ...]:
    """The unlabelled examples of ``data`` as columns coded like its labelled ones.

    Examples
    --------
    >>> from symlearn.data.attribute_value import Attribute
    >>> data = AttributeValueData("t", (Attribute("a", ("x", "y")),), (("x",),), ("p",),
    ...                           unlabelled_examples=(("y",), ("?",)))
    >>> unlabelled_columns(data)[0].tolist()
    [1, -1]
    """
    if isinstance(data, ColumnarData) and data.unlabelled_columns is not None:
        return data.unlabelled_columns
    return encode_columns(data.attributes, data.unlabelled_examples)


def select_attributes(data: ColumnarData, columns: Sequence[int]) -> ColumnarData:
    """The table with only the attributes at ``columns`` (a view of its examples, weights kept).

    Its unlabelled examples keep those attributes too; the instances to
    classify are left out (they have every attribute).

    Examples
    --------
    >>> from symlearn.data.attribute_value import Attribute
    >>> data = as_columnar(AttributeValueData(
    ...     "t", (Attribute("a", ("x", "y")), Attribute("b", ("u", "v"))),
    ...     (("x", "u"), ("y", "v")), ("p", "q"), unlabelled_examples=(("y", "u"),)))
    >>> part = select_attributes(data, [1])
    >>> [a.name for a in part.attributes], part.instances, part.unlabelled_examples
    (['b'], (('u',), ('v',)), (('u',),))
    """
    encoded = data.encoded
    narrow = EncodedData(
        encoded.target,
        tuple(encoded.attributes[c] for c in columns),
        tuple(encoded.columns[c] for c in columns),
        encoded.y,
        encoded.classes,
        encoded.weights,
    )
    unlabelled = data.unlabelled_columns
    kept = None if unlabelled is None else tuple(unlabelled[c] for c in columns)
    return ColumnarData(narrow, (), data.source, data.rows, kept)


@dataclasses.dataclass(frozen=True, eq=False)
class Sample:
    """Which examples, with which weights and attributes, one model of several learns from.

    Attributes
    ----------
    rows
        The positions of its examples in the table (a position may repeat).
    weights
        Their weights (None: the table's own, if any).
    attributes
        The positions of the attributes it sees, in the order it sees them
        (None: all of them).
    """

    rows: np.ndarray
    weights: np.ndarray | None = None
    attributes: tuple[int, ...] | None = None

    def of(self, data: ColumnarData) -> ColumnarData:
        """The sample as a table of its own."""
        part = data.take(self.rows)
        if self.weights is not None:
            part = with_weights(part, self.weights)
        return part if self.attributes is None else select_attributes(part, self.attributes)
