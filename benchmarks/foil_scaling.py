"""FOIL on synthetic families of growing size: time, memory, learnt clause, held-out accuracy.

    python benchmarks/foil_scaling.py [--sizes 1000,10000,100000] [--seed 1] [--dir /tmp/foil]
    python benchmarks/foil_scaling.py --sizes 1000000          # the large run (minutes)

For each N, ``benchmarks/gen_family.py N SEED`` writes the task (5 generations,
about 1.6 parent/2 facts per person, 200 + 200 training examples of
grandparent/2 and of grandmother/2, half the negatives near misses) and the
held-out test file.  Each size runs in its own process, which reports:

* load: reading the file into a knowledge base (``symlearn.kb.load``);
* learn: preparing the task (``RelationalTask.from_kb``) and
  ``symlearn.ilp.foil.foil`` for each target (set-at-a-time coverage; the
  first target also pays for encoding the fact tables);
* peak memory of that process (``ru_maxrss``);
* the learnt clause, whether it is the exact target clause (a variant up to
  the order of body literals), and the held-out accuracy through the query
  engine.

Aleph and FOIL6 are not installed here, so their figures are the reference
ones recorded in issue 8 for the same generator on this kind of machine
(Aleph 5 on SWI-Prolog 9.0.4: 0.39 / 2.49 / 24.8 s and 22 / 79 / 621 MB at
10k / 100k / 1M people; FOIL6: 0.06 / 0.72 / 17.9 s, 44 / 421 / 4,190 MB);
the printed ratios are symlearn's end-to-end grandparent time (load + learn)
over Aleph's, and symlearn's peak memory over FOIL6's.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from itertools import permutations
from pathlib import Path

HERE = Path(__file__).resolve().parent

ALEPH_SECONDS = {10_000: 0.39, 100_000: 2.49, 1_000_000: 24.8}
ALEPH_MB = {10_000: 22, 100_000: 79, 1_000_000: 621}
FOIL6_SECONDS = {10_000: 0.06, 100_000: 0.72, 1_000_000: 17.9}
FOIL6_MB = {10_000: 44, 100_000: 421, 1_000_000: 4190}

TARGETS = {
    "grandparent": "grandparent(X, Y) :- parent(X, Z), parent(Z, Y)",
    "grandmother": "grandmother(X, Y) :- female(X), parent(X, Z), parent(Z, Y)",
}


def generate(n: int, seed: int, directory: Path) -> Path:
    path = directory / f"family_{n}_{seed}.pl"
    if not path.exists():
        subprocess.run(
            [sys.executable, str(HERE / "gen_family.py"), str(n), str(seed), "-o", str(path)],
            check=True,
        )
    return path


def run_one(path: Path) -> dict:
    """Load, learn both targets, test; in this process (called in a child)."""
    from symlearn.ilp.foil import foil
    from symlearn.ilp.task import RelationalTask
    from symlearn.kb import load
    from symlearn.kb.parser import parse_term
    from symlearn.learning.learned_program import LearnedProgram
    from symlearn.logic.clauses import Clause

    start = time.perf_counter()
    kb = load([path])
    load_seconds = time.perf_counter() - start
    test = load([path.with_name(path.stem + "_test" + path.suffix)])
    report: dict = {"load": load_seconds, "targets": {}}
    for name, expected_text in TARGETS.items():
        start = time.perf_counter()
        result = foil(RelationalTask.from_kb(kb, (name, 2)))
        learn_seconds = time.perf_counter() - start
        positives, negatives = test.positives(name, 2), test.negatives(name, 2)
        program = LearnedProgram.from_theory(result.theory, kb)
        answers = program.covers(positives + negatives)
        truth = [True] * len(positives) + [False] * len(negatives)
        accuracy = sum(a == b for a, b in zip(answers, truth)) / len(truth)
        expected = Clause.from_term(parse_term(expected_text))
        exact = len(result.theory) == 1 and any(
            Clause(result.theory.clauses[0].head, order) == expected
            for order in permutations(result.theory.clauses[0].body)
        )
        report["targets"][name] = {
            "learn": learn_seconds,
            "theory": str(result.theory),
            "exact": exact,
            "test_accuracy": accuracy,
        }
    report["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/symlearn_foil_scaling"))
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(run_one(args.child)))
        return
    args.dir.mkdir(parents=True, exist_ok=True)
    print(
        f"{'N':>9} {'target':12} {'load s':>7} {'learn s':>8} {'total s':>8} {'peak MB':>8} "
        f"{'exact':>6} {'test acc':>8}  vs Aleph (time)  vs FOIL6 (memory)"
    )
    for n in (int(s) for s in args.sizes.split(",")):
        path = generate(n, args.seed, args.dir)
        child = subprocess.run(
            [sys.executable, __file__, "--child", str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        report = json.loads(child.stdout.strip().splitlines()[-1])
        for name, target in report["targets"].items():
            total = report["load"] + target["learn"]
            aleph = (
                f"{total / ALEPH_SECONDS[n]:.2f}x of {ALEPH_SECONDS[n]} s"
                if n in ALEPH_SECONDS and name == "grandparent"
                else ""
            )
            memory = (
                f"{report['peak_mb'] / FOIL6_MB[n]:.2f}x of {FOIL6_MB[n]} MB"
                if n in FOIL6_MB and name == "grandparent"
                else ""
            )
            print(
                f"{n:>9} {name:12} {report['load']:7.2f} {target['learn']:8.3f} "
                f"{total:8.2f} {report['peak_mb']:8.0f} {target['exact']!s:>6} "
                f"{target['test_accuracy']:8.4f}  {aleph:16} {memory}"
            )
        for target in report["targets"].values():
            print("          " + target["theory"].replace("\n", " "))


if __name__ == "__main__":
    main()
