"""``symlearn query`` calls a file's directive goals and initialization goals, as SWI-Prolog.

SWI-Prolog calls a directive that is not a declaration when it loads the
file, and an initialization goal once the file is loaded; ``halt/0,1`` ends
the process.  ``symlearn query`` calls them before its own goal; learners
and a plain ``Engine`` never do.
"""

from __future__ import annotations

import io
import subprocess
import sys

from symlearn.cli import main
from symlearn.engine import Engine
from symlearn.kb import load, parse_term
from tests.conftest import SWIPL, requires_swipl

SCRIPT = """\
:- initialization(main).
:- dynamic seen/1.
:- assertz(seen(load)), write(loading), nl.
main :- forall(seen(X), (write(X), nl)), format("~a~t~12|~a~n", [name, value]).
:- X = 2, Y is X * 21, write(Y), nl.
:- fail.
:- atom_length(_, _).
:- assertz(seen(later)).
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_query_runs_directive_goals_then_initialization_goals_then_its_own(tmp_path, capsys):
    path = tmp_path / "script.pl"
    path.write_text(SCRIPT)
    status, out, err = run(capsys, "query", str(path), "seen(X)")
    assert status == 0
    lines = out.splitlines()
    assert lines[:5] == ["loading", "42", "load", "later", "name        value"]
    assert lines[5:7] == ["X = load", "X = later"]
    assert "script.pl:6:1: warning: the directive failed: fail\n" in err
    assert (
        "script.pl:7:1: warning: the directive raised an error: "
        "Arguments are not sufficiently instantiated\n"
    ) in err


@requires_swipl
def test_the_program_prints_what_swipl_prints(tmp_path, capsys):
    path = tmp_path / "script.pl"
    path.write_text(SCRIPT)
    _, ours, _ = run(capsys, "query", str(path), "true")
    assert SWIPL is not None
    theirs = subprocess.run(
        [SWIPL, "-q", "-t", "halt", str(path)], capture_output=True, text=True, timeout=60
    ).stdout
    assert ours.removesuffix("true.\n") == theirs


def test_halt_ends_the_command_with_its_status(tmp_path, capsys):
    path = tmp_path / "halting.pl"
    path.write_text(":- initialization(main).\nmain :- write(bye), nl, halt(3).\n")
    status, out, _ = run(capsys, "query", str(path), "write(never)")
    assert (status, out) == (3, "bye\n")
    path.write_text(":- initialization(main, main).\nmain :- write(done), nl.\n")
    status, out, _ = run(capsys, "query", str(path), "write(never)")
    assert (status, out) == (0, "done\n")


def test_halt_is_not_caught_by_catch(tmp_path, capsys):
    path = tmp_path / "caught.pl"
    path.write_text("p.\n")
    status, out, _ = run(capsys, "query", str(path), "catch(halt(4), _, write(caught))")
    assert (status, out) == (4, "")


def test_loading_and_a_plain_engine_run_no_directive_goal(tmp_path):
    path = tmp_path / "script.pl"
    path.write_text(SCRIPT)
    kb = load(str(path))
    assert [str(goal) for goal, _ in kb.initialization] == ["main"]
    assert len(kb.goals) == 4  # assertz/1 directives are declarations, run as the file loads
    output = io.StringIO()
    assert Engine(kb, output=output).ask(parse_term("true"))
    assert output.getvalue() == ""


def test_query_reads_standard_input(tmp_path):
    path = tmp_path / "p.pl"
    path.write_text("p.\n")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "symlearn",
            "query",
            str(path),
            "read(X), read_line_to_string(user_input, L)",
        ],
        input="foo(bar). rest of line\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.stdout.splitlines()[0] == 'X = foo(bar), L = " rest of line"'
