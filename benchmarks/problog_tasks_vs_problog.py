"""ProbLog's tasks on ProbLog's own test programs: symlearn against ProbLog 2.3, side by side.

Each program runs as a user runs it, one whole process per system (start-up
included), in one run:

* **lfi**: the 72 programs of ProbLog's ``test/lfi`` (``tests/problog/programs/lfi``),
  ``symlearn learn problog-lfi MODEL --examples EV --json`` against
  ``problog lfi MODEL EV -O OUT``; both learned models are compared with the
  program's ``%Expected outcome:`` block (probabilities to 1e-4,
  ``<RAND>`` where the data leave one open, ``error:`` where ProbLog refuses);
* **dt**: the 14 programs of ``test/dtproblog``, ``symlearn problog dt`` against
  ``problog dt``: the same decisions and the score to 1e-6;
* **map** and **explain**: ProbLog's ``test/tasks`` programs, the decisions and
  the proofs' probabilities.

The table gives, per task, how many programs agree, and the summed
whole-process times of each system with their ratio (ProbLog / symlearn:
above 1 symlearn is faster); ``--list`` prints every program's row.

    python benchmarks/problog_tasks_vs_problog.py [--tasks lfi,dt,map,explain] [--list]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from peers import require_program

REPO = Path(__file__).resolve().parents[1]
PROGRAMS = REPO / "tests" / "problog" / "programs"
sys.path.insert(0, str(REPO / "tests" / "problog"))

from task_outcomes import expected_model, model_differences  # noqa: E402

TIMEOUT = 120


def _run(command: list[str]) -> tuple[float, subprocess.CompletedProcess[str] | None]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return TIMEOUT, None
    return time.perf_counter() - start, done


def _symlearn(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "symlearn", *arguments]


def lfi_rows() -> list[tuple[str, bool, bool, float, float]]:
    rows = []
    for model in sorted(PROGRAMS.glob("lfi/*/*.pl")):
        examples = model.with_suffix(".ev")
        expected = expected_model(model)
        ours_time, ours = _run(
            _symlearn("learn", "problog-lfi", str(model), "--examples", str(examples), "--json")
        )
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "learned.pl"
            command = ["problog", "lfi", str(model), str(examples), "-O", str(out)]
            theirs_time, _ = _run(command)
            their_model = out.read_text().splitlines() if out.exists() else None
        if isinstance(expected, str):
            ours_ok = ours is not None and ours.returncode == 2
            theirs_ok = their_model is None
        else:
            ours_ok = (
                ours is not None
                and ours.returncode == 0
                and not model_differences(expected, json.loads(ours.stdout)["hypothesis"])
            )
            theirs_ok = their_model is not None and not model_differences(
                expected, [line for line in their_model if line.strip()]
            )
        rows.append((str(model.relative_to(PROGRAMS)), ours_ok, theirs_ok, ours_time, theirs_time))
    return rows


_DECISION = re.compile(r"^\s*(.+?):\t(\d)\s*$")


def _problog_decisions(text: str) -> tuple[dict[str, int], float] | None:
    decisions = {}
    score = None
    for line in text.splitlines():
        match = _DECISION.match(line)
        if match:
            decisions[match.group(1).strip()] = int(match.group(2))
        elif line.startswith("SCORE:"):
            score = float(line.split(":", 1)[1])
    return None if score is None else (decisions, score)


def decision_rows(task: str, folder: str) -> list[tuple[str, bool, bool, float, float]]:
    rows = []
    for program in sorted((PROGRAMS / folder).glob("*.pl")):
        ours_time, ours = _run(_symlearn("problog", task, str(program), "--json"))
        theirs_time, theirs = _run(["problog", task, str(program)])
        answer = _problog_decisions(theirs.stdout) if theirs is not None else None
        agree = False
        if ours is not None and ours.returncode == 0 and answer is not None:
            payload = json.loads(ours.stdout)
            decisions = payload["decisions" if task == "dt" else "map"]
            got = {k: int(v) for k, v in decisions.items()}
            agree = got == answer[0]
            if task == "dt":
                agree = agree and abs(payload["score"] - answer[1]) <= 1e-6
        name = f"{folder}/{program.name}"
        rows.append((name, agree, answer is not None, ours_time, theirs_time))
    return rows


def explain_rows() -> list[tuple[str, bool, bool, float, float]]:
    rows = []
    for name in ("tasks/some_heads.pl", "3_tossing_coin.pl", "4_bayesian_net.pl", "ad_fact.pl"):
        program = PROGRAMS / name
        ours_time, ours = _run(_symlearn("problog", "explain", str(program), "--json"))
        theirs_time, theirs = _run(["problog", "explain", str(program)])
        agree = False
        if ours is not None and theirs is not None and ours.returncode == 0:
            theirs_p = [float(p) for p in re.findall(r"% P=([0-9.e-]+)", theirs.stdout)]
            payload = json.loads(ours.stdout)
            ours_p = [p["probability"] for ps in payload["proofs"].values() for p in ps]
            agree = len(ours_p) == len(theirs_p) and all(
                abs(a - b) <= 1e-6 for a, b in zip(ours_p, theirs_p)
            )
        rows.append((name, agree, theirs is not None, ours_time, theirs_time))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tasks", default="lfi,dt,map,explain")
    parser.add_argument("--list", action="store_true", help="print every program's row")
    args = parser.parse_args()
    require_program("problog", "python3 -m pip install problog")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    tasks = {
        "lfi": lfi_rows,
        "dt": lambda: decision_rows("dt", "dtproblog"),
        "map": lambda: decision_rows("map", "tasks"),
        "explain": explain_rows,
    }
    print(
        f"{'task':8} {'programs':>8} {'symlearn ok':>11} {'ProbLog ok':>10} "
        f"{'symlearn s':>10} {'ProbLog s':>9} {'ratio':>6}"
    )
    for task in args.tasks.split(","):
        rows = tasks[task]()
        if args.list:
            for name, ours_ok, theirs_ok, ours_time, theirs_time in rows:
                flags = f"{ours_ok!s:5} {theirs_ok!s:5}"
                print(f"  {name:45} {flags} {ours_time:6.2f} {theirs_time:6.2f}")
        ours = sum(r[3] for r in rows)
        theirs = sum(r[4] for r in rows)
        print(
            f"{task:8} {len(rows):8d} {sum(r[1] for r in rows):11d} {sum(r[2] for r in rows):10d} "
            f"{ours:10.1f} {theirs:9.1f} {theirs / ours:6.2f}"
        )


if __name__ == "__main__":
    main()
