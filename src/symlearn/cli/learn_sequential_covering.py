"""``symlearn learn sequential-covering``: attribute-value rules by sequential covering.

It prints the learnt clauses, takes ``--json`` for the learn keys
(``algorithm``, ``target``, ``hypothesis``, ``clauses``, ``metrics``),
``-o FILE.pl`` to write the clauses as a file SWI-Prolog can consult, ``-v``
to show the search on stderr as it goes, and shows progress on a terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from symlearn.cli.common import (
    emit,
    json_option,
    target_option,
    terminal_progress,
    verbose_option,
)

__all__ = ["sequential_covering_command"]


def _tracer(verbose: int):  # type: ignore[no-untyped-def]
    """A trace callback printing messages up to level ``verbose`` on stderr (None: silent)."""
    if not verbose:
        return None

    def trace(level: int, message: str) -> None:
        if level <= verbose:
            click.echo(message, err=True)

    return trace


@click.command("sequential-covering")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@target_option(required=False)
@click.option(
    "--csv", "csv_path", type=click.Path(dir_okay=False), help="Read a CSV file instead."
)
@click.option("--class-column", help="The CSV column holding the class.")
@click.option(
    "--positive",
    "positive_value",
    default=None,
    help="CSV: make a boolean target, this class value positive and the others negative.",
)
@click.option(
    "--class",
    "class_value",
    default=None,
    help="Learn rules for this class only (default-negative rule set).",
)
@click.option(
    "--ordered/--unordered",
    default=None,
    help="A CN2-style ordered list (default for multi-class data) or a rule set.",
)
@click.option(
    "--measure",
    type=click.Choice(["relative-frequency", "m-estimate", "entropy"]),
    default=None,
    help="Rule performance measure (default: relative frequency of the class for a rule "
    "set, entropy for an ordered list).",
)
@click.option(
    "--beam", type=click.IntRange(min=1), default=5, show_default=True, help="Beam width k."
)
@click.option(
    "--m",
    "m_value",
    type=click.FloatRange(min=0),
    default=2.0,
    show_default=True,
    help="The m-estimate's m.",
)
@click.option(
    "--threshold", type=float, default=None, help="Stop when the best rule scores no more."
)
@click.option(
    "--min-covered",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Fewest examples a rule may match.",
)
@click.option(
    "--prune",
    "prune_fraction",
    type=click.FloatRange(0, 0.9),
    default=0.0,
    show_default=True,
    help="Hold out this fraction to post-prune preconditions.",
)
@click.option(
    "--test-fraction",
    type=click.FloatRange(0, 0.9),
    default=0.0,
    show_default=True,
    help="Hold out this fraction (stratified) and report test accuracy.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for the splits.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the rules to this .pl file.",
)
@verbose_option
@json_option
def sequential_covering_command(
    files: tuple[str, ...],
    target: tuple[str, int] | None,
    csv_path: str | None,
    class_column: str | None,
    positive_value: str | None,
    class_value: str | None,
    ordered: bool | None,
    measure: str | None,
    beam: int,
    m_value: float,
    threshold: float | None,
    min_covered: int,
    prune_fraction: float,
    test_fraction: float,
    seed: int,
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """Learn rules by sequential covering (learn-one-rule beam search; CN2 lists).

    Example: symlearn learn sequential-covering kb/playtennis.pl --target playtennis/4
    """
    from symlearn.learners.rules.sequential_covering import sequential_covering

    data = _attribute_data(files, target, csv_path, class_column, positive_value)
    train, test = _holdout(data, test_fraction, seed)
    result = sequential_covering(
        train,
        target_class=_class_label(train, class_value),
        ordered=ordered,
        measure=measure,
        beam=beam,
        m=m_value,
        threshold=threshold,
        min_covered=min_covered,
        prune_fraction=prune_fraction,
        seed=seed,
        trace=_tracer(verbose),
        progress=terminal_progress(),
    )
    rule_set = result.rule_set
    payload: dict[str, Any] = {
        "algorithm": "sequential-covering",
        "target": f"{train.target}/{train.arity}",
        "hypothesis": rule_set.clause_strings() or ["false"],
        "clauses": result.clauses(train),
        "rules": rule_set.to_text(),
        "metrics": _rule_metrics(rule_set, train, test),
        **{k: v for k, v in result.to_dict().items() if k not in ("clauses", "rules")},
    }
    if output is not None:
        _write_rules(output, payload["hypothesis"], "sequential-covering", files or (csv_path,))
        payload["output"] = output
    lines = list(payload["hypothesis"])
    lines += [f"% {line}" for line in rule_set.to_text()]
    metrics = payload["metrics"]
    lines.append(f"% training accuracy {metrics['train_accuracy']:.4f}")
    if metrics.get("test_accuracy") is not None:
        accuracy, count = metrics["test_accuracy"], metrics["test_examples"]
        lines.append(f"% test accuracy {accuracy:.4f} on {count} examples")
    emit(as_json, payload, lines)
    return 0


def _attribute_data(
    files: tuple[str, ...],
    target: tuple[str, int] | None,
    csv_path: str | None,
    class_column: str | None,
    positive_value: str | None,
) -> Any:
    from symlearn.errors import InvalidParameterError

    if csv_path is not None:
        if files:
            raise click.UsageError("give FILE... or --csv, not both")
        if not class_column:
            raise click.UsageError("--csv needs --class-column")
        from symlearn.data.tabular import from_csv

        return from_csv(
            csv_path,
            class_column,
            target=target[0] if target else None,
            positive=_typed(positive_value),
        )
    if not files:
        raise click.UsageError("give FILE... (with --target) or --csv FILE --class-column NAME")
    if target is None:
        raise click.UsageError("--target NAME/ARITY is required with FILE...")
    from symlearn.kb import load
    from symlearn.learning.attribute_data import from_kb

    if positive_value is not None:
        raise InvalidParameterError("--positive applies to --csv input only")
    return from_kb(load(files), *target)


def _typed(value: str | None) -> Any:
    """A command-line class value as the CSV reader reads it (numbers stay numbers)."""
    if value is None:
        return None
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


def _class_label(data: Any, value: str | None) -> Any:
    if value is None:
        return None
    from symlearn.errors import InvalidParameterError
    from symlearn.hypotheses.rule_set import label_text

    for label in data.classes:
        if label_text(label) == value or (type(label) is not bool and str(label) == value):
            return label
    raise InvalidParameterError(
        f"{value} is not a class of {data.target} "
        f"(classes: {', '.join(label_text(c) for c in data.classes)})"
    )


def _holdout(data: Any, fraction: float, seed: int) -> tuple[Any, Any]:
    if not fraction:
        return data, None
    from symlearn.evaluation.splits import subset, train_test_split

    train, test = train_test_split(list(data.labels), test_fraction=fraction, seed=seed)
    return subset(data, train), subset(data, test)


def _rule_metrics(rule_set: Any, train: Any, test: Any) -> dict[str, Any]:
    from symlearn.evaluation.metrics import confusion_matrix
    from symlearn.hypotheses.rule_set import label_text

    metrics: dict[str, Any] = {}
    for name, data in (("train", train), ("test", test)):
        if data is None:
            continue
        predicted = rule_set.predict(data.instances)
        matrix = confusion_matrix(list(data.labels), predicted, list(data.classes))
        metrics[f"{name}_accuracy"] = matrix.accuracy
        metrics[f"{name}_examples"] = len(data.labels)
        metrics[f"{name}_confusion_matrix"] = matrix.to_dict([label_text(c) for c in data.classes])
    if "train_confusion_matrix" in metrics:
        metrics["confusion_matrix"] = metrics["train_confusion_matrix"]
    return metrics


def _write_rules(path: str, clauses: list[str], algorithm: str, sources: tuple[Any, ...]) -> None:
    names = " ".join(Path(str(f)).name for f in sources if f)
    text = [f"% Rules learnt by symlearn learn {algorithm} from {names}."]
    text += [c for c in clauses if c != "false"]
    Path(path).write_text("\n".join(text) + "\n", encoding="utf-8")
