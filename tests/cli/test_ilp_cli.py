"""``symlearn learn inverse-resolution`` and ``symlearn learn progol`` end to end."""

from __future__ import annotations

import json

import pytest

from symlearn.cli import main
from symlearn.kb import load, parse_term
from symlearn.logic.clauses import Clause


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_progol_json_on_the_family(capsys):
    status, out, _ = run(
        capsys, "learn", "progol", "kb/family.pl", "--target", "grandmother/2", "--json"
    )
    assert status == 0
    payload = json.loads(out)
    assert payload["algorithm"] == "progol"
    assert payload["target"] == "grandmother/2"
    assert payload["hypothesis"] == [
        "grandmother(A, B) :-\n    parent(A, C),\n    parent(C, B),\n    female(A)."
    ]
    (entry,) = payload["clauses"]
    assert (entry["positives"], entry["negatives"]) == (7, 0)
    assert payload["bottom_clause"].startswith("grandmother(A, B) :-")
    assert entry["bottom_clause_size"] > 3


def test_progol_verbose_prints_the_bottom_clause_and_writes_a_theory(capsys, tmp_path):
    out_file = tmp_path / "theory.pl"
    status, out, err = run(
        capsys,
        "learn",
        "progol",
        "kb/trains.pl",
        "--target",
        "eastbound/1",
        "-v",
        "-o",
        str(out_file),
    )
    assert status == 0
    assert "eastbound(A) :-\n    has_car(A, B),\n    short(B),\n    closed(B)." in out
    assert "bottom clause of eastbound(east1)" in err
    assert "load(B, rectangle, 3)" in err or "rectangle, 3)" in err
    written = load([str(out_file)])
    assert list(written.clauses("eastbound", 1)) == [
        Clause.from_term(parse_term("eastbound(A) :- has_car(A, B), short(B), closed(B)"))
    ]


def test_progol_options_override_file_settings(capsys):
    status, out, _ = run(
        capsys,
        "learn",
        "progol",
        "kb/family.pl",
        "--target",
        "grandparent/2",
        "--clause-length",
        "2",
        "--json",
    )
    assert status == 0
    payload = json.loads(out)
    assert payload["settings"]["clause_length"] == 2
    assert all(c["generalised"] is False for c in payload["clauses"])


def test_inverse_resolution_prints_the_derivation(capsys):
    status, out, _ = run(
        capsys, "learn", "inverse-resolution", "kb/grandchild.pl", "--target", "grandchild/2"
    )
    assert status == 0
    assert out.startswith("grandchild(A, B) :-\n    father(B, C),\n    father(C, A).")
    assert "├── father(tom, bob)." in out
    assert "└── grandchild(bob, A) :- father(A, tom)." in out


def test_inverse_resolution_json_has_the_derivation(capsys):
    status, out, _ = run(
        capsys,
        "learn",
        "inverse-resolution",
        "kb/grandchild.pl",
        "--target",
        "grandchild/2",
        "--json",
    )
    assert status == 0
    payload = json.loads(out)
    assert payload["algorithm"] == "inverse-resolution"
    (tree,) = payload["derivation"]
    assert tree["clause"] == "grandchild(A, B) :- father(B, C), father(C, A)."
    assert tree["partner"] == "father(tom, bob)."
    assert tree["from"]["from"]["clause"] == "grandchild(bob, shannon)."
    assert payload["clauses"][0]["positives"] == 5


@pytest.mark.parametrize("algorithm", ["progol", "inverse-resolution"])
def test_bad_input_is_exit_status_2(capsys, tmp_path, algorithm):
    status, _, err = run(capsys, "learn", algorithm, "missing.pl", "--target", "p/1")
    assert status == 2 and "Traceback" not in err
    status, out, _ = run(
        capsys, "learn", algorithm, "kb/family.pl", "--target", "nothing/3", "--json"
    )
    assert status == 2 and "error" in json.loads(out)
    bad = tmp_path / "bad.pl"
    bad.write_text(":- set(nodes, lots).\n:- modeh(1, t(+x)).\npos(t(a)).\n")
    status, _, err = run(capsys, "learn", algorithm, str(bad), "--target", "t/1")
    if algorithm == "progol":
        assert status == 2 and "nodes" in err
    status, _, _ = run(capsys, "learn", algorithm, "kb/family.pl", "--target", "grandparent")
    assert status == 2
