"""Tables held as numpy columns answer as the same examples written as rows would.

Every property is checked against the row-by-row definition: the same
``AttributeValueData`` built from Python tuples.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.parquet as parquet
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.bayes.naive.naive_bayes import naive_bayes
from symlearn.data.attribute_value import AttributeValueData
from symlearn.data.columnar import ColumnarData
from symlearn.data.encoded import encode
from symlearn.data.tabular import from_csv, from_dataframe, from_parquet, from_records
from symlearn.errors import KBError
from symlearn.evaluation.cross_validation import holdout
from symlearn.evaluation.splits import holdout_split, k_fold_indices, train_test_split
from symlearn.learners.rules.sequential_covering import sequential_covering
from symlearn.learners.trees.c45 import c45_rules
from symlearn.learners.trees.id3 import id3

ROWS = st.lists(
    st.tuples(
        st.sampled_from(["r", "g", "b", "?"]),
        st.sampled_from(["x", "y"]),
        st.one_of(st.integers(-3, 3), st.just("?")),
        st.sampled_from(["p", "q", "s"]),
    ),
    min_size=2,
    max_size=30,
)


def _write(tmp_path, rows, name="t.csv"):
    path = tmp_path / name
    path.write_text("colour,size,n,cls\n" + "".join(",".join(map(str, r)) + "\n" for r in rows))
    return path


def _as_rows(data: ColumnarData) -> AttributeValueData:
    """The same examples as plain tuples (the definition the columns must agree with)."""
    return AttributeValueData(data.target, data.attributes, data.instances, data.labels)


@settings(max_examples=40, deadline=None)
@given(ROWS)
def test_columns_and_rows_agree(tmp_path_factory, rows):
    data = from_csv(_write(tmp_path_factory.mktemp("c"), rows), "cls")
    plain = _as_rows(data)
    assert isinstance(data, ColumnarData)
    assert data.classes == plain.classes and data.n_examples == len(rows)
    assert data.instances == tuple((c, s, n) for c, s, n, _ in rows)
    assert data.labels == tuple(k for *_, k in rows)
    for i in range(len(rows)):
        assert data.example_text(i) == plain.example_text(i)
    picked = [len(rows) - 1, 0]
    assert data.take(picked).instances == plain.take(picked).instances
    assert data.take(picked).labels == plain.take(picked).labels
    # splits are made from the class codes; they must be those of the labels
    for fraction in (0.25, 0.5):
        split = train_test_split(data, fraction, 3)
        assert all(map(np.array_equal, split, train_test_split(plain, fraction, 3)))
    if len(rows) >= 3:
        assert all(map(np.array_equal, k_fold_indices(data, 3, 1), k_fold_indices(plain, 3, 1)))


@settings(max_examples=30, deadline=None)
@given(ROWS)
def test_learners_and_holdout_see_the_same_examples(tmp_path_factory, rows):
    data = from_csv(_write(tmp_path_factory.mktemp("c"), rows), "cls")
    plain = _as_rows(data)
    tree, plain_tree = id3(data), id3(plain)
    assert tree.to_dict() == plain_tree.to_dict()
    model, plain_model = naive_bayes(data, m=1), naive_bayes(plain, m=1)
    assert model.to_dict() == plain_model.to_dict()
    assert model.predict_columns(data.encoded.columns).tolist() == [
        model.classes.index(label) for label in plain_model.predict(plain.instances)
    ]
    train, test = holdout_split(data, 0.5, 0)
    plain_train, plain_test = holdout_split(plain, 0.5, 0)
    if test is None or not test.n_examples:
        return
    models = [
        id3(train),
        naive_bayes(train),
        c45_rules(train),  # an ordered decision list
        sequential_covering(train).rule_set,
        sequential_covering(train, ordered=False, target_class=train.classes[0]).rule_set,
    ]
    for fitted in models:
        fast = holdout(fitted, train, test)  # whole columns at once
        slow = holdout(fitted, plain_train, plain_test)  # one instance at a time
        assert fast.confusion == slow.confusion
        assert fast.baseline_accuracy == pytest.approx(slow.baseline_accuracy)


@settings(max_examples=30, deadline=None)
@given(ROWS, st.booleans())
def test_rule_sets_classify_columns_as_rows(tmp_path_factory, rows, ordered):
    data = from_csv(_write(tmp_path_factory.mktemp("c"), rows), "cls")
    target = None if ordered else data.classes[-1]
    rules = sequential_covering(data, ordered=ordered, target_class=target).rule_set
    coded = rules.predict_encoded(data.encoded)
    assert coded is not None
    codes, classes = coded
    assert [classes[c] for c in codes] == rules.predict(data.instances)


def test_parquet_dataframes_and_records_read_alike(tmp_path):
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(
        {
            "outlook": ["sunny", "rain", None, "sunny"],
            "humidity": [85.0, np.nan, 70.0, 90.0],
            "play": ["no", "yes", "yes", "no"],
        }
    )
    path = tmp_path / "golf.parquet"
    parquet.write_table(pa.Table.from_pandas(frame, preserve_index=False), path)
    read = [
        from_parquet(path, "play", target="golf"),
        from_dataframe(frame, "play", target="golf"),
        from_dataframe(pa.Table.from_pandas(frame), "play", target="golf"),
        from_records(frame.to_dict("records"), "play", target="golf"),
    ]
    for data in read:
        assert data.attributes == read[0].attributes
        assert data.instances == (("sunny", 85), ("rain", "?"), ("?", 70), ("sunny", 90))
        assert data.labels == ("no", "yes", "yes", "no")


def test_polars_frames():
    polars = pytest.importorskip("polars")
    frame = polars.DataFrame({"a": ["x", "y", None], "n": [1, 2, 3], "c": ["p", "q", "p"]})
    data = from_dataframe(frame, "c")
    assert data.instances == (("x", 1), ("y", 2), ("?", 3))


def test_a_type_change_after_the_first_block_is_found_at_its_line(tmp_path):
    path = tmp_path / "late.csv"
    lines = [f"{i % 5},{'p' if i % 2 else 'q'}" for i in range(200_000)]
    path.write_text("n,c\n" + "\n".join(lines) + "\nseven,p\n")
    with pytest.raises(KBError, match="row 200002 has 'seven'") as info:
        from_csv(path, "c")
    assert info.value.line == 200_002
    data = from_csv(path, "c", categorical=["n"])
    assert data.attributes[0].values == (0, 1, 2, 3, 4, "seven")


def test_blank_rows_are_skipped_and_lines_kept(tmp_path):
    path = tmp_path / "blank.csv"
    path.write_text("a,c\nx,p\n,\n   \ny,q\n")
    data = from_csv(path, "c")
    assert data.instances == (("x",), ("y",))
    assert [p.line for p in data.positions] == [2, 5]
    assert data.take([1]).positions[0].line == 5


def test_encoding_keeps_the_columns_and_renumbers_the_classes(tmp_path):
    data = from_csv(_write(tmp_path, [("r", "x", 1, "q"), ("g", "y", 2, "p")]), "cls")
    assert encode(data).columns is data.encoded.columns
    assert encode(data, ("p", "q")).y.tolist() == [1, 0]
    assert encode(data, ("p", "q")).classes == ("p", "q")
