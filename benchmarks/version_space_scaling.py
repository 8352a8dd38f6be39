"""Candidate-Elimination on random consistent data, and aima-python's version-space learner.

Issue 3 "Speed": Candidate-Elimination with 10, 20 and 40 attributes of 3-5
values and 1,000 random examples labelled by a random target conjunction.
Per run it prints the time, |S|, |G| (at the end and the largest seen), the
exact version-space size (counted from S and G), and the number of attributes
the target constrains.

Examples are half positives (drawn inside the target) and half negatives, of
which half are near misses (a positive with one constrained attribute
changed) and half uniform instances outside the target: uniform instances
alone would be almost all negative and far from the boundary.

The peer is aima-python's ``version_space_learning`` (pip package ``aima3``,
``aima3.knowledge``; install it with ``pip install --no-deps aima3``: its
metadata pins networkx 1.11, which would replace the networkx symlearn needs),
which lists every hypothesis and then every set of
hypotheses.  It runs in a subprocess with a memory cap and a time limit on
two tiny tasks (2 attributes / 2 examples, and EnjoySport: 6 attributes / 4
examples) next to symlearn on the same examples; the script prints both times
and their ratio, or that the peer did not finish.

    python benchmarks/version_space_scaling.py [--seed 1] [--examples 1000]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import time

from peers import optional
from symlearn.hypotheses import ANY, Conjunction, ConjunctionSpace
from symlearn.learners.concepts.candidate_elimination import CandidateElimination

#: aima3's metadata pins networkx 1.11; its version-space code does not use it.
AIMA3_INSTALL = "python3 -m pip install --no-deps aima3"

ENJOYSPORT = [
    (
        {
            "sky": "sunny",
            "air": "warm",
            "hum": "normal",
            "wind": "strong",
            "water": "warm",
            "fc": "same",
        },
        True,
    ),
    (
        {
            "sky": "sunny",
            "air": "warm",
            "hum": "high",
            "wind": "strong",
            "water": "warm",
            "fc": "same",
        },
        True,
    ),
    (
        {
            "sky": "rainy",
            "air": "cold",
            "hum": "high",
            "wind": "strong",
            "water": "warm",
            "fc": "change",
        },
        False,
    ),
    (
        {
            "sky": "sunny",
            "air": "warm",
            "hum": "high",
            "wind": "strong",
            "water": "cool",
            "fc": "change",
        },
        True,
    ),
]
TINY = [({"a": "x", "b": "u"}, True), ({"a": "y", "b": "u"}, False)]


def random_task(
    n: int, m: int, rng: random.Random, near_misses: float = 0.25, constrained_share: float = 0.25
):
    """A space of n attributes with 3-5 values, a target and m consistent examples.

    Half the examples are positive; ``near_misses`` of them are near-miss
    negatives, the rest uniform negatives.
    """
    domains = tuple(tuple(f"v{j}" for j in range(rng.randint(3, 5))) for _ in range(n))
    space = ConjunctionSpace("t", tuple(f"a{i}" for i in range(n)), domains)
    constrained = rng.sample(range(n), max(1, round(n * constrained_share)))
    target = Conjunction(
        tuple(rng.choice(d) if i in constrained else ANY for i, d in enumerate(domains))
    )

    def inside() -> tuple:
        return tuple(c if c != ANY else rng.choice(d) for c, d in zip(target.constraints, domains))

    examples = []
    while len(examples) < m:
        kind = rng.random()
        if kind < 0.5:
            examples.append((inside(), True))
        elif kind < 0.5 + near_misses:
            x = list(inside())
            i = rng.choice(constrained)
            x[i] = rng.choice([v for v in domains[i] if v != target.constraints[i]])
            examples.append((tuple(x), False))
        else:
            x = tuple(rng.choice(d) for d in domains)
            if not target.covers(x):
                examples.append((x, False))
    return space, target, examples


def run_symlearn(space: ConjunctionSpace, examples) -> dict:
    start = time.perf_counter()
    learner = CandidateElimination(space, keep_trace=False)
    largest_g = 1
    checkpoints = {}
    for k, (x, y) in enumerate(examples, 1):
        learner.update(x, y)
        largest_g = max(largest_g, len(learner.G))
        if k in (10, 100, 1000):
            checkpoints[k] = len(learner.G)
    learn_time = time.perf_counter() - start
    start = time.perf_counter()
    size = learner.version_space.size()
    count_time = time.perf_counter() - start
    return {
        "time": learn_time,
        "count_time": count_time,
        "S": len(learner.S),
        "G": len(learner.G),
        "largest_G": largest_g,
        "G_at": checkpoints,
        "size": size,
        "s_specific": sum(1 for c in learner.S[0].constraints if c != ANY),
    }


def _peer_worker(examples, queue) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))
    from aima3.knowledge import version_space_learning

    rows = [{**x, "GOAL": y} for x, y in examples]
    start = time.perf_counter()
    try:
        version = version_space_learning(rows)
    except MemoryError:
        queue.put(("memory", time.perf_counter() - start))
        return
    queue.put(("ok", time.perf_counter() - start, len(version)))


def run_peer(examples, limit: float) -> tuple:
    if optional("aima3.knowledge") is None:
        return ("missing",)
    queue: multiprocessing.Queue = multiprocessing.Queue()
    process = multiprocessing.Process(target=_peer_worker, args=(examples, queue))
    start = time.perf_counter()
    process.start()
    process.join(limit)
    if process.is_alive():
        process.kill()
        process.join()
        return ("timeout", time.perf_counter() - start)
    return queue.get() if not queue.empty() else ("crashed", time.perf_counter() - start)


def _symlearn_on_dicts(examples) -> tuple[float, int]:
    names = list(examples[0][0])
    domains = tuple(tuple(dict.fromkeys(x[a] for x, _ in examples)) for a in names)
    space = ConjunctionSpace("t", tuple(names), domains)
    rows = [(tuple(x[a] for a in names), y) for x, y in examples]
    start = time.perf_counter()
    learner = CandidateElimination(space).fit(rows)
    size = learner.version_space.size()
    return time.perf_counter() - start, size


def peer_comparison(limit: float) -> None:
    print("peer: aima-python version_space_learning (aima3), 2 GiB memory cap")
    for name, examples in (
        ("2 attributes, 2 examples", TINY),
        ("EnjoySport, 4 examples", ENJOYSPORT),
    ):
        ours, size = _symlearn_on_dicts(examples)
        peer = run_peer(examples, limit)
        if peer[0] == "ok":
            print(
                f"  {name}: symlearn {ours * 1e3:.2f} ms (|VS| = {size}); "
                f"aima {peer[1] * 1e3:.2f} ms (|V| = {peer[2]}, its own hypothesis language); "
                "ratio aima/symlearn "
                f"{peer[1] / ours:.1f}"
            )
        elif peer[0] == "missing":
            print(f"  {name}: symlearn {ours * 1e3:.2f} ms; aima3 not installed ({AIMA3_INSTALL})")
        else:
            what = {"memory": "ran out of memory", "timeout": f"did not finish in {limit:g} s"}
            print(
                f"  {name}: symlearn {ours * 1e3:.2f} ms (|VS| = {size}); aima "
                f"{what.get(peer[0], peer[0])} after {peer[1]:.1f} s; ratio > {peer[1] / ours:.0f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=1000)
    parser.add_argument("--attributes", type=int, nargs="*", default=[10, 20, 40])
    parser.add_argument("--peer-limit", type=float, default=60.0)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument(
        "--near-misses",
        type=float,
        nargs="*",
        default=[0.25, 0.0],
        help="Shares of near-miss negatives to run (default 0.25 and 0).",
    )
    parser.add_argument(
        "--constrained",
        type=float,
        default=0.25,
        help="Share of the attributes the target constrains (default 0.25).",
    )
    args = parser.parse_args()
    if not args.no_peer:
        peer_comparison(args.peer_limit)
    for share in args.near_misses:
        print(
            f"Candidate-Elimination, {args.examples} consistent examples (half positive, "
            f"{share:.0%} near misses), seed {args.seed}"
        )
        print(
            f"{'n':>4} {'target':>6} {'time s':>8} {'count s':>8} {'|S|':>4} {'|G|':>5} "
            f"{'max|G|':>6} {'|G| at 10/100/1000':>18} {'specific in s':>13}  |VS|"
        )
        for n in args.attributes:
            rng = random.Random(args.seed * 1000 + n)
            space, target, examples = random_task(n, args.examples, rng, share, args.constrained)
            r = run_symlearn(space, examples)
            constrained = sum(1 for c in target.constraints if c != ANY)
            at = "/".join(str(r["G_at"].get(k, "-")) for k in (10, 100, 1000))
            print(
                f"{n:>4} {constrained:>6} {r['time']:>8.3f} {r['count_time']:>8.3f} "
                f"{r['S']:>4} {r['G']:>5} {r['largest_G']:>6} {at:>18} "
                f"{r['s_specific']:>13}  {r['size']}"
            )


if __name__ == "__main__":
    main()
