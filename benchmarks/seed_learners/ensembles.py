"""The ensembles against scikit-learn's, and against the single tree (issue 24).

On each data set of :mod:`seed_learners.common` (mushroom, house-votes, the
numeric table), from the same CSV file and the same held-out rows:

==============================  ==================================================================
symlearn (defaults)             scikit-learn
==============================  ==================================================================
``cart`` (the single tree)      ``DecisionTreeClassifier()``
``bagging`` (10 CART trees)     ``BaggingClassifier(DecisionTreeClassifier(), n_estimators=10)``
``boosting`` (100 stumps)       ``AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), 100)``
``randomisation`` (10 trees     ``BaggingClassifier(DecisionTreeClassifier(), 10,
on 80% of the attributes)       bootstrap=False, max_features=round(0.8 * columns))`` (the random
                                subspace method; of the one-hot columns where symlearn draws
                                attributes)
``stacking`` (CART, naive       ``StackingClassifier([tree, naive Bayes, stump], final_estimator=
Bayes, OneR; ID3 over their     DecisionTreeClassifier(), cv=10, stack_method="predict")``
classes, 10 folds)
==============================  ==================================================================

Where they coincide and where not: scikit-learn's trees split one-hot or
numeric columns in two (CART on a nominal attribute splits a subset of its
values from the rest, which on one-hot columns takes several splits);
AdaBoostClassifier is SAMME, which for two classes is AdaBoost.M1 exactly
(vote ``log((1 - e) / e)``, misclassified weights times ``(1 - e) / e`` before
normalising: the same distribution as the correct ones times ``e / (1 - e)``),
but keeps a perfect stump (``e = 0``) with weight 1 where AdaBoost.M1 stops
without it; the random samples and subsets differ (two random number
generators); stacking's naive Bayes is ``CategoricalNB`` (nominal) or
``GaussianNB`` (numeric) and OneR has no peer (a stump stands in).

Each row also has ``single_tree``: symlearn's single CART tree's accuracy on
the same rows (the issue's floor for an ensemble).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from seed_learners.common import (
    data_sets,
    ours,
    peer_matrix,
    read_frame,
    row,
    split,
    timed,
)

#: learner -> symlearn settings (the defaults: none).
LEARNERS = ("cart", "bagging", "boosting", "randomisation", "stacking")


#: The share of the attributes each randomisation member sees (symlearn's default).
FEATURES = 0.8


def _peer(name: str, seed: int, nominal: bool, columns: int = 1) -> Any:
    from sklearn.ensemble import (
        AdaBoostClassifier,
        BaggingClassifier,
        StackingClassifier,
    )
    from sklearn.naive_bayes import CategoricalNB, GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    tree = DecisionTreeClassifier(random_state=seed)
    if name == "cart":
        return tree
    if name == "bagging":
        return BaggingClassifier(tree, n_estimators=10, random_state=seed)
    if name == "boosting":
        stump = DecisionTreeClassifier(max_depth=1, random_state=seed)
        return AdaBoostClassifier(stump, n_estimators=100, random_state=seed)
    if name == "randomisation":
        subset = max(1, round(FEATURES * columns))  # as symlearn rounds it
        return BaggingClassifier(
            tree, n_estimators=10, bootstrap=False, max_features=subset, random_state=seed
        )
    bayes = CategoricalNB(min_categories=2) if nominal else GaussianNB()
    return StackingClassifier(
        [
            ("tree", tree),
            ("bayes", bayes),
            ("stump", DecisionTreeClassifier(max_depth=1, random_state=seed)),
        ],
        final_estimator=DecisionTreeClassifier(random_state=seed),
        cv=10,
        stack_method="predict",
    )


def _theirs(name: str, path: Any, column: str, args: argparse.Namespace) -> tuple[float, float]:
    """The peer end to end from the CSV: ``(test accuracy, seconds)``."""

    def run() -> float:
        frame, labels = read_frame(path, column)
        nominal = not len(frame.select_dtypes(include="number").columns)
        if name == "stacking" and nominal:
            # CategoricalNB wants value codes; the trees read them as numbers
            x = np.column_stack(
                [frame[c].astype("category").cat.codes.to_numpy() + 1 for c in frame.columns]
            )
        else:
            x = peer_matrix(frame)
        y = labels.to_numpy()
        train, test = split(y, args.test_fraction, args.seed)
        model = _peer(name, args.seed, nominal, x.shape[1]).fit(x[train], y[train])
        return float(model.score(x[test], y[test]))

    return timed(run)


def rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One row per (ensemble, data set); see the module docstring."""
    found = []
    for data, path, column in data_sets(args):
        single = None
        for name in LEARNERS:
            result, seconds = ours(name, path, column, args)
            accuracy = result["metrics"]["test_accuracy"]
            if name == "cart":
                single = accuracy
            theirs, peer_seconds = _theirs(name, path, column, args)
            peer = type(_peer(name, args.seed, True)).__name__
            found.append(
                row(
                    name,
                    peer,
                    data,
                    "accuracy",
                    accuracy,
                    theirs,
                    seconds,
                    peer_seconds,
                    single_tree=single,
                    members=len(result.get("members", [])) or None,
                )
            )
    return found
