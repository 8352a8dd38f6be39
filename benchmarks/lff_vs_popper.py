"""symlearn's learning from failures (lff) against Popper v3.1.0 on Popper's own examples.

    python benchmarks/lff_vs_popper.py [--tasks zendo1 dropk ...] [--timeout 60]
                                       [--popper /work/peers/popper-v3.1.0]
                                       [--only lff|popper] [--save results.json]

For every task folder of Popper v3.1.0's ``examples/`` (``bk.pl``, ``exs.pl``,
``bias.pl``), in one run on this machine, one after the other:

* Popper: ``python3 popper.py DIR --timeout T`` (``--noisy`` for the tasks
  named ``noisy-*``), a fresh process;
* lff: ``python3 -m symlearn learn lff DIR --timeout T --json -o OUT.pl``
  (``--noisy`` likewise), a fresh process.

Both get the same timeout (60 s by default); a run is also killed 30 s after
it.  Times are wall-clock seconds of the whole process (start-up, loading,
learning) and its CPU seconds (user + system, from ``wait4``), so that a
loaded machine can be seen (the load average is printed).  The ratio is
lff's wall time over Popper's (below 1: lff is faster).

**Solved** is decided by SWI-Prolog, not by either system: the program is
consulted (Popper's clauses with ``bk.pl``; lff's ``-o`` file on its own, as
it is meant to be consulted) together with ``exs.pl``, and every ``pos/1``
and ``neg/1`` atom is asked (5 s each).  Without noise a task is solved when
every positive is proved, no negative is, and the program is not the
positives memorised as facts (some clause has a body).  With noise (the
``noisy-*`` tasks, learnt with ``--noisy`` by both) there is no perfect
program to ask for: both systems minimise the description length
``MDL = literals + false negatives + false positives`` (Hocquette et al.
2024), so a task counts as solved when the program's MDL, measured by
SWI-Prolog, is below the empty program's (the number of positives: it
compresses the examples), and the table shows both systems' MDL side by side
(lower is better).

The summary gives the median and the worst ratio over the tasks both
solved, the tasks Popper solves and lff does not (or with a larger
program), and the tasks Popper does not solve either.
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
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from peers import missing, require_program  # noqa: E402

DEFAULT_POPPER = Path(os.environ.get("SYMLEARN_POPPER", "/work/peers/popper-v3.1.0"))
#: Seconds SWI-Prolog may spend proving one example.
EXAMPLE_LIMIT = 5


@dataclass
class Outcome:
    """One system on one task."""

    status: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    clauses: list[str] = field(default_factory=list)
    size: int | None = None
    tp: int | None = None
    fp: int | None = None
    positives: int = 0
    negatives: int = 0
    solved: bool = False
    note: str = ""

    @property
    def mdl(self) -> int | None:
        """Literals + false negatives + false positives (None without a program)."""
        if self.size is None or self.tp is None or self.fp is None:
            return None
        return self.size + (self.positives - self.tp) + self.fp


def run(command: list[str], cwd: Path | None, timeout: float) -> tuple[int, str, float, float]:
    """Run a command as a fresh process: (status, output, wall seconds, CPU seconds)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                status = -9
                break
            time.sleep(0.01)
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    code = status if status == -9 else os.waitstatus_to_exitcode(status)
    return code, text, wall, usage.ru_utime + usage.ru_stime


def clause_size(clause: str) -> int:
    """Literals of a clause text (head plus body literals, counted at top-level commas)."""
    text = clause.strip().rstrip(".")
    if ":-" not in text:
        return 1
    body = text.split(":-", 1)[1]
    depth, literals = 0, 1
    for char in body:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            literals += 1
    return 1 + literals


def popper_clauses(output: str) -> list[str]:
    """The clauses of Popper's printed solution (empty when it found none)."""
    match = re.search(r"\*+ SOLUTION \*+\n(.*?)\n\*{20,}", output, re.DOTALL)
    if match is None:
        return []
    return [
        line.strip()
        for line in match.group(1).splitlines()
        if line.strip() and not line.startswith("Precision")
    ]


def lff_clauses(output: str) -> list[str]:
    """The clauses of lff's JSON (empty for ``false``)."""
    match = re.search(r"^\{.*\}\s*$", output, re.MULTILINE | re.DOTALL)
    if match is None:
        return []
    try:
        payload = json.loads(match.group(0))
    except ValueError:
        return []
    return [c for c in payload.get("hypothesis", []) if c != "false"]


CHECK = """
:- use_module(library(time)).
:- style_check(-singleton).
:- style_check(-discontiguous).
proved(X) :- catch(call_with_time_limit({limit}, once(X)), _, fail).
count(P, N) :- aggregate_all(count, (call(P, X), proved(X)), N).
total(P, N) :- aggregate_all(count, call(P, _), N).
check_examples :- count(pos, TP), count(neg, FP), total(pos, P), total(neg, N),
        format("~w ~w ~w ~w~n", [TP, FP, P, N]), halt.
"""


def swipl_check(files: list[Path], work: Path) -> tuple[int, int, int, int] | None:
    """(true positives, false positives, positives, negatives) by SWI-Prolog, or None."""
    check = work / "check.pl"
    check.write_text(CHECK.format(limit=EXAMPLE_LIMIT))
    first = work / "examples_may_be_missing.pl"
    first.write_text(":- dynamic pos/1.\n:- dynamic neg/1.\n")
    goal = ", ".join(f"consult('{f}')" for f in [first, *files, check])
    _, out, _, _ = run(
        ["swipl", "-q", "-g", f"{goal}, check_examples", "-t", "halt(1)"], None, timeout=600
    )
    numbers = re.findall(r"^(\d+) (\d+) (\d+) (\d+)$", out, re.MULTILINE)
    if not numbers:
        return None
    tp, fp, p, n = map(int, numbers[-1])
    return tp, fp, p, n


def judge(outcome: Outcome, files: list[Path], work: Path, noisy: bool) -> None:
    """Fill ``tp``, ``fp``, ``solved`` from SWI-Prolog's answers."""
    if not outcome.clauses:
        outcome.note = outcome.note or "no program"
        return
    outcome.size = sum(clause_size(c) for c in outcome.clauses)
    counts = swipl_check(files, work)
    if counts is None:
        outcome.note = "SWI-Prolog could not consult the program"
        return
    outcome.tp, outcome.fp, outcome.positives, outcome.negatives = counts
    memorised = all(":-" not in c for c in outcome.clauses)
    if noisy:
        outcome.solved = outcome.mdl is not None and outcome.mdl < outcome.positives
    else:
        complete = outcome.tp == outcome.positives and outcome.fp == 0
        outcome.solved = complete and not memorised


def run_popper(task: Path, popper: Path, timeout: float, work: Path) -> Outcome:
    noisy = task.name.startswith("noisy")
    command = [sys.executable, "popper.py", str(task), "--timeout", str(timeout)]
    code, out, wall, cpu = run([*command, *(["--noisy"] if noisy else [])], popper, timeout + 30)
    outcome = Outcome(code, wall, cpu, popper_clauses(out))
    if code == -9:
        outcome.note = "killed"
    judge_popper(outcome, task, work)
    return outcome


def judge_popper(outcome: Outcome, task: Path, work: Path) -> None:
    """Judge Popper's clauses, consulted with ``bk.pl`` as they are printed."""
    theory = work / "popper_theory.pl"
    theory.write_text(":- style_check(-discontiguous).\n" + "\n".join(outcome.clauses) + "\n")
    noisy = task.name.startswith("noisy")
    judge(outcome, [task / "bk.pl", theory, task / "exs.pl"], work, noisy)


def run_lff(task: Path, timeout: float, work: Path) -> Outcome:
    noisy = task.name.startswith("noisy")
    program = work / "lff_theory.pl"
    program.unlink(missing_ok=True)
    command = [sys.executable, "-m", "symlearn", "learn", "lff", str(task), "--json"]
    command += ["--timeout", str(timeout), "-o", str(program), *(["--noisy"] if noisy else [])]
    code, out, wall, cpu = run(command, None, timeout + 30)
    outcome = Outcome(code, wall, cpu, lff_clauses(out))
    if code not in (0, 1):
        outcome.note = "killed" if code == -9 else f"status {code}: {out.strip()[-200:]}"
    if outcome.clauses and program.exists():
        judge(outcome, [program, task / "exs.pl"], work, noisy)
    elif outcome.clauses:
        outcome.note = "no -o file"
    return outcome


def show(value: float | int | None, spec: str = "") -> str:
    return "-" if value is None else format(value, spec)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", nargs="*", help="task folder names (default: all)")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--popper", type=Path, default=DEFAULT_POPPER)
    parser.add_argument("--only", choices=("lff", "popper"))
    parser.add_argument("--save", type=Path, help="write the raw results as JSON")
    parser.add_argument("--load", type=Path, help="reuse Popper's results from a --save file")
    args = parser.parse_args()
    require_program("swipl", "apt-get install swi-prolog-nox")
    examples = args.popper / "examples"
    if not (args.popper / "popper.py").is_file() or not examples.is_dir():
        raise missing(
            f"Popper v3.1.0 at {args.popper}",
            "git clone https://github.com/logic-and-learning-lab/Popper && "
            "git -C Popper checkout v3.1.0; pip install clingo pyswip python-sat",
        )
    names = args.tasks or sorted(p.name for p in examples.iterdir() if (p / "bk.pl").is_file())
    loaded = json.loads(args.load.read_text()) if args.load else {}
    print(f"load average before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    results: dict[str, dict[str, dict]] = {}
    header = (
        f"{'task':32} {'popper':>7} {'size':>4} {'wall':>6} {'cpu':>6} | "
        f"{'lff':>7} {'size':>4} {'wall':>6} {'cpu':>6} | {'ratio':>5} {'cpu':>5}"
    )
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        for name in names:
            task = examples / name
            noisy = name.startswith("noisy")
            if name in loaded and "popper" in loaded[name]:
                popper = Outcome(**loaded[name]["popper"])
                popper.note = ""
                judge_popper(popper, task, work)
            elif args.only != "lff":
                popper = run_popper(task, args.popper, args.timeout, work)
            else:
                popper = Outcome(note="not run")
            lff = run_lff(task, args.timeout, work) if args.only != "popper" else Outcome()
            results[name] = {"popper": asdict(popper), "lff": asdict(lff)}
            print(row(name, popper, lff, noisy), flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    summary(results)
    if args.save:
        args.save.write_text(json.dumps(results, indent=1))


def verdict(outcome: Outcome, noisy: bool) -> str:
    if not outcome.clauses:
        return "none"
    if noisy:
        return f"mdl{outcome.mdl}" if outcome.mdl is not None else "?"
    return "yes" if outcome.solved else "no"


def row(name: str, popper: Outcome, lff: Outcome, noisy: bool) -> str:
    ratio = lff.wall / popper.wall if popper.wall and lff.wall else None
    cpu_ratio = lff.cpu / popper.cpu if popper.cpu and lff.cpu else None
    return (
        f"{name:32} {verdict(popper, noisy):>7} {show(popper.size):>4} "
        f"{show(popper.wall, '.1f'):>6} {show(popper.cpu, '.1f'):>6} | "
        f"{verdict(lff, noisy):>7} {show(lff.size):>4} {show(lff.wall, '.1f'):>6} "
        f"{show(lff.cpu, '.1f'):>6} | {show(ratio, '.2f'):>5} {show(cpu_ratio, '.2f'):>5}"
    )


def summary(results: dict[str, dict[str, dict]]) -> None:
    both, worse, unsolved, missed = [], [], [], []
    for name, pair in results.items():
        popper, lff = Outcome(**pair["popper"]), Outcome(**pair["lff"])
        noisy = name.startswith("noisy")
        if not popper.solved:
            unsolved.append(name)
        elif not lff.solved:
            missed.append(name)
        elif noisy and (lff.mdl or 0) > (popper.mdl or 0):
            worse.append(f"{name} (MDL {lff.mdl} > {popper.mdl})")
        elif not noisy and (lff.size or 0) > (popper.size or 0):
            worse.append(f"{name} (size {lff.size} > {popper.size})")
        if popper.solved and lff.solved and popper.wall and lff.wall:
            both.append((lff.wall / popper.wall, lff.cpu / max(popper.cpu, 1e-9), name))
    print()
    if both:
        ratios = [r for r, _, _ in both]
        cpus = [c for _, c, _ in both]
        worst = max(both)
        print(
            f"median time ratio lff/Popper over {len(both)} tasks both solve: "
            f"{statistics.median(ratios):.2f} (CPU {statistics.median(cpus):.2f}); "
            f"worst {worst[0]:.2f} ({worst[2]})"
        )
        slow = [f"{n} {r:.2f}" for r, _, n in sorted(both, reverse=True) if r > 2]
        print(f"slower than 2x Popper: {', '.join(slow) or 'none'}")
    print(f"Popper solves, lff does not: {', '.join(missed) or 'none'}")
    print(f"lff's program larger (worse MDL): {', '.join(worse) or 'none'}")
    print(f"Popper does not solve either (within the timeout): {', '.join(unsolved) or 'none'}")


if __name__ == "__main__":
    main()
