"""symlearn ID3 against scikit-learn's DecisionTreeClassifier on a large categorical data set.

The data (issue 4, "Speed and memory"): 1,000,000 rows x 20 categorical
attributes with 4 values each, uniformly random with a fixed seed; the label
is a DNF of a few attribute tests,

    (a1 = 1 & a2 = 2) | (a3 = 0 & a4 != 3 & a5 = 1) | (a6 = 3 & a7 = 3),

with 5% of the labels flipped (so 0.95 is the best reachable test accuracy);
80% of the rows train, 20% test.

In one run, for a depth limit (8 by default) and for unlimited depth:

* symlearn's ID3 (multiway splits, information gain) fits the integer-coded
  training rows (``EncodedData.from_codes``, no Python object per row);
* scikit-learn's ``DecisionTreeClassifier(criterion="entropy")`` fits the
  same rows one-hot encoded (80 binary columns; sklearn's trees split binary)
  with the same ``max_depth``;
* scikit-learn also fits the integer codes as numbers (its own "integer-coded"
  baseline, thresholds on the codes), on the training rows and on all
  1,000,000 rows at unlimited depth (the issue's reference figure).

Each fit runs in a forked child process (the data already in memory) so that
its memory can be measured alone: the child resets its peak resident set size
(Linux ``/proc/self/clear_refs``), fits, and reports the wall time, the peak
resident memory of the process during the fit (data included) and the growth
over its resident memory before the fit.  Test accuracy and tree size are
computed afterwards, outside the timed part.  The time ratio printed is
symlearn / scikit-learn.

symlearn ID3 is run as the textbook defines it (split while some attribute
separates the examples) and with the chi-square pre-pruning of
``--significance`` 0.01 and 0.001 (Quinlan 1986), which stops it fitting the
label noise.  The accuracy of the noise-free DNF itself on the test rows (one
minus their noise rate) is printed as the ceiling.

Run: python benchmarks/tree_vs_sklearn.py [--rows N] [--depth D] [--seed S]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import multiprocessing
import resource
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from peers import require
from symlearn.data.encoded import EncodedData
from symlearn.learners.trees.id3 import id3


def make_data(rows: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Codes, noisy labels, and which labels were flipped."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 4, size=(rows, 20), dtype=np.int8)
    y = (
        ((x[:, 0] == 1) & (x[:, 1] == 2))
        | ((x[:, 2] == 0) & (x[:, 3] != 3) & (x[:, 4] == 1))
        | ((x[:, 5] == 3) & (x[:, 6] == 3))
    )
    noise = rng.random(rows) < 0.05
    return x, (y ^ noise).astype(np.int8), noise


def _memory_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _child(fit: Callable[[], Any], score: Callable[[Any], tuple[float, int]], pipe: Any) -> None:
    with contextlib.suppress(OSError):  # reset the peak RSS to the current RSS
        Path("/proc/self/clear_refs").write_text("5")
    gc.collect()
    before = _memory_kib("VmRSS")
    start = time.perf_counter()
    model = fit()
    elapsed = time.perf_counter() - start
    peak = _memory_kib("VmHWM")
    accuracy, size = score(model)
    pipe.send((elapsed, peak / 1024, (peak - before) / 1024, accuracy, size))
    pipe.close()


def measured(
    fit: Callable[[], Any], score: Callable[[Any], tuple[float, int]]
) -> tuple[float, float, float, float, int]:
    """Fit in a forked child: (seconds, peak MiB, growth MiB, test accuracy, tree nodes)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(fit, score, send))
    process.start()
    result = receive.recv()
    process.join()
    return result


def one_hot(x: np.ndarray) -> np.ndarray:
    out = np.zeros((x.shape[0], x.shape[1] * 4), dtype=np.float32)
    rows = np.arange(x.shape[0])
    for j in range(x.shape[1]):
        out[rows, j * 4 + x[:, j]] = 1.0
    return out


def report(name: str, result: tuple[float, float, float, float, int]) -> None:
    seconds, peak, growth, accuracy, size = result
    print(
        f"  {name:<46} {seconds:7.2f} s  peak {peak:7.0f} MiB (+{growth:5.0f})  "
        f"acc {accuracy:.4f}  nodes {size:>7}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip-full", action="store_true", help="skip sklearn on all rows")
    args = parser.parse_args()

    DecisionTreeClassifier = require("sklearn.tree").DecisionTreeClassifier

    x, y, noise = make_data(args.rows, args.seed)
    cut = int(0.8 * args.rows)
    x_train, y_train, x_test, y_test = x[:cut], y[:cut], x[cut:], y[cut:]
    train = EncodedData.from_codes(x_train, y_train)
    test = EncodedData.from_codes(x_test, y_test)
    hot_train, hot_test = one_hot(x_train), one_hot(x_test)
    print(
        f"{args.rows:,} rows x 20 attributes x 4 values, 5% label noise, seed {args.seed}; "
        f"train {cut:,}, test {args.rows - cut:,}"
    )
    print(f"ceiling: the noise-free DNF scores {1 - noise[cut:].mean():.4f} on the test rows")

    def ours(model: Any) -> tuple[float, int]:
        return float((model.predict_columns(test.columns) == test.y).mean()), model.size

    def theirs(data: np.ndarray) -> Callable[[Any], tuple[float, int]]:
        return lambda model: (float(model.score(data, y_test)), int(model.tree_.node_count))

    def sk_fit(data: np.ndarray, target: np.ndarray, depth: int | None) -> Any:
        model = DecisionTreeClassifier(criterion="entropy", max_depth=depth, random_state=0)
        return model.fit(data, target)

    for depth in (args.depth, None):
        print(f"\n{'max_depth=' + str(depth) if depth is not None else 'unlimited depth'}")
        plain = measured(lambda d=depth: id3(train, max_depth=d), ours)
        report("symlearn ID3 (integer codes, multiway)", plain)
        chi2 = measured(lambda d=depth: id3(train, max_depth=d, significance=0.01), ours)
        report("symlearn ID3 + chi-square pre-pruning (0.01)", chi2)
        chi3 = measured(lambda d=depth: id3(train, max_depth=d, significance=0.001), ours)
        report("symlearn ID3 + chi-square pre-pruning (0.001)", chi3)
        hot = measured(lambda d=depth: sk_fit(hot_train, y_train, d), theirs(hot_test))
        report("scikit-learn entropy (one-hot)", hot)
        codes = measured(lambda d=depth: sk_fit(x_train, y_train, d), theirs(x_test))
        report("scikit-learn entropy (integer codes)", codes)
        for name, result in (
            ("ID3", plain),
            ("ID3 + chi2 0.01", chi2),
            ("ID3 + chi2 0.001", chi3),
        ):
            print(
                f"  time ratio {name} / scikit-learn: one-hot {result[0] / hot[0]:.2f}, "
                f"integer codes {result[0] / codes[0]:.2f}"
            )
        if depth is None and not args.skip_full:
            full = measured(lambda: sk_fit(x, y, None), theirs(x_test))
            report("scikit-learn integer codes, all rows (acc on test rows)", full)
            print(f"  time ratio ID3 (training rows) / that: {plain[0] / full[0]:.2f}")

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10
    print(f"\npeak resident memory of the parent process (data, one-hot copies): {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
