r"""k-nearest neighbour, with distance-weighted voting, other distances and attribute weights.

k-NN stores the training examples; to classify a query instance ``x_q`` it
finds the ``k`` training instances ``x_1 ... x_k`` nearest to it and returns
(Mitchell 1997, section 8.2, Table 8.1)

    f^(x_q) = argmax_{v in V} sum_{i=1}^{k} w_i delta(v, f(x_i))

with ``w_i = 1`` (a majority vote) or, **distance-weighted** (``--weighted``,
Mitchell 1997, section 8.2.1), ``w_i = 1 / d(x_q, x_i)^2``; a query equal to
training instances (distance 0) takes the class of those instances (their
majority).  For a numeric class (``--regression``) it returns the mean
``sum_i f(x_i) / k``, or distance-weighted ``sum_i w_i f(x_i) / sum_i w_i``.

The distance (:mod:`symlearn.learners.instances.distances`) is euclidean over
min-max normalised numeric attributes and the 0/1 **overlap** of nominal ones
(with ``--distance manhattan`` and nominal attributes only it is the notes'
overlap metric of IB1), or the **MVDM** for nominal values
(``--nominal-distance mvdm``); a missing value follows Witten & Frank.
**Feature weighting** stretches each attribute's axis by a weight: its
information gain or gain ratio on the training instances (``--weighting
gain``), or given (``--attribute-weight A=W``).

Ties: among equally distant instances the one listed first in the training
examples is nearer; among classes with equal votes the class of the nearest
neighbour that voted for one of them wins (so 1-NN decides a tied k-NN).

A classification is explained: the neighbours with their distance, class and
vote weight, and the votes of each class (``--classify ATOM``, else the
files' ``instance/1``).  With two numeric attributes ``-o FILE.svg|png``
draws the decision regions over the training instances.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> data = from_kb(loads('''
... label(p(1, 1), a). label(p(2, 1), a). label(p(4, 5), b). label(p(5, 5), b).
... label(p(5, 4), b).
... '''), "p", 2)
>>> model = nearest_neighbours(data, k=3)
>>> model.classify((2, 2))
'a'
>>> explained = model.explain((4, 4))
>>> [(n["instance"], round(n["distance"], 3)) for n in explained["neighbours"]]
[('p(4, 5)', 0.25), ('p(5, 4)', 0.25), ('p(5, 5)', 0.354)]
>>> explained["votes"], explained["label"]
({'b': 3.0}, 'b')

References
----------
Mitchell, T. (1997) *Machine Learning*, ch. 8 (section 8.2: k-nearest
neighbour, distance-weighted k-NN, the curse of dimensionality); Witten, I. H.
and Frank, E. (2005) *Data Mining*, 2nd ed., section 4.7 (instance-based
learning) and section 6.4 (instance-based learning: attribute weighting);
Aha, D., Kibler, D. and Albert, M. (1991) "Instance-based learning
algorithms", *Machine Learning* 6 (IB1); Cost and Salzberg (1993) (MVDM).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from symlearn.data.attribute_value import AttributeValueData, Label
from symlearn.data.encoded import encode
from symlearn.data.numeric import NumericEncoding, fit_numeric, numeric_targets
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.reports import metric_lines
from symlearn.hypotheses.rule_set import label_text
from symlearn.learners.instances.distances import (
    COMBINATIONS,
    NOMINAL_DISTANCES,
    Metric,
    SearchIndex,
    nearest,
)
from symlearn.learners.instances.feature_weights import WEIGHTINGS, gain_weights, parse_weights
from symlearn.learning.evaluated import (
    EvaluatedSettings,
    PictureResult,
    evaluate,
    evaluate_regression,
    instances_to_classify,
)
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term
from symlearn.render.plots import RegionPlot, plot_svg, region_plot, write_plot

__all__ = [
    "SETTINGS",
    "KNNRun",
    "KNNSettings",
    "NearestNeighbours",
    "learn",
    "nearest_neighbours",
]

SUMMARY = "k-nearest neighbour: the neighbours and votes of each classification."
EXAMPLE = "symlearn learn knn kb/iris_knn.pl --k 3 --weighted --classify 'iris(4.9, 1.6)'"
TABLES = True
OUTPUT_SUFFIXES = (".svg", ".png")
OUTPUT_HELP = "Draw the decision regions (two numeric attributes): .svg or .png."

#: Rows of queries classified at once (bounds the memory of their neighbour lists).
QUERY_BLOCK = 65_536


@dataclass(frozen=True, eq=False)
class NearestNeighbours:
    """The stored training instances and how to find and weigh their nearest ones.

    Attributes
    ----------
    data
        The training examples (to show a neighbour as it was written).
    encoding
        How an instance becomes a row (codes, numbers normalised, missing kept).
    rows
        The training instances as rows.
    y
        Each training instance's class code (into ``classes``).
    classes
        The classes.
    targets
        Each training instance's number, for a numeric class (else None).
    k, weighted
        The number of neighbours and whether votes are weighted by 1/d^2.
    index
        The metric and the neighbour search structure.
    """

    data: AttributeValueData
    encoding: NumericEncoding
    rows: np.ndarray
    y: np.ndarray
    classes: tuple[Label, ...]
    targets: np.ndarray | None
    k: int
    weighted: bool
    index: SearchIndex

    @property
    def attributes(self) -> tuple[Any, ...]:
        """The attributes (so whole tables are classified from their columns)."""
        return self.encoding.attributes

    @property
    def metric(self) -> Metric:
        """The distance."""
        return self.index.metric

    def neighbours(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(indices, distances)`` of the k nearest training instances of each row."""
        return nearest(self.index, self.rows, rows, self.k)

    def vote_weights(self, distances: np.ndarray) -> np.ndarray:
        """Each neighbour's vote: 1, or 1/d^2 (only the exact matches of a query at distance 0)."""
        if not self.weighted:
            return np.ones_like(distances)
        exact = distances == 0
        with np.errstate(divide="ignore"):
            weights = 1.0 / distances**2
        return np.where(exact.any(axis=1, keepdims=True), exact.astype(np.float64), weights)

    def _votes(self, found: np.ndarray, distances: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(class code of each query, votes per class)``; ties to the nearest tied neighbour."""
        weights = self.vote_weights(distances)
        labels = self.y[found]
        votes = np.zeros((len(found), len(self.classes)))
        np.add.at(votes, (np.arange(len(found))[:, None], labels), weights)
        best = votes.max(axis=1, keepdims=True)
        tied = votes == best
        first = np.argmax(np.take_along_axis(tied, labels, axis=1), axis=1)
        return labels[np.arange(len(found)), first], votes

    def _predict_rows(self, rows: np.ndarray) -> np.ndarray:
        out = np.empty(len(rows), dtype=np.int64)
        for start in range(0, len(rows), QUERY_BLOCK):
            found, distances = self.neighbours(rows[start : start + QUERY_BLOCK])
            out[start : start + QUERY_BLOCK] = self._votes(found, distances)[0]
        return out

    def predict_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """The class code of every row of encoded columns (a table classified at once)."""
        return self._predict_rows(self.encoding.from_columns(columns))

    def predict(self, instances: Sequence[Sequence[Term]]) -> list[Label]:
        """The class of each instance."""
        return [self.classes[c] for c in self._predict_rows(self.encoding.rows(instances))]

    def classify(self, instance: Sequence[Term]) -> Label:
        """The class of one instance."""
        return self.predict([instance])[0]

    def predict_values(self, instances: Sequence[Sequence[Term]]) -> np.ndarray:
        """The (weighted) mean of the neighbours' numbers, for a numeric class.

        Raises
        ------
        InvalidParameterError
            When the class is not numeric.
        """
        return self._values(self.encoding.rows(instances))

    def values_of(self, data: AttributeValueData) -> np.ndarray:
        """The predicted number of each example of ``data`` (a table from its columns)."""
        return self._values(self.encoding.matrix(data))

    def _values(self, rows: np.ndarray) -> np.ndarray:
        if self.targets is None:
            raise InvalidParameterError("this k-NN model classifies; use --regression for numbers")
        out = np.empty(len(rows))
        for start in range(0, len(rows), QUERY_BLOCK):
            found, distances = self.neighbours(rows[start : start + QUERY_BLOCK])
            weights = self.vote_weights(distances)
            out[start : start + QUERY_BLOCK] = (weights * self.targets[found]).sum(axis=1) / (
                weights.sum(axis=1)
            )
        return out

    def instance_text(self, i: int) -> str:
        """Training instance ``i`` as the target atom."""
        return format_term(self.data.atom(self.data.row(i)))

    def explain(self, instance: Sequence[Term]) -> dict[str, Any]:
        """One classification, JSON: ``instance``, ``label``, ``neighbours``, ``votes``.

        ``neighbours``: each with ``instance``, ``distance``, ``label`` and
        ``weight`` (its vote), nearest first; ``votes``: the classes that got
        votes.  For a numeric class ``label`` is the predicted number.
        """
        found, distances = self.neighbours(self.encoding.rows([instance]))
        weights = self.vote_weights(distances)[0]
        neighbours = [
            {
                "instance": self.instance_text(int(i)),
                "distance": float(d),
                "label": self._target_text(int(i)),
                "weight": float(w),
            }
            for i, d, w in zip(found[0], distances[0], weights)
        ]
        entry: dict[str, Any] = {"instance": format_term(self.data.atom(instance))}
        if self.targets is not None:
            entry["label"] = float((weights * self.targets[found[0]]).sum() / weights.sum())
            entry["neighbours"] = neighbours
            return entry
        code, votes = self._votes(found, distances)
        entry["label"] = label_text(self.classes[int(code[0])])
        entry["neighbours"] = neighbours
        entry["votes"] = {label_text(c): float(v) for c, v in zip(self.classes, votes[0]) if v > 0}
        return entry

    def _target_text(self, i: int) -> Any:
        if self.targets is not None:
            return float(self.targets[i])
        return label_text(self.classes[int(self.y[i])])


def nearest_neighbours(
    data: AttributeValueData,
    k: int = 5,
    *,
    weighted: bool = False,
    distance: str = "euclidean",
    nominal_distance: str = "overlap",
    normalise: bool = True,
    weighting: str = "none",
    attribute_weights: Sequence[str] = (),
    regression: bool = False,
) -> NearestNeighbours:
    """Store ``data`` for k-NN (see the module docstring).

    Raises
    ------
    InvalidParameterError
        For k outside 1 .. the number of training examples, or an unknown option.
    KBError
        With ``regression``, at the first example whose class is not a number.
    """
    if weighting not in WEIGHTINGS:
        raise InvalidParameterError(f"weighting must be one of {', '.join(WEIGHTINGS)}")
    n = data.n_examples
    if not 1 <= k <= n:
        raise InvalidParameterError(
            f"k = {k} but there are {n} training examples: k must be 1 .. {n}"
        )
    encoded = encode(data)
    encoding = fit_numeric(encoded, nominal="codes", missing="keep", normalise=normalise)
    rows = encoding.from_columns(encoded.columns)
    n_classes = len(encoded.classes)
    if weighting == "none":
        weights = parse_weights(attribute_weights, encoded.attributes)
    else:
        weights = gain_weights(
            encoded.attributes, rows, encoded.y, n_classes, ratio=weighting == "gain-ratio"
        )
        weights *= parse_weights(attribute_weights, encoded.attributes)
    metric = Metric.of(
        encoded.attributes,
        rows,
        encoded.y,
        n_classes,
        combination=distance,
        nominal=nominal_distance,
        weights=weights,
        scale=[1.0 if normalise else float(s) for s in encoding.span],
    )
    targets = numeric_targets(data) if regression else None
    return NearestNeighbours(
        data,
        encoding,
        rows,
        encoded.y.astype(np.int64),
        encoded.classes,
        targets,
        k,
        weighted,
        SearchIndex.build(metric, rows),
    )


# -- the learner protocol -------------------------------------------------------------


@dataclass(frozen=True)
class KNNSettings(EvaluatedSettings):
    """What ``symlearn learn knn`` can be told."""

    ALGORITHM: ClassVar[str] = "knn"

    k: int = option(5, key="k", minimum=1, help="The number of neighbours that vote.")
    weighted: bool = option(
        False, key="weighted", flag=True, help="Distance-weighted votes, w = 1/d^2."
    )
    distance: str = option(
        "euclidean",
        key="distance",
        choices=COMBINATIONS,
        help="How the attributes' differences combine (manhattan: the overlap metric of IB1).",
    )
    nominal_distance: str = option(
        "overlap",
        key="nominal_distance",
        choices=NOMINAL_DISTANCES,
        help="The difference of two nominal values: 0/1 overlap, or the MVDM.",
    )
    normalise: bool = option(
        True, key="normalise", help="Min-max normalise numeric attributes (training ranges)."
    )
    weighting: str = option(
        "none",
        key="feature_weighting",
        choices=WEIGHTINGS,
        help="Weight each attribute by its information gain or gain ratio.",
    )
    attribute_weights: tuple[str, ...] = option(
        (),
        cli="attribute-weight",
        multiple=True,
        metavar="ATTRIBUTE=W",
        help="Stretch an attribute's axis by W (times the --weighting weight).",
    )
    regression: bool = option(
        False,
        key="regression",
        flag=True,
        help="The class is a number: predict the (weighted) mean of the neighbours'.",
    )

    def model(self, data: AttributeValueData) -> NearestNeighbours:
        """k-NN on ``data`` with these settings."""
        return nearest_neighbours(
            data,
            self.k,
            weighted=self.weighted,
            distance=self.distance,
            nominal_distance=self.nominal_distance,
            normalise=self.normalise,
            weighting=self.weighting,
            attribute_weights=self.attribute_weights,
            regression=self.regression,
        )


SETTINGS = KNNSettings


@dataclass(eq=False)
class KNNRun(PictureResult):
    """k-NN run on a task: the stored model, the classifications asked for, the metrics."""

    task: LearningTask
    settings: KNNSettings
    model: NearestNeighbours
    classifications: list[dict[str, Any]]
    metrics: dict[str, Any]
    algorithm: str = "knn"

    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = OUTPUT_SUFFIXES

    def clauses(self) -> list[str]:
        """None: k-NN is lazy, its hypothesis is the stored instances."""
        return []

    def to_dict(self) -> dict[str, Any]:
        """``classification`` (neighbours and votes per instance), the options, ``metrics``."""
        model = self.model
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": [],
            "k": model.k,
            "weighted": model.weighted,
            "distance": model.metric.combination,
            "nominal_distance": model.metric.nominal,
            "normalised": model.encoding.normalise,
            "ranges": {a: list(r) for a, r in model.encoding.ranges.items()},
            "attribute_weights": {
                a.name: float(w) for a, w in zip(model.attributes, model.metric.weights)
            },
            "training_examples": len(model.rows),
            "classification": self.classifications,
            "metrics": self.metrics,
        }
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The neighbours and votes of each classification, and the accuracies."""
        model = self.model
        vote = "votes weighted by 1/d^2" if model.weighted else "one vote each"
        nominal = any(a.values is not None for a in model.attributes)
        compared = f", {model.metric.nominal} for nominal values" if nominal else ""
        lines = [
            f"% {model.k}-nearest neighbour for {self.task.name}: {len(model.rows)} stored "
            f"instances, {model.metric.combination} distance{compared}, {vote} "
            "(distances to 4 digits)"
        ]
        weights = model.metric.weights
        if (weights != 1).any():
            shown = ", ".join(f"{a.name} {w:.4g}" for a, w in zip(model.attributes, weights))
            lines.append(f"% attribute weights: {shown}")
        for entry in self.classifications:
            label = entry["label"]
            shown = f"{label:.6g}" if isinstance(label, float) else label
            lines.append(f"{entry['instance']}: {shown}")
            for n in entry["neighbours"]:
                lines.append(
                    f"  {n['instance']}  distance {n['distance']:.4g}  {n['label']}  "
                    f"weight {n['weight']:.4g}"
                )
            if "votes" in entry:
                votes = ", ".join(f"{c} {v:.4g}" for c, v in entry["votes"].items())
                lines.append(f"  votes: {votes}")
        return [*lines, *metric_lines(self.metrics), *self._output_lines()]

    def _output_lines(self) -> list[str]:
        return [f"% decision regions written to {self.output}"] if self.output else []

    def write_picture(self, path: str | Path, *, force: bool = False) -> None:
        """Draw the decision regions to ``path`` (``.svg`` or ``.png``).

        Raises
        ------
        InvalidParameterError
            Unless there are exactly two attributes, both numeric.
        """
        write_plot(self.picture(), path, inputs=self.task.inputs, force=force)

    def picture_svg(self) -> str | None:
        """The decision regions as SVG for notebooks (None without two numeric attributes)."""
        try:
            return plot_svg(self.picture())
        except InvalidParameterError:
            return None

    def picture(self) -> RegionPlot:
        """The decision regions over the two numeric attributes, the training instances on top."""
        model = self.model
        encoded = encode(model.data)
        return region_plot(
            model.predict_columns,
            model.attributes,
            [np.asarray(c, dtype=np.float64) for c in encoded.columns],
            model.y,
            [label_text(c) for c in model.classes],
            f"{model.k}-NN decision regions for {self.task.name}",
        )


def learn(
    task: LearningTask,
    settings: KNNSettings | None = None,
    *,
    progress: Callable[[str, int, int | None], None] | None = None,
    log: Callable[[int, str], None] | None = None,
) -> KNNRun:
    """Store the task's examples, classify the instances asked for, measure (the learner protocol).

    Raises
    ------
    InvalidParameterError
        For k larger than the training examples, or bad attribute weights.
    KBError
        For an instance to classify that is not one of the target.
    """
    settings = settings or KNNSettings.from_task(task)
    data = task.attribute_data
    if settings.regression:
        model, metrics, _ = evaluate_regression(settings.model, data, settings, progress)
    else:  # classifying every stored instance would take as long as the test set
        model, metrics, _ = evaluate(settings.model, data, settings, progress, measure_train=False)
    asked = instances_to_classify(data, settings.classify)
    if log is not None:
        log(1, f"k-NN stores {len(model.rows)} instances; classifying {len(asked)}")
    return KNNRun(task, settings, model, [model.explain(x) for x in asked], metrics)
