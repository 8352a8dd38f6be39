"""symlearn ID3 against scikit-learn's DecisionTreeClassifier, end to end from one CSV file.

Two tables of 1,000,000 rows x 20 categorical attributes ``a1 .. a20`` with 4
values each (``low`` < ``mid`` < ``high`` < ``top``), uniformly random with a
fixed seed, 5% of the labels flipped (so 0.95 is the best reachable test
accuracy), class ``yes``/``no``:

* ``dnf`` (issues 4 and 14): the class is a DNF of a few attribute tests,
  ``(a1 = mid & a2 = high) | (a3 = low & a4 != top & a5 = mid) | (a6 = top & a7 = top)``;
* ``planted`` (issue 29): the class is a planted depth-4 tree over ``a1 .. a6``,
  with an XOR and a comparison of two attributes::

      a1 = low:  yes iff (a2 in {high, top}) xor (a3 in {high, top})
      a1 = mid:  yes iff a4 > a5
      a1 = high: yes iff a6 = top, or a6 in {mid, high} and a2 = low and a4 != top
      a1 = top:  yes iff a5 = low

  Below ``a1 = low`` neither ``a2`` nor ``a3`` alone says anything about the
  class: a split on one of them pays off only one level further down, which
  a one-step test (the chi-square stop) cannot see (the horizon effect).

Each table is written once to a CSV file (130 MB); both sides start from that
file in a fresh process and hold out 20% of the rows:

* symlearn: ``symlearn learn id3 --csv FILE --class-column class --max-depth D
  --test-fraction 0.2`` as a user types it (multiway splits, information gain,
  Mitchell's defaults: grown until pure or no attribute is left, to depth D),
  and the same with ``--significance 0.01`` (Quinlan's chi-square stop), its
  report sent to a pipe; the time is the whole command, start-up, reading,
  growing, measuring and printing the rules included;
* scikit-learn: ``pandas.read_csv``, one-hot encoding (``pandas.get_dummies``,
  80 binary columns, since sklearn's trees split binary), a stratified 20%
  hold-out and ``DecisionTreeClassifier(criterion="entropy", max_depth=D)``;
  the time is read + one-hot + fit (what the issue compares), and the whole
  child process is shown too.

Each row shows the held-out (test) accuracy beside the time, and the training
accuracy.  Memory: the peak resident set of each process, and for symlearn
its growth over the same command on a 20-row file (interpreter, numpy and
pyarrow), against the size of the Arrow table the file reads into.

Each side runs in its own child process, one after the other.  The ratio
printed is symlearn's end-to-end time over scikit-learn's read + one-hot +
fit time.

Run: python benchmarks/tree_vs_sklearn.py [--rows N] [--depth D] [--seed S]
[--data dnf|planted ...] [--unlimited]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from peers import require

VALUES = np.array(["low", "mid", "high", "top"])

SKLEARN = r"""
import json, sys, time
start = time.perf_counter()
import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeClassifier
imported = time.perf_counter()
frame = pd.read_csv(sys.argv[1])
y = frame.pop("class")
x = pd.get_dummies(frame, dtype="float32")
x_train, x_test, y_train, y_test = train_test_split(
    x, y, test_size=0.2, random_state=0, stratify=y)
depth = None if sys.argv[2] == "none" else int(sys.argv[2])
model = DecisionTreeClassifier(criterion="entropy", max_depth=depth, random_state=0)
model.fit(x_train, y_train)
fitted = time.perf_counter()
accuracy = model.score(x_test, y_test)
print(json.dumps({"read_fit": fitted - imported, "accuracy": accuracy,
                  "train_accuracy": model.score(x_train, y_train),
                  "nodes": int(model.tree_.node_count)}))
"""

#: The tables, by name: the class of each row from its value codes (0 low .. 3 top).
CONCEPTS = ("dnf", "planted")


def dnf_concept(x: np.ndarray) -> np.ndarray:
    """``(a1 = mid & a2 = high) | (a3 = low & a4 != top & a5 = mid) | (a6 = top & a7 = top)``."""
    return (
        ((x[:, 0] == 1) & (x[:, 1] == 2))
        | ((x[:, 2] == 0) & (x[:, 3] != 3) & (x[:, 4] == 1))
        | ((x[:, 5] == 3) & (x[:, 6] == 3))
    )


def planted_concept(x: np.ndarray) -> np.ndarray:
    """The planted depth-4 tree of the module docstring (an XOR, a comparison a4 > a5)."""
    a1, a2, a3, a4, a5, a6 = (x[:, j] for j in range(6))
    return np.select(
        [a1 == 0, a1 == 1, a1 == 2],
        [
            (a2 >= 2) != (a3 >= 2),
            a4 > a5,
            (a6 == 3) | ((a6 >= 1) & (a6 <= 2) & (a2 == 0) & (a4 != 3)),
        ],
        default=a5 == 0,
    )


def make_data(rows: int, seed: int, concept: str = "dnf") -> tuple[np.ndarray, np.ndarray]:
    """Codes and noisy labels (5% flipped)."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 4, size=(rows, 20), dtype=np.int8)
    y = planted_concept(x) if concept == "planted" else dnf_concept(x)
    noise = rng.random(rows) < 0.05
    return x, y ^ noise


def write_csv(path: Path, rows: int, seed: int, concept: str = "dnf") -> None:
    import pyarrow as pa
    import pyarrow.csv as arrow_csv

    x, y = make_data(rows, seed, concept)
    columns = {f"a{j + 1}": pa.array(VALUES[x[:, j]]) for j in range(x.shape[1])}
    columns["class"] = pa.array(np.where(y, "yes", "no"))
    options = arrow_csv.WriteOptions(quoting_style="none")
    arrow_csv.write_csv(pa.table(columns), str(path), options)


def symlearn_command(path: Path, depth: str, *extra: str) -> list[str]:
    options = ["--test-fraction", "0.2", "--class-column", "class", "--csv", str(path), *extra]
    if depth != "none":
        options += ["--max-depth", depth]
    return [sys.executable, "-m", "symlearn", "learn", "id3", *options]


ARROW_SIZE = r"""
import sys
import pyarrow.csv as arrow_csv
convert = arrow_csv.ConvertOptions(auto_dict_encode=True, auto_dict_max_cardinality=1 << 20)
print(arrow_csv.read_csv(sys.argv[1], convert_options=convert).nbytes / 2**20)
"""


def arrow_table_mib(path: Path) -> float:
    """The size of the Arrow table symlearn reads the file into (dictionary-encoded)."""
    return float(_measure_alone([sys.executable, "-c", ARROW_SIZE, str(path)])[2])


def write_in_child(path: Path, rows: int, seed: int, concept: str) -> None:
    """Write the CSV file from a child (a child's peak memory starts from this process's)."""
    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
    code += "from tree_vs_sklearn import write_csv; from pathlib import Path; "
    code += f"write_csv(Path({str(path)!r}), {rows}, {seed}, {concept!r})"
    _measure_alone([sys.executable, "-c", code])


def table_path(folder: str, concept: str, rows: int, seed: int) -> Path:
    """Where a table goes (the DNF table keeps the name earlier runs gave it)."""
    name = "symlearn_tree" if concept == "dnf" else f"symlearn_tree_{concept}"
    path = Path(folder) / f"{name}_{rows}_{seed}.csv"
    if not path.exists():
        write_in_child(path, rows, seed, concept)
    return path


#: symlearn's runs: a name and the options added to the command.
SYMLEARN_RUNS = (
    ("id3 (defaults)", ()),
    ("id3 --significance 0.01", ("--significance", "0.01")),
)


def _accuracies(report: str) -> tuple[float, float]:
    """``(test, train)`` accuracy from symlearn's text report."""
    found = []
    for kind in ("test", "train"):
        match = re.search(rf"{kind} accuracy ([0-9.]+)", report)
        found.append(float(match.group(1)) if match else float("nan"))
    return found[0], found[1]


def compare(path: Path, depth: str, base_peak: float, table: float) -> None:
    """symlearn's runs and scikit-learn's on one table at one depth, with the ratios."""
    print(f"\nmax depth {depth}")
    ours = {}
    for name, extra in SYMLEARN_RUNS:
        seconds, peak, out = _measure_alone(symlearn_command(path, depth, *extra))
        accuracy, train = _accuracies(out)
        nodes = re.search(r"tree \((\d+) nodes", out)
        ours[name] = (seconds, accuracy)
        print(
            f"  symlearn {name:<24} {seconds:7.2f} s  test accuracy {accuracy:.4f} "
            f"(train {train:.4f})  nodes {nodes.group(1) if nodes else '?'}  "
            f"peak {peak:6.0f} MiB (+{peak - base_peak:.0f} over a 20-row file: "
            f"{(peak - base_peak) / table:.2f}x the Arrow table)"
        )
    sk_seconds, sk_peak, sk_out = _measure_alone([sys.executable, "-c", SKLEARN, str(path), depth])
    theirs = json.loads(sk_out)
    print(
        f"  scikit-learn read+one-hot+fit   {theirs['read_fit']:7.2f} s  "
        f"test accuracy {theirs['accuracy']:.4f} (train {theirs['train_accuracy']:.4f})  "
        f"nodes {theirs['nodes']}  peak {sk_peak:6.0f} MiB  (whole process {sk_seconds:.2f} s)"
    )
    for name, (seconds, accuracy) in ours.items():
        print(
            f"  ratio symlearn {name} / scikit-learn: time "
            f"{seconds / theirs['read_fit']:.2f} (whole processes {seconds / sk_seconds:.2f});"
            f" test accuracy {accuracy:.4f} vs {theirs['accuracy']:.4f} "
            f"({accuracy - theirs['accuracy']:+.4f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--data", action="append", choices=CONCEPTS, help="only these tables (default both)"
    )
    parser.add_argument("--unlimited", action="store_true", help="also grow without a limit")
    parser.add_argument("--dir", default=tempfile.gettempdir(), help="where the CSV goes")
    args = parser.parse_args()
    require("sklearn.tree")
    require("pandas")

    small = table_path(args.dir, "dnf", 20, args.seed)
    # the fixed cost of a symlearn process that reads a table (interpreter, numpy, pyarrow)
    base_seconds, base_peak, _ = _measure_alone(symlearn_command(small, "8"))
    print(f"symlearn on a 20-row file: {base_seconds:.2f} s, peak {base_peak:.0f} MiB")
    for concept in args.data or CONCEPTS:
        path = table_path(args.dir, concept, args.rows, args.seed)
        table = arrow_table_mib(path)
        print(
            f"\n== {concept}: {path} ({path.stat().st_size / 2**20:.0f} MiB): {args.rows:,} rows "
            f"x 20 attributes x 4 values, 5% label noise, seed {args.seed}; 20% held out; "
            f"the Arrow table {table:.0f} MiB"
        )
        for depth in [str(args.depth)] + (["none"] if args.unlimited else []):
            compare(path, depth, base_peak, table)
    print(f"\nload average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _measure_alone(command: list[str]) -> tuple[float, float, str]:
    """Run one child and return its wall time, its own peak RSS (MiB) and stdout."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        if status:
            sys.exit(f"{' '.join(command[:4])} ... failed:\n{err.read()}")
        return elapsed, usage.ru_maxrss / 1024, out.read()


if __name__ == "__main__":
    main()
