"""How long symlearn's commands take to start, against bare Python and ProbLog, in one run.

Issue 14 asks for ``symlearn --help`` under 0.2 s, issue 27 for ``symlearn
learn find-s kb/enjoysport.pl --target enjoysport/6`` and ``symlearn infer
kb/alarm.pl`` within 0.3 s end to end on an idle machine, measured against
``python -c pass`` and ``problog`` (a 4-line file, and ``kb/alarm.pl``) in the
same run.

Every command runs as a fresh process (``python -m symlearn ...`` with this
checkout's ``src/`` first on the path), several times in turn; the median
wall time and the median CPU time (user + system, which a busy machine
inflates less) are printed, with each command's ratio to ``python -c pass``.
Byte code is compiled once into a private cache before timing (an installed
package has its ``.pyc`` files; ``PYTHONDONTWRITEBYTECODE`` would otherwise
make every run compile the sources again).

The modules each command imports from sympy, networkx, numpy and lark are
listed too (``python -X importtime``): a command should import only what it
uses.

Run: python benchmarks/startup.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBLOG_FILE = """0.001::burglary.
0.002::earthquake.
0.95::alarm :- burglary, earthquake.
query(alarm).
"""
PAC = ["--H", "1000", "--epsilon", "0.1", "--delta", "0.05"]
HEAVY = ("sympy", "networkx", "numpy", "lark", "pyarrow", "scipy")


def environment(cache: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = cache
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return env


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run (the command must succeed)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status:
        error = process.stderr.read().decode() if process.stderr else ""
        sys.exit(f"{' '.join(command)} failed:\n{error}")
    return wall, usage.ru_utime + usage.ru_stime


def interleaved(
    commands: dict[str, list[str]], env: dict[str, str], repeat: int
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and CPU seconds of ``repeat`` runs of each command, after one warm-up run each.

    The runs are interleaved (each command once, then each again ...), so that a
    busy moment of a shared machine hits every command.
    """
    for command in commands.values():  # warm up: byte code, file cache
        timed(command, env)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            wall, cpu = timed(command, env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    return walls, cpus


def heavy_imports(command: list[str], env: dict[str, str]) -> list[str]:
    """The heavy packages a command imports."""
    result = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    seen = set()
    for line in result.stderr.splitlines():
        name = line.rsplit("|", 1)[-1].strip()
        if name.split(".")[0] in HEAVY:
            seen.add(name.split(".")[0])
    return sorted(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    python = sys.executable
    scratch = Path(tempfile.mkdtemp(prefix="symlearn-startup-"))
    env = environment(str(scratch / "pycache"))
    program = scratch / "alarm.pl"
    program.write_text(PROBLOG_FILE)
    symlearn = [python, "-m", "symlearn"]
    commands: dict[str, list[str]] = {
        "python -c pass": [python, "-c", "pass"],
        "symlearn --help": [*symlearn, "--help"],
        "symlearn learn find-s kb/enjoysport.pl": [
            *symlearn,
            "learn",
            "find-s",
            "kb/enjoysport.pl",
            "--target",
            "enjoysport/6",
        ],
        "symlearn infer kb/alarm.pl": [*symlearn, "infer", "kb/alarm.pl"],
        "symlearn query kb/family.pl": [*symlearn, "query", "kb/family.pl", "parent(X, Y)"],
        "symlearn bound pac": [*symlearn, "bound", "pac", *PAC],
    }
    beside = Path(python).parent / "problog"  # not a version manager's shim script
    problog = str(beside) if beside.exists() else shutil.which("problog")
    if problog is not None:
        commands["problog (4-line file)"] = [problog, str(program)]
    else:
        print("problog is not installed: pip install problog to compare")
    if problog is not None:
        commands["problog kb/alarm.pl"] = [problog, "kb/alarm.pl"]
    targets = {  # issue 14 (--help), issue 27 (the two small paths, on an idle machine)
        "symlearn --help": 0.2,
        "symlearn learn find-s kb/enjoysport.pl": 0.3,
        "symlearn infer kb/alarm.pl": 0.3,
    }

    walls, cpus = interleaved(commands, env, args.repeat)

    base_wall = statistics.median(walls["python -c pass"])
    base_cpu = statistics.median(cpus["python -c pass"])
    print(f"median (and min) of {args.repeat} runs each; ratios against python -c pass\n")
    header = f"{'command':<40} {'wall s':>7} {'min':>7} {'x pass':>7} {'cpu s':>7} {'x pass':>7}"
    print(f"{header}  target")
    for name in commands:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        target = f"<= {targets[name]} s" if name in targets else ""
        print(
            f"{name:<40} {wall:7.3f} {min(walls[name]):7.3f} {wall / base_wall:7.1f} "
            f"{cpu:7.3f} {cpu / base_cpu:7.1f}  {target}"
        )
    if problog is not None:
        theirs = statistics.median(walls["problog kb/alarm.pl"])
        ours = statistics.median(walls["symlearn infer kb/alarm.pl"])
        print(f"\nsymlearn infer / problog on kb/alarm.pl (wall): {ours / theirs:.2f}")
    print("\nheavy packages imported:")
    for name, command in commands.items():
        if name.startswith("symlearn"):
            print(f"  {name:<40} {', '.join(heavy_imports(command, env)) or '-'}")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
