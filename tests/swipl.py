"""Run SWI-Prolog side by side with symlearn in tests."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from tests.conftest import SWIPL

DRIVER = r"""
:- style_check(-singleton).
:- style_check(-discontiguous).
'$answer'(Goal, Vars) :-
    catch(findall(Vars, Goal, Answers), _, Answers = '<error>'),
    (   Answers == '<error>'
    ->  write('<error>'), nl
    ;   true
    ),
    forall(( is_list(Answers), member(A, Answers) ),
           \+ \+ ( numbervars(A, 0, _),
                   write_term(A, [quoted(true), numbervars(true), spacing(next_argument)]),
                   nl )),
    write('---'), nl.
"""


def run_swipl(
    program: str, goals: list[tuple[str, list[str]]], timeout: float = 60
) -> list[list[str]]:
    """All answers of each goal in SWI-Prolog: per goal, one line per answer.

    Each goal is (goal text, variable names); an answer is the list of the
    variables' values written with writeq and numbervars (unbound -> A, B ...).
    """
    assert SWIPL is not None
    with tempfile.TemporaryDirectory() as tmp:
        prog = Path(tmp) / "program.pl"
        prog.write_text(program)
        driver = Path(tmp) / "driver.pl"
        calls = "\n".join(
            f"    '$answer'(({goal}), [{', '.join(names)}])," for goal, names in goals
        )
        driver.write_text(DRIVER + f":- consult('{prog}').\nmain :-\n{calls}\n    true.\n")
        result = subprocess.run(
            [SWIPL, "-q", "-g", "main", "-t", "halt", str(driver)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    blocks: list[list[str]] = [[]]
    for line in result.stdout.splitlines():
        if line == "---":
            blocks.append([])
        else:
            blocks[-1].append(line)
    return blocks[: len(goals)]


def swipl_writeq(terms_text: list[str], timeout: float = 60) -> list[str]:
    """SWI-Prolog's writeq of each term text (read with read_term)."""
    assert SWIPL is not None
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "terms.pl"
        data.write_text("".join(f"t({t}).\n" for t in terms_text))
        result = subprocess.run(
            [
                SWIPL,
                "-q",
                "-g",
                "forall(t(T), (write_term(T, [quoted(true), spacing(next_argument), "
                "priority(999)]), nl))",
                "-t",
                "halt",
                str(data),
            ],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    return result.stdout.splitlines()


def swipl_portray(clauses_text: list[str], timeout: float = 60) -> list[str]:
    """SWI-Prolog's portray_clause/1 of each clause text, one string per clause."""
    assert SWIPL is not None
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "clauses.txt"
        data.write_text("".join(c.rstrip().rstrip(".") + ".\n" for c in clauses_text))
        goal = (
            f"open('{data}', read, S), "
            "repeat, read_term(S, T, []), "
            "( T == end_of_file -> ! ; portray_clause(T), write('%%%'), nl, fail )"
        )
        result = subprocess.run(
            [SWIPL, "-q", "-g", goal, "-t", "halt"],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    return [block.strip("\n") for block in result.stdout.split("%%%\n")][: len(clauses_text)]
