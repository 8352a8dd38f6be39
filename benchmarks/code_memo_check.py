"""Reused generated code against code written afresh, over SWI-Prolog's benchmark programs.

    python benchmarks/code_memo_check.py [--bench DIR] [--only PROGRAM ...] [--speedup 200]

For each program of ``bench_suite.py`` (in a process of its own): an engine
runs its answer goal, then a second engine over the same knowledge base runs
``top/0`` N times (N as ``bench_suite.py`` with ``--speedup``) with the check
mode of :mod:`symlearn.engine.code_memo` on: every clause function and switch
the second engine takes from the first engine's code is also written afresh,
and the texts and every name's value must be the same.  Prints per program
how many functions were reused (and checked), kept, and written again
because a callee changed; any difference stops the program with the first
text or name that differs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_suite import ANSWERS, DRIVER, programs, suite_options

ROOT = Path(__file__).resolve().parent.parent


def child(path: str, goal: str, witness: str, n: int) -> None:
    """Run one program's answer engine and a checked second engine; one JSON line."""
    import io

    from symlearn.engine import Engine, code_memo
    from symlearn.kb import load, loads, parse_term

    code_memo.CHECK = True
    kb = loads(DRIVER, "driver.pl")
    load(path, kb)
    engine = Engine(kb, output=io.StringIO())
    engine.ask(parse_term(f"'$bench_answer'(({goal}), {witness})", ops=kb.operators))
    kept = len(code_memo._MEMOS)
    code_memo.STATS.clear()
    result: dict[str, object] = {"kept": kept}
    try:
        Engine(kb, output=io.StringIO()).ask(parse_term(f"'$bench_ntimes'(top, {n})"))
    except AssertionError as error:
        result["error"] = str(error)[:300]
    result.update(code_memo.STATS)
    print(json.dumps(result))


def main() -> None:
    options = suite_options(__doc__.split("\n")[0], 200, "seconds per program")
    counts = programs(options.bench)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    failed = 0
    print(f"{'program':<16} {'kept':>6} {'reused':>7} {'checked':>8} {'changed':>8}")
    for name in options.only or list(counts):
        n = max(1, round(counts[name] / options.speedup))
        path = options.bench / "programs" / f"{name}.pl"
        goal, witness = ANSWERS.get(name, ("top", "yes"))
        command = [sys.executable, __file__, "--child", str(path), goal, witness, str(n)]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=options.timeout, env=env
            )
            lines = done.stdout.strip().splitlines()
            result = json.loads(lines[-1]) if lines else {"error": done.stderr[-300:]}
        except subprocess.TimeoutExpired:
            result = {"error": "timeout"}
        counted = [result.get(k, 0) for k in ("kept", "reused", "checked", "changed")]
        print(f"{name:<16} {counted[0]:>6} {counted[1]:>7} {counted[2]:>8} {counted[3]:>8}")
        if "error" in result:
            failed += 1
            print(f"  DIFFERS: {result['error']}")
    print(f"\n{failed} program(s) with reused code that differs from code written afresh")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        main()
