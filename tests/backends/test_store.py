"""``symlearn store``: the stored knowledge base means what the original meant."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import symlearn
from symlearn.backends.goals import run_query as stored_query
from symlearn.backends.store import store
from symlearn.engine.toplevel import run_query
from symlearn.kb import load
from symlearn.kb.formats import load_task

ROOT = Path(__file__).resolve().parents[2]
TASKS = ROOT / "tests" / "ilp" / "tasks"


@pytest.mark.parametrize(
    ("source", "target"),
    [
        (ROOT / "kb" / "trains.pl", "eastbound/1"),
        (TASKS / "aleph_family" / "family", "grandparent/2"),  # an Aleph task
        (TASKS / "popper_family", None),  # a Popper task folder: bias.pl and exs.pl copied
    ],
)
@pytest.mark.parametrize("form", ["parquet", "duckdb"])
def test_foil_learns_from_the_store_what_it_learns_from_the_files(
    tmp_path: Path, source: Path, target: str | None, form: str
) -> None:
    output = tmp_path / "store"
    report = store([str(source)], str(output), format=form)
    assert report.relations and report.format == form
    expected = symlearn.learn("foil", str(source), target=target).clauses()
    assert symlearn.learn("foil", str(output), target=target, backend="duckdb").clauses() == (
        expected
    )


def test_the_program_keeps_rules_tabling_and_examples(tmp_path: Path) -> None:
    source = ROOT / "kb" / "family.pl"
    store([str(source)], str(tmp_path / "store"))
    original, stored = load([source]), load_task([str(tmp_path / "store")])
    assert stored.tabled == original.tabled and len(stored.examples) == len(original.examples)
    assert set(stored.external) == {("male", 1), ("female", 1), ("parent", 2)}
    for goal in ("ancestor(abe, X)", "sibling(bart, X)", "grandparent(X, lisa)"):
        assert sorted(map(str, run_query(original, goal).solutions)) == sorted(
            map(str, stored_query(stored, goal, backend="memory").solutions)
        )


def test_the_command_line_writes_a_store_and_says_what_is_in_it(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "symlearn",
            "store",
            str(ROOT / "kb" / "family.pl"),
            "-o",
            str(tmp_path / "family.duckdb"),
            "--json",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["format"] == "duckdb" and payload["relations"]["parent/2"] == 20
    assert sorted(p.name for p in (tmp_path / "family.duckdb").iterdir()) == [
        "facts.duckdb",
        "kb.pl",
    ]
