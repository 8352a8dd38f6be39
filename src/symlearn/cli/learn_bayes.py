"""``symlearn learn naive-bayes|bayes-net FILE... --target NAME/ARITY``: Bayesian learners.

``bayes-net`` learns a belief network over the attributes and the class
(structure by BIC/MDL hill climbing unless ``--structure`` gives it, CPTs
directly or by EM when values are missing) and prints it as ProbLog clauses.

``naive-bayes`` is the naive Bayes classifier.

Prints the estimated probabilities P(t) and P(x_i | t) (exact fractions with
their decimal values), and for each instance to classify (``--classify ATOM``,
else the file's ``instance/1`` examples) the score ``P(t) prod_i P(x_i | t)``
of each class, the normalised posterior and the label.  ``-o nb.pl`` writes
the classifier as a ProbLog program (a belief network with the class as the
parent of every attribute) that ``symlearn infer`` answers the same way;
``.bif``, ``.svg``, ``.png`` and ``.dot`` write the network too.

JSON keys: ``algorithm``, ``target``, ``hypothesis`` (the ProbLog clauses),
``priors``, ``conditionals``, ``scores``, ``posterior`` and ``label`` (of the
first instance classified), ``classifications`` (all of them), ``metrics``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import click

from symlearn.bayes.bif import read_bif, write_bif
from symlearn.bayes.data import Dataset
from symlearn.bayes.drawing import network_spec
from symlearn.bayes.learning import learn_network
from symlearn.bayes.naive_bayes import NaiveBayes, class_name, naive_bayes
from symlearn.bayes.network import BayesianNetwork
from symlearn.bayes.parameters import ESTIMATORS
from symlearn.bayes.problog_format import format_problog
from symlearn.bayes.program import compile_program
from symlearn.cli.common import (
    emit,
    files_argument,
    json_option,
    target_option,
    terminal_progress,
    verbose_option,
)
from symlearn.data.attribute_value import AttributeValueData, Label, instance_from_atom
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.cross_validation import cross_validate, holdout
from symlearn.evaluation.metrics import ConfusionMatrix
from symlearn.kb import load, parse_term
from symlearn.learning.attribute_data import from_kb
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = ["bayes_net_command", "naive_bayes_command"]

_OUTPUTS = (".pl", ".bif", ".svg", ".png", ".dot")


def _number(value: Fraction | float) -> str:
    """A probability for people: the exact fraction and 4 significant digits."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{value} = {float(value):.4g}"
    return f"{value:.4g}"


def _exact(value: Fraction | float) -> str | float:
    return str(value) if isinstance(value, Fraction) else value


def _data(
    files: tuple[str, ...], target: tuple[str, int] | None, verbose: int
) -> AttributeValueData:
    kb = load(files)
    if target is None:
        candidates = kb.targets()
        if len(candidates) != 1:
            listed = ", ".join(f"{n}/{a}" for n, a in candidates) or "none"
            raise click.UsageError(f"give --target NAME/ARITY (the examples are of: {listed})")
        target = candidates[0]
    name, arity = target
    if verbose and kb.defines(name, arity):
        click.echo(
            f"% set aside the clauses of {name}/{arity} in the files: a learner never uses "
            "the target's own clauses",
            err=True,
        )
    return from_kb(kb, name, arity)


def _classification(
    model: NaiveBayes, data: AttributeValueData, instance: tuple[Term, ...]
) -> dict[str, Any]:
    scores = model.scores(instance)
    return {
        "instance": format_term(data.atom(instance)),
        "scores": {c: float(s) for c, s in scores.items()},
        "scores_exact": {c: _exact(s) for c, s in scores.items()},
        "posterior": model.posterior(instance),
        "label": class_name(model.classify(instance)),
    }


def _confusion(confusion: ConfusionMatrix) -> dict[str, Any]:
    """The confusion matrix as JSON, classes named as in the rest of the output."""
    return confusion.to_dict([class_name(cast(Label, c)) for c in confusion.classes])


def _metrics(
    model: NaiveBayes,
    data: AttributeValueData,
    tests: tuple[str, ...],
    cv: int | None,
    seed: int,
    m: str,
    laplace: bool,
) -> dict[str, Any]:
    names = [class_name(c) for c in data.classes]
    train = holdout(model, data, data)
    metrics: dict[str, Any] = {
        "train_accuracy": train.accuracy,
        "train_examples": train.n,
        "confusion_matrix": _confusion(train.confusion),
    }
    if tests:
        test_data = from_kb(load(tests), data.target, data.arity)
        result = holdout(model, data, test_data)
        metrics["test_accuracy"] = result.accuracy
        metrics["test_examples"] = result.n
        metrics["test_confusion_matrix"] = _confusion(result.confusion)
    if cv is not None:
        folds = cross_validate(lambda d: naive_bayes(d, m, laplace), data, k=cv, seed=seed)
        metrics["cross_validation"] = folds.to_dict(names)
    return metrics


def _text(
    model: NaiveBayes,
    m: str,
    laplace: bool,
    classifications: list[dict[str, Any]],
    metrics: dict[str, Any],
    data: AttributeValueData,
) -> list[str]:
    estimate = "Laplace estimates, m = number of values" if laplace else f"m-estimate, m = {m}"
    lines = [
        f"% naive Bayes for {model.target}/{len(model.attributes)} "
        f"from {len(data.labels)} examples ({estimate}; exact fractions, decimals to 4 digits)",
        "P(t):",
    ]
    for c, p in zip(model.classes, model.priors):
        lines.append(f"  {class_name(c)}: {_number(p)}")
    for attribute, table in zip(model.attributes, model.conditionals):
        lines.append(f"P({attribute.name} | t):")
        for c in model.classes:
            entry = table[c]
            if hasattr(entry, "mean"):
                lines.append(
                    f"  {class_name(c)}: normal(mean {entry.mean:.4g}, std {entry.std:.4g})"
                )
            else:
                shown = ", ".join(f"{format_term(v)} {_number(p)}" for v, p in entry.items())
                lines.append(f"  {class_name(c)}: {shown}")
    for item in classifications:
        lines.append(f"{item['instance']}:")
        for c, score in item["scores_exact"].items():
            value = Fraction(score) if isinstance(score, str) else score
            lines.append(f"  {c}: score {_number(value)}, posterior {item['posterior'][c]:.4g}")
        lines.append(f"  label: {item['label']}")
    accuracy, count = metrics["train_accuracy"], metrics["train_examples"]
    lines.append(f"% training accuracy {accuracy:.4f} on {count} examples")
    if "test_accuracy" in metrics:
        accuracy, count = metrics["test_accuracy"], metrics["test_examples"]
        lines.append(f"% test accuracy {accuracy:.4f} on {count} examples")
    if "cross_validation" in metrics:
        folds = metrics["cross_validation"]
        lines.append(f"% {folds['k']}-fold cross-validation accuracy {folds['accuracy']:.4f}")
    return lines


def _write_network(path: str, network: BayesianNetwork, header: str) -> None:
    """Write a network as ProbLog (.pl), BIF (.bif) or a picture (.svg, .png, .dot)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".pl":
        Path(path).write_text(format_problog(network, header=header), encoding="utf-8")
    elif suffix == ".bif":
        write_bif(network, path)
    else:
        from symlearn.render import write_graph

        write_graph(network_spec(network, title=header), path)


def _check_output(output: str | None) -> None:
    if output is not None and Path(output).suffix.lower() not in _OUTPUTS:
        raise click.BadParameter(
            f"the suffix must be one of {', '.join(_OUTPUTS)}", param_hint="-o"
        )


def _learnt_from(files: tuple[str, ...]) -> str:
    return " ".join(Path(f).name for f in files)


@click.command("naive-bayes")
@files_argument
@target_option(required=False)
@click.option(
    "--m",
    "m",
    default="0",
    show_default=True,
    metavar="M",
    help="Equivalent sample size of the m-estimate (0: relative frequencies).",
)
@click.option(
    "--laplace", is_flag=True, help="Laplace estimates: m = number of values, uniform p."
)
@click.option(
    "--classify",
    "classify",
    multiple=True,
    metavar="ATOM",
    help="An instance to classify (repeatable); default: the file's instance/1.",
)
@click.option(
    "--test",
    "tests",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="A file of test examples of the target (repeatable).",
)
@click.option("--cv", type=click.IntRange(min=2), default=None, help="k-fold cross-validation.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for the folds.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the classifier as a network: .pl (ProbLog), .bif, .svg, .png, .dot.",
)
@verbose_option
@json_option
def naive_bayes_command(
    files: tuple[str, ...],
    target: tuple[str, int] | None,
    m: str,
    laplace: bool,
    classify: tuple[str, ...],
    tests: tuple[str, ...],
    cv: int | None,
    seed: int,
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """Naive Bayes with m-estimates: probabilities, and the score of each class of an instance.

    Example: symlearn learn naive-bayes kb/playtennis.pl --target playtennis/4
    """
    if output is not None and Path(output).suffix.lower() not in _OUTPUTS:
        raise click.BadParameter(
            f"the suffix must be one of {', '.join(_OUTPUTS)}", param_hint="-o"
        )
    try:
        Fraction(m)
    except ValueError:
        raise click.BadParameter(f"{m!r} is not a number", param_hint="--m") from None
    data = _data(files, target, verbose)
    model = naive_bayes(data, m, laplace)
    instances = [instance_from_atom(data, parse_term(text, "<--classify>")) for text in classify]
    if not instances:
        instances = list(data.unlabelled)
    classifications = [_classification(model, data, instance) for instance in instances]
    metrics = _metrics(model, data, tests, cv, seed, m, laplace)
    discrete = not any(a.continuous for a in model.attributes)
    hypothesis = format_problog(model.to_network()).splitlines() if discrete else []
    if output is not None:
        if not discrete:
            raise InvalidParameterError(
                "only a classifier over discrete attributes can be written"
            )
        _write_network(
            output,
            model.to_network(),
            f"naive Bayes for {model.target} learnt by symlearn learn naive-bayes "
            f"from {_learnt_from(files)}",
        )
    payload: dict[str, Any] = {
        "algorithm": "naive-bayes",
        "target": f"{data.target}/{data.arity}",
        "hypothesis": hypothesis,
        **model.to_dict(),
        "classifications": classifications,
        "metrics": metrics,
    }
    if classifications:
        first = classifications[0]
        payload.update(
            {"scores": first["scores"], "posterior": first["posterior"], "label": first["label"]}
        )
    if output is not None:
        payload["output"] = output
    lines = _text(model, m, laplace, classifications, metrics, data)
    if output is not None:
        lines.append(f"% wrote {output}")
    emit(as_json, payload, lines)
    return 0


@click.command("bayes-net")
@files_argument
@target_option(required=False)
@click.option(
    "--structure",
    "structure_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Keep the graph of this network (.pl ProbLog or .bif); searched for when not given.",
)
@click.option(
    "--estimator",
    type=click.Choice(ESTIMATORS),
    default="ml",
    show_default=True,
    help="How CPTs are estimated.",
)
@click.option("--m", "m", type=float, default=1.0, show_default=True, help="m of the m-estimate.")
@click.option("--max-parents", type=click.IntRange(min=0), default=None, help="Parent limit.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for EM's random start.")
@click.option(
    "--max-iterations",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="EM iterations at most.",
)
@click.option(
    "--tolerance",
    type=float,
    default=1e-8,
    show_default=True,
    help="EM stops when the log-likelihood grows by less.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the network: .pl (ProbLog), .bif, .svg, .png, .dot.",
)
@verbose_option
@json_option
def bayes_net_command(
    files: tuple[str, ...],
    target: tuple[str, int] | None,
    structure_file: str | None,
    estimator: str,
    m: float,
    max_parents: int | None,
    seed: int,
    max_iterations: int,
    tolerance: float,
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """Learn a belief network over the attributes and the class of FILE...'s examples.

    The structure is searched by hill climbing on BIC/MDL from no edges (over
    the complete examples) unless --structure gives it; CPTs are estimated
    directly, or by EM when values are missing ('?').

    Example: symlearn learn bayes-net kb/house_votes.pl --max-parents 2 -o votes.svg
    """
    _check_output(output)
    data = _data(files, target, verbose)
    dataset = Dataset.from_attribute_values(data)
    structure = None
    if structure_file is not None:
        if structure_file.endswith((".bif", ".bif.gz")):
            structure = read_bif(structure_file)
        else:
            structure = compile_program(load([structure_file]), []).network
    learned = learn_network(
        dataset,
        structure,
        estimator,
        m,
        max_parents,
        seed,
        max_iterations,
        tolerance,
        terminal_progress(),
    )
    header = (
        f"belief network learnt by symlearn learn bayes-net from {_learnt_from(files)}"
        f" ({estimator})"
    )
    hypothesis = format_problog(learned.network).splitlines()
    if output is not None:
        _write_network(output, learned.network, header)
    payload: dict[str, Any] = {
        "algorithm": "bayes-net",
        "target": f"{data.target}/{data.arity}",
        "hypothesis": hypothesis,
        "examples": len(dataset),
        **learned.to_dict(),
    }
    lines = [f"% {header}", f"% {len(dataset)} examples, {learned.complete_examples} complete"]
    edges = sorted(learned.network.graph.edges)
    lines.append("% edges: " + (", ".join(f"{a} -> {b}" for a, b in edges) or "none"))
    if learned.structure is not None:
        lines.append(
            f"% BIC {learned.structure.bic:.4f}, MDL {learned.structure.mdl:.2f} bits, "
            f"{len(learned.structure.moves)} moves"
        )
    if learned.em is not None:
        em = learned.em
        lines.append(
            f"% EM: {em.iterations} iterations, log-likelihood {em.log_likelihoods[0]:.4f} -> "
            f"{em.log_likelihoods[-1]:.4f}" + ("" if em.converged else " (not converged)")
        )
    lines.extend(hypothesis)
    if output is not None:
        payload["output"] = output
        lines.append(f"% wrote {output}")
    emit(as_json, payload, lines)
    return 0
