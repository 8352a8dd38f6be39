"""symlearn ID3 against scikit-learn's DecisionTreeClassifier, end to end from one CSV file.

The data (issues 4 and 14): 1,000,000 rows x 20 categorical attributes with
4 values each (``low``, ``mid``, ``high``, ``top``), uniformly random with a
fixed seed; the class (``yes``/``no``) is a DNF of a few attribute tests,

    (a1 = mid & a2 = high) | (a3 = low & a4 != top & a5 = mid) | (a6 = top & a7 = top),

with 5% of the labels flipped (so about 0.95 is the best reachable test
accuracy).  The table is written once to a CSV file (130 MB); both sides
start from that file in a fresh process and hold out 20% of the rows:

* symlearn: ``symlearn learn id3 --csv FILE --class-column class
  --max-depth D --test-fraction 0.2`` as a user types it (multiway splits,
  information gain, ID3's default chi-square pre-pruning at 0.01; and with
  ``--significance 1``, unpruned), its report sent to a pipe; the time is the whole
  command, start-up, reading, growing, measuring and printing the rules
  included;
* scikit-learn: ``pandas.read_csv``, one-hot encoding (``pandas.get_dummies``,
  80 binary columns, since sklearn's trees split binary), a stratified 20%
  hold-out and ``DecisionTreeClassifier(criterion="entropy", max_depth=D)``;
  the time is read + one-hot + fit (what the issue compares), and the whole
  child process is shown too.

Memory: the peak resident set of each process, and for symlearn its growth
over the same command on a 20-row file (interpreter, numpy and pyarrow),
against the size of the Arrow table the file reads into.

Each side runs in its own child process, one after the other.  The ratio
printed is symlearn's end-to-end time over scikit-learn's read + one-hot +
fit time.

Run: python benchmarks/tree_vs_sklearn.py [--rows N] [--depth D] [--seed S] [--unlimited]
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
                  "nodes": int(model.tree_.node_count)}))
"""


def make_data(rows: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Codes and noisy labels."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 4, size=(rows, 20), dtype=np.int8)
    y = (
        ((x[:, 0] == 1) & (x[:, 1] == 2))
        | ((x[:, 2] == 0) & (x[:, 3] != 3) & (x[:, 4] == 1))
        | ((x[:, 5] == 3) & (x[:, 6] == 3))
    )
    noise = rng.random(rows) < 0.05
    return x, y ^ noise


def write_csv(path: Path, rows: int, seed: int) -> None:
    import pyarrow as pa
    import pyarrow.csv as arrow_csv

    x, y = make_data(rows, seed)
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


def write_in_child(path: Path, rows: int, seed: int) -> None:
    """Write the CSV file from a child (a child's peak memory starts from this process's)."""
    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
    code += "from tree_vs_sklearn import write_csv; from pathlib import Path; "
    code += f"write_csv(Path({str(path)!r}), {rows}, {seed})"
    _measure_alone([sys.executable, "-c", code])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--unlimited", action="store_true", help="also grow without a limit")
    parser.add_argument("--dir", default=tempfile.gettempdir(), help="where the CSV goes")
    args = parser.parse_args()
    require("sklearn.tree")
    require("pandas")

    path = Path(args.dir) / f"symlearn_tree_{args.rows}_{args.seed}.csv"
    if not path.exists():
        write_in_child(path, args.rows, args.seed)
    small = Path(args.dir) / f"symlearn_tree_20_{args.seed}.csv"
    if not small.exists():
        write_in_child(small, 20, args.seed)
    table = arrow_table_mib(path)
    print(
        f"{path} ({path.stat().st_size / 2**20:.0f} MiB): {args.rows:,} rows x 20 attributes "
        f"x 4 values, 5% label noise, seed {args.seed}; 20% held out; "
        f"the Arrow table {table:.0f} MiB"
    )
    # the fixed cost of a symlearn process that reads a table (interpreter, numpy, pyarrow)
    base_seconds, base_peak, _ = _measure_alone(symlearn_command(small, "8"))
    print(f"symlearn on a 20-row file: {base_seconds:.2f} s, peak {base_peak:.0f} MiB")

    for depth in [str(args.depth)] + (["none"] if args.unlimited else []):
        print(f"\nmax depth {depth}")
        ours = {}
        for name, extra in (("id3", ()), ("id3 --significance 1", ("--significance", "1"))):
            seconds, peak, out = _measure_alone(symlearn_command(path, depth, *extra))
            match = re.search(r"test accuracy ([0-9.]+)", out)
            nodes = re.search(r"tree \((\d+) nodes", out)
            accuracy = float(match.group(1)) if match else float("nan")
            ours[name] = (seconds, accuracy)
            print(
                f"  symlearn {name:<24} {seconds:7.2f} s  peak {peak:6.0f} MiB "
                f"(+{peak - base_peak:.0f} over a 20-row file: {(peak - base_peak) / table:.2f}x "
                f"the Arrow table)  test accuracy {accuracy:.4f}  "
                f"nodes {nodes.group(1) if nodes else '?'}"
            )
        sk_seconds, sk_peak, sk_out = _measure_alone(
            [sys.executable, "-c", SKLEARN, str(path), depth]
        )
        theirs = json.loads(sk_out)
        print(
            f"  scikit-learn read+one-hot+fit   {theirs['read_fit']:7.2f} s  "
            f"(whole process {sk_seconds:.2f} s)  peak {sk_peak:6.0f} MiB  "
            f"test accuracy {theirs['accuracy']:.4f}  nodes {theirs['nodes']}"
        )
        for name, (seconds, accuracy) in ours.items():
            print(
                f"  ratio symlearn {name} / scikit-learn: time "
                f"{seconds / theirs['read_fit']:.2f} (whole processes {seconds / sk_seconds:.2f});"
                f" accuracy {accuracy:.4f} vs {theirs['accuracy']:.4f}"
            )


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
