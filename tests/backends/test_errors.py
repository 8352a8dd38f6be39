"""Bad input for external relations and stores: one located line, exit 2, nothing half-written."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from symlearn.backends import open_backend
from symlearn.backends.duckdb import DuckDBBackend
from symlearn.backends.goals import answers
from symlearn.backends.store import store
from symlearn.errors import BackendError, KBError, OutputError
from symlearn.kb import load, loads

SRC = Path(__file__).resolve().parents[2] / "src"


def _parquet(path: Path, **columns: object) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table(columns), path)


def _kb(folder: Path, text: str) -> Path:
    path = folder / "kb.pl"
    path.write_text(text)
    return path


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "symlearn", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (":- external(parent/2, parquet(1)).", "expects a source such as"),
        (":- external(parent/2, sqlite('x')).", "expects a source such as"),
        (":- external(p/0, parquet('p.parquet')).", "at least one argument"),
        (":- external(p/1, parquet('')).", "the file name is empty"),
        (":- external(p/1, csv('../outside.csv')).", "outside the directory"),
        (
            ":- external(p/1, csv('p.csv')).\n:- external(p/1, csv('q.csv')).",
            "already declared external at",
        ),
    ],
)
def test_a_bad_declaration_is_a_located_error(tmp_path: Path, text: str, message: str) -> None:
    path = _kb(tmp_path, text)
    with pytest.raises(KBError, match=message) as raised:
        load([path])
    assert raised.value.path == str(path) and raised.value.line >= 1


def _opening_error(folder: Path, text: str, backend: str = "duckdb") -> KBError:
    kb = load([_kb(folder, text)])
    with pytest.raises(KBError) as raised:
        open_backend(kb, backend)
    return raised.value


def test_a_missing_file_names_the_relation_and_the_file(tmp_path: Path) -> None:
    error = _opening_error(tmp_path, "\n:- external(parent/2, parquet('people/parent.parquet')).")
    assert (error.line, error.column) == (2, 1)
    assert "external parent/2 from people/parent.parquet: no such file" in str(error)
    assert "\n" not in str(error)


def test_a_file_that_is_not_parquet(tmp_path: Path) -> None:
    (tmp_path / "p.parquet").write_bytes(b"not a parquet file at all")
    error = _opening_error(tmp_path, ":- external(p/1, parquet('p.parquet')).")
    assert "cannot be read as a Parquet file" in error.message


def test_an_unreadable_file(tmp_path: Path) -> None:
    _parquet(tmp_path / "p.parquet", a=["x"])
    (tmp_path / "p.parquet").chmod(0)
    try:
        if os.access(tmp_path / "p.parquet", os.R_OK):  # root reads anything
            pytest.skip("the tests run as a user who reads unreadable files")
        error = _opening_error(tmp_path, ":- external(p/1, parquet('p.parquet')).")
        assert "permission denied" in error.message
    finally:
        (tmp_path / "p.parquet").chmod(0o644)


def test_a_column_count_other_than_the_arity(tmp_path: Path) -> None:
    _parquet(tmp_path / "p.parquet", a=["x"], b=["y"], c=["z"])
    error = _opening_error(tmp_path, ":- external(parent/2, parquet('p.parquet')).")
    assert "has 3 columns (a, b, c) where the predicate has 2 arguments" in error.message


def test_a_column_of_another_type(tmp_path: Path) -> None:
    import datetime

    _parquet(tmp_path / "p.parquet", who=["x"], born=[datetime.date(2000, 1, 1)])
    error = _opening_error(tmp_path, ":- external(p/2, parquet('p.parquet')).")
    assert "column 2 (born) holds DATE values" in error.message


def test_a_duckdb_database_without_the_table(tmp_path: Path) -> None:
    import duckdb

    connection = duckdb.connect(str(tmp_path / "kb.duckdb"))
    connection.execute("CREATE TABLE other AS SELECT 'a' AS x")
    connection.close()
    error = _opening_error(tmp_path, ":- external(p/1, duckdb('kb.duckdb', p)).")
    assert "the database has no table p" in error.message


def test_facts_both_in_the_file_and_outside(tmp_path: Path) -> None:
    _parquet(tmp_path / "p.parquet", a=["x"])
    error = _opening_error(tmp_path, ":- external(p/1, parquet('p.parquet')).\np(y).")
    assert "also has clauses in the knowledge base" in error.message


def test_an_unreachable_spark_master_fails_at_once() -> None:
    kb = loads("p(a).")
    with pytest.raises(
        BackendError, match=r"cannot reach the Spark master spark://127\.0\.0\.1:9"
    ):
        open_backend(kb, "spark", spark_master="spark://127.0.0.1:9")


@pytest.mark.parametrize("master", ["bogus://x", "local[two]", "spark:/host:7077"])
def test_a_master_that_is_not_a_spark_url_fails_before_java_starts(master: str) -> None:
    kb = loads("p(a).")
    with pytest.raises(BackendError, match="is not a Spark master URL"):
        open_backend(kb, "spark", spark_master=master)


def test_duckdb_out_of_disk_names_the_relation(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = 400_000
    pq.write_table(
        pa.table(
            {"a": [f"n{i % 50_000}" for i in range(rows)], "b": [f"m{i}" for i in range(rows)]}
        ),
        tmp_path / "edge.parquet",
    )
    kb = load([_kb(tmp_path, ":- external(edge/2, parquet('edge.parquet')).")])
    backend = DuckDBBackend(kb, memory_limit="8MB", temp_directory=str(tmp_path / "spill"))
    backend.execute("SET max_temp_directory_size = '1MB'")  # a full disk, as DuckDB sees it
    backend.open_external()
    kb.external_facts = backend
    with pytest.raises(BackendError) as raised:
        answers(kb, "aggregate_all(count, (edge(X, Y), edge(X, Z)), N)", backend)
    message = str(raised.value)
    assert "ran out of memory and of disk" in message and "edge/2 (edge.parquet)" in message
    backend.close()


def test_the_command_line_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    _kb(tmp_path, ":- external(parent/2, parquet('people/parent.parquet')).\n")
    done = _cli("query", "kb.pl", "parent(X, Y)", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "kb.pl:1:1: error: external parent/2 from people/parent.parquet: no such file"
    )


# ------------------------------------------------------------------------ store
def test_store_refuses_mixed_types_at_the_fact(tmp_path: Path) -> None:
    path = _kb(tmp_path, "age(ann, 3).\nage(bob, 4).\nage(cy, old).\n")
    with pytest.raises(KBError) as raised:
        store([str(path)], str(tmp_path / "out"))
    assert (raised.value.line, raised.value.column) == (3, 1)
    assert "argument 2 is an atom here but an integer at" in raised.value.message
    assert "--keep age/2" in raised.value.message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb.pl"]  # nothing half-written


def test_store_keeps_a_predicate_when_asked(tmp_path: Path) -> None:
    path = _kb(tmp_path, "age(ann, 3).\nage(cy, old).\nparent(ann, bob).\n")
    report = store([str(path)], str(tmp_path / "out"), keep=[("age", 2)])
    assert report.relations == {"parent/2": 1}
    program = (tmp_path / "out" / "kb.pl").read_text()
    assert "age(cy, old)." in program and "parent(ann, bob)" not in program


def test_store_leaves_nothing_when_the_disk_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from symlearn.backends import store as store_module

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(store_module._ParquetWriter, "write", full)
    path = _kb(tmp_path, "parent(ann, bob).\n")
    with pytest.raises(BackendError, match="No space left on device"):
        store([str(path)], str(tmp_path / "out"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb.pl"]


def test_store_never_replaces_an_existing_folder_or_an_input(tmp_path: Path) -> None:
    path = _kb(tmp_path, "parent(ann, bob).\n")
    (tmp_path / "out").mkdir()
    with pytest.raises(OutputError, match="exists"):
        store([str(path)], str(tmp_path / "out"))
    with pytest.raises(OutputError, match="holds the input"):
        store([str(path)], str(tmp_path), force=True)
