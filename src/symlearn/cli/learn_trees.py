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
from pathlib import Path
from typing import Any

import click

from symlearn.cli.common import emit, json_option, target_option, terminal_progress, verbose_option
from symlearn.data.attribute_value import AttributeValueData
from symlearn.errors import InvalidParameterError
from symlearn.hypotheses.rule_set import label_text
from symlearn.kb import KnowledgeBase, load
from symlearn.learners.trees.runs import (
    ALGORITHMS,
    DEFAULT_MEASURE,
    Learned,
    Settings,
    classifications,
    cross_validation_metrics,
    holdout_metrics,
    learn,
    merge_settings,
    root_measures,
    stump_dict,
)
from symlearn.learning.attribute_data import from_kb

__all__ = [
    "c45_command",
    "cart_command",
    "id3_command",
    "load_attribute_data",
    "one_r_command",
]

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
    from symlearn.render import write_graph
    from symlearn.render.trees import rule_set_graph, tree_graph

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
    settings = merge_settings(algorithm, kb, data, given)
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
    report = root_measures(settings, train)
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
        payload["tree"] = stump_dict(learned.rules)
    if learned.pruning:
        payload["pruning"] = learned.pruning
    metrics = holdout_metrics(learned.model, train, test, given["confidence"])
    if given.get("cv"):
        metrics.update(
            cross_validation_metrics(
                settings,
                data,
                given["cv"],
                given.get("compare"),
                given["confidence"],
                terminal_progress(),
            )
        )
    payload["metrics"] = metrics
    payload["classifications"] = classifications(learned, data, given["classify_atoms"])
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
