"""Loading large files: a 1,000,000-person family against SWI-Prolog, BIF networks against pgmpy.

Issue 14, item 5:

* the 1,000,000-person family of ``benchmarks/gen_family.py`` (2.6 million
  clauses: ``parent/2``, ``male/1``, ``female/1``, examples and modes; 57 MB)
  is loaded by ``symlearn check FILE`` and consulted by SWI-Prolog
  (``swipl -g "consult(FILE), halt"``), each in a fresh process; the wall
  time, the CPU time (user + system) and the peak resident memory of each
  are printed, with the ratio;
* the diabetes (413 variables) and mildew (35 variables, large CPTs) BIF
  networks that pgmpy ships (``pgmpy/utils/example_models``) are read by
  ``symlearn.bayes.read_bif`` and by pgmpy's ``BIFReader(...).get_model()``
  (best of three, in this process).

Run: python benchmarks/large_files.py [--people N] [--dir DIR] [--skip-family]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MiB of a child process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    start = time.perf_counter()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status:
        sys.exit(f"{' '.join(command)} failed with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def family(people: int, folder: Path) -> None:
    path = folder / f"family_{people}.pl"
    if not path.exists():
        script = str(ROOT / "benchmarks" / "gen_family.py")
        subprocess.run([sys.executable, script, str(people), "0", "-o", str(path)], check=True)
    clauses = sum(1 for line in path.open() if line.strip() and not line.startswith("%"))
    print(f"{path}: {clauses:,} clauses, {path.stat().st_size / 2**20:.0f} MiB")
    ours = run([sys.executable, "-m", "symlearn", "check", str(path)])
    print(
        f"  symlearn check       {ours[0]:7.2f} s wall  {ours[1]:7.2f} s cpu  {ours[2]:6.0f} MiB"
    )
    swipl = shutil.which("swipl")
    if swipl is None:
        print("  swipl is not installed: apt-get install swi-prolog-nox to compare")
        return
    theirs = run([swipl, "-q", "-g", f"consult('{path}'), halt", "-t", "halt(1)"])
    print(
        f"  swipl consult        {theirs[0]:7.2f} s wall  {theirs[1]:7.2f} s cpu  "
        f"{theirs[2]:6.0f} MiB"
    )
    print(
        f"  ratio symlearn / swipl: wall {ours[0] / theirs[0]:.2f}, cpu {ours[1] / theirs[1]:.2f},"
        f" peak memory {ours[2] / theirs[2]:.2f}"
    )


def best_of(function: object, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def bif_files() -> None:
    import gzip

    import pgmpy
    from pgmpy.readwrite import BIFReader

    sys.path.insert(0, str(ROOT / "src"))
    from symlearn.bayes import read_bif

    folder = Path(pgmpy.__file__).parent / "utils" / "example_models"
    for name in ("diabetes", "mildew"):
        path = folder / f"{name}.bif.gz"
        if not path.exists():
            print(f"{path} is not there (pgmpy 1.x ships it)")
            continue
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
        network = read_bif(path)
        ours = best_of(lambda p=path: read_bif(p))
        theirs = best_of(lambda t=text: BIFReader(string=t).get_model(), repeat=1)
        print(
            f"{name}.bif ({len(network)} variables, {len(text) / 2**20:.1f} MiB): symlearn "
            f"{ours:.2f} s, pgmpy BIFReader {theirs:.2f} s, ratio {ours / theirs:.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=1_000_000)
    parser.add_argument("--dir", default=tempfile.gettempdir())
    parser.add_argument("--skip-family", action="store_true")
    args = parser.parse_args()
    if not args.skip_family:
        family(args.people, Path(args.dir))
    bif_files()


if __name__ == "__main__":
    main()
