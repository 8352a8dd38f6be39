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

With ``--api``, the hostile calls of the Python API (``tests/probes/api.py``)
run instead, in this process, each under the time limit (SIGALRM): clean is
the expected return or ``SymlearnError``; a bare Python exception is a
traceback; a call still running at the limit is a hang.

Run: python benchmarks/hostile_probes.py [--timeout 30] [--jobs 1] [--category NAME] [--api]
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from tests.probes.api import ApiProbe, api_probes  # noqa: E402
from tests.probes.hostile import probes  # noqa: E402
from tests.probes.run import judge, run_as_process  # noqa: E402

VERDICTS = ("clean", "traceback", "hang", "wrong")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per probe")
    parser.add_argument("--jobs", type=int, default=1, help="probes run side by side")
    parser.add_argument("--category", help="only this category")
    parser.add_argument("--seed", type=int, default=15, help="seed of the mutated files")
    parser.add_argument("--api", action="store_true", help="the Python API's probes instead")
    options = parser.parse_args()
    if options.api:
        return api_main(options.timeout)
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


class _Hang(BaseException):
    """Raised by the alarm in a call that outlived its time limit."""


def _api_verdict(probe: ApiProbe, timeout: float) -> tuple[str, str]:
    from symlearn.errors import SymlearnError

    def stop(*_: object) -> None:
        raise _Hang

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        answer = probe.call()
        if hasattr(answer, "__next__"):
            list(answer)
        got, shown = "ok", ""
    except SymlearnError as error:
        got, shown = "error", str(error)
    except _Hang:
        return "hang", ""
    except Exception as error:
        return "traceback", f"{type(error).__name__}: {error}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    clean = probe.expect == "any" or got == probe.expect
    return ("clean" if clean else "wrong"), shown or got


def api_main(timeout: float) -> int:
    """Count the outcomes of the Python API's hostile calls."""
    with tempfile.TemporaryDirectory() as folder:
        chosen = api_probes(Path(folder))
        started = time.perf_counter()
        counts: Counter[str] = Counter()
        for probe in chosen:
            verdict, shown = _api_verdict(probe, timeout)
            counts[verdict] += 1
            if verdict != "clean":
                print(f"{verdict}: {probe.name[:100]} -> {shown[:150]}")
        elapsed = time.perf_counter() - started
    print(f"\n{'calls':<10} {'tried':>6} " + " ".join(f"{v:>9}" for v in VERDICTS))
    cells = " ".join(f"{counts[v]:>9}" for v in VERDICTS)
    print(f"{'api':<10} {len(chosen):>6} {cells}")
    print(f"\n{len(chosen)} calls in {elapsed:.0f} s (timeout {timeout:g} s each)")
    return 0 if set(counts) <= {"clean"} else 1


if __name__ == "__main__":
    sys.exit(main())
