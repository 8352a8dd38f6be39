"""``symlearn infer FILE...``: probabilities of query atoms given evidence.

The ProbLog-syntax clauses of FILE... are compiled to a Bayesian network
(:func:`symlearn.bayes.compile_program`); a ``.bif`` (or ``.bif.gz``) file is
read as a network whose variables have atoms such as ``history`` and
``cvp(low)``.  Queries and evidence come from ``--query`` and ``--evidence``,
else from the file's ``query/1`` and ``evidence/2``; with no query at all,
every atom is reported.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import click

from symlearn.bayes.bif import read_bif, write_bif
from symlearn.bayes.drawing import network_spec
from symlearn.bayes.inference import METHODS, AtomProbabilities, program_from_network
from symlearn.bayes.inference import infer as run_inference
from symlearn.bayes.problog_format import write_problog
from symlearn.bayes.program import ProbLogNetwork, compile_program
from symlearn.cli.common import emit, files_argument, json_option, verbose_option
from symlearn.errors import InvalidParameterError
from symlearn.kb import load, parse_term
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = ["infer"]

_PICTURES = (".svg", ".png", ".dot")
_OUTPUTS = (*_PICTURES, ".bif", ".pl")


def _evidence_option(text: str) -> tuple[Term, bool]:
    atom_text, separator, value = text.rpartition("=")
    if not separator or value.strip() not in ("true", "false"):
        raise click.BadParameter(
            f"{text!r} is not ATOM=true or ATOM=false", param_hint="--evidence"
        )
    return parse_term(atom_text.strip(), "<--evidence>"), value.strip() == "true"


def _is_bif(path: str) -> bool:
    return path.endswith(".bif") or path.endswith(".bif.gz")


def _program(
    files: tuple[str, ...], queries: list[Term] | None, evidence: list[tuple[Term, bool]] | None
) -> ProbLogNetwork:
    """The compiled program of the files (or the BIF network) with its queries and evidence."""
    if any(_is_bif(f) for f in files):
        if len(files) != 1:
            raise click.UsageError("give a .bif file on its own")
        return program_from_network(read_bif(files[0]), queries or (), evidence or ())
    kb = load(files)
    program = compile_program(kb, queries, evidence)
    if not program.queries:
        program = dataclasses.replace(program, queries=tuple(program.atoms()))
    return program


def _write_output(path: str, program: ProbLogNetwork, answer: AtomProbabilities) -> None:
    suffix = "".join(Path(path).suffixes[-1:]).lower()
    network = program.network
    if suffix == ".bif":
        write_bif(network, path)
    elif suffix == ".pl":
        write_problog(
            network, path, program.queries, program.evidence, "written by symlearn infer"
        )
    elif suffix in _PICTURES:
        from symlearn.render import write_graph

        observed = program.evidence_states()
        asked = set(answer.result.marginals) - set(observed)
        write_graph(network_spec(network, answer.result.marginals, observed, asked), path)
    else:
        raise InvalidParameterError(
            f"cannot write {path}: the suffix must be one of {', '.join(_OUTPUTS)}"
        )


def _text(answer: AtomProbabilities, verbose: int) -> list[str]:
    evidence = ", ".join(
        format_term(a) if v else f"\\+{format_term(a)}" for a, v in answer.evidence
    )
    lines = [f"% method: {answer.method}" + (f"; evidence: {evidence}" if evidence else "")]
    width = max((len(format_term(a)) for a in answer.probabilities), default=0)
    for atom, p in answer.probabilities.items():
        line = f"{format_term(atom) + ':':<{width + 1}} {p:.10g}"
        if answer.standard_errors is not None:
            line += f"  (standard error {answer.standard_errors[atom]:.2g})"
        lines.append(line)
    details = answer.result.details
    if "samples" in details:
        lines.append(f"% {details['samples']} samples, seed {details['seed']}")
    for warning in details.get("warnings", ()):
        lines.append(f"% warning: {warning}")
    if verbose and answer.result.evidence_probability is not None:
        lines.append(f"% P(evidence) = {answer.result.evidence_probability:.10g}")
    return lines


@click.command()
@files_argument
@click.option("--query", "queries", multiple=True, help="An atom to ask about (repeatable).")
@click.option(
    "--evidence", "evidence", multiple=True, help="ATOM=true or ATOM=false (repeatable)."
)
@click.option(
    "--method",
    type=click.Choice(METHODS),
    default="exact",
    show_default=True,
    help="Inference method.",
)
@click.option(
    "--ordering",
    type=click.Choice(["min-fill", "min-degree"]),
    default="min-fill",
    show_default=True,
    help="Elimination ordering for the exact method.",
)
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    default=10000,
    show_default=True,
    help="Samples for the sampling methods.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed for sampling.")
@click.option(
    "--chains",
    type=click.IntRange(min=2),
    default=16,
    show_default=True,
    help="Gibbs chains run side by side.",
)
@click.option(
    "--burn-in",
    type=click.IntRange(min=0),
    default=200,
    show_default=True,
    help="Gibbs sweeps discarded per chain.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the network: .svg/.png/.dot picture, .bif, or .pl (ProbLog).",
)
@verbose_option
@json_option
def infer(
    files: tuple[str, ...],
    queries: tuple[str, ...],
    evidence: tuple[str, ...],
    method: str,
    ordering: str,
    samples: int,
    seed: int,
    chains: int,
    burn_in: int,
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """Probabilities of query atoms given evidence, over the ProbLog clauses of FILE...

    Example: symlearn infer kb/alarm.pl --query burglary --evidence johncalls=true
    """
    if output is not None and not output.lower().endswith(_OUTPUTS):
        raise click.BadParameter(
            f"the suffix must be one of {', '.join(_OUTPUTS)}", param_hint="-o"
        )
    query_terms = [parse_term(q, "<--query>") for q in queries] or None
    evidence_pairs = [_evidence_option(e) for e in evidence] or None
    program = _program(files, query_terms, evidence_pairs)
    answer = run_inference(program, method, ordering, samples, seed, chains, burn_in)
    if output is not None:
        _write_output(output, program, answer)
    payload: dict[str, Any] = answer.to_dict()
    network = program.network
    payload["network"] = {
        "variables": list(network.variables),
        "edges": [list(e) for e in network.graph.edges],
    }
    payload["cpts"] = network.to_dict()["cpts"]
    if output is not None:
        payload["output"] = output
    lines = _text(answer, verbose)
    if output is not None:
        lines.append(f"% wrote {output}")
    emit(as_json, payload, lines)
    return 0
