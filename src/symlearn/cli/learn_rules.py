"""``symlearn learn foil``: Horn clauses by FOIL.

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
    files_argument,
    json_option,
    target_option,
    terminal_progress,
    verbose_option,
)

__all__ = ["foil_command"]


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
