"""FOIL and Progol learn the same theory on every backend (the 10,000-person family).

The family of ``benchmarks/gen_family.py`` (10,000 people, seed 1): the
memory backend reads its ``.pl`` file; DuckDB and Spark read the Parquet
store ``symlearn store`` makes of it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import symlearn
from symlearn.backends.store import store

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def family(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The generated family as a .pl file and as a Parquet store."""
    folder = tmp_path_factory.mktemp("family")
    path = folder / "family.pl"
    subprocess.run(
        [sys.executable, str(BENCHMARKS / "gen_family.py"), "10000", "1", "-o", str(path)],
        check=True,
        timeout=300,
    )
    store([str(path)], str(folder / "store"))
    return path, folder / "store"


def _theory(algorithm: str, source: Path, backend: str, target: str) -> list[str]:
    result = symlearn.learn(algorithm, str(source), target=target, backend=backend)
    return result.clauses()


@pytest.mark.parametrize("algorithm", ["foil", "progol"])
def test_duckdb_learns_the_memory_theory(family: tuple[Path, Path], algorithm: str) -> None:
    pl, parquet = family
    for target in ("grandparent/2", "grandmother/2"):
        expected = _theory(algorithm, pl, "memory", target)
        assert _theory(algorithm, parquet, "duckdb", target) == expected
        assert _theory(algorithm, pl, "duckdb", target) == expected  # the .pl's facts in DuckDB


def test_lff_learns_the_memory_program_on_duckdb() -> None:
    task = Path(__file__).resolve().parents[1] / "ilp" / "tasks" / "popper_family"
    expected = symlearn.learn("lff", str(task), backend="memory").clauses()
    assert symlearn.learn("lff", str(task), backend="duckdb").clauses() == expected


@pytest.mark.slow
@pytest.mark.parametrize("algorithm", ["foil", "progol"])
def test_spark_learns_the_memory_theory(
    spark: object, family: tuple[Path, Path], algorithm: str
) -> None:
    pl, parquet = family
    expected = _theory(algorithm, pl, "memory", "grandparent/2")
    assert _theory(algorithm, parquet, "spark", "grandparent/2") == expected
