"""The naive Bayes classifier with m-estimates (Mitchell 1997, section 6.9).

The most probable class of an instance ``<x1, ..., xn>`` under the naive Bayes
assumption (the attributes are conditionally independent given the class) is

    t_NB = argmax_t  P(t) prod_i P(x_i | t)

NAIVE-BAYES-LEARN estimates ``P(t)`` as the fraction of training examples of
class ``t`` and each ``P(x_i | t)`` by the **m-estimate**

    (|D_t,x_i| + m p) / (|D_t| + m)

with ``p`` the prior estimate of ``P(x_i | t)`` (uniform, ``1 / |values of the
attribute|``, unless given) and ``m`` the weight of the prior in virtual
examples (Mitchell 1997, section 6.9 and eq. 6.22).  ``m = 0`` gives the plain
relative frequencies ``n_c / n`` that Mitchell starts from before introducing
the m-estimate; ``laplace=True`` uses ``m`` equal to the number of values and
uniform ``p``, i.e. ``(n_c + 1) / (n + k)``.

Arithmetic is exact: discrete estimates and scores are
:class:`fractions.Fraction` (``m`` is read as the decimal it is written as),
so the textbook's numbers come out exactly, and rounding happens only when
they are printed.  A missing value (``'?'``) is not counted for its
attribute (``|D_t|`` is then the number of class-``t`` examples whose value is
known) and contributes no factor when classifying.  A continuous attribute
gets a normal density per class (sample mean and standard deviation, the
deviation floored at :data:`MIN_STD`), as in John & Langley 1995; its scores
are floats.

**Weighted examples** (``EncodedData.weights``: boosting's weights, or EM's
fractional class memberships of unlabelled examples) count as their weight in
every count above (a normal density takes weighted moments); the estimates
are then floats.

On the learner protocol (``symlearn learn naive-bayes``, ``symlearn.learn``),
:func:`learn` estimates the classifier from a
:class:`~symlearn.learning.task.LearningTask`, classifies the instances asked
for (else the files' ``instance/1``) and measures it (:func:`evaluate`:
training and test accuracy, k-fold cross-validation); its
:class:`NaiveBayesRun` writes the classifier as a belief network whose class
is the parent of every attribute (ProbLog, BIF or a picture).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning.attribute_data import from_kb
>>> kb = loads('''
... label(t(a, x), yes). label(t(a, y), yes). label(t(b, y), no). label(t(a, y), no).
... ''')
>>> model = naive_bayes(from_kb(kb, "t", 2))
>>> model.prior("yes"), model.conditional("a1", "yes", "a")
(Fraction(1, 2), Fraction(1, 1))
>>> model.scores(("a", "y"))  # 1/2 * 1 * 1/2 and 1/2 * 1/2 * 1: a tie
{'yes': Fraction(1, 4), 'no': Fraction(1, 4)}
>>> model.classify(("b", "y")), model.classify(("a", "y"))  # ties go to the first class
('no', 'yes')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, cast

import numpy as np

from symlearn.bayes.networks.data import class_state
from symlearn.bayes.networks.network import BayesianNetwork, Variable, problog_atoms
from symlearn.bayes.networks.network_files import NETWORK_SUFFIXES
from symlearn.bayes.networks.network_run import NetworkRun, learnt_from
from symlearn.bayes.networks.problog_format import format_problog
from symlearn.data.attribute_value import (
    MISSING,
    Attribute,
    AttributeValueData,
    Label,
    instance_from_atom,
)
from symlearn.data.encoded import decode_row, encode
from symlearn.errors import InvalidParameterError, require
from symlearn.evaluation.cross_validation import cross_validate, holdout
from symlearn.evaluation.metrics import ConfusionMatrix
from symlearn.kb.parser import parse_term
from symlearn.learning.registry import Progress
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "MIN_STD",
    "SETTINGS",
    "Classification",
    "Gaussian",
    "NaiveBayes",
    "NaiveBayesRun",
    "NaiveBayesSettings",
    "class_name",
    "evaluate",
    "fit",
    "learn",
    "m_weight",
    "naive_bayes",
    "probability_text",
]

#: The smallest standard deviation of a class-conditional normal density.
MIN_STD = 1e-6

Number = Fraction | float


def class_name(label: Label) -> str:
    """A class as text: ``pos``/``neg`` for the labels of pos/neg examples."""
    if isinstance(label, bool):
        return "pos" if label else "neg"
    return format_term(label)


@dataclass(frozen=True, slots=True)
class Gaussian:
    """A normal density: the class-conditional model of a continuous attribute."""

    mean: float
    std: float

    def density(self, x: float) -> float:
        """The density at ``x``."""
        z = (x - self.mean) / self.std
        return math.exp(-0.5 * z * z) / (self.std * math.sqrt(2.0 * math.pi))


@dataclass(frozen=True)
class NaiveBayes:
    """A trained naive Bayes classifier.

    Attributes
    ----------
    target
        The target predicate's name.
    attributes
        The attributes, in argument order.
    classes
        The classes, in order of first appearance (``True`` first for pos/neg).
    class_counts
        Training examples per class (their summed weights for weighted examples).
    priors
        ``P(t)`` per class.
    conditionals
        Per attribute: class -> {value: P(value | t)} for a discrete
        attribute, class -> :class:`Gaussian` for a continuous one.
    m
        The m of the m-estimate (per attribute, as used).
    """

    target: str
    attributes: tuple[Attribute, ...]
    classes: tuple[Label, ...]
    class_counts: tuple[Number, ...]
    priors: tuple[Number, ...]
    conditionals: tuple[dict[Label, Any], ...]
    m: tuple[Fraction, ...]

    def _class_index(self, label: Label) -> int:
        for i, c in enumerate(self.classes):
            if (type(c) is type(label) and c == label) or class_name(c) == label:
                return i
        raise InvalidParameterError(f"{label!r} is not a class of {self.target}")

    def prior(self, label: Label) -> Number:
        """``P(t)``; ``label`` may be the class or its name."""
        return self.priors[self._class_index(label)]

    def conditional(self, attribute: str, label: Label, value: Term) -> Number:
        """``P(attribute = value | t)`` of a discrete attribute."""
        index = [a.name for a in self.attributes].index(attribute)
        table = self.conditionals[index][self.classes[self._class_index(label)]]
        if isinstance(table, Gaussian):
            raise InvalidParameterError(f"{attribute} is continuous; use its density")
        return table[value]

    def factors(self, instance: Sequence[Term], label: Label) -> list[Number]:
        """``P(t)`` followed by ``P(x_i | t)`` for each known value of ``instance``."""
        if len(instance) != len(self.attributes):
            raise InvalidParameterError(
                f"an instance of {self.target} has {len(self.attributes)} values"
            )
        c = self._class_index(label)
        factors: list[Number] = [self.priors[c]]
        for attribute, table, value in zip(self.attributes, self.conditionals, instance):
            if value == MISSING:
                continue
            model = table[self.classes[c]]
            if isinstance(model, Gaussian):
                if not isinstance(value, (int, float)):
                    raise InvalidParameterError(f"{attribute.name} needs a number")
                factors.append(model.density(float(value)))
            elif value in model:
                factors.append(model[value])
            else:
                raise InvalidParameterError(
                    f"{format_term(value)} is not a value of {attribute.name}"
                )
        return factors

    def scores(self, instance: Sequence[Term]) -> dict[str, Number]:
        """Class name -> ``P(t) prod_i P(x_i | t)`` (exact for discrete attributes)."""
        result: dict[str, Number] = {}
        for label in self.classes:
            product: Number = Fraction(1)
            for factor in self.factors(instance, label):
                product = product * factor
            result[class_name(label)] = product
        return result

    def posterior(self, instance: Sequence[Term]) -> dict[str, float]:
        """Class name -> the scores normalised to sum to 1 (uniform if all are 0)."""
        scores = self.scores(instance)
        total = sum(scores.values())
        if not total:
            return {name: 1.0 / len(scores) for name in scores}
        return {name: float(score / total) for name, score in scores.items()}

    def classify(self, instance: Sequence[Term]) -> Label:
        """The class of highest score (the first such class on ties)."""
        scores = list(self.scores(instance).values())
        return self.classes[scores.index(max(scores))]

    def predict(self, instances: Sequence[Sequence[Term]]) -> list[Label]:
        """:meth:`classify` of each instance."""
        return [self.classify(instance) for instance in instances]

    def log_scores(self, columns: Sequence[np.ndarray], n: int | None = None) -> np.ndarray:
        """``log P(t) + sum_i log P(x_i | t)`` per row and class, for encoded columns.

        ``-inf`` where a factor is 0; ``n`` is the number of rows when there
        are no columns.
        """
        rows = int(columns[0].shape[0]) if columns else (n or 0)
        with np.errstate(divide="ignore", invalid="ignore"):
            logs = np.tile(np.log([float(p) for p in self.priors]), (rows, 1))
            for attribute, table, column in zip(self.attributes, self.conditionals, columns):
                for i, c in enumerate(self.classes):
                    logs[:, i] += self._column_logs(attribute, table[c], column)
        return logs

    def posterior_columns(self, columns: Sequence[np.ndarray], n: int | None = None) -> np.ndarray:
        """:meth:`posterior` of every row of encoded columns: ``(rows, classes)`` floats.

        Normalised from the log scores (a row whose scores are all 0 gets the
        uniform distribution, as :meth:`posterior` gives it).
        """
        logs = self.log_scores(columns, n)
        top = logs.max(axis=1, keepdims=True)
        with np.errstate(invalid="ignore"):
            shares = np.exp(logs - np.where(np.isfinite(top), top, 0.0))
        total = shares.sum(axis=1, keepdims=True)
        uniform = np.full_like(shares, 1.0 / max(len(self.classes), 1))
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(total > 0, shares / np.where(total > 0, total, 1.0), uniform)

    def predict_columns(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """Class positions for encoded columns (codes into this model's attributes' domains).

        The scores are summed as float logarithms over whole columns; a row
        whose two best classes score within rounding of each other is
        classified by :meth:`classify` with exact scores, so ties are broken
        as it breaks them.
        """
        logs = self.log_scores(columns)
        best = np.argmax(logs, axis=1)
        if len(self.classes) > 1:
            top = np.sort(logs, axis=1)[:, -2:]
            with np.errstate(invalid="ignore"):  # -inf - -inf: a tie of zero scores
                close = ~(top[:, 1] - top[:, 0] > 1e-9 * np.maximum(1.0, np.abs(top[:, 1])))
            for row in np.flatnonzero(close):
                label = self.classify(decode_row(self.attributes, columns, int(row)))
                best[row] = self._class_index(label)
        return best

    @staticmethod
    def _column_logs(attribute: Attribute, model: Any, column: np.ndarray) -> np.ndarray:
        """``log P(x | t)`` of each row's value (0 for a missing value, which is left out)."""
        if isinstance(model, Gaussian):
            known = ~np.isnan(column)
            z = (np.where(known, column, model.mean) - model.mean) / model.std
            # the density as Gaussian.density computes it, so it underflows alike
            density = np.exp(-0.5 * z * z) / (model.std * math.sqrt(2.0 * math.pi))
            return np.where(known, np.log(density), 0.0)
        values = attribute.values or ()
        lookup = np.log(np.array([float(model[v]) for v in values] + [1.0]))
        return lookup[column]  # code -1 (missing) picks log 1 = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON: ``priors`` {class: p}, ``conditionals`` {attribute: {class: {value: p}}}."""
        conditionals: dict[str, Any] = {}
        for attribute, table in zip(self.attributes, self.conditionals):
            entry: dict[str, Any] = {}
            for label, model in table.items():
                if isinstance(model, Gaussian):
                    entry[class_name(label)] = {"mean": model.mean, "std": model.std}
                else:
                    entry[class_name(label)] = {format_term(v): float(p) for v, p in model.items()}
            conditionals[attribute.name] = entry
        return {
            "priors": {class_name(c): float(p) for c, p in zip(self.classes, self.priors)},
            "conditionals": conditionals,
            "class_counts": {class_name(c): n for c, n in zip(self.classes, self.class_counts)},
            "m": {a.name: float(m) for a, m in zip(self.attributes, self.m)},
        }

    def problog(self, header: str | None = None) -> str:
        """The classifier as a ProbLog program: :meth:`to_network` written out.

        Raises
        ------
        InvalidParameterError
            If an attribute is continuous.
        """
        return format_problog(self.to_network(), header=header)

    def to_network(self) -> BayesianNetwork:
        """The classifier as a belief network: the class is the parent of every attribute.

        Raises
        ------
        InvalidParameterError
            If an attribute is continuous.
        """
        if any(a.continuous for a in self.attributes):
            raise InvalidParameterError("a network needs discrete attributes only")
        names = [a.name for a in self.attributes]
        if self.target in names:
            raise InvalidParameterError(f"an attribute is called {self.target}, like the target")
        class_states = tuple(class_state(c) for c in self.classes)
        states = {self.target: class_states}
        for attribute in self.attributes:
            states[attribute.name] = tuple(format_term(v) for v in attribute.values or ())
        atoms = problog_atoms([self.target, *names], states)
        variables = [
            Variable(
                self.target,
                class_states,
                (),
                np.array([float(p) for p in self.priors]),
                atoms[self.target],
            )
        ]
        for attribute, table in zip(self.attributes, self.conditionals):
            rows = [[float(table[c][v]) for v in attribute.values or ()] for c in self.classes]
            variables.append(
                Variable(
                    attribute.name,
                    states[attribute.name],
                    (self.target,),
                    np.array(rows),
                    atoms[attribute.name],
                )
            )
        return BayesianNetwork(variables, f"naive_bayes_{self.target}")


def _m_and_p(
    attribute: Attribute,
    m: Fraction,
    laplace: bool,
    prior: Mapping[str, Mapping[Term, Any]] | None,
) -> tuple[Fraction, dict[Term, Fraction]]:
    values = attribute.values or ()
    k = len(values)
    p = {v: Fraction(1, k) for v in values}
    if prior is not None and attribute.name in prior:
        given = {v: Fraction(str(x)) for v, x in prior[attribute.name].items()}
        if set(given) != set(values) or sum(given.values()) != 1:
            raise InvalidParameterError(
                f"the prior of {attribute.name} must give every value a probability, summing to 1"
            )
        p = given
    return (Fraction(k) if laplace else m), p


def _gaussian(values: np.ndarray, weights: np.ndarray | None = None) -> Gaussian:
    """The sample mean and deviation (``n - 1``); weights count as frequencies."""
    if weights is None:
        if not values.size:
            return Gaussian(0.0, 1.0)
        mean = float(values.mean())
        variance = float(values.var(ddof=1)) if values.size > 1 else 0.0
        return Gaussian(mean, max(math.sqrt(variance), MIN_STD))
    total = float(weights.sum())
    if not total > 0:
        return Gaussian(0.0, 1.0)
    mean = float(np.dot(weights, values) / total)
    spread = float(np.dot(weights, (values - mean) ** 2))
    variance = spread / (total - 1.0) if total > 1.0 else 0.0
    return Gaussian(mean, max(math.sqrt(variance), MIN_STD))


def _exact_count(n: float) -> Fraction:
    """An unweighted count (a whole number) as an exact fraction."""
    return Fraction(int(n))


def _ratio(a: Number, b: Number) -> Number:
    """``a / b``: exact for fractions, a float once a weight made either a float."""
    if isinstance(a, float) or isinstance(b, float):
        return float(a) / float(b)
    return Fraction(a) / Fraction(b)


def naive_bayes(
    data: AttributeValueData,
    m: float | Fraction | str = 0,
    laplace: bool = False,
    prior: Mapping[str, Mapping[Term, Any]] | None = None,
) -> NaiveBayes:
    """NAIVE-BAYES-LEARN: estimate ``P(t)`` and ``P(x_i | t)`` from labelled examples.

    Parameters
    ----------
    data
        Labelled attribute-value examples (pos/neg or ``label/2``).
    m
        The equivalent sample size of the m-estimate (0: relative frequencies).
    laplace
        Use ``m`` = number of values and uniform ``p`` for every attribute.
    prior
        Attribute -> {value: p}, the prior estimates (uniform by default).

    Returns
    -------
    NaiveBayes

    Raises
    ------
    InvalidParameterError
        For a negative ``m`` or a malformed prior.

    References
    ----------
    Mitchell 1997, section 6.9 (the naive Bayes classifier and the
    m-estimate, eq. 6.22).
    """
    require(
        data,
        AttributeValueData,
        "data",
        "AttributeValueData (symlearn.from_kb, from_csv or from_records)",
    )
    weight = Fraction(str(m)) if not isinstance(m, Fraction) else m
    if weight < 0:
        raise InvalidParameterError(f"m must be at least 0, not {m}")
    classes = tuple(data.classes)
    encoded = encode(data, classes)  # numpy columns: counted with bincount, never per cell
    y = encoded.y.astype(np.int64)
    w = encoded.weights
    count = _exact_count if w is None else float
    counts = tuple(count(n) for n in np.bincount(y, weights=w, minlength=len(classes)))
    total = sum(counts)
    priors = tuple(_ratio(n, total) for n in counts)
    conditionals: list[dict[Label, Any]] = []
    used_m: list[Fraction] = []
    for attribute, column in zip(data.attributes, encoded.columns):
        table: dict[Label, Any] = {}
        if attribute.continuous:
            known = ~np.isnan(column)
            for i, c in enumerate(classes):
                here = known & (y == i)
                table[c] = _gaussian(column[here], None if w is None else w[here])
            used_m.append(Fraction(0))
        else:
            m_here, p = _m_and_p(attribute, weight, laplace, prior)
            used_m.append(m_here)
            values = attribute.values or ()
            known = column >= 0
            joint = np.bincount(
                y[known] * len(values) + column[known],
                weights=None if w is None else w[known],
                minlength=len(classes) * len(values),
            ).reshape(len(classes), len(values))
            for i, c in enumerate(classes):
                cells = [count(n) for n in joint[i]]
                denominator = sum(cells) + m_here
                table[c] = {
                    v: _ratio(cell + m_here * p[v], denominator) if denominator else p[v]
                    for v, cell in zip(values, cells)
                }
        conditionals.append(table)
    return NaiveBayes(
        data.target,
        tuple(data.attributes),
        classes,
        tuple(int(n) if w is None else n for n in counts),
        priors,
        tuple(conditionals),
        tuple(used_m),
    )


# -- the learner protocol -------------------------------------------------------------

SUMMARY = (
    "Naive Bayes with m-estimates: probabilities, and the score of each class of an instance."
)
EXAMPLE = "symlearn learn naive-bayes kb/playtennis.pl --target playtennis/4"
TABLES = True
OUTPUT_SUFFIXES = NETWORK_SUFFIXES
OUTPUT_HELP = "Write the classifier as a network: .pl (ProbLog), .bif, .svg, .png, .dot."


def m_weight(m: str | float | Fraction) -> Fraction:
    """The m of an m-estimate read exactly, as the decimal it is written as.

    Raises
    ------
    InvalidParameterError
        When ``m`` is not a number.

    Examples
    --------
    >>> m_weight("0.1"), m_weight(2)
    (Fraction(1, 10), Fraction(2, 1))
    """
    if isinstance(m, Fraction):
        return m
    try:
        return Fraction(str(m).strip())
    except (ValueError, ZeroDivisionError):
        raise InvalidParameterError(f"m = {m!r} is not a number") from None


@dataclass(frozen=True)
class NaiveBayesSettings(Settings):
    """What ``symlearn learn naive-bayes`` can be told."""

    ALGORITHM: ClassVar[str] = "naive-bayes"

    m: str | float = option(
        "0",
        key="m",
        metavar="M",
        help="Equivalent sample size of the m-estimate (0: relative frequencies).",
    )
    laplace: bool = option(
        False,
        key="laplace",
        flag=True,
        help="Laplace estimates: m = number of values, uniform p.",
    )
    classify: tuple[str, ...] = option(
        (),
        multiple=True,
        metavar="ATOM",
        help="An instance to classify (repeatable); default: the file's instance/1.",
    )
    test: tuple[str, ...] = option(
        (),
        multiple=True,
        metavar="FILE",
        help="A file of test examples of the target (repeatable).",
    )
    cv: int | None = option(None, minimum=2, help="k-fold cross-validation.")
    seed: int = option(0, help="Seed for the folds.")

    def validate(self) -> None:
        """Refuse an m that is not a number, or is negative."""
        if m_weight(self.m) < 0:
            raise InvalidParameterError(f"m must be at least 0, not {self.m}")

    @property
    def takes_weights(self) -> bool:
        """Weighted examples count as their weight (see the module docstring)."""
        return True

    @property
    def estimate(self) -> str:
        """How the probabilities are estimated, in words."""
        if self.laplace:
            return "Laplace estimates, m = number of values"
        shown = f"{self.m:g}" if isinstance(self.m, float) else str(self.m)
        return f"m-estimate, m = {shown}"


SETTINGS = NaiveBayesSettings


@dataclass(frozen=True)
class Classification:
    """One instance classified: the score and posterior of each class, and the label.

    Attributes
    ----------
    instance
        The instance as the target atom.
    scores
        Class name -> ``P(t) prod_i P(x_i | t)`` (exact for discrete attributes).
    posterior
        Class name -> the scores normalised to sum to 1.
    label
        The name of the class of highest score.
    """

    instance: Term
    scores: dict[str, Number]
    posterior: dict[str, float]
    label: str

    @classmethod
    def of(cls, model: NaiveBayes, data: AttributeValueData, x: Sequence[Term]) -> Classification:
        """Classify the instance ``x`` of ``data``'s target."""
        return cls(
            data.atom(x),
            model.scores(x),
            model.posterior(x),
            class_name(model.classify(x)),
        )

    def to_dict(self) -> dict[str, Any]:
        """``instance``, ``scores`` (floats), ``scores_exact`` (fractions as text), ...."""
        return {
            "instance": format_term(self.instance),
            "scores": {c: float(s) for c, s in self.scores.items()},
            "scores_exact": {c: _exact(s) for c, s in self.scores.items()},
            "posterior": self.posterior,
            "label": self.label,
        }

    def lines(self) -> list[str]:
        """The instance, each class's score and posterior, and the label."""
        lines = [f"{format_term(self.instance)}:"]
        lines += [
            f"  {c}: score {probability_text(s)}, posterior {self.posterior[c]:.4g}"
            for c, s in self.scores.items()
        ]
        return [*lines, f"  label: {self.label}"]


def probability_text(value: Fraction | float) -> str:
    """A probability for people: the exact fraction and 4 significant digits.

    Examples
    --------
    >>> probability_text(Fraction(1, 189)), probability_text(Fraction(1)), probability_text(0.25)
    ('1/189 = 0.005291', '1', '0.25')
    """
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{value} = {float(value):.4g}"
    return f"{value:.4g}"


def _exact(value: Number) -> str | float:
    return str(value) if isinstance(value, Fraction) else value


def _confusion(confusion: ConfusionMatrix) -> dict[str, Any]:
    """The confusion matrix as JSON, classes named as in the rest of the output."""
    return confusion.to_dict([class_name(cast(Label, c)) for c in confusion.classes])


def evaluate(
    model: NaiveBayes,
    task: LearningTask,
    settings: NaiveBayesSettings,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Accuracy on the training examples, on ``settings.test`` files, and by cross-validation.

    Returns
    -------
    dict
        ``train_accuracy``, ``train_examples``, ``confusion_matrix``; with test
        files ``test_accuracy``, ``test_examples``, ``test_confusion_matrix``;
        with ``settings.cv`` the ``cross_validation`` summary.
    """
    data = task.attribute_data
    train = holdout(model, data, data)
    metrics: dict[str, Any] = {
        "train_accuracy": train.accuracy,
        "train_examples": train.n,
        "confusion_matrix": _confusion(train.confusion),
    }
    if settings.test:
        test_data = LearningTask.from_files(settings.test, task.target).attribute_data
        result = holdout(model, data, test_data)
        metrics["test_accuracy"] = result.accuracy
        metrics["test_examples"] = result.n
        metrics["test_confusion_matrix"] = _confusion(result.confusion)
    if settings.cv is not None:
        m, laplace = m_weight(settings.m), settings.laplace
        folds = cross_validate(
            lambda d: naive_bayes(d, m, laplace),
            data,
            k=settings.cv,
            seed=settings.seed,
            progress=progress,
        )
        metrics["cross_validation"] = folds.to_dict([class_name(c) for c in data.classes])
    return metrics


@dataclass(eq=False)
class NaiveBayesRun(NetworkRun):
    """Naive Bayes run on a task: the estimates, the classifications asked for, the metrics.

    Attributes
    ----------
    model
        The classifier (:class:`NaiveBayes`).
    classifications
        The ``--classify`` instances, else the files' ``instance/1``, classified.
    metrics
        See :func:`evaluate`.
    """

    task: LearningTask
    settings: NaiveBayesSettings
    model: NaiveBayes
    classifications: tuple[Classification, ...]
    metrics: dict[str, Any]
    algorithm: str = "naive-bayes"

    @property
    def discrete(self) -> bool:
        """True when every attribute is discrete (the classifier is then a network)."""
        return not any(a.continuous for a in self.model.attributes)

    @property
    def network(self) -> BayesianNetwork:
        """The classifier as a network: the class is the parent of every attribute.

        Raises
        ------
        InvalidParameterError
            When an attribute is continuous.
        """
        if not self.discrete:
            raise InvalidParameterError(
                "only a classifier over discrete attributes can be written as a network"
            )
        return self.model.to_network()

    @property
    def header(self) -> str:
        """``naive Bayes for T learnt by symlearn learn naive-bayes from FILE``."""
        return (
            f"naive Bayes for {self.model.target} learnt by symlearn learn naive-bayes"
            + learnt_from(self.task)
        )

    def clauses(self) -> list[str]:
        """The network as ProbLog clauses (none when an attribute is continuous)."""
        return super().clauses() if self.discrete else []

    def to_dict(self) -> dict[str, Any]:
        """``priors``, ``conditionals``, ``scores``, ``posterior``, ``label``, ``metrics`` ..."""
        payload: dict[str, Any] = {
            "algorithm": self.algorithm,
            "target": self.task.name,
            "hypothesis": self.clauses(),
            **self.model.to_dict(),
            "classifications": [c.to_dict() for c in self.classifications],
            "metrics": self.metrics,
        }
        if self.classifications:
            first = payload["classifications"][0]
            payload.update({key: first[key] for key in ("scores", "posterior", "label")})
        if self.output is not None:
            payload["output"] = self.output
        return payload

    def report(self) -> list[str]:
        """The estimates as exact fractions, the classifications and the accuracies."""
        model = self.model
        lines = [
            f"% naive Bayes for {model.target}/{len(model.attributes)} "
            f"from {len(self.task.attribute_data.labels)} examples "
            f"({self.settings.estimate}; exact fractions, decimals to 4 digits)",
            "P(t):",
        ]
        lines += [
            f"  {class_name(c)}: {probability_text(p)}"
            for c, p in zip(model.classes, model.priors)
        ]
        for attribute, table in zip(model.attributes, model.conditionals):
            lines.append(f"P({attribute.name} | t):")
            for c in model.classes:
                entry = table[c]
                if isinstance(entry, Gaussian):
                    shown = f"normal(mean {entry.mean:.4g}, std {entry.std:.4g})"
                else:
                    shown = ", ".join(
                        f"{format_term(v)} {probability_text(p)}" for v, p in entry.items()
                    )
                lines.append(f"  {class_name(c)}: {shown}")
        for classification in self.classifications:
            lines += classification.lines()
        return [*lines, *self._metric_lines(), *self.output_lines()]

    def _metric_lines(self) -> list[str]:
        metrics = self.metrics
        lines = [
            f"% training accuracy {metrics['train_accuracy']:.4f} "
            f"on {metrics['train_examples']} examples"
        ]
        if "test_accuracy" in metrics:
            lines.append(
                f"% test accuracy {metrics['test_accuracy']:.4f} on {metrics['test_examples']} "
                "examples"
            )
        if "cross_validation" in metrics:
            folds = metrics["cross_validation"]
            lines.append(f"% {folds['k']}-fold cross-validation accuracy {folds['accuracy']:.4f}")
        return lines


def fit(data: AttributeValueData, settings: NaiveBayesSettings) -> NaiveBayes:
    """The classifier alone, estimated from ``data`` (the learner protocol's ``fit``)."""
    return naive_bayes(data, m_weight(settings.m), settings.laplace)


def learn(
    task: LearningTask,
    settings: NaiveBayesSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> NaiveBayesRun:
    """Run naive Bayes on a task's attribute-value examples (the learner protocol).

    Classifies the ``classify`` instances (else the files' ``instance/1``) and
    measures the classifier (:func:`evaluate`).

    Raises
    ------
    KBError
        When there are no labelled examples, or an instance to classify is not
        one of the target.

    References
    ----------
    Mitchell 1997, section 6.9 (NAIVE-BAYES-LEARN) and 6.9.1 (the PlayTennis example).
    """
    settings = settings or NaiveBayesSettings.from_task(task)
    data = task.attribute_data
    model = naive_bayes(data, m_weight(settings.m), settings.laplace)
    asked = [instance_from_atom(data, parse_term(t, "<--classify>")) for t in settings.classify]
    instances = asked or list(data.unlabelled)
    classifications = tuple(Classification.of(model, data, x) for x in instances)
    return NaiveBayesRun(
        task, settings, model, classifications, evaluate(model, task, settings, progress)
    )
