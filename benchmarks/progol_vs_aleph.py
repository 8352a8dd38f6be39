"""Progol-style learning in symlearn against Aleph's figures on record.

    python benchmarks/progol_vs_aleph.py [--sizes 1000 10000 100000] [--seed 1]

For each size the synthetic family of benchmarks/gen_family.py (N people,
200 positive and 200 negative training examples per target) is written to a
temporary directory, and ``symlearn.ilp.progol.progol`` learns
grandparent/2 and grandmother/2 from it; then the east-west trains
(kb/trains.pl).  Each run is a fresh subprocess, so its peak memory (the
process's maximum resident set size, loading included) is its own.  Printed
per run: the bottom clause size of the first seed (body literals), the
search nodes (clauses evaluated), the time to load the file, the time to
learn (bottom clauses, search and covering; what Aleph's ``induce`` times),
the peak memory, the learnt clause, and the ratio of the learning time to
Aleph's time on record.

Aleph itself is not installed here (SWI-Prolog's pack server is not
reachable), so it is not run side by side: the ratio is against the figures
on record for the same generator, grandparent/2 with Aleph's defaults:
0.39 s at 10,000 people and 2.49 s at 100,000, learning
``grandparent(A, B) :- parent(A, C), parent(C, B).``  The target is a ratio
of at most 1 at 100,000 people with that clause.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: Aleph's learning time (seconds) on record: (target, people) -> seconds.
ALEPH_SECONDS = {("grandparent", 10_000): 0.39, ("grandparent", 100_000): 2.49}
ALEPH_CLAUSE = {"grandparent": "grandparent(A, B) :-\n    parent(A, C),\n    parent(C, B)."}


def run_one(path: str, target: str, arity: int) -> dict[str, object]:
    """Load ``path``, learn ``target``; report sizes, times and peak memory (in this process)."""
    from symlearn.ilp.progol import progol
    from symlearn.kb import load

    start = time.perf_counter()
    kb = load([path])
    loaded = time.perf_counter()
    result = progol(kb, (target, arity))
    learnt = time.perf_counter()
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "target": f"{target}/{arity}",
        "clauses": [str(c.clause) for c in result.clauses],
        "bottom_clause_size": len(result.clauses[0].bottom) if result.clauses else 0,
        "nodes": result.nodes,
        "load_seconds": loaded - start,
        "learn_seconds": learnt - loaded,
        "peak_mib": peak_kb / 1024,
    }


def measure(path: Path, target: str, arity: int) -> dict[str, object]:
    """Run :func:`run_one` in a fresh interpreter."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from progol_vs_aleph import run_one; "
        "print(json.dumps(run_one(sys.argv[2], sys.argv[3], int(sys.argv[4]))))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code, str(HERE), str(path), target, str(arity)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def report(label: str, people: int | None, row: dict[str, object]) -> None:
    target = str(row["target"]).split("/")[0]
    aleph = ALEPH_SECONDS.get((target, people)) if people else None
    ratio = f"{row['learn_seconds'] / aleph:.2f}" if aleph else "-"  # type: ignore[operator]
    clause = " ".join(str(row["clauses"][0]).split()) if row["clauses"] else "-"  # type: ignore[index]
    same = ""
    if target in ALEPH_CLAUSE and aleph:
        same = "same clause" if row["clauses"] == [ALEPH_CLAUSE[target]] else "DIFFERENT clause"
    print(
        f"{label:<14} {row['target']:<14} {row['bottom_clause_size']:>6} {row['nodes']:>6} "
        f"{row['load_seconds']:>8.2f} {row['learn_seconds']:>8.2f} {row['peak_mib']:>8.0f} "
        f"{aleph if aleph else '-':>7} {ratio:>6}  {clause} {same}"
    )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("Aleph is not run here (not installed); ratios are against its figures on record.")
    print(
        f"{'data':<14} {'target':<14} {'|⊥|':>6} {'nodes':>6} {'load s':>8} {'learn s':>8} "
        f"{'peak MiB':>8} {'Aleph s':>7} {'ratio':>6}  learnt clause"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for people in args.sizes:
            path = Path(tmp) / f"family_{people}.pl"
            subprocess.run(
                [
                    sys.executable,
                    str(HERE / "gen_family.py"),
                    str(people),
                    str(args.seed),
                    "-o",
                    str(path),
                ],
                check=True,
            )
            for target in ("grandparent", "grandmother"):
                report(f"family {people:,}", people, measure(path, target, 2))
    report("trains", None, measure(ROOT / "kb" / "trains.pl", "eastbound", 1))


if __name__ == "__main__":
    main()
