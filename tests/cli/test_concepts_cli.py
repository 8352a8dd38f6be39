from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from symlearn.cli import main
from symlearn.engine import Engine
from symlearn.kb import load
from symlearn.logic.terms import Struct
from symlearn.render.png import decode_png_size

ROOT = Path(__file__).resolve().parents[2]
ENJOYSPORT = str(ROOT / "kb" / "enjoysport.pl")
VOTES = str(ROOT / "kb" / "votes.pl")


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *args: str) -> tuple[int, dict]:
    status, out, _ = run(capsys, *args, "--json")
    return status, json.loads(out)


def test_candidate_elimination_on_enjoysport(capsys):
    status, data = run_json(
        capsys,
        "learn",
        "candidate-elimination",
        ENJOYSPORT,
        "--target",
        "enjoysport/6",
        "--classify",
        "enjoysport(sunny, warm, normal, weak, warm, same)",
        "--suggest-query",
        "--enumerate",
    )
    assert status == 0
    assert data["algorithm"] == "candidate-elimination"
    assert data["target"] == "enjoysport/6"
    assert data["hypothesis"] == ["enjoysport(sunny, warm, _, strong, _, _)."]
    assert data["S"] == [["enjoysport(sunny, warm, _, strong, _, _)."]]
    assert sorted(data["G"]) == [
        ["enjoysport(_, warm, _, _, _, _)."],
        ["enjoysport(sunny, _, _, _, _, _)."],
    ]
    assert data["version_space_size"] == 6 == len(data["version_space"])
    assert [entry["example"] for entry in data["trace"]][2] == (
        "neg(enjoysport(rainy, cold, high, strong, warm, change))"
    )
    assert data["trace"][0]["S"] == [["enjoysport(sunny, warm, normal, strong, warm, same)."]]
    assert data["trace"][0]["G"] == [["enjoysport(_, _, _, _, _, _)."]]
    classification = data["classification"]
    assert classification["instance"] == "enjoysport(sunny, warm, normal, weak, warm, same)"
    assert (classification["positive_votes"], classification["negative_votes"]) == (3, 3)
    assert classification["label"] == "unknown"
    assert data["query"]["positive_votes"] == data["query"]["negative_votes"] == 3
    assert [c["label"] for c in data["classifications"]] == ["pos", "neg", "unknown", "unknown"]


def test_list_then_eliminate_agrees_and_refuses_over_its_limit(capsys):
    status, data = run_json(
        capsys, "learn", "list-then-eliminate", ENJOYSPORT, "--target", "enjoysport/6"
    )
    assert status == 0
    assert data["version_space_size"] == 6 and data["hypothesis_space_size"] == 973
    assert data["trace"][-1]["remaining"] == 6
    status, _out, err = run(
        capsys,
        "learn",
        "list-then-eliminate",
        ENJOYSPORT,
        "--target",
        "enjoysport/6",
        "--limit",
        "100",
    )
    assert status == 2 and "973 hypotheses" in err and "Traceback" not in err


def test_find_s_writes_a_file_swi_prolog_and_symlearn_can_consult(capsys, tmp_path):
    out_file = tmp_path / "h.pl"
    status, data = run_json(
        capsys, "learn", "find-s", ENJOYSPORT, "--target", "enjoysport/6", "-o", str(out_file)
    )
    assert status == 0 and data["consistent"]
    assert data["hypothesis"] == ["enjoysport(sunny, warm, _, strong, _, _)."]
    engine = Engine(load([str(out_file)]))
    instance = Struct("enjoysport", ("sunny", "warm", "high", "strong", "cool", "change"))
    assert engine.ask(instance)
    if shutil.which("swipl"):
        done = subprocess.run(
            [
                "swipl",
                "-q",
                "-g",
                f"consult('{out_file}'), (enjoysport(sunny,warm,high,strong,cool,change) "
                "-> halt(0) ; halt(1))",
            ],
            capture_output=True,
        )
        assert done.returncode == 0, done.stderr


def test_collapse_names_the_example_and_exits_1(capsys, tmp_path):
    bad = tmp_path / "bad.pl"
    bad.write_text(
        Path(ENJOYSPORT).read_text()
        + "neg(enjoysport(sunny, warm, normal, strong, cool, change)).\n"
    )
    status, _out, err = run(
        capsys, "learn", "candidate-elimination", str(bad), "--target", "enjoysport/6"
    )
    assert status == 1
    last = len(bad.read_text().splitlines())
    assert f"{bad}:{last}:1:" in err and "S became empty" in err
    status, data = run_json(
        capsys, "learn", "candidate-elimination", str(bad), "--target", "enjoysport/6"
    )
    assert status == 1
    assert data["S"] == [] and data["version_space_size"] == 0
    assert data["collapsed"]["line"] == last and data["collapsed"]["index"] == 4


def test_empty_hypothesis_prints_false(capsys, tmp_path):
    only_negatives = tmp_path / "neg.pl"
    only_negatives.write_text("neg(t(a, b)).\nneg(t(b, a)).\n")
    status, data = run_json(capsys, "learn", "find-s", str(only_negatives), "--target", "t/2")
    assert status == 0 and data["hypothesis"] == ["false"]
    status, data = run_json(
        capsys, "learn", "candidate-elimination", str(only_negatives), "--target", "t/2"
    )
    assert data["S"] == [["false"]]
    assert data["version_space_size"] == 3  # ∅, <a, a> and <b, b>


def test_votes_elimination_and_k_cnf(capsys):
    results = {}
    for k in ("1", "2", "3"):
        status, data = run_json(
            capsys, "learn", "elimination", VOTES, "--target", "republican/16", "--k", k
        )
        assert status == 0
        results[k] = data
    assert results["1"]["hypothesis"] == [
        "republican(_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _)."
    ]
    errors = [len(results[k]["misclassified"]) for k in ("1", "2", "3")]
    assert errors == sorted(errors, reverse=True) and errors[2] < errors[0]
    assert results["2"]["family"] == "kcnf"


def test_votes_candidate_elimination_collapses(capsys):
    status, _out, err = run(
        capsys, "learn", "candidate-elimination", VOTES, "--target", "republican/16"
    )
    assert status == 1 and "votes.pl:" in err and "became empty" in err


def test_bad_input_is_a_clear_error(capsys):
    status, _out, err = run(
        capsys,
        "learn",
        "candidate-elimination",
        ENJOYSPORT,
        "--target",
        "enjoysport/6",
        "--classify",
        "enjoysport(foggy, warm, normal, strong, cool, change)",
    )
    assert status == 2 and "foggy is not in the domain of sky" in err
    status, _out, err = run(capsys, "learn", "elimination", ENJOYSPORT, "--target", "enjoysport/6")
    assert status == 2 and "boolean attributes" in err
    status, data = run_json(capsys, "learn", "find-s", ENJOYSPORT, "--target", "enjoysport/5")
    assert status == 2 and "error" in data


@pytest.mark.parametrize("suffix", ["json", "dot", "svg", "png"])
def test_lattice_outputs(capsys, tmp_path, suffix):
    out_file = tmp_path / f"vs.{suffix}"
    status, data = run_json(
        capsys,
        "lattice",
        ENJOYSPORT,
        "--target",
        "enjoysport/6",
        "--space",
        "version",
        "-o",
        str(out_file),
        "--renderer",
        "python",
    )
    assert status == 0
    assert len(data["nodes"]) == 6 and len(data["edges"]) == 7
    labels = {n["id"]: n["label"] for n in data["nodes"]}
    assert [labels[i] for i in data["S"]] == ["<sunny, warm, ?, strong, ?, ?>"]
    assert sorted(labels[i] for i in data["G"]) == [
        "<?, warm, ?, ?, ?, ?>",
        "<sunny, ?, ?, ?, ?, ?>",
    ]
    if suffix == "json":
        assert json.loads(out_file.read_text())["edges"] == data["edges"]
    elif suffix == "png":
        assert decode_png_size(out_file.read_bytes())[0] > 100
    else:
        assert "sunny, warm, ?, strong" in out_file.read_text()


def test_lattice_refuses_the_whole_space_with_its_size(capsys, tmp_path):
    status, _out, err = run(
        capsys,
        "lattice",
        ENJOYSPORT,
        "--target",
        "enjoysport/6",
        "--space",
        "hypothesis",
        "-o",
        str(tmp_path / "h.svg"),
    )
    assert status == 2 and "973 hypotheses" in err and "--space version" in err


def test_elimination_reads_0_1_attributes_and_learns_2_cnf(capsys, tmp_path):
    data = tmp_path / "xor.pl"
    data.write_text("pos(f(1, 0, 1)).\npos(f(0, 1, 1)).\nneg(f(0, 0, 1)).\nneg(f(1, 1, 0)).\n")
    status, one = run_json(capsys, "learn", "elimination", str(data), "--target", "f/3")
    assert status == 0 and one["hypothesis"] == ["f(_, _, 1)."] and not one["consistent"]
    status, two = run_json(
        capsys, "learn", "elimination", str(data), "--target", "f/3", "--k", "2"
    )
    assert status == 0 and two["consistent"]
    assert two["hypothesis"] == [
        "f(A, B, 1) :-\n    (   A=1\n    ;   B=1\n    ),\n    (   A=0\n    ;   B=0\n    )."
    ]
