"""The README's slow examples (issue 26, item 8), each a whole process, against SWI-Prolog.

    python benchmarks/newcomer_examples.py [--repeat N]

Three examples a newcomer runs early and that were slow among fast ones:

* ``symlearn query kb/lists.pl "numlist(1, 100000, L)"`` against
  ``swipl -g "numlist(1, 100000, L)"`` on the same file (both print the
  list cut short; ``numlist/3`` is native in both);
* ``symlearn bound vc-dimension kb/enjoysport.pl`` (the exact search over the
  973 conjunctions of EnjoySport's 96 instances: dimension 6);
* ``symlearn learn c45 kb/house_votes.pl --target party/16 --cv 10 --compare
  id3`` (its line count too: the candidates' measures only with ``-v``).

Each command runs as a fresh process, interleaved ``--repeat`` times after one
warm-up run (byte code compiled once into a private cache, as an installed
package has it); the script prints the median CPU seconds (user + system: the
machine may be shared) and wall seconds, and the ratio of each symlearn
command to ``python -c pass`` (every Python program pays that) and, for
``numlist``, to SWI-Prolog.  Exit status 2 when swipl is missing.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import require_program
from startup import ROOT, environment, interleaved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    swipl = require_program("swipl", "install SWI-Prolog 9 (apt-get install swi-prolog)")
    python = sys.executable
    scratch = Path(tempfile.mkdtemp(prefix="symlearn-newcomer-"))
    env = environment(str(scratch / "pycache"))
    symlearn = [python, "-m", "symlearn"]
    goal = "numlist(1, 100000, L)"
    c45 = ["learn", "c45", "kb/house_votes.pl", "--target", "party/16", "--cv", "10"]
    commands = {
        "python -c pass": [python, "-c", "pass"],
        "symlearn query numlist": [*symlearn, "query", "kb/lists.pl", goal],
        "swipl numlist": [swipl, "-q", "-g", f"{goal}, print(L), nl", "-t", "halt", "kb/lists.pl"],
        "symlearn bound vc-dimension": [*symlearn, "bound", "vc-dimension", "kb/enjoysport.pl"],
        "symlearn learn c45 --cv 10 --compare id3": [*symlearn, *c45, "--compare", "id3"],
    }
    walls, cpus = interleaved(commands, env, args.repeat)
    cpu = {name: statistics.median(times) for name, times in cpus.items()}
    wall = {name: statistics.median(times) for name, times in walls.items()}
    print(f"median of {args.repeat} runs each (whole processes)\n")
    print(f"{'command':<42} {'cpu s':>7} {'wall s':>7} {'x pass':>7}")
    for name in commands:
        ratio = cpu[name] / cpu["python -c pass"]
        print(f"{name:<42} {cpu[name]:7.3f} {wall[name]:7.3f} {ratio:7.1f}")
    ours, theirs = cpu["symlearn query numlist"], cpu["swipl numlist"]
    print(f"\nnumlist: symlearn / swipl (cpu) {ours / theirs:.1f}x; less python -c pass: ", end="")
    print(f"{ours - cpu['python -c pass']:.3f} s against {theirs:.3f} s")
    printed = subprocess.run(
        commands["symlearn learn c45 --cv 10 --compare id3"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    print(f"c45 --cv 10 --compare id3 prints {len(printed.splitlines())} lines (was 615)")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
