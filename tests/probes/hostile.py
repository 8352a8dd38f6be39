"""A generated set of hostile inputs for every command of the command line.

:func:`probes` writes the hostile files it needs under a folder and returns
:class:`Probe` objects: a category, the command-line arguments, and what the
outcome must be (``"ok"``: exit status 0 or 1; ``"error"``: exit status 2;
``"any"``: either).  Whatever the outcome, no probe may print a Python
traceback, and an error must be one message line (a file error adds the
source line and a caret under it).

Categories:

* ``file``: mutated and synthetic knowledge bases (truncated at every kind
  of place, random bytes, NUL, byte-order mark, bad UTF-8, unterminated
  quotes and comments, deep nesting, huge numbers and atoms, escapes that
  name no character, hostile includes: outside the tree, a device, a FIFO,
  a directory, itself), run through ``check``, ``query``, ``infer``,
  ``export``, ``lattice``, ``bound`` and one learner each (in turn);
* ``parameter``: every option of every command and learner given a wrong
  type, a negative number, ``nan`` and ``1e400``;
* ``output``: ``-o`` to a missing folder, a folder, a file used as a folder,
  a name too long, a FIFO, an input file;
* ``goal``: query goals that run away (under ``--timeout``/``--max-steps``),
  build huge or cyclic terms, and call the text builtins wrongly;
* ``resource``: requests for more memory than exists (a BIF node with 40
  parents, sizes of vast hypothesis spaces, a lattice of 43 million nodes);
* ``indirect``: inputs reached through a folder, a basename, an include,
  ``--test`` or ``--examples`` as ``-o``, FIFOs and devices among them
  (:mod:`tests.probes.indirect`).

``benchmarks/hostile_probes.py`` runs them all as separate processes (with
a time limit, to count hangs) and prints the counts by category.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

__all__ = ["LEARNERS", "Probe", "probes"]

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"

#: Each learner with the example files and target it runs on.
LEARNERS: dict[str, tuple[str, ...]] = {
    "find-s": ("enjoysport.pl", "--target", "enjoysport/6"),
    "list-then-eliminate": ("enjoysport.pl", "--target", "enjoysport/6"),
    "candidate-elimination": ("enjoysport.pl", "--target", "enjoysport/6"),
    "elimination": ("enjoysport.pl", "--target", "enjoysport/6"),
    "brute-force-map": ("enjoysport.pl", "--target", "enjoysport/6"),
    "id3": ("playtennis.pl", "--target", "playtennis/4"),
    "c45": ("golf.pl", "--target", "golf/4"),
    "cart": ("playtennis.pl", "--target", "playtennis/4"),
    "one-r": ("lenses.pl", "--target", "lenses/4"),
    "sequential-covering": ("playtennis.pl", "--target", "playtennis/4"),
    "naive-bayes": ("playtennis.pl", "--target", "playtennis/4"),
    "bayes-net": ("playtennis.pl", "--target", "playtennis/4"),
    "foil": ("family.pl", "--target", "grandparent/2"),
    "progol": ("family.pl", "--target", "grandparent/2"),
    "inverse-resolution": ("grandchild.pl", "--target", "grandchild/2"),
    "apriori": ("playtennis.pl",),
    "k-means": ("golf.pl",),
    "agglomerative": ("golf.pl",),
    "divisive": ("golf.pl",),
    "em-clustering": ("golf.pl",),
}


@dataclass(frozen=True)
class Probe:
    """One hostile run: its category, a short name, the arguments and the expected outcome."""

    category: str
    name: str
    argv: tuple[str, ...]
    expect: str = "any"


def _hostile_texts(rng: random.Random) -> dict[str, bytes]:
    family = (KB / "family.pl").read_bytes()
    texts: dict[str, bytes] = {
        "empty.pl": b"",
        "only_comment.pl": b"% nothing\n/* at all */\n",
        "bom.pl": b"\xef\xbb\xbfp(caf\xc3\xa9).\n",
        "nul.pl": b"p(a).\n\x00\x01\x02",
        "bad_utf8.pl": b"p(a).\nq(\xff\xfe).\n",
        "binary.pl": bytes(rng.randrange(256) for _ in range(600)),
        "unterminated_quote.pl": b"p('abc).\n",
        "unterminated_string.pl": b'p("abc).\n',
        "unterminated_comment.pl": b"p(a).\n/* no end\n",
        "no_period.pl": b"p(a)",
        "deep_term.pl": b"p(" + b"f(" * 3000 + b"a" + b")" * 3000 + b").\n",
        "deep_list.pl": b"p(" + b"[" * 2000 + b"]" * 2000 + b").\n",
        "long_sum.pl": b"p(X) :- X is " + b"+".join([b"1"] * 3000) + b".\n",
        "big_integer.pl": b"p(" + b"9" * 6000 + b").\n",
        "float_overflow.pl": b"p(1.0e400).\n",
        "surrogate.pl": b"p('\\xD800\\').\n",
        "too_big_code.pl": b'p("\\x110000\\").\n',
        "bad_escape.pl": b"p('\\q').\n",
        "huge_atom.pl": b"p('" + b"a" * 2_000_000 + b"').\n",
        "variable_head.pl": b"X :- p.\n",
        "number_head.pl": b"1 :- p.\n",
        "builtin_redefined.pl": b"atom(x).\nis(a, b).\n",
        "unknown_directive.pl": b":- frobnicate(1).\n",
        "directive_var.pl": b":- X.\n",
        "bad_probability.pl": b"1.5::a.\n-0.1::b.\n0.7::c; 0.6::d.\n",
        "bad_mode.pl": b":- modeh(x, y).\n:- modeb(*, 1).\n",
        "bad_attributes.pl": b":- attributes(t, notalist).\n:- domain(a, 3).\n",
        "bad_examples.pl": b"pos(1).\nneg(X).\nlabel(a).\n",
        "bad_set.pl": b":- set(clauselength, -5).\n:- set(closed_world, maybe).\n",
        "self_include.pl": b":- include('self_include.pl').\n",
        "include_outside.pl": b":- include('/etc/passwd').\n",
        "include_parent.pl": b":- include('../outside.pl').\n",
        "include_device.pl": b":- include('/dev/zero').\n",
        "include_fifo.pl": b":- include('pipe.pl').\n",
        "include_dir.pl": b":- include('folder').\n",
        "include_missing.pl": b":- include('nowhere.pl').\n",
        "include_var.pl": b":- include(X).\n",
        "include_text.pl": b":- include('notes.txt').\n",
        "dcg.pl": b"a --> [x].\n",
    }
    for i in range(12):  # the family file cut at random places
        texts[f"truncated_{i}.pl"] = family[: rng.randrange(1, len(family))]
    for i in range(12):  # random bytes dropped in
        data = bytearray(family)
        for _ in range(rng.randrange(1, 8)):
            data.insert(rng.randrange(len(data)), rng.randrange(256))
        texts[f"garbled_{i}.pl"] = bytes(data)
    for i in range(6):  # random punctuation swapped in
        data = bytearray(family)
        for _ in range(rng.randrange(1, 5)):
            data[rng.randrange(len(data))] = rng.choice(b"()[]{},.'\"|:-")
        texts[f"punctuated_{i}.pl"] = bytes(data)
    return texts


def _write_files(folder: Path, rng: random.Random) -> dict[str, Path]:
    files = {}
    inside = folder / "kb"
    inside.mkdir(parents=True, exist_ok=True)
    (folder / "outside.pl").write_text("p(outside).\n")
    (inside / "notes.txt").write_text("root:x:0:0:secret:/root:/bin/bash\n")
    (inside / "folder").mkdir(exist_ok=True)
    if not (inside / "pipe.pl").exists():
        os.mkfifo(inside / "pipe.pl")
    for name, data in _hostile_texts(rng).items():
        path = inside / name
        path.write_bytes(data)
        files[name] = path
    return files


def _file_probes(files: dict[str, Path]) -> list[Probe]:
    found = []
    learners = list(LEARNERS)
    for i, (name, path) in enumerate(sorted(files.items())):
        p = str(path)
        learner = learners[i % len(learners)]
        _, *target = LEARNERS[learner]
        runs = {
            "check": ("check", p),
            "query": ("query", p, "p(X)", "--timeout", "5"),
            "infer": ("infer", p),
            "export": (
                "export",
                "--format",
                "aleph",
                p,
                "--target",
                "p/1",
                "-o",
                str(path.parent / f"out_{name}"),
            ),
            "lattice": ("lattice", p, "--target", "p/1", "-o", str(path.parent / f"{name}.json")),
            "bound": ("bound", "hypothesis-space-size", p, "--class", "conjunctions"),
            "store": ("store", p, "-o", str(path.parent / f"store_{name}")),
            "problog": ("problog", _PROBLOG_TASKS[i % len(_PROBLOG_TASKS)], p),
            learner: ("learn", learner, p, *target),
        }
        found += [Probe("file", f"{command} {name}", argv) for command, argv in runs.items()]
    return found


_PROBLOG_TASKS = ("dt", "map", "explain", "constraint")
_BAD_VALUES = ("abc", "-1", "nan", "1e400")
_SKIPPED = {"--output", "--allow-include", "--csv", "--parquet", "--verbose", "--help"}


def _options(command) -> list[str]:
    import click

    return [
        p.opts[-1]
        for p in command.params
        if isinstance(p, click.Option)
        and not p.is_flag
        and not p.count
        and p.opts[-1] not in _SKIPPED
    ]


def _parameter_probes(folder: Path) -> list[Probe]:
    import click

    from symlearn.cli import cli

    context = click.Context(cli)
    learn = cli.get_command(context, "learn")
    found = []
    for learner, (file, *target) in LEARNERS.items():
        command = learn.get_command(click.Context(learn), learner)
        for option in _options(command):
            for value in _BAD_VALUES:
                argv = ("learn", learner, str(KB / file), *target, option, value)
                if option == "--target":
                    argv = ("learn", learner, str(KB / file), option, value)
                found.append(Probe("parameter", f"learn {learner} {option} {value}", argv))
    bases = {
        "check": ("check", str(KB / "family.pl")),
        "query": ("query", str(KB / "family.pl"), "parent(X, Y)"),
        "lattice": (
            "lattice",
            str(KB / "enjoysport.pl"),
            "--target",
            "enjoysport/6",
            "-o",
            str(folder / "lattice.json"),
        ),
        "infer": ("infer", str(KB / "alarm.pl")),
        "export": (
            "export",
            "--format",
            "popper",
            str(KB / "family.pl"),
            "--target",
            "grandparent/2",
            "-o",
            str(folder / "exported"),
        ),
        "bound": ("bound", "pac", "--H", "973", "--epsilon", "0.1", "--delta", "0.05"),
        "store": ("store", str(KB / "family.pl"), "-o", str(folder / "family_store")),
    }
    problog = cli.get_command(context, "problog")
    for task in _PROBLOG_TASKS:
        bases[f"problog {task}"] = ("problog", task, str(KB / "problog" / "umbrella_dt.pl"))
    for name, base in bases.items():
        command = cli.get_command(context, name)
        if name.startswith("problog "):
            command = problog.get_command(click.Context(problog), name.split()[1])
        for option in _options(command):
            for value in _BAD_VALUES:
                found.append(
                    Probe("parameter", f"{name} {option} {value}", (*base, option, value))
                )
    for name, value in [
        ("n", "-3"),
        ("n", "0.5"),
        ("k", "0"),
        ("epsilon", "2"),
        ("delta", "0"),
        ("H", "-1"),
        ("H", "10**10**10"),
        ("epsilon", "x)"),
    ]:
        found.append(
            Probe(
                "parameter",
                f"bound {name}={value}",
                (
                    "bound",
                    "pac",
                    "--class",
                    "conjunctions",
                    "--n",
                    "10",
                    "--epsilon",
                    "0.1",
                    "--delta",
                    "0.05",
                    f"--{name}",
                    value,
                ),
                "error",
            )
        )
    for argv in [
        ("bound", "no-such-bound"),
        ("bound", "hypothesis-space-size", "--class", "nonsense", "--n", "3"),
        ("bound", "vc-dimension", "--class", "rectangles", "--n", "-2"),
        ("learn", "no-such-learner", str(KB / "family.pl")),
        ("query", str(KB / "family.pl"), "p(("),
        ("query", str(KB / "family.pl"), "X"),
        ("query", str(KB / "family.pl"), "1"),
        ("infer", str(KB / "alarm.pl"), "--query", "f(("),
        ("infer", str(KB / "alarm.pl"), "--evidence", "burglary=maybe"),
        ("infer", str(KB / "alarm.pl"), "--evidence", "nosuch=true"),
        ("learn", "foil", str(KB / "family.pl"), "--target", "nosuch/9"),
        ("check",),
        ("check", str(KB)),
        ("check", "/nonexistent/file.pl"),
        ("store", "/nonexistent/file.pl", "-o", str(folder / "missing_store")),
        ("store", str(KB / "family.pl"), "-o", str(KB / "family.pl")),
        ("problog", "no-such-task", str(KB / "problog" / "umbrella_dt.pl")),
        ("problog", "dt", "/nonexistent/file.pl"),
        ("problog", "map", str(KB / "problog" / "umbrella_dt.pl"), "--query", "f(("),
    ]:
        found.append(Probe("parameter", " ".join(argv[:3]), argv, "error"))
    return found


def _output_expectation(what: str, argv: tuple[str, ...]) -> str:
    """Refused (exit 2) where the path cannot be written or is an input; else either."""
    if what in ("file as folder", "name too long", "proc"):
        return "error"
    if what in ("missing folder", "folder"):
        return "any" if argv[0] == "export" else "error"  # export makes its folder
    if what == "input":
        return "error" if argv[1] in ("foil",) or argv[0] == "export" else "any"
    if what == "fifo":
        return "error" if argv[0] == "learn" else "any"  # others change the suffix
    return "any"


def _output_probes(folder: Path) -> list[Probe]:
    source = folder / "kb" / "copy_of_family.pl"
    source.write_bytes((KB / "family.pl").read_bytes())
    fifo = folder / "fifo_out.pl"
    if not fifo.exists():
        os.mkfifo(fifo)
    targets = {
        "missing folder": str(folder / "nope" / "x.pl"),
        "folder": str(folder),
        "file as folder": str(source) + "/x.pl",
        "name too long": str(folder / ("a" * 300 + ".pl")),
        "fifo": str(fifo),
        "input": str(source),
        "proc": "/proc/self/x.pl",
    }
    found = []
    for what, out in targets.items():
        for argv in [
            ("learn", "foil", str(source), "--target", "grandparent/2", "-o", out),
            ("learn", "find-s", str(KB / "enjoysport.pl"), "-o", out),
            ("learn", "id3", str(KB / "playtennis.pl"), "-o", out),
            ("infer", str(KB / "alarm.pl"), "-o", out.replace(".pl", ".bif")),
            (
                "lattice",
                str(KB / "enjoysport.pl"),
                "--target",
                "enjoysport/6",
                "-o",
                out.replace(".pl", ".svg"),
            ),
            ("export", "--format", "foil", str(source), "--target", "grandparent/2", "-o", out),
        ]:
            found.append(
                Probe(
                    "output",
                    f"{argv[0]} {argv[1]} -o {what}",
                    argv,
                    _output_expectation(what, argv),
                )
            )
    return found


_GOALS = [
    ("between(1, inf, X), fail", "--max-steps", "100000"),
    ("length(L, N), fail", "--max-steps", "100000"),
    ("catch(between(1, inf, _), _, true), fail", "--max-steps", "100000"),
    ("repeat, fail", "--timeout", "1"),
    ("X is 10 ** (10 ** 10)",),
    ("X is 1 << 100000000000",),
    ("tab(100000000000)",),
    ("length(L, 100000000000)",),
    ("functor(F, foo, 100000000000)",),
    ("atom_length(A, 100000000000)",),
    ("numlist(1, 100000000000, L)", "--max-memory", "10"),
    ("findall(X, between(1, inf, X), L)", "--max-memory", "10"),
    ("X = f(X)",),
    ("X = f(X), Y = f(Y), X == Y",),
    ("X = f(X), copy_term(X, Y)",),
    ("X = f(X), findall(X, true, L)",),
    ("X = [a|X], length(X, N)",),
    ("X = " + "+".join(["1"] * 2000) + ", Y is X",),
    ("atom_codes(X, [-1])",),
    ("atom_codes(X, [a])",),
    ("atom_codes(X, [Y])",),
    ("char_code(X, -1)",),
    ("char_code(ab, X)",),
    ("number_codes(X, [a])",),
    ("atom_codes(X, [0xD800])",),
    ("X is 2 ** 20000",),
    ("X is 10.0 ** 400",),
    ("X is 1 / 0.0",),
    ("X is 7 << -1",),
    ("assert((is(X, Y) :- true))",),
    ("msort(a, X)",),
    ("catch(term_to_atom(X, 'foo('), E, true)",),
    ('format("~e ~t~20|~a~*c~n", [1.5, x, 3, 0\'y])',),
    ('format("~q ~a", [x])',),
    ("format(1, [])",),
    ("numlist(1, 200000, L), length(L, N)",),
    ("throw(ball)",),
    ("call(1)",),
    ("undefined_predicate",),
    ("atom_length(X, Y)",),
    ("sub_atom(abc, B, L, A, S)",),
]


def _goal_probes() -> list[Probe]:
    return [
        Probe("goal", goal, ("query", str(KB / "family.pl"), goal, *limits))
        for goal, *limits in _GOALS
    ]


def _resource_probes(folder: Path) -> list[Probe]:
    lines = [f"variable P{i} {{ type discrete [ 2 ] {{ T, F }}; }}" for i in range(40)]
    lines.append("variable C { type discrete [ 2 ] { T, F }; }")
    lines += [f"probability ( P{i} ) {{ table 0.5, 0.5; }}" for i in range(40)]
    lines.append(
        f"probability ( C | {', '.join(f'P{i}' for i in range(40))} ) {{ default 0.5, 0.5; }}"
    )
    wide = folder / "wide.bif"
    wide.write_text("\n".join(lines) + "\n")
    return [
        Probe(
            "resource", "BIF node with 40 parents", ("infer", str(wide), "--query", "c"), "error"
        ),
        Probe(
            "resource",
            "k-cnf size n=1000 k=20",
            ("bound", "hypothesis-space-size", "--class", "k-cnf", "--n", "1000", "--k", "20"),
            "error",
        ),
        Probe(
            "resource",
            "lattice of 43 million",
            (
                "lattice",
                str(KB / "votes.pl"),
                "--target",
                "republican/16",
                "--space",
                "hypothesis",
                "--max-nodes",
                "100000000000",
                "-o",
                str(folder / "big.json"),
            ),
            "error",
        ),
        Probe(
            "resource",
            "conjunctions n=100000",
            (
                "bound",
                "pac",
                "--class",
                "conjunctions",
                "--n",
                "100000",
                "--epsilon",
                "0.1",
                "--delta",
                "0.05",
            ),
            "ok",
        ),
    ]


def probes(folder: Path, seed: int = 15) -> list[Probe]:
    """Every hostile probe, with the files it needs written under ``folder``."""
    from tests.probes.indirect import indirect_probes

    rng = random.Random(seed)
    files = _write_files(folder, rng)
    return [
        *_file_probes(files),
        *_parameter_probes(folder),
        *_output_probes(folder),
        *_goal_probes(),
        *_resource_probes(folder),
        *indirect_probes(folder / "indirect"),
    ]
