"""``symlearn learn inverse-resolution`` and ``symlearn learn progol``.

Both print the learnt clauses as SWI-Prolog's ``portray_clause/1`` does;
``--json`` prints DESIGN.md's learn object (``algorithm``, ``target``,
``hypothesis``, ``clauses``) plus ``derivation`` (inverse resolution: one
derivation tree per clause) or ``bottom_clause`` (Progol: the first seed's
most specific clause); ``-o FILE.pl`` writes the theory as a file SWI-Prolog
can consult after the background knowledge; ``-v`` explains on stderr.
"""

from __future__ import annotations

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
from symlearn.hypotheses.theory import Theory
from symlearn.ilp.inverse_resolution import CigolSettings, cigol
from symlearn.ilp.progol import EVALFNS, ProgolSettings, progol
from symlearn.kb import KnowledgeBase, load
from symlearn.logic.indicators import Indicator

__all__ = ["inverse_resolution", "progol_command"]


def _output_option(command: Any) -> Any:
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, writable=True),
        default=None,
        help="Write the learnt theory to this .pl file.",
    )(command)


def _indicator(target: Indicator) -> str:
    return f"{target[0]}/{target[1]}"


def _explain_set_aside(kb: KnowledgeBase, target: Indicator, verbose: int) -> None:
    own = kb.predicates.get(target)
    if verbose and own is not None and own.clauses:
        click.echo(
            f"% the knowledge base's own {len(own.clauses)} clause(s) for "
            f"{_indicator(target)} are set aside (they are what is learnt)",
            err=True,
        )


def _write(theory: Theory, output: str | None, algorithm: str, files: tuple[str, ...]) -> None:
    if output is not None:
        theory.write(
            output,
            header=[f"Learnt by symlearn learn {algorithm} from {', '.join(files)}"],
        )


@click.command("inverse-resolution")
@files_argument
@target_option()
@click.option(
    "--depth", type=click.IntRange(min=1), default=None, help="Inverse resolution steps."
)
@click.option("--beam", type=click.IntRange(min=1), default=None, help="Candidates kept per step.")
@click.option("--noise", type=click.IntRange(min=0), default=None, help="Negatives allowed.")
@_output_option
@json_option
@verbose_option
def inverse_resolution(
    files: tuple[str, ...],
    target: Indicator,
    depth: int | None,
    beam: int | None,
    noise: int | None,
    output: str | None,
    as_json: bool,
    verbose: int,
) -> int:
    """Learn TARGET by inverse resolution (CIGOL-style), printing each derivation tree.

    Example: symlearn learn inverse-resolution kb/grandchild.pl --target grandchild/2
    """
    kb = load(files)
    settings = CigolSettings.from_kb(kb, depth=depth, beam=beam, noise=noise)
    _explain_set_aside(kb, target, verbose)
    result = cigol(kb, target, settings, progress=terminal_progress())
    _write(result.theory, output, "inverse-resolution", files)
    payload = {"algorithm": "inverse-resolution", "target": _indicator(target), **result.to_dict()}
    text = [str(result.theory), ""]
    for number, learnt in enumerate(result.clauses, start=1):
        text.append(
            f"% clause {number}: {learnt.positives} positive, {learnt.negatives} negative, "
            f"compression {learnt.compression}; derivation:"
        )
        text.extend("%   " + line for line in learnt.derivation.lines())
    if verbose:
        click.echo(
            f"% {result.candidates} candidate clauses evaluated; background: "
            + ", ".join(_indicator(p) for p in result.background),
            err=True,
        )
    emit(as_json, payload, text)
    return 0


@click.command("progol")
@files_argument
@target_option()
@click.option("--clauselength", type=click.IntRange(min=1), default=None, help="Most literals.")
@click.option("--nodes", type=click.IntRange(min=1), default=None, help="Most clauses searched.")
@click.option("--i", "depth", type=click.IntRange(min=0), default=None, help="Variable depth.")
@click.option("--h", "proof_depth", type=click.IntRange(min=1), default=None, help="Proof depth.")
@click.option("--noise", type=click.IntRange(min=0), default=None, help="Negatives allowed.")
@click.option("--minpos", type=click.IntRange(min=1), default=None, help="Fewest positives.")
@click.option("--evalfn", type=click.Choice(EVALFNS), default=None, help="Clause score.")
@click.option("--posonly", is_flag=True, default=None, help="Learn from positives only.")
@_output_option
@json_option
@verbose_option
def progol_command(
    files: tuple[str, ...],
    target: Indicator,
    clauselength: int | None,
    nodes: int | None,
    depth: int | None,
    proof_depth: int | None,
    noise: int | None,
    minpos: int | None,
    evalfn: str | None,
    posonly: bool | None,
    output: str | None,
    as_json: bool,
    verbose: int,
) -> int:
    """Learn TARGET by Progol-style inverse entailment; -v prints each bottom clause.

    Settings come from the file's ``:- set(Name, Value).`` and are overridden by
    the options.  Example: symlearn learn progol kb/family.pl --target grandparent/2
    """
    kb = load(files)
    settings = ProgolSettings.from_kb(
        kb,
        clauselength=clauselength,
        nodes=nodes,
        i=depth,
        h=proof_depth,
        noise=noise,
        minpos=minpos,
        evalfn=evalfn,
        posonly=posonly,
    )
    _explain_set_aside(kb, target, verbose)
    result = progol(kb, target, settings, progress=terminal_progress())
    _write(result.theory, output, "progol", files)
    if verbose:
        for learnt in result.clauses:
            bottom = learnt.bottom
            click.echo(
                f"% bottom clause of {learnt.to_dict()['seed']} "
                f"({len(bottom)} body literals, {learnt.nodes} nodes searched):",
                err=True,
            )
            click.echo(str(bottom.clause), err=True)
    payload = {"algorithm": "progol", "target": _indicator(target), **result.to_dict()}
    text = [str(result.theory)]
    if verbose:
        text.append("")
        for learnt in result.clauses:
            kind = "example kept as a fact" if learnt.is_example else "clause"
            text.append(
                f"% {kind}: {learnt.positives} positive, {learnt.negatives} negative, "
                f"score {learnt.score:g}"
            )
    emit(as_json, payload, text)
    return 0
