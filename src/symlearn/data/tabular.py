"""Attribute-value data from a CSV file, a list of dicts, or a pandas DataFrame.

All three give the same :class:`~symlearn.data.attribute_value.AttributeValueData`
as a knowledge base's ``pos``/``neg``/``label`` examples do, so every
attribute-value learner reads them:

* :func:`from_csv` reads a CSV file with a header row (``symlearn learn ...
  --csv FILE --class-column NAME``);
* :func:`from_records` takes a list of dicts (one per example);
* :func:`from_dataframe` takes a pandas DataFrame (pandas is optional and
  imported only by this function).

Conventions:

* one column holds the class; the others are the attributes, named by the
  header, in order;
* a **missing value** is ``?`` or an empty field (``None`` or NaN in Python);
* a column whose non-missing values are all numbers is **continuous**; a
  column named in ``categorical`` is categorical whatever its values (its
  numbers stay Prolog numbers); a column named in ``numeric`` must hold numbers;
  a column that is mostly numbers but has a few other values is refused with
  the row of the first odd value, since that is usually a typo (name it in
  ``categorical`` if it is not);
* other values become Prolog atoms (``'Yes'``, ``'pre-presbyopic'`` are quoted
  when printed);
* the class values become ``label/2`` classes, or, with ``positive=V``,
  ``pos`` examples for ``V`` and ``neg`` examples for every other value.

Bad input is a :class:`~symlearn.errors.KBError` with the file and line
(``data.csv:7: error: row 7 has 3 fields but the header has 4``): a ragged
row, a class column that is not in the header, a duplicate or empty column
name, a missing class value, a non-number in a numeric column, an empty file.

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
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from symlearn.data.attribute_value import MISSING, Attribute, AttributeValueData, Label
from symlearn.errors import KBError
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Term

__all__ = ["cell_term", "from_csv", "from_dataframe", "from_records", "target_name"]

#: Field texts that mean "missing".
MISSING_TEXTS = frozenset({"?", ""})


def target_name(text: str) -> str:
    """A Prolog-friendly target name from a file name: lower case, ``_`` for other characters.

    Examples
    --------
    >>> target_name("house-votes-84"), target_name("Mushroom"), target_name("2021 data")
    ('house_votes_84', 'mushroom', 't_2021_data')
    """
    name = re.sub(r"[^a-z0-9_]", "_", text.strip().lower()).strip("_") or "t"
    return name if name[0].isalpha() else f"t_{name}"


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


def _cell(value: Any) -> Term | None:
    """A raw cell as a term, or None when missing."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and math.isnan(value):
            return None
        return value
    if hasattr(value, "item") and not isinstance(value, str):  # numpy scalars
        return _cell(value.item())
    text = str(value).strip()
    if text in MISSING_TEXTS:
        return None
    number = _parse_number(text)
    return text if number is None else number


def _error(message: str, path: str | None, line: int | None) -> KBError:
    return KBError(message, path, line, 1 if line is not None else None)


class _Table:
    """Rows of cells with where each row came from."""

    def __init__(
        self,
        header: Sequence[str],
        rows: list[list[Term | None]],
        lines: list[int | None],
        path: str | None,
    ) -> None:
        self.header = list(header)
        self.rows = rows
        self.lines = lines
        self.path = path

    def where(self, i: int) -> int | None:
        return self.lines[i]


def _check_header(header: Sequence[str], class_column: str, path: str | None) -> None:
    seen: set[str] = set()
    for name in header:
        if not name:
            raise _error("the header has an empty column name", path, 1)
        if name in seen:
            raise _error(f"the header names column {name!r} twice", path, 1)
        seen.add(name)
    if class_column not in seen:
        raise _error(
            f"class column {class_column!r} is not in the header ({', '.join(header)})", path, 1
        )


def _column_kind(
    table: _Table, j: int, name: str, categorical: set[str], numeric: set[str]
) -> bool:
    """True when column ``j`` is continuous; refuses a mostly numeric column with odd values."""
    if name in categorical:
        return False
    present = [(i, row[j]) for i, row in enumerate(table.rows) if row[j] is not None]
    odd = [(i, v) for i, v in present if type(v) not in (int, float)]
    if not odd:
        return bool(present) or name in numeric
    if name in numeric or len(odd) * 2 < len(present):
        i, value = odd[0]
        line = table.where(i)
        raise _error(
            f"column {name!r} holds numbers ({len(present) - len(odd)} of {len(present)} "
            f"values) but row {line if line is not None else i + 1} has {value!r}; fix the "
            f"value or declare the column categorical",
            table.path,
            line,
        )
    return False


def _build(
    table: _Table,
    class_column: str,
    target: str,
    positive: Any,
    categorical: Iterable[str],
    numeric: Iterable[str],
) -> AttributeValueData:
    _check_header(table.header, class_column, table.path)
    categorical, numeric = set(categorical), set(numeric)
    for name in categorical | numeric:
        if name not in table.header:
            raise _error(f"no column {name!r} in the header", table.path, 1)
    if not table.rows:
        raise _error("there are no examples (only a header)", table.path, 1)
    class_index = table.header.index(class_column)
    columns = [j for j in range(len(table.header)) if j != class_index]
    attributes = []
    for j in columns:
        name = table.header[j]
        if _column_kind(table, j, name, categorical, numeric):
            attributes.append(Attribute(name, None))
            continue
        distinct: dict[tuple[type, Term], Term] = {}
        for row in table.rows:
            value = row[j]
            if value is not None:
                distinct.setdefault((type(value), value), value)
        attributes.append(Attribute(name, tuple(distinct.values())))
    wanted = _cell(positive) if positive is not None else None
    labels: list[Label] = []
    for i, row in enumerate(table.rows):
        label = row[class_index]
        if label is None:
            raise _error(f"the class ({class_column}) is missing", table.path, table.where(i))
        labels.append(
            label == wanted and type(label) is type(wanted) if positive is not None else label
        )
    if positive is not None and not any(labels):
        raise _error(f"no example has class {positive!r} in column {class_column}", table.path, 1)
    instances = tuple(
        tuple(MISSING if row[j] is None else row[j] for j in columns) for row in table.rows
    )
    positions = tuple(
        SourcePosition(table.path, line, 1)
        if table.path is not None and line is not None
        else None
        for line in table.lines
    )
    return AttributeValueData(
        target=target,
        attributes=tuple(attributes),
        instances=instances,  # type: ignore[arg-type]
        labels=tuple(labels),
        positions=positions,
    )


def _read_csv(
    handle: Iterable[str], name: str, delimiter: str
) -> tuple[list[str], list[list[Term | None]], list[int | None]]:
    """The header, the rows of cells and each row's line number."""
    reader = csv.reader(handle, delimiter=delimiter)
    try:
        first = next(reader, None)
        if first is None:
            raise _error("the file is empty (a header row is needed)", name, None)
        header = [h.strip() for h in first]
        rows: list[list[Term | None]] = []
        lines: list[int | None] = []
        for record in reader:
            if not record or all(not field.strip() for field in record):
                continue  # a blank line
            if len(record) != len(header):
                raise _error(
                    f"row {reader.line_num} has {len(record)} fields but the header has "
                    f"{len(header)}",
                    name,
                    reader.line_num,
                )
            rows.append([_cell(field) for field in record])
            lines.append(reader.line_num)
    except csv.Error as error:
        raise _error(f"not valid CSV: {error}", name, reader.line_num) from error
    except UnicodeDecodeError as error:
        raise _error(f"not UTF-8 text: {error.reason}", name, None) from error
    return header, rows, lines


def from_csv(
    path: str | Path,
    class_column: str,
    *,
    target: str | None = None,
    positive: Any = None,
    categorical: Iterable[str] = (),
    numeric: Iterable[str] = (),
    delimiter: str = ",",
) -> AttributeValueData:
    """Read labelled examples from a CSV file with a header row (see the module docstring).

    Parameters
    ----------
    path
        The file.
    class_column
        The header name of the class column.
    target
        The target predicate's name (default: from the file name).
    positive
        Make a boolean target: this class value is ``pos``, the others ``neg``.
    categorical, numeric
        Columns to treat as categorical / require to be numeric.
    delimiter
        The field separator.

    Raises
    ------
    KBError
        With the file and line of the problem.
    """
    name = str(path)
    try:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            header, rows, lines = _read_csv(handle, name, delimiter)
    except OSError as error:
        raise KBError(f"cannot read {name}: {error.strerror or error}", name) from error
    return _build(
        _Table(header, rows, lines, name),
        class_column,
        target or target_name(Path(name).stem),
        positive,
        categorical,
        numeric,
    )


def from_records(
    records: Sequence[Mapping[str, Any]],
    class_column: str,
    *,
    target: str = "t",
    positive: Any = None,
    categorical: Iterable[str] = (),
    numeric: Iterable[str] = (),
) -> AttributeValueData:
    """Labelled examples from a list of dicts with the same keys (the first dict's order).

    Raises
    ------
    KBError
        When a record has other keys than the first (naming the record, 1-based).
    """
    if not records:
        raise KBError("there are no records")
    header = [str(k) for k in records[0]]
    rows: list[list[Term | None]] = []
    for i, record in enumerate(records, 1):
        if set(map(str, record)) != set(header):
            keys = sorted(map(str, record))
            raise KBError(f"record {i} has the keys {keys} but record 1 has {sorted(header)}")
        values = {str(k): v for k, v in record.items()}
        rows.append([_cell(values[h]) for h in header])
    return _build(
        _Table(header, rows, [None] * len(rows), None),
        class_column,
        target,
        positive,
        categorical,
        numeric,
    )


def from_dataframe(
    frame: Any,
    class_column: str,
    *,
    target: str = "t",
    positive: Any = None,
    categorical: Iterable[str] = (),
    numeric: Iterable[str] = (),
) -> AttributeValueData:
    """Labelled examples from a pandas DataFrame (numeric dtypes are continuous; NaN is missing).

    Raises
    ------
    KBError
        When pandas is not installed or the frame is not a DataFrame.
    """
    try:
        import pandas
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise KBError("from_dataframe needs pandas: pip install 'symlearn[pandas]'") from error
    if not isinstance(frame, pandas.DataFrame):
        raise KBError(f"expected a pandas DataFrame, got {type(frame).__name__}")
    header = [str(c) for c in frame.columns]
    numeric_columns = {
        str(c)
        for c in frame.columns
        if pandas.api.types.is_numeric_dtype(frame[c])
        and not pandas.api.types.is_bool_dtype(frame[c])
    }
    rows = [[_cell(v) for v in record] for record in frame.itertuples(index=False, name=None)]
    return _build(
        _Table(header, rows, [None] * len(rows), None),
        class_column,
        target,
        positive,
        categorical,
        set(numeric) | (numeric_columns - set(categorical) - {class_column}),
    )


def cell_term(value: Any) -> Term | None:
    """A raw cell as the term every table reader makes of it (None when missing).

    Numbers stay numbers (a text that reads as a number becomes one), ``True``
    and ``False`` become ``true`` and ``false``, other values atoms; ``None``,
    NaN, ``?`` and the empty text are missing.

    Examples
    --------
    >>> cell_term("3"), cell_term("sunny"), cell_term(float("nan")), cell_term(True)
    (3, 'sunny', None, 'true')
    """
    return _cell(value)
