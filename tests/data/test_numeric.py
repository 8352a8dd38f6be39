"""symlearn.data.numeric: instances as a numeric matrix, checked against scikit-learn."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.attribute_value import MISSING, Attribute, AttributeValueData
from symlearn.data.numeric import fit_numeric, numeric_matrix, numeric_targets, require_numbers
from symlearn.data.tabular import from_records
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb import loads
from symlearn.learning.attribute_data import from_kb

sklearn_preprocessing = pytest.importorskip("sklearn.preprocessing")

COLOURS = ("red", "green", "blue")


@st.composite
def tables(draw: st.DrawFn) -> AttributeValueData:
    """Small tables: two numeric attributes, one nominal, values sometimes missing."""
    n = draw(st.integers(2, 12))
    # six decimals, as a table would have them: scikit-learn's scaler treats a range
    # below ~1e-15 as none, where the definition (v - min) / (max - min) divides by it
    number = st.one_of(
        st.integers(-50, 50), st.floats(-10, 10, allow_nan=False).map(lambda v: round(v, 6))
    )
    rows = []
    for _ in range(n):
        rows.append(
            (
                draw(number),
                draw(st.one_of(number, st.just(MISSING))),
                draw(st.sampled_from((*COLOURS, MISSING))),
            )
        )
    attributes = (Attribute("x", None), Attribute("y", None), Attribute("colour", COLOURS))
    return AttributeValueData("t", attributes, tuple(rows), tuple(i % 2 == 0 for i in range(n)))


@pytest.mark.filterwarnings("ignore:All-NaN slice")
@settings(max_examples=30, deadline=None)
@given(tables())
def test_matches_scikit_learn_imputer_scaler_and_one_hot(data: AttributeValueData) -> None:
    from sklearn.impute import SimpleImputer

    x, encoding = numeric_matrix(data)
    numbers = np.array(
        [[np.nan if v == MISSING else float(v) for v in row[:2]] for row in data.instances]
    )
    scaled = sklearn_preprocessing.MinMaxScaler().fit_transform(numbers)
    if np.isnan(numbers[:, 1]).all():
        scaled = np.column_stack([scaled[:, 0], np.zeros(len(numbers))])
    else:
        scaled = SimpleImputer(strategy="mean").fit_transform(scaled)
    colours = np.array([[row[2]] for row in data.instances], dtype=object)
    one_hot = sklearn_preprocessing.OneHotEncoder(
        categories=[list(COLOURS)], handle_unknown="ignore", sparse_output=False
    ).fit_transform(colours)
    known = colours[:, 0] != MISSING
    if known.any():
        one_hot[~known] = one_hot[known].mean(axis=0)  # a missing value: the frequencies
    # sklearn's MinMaxScaler leaves a constant column at 0 as we do
    assert np.allclose(x[:, :2], scaled, atol=1e-12)
    assert np.allclose(x[:, 2:], one_hot)
    assert encoding.names == ("x", "y", "colour=red", "colour=green", "colour=blue")


def test_column_order_and_new_instances_scaled_with_the_training_ranges() -> None:
    data = from_kb(
        loads("label(t(1, a, 10), p). label(t(3, b, 20), q). label(t(2, a, '?'), p)."), "t", 3
    )
    x, encoding = numeric_matrix(data)
    assert encoding.names == ("a1", "a2=a", "a2=b", "a3")
    assert x.tolist() == [[0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 1.0, 1.0], [0.5, 1.0, 0.0, 0.5]]
    assert encoding.ranges == {"a1": (1.0, 3.0), "a3": (10.0, 20.0)}
    assert encoding.rows([(5, "b", 0)]).tolist() == [[2.0, 0.0, 1.0, -1.0]]
    assert encoding.raw_value(3, 0.5) == 15.0


def test_codes_keep_zero_and_error_for_missing_values() -> None:
    data = from_kb(loads("pos(t(a, 1)). neg(t(b, '?')). pos(t('?', 3)). pos(t(a, 5))."), "t", 2)
    codes, _ = numeric_matrix(data, nominal="codes", normalise=False)
    assert codes.tolist() == [[0.0, 1.0], [1.0, 3.0], [0.0, 3.0], [0.0, 5.0]]  # mode, mean
    kept, _ = numeric_matrix(data, missing="keep")
    assert np.isnan(kept[1, 2]) and np.isnan(kept[2, :2]).all()
    zero, _ = numeric_matrix(data, missing="zero")
    assert zero[2, :2].tolist() == [0.0, 0.0]
    with pytest.raises(KBError, match=r"<string>:1:15: error: a2 is missing"):
        numeric_matrix(data, missing="error")
    with pytest.raises(InvalidParameterError):
        fit_numeric(data, nominal="ordinal")


def test_a_table_is_encoded_from_its_columns() -> None:
    data = from_records(
        [{"h": 70, "o": "sunny", "c": "no"}, {"h": 90, "o": "rain", "c": "yes"}], "c"
    )
    x, encoding = numeric_matrix(data)
    assert x.tolist() == [[0.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert encoding.names == ("h", "o=sunny", "o=rain")


def test_a_nominal_value_where_numbers_are_required_is_located() -> None:
    data = from_kb(loads("pos(t(1, 2)).\nneg(t(3, 4)).\npos(t(5, high)).\n", "f.pl"), "t", 2)
    with pytest.raises(KBError) as raised:
        require_numbers(data)
    assert (raised.value.path, raised.value.line) == ("f.pl", 3)
    assert "a2 needs numbers but high is not a number" in str(raised.value)
    with pytest.raises(KBError, match=r"f\.pl:3"):
        fit_numeric(data, nominal="error")


def test_a_nominal_class_where_regression_needs_numbers_is_located() -> None:
    data = from_kb(loads("label(t(1), 2.5).\nlabel(t(2), big).\n", "g.pl"), "t", 1)
    with pytest.raises(KBError, match=r"g.pl:2:1: error: the class must be a number, not big"):
        numeric_targets(data)


def test_a_csv_row_is_named_by_its_line(tmp_path) -> None:
    from symlearn.data.tabular import from_csv

    path = tmp_path / "d.csv"
    path.write_text("x,c\n1,yes\n2,no\n")
    with pytest.raises(KBError, match=r"d.csv:2:1: error: the class must be a number, not yes"):
        numeric_targets(from_csv(str(path), "c"))


def test_an_attribute_mixing_numbers_and_atoms_is_refused_even_for_one_hot() -> None:
    data = from_kb(loads("pos(t(1)).\nneg(t(2)).\npos(t(lots)).\n", "m.pl"), "t", 1)
    with pytest.raises(KBError, match=r"m.pl:3:1: error: attribute a1 needs numbers but lots"):
        numeric_matrix(data)
    quoted = from_kb(loads("pos(t('1')). neg(t('2')). pos(t(lots))."), "t", 1)
    assert numeric_matrix(quoted)[1].names == ("a1='1'", "a1='2'", "a1=lots")
