"""Linear models and networks against their scikit-learn peers, end to end from each CSV file.

Pairs (both sides on the same held-out rows, the peer on pandas' reading,
one-hot columns and, where symlearn normalises, min-max scaled numbers; the
encoding fitted on the training rows and a missing nominal value filled with
its columns' training means, as symlearn's linear models encode them: both
sides see the same matrix):

* ``linear-regression`` (multiresponse least squares for classes) against
  ``LinearRegression`` on the same 1/-1 (two classes) or one-hot targets,
  the class of the largest output; on the regression table the held-out
  RMSE against ``LinearRegression``'s;
* ``perceptron`` (Mitchell's rule, eta 0.1, weights from 0, stopping after 5
  epochs without fewer mistakes, the last epoch's weights) against ``Perceptron`` (eta0 0.1, no
  shuffling, scikit-learn's stopping: 5 epochs without its loss falling by
  ``tol``, at most 1000; the last weights); on the shipped data also the mean
  over 10 splits (on house-votes, which is not linearly separable, the last
  weights' held-out accuracy swings between 0.85 and 0.95 from epoch to
  epoch, so one split compares where scikit-learn happened to stop);
* ``delta-rule`` (stochastic, eta 0.01) against ``SGDClassifier(loss=
  "squared_error", learning_rate="constant", eta0=0.01, penalty=None,
  shuffle=False)``; on the regression table ``SGDRegressor`` likewise;
* ``backpropagation`` (10 hidden sigmoid units, eta 0.3, momentum 0.3,
  stochastic, at most ``--epochs-network`` epochs) against ``MLPClassifier``
  (logistic units, ``solver="sgd"``, ``batch_size=1``, the same eta, momentum
  without Nesterov, no L2 penalty, the same epochs);
* ``svm`` (linear kernel, C = 1, SMO) against ``SVC(kernel="linear", C=1)``,
  both on min-max scaled numbers.

Backpropagation runs at most ``--epochs-network`` epochs on both sides (10
by default: scikit-learn's MLP with ``batch_size=1`` takes minutes an epoch
on the 100,000-row table).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from seed_learners.common import (
    data_sets,
    learner_wanted,
    numeric_csv,
    ours,
    peer_matrix,
    read_frame,
    row,
    split,
    timed,
)

NORMALISED = {"backpropagation", "svm"}


def _targets(labels: Any) -> tuple[np.ndarray, np.ndarray]:
    """Class codes in order of first appearance, and the multiresponse targets."""
    _, first, codes = np.unique(labels.to_numpy(), return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    codes = order[codes]
    k = int(codes.max()) + 1
    if k == 2:
        return codes, np.where(codes == 0, 1.0, -1.0)[:, None]
    return codes, np.eye(k)[codes]


def _peer(
    algorithm: str, path: Any, class_column: str, args: argparse.Namespace
) -> tuple[float, float]:
    from sklearn.linear_model import LinearRegression, Perceptron, SGDClassifier
    from sklearn.neural_network import MLPClassifier
    from sklearn.svm import SVC

    def run() -> float:
        frame, labels = read_frame(path, class_column)
        train, test = split(labels, args.test_fraction, args.seed)
        x = peer_matrix(
            frame, scale=algorithm in NORMALISED, fit_rows=train, nominal_missing="mean"
        )
        codes, goal = _targets(labels)
        y = labels.to_numpy()
        if algorithm == "linear-regression":
            fitted = LinearRegression().fit(x[train], goal[train])
            out = fitted.predict(x[test]).reshape(len(test), -1)
            guess = np.where(out[:, 0] > 0, 0, 1) if out.shape[1] == 1 else out.argmax(axis=1)
            return float(np.mean(guess == codes[test]))
        if algorithm == "perceptron":
            model: Any = Perceptron(eta0=0.1, shuffle=False, n_iter_no_change=5)
        elif algorithm == "delta-rule":
            model = SGDClassifier(
                loss="squared_error",
                penalty=None,
                learning_rate="constant",
                eta0=0.01,
                shuffle=False,
                n_iter_no_change=5,
            )
        elif algorithm == "backpropagation":
            model = MLPClassifier(
                (10,),
                activation="logistic",
                solver="sgd",
                batch_size=1,
                learning_rate_init=0.3,
                momentum=0.3,
                nesterovs_momentum=False,
                alpha=0.0,
                max_iter=args.epochs_network,
                n_iter_no_change=10,
                tol=1e-4,
                shuffle=False,
                random_state=args.seed,
            )
        else:
            model = SVC(kernel="linear", C=1.0)
        model.fit(x[train], y[train])
        return float(model.score(x[test], y[test]))

    return timed(run)


def _ours(
    algorithm: str, path: Any, class_column: str, args: argparse.Namespace
) -> tuple[dict[str, Any], float]:
    settings: dict[str, Any] = {}
    if algorithm == "backpropagation":
        settings["max_epochs"] = args.epochs_network
    return ours(algorithm, path, class_column, args, **settings)


def rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    out = []
    for algorithm in ("linear-regression", "perceptron", "delta-rule", "backpropagation", "svm"):
        if not learner_wanted(args, algorithm):
            continue
        for name, path, class_column in data_sets(args):
            result, seconds = _ours(algorithm, path, class_column, args)
            theirs, peer_seconds = _peer(algorithm, path, class_column, args)
            out.append(
                row(
                    algorithm,
                    _peer_name(algorithm),
                    name,
                    "accuracy",
                    result["metrics"]["test_accuracy"],
                    theirs,
                    seconds,
                    peer_seconds,
                    epochs=result.get("epochs"),
                )
            )
    if learner_wanted(args, "perceptron"):
        out += _mean_rows("perceptron", args)
    if not args.data or "numeric" in args.data:
        out += _regression_rows(args)
    return out


#: How many held-out splits the mean rows average over.
SPLITS = 10


def _mean_rows(algorithm: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The mean held-out accuracy of both sides over :data:`SPLITS` splits (seeds ``--seed`` on).

    For a learner whose accuracy on data that are not linearly separable
    swings from epoch to epoch (the perceptron), one split says little: both
    sides stop at some epoch of an oscillation.  Times are summed.
    """
    out = []
    for name, path, class_column in data_sets(args, numeric=False):
        ours_total = theirs_total = seconds = peer_seconds = 0.0
        for seed in range(args.seed, args.seed + SPLITS):
            at = argparse.Namespace(**{**vars(args), "seed": seed})
            result, spent = _ours(algorithm, path, class_column, at)
            theirs, peer_spent = _peer(algorithm, path, class_column, at)
            ours_total += result["metrics"]["test_accuracy"]
            theirs_total += theirs
            seconds += spent
            peer_seconds += peer_spent
        out.append(
            row(
                algorithm,
                _peer_name(algorithm),
                f"{name} (mean of {SPLITS} splits)",
                "accuracy",
                ours_total / SPLITS,
                theirs_total / SPLITS,
                seconds,
                peer_seconds,
            )
        )
    return out


def _peer_name(algorithm: str) -> str:
    return {
        "linear-regression": "LinearRegression",
        "perceptron": "Perceptron",
        "delta-rule": "SGDClassifier(squared_error)",
        "backpropagation": "MLPClassifier(sgd, batch 1)",
        "svm": "SVC(linear)",
    }[algorithm]


def _regression_rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    from sklearn.linear_model import LinearRegression, SGDRegressor

    path, column = numeric_csv(args, "regression")
    out = []
    for algorithm, peer in (
        ("linear-regression", LinearRegression),
        ("delta-rule", SGDRegressor),
    ):
        if not learner_wanted(args, algorithm):
            continue
        result, seconds = ours(algorithm, path, column, args)

        def run(peer: Any = peer) -> float:
            frame, values = read_frame(path, column)
            x = frame.to_numpy(dtype=np.float64)
            y = values.to_numpy(dtype=np.float64)
            rng_train, rng_test = _random_split(len(y), args)
            if peer is SGDRegressor:
                model = peer(
                    penalty=None,
                    learning_rate="constant",
                    eta0=0.01,
                    shuffle=False,
                    n_iter_no_change=5,
                )
            else:
                model = peer()
            model.fit(x[rng_train], y[rng_train])
            residual = y[rng_test] - model.predict(x[rng_test])
            return float(np.sqrt(np.mean(residual**2)))

        theirs, peer_seconds = timed(run)
        out.append(
            row(
                algorithm,
                peer.__name__,
                "numeric (y)",
                "rmse",
                result["metrics"]["test_rmse"],
                theirs,
                seconds,
                peer_seconds,
                epochs=result.get("epochs"),
            )
        )
    return out


def _random_split(n: int, args: argparse.Namespace) -> tuple[np.ndarray, np.ndarray]:
    from symlearn.evaluation.splits import train_test_split

    return train_test_split(np.arange(n), args.test_fraction, args.seed, stratify=False)
