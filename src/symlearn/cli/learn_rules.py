"""``symlearn learn foil`` and ``symlearn learn sequential-covering``: rule learners.

Both print the learnt clauses (DESIGN.md section 2), take ``--json`` for the
DESIGN.md section 3 keys (``algorithm``, ``target``, ``hypothesis``,
``clauses``, ``metrics``), ``-o FILE.pl`` to write the clauses as a file
SWI-Prolog can consult, ``-v`` to show the search on stderr as it goes, and
show progress on a terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from symlearn.cli.common import (
    emit,
    files_argument,
    json_option,
    target_option,
    terminal_progress,
    verbose_option,
)

__all__ = ["foil_command", "sequential_covering_command"]


def _tracer(verbose: int):  # type: ignore[no-untyped-def]
    """A trace callback printing messages up to level ``verbose`` on stderr (None: silent)."""
    if not verbose:
        return None

    def trace(level: int, message: str) -> None:
        if level <= verbose:
            click.echo(message, err=True)

    return trace


def _test_metrics(theory: Any, kb: Any, test_files: tuple[str, ...]) -> dict[str, Any]:
    """Accuracy of ``theory`` on the pos/neg examples of ``test_files``, through the engine."""
    from symlearn.kb import load

    test = load(test_files)
    name, arity = theory.target
    positives = test.positives(name, arity)
    negatives = test.negatives(name, arity)
    from symlearn.learning.program import LearnedProgram

    answers = LearnedProgram.from_theory(theory, kb).covers(positives + negatives)
    tp = sum(answers[: len(positives)])
    fp = sum(answers[len(positives) :])
    total = len(positives) + len(negatives)
    return {
        "test_accuracy": (tp + len(negatives) - fp) / total if total else None,
        "test_examples": total,
        "test_confusion_matrix": {
            "tp": tp,
            "fn": len(positives) - tp,
            "fp": fp,
            "tn": len(negatives) - fp,
        },
    }


@click.command("foil")
@files_argument
@target_option()
@click.option(
    "--closed-world/--no-closed-world",
    default=None,
    help="Negatives are the unlisted tuples of the typed argument domains "
    "(default: the file's set(closed_world, ...), else off).",
)
@click.option(
    "--max-negatives",
    type=click.IntRange(min=0),
    default=None,
    help="Cap on closed-world negatives (default 10000; a random sample above it).",
)
@click.option(
    "--clause-length",
    type=click.IntRange(min=1),
    default=None,
    help="Most literals in a clause, head included (default: set(clauselength, N), else 6).",
)
@click.option(
    "--mdl/--no-mdl",
    default=None,
    help="Stop a clause when it costs more bits than the positives it covers (default on).",
)
@click.option(
    "--min-accuracy",
    type=click.FloatRange(0, 1),
    default=None,
    help="Least accuracy of a clause that still covers negatives (default 0.85).",
)
@click.option("--negation/--no-negation", default=None, help="Consider negated literals.")
@click.option("--equality/--no-equality", default=None, help="Consider X = Y literals.")
@click.option("--recursion/--no-recursion", default=None, help="Consider the target itself.")
@click.option("--seed", type=int, default=None, help="Seed for sampling closed-world negatives.")
@click.option(
    "--test",
    "test_files",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="Held-out pos/neg examples to report test accuracy on (repeatable).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the theory to this .pl file.",
)
@verbose_option
@json_option
def foil_command(
    files: tuple[str, ...],
    target: tuple[str, int],
    closed_world: bool | None,
    max_negatives: int | None,
    clause_length: int | None,
    mdl: bool | None,
    min_accuracy: float | None,
    negation: bool | None,
    equality: bool | None,
    recursion: bool | None,
    seed: int | None,
    test_files: tuple[str, ...],
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """Learn Horn clauses for the target with FOIL (Foil_Gain, sequential covering).

    Example: symlearn learn foil kb/family.pl --target grandparent/2
    """
    from symlearn.ilp.foil import FoilSettings, foil
    from symlearn.kb import load

    kb = load(files)
    settings = FoilSettings.from_kb(
        kb,
        closed_world=closed_world,
        max_negatives=max_negatives,
        clause_length=clause_length,
        mdl=mdl,
        min_accuracy=min_accuracy,
        negation=negation,
        equality=equality,
        recursion=recursion,
        seed=seed,
    )
    result = foil(kb, target, settings, trace=_tracer(verbose), progress=terminal_progress())
    payload: dict[str, Any] = {"algorithm": "foil", **result.to_dict()}
    if test_files:
        payload["metrics"].update(_test_metrics(result.theory, kb, test_files))
    if output is not None:
        result.theory.write(output, _header("foil", files, result.theory.indicator))
        payload["output"] = output
    metrics = payload["metrics"]
    lines = [str(result.theory)]
    lines.append(
        f"% covers {result.covered_positives}/{result.positives} positive and "
        f"{result.covered_negatives}/{result.negatives} negative training examples"
    )
    if result.closed_world is not None:
        lines.append(f"% {result.closed_world.describe()}")
    if "test_accuracy" in metrics and metrics["test_accuracy"] is not None:
        accuracy, count = metrics["test_accuracy"], metrics["test_examples"]
        lines.append(f"% test accuracy {accuracy:.4f} on {count} examples")
    if output is not None:
        lines.append(f"% written to {output}")
    emit(as_json, payload, lines)
    return 0


def _header(algorithm: str, files: tuple[str, ...], indicator: str) -> list[str]:
    names = " ".join(Path(f).name for f in files)
    return [
        f"{indicator} learnt by symlearn learn {algorithm} from {names}.",
        "Consult it after the background knowledge (without the target's own clauses).",
    ]


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
