"""Two versions of symlearn's engine on SWI-Prolog's bench programs, alternately, in one run.

    git archive BASE | tar -x -C /tmp/base          # the code to compare with
    python benchmarks/engine_ab.py /tmp/base/src src [--only PROGRAM ...] [--repeat 3]

For an engine change, :mod:`bench_suite`'s ratio to SWI-Prolog moves with
the load and with SWI-Prolog's own short runs (0.03-0.05 s a program); this
compares the engine with itself.  Each program's ``top/0`` runs N times (the
suite's count divided by ``--speedup``) in a fresh process of each version
in turn, ``--repeat`` times each, after one untimed run in the process
(warm switches); the fastest CPU time of each version counts.  With
``--fresh`` the timed run is on a new engine after one untimed run on
another, as :mod:`bench_suite` times it (switches compiled during the timed
run count: the warm-up a change of switch generation or heating affects).  Prints per
program both times and new/base, then the geometric mean of new/base and the
load average before and after.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_suite import DRIVER, programs


def child(path: str, n: int, fresh: bool = False) -> None:
    """Load one program, run ``top`` N times once untimed and once timed; print the CPU time.

    ``fresh``: the untimed run is ``top`` once and the timed run is on a new engine.
    """
    import io

    from symlearn.engine import Engine
    from symlearn.kb import load, loads, parse_term

    kb = loads(DRIVER, "driver.pl")
    load(path, kb)
    engine = Engine(kb, output=io.StringIO())
    goal = parse_term(f"'$bench_ntimes'(top, {n})")
    if fresh:
        engine.ask(parse_term("top"))
        engine = Engine(kb, output=io.StringIO())
    else:
        engine.ask(goal)
    start = time.process_time()
    engine.ask(goal)
    print(time.process_time() - start)


def timed(source: str, path: Path, n: int, timeout: float, fresh: bool = False) -> float:
    """The CPU time of one timed run of the program under the engine in ``source``."""
    env = dict(os.environ, PYTHONPATH=source)
    command = [sys.executable, __file__, "--child", str(path), str(n)] + ["--fresh"] * fresh
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=timeout, check=True, env=env
    )
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", help="the src folder of the version to compare with")
    parser.add_argument("new", help="the src folder of the version to measure")
    parser.add_argument(
        "--bench", type=Path, default=Path(os.environ.get("SYMLEARN_BENCH", "/work/peers/bench"))
    )
    parser.add_argument("--speedup", type=float, default=20, help="divide each count by this")
    parser.add_argument("--only", nargs="+", metavar="PROGRAM")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each version a program")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per run")
    parser.add_argument(
        "--fresh", action="store_true", help="time a new engine, as bench_suite does"
    )
    options = parser.parse_args()
    counts = programs(options.bench)
    print(f"load average {os.getloadavg()[0]:.1f}")
    logs = []
    for name in options.only or list(counts):
        n = max(1, round(counts[name] / options.speedup))
        path = options.bench / "programs" / f"{name}.pl"
        base, new = [], []
        for _ in range(options.repeat):
            base.append(timed(options.base, path, n, options.timeout, options.fresh))
            new.append(timed(options.new, path, n, options.timeout, options.fresh))
        ratio = min(new) / min(base)
        logs.append(math.log(ratio))
        print(f"{name:<16} base {min(base):7.3f} s  new {min(new):7.3f} s  new/base {ratio:6.3f}")
    mean = math.exp(sum(logs) / len(logs)) if logs else float("nan")
    print(f"geometric mean new/base: {mean:.3f}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]), "--fresh" in sys.argv[4:])
    else:
        main()
