"""Naive Bayes learnt from labelled and probabilistically labelled examples, and its posteriors.

What semi-supervised EM, co-training and co-EM share:

* :class:`Pool`: the labelled examples (a table) and the unlabelled ones
  (their columns), over the same attributes, and the classes in a fixed order;
* :func:`fit_labelled`: naive Bayes (through the registry) from the labelled
  examples plus unlabelled ones counted as a fraction of each class: an
  unlabelled example ``x`` with class probabilities ``P(c | x)`` is ``x``
  labelled ``c`` with weight ``lambda P(c | x)``, for every class ``c`` (the
  M-step of Nigam et al. 2000); a hard label is a probability 1;
* :func:`posteriors`: a model's ``P(c | x)`` for every row (the E-step);
* :func:`log_likelihood`: ``log P(theta) + sum_L log P(y) P(x | y) +
  lambda sum_U log sum_c P(c) P(x | c)``, what EM increases;
* :func:`views` and :class:`Combined`: two models on two views of the
  attributes, classifying by the product of their posteriors (Blum and
  Mitchell 1998).

Examples
--------
>>> from symlearn.data.attribute_value import Attribute, AttributeValueData
>>> from symlearn.data.columnar import as_columnar
>>> data = AttributeValueData("t", (Attribute("a", ("x", "y")),), (("x",), ("y",)), ("p", "q"),
...                           unlabelled_examples=(("x",), ("x",)))
>>> pool = Pool.of(as_columnar(data))
>>> from symlearn.learners.unlabelled.settings import EMSettings
>>> base = EMSettings().base_learner
>>> model = fit_labelled(base, pool, np.array([[1.0, 0.0], [0.5, 0.5]]))
>>> [round(float(p), 4) for p in model.priors]  # p: 1 + 1 + 0.5 of 4; q: 1 + 0.5
[0.625, 0.375]
>>> posteriors(model, pool.unlabelled, pool.classes).round(4).tolist()
[[0.7515, 0.2485], [0.7515, 0.2485]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from symlearn.data.attribute_value import Attribute, Label
from symlearn.data.columnar import ColumnarData, select_attributes, unlabelled_columns
from symlearn.data.encoded import EncodedData, encode_columns
from symlearn.errors import InvalidParameterError
from symlearn.learning.models import BaseLearner
from symlearn.logic.terms import Term

__all__ = [
    "Combined",
    "Pool",
    "fit_labelled",
    "log_likelihood",
    "log_prior",
    "posteriors",
    "views",
]


@dataclass(frozen=True, eq=False)
class Pool:
    """Labelled examples (a table) and unlabelled ones (columns of the same attributes).

    Attributes
    ----------
    labelled
        The labelled examples.
    unlabelled
        The unlabelled examples, one column per attribute.
    classes
        The classes, in the order of every probability array.
    """

    labelled: ColumnarData
    unlabelled: tuple[np.ndarray, ...]
    classes: tuple[Label, ...]

    @classmethod
    def of(cls, data: ColumnarData, unlabelled: tuple[np.ndarray, ...] | None = None) -> Pool:
        """The pool of a table: its labelled examples and its (or the given) unlabelled ones."""
        columns = unlabelled_columns(data) if unlabelled is None else unlabelled
        return cls(data, columns, data.encoded.classes)

    @property
    def n_unlabelled(self) -> int:
        """How many unlabelled examples."""
        return int(self.unlabelled[0].shape[0]) if self.unlabelled else 0

    @property
    def y(self) -> np.ndarray:
        """The labelled examples' classes as positions in :attr:`classes`."""
        return self.labelled.encoded.y

    def unlabelled_instance(self, i: int) -> tuple[Term, ...]:
        """The ``i``-th unlabelled example as values."""
        from symlearn.data.encoded import decode_row

        return decode_row(self.labelled.attributes, self.unlabelled, i)

    def restricted(self, columns: Sequence[int]) -> Pool:
        """The pool seen through the attributes at ``columns`` (a view)."""
        return Pool(
            select_attributes(self.labelled, columns),
            tuple(self.unlabelled[c] for c in columns),
            self.classes,
        )


def fit_labelled(
    base: BaseLearner,
    pool: Pool,
    probabilities: np.ndarray | None = None,
    weight: float = 1.0,
    rows: np.ndarray | None = None,
) -> Any:
    """Naive Bayes from the labelled examples and unlabelled ones labelled by ``probabilities``.

    Parameters
    ----------
    base
        The naive Bayes learner (it must take weights).
    pool
        The examples.
    probabilities
        ``(unlabelled rows, classes)``: each unlabelled example counts as
        ``weight * probabilities[i, c]`` examples of class ``c``.  None: the
        labelled examples alone.
    weight
        The weight of an unlabelled example (Nigam et al.'s lambda).
    rows
        Which unlabelled examples ``probabilities`` are for (default: all).
    """
    labelled = pool.labelled
    if probabilities is None or not len(probabilities):
        return base.fit(labelled)
    chosen = np.arange(pool.n_unlabelled) if rows is None else rows
    k = len(pool.classes)
    n = chosen.size
    columns = tuple(
        np.concatenate([column, *[u[chosen]] * k]).astype(column.dtype, copy=False)
        for column, u in zip(labelled.encoded.columns, pool.unlabelled)
    )
    y = np.concatenate([pool.y, np.repeat(np.arange(k, dtype=np.int32), n)])
    own = labelled.weights
    weights = np.concatenate(
        [
            np.ones(labelled.n_examples) if own is None else own,
            weight * np.asarray(probabilities, dtype=np.float64).T.ravel(),
        ]
    )
    encoded = EncodedData(
        labelled.target, labelled.attributes, columns, y.astype(np.int32), pool.classes, weights
    )
    return base.fit(ColumnarData(encoded))


def _in_order(model: Any, values: np.ndarray, classes: Sequence[Label], fill: float) -> np.ndarray:
    """Columns of ``values`` (in the model's class order) rearranged into ``classes``' order."""
    own = {(type(c), c): i for i, c in enumerate(model.classes)}
    result = np.full((values.shape[0], len(classes)), fill)
    for j, c in enumerate(classes):
        i = own.get((type(c), c))
        if i is not None:
            result[:, j] = values[:, i]
    return result


def posteriors(model: Any, columns: Sequence[np.ndarray], classes: Sequence[Label]) -> np.ndarray:
    """``P(c | x)`` of naive Bayes ``model`` for every row of ``columns``, classes in order."""
    n = int(columns[0].shape[0]) if columns else 0
    return _in_order(model, model.posterior_columns(columns, n), classes, 0.0)


def log_prior(model: Any) -> float:
    """``log P(theta)`` of naive Bayes' m-estimates: ``sum m p log P(v | c)`` (Dirichlet).

    The m-estimate with uniform ``p`` is the most probable estimate under a
    Dirichlet prior with ``m p`` virtual examples of each value; its log
    density (up to a constant) is this sum over attributes, classes and values.
    """
    total = 0.0
    for attribute, table, m in zip(model.attributes, model.conditionals, model.m):
        values = attribute.values or ()
        if attribute.continuous or not m or not values:
            continue
        share = float(m) / len(values)
        for entry in table.values():
            with np.errstate(divide="ignore"):
                total += share * float(np.log([float(p) for p in entry.values()]).sum())
    return total


def log_likelihood(model: Any, pool: Pool, weight: float = 1.0) -> float:
    """Nigam et al.'s ``l(theta | D)``, what EM increases (``-inf`` when a probability is 0).

    ``log P(theta) + sum_L log P(y) P(x | y) + weight * sum_U log sum_c P(c) P(x | c)``,
    with :func:`log_prior`.
    """
    labelled = _in_order(
        model,
        model.log_scores(pool.labelled.encoded.columns, pool.labelled.n_examples),
        pool.classes,
        -np.inf,
    )
    total = log_prior(model) + float(labelled[np.arange(labelled.shape[0]), pool.y].sum())
    if pool.n_unlabelled:
        logs = model.log_scores(pool.unlabelled, pool.n_unlabelled)
        top = logs.max(axis=1)
        finite = np.isfinite(top)
        with np.errstate(divide="ignore", invalid="ignore"):
            sums = np.log(np.exp(logs[finite] - top[finite, None]).sum(axis=1)) + top[finite]
        total += weight * (float(sums.sum()) if finite.all() else -np.inf)
    return total


def views(
    attributes: Sequence[Attribute], names: Sequence[Sequence[str]]
) -> list[tuple[int, ...]]:
    """The attribute positions of each view, checked to partition the attributes.

    Raises
    ------
    InvalidParameterError
        For an unknown attribute, one in both views, or one in neither.
    """
    known = [a.name for a in attributes]
    seen: dict[str, int] = {}
    for number, view in enumerate(names, 1):
        for name in view:
            if name not in known:
                raise InvalidParameterError(
                    f"--view {','.join(view)}: {name!r} is not an attribute "
                    f"(attributes: {', '.join(known)})"
                )
            if name in seen:
                raise InvalidParameterError(
                    f"the views must partition the attributes: {name!r} is in view "
                    f"{seen[name]} and view {number}"
                )
            seen[name] = number
    left_out = [name for name in known if name not in seen]
    if left_out:
        raise InvalidParameterError(
            f"the views must partition the attributes: {', '.join(left_out)} "
            f"{'is' if len(left_out) == 1 else 'are'} in no view"
        )
    return [tuple(sorted(known.index(name) for name in view)) for view in names]


@dataclass(frozen=True, eq=False)
class Combined:
    """Two naive Bayes models on two views, classifying by the product of their posteriors.

    ``P(c | x)`` is proportional to ``P_1(c | x_1) P_2(c | x_2)`` (Blum and
    Mitchell 1998, section 6: the combined classifier); ties go to the class
    listed first.
    """

    target: str
    attributes: tuple[Attribute, ...]
    classes: tuple[Label, ...]
    models: tuple[Any, ...]
    columns: tuple[tuple[int, ...], ...]

    def posterior_columns(self, columns: Sequence[np.ndarray], n: int | None = None) -> np.ndarray:
        """The combined posterior of every row, ``(rows, classes)``."""
        rows = int(columns[0].shape[0]) if columns else (n or 0)
        product = np.ones((rows, len(self.classes)))
        for model, view in zip(self.models, self.columns):
            product *= posteriors(model, [columns[c] for c in view], self.classes)
        total = product.sum(axis=1, keepdims=True)
        uniform = np.full_like(product, 1.0 / len(self.classes))
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(total > 0, product / np.where(total > 0, total, 1.0), uniform)

    def predict_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """The class of each row (positions in :attr:`classes`)."""
        return np.argmax(self.posterior_columns(columns), axis=1)

    def posterior(self, instance: Sequence[Term]) -> dict[Label, float]:
        """Class -> the combined posterior of one instance."""
        shares = self.posterior_columns(encode_columns(self.attributes, [instance]))[0]
        return {c: float(p) for c, p in zip(self.classes, shares)}

    def classify(self, instance: Sequence[Term]) -> Label:
        """The class of highest combined posterior."""
        shares = self.posterior(instance)
        return max(shares, key=lambda c: shares[c])
