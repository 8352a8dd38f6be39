"""CSV files, lists of dicts and DataFrames as attribute-value data; clear errors with lines."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.encoded import EncodedData, encode
from symlearn.data.tabular import from_csv, from_dataframe, from_records, target_name
from symlearn.errors import KBError

#: The UCI Mushroom data shipped in data/ (see data/README.md).
MUSHROOM = Path(__file__).resolve().parents[2] / "data" / "mushroom.csv"


def _write(tmp_path, text, name="data.csv"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_csv_with_numbers_and_missing_values(tmp_path):
    path = _write(
        tmp_path,
        "outlook,temperature,humidity,windy,play\n"
        "sunny,85,85,false,no\n"
        "overcast, 83 ,?,false,yes\n"
        "\n"
        "rain,70.5,,true,yes\n",
        "Golf Days.csv",
    )
    data = from_csv(path, "play")
    assert data.target == "golf_days"
    assert [(a.name, a.values) for a in data.attributes] == [
        ("outlook", ("sunny", "overcast", "rain")),
        ("temperature", None),
        ("humidity", None),
        ("windy", ("false", "true")),
    ]
    assert data.instances == (
        ("sunny", 85, 85, "false"),
        ("overcast", 83, "?", "false"),
        ("rain", 70.5, "?", "true"),
    )
    assert data.labels == ("no", "yes", "yes")
    assert [p.line for p in data.positions] == [2, 3, 5]
    boolean = from_csv(path, "play", positive="yes", target="golf")
    assert boolean.labels == (False, True, True) and boolean.is_boolean
    coded = from_csv(path, "play", categorical=["temperature"])
    assert coded.attributes[1].values == (85, 83, 70.5)


@pytest.mark.parametrize(
    "text, column, message, line",
    [
        ("a,b,c\n1,x,p\n2,y\n", "c", "row 3 has 2 fields but the header has 3", 3),
        ("a,b,c\n1,x,p\n", "d", "class column 'd' is not in the header", 1),
        ("a,b,c\n1,x,p\n2,x,q\nthree,y,p\n4,y,q\n", "c", "column 'a' holds numbers", 4),
        ("a,a,c\n1,x,p\n", "c", "names column 'a' twice", 1),
        ("a,b,c\n1,x,\n", "c", r"the class \(c\) is missing", 2),
        ("a,b,c\n", "c", "no examples", 1),
        ("", "c", "empty", None),
    ],
)
def test_csv_errors_name_the_file_and_line(tmp_path, text, column, message, line):
    path = _write(tmp_path, text)
    with pytest.raises(KBError, match=message) as info:
        from_csv(path, column)
    assert info.value.path == path
    assert info.value.line == line
    if line is not None:
        assert str(info.value).startswith(f"{path}:{line}:")


def test_missing_file(tmp_path):
    with pytest.raises(KBError, match="cannot read"):
        from_csv(tmp_path / "nope.csv", "c")


def test_records_and_their_errors():
    data = from_records(
        [{"x": 1, "k": "a", "y": True}, {"x": 2.5, "k": None, "y": False}], "y", target="r"
    )
    assert data.attributes[0].values is None and data.attributes[1].values == ("a",)
    assert data.instances == ((1, "a"), (2.5, "?"))
    assert data.labels == ("true", "false")
    with pytest.raises(KBError, match="record 2"):
        from_records([{"x": 1, "y": 2}, {"x": 1}], "y")


def test_dataframe():
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(
        {
            "x": [1.0, np.nan, 3.0],
            "colour": ["red", None, "?"],
            "ok": [True, False, True],
            "c": ["p", "q", "p"],
        }
    )
    data = from_dataframe(frame, "c", target="f")
    assert [(a.name, a.values) for a in data.attributes] == [
        ("x", None),
        ("colour", ("red",)),
        ("ok", ("true", "false")),
    ]
    assert data.instances[1] == ("?", "?", "false")
    with pytest.raises(KBError, match="DataFrame"):
        from_dataframe([1, 2], "c")


def test_mushroom_file_reads_as_categorical_data():
    data = from_csv(MUSHROOM, "Poisonous/Edible")
    assert len(data.instances) == 8124 and data.arity == 22
    assert all(a.values is not None for a in data.attributes)
    assert sum(row[10] == "?" for row in data.instances) == 2480  # stalk-root
    assert set(data.labels) == {"p", "e"}


def test_target_names():
    assert target_name("house-votes-84") == "house_votes_84"
    assert target_name("9lives") == "t_9lives"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["r", "g", "?"]), st.integers(-3, 3), st.sampled_from("ab")),
        min_size=1,
        max_size=20,
    )
)
def test_csv_round_trip_and_encoding(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("csv") / "t.csv"
    path.write_text("colour,n,cls\n" + "".join(f"{c},{n},{k}\n" for c, n, k in rows))
    data = from_csv(str(path), "cls")
    assert data.instances == tuple((c, n) for c, n, _ in rows)
    encoded = encode(data)
    assert isinstance(encoded, EncodedData)
    assert [encoded.instance(i) for i in range(len(rows))] == list(data.instances)
    assert [encoded.label(i) for i in range(len(rows))] == list(data.labels)


@pytest.mark.parametrize(
    "cells, classes, codes",
    [
        (["3", "1.5", "3", "?", "-2"], (3.0, 1.5, -2.0), [0, 1, 0, -1, 2]),  # floats
        (["3", "1", "3", "", "-2"], (3, 1, -2), [0, 1, 0, -1, 2]),  # integers
        (["3", "a", "3", "?", "1.5"], (3, "a", 1.5), [0, 1, 0, -1, 2]),  # mixed: text
    ],
)
def test_a_class_column_of_numbers_keeps_each_number(tmp_path, cells, classes, codes):
    """A numeric class (regression) is read as its distinct numbers, as cell_term makes them."""
    path = tmp_path / "numbers.csv"
    path.write_text("x,y\n" + "".join(f"{i},{c}\n" for i, c in enumerate(cells)))
    data = from_csv(path, "y")
    assert data.classes == classes
    assert [type(c) for c in data.classes] == [type(c) for c in classes]
    labelled = [c for c in codes if c >= 0]
    assert data.encoded.y.tolist() == labelled
