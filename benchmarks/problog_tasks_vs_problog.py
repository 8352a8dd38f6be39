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
* **map**: ProbLog's ``test/tasks`` programs (every program of its ``test/``
  with ``--all``), the same assignment; ProbLog maximises the sum of the
  atoms' marginals, symlearn the joint posterior, so they may differ;
* **explain**: a few programs (every one with ``--all``), the same
  marginals and the same non-zero proof probabilities (pooled over the
  queries, as ProbLog may print a proof under another query's name); a
  program with evidence is left out, as ProbLog's explain ignores evidence;
* **constraint**: ``test/constraints`` (ProbLog needs ``fzn-gecode``:
  ``apt install flatzinc``), the same solutions as sets;
* **sample**: ``test/sample``, 20 samples from seed 1, the same samples
  (each as a set of lines; ``previous/2`` is not supported here).

"ProbLog ok" counts the programs ProbLog answers (for lfi: as its expected
outcome says).  The table gives, per task, how many programs agree, and the summed
whole-process times of each system with their ratio (ProbLog / symlearn:
above 1 symlearn is faster), and the ratio of the CPU time their processes
used (steadier than wall time on a loaded machine); ``--list`` prints every
program's row.  Both run with their ``.pyc`` files, as installed packages do
(``PYTHONDONTWRITEBYTECODE`` is dropped; the first symlearn run writes them).

    python benchmarks/problog_tasks_vs_problog.py [--tasks lfi,dt,...] [--list] [--all]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
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


#: CPU seconds (user + system) of each system's processes in the task being run.
CPU = {"symlearn": 0.0, "problog": 0.0}


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(command: list[str]) -> tuple[float, subprocess.CompletedProcess[str] | None]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its .pyc files
    start, cpu = time.perf_counter(), _cpu()
    system = "problog" if command[0] == "problog" else "symlearn"
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return TIMEOUT, None
    finally:
        CPU[system] += _cpu() - cpu  # a killed process is not counted (its time is not waited)
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


def _folder(folder: str) -> list[str]:
    return sorted(f"{folder}/{p.name}" for p in (PROGRAMS / folder).glob("*.pl"))


def decision_rows(task: str, programs: list[str]) -> list[tuple[str, bool, bool, float, float]]:
    rows = []
    for name in programs:
        program = PROGRAMS / name
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
        rows.append((name, agree, answer is not None, ours_time, theirs_time))
    return rows


#: The programs of the explain row (every program of ProbLog's test/ with --all).
TASK_PROGRAMS = ("tasks/some_heads.pl", "3_tossing_coin.pl", "01_queries.pl", "ad_fact.pl")
_PROOF = re.compile(r"^(.*?) :- (.*)\.(?:  % P=(\S+))?$")


def _all_programs() -> list[str]:
    found = [*PROGRAMS.glob("*.pl"), *PROGRAMS.glob("tasks/*.pl"), *PROGRAMS.glob("bn/*.pl")]
    return sorted(str(p.relative_to(PROGRAMS)) for p in found)


def _problog_explanation(text: str) -> tuple[list[float], dict[str, float]]:
    """The non-zero proofs' probabilities (pooled: ProbLog may misname a query) and marginals."""
    proofs_part, _, probabilities_part = text.partition("Probabilities\n-------------\n")
    proofs = []
    for line in proofs_part.split("Proofs\n------\n", 1)[-1].splitlines():
        match = _PROOF.match(line)
        if match and match.group(3) is not None:
            proofs.append(float(match.group(3)))
        elif match and match.group(2) == "true":
            proofs.append(1.0)
    marginals = {}
    for line in probabilities_part.splitlines():
        if ":" in line:
            atom, value = line.rsplit(":", 1)
            marginals[atom.strip().replace(" ", "")] = float(value)
    return sorted(p for p in proofs if p > 0), marginals


def _close(a: list[float], b: list[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= 1e-6 for x, y in zip(a, b, strict=True))


def explain_rows(programs: list[str]) -> list[tuple[str, bool, bool, float, float]]:
    """ProbLog's proofs and marginals; a program with evidence is left out (ProbLog ignores it)."""
    rows = []
    for name in programs:
        program = PROGRAMS / name
        if "evidence(" in program.read_text():
            continue
        ours_time, ours = _run(_symlearn("problog", "explain", str(program), "--json"))
        theirs_time, theirs = _run(["problog", "explain", str(program)])
        answered = theirs is not None and theirs.returncode == 0 and "Proofs" in theirs.stdout
        agree = False
        if answered and ours is not None and ours.returncode == 0:
            assert theirs is not None
            their_proofs, their_marginals = _problog_explanation(theirs.stdout)
            payload = json.loads(ours.stdout)
            ours_p = sorted(p["probability"] for ps in payload["proofs"].values() for p in ps)
            marginals = {k.replace(" ", ""): v for k, v in payload["probabilities"].items()}
            agree = (
                marginals.keys() == their_marginals.keys()
                and all(abs(marginals[k] - their_marginals[k]) <= 1e-6 for k in marginals)
                and _close([p for p in ours_p if p > 0], their_proofs)
            )
        rows.append((name, agree, answered, ours_time, theirs_time))
    return rows


def constraint_rows() -> list[tuple[str, bool, bool, float, float]]:
    """ProbLog's constraint programs: the same solutions (as sets), needs fzn-gecode."""
    rows = []
    for program in sorted((PROGRAMS / "constraints").glob("*.pl")):
        ours_time, ours = _run(_symlearn("problog", "constraint", str(program)))
        theirs_time, theirs = _run(["problog", "constraint", str(program)])
        answered = theirs is not None and "==========" in theirs.stdout
        agree = (
            answered and ours is not None and _solutions(ours.stdout) == _solutions(theirs.stdout)
        )
        name = f"constraints/{program.name}"
        rows.append((name, agree, answered, ours_time, theirs_time))
    return rows


def _solutions(text: str) -> set[frozenset[str]]:
    body = text.split("==========")[0]
    return {
        frozenset(line.strip() for line in block.splitlines() if line.strip())
        for block in body.split("----------")
        if block.strip() or body.startswith("----------")
    }


def sample_rows() -> list[tuple[str, bool, bool, float, float]]:
    """ProbLog's sample programs, 20 samples from seed 1: the same text (maze.pl as sets)."""
    rows = []
    for program in sorted((PROGRAMS / "sample").glob("*.pl")):
        options = ["-N", "20", "--seed", "1"]
        ours_time, ours = _run(_symlearn("problog", "sample", str(program), *options))
        theirs_time, theirs = _run(["problog", "sample", str(program), *options])
        answered = theirs is not None and theirs.returncode == 0
        agree = answered and ours is not None and _samples(ours.stdout) == _samples(theirs.stdout)
        rows.append((f"sample/{program.name}", agree, answered, ours_time, theirs_time))
    return rows


def _samples(text: str) -> list[list[str]]:
    return [sorted(block.split()) for block in text.split("----------------\n")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tasks", default="lfi,dt,map,explain,constraint,sample")
    parser.add_argument("--list", action="store_true", help="print every program's row")
    parser.add_argument(
        "--all", action="store_true", help="map and explain on every program of ProbLog's test/"
    )
    args = parser.parse_args()
    require_program("problog", "python3 -m pip install problog")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    tasks = {
        "lfi": lfi_rows,
        "dt": lambda: decision_rows("dt", _folder("dtproblog")),
        "map": lambda: decision_rows("map", _all_programs() if args.all else _folder("tasks")),
        "explain": lambda: explain_rows(_all_programs() if args.all else list(TASK_PROGRAMS)),
        "constraint": constraint_rows,
        "sample": sample_rows,
    }
    print(
        f"{'task':8} {'programs':>8} {'symlearn ok':>11} {'ProbLog ok':>10} "
        f"{'symlearn s':>10} {'ProbLog s':>9} {'ratio':>6} {'CPU ratio':>9}"
    )
    for task in args.tasks.split(","):
        CPU.update(symlearn=0.0, problog=0.0)
        rows = tasks[task]()
        if args.list:
            for name, ours_ok, theirs_ok, ours_time, theirs_time in rows:
                flags = f"{ours_ok!s:5} {theirs_ok!s:5}"
                print(f"  {name:45} {flags} {ours_time:6.2f} {theirs_time:6.2f}")
        ours = sum(r[3] for r in rows)
        theirs = sum(r[4] for r in rows)
        print(
            f"{task:8} {len(rows):8d} {sum(r[1] for r in rows):11d} {sum(r[2] for r in rows):10d} "
            f"{ours:10.1f} {theirs:9.1f} {theirs / ours:6.2f} "
            f"{CPU['problog'] / max(CPU['symlearn'], 1e-9):9.2f}"
        )


if __name__ == "__main__":
    main()
