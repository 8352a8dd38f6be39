"""Write a synthetic family knowledge base of N people (for benchmarks).

    python benchmarks/gen_family.py N SEED [-o family_N.pl] [--rules] [--examples K]
    python benchmarks/gen_family.py N SEED --format popper|popper-nobias|aleph -o DIR

Five generations of N/5 people each.  Everyone after the first generation has
a mother and a father (a couple of the previous generation), so there are about
1.6 parent/2 facts per person, with male/1 and female/1 for everyone.

With ``--rules`` the file also defines grandparent/2 and a tabled ancestor/2
(for the query benchmark).  Without it the file is a learning task: K positive
and K negative training examples (default 200) of grandparent/2 and of
grandmother/2, half the negatives near misses (parent pairs,
great-grandparent pairs, and grandfathers for grandmother), plus mode
declarations.  The held-out test examples, disjoint from the training ones and
as many, go to a second file named like the first with ``_test`` before the
suffix (load it together with the first).

With ``--format`` the grandparent/2 task (training examples only) is
written in a peer's own format into the directory DIR: ``popper`` a Popper
task folder (``bk.pl``, ``exs.pl``, ``bias.pl`` with types and directions),
``popper-nobias`` the same without ``bias.pl`` (no modes at all), ``aleph``
an Aleph task ``family.b``/``family.f``/``family.n``.

The same N and SEED always give the same files.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Iterable
from pathlib import Path

GENERATIONS = 5


def build_family(n: int, seed: int) -> tuple[list[str], dict[str, str], list[tuple[str, str]]]:
    """People, their sex ('m'/'f'), and parent pairs (parent, child)."""
    rng = random.Random(seed)
    people = [f"p{i}" for i in range(n)]
    sex = {p: rng.choice("mf") for p in people}
    size = max(n // GENERATIONS, 2)
    generations = [people[i * size : (i + 1) * size] for i in range(GENERATIONS - 1)]
    generations.append(people[(GENERATIONS - 1) * size :])
    parents: list[tuple[str, str]] = []
    for older, younger in itertools.pairwise(generations):
        fathers = [p for p in older if sex[p] == "m"] or older[:1]
        mothers = [p for p in older if sex[p] == "f"] or older[-1:]
        rng.shuffle(fathers)
        rng.shuffle(mothers)
        couples = list(zip(fathers, mothers))
        for child in younger:
            father, mother = rng.choice(couples)
            parents.append((father, child))
            parents.append((mother, child))
    return people, sex, parents


def relations(parents: list[tuple[str, str]]) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """The grandparent and great-grandparent pairs."""
    children: dict[str, list[str]] = {}
    for p, c in parents:
        children.setdefault(p, []).append(c)
    grand = {(a, c) for a, b in parents for c in children.get(b, [])}
    great = {(a, d) for a, c in grand for d in children.get(c, [])}
    return grand, great


def sample_examples(
    rng: random.Random,
    people: list[str],
    sex: dict[str, str],
    parents: list[tuple[str, str]],
    k: int,
) -> dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]]:
    """2k positives and 2k negatives per target (first half train, second half test)."""
    grand, great = relations(parents)
    parent_set = set(parents)
    grandmother = {(a, c) for a, c in grand if sex[a] == "f"}
    grandfather = grand - grandmother
    mothers = {(a, c) for a, c in parent_set if sex[a] == "f"}
    examples = {}
    for target, positives, near in (
        ("grandparent", grand, [parent_set, great]),
        (
            "grandmother",
            grandmother,
            [grandfather, mothers, {x for x in great if sex[x[0]] == "f"}],
        ),
    ):
        pos = rng.sample(sorted(positives), min(2 * k, len(positives)))
        near_pool = sorted(set().union(*near) - positives)
        near_neg = rng.sample(near_pool, min(k, len(near_pool)))
        chosen = set(near_neg)
        while len(chosen) < 2 * k:
            pair = (rng.choice(people), rng.choice(people))
            if pair not in positives and pair not in chosen:
                chosen.add(pair)
        neg = near_neg + sorted(chosen - set(near_neg))
        rng.shuffle(neg)
        examples[target] = (pos, neg)
    return examples


def _lines(kind: str, target: str, pairs: Iterable[tuple[str, str]]) -> list[str]:
    return [f"{kind}({target}({a}, {b}))." for a, b in pairs]


def write(n: int, seed: int, out: Path | None, rules: bool, k: int) -> None:
    """Write the knowledge base (and, without rules, the held-out test examples)."""
    people, sex, parents = build_family(n, seed)
    text = [
        f"% Synthetic family: {n} people, {GENERATIONS} generations, seed {seed}.",
        f"% Written by benchmarks/gen_family.py {n} {seed}" + (" --rules" if rules else ""),
    ]
    text += [f"male({p})." for p in people if sex[p] == "m"]
    text += [f"female({p})." for p in people if sex[p] == "f"]
    text += [f"parent({p}, {c})." for p, c in parents]
    test: list[str] = []
    if rules:
        text += [
            ":- table ancestor/2.",
            "grandparent(X, Z) :- parent(X, Y), parent(Y, Z).",
            "ancestor(X, Y) :- parent(X, Y).",
            "ancestor(X, Y) :- parent(X, Z), ancestor(Z, Y).",
        ]
    else:
        rng = random.Random(seed + 1)
        for target, (pos, neg) in sample_examples(rng, people, sex, parents, k).items():
            half_pos, half_neg = len(pos) // 2, len(neg) // 2
            text += _lines("pos", target, pos[:half_pos]) + _lines("neg", target, neg[:half_neg])
            test += _lines("pos", target, pos[half_pos:]) + _lines("neg", target, neg[half_neg:])
        text += [
            ":- modeh(1, grandparent(+person, +person)).",
            ":- modeh(1, grandmother(+person, +person)).",
            ":- modeb(*, parent(+person, -person)).",
            ":- modeb(*, parent(-person, +person)).",
            ":- modeb(1, female(+person)).",
            ":- modeb(1, male(+person)).",
            ":- determination(grandparent/2, parent/2).",
            ":- determination(grandmother/2, parent/2).",
            ":- determination(grandmother/2, female/1).",
        ]
    body = "\n".join(text) + "\n"
    if out is None:
        sys.stdout.write(body)
        return
    out.write_text(body)
    if test:
        test_path = out.with_name(out.stem + "_test" + out.suffix)
        test_path.write_text(
            "% Held-out test examples for " + out.name + "\n" + "\n".join(test) + "\n"
        )


POPPER_BIAS = """head_pred(grandparent,2).
body_pred(parent,2).
body_pred(male,1).
body_pred(female,1).
type(grandparent,(person,person)).
type(parent,(person,person)).
type(male,(person,)).
type(female,(person,)).
direction(grandparent,(in,in)).
direction(parent,(in,out)).
direction(male,(in,)).
direction(female,(in,)).
"""

ALEPH_MODES = """:- set(i, 2).
:- modeh(1, grandparent(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(1, female(+person)).
:- modeb(1, male(+person)).
:- determination(grandparent/2, parent/2).
:- determination(grandparent/2, female/1).
:- determination(grandparent/2, male/1).
"""


def write_peer_task(n: int, seed: int, directory: Path, fmt: str, k: int) -> None:
    """The grandparent/2 training task in a peer's format (see the module docstring)."""
    people, sex, parents = build_family(n, seed)
    rng = random.Random(seed + 1)
    pos, neg = sample_examples(rng, people, sex, parents, k)["grandparent"]
    pos, neg = pos[: len(pos) // 2], neg[: len(neg) // 2]
    facts = [f"male({p})." for p in people if sex[p] == "m"]
    facts += [f"female({p})." for p in people if sex[p] == "f"]
    facts += [f"parent({p},{c})." for p, c in parents]
    directory.mkdir(parents=True, exist_ok=True)
    if fmt in ("popper", "popper-nobias"):
        (directory / "bk.pl").write_text("\n".join(facts) + "\n")
        examples = [f"pos(grandparent({a},{b}))." for a, b in pos]
        examples += [f"neg(grandparent({a},{b}))." for a, b in neg]
        (directory / "exs.pl").write_text("\n".join(examples) + "\n")
        if fmt == "popper":
            (directory / "bias.pl").write_text(POPPER_BIAS)
    elif fmt == "aleph":
        (directory / "family.b").write_text(ALEPH_MODES + "\n".join(facts) + "\n")
        (directory / "family.f").write_text("".join(f"grandparent({a},{b}).\n" for a, b in pos))
        (directory / "family.n").write_text("".join(f"grandparent({a},{b}).\n" for a, b in neg))
    else:
        raise SystemExit(f"gen_family.py: unknown format {fmt}")


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="number of people")
    parser.add_argument("seed", type=int, help="random seed")
    parser.add_argument("-o", "--out", type=Path, help="output file (default: stdout)")
    parser.add_argument(
        "--rules",
        action="store_true",
        help="define grandparent/2 and tabled ancestor/2 (query benchmark)",
    )
    parser.add_argument(
        "--examples",
        type=int,
        default=200,
        help="training examples per sign and target (default 200)",
    )
    parser.add_argument(
        "--format",
        choices=["popper", "popper-nobias", "aleph"],
        help="write the grandparent/2 task in a peer's format into the directory -o",
    )
    args = parser.parse_args(argv)
    if args.format is not None:
        if args.out is None:
            parser.error("--format needs -o DIR")
        write_peer_task(args.n, args.seed, args.out, args.format, args.examples)
        return
    write(args.n, args.seed, args.out, args.rules, args.examples)


if __name__ == "__main__":
    main()
