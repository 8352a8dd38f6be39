"""Run every hostile probe as its own process and count the outcomes by category.

The probes are those of ``tests/test_hostile_inputs.py`` (``tests/probes/hostile.py``:
mutated and synthetic files, bad parameters for every option of every command
and learner, bad output paths, runaway and malformed goals, requests for more
memory than exists).  Each runs as ``python -m symlearn ...`` with a time
limit, so a hang is seen as one (the test runs them in process and cannot).
A probe is

* clean: exit status 0, 1 or 2 as expected, no traceback, an error in one line
  (a file error adds its source line and a caret);
* traceback: a Python traceback was printed;
* hang: still running at the time limit (then killed);
* wrong: an unexpected exit status or an error message of several lines.

Run: python benchmarks/hostile_probes.py [--timeout 30] [--jobs 1] [--category NAME]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from tests.probes.hostile import probes  # noqa: E402
from tests.probes.run import judge, run_as_process  # noqa: E402

VERDICTS = ("clean", "traceback", "hang", "wrong")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per probe")
    parser.add_argument("--jobs", type=int, default=1, help="probes run side by side")
    parser.add_argument("--category", help="only this category")
    parser.add_argument("--seed", type=int, default=15, help="seed of the mutated files")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        chosen = [
            p for p in probes(Path(folder), options.seed) if options.category in (None, p.category)
        ]
        started = time.perf_counter()
        with ThreadPoolExecutor(options.jobs) as pool:
            outcomes = list(pool.map(lambda p: run_as_process(p, options.timeout), chosen))
        elapsed = time.perf_counter() - started
    counts: Counter[tuple[str, str]] = Counter()
    for probe, outcome in zip(chosen, outcomes):
        verdict = judge(probe, outcome)
        counts[probe.category, verdict] += 1
        if verdict != "clean":
            last = (outcome.err.strip().splitlines() or [""])[-1]
            print(
                f"{verdict}: symlearn {' '.join(probe.argv)[:150]} -> {outcome.status}: "
                f"{last[:150]}"
            )
    categories = sorted({p.category for p in chosen})
    print(f"\n{'category':<10} {'tried':>6} " + " ".join(f"{v:>9}" for v in VERDICTS))
    for category in [*categories, "all"]:
        row = {
            v: sum(n for (c, w), n in counts.items() if w == v and category in (c, "all"))
            for v in VERDICTS
        }
        cells = " ".join(f"{row[v]:>9}" for v in VERDICTS)
        print(f"{category:<10} {sum(row.values()):>6} {cells}")
    print(f"\n{len(chosen)} probes in {elapsed:.0f} s (timeout {options.timeout:g} s each)")
    return 0 if all(v == "clean" for (_, v) in counts) else 1


if __name__ == "__main__":
    sys.exit(main())
