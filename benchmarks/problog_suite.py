"""ProbLog's own test programs, each a whole process of symlearn and of ProbLog 2.3.

The programs are the copy of ProbLog 2's ``test/`` folder in
``tests/problog/programs`` that ``problog FILE`` (its default task,
probabilities) is meant for: the top folder, ``bn/``, ``specific/``,
``parser/``, ``sample/`` and ``tasks/`` (the ``dtproblog/``, ``lfi/``,
``lficont/`` and ``constraints/`` programs are other tasks' input, measured
by ``benchmarks/problog_tasks_vs_problog.py``).  Each program runs as one
fresh process of each system, in turn: ``python -m symlearn infer FILE
--json`` and ``python -m problog FILE`` (its text: ``--web``'s JSON printer
fails on some programs it answers), start-up included, byte code compiled
beforehand into a private cache as an installed package has it (see
``benchmarks/startup.py``).  Wall time and CPU time (user + system, which a
busy machine inflates less) are both kept.

Each program's outcome, ProbLog's answer as the oracle (1e-6 on every
query):

* ``same``: both answer, the same atoms with the same probabilities;
* ``rejected``: both refuse it (symlearn with exit status 2 and a message);
* ``wrong``: both answer, differently;
* ``unsupported``: ProbLog answers, symlearn refuses;
* ``answered``: ProbLog refuses (or crashes), symlearn answers;
* ``timeout`` / ``crash``: symlearn did not finish, or ended otherwise.

    python benchmarks/problog_suite.py [--timeout 60] [--json] [--repeat N] [PROGRAM ...]

(``PROGRAM``: a path under ``tests/problog/programs``, to run those alone.)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from peers import require
from startup import environment

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from symlearn.bayes.problog.tables import variant_key  # noqa: E402
from symlearn.errors import SymlearnError  # noqa: E402
from symlearn.kb.parser import parse_term  # noqa: E402
from symlearn.logic.printer import format_term  # noqa: E402

SUITE = REPO / "tests" / "problog" / "programs"
FOLDERS = (".", "bn", "specific", "parser", "sample", "tasks")
TOLERANCE = 1e-6
OUTCOMES = ("same", "rejected", "wrong", "unsupported", "answered", "timeout", "crash")


def suite_programs() -> list[Path]:
    return [p for folder in FOLDERS for p in sorted((SUITE / folder).glob("*.pl"))]


def _commands(path: Path) -> dict[str, list[str]]:
    return {
        "symlearn": [sys.executable, "-m", "symlearn", "infer", str(path), "--json"],
        "problog": [sys.executable, "-m", "problog", str(path)],
    }


def whole_run(command: list[str], env: dict[str, str], timeout: float) -> dict:
    """One process: its wall and CPU seconds, exit status and output (None: timed out)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, cwd=SUITE, env=env, stdout=out, stderr=err)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                process.kill()
                os.wait4(process.pid, 0)
                return {"status": None}
            time.sleep(0.005)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        return {
            "status": os.waitstatus_to_exitcode(status),
            "wall": wall,
            "cpu": usage.ru_utime + usage.ru_stime,
            "stdout": out.read().decode(errors="replace"),
            "stderr": err.read().decode(errors="replace"),
        }


def canonical(atom: str) -> str:
    """An answer's text that does not depend on layout or the names of its variables."""
    try:
        return format_term(variant_key(parse_term(atom)))
    except SymlearnError:  # ProbLog writes some atoms unreadably: c((d, e); f, 1.0)
        return re.sub(r"[\s()]", "", atom)


def symlearn_answer(run: dict) -> dict[str, float] | str | None:
    """Answers, the error message (a refusal), or None (timeout, crash, traceback)."""
    if run["status"] is None or "Traceback" in run["stderr"]:
        return None
    try:
        payload = json.loads(run["stdout"]) if run["stdout"].strip() else {}
    except json.JSONDecodeError:
        return None
    if run["status"] == 2 and "error" in payload:
        return str(payload["error"].get("message") or "?")
    if run["status"] != 0:
        return None
    return {canonical(a): float(p) for a, p in payload.get("probabilities", {}).items()}


def problog_answer(run: dict) -> dict[str, float] | str:
    """``atom:<TAB>probability`` lines as answers; any other line is ProbLog's error."""
    if run["status"] is None:
        return "timeout"
    answers: dict[str, float] = {}
    for line in run["stdout"].splitlines():
        atom, separator, value = line.strip().rpartition(":\t")
        if not separator:
            if line.strip():
                return line.strip()
            continue
        answers[canonical(atom)] = float(value)
    if run["status"] != 0 and not answers:
        return (run["stderr"].strip().splitlines() or ["crash"])[-1]
    return answers


def outcome(ours: dict[str, float] | str | None, theirs: dict[str, float] | str) -> str:
    if ours is None:
        return "crash"
    if isinstance(theirs, str):
        return "rejected" if isinstance(ours, str) else "answered"
    if isinstance(ours, str):
        return "unsupported"
    agree = set(ours) == set(theirs) and all(abs(ours[a] - theirs[a]) <= TOLERANCE for a in theirs)
    return "same" if agree else "wrong"


def run_suite(timeout: float = 60.0, repeat: int = 1, only: list[str] | None = None) -> dict:
    """Every program by both systems (``repeat`` times, interleaved; the median times).

    ``only``: these programs alone (paths under the suite, ``specific/bug_keep_order.pl``).
    """
    programs = suite_programs()
    if only:
        unknown = set(only) - {str(p.relative_to(SUITE)) for p in programs}
        if unknown:
            sys.exit(f"not a suite program: {', '.join(sorted(unknown))}")
        programs = [p for p in programs if str(p.relative_to(SUITE)) in only]
    with tempfile.TemporaryDirectory(prefix="symlearn-suite-") as cache:
        env = environment(str(Path(cache) / "pycache"))
        for command in _commands(programs[0]).values():  # warm up: byte code, file cache
            whole_run(command, env, timeout)
        rows = []
        for path in programs:
            runs: dict[str, list[dict]] = {"symlearn": [], "problog": []}
            for _ in range(repeat):
                for system, command in _commands(path).items():
                    runs[system].append(whole_run(command, env, timeout))
            ours = symlearn_answer(runs["symlearn"][0])
            theirs = problog_answer(runs["problog"][0])
            row: dict = {
                "program": str(path.relative_to(SUITE)),
                "outcome": "timeout" if runs["symlearn"][0]["status"] is None else "",
            }
            row["outcome"] = row["outcome"] or outcome(ours, theirs)
            if isinstance(theirs, str):
                row["problog_error"] = theirs
            if isinstance(ours, str):
                row["symlearn_error"] = ours
            elif row["outcome"] == "wrong" and isinstance(theirs, dict) and ours is not None:
                row["symlearn_answers"], row["problog_answers"] = ours, theirs
            for system, done in runs.items():
                if all(r["status"] is not None for r in done):
                    row[f"{system}_wall"] = statistics.median(r["wall"] for r in done)
                    row[f"{system}_cpu"] = statistics.median(r["cpu"] for r in done)
            rows.append(row)
    return {"rows": rows, "summary": summary(rows)}


def summary(rows: list[dict]) -> dict:
    timed = [r for r in rows if "symlearn_wall" in r and "problog_wall" in r]
    totals = {
        f"{system}_{clock}": sum(r[f"{system}_{clock}"] for r in timed)
        for system in ("symlearn", "problog")
        for clock in ("wall", "cpu")
    }
    slower = [r for r in timed if r["symlearn_wall"] > r["problog_wall"]]
    return {
        "programs": len(rows),
        "outcomes": {name: sum(r["outcome"] == name for r in rows) for name in OUTCOMES},
        **totals,
        "ratio_wall": totals["problog_wall"] / max(totals["symlearn_wall"], 1e-9),
        "ratio_cpu": totals["problog_cpu"] / max(totals["symlearn_cpu"], 1e-9),
        "timed": len(timed),
        **{
            f"{system}_median_{clock}": statistics.median(r[f"{system}_{clock}"] for r in timed)
            for system in ("symlearn", "problog")
            for clock in ("wall", "cpu")
            if timed
        },
        "symlearn_slower_wall": len(slower),
        "symlearn_slower_cpu": sum(r["symlearn_cpu"] > r["problog_cpu"] for r in timed),
        "worst_ratio_wall": min(
            (r["problog_wall"] / r["symlearn_wall"] for r in timed), default=None
        ),
    }


def report(result: dict) -> None:
    for row in result["rows"]:
        times = ""
        if "symlearn_wall" in row and "problog_wall" in row:
            times = (
                f"{row['symlearn_wall']:6.2f}s vs {row['problog_wall']:6.2f}s wall  "
                f"{row['symlearn_cpu']:5.2f}s vs {row['problog_cpu']:5.2f}s cpu"
            )
        note = row.get("symlearn_error") or row.get("problog_error") or ""
        print(f"{row['program']:<42} {row['outcome']:<12} {times}  {note[:60]}")
    print(summary_line(result["summary"]))


def summary_line(total: dict) -> str:
    counts = ", ".join(f"{n} {name}" for name, n in total["outcomes"].items() if n)
    medians = {
        f"{system}_{clock}": total.get(f"{system}_median_{clock}", 0.0)
        for system in ("symlearn", "problog")
        for clock in ("wall", "cpu")
    }
    return (
        f"problog-tests {total['programs']:>4}  {counts}\n"
        f"  whole runs of {total['timed']} programs: symlearn {total['symlearn_wall']:.1f}s "
        f"vs problog {total['problog_wall']:.1f}s wall (ratio {total['ratio_wall']:.2f}), "
        f"{total['symlearn_cpu']:.1f}s vs {total['problog_cpu']:.1f}s cpu "
        f"(ratio {total['ratio_cpu']:.2f}); symlearn slower on "
        f"{total['symlearn_slower_wall']} programs (worst ratio {total['worst_ratio_wall']:.2f})"
        f"\n  median whole run: symlearn {medians['symlearn_wall']:.3f}s vs problog "
        f"{medians['problog_wall']:.3f}s wall, {medians['symlearn_cpu']:.3f}s vs "
        f"{medians['problog_cpu']:.3f}s cpu; symlearn slower in cpu on "
        f"{total['symlearn_slower_cpu']} programs"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="Seconds per run.")
    parser.add_argument("--repeat", type=int, default=1, help="Runs of each (median).")
    parser.add_argument("--json", action="store_true", help="Print the rows as JSON.")
    parser.add_argument("programs", nargs="*", help="Only these (paths under the suite).")
    args = parser.parse_args()
    require("problog")
    result = run_suite(args.timeout, args.repeat, args.programs)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result)
    bad = ("wrong", "crash", "timeout")
    return 1 if any(result["summary"]["outcomes"][name] for name in bad) else 0


if __name__ == "__main__":
    sys.exit(main())
