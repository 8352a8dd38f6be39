"""Attribute-value data as numpy columns, for learners that count with numpy.

:func:`encode` turns an :class:`~symlearn.data.attribute_value.AttributeValueData`
into an :class:`EncodedData`: one numpy array per attribute and one for the
class.  A categorical attribute becomes integer codes (the position of the
value in the attribute's domain, ``-1`` for the missing value ``?``); a
continuous attribute becomes ``float64`` with ``nan`` for ``?``.  The class
becomes its position in ``classes``.

The decision-tree learners count class frequencies with ``numpy.bincount`` over
these columns, never with a Python loop over rows.  :meth:`EncodedData.from_codes`
builds the same object straight from integer arrays (no Python objects per
row), which is how large data sets are fed to the learners.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> kb = loads("pos(t(red, 3)). neg(t(blue, '?')). pos(t(blue, 1.5)).")
>>> enc = encode(from_kb(kb, "t", 2))
>>> enc.columns[0].tolist(), enc.columns[1].tolist(), enc.y.tolist()
([0, 1, 1], [3.0, nan, 1.5], [0, 1, 0])
>>> enc.instance(1)
('blue', '?')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.data.attribute_value import MISSING, Attribute, AttributeValueData, Label
from symlearn.logic.terms import Term

__all__ = ["EncodedData", "code_dtype", "decode_row", "encode", "encode_columns"]


def code_dtype(size: int) -> type[np.signedinteger]:
    """The narrowest signed integer type for codes ``-1 .. size - 1``."""
    if size < 127:
        return np.int8
    if size < 32767:
        return np.int16
    return np.int32


def encode_columns(
    attributes: Sequence[Attribute], instances: Sequence[Sequence[Term]]
) -> tuple[np.ndarray, ...]:
    """Encode ``instances`` column by column against ``attributes``' domains.

    A categorical value outside the domain is encoded like a missing value.
    """
    columns = list(zip(*instances)) if instances else [()] * len(attributes)
    encoded = []
    for attribute, column in zip(attributes, columns):
        if attribute.values is None:
            encoded.append(
                np.fromiter(
                    (np.nan if v == MISSING else float(v) for v in column),
                    dtype=np.float64,
                    count=len(column),
                )
            )
        else:
            index: dict[tuple[type, Term], int] = {
                (type(v), v): i for i, v in enumerate(attribute.values)
            }
            encoded.append(
                np.fromiter(
                    (index.get((type(v), v), -1) for v in column),
                    dtype=code_dtype(len(attribute.values)),
                    count=len(column),
                )
            )
    return tuple(encoded)


@dataclass(frozen=True, eq=False)
class EncodedData:
    """Labelled instances as numpy columns.

    Attributes
    ----------
    target
        The target predicate's name.
    attributes
        The attributes (domains give the meaning of the codes).
    columns
        One array per attribute: codes (``-1`` missing) or floats (``nan`` missing).
    y
        The class of each row, as a position in ``classes``.
    classes
        The class labels.
    weights
        Each row's weight (``float64``), or None when every weight is 1: the
        learners that take weights (the trees, OneR, naive Bayes) count a row
        as that many examples, which is how boosting weights its examples and
        EM counts an unlabelled example as a fraction of each class.
    """

    target: str
    attributes: tuple[Attribute, ...]
    columns: tuple[np.ndarray, ...]
    y: np.ndarray
    classes: tuple[Label, ...]
    weights: np.ndarray | None = None

    @property
    def n_rows(self) -> int:
        """The number of instances."""
        return int(self.y.shape[0])

    @property
    def is_boolean(self) -> bool:
        """True when the classes are pos/neg."""
        return all(type(c) is bool for c in self.classes)

    def has_missing(self) -> bool:
        """Whether any value is missing."""
        return any(
            bool(np.isnan(col).any()) if col.dtype.kind == "f" else bool((col < 0).any())
            for col in self.columns
        )

    def take(self, rows: np.ndarray | Sequence[int]) -> EncodedData:
        """The instances at ``rows``."""
        index = np.asarray(rows, dtype=np.int64)
        return EncodedData(
            self.target,
            self.attributes,
            tuple(col[index] for col in self.columns),
            self.y[index],
            self.classes,
            None if self.weights is None else self.weights[index],
        )

    def instance(self, row: int) -> tuple[Term, ...]:
        """The ``row``-th instance decoded back to terms."""
        return decode_row(self.attributes, self.columns, row)

    def label(self, row: int) -> Label:
        """The class of the ``row``-th instance."""
        return self.classes[int(self.y[row])]

    @classmethod
    def from_codes(
        cls,
        codes: np.ndarray,
        y: np.ndarray,
        *,
        target: str = "t",
        attribute_names: Sequence[str] | None = None,
        values: Sequence[Sequence[Term]] | None = None,
        classes: Sequence[Label] | None = None,
    ) -> EncodedData:
        """Build categorical data from an integer matrix (rows x attributes).

        Parameters
        ----------
        codes
            Value codes, ``-1`` for missing; column ``j`` takes the values
            ``values[j]`` (default ``v0, v1, ...``).
        y
            Class codes into ``classes`` (default ``(True, False)`` for two
            classes coded 1 = True and 0 = False; ``c0, c1, ...`` otherwise).
        target, attribute_names
            Names (default ``t`` and ``a1 ... aN``).

        Examples
        --------
        >>> import numpy as np
        >>> enc = EncodedData.from_codes(np.array([[0, 1], [1, 1]]), np.array([1, 0]))
        >>> enc.classes, enc.instance(0), enc.label(0)
        ((True, False), ('v0', 'v1'), True)
        """
        codes = np.asarray(codes)
        n_attributes = codes.shape[1]
        names = list(attribute_names or [f"a{j + 1}" for j in range(n_attributes)])
        if values is None:
            values = [
                tuple(f"v{i}" for i in range(int(codes[:, j].max(initial=-1)) + 1))
                for j in range(n_attributes)
            ]
        attributes = tuple(Attribute(n, tuple(v)) for n, v in zip(names, values))
        y = np.asarray(y)
        if classes is None:
            n_classes = int(y.max(initial=0)) + 1
            if n_classes <= 2:
                classes, y = (True, False), (1 - y)
            else:
                classes = tuple(f"c{i}" for i in range(n_classes))
        columns = tuple(
            np.ascontiguousarray(codes[:, j], dtype=code_dtype(len(attributes[j].values or ())))
            for j in range(n_attributes)
        )
        return cls(target, attributes, columns, np.asarray(y, dtype=np.int32), tuple(classes))


def decode_row(
    attributes: Sequence[Attribute], columns: Sequence[np.ndarray], row: int
) -> tuple[Term, ...]:
    """The values of row ``row`` of encoded ``columns`` as terms (integral floats as ints)."""
    values: list[Term] = []
    for attribute, col in zip(attributes, columns):
        x = col[row]
        if attribute.values is None:
            f = float(x)
            values.append(MISSING if np.isnan(f) else int(f) if f.is_integer() else f)
        else:
            values.append(MISSING if x < 0 else attribute.values[int(x)])
    return tuple(values)


def encode(data: AttributeValueData, classes: Sequence[Label] | None = None) -> EncodedData:
    """Encode ``data`` as numpy columns (see the module docstring).

    Parameters
    ----------
    data
        The labelled instances.
    classes
        The class order (default ``data.classes``).

    Notes
    -----
    A :class:`~symlearn.data.columnar.ColumnarData` (a table read through
    Arrow) is already encoded: its columns are returned as they are, only
    the class codes renumbered when ``classes`` asks for another order.
    """
    from symlearn.data.columnar import ColumnarData  # it builds on this module

    if isinstance(data, ColumnarData):
        return data.encoded_as(classes)
    classes = tuple(data.classes if classes is None else classes)
    position = {(type(c), c): i for i, c in enumerate(classes)}
    y = np.fromiter(
        (position[(type(label), label)] for label in data.labels),
        dtype=np.int32,
        count=len(data.labels),
    )
    return EncodedData(
        data.target,
        data.attributes,
        encode_columns(data.attributes, data.instances),
        y,
        classes,
    )
