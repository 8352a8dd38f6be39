"""What every seed-learner benchmark shares: the data sets, the split, the timing.

The data (issue 24):

* ``mushroom``: ``data/mushroom.csv`` (8,124 rows x 22 nominal attributes,
  ``?`` missing in stalk-root), class ``Poisonous/Edible``;
* ``house-votes``: ``data/house-votes-84.csv`` (435 x 16, ``y``/``n``/``?``),
  class ``Party``;
* ``numeric``: a table of ``--rows`` rows (100,000 by default) made from
  ``--seed``: six attributes ``x1 .. x6`` drawn from N(0, 1), the score
  ``s = x1 - 2 x2 + 1.5 x3 + 0.5 x4 - x5 + 0.5 x1 x6 + e`` with noise
  ``e ~ N(0, 1)``, the class ``high``/``low`` by the sign of ``s``
  (``numeric-classes.csv``) and the number ``y = 3 + s`` for regression
  (``numeric-regression.csv``), values written with 6 decimals.  The files
  are written once per rows/seed into ``--data-dir`` (a temporary folder by
  default) and reused.

Both sides of a comparison start from the same CSV file and hold out the same
rows: the stratified split of :func:`symlearn.evaluation.splits.train_test_split`
(``--test-fraction``, ``--seed``), which is also what ``symlearn learn
--test-fraction`` uses.  symlearn's time is ``LearningTask.from_csv`` plus
``symlearn.learn`` (reading, encoding, training and measuring on the held-out
rows); the peer's is ``pandas.read_csv``, its encoding (one-hot for nominal
columns, min-max scaling where symlearn normalises), ``fit`` and ``score``.

A module of ``benchmarks/seed_learners`` imports this file as
``seed_learners.common`` and defines ``rows(args) -> list[dict]``; see
``benchmarks/seed_learners_vs_peers.py``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"

#: name -> (CSV file, class column) of the shipped data sets.
SHIPPED = {
    "mushroom": (DATA / "mushroom.csv", "Poisonous/Edible"),
    "house-votes": (DATA / "house-votes-84.csv", "Party"),
}

#: The coefficients of x1 .. x5 in the numeric table's score (x6 enters through x1 x6).
COEFFICIENTS = (1.0, -2.0, 1.5, 0.5, -1.0)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every module may read from ``args``."""
    parser.add_argument("--rows", type=int, default=100_000, help="rows of the numeric table")
    parser.add_argument("--seed", type=int, default=0, help="seed of the table and the split")
    parser.add_argument("--test-fraction", type=float, default=0.3, help="held-out share")
    parser.add_argument("--data-dir", default=None, help="where the numeric table is written")
    parser.add_argument(
        "--epochs-network", type=int, default=10, help="most epochs of backpropagation"
    )
    parser.add_argument(
        "--learner", action="append", help="only this learner's rows (repeatable; default all)"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="time each side this many times in a row and keep the fastest (default 1)",
    )
    parser.add_argument(
        "--data",
        action="append",
        choices=("mushroom", "house-votes", "numeric"),
        help="only these data sets (repeatable; default all)",
    )


def warm_up() -> None:
    """Import what both sides use before anything is timed (start-up is not what is compared)."""
    import pandas  # noqa: F401
    import pyarrow.csv  # noqa: F401
    import scipy.spatial  # noqa: F401
    import sklearn.linear_model
    import sklearn.neighbors
    import sklearn.neural_network
    import sklearn.svm  # noqa: F401

    import symlearn.data.tabular
    import symlearn.learning.registry  # noqa: F401


def wanted(args: argparse.Namespace, name: str) -> bool:
    """Whether data set ``name`` is asked for."""
    return not args.data or name in args.data


def learner_wanted(args: argparse.Namespace, name: str) -> bool:
    """Whether learner ``name`` is asked for (``--learner``, default all)."""
    chosen = getattr(args, "learner", None)
    return not chosen or name in chosen


def numeric_table(rows: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(x, classes, y)`` of the numeric table (see the module docstring)."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((rows, 6))
    score = x[:, :5] @ np.array(COEFFICIENTS) + 0.5 * x[:, 0] * x[:, 5]
    score += rng.standard_normal(rows)
    classes = np.where(score > 0, "high", "low")
    return x, classes, 3.0 + score


def numeric_csv(args: argparse.Namespace, kind: str = "classes") -> tuple[Path, str]:
    """The numeric table's CSV file (written once) and its class column.

    ``kind`` is ``"classes"`` (class column ``class``) or ``"regression"``
    (class column ``y``, a number).
    """
    folder = Path(args.data_dir or Path(tempfile.gettempdir()) / "symlearn-seed-benchmarks")
    folder.mkdir(parents=True, exist_ok=True)
    classes_path = folder / f"numeric-classes-{args.rows}-{args.seed}.csv"
    regression_path = folder / f"numeric-regression-{args.rows}-{args.seed}.csv"
    if not (classes_path.exists() and regression_path.exists()):
        x, classes, y = numeric_table(args.rows, args.seed)
        header = ",".join(f"x{j + 1}" for j in range(x.shape[1]))
        body = [",".join(f"{v:.6f}" for v in row) for row in x.tolist()]
        _write(classes_path, f"{header},class", [f"{b},{c}" for b, c in zip(body, classes)])
        _write(regression_path, f"{header},y", [f"{b},{v:.6f}" for b, v in zip(body, y)])
    if kind == "regression":
        return regression_path, "y"
    return classes_path, "class"


def _write(path: Path, header: str, lines: list[str]) -> None:
    partial = path.with_suffix(".partial")
    partial.write_text(header + "\n" + "\n".join(lines) + "\n")
    partial.replace(path)


def data_sets(args: argparse.Namespace, numeric: bool = True) -> list[tuple[str, Path, str]]:
    """``(name, CSV file, class column)`` of each data set asked for."""
    chosen = [(name, path, column) for name, (path, column) in SHIPPED.items()]
    if numeric:
        path, column = numeric_csv(args)
        chosen.append(("numeric", path, column))
    return [entry for entry in chosen if wanted(args, entry[0])]


def split(labels: Any, test_fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The training and test rows symlearn's ``--test-fraction`` holds out (stratified)."""
    from symlearn.evaluation.splits import train_test_split

    return train_test_split(list(labels), test_fraction, seed)


#: How many times :func:`timed` runs each side (``--repeat``), keeping the fastest.
REPEAT = [1]


def timed(run: Callable[[], Any]) -> tuple[Any, float]:
    """``run()``'s value and the wall-clock seconds it took (the fewest of ``--repeat`` runs).

    Both sides of every row are timed here, so both get the same repeats: on
    a shared machine the fastest of a few runs of a sub-second step says more
    than one run.
    """
    value, fastest = None, float("inf")
    for _ in range(REPEAT[0]):
        start = time.perf_counter()
        value = run()
        fastest = min(fastest, time.perf_counter() - start)
    return value, fastest


def ours(
    algorithm: str, path: Path, class_column: str, args: argparse.Namespace, **settings: Any
) -> tuple[dict[str, Any], float]:
    """symlearn from the CSV to the held-out measure: ``(the result's JSON, seconds)``.

    The held-out measure is in ``json["metrics"]`` (``test_accuracy``, or
    ``test_rmse`` for regression).
    """
    import symlearn
    from symlearn.learning.task import LearningTask

    def run() -> Any:
        task = LearningTask.from_csv(str(path), class_column)
        return symlearn.learn(
            algorithm, task, test_fraction=args.test_fraction, seed=args.seed, **settings
        )

    result, seconds = timed(run)
    return result.to_dict(), seconds  # the JSON (equations, LaTeX) is not what is compared


def read_frame(path: Path, class_column: str) -> tuple[Any, Any]:
    """The peer's reading: ``pandas.read_csv`` with ``?`` as missing; ``(attributes, class)``."""
    import pandas as pd

    frame = pd.read_csv(path, na_values=["?"], keep_default_na=False, skipinitialspace=True)
    labels = frame.pop(class_column)
    return frame, labels


def peer_matrix(
    frame: Any, scale: bool = True, fit_rows: Any = None, nominal_missing: str = "none"
) -> np.ndarray:
    """The peer's encoding: one-hot nominal columns and numbers (min-max scaled with ``scale``).

    A missing number becomes its column's mean, as in symlearn's default.  A
    missing nominal value sets none of its one-hot columns (``nominal_missing=
    "none"``, pandas' ``get_dummies``) or each the relative frequency of its
    value (``"mean"``: the columns' means over the rows where the attribute is
    known, as symlearn's linear models and networks fill it).  The ranges and
    means are those of ``fit_rows`` (the training rows, as a scikit-learn
    pipeline fits its transformers and symlearn its encoding; default all rows).
    """
    import pandas as pd

    fit = slice(None) if fit_rows is None else fit_rows
    numeric = frame.select_dtypes(include="number")
    nominal = frame.drop(columns=numeric.columns)
    parts = []
    if len(numeric.columns):
        values = numeric.to_numpy(dtype=np.float64)
        if scale:
            low, high = np.nanmin(values[fit], axis=0), np.nanmax(values[fit], axis=0)
            values = (values - low) / np.where(high > low, high - low, 1.0)
        means = np.nanmean(values[fit], axis=0)
        parts.append(np.where(np.isnan(values), means, values))
    if len(nominal.columns) and nominal_missing == "none":
        parts.append(pd.get_dummies(nominal, dtype=np.float64).to_numpy())
    elif len(nominal.columns):
        fitted = np.zeros(len(frame), dtype=bool)
        fitted[fit] = True
        for name in nominal.columns:
            block = pd.get_dummies(nominal[name], dtype=np.float64).to_numpy(copy=True)
            missing = nominal[name].isna().to_numpy()
            block[missing] = block[fitted & ~missing].mean(axis=0)
            parts.append(block)
    return np.hstack(parts)


def row(
    learner: str,
    peer: str,
    data: str,
    measure: str,
    ours_value: float | None,
    theirs_value: float | None,
    seconds: float,
    peer_seconds: float,
    **extra: Any,
) -> dict[str, Any]:
    """One row of the driver's table."""
    return {
        "learner": learner,
        "peer": peer,
        "data": data,
        "measure": measure,
        "ours": ours_value,
        "theirs": theirs_value,
        "seconds": seconds,
        "peer_seconds": peer_seconds,
        **extra,
    }
