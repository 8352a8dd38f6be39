"""Arrow record batches to the numpy columns of :class:`~symlearn.data.columnar.ColumnarData`.

A table arrives as a stream of Arrow record batches (a CSV file read block
by block, or the batches of a table already in memory).  Each column is
gathered batch by batch, so the whole Arrow table never has to be held:

* a text column (or any column named categorical) is dictionary-encoded by
  Arrow; each batch's small dictionary is mapped onto the column's growing
  list of distinct raw values (a Python step per *distinct* value, never per
  cell) and its indices renumbered with one numpy indexing, kept in the
  narrowest integer type;
* a numeric column is kept as ``float64`` (null as ``nan``).

At the end (:meth:`Gathered.attribute`) the distinct raw values become terms
(spaces stripped, ``?`` and the empty text missing, numbers parsed) and the
column is decided: continuous when every value present is a number,
categorical otherwise, with the first odd value of a mostly numeric column
reported by row.

Examples
--------
>>> import pyarrow as pa
>>> batch = pa.record_batch({"sky": ["sunny", " rainy", "?"], "t": [20, None, 12]})
>>> columns = GatheredColumns(["sky", "t"], categorical=set())
>>> columns.add(batch)
>>> sky = columns.columns["sky"]
>>> sky.values(), sky.codes().tolist()
(('sunny', 'rainy'), [0, 1, -1])
>>> columns.columns["t"].numbers().tolist()
[20.0, nan, 12.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from symlearn.data.attribute_value import Attribute
from symlearn.data.encoded import code_dtype
from symlearn.errors import KBError
from symlearn.logic.terms import Term

__all__ = ["MISSING_TEXTS", "Gathered", "GatheredColumns", "cell_term"]

#: Field texts that mean "missing".
MISSING_TEXTS = frozenset({"?", ""})


def _parse_number(text: str) -> int | float | None:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def cell_term(value: Any) -> Term | None:
    """A cell's value as a term (None when missing): text stripped, numbers parsed.

    Examples
    --------
    >>> cell_term(" 83 "), cell_term("pre-presbyopic"), cell_term("?"), cell_term(float("nan"))
    (83, 'pre-presbyopic', None, None)
    >>> cell_term(True), cell_term("3")
    ('true', 3)
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if hasattr(value, "item") and not isinstance(value, (str, int, float)):  # numpy scalars
        return cell_term(value.item())
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if text in MISSING_TEXTS:
        return None
    number = _parse_number(text)
    return text if number is None else number


def _is_number(term: Term | None) -> bool:
    return type(term) in (int, float)


class Gathered:
    """One column gathered batch by batch: raw distinct values and codes, or floats."""

    def __init__(self, name: str, categorical: bool) -> None:
        self.name = name
        self.categorical = categorical
        self.raw: dict[Any, int] = {}  # distinct raw value -> raw code, first seen first
        self.pieces: list[np.ndarray] = []
        self.numeric: bool | None = None  # decided by the first batch
        self.only_numbers = True  # every batch's raw values were Arrow numbers
        self.kept_numbers: list[tuple[np.ndarray, np.ndarray]] = []  # see _add_numbers
        self.raw_numbers: np.ndarray | None = None  # the raw values when they are numbers

    def add(self, column: Any, pa: Any) -> None:
        """Add one batch's column (an Arrow array)."""
        kind = column.type.value_type if pa.types.is_dictionary(column.type) else column.type
        numeric = not self.categorical and (
            pa.types.is_integer(kind) or pa.types.is_floating(kind)
        )
        if self.numeric is None:
            self.numeric = numeric
        if numeric != self.numeric:  # a table's batches share one schema
            raise ValueError(f"column {self.name!r} changes type between record batches")
        if numeric:
            if pa.types.is_dictionary(column.type):
                column = column.dictionary_decode()
            floats = pa.compute.fill_null(column.cast(pa.float64()), math.nan)
            self.pieces.append(floats.to_numpy(zero_copy_only=False))
            return
        self._add_codes(column, kind, pa)

    def _add_codes(self, column: Any, kind: Any, pa: Any) -> None:
        textual = pa.types.is_string(kind) or pa.types.is_large_string(kind)
        number = pa.types.is_integer(kind) or pa.types.is_floating(kind)
        if number and self.only_numbers:
            self._add_numbers(column, kind, pa)
            return
        self._number_the_numbers()  # text after numbers: the numbers get their codes first
        if self.raw_numbers is not None:
            self.raw = dict(zip(self.raw_numbers.tolist(), range(len(self.raw_numbers))))
            self.raw_numbers = None
        self.only_numbers &= number
        if not (textual or pa.types.is_integer(kind) or pa.types.is_floating(kind)):
            column = column.cast(pa.string())  # booleans, dates ... as their text
        if not pa.types.is_dictionary(column.type):
            column = pa.compute.dictionary_encode(column)
        values = column.dictionary.to_pylist()
        remap = np.fromiter(
            (self.raw.setdefault(v, len(self.raw)) for v in values),
            dtype=np.int64,
            count=len(values),
        )
        indices = pa.compute.fill_null(column.indices, -1).to_numpy(zero_copy_only=False)
        codes = np.append(remap, -1)[indices]  # index -1 (null) picks the appended -1
        self.pieces.append(codes.astype(code_dtype(len(self.raw))))

    def _add_numbers(self, column: Any, kind: Any, pa: Any) -> None:
        """Keep a batch of numbers read as categories (a numeric class) as they are.

        They are numbered all at once when the column is finished (or text
        follows them): a Python step per distinct number, as :meth:`_add_codes`
        takes, costs seconds for a class of 100,000 different numbers.
        """
        if pa.types.is_dictionary(column.type):
            column = column.dictionary_decode()
        present = pa.compute.is_valid(column).to_numpy(zero_copy_only=False)
        wide = pa.float64() if pa.types.is_floating(kind) else pa.int64()
        values = pa.compute.fill_null(column.cast(wide), 0).to_numpy(zero_copy_only=False)
        self.kept_numbers.append((values, present))

    def _number_the_numbers(self) -> None:
        """Give the kept numbers raw codes in order of first appearance, as _add_codes would.

        Arrow's hash table numbers them (``-0.0`` made ``0.0`` first: one
        number, as ``==`` has it); the distinct numbers are kept as an array
        (:attr:`raw_numbers`), made a dictionary only if text follows.
        """
        if not self.kept_numbers:
            return
        import pyarrow as pa

        values = np.concatenate([v for v, _ in self.kept_numbers])
        present = np.concatenate([p for _, p in self.kept_numbers])
        known = values[present]
        encoded = pa.array(known + 0 if known.dtype.kind == "f" else known).dictionary_encode()
        codes = np.full(len(values), -1, dtype=np.int64)
        codes[present] = encoded.indices.to_numpy(zero_copy_only=False)
        self.raw_numbers = encoded.dictionary.to_numpy(zero_copy_only=False)
        self.pieces = [codes.astype(code_dtype(len(self.raw_numbers)))]
        self.kept_numbers = []

    # -- the finished column
    def _raw_codes(self) -> np.ndarray:
        self._number_the_numbers()
        return np.concatenate(self.pieces) if self.pieces else np.zeros(0, dtype=np.int64)

    def numbers(self) -> np.ndarray:
        """A numeric column as ``float64`` (only when every batch was numeric)."""
        assert self.numeric
        return np.concatenate(self.pieces) if self.pieces else np.zeros(0)

    def _terms(self) -> tuple[tuple[Term, ...], np.ndarray]:
        """The distinct terms and each raw code's position among them (-1 missing)."""
        self._number_the_numbers()
        if self.raw_numbers is not None:
            return self._number_terms(self.raw_numbers)
        domain: dict[tuple[type, Term], int] = {}
        remap = np.full(len(self.raw) + 1, -1, dtype=np.int64)  # the last: raw code -1
        for value, raw_code in self.raw.items():
            term = cell_term(value)
            if term is not None:
                remap[raw_code] = domain.setdefault((type(term), term), len(domain))
        return tuple(term for _, term in domain), remap

    @staticmethod
    def _number_terms(numbers: np.ndarray) -> tuple[tuple[Term, ...], np.ndarray]:
        """:meth:`_terms` of numbers read as categories (a numeric class), all at once.

        The distinct raw numbers are the terms (NaN: missing), as
        :func:`cell_term` makes them one by one.
        """
        present = ~np.isnan(numbers) if numbers.dtype.kind == "f" else np.ones(len(numbers), bool)
        remap = np.full(len(numbers) + 1, -1, dtype=np.int64)  # the last: raw code -1
        remap[:-1][present] = np.arange(int(present.sum()))
        return tuple(numbers[present].tolist()), remap

    def values(self) -> tuple[Term, ...]:
        """The distinct values present, in order of first appearance."""
        return self._terms()[0]

    def codes(self) -> np.ndarray:
        """Each row's position in :meth:`values` (-1 missing), in the narrowest type."""
        return self.values_and_codes()[1]

    def values_and_codes(self) -> tuple[tuple[Term, ...], np.ndarray]:
        """:meth:`values` and :meth:`codes`, the distinct values made once."""
        values, remap = self._terms()
        return values, remap[self._raw_codes()].astype(code_dtype(len(values)))

    def attribute(
        self, numeric: bool, where: Callable[[int], str], error: Callable[[str, int], KBError]
    ) -> tuple[Attribute, np.ndarray]:
        """The attribute this column holds and its codes or floats (see the module docstring).

        Parameters
        ----------
        numeric
            The column must hold numbers.
        where, error
            ``row N`` of a row, and the error to raise at a row.
        """
        if self.numeric:
            return Attribute(self.name, None), self.numbers()
        values, remap = self._terms()
        codes = remap[self._raw_codes()]
        if self.categorical:
            return Attribute(self.name, values), codes.astype(code_dtype(len(values)))
        flags = np.fromiter((_is_number(v) for v in values), dtype=bool, count=len(values))
        counts = np.bincount(codes[codes >= 0], minlength=len(values))
        present, odd = int(counts.sum()), int(counts[~flags].sum())
        if not odd and (present or numeric):
            lookup = [float(v) if f else math.nan for v, f in zip(values, flags)]  # type: ignore[arg-type]
            return Attribute(self.name, None), np.array([*lookup, math.nan])[codes]
        if odd and (numeric or odd * 2 < present):
            first = int(np.flatnonzero(np.append(~flags, False)[codes])[0])
            value = values[int(codes[first])]
            raise error(
                f"column {self.name!r} holds numbers ({present - odd} of {present} values) but "
                f"{where(first)} has {value!r}; fix the value or declare the column categorical",
                first,
            )
        return Attribute(self.name, values), codes.astype(code_dtype(len(values)))


class GatheredColumns:
    """Every column of a table gathered from its record batches, blank rows dropped.

    Parameters
    ----------
    names
        The column names, in order.
    categorical
        The columns to keep categorical whatever their values.
    """

    def __init__(self, names: Sequence[str], categorical: set[str]) -> None:
        import pyarrow
        import pyarrow.compute  # used as pyarrow.compute

        self._pa = pyarrow
        self.names = list(names)
        self.columns = {name: Gathered(name, name in categorical) for name in names}
        self.rows = 0  # rows seen, blank ones included
        self._kept: list[np.ndarray] = []  # kept row numbers, once a blank row was dropped

    def add(self, batch: Any) -> None:
        """Add one record batch (its columns in :attr:`names` order)."""
        keep = self._non_blank(batch)
        if keep is not None and not self._kept:
            self._kept.append(np.arange(self.rows))  # every row before this batch was kept
        if self._kept:
            self._kept.append((np.arange(batch.num_rows) if keep is None else keep) + self.rows)
        self.rows += batch.num_rows
        if keep is not None:
            batch = batch.take(self._pa.array(keep))
        for name, column in zip(self.names, batch.columns):
            self.columns[name].add(column, self._pa)

    @property
    def kept(self) -> np.ndarray | None:
        """The source row of each kept row, when blank rows were dropped (else None)."""
        return np.concatenate(self._kept) if self._kept else None

    def _non_blank(self, batch: Any) -> np.ndarray | None:
        """The rows to keep when some row has every field empty (None: all of them)."""
        pa = self._pa
        if batch.num_columns == 0 or batch.num_rows == 0:
            return None
        empty = None
        for column in batch.columns:
            missing = np.asarray(
                pa.compute.is_null(column, nan_is_null=True).to_numpy(zero_copy_only=False),
                dtype=bool,
            )
            blank = _blank_texts(column, pa)
            if blank is not None:
                missing |= blank
            empty = missing if empty is None else empty & missing
            if not empty.any():
                return None
        assert empty is not None
        return np.flatnonzero(~empty)


def _blank_texts(column: Any, pa: Any) -> np.ndarray | None:
    """Which rows of a text column hold only spaces (None when none can)."""
    if pa.types.is_dictionary(column.type):
        if not pa.types.is_string(column.type.value_type):
            return None
        blank = pa.compute.equal(pa.compute.utf8_trim_whitespace(column.dictionary), "")
        flags = np.asarray(blank.to_numpy(zero_copy_only=False), dtype=bool)
        if not flags.any():
            return None
        indices = pa.compute.fill_null(column.indices, -1).to_numpy(zero_copy_only=False)
        return np.append(flags, False)[indices]
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        blank = pa.compute.equal(pa.compute.utf8_trim_whitespace(column), "")
        return np.asarray(pa.compute.fill_null(blank, False).to_numpy(zero_copy_only=False))
    return None
