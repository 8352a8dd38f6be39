r"""What every clusterer's run shares: settings, clusters, descriptions, JSON and text.

A clustering learner (``k-means``, ``agglomerative``, ``divisive``,
``em-clustering``) learns from the task's instances, labelled or not
(:attr:`~symlearn.learning.task.LearningTask.instance_data`), and returns a
:class:`ClusteringRun`:

* ``clusters`` (a list of lists of instances), ``assignments`` ({instance:
  cluster}) and the **descriptions**: each cluster's most specific
  conjunction, printed as clauses of ``cluster/2``
  (:func:`~symlearn.learners.clustering.space.describe`), which are its
  hypothesis (``-o FILE.pl`` writes them; ``symlearn query FILE.pl
  'cluster(iris(5.0, 3.4, 1.5, 0.2), C)'`` asks which describe an instance);
* **metrics**: ``sse`` (the sum of squared distances of the instances to their
  cluster's mean, in the space of :mod:`~symlearn.learners.clustering.space`)
  and, when the instances have classes, the *classes to clusters*
  evaluation: each cluster stands for the class most of its members have
  (``majority``; ties to the class listed first), ``clusters_by_class``
  counts them, ``purity`` (= ``train_accuracy``) is the share of instances
  whose class is their cluster's; with ``--test-fraction`` the held-out
  instances (a stratified split, ``--seed``) are put in the cluster the
  learner assigns them to, giving ``test_sse`` and ``test_accuracy``;
* **classification** of each ``--classify`` instance (by default the files'
  ``instance/1`` examples, when the other examples are labelled): the
  cluster the learner assigns it to (the nearest centre for k-means, the
  most probable cluster for EM, the nearest cluster under the linkage for
  hierarchical clustering).

Settings every clusterer has: ``--k`` (the number of clusters; for the
hierarchies, where the tree is cut), ``--seed``, ``--test-fraction`` and
``--classify``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, cast

import numpy as np

from symlearn.data.attribute_value import MISSING, AttributeValueData, Label
from symlearn.data.encoded import encode, encode_columns
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.splits import train_test_split
from symlearn.hypotheses.rule_set import Rule, RuleSet, label_text
from symlearn.learners.clustering.space import Points, describe, nearest, overlaps, points
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = ["ClusteringRun", "ClusteringSettings", "prepared"]

#: Members of a cluster listed in the text report.
SHOWN_MEMBERS = 5


@dataclass(frozen=True)
class ClusteringSettings(Settings):
    """What every clusterer can be told (see the module docstring)."""

    ALGORITHM: ClassVar[str] = "clustering"

    k: int = option(2, key="k", minimum=1, help="The number of clusters.")
    seed: int = option(
        0, key="seed", minimum=0, help="Seed for random choices and the held-out split."
    )
    test_fraction: float = option(
        0.0,
        minimum=0,
        maximum=0.9,
        help="Hold out this share of the instances and assign them to the clusters.",
    )
    classify: tuple[str, ...] = option(
        (),
        multiple=True,
        metavar="ATOM",
        help="An instance to put in a cluster (repeatable); default: the file's instance/1.",
    )

    def validate(self) -> None:
        """The held-out share is a number (not ``nan``)."""
        if not 0 <= self.test_fraction <= 0.9:
            raise InvalidParameterError(f"test_fraction = {self.test_fraction} is not in [0, 0.9]")


@dataclass(frozen=True, eq=False)
class Prepared:
    """A clusterer's input: the training points and the held-out instances."""

    points: Points
    test: AttributeValueData | None


def prepared(task: LearningTask, settings: ClusteringSettings) -> Prepared:
    """The instances as points, with ``--test-fraction`` held out.

    Raises
    ------
    InvalidParameterError
        When ``--k`` is larger than the number of (training) instances.
    """
    data = task.instance_data
    test: AttributeValueData | None = None
    if settings.test_fraction > 0:
        train_rows, test_rows = train_test_split(
            list(data.labels), settings.test_fraction, settings.seed
        )
        data, test = data.take(train_rows), data.take(test_rows)
    if settings.k > data.n_examples:
        held = " (after holding out the test instances)" if test is not None else ""
        raise InvalidParameterError(
            f"--k {settings.k} is larger than the data: {data.n_examples} instances{held}"
        )
    return Prepared(points(data), test)


@dataclass(eq=False)
class ClusteringRun(LearnResult):
    """The clusters a clusterer found, with their descriptions, metrics and classifications.

    Subclasses give :meth:`assign` (the cluster of new points) and may add
    JSON keys (:meth:`model_dict`) and report lines (:meth:`model_lines`).
    """

    algorithm: str
    task: LearningTask
    settings: ClusteringSettings
    points: Points
    labels: np.ndarray
    k: int
    test: AttributeValueData | None = None
    warnings: tuple[str, ...] = field(default=())

    # -- what subclasses give
    def assign(self, rows: np.ndarray) -> np.ndarray:
        """The cluster of each new point (rows of the clustering space)."""
        return nearest(rows, self.means)

    def model_dict(self) -> dict[str, Any]:
        """The learner's own JSON keys."""
        return {}

    def model_metrics(self) -> dict[str, Any]:
        """The learner's own measures (added to ``metrics``)."""
        return {}

    def model_lines(self) -> list[str]:
        """The learner's own report lines (comments), after the header."""
        return []

    def assign_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """The cluster of each instance given as encoded columns (codes, numbers)."""
        return self.assign(self.points.from_columns(columns))

    def classification_extra(self, values: Sequence[Term]) -> dict[str, Any]:
        """More about one classified instance (distances, probabilities)."""
        return {}

    def header(self) -> str:
        """The first report line."""
        return (
            f"% {self.algorithm} on {self.task.name}: {self.points.n} instances "
            f"in {self.k} clusters"
        )

    # -- the clusters
    @property
    def defined(self) -> Indicator:
        """The descriptions define ``cluster/2``."""
        return ("cluster", 2)

    @cached_property
    def means(self) -> np.ndarray:
        """Each cluster's mean point (zeros for an empty cluster)."""
        x = self.points.matrix
        counts = np.bincount(self.labels, minlength=self.k)
        sums = np.stack([x[self.labels == j].sum(axis=0) for j in range(self.k)])
        return sums / np.maximum(counts, 1)[:, None]

    @cached_property
    def sizes(self) -> list[int]:
        """The number of instances in each cluster."""
        return np.bincount(self.labels, minlength=self.k).tolist()

    @cached_property
    def descriptions(self) -> RuleSet:
        """Each cluster's most specific conjunction (Find-S), as ``cluster/2`` rules."""
        return describe(self.points.data, self.labels, self.k)

    def clauses(self) -> list[str]:
        """The descriptions as clauses."""
        return self.descriptions.clause_strings()

    def members(self, cluster: int) -> list[str]:
        """The instances of ``cluster``, as atoms."""
        texts = self.points.texts
        return [texts[i] for i in np.flatnonzero(self.labels == cluster).tolist()]

    # -- evaluation
    def sse(self, rows: np.ndarray, labels: np.ndarray) -> float:
        """The sum of squared distances of ``rows`` to their clusters' means."""
        return float(((rows - self.means[labels]) ** 2).sum())

    @cached_property
    def _class_table(self) -> tuple[np.ndarray, tuple[Label, ...], list[int | None]] | None:
        """Clusters x classes counts, the classes, and each cluster's majority class."""
        classes = self.points.classes
        if classes is None:
            return None
        y, names = classes
        known = np.array([not (isinstance(c, str) and c == MISSING) for c in names])
        counts = np.zeros((self.k, len(names)), dtype=np.int64)
        np.add.at(counts, (self.labels, y), 1)
        counts[:, ~known] = 0
        majority = [int(np.argmax(row)) if row.sum() else None for row in counts]
        return counts, names, majority

    def _accuracy(self, clusters: np.ndarray, y: np.ndarray) -> float | None:
        table = self._class_table
        if table is None or not len(y):
            return None
        majority = np.array([-1 if m is None else m for m in table[2]])
        return float((majority[clusters] == y).mean())

    @cached_property
    def metrics(self) -> dict[str, Any]:
        """``sse``, the classes-to-clusters evaluation and the held-out measures."""
        x = self.points.matrix
        found: dict[str, Any] = {"sse": self.sse(x, self.labels)}
        table = self._class_table
        if table is not None:
            counts, names, majority = table
            y = _known(self.points.classes)[0]
            found["purity"] = found["train_accuracy"] = self._accuracy(self.labels, y)
            found["majority"] = {
                str(c): None if m is None else _label(names[m]) for c, m in enumerate(majority)
            }
            found["clusters_by_class"] = {
                str(c): {_label(names[j]): int(n) for j, n in enumerate(row) if n}
                for c, row in enumerate(counts.tolist())
            }
        if self.test is not None and self.test.n_examples:
            columns = encode(self.test).columns
            rows = self.points.from_columns(columns)
            assigned = self.assign_columns(columns)
            found["test_instances"] = int(rows.shape[0])
            found["test_sse"] = self.sse(rows, assigned)
            if table is not None:
                y_test = _codes(self.test, table[1])
                keep = y_test >= 0
                found["test_accuracy"] = self._accuracy(assigned[keep], y_test[keep])
        return {**found, **self.model_metrics()}

    # -- classification
    @cached_property
    def classifications(self) -> list[dict[str, Any]]:
        """Each ``--classify`` instance (default: the files' ``instance/1``) and its cluster."""
        if self.settings.classify:
            instances = [self.points.instance(text) for text in self.settings.classify]
        else:
            instances = list(self.points.data.unlabelled)
        if not instances:
            return []
        clusters = self.assign_columns(encode_columns(self.points.data.attributes, instances))
        return [
            {
                "instance": format_term(self.points.data.atom(values)),
                "cluster": int(cluster),
                **self.classification_extra(values),
            }
            for values, cluster in zip(instances, clusters.tolist())
        ]

    # -- output
    def to_dict(self) -> dict[str, Any]:
        """JSON: ``clusters``, ``assignments``, ``descriptions``, ``metrics``, the model's keys."""
        texts = self.points.texts
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            "k": self.k,
            "clusters": [self.members(c) for c in range(self.k)],
            "assignments": dict(zip(texts, self.labels.tolist())),
            "descriptions": self._descriptions_json(),
            **self.model_dict(),
            "metrics": self.metrics,
        }
        if self.classifications:
            payload["classification"] = self.classifications
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def _descriptions_json(self) -> list[dict[str, Any]]:
        covering = overlaps(self.descriptions, self.points.data, self.labels)
        clauses = dict(zip(map(_cluster, self.descriptions.rules), self.clauses()))
        out = []
        for rule in self.descriptions.rules:
            cluster = _cluster(rule)
            out.append(
                {
                    "cluster": cluster,
                    "size": self.sizes[cluster],
                    "clause": clauses.get(cluster),
                    "conditions": [t.to_dict() for t in rule.conditions],
                    "covers_others": covering.get(cluster, 0),
                }
            )
        return out

    def report(self) -> list[str]:
        """The header, each cluster (size, members, description), then the evaluation."""
        lines = [self.header(), *self.model_lines()]
        clauses = dict(zip(map(_cluster, self.descriptions.rules), self.clauses()))
        covering = overlaps(self.descriptions, self.points.data, self.labels)
        for c in range(self.k):
            lines += self.cluster_lines(c)
            if c in clauses:
                others = covering.get(c, 0)
                if others:
                    lines.append(
                        f"% (this description also covers {others} instances of other clusters)"
                    )
                lines.append(clauses[c])
            else:
                lines.append("% (an empty cluster: no description)")
        lines += self._metric_lines()
        for entry in self.classifications:
            lines.append(f"% {entry['instance']}: cluster {entry['cluster']}")
        return lines

    def cluster_lines(self, cluster: int) -> list[str]:
        """Comment lines about one cluster: its size and first members."""
        members = self.members(cluster)
        shown = ", ".join(members[:SHOWN_MEMBERS])
        more = (
            f", ... ({len(members) - SHOWN_MEMBERS} more)" if len(members) > SHOWN_MEMBERS else ""
        )
        return [f"% cluster {cluster}: {len(members)} instances: {shown}{more}"]

    def _metric_lines(self) -> list[str]:
        m = self.metrics
        lines = [f"% sum of squared distances to the cluster means: {m['sse']:.6g}"]
        if "purity" in m:
            mapping = ", ".join(
                f"{c} -> {cls}" for c, cls in m["majority"].items() if cls is not None
            )
            lines.append(f"% classes to clusters: {mapping}; purity {m['purity']:.4f}")
        if "test_sse" in m:
            line = (
                f"% {m['test_instances']} held-out instances: "
                f"sum of squared distances {m['test_sse']:.6g}"
            )
            if m.get("test_accuracy") is not None:
                line += f", accuracy of the clusters' classes {m['test_accuracy']:.4f}"
            lines.append(line)
        return lines

    def messages(self, verbose: int = 0) -> list[str]:
        """Warnings (no convergence) on stderr."""
        return [f"warning: {w}" for w in self.warnings]


def _label(label: Label) -> str:
    return label_text(label)


def _codes(data: AttributeValueData, classes: tuple[Label, ...]) -> np.ndarray:
    """The class of each instance of ``data`` as a position in ``classes`` (-1: none)."""
    position = {
        (type(c), c): i for i, c in enumerate(classes) if not (isinstance(c, str) and c == MISSING)
    }
    return np.array([position.get((type(c), c), -1) for c in data.labels], dtype=np.int64)


def _known(
    classes: tuple[np.ndarray, tuple[Label, ...]] | None,
) -> tuple[np.ndarray, tuple[Label, ...]]:
    assert classes is not None
    return classes


def _cluster(rule: Rule) -> int:
    """The cluster a description concludes."""
    return cast(int, rule.label)
