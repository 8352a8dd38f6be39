r"""The instances to cluster as points, and each cluster described as a conjunction.

**Points.**  The distance-based clusterers (k-means, agglomerative and
divisive clustering) measure Witten & Frank's distance (*Data Mining*,
section 4.7): the Euclidean distance over the attributes, a numeric
attribute min-max normalised to [0, 1], a nominal attribute contributing 0
for the same value and 1 for different ones.  :func:`points` builds that
space with :mod:`symlearn.data.numeric`: each nominal attribute becomes one
column per value (one-hot) scaled by 1/sqrt(2), so that two different values
are exactly 1 apart, and a missing value is replaced by the training mean of
its columns (for a nominal attribute, the share of each value).  The mean of
points in this space (a k-means centroid) is again a point of it: numbers
for numeric attributes, the shares of the values for nominal ones.

**Descriptions.**  :func:`describe` gives each cluster the most specific
conjunction that covers all its members, as Find-S gives it (Mitchell 1997,
section 2.4): a nominal attribute keeps the value every member has (else
any value), a numeric attribute the closed range of its members' values
(``A >= 4.3, A =< 5.8``; a single number when they all agree); a missing
value constrains nothing.  The descriptions form a
:class:`~symlearn.hypotheses.rule_set.RuleSet` concluding ``cluster/2``::

    cluster(iris(A, B, C, D), 0) :-
        A>=4.3, A=<5.8, ...

A description covers every member of its cluster, and may cover instances
of other clusters as well (:func:`overlaps` counts them).

Examples
--------
>>> from symlearn.data.attribute_value import Attribute, AttributeValueData
>>> data = AttributeValueData("t", (Attribute("sky", ("sunny", "rainy")), Attribute("temp", None)),
...     (("sunny", 20), ("rainy", 12), ("sunny", 25)), ("?", "?", "?"))
>>> space = points(data)
>>> space.matrix.round(4).tolist()
[[0.7071, 0.0, 0.6154], [0.0, 0.7071, 0.0], [0.7071, 0.0, 1.0]]
>>> rules = describe(data, np.array([0, 1, 0]), 2)
>>> print(*rules.clause_strings(), sep="\n")
cluster(t(sunny, A), 0) :-
    A>=20,
    A=<25.
cluster(t(rainy, 12), 1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import overload

import numpy as np

from symlearn.data.attribute_value import MISSING, AttributeValueData, Label, instance_from_atom
from symlearn.data.columnar import ColumnarData
from symlearn.data.encoded import encode
from symlearn.data.numeric import NumericEncoding, fit_numeric
from symlearn.hypotheses.rule_set import Condition, Rule, RuleSet, number_term
from symlearn.kb.parser import parse_term
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = ["Points", "describe", "nearest", "overlaps", "points"]

#: One-hot columns are scaled by this, so that two different nominal values are 1 apart.
ONE_HOT_SCALE = 1.0 / math.sqrt(2.0)


@dataclass(frozen=True, eq=False)
class Points:
    """Instances as points of the clustering space (see the module docstring).

    Attributes
    ----------
    data
        The instances.
    encoding
        How instances become rows (fitted on ``data``).
    scale
        The factor of each column after the encoding (1/sqrt(2) for one-hot columns).
    matrix
        The points, one row per instance.
    """

    data: AttributeValueData
    encoding: NumericEncoding
    scale: np.ndarray
    matrix: np.ndarray

    @property
    def n(self) -> int:
        """The number of instances."""
        return int(self.matrix.shape[0])

    def rows(self, instances: Sequence[Sequence[Term]]) -> np.ndarray:
        """Other instances (``--classify``, a test set) as points of this space."""
        return self.encoding.rows(instances) * self.scale

    def from_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """Instances given as encoded columns (codes ``-1``/``nan`` missing) as points."""
        return self.encoding.from_columns(columns) * self.scale

    def instance(self, text: str) -> tuple[Term, ...]:
        """The values of an instance written as an atom (``--classify``)."""
        return instance_from_atom(self.data, parse_term(text, "<--classify>"))

    @cached_property
    def texts(self) -> list[str]:
        """Each instance written as its target atom."""
        data = self.data
        return [format_term(data.atom(values)) for values in data.instances]

    @cached_property
    def classes(self) -> tuple[np.ndarray, tuple[Label, ...]] | None:
        """Each instance's class code and the classes, when some instance has a class."""
        encoded = encode(self.data)
        known = [c for c in encoded.classes if not (isinstance(c, str) and c == MISSING)]
        if not known:
            return None
        return encoded.y, encoded.classes

    def centroid_values(self, centre: np.ndarray) -> dict[str, float]:
        """A point as attribute values: numbers in the attribute's units, shares of values."""
        values = centre / self.scale
        out: dict[str, float] = {}
        for j, feature in enumerate(self.encoding.features):
            if feature.value is None:
                out[feature.name] = self.encoding.raw_value(j, float(values[j]))
            else:
                out[feature.name] = float(values[j])
        return out


@overload
def nearest(x: np.ndarray, centres: np.ndarray) -> np.ndarray: ...


@overload
def nearest(
    x: np.ndarray, centres: np.ndarray, *, scores: bool
) -> tuple[np.ndarray, np.ndarray]: ...


def nearest(
    x: np.ndarray, centres: np.ndarray, *, scores: bool = False
) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
    """Each row's nearest centre (the first of equally near ones).

    The squared distance less the row's own ``|x|^2`` (the same for every
    centre), ``|f|^2 - 2 x.f``, as scikit-learn computes it; with ``scores``
    also that value for the nearest centre.
    """
    table = x @ centres.T
    table *= -2.0
    table += (centres * centres).sum(axis=1)[None, :]
    best = np.argmin(table, axis=1)
    if not scores:
        return best
    return best, table[np.arange(table.shape[0]), best]


def points(data: AttributeValueData) -> Points:
    """The instances of ``data`` as points (see the module docstring).

    Raises
    ------
    KBError
        For an attribute whose values mix numbers and atoms (located).
    """
    encoding = fit_numeric(data, nominal="one-hot", missing="mean", normalise=True)
    scale = np.array(
        [1.0 if f.value is None else ONE_HOT_SCALE for f in encoding.features], dtype=np.float64
    )
    return Points(data, encoding, scale, encoding.matrix(data) * scale)


def _tests(
    data: AttributeValueData, members: np.ndarray, index: int, column: np.ndarray
) -> list[Condition]:
    """The most specific constraint on one attribute that every member's value satisfies."""
    attribute = data.attributes[index]
    domain, name = attribute.values, attribute.name
    if domain is None:
        known = column[~np.isnan(column)]
        if known.size == 0:
            return []
        low, high = float(known.min()), float(known.max())
        value = number_term(low)
        if low == high and _written_as(data, members, index, value):
            return [Condition(name, index, "=", value)]
        return [Condition(name, index, ">=", low), Condition(name, index, "=<", high)]
    codes = np.unique(column[column >= 0])
    if codes.size == 1:
        return [Condition(name, index, "=", domain[int(codes[0])])]
    return []


def _written_as(data: AttributeValueData, members: np.ndarray, index: int, value: Term) -> bool:
    """Whether every member's number is written as ``value`` (``5`` and ``5.0`` differ)."""
    if isinstance(data, ColumnarData):  # a table's numbers read back as number_term gives them
        return True
    rows = data.instances
    return all(type(rows[i][index]) is type(value) for i in members.tolist())


def describe(data: AttributeValueData, assignments: np.ndarray, k: int) -> RuleSet:
    """Each cluster's most specific conjunction, as a rule set concluding ``cluster/2``.

    Parameters
    ----------
    data
        The instances clustered.
    assignments
        Each instance's cluster, ``0 .. k - 1``.
    k
        The number of clusters; a cluster without instances gets no rule (its
        most specific hypothesis is the empty one).
    """
    encoded = encode(data)
    rules = []
    for cluster in range(k):
        members = np.flatnonzero(assignments == cluster)
        if members.size == 0:
            continue
        tests: list[Condition] = []
        for j, column in enumerate(encoded.columns):
            tests += _tests(data, members, j, column[members])
        rules.append(Rule(tuple(tests), cluster, covered=members.size, correct=members.size))
    return RuleSet(
        data.target,
        tuple(a.name for a in data.attributes),
        tuple(rules),
        tuple(range(k)),
        conclusion="cluster",
    )


def overlaps(rules: RuleSet, data: AttributeValueData, assignments: np.ndarray) -> dict[int, int]:
    """How many instances of other clusters each description covers (cluster -> count)."""
    encoded = encode(data)
    found: dict[int, int] = {}
    for rule in rules.rules:
        mask = np.ones(encoded.n_rows, dtype=bool)
        for test in rule.conditions:
            rows = test.rows(encoded.columns[test.index], encoded.attributes[test.index])
            if rows is None:  # a number compared for equality: compare the decoded numbers
                column = encoded.columns[test.index]
                rows = column == float(test.value)
            mask &= rows
        cluster = int(rule.label)  # type: ignore[arg-type]
        found[cluster] = int((mask & (assignments != cluster)).sum())
    return found
