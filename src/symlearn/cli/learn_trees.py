"""``symlearn learn id3|c45|cart|one-r``: decision trees and OneR, as rule sets.

Input is a knowledge base (``FILE... --target NAME/ARITY``, the target's
``pos``/``neg`` or ``label/2`` examples) or a CSV file (``--csv FILE
--class-column NAME``).  Each command prints, as Prolog comments around the
learned clauses (so the text output can be consulted):

* the value of the selection measure for every attribute at the root (and the
  candidate thresholds of continuous attributes),
* the tree (C4.5's layout, ``(n/errors)`` at the leaves),
* the rules as clauses (DESIGN.md section 2),
* metrics: training accuracy and confusion matrix, and with
  ``--test-fraction`` the test accuracy, baseline accuracy and the confidence
  interval for the true error; with ``--cv K`` k-fold cross-validation, and
  with ``--compare ALGORITHM`` the paired t-test against another learner on
  the same folds,
* the class of each ``instance/1`` example and of each ``--classify ATOM``.

``--json`` prints one object with the keys of DESIGN.md section 3
(``algorithm``, ``target``, ``hypothesis``, ``gains``, ``candidate_thresholds``,
``tree``, ``rules``, ``metrics``) and more.  ``-o FILE`` writes the rules
(``.pl``) or draws the tree (``.dot``, ``.svg``, ``.png``).

Options may also come from the file as ``:- set(Name, Value).`` with the
option's name in snake case (``max_depth``, ``min_examples``, ``min_leaf``,
``min_gain``, ``significance``, ``measure``, ``cost_weight``, ``cf``,
``min_bucket``); the command line wins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

import symlearn.learners.costs  # noqa: F401  (registers cost/2)
from symlearn.cli.common import emit, json_option, target_option, terminal_progress, verbose_option
from symlearn.data.attribute_value import AttributeValueData, from_kb, instance_from_atom
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.decision_tree import DecisionTree
from symlearn.hypotheses.rule_set import Label, RuleSet, label_text
from symlearn.kb import KnowledgeBase, load, parse_term
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "c45_command",
    "cart_command",
    "id3_command",
    "load_attribute_data",
    "one_r_command",
]

ALGORITHMS = ("id3", "c45", "cart", "one-r")
DEFAULT_MEASURE = {"id3": "gain", "c45": "gain-ratio", "cart": "gini"}
OUTPUT_SUFFIXES = (".pl", ".dot", ".svg", ".png")
TITLES = {"id3": "ID3 tree", "c45": "C4.5 tree", "cart": "CART tree", "one-r": "OneR rules"}
MEASURE_NAMES = {
    "gain": "information gain",
    "gain-ratio": "gain ratio",
    "gini": "Gini impurity reduction",
    "misclassification": "misclassification impurity reduction",
    "tan-schlimmer": "Tan and Schlimmer's Gain^2/Cost",
    "nunez": "Nunez's (2^Gain - 1)/(Cost + 1)^w",
    "accuracy": "training accuracy of the attribute's rules",
}


# -- input ----------------------------------------------------------------------------


def load_attribute_data(
    files: Sequence[str],
    target: tuple[str, int] | None,
    csv_path: str | None,
    class_column: str | None,
    positive: str | None = None,
    categorical: Sequence[str] = (),
) -> tuple[AttributeValueData, KnowledgeBase | None]:
    """The examples from ``FILE... --target`` or ``--csv FILE --class-column NAME``.

    Returns the data and the knowledge base (None for CSV input).
    """
    if csv_path is not None:
        if files:
            raise click.UsageError("give FILE... or --csv, not both")
        if not class_column:
            raise click.UsageError("--csv needs --class-column NAME")
        from symlearn.data.tabular import from_csv

        data = from_csv(
            csv_path,
            class_column,
            target=target[0] if target else None,
            positive=positive,
            categorical=categorical,
        )
        if target is not None and target[1] != data.arity:
            raise InvalidParameterError(
                f"--target {target[0]}/{target[1]}: {csv_path} has {data.arity} attributes"
            )
        return data, None
    if not files:
        raise click.UsageError("give FILE... with --target, or --csv FILE --class-column NAME")
    if target is None:
        raise click.UsageError("--target NAME/ARITY is required with FILE...")
    if positive is not None or categorical or class_column:
        raise click.UsageError("--positive, --categorical and --class-column apply to --csv")
    kb = load(files)
    return from_kb(kb, *target), kb


def _decorated(
    command: Callable[..., Any], options: Sequence[Callable[[Any], Any]]
) -> Callable[..., Any]:
    """``command`` with the click options applied, the first one listed first in ``--help``."""
    for option in reversed(options):
        command = option(command)
    return command


def _input_options(command: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.argument("files", nargs=-1, type=click.Path(dir_okay=False)),
        target_option(required=False),
        click.option(
            "--csv", "csv_path", type=click.Path(dir_okay=False), help="Read a CSV file."
        ),
        click.option("--class-column", help="CSV: the column holding the class."),
        click.option(
            "--positive",
            default=None,
            help="CSV: make a boolean target, this class value positive.",
        ),
        click.option(
            "--categorical",
            multiple=True,
            metavar="COLUMN",
            help="CSV: treat this column as categorical even if it holds numbers.",
        ),
    ]
    return _decorated(command, options)


def _evaluation_options(command: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.option(
            "--test-fraction",
            type=click.FloatRange(0, 0.9),
            default=0.0,
            show_default=True,
            help="Hold out this fraction (stratified, seeded) to measure test accuracy.",
        ),
        click.option(
            "--cv",
            type=click.IntRange(min=2),
            default=None,
            metavar="K",
            help="Also run K-fold cross-validation (stratified, seeded).",
        ),
        click.option(
            "--compare",
            type=click.Choice(ALGORITHMS),
            default=None,
            help="With --cv: paired t-test against this algorithm on the same folds.",
        ),
        click.option(
            "--seed", type=int, default=0, show_default=True, help="Seed for every random split."
        ),
        click.option(
            "--confidence",
            type=click.FloatRange(0, 100, min_open=True, max_open=True),
            default=95.0,
            show_default=True,
            help="N for the N% confidence intervals.",
        ),
        click.option(
            "--classify",
            "classify_atoms",
            multiple=True,
            metavar="ATOM",
            help="Classify this instance, e.g. 'playtennis(sunny, cool, high, strong)'.",
        ),
        click.option(
            "-o",
            "--output",
            type=click.Path(dir_okay=False),
            default=None,
            help="Write the rules (.pl) or draw the tree (.dot, .svg, .png).",
        ),
        click.option(
            "--renderer",
            type=click.Choice(["auto", "graphviz", "python"]),
            default="auto",
            show_default=True,
            help="For .svg/.png: graphviz's dot or the pure-Python layout.",
        ),
        verbose_option,
        json_option,
    ]
    return _decorated(command, options)


def _tree_options(algorithm: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    measures = ["gain", "gain-ratio", "gini", "misclassification"]
    if algorithm != "cart":
        measures += ["tan-schlimmer", "nunez"]
    options = [
        click.option(
            "--measure",
            type=click.Choice(measures),
            default=None,
            help=f"Attribute selection measure [default: {DEFAULT_MEASURE[algorithm]}].",
        ),
        click.option(
            "--max-depth",
            type=click.IntRange(min=0),
            default=None,
            help="Pre-pruning: deepest test.",
        ),
        click.option(
            "--min-examples",
            type=click.FloatRange(min=0),
            default=None,
            help="Pre-pruning: a node with fewer examples is a leaf [default: 2].",
        ),
        click.option(
            "--min-gain",
            type=float,
            default=None,
            help="Pre-pruning: split only when the gain (impurity reduction) is at least this.",
        ),
        click.option(
            "--significance",
            type=click.FloatRange(0, 1, min_open=True, max_open=True),
            default=None,
            help="Pre-pruning: split only when the chi-square test passes at this level.",
        ),
        click.option(
            "--prune",
            type=click.Choice(["none", "reduced-error", "rules"]),
            default=None,
            help="Post-pruning: reduced-error on a validation set, or C4.5's rule "
            f"post-pruning [default: {'rules' if algorithm == 'c45' else 'none'}].",
        ),
        click.option(
            "--validation-fraction",
            type=click.FloatRange(0.05, 0.9),
            default=1 / 3,
            show_default="1/3",
            help="With --prune reduced-error: the share of the training examples held out.",
        ),
        click.option(
            "--cf",
            type=click.FloatRange(0, 1, min_open=True, max_open=True),
            default=None,
            help="With --prune rules: C4.5's confidence CF for the pessimistic error [0.25].",
        ),
    ]
    if algorithm != "id3":
        options.insert(
            3,
            click.option(
                "--min-leaf",
                type=click.FloatRange(min=0),
                default=None,
                help="Pre-pruning: a split needs two branches with this many examples "
                f"[default: {2 if algorithm == 'c45' else 0}].",
            ),
        )
    if algorithm != "cart":
        options += [
            click.option(
                "--cost",
                "costs",
                multiple=True,
                metavar="ATTRIBUTE=COST",
                help="An attribute's cost (overrides the file's cost/2).",
            ),
            click.option(
                "--cost-weight",
                type=click.FloatRange(0, 1),
                default=None,
                help="Nunez's w [default: 1].",
            ),
        ]

    return lambda command: _decorated(command, options)


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
            raise click.BadParameter(
                f"{text!r}: expected ATTRIBUTE=COST with a positive cost", param_hint="--cost"
            )
        costs[name.strip()] = cost
    return costs


def _settings(
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
        from symlearn.learners.costs import check_costs

        declared = check_costs(kb, [a.name for a in data.attributes]) if kb is not None else {}
        settings.costs = {**declared, **_parse_costs(given.get("costs") or ())}
        unknown = set(settings.costs) - {a.name for a in data.attributes}
        if unknown:
            raise InvalidParameterError(
                f"--cost names {', '.join(sorted(unknown))}, not an attribute of {data.target}"
            )
    return settings


# -- learning -------------------------------------------------------------------------


def _tree_keywords(settings: Settings) -> dict[str, Any]:
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
    from symlearn.learners.c45 import c45
    from symlearn.learners.cart import cart
    from symlearn.learners.id3 import id3

    learner = {"id3": id3, "c45": c45, "cart": cart}[settings.algorithm]
    return learner(data, progress=progress, **_tree_keywords(settings))


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
        from symlearn.learners.one_r import one_r

        rules = one_r(data, settings.min_bucket)
        return Learned(None, rules, rules)
    if settings.prune == "reduced-error":
        from symlearn.evaluation.splits import subset, train_test_split
        from symlearn.learners.reduced_error_pruning import reduced_error_prune

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
        from symlearn.learners.rule_post_pruning import post_prune_rules

        rules = post_prune_rules(tree.to_rule_set(), data, settings.cf)
        pruning = {
            "method": "rules",
            "cf": settings.cf,
            "rules_before": tree.leaf_count,
            "rules_after": len(rules.rules),
        }
        return Learned(tree, rules, rules, pruning)
    return Learned(tree, tree.to_rule_set(), tree)


def _learner(settings: Settings) -> Callable[[AttributeValueData], Any]:
    def fit(train: AttributeValueData) -> Any:
        return learn(settings, train).model

    return fit


# -- reporting ------------------------------------------------------------------------


def _label_json(label: Label | None) -> str | None:
    if label is None:
        return None
    return label_text(label)


def _number(x: float | None, digits: int = 15) -> float | None:
    return None if x is None else round(float(x), digits)


def _root_report(settings: Settings, data: AttributeValueData) -> dict[str, Any]:
    if settings.algorithm == "one-r":
        from symlearn.learners.one_r import one_r_candidates

        candidates = one_r_candidates(data, settings.min_bucket)
        return {
            "gains": {c.attribute: _number(c.accuracy) for c in candidates},
            "errors": {c.attribute: _number(c.errors) for c in candidates},
            "candidate_thresholds": {},
        }
    from symlearn.learners.c45 import c45_options
    from symlearn.learners.cart import cart_options
    from symlearn.learners.id3 import id3_options
    from symlearn.learners.tree_growing import as_encoded, root_report

    factory = {"id3": id3_options, "c45": c45_options, "cart": cart_options}[settings.algorithm]
    report = root_report(as_encoded(data), factory(**_tree_keywords(settings)))  # type: ignore[operator]
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


def _metrics(
    model: Any,
    train: AttributeValueData,
    test: AttributeValueData | None,
    confidence: float,
) -> dict[str, Any]:
    from symlearn.evaluation.cross_validation import holdout

    names = [_label_json(c) for c in train.classes]
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


def _cross_validation(
    settings: Settings, data: AttributeValueData, k: int, compare: str | None, confidence: float
) -> dict[str, Any]:
    from symlearn.evaluation.comparison import paired_t_test
    from symlearn.evaluation.cross_validation import cross_validate
    from symlearn.evaluation.splits import k_fold_indices

    names = [_label_json(c) for c in data.classes]
    folds = k_fold_indices(data, k, settings.seed)
    progress = terminal_progress()
    cv = cross_validate(
        _learner(settings), data, k, settings.seed, confidence, progress=progress, folds=folds
    )
    result: dict[str, Any] = {"cross_validation": cv.to_dict(_names(cv.confusion, names))}
    if compare is not None:
        other = Settings(
            compare, measure=DEFAULT_MEASURE.get(compare, "accuracy"), seed=settings.seed
        )
        if compare == "c45":
            other.prune = "rules"
        other_cv = cross_validate(_learner(other), data, k, settings.seed, confidence, folds=folds)
        test = paired_t_test(cv.fold_errors, other_cv.fold_errors, confidence)
        result["compared_with"] = {
            "algorithm": compare,
            "cross_validation": other_cv.to_dict(_names(other_cv.confusion, names)),
        }
        result["paired_t_test"] = test.to_dict()
    return result


def _classifications(
    learned: Learned, data: AttributeValueData, atoms: Sequence[str]
) -> list[dict[str, Any]]:
    instances: list[tuple[Term, ...]] = list(data.unlabelled)
    for text in atoms:
        instances.append(instance_from_atom(data, parse_term(text, "<--classify>")))
    result = []
    for instance in instances:
        entry: dict[str, Any] = {
            "instance": format_term(data.atom(instance)),
            "label": _label_json(learned.model.classify(instance)),
        }
        if isinstance(learned.model, DecisionTree):
            entry["distribution"] = {
                _label_json(c): _number(p)
                for c, p in learned.model.class_distribution(instance).items()
            }
        result.append(entry)
    return result


def _write_output(
    path: str,
    learned: Learned,
    data: AttributeValueData,
    algorithm: str,
    sources: Sequence[str],
    renderer: str,
) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".pl":
        names = " ".join(Path(s).name for s in sources)
        indicator = f"{data.target}/{data.arity}" if learned.rules.is_boolean else "label/2"
        lines = [
            f"% {data.target}/{data.arity} learnt by symlearn learn {algorithm} from {names}.",
            f":- dynamic {indicator}.",
            *learned.rules.clause_strings(),
        ]
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        return "prolog"
    from symlearn.hypotheses.tree_graph import rule_set_graph, tree_graph
    from symlearn.render import write_graph

    title = f"{TITLES[algorithm]} for {data.target}/{data.arity}"
    spec = (
        tree_graph(learned.tree, title)
        if learned.tree is not None
        else rule_set_graph(learned.rules, title)
    )
    return write_graph(spec, path, renderer)


def _text(
    settings: Settings,
    data: AttributeValueData,
    learned: Learned,
    payload: dict[str, Any],
) -> list[str]:
    lines = []
    classes = ", ".join(label_text(c) for c in data.classes)
    lines.append(
        f"% {settings.algorithm} on {data.target}/{data.arity}: "
        f"{payload['metrics']['train_examples']} training examples, {data.arity} attributes, "
        f"classes {classes}"
    )
    measure = MEASURE_NAMES.get(settings.measure, settings.measure)
    lines.append(f"% {measure} at the root:")
    gains = payload["gains"]
    width = max([len(a) for a in gains] + [1])
    order = sorted(gains, key=lambda a: -(gains[a] if gains[a] is not None else float("-inf")))
    for attribute in order:
        value = gains[attribute]
        shown = "   -   " if value is None else f"{value:.4f}"
        extra = ""
        if attribute in payload.get("thresholds", {}):
            extra = f"  (best threshold {payload['thresholds'][attribute]:g})"
        lines.append(f"%   {attribute:<{width}}  {shown}{extra}")
    for attribute, thresholds in payload.get("candidate_thresholds", {}).items():
        shown = ", ".join(f"{t:g}" for t in thresholds[:12]) + (
            " ..." if len(thresholds) > 12 else ""
        )
        lines.append(f"% candidate thresholds of {attribute}: {shown or 'none'}")
    if learned.tree is not None:
        lines.append(
            f"% tree ({learned.tree.size} nodes, {learned.tree.leaf_count} leaves, "
            f"depth {learned.tree.depth}):"
        )
        tree_lines = learned.tree.to_text()
        lines += [f"%   {line}" for line in tree_lines[:200]]
        if len(tree_lines) > 200:
            lines.append(f"%   ... {len(tree_lines) - 200} more lines (see --json or -o tree.svg)")
    pruning = payload.get("pruning")
    if pruning and pruning["method"] == "reduced-error":
        lines.append(
            f"% reduced-error pruning on {pruning['validation_examples']} validation examples: "
            f"{pruning['nodes_before']} -> {pruning['nodes_after']} nodes"
        )
    if pruning and pruning["method"] == "rules":
        lines.append(
            f"% rule post-pruning (CF {pruning['cf']}): {pruning['rules_before']} rules -> "
            f"{pruning['rules_after']} rules, ordered by estimated accuracy:"
        )
        lines += [f"%   {line}" for line in learned.rules.to_text()]
    lines.append("% rules:")
    lines += payload["rules"] or ["% (no clause: no instance is positive)"]
    lines += _metric_lines(payload["metrics"])
    for entry in payload.get("classifications", []):
        lines.append(f"% {entry['instance']}: {entry['label']}")
    if "output" in payload:
        lines.append(f"% written to {payload['output']}")
    return lines


def _metric_lines(metrics: dict[str, Any]) -> list[str]:
    lines = [
        f"% train accuracy {metrics['train_accuracy']:.4f} on {metrics['train_examples']} examples"
    ]
    if metrics.get("test_accuracy") is not None:
        ci = metrics["error_confidence_interval"]
        lines.append(
            f"% test accuracy {metrics['test_accuracy']:.4f} on {metrics['test_examples']} "
            f"examples (baseline {metrics['baseline_accuracy']:.4f}); "
            f"true error {ci['center']:.4f} ± {ci['half_width']:.4f} ({ci['confidence']:g}%)"
        )
    matrix = metrics["confusion_matrix"]
    lines.append(
        f"% confusion matrix on the {metrics['measured_on']} examples "
        "(rows actual, columns predicted):"
    )
    cells = [*matrix["classes"], *(str(v) for row in matrix["matrix"] for v in row)]
    width = max(len(c) for c in cells) + 1
    lines.append("%   " + " " * width + "".join(f"{c:>{width}}" for c in matrix["classes"]))
    for name, row in zip(matrix["classes"], matrix["matrix"]):
        lines.append("%   " + f"{name:<{width}}" + "".join(f"{v:>{width}}" for v in row))
    cv = metrics.get("cross_validation")
    if cv is not None:
        ci = cv["error_confidence_interval"]
        lines.append(
            f"% {cv['k']}-fold cross-validation (seed {cv['seed']}): "
            f"accuracy {cv['accuracy']:.4f} (folds {cv['mean_fold_accuracy']:.4f} ± "
            f"{cv['fold_accuracy_std']:.4f} sd, baseline {cv['baseline_accuracy']:.4f}); "
            f"true error {ci['center']:.4f} ± {ci['half_width']:.4f} ({ci['confidence']:g}%)"
        )
    compared = metrics.get("compared_with")
    if compared is not None:
        test = metrics["paired_t_test"]
        ci = test["confidence_interval"]
        lines.append(
            f"% vs {compared['algorithm']} "
            f"(accuracy {compared['cross_validation']['accuracy']:.4f}) on the same folds: "
            f"mean error difference {test['mean_difference']:+.4f}, "
            f"{ci['confidence']:g}% interval [{ci['low']:+.4f}, {ci['high']:+.4f}], "
            f"t = {_t_text(test['t'])}, df {test['df']}, p = {test['p_value']:.4g}"
        )
    return lines


def _t_text(t: float | None) -> str:
    return "inf" if t is None else f"{t:.3f}"


def _run(algorithm: str, given: dict[str, Any]) -> int:
    data, kb = load_attribute_data(
        given["files"],
        given["target"],
        given["csv_path"],
        given["class_column"],
        given["positive"],
        given["categorical"],
    )
    verbose = given["verbose"]
    if verbose and kb is not None and kb.defines(data.target, data.arity):
        click.echo(
            f"% set aside the clauses of {data.target}/{data.arity} in the files: "
            "a learner never uses the target's own clauses",
            err=True,
        )
    if given.get("compare") and not given.get("cv"):
        raise click.UsageError("--compare needs --cv K")
    if given["output"] and Path(given["output"]).suffix.lower() not in OUTPUT_SUFFIXES:
        raise click.UsageError(f"-o {given['output']}: the suffix must be .pl, .dot, .svg or .png")
    settings = _settings(algorithm, kb, data, given)
    if verbose:
        click.echo(f"% settings: {settings}", err=True)
    train, test = data, None
    if given["test_fraction"]:
        from symlearn.evaluation.splits import subset, train_test_split

        train_index, test_index = train_test_split(
            list(data.labels), given["test_fraction"], settings.seed
        )
        train, test = subset(data, train_index), subset(data, test_index)
    learned = learn(settings, train, terminal_progress())
    report = _root_report(settings, train)
    rules = learned.rules.clause_strings()
    payload: dict[str, Any] = {
        "algorithm": algorithm,
        "target": f"{data.target}/{data.arity}",
        "measure": settings.measure,
        "hypothesis": rules,
        "rules": rules,
        **report,
        "rule_set": learned.rules.to_dict(),
    }
    if learned.tree is not None:
        payload["tree"] = learned.tree.to_dict()
        payload["tree_size"] = {
            "nodes": learned.tree.size,
            "leaves": learned.tree.leaf_count,
            "depth": learned.tree.depth,
        }
        if learned.pruning.get("method") == "rules":
            payload["tree_rules"] = learned.tree.to_rule_set().clause_strings()
    else:
        payload["tree"] = _stump(learned.rules)
    if learned.pruning:
        payload["pruning"] = learned.pruning
    metrics = _metrics(learned.model, train, test, given["confidence"])
    if given.get("cv"):
        metrics.update(
            _cross_validation(
                settings, data, given["cv"], given.get("compare"), given["confidence"]
            )
        )
    payload["metrics"] = metrics
    payload["classifications"] = _classifications(learned, data, given["classify_atoms"])
    if given["output"]:
        payload["output"] = given["output"]
        payload["output_renderer"] = _write_output(
            given["output"],
            learned,
            data,
            algorithm,
            given["files"] or [given["csv_path"]],
            given["renderer"],
        )
    emit(given["as_json"], payload, _text(settings, data, learned, payload))
    return 0


def _stump(rules: RuleSet) -> dict[str, Any]:
    """OneR's rules as a one-level tree (JSON)."""
    attributes = {c.attribute for r in rules.rules for c in r.conditions}
    if len(attributes) != 1:
        return {"label": _label_json(rules.default)}
    branches = {}
    for rule in rules.rules:
        key = " and ".join(
            c.value_text() if c.op == "=" else f"{c.op} {c.value_text()}" for c in rule.conditions
        )
        branches[key] = {"label": _label_json(rule.label)}
    return {"attribute": attributes.pop(), "branches": branches}


# -- the commands ---------------------------------------------------------------------


def _command(algorithm: str, summary: str, example: str) -> click.Command:
    def run(**given: Any) -> int:
        return _run(algorithm, given)

    run.__doc__ = f"{summary}\n\nExample: {example}"
    command: Callable[..., Any] = run
    command = _evaluation_options(command)
    if algorithm == "one-r":
        command = click.option(
            "--min-bucket",
            type=click.IntRange(min=1),
            default=None,
            help="Continuous attributes: least majority-class examples per interval [default: 6].",
        )(command)
    else:
        command = _tree_options(algorithm)(command)
    command = _input_options(command)
    return click.command(algorithm)(command)


id3_command = _command(
    "id3",
    "ID3: a decision tree by information gain, printed as rules.",
    "symlearn learn id3 kb/playtennis.pl --target playtennis/4",
)
c45_command = _command(
    "c45",
    "C4.5: gain ratio, continuous thresholds, missing values, rule post-pruning.",
    "symlearn learn c45 kb/golf.pl --target golf/4",
)
cart_command = _command(
    "cart",
    "CART: a binary decision tree by Gini impurity.",
    "symlearn learn cart kb/house_votes.pl --target party/16",
)
one_r_command = _command(
    "one-r",
    "OneR: the rules of the single best attribute.",
    "symlearn learn one-r kb/lenses.pl --target lenses/4",
)
