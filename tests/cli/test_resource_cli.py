"""Requests for more memory than exists are one-line errors, before anything is allocated."""

from __future__ import annotations

from pathlib import Path

import pytest

from symlearn.bounds.sizes import hypothesis_space_size
from symlearn.cli import main
from symlearn.errors import ResourceLimitError

KB = Path(__file__).resolve().parents[2] / "kb"


def _one_line_error(capsys, status):
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.slow
def test_a_hypothesis_space_size_too_large_to_write(capsys):
    status = main(
        ["bound", "hypothesis-space-size", "--class", "k-cnf", "--n", "1000", "--k", "50"]
    )
    assert "too large to compute" in _one_line_error(capsys, status)
    with pytest.raises(ResourceLimitError):
        hypothesis_space_size("k-cnf", 1000, k=50)
    # below the limit it is computed exactly: 2**(2 n**2) for k = 2
    assert hypothesis_space_size("k-cnf", 1000, k=2).size == 2 ** (2 * 1000**2)


def test_a_lattice_too_large_for_any_max_nodes(capsys, tmp_path):
    status = main(
        [
            "lattice",
            str(KB / "votes.pl"),
            "--target",
            "republican/16",
            "--space",
            "hypothesis",
            "--max-nodes",
            "100000000000",
            "-o",
            str(tmp_path / "l.json"),
        ]
    )
    assert "43046722 hypotheses" in _one_line_error(capsys, status)


@pytest.mark.parametrize(
    "goal",
    [
        "tab(100000000000)",
        "length(L, 100000000000)",
        "functor(F, foo, 100000000000)",
        "X is 1 << 100000000000",
        "X is 10 ** (10 ** 10)",
        "atom_length(A, 100000000000)",
    ],
)
def test_huge_terms_are_resource_errors(capsys, tmp_path, goal):
    program = tmp_path / "p.pl"
    program.write_text("p.\n")
    status = main(["query", str(program), goal])
    err = capsys.readouterr().err
    assert status == 2 and "Traceback" not in err
    caught = main(["query", str(program), f"catch({goal}, error(E, _), true)"])
    out = capsys.readouterr().out
    assert caught == 0
    assert "resource_error" in out or "instantiation_error" in out
