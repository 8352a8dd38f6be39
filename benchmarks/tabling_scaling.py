"""Tabled mutual recursion as its answers grow: symlearn's engine against SWI-Prolog, in one run.

    python benchmarks/tabling_scaling.py [--limits 500 1000 2000 20000]

The program is SWI-Prolog's bench program ``pingpong`` (two tabled
predicates counting up in turn, ``d(X) :- e(Y), Y < Limit, X is Y + 1``)
with its limit set: ``findall(X, d(X), L)`` has Limit + 1 answers.  For each
limit both systems load the program in a fresh process and time the query in
CPU seconds inside it (SWI-Prolog's ``statistics(cputime, T)``, Python's
``time.process_time()``).  Prints the times, their ratio, and how the time
grows from one limit to the next (time ratio / limit ratio: 1 is linear, the
limit ratio itself is quadratic), with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import require_program

ROOT = Path(__file__).resolve().parent.parent


def program(limit: int) -> str:
    """The pingpong program with its limit."""
    return (
        ":- table d/1.\n:- table e/1.\n"
        f"d(X) :- e(Y), Y < {limit}, X is Y + 1.\nd(0).\n"
        f"e(X) :- d(Y), Y < {limit}, X is Y + 1.\ne(0).\n"
    )


def run_swipl(limit: int) -> tuple[int, float]:
    """The number of answers and SWI-Prolog's CPU seconds."""
    swipl = require_program("swipl", "apt-get install swi-prolog-nox")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pingpong.pl"
        path.write_text(
            program(limit) + "run :- statistics(cputime, T0), findall(X, d(X), L), "
            "statistics(cputime, T1), length(L, N), T is T1 - T0, "
            "format('~w ~15f~n', [N, T]).\n"
        )
        done = subprocess.run(
            [swipl, "-q", "-g", "run", "-t", "halt", str(path)],
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
    count, seconds = done.stdout.split()
    return int(count), float(seconds)


def run_symlearn(limit: int) -> tuple[int, float]:
    """The number of answers and symlearn's CPU seconds (in a fresh process)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run(
        [sys.executable, __file__, "--child", str(limit)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
        env=env,
    )
    count, seconds = json.loads(done.stdout.strip().splitlines()[-1])
    return int(count), float(seconds)


def child(limit: int) -> None:
    import time

    from symlearn.engine import Engine
    from symlearn.kb import loads, parse_term

    engine = Engine(loads(program(limit)))
    goal = parse_term("d(_)")
    start = time.process_time()
    count = engine.count(goal)
    print(json.dumps([count, time.process_time() - start]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limits", type=int, nargs="+", default=[500, 1000, 2000, 20000])
    options = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    header = ("limit", 7), ("answers", 8), ("symlearn s", 11), ("SWI s", 9), ("ratio", 7)
    print(" ".join(f"{name:>{width}}" for name, width in header), f"{'growth':>7}")
    previous: tuple[int, float] | None = None
    for limit in options.limits:
        count, mine = run_symlearn(limit)
        swi_count, swi = run_swipl(limit)
        if count != swi_count:
            print(f"{limit:>7}: {count} answers, SWI-Prolog {swi_count}")
        growth = ""
        if previous is not None:
            growth = f"{(mine / previous[1]) / (limit / previous[0]):7.2f}"
        print(f"{limit:>7} {count:>8} {mine:11.3f} {swi:9.4f} {mine / swi:7.1f} {growth}")
        previous = (limit, mine)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(int(sys.argv[2]))
    else:
        main()
