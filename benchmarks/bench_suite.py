"""SWI-Prolog's classic benchmark programs: symlearn's engine against SWI-Prolog, in one run.

    git clone https://github.com/SWI-Prolog/bench /work/peers/bench
    python benchmarks/bench_suite.py [--bench DIR] [--speedup 20] [--only PROGRAM ...]
                                     [--timeout SECONDS]

The 35 programs of SWI-Prolog's benchmark suite (``programs/*.pl``: the van
Roy benchmarks boyer, browse, chat_parser, crypt ... plus tabling, SSU,
clpfd and ``=>`` programs), each loaded on its own.  For each program, both
systems, each in a fresh process:

1. run the program's *answer* goal (below: the result its ``top/0`` computes
   and throws away, e.g. ``zebra(H)``'s houses) and write its first answer
   with ``writeq/1`` after ``numbervars/3``; the program *gives SWI's answer* when
   the text is the same (and ``top/0`` succeeds in both);
2. time its ``top/0`` run N times as the suite's own driver does (``ntimes/2``:
   each run inside ``\\+ \\+``, the time of an empty loop of N subtracted),
   in CPU seconds measured inside the process (SWI-Prolog's
   ``statistics(cputime, T)``, Python's ``time.process_time()``), after the
   program is loaded.

N is the suite's own iteration count (``programs.pl``, calibrated to one
second of SWI-Prolog 8.5.2 on an AMD 3950X) divided by ``--speedup`` (at
least 1).  Prints per program the answer check, both times and the ratio
symlearn/SWI-Prolog, then the geometric mean of the ratios over the programs
that ran in both, with the load average.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import require_program

ROOT = Path(__file__).resolve().parent.parent

#: The answer goal of each program and the term written per answer (default: top, yes).
ANSWERS: dict[str, tuple[str, str]] = {
    "derive": ("d((x+1)*((^(x,2)+2)*(^(x,3)+3)),x,D)", "D"),
    "divide10": ("d(((((((((x/x)/x)/x)/x)/x)/x)/x)/x)/x,x,D)", "D"),
    "eval": ("add(1000, E), V is E", "V"),
    "fast_mu": ("derive([m,i], [m,u,i,i,u], 1, 4, D, 0)", "D"),
    "fib": ("abolish_all_tables, fib(300, F)", "F"),
    "flatten": (
        "eliminate_disjunctions([(a(A,B,C):-(b(A);c(C)))],X,Y,[]), inst_vars((X,Y))",
        "X-Y",
    ),
    "log10": ("d(log(log(log(log(log(log(log(log(log(log(x)))))))))),x,D)", "D"),
    "mu": ("once(theorem([m,u,i,i,u], 5, P))", "P"),
    "nreverse": ("numlist(1, 30, L0), nreverse(L0, L)", "L"),
    "ops8": ("d((x+1)*((^(x,2)+2)*(^(x,3)+3)),x,D)", "D"),
    "perfect": ("findall(C, perfect(100, C), X), length(X, N)", "N"),
    "pingpong": ("abolish_all_tables, findall(X, d(X), L), length(L, N), max_list(L, M)", "N-M"),
    "poly_10": ("test_poly(P), poly_exp(10, P, R)", "R"),
    "qsort": (
        "qsort([27,74,17,33,94,18,46,83,65,2,32,53,28,85,99,47,28,82,6,11,55,29,39,81,90,"
        "37,10,0,66,51,7,21,85,27,31,63,75,4,95,99,11,28,61,74,18,92,40,53,59,8],R,[])",
        "R",
    ),
    "queens_8": ("findall(Q, queens(8,Q), L), length(L, N), L = [F|_]", "N-F"),
    "queens_clpfd": ("once(n_queens(16, Qs))", "Qs"),
    "query": ("findall(Q, query(Q), L)", "L"),
    "reducer": ("try(fac(3), A), try(quick([3,1,2]), B)", "A-B"),
    "serialise": ("atom_codes('ABLE WAS I ERE I SAW ELBA', C), serialise(C, R)", "R"),
    "sieve": ("top, findall(P, prime(P), L), length(L, N), last(L, X)", "N-X"),
    "simple_analyzer": ("main(T)", "T"),
    "tak": ("tak(18,12,6,A)", "A"),
    "times10": ("d(((((((((x*x)*x)*x)*x)*x)*x)*x)*x)*x,x,D)", "D"),
    "unify": ("main(S)", "S"),
    "zebra": ("zebra(H)", "H"),
}

#: The suite's driver loop (run.pl's ntimes/2), the same text in both systems.
DRIVER = """
'$bench_ntimes'(_, N) :- N =:= 0, !.
'$bench_ntimes'(G, N) :- '$bench_not_not'(G), !, N1 is N-1, '$bench_ntimes'(G, N1).
'$bench_not_not'(G) :- '$bench_not'(G), !, fail.
'$bench_not_not'(_).
'$bench_not'(G) :- call(G), !, fail.
'$bench_not'(_).
'$bench_dummy'.
'$bench_answer'(Goal, Witness) :-
    once(Goal),
    \\+ \\+ (numbervars(Witness, 0, _), writeq(Witness), nl).
"""

SWI_RUN = """
'$bench_time'(N, T) :-
    statistics(cputime, T0), '$bench_ntimes'(top, N),
    statistics(cputime, T1), '$bench_ntimes'('$bench_dummy', N),
    statistics(cputime, T2),
    T is (T1-T0) - (T2-T1).
'$bench_main'(BenchTimes__) :-
    catch(('$bench_answer'(Answer, Witness) -> true ; write('<no answer>'), nl), BenchE__,
          (print_message(error, BenchE__), write('<error>'), nl)),
    write('<end of answer>'), nl,
    catch(('$bench_time'(BenchTimes__, BenchTime__)
           -> format('<time ~15f>~n', [BenchTime__])
           ;  write('<top failed>'), nl),
          BenchError__, (print_message(error, BenchError__), write('<error>'), nl)).
"""


def programs(bench: Path) -> dict[str, int]:
    """The suite's programs and their iteration counts (``programs.pl``), in its order."""
    text = (bench / "programs.pl").read_text(encoding="utf-8")
    return {
        m.group(1): int(m.group(2)) for m in re.finditer(r"^program\((\w+),\s*(\d+)\)", text, re.M)
    }


def run_swipl(path: Path, goal: str, witness: str, n: int, timeout: float) -> dict[str, object]:
    """SWI-Prolog's answer text and time (or an error) for one program."""
    swipl = require_program("swipl", "apt-get install swi-prolog-nox")
    with tempfile.TemporaryDirectory() as tmp:
        driver = Path(tmp) / "driver.pl"
        driver.write_text(DRIVER + SWI_RUN.replace("Answer, Witness", f"({goal}), {witness}"))
        try:
            done = subprocess.run(
                [
                    swipl,
                    "-q",
                    "-g",
                    f"consult('{driver}'), consult('{path}'), '$bench_main'({n})",
                    "-t",
                    "halt",
                ],
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
                cwd=path.parent,
            )
        except subprocess.TimeoutExpired:
            return {"error": f"timeout after {timeout:.0f} s"}
    return _parse_run(done.stdout, done.stderr)


def _parse_run(out: str, err: str) -> dict[str, object]:
    answer, _, rest = out.partition("<end of answer>\n")
    match = re.search(r"<time ([0-9.eE+-]+)>", rest)
    result: dict[str, object] = {"answer": answer}
    if match:
        result["time"] = float(match.group(1))
    else:
        lines = [line for line in (err + rest).splitlines() if line.strip()]
        result["error"] = lines[-1][:120] if lines else "no time"
    return result


def run_symlearn(path: Path, goal: str, witness: str, n: int, timeout: float) -> dict[str, object]:
    """symlearn's answer text and time (or an error) for one program, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    command = [sys.executable, __file__, "--child", str(path), goal, witness, str(n)]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, check=False, env=env
        )
    except subprocess.TimeoutExpired:
        return {"error": f"timeout after {timeout:.0f} s"}
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]
    except (json.JSONDecodeError, IndexError):
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        return {"error": lines[-1][:120] if lines else f"status {done.returncode}"}


def child(path: str, goal: str, witness: str, n: int) -> None:
    """Load one program into symlearn, write its answer and time as one JSON line."""
    import io

    from symlearn.engine import Engine
    from symlearn.errors import SymlearnError
    from symlearn.kb import load, loads, parse_term

    result: dict[str, object] = {}
    try:
        kb = loads(DRIVER, "driver.pl")
        load(path, kb)
        out = io.StringIO()
        engine = Engine(kb, output=out)
        answer_goal = parse_term(f"'$bench_answer'(({goal}), {witness})", ops=kb.operators)
        try:
            if not engine.ask(answer_goal):
                out.write("<no answer>\n")
        except SymlearnError as error:
            out.write(f"<error>\n{error}\n")
        result["answer"] = out.getvalue()
        engine = Engine(kb, output=io.StringIO())
        start = time.process_time()
        ran = engine.ask(parse_term(f"'$bench_ntimes'(top, {n})"))
        middle = time.process_time()
        engine.ask(parse_term(f"'$bench_ntimes'('$bench_dummy', {n})"))
        end = time.process_time()
        if ran:
            result["time"] = (middle - start) - (end - middle)
        else:
            result["error"] = "top failed"
    except SymlearnError as error:
        result["error"] = str(error).splitlines()[0][:120]
    print(json.dumps(result))


def suite_options(description: str, speedup: float, timeout: str) -> argparse.Namespace:
    """The command line of a script over the suite: ``--bench --speedup --only --timeout``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--bench", type=Path, default=Path(os.environ.get("SYMLEARN_BENCH", "/work/peers/bench"))
    )
    parser.add_argument("--speedup", type=float, default=speedup, help="divide each count by this")
    parser.add_argument("--only", nargs="+", metavar="PROGRAM")
    parser.add_argument("--timeout", type=float, default=600, help=timeout)
    return parser.parse_args()


def main() -> None:
    options = suite_options(__doc__.split("\n")[0], 20, "seconds per program run")
    counts = programs(options.bench)
    names = options.only or list(counts)
    print(f"load average {os.getloadavg()[0]:.1f}; speedup {options.speedup:g}")
    print(f"{'program':<16} {'N':>6} {'answer':>8} {'symlearn s':>11} {'SWI s':>9} {'ratio':>7}")
    ratios: list[float] = []
    same = 0
    for name in names:
        n = max(1, round(counts[name] / options.speedup))
        path = options.bench / "programs" / f"{name}.pl"
        goal, witness = ANSWERS.get(name, ("top", "yes"))
        ours = run_symlearn(path, goal, witness, n, options.timeout)
        theirs = run_swipl(path, goal, witness, n, options.timeout)
        agrees = "error" not in ours and ours.get("answer") == theirs.get("answer")
        same += agrees
        mine, swi = ours.get("time"), theirs.get("time")
        if isinstance(mine, float) and isinstance(swi, float) and swi > 0:
            ratio = max(mine, 1e-6) / swi
            ratios.append(ratio)
            timing = f"{mine:11.3f} {swi:9.3f} {ratio:7.1f}"
        else:
            why = ours.get("error", theirs.get("error", ""))
            timing = f"{'-':>11} {'-':>9} {'-':>7}  {why}"
        print(f"{name:<16} {n:>6} {'same' if agrees else 'DIFFERS':>8} {timing}", flush=True)
    mean = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan")
    print(f"\n{same}/{len(names)} give SWI-Prolog's answer; {len(ratios)} timed in both")
    print(f"geometric mean of the ratios symlearn/SWI-Prolog: {mean:.1f}x")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        main()
