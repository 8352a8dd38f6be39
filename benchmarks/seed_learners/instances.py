"""k-NN against scikit-learn's KNeighborsClassifier, end to end from each CSV file.

Both sides: k = 5, one vote per neighbour, euclidean distance over min-max
normalised numbers and 0/1 overlap of nominal values (the peer's one-hot
columns scaled by 1/sqrt(2), so two different values are 1 apart as in
symlearn), the same held-out rows.  symlearn: ``symlearn.learn("knn", ...)``
on ``LearningTask.from_csv`` (its defaults); scikit-learn:
``pandas.read_csv``, one-hot and min-max scaling, ``fit`` and ``score`` with
``algorithm="auto"``.  symlearn's missing values follow Witten & Frank's
distance; the peer's one-hot block of a missing value is all zeros.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from seed_learners.common import (
    data_sets,
    learner_wanted,
    ours,
    peer_matrix,
    read_frame,
    row,
    split,
    timed,
)

K = 5


def _peer(path: Any, class_column: str, args: argparse.Namespace) -> tuple[float, float]:
    from sklearn.neighbors import KNeighborsClassifier

    def run() -> float:
        frame, labels = read_frame(path, class_column)
        nominal = frame.select_dtypes(exclude="number").shape[1]
        x = peer_matrix(frame)
        x[:, x.shape[1] - _one_hot_width(frame) :] /= np.sqrt(2.0) if nominal else 1.0
        train, test = split(labels, args.test_fraction, args.seed)
        y = labels.to_numpy()
        model = KNeighborsClassifier(K).fit(x[train], y[train])
        return float(model.score(x[test], y[test]))

    return timed(run)


def _one_hot_width(frame: Any) -> int:
    nominal = frame.select_dtypes(exclude="number")
    return int(sum(nominal[c].nunique() for c in nominal.columns))


def rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if not learner_wanted(args, "knn"):
        return out
    for name, path, class_column in data_sets(args):
        result, seconds = ours("knn", path, class_column, args, k=K)
        theirs, peer_seconds = _peer(path, class_column, args)
        out.append(
            row(
                "knn",
                "KNeighborsClassifier",
                name,
                "accuracy",
                result["metrics"]["test_accuracy"],
                theirs,
                seconds,
                peer_seconds,
            )
        )
    return out
