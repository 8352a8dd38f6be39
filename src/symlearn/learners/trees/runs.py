"""What ``symlearn learn id3|c45|cart|one-r`` computes, apart from parsing options and printing.

:class:`Settings` merges the defaults, the file's ``:- set(Name, Value).``
options and the command line; :func:`learn` runs an algorithm with its
post-pruning; the other functions build the JSON parts of the report (root
measures, metrics, cross-validation and the paired t-test, classifications).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from symlearn.data.attribute_value import AttributeValueData, Label, instance_from_atom
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.hypotheses.rule_set import RuleSet, label_text
from symlearn.kb import KnowledgeBase, parse_term
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "ALGORITHMS",
    "DEFAULT_MEASURE",
    "Learned",
    "Settings",
    "classifications",
    "cross_validation_metrics",
    "holdout_metrics",
    "label_json",
    "learn",
    "learner",
    "merge_settings",
    "root_measures",
    "stump_dict",
    "tree_keywords",
]

ALGORITHMS = ("id3", "c45", "cart", "one-r")
DEFAULT_MEASURE = {"id3": "gain", "c45": "gain-ratio", "cart": "gini"}


# -- settings -------------------------------------------------------------------------


@dataclass
class Settings:
    """What to learn and how, after merging the file's ``set/2`` and the command line."""

    algorithm: str
    measure: str = "gain"
    costs: dict[str, float] = field(default_factory=dict)
    cost_weight: float = 1.0
    max_depth: int | None = None
    min_examples: float = 2.0
    min_leaf: float | None = None
    min_gain: float | None = None
    significance: float | None = None
    prune: str = "none"
    validation_fraction: float = 1 / 3
    cf: float = 0.25
    min_bucket: int = 6
    seed: int = 0


def _file_setting(kb: KnowledgeBase | None, name: str) -> Any:
    if kb is None:
        return None
    value = kb.setting(name)
    return None if value is None else value


def _parse_costs(texts: Sequence[str]) -> dict[str, float]:
    costs = {}
    for text in texts:
        name, sep, value = text.partition("=")
        try:
            cost = float(value)
        except ValueError:
            cost = -1.0
        if not sep or not name.strip() or not cost > 0:
            raise InvalidParameterError(
                f"--cost {text!r}: expected ATTRIBUTE=COST with a positive cost"
            )
        costs[name.strip()] = cost
    return costs


def merge_settings(
    algorithm: str, kb: KnowledgeBase | None, data: AttributeValueData, given: dict[str, Any]
) -> Settings:
    """Merge defaults, the file's ``set/2`` options and the command line."""
    settings = Settings(algorithm, measure=DEFAULT_MEASURE.get(algorithm, "accuracy"))
    if algorithm == "c45":
        settings.prune = "rules"
    for name in (
        "measure",
        "max_depth",
        "min_examples",
        "min_leaf",
        "min_gain",
        "significance",
        "cost_weight",
        "cf",
        "min_bucket",
        "prune",
    ):
        value = given.get(name)
        if value is None:
            value = _file_setting(kb, name)
            if isinstance(value, str) and name not in ("measure", "prune"):
                raise InvalidParameterError(f"set({name}, {value}) needs a number")
        if value is not None:
            setattr(settings, name, value)
    for name in ("validation_fraction", "seed"):
        if given.get(name) is not None:
            setattr(settings, name, given[name])
    if algorithm != "cart":
        from symlearn.learners.trees.costs import check_costs

        declared = check_costs(kb, [a.name for a in data.attributes]) if kb is not None else {}
        settings.costs = {**declared, **_parse_costs(given.get("costs") or ())}
        unknown = set(settings.costs) - {a.name for a in data.attributes}
        if unknown:
            raise InvalidParameterError(
                f"--cost names {', '.join(sorted(unknown))}, not an attribute of {data.target}"
            )
    return settings


# -- learning -------------------------------------------------------------------------


def tree_keywords(settings: Settings) -> dict[str, Any]:
    """The keyword options of the tree learner ``settings.algorithm``."""
    keywords: dict[str, Any] = {
        "measure": settings.measure,
        "max_depth": settings.max_depth,
        "min_examples": settings.min_examples,
        "min_gain": settings.min_gain,
        "significance": settings.significance,
    }
    if settings.algorithm != "cart":
        keywords["costs"] = settings.costs
        keywords["cost_weight"] = settings.cost_weight
    if settings.algorithm != "id3" and settings.min_leaf is not None:
        keywords["min_leaf"] = settings.min_leaf
    return keywords


def _grow(settings: Settings, data: AttributeValueData, progress: Any = None) -> DecisionTree:
    from symlearn.learners.trees.c45 import c45
    from symlearn.learners.trees.cart import cart
    from symlearn.learners.trees.id3 import id3

    learner = {"id3": id3, "c45": c45, "cart": cart}[settings.algorithm]
    return learner(data, progress=progress, **tree_keywords(settings))


@dataclass
class Learned:
    """What one run learned: the tree (if any), the final rule set, and how it was pruned."""

    tree: DecisionTree | None
    rules: RuleSet
    model: Any
    pruning: dict[str, Any] = field(default_factory=dict)
    unpruned: DecisionTree | None = None


def learn(settings: Settings, data: AttributeValueData, progress: Any = None) -> Learned:
    """Run the algorithm of ``settings`` on ``data`` (with its post-pruning)."""
    if settings.algorithm == "one-r":
        from symlearn.learners.trees.one_r import one_r

        rules = one_r(data, settings.min_bucket)
        return Learned(None, rules, rules)
    if settings.prune == "reduced-error":
        from symlearn.evaluation.splits import subset, train_test_split
        from symlearn.learners.trees.reduced_error_pruning import reduced_error_prune

        grow_index, validation_index = train_test_split(
            list(data.labels), settings.validation_fraction, settings.seed
        )
        if len(validation_index) == 0 or len(grow_index) == 0:
            raise InvalidParameterError("too few examples to hold out a validation set")
        grown = _grow(settings, subset(data, grow_index), progress)
        tree = reduced_error_prune(grown, subset(data, validation_index))
        pruning = {
            "method": "reduced-error",
            "grow_examples": len(grow_index),
            "validation_examples": len(validation_index),
            "nodes_before": grown.size,
            "nodes_after": tree.size,
        }
        return Learned(tree, tree.to_rule_set(), tree, pruning, grown)
    tree = _grow(settings, data, progress)
    if settings.prune == "rules":
        from symlearn.learners.trees.rule_post_pruning import post_prune_rules

        rules = post_prune_rules(tree.to_rule_set(), data, settings.cf)
        pruning = {
            "method": "rules",
            "cf": settings.cf,
            "rules_before": tree.leaf_count,
            "rules_after": len(rules.rules),
        }
        return Learned(tree, rules, rules, pruning)
    return Learned(tree, tree.to_rule_set(), tree)


def learner(settings: Settings) -> Callable[[AttributeValueData], Any]:
    """A learner for :mod:`symlearn.evaluation`: training data -> the final model."""

    def fit(train: AttributeValueData) -> Any:
        return learn(settings, train).model

    return fit


# -- reporting ------------------------------------------------------------------------


def label_json(label: Label | None) -> str | None:
    """A class as JSON text (``pos``/``neg`` for a boolean class)."""
    if label is None:
        return None
    return label_text(label)


def _number(x: float | None, digits: int = 15) -> float | None:
    return None if x is None else round(float(x), digits)


def root_measures(settings: Settings, data: AttributeValueData) -> dict[str, Any]:
    """``gains`` (the measure of every attribute at the root), ``candidate_thresholds`` ..."""
    if settings.algorithm == "one-r":
        from symlearn.learners.trees.one_r import one_r_candidates

        candidates = one_r_candidates(data, settings.min_bucket)
        return {
            "gains": {c.attribute: _number(c.accuracy) for c in candidates},
            "errors": {c.attribute: _number(c.errors) for c in candidates},
            "candidate_thresholds": {},
        }
    from symlearn.learners.trees.c45 import c45_options
    from symlearn.learners.trees.cart import cart_options
    from symlearn.learners.trees.growing import as_encoded, root_report
    from symlearn.learners.trees.id3 import id3_options

    factory = {"id3": id3_options, "c45": c45_options, "cart": cart_options}[settings.algorithm]
    report = root_report(as_encoded(data), factory(**tree_keywords(settings)))  # type: ignore[operator]
    result: dict[str, Any] = {
        "gains": {a: _number(s) for a, s in report.scores.items()},
        "candidate_thresholds": {
            a: [_number(t) for t in ts] for a, ts in report.candidate_thresholds.items()
        },
        "thresholds": {a: _number(t) for a, t in report.thresholds.items()},
    }
    if settings.measure not in ("gain", "gini", "misclassification"):
        result["information_gain"] = {a: _number(g) for a, g in report.gains.items()}
    return result


def holdout_metrics(
    model: Any,
    train: AttributeValueData,
    test: AttributeValueData | None,
    confidence: float,
) -> dict[str, Any]:
    """Training metrics, and test metrics when there is a test set (``metrics`` of the JSON)."""
    from symlearn.evaluation.cross_validation import holdout

    names = [label_json(c) for c in train.classes]
    on_train = holdout(model, train, train, confidence)
    metrics: dict[str, Any] = {
        "train_accuracy": on_train.accuracy,
        "train_examples": on_train.n,
        "train_confusion_matrix": on_train.confusion.to_dict(_names(on_train.confusion, names)),
        "test_accuracy": None,
    }
    measured = on_train
    if test is not None and test.labels:
        on_test = holdout(model, train, test, confidence)
        metrics["test_accuracy"] = on_test.accuracy
        metrics["test_examples"] = on_test.n
        metrics["test_confusion_matrix"] = on_test.confusion.to_dict(
            _names(on_test.confusion, names)
        )
        measured = on_test
    metrics["confusion_matrix"] = measured.confusion.to_dict(_names(measured.confusion, names))
    metrics["baseline_accuracy"] = measured.baseline_accuracy
    metrics["error_confidence_interval"] = measured.interval.to_dict()
    metrics["measured_on"] = "test" if measured is not on_train else "train"
    return metrics


def _names(confusion: Any, names: Sequence[str | None]) -> list[str]:
    """Class names for a confusion matrix (extra columns such as 'unclassified' as they print)."""
    result = []
    for i, c in enumerate(confusion.classes):
        name = names[i] if i < len(names) else None
        result.append(name if name is not None else str(c))
    return result


def cross_validation_metrics(
    settings: Settings,
    data: AttributeValueData,
    k: int,
    compare: str | None,
    confidence: float,
    progress: Any = None,
) -> dict[str, Any]:
    """k-fold cross-validation, and the paired t-test against ``compare`` on the same folds."""
    from symlearn.evaluation.comparison import paired_t_test
    from symlearn.evaluation.cross_validation import cross_validate
    from symlearn.evaluation.splits import k_fold_indices

    names = [label_json(c) for c in data.classes]
    folds = k_fold_indices(data, k, settings.seed)
    cv = cross_validate(
        learner(settings), data, k, settings.seed, confidence, progress=progress, folds=folds
    )
    result: dict[str, Any] = {"cross_validation": cv.to_dict(_names(cv.confusion, names))}
    if compare is not None:
        other = Settings(
            compare, measure=DEFAULT_MEASURE.get(compare, "accuracy"), seed=settings.seed
        )
        if compare == "c45":
            other.prune = "rules"
        other_cv = cross_validate(learner(other), data, k, settings.seed, confidence, folds=folds)
        test = paired_t_test(cv.fold_errors, other_cv.fold_errors, confidence)
        result["compared_with"] = {
            "algorithm": compare,
            "cross_validation": other_cv.to_dict(_names(other_cv.confusion, names)),
        }
        result["paired_t_test"] = test.to_dict()
    return result


def classifications(
    learned: Learned, data: AttributeValueData, atoms: Sequence[str]
) -> list[dict[str, Any]]:
    """The class of each ``instance/1`` example and ``--classify`` atom."""
    instances: list[tuple[Term, ...]] = list(data.unlabelled)
    for text in atoms:
        instances.append(instance_from_atom(data, parse_term(text, "<--classify>")))
    result = []
    for instance in instances:
        entry: dict[str, Any] = {
            "instance": format_term(data.atom(instance)),
            "label": label_json(learned.model.classify(instance)),
        }
        if isinstance(learned.model, DecisionTree):
            entry["distribution"] = {
                label_json(c): _number(p)
                for c, p in learned.model.class_distribution(instance).items()
            }
        result.append(entry)
    return result


def stump_dict(rules: RuleSet) -> dict[str, Any]:
    """OneR's rules as a one-level tree (JSON)."""
    attributes = {c.attribute for r in rules.rules for c in r.conditions}
    if len(attributes) != 1:
        return {"label": label_json(rules.default)}
    branches = {}
    for rule in rules.rules:
        key = " and ".join(
            c.value_text() if c.op == "=" else f"{c.op} {c.value_text()}" for c in rule.conditions
        )
        branches[key] = {"label": label_json(rule.label)}
    return {"attribute": attributes.pop(), "branches": branches}
