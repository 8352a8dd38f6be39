"""ProbLog programs with variables: symlearn's grounding and SDD compilation vs ProbLog 2.3.

Both systems answer the same files, written to a temporary folder:

* **smokers** and friends with N people on a random friendship graph (each
  person befriends two others at random, so influence runs round cycles):
  ``smokes(X)`` for every person;
* **reachability** on a random directed graph of N nodes (about two edges
  out of each node, cycles included): ``path(0, N-1)``;
* **ProbLog's test programs** (``problog-tests``, the copy of ProbLog 2's
  ``test/`` folder in ``tests/problog/programs``): each program one whole
  process of each system, start-up included, the total of the times and on
  how many programs symlearn is slower (``benchmarks/problog_suite.py``,
  which also prints each program's outcome; ``--suite`` runs this row only);
* **ALARM** (37 variables, from the BIF file pgmpy ships) written with
  variables: one generic rule reads every variable's value off its CPT rows
  (``value(V, S) :- row(V, R, Parents), holds(Parents), pick(V, R, S)``),
  the rows' choices as ``P::sel(V, R, I) :- conditional(V, R, I, P).``;
  P(value(hypovolemia, _)), P(value(lvfailure, _)) given two observations.

Each run is one subprocess with a timeout (``--timeout``, 60 s by
default).  The time is measured inside it (reading, grounding, compiling
and evaluating; symlearn's ``infer``, ProbLog's
``get_evaluatable("sdd").create_from(PrologFile(...)).evaluate()``) after
the imports and after each system has answered a two-line cyclic program
(``WARM_UP``) untimed, so that one-time set-up (imports, pysdd, which
``import problog`` loads too, parser tables, built-in libraries) is outside
both clocks.  The whole run of each process (start-up, imports, warm-up
and the file) is timed from outside as well ("whole run"), the honest
end-to-end figure.  The table gives both times, their ratio (ProbLog /
symlearn: above 1 symlearn is faster), the largest absolute difference
between the answers, both whole runs, and the largest size each system
finished; a system is not run on larger sizes of a family once it timed
out.  Smokers go up to 60 people and graphs to 200 nodes, past the sizes
symlearn finishes (ProbLog stops at smokers of 20 and graphs of 30 nodes).

``--startup`` times instead what a user waits for on the small sizes
(smokers of 5 and 10, graphs of 10 and 20): ``python -m symlearn infer FILE``
against ``python -m problog FILE``, whole processes, interleaved
``--repeat`` times (``benchmarks/startup.py``'s timing: byte code compiled
once into a private cache first, as an installed package has it), median
wall and CPU seconds and their ratios.

    python benchmarks/problog_vs_problog.py [--timeout 60] [--json] [--quick] [--suite]
    python benchmarks/problog_vs_problog.py --startup [--repeat 7]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from peers import require
from problog_suite import run_suite, summary_line
from startup import environment, interleaved

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from symlearn.bayes.networks.bif import parse_bif  # noqa: E402
from symlearn.kb.parser import parse_term  # noqa: E402
from symlearn.logic.printer import format_term  # noqa: E402

SMOKERS = [5, 10, 15, 20, 25, 30, 40, 50, 60]
GRAPHS = [10, 20, 30, 40, 60, 80, 100, 150, 200]
TOLERANCE = 1e-9

#: Answered by each system, untimed, before its clock starts: one-time set-up out of the clock.
WARM_UP = "0.5::e(1, 2). 0.5::e(2, 1). p(X, Y) :- e(X, Y). p(X, Y) :- e(X, Z), p(Z, Y).\n"
WARM_UP += "query(p(1, _)).\n"

_SYMLEARN_RUN = """
import json, sys, time
sys.path.insert(0, {src!r})
from symlearn.bayes.answer import infer
from symlearn.kb import loads
infer(loads({warm_up!r}))
start = time.perf_counter()
run = infer(sys.argv[1])
answers = {{str(atom): p for atom, p in run.probabilities.items()}}
print(json.dumps({{"time": time.perf_counter() - start, "answers": answers,
                  "method": run.method}}))
"""

_PROBLOG_RUN = """
import json, sys, time
from problog import get_evaluatable
from problog.program import PrologFile, PrologString
get_evaluatable("sdd").create_from(PrologString({warm_up!r})).evaluate()
start = time.perf_counter()
result = get_evaluatable("sdd").create_from(PrologFile(sys.argv[1])).evaluate()
answers = {str(atom): float(p) for atom, p in result.items()}
print(json.dumps({"time": time.perf_counter() - start, "answers": answers, "method": "sdd"}))
"""


def _two_out_edges(n: int, rng: random.Random) -> Iterator[tuple[int, int]]:
    """Edges of a random directed graph: from each node to two others (cycles included)."""
    for i in range(n):
        for j in rng.sample([k for k in range(n) if k != i], min(2, n - 1)):
            yield i, j


def smokers(n: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    lines = [f"person({i})." for i in range(n)]
    lines += [f"friend({i}, {j})." for i, j in _two_out_edges(n, rng)]
    lines += [
        "0.3::stress(X) :- person(X).",
        "0.2::influences(X, Y) :- person(X), person(Y).",
        "smokes(X) :- stress(X).",
        "smokes(X) :- friend(X, Y), influences(Y, X), smokes(Y).",
        "query(smokes(X)) :- person(X).",
    ]
    return "\n".join(lines) + "\n"


def reachability(n: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    lines = [  # the edge's probability drawn as its edge is drawn: the same graphs as before
        f"{rng.choice([0.3, 0.5, 0.7, 0.9])}::edge({i}, {j})." for i, j in _two_out_edges(n, rng)
    ]
    lines += [
        "path(X, Y) :- edge(X, Y).",
        "path(X, Y) :- edge(X, Z), path(Z, Y).",
        f"query(path(0, {n - 1})).",
    ]
    return "\n".join(lines) + "\n"


def _atom(text: str) -> str:
    return format_term(text.lower()) if text.isidentifier() else format_term(text)


def alarm_with_variables() -> str:
    pgmpy = require("pgmpy")
    path = os.path.join(os.path.dirname(pgmpy.__file__), "utils", "example_models", "alarm.bif.gz")
    with gzip.open(path, "rt") as handle:
        network = parse_bif(handle.read(), path)
    lines = [
        "value(V, S) :- row(V, R, Parents), holds(Parents), pick(V, R, S).",
        "holds([]).",
        "holds([P-S|T]) :- value(P, S), holds(T).",
        "P::sel(V, R, I) :- conditional(V, R, I, P).",
        "pick(V, R, S) :- states(V, States), pick_from(V, R, States, 1, S).",
        "pick_from(V, R, [S|_], I, S) :- sel(V, R, I).",
        "pick_from(V, R, [_|T], I, S) :-",
        "    \\+ sel(V, R, I), I1 is I + 1, pick_from(V, R, T, I1, S).",
    ]
    for name in network.variables:
        states = [_atom(s) for s in network.states(name)]
        lines.append(f"states({_atom(name)}, [{', '.join(states)}]).")
        parents = network[name].parents
        for number, (parent_states, probabilities) in enumerate(network.rows(name)):
            condition = ", ".join(f"{_atom(p)}-{_atom(s)}" for p, s in zip(parents, parent_states))
            lines.append(f"row({_atom(name)}, {number}, [{condition}]).")
            left = 1.0
            for index, p in enumerate(probabilities, start=1):
                conditional = min(1.0, p / left) if left > 1e-12 else 0.0
                left -= p
                lines.append(f"conditional({_atom(name)}, {number}, {index}, {conditional!r}).")
    lines += [
        "evidence(value(hr, high), true).",
        "evidence(value(bp, low), true).",
        "query(value(hypovolemia, _)).",
        "query(value(lvfailure, _)).",
    ]
    return "\n".join(lines) + "\n"


def run(system: str, path: Path, timeout: float) -> dict | None:
    if system == "symlearn":
        code = _SYMLEARN_RUN.format(src=str(REPO / "src"), warm_up=WARM_UP)
    else:
        code = _PROBLOG_RUN.replace("{warm_up!r}", repr(WARM_UP))
    begin = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, str(path)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    payload = json.loads(done.stdout.strip().splitlines()[-1])
    payload["wall"] = time.perf_counter() - begin
    payload["answers"] = {
        format_term(parse_term(atom)): p for atom, p in payload["answers"].items()
    }
    return payload


def difference(ours: dict, theirs: dict) -> float | None:
    if set(ours["answers"]) != set(theirs["answers"]):
        return None
    return max(
        (abs(ours["answers"][a] - theirs["answers"][a]) for a in ours["answers"]), default=0.0
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="Seconds per run.")
    parser.add_argument("--json", action="store_true", help="Print the rows as JSON.")
    parser.add_argument("--quick", action="store_true", help="The two smallest sizes only.")
    parser.add_argument("--suite", action="store_true", help="ProbLog's test programs only.")
    parser.add_argument("--startup", action="store_true", help="Whole processes, small sizes.")
    parser.add_argument("--repeat", type=int, default=7, help="Runs of each (--startup).")
    args = parser.parse_args()
    require("problog")
    if args.startup:
        return whole_processes(args.repeat)
    suite = run_suite(args.timeout)["summary"]
    if not args.json:
        print(summary_line(suite), flush=True)
    if args.suite:
        if args.json:
            print(json.dumps({"problog-tests": suite}, indent=2))
        return 0
    families = [
        ("smokers", SMOKERS[:2] if args.quick else SMOKERS, smokers),
        ("reachability", GRAPHS[:2] if args.quick else GRAPHS, reachability),
    ]
    rows = []
    largest: dict[tuple[str, str], int | None] = {}
    with tempfile.TemporaryDirectory() as folder:
        cases = [(name, size, make(size)) for name, sizes, make in families for size in sizes]
        cases.append(("alarm", 37, alarm_with_variables()))
        stopped: set[tuple[str, str]] = set()
        for name, size, text in cases:
            path = Path(folder) / f"{name}_{size}.pl"
            path.write_text(text)
            results = {}
            skipped = set()
            for system in ("symlearn", "problog"):
                if (name, system) in stopped:
                    results[system] = None
                    skipped.add(system)
                    continue
                results[system] = run(system, path, args.timeout)
                if results[system] is None or "error" in results[system]:
                    stopped.add((name, system))
                else:
                    largest[(name, system)] = size
            ours, theirs = results["symlearn"], results["problog"]
            row = {"family": name, "size": size}
            for system, result in results.items():
                if result is None:
                    row[system] = "skipped" if system in skipped else "timeout"
                elif "error" in result:
                    row[system] = "error: " + result["error"]
                else:
                    row[system] = result["time"]
                    row[f"{system}_wall"] = result["wall"]
            if isinstance(row["symlearn"], float) and isinstance(row["problog"], float):
                row["ratio"] = row["problog"] / row["symlearn"]
                row["difference"] = difference(ours, theirs)  # type: ignore[arg-type]
                row["method"] = ours["method"]  # type: ignore[index]
            rows.append(row)
            if not args.json:
                print(_line(row), flush=True)
    summary = {f"{n}/{s}": size for (n, s), size in largest.items()}
    if args.json:
        print(
            json.dumps(
                {"rows": rows, "largest_finished": summary, "problog-tests": suite}, indent=2
            )
        )
    else:
        print("largest size finished within the timeout:")
        for name in ("smokers", "reachability", "alarm"):
            print(
                f"  {name:<13} symlearn {largest.get((name, 'symlearn'))}, "
                f"problog {largest.get((name, 'problog'))}"
            )
    disagree = [
        r
        for r in rows
        if "difference" in r and (r["difference"] is None or r["difference"] > TOLERANCE)
    ]
    return 1 if disagree else 0


def whole_processes(repeat: int) -> int:
    """``symlearn infer`` and ``problog`` on the small sizes, whole processes (``--startup``)."""
    cases = [("smokers", n, smokers(n)) for n in SMOKERS[:2]]
    cases += [("reachability", n, reachability(n)) for n in GRAPHS[:2]]
    print(f"load average {os.getloadavg()[0]:.2f}; median (min) of {repeat} whole processes each")
    print(
        f"{'program':<16} {'symlearn wall':>16} {'problog':>16} {'ratio':>5}  "
        f"{'symlearn cpu':>16} {'problog':>16} {'ratio':>5}"
    )
    slower = 0
    with tempfile.TemporaryDirectory() as folder:
        env = environment(str(Path(folder) / "pycache"))
        for name, size, text in cases:
            path = Path(folder) / f"{name}_{size}.pl"
            path.write_text(text)
            commands = {
                "symlearn": [sys.executable, "-m", "symlearn", "infer", str(path)],
                "problog": [sys.executable, "-m", "problog", str(path)],
            }
            walls, cpus = interleaved(commands, env, repeat)
            wall = {system: statistics.median(times) for system, times in walls.items()}
            cpu = {system: statistics.median(times) for system, times in cpus.items()}
            slower += wall["symlearn"] > wall["problog"] or cpu["symlearn"] > cpu["problog"]
            line = f"{f'{name}-{size}':<16}"
            for medians, times in ((wall, walls), (cpu, cpus)):
                for system in ("symlearn", "problog"):
                    line += f" {medians[system]:7.3f}s ({min(times[system]):.3f})"
                line += f" {medians['problog'] / medians['symlearn']:5.2f} "
            print(line)
    print(
        f"ratio: ProbLog / symlearn of the medians (above 1: symlearn faster); slower on {slower}"
    )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


def _line(row: dict) -> str:
    def cell(value: object) -> str:
        return f"{value:8.3f}s" if isinstance(value, float) else f"{value!s:>9}"

    text = f"{row['family']:<13}{row['size']:>5}  symlearn {cell(row['symlearn'])}  "
    text += f"problog {cell(row['problog'])}"
    if "ratio" in row:
        diff = row["difference"]
        text += f"  ratio {row['ratio']:6.2f}  max |diff| "
        text += "answers differ" if diff is None else f"{diff:.1e}"
        text += f"  ({row['method']})"
        text += f"  whole run {row['symlearn_wall']:.2f}s vs {row['problog_wall']:.2f}s"
    return text


if __name__ == "__main__":
    sys.exit(main())
