"""One run of a tree-family learner: fit with post-pruning, root measures, evaluation, classes.

What ``symlearn learn id3|c45|cart|one-r`` computes around the algorithm
itself, for :class:`~symlearn.learners.trees.results.TreeRun`:

* :func:`fit`: the model of one set of settings on some training examples:
  a tree grown by ID3, C4.5 or CART and post-pruned (reduced-error pruning
  on a validation set held out of the training examples, Mitchell 1997
  section 3.7.1.1; or C4.5's rule post-pruning, section 3.7.1.2), or OneR's
  rules (Holte 1993);
* :func:`attribute_costs`: the costs of the cost-sensitive measures, the
  file's ``cost/2`` overridden by ``--cost``;
* :func:`root_measures`: every attribute's score at the root (``gains``) and
  the candidate thresholds of continuous attributes;
* :func:`evaluation_metrics`: the ``metrics`` JSON (hold-out,
  cross-validation, the paired t-test against another learner of the family);
* :func:`classifications`: the class of each ``instance/1`` and ``--classify`` atom.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learners.trees.settings import OneRSettings
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_kb(loads('''
... :- attributes(t, [sky, wind]).
... pos(t(sunny, weak)). pos(t(sunny, strong)). neg(t(rainy, weak)). neg(t(rainy, strong)).
... neg(t(cloudy, weak)).
... instance(t(sunny, weak)).
... '''))
>>> learned = fit(OneRSettings(), task.attribute_data)
>>> learned.rules.clause_strings()
['t(sunny, _).']
>>> root_measures(OneRSettings(), task.attribute_data, {})["gains"]
{'sky': 1.0, 'wind': 0.6}
>>> classifications(learned.model, task.attribute_data, ["t(rainy, weak)"])
[{'instance': 't(sunny, weak)', 'label': 'pos'}, {'instance': 't(rainy, weak)', 'label': 'neg'}]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from symlearn.data.attribute_value import AttributeValueData, Label, instance_from_atom
from symlearn.data.columnar import Sample, as_columnar
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.reports import cross_validation_metrics, holdout_metrics
from symlearn.evaluation.splits import subset, train_test_split
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.hypotheses.rule_set import RuleSet, label_text
from symlearn.kb import parse_term
from symlearn.learners.trees.costs import check_costs
from symlearn.learners.trees.growing import (
    Progress,
    as_encoded,
    grow_trees,
    learn_tree,
    root_report,
)
from symlearn.learners.trees.settings import (
    CostSensitiveSettings,
    OneRSettings,
    TreeLearnerSettings,
    TreeSettings,
)
from symlearn.learning.task import LearningTask
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "Learned",
    "attribute_costs",
    "classifications",
    "evaluation_metrics",
    "fit",
    "fit_model",
    "fit_models",
    "label_json",
    "root_measures",
    "stump_dict",
]


@dataclass
class Learned:
    """What one fit learned: the tree (if any), the final rule set, and how it was pruned.

    Attributes
    ----------
    tree
        The tree (None for OneR).
    rules
        The final rule set (the tree's paths, or the post-pruned rule list).
    model
        What classifies: the tree, or the rule set when rules were post-pruned.
    pruning
        How it was pruned (JSON), empty when it was not.
    unpruned
        The tree before reduced-error pruning.
    """

    tree: DecisionTree | None
    rules: RuleSet
    model: DecisionTree | RuleSet
    pruning: dict[str, Any] = field(default_factory=dict)
    unpruned: DecisionTree | None = None


def attribute_costs(task: LearningTask, settings: TreeLearnerSettings) -> dict[str, float]:
    """The attribute costs: the file's ``cost/2``, overridden by ``--cost`` (empty for CART, OneR).

    Raises
    ------
    KBError
        At a ``cost/2`` directive naming an attribute the target lacks.
    InvalidParameterError
        When ``--cost`` names an attribute the target lacks.
    """
    if not isinstance(settings, CostSensitiveSettings):
        return {}
    data = task.attribute_data
    names = [a.name for a in data.attributes]
    declared = check_costs(task.kb, names) if task.kb is not None else {}
    costs = {**declared, **settings.cost_table}
    unknown = set(costs) - set(names)
    if unknown:
        raise InvalidParameterError(
            f"--cost names {', '.join(sorted(unknown))}, not an attribute of {data.target}"
        )
    return costs


def fit(
    settings: TreeLearnerSettings,
    data: AttributeValueData,
    costs: Mapping[str, float] | None = None,
    progress: Progress | None = None,
) -> Learned:
    """Learn from ``data`` as ``settings`` say, post-pruning included.

    Raises
    ------
    InvalidParameterError
        When reduced-error pruning leaves no examples to grow or to validate on.
    """
    if isinstance(settings, OneRSettings):
        from symlearn.learners.trees.one_r import one_r

        rules = one_r(data, settings.min_bucket)
        return Learned(None, rules, rules)
    assert isinstance(settings, TreeSettings)
    if settings.prune == "reduced-error":
        return _reduced_error(settings, data, costs, progress)
    tree = learn_tree(data, settings.tree_options(costs), progress)
    if settings.prune != "rules":
        return Learned(tree, tree.to_rule_set(), tree)
    from symlearn.learners.trees.rule_post_pruning import post_prune_rules

    rules = post_prune_rules(tree.to_rule_set(), data, settings.cf)
    pruning = {
        "method": "rules",
        "cf": settings.cf,
        "rules_before": tree.leaf_count,
        "rules_after": len(rules.rules),
    }
    return Learned(tree, rules, rules, pruning)


def fit_model(data: AttributeValueData, settings: TreeLearnerSettings) -> DecisionTree | RuleSet:
    """What classifies, learnt from all of ``data`` (the learner protocol's ``fit``).

    The tree, or the rule set when rules were post-pruned or for OneR:
    ensembles build their members with it.  Attribute costs come from
    ``--cost`` only (a table has no ``cost/2`` directives); an example's
    weight (``data.weights``) counts when ``settings.takes_weights``.
    """
    costs = settings.cost_table if isinstance(settings, CostSensitiveSettings) else {}
    if isinstance(settings, TreeSettings) and settings.prune == "none":
        # the tree alone: no rule set, no per-node scores (nothing reports them)
        options = dataclasses.replace(settings.tree_options(costs), keep_scores=False)
        return learn_tree(data, options)
    return fit(settings, data, costs).model


#: The most example rows :func:`fit_models` grows trees from together (above it,
#: in turn: a large table gains nothing from growing its trees together).
TOGETHER_ROWS = 100_000


def fit_models(
    data: AttributeValueData, settings: TreeLearnerSettings, samples: Sequence[Sample]
) -> list[DecisionTree | RuleSet]:
    """:func:`fit_model` of each sample of ``data`` (the protocol's ``fit_many``).

    Unpruned trees are grown together, level by level
    (:func:`~symlearn.learners.trees.growing.grow_trees`), a batch of samples
    of at most :data:`TOGETHER_ROWS` rows at a time; they are the trees
    :func:`fit_model` grows from each sample alone.
    """
    if not (isinstance(settings, TreeSettings) and settings.prune == "none"):
        table = as_columnar(data)
        return [fit_model(sample.of(table), settings) for sample in samples]
    costs = settings.cost_table if isinstance(settings, CostSensitiveSettings) else {}
    options = dataclasses.replace(settings.tree_options(costs), keep_scores=False)
    encoded = as_encoded(data)
    models: list[DecisionTree | RuleSet] = []
    batch: list[Sample] = []
    for sample in samples:
        if batch and sum(len(s.rows) for s in batch) + len(sample.rows) > TOGETHER_ROWS:
            models.extend(grow_trees(encoded, options, batch))
            batch = []
        batch.append(sample)
    if batch:
        models.extend(grow_trees(encoded, options, batch))
    return models


def _reduced_error(
    settings: TreeSettings,
    data: AttributeValueData,
    costs: Mapping[str, float] | None,
    progress: Progress | None,
) -> Learned:
    """Grow on part of the examples, prune on the rest (Mitchell 1997, section 3.7.1.1)."""
    from symlearn.learners.trees.reduced_error_pruning import reduced_error_prune

    grow_index, validation_index = train_test_split(
        list(data.labels), settings.validation_fraction, settings.seed
    )
    if len(validation_index) == 0 or len(grow_index) == 0:
        raise InvalidParameterError("too few examples to hold out a validation set")
    grown = learn_tree(subset(data, grow_index), settings.tree_options(costs), progress)
    tree = reduced_error_prune(grown, subset(data, validation_index))
    pruning = {
        "method": "reduced-error",
        "grow_examples": len(grow_index),
        "validation_examples": len(validation_index),
        "nodes_before": grown.size,
        "nodes_after": tree.size,
    }
    return Learned(tree, tree.to_rule_set(), tree, pruning, grown)


def _learner(
    settings: TreeLearnerSettings, costs: Mapping[str, float] | None
) -> Callable[[AttributeValueData], DecisionTree | RuleSet]:
    """A learner for :mod:`symlearn.evaluation`: training data -> the final model."""
    return lambda train: fit(settings, train, costs).model


# -- reporting ------------------------------------------------------------------------


def label_json(label: Label | None) -> str | None:
    """A class as JSON text (``pos``/``neg`` for a boolean class; None for no class)."""
    return None if label is None else label_text(label)


def _number(x: float | None, digits: int = 15) -> float | None:
    return None if x is None else round(float(x), digits)


def root_measures(
    settings: TreeLearnerSettings, data: AttributeValueData, costs: Mapping[str, float]
) -> dict[str, Any]:
    """``gains`` (the measure of every attribute at the root), ``candidate_thresholds`` ...

    OneR's ``gains`` are the training accuracies of each attribute's rules
    (and ``errors`` their errors).
    """
    if isinstance(settings, OneRSettings):
        from symlearn.learners.trees.one_r import one_r_candidates

        candidates = one_r_candidates(data, settings.min_bucket)
        return {
            "gains": {c.attribute: _number(c.accuracy) for c in candidates},
            "errors": {c.attribute: _number(c.errors) for c in candidates},
            "candidate_thresholds": {},
        }
    assert isinstance(settings, TreeSettings)
    report = root_report(as_encoded(data), settings.tree_options(costs))
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


def evaluation_metrics(
    settings: TreeLearnerSettings,
    learned: Learned,
    data: AttributeValueData,
    split: tuple[AttributeValueData, AttributeValueData | None],
    costs: Mapping[str, float],
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The ``metrics`` JSON: hold-out metrics, and with ``--cv`` cross-validation.

    Parameters
    ----------
    settings, learned
        The settings and what they learnt from the training part of ``split``.
    data
        Every labelled example (cross-validation folds them all).
    split
        ``(train, test)``; ``test`` is None when nothing was held out.
    costs
        The attribute costs.
    progress
        Called for each fold.
    """
    train, test = split
    metrics = holdout_metrics(learned.model, train, test, settings.confidence, label_text)
    if settings.cv is None:
        return metrics
    compare = None
    if settings.compare is not None:
        from symlearn.learning.registry import learner

        other = learner(settings.compare).SETTINGS(seed=settings.seed)
        compare = (settings.compare, _learner(other, {}))
    metrics.update(
        cross_validation_metrics(
            _learner(settings, costs),
            data,
            settings.cv,
            settings.seed,
            settings.confidence,
            compare=compare,
            label_name=label_text,
            progress=progress,
        )
    )
    return metrics


def classifications(
    model: DecisionTree | RuleSet, data: AttributeValueData, atoms: Sequence[str]
) -> list[dict[str, Any]]:
    """The class of each ``instance/1`` example and ``--classify`` atom.

    Raises
    ------
    KBError
        For an atom that does not parse or is not an instance of the target.
    """
    instances: list[tuple[Term, ...]] = list(data.unlabelled)
    for text in atoms:
        instances.append(instance_from_atom(data, parse_term(text, "<--classify>")))
    result = []
    for instance in instances:
        entry: dict[str, Any] = {
            "instance": format_term(data.atom(instance)),
            "label": label_json(model.classify(instance)),
        }
        if isinstance(model, DecisionTree):
            entry["distribution"] = {
                label_json(c): _number(p) for c, p in model.class_distribution(instance).items()
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
