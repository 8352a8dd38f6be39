"""symlearn learn foil / sequential-covering and symlearn export through the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from symlearn.cli import main
from symlearn.kb import load

ROOT = Path(__file__).resolve().parents[2]
FAMILY = str(ROOT / "kb" / "family.pl")
CAN_REACH = str(ROOT / "kb" / "can_reach.pl")
VOTES = str(ROOT / "kb" / "votes.pl")
NOISY = str(ROOT / "kb" / "noisy_grandmother.pl")
NOISY_TEST = str(ROOT / "kb" / "noisy_grandmother_test.pl")


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *args: str) -> tuple[int, dict]:
    status, out, _ = run(capsys, *args, "--json")
    return status, json.loads(out)


# ------------------------------------------------------------------ foil


def test_foil_json_has_the_design_keys(capsys) -> None:
    status, data = run_json(capsys, "learn", "foil", FAMILY, "--target", "grandparent/2")
    assert status == 0
    assert data["algorithm"] == "foil" and data["target"] == "grandparent/2"
    assert data["hypothesis"] == ["grandparent(A, B) :-\n    parent(A, C),\n    parent(C, B)."]
    (clause,) = data["clauses"]
    assert clause["positives"] == 8 and clause["negatives"] == 0
    assert all({"literal", "gain"} <= set(step) for step in clause["literals"])
    assert data["metrics"]["train_accuracy"] == 1.0


def test_foil_text_verbose_and_output_file(capsys, tmp_path) -> None:
    out = tmp_path / "theory.pl"
    status, text, err = run(
        capsys, "learn", "foil", CAN_REACH, "--target", "can_reach/2", "-v", "-o", str(out)
    )
    assert status == 0
    assert "can_reach(A, B) :-\n    linked_to(A, C),\n    can_reach(C, B)." in text
    assert "closed world" in err and "add linked_to(A, B)" in err
    written = load([CAN_REACH, out])
    assert len(written.predicate("can_reach", 2).clauses) == 2


def test_foil_options_and_test_metrics(capsys) -> None:
    status, data = run_json(
        capsys,
        "learn",
        "foil",
        NOISY,
        "--target",
        "grandmother/2",
        "--no-mdl",
        "--min-accuracy",
        "0.5",
        "--clause-length",
        "5",
        "--test",
        NOISY_TEST,
    )
    assert status == 0
    assert data["settings"]["mdl"] is False and data["settings"]["clause_length"] == 5
    assert data["metrics"]["test_examples"] == 160 and data["metrics"]["test_accuracy"] > 0.7


def test_foil_closed_world_cap_is_reported(capsys) -> None:
    status, data = run_json(
        capsys, "learn", "foil", CAN_REACH, "--target", "can_reach/2", "--max-negatives", "20"
    )
    assert status == 0
    assert data["closed_world"]["cap"] == 20 and data["closed_world"]["sampled"] is True


def test_foil_bad_input_exits_2_without_traceback(capsys, tmp_path) -> None:
    status, data = run_json(capsys, "learn", "foil", FAMILY, "--target", "nosuch/2")
    assert status == 2 and "no positive examples" in data["error"]["message"]
    bad = tmp_path / "bad.pl"
    bad.write_text("parent(a, b.\n")
    status, _, err = run(capsys, "learn", "foil", str(bad), "--target", "p/1")
    assert status == 2 and "bad.pl:1:" in err and "Traceback" not in err
    status, _, err = run(capsys, "learn", "foil", FAMILY, "--target", "grandparent")
    assert status == 2


# ------------------------------------------------------------------ sequential covering


def test_sequential_covering_json(capsys) -> None:
    status, data = run_json(
        capsys,
        "learn",
        "sequential-covering",
        VOTES,
        "--target",
        "republican/16",
        "--test-fraction",
        "0.3",
        "--prune",
        "0.2",
    )
    assert status == 0
    assert data["algorithm"] == "sequential-covering"
    assert data["hypothesis"] and data["clauses"]
    assert data["metrics"]["test_accuracy"] > 0.85


def test_sequential_covering_csv_and_output(capsys, tmp_path) -> None:
    csv = tmp_path / "weather.csv"
    csv.write_text(
        "outlook,wind,play\nsunny,weak,no\nsunny,strong,no\novercast,weak,yes\n"
        "overcast,strong,yes\nrain,weak,yes\nrain,strong,no\n"
    )
    out = tmp_path / "rules.pl"
    status, text, _ = run(
        capsys,
        "learn",
        "sequential-covering",
        "--csv",
        str(csv),
        "--class-column",
        "play",
        "-o",
        str(out),
    )
    # a decision list is printed once, as its rules; -o writes its clauses
    assert status == 0 and "% 1. IF outlook = sunny THEN no" in text and "label(" not in text
    assert out.read_text().count("label(weather(") >= 2
    status, data = run_json(
        capsys,
        "learn",
        "sequential-covering",
        "--csv",
        str(csv),
        "--class-column",
        "play",
        "--class",
        "yes",
    )
    assert status == 0 and data["ordered"] is False
    status, _, err = run(capsys, "learn", "sequential-covering", "--csv", str(csv))
    assert status == 2 and "--class-column" in err


# ------------------------------------------------------------------ export


@pytest.mark.parametrize(
    "fmt, names",
    [
        ("aleph", ["grandparent.b", "grandparent.f", "grandparent.n"]),
        ("popper", ["bias.pl", "bk.pl", "exs.pl"]),
        ("foil", ["grandparent.d"]),
    ],
)
def test_export_writes_the_files(capsys, tmp_path, fmt, names) -> None:
    status, data = run_json(
        capsys,
        "export",
        "--format",
        fmt,
        FAMILY,
        "--target",
        "grandparent/2",
        "-o",
        str(tmp_path),
    )
    assert status == 0
    assert sorted(Path(p).name for p in data["files"]) == sorted(names)
    assert all((tmp_path / n).exists() for n in names)


def test_export_bad_format_is_a_usage_error(capsys, tmp_path) -> None:
    status, _, _ = run(
        capsys,
        "export",
        "--format",
        "progol",
        FAMILY,
        "--target",
        "grandparent/2",
        "-o",
        str(tmp_path),
    )
    assert status == 2


def test_console_script_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "symlearn", "learn", "foil", FAMILY, "--target", "grandmother/2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0 and "grandmother(" in result.stdout
