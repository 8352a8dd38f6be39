"""Small things a new user trips over (issue 16, item 13).

* a mistyped subcommand gets "Did you mean ...?", as a mistyped option does;
* ``--classify X`` prints X's classification once, even when X is also one of
  the file's ``instance/1`` examples;
* a ``-v`` message never runs into the progress line drawn on a terminal.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import click
import pytest

from symlearn.cli import main
from symlearn.cli.common import TerminalProgress
from symlearn.cli.learn import _logger

ROOT = Path(__file__).resolve().parents[2]
ENJOYSPORT = str(ROOT / "kb" / "enjoysport.pl")
ASKED = "enjoysport(sunny, cold, normal, strong, warm, same)"  # also an instance/1 of the file


@pytest.mark.parametrize(
    ("argv", "typed", "meant"),
    [
        (["qurey", "kb/family.pl", "p(X)"], "qurey", "query"),
        (["lernn"], "lernn", "learn"),
        (["learn", "foill", "kb/family.pl"], "foill", "foil"),
        (["learn", "candidate-eliminaton"], "candidate-eliminaton", "candidate-elimination"),
    ],
)
def test_a_mistyped_command_gets_did_you_mean(argv, typed, meant, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"No such command {typed!r}. Did you mean {meant!r}?" in err


def test_a_command_nothing_like_any_gets_no_suggestion(capsys):
    assert main(["zzzz"]) == 2
    err = capsys.readouterr().err
    assert "No such command 'zzzz'." in err and "Did you mean" not in err


@pytest.mark.parametrize("algorithm", ["candidate-elimination", "find-s", "list-then-eliminate"])
def test_the_asked_instance_is_reported_once(algorithm, capsys):
    args = ["learn", algorithm, ENJOYSPORT, "--target", "enjoysport/6", "--classify", ASKED]
    if algorithm == "candidate-elimination":
        args.append("--suggest-query")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert sum(line.startswith(ASKED + ":") for line in out.splitlines()) == 1
    # the other instance/1 examples are still classified, and the JSON keeps both lists
    assert "enjoysport(rainy, cold, normal, weak, warm, same):" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    listed = [c["instance"] for c in data["classifications"]]
    assert ASKED in listed and data["classification"]["instance"] == ASKED


def screen(written: str) -> list[str]:
    """The lines a terminal shows for ``written`` (a carriage return goes back to column 0)."""
    lines = []
    for raw in written.split("\n"):
        row: list[str] = []
        column = 0
        for part_index, part in enumerate(raw.split("\r")):
            if part_index:
                column = 0
            for char in part:
                if column < len(row):
                    row[column] = char
                else:
                    row.append(char)
                column += 1
        lines.append("".join(row).rstrip())
    return lines


def test_a_log_message_clears_the_progress_line_first(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    monkeypatch.setattr(click.utils, "_default_text_stderr", lambda: stream)
    progress = TerminalProgress()
    log = _logger(1, progress)
    assert log is not None
    progress("positives covered", 0, 7)
    log(1, "clause 1: 7 uncovered positive and 7 negative examples")
    progress("positives covered", 3, 7)
    progress.clear()
    assert screen(stream.getvalue()) == [
        "clause 1: 7 uncovered positive and 7 negative examples",
        "",
    ]
