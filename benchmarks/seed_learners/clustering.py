"""The clusterers against scikit-learn and scipy, end to end from each CSV file.

Both sides read the same CSV file and cluster the same points: symlearn with
``LearningTask.from_csv(path, class_column)`` and ``symlearn.learn(...)``
(the class is left out of the clustering and used for the classes-to-clusters
evaluation), the peer with ``pandas.read_csv`` and the encoding symlearn
uses (:mod:`symlearn.learners.clustering.space`): numbers min-max
normalised, one column per nominal value scaled by 1/sqrt(2) (two different
values 1 apart), a missing value replaced by the mean of its columns over
the known values (for a nominal attribute, the share of each value).

* **k-means** against ``sklearn.cluster.KMeans(n_init=1, tol=0,
  algorithm="lloyd")`` started from the initial centres symlearn drew
  (``--seed``): k = 2 on mushroom and house-votes (their classes), k = 5 on
  the numeric table.  Measure: the sum of squared distances (``inertia``);
  ``agreement`` is the share of instances both put in the same cluster.
* **em-clustering** against ``sklearn.mixture.GaussianMixture(covariance_type=
  "diag", reg_covar=0, tol=1e-6)`` (independent normal attributes: the same
  model) started from symlearn's initial guess, on the numeric table (k = 5;
  mushroom and house-votes are nominal, which GaussianMixture does not
  model).  Measure: the mean log-likelihood per instance.
* **agglomerative** (single, complete and upgma, which is scipy's average)
  against ``scipy.cluster.hierarchy.linkage`` and **divisive** (complete
  coherence, DIANA's splinter splits, down to single instances) against
  scipy's complete linkage, each building the whole hierarchy of a random
  subsample of :data:`HIERARCHY_ROWS` rows (2,000; house-votes has 435, all
  taken; the distance matrix of 100,000 rows would need 80 GB), written once
  beside the numeric table.  Measure: the height of the last merge; ``same_heights`` says
  whether every merge height agrees (sorted, to 1e-9 relative).
"""

from __future__ import annotations

import argparse
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from seed_learners.common import SHIPPED, data_sets, numeric_csv, read_frame, row, timed

#: The number of clusters per data set.
K = {"mushroom": 2, "house-votes": 2, "numeric": 5}
#: Rows of the subsamples the hierarchies are built on.
HIERARCHY_ROWS = 2000


def peer_points(frame: Any) -> np.ndarray:
    """symlearn's clustering space, built with pandas (see the module docstring)."""
    import pandas as pd

    parts = []
    for name in frame.columns:
        column = frame[name]
        if pd.api.types.is_numeric_dtype(column):
            values = column.to_numpy(dtype=np.float64)
            low, high = np.nanmin(values), np.nanmax(values)
            values = (values - low) / ((high - low) or 1.0)
            parts.append(np.where(np.isnan(values), np.nanmean(values), values)[:, None])
        else:
            block = pd.get_dummies(column, dtype=np.float64).to_numpy(copy=True)
            missing = column.isna().to_numpy()
            if missing.any():
                block[missing] = block[~missing].mean(axis=0)
            parts.append(block / np.sqrt(2.0))
    return np.hstack(parts)


def _task(path: Path, class_column: str) -> Any:
    from symlearn.learning.task import LearningTask

    return LearningTask.from_csv(str(path), class_column)


def _k_means(name: str, path: Path, class_column: str, args: argparse.Namespace) -> dict:
    from sklearn.cluster import KMeans

    import symlearn

    k = K[name]
    run, seconds = timed(
        lambda: symlearn.learn("k-means", _task(path, class_column), k=k, seed=args.seed)
    )
    start = list(run.initial_rows)

    def peer() -> Any:
        frame, _ = read_frame(path, class_column)
        x = peer_points(frame)
        return KMeans(k, init=x[start], n_init=1, tol=0.0, algorithm="lloyd").fit(x)

    model, peer_seconds = timed(peer)
    agreement = float((model.labels_ == run.labels).mean())
    return row(
        "k-means",
        "sklearn KMeans(n_init=1)",
        name,
        "sum of squared distances",
        run.metrics["sse"],
        float(model.inertia_),
        seconds,
        peer_seconds,
        agreement=agreement,
        iterations=f"{run.model.iterations}/{model.n_iter_}",
    )


def _em(path: Path, class_column: str, args: argparse.Namespace) -> dict:
    from sklearn.mixture import GaussianMixture

    import symlearn

    k = K["numeric"]
    run, seconds = timed(
        lambda: symlearn.learn("em-clustering", _task(path, class_column), k=k, seed=args.seed)
    )
    start = run.fit.initial

    def peer() -> Any:
        frame, _ = read_frame(path, class_column)
        model = GaussianMixture(
            k,
            covariance_type="diag",
            reg_covar=0.0,
            tol=1e-6,
            max_iter=100,
            init_params="random_from_data",  # replaced by the given start
            weights_init=start.priors,
            means_init=start.means,
            precisions_init=1.0 / start.stds**2,
        )
        x = frame.to_numpy(dtype=np.float64)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model.fit(x)
        return model, x

    (model, x), peer_seconds = timed(peer)
    agreement = float((model.predict(x) == run.labels).mean())
    return row(
        "em-clustering",
        "sklearn GaussianMixture(diag)",
        "numeric",
        "mean log-likelihood",
        run.fit.log_likelihood / run.points.n,
        float(model.score(x)),
        seconds,
        peer_seconds,
        agreement=agreement,
        iterations=f"{run.fit.iterations}/{model.n_iter_}",
    )


def subsample_csv(path: Path, rows: int, seed: int, folder: Path) -> Path:
    """``rows`` random rows of a CSV file (all when it has fewer), written once."""
    out = folder / f"{path.stem}-sample-{rows}-{seed}.csv"
    if not out.exists():
        lines = path.read_text().splitlines()
        header, body = lines[0], lines[1:]
        if len(body) > rows:
            chosen = np.sort(np.random.default_rng(seed).choice(len(body), rows, replace=False))
            body = [body[i] for i in chosen.tolist()]
        partial = out.with_suffix(".partial")
        partial.write_text("\n".join([header, *body]) + "\n")
        partial.replace(out)
    return out


def _hierarchy(
    name: str,
    path: Path,
    class_column: str,
    algorithm: str,
    linkage: str,
    method: str,
) -> dict:
    from scipy.cluster.hierarchy import linkage as scipy_linkage

    import symlearn

    settings = {"linkage": linkage, "k": 2}
    run, seconds = timed(lambda: symlearn.learn(algorithm, _task(path, class_column), **settings))

    def peer() -> Any:
        frame, _ = read_frame(path, class_column)
        return scipy_linkage(peer_points(frame), method)

    merges, peer_seconds = timed(peer)
    ours, theirs = np.sort(run.tree.heights), np.sort(merges[:, 2])
    label = f"{algorithm} {linkage}" if algorithm == "agglomerative" else f"{algorithm} (DIANA)"
    return row(
        label,
        f"scipy linkage {method}",
        f"{name} ({run.points.n} rows)",
        "height of the last merge",
        float(run.tree.heights.max()),
        float(merges[:, 2].max()),
        seconds,
        peer_seconds,
        # DIANA's hierarchy is another hierarchy than complete link's: only the top agrees
        same_heights=bool(np.allclose(ours, theirs, rtol=1e-9, atol=1e-12))
        if algorithm == "agglomerative"
        else None,
    )


def _warm_up() -> None:
    """One untimed run of each side on house-votes: first calls set up what later ones reuse."""
    from scipy.cluster.hierarchy import linkage
    from sklearn.cluster import KMeans
    from sklearn.mixture import GaussianMixture

    import symlearn

    path, class_column = SHIPPED["house-votes"]
    task = _task(path, class_column)
    for algorithm in ("k-means", "agglomerative", "divisive", "em-clustering"):
        symlearn.learn(algorithm, task, k=2)
    frame, _ = read_frame(path, class_column)
    x = peer_points(frame)
    KMeans(2, init=x[:2], n_init=1).fit(x)
    GaussianMixture(2, covariance_type="diag").fit(x)
    linkage(x, "complete")


def rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    import scipy.cluster.hierarchy  # noqa: F401  (imports are not what is compared)
    import sklearn.cluster
    import sklearn.mixture  # noqa: F401

    import symlearn.learners.clustering.agglomerative
    import symlearn.learners.clustering.divisive
    import symlearn.learners.clustering.em_clustering
    import symlearn.learners.clustering.k_means  # noqa: F401

    _warm_up()
    out = []
    sets = data_sets(args)
    for name, path, class_column in sets:
        out.append(_k_means(name, path, class_column, args))
    if any(name == "numeric" for name, _, _ in sets):
        path, class_column = numeric_csv(args)
        out.append(_em(path, class_column, args))
    folder = numeric_csv(args)[0].parent
    for name, path, class_column in sets:
        sample = subsample_csv(path, HIERARCHY_ROWS, args.seed, folder)
        for linkage, method in (
            ("single", "single"),
            ("complete", "complete"),
            ("upgma", "average"),
        ):
            out.append(_hierarchy(name, sample, class_column, "agglomerative", linkage, method))
        out.append(_hierarchy(name, sample, class_column, "divisive", "complete", "complete"))
    return out
