"""Prolog files as SWI-Prolog reads them, through ``symlearn query`` (issues 27 and 28).

A file that redefines an ISO built-in is refused (SWI-Prolog's permission
error) while a library predicate may be redefined; operators and grammar
rules load; ``catch/3`` sees the step and time limits; library(clpfd)
answers with integers only and shows what is left of a domain.
"""

from __future__ import annotations

import json
from pathlib import Path

from symlearn.cli import main

ROOT = Path(__file__).resolve().parents[2]
FAMILY = str(ROOT / "kb" / "family.pl")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_file_may_not_redefine_an_iso_builtin(tmp_path, capsys) -> None:
    path = tmp_path / "atom.pl"
    path.write_text("atom(_) :- fail.\n")
    status, _, err = run(capsys, "query", str(path), "(atom(a) -> X = builtin ; X = redefined)")
    assert status == 2
    assert "atom.pl:1:1: error: no permission to modify static procedure atom/1" in err


def test_a_file_may_redefine_a_library_predicate(tmp_path, capsys) -> None:
    path = tmp_path / "append.pl"
    path.write_text("append(_, _, mine).\n")
    status, out, _ = run(capsys, "query", str(path), "append([a], [b], X)")
    assert status == 0 and out.splitlines()[0] == "X = mine"


def test_operators_and_grammar_rules_load(tmp_path, capsys) -> None:
    path = tmp_path / "grammar.pl"
    path.write_text(
        ":- op(700, xfx, likes).\n"
        "john likes mary.\n"
        "greeting --> [hello], who.\n"
        "who --> [world].\n"
        ":- unknown_thing(1).\n"
    )
    status, out, err = run(capsys, "query", str(path), "X likes Y, phrase(greeting, [hello, W])")
    assert status == 0
    assert out.splitlines()[0] == "X = john, Y = mary, W = world"
    assert "grammar.pl:5:1: warning: unknown directive unknown_thing/1" in err


def test_catch_sees_the_step_and_time_limits(capsys) -> None:
    status, out, _ = run(
        capsys, "query", FAMILY, "catch((repeat, fail), E, true)", "--max-steps", "1000"
    )
    assert status == 0 and out.splitlines()[0] == "E = inference_limit_exceeded"
    status, out, _ = run(
        capsys, "query", FAMILY, "catch((repeat, fail), E, true)", "--timeout", "1"
    )
    assert status == 0 and out.splitlines()[0] == "E = time_limit_exceeded"
    status, _, err = run(
        capsys,
        "query",
        FAMILY,
        "repeat, catch((repeat, fail), _, true), fail",
        "--max-steps",
        "1000",
    )
    assert status == 2 and "step limit 1000 exceeded" in err


def test_clpfd_answers_integers_only(tmp_path, capsys) -> None:
    path = tmp_path / "fd.pl"
    path.write_text(":- use_module(library(clpfd)).\n")
    status, out, _ = run(capsys, "query", str(path), "X in 1..3, label([X])", "--json")
    assert status == 0 and [s["X"] for s in json.loads(out)["solutions"]] == ["1", "2", "3"]
    status, out, _ = run(capsys, "query", str(path), "X #> 3, X #< 6")
    assert status == 0 and out.splitlines()[0] == "X in 4..5"
    status, out, _ = run(capsys, "query", str(path), "X #= 2^(-1)")
    assert status == 0 and out == "false.\n"
    status, _, err = run(capsys, "query", str(path), "X #= 1.5 + 1")
    assert status == 2 and "domain_error(clpfd_expression, 1.5)" in err
