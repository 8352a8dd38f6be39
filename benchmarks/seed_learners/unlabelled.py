"""Learning from unlabelled data: few labels, many unlabelled examples (issue 24).

Each task is a CSV file whose class cell is left empty in every row but a
few (the unlabelled examples), and a separate file of 1,000 (house-votes:
135) labelled test rows, both written once into ``--data-dir``:

* ``naive-bayes model``: 12 yes/no attributes drawn from a naive Bayes model
  (the class, then each attribute independently given it; seed ``--seed``),
  10 labelled and 2,000 unlabelled rows: the assumption EM relies on holds;
* ``house-votes``: 20 labelled rows, 280 unlabelled, 135 test rows;
* ``mushroom``: 20 labelled rows, 6,104 unlabelled, 2,000 test rows.

Rows (``measure`` accuracy on the test rows):

* ``semi-supervised-em`` against naive Bayes learnt from the labelled rows
  alone (ours, Laplace estimates as EM's): what the unlabelled rows add;
* ``co-training`` and ``co-em`` (two views: the first half of the attributes
  and the rest) against the same naive Bayes; co-training's models each
  label ``--per-class`` examples of each class a round, set so that about 50
  rounds label all the unlabelled rows (the notes' one per class would take
  thousands of rounds on mushroom);
* ``semi-supervised-em`` against scikit-learn's ``SelfTrainingClassifier``
  over ``CategoricalNB`` (self-training: a different algorithm that also
  learns naive Bayes from unlabelled rows; there is no naive-Bayes EM in
  scikit-learn).

On real data whose classes are not one naive Bayes component each
(house-votes, mushroom) EM may do worse than the labelled rows alone, as
Nigam et al. (2000) report when the model's assumptions fail.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from seed_learners.common import SHIPPED, row, timed, wanted

#: name -> (labelled rows, test rows)
FEW = {"house-votes": (20, 135), "mushroom": (20, 2000)}


def _folder(args: argparse.Namespace) -> Path:
    folder = Path(args.data_dir or Path(tempfile.gettempdir()) / "symlearn-seed-benchmarks")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _write(path: Path, header: list[str], rows: list[list[str]]) -> None:
    partial = path.with_suffix(".partial")
    with partial.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    partial.replace(path)


def naive_bayes_model(args: argparse.Namespace) -> tuple[Path, Path, str]:
    """The generated task's training and test files and class column."""
    folder = _folder(args)
    train, test = folder / f"nb-model-{args.seed}.csv", folder / f"nb-model-test-{args.seed}.csv"
    if not (train.exists() and test.exists()):
        rng = np.random.default_rng(args.seed)
        p = rng.uniform(0.2, 0.8, 12)
        q = np.clip(p + rng.choice([-1, 1], 12) * rng.uniform(0.15, 0.3, 12), 0.05, 0.95)

        def draw(count: int) -> list[list[str]]:
            c = rng.random(count) < 0.5
            x = np.where(c[:, None], rng.random((count, 12)) < p, rng.random((count, 12)) < q)
            return [["y" if v else "n" for v in xs] + ["a" if ci else "b"] for xs, ci in zip(x, c)]

        rows = draw(2010)
        for r in rows[10:]:
            r[-1] = ""
        header = [f"x{j + 1}" for j in range(12)] + ["class"]
        _write(train, header, rows)
        _write(test, header, draw(1000))
    return train, test, "class"


def few_labels(args: argparse.Namespace, name: str) -> tuple[Path, Path, str]:
    """A shipped data set with all but a few class cells emptied, and its test rows."""
    path, column = SHIPPED[name]
    labelled, tested = FEW[name]
    folder = _folder(args)
    train, test = folder / f"{name}-few-{args.seed}.csv", folder / f"{name}-test-{args.seed}.csv"
    if not (train.exists() and test.exists()):
        with path.open(newline="") as handle:
            header, *rows = list(csv.reader(handle))
        index = header.index(column)
        random.Random(args.seed).shuffle(rows)
        test_rows, rest = rows[:tested], rows[tested:]
        for r in rest[labelled:]:
            r[index] = ""
        _write(train, header, rest)
        _write(test, header, test_rows)
    return train, test, column


def _accuracy(model: Any, task: Any, test: Any) -> float:
    from symlearn.evaluation.cross_validation import holdout

    return holdout(model, task.attribute_data, test.attribute_data).accuracy


def _views(train: Path, column: str) -> tuple[str, str]:
    with train.open() as handle:
        names = [n for n in handle.readline().strip().split(",") if n != column]
    half = len(names) // 2
    return ",".join(names[:half]), ",".join(names[half:])


def _ours(algorithm: str, train: Path, test: Path, column: str) -> tuple[float, float]:
    import symlearn
    from symlearn.data.columnar import unlabelled_columns
    from symlearn.learning.task import LearningTask

    def run() -> float:
        task = LearningTask.from_csv(str(train), column)
        tested = LearningTask.from_csv(str(test), column)
        given: dict[str, Any] = {}
        if algorithm in ("co-training", "co-em"):
            given["views"] = _views(train, column)
        if algorithm == "co-training":  # about 50 rounds: each view's model labels this many
            unlabelled = unlabelled_columns(task.attribute_data)[0].shape[0]
            given["per_class"] = max(1, math.ceil(unlabelled / (2 * 2 * 50)))
        if algorithm == "naive-bayes":
            given["laplace"] = True
        result = symlearn.learn(algorithm, task, **given)
        return _accuracy(result.model, task, tested)

    return timed(run)


def _self_training(train: Path, test: Path, column: str) -> tuple[float, float]:
    def run() -> float:
        import pandas as pd
        from sklearn.naive_bayes import CategoricalNB
        from sklearn.semi_supervised import SelfTrainingClassifier

        frame = pd.read_csv(train, dtype=str, keep_default_na=False)
        tested = pd.read_csv(test, dtype=str, keep_default_na=False)
        y = frame.pop(column)
        y_test = tested.pop(column)
        codes = {
            c: {v: i for i, v in enumerate(sorted(set(frame[c]) | set(tested[c])))}
            for c in frame.columns
        }
        x = np.column_stack([frame[c].map(codes[c]).to_numpy() for c in frame.columns])
        x_test = np.column_stack([tested[c].map(codes[c]).to_numpy() for c in frame.columns])
        classes = sorted(set(y_test) | {v for v in y if v})
        target = np.array([classes.index(v) if v else -1 for v in y])
        sizes = [len(codes[c]) for c in frame.columns]
        model = SelfTrainingClassifier(CategoricalNB(min_categories=sizes, alpha=1.0))
        model.fit(x, target)
        return float(
            np.mean(model.predict(x_test) == np.array([classes.index(v) for v in y_test]))
        )

    return timed(run)


def rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    """See the module docstring."""
    tasks = [("naive-bayes model", *naive_bayes_model(args))]
    tasks += [(name, *few_labels(args, name)) for name in FEW if wanted(args, name)]
    found = []
    for data, train, test, column in tasks:
        alone, alone_seconds = _ours("naive-bayes", train, test, column)
        for algorithm in ("semi-supervised-em", "co-training", "co-em"):
            accuracy, seconds = _ours(algorithm, train, test, column)
            found.append(
                row(
                    algorithm,
                    "naive-bayes, labels only",
                    data,
                    "accuracy",
                    accuracy,
                    alone,
                    seconds,
                    alone_seconds,
                )
            )
        em = next(r for r in found if r["data"] == data and r["learner"] == "semi-supervised-em")
        theirs, peer_seconds = _self_training(train, test, column)
        found.append(
            row(
                "semi-supervised-em",
                "SelfTrainingClassifier(CategoricalNB)",
                data,
                "accuracy",
                em["ours"],
                theirs,
                em["seconds"],
                peer_seconds,
            )
        )
    return found
