"""Progol in symlearn on Aleph's own example tasks, against Aleph, in one run.

    SYMLEARN_ALEPH=/path/to/aleph/prolog/aleph_orig.pl python benchmarks/aleph_examples.py
        [--repeat 3] [--timeout 300] [--from-source]

The tasks are the ones in Aleph's ``examples/`` folder (github:
friguzzi/aleph, ``prolog/examples``, beside ``aleph_orig.pl``) that Aleph
learns with ``induce``: ``abduce/gp``, ``gcws/cal``, ``good/train``, the four
``numbers`` tasks, ``portray/train``, ``posonly/animals``, ``recursion/mem``,
``refine/train`` and ``trains/train`` (``numbers/miline`` reads only once
the loader decides ``:- if(current_prolog_flag(dialect, swi))``; the others
are learnt with
``induce_tree``, ``induce_modes``, ``induce_features``, ``induce_constraints``
or ``induce_incremental``).  Each task, as its folder holds it
(``NAME.b``/``.f``/``.n``), is given to

* Aleph: ``swipl`` consults ``aleph_orig.pl``, ``read_all(NAME)``,
  ``induce`` (:func:`symlearn.export.peers.run_aleph`); its training
  accuracy is the one it prints (``[Training set summary]``);
* symlearn: ``python -m symlearn learn progol DIR/NAME --json`` (the
  process a user runs); its training accuracy is the learnt theory's, each
  example of ``NAME.f``/``.n`` asked of the engine over the background.

The same tasks written for SWI-Prolog's Aleph pack (one file each, beside
the folders: ``train.pl``, ``numbers_ineq.pl``, ...) are run the same way,
Aleph through ``aleph.pl`` (``consult``, ``induce/1``).

The times are the whole process of each, wall-clock, start-up included (the
median of ``--repeat`` runs): ``python -m symlearn`` from compiled bytecode,
as an installed package runs (one unmeasured run first fills a cache in a
temporary directory; ``--from-source`` measures without it), and ``swipl``
consulting Aleph.  The last row sums the tasks both systems ran.
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

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "src"))

#: The same tasks as single files for SWI-Prolog's Aleph pack (``:- use_module(library(aleph))``).
PACK_FILES = [
    "abduce.pl",
    "gcws.pl",
    "good.pl",
    "numbers_guess.pl",
    "numbers_ineq.pl",
    "numbers_line.pl",
    "numbers_miline.pl",
    "portray_train.pl",
    "posonly.pl",
    "recursion.pl",
    "refine.pl",
    "train.pl",
]
TASKS = [
    "abduce/gp",
    "gcws/cal",
    "good/train",
    "numbers/guess",
    "numbers/ineq",
    "numbers/line",
    "numbers/miline",
    "portray/train",
    "posonly/animals",
    "recursion/mem",
    "refine/train",
    "trains/train",
]


def symlearn_run(task: Path, env: dict[str, str], timeout: float) -> tuple[dict, float, str]:
    """symlearn's JSON (or error), its wall-clock seconds and its standard error."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "symlearn", "learn", "progol", str(task), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=timeout,
        check=False,
    )
    wall = time.perf_counter() - start
    return json.loads(done.stdout or "{}"), wall, done.stderr


def training_accuracy(task: Path, target: str, clauses: list[str]) -> float | None:
    """The accuracy of ``clauses`` on the task's ``pos``/``neg`` examples (None without any)."""
    from symlearn.kb.formats import load_task
    from symlearn.kb.parser import parse_term
    from symlearn.learning.learned_program import LearnedProgram
    from symlearn.logic.clauses import Clause
    from symlearn.logic.indicators import parse_indicator

    kb = load_task([str(task)])
    indicator = parse_indicator(target)
    positives, negatives = kb.positives(*indicator), kb.negatives(*indicator)
    if not positives and not negatives:
        return None
    theory = [Clause.from_term(parse_term(text.rstrip("."))) for text in clauses]
    program = LearnedProgram(theory, kb, indicator, tabled=True)
    answers = program.covers(positives + negatives)
    right = sum(answers[: len(positives)]) + len(negatives) - sum(answers[len(positives) :])
    return right / (len(positives) + len(negatives))


def aleph_run(task: Path, timeout: float) -> tuple[float | None, float, list[str]] | str:
    """Aleph's training accuracy, its wall-clock seconds and its theory, or why it did not run.

    A folder's task through ``aleph_orig.pl`` (``read_all``, ``induce``); a
    pack file through ``aleph.pl`` (``consult``, ``induce/1``).
    """
    from symlearn.export.peers import PeerUnavailableError, locate, run_aleph

    try:
        if task.suffix != ".pl":
            run = run_aleph(task.parent, task.name, timeout=timeout)
            output, wall, clauses = run.output, run.wall_seconds, list(run.clauses)
        else:
            library = locate("aleph").parent
            start = time.perf_counter()
            goal = f"consult('{task}'), induce(_), halt"
            done = subprocess.run(
                ["swipl", "-q", "-p", f"library={library}", "-g", goal, "-t", "halt"],
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
                cwd=task.parent,
            )
            wall = time.perf_counter() - start
            output, clauses = done.stdout + done.stderr, []
    except (PeerUnavailableError, subprocess.TimeoutExpired) as error:
        return str(error)
    found = re.search(r"\[Training set summary\] \[\[(\d+),(\d+),(\d+),(\d+)\]\]", output)
    accuracy = None
    if found:
        tp, fp, fn, tn = map(int, found.groups())
        accuracy = (tp + tn) / max(tp + fp + fn + tn, 1)
    return accuracy, wall, clauses


def cli_env(cache: Path | None) -> dict[str, str]:
    """The environment of symlearn's runs: a bytecode cache in ``cache`` (None: from source)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    if cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def _theory_verdict(ours: list[str], theirs: list[str]) -> str:
    """``, same theory`` when each clause of one is equivalent to a clause of the other."""
    from symlearn.errors import SymlearnError
    from symlearn.export.peers import same_theory

    if not theirs:
        return ""
    try:
        return ", same theory" if same_theory(ours, theirs) else ", other theory"
    except SymlearnError:  # Aleph printed it through the task's aleph_portray/1
        return ", (Aleph's theory printed by aleph_portray)"


def _accuracy(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--from-source", action="store_true")
    args = parser.parse_args(argv)
    from symlearn.export.peers import PeerUnavailableError, locate

    try:
        examples = locate("aleph").parent / "examples"
    except PeerUnavailableError as error:
        sys.exit(f"Aleph is needed for this benchmark: {error}")
    with tempfile.TemporaryDirectory() as cache:
        env = cli_env(None if args.from_source else Path(cache))
        symlearn_run(examples / TASKS[2], env, args.timeout)  # fills the bytecode cache
        print(
            f"{'task':<17} {'Aleph acc':>9} {'ours acc':>9} {'Aleph s':>8} {'ours s':>8} "
            f"{'ratio':>6}  result"
        )
        totals = [0.0, 0.0]
        for name in [*TASKS, *PACK_FILES]:
            task = examples / name
            ours = [symlearn_run(task, env, args.timeout) for _ in range(args.repeat)]
            payload, _, stderr = ours[0]
            wall = statistics.median(w for _, w, _ in ours)
            runs = [aleph_run(task, args.timeout) for _ in range(args.repeat)]
            theirs = [run for run in runs if not isinstance(run, str)]
            aleph_acc: float | None = None
            aleph_wall: float | None = None
            aleph_clauses: list[str] = []
            if theirs:
                aleph_acc, _, aleph_clauses = theirs[0]
                aleph_wall = statistics.median(run[1] for run in theirs)
            if "error" in payload:
                result = "error: " + payload["error"]["message"][:70]
                ours_acc = None
            else:
                ours_acc = training_accuracy(task, payload["target"], payload["hypothesis"])
                same = ours_acc is not None and aleph_acc is not None
                same = same and abs(ours_acc - aleph_acc) < 1e-9  # type: ignore[operator]
                result = "same accuracy" if same else "DIFFERENT accuracy"
                result += _theory_verdict(payload["hypothesis"], aleph_clauses)
            warned = [line for line in stderr.splitlines() if "Aleph setting" in line]
            if warned:
                result += " (warned: " + warned[0].split("ignored: ")[-1] + ")"
            ratio = "-"
            if aleph_wall is not None and "error" not in payload:
                totals[0] += wall
                totals[1] += aleph_wall
                ratio = f"{wall / aleph_wall:.2f}"
            aleph_s = "-" if aleph_wall is None else f"{aleph_wall:.2f}"
            print(
                f"{name:<17} {_accuracy(aleph_acc):>9} {_accuracy(ours_acc):>9} "
                f"{aleph_s:>8} {wall:>8.2f} {ratio:>6}  {result}",
                flush=True,
            )
        if totals[1]:
            print(
                f"{'total (both ran)':<17} {'':>9} {'':>9} {totals[1]:>8.2f} {totals[0]:>8.2f} "
                f"{totals[0] / totals[1]:>6.2f}"
            )


if __name__ == "__main__":
    main()
