"""Attribute-value instances as a numeric matrix, for learners that compute with vectors.

k-nearest neighbour, linear regression, the perceptron, the delta rule,
backpropagation and support vector machines see an instance as a point of
**R**^n (Mitchell 1997, sections 4.4 and 8.2; Witten & Frank 2005, section
4.6).  :func:`fit_numeric` decides once, on the training instances, how each
attribute becomes columns of that matrix, and the :class:`NumericEncoding` it
returns turns any instances (the training ones, a test set, ``--classify``
atoms) into rows the same way:

* a **numeric** attribute is one column, its number; with ``normalise`` it is
  min-max normalised, ``(v - min) / (max - min)`` with the training minimum
  and maximum kept (``ranges``), so new instances are scaled alike (they may
  fall outside [0, 1]); a constant attribute is shifted to 0 only;
* a **nominal** attribute is either one column per value (``"one-hot"``: 1
  for the instance's value, 0 for the others; Witten & Frank's binary
  attributes) or one column of the value's position in the domain
  (``"codes"``: 0, 1, 2 ...); ``"error"`` refuses it, naming the first
  example with a nominal value where the learner needs numbers;
* a **missing** value (``'?'``) is ``"mean"``: replaced by the training mean
  of each of its columns (for one-hot columns the relative frequency of each
  value; for codes the most frequent code); ``"zero"``: 0 in each of its
  columns (a one-hot block with no value set); ``"keep"``: ``nan`` in each,
  for a learner with its own treatment (k-NN's distance); ``"error"``: a
  located error at the first missing value.

An attribute of a knowledge base whose values mix numbers and atoms (``1,
2, big``) is never guessed at: :func:`require_numbers` names the first value
that is not a number (write the numbers quoted, ``'1'``, for a nominal
attribute); with ``nominal="error"`` every nominal attribute is refused so.
:func:`numeric_targets` reads the class as numbers for regression, with the
same located error.

Functions and classes
---------------------
fit_numeric, numeric_matrix, NumericEncoding, Feature, numeric_targets, class_numbers,
require_numbers, attribute_columns, one_blas_thread

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> data = from_kb(loads('''
... label(t(sunny, 20), yes). label(t(rainy, 10), no). label(t(sunny, '?'), yes).
... '''), "t", 2)
>>> x, encoding = numeric_matrix(data)
>>> encoding.names
('a1=sunny', 'a1=rainy', 'a2')
>>> x.tolist()
[[1.0, 0.0, 1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.5]]
>>> encoding.ranges
{'a2': (10.0, 20.0)}
>>> encoding.rows([("rainy", 25)]).tolist()
[[0.0, 1.0, 1.5]]
>>> numeric_matrix(data, nominal="codes", normalise=False)[0].tolist()
[[0.0, 20.0], [1.0, 10.0], [0.0, 15.0]]
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from symlearn.data.attribute_value import (
    MISSING,
    Attribute,
    AttributeValueData,
    Label,
    value_error,
)
from symlearn.data.columnar import ColumnarData, label_codes
from symlearn.data.encoded import EncodedData, encode_columns
from symlearn.errors import InvalidParameterError, KBError
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Term

__all__ = [
    "MISSING_HANDLING",
    "NOMINAL_HANDLING",
    "Feature",
    "NumericEncoding",
    "attribute_columns",
    "class_numbers",
    "fit_numeric",
    "is_number",
    "numeric_matrix",
    "numeric_targets",
    "one_blas_thread",
    "require_numbers",
]

#: How a nominal attribute becomes columns.
NOMINAL_HANDLING = ("one-hot", "codes", "error")

#: What a missing value becomes.
MISSING_HANDLING = ("mean", "zero", "keep", "error")

#: What an encoding reads: attribute-value data, or its encoded columns.
Data = AttributeValueData | EncodedData


def is_number(value: Term | Label) -> bool:
    """True for a Prolog number (an int or a float; not a boolean label)."""
    return type(value) in (int, float)


@dataclass(frozen=True, slots=True)
class Feature:
    """One column of the matrix: the attribute it comes from and, for one-hot, its value.

    Attributes
    ----------
    attribute
        The attribute's position in the instance.
    name
        ``attribute`` for a numeric attribute or codes, ``attribute=value`` for one-hot.
    value
        The nominal value a one-hot column stands for (None otherwise).
    """

    attribute: int
    name: str
    value: Term | None = None


@dataclass(frozen=True, eq=False)
class NumericEncoding:
    """How instances become rows of numbers, fixed on training data (see the module docstring).

    Attributes
    ----------
    attributes
        The attributes of the instances encoded.
    features
        The matrix's columns, in order.
    nominal, missing, normalise
        The choices :func:`fit_numeric` was given.
    low, span
        Per column: a value ``v`` becomes ``(v - low) / span`` (0 and 1 where
        nothing is scaled).
    fill
        Per column: what a missing value becomes (after scaling; ``nan`` to keep it).
    """

    attributes: tuple[Attribute, ...]
    features: tuple[Feature, ...]
    nominal: str
    missing: str
    normalise: bool
    low: np.ndarray
    span: np.ndarray
    fill: np.ndarray

    @property
    def names(self) -> tuple[str, ...]:
        """The column names (``temperature``, ``outlook=sunny``, ...)."""
        return tuple(f.name for f in self.features)

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.features)

    @property
    def ranges(self) -> dict[str, tuple[float, float]]:
        """``{attribute: (min, max)}`` of each normalised numeric attribute, as trained."""
        if not self.normalise:
            return {}
        return {
            self.attributes[f.attribute].name: (float(lo), float(lo + span))
            for f, lo, span in zip(self.features, self.low, self.span)
            if self.attributes[f.attribute].continuous
        }

    def columns_of(self, attribute: int) -> np.ndarray:
        """The positions of the columns attribute ``attribute`` became."""
        return np.flatnonzero([f.attribute == attribute for f in self.features])

    def raw_value(self, column: int, value: float) -> float:
        """A value of column ``column`` undone from its scaling (the attribute's own units)."""
        return float(value * self.span[column] + self.low[column])

    def matrix(self, data: Data) -> np.ndarray:
        """The instances of ``data`` as an ``n x width`` float matrix.

        Raises
        ------
        KBError
            With ``missing="error"``, at the first missing value.
        """
        columns = attribute_columns(data)
        self._check_missing(columns, data)
        return self.from_columns(columns)

    def rows(self, instances: Sequence[Sequence[Term]]) -> np.ndarray:
        """Instances given as tuples of terms (``instance/1``, ``--classify``) as rows.

        Raises
        ------
        KBError
            With ``missing="error"``, for an instance with a missing value.
        """
        if self.missing == "error":
            for instance in instances:
                if MISSING in instance:
                    raise KBError(f"{_instance_text(instance)} has a missing value ('?')")
        return self.from_columns(encode_columns(self.attributes, instances))

    def from_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """Encoded columns (codes ``-1`` missing, floats ``nan`` missing) as the matrix."""
        n = len(columns[0]) if columns else 0
        out = np.empty((n, self.width), dtype=np.float64)
        for j, attribute in enumerate(self.attributes):
            where = self.columns_of(j)
            if where.size == 0:
                continue
            column = columns[j]
            if attribute.continuous:
                values = column.astype(np.float64)
                absent = np.isnan(values)
                out[:, where[0]] = values
            elif self.nominal == "codes":
                absent = column < 0
                out[:, where[0]] = column
            else:
                absent = column < 0
                block = out[:, where[0] : where[-1] + 1]
                block[:] = 0.0
                known = np.flatnonzero(~absent)
                block[known, column[known].astype(np.int64)] = 1.0
            out[:, where] -= self.low[where]
            out[:, where] /= self.span[where]
            if absent.any():
                out[np.ix_(np.flatnonzero(absent), where)] = self.fill[where]
        return out

    def _check_missing(self, columns: Sequence[np.ndarray], data: Data) -> None:
        if self.missing != "error":
            return
        first: tuple[int, int] | None = None  # (row, attribute) of the first missing value
        for j, column in enumerate(columns):
            absent = np.isnan(column) if column.dtype.kind == "f" else column < 0
            if absent.any() and (first is None or int(np.argmax(absent)) < first[0]):
                first = (int(np.argmax(absent)), j)
        if first is not None:
            row, j = first
            raise _located(
                data, row, f"{self.attributes[j].name} is missing ('?') and numbers are needed"
            )


def fit_numeric(
    data: Data,
    *,
    nominal: str = "one-hot",
    missing: str = "mean",
    normalise: bool = True,
) -> NumericEncoding:
    """Decide, on training ``data``, how instances become numeric rows.

    Parameters
    ----------
    data
        The training instances.
    nominal
        ``"one-hot"``, ``"codes"`` or ``"error"`` (see the module docstring).
    missing
        ``"mean"``, ``"zero"``, ``"keep"`` or ``"error"``.
    normalise
        Min-max normalise numeric attributes with the training ranges.

    Raises
    ------
    InvalidParameterError
        For an unknown ``nominal`` or ``missing``.
    KBError
        With ``nominal="error"``, at the first example with a nominal value;
        with ``missing="error"``, at the first missing value.
    """
    if nominal not in NOMINAL_HANDLING:
        raise InvalidParameterError(f"nominal must be one of {', '.join(NOMINAL_HANDLING)}")
    if missing not in MISSING_HANDLING:
        raise InvalidParameterError(f"missing must be one of {', '.join(MISSING_HANDLING)}")
    if nominal == "error":
        require_numbers(data)
    elif not isinstance(data, (ColumnarData, EncodedData)):
        require_numbers(data, mixed_only=True)
    attributes, columns = data.attributes, attribute_columns(data)
    features = _features(attributes, nominal)
    width = len(features)
    low, span = np.zeros(width), np.ones(width)
    if normalise:
        for i, feature in enumerate(features):
            if attributes[feature.attribute].continuous:
                low[i], span[i] = _range(columns[feature.attribute])
    unfilled = NumericEncoding(
        attributes,
        features,
        nominal,
        missing,
        normalise,
        low,
        span,
        np.full(width, np.nan),
    )
    if missing == "error":
        unfilled._check_missing(columns, data)
    fill = _fill(unfilled, columns, missing)
    return NumericEncoding(attributes, features, nominal, missing, normalise, low, span, fill)


def one_blas_thread() -> contextlib.AbstractContextManager[Any]:
    """BLAS on one thread for a while (numpy's matrix products, LAPACK).

    The vector learners' products are small (an epoch's block of examples, a
    block of queries against the training rows) or run in a thread per block
    already: waking BLAS's own threads for each costs more than the product,
    far more when the cores are busy (k-NN's mushroom test set: 0.4 s on one
    thread against 1.3 s on all).
    """
    from threadpoolctl import threadpool_limits

    return threadpool_limits(1, user_api="blas")


def attribute_columns(data: Data) -> tuple[np.ndarray, ...]:
    """The attributes' encoded columns (a table's own, without renumbering its classes)."""
    if isinstance(data, EncodedData):
        return data.columns
    if isinstance(data, ColumnarData):
        return data.encoded.columns
    return encode_columns(data.attributes, data.instances)


def numeric_matrix(
    data: Data, *, nominal: str = "one-hot", missing: str = "mean", normalise: bool = True
) -> tuple[np.ndarray, NumericEncoding]:
    """``data``'s instances as a matrix and the encoding (``fit_numeric`` then ``matrix``)."""
    encoding = fit_numeric(data, nominal=nominal, missing=missing, normalise=normalise)
    return encoding.matrix(data), encoding


def _features(attributes: Sequence[Attribute], nominal: str) -> tuple[Feature, ...]:
    features: list[Feature] = []
    for j, attribute in enumerate(attributes):
        if attribute.values is None or nominal == "codes":
            features.append(Feature(j, attribute.name))
        else:
            features += [
                Feature(j, f"{attribute.name}={format_term(v)}", v) for v in attribute.values
            ]
    return tuple(features)


def _range(column: np.ndarray) -> tuple[float, float]:
    """``(min, max - min)`` of the known values (``(0, 1)`` for none; span 1 when constant)."""
    known = column[~np.isnan(column)]
    if known.size == 0:
        return 0.0, 1.0
    low, high = float(known.min()), float(known.max())
    return low, (high - low) or 1.0


def _fill(encoding: NumericEncoding, columns: Sequence[np.ndarray], missing: str) -> np.ndarray:
    """What a missing value becomes in each column, from the training ``columns``."""
    width = encoding.width
    if missing == "keep":
        return np.full(width, np.nan)
    fill = np.zeros(width)
    if missing != "mean":
        return fill
    kept = NumericEncoding(
        encoding.attributes,
        encoding.features,
        encoding.nominal,
        "keep",
        encoding.normalise,
        encoding.low,
        encoding.span,
        np.full(width, np.nan),
    )
    matrix = kept.from_columns(columns)
    for i, feature in enumerate(encoding.features):
        known = matrix[:, i][~np.isnan(matrix[:, i])]
        if known.size == 0:
            continue
        if encoding.nominal == "codes" and not encoding.attributes[feature.attribute].continuous:
            fill[i] = float(np.bincount(known.astype(np.int64)).argmax())  # the mode
        else:
            fill[i] = float(known.mean())
    return fill


# -- located errors ---------------------------------------------------------------------


def _instance_text(instance: Sequence[Term]) -> str:
    return "(" + ", ".join(format_term(v) for v in instance) + ")"


def _position(data: Data, row: int) -> SourcePosition | None:
    if isinstance(data, EncodedData):
        return None
    positions = data.positions
    return positions[row] if row < len(positions) else None


def _located(data: Data, row: int, message: str) -> KBError:
    """A :class:`KBError` about example ``row`` of ``data``, at its place in the file."""
    position = _position(data, row)
    if position is None:
        where = getattr(data, "where", None)
        shown = where(row) if callable(where) else f"example {row + 1}"
        return KBError(f"{shown}: {message}")
    return value_error(message, position)


def require_numbers(data: Data, *, mixed_only: bool = False) -> None:
    r"""Refuse a nominal attribute where numbers are required, at its first example.

    With ``mixed_only``, only an attribute whose values mix numbers and atoms
    is refused (at its first atom): :func:`fit_numeric` never one-hot encodes
    such an attribute of a knowledge base, where it is usually a slip (a
    table's reader has already refused it unless the column was named
    categorical).

    Raises
    ------
    KBError
        At the first example whose value is not a number (for an attribute
        that mixes numbers and atoms, the first atom), with its file, line and
        column when the data came from a file.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> from symlearn.learning.attribute_data import from_kb
    >>> data = from_kb(loads("pos(t(1, 2)).\nneg(t(3, big)).\n", "f.pl"), "t", 2)
    >>> require_numbers(data)
    Traceback (most recent call last):
    ...
    symlearn.errors.KBError: f.pl:2:1: error: attribute a2 needs numbers but big is not a number
    """
    columns = attribute_columns(data)
    for j, attribute in enumerate(data.attributes):
        if attribute.values is None:
            continue
        if mixed_only and not any(is_number(v) for v in attribute.values):
            continue
        odd = np.array([not is_number(v) for v in attribute.values] + [False])
        column = columns[j].astype(np.int64)
        bad = odd[column]  # code -1 (missing) picks the final False
        if not bad.any():
            continue
        row = int(np.argmax(bad))
        value = attribute.values[int(column[row])]
        raise _located(
            data,
            row,
            f"attribute {attribute.name} needs numbers but {format_term(value)} is not a number",
        )


#: The classes :func:`class_numbers` converted last, and their numbers.
_CLASS_NUMBERS: list[tuple[tuple[Label, ...], np.ndarray | None]] = []


def class_numbers(classes: tuple[Label, ...]) -> np.ndarray | None:
    """The classes as ``float64`` when every one is an int or a float (else None).

    A data set's training and test parts share their classes, so the last
    tuple converted (100,000 numbers for a numeric class: milliseconds each
    time) is remembered, by identity; it is held until another replaces it.

    Examples
    --------
    >>> class_numbers((2, 0.5)).tolist(), class_numbers((1, "a")), class_numbers((True,))
    ([2.0, 0.5], None, None)
    """
    if _CLASS_NUMBERS and _CLASS_NUMBERS[0][0] is classes:
        return _CLASS_NUMBERS[0][1]
    numbers = None
    if set(map(type, classes)) <= {int, float}:  # every class a number (checked in C)
        numbers = np.array(classes, dtype=np.float64)
    _CLASS_NUMBERS[:] = [(classes, numbers)]
    return numbers


def numeric_targets(data: AttributeValueData, what: str = "the class") -> np.ndarray:
    """The class of each example as a number, for regression.

    Raises
    ------
    KBError
        At the first example whose class is not a number (``pos``/``neg``
        examples have none).

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> from symlearn.learning.attribute_data import from_kb
    >>> numeric_targets(from_kb(loads("label(t(1), 2.5). label(t(2), 4)."), "t", 1)).tolist()
    [2.5, 4.0]
    """
    codes, classes = label_codes(data)  # a table's own class codes, not re-encoded
    numbers = class_numbers(classes)
    if numbers is not None:
        return numbers[codes] if classes else np.zeros(0)
    odd = [i for i, c in enumerate(classes) if not is_number(c)]
    if odd:
        row = int(np.argmax(np.isin(codes, odd)))
        label = classes[int(codes[row])]
        shown = ("pos" if label else "neg") if type(label) is bool else format_term(label)
        raise _located(data, row, f"{what} must be a number, not {shown}")
    values = np.array([float(c) for c in classes], dtype=np.float64)
    return values[codes] if len(values) else np.zeros(0)
