"""The INRIA ISO Prolog conformance suite: symlearn's engine against SWI-Prolog, in one run.

    python benchmarks/iso_suite.py [--verbose] [--only FILE ...] [--timeout SECONDS]

The suite (``tests/engine/inriasuite``: 55 files, 420 tests ``[Goal,
Expected].`` on the ISO built-ins, with their driver ``inriasuite.pl``, see
PROVENANCE.md there) is run by its own driver in both systems: for each test
file the driver's ``test/2`` runs every term read from the file with
``read/1`` (so a ``set_prolog_flag(double_quotes, ...)`` test changes how the
next test reads, as the suite intends), compares the answers with the
expected ones and keeps a score per file (``score(File, total(T),
wrong(W))``).  The only difference between the systems is how the file
becomes the current input: SWI-Prolog's ``see/1``, symlearn's engine's
``input`` stream.  A test whose goal raises an error the driver does not
catch, or a file that runs past the time limit, counts its remaining tests
as wrong.

Prints a table of the wrong tests per file (only files where either system
has one), the totals, and with ``--verbose`` the driver's report of each test
symlearn gets wrong.  Exit status 0.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import require_program
from symlearn.engine import Engine
from symlearn.errors import SymlearnError
from symlearn.kb import load, loads, parse_term

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "engine" / "inriasuite"

#: The loop each system runs over one test file (the driver's loop_through/2
#: with read/1 from the current input; an error escaping test/2 counts as wrong).
HARNESS = """
'$iso_run'(F) :-
    asserta(score(F, total(0), wrong(0))),
    '$iso_open'(F),
    '$iso_loop'(F),
    '$iso_close'.
'$iso_loop'(F) :-
    catch(read(X), B, X = B),
    (   X == end_of_file
    ->  true
    ;   reset_flags,
        (   catch(test(F, X), _, fail)
        ->  true
        ;   update_score(F, error, error)
        ),
        '$iso_loop'(F)
    ).
"""
SWI_STREAMS = """
'$iso_open'(F) :- absolute_file_name(F, Path), see(Path).
'$iso_close' :- seen.
"""
SYMLEARN_STREAMS = """
'$iso_open'(_).
'$iso_close'.
"""


def test_files() -> list[str]:
    """The files the driver's ``file/1`` lists, in its order."""
    driver = (SUITE / "inriasuite.pl").read_text(encoding="utf-8")
    return [name.strip("'") for name in re.findall(r"^file\(([^)]*)\)\.", driver, re.M)]


def tests_in(name: str) -> int:
    """How many tests a file holds (terms starting a line with ``[``)."""
    text = (SUITE / name).read_text(encoding="utf-8")
    return len(re.findall(r"^\[", text, re.M))


def run_swipl(files: list[str], timeout: float) -> dict[str, tuple[int, int]]:
    """SWI-Prolog's (total, wrong) per file."""
    swipl = require_program("swipl", "apt-get install swi-prolog-nox")
    with tempfile.TemporaryDirectory() as tmp:
        harness = Path(tmp) / "harness.pl"
        harness.write_text(HARNESS + SWI_STREAMS, encoding="utf-8")
        calls = ", ".join(f"'$iso_run'('{name}')" for name in files)
        goal = (
            f"consult('{harness}'), {calls}, "
            "forall(score(F, total(T), wrong(W)), (writeq(s(F, T, W)), write('.'), nl))"
        )
        result = subprocess.run(
            [swipl, "-q", "-g", goal, "-t", "halt", "inriasuite.pl"],
            cwd=SUITE,
            capture_output=True,
            text=True,
            timeout=timeout * len(files),
            check=False,
        )
    scores: dict[str, tuple[int, int]] = {}
    for line in result.stdout.splitlines():
        match = re.search(r"s\('?([^,]*?)'?,(\d+),(\d+)\)\.$", line.strip())
        if match:
            scores[match.group(1)] = (int(match.group(2)), int(match.group(3)))
    return scores


def run_symlearn(files: list[str], timeout: float) -> tuple[dict[str, tuple[int, int]], str]:
    """symlearn's (total, wrong) per file, and the driver's report of the wrong tests."""
    kb = load(SUITE / "inriasuite.pl")
    loads(HARNESS + SYMLEARN_STREAMS, "harness.pl", kb)
    report = io.StringIO()
    scores: dict[str, tuple[int, int]] = {}
    for name in files:
        with (SUITE / name).open(encoding="utf-8") as tests:
            engine = Engine(kb, output=report, input=tests, timeout=timeout)
            try:
                engine.ask(parse_term(f"'$iso_run'('{name}')"))
            except SymlearnError as error:
                report.write(f"In file: {name}\nthe run stopped: {error}\n\n")
        found = list(engine.solve(parse_term(f"score('{name}', total(T), wrong(W))")))
        total = tests_in(name)
        if found:
            done = int(found[0][next(v for v in found[0] if v.name == "T")])  # type: ignore[call-overload]
            wrong = int(found[0][next(v for v in found[0] if v.name == "W")])  # type: ignore[call-overload]
            scores[name] = (max(total, done), wrong + max(0, total - done))
        else:
            scores[name] = (total, total)
    return scores, report.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true", help="print symlearn's wrong tests")
    parser.add_argument("--only", nargs="+", metavar="FILE", help="run these test files only")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per test file")
    options = parser.parse_args()
    files = options.only or test_files()
    ours, report = run_symlearn(files, options.timeout)
    theirs = run_swipl(files, options.timeout)
    print(f"{'file':<22} {'tests':>5} {'symlearn wrong':>15} {'SWI-Prolog wrong':>17}")
    for name in files:
        total, wrong = ours[name]
        swi_wrong = theirs.get(name, (total, total))[1]
        if wrong or swi_wrong:
            print(f"{name:<22} {total:>5} {wrong:>15} {swi_wrong:>17}")
    total = sum(t for t, _ in ours.values())
    passed = total - sum(w for _, w in ours.values())
    swi_total = sum(theirs.get(n, ours[n])[0] for n in files)
    swi_passed = swi_total - sum(theirs.get(n, (0, ours[n][0]))[1] for n in files)
    print(f"\npassed: symlearn {passed}/{total}, SWI-Prolog {swi_passed}/{swi_total}")
    if options.verbose:
        print("\nsymlearn's wrong answers, as the driver reports them:\n")
        print(report)


if __name__ == "__main__":
    main()
