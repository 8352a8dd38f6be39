"""``symlearn check`` and ``symlearn query`` through the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from symlearn.cli import main

ROOT = Path(__file__).resolve().parents[2]
FAMILY = str(ROOT / "kb" / "family.pl")
LISTS = str(ROOT / "kb" / "lists.pl")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_check_counts_what_the_files_hold(capsys) -> None:
    status, out, _ = run(capsys, "check", FAMILY, LISTS, "--json")
    payload = json.loads(out)
    assert status == 0 and payload["ok"] is True
    assert payload["positive_examples"] == 21 and payload["modes"] == 8
    assert payload["tabled"] == 1 and payload["rules"] > 10
    status, out, _ = run(capsys, "check", FAMILY)
    assert status == 0 and "positive examples" in out


def test_query_prints_solutions_in_order(capsys) -> None:
    status, out, _ = run(capsys, "query", FAMILY, "grandparent(X, lisa)")
    assert status == 0
    assert out.splitlines() == ["X = abe", "X = mona", "X = clancy", "X = jackie", "4 solutions."]


def test_query_json_and_limit(capsys) -> None:
    status, out, _ = run(capsys, "query", LISTS, "split([1, 2], L, R)", "--json", "--limit", "2")
    assert status == 0
    assert json.loads(out) == {
        "query": "split([1, 2], L, R)",
        "solutions": [{"L": "[]", "R": "[1, 2]"}, {"L": "[1]", "R": "[2]"}],
        "count": 2,
        "output": "",
    }


def test_query_json_keeps_what_the_goal_prints(capsys) -> None:
    status, out, _ = run(capsys, "query", LISTS, "write(hello), nl, X = 1", "--json")
    assert status == 0
    assert json.loads(out)["output"] == "hello\n"


def test_query_a_goal_whose_variables_stay_unbound_is_true(capsys) -> None:
    assert run(capsys, "query", LISTS, "X = X")[1] == "true.\n"


def test_query_answers_without_variables_and_fresh_variables(capsys) -> None:
    assert run(capsys, "query", FAMILY, "parent(homer, bart)")[1] == "true.\n"
    assert run(capsys, "query", FAMILY, "parent(bart, homer)")[1] == "false.\n"
    assert run(capsys, "query", LISTS, "length(L, 2)")[1].splitlines()[0] == "L = [_, _]"
    assert run(capsys, "query", LISTS, "X = f(Y, Y)")[1].splitlines()[0] == "X = f(Y, Y)"
    assert run(capsys, "query", LISTS, "A = B, X = f(A)")[1].splitlines()[0] == "A = B, X = f(B)"


def test_query_exit_statuses(capsys) -> None:
    assert run(capsys, "query", FAMILY, "parent(bart, homer)", "--fail-empty")[0] == 1
    status, _, err = run(capsys, "query", FAMILY, "nosuch(X)")
    assert status == 2 and "unknown procedure nosuch/1" in err
    status, out, _ = run(capsys, "query", FAMILY, "nosuch(X)", "--json")
    assert status == 2 and json.loads(out)["error"]["type"] == "UnknownPredicateError"
    assert run(capsys, "query", FAMILY, "nosuch(X)", "--unknown", "fail")[0] == 0
    status, _, err = run(capsys, "query", FAMILY, "p(X")
    assert status == 2 and "<goal>:1:" in err
    status, _, err = run(capsys, "query", LISTS, "my_length(L, N), N > 5", "--max-depth", "200")
    assert status == 2 and "depth limit 200 exceeded" in err


def test_bad_files_report_file_line_column_and_exit_2(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.pl"
    bad.write_text("parent(ann, bob).\nparent(bob, carl)\nparent(carl, dan).\n")
    status, _, err = run(capsys, "check", str(bad))
    assert status == 2
    lines = err.splitlines()
    assert lines[0] == f"{bad}:2:18: error: missing '.' at the end of the clause"
    assert lines[1] == "    parent(bob, carl)" and lines[2] == "    " + " " * 17 + "^"
    status, out, _ = run(capsys, "check", str(bad), "--json")
    error = json.loads(out)["error"]
    assert (error["line"], error["column"], error["type"]) == (2, 18, "KBSyntaxError")
    assert run(capsys, "check", str(tmp_path / "missing.pl"))[0] == 2


def test_usage_errors_exit_2(capsys) -> None:
    assert run(capsys, "query", FAMILY)[0] == 2
    assert run(capsys, "no-such-command")[0] == 2


@pytest.mark.parametrize(
    "command", [["check", FAMILY], ["query", FAMILY, "male(X)", "--limit", "1"]]
)
def test_console_script_runs(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "symlearn", *command], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
