"""Knowledge bases beyond memory: FOIL and a tabled closure on DuckDB and Spark (issue 23).

    python benchmarks/scale_out.py generate --dir /work/scratch/scale [--sizes 1000000,...]
    python benchmarks/scale_out.py foil --dir DIR [--sizes 1000000] [--backends duckdb,memory]
    python benchmarks/scale_out.py closure --dir DIR [--edges 1000000]

``generate`` writes, once, for each size N the family of ``gen_family.py``
(five generations of N/5 people, everyone after the first with a father and
a mother from one couple of the previous generation; male/1, female/1) as
Parquet files ``parent.parquet``, ``male.parquet``, ``female.parquet`` in
``DIR/family_N/``, with ``external.pl`` declaring them, ``examples.pl`` (200
positive and 200 negative training examples of grandparent/2, half of the
negatives near misses: parent and great-grandparent pairs; the modes of
gen_family.py) and, up to 1,000,000 people, ``facts.pl`` (the same facts as
Prolog clauses, for the memory backend).  It is the generator of
``gen_family.py`` written with numpy so that 30 million people take a
minute, not an hour; the same N and seed always give the same files.  The
closure's graph (``DIR/graph_E/``) has E random edges between ``1.25 E``
nodes (each node's expected out-degree 0.8, so the closure stays in the tens
of millions of pairs), as ``edge.parquet`` and as ``edge.pl`` for
SWI-Prolog.

``foil`` runs ``symlearn learn foil ... --target grandparent/2`` in a child
process per row and reports its time (wall clock, the whole command) and
peak resident memory (``VmHWM``, with Spark's JVM), and whether the learnt
theory is the textbook clause ``grandparent(A, B) :- parent(A, C), parent(C,
B)``: ``duckdb`` and ``spark`` read the Parquet files, ``memory`` reads
``facts.pl`` (what a user with a ``.pl`` file runs today), ``memory-parquet``
reads the Parquet files into Python (``--backend memory`` on them).

``closure`` times ``symlearn query --backend duckdb`` and SWI-Prolog (with
``:- table path/2``) on ``aggregate_all(count, path(X, Y), N)`` over the
same graph in one run, and prints the ratio and both counts.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

GENERATIONS = 5
EXAMPLES = 200
REPO = Path(__file__).resolve().parent.parent
TEXTBOOK = "grandparent(A,B):-parent(A,C),parent(C,B)."

MODES = """\
:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(1, female(+person)).
:- modeb(1, male(+person)).
:- determination(grandparent/2, parent/2).
"""

EXTERNAL = """\
:- external(parent/2, parquet('parent.parquet')).
:- external(male/1, parquet('male.parquet')).
:- external(female/1, parquet('female.parquet')).
"""

CLOSURE_RULES = """\
:- table path/2.
path(X, Y) :- edge(X, Y).
path(X, Y) :- edge(X, Z), path(Z, Y).
"""


# ------------------------------------------------------------------ generating
def family_arrays(n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each person's sex (True: male), father and mother (-1 in the first generation)."""
    rng = np.random.default_rng(seed)
    male = rng.random(n) < 0.5
    size = max(n // GENERATIONS, 2)
    bounds = [i * size for i in range(GENERATIONS)] + [n]
    generations = [np.arange(lo, hi) for lo, hi in itertools.pairwise(bounds)]
    father = np.full(n, -1, dtype=np.int64)
    mother = np.full(n, -1, dtype=np.int64)
    for older, younger in itertools.pairwise(generations):
        fathers = older[male[older]] if male[older].any() else older[:1]
        mothers = older[~male[older]] if (~male[older]).any() else older[-1:]
        fathers, mothers = rng.permutation(fathers), rng.permutation(mothers)
        couples = min(len(fathers), len(mothers))
        pick = rng.integers(0, couples, size=len(younger))
        father[younger] = fathers[pick]
        mother[younger] = mothers[pick]
    return male, father, mother


def names(ids: np.ndarray) -> object:
    """``p<id>`` for each id, as an Arrow string array."""
    import pyarrow as pa
    import pyarrow.compute as pc

    return pc.binary_join_element_wise("p", pc.cast(pa.array(ids), pa.string()), "")


def grandparents(father: np.ndarray, mother: np.ndarray, child: np.ndarray) -> np.ndarray:
    """The four grandparents of each child (rows; -1 where unknown)."""
    parents = np.stack([father[child], mother[child]], axis=1)
    known = np.where(parents >= 0, parents, 0)
    grand = np.concatenate([father[known], mother[known]], axis=1)
    return np.where(np.repeat(parents >= 0, 2, axis=1), grand, -1)


def sample_examples(
    rng: np.random.Generator, father: np.ndarray, mother: np.ndarray, k: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """k grandparent pairs, and k non-grandparent pairs (half of them near misses)."""
    n = len(father)
    start = 2 * max(n // GENERATIONS, 2)  # the third generation has grandparents
    positives: dict[tuple[int, int], None] = {}
    while len(positives) < k:
        child = rng.integers(start, n, size=2 * k)
        grand = grandparents(father, mother, child)[np.arange(2 * k), rng.integers(0, 4, 2 * k)]
        for pair in zip(grand.tolist(), child.tolist()):
            if len(positives) < k:
                positives[pair] = None
    negatives: dict[tuple[int, int], None] = {}
    near = rng.integers(start, n, size=k)
    parent = np.where(rng.random(k) < 0.5, father[near], mother[near])
    great = grandparents(father, mother, near)[np.arange(k), rng.integers(0, 4, k)]
    great = np.where(rng.random(k) < 0.5, father[great], mother[great])
    for a, c, g in zip(parent.tolist(), near.tolist(), great.tolist()):
        if len(negatives) < k // 2:
            negatives[(g, c) if g >= 0 and rng.random() < 0.5 else (a, c)] = None
    while len(negatives) < k:
        a, c = (int(x) for x in rng.integers(0, n, size=2))
        if a not in grandparents(father, mother, np.array([c]))[0]:
            negatives[(a, c)] = None
    return list(positives), list(negatives)


def write_family(n: int, seed: int, directory: Path) -> None:
    """The family of ``n`` people as Parquet, with its task files (see the module docstring)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    if (directory / "examples.pl").exists():
        return
    directory.mkdir(parents=True, exist_ok=True)
    male, father, mother = family_arrays(n, seed)
    children = np.flatnonzero(father >= 0)
    parent = np.stack([father[children], mother[children]], axis=1).reshape(-1)
    child = np.repeat(children, 2)
    pq.write_table(
        pa.table({"parent": names(parent), "child": names(child)}), directory / "parent.parquet"
    )
    people = np.arange(n)
    pq.write_table(pa.table({"person": names(people[male])}), directory / "male.parquet")
    pq.write_table(pa.table({"person": names(people[~male])}), directory / "female.parquet")
    positives, negatives = sample_examples(
        np.random.default_rng(seed + 1), father, mother, EXAMPLES
    )
    lines = [f"% family of {n} people, seed {seed} (benchmarks/scale_out.py)"]
    lines += [f"pos(grandparent(p{a}, p{b}))." for a, b in positives]
    lines += [f"neg(grandparent(p{a}, p{b}))." for a, b in negatives]
    (directory / "external.pl").write_text(EXTERNAL)
    if n <= 1_000_000:
        facts = [f"male(p{i})." for i in people[male].tolist()]
        facts += [f"female(p{i})." for i in people[~male].tolist()]
        facts += [f"parent(p{a}, p{b})." for a, b in zip(parent.tolist(), child.tolist())]
        (directory / "facts.pl").write_text("\n".join(facts) + "\n")
    (directory / "examples.pl").write_text("\n".join(lines) + "\n" + MODES)


def write_graph(edges: int, seed: int, directory: Path) -> None:
    """A random directed graph of ``edges`` edges over ``1.25 * edges`` nodes."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    if (directory / "graph.pl").exists():
        return
    directory.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    nodes = edges * 5 // 4
    pairs: np.ndarray = np.zeros((0, 2), dtype=np.int64)
    while len(pairs) < edges:
        more = rng.integers(0, nodes, size=(edges, 2))
        more = more[more[:, 0] != more[:, 1]]
        pairs = np.unique(np.concatenate([pairs, more]), axis=0)
    pairs = pairs[rng.permutation(len(pairs))[:edges]]
    pq.write_table(
        pa.table({"a": names(pairs[:, 0]), "b": names(pairs[:, 1])}), directory / "edge.parquet"
    )
    text = "\n".join(f"edge(p{a}, p{b})." for a, b in pairs.tolist())
    (directory / "edge.pl").write_text(text + "\n" + CLOSURE_RULES)
    (directory / "graph.pl").write_text(
        ":- external(edge/2, parquet('edge.parquet')).\n" + CLOSURE_RULES
    )


# --------------------------------------------------------------------- running
def timed(command: list[str], env: dict[str, str] | None = None) -> dict:
    """Run ``command``; its wall-clock seconds, peak resident MB (VmHWM) and output."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    peak = 0
    status = Path(f"/proc/{process.pid}/status")
    while process.poll() is None:
        peak = max(peak, _peak_kb(status, process.pid))
        time.sleep(0.05)
    out, err = process.communicate()
    return {
        "seconds": time.perf_counter() - start,
        "peak_mb": peak / 1024,
        "stdout": out,
        "stderr": err,
        "status": process.returncode,
    }


def _peak_kb(status: Path, pid: int) -> int:
    """The peak resident memory of a process and its children, in kB (VmHWM)."""
    total = 0
    for proc in [pid, *_children(pid)]:
        try:
            for line in Path(f"/proc/{proc}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def _children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    result = [int(c) for c in found]
    for child in list(result):
        result += _children(child)
    return result


def symlearn(*args: str) -> list[str]:
    return [sys.executable, "-m", "symlearn", *args]


def foil_row(directory: Path, backend: str, master: str) -> dict:
    inputs = ["facts.pl"] if backend == "memory" else ["external.pl"]
    files = [str(directory / f) for f in [*inputs, "examples.pl"]]
    command = symlearn("learn", "foil", *files, "--target", "grandparent/2", "--json")
    command += ["--backend", backend.removesuffix("-parquet")]
    if backend == "spark":
        command += ["--spark-master", master]
    run = timed(command, env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    if run["status"] != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{run['stderr']}")
    result = json.loads(run["stdout"])
    clauses = [c.replace(" ", "").replace("\n", "") for c in result["hypothesis"]]
    run["theory"] = " ".join(result["hypothesis"])
    run["textbook"] = clauses == [TEXTBOOK]
    return run


def foil(args: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.2f} at start")
    print(
        f"{'people':>10} {'facts':>11} {'backend':14} {'seconds':>9} {'peak MB':>8}  "
        "textbook clause"
    )
    for n in (int(s) for s in args.sizes.split(",")):
        directory = args.dir / f"family_{n}"
        facts = int(n * 2.6)
        for backend in args.backends.split(","):
            run = foil_row(directory, backend, args.spark_master)
            print(
                f"{n:>10,} {facts:>11,} {backend:14} {run['seconds']:9.1f} {run['peak_mb']:8.0f}  "
                f"{run['textbook']}",
                flush=True,
            )
    print(f"load average {os.getloadavg()[0]:.2f} at end")


def closure(args: argparse.Namespace) -> None:
    directory = args.dir / f"graph_{args.edges}"
    goal = "aggregate_all(count, path(X, Y), N)"
    print(f"load average {os.getloadavg()[0]:.2f} at start")
    ours = timed(
        symlearn("query", str(directory / "graph.pl"), goal, "--backend", "duckdb", "--json"),
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )
    if ours["status"] != 0:
        raise SystemExit(ours["stderr"])
    count = json.loads(ours["stdout"])["solutions"][0]["N"]
    swipl = timed(
        [
            "swipl",
            "-q",
            "-g",
            f"{goal}, write(N), nl",
            "-t",
            "halt",
            str(directory / "edge.pl"),
        ]
    )
    print(f"{'system':28} {'seconds':>8} {'peak MB':>8} {'answers':>12}")
    print(
        f"{'symlearn --backend duckdb':28} {ours['seconds']:8.1f} {ours['peak_mb']:8.0f} "
        f"{count:>12}"
    )
    print(
        f"{'SWI-Prolog (tabling)':28} {swipl['seconds']:8.1f} {swipl['peak_mb']:8.0f} "
        f"{swipl['stdout'].strip():>12}"
    )
    print(f"ratio symlearn / SWI-Prolog: {ours['seconds'] / swipl['seconds']:.2f}")
    print(f"load average {os.getloadavg()[0]:.2f} at end")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["generate", "foil", "closure"])
    parser.add_argument("--dir", type=Path, default=Path("/tmp/symlearn_scale_out"))
    parser.add_argument("--sizes", default="1000000")
    parser.add_argument("--backends", default="memory,duckdb")
    parser.add_argument("--spark-master", default="local[2]")
    parser.add_argument("--edges", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what == "generate":
        for n in (int(s) for s in args.sizes.split(",")):
            start = time.perf_counter()
            write_family(n, args.seed, args.dir / f"family_{n}")
            print(f"family of {n:,} people: {time.perf_counter() - start:.1f} s", flush=True)
        start = time.perf_counter()
        write_graph(args.edges, args.seed, args.dir / f"graph_{args.edges}")
        print(f"graph of {args.edges:,} edges: {time.perf_counter() - start:.1f} s")
    elif args.what == "foil":
        foil(args)
    else:
        closure(args)


if __name__ == "__main__":
    main()
