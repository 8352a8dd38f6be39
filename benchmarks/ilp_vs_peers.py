"""symlearn's FOIL and Progol against FOIL6, Aleph and Popper v3.1.0, on the same tasks.

    python benchmarks/ilp_vs_peers.py [--sizes 10000 100000] [--no-family] [--no-tasks]
                                      [--timeout 600] [--seed 1]

Two tables:

* **family**: the synthetic family of benchmarks/gen_family.py (N people,
  200 positive and 200 negative grandparent/2 training examples), written in
  each system's own format: our ``.pl`` file with modes, a Popper task
  folder with ``bias.pl`` (types and directions), the same folder without
  ``bias.pl`` (no modes at all: symlearn derives the bias), an Aleph task
  (``family.b``/``.f``/``.n``) and FOIL6's ``.d`` file (written by
  ``symlearn export --format foil``).  symlearn reads every format itself.
* **tasks**: small tasks of the kinds in Popper's and Aleph's example sets
  (kinship, trains, zendo, grid robot, list recursion): the tasks under
  tests/ilp/tasks (our own, Popper and Aleph formats) and, when the peers'
  sources are present, Popper v3.1.0's examples/ folders and Aleph's trains.

Each run is a fresh process, timed on the wall clock (loading included)
with its peak resident memory (VmHWM, read from /proc while it runs: the
last reading before it exits), its address space capped
(``--max-memory-gb``, 6 by default: FOIL6 takes more than 9 GB on the
100,000-person family and would take the machine).  "correct" means: on the
family, the learnt theory is exactly ``grandparent(A,B) :- parent(A,C),
parent(C,B)``; on a task with a known textbook answer, that answer; on the
others, every training positive covered and no negative.  The ratio is
symlearn's time over the peer's on the same task (below 1: symlearn faster).

Setting up the peers (each is optional; a missing one is skipped with the
reason):

* FOIL6: ``git clone https://github.com/Brombeerl3/foil /work/peers/foil6 &&
  make -C /work/peers/foil6``; found as ``$SYMLEARN_FOIL6``, ``foil6`` on the PATH
  or /work/peers/foil6/foil6.
* Aleph: ``git clone https://github.com/friguzzi/aleph /work/peers/aleph``
  (and SWI-Prolog); found as ``$SYMLEARN_ALEPH`` or
  /work/peers/aleph/prolog/aleph_orig.pl, run as
  ``swipl -g "consult(ALEPH), read_all(NAME), induce, halt"``.
* Popper v3.1.0: ``git clone https://github.com/logic-and-learning-lab/Popper
  /work/peers/popper && git -C /work/peers/popper checkout v3.1.0`` and
  ``pip install clingo pyswip``; found as ``$SYMLEARN_POPPER`` (the folder, as the
  round-trip tests take it) or
  /work/peers/popper/popper.py.  Its examples/ folders join the task table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TASKS = ROOT / "tests" / "ilp" / "tasks"
sys.path.insert(0, str(HERE))

from gen_family import write, write_peer_task  # noqa: E402

GRANDPARENT = "grandparent(A,B):-parent(A,C),parent(C,B)."


@dataclass
class Run:
    """One process run: exit status, output, seconds and peak memory (MB)."""

    status: int
    out: str
    seconds: float
    peak_mb: float
    note: str = ""


#: Address-space cap of every run (bytes; --max-memory-gb), so no peer can take the machine.
MEMORY_CAP = [6 * 2**30]


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP[0], MEMORY_CAP[0]))


def _high_water_kb(pid: int) -> int:
    """The process's peak resident set (VmHWM, kB) so far; 0 when it is gone.

    Read from /proc while it runs: ``ru_maxrss`` of ``wait4`` would include
    the memory of this script at the fork (it is inherited across exec).
    """
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return 0
    return 0


def run(command: list[str], cwd: Path | None = None, timeout: float = 600) -> Run:
    """Run ``command`` as a fresh process; time it and read its peak memory."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        process = subprocess.Popen(
            command,
            cwd=cwd,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            preexec_fn=_cap_memory,
        )
        deadline = start + timeout
        peak_kb = 0
        while True:
            pid, status, _ = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            peak_kb = max(peak_kb, _high_water_kb(process.pid))
            if time.perf_counter() > deadline:
                process.kill()
                os.wait4(process.pid, 0)
                process.returncode = -9
                seconds = time.perf_counter() - start
                return Run(-9, "", seconds, peak_kb / 1024, f"timeout {timeout:g}s")
            time.sleep(0.005)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    note = ""
    if process.returncode < 0 or "MemoryError" in text or "Out of memory" in text.lower():
        note = f"ended (status {process.returncode}); memory cap {MEMORY_CAP[0] / 2**30:g} GB?"
    return Run(process.returncode, text, seconds, peak_kb / 1024, note)


# ---------------------------------------------------------------------- the systems


def symlearn(algorithm: str, inputs: list[str], timeout: float, *extra: str) -> Run:
    """``symlearn learn ALGORITHM INPUTS --json``."""
    command = [sys.executable, "-m", "symlearn", "learn", algorithm, *inputs, "--json", *extra]
    return run(command, timeout=timeout)


def symlearn_theory(result: Run) -> tuple[list[str], dict] | None:
    """The clauses (normalised) and the JSON of a symlearn run; None when it failed."""
    match = re.search(r"^\{.*\}\s*$", result.out, re.MULTILINE | re.DOTALL)
    if result.status != 0 or match is None:
        return None
    try:
        payload = json.loads(match.group(0))
    except ValueError:
        return None
    return [_normal(c) for c in payload.get("hypothesis", [])], payload


def foil6_program() -> str | None:
    """FOIL6's executable, or None."""
    given = os.environ.get("SYMLEARN_FOIL6")
    for candidate in (given, shutil.which("foil6"), "/work/peers/foil6/foil6"):
        if candidate and Path(candidate).is_dir():
            candidate = str(Path(candidate) / "foil6")
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def aleph_source() -> str | None:
    """Aleph's source (aleph_orig.pl) when it and SWI-Prolog are present, else None."""
    for candidate in (os.environ.get("SYMLEARN_ALEPH"), "/work/peers/aleph/prolog/aleph_orig.pl"):
        if candidate and Path(candidate).is_file() and shutil.which("swipl"):
            return candidate
    return None


def popper_script() -> str | None:
    """Popper v3.1.0's popper.py when clingo and pyswip import, else None."""
    for candidate in (os.environ.get("SYMLEARN_POPPER"), "/work/peers/popper/popper.py"):
        if candidate and Path(candidate).is_dir():  # the folder, as symlearn.export.peers takes
            candidate = str(Path(candidate) / "popper.py")
        if candidate and Path(candidate).is_file():
            check = run([sys.executable, "-c", "import clingo, pyswip"], timeout=60)
            return candidate if check.status == 0 else None
    return None


def run_foil6(d_file: Path, timeout: float) -> tuple[Run, list[str]]:
    """FOIL6 on a .d file (``-n``: no negated literals, as symlearn's default)."""
    program = foil6_program()
    assert program is not None
    result = run(["sh", "-c", f"exec {program} -n < '{d_file}'"], timeout=timeout)
    clauses = []
    section = result.out.rsplit("Time ", 1)[0].split("\n\n")
    for block in section:
        lines = [line for line in block.splitlines() if ":-" in line or line.endswith(")")]
        candidate = [_normal(line) for line in lines if not line.startswith("Clause")]
        if candidate:
            clauses = candidate
    return result, clauses


def run_aleph(folder: Path, name: str, timeout: float) -> tuple[Run, list[str]]:
    """Aleph's ``read_all(NAME), induce`` in ``folder``."""
    source = aleph_source()
    goal = f"consult('{source}'), read_all({name}), induce, halt"
    result = run(["swipl", "-q", "-g", goal], cwd=folder, timeout=timeout)
    theory = result.out.split("[theory]", 1)[-1].split("[Training set performance]", 1)[0]
    text = re.sub(r"\[Rule \d+\][^\n]*\n", "", theory)
    clauses = [_normal(c + ".") for c in re.split(r"\.\s*\n", text) if c.strip()]
    return result, clauses


def run_popper(folder: Path, timeout: float) -> tuple[Run, list[str]]:
    """Popper v3.1.0 on a task folder."""
    result = run([sys.executable, popper_script() or "popper.py", str(folder)], timeout=timeout)
    body = result.out.split("*" * 10 + " SOLUTION " + "*" * 10, 1)
    if len(body) < 2:
        return result, []
    lines = body[1].split("*" * 30, 1)[0].splitlines()
    return result, [_normal(line) for line in lines if ":-" in line or line.endswith(").")]


def _normal(clause: str) -> str:
    """A clause without layout, ending in one full stop."""
    text = re.sub(r"\s+", "", clause).rstrip(".")
    return text + "."


def _same_theory(found: list[str], expected: list[str]) -> bool:
    """The same clauses, up to the order of clauses and of body literals."""

    def key(clause: str) -> tuple[str, tuple[str, ...]]:
        head, _, body = _normal(clause).rstrip(".").partition(":-")
        return head, tuple(sorted(re.findall(r"[a-z_]\w*\([^()]*\)|[a-z_]\w*", body)))

    return sorted(map(key, found)) == sorted(map(key, expected))


# ---------------------------------------------------------------------- tables


@dataclass
class Row:
    """One line of a table."""

    task: str
    system: str
    input: str
    correct: str
    seconds: float | None
    peak_mb: float | None
    ratio: str = ""
    note: str = ""


def print_table(title: str, rows: list[Row]) -> None:
    """The rows as a Markdown table."""
    print(f"\n### {title}\n")
    print("| task | system | input | correct | seconds | peak MB | symlearn/peer time | note |")
    print("|---|---|---|---|---:|---:|---:|---|")
    for r in rows:
        seconds = "" if r.seconds is None else f"{r.seconds:.2f}"
        memory = "" if r.peak_mb is None else f"{r.peak_mb:.0f}"
        print(
            f"| {r.task} | {r.system} | {r.input} | {r.correct} | {seconds} | {memory} | "
            f"{r.ratio} | {r.note} |"
        )
    sys.stdout.flush()


def _peer_row(
    task: str,
    system: str,
    given: str,
    peer: Run,
    clauses: list[str],
    ours: float,
    expected: list[str] | None = None,
) -> Row:
    """A peer's row: its verdict against ``expected`` (or whether it found anything)."""
    if expected and sorted(clauses) == sorted(expected):
        verdict = "yes"
    else:
        verdict = "found" if clauses else "no"
    ratio = f"{ours / peer.seconds:.2f}"
    return Row(task, system, given, verdict, peer.seconds, peer.peak_mb, ratio, peer.note)


def _verdict(clauses: list[str] | None, expected: list[str] | None, payload: dict | None) -> str:
    if clauses is None:
        return "no (failed)"
    if expected is not None:
        return "yes" if _same_theory(clauses, expected) else "no"
    if payload is not None:
        metrics = payload.get("metrics", {})
        exact = (
            metrics.get("covered_positives") == metrics.get("positives")
            and metrics.get("covered_negatives") == 0
        )
        return "yes" if exact else "no"
    return "?"


def family_rows(n: int, seed: int, timeout: float, directory: Path) -> list[Row]:
    """The family at N people in every format (see the module docstring)."""
    ours = directory / f"family_{n}.pl"
    write(n, seed, ours, False, 200)
    folders = {}
    for fmt in ("popper", "popper-nobias", "aleph"):
        folders[fmt] = directory / f"{fmt}_{n}"
        write_peer_task(n, seed, folders[fmt], fmt, 200)
    task = f"family {n:,}"
    rows: list[Row] = []
    times: dict[str, float] = {}
    inputs = [
        ("our .pl + modes", [str(ours), "--target", "grandparent/2"]),
        ("Popper folder (bias.pl)", [str(folders["popper"])]),
        ("Popper folder, no bias", [str(folders["popper-nobias"])]),
        ("Aleph .b/.f/.n", [str(folders["aleph"] / "family")]),
    ]
    for label, args in inputs:
        result = symlearn("foil", args, timeout)
        parsed = symlearn_theory(result)
        verdict = _verdict(parsed[0] if parsed else None, [GRANDPARENT], None)
        times[label] = result.seconds
        rows.append(
            Row(
                task,
                "symlearn foil",
                label,
                verdict,
                result.seconds,
                result.peak_mb,
                "",
                result.note,
            )
        )
    result = symlearn("progol", [str(ours), "--target", "grandparent/2"], timeout)
    parsed = symlearn_theory(result)
    verdict = _verdict(parsed[0] if parsed else None, [GRANDPARENT], None)
    rows.append(
        Row(
            task,
            "symlearn progol",
            "our .pl + modes",
            verdict,
            result.seconds,
            result.peak_mb,
            "",
            result.note,
        )
    )
    if foil6_program():
        export = directory / f"foil6_{n}"
        made = run(
            [
                sys.executable,
                "-m",
                "symlearn",
                "export",
                "--format",
                "foil",
                str(ours),
                "--target",
                "grandparent/2",
                "-o",
                str(export),
            ],
            timeout=timeout,
        )
        files = sorted(export.glob("*.d"))
        if made.status == 0 and files:
            result, clauses = run_foil6(files[0], timeout)
            ratio = f"{times['our .pl + modes'] / result.seconds:.2f}" if result.seconds else ""
            verdict = "yes" if _same_theory(clauses, [GRANDPARENT]) else "no"
            if not clauses and not result.note:
                result.note = f"no definition printed (status {result.status}; memory cap?)"
            rows.append(
                Row(
                    task,
                    "FOIL6",
                    ".d (exported)",
                    verdict,
                    result.seconds,
                    result.peak_mb,
                    ratio,
                    result.note,
                )
            )
        else:
            rows.append(Row(task, "FOIL6", ".d", "skipped", None, None, "", "export failed"))
    else:
        rows.append(
            Row(task, "FOIL6", "", "skipped", None, None, "", "not installed (see --help)")
        )
    if aleph_source():
        result, clauses = run_aleph(folders["aleph"], "family", timeout)
        ratio = f"{times['Aleph .b/.f/.n'] / result.seconds:.2f}" if result.seconds else ""
        verdict = "yes" if _same_theory(clauses, [GRANDPARENT]) else "no"
        rows.append(
            Row(
                task,
                "Aleph",
                ".b/.f/.n",
                verdict,
                result.seconds,
                result.peak_mb,
                ratio,
                result.note,
            )
        )
    else:
        rows.append(
            Row(task, "Aleph", "", "skipped", None, None, "", "not installed (see --help)")
        )
    if popper_script():
        result, clauses = run_popper(folders["popper"], timeout)
        ratio = (
            f"{times['Popper folder (bias.pl)'] / result.seconds:.2f}" if result.seconds else ""
        )
        verdict = "yes" if _same_theory(clauses, [GRANDPARENT]) else "no"
        rows.append(
            Row(
                task,
                "Popper 3.1.0",
                "folder (bias.pl)",
                verdict,
                result.seconds,
                result.peak_mb,
                ratio,
                result.note,
            )
        )
    else:
        rows.append(
            Row(task, "Popper 3.1.0", "", "skipped", None, None, "", "not installed (see --help)")
        )
    return rows


#: (name, path relative to tests/ilp/tasks, textbook clauses or None, Aleph name or None)
OWN_TASKS: list[tuple[str, str, list[str] | None]] = [
    ("kinship grandparent (7 people)", "family7/grandparent.pl", [GRANDPARENT]),
    (
        "kinship ancestor (7 people)",
        "family7/ancestor.pl",
        ["ancestor(A,B):-parent(A,B).", "ancestor(A,B):-parent(A,C),ancestor(C,B)."],
    ),
    (
        "daughter (Lavrac & Dzeroski)",
        "daughter/daughter",
        ["daughter(A,B):-female(A),parent(B,A)."],
    ),
    (
        "ancestor (Popper folder)",
        "popper_ancestor",
        ["ancestor(A,B):-parent(A,B).", "ancestor(A,B):-parent(A,C),ancestor(C,B)."],
    ),
    (
        "grid robot (Popper folder)",
        "popper_robot",
        ["f(A,B):-move_down(A,C),f(C,B).", "f(A,B):-move_down(A,B),at_bottom(B)."],
    ),
    ("family 150 (Popper, no bias)", "popper_family", [GRANDPARENT]),
    ("family 150 (Aleph)", "aleph_family/family", [GRANDPARENT]),
    (
        "member/2",
        "lists/member.pl",
        ["member(A,B):-components(B,A,_).", "member(A,B):-components(B,_,C),member(A,C)."],
    ),
    (
        "last/2",
        "lists/last.pl",
        ["last(A,B):-components(A,_,C),last(C,B).", "last(A,B):-components(A,B,C),empty(C)."],
    ),
    (
        "len/2",
        "lists/len.pl",
        ["len(A,B):-empty(A),zero(B).", "len(A,B):-components(A,_,C),len(C,D),succ_of(D,B)."],
    ),
]

POPPER_EXAMPLES = [
    "trains1",
    "trains2",
    "zendo1",
    "zendo2",
    "kinship-ancestor",
    "robots-recursion",
    "alleven",
    "length",
    "droplast",
    "sorted",
    "next",
    "contains",
]


def task_rows(timeout: float) -> list[Row]:
    """The small tasks (see the module docstring)."""
    rows: list[Row] = []
    for name, relative, expected in OWN_TASKS:
        path = TASKS / relative
        result = symlearn("foil", [str(path)], timeout)
        parsed = symlearn_theory(result)
        verdict = _verdict(parsed[0] if parsed else None, expected, parsed[1] if parsed else None)
        rows.append(
            Row(
                name,
                "symlearn foil",
                relative,
                verdict,
                result.seconds,
                result.peak_mb,
                "",
                result.note,
            )
        )
        ours = result.seconds
        if path.is_dir() and (path / "bias.pl").exists() and popper_script():
            peer, clauses = run_popper(path, timeout)
            rows.append(_peer_row(name, "Popper 3.1.0", relative, peer, clauses, ours, expected))
        if path.with_name(path.name + ".b").exists() and aleph_source():
            peer, clauses = run_aleph(path.parent, path.name, timeout)
            rows.append(_peer_row(name, "Aleph", relative, peer, clauses, ours, expected))
    aleph = aleph_source()
    if aleph:
        trains = Path(aleph).parent / "examples" / "trains"
        result = symlearn("foil", [str(trains / "train")], timeout)
        parsed = symlearn_theory(result)
        verdict = _verdict(parsed[0] if parsed else None, None, parsed[1] if parsed else None)
        rows.append(
            Row(
                "trains (Aleph's)",
                "symlearn foil",
                "train.b/.f/.n",
                verdict,
                result.seconds,
                result.peak_mb,
                "",
                result.note,
            )
        )
        peer, clauses = run_aleph(trains, "train", timeout)
        rows.append(
            _peer_row("trains (Aleph's)", "Aleph", "train.b/.f/.n", peer, clauses, result.seconds)
        )
    popper = popper_script()
    examples = Path(popper).parent / "examples" if popper else Path("/work/peers/popper/examples")
    for name in POPPER_EXAMPLES if examples.is_dir() else []:
        folder = examples / name
        result = symlearn("foil", [str(folder)], timeout)
        parsed = symlearn_theory(result)
        verdict = _verdict(parsed[0] if parsed else None, None, parsed[1] if parsed else None)
        note = result.note or ("" if parsed else result.out.strip().splitlines()[-1][:80])
        rows.append(
            Row(
                f"Popper {name}",
                "symlearn foil",
                "folder",
                verdict,
                result.seconds,
                result.peak_mb,
                "",
                note,
            )
        )
        if popper:
            peer, clauses = run_popper(folder, timeout)
            task = f"Popper {name}"
            rows.append(_peer_row(task, "Popper 3.1.0", "folder", peer, clauses, result.seconds))
    return rows


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument(
        "--max-memory-gb", type=float, default=6, help="address-space cap of each run"
    )
    parser.add_argument("--no-family", action="store_true", help="skip the family table")
    parser.add_argument("--no-tasks", action="store_true", help="skip the small tasks")
    args = parser.parse_args(argv)
    MEMORY_CAP[0] = int(args.max_memory_gb * 2**30)
    for peer, found in (
        ("FOIL6", foil6_program()),
        ("Aleph", aleph_source()),
        ("Popper 3.1.0", popper_script()),
    ):
        print(f"{peer}: {found or 'not installed, skipped (see the set-up notes in --help)'}")
    if not args.no_tasks:
        print_table("small tasks", task_rows(args.timeout))
    if not args.no_family:
        with tempfile.TemporaryDirectory() as tmp:
            for n in args.sizes:
                print_table(
                    f"family of {n:,} people", family_rows(n, args.seed, args.timeout, Path(tmp))
                )


if __name__ == "__main__":
    main()
