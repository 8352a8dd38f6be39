"""Attribute-value data from a CSV or Parquet file, a DataFrame, or a list of dicts.

Every table is read with Apache Arrow (pyarrow) and becomes the same
:class:`~symlearn.data.columnar.ColumnarData` (an
:class:`~symlearn.data.attribute_value.AttributeValueData` held as numpy
columns), so every attribute-value learner reads it, and the learners that
count with numpy take its columns as they are:

* :func:`from_csv` reads a CSV file with a header row (``symlearn learn ...
  --csv FILE --class-column NAME``), with Arrow's multi-threaded reader;
* :func:`from_parquet` reads a Parquet file (``--parquet FILE``);
* :func:`from_dataframe` takes a pandas or polars DataFrame, or a
  ``pyarrow.Table``;
* :func:`from_records` takes a list of dicts (one per example);
* :func:`from_arrow` is what they share: an Arrow table to columns.

No Python code runs per cell: a column of text is dictionary-encoded by
Arrow and only its distinct values are looked at; the integer codes of the
dictionary are renumbered into the attribute's domain with one numpy
indexing, and numeric columns stay numeric (``float64``).

Conventions:

* one column holds the class; the others are the attributes, named by the
  header, in order (with no class column, for the learners that need none,
  every column is an attribute and every row's class is unknown, ``?``);
* a **missing value** is ``?`` or an empty field (``None``/null or NaN in a
  DataFrame); spaces around a value are ignored; a row with every field
  empty is skipped;
* a column whose non-missing values are all numbers is **continuous**; a
  column named in ``categorical`` is categorical whatever its values (its
  numbers stay Prolog numbers); a column named in ``numeric`` must hold numbers;
  a column that is mostly numbers but has a few other values is refused with
  the row of the first odd value, since that is usually a typo (name it in
  ``categorical`` if it is not);
* other values become Prolog atoms (``'Yes'``, ``'pre-presbyopic'`` are quoted
  when printed), the domain of a categorical attribute in order of first
  appearance;
* the class values become ``label/2`` classes, or, with ``positive=V``,
  ``pos`` examples for ``V`` and ``neg`` examples for every other value;
* a row whose class is missing is an **unlabelled example**
  (``unlabelled_examples``): the learners from unlabelled data (semi-supervised
  EM, co-training, co-EM) learn from it, the others leave it alone.

Bad input is a :class:`~symlearn.errors.KBError` with the file and line
(``data.csv:7: error: row 7 has 3 fields but the header has 4``): a ragged
row, a class column that is not in the header, a duplicate or empty column
name, no row with a class, a non-number in a numeric column, an empty file.
The line of a bad cell is found by reading the file again only when there is
an error to report.

Examples
--------
>>> data = from_records(
...     [{"outlook": "sunny", "humidity": 85, "play": "no"},
...      {"outlook": "overcast", "humidity": 78, "play": "yes"},
...      {"outlook": "rain", "humidity": None, "play": "yes"}],
...     class_column="play", target="golf")
>>> [(a.name, a.values) for a in data.attributes]
[('outlook', ('sunny', 'overcast', 'rain')), ('humidity', None)]
>>> data.instances[2], data.labels
(('rain', '?'), ('no', 'yes', 'yes'))
>>> data.example_text(0)
'label(golf(sunny, 85), no)'
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from symlearn.data.arrow_columns import MISSING_TEXTS, Gathered, GatheredColumns, cell_term
from symlearn.data.attribute_value import MISSING, Label
from symlearn.data.columnar import ColumnarData, RowSource
from symlearn.data.encoded import EncodedData
from symlearn.errors import KBError
from symlearn.files import check_input

if TYPE_CHECKING:
    import pyarrow

#: ``progress(stage, done, total)``.
Progress = Callable[[str, int, "int | None"], None]

__all__ = [
    "cell_term",
    "from_arrow",
    "from_csv",
    "from_dataframe",
    "from_parquet",
    "from_records",
    "target_name",
]


def target_name(text: str) -> str:
    """A Prolog-friendly target name from a file name: lower case, ``_`` for other characters.

    Examples
    --------
    >>> target_name("house-votes-84"), target_name("Mushroom"), target_name("2021 data")
    ('house_votes_84', 'mushroom', 't_2021_data')
    """
    name = re.sub(r"[^a-z0-9_]", "_", text.strip().lower()).strip("_") or "t"
    return name if name[0].isalpha() else f"t_{name}"


def _arrow() -> Any:
    """pyarrow, or a clear error when it is not installed."""
    try:
        import pyarrow
        import pyarrow.compute  # pyarrow.compute is used as pyarrow.compute
    except ImportError as error:  # pragma: no cover - pyarrow is a dependency
        raise KBError("reading tables needs pyarrow: pip install pyarrow") from error
    return pyarrow


class _Where:
    """How to name a row in a message: ``row N`` and the line of a CSV file."""

    def __init__(self, source: RowSource, kept: np.ndarray | None) -> None:
        self.source = source
        self.kept = kept  # table row -> source data row, when blank rows were dropped

    def row(self, i: int) -> int:
        return int(self.kept[i]) if self.kept is not None else i

    def error(self, message: str, i: int | None = None) -> KBError:
        """A :class:`KBError` naming the file and, for row ``i``, its line."""
        if i is None:
            line = 1 if self.source.path is not None else None
            return KBError(message, self.source.path, line, 1 if line is not None else None)
        line = self.source.line(self.row(i))
        return KBError(message, self.source.path, line, 1 if line is not None else None)

    def text(self, i: int) -> str:
        return self.source.where(self.row(i))


def _class_codes(
    gathered: Gathered, positive: Any, where: _Where
) -> tuple[np.ndarray, tuple[Label, ...]]:
    """The class column as codes into its classes (``(True, False)`` with ``positive``)."""
    values, codes = gathered.values_and_codes()
    if not (codes >= 0).any():
        raise where.error(f"the class ({gathered.name}) is missing in every row", 0)
    if positive is None:
        return codes.astype(np.int32), values
    wanted = cell_term(positive)
    for code, value in enumerate(values):
        if (type(value), value) == (type(wanted), wanted):
            return np.where(codes < 0, -1, codes != code).astype(np.int32), (True, False)
    raise where.error(f"no example has class {positive!r} in column {gathered.name}")


def _check_names(
    header: Sequence[str], class_column: str | None, named: Iterable[str], where: _Where
) -> None:
    seen: set[str] = set()
    for name in header:
        if not name:
            raise where.error("the header has an empty column name")
        if name in seen:
            raise where.error(f"the header names column {name!r} twice")
        seen.add(name)
    if class_column is not None and class_column not in seen:
        raise where.error(
            f"class column {class_column!r} is not in the header ({', '.join(header)})"
        )
    for name in named:
        if name not in seen:
            raise where.error(f"no column {name!r} in the header")


def from_arrow(
    table: pyarrow.Table,
    class_column: str | None,
    *,
    target: str = "t",
    positive: Any = None,
    categorical: Iterable[str] = (),
    numeric: Iterable[str] = (),
    source: RowSource | None = None,
) -> ColumnarData:
    """Labelled examples from an Arrow table (what every reader here ends with).

    Parameters
    ----------
    table
        The table; its column names are the header.
    class_column
        The column holding the class (None: no class, every row's label is ``?``).
    target
        The target predicate's name.
    positive
        Make a boolean target: this class value is ``pos``, the others ``neg``.
    categorical, numeric
        Columns to treat as categorical / require to be numeric.
    source
        Where the table came from (for the lines of error messages).

    Raises
    ------
    KBError
        Naming the row (and, for a CSV file, the line) of the problem.

    Examples
    --------
    >>> import pyarrow as pa
    >>> data = from_arrow(pa.table({"x": [1, None, 3], "c": ["a", "b", "a"]}), "c")
    >>> data.attributes[0].continuous, data.encoded.columns[0].tolist(), data.classes
    (True, [1.0, nan, 3.0], ('a', 'b'))
    """
    return _from_batches(
        [str(name) for name in table.column_names],
        lambda: iter(table.to_batches()),
        class_column,
        target=target,
        positive=positive,
        categorical=categorical,
        numeric=numeric,
        source=source,
    )


def _from_batches(
    header: list[str],
    batches: Callable[[], Iterator[Any]],
    class_column: str | None,
    *,
    target: str,
    positive: Any,
    categorical: Iterable[str],
    numeric: Iterable[str],
    source: RowSource | None,
    progress: Progress | None = None,
) -> ColumnarData:
    """What :func:`from_arrow` does, for a stream of record batches."""
    _arrow()
    source = source if source is not None else RowSource(None)
    categorical, numeric = set(categorical), set(numeric)
    _check_names(header, class_column, categorical | numeric, _Where(source, None))
    as_categories = categorical if class_column is None else categorical | {class_column}
    gathered = GatheredColumns(header, as_categories)
    for batch in batches():
        gathered.add(batch)
        if progress is not None:
            progress(f"reading {source.path or 'the table'}: rows", gathered.rows, None)
    kept = gathered.kept
    where = _Where(source, kept)
    if not gathered.rows or (kept is not None and kept.size == 0):
        raise where.error("there are no examples (only a header)")
    y: np.ndarray
    classes: tuple[Label, ...]
    if class_column is None:  # no class: every row unlabelled
        count = kept.size if kept is not None else gathered.rows
        y, classes = np.zeros(count, dtype=np.int32), (MISSING,)
    else:
        y, classes = _class_codes(gathered.columns.pop(class_column), positive, where)
    attributes, columns = [], []
    for name in header:
        if name != class_column:
            attribute, values = gathered.columns.pop(name).attribute(
                name in numeric, where.text, where.error
            )
            attributes.append(attribute)
            columns.append(values)
    labelled = y >= 0
    if labelled.all():
        encoded = EncodedData(target, tuple(attributes), tuple(columns), y, classes)
        return ColumnarData(encoded, source=source, rows=kept)
    # rows whose class is missing are unlabelled examples (for semi-supervised learners)
    rows = np.flatnonzero(labelled) if kept is None else kept[labelled]
    encoded = EncodedData(
        target, tuple(attributes), tuple(c[labelled] for c in columns), y[labelled], classes
    )
    unlabelled = tuple(c[~labelled] for c in columns)
    return ColumnarData(encoded, source=source, rows=rows, unlabelled_columns=unlabelled)


# -- files -----------------------------------------------------------------------------


def _error_at(message: str, path: str, line: int | None) -> KBError:
    return KBError(message, path, line, 1 if line is not None else None)


def _open_text(path: str) -> Any:
    if Path(path).exists():  # a FIFO or a device is refused, not read
        check_input(path)
    try:
        return open(path, newline="", encoding="utf-8-sig")
    except OSError as error:
        raise KBError(f"cannot read {path}: {error.strerror or error}", path) from error


def _read_header(path: str, delimiter: str) -> list[str]:
    """The header row's names (stripped), read with Python's csv module."""
    with _open_text(path) as handle:
        reader = csv.reader(handle, delimiter=delimiter)
        try:
            first = next(reader, None)
        except csv.Error as error:
            raise _error_at(f"not valid CSV: {error}", path, reader.line_num) from error
        except UnicodeDecodeError as error:
            raise _error_at(f"not UTF-8 text: {error.reason}", path, None) from error
    if first is None:
        raise _error_at("the file is empty (a header row is needed)", path, None)
    return [name.strip() for name in first]


def csv_row_lines(path: str, delimiter: str = ",") -> np.ndarray:
    """The line of every row Arrow reads from a CSV file (empty lines are not rows).

    This reads the file with Python's csv module: it runs only when a message
    or a learner needs a row's line, or to locate a row Arrow refused.

    Raises
    ------
    KBError
        At the first ragged row, or where the file is not CSV or not UTF-8.
    """
    lines: list[int] = []
    with _open_text(path) as handle:
        reader = csv.reader(handle, delimiter=delimiter)
        try:
            header = next(reader, None) or []
            for record in reader:
                blank = all(not field.strip() for field in record)
                if not record or (blank and len(record) != len(header)):
                    continue  # rows Arrow skips too (rows of empty fields it keeps)
                if len(record) != len(header):
                    raise _error_at(
                        f"row {reader.line_num} has {len(record)} fields but the header has "
                        f"{len(header)}",
                        path,
                        reader.line_num,
                    )
                lines.append(reader.line_num)
        except csv.Error as error:
            raise _error_at(f"not valid CSV: {error}", path, reader.line_num) from error
        except UnicodeDecodeError as error:
            raise _error_at(f"not UTF-8 text: {error.reason}", path, None) from error
    return np.asarray(lines, dtype=np.int64)


def _csv_options(header: list[str], delimiter: str) -> tuple[Any, Any, Any]:
    """Arrow's read, parse and convert options for our CSV conventions."""
    import pyarrow.csv as arrow_csv

    def skip_blank(row: Any) -> str:  # a row with the wrong number of fields
        return "skip" if not (row.text or "").replace(delimiter, "").strip() else "error"

    read = arrow_csv.ReadOptions(column_names=header, skip_rows=1)
    parse = arrow_csv.ParseOptions(delimiter=delimiter, invalid_row_handler=skip_blank)
    convert = arrow_csv.ConvertOptions(
        null_values=sorted(MISSING_TEXTS),
        strings_can_be_null=True,
        quoted_strings_can_be_null=True,
        auto_dict_encode=True,
        auto_dict_max_cardinality=1 << 20,
        true_values=[],  # true/false stay atoms
        false_values=[],
        timestamp_parsers=[],
    )
    return read, parse, convert


def _csv_batches(path: str, header: list[str], delimiter: str, whole: bool) -> Iterator[Any]:
    """The file's record batches: streamed block by block, or (``whole``) read at once.

    Streaming keeps memory to a few blocks, but takes each column's type from
    the first block; reading at once looks at every row first.
    """
    pa = _arrow()
    import pyarrow.csv as arrow_csv

    read, parse, convert = _csv_options(header, delimiter)
    try:
        if whole:
            table = arrow_csv.read_csv(
                path, read_options=read, parse_options=parse, convert_options=convert
            )
            yield from table.to_batches()
        else:
            yield from arrow_csv.open_csv(
                path, read_options=read, parse_options=parse, convert_options=convert
            )
    except OSError as error:
        raise KBError(f"cannot read {path}: {error.strerror or error}", path) from error
    except pa.ArrowInvalid as error:
        if not whole and "conversion error" in str(error):
            raise _TypeChanged from error
        csv_row_lines(path, delimiter)  # raises the located error when it can find one
        raise _error_at(f"not valid CSV: {error}", path, None) from error


class _TypeChanged(Exception):
    """A column's values after the first block do not fit the type of its first block."""


def from_csv(
    path: str | Path,
    class_column: str | None,
    *,
    target: str | None = None,
    positive: Any = None,
    categorical: Iterable[str] = (),
    numeric: Iterable[str] = (),
    delimiter: str = ",",
    progress: Progress | None = None,
) -> ColumnarData:
    """Read labelled examples from a CSV file with a header row (see the module docstring).

    Parameters
    ----------
    path
        The file.
    class_column
        The header name of the class column (None: no class, see :func:`from_arrow`).
    target
        The target predicate's name (default: from the file name).
    positive
        Make a boolean target: this class value is ``pos``, the others ``neg``.
    categorical, numeric
        Columns to treat as categorical / require to be numeric.
    delimiter
        The field separator.
    progress
        Called as ``progress("reading FILE: rows", rows, None)`` as blocks are read.

    Raises
    ------
    KBError
        With the file and line of the problem.
    """
    name = str(path)
    header = _read_header(name, delimiter)
    source = RowSource(name, lambda: csv_row_lines(name, delimiter))
    given = {
        "target": target or target_name(Path(name).stem),
        "positive": positive,
        "categorical": categorical,
        "numeric": numeric,
        "source": source,
        "progress": progress,
    }
    try:
        return _from_batches(
            header, lambda: _csv_batches(name, header, delimiter, False), class_column, **given
        )
    except _TypeChanged:  # a column's type changes past the first block: look at it all
        return _from_batches(
            header, lambda: _csv_batches(name, header, delimiter, True), class_column, **given
        )


def from_parquet(
    path: str | Path,
    class_column: str | None,
    *,
    target: str | None = None,
    positive: Any = None,
    categorical: Iterable[str] = (),
    numeric: Iterable[str] = (),
) -> ColumnarData:
    """Read labelled examples from a Parquet file (rows are named by number in messages).

    Raises
    ------
    KBError
        When the file cannot be read or is not Parquet, and for the
        problems :func:`from_arrow` reports.
    """
    pa = _arrow()
    import pyarrow.parquet as parquet

    name = str(path)
    if Path(name).exists() and not Path(name).is_dir():  # a folder of Parquet files: a data set
        check_input(name)
    try:
        table = parquet.read_table(name)
    except FileNotFoundError as error:
        raise KBError(f"cannot read {name}: no such file", name) from error
    except OSError as error:
        raise KBError(f"cannot read {name}: {error.strerror or error}", name) from error
    except pa.ArrowException as error:
        raise KBError(f"not a Parquet file: {error}", name) from error
    return from_arrow(
        table,
        class_column,
        target=target or target_name(Path(name).stem),
        positive=positive,
        categorical=categorical,
        numeric=numeric,
        source=RowSource(name),
    )


# -- Python objects --------------------------------------------------------------------


def _python_cell(value: Any) -> Any:
    """A Python cell for Arrow: None for missing, numbers kept, anything else as text."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if hasattr(value, "item") and not isinstance(value, (str, int, float)):  # numpy scalars
        return _python_cell(value.item())
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, (int, float)):
        return value
    return str(value)


def _python_column(values: Sequence[Any], pa: Any) -> Any:
    """An Arrow array from Python values: numeric when every value is a number."""
    cells = [_python_cell(v) for v in values]
    if all(c is None or type(c) in (int, float) for c in cells):
        if all(c is None or type(c) is int for c in cells):
            return pa.array(cells, type=pa.int64())
        return pa.array([None if c is None else float(c) for c in cells], type=pa.float64())
    return pa.array([None if c is None else str(c) for c in cells], type=pa.string())


def from_records(
    records: Sequence[Mapping[str, Any]],
    class_column: str | None,
    *,
    target: str = "t",
    positive: Any = None,
    categorical: Iterable[str] = (),
    numeric: Iterable[str] = (),
) -> ColumnarData:
    """Labelled examples from a list of dicts with the same keys (the first dict's order).

    Raises
    ------
    KBError
        When a record has other keys than the first (naming the record, 1-based).
    """
    if not records:
        raise KBError("there are no records")
    pa = _arrow()
    header = [str(k) for k in records[0]]
    rows: list[dict[str, Any]] = []
    for i, record in enumerate(records, 1):
        if set(map(str, record)) != set(header):
            keys = sorted(map(str, record))
            raise KBError(f"record {i} has the keys {keys} but record 1 has {sorted(header)}")
        rows.append({str(k): v for k, v in record.items()})
    table = pa.table({h: _python_column([row[h] for row in rows], pa) for h in header})
    return from_arrow(
        table,
        class_column,
        target=target,
        positive=positive,
        categorical=categorical,
        numeric=numeric,
    )


def _pandas_table(frame: Any, pa: Any) -> Any:
    """A pandas DataFrame as an Arrow table (a column of mixed Python objects as text)."""
    columns = {}
    for name in frame.columns:
        series = frame[name]
        try:
            columns[str(name)] = pa.Array.from_pandas(series)
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            columns[str(name)] = _python_column(series.tolist(), pa)
    return pa.table(columns)


def from_dataframe(
    frame: Any,
    class_column: str | None,
    *,
    target: str = "t",
    positive: Any = None,
    categorical: Iterable[str] = (),
    numeric: Iterable[str] = (),
) -> ColumnarData:
    """Labelled examples from a pandas or polars DataFrame or a ``pyarrow.Table``.

    Numeric columns are continuous, NaN and null are missing, booleans become
    the atoms ``true``/``false``.

    Raises
    ------
    KBError
        When ``frame`` is none of those.
    """
    pa = _arrow()
    module = type(frame).__module__.split(".")[0]
    if isinstance(frame, pa.Table):
        table = frame
    elif module == "polars" and hasattr(frame, "to_arrow"):
        table = frame.to_arrow()
    elif module == "pandas" and type(frame).__name__ == "DataFrame":
        table = _pandas_table(frame, pa)
    else:
        raise KBError(
            f"expected a pandas or polars DataFrame or a pyarrow Table, got {type(frame).__name__}"
        )
    return from_arrow(
        table,
        class_column,
        target=target,
        positive=positive,
        categorical=categorical,
        numeric=numeric,
    )
