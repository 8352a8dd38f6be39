"""Query speed: symlearn's engine against SWI-Prolog on the same programs, in one run.

    python benchmarks/query_vs_swipl.py [--sizes 1000 10000 100000] [--seed 1]
                                        [--only family|programs] [--from-source]

**Programs** (issue 14's table): naive reverse of a 30-element list 2,000
times (496 logical inferences each, about 1M), the counting loop
``count(0, 300000)`` with ``is/2``, ``findall/3`` of 10,000,000 integers, and
``findall(X-Y, tanc(X, Y), L), length(L, N)`` over a tabled ancestor relation
of a 100,000-person family (1.04M answers), end to end (start, load, query,
exit).  Each runs in a fresh process of each system; the script prints the
CPU seconds (user + system: the machine may be shared, and wall-clock time
would count the other jobs; the query's own time measured inside the
process, and for the tabled ancestor the whole process), the peak resident
memory of the process (``/usr/bin/time``),
the ratios symlearn/SWI, and for naive reverse the logical inferences per
second (LIPS).  symlearn runs from compiled bytecode, as an installed package
does (pip compiles it at install time; SWI-Prolog likewise starts from its
compiled boot file): one unmeasured run first fills a bytecode cache in the
temporary directory (``PYTHONPYCACHEPREFIX``), even where
``PYTHONDONTWRITEBYTECODE`` is set.  Compiling the sources instead adds about
3 MB to the peak memory of every row (``--from-source`` measures that way).

**Family** (the Datalog path): for each size N, ``gen_family.py N SEED --rules``
writes a family knowledge
base; both systems load it and find all solutions of ``grandparent(X, Y)`` and
of the tabled ``ancestor(X, Y)``.  Load and each query are timed separately
(wall clock, in the same process as the work: SWI-Prolog times itself with
``statistics/2``), and the script prints the times and the ratios
symlearn/SWI.  The solution counts of both systems are printed and must agree.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gen_family
from peers import require_program
from symlearn.engine import Engine
from symlearn.kb import load, parse_term

SWI_DRIVER = """
main :-
    getenv('FAMILY_FILE', File),
    get_time(T0),
    load_files(File, [silent(true)]),
    get_time(T1),
    aggregate_all(count, grandparent(_, _), G),
    get_time(T2),
    aggregate_all(count, ancestor(_, _), A),
    get_time(T3),
    format('{"load": ~6f, "grandparent": ~6f, "ancestor": ~6f, ', [T1 - T0, T2 - T1, T3 - T2]),
    format('"grandparent_count": ~d, "ancestor_count": ~d}~n', [G, A]).
"""


def run_symlearn(path: Path) -> dict[str, float]:
    """Load ``path`` and run both queries in symlearn; times in seconds."""
    start = time.perf_counter()
    kb = load(path)
    loaded = time.perf_counter()
    engine = Engine(kb)
    grandparents = engine.count(parse_term("grandparent(X, Y)"))
    queried = time.perf_counter()
    ancestors = engine.count(parse_term("ancestor(X, Y)"))
    done = time.perf_counter()
    return {
        "load": loaded - start,
        "grandparent": queried - loaded,
        "ancestor": done - queried,
        "grandparent_count": grandparents,
        "ancestor_count": ancestors,
    }


def run_swipl(path: Path) -> dict[str, float]:
    """Load ``path`` and run both queries in SWI-Prolog (it times itself)."""
    swipl = require_program("swipl", "apt-get install swi-prolog-nox")
    with tempfile.NamedTemporaryFile("w", suffix=".pl", delete=False) as driver:
        driver.write(SWI_DRIVER)
    env = {**os.environ, "FAMILY_FILE": str(path)}
    result = subprocess.run(
        [swipl, "-q", "-g", "main", "-t", "halt", driver.name],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    Path(driver.name).unlink()
    return json.loads(result.stdout.strip().splitlines()[-1])


NREV = """
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).
range(N, N, [N]) :- !.
range(I, N, [I|T]) :- I1 is I + 1, range(I1, N, T).
bench(0, _) :- !.
bench(K, L) :- nrev(L, _), K1 is K - 1, bench(K1, L).
count(N, N) :- !.
count(I, N) :- I1 is I + 1, count(I1, N).
"""
NREV_TIMES = 2000
NREV_INFERENCES = NREV_TIMES * 496  # nrev of 30 elements: 496 logical inferences

#: (label, program file or None for NREV, goal, time the whole process?)
PROGRAMS = [
    ("naive reverse 30 x 2000", None, f"range(1, 30, L), bench({NREV_TIMES}, L)", False),
    ("count(0, 300000)", None, "count(0, 300000)", False),
    ("findall 10M integers", None, "findall(X, between(1, 10000000, X), L), length(L, N)", False),
    ("tabled ancestor 100k, findall", "family", "findall(X-Y, tanc(X, Y), L), length(L, N)", True),
]

SYMLEARN_DRIVER = textwrap.dedent(
    """
    import sys, time, json
    from symlearn.engine import Engine
    from symlearn.kb import load, parse_term
    engine = Engine(load(sys.argv[1]))
    goal = parse_term(sys.argv[2])
    began = time.process_time()
    solutions = engine.count(goal)
    done = time.process_time()
    print(json.dumps({"query": done - began, "solutions": solutions}))
    """
)

SWI_PROGRAM_DRIVER = """
main :-
    getenv('PROGRAM_FILE', File), getenv('GOAL', Text),
    load_files(File, [silent(true)]),
    term_to_atom(Goal, Text),
    statistics(cputime, T1),
    aggregate_all(count, Goal, N),
    statistics(cputime, T2),
    format('{"query": ~6f, "solutions": ~d}~n', [T2 - T1, N]).
"""


def _measured(command: list[str], env: dict[str, str] | None = None) -> tuple[dict, float, float]:
    """Run ``command`` under ``/usr/bin/time``: its JSON line, CPU seconds, peak resident MB."""
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%U %S %M", *command],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({result.returncode}): {result.stderr}")
    user, system, peak_kb = result.stderr.strip().splitlines()[-1].split()
    report = json.loads(result.stdout.strip().splitlines()[-1])
    return report, float(user) + float(system), int(peak_kb) / 1024


def _symlearn_env(tmp: Path, from_source: bool) -> dict[str, str]:
    """The environment of the symlearn runs: a bytecode cache in ``tmp`` unless from source."""
    env = dict(os.environ)
    if not from_source:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    return env


def run_programs(tmp: Path, seed: int, from_source: bool = False) -> None:
    """The program rows: symlearn and SWI-Prolog in fresh processes, same files."""
    swipl = require_program("swipl", "apt-get install swi-prolog-nox")
    env = _symlearn_env(tmp, from_source)
    nrev = tmp / "nrev.pl"
    nrev.write_text(NREV)
    family = tmp / "tanc_100000.pl"
    gen_family.write(100_000, seed, family, rules=True, k=0)
    family.write_text(family.read_text().replace("ancestor", "tanc"))
    driver = tmp / "driver.pl"
    driver.write_text(SWI_PROGRAM_DRIVER)
    ours_command = [sys.executable, "-c", SYMLEARN_DRIVER]
    if not from_source:  # fill the bytecode cache (unmeasured)
        _measured([*ours_command, str(nrev), "true"], env=env)
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(
        f"{'work':<32} {'symlearn s':>10} {'SWI s':>8} {'ratio':>7} "
        f"{'symlearn MB':>11} {'SWI MB':>8} {'ratio':>6}  agree"
    )
    for label, source, goal, whole in PROGRAMS:
        path = family if source == "family" else nrev
        swi, swi_cpu, swi_mb = _measured(
            [swipl, "-q", "-g", "main", "-t", "halt", str(driver)],
            env={**os.environ, "PROGRAM_FILE": str(path), "GOAL": goal},
        )
        ours, our_cpu, our_mb = _measured([*ours_command, str(path), goal], env=env)
        ours_s = our_cpu if whole else ours["query"]
        swi_s = swi_cpu if whole else swi["query"]
        print(
            f"{label:<32} {ours_s:>10.2f} {swi_s:>8.2f} {ours_s / swi_s:>6.1f}x "
            f"{our_mb:>11.0f} {swi_mb:>8.0f} {our_mb / swi_mb:>5.1f}x  "
            f"{ours['solutions'] == swi['solutions']}"
        )
        if label.startswith("naive reverse"):
            print(
                f"{'':<32} LIPS: symlearn {NREV_INFERENCES / ours['query']:,.0f}, "
                f"SWI {NREV_INFERENCES / swi['query']:,.0f}"
            )
        sys.stdout.flush()


def main() -> None:
    """Run the comparison and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=["family", "programs"], default=None)
    parser.add_argument(
        "--from-source",
        action="store_true",
        help="run symlearn without a bytecode cache (it compiles its sources in every run)",
    )
    args = parser.parse_args()
    if args.only != "family":
        with tempfile.TemporaryDirectory() as tmp:
            run_programs(Path(tmp), args.seed, args.from_source)
        if args.only == "programs":
            return
        print()
    header = (
        f"{'people':>8} {'system':>9} {'load s':>8} {'gp s':>8} {'anc s':>8} "
        f"{'total s':>8} {'gp n':>8} {'anc n':>9}"
    )
    print(header)
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            path = Path(tmp) / f"family_{n}.pl"
            gen_family.write(n, args.seed, path, rules=True, k=0)
            swi = run_swipl(path)
            ours = run_symlearn(path)
            for name, r in (("SWI", swi), ("symlearn", ours)):
                total = r["load"] + r["grandparent"] + r["ancestor"]
                print(
                    f"{n:>8} {name:>9} {r['load']:>8.3f} {r['grandparent']:>8.3f} "
                    f"{r['ancestor']:>8.3f} {total:>8.3f} {r['grandparent_count']:>8} "
                    f"{r['ancestor_count']:>9}"
                )
            ratios = {k: ours[k] / max(swi[k], 1e-6) for k in ("load", "grandparent", "ancestor")}
            total_ratio = sum(ours[k] for k in ratios) / sum(swi[k] for k in ratios)
            agree = (
                ours["grandparent_count"] == swi["grandparent_count"]
                and ours["ancestor_count"] == swi["ancestor_count"]
            )
            print(
                f"{n:>8} {'ratio':>9} {ratios['load']:>8.2f} {ratios['grandparent']:>8.2f} "
                f"{ratios['ancestor']:>8.2f} {total_ratio:>8.2f}   counts agree: {agree}"
            )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
