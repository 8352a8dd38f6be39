"""``symlearn lattice FILE... --target NAME/ARITY [--space version|hypothesis] -o OUT``.

Draws the generality lattice (Hasse diagram) of the version space left by the
file's pos/neg examples, or of the whole hypothesis space H with that version
space marked.  The output's suffix picks the format: ``.dot``, ``.svg``,
``.png`` (graphviz when installed, else the pure-Python renderer; choose with
``--renderer``) or ``.json`` (node-link: ``nodes``, ``edges``, ``S``, ``G``).
``--json`` prints that same object on stdout.  A lattice with more than
``--max-nodes`` hypotheses is refused with its size.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from symlearn.cli.common import emit, files_argument, json_option, target_option
from symlearn.errors import InvalidParameterError, VersionSpaceCollapsedError

__all__ = ["lattice"]


@click.command()
@files_argument
@target_option()
@click.option(
    "--space",
    type=click.Choice(["version", "hypothesis"]),
    default="version",
    show_default=True,
    help="Draw the version space, or the whole hypothesis space with the version space marked.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to write the lattice: .svg, .png, .dot or .json.",
)
@click.option(
    "--max-nodes",
    type=click.IntRange(min=1),
    default=None,
    help="Refuse lattices with more hypotheses than this (default 200).",
)
@click.option(
    "--renderer",
    type=click.Choice(["auto", "graphviz", "python"]),
    default="auto",
    show_default=True,
    help="Who draws .svg/.png: graphviz's dot when installed (auto), or pure Python.",
)
@json_option
def lattice(
    files: tuple[str, ...],
    target: tuple[str, int],
    space: str,
    output: str | None,
    max_nodes: int | None,
    renderer: str,
    as_json: bool,
) -> int:
    """Draw the generality lattice of a version space or of the whole hypothesis space.

    Example: symlearn lattice kb/enjoysport.pl --target enjoysport/6 -o vs.png
    """
    from symlearn.kb import load
    from symlearn.lattice import (
        DEFAULT_MAX_NODES,
        hypothesis_space_lattice,
        lattice_spec,
        lattice_to_json,
        version_space_lattice,
    )
    from symlearn.learners.concepts.candidate_elimination import CandidateElimination
    from symlearn.learners.concepts.examples import conjunction_examples
    from symlearn.learning.attribute_data import from_kb
    from symlearn.render import FORMATS, write_graph

    if output is None and not as_json:
        raise click.UsageError("give -o OUT.{svg,png,dot,json} or --json")
    suffix = Path(output).suffix.lower() if output else ""
    if output is not None and suffix not in (*FORMATS, ".json"):
        raise InvalidParameterError(f"cannot write {output}: use a .svg, .png, .dot or .json file")
    name, arity = target
    data = from_kb(load(files), name, arity)
    hypothesis_space, examples = conjunction_examples(data, "lattice")
    learner = CandidateElimination(hypothesis_space, keep_trace=False)
    try:
        learner.fit(examples)
    except VersionSpaceCollapsedError as error:
        if space == "version":
            raise click.ClickException(f"{error}; there is no version space to draw") from error
    limit = max_nodes or DEFAULT_MAX_NODES
    if space == "version":
        graph = version_space_lattice(learner.version_space, limit)
    else:
        vs = None if learner.version_space.is_collapsed else learner.version_space
        graph = hypothesis_space_lattice(hypothesis_space, vs, limit)
    payload: dict[str, Any] = lattice_to_json(graph)
    lines = [
        f"{payload['kind']} lattice of {name}/{arity}: {len(payload['nodes'])} hypotheses, "
        f"{len(payload['edges'])} edges, |S| = {len(payload['S'])}, |G| = {len(payload['G'])}"
    ]
    if output is not None:
        if suffix == ".json":
            Path(output).write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
            used = "json"
        else:
            used = write_graph(lattice_spec(graph), output, renderer)
        payload["output"] = output
        payload["renderer"] = used
        lines.append(f"written to {output}" + (f" ({used})" if used != "json" else ""))
    emit(as_json, payload, lines)
    return 0
