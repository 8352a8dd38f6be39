"""Progol in symlearn against Aleph, side by side, on the same tasks and modes.

    python benchmarks/progol_vs_aleph.py [--sizes 1000 10000] [--seed 1] [--timeout 600]
                                         [--repeat 5] [--from-source]

Each task is exported with ``symlearn export --format aleph`` (the same
examples, modes, determinations and settings; closed-world negatives listed)
and given to Aleph (``read_all``, ``induce``); symlearn's Progol learns from
the task's own file.  Every run is a fresh process, so its peak memory (the
maximum resident set size, loading included) is its own.

The columns, like with like:

* ``first s``: symlearn's Progol (fact tables, bottom clauses, search and
  covering) in the process's first run, Python's lazy imports included
  (CPU seconds, as Aleph's ``statistics(cputime)``).
* ``learn s``: the same on a fresh copy of the task in the same process
  (the median of ``--repeat`` such runs, as every column below),
  the imports and the engine's one-off set-up done (Aleph's Prolog is
  initialised when ``induce`` starts).
* ``tables s``: of that, building the integer-coded fact tables of the
  background predicates (done once per knowledge base; SWI-Prolog compiles
  and indexes its clauses while consulting, outside ``induce``).
* ``search s``: ``learn s`` less ``tables s``: bottom clauses, search and
  covering, what Aleph's ``induce`` does.
* ``Aleph s``: Aleph's ``induce`` (CPU seconds, the median of ``--repeat``
  fresh ``swipl`` processes); ``search×`` = search s /
  Aleph s and ``learn×`` = learn s / Aleph s.
* ``wall s`` and ``Aleph w``: the whole process of each (start-up, loading,
  learning, printing: ``python -m`` for symlearn, ``swipl`` consulting Aleph
  and the task for Aleph), wall-clock; ``wall×`` their ratio.  symlearn runs
  from compiled bytecode, as an installed package does (SWI-Prolog loads a
  compiled boot file): one unmeasured run first fills a bytecode cache in a
  temporary directory (``PYTHONPYCACHEPREFIX``), even where
  ``PYTHONDONTWRITEBYTECODE`` is set; ``--from-source`` measures without it
  (every run compiles symlearn's sources, about 0.1-0.2 s more).
* ``peak MiB``: symlearn's peak resident memory; then whether the two learnt
  the same theory (each clause of one θ-subsumption-equivalent to a clause
  of the other) or, failing that, one that answers the same on the task's
  examples.

The tasks: the synthetic family of benchmarks/gen_family.py (N people, 200
positive and 200 negative examples per target) for grandparent/2 and
grandmother/2, then the small tasks of the kind in Aleph's examples: the
east-west trains, list membership (Aleph's recursion example), ancestor with
recursive modes, can_reach under the closed world, Mitchell's grandchild.

Aleph is not shipped with symlearn.  Set it up outside the repository::

    git clone https://github.com/friguzzi/aleph
    export SYMLEARN_ALEPH=$PWD/aleph/prolog/aleph_orig.pl

Without it (or without swipl) only symlearn's columns are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(HERE))

from peers import missing, require_program  # noqa: E402

SMALL_TASKS = [
    ("trains", "kb/trains.pl", "eastbound/1"),
    ("member", "kb/member.pl", "mem/2"),
    ("ancestor", "kb/ancestor.pl", "ancestor/2"),
    ("can_reach", "kb/can_reach.pl", "can_reach/2"),
    ("grandchild", "kb/grandchild.pl", "grandchild/2"),
    ("grandmother", "kb/family.pl", "grandmother/2"),
]


def _peak_mib() -> float:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not inherited over exec)."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_one(path: str, target: str, repeat: int = 1) -> dict[str, object]:
    """Learn ``target`` from ``path`` with Progol; CPU times and peak memory (in this process)."""
    from symlearn.ilp.coverage import fact_store
    from symlearn.ilp.progol import ProgolSettings, progol
    from symlearn.ilp.task import RelationalTask
    from symlearn.learning.task import LearningTask

    def fresh() -> tuple[LearningTask, RelationalTask]:
        task = LearningTask.from_files([path], target)
        relational = RelationalTask.from_task(task, closed_world=False, examples_required=False)
        if task.setting("closed_world") == "true":
            relational = relational.with_closed_world(True)
        return task, relational

    task, relational = fresh()
    start = time.process_time()
    result = progol(relational, ProgolSettings.from_task(task))
    first = time.process_time() - start
    # again on fresh copies of the task in the same process: the time once Python's lazy
    # imports and the engine's one-off set-up are done (Aleph's induce runs in an
    # initialised Prolog); the fact tables built first and timed apart (Prolog builds its
    # clause store on loading); the median of ``repeat`` runs
    learns, tables = [], []
    for _ in range(repeat):
        again, relational = fresh()
        kb = again.kb
        assert kb is not None
        before = time.process_time()
        store = fact_store(kb)
        for indicator in list(kb.predicates):
            if indicator != again.target:
                store.relation(kb, indicator)
        tables.append(time.process_time() - before)
        progol(relational, ProgolSettings.from_task(again))
        learns.append(time.process_time() - before)
    searches = [learn - table for learn, table in zip(learns, tables)]
    return {
        "clauses": [str(c.clause) for c in result.clauses],
        "nodes": result.nodes,
        "first_seconds": first,
        "learn_seconds": statistics.median(learns),
        "table_seconds": statistics.median(tables),
        "search_seconds": statistics.median(searches),
        "peak_mib": _peak_mib(),
    }


def cli_env(cache: Path | None) -> dict[str, str]:
    """The environment of the CLI runs: a bytecode cache in ``cache`` (None: from source)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    if cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def measure(
    path: Path, target: str, timeout: float, env: dict[str, str], repeat: int
) -> dict[str, object]:
    """Run :func:`run_one` in a fresh interpreter; also the wall-clock time of the CLI's run."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from progol_vs_aleph import run_one; "
        "print(json.dumps(run_one(sys.argv[2], sys.argv[3], int(sys.argv[4]))))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code, str(HERE), str(path), target, str(repeat)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    ).stdout
    row = json.loads(output.strip().splitlines()[-1])
    start = time.perf_counter()  # the whole CLI process, as a user runs it
    subprocess.run(
        [sys.executable, "-m", "symlearn", "learn", "progol", str(path), "--target", target],
        check=True,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=timeout,
    )
    row["wall_seconds"] = time.perf_counter() - start
    return row


def aleph(path: Path, target: str, timeout: float, repeat: int) -> dict[str, object] | str:
    """Aleph on the exported task (the median of ``repeat`` runs), or why it was not run."""
    from symlearn.export.formats import export_task
    from symlearn.export.peers import PeerUnavailableError, run_aleph
    from symlearn.ilp.task import RelationalTask
    from symlearn.learning.task import LearningTask

    try:
        task = RelationalTask.from_task(LearningTask.from_files([str(path)], target))
        with tempfile.TemporaryDirectory() as folder:
            export_task(task, "aleph", folder, stem="task")
            runs = [run_aleph(folder, "task", timeout=timeout) for _ in range(repeat)]
    except PeerUnavailableError as error:
        return str(error)
    return {
        "clauses": list(runs[0].clauses),
        "seconds": statistics.median(run.seconds for run in runs),
        "wall_seconds": statistics.median(run.wall_seconds for run in runs),
    }


def agreement(path: Path, target: str, ours: list[str], theirs: list[str]) -> str:
    """``same theory``, ``same answers`` (on the task's examples) or ``DIFFERENT``."""
    from symlearn.export.peers import same_theory
    from symlearn.kb import load
    from symlearn.kb.parser import parse_term
    from symlearn.learning.learned_program import LearnedProgram
    from symlearn.logic.clauses import Clause

    if same_theory(ours, theirs):
        return "same theory"
    kb = load([str(path)])
    name, arity = target.split("/")
    examples = kb.positives(name, int(arity)) + kb.negatives(name, int(arity))

    def answers(texts: list[str]) -> list[bool]:
        clauses = [Clause.from_term(parse_term(t.rstrip("."))) for t in texts]
        program = LearnedProgram(clauses, kb, (name, int(arity)), tabled=True)
        return program.covers(examples)

    return "same answers" if answers(ours) == answers(theirs) else "DIFFERENT"


def report(
    label: str, path: Path, target: str, timeout: float, env: dict[str, str], repeat: int
) -> None:
    ours = measure(path, target, timeout, env, repeat)
    theirs = aleph(path, target, timeout, repeat)
    clause = " ".join(" ".join(ours["clauses"]).split()) or "-"  # type: ignore[arg-type]
    times = (
        f"{ours['first_seconds']:>8.4f} {ours['learn_seconds']:>8.4f} "
        f"{ours['table_seconds']:>8.4f} {ours['search_seconds']:>8.4f}"
    )
    if isinstance(theirs, str):
        aleph_cols = f"{'-':>8} {'-':>7} {'-':>7} {ours['wall_seconds']:>7.2f} {'-':>8} {'-':>6}"
        verdict = f"(Aleph not run: {theirs})"
    else:
        induce = max(theirs["seconds"], 1e-3)  # type: ignore[call-overload]
        search_ratio = ours["search_seconds"] / induce  # type: ignore[operator]
        learn_ratio = ours["learn_seconds"] / induce  # type: ignore[operator]
        wall_ratio = ours["wall_seconds"] / theirs["wall_seconds"]  # type: ignore[operator]
        aleph_cols = (
            f"{theirs['seconds']:>8.4f} {search_ratio:>7.2f} {learn_ratio:>7.2f} "
            f"{ours['wall_seconds']:>7.2f} {theirs['wall_seconds']:>8.2f} {wall_ratio:>6.1f}"
        )
        verdict = agreement(path, target, ours["clauses"], theirs["clauses"])  # type: ignore[arg-type]
    print(
        f"{label:<16} {target:<14} {times} {aleph_cols} "
        f"{ours['peak_mib']:>8.0f}  {verdict:<14} {clause}"
    )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="*", default=[1_000, 10_000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="runs per system and task; their median times are printed (default 5)",
    )
    parser.add_argument(
        "--from-source",
        action="store_true",
        help="run the CLI without a bytecode cache (it compiles its sources in every run)",
    )
    args = parser.parse_args(argv)
    from symlearn.export.peers import PeerUnavailableError, locate

    try:  # said once, before anything runs (not on every row)
        locate("aleph")
    except PeerUnavailableError as error:
        raise missing("the peer Aleph", str(error)) from None
    require_program("swipl", "apt-get install -y swi-prolog-nox")
    print("CPU seconds in the process, wall seconds for whole processes (see --help)")
    print(
        f"{'task':<16} {'target':<14} {'first s':>8} {'learn s':>8} {'tables s':>8} "
        f"{'search s':>8} {'Aleph s':>8} {'search×':>7} {'learn×':>7} {'wall s':>7} "
        f"{'Aleph w':>8} {'wall×':>6} {'peak MiB':>8}  agreement / clauses"
    )
    with tempfile.TemporaryDirectory() as tmp:
        env = cli_env(None if args.from_source else Path(tmp) / "pycache")
        if not args.from_source:  # fill the bytecode cache (unmeasured)
            for _, file, target in SMALL_TASKS:
                command = [sys.executable, "-m", "symlearn", "learn", "progol", file]
                subprocess.run(
                    [*command, "--target", target],
                    check=True,
                    capture_output=True,
                    cwd=ROOT,
                    env=env,
                )
        for people in args.sizes:
            path = Path(tmp) / f"family_{people}.pl"
            command = [sys.executable, str(HERE / "gen_family.py"), str(people)]
            subprocess.run([*command, str(args.seed), "-o", str(path)], check=True)
            for target in ("grandparent/2", "grandmother/2"):
                report(f"family {people:,}", path, target, args.timeout, env, args.repeat)
        for label, file, target in SMALL_TASKS:
            report(label, ROOT / file, target, args.timeout, env, args.repeat)


if __name__ == "__main__":
    main()
