r"""scikit-learn estimators for symlearn's attribute-value learners.

Each class is a scikit-learn classifier (``fit``, ``predict``,
``predict_proba``, ``score``, ``get_params``/``set_params``, ``clone``,
pipelines, ``cross_val_score``) that runs one symlearn learner through the
learner protocol (:meth:`~symlearn.learning.LearningTask.from_table` and the
learner's ``learn``) and keeps the symbolic hypothesis it found:

=================================  ======================  =============================
class                              learner                 hypothesis
=================================  ======================  =============================
:class:`ID3Classifier`             ``id3``                 ``tree_``, ``rules_``
:class:`C45Classifier`             ``c45``                 ``tree_``, ``rules_``
:class:`CARTClassifier`            ``cart``                ``tree_``, ``rules_``
:class:`OneRClassifier`            ``one-r``               ``rules_``
:class:`SequentialCoveringClassifier`  ``sequential-covering``  ``rules_``
:class:`NaiveBayesClassifier`      ``naive-bayes``         ``model_``
:class:`FindSClassifier`           ``find-s``              ``conjunction_``
:class:`CandidateEliminationClassifier`  ``candidate-elimination``  ``version_space_``
=================================  ======================  =============================

Every fitted estimator also has ``clauses_`` (the hypothesis as clauses, as
``symlearn learn`` prints them), ``result_`` (the learner's
:class:`~symlearn.learning.LearnResult`: its report, JSON and learned program),
``classes_``, ``n_features_in_`` and, for a DataFrame, ``feature_names_in_``.
A learner's settings are the estimator's parameters (the ones that make sense
for one fit; hold-out, cross-validation and classification settings are left
to scikit-learn).

**Input.**  ``X`` may be a NumPy array (numbers or strings), a pandas
DataFrame or a pyarrow Table; a column of numbers is continuous, any other
categorical (name it in ``categorical`` to make a numeric column categorical);
NaN or ``None`` is a missing value (``?``).  Find-S and Candidate-Elimination
treat every column as categorical and refuse missing values; a value they
never saw simply fails every test of another value.  For the other learners a
value never seen in a categorical column counts as missing at prediction.
``y`` holds the classes; with two classes the learner learns the concept of
the second (``classes_[1]``, scikit-learn's positive class) as pos/neg
examples, so the clauses define the target for it; with more, the clauses
conclude ``label/2``.

scikit-learn is optional: importing this module without it raises an
:class:`ImportError` that says how to install it.

Examples
--------
>>> from symlearn.estimators import ID3Classifier
>>> X = [["sunny", "high"], ["sunny", "normal"], ["rain", "high"], ["overcast", "high"]]
>>> y = ["no", "yes", "yes", "yes"]
>>> model = ID3Classifier(target="play").fit(X, y)
>>> model.predict([["sunny", "normal"], ["sunny", "high"]]).tolist()
['yes', 'no']
>>> model.clauses_
['play(sunny, normal).', 'play(rain, _).', 'play(overcast, _).']

Notes
-----
:func:`sklearn.utils.estimator_checks.check_estimator` passes for every class
except the checks listed in :data:`EXPECTED_FAILED_CHECKS`, each with the
reason it does not apply.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

try:
    from sklearn.base import BaseEstimator, ClassifierMixin
    from sklearn.utils.multiclass import check_classification_targets
    from sklearn.utils.validation import check_is_fitted, validate_data
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "symlearn.estimators needs scikit-learn >= 1.6: pip install 'symlearn[sklearn]'"
    ) from error

from symlearn.data.attribute_value import MISSING, AttributeValueData, Label
from symlearn.data.tabular import cell_term, from_records
from symlearn.errors import SymlearnError
from symlearn.learning.registry import learner
from symlearn.learning.result import LearnResult
from symlearn.learning.task import LearningTask
from symlearn.logic.terms import Term

__all__ = [
    "EXPECTED_FAILED_CHECKS",
    "C45Classifier",
    "CARTClassifier",
    "CandidateEliminationClassifier",
    "FindSClassifier",
    "ID3Classifier",
    "NaiveBayesClassifier",
    "OneRClassifier",
    "SequentialCoveringClassifier",
    "SymbolicClassifier",
]

#: Settings that belong to one command-line run, not to a fitted model:
#: held-out tests, cross-validation, what to classify or draw.
RUN_SETTINGS = frozenset(
    {"test_fraction", "cv", "compare", "confidence", "classify", "renderer", "test"}
    | {"suggest_query", "enumerate"}
)

#: The name of the class column handed to the table reader (never an attribute's).
_CLASS = "\0class"

Row = tuple[Term, ...]


def _as_frame(X: Any) -> Any:
    """A pyarrow Table or RecordBatch as a pandas DataFrame; anything else as it is."""
    if type(X).__module__.startswith("pyarrow") and hasattr(X, "to_pandas"):
        try:
            return X.to_pandas()
        except ImportError as error:
            raise ImportError(
                "an Arrow table is read through pandas: pip install pandas"
            ) from error
    return X


def _term(value: Any) -> Term:
    """A cell as a term (:data:`MISSING` for a missing one); infinity is refused."""
    if isinstance(value, np.generic):  # numpy's float64 is a float, but not a Prolog number
        value = value.item()
    term = cell_term(value)
    if isinstance(term, float) and math.isinf(term):
        raise ValueError("Input X contains infinity; symlearn reads NaN as missing, not inf")
    return MISSING if term is None else term


def _terms(X: np.ndarray) -> list[list[Term]]:
    """Every cell of ``X`` as a term, each distinct value converted once."""
    known: dict[tuple[type, Any], Term] = {}

    def term(value: Any) -> Term:
        try:
            key = (type(value), value)
            found = known.get(key)
        except TypeError:  # an unhashable cell
            return _term(value)
        if found is None:
            found = known[key] = _term(value)
        return found

    return [[term(v) for v in row] for row in X]


def _same(a: Label, b: Label) -> bool:
    return type(a) is type(b) and a == b


class SymbolicClassifier(ClassifierMixin, BaseEstimator):
    """A symlearn learner as a scikit-learn classifier (see the module docstring).

    Subclasses name the learner (``algorithm``); their parameters are the
    learner's settings (but :data:`RUN_SETTINGS`) plus ``target`` (the name of
    the predicate the clauses define) and ``categorical`` (columns of numbers
    to treat as categories).
    """

    #: The learner's name in :data:`symlearn.learning.ALGORITHMS`.
    algorithm: ClassVar[str] = ""
    #: Every column is categorical (the conjunction learners).
    all_categorical: ClassVar[bool] = False
    #: The learner handles missing values.
    allow_missing: ClassVar[bool] = True
    #: The learner handles more than two classes.
    multi_class: ClassVar[bool] = True
    #: Its training accuracy on scikit-learn's numeric test data may be poor.
    poor_score: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.algorithm:
            _make_init(cls)

    # -- scikit-learn's protocol
    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.input_tags.string = True
        tags.input_tags.categorical = True
        tags.input_tags.allow_nan = self.allow_missing
        tags.classifier_tags.multi_class = self.multi_class
        tags.classifier_tags.poor_score = self.poor_score
        return tags

    def _settings(self) -> Any:
        module = learner(self.algorithm)
        given = {
            name: getattr(self, name)
            for name in self._setting_names()
            if getattr(self, name) is not None
        }
        return module.SETTINGS.from_values({}, **given)

    @classmethod
    def _setting_names(cls) -> list[str]:
        names = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
        return [n for n in names if n not in ("target", "categorical")]

    def fit(self, X: Any, y: Any) -> SymbolicClassifier:
        """Learn from ``X`` (rows of attribute values) and ``y`` (their classes).

        Raises
        ------
        ValueError
            For bad input (scikit-learn's checks, a learner's refusal) or bad parameters.
        """
        X, y = validate_data(self, _as_frame(X), y, dtype=None, ensure_all_finite=False)
        check_classification_targets(y)
        self.classes_ = np.unique(y)
        names = [str(n) for n in getattr(self, "feature_names_in_", [])] or [
            f"x{i}" for i in range(X.shape[1])
        ]
        data = self._data(X, y, names)
        try:
            run = learner(self.algorithm).learn(LearningTask.from_table(data), self._settings())
        except SymlearnError as error:
            if isinstance(error, ValueError):
                raise
            raise ValueError(str(error)) from error
        self.result_: LearnResult = run
        self.attributes_ = data.attributes
        self.clauses_ = run.clauses()
        self._fitted(run)
        return self

    def _data(self, X: np.ndarray, y: np.ndarray, names: list[str]) -> AttributeValueData:
        """The examples as attribute-value data (pos/neg for two classes)."""
        rows = _terms(X)
        binary = len(self.classes_) == 2
        if not self.multi_class and not binary:
            raise ValueError(
                f"Only binary classification is supported: {type(self).__name__} learns a "
                f"concept from the examples of two classes; y has {len(self.classes_)} "
                f"class{'es' if len(self.classes_) > 1 else ''}"
            )
        if not self.allow_missing and any(v == MISSING for row in rows for v in row):
            raise ValueError(
                f"Input X contains NaN (a missing value); {type(self).__name__} needs "
                "complete instances"
            )
        records = [
            {**dict(zip(names, row)), _CLASS: bool(label == self.classes_[1]) if binary else label}
            for row, label in zip(rows, y.tolist())
        ]
        categorical = list(names) if self.all_categorical else list(self.categorical or ())
        try:
            data = from_records(
                records,
                _CLASS,
                target=self.target,
                positive=True if binary else None,
                categorical=categorical,
            )
        except SymlearnError as error:
            raise ValueError(str(error)) from error
        if not binary:
            self.label_classes_ = list(zip(data.labels, y))
        return data

    def _fitted(self, run: Any) -> None:
        """Keep what the subclass exposes (``tree_``, ``rules_`` ...)."""

    # -- predicting
    def _instances(self, X: Any) -> list[Row]:
        check_is_fitted(self)
        X = validate_data(self, _as_frame(X), reset=False, dtype=None, ensure_all_finite=False)
        domains = [None if a.values is None else set(a.values) for a in self.attributes_]
        instances = []
        for row in _terms(X):
            values = []
            for domain, term in zip(domains, row):
                if domain is None:  # continuous: a number or missing
                    term = term if type(term) in (int, float) else MISSING
                elif term not in domain and not self.all_categorical:
                    term = MISSING  # a value never seen: unknown (a conjunction just fails it)
                values.append(term)
            instances.append(tuple(values))
        if not self.allow_missing and any(MISSING in x for x in instances):
            raise ValueError(
                f"Input X contains NaN (a missing value); {type(self).__name__} classifies "
                "complete instances"
            )
        return instances

    def _class_of(self, label: Label) -> Any:
        """The class of ``y`` a learner's label stands for."""
        if len(self.classes_) == 2:
            return self.classes_[1] if label is True else self.classes_[0]
        if len(self.classes_) == 1:
            return self.classes_[0]
        return next(c for term, c in self.label_classes_ if _same(term, label))

    def _labels_of(self, instances: Sequence[Row]) -> list[Label]:
        """The learner's label of each instance."""
        raise NotImplementedError

    def _distribution(self, instance: Row) -> dict[Any, float]:
        """Class of ``y`` -> probability (by default: the predicted class gets 1)."""
        return {self._class_of(self._labels_of([instance])[0]): 1.0}

    def predict(self, X: Any) -> np.ndarray:
        """The class of each row of ``X``."""
        labels = self._labels_of(self._instances(X))
        return np.array([self._class_of(label) for label in labels], dtype=self.classes_.dtype)

    def predict_proba(self, X: Any) -> np.ndarray:
        """Per row, the probability of each class of ``classes_`` (see each class's docstring)."""
        rows = []
        for instance in self._instances(X):
            distribution = self._distribution(instance)
            rows.append([distribution.get(c, 0.0) for c in self.classes_])
        return np.array(rows, dtype=float).reshape(-1, len(self.classes_))


def _make_init(cls: type[SymbolicClassifier]) -> None:
    """Give ``cls`` an ``__init__`` whose keyword parameters are its learner's settings.

    scikit-learn reads the parameters from the signature; the settings are
    declared once, in the learner's :class:`~symlearn.learning.Settings`, and
    their help becomes the class docstring's Parameters section.
    """
    module = learner(cls.algorithm)
    fields = [(f, o) for f, o in module.SETTINGS.fields() if f.name not in RUN_SETTINGS]
    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    defaults: dict[str, Any] = {}
    for item, _ in fields:
        defaults[item.name] = item.default
    defaults["target"] = "t"
    defaults["categorical"] = ()
    for name, default in defaults.items():
        parameters.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default))

    def __init__(self: SymbolicClassifier, **params: Any) -> None:
        for name, default in defaults.items():
            setattr(self, name, params.pop(name, default))
        if params:
            raise TypeError(f"unexpected parameters: {', '.join(sorted(params))}")

    __init__.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    __init__.__qualname__ = f"{cls.__name__}.__init__"
    cls.__init__ = __init__  # type: ignore[method-assign,assignment]
    lines = ["", "    Parameters", "    ----------"]
    for item, meta in fields:
        lines += [
            f"    {item.name}",
            f"        {meta.help or item.name} (default {item.default!r})",
        ]
    lines += [
        "    target",
        "        The name of the predicate the clauses define (default ``'t'``).",
        "    categorical",
        "        Columns of numbers to treat as categories.",
    ]
    cls.__doc__ = (cls.__doc__ or "").rstrip() + "\n" + "\n".join(lines) + "\n"


# -- the learners --------------------------------------------------------------------------


class _TreeFamily(SymbolicClassifier):
    """What the tree learners share: the tree (if any), its rules, class distributions."""

    def _fitted(self, run: Any) -> None:
        self.tree_ = run.tree
        self.rules_ = run.rules
        self.hypothesis_ = run.hypothesis

    def _labels_of(self, instances: Sequence[Row]) -> list[Label]:
        return list(self.hypothesis_.predict(instances)) if instances else []

    def _distribution(self, instance: Row) -> dict[Any, float]:
        from symlearn.hypotheses.decision_tree import DecisionTree

        if isinstance(self.hypothesis_, DecisionTree):
            shares = self.hypothesis_.class_distribution(instance)
            return {self._class_of(label): p for label, p in shares.items()}
        return super()._distribution(instance)


class ID3Classifier(_TreeFamily):
    """ID3 (Quinlan 1986; Mitchell 1997, Table 3.1) as a scikit-learn classifier.

    ``tree_`` is the :class:`~symlearn.hypotheses.decision_tree.DecisionTree`
    (every inner node with the information gain of each candidate attribute),
    ``rules_`` its rule set; ``predict_proba`` is the class distribution of the
    training examples at the leaf reached (C4.5's fractional examples for a
    missing value).
    """

    algorithm = "id3"


class C45Classifier(_TreeFamily):
    """C4.5 (Quinlan 1993; Mitchell 1997, section 3.7) as a scikit-learn classifier.

    By default the tree is rule post-pruned: ``rules_`` is the ordered rule list
    that classifies (``predict_proba`` gives its class probability 1) and
    ``tree_`` the tree before pruning; with ``prune="none"`` the tree classifies.
    """

    algorithm = "c45"


class CARTClassifier(_TreeFamily):
    """CART (Breiman et al. 1984) as a scikit-learn classifier: binary splits, Gini."""

    algorithm = "cart"


class OneRClassifier(_TreeFamily):
    """OneR (Holte 1993) as a scikit-learn classifier: ``rules_`` test one attribute."""

    algorithm = "one-r"
    poor_score = True  # one attribute: a weak learner by design


class SequentialCoveringClassifier(SymbolicClassifier):
    """Sequential covering (Mitchell 1997, section 10.2; CN2) as a scikit-learn classifier.

    ``rules_`` is the rule set (two classes: the rules of the positive class,
    default negative) or CN2's ordered list (more classes).
    """

    algorithm = "sequential-covering"

    def _fitted(self, run: Any) -> None:
        self.rules_ = run.rule_set
        self.hypothesis_ = run.rule_set

    def _labels_of(self, instances: Sequence[Row]) -> list[Label]:
        return [self.rules_.classify(x) for x in instances]


class NaiveBayesClassifier(SymbolicClassifier):
    """Naive Bayes with m-estimates (Mitchell 1997, section 6.9) as a scikit-learn classifier.

    ``model_`` holds the exact estimates; ``predict_proba`` is the normalised
    posterior; ``clauses_`` the classifier as a ProbLog network (discrete
    attributes only).
    """

    algorithm = "naive-bayes"

    def _fitted(self, run: Any) -> None:
        self.model_ = run.model
        self.hypothesis_ = run.model

    def _labels_of(self, instances: Sequence[Row]) -> list[Label]:
        return [self.model_.classify(x) for x in instances]

    def _distribution(self, instance: Row) -> dict[Any, float]:
        shares = self.model_.posterior(instance).values()  # in the order of the classes
        return {self._class_of(c): p for c, p in zip(self.model_.classes, shares)}


class FindSClassifier(SymbolicClassifier):
    """Find-S (Mitchell 1997, section 2.4) as a binary scikit-learn classifier.

    ``conjunction_`` is the most specific conjunction covering the examples of
    the positive class (``classes_[1]``); a row is positive when it satisfies
    it.  Every column is categorical.
    """

    algorithm = "find-s"
    all_categorical = True
    allow_missing = False
    multi_class = False
    poor_score = True  # a conjunction of exact values

    def _fitted(self, run: Any) -> None:
        self.conjunction_ = run.hypothesis
        self.hypothesis_ = run.hypothesis

    def _labels_of(self, instances: Sequence[Row]) -> list[Label]:
        return [self.conjunction_.covers(x) for x in instances]


class CandidateEliminationClassifier(SymbolicClassifier):
    """Candidate-Elimination (Mitchell 1997, section 2.5) as a binary scikit-learn classifier.

    ``version_space_`` is the version space (its boundaries ``S`` and ``G``).
    A row is classified by the vote of the version space's members:
    ``predict_proba`` gives the share voting positive (the Bayes optimal
    probability under a uniform prior, Mitchell 1997, section 6.7) and
    ``predict`` the class of the majority, the negative one on a tie.  Every
    column is categorical; labels no conjunction fits make ``fit`` raise a
    ValueError (the version space collapses).
    """

    algorithm = "candidate-elimination"
    all_categorical = True
    allow_missing = False
    multi_class = False
    poor_score = True

    def _fitted(self, run: Any) -> None:
        if run.collapse is not None:
            raise ValueError(str(run.collapse))
        self.version_space_ = run.version_space
        self.hypothesis_ = run.version_space

    def _share(self, instance: Row) -> float:
        return float(self.version_space_.classify(instance).ratio)

    def _labels_of(self, instances: Sequence[Row]) -> list[Label]:
        return [self._share(x) > 0.5 for x in instances]

    def _distribution(self, instance: Row) -> dict[Any, float]:
        share = self._share(instance)
        if len(self.classes_) == 1:
            return {self.classes_[0]: 1.0}
        return {self.classes_[1]: share, self.classes_[0]: 1.0 - share}


#: Why Candidate-Elimination fails the checks below: they fit random labels.
_COLLAPSES = (
    "the check fits random labels that no conjunction of attribute values separates, so "
    "the version space collapses and fit raises ValueError, as Candidate-Elimination must: "
    "it assumes noise-free examples of a concept in H (Mitchell 1997, section 2.7)"
)

#: Checks of :func:`sklearn.utils.estimator_checks.check_estimator` that do not
#: apply, per class name, with the reason (pass it as ``expected_failed_checks``).
#: Every other check passes; the other classes pass them all.
EXPECTED_FAILED_CHECKS: dict[str, dict[str, str]] = {
    "CandidateEliminationClassifier": {
        name: _COLLAPSES
        for name in (
            "check_classifier_data_not_an_array",
            "check_classifiers_train",
            "check_dict_unchanged",
            "check_dont_overwrite_parameters",
            "check_dtype_object",
            "check_estimators_dtypes",
            "check_estimators_fit_returns_self",
            "check_estimators_nan_inf",
            "check_estimators_overwrite_params",
            "check_f_contiguous_array_estimator",
            "check_fit2d_1feature",
            "check_fit2d_predict1d",
            "check_fit_check_is_fitted",
            "check_fit_idempotent",
            "check_fit_score_takes_y",
            "check_methods_sample_order_invariance",
            "check_methods_subset_invariance",
            "check_n_features_in",
            "check_n_features_in_after_fitting",
            "check_positive_only_tag_during_fit",
            "check_readonly_memmap_input",
            "check_supervised_y_2d",
        )
    }
}
