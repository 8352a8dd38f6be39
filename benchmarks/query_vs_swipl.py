"""Query speed: symlearn's engine against SWI-Prolog on the same family files.

    python benchmarks/query_vs_swipl.py [--sizes 1000 10000 100000] [--seed 1]

For each size N, ``gen_family.py N SEED --rules`` writes a family knowledge
base; both systems load it and find all solutions of ``grandparent(X, Y)`` and
of the tabled ``ancestor(X, Y)``.  Load and each query are timed separately
(wall clock, in the same process as the work: SWI-Prolog times itself with
``statistics/2``), and the script prints the times and the ratios
symlearn/SWI.  The solution counts of both systems are printed and must agree.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gen_family
from peers import require_program
from symlearn.engine import Engine
from symlearn.kb import load, parse_term

SWI_DRIVER = """
main :-
    getenv('FAMILY_FILE', File),
    get_time(T0),
    load_files(File, [silent(true)]),
    get_time(T1),
    aggregate_all(count, grandparent(_, _), G),
    get_time(T2),
    aggregate_all(count, ancestor(_, _), A),
    get_time(T3),
    format('{"load": ~6f, "grandparent": ~6f, "ancestor": ~6f, ', [T1 - T0, T2 - T1, T3 - T2]),
    format('"grandparent_count": ~d, "ancestor_count": ~d}~n', [G, A]).
"""


def run_symlearn(path: Path) -> dict[str, float]:
    """Load ``path`` and run both queries in symlearn; times in seconds."""
    start = time.perf_counter()
    kb = load(path)
    loaded = time.perf_counter()
    engine = Engine(kb)
    grandparents = engine.count(parse_term("grandparent(X, Y)"))
    queried = time.perf_counter()
    ancestors = engine.count(parse_term("ancestor(X, Y)"))
    done = time.perf_counter()
    return {
        "load": loaded - start,
        "grandparent": queried - loaded,
        "ancestor": done - queried,
        "grandparent_count": grandparents,
        "ancestor_count": ancestors,
    }


def run_swipl(path: Path) -> dict[str, float]:
    """Load ``path`` and run both queries in SWI-Prolog (it times itself)."""
    swipl = require_program("swipl", "apt-get install swi-prolog-nox")
    with tempfile.NamedTemporaryFile("w", suffix=".pl", delete=False) as driver:
        driver.write(SWI_DRIVER)
    env = {**os.environ, "FAMILY_FILE": str(path)}
    result = subprocess.run(
        [swipl, "-q", "-g", "main", "-t", "halt", driver.name],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    Path(driver.name).unlink()
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    """Run the comparison and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    header = (
        f"{'people':>8} {'system':>9} {'load s':>8} {'gp s':>8} {'anc s':>8} "
        f"{'total s':>8} {'gp n':>8} {'anc n':>9}"
    )
    print(header)
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            path = Path(tmp) / f"family_{n}.pl"
            gen_family.write(n, args.seed, path, rules=True, k=0)
            swi = run_swipl(path)
            ours = run_symlearn(path)
            for name, r in (("SWI", swi), ("symlearn", ours)):
                total = r["load"] + r["grandparent"] + r["ancestor"]
                print(
                    f"{n:>8} {name:>9} {r['load']:>8.3f} {r['grandparent']:>8.3f} "
                    f"{r['ancestor']:>8.3f} {total:>8.3f} {r['grandparent_count']:>8} "
                    f"{r['ancestor_count']:>9}"
                )
            ratios = {k: ours[k] / max(swi[k], 1e-6) for k in ("load", "grandparent", "ancestor")}
            total_ratio = sum(ours[k] for k in ratios) / sum(swi[k] for k in ratios)
            agree = (
                ours["grandparent_count"] == swi["grandparent_count"]
                and ours["ancestor_count"] == swi["ancestor_count"]
            )
            print(
                f"{n:>8} {'ratio':>9} {ratios['load']:>8.2f} {ratios['grandparent']:>8.2f} "
                f"{ratios['ancestor']:>8.2f} {total_ratio:>8.2f}   counts agree: {agree}"
            )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
