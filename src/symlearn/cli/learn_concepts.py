"""``symlearn learn find-s|list-then-eliminate|candidate-elimination|elimination``.

Concept learners over attribute-value examples (DESIGN.md sections 2 and 3):

- ``find-s``: the most specific conjunction covering the positives;
- ``list-then-eliminate``: lists H and removes inconsistent hypotheses
  (refuses a space larger than ``--limit``);
- ``candidate-elimination``: the version space as its boundaries S and G;
- ``elimination``: a conjunction of literals over boolean attributes (``--k K``
  above 1 learns k-CNF by eliminating disjunctions).

Each prints the hypothesis as clauses (``false`` for the empty hypothesis),
and with ``--json`` one object with ``algorithm``, ``target``, ``hypothesis``
and, for version spaces, ``S``, ``G``, ``version_space_size``, ``trace``
(``version_space`` with ``--enumerate``, ``classification`` with
``--classify ATOM``, ``query`` with ``--suggest-query``).  A hypothesis is a
list of clause texts, so a boundary is a list of such lists.  The file's
``instance/1`` examples are classified under ``classifications``.

When no hypothesis in H is consistent with the examples, the version-space
learners say which example emptied S or G (with its file position), print
what they had, and exit with status 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
from symlearn.data.attribute_value import AttributeValueData, instance_from_atom
from symlearn.errors import VersionSpaceCollapsedError
from symlearn.hypotheses.conjunction import Conjunction
from symlearn.hypotheses.version_space import Classification, Query
from symlearn.kb import load, parse_term
from symlearn.learners.concepts.examples import example_text
from symlearn.learning.attribute_data import from_kb
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = [
    "candidate_elimination_command",
    "elimination_command",
    "find_s_command",
    "list_then_eliminate_command",
]

# -- shared pieces ----------------------------------------------------------------


def _output_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False),
        default=None,
        help="Write the hypothesis to this .pl file (SWI-Prolog can consult it).",
    )(command)


def _classify_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--classify",
        "classify_atom",
        default=None,
        metavar="ATOM",
        help="Classify a new instance, e.g. 'enjoysport(sunny, warm, high, strong, cool, same)'.",
    )(command)


def _load(
    files: tuple[str, ...], target: tuple[str, int], verbose: int
) -> tuple[AttributeValueData, str]:
    kb = load(files)
    name, arity = target
    data = from_kb(kb, name, arity)
    if verbose and kb.defines(name, arity):
        count = len(kb.predicate(name, arity).clauses)
        click.echo(
            f"% set aside the {count} clause(s) of {name}/{arity} in the files: "
            "a learner never uses the target's own clauses",
            err=True,
        )
    return data, f"{name}/{arity}"


def _instance(data: AttributeValueData, text: str) -> tuple[Term, ...]:
    return instance_from_atom(data, parse_term(text, "<--classify>"))


def _where(data: AttributeValueData, index: int | None) -> dict[str, Any]:
    position = data.positions[index] if index is not None and index < len(data.positions) else None
    if position is None:
        return {"path": None, "line": None, "column": None}
    return {"path": position.path, "line": position.line, "column": position.column}


def _located(data: AttributeValueData, index: int | None, message: str) -> str:
    where = _where(data, index)
    if where["path"] is None:
        return message
    return f"{where['path']}:{where['line']}:{where['column']}: {message}"


def _write(
    path: str,
    indicator: str,
    algorithm: str,
    files: tuple[str, ...],
    clauses: Sequence[str],
    notes: Sequence[str] = (),
) -> None:
    """Write clauses SWI-Prolog can consult (``dynamic`` keeps an empty hypothesis callable)."""
    names = " ".join(Path(f).name for f in files)
    lines = [f"% {indicator} learnt by symlearn learn {algorithm} from {names}."]
    lines += [f"% {note}" for note in notes]
    lines.append(f":- dynamic {indicator}.")
    real = [c for c in clauses if c != "false"]
    if not real:
        lines.append("% the empty hypothesis: no instance is positive")
    lines += real
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def _hypothesis_texts(hypotheses: Sequence[Conjunction], target: str) -> list[list[str]]:
    return [h.clause_texts(target) for h in hypotheses]


def _boundary_lines(name: str, hypotheses: Sequence[Conjunction], target: str) -> list[str]:
    lines = [f"{name} ({len(hypotheses)}):"]
    for h in hypotheses:
        lines.append(f"  {h.clause_texts(target)[0]:<50} % {h}")
    return lines


def _classification_line(c: Classification) -> str:
    atom = c.to_dict()["instance"]
    total = c.positive_votes + c.negative_votes
    return (
        f"{atom}: {c.label} ({c.positive_votes} of {total} hypotheses vote positive, "
        f"ratio {c.ratio})"
    )


def _query_line(q: Query | None) -> str:
    if q is None:
        return "query: no instance splits the version space (it has at most one hypothesis)"
    total = q.positive_votes + q.negative_votes
    best = "" if q.exact else " (best found by hill-climbing)"
    return (
        f"query: {q.to_dict()['instance']} splits the {total} hypotheses "
        f"{q.positive_votes}/{q.negative_votes}{best}"
    )


def _misclassified_lines(
    data: AttributeValueData, indices: Sequence[int], shown: int = 10
) -> list[str]:
    """Comment lines naming the misclassified examples (the first ``shown`` of them)."""
    lines = [
        "% " + _located(data, i, f"{data.example_text(i)} is misclassified")
        for i in indices[:shown]
    ]
    if len(indices) > shown:
        lines.append(f"% ... and {len(indices) - shown} more misclassified examples")
    return lines


def _simple_classification(
    data: AttributeValueData, x: Sequence[Term], covered: bool
) -> dict[str, Any]:
    """The classification by one hypothesis: the instance atom and pos or neg."""
    return {"instance": format_term(data.atom(x)), "label": "pos" if covered else "neg"}


# -- find-s -------------------------------------------------------------------------


@click.command("find-s")
@files_argument
@target_option()
@_classify_option
@_output_option
@verbose_option
@json_option
def find_s_command(
    files: tuple[str, ...],
    target: tuple[str, int],
    classify_atom: str | None,
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """Find-S: the most specific conjunction covering the positive examples.

    Example: symlearn learn find-s kb/enjoysport.pl --target enjoysport/6
    """
    from symlearn.learners.concepts.examples import conjunction_examples
    from symlearn.learners.concepts.find_s import find_s

    data, indicator = _load(files, target, verbose)
    space, examples = conjunction_examples(data, "find-s")
    result = find_s(examples, space.arity, terminal_progress())
    h = result.hypothesis
    clauses = h.clause_texts(space.target)
    payload: dict[str, Any] = {
        "algorithm": "find-s",
        "target": indicator,
        "hypothesis": clauses,
        "constraints": h.to_dict()["constraints"],
        "consistent": result.consistent,
        "misclassified": [example_text(space.target, *examples[i]) for i in result.misclassified],
        "trace": [
            {
                "example": example_text(space.target, step.instance, step.label),
                "hypothesis": step.hypothesis.clause_texts(space.target),
            }
            for step in result.trace
        ],
    }
    lines = [*clauses, f"% {h}"]
    lines += _misclassified_lines(data, result.misclassified)
    if not result.consistent:
        lines.append("% so no conjunction in H is consistent with the examples")
    extra = [_instance(data, classify_atom)] if classify_atom else []
    if classify_atom:
        payload["classification"] = _simple_classification(data, extra[0], h.covers(extra[0]))
        lines.append(
            f"{payload['classification']['instance']}: {payload['classification']['label']}"
        )
    if data.unlabelled:
        payload["classifications"] = [
            _simple_classification(data, x, h.covers(x)) for x in data.unlabelled
        ]
        lines += [f"{c['instance']}: {c['label']}" for c in payload["classifications"]]
    if verbose:
        for step in result.trace:
            click.echo(
                f"{step.index + 1}. {example_text(space.target, step.instance, step.label)} -> "
                f"{step.hypothesis}",
                err=True,
            )
    if output is not None:
        _write(output, indicator, "find-s", files, clauses, [str(h)])
        payload["output"] = output
    emit(as_json, payload, lines)
    return 0


# -- version spaces -----------------------------------------------------------------


def _version_space_payload(
    algorithm: str,
    indicator: str,
    target: str,
    S: Sequence[Conjunction],
    G: Sequence[Conjunction],
    size: int,
    trace: list[dict[str, Any]],
) -> dict[str, Any]:
    # The hypothesis written out is S's member: it says pos exactly when the whole
    # version space does (Mitchell 1997, section 2.6.3).
    hypothesis = S[0].clause_texts(target) if len(S) == 1 else []
    return {
        "algorithm": algorithm,
        "target": indicator,
        "hypothesis": hypothesis,
        "S": _hypothesis_texts(S, target),
        "G": _hypothesis_texts(G, target),
        "S_constraints": [h.to_dict()["constraints"] for h in S],
        "G_constraints": [h.to_dict()["constraints"] for h in G],
        "version_space_size": size,
        "trace": trace,
    }


def _trace_entry(target: str, instance: Sequence[Term], label: bool, S: Any, G: Any) -> dict:
    return {
        "example": example_text(target, instance, label),
        "S": _hypothesis_texts(S, target),
        "G": _hypothesis_texts(G, target),
    }


def _echo_trace(trace: list[dict[str, Any]]) -> None:
    for k, entry in enumerate(trace, 1):
        click.echo(f"{k}. {entry['example']}", err=True)
        click.echo(f"   S: {' | '.join(' '.join(h) for h in entry['S']) or '(empty)'}", err=True)
        click.echo(f"   G: {' | '.join(' '.join(h) for h in entry['G']) or '(empty)'}", err=True)


def _collapsed(
    data: AttributeValueData,
    error: VersionSpaceCollapsedError,
    payload: dict[str, Any],
    as_json: bool,
) -> int:
    message = _located(data, error.index, str(error))
    payload["collapsed"] = {
        "message": str(error),
        "example": error.example,
        "index": error.index,
        **_where(data, error.index),
    }
    payload["hypothesis"] = []
    if as_json:
        emit(True, payload, [])
    else:
        click.echo(message, err=True)
    return 1


def _finish_version_space(
    payload: dict[str, Any],
    lines: list[str],
    classify: Callable[[Sequence[Term]], Classification],
    query: Callable[[], Query | None] | None,
    data: AttributeValueData,
    classify_atom: str | None,
) -> None:
    if classify_atom:
        c = classify(_instance(data, classify_atom))
        payload["classification"] = c.to_dict()
        lines.append(_classification_line(c))
    if data.unlabelled:
        found = [classify(x) for x in data.unlabelled]
        payload["classifications"] = [c.to_dict() for c in found]
        lines += [_classification_line(c) for c in found]
    if query is not None:
        q = query()
        payload["query"] = q.to_dict() if q is not None else None
        lines.append(_query_line(q))


@click.command("candidate-elimination")
@files_argument
@target_option()
@_classify_option
@click.option("--suggest-query", is_flag=True, help="Suggest the instance to ask about next.")
@click.option(
    "--enumerate", "enumerate_", is_flag=True, help="List every hypothesis of the version space."
)
@_output_option
@verbose_option
@json_option
def candidate_elimination_command(
    files: tuple[str, ...],
    target: tuple[str, int],
    classify_atom: str | None,
    suggest_query: bool,
    enumerate_: bool,
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """Candidate-Elimination: the version space of conjunctions as its boundaries S and G.

    Example: symlearn learn candidate-elimination kb/enjoysport.pl --target enjoysport/6
    """
    from symlearn.learners.concepts.candidate_elimination import CandidateElimination
    from symlearn.learners.concepts.examples import conjunction_examples

    data, indicator = _load(files, target, verbose)
    space, examples = conjunction_examples(data, "candidate-elimination")
    learner = CandidateElimination(space)
    try:
        learner.fit(examples, terminal_progress())
    except VersionSpaceCollapsedError as error:
        trace = [_trace_entry(space.target, t.instance, t.label, t.S, t.G) for t in learner.trace]
        payload = _version_space_payload(
            "candidate-elimination", indicator, space.target, learner.S, learner.G, 0, trace
        )
        if verbose:
            _echo_trace(trace)
        return _collapsed(data, error, payload, as_json)
    trace = [_trace_entry(space.target, t.instance, t.label, t.S, t.G) for t in learner.trace]
    vs = learner.version_space
    size = vs.size()
    payload = _version_space_payload(
        "candidate-elimination", indicator, space.target, learner.S, learner.G, size, trace
    )
    lines = _boundary_lines("S", learner.S, space.target)
    lines += _boundary_lines("G", learner.G, space.target)
    lines.append(f"version space: {size} hypothes{'is' if size == 1 else 'es'}")
    if enumerate_:
        members = list(vs.hypotheses())
        payload["version_space"] = _hypothesis_texts(members, space.target)
        lines += [f"  {h}" for h in members]
    _finish_version_space(
        payload,
        lines,
        learner.classify,
        learner.suggest_query if suggest_query else None,
        data,
        classify_atom,
    )
    if verbose:
        _echo_trace(trace)
    if output is not None:
        notes = [f"S: {' '.join(map(str, learner.S))}", f"G: {' '.join(map(str, learner.G))}"]
        _write(output, indicator, "candidate-elimination", files, payload["hypothesis"], notes)
        payload["output"] = output
    emit(as_json, payload, lines)
    return 0


@click.command("list-then-eliminate")
@files_argument
@target_option()
@_classify_option
@click.option("--suggest-query", is_flag=True, help="Suggest the instance to ask about next.")
@click.option(
    "--enumerate", "enumerate_", is_flag=True, help="List every hypothesis of the version space."
)
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=None,
    help="Refuse a hypothesis space with more hypotheses than this (default 200000).",
)
@_output_option
@verbose_option
@json_option
def list_then_eliminate_command(
    files: tuple[str, ...],
    target: tuple[str, int],
    classify_atom: str | None,
    suggest_query: bool,
    enumerate_: bool,
    limit: int | None,
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """List-Then-Eliminate: list every hypothesis of H, drop the inconsistent ones.

    Example: symlearn learn list-then-eliminate kb/enjoysport.pl --target enjoysport/6
    """
    from symlearn.learners.concepts.examples import conjunction_examples
    from symlearn.learners.concepts.list_then_eliminate import DEFAULT_LIMIT, list_then_eliminate

    data, indicator = _load(files, target, verbose)
    space, examples = conjunction_examples(data, "list-then-eliminate")
    try:
        result = list_then_eliminate(
            space, examples, limit or DEFAULT_LIMIT, progress=terminal_progress()
        )
    except VersionSpaceCollapsedError as error:
        payload = _version_space_payload(
            "list-then-eliminate", indicator, space.target, [], [], 0, []
        )
        return _collapsed(data, error, payload, as_json)
    trace = [_trace_entry(space.target, t.instance, t.label, t.S, t.G) for t in result.trace]
    for entry, step in zip(trace, result.trace):
        entry["remaining"] = step.remaining
    size = len(result.version_space)
    payload = _version_space_payload(
        "list-then-eliminate", indicator, space.target, result.S, result.G, size, trace
    )
    payload["hypothesis_space_size"] = space.size
    lines = _boundary_lines("S", result.S, space.target)
    lines += _boundary_lines("G", result.G, space.target)
    lines.append(f"version space: {size} of the {space.size} hypotheses of H")
    if enumerate_:
        payload["version_space"] = _hypothesis_texts(result.version_space, space.target)
        lines += [f"  {h}" for h in result.version_space]
    _finish_version_space(
        payload,
        lines,
        result.classify,
        result.suggest_query if suggest_query else None,
        data,
        classify_atom,
    )
    if verbose:
        _echo_trace(trace)
    if output is not None:
        _write(output, indicator, "list-then-eliminate", files, payload["hypothesis"])
        payload["output"] = output
    emit(as_json, payload, lines)
    return 0


# -- elimination (boolean conjunctions, k-CNF) ----------------------------------------


@click.command("elimination")
@files_argument
@target_option()
@click.option(
    "--k",
    "k",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="1: a conjunction of literals; K > 1: a K-CNF (disjunctions of up to K literals).",
)
@_classify_option
@_output_option
@verbose_option
@json_option
def elimination_command(
    files: tuple[str, ...],
    target: tuple[str, int],
    k: int,
    classify_atom: str | None,
    output: str | None,
    verbose: int,
    as_json: bool,
) -> int:
    """The elimination algorithm: a conjunction of literals over boolean attributes.

    Attributes must be two-valued (1/0, true/false, yes/no, y/n, t/f).  With
    --k K above 1 it learns a K-CNF by eliminating disjunctions.

    Example: symlearn learn elimination kb/votes.pl --target democrat/16
    """
    from symlearn.learners.concepts.elimination import eliminate
    from symlearn.learners.concepts.examples import boolean_examples
    from symlearn.learners.concepts.kcnf_elimination import learn_kcnf

    data, indicator = _load(files, target, verbose)
    n, examples, values = boolean_examples(data, "elimination")
    names = [a.name for a in data.attributes]
    progress = terminal_progress()
    if k == 1:
        result = eliminate(examples, n, progress)
        h: Any = result.hypothesis
        misclassified, family = result.misclassified, "boolean_conjunction"
    else:
        kresult = learn_kcnf(examples, n, k, progress=progress)
        h, misclassified, family = kresult.hypothesis, kresult.misclassified, "kcnf"
    clauses = h.clause_texts(data.target, values)
    payload: dict[str, Any] = {
        "algorithm": "elimination",
        "target": indicator,
        "k": k,
        "family": family,
        "hypothesis": clauses,
        "formula": str(h.to_sympy(names)),
        "latex": h.to_latex(names),
        "consistent": not misclassified,
        "misclassified": [example_text(data.target, *_raw(data, i)) for i in misclassified],
    }
    if k == 1:
        payload["trace"] = [
            {
                "example": example_text(data.target, data.instances[s.index], s.label),
                "eliminated": [_literal_text(lit, names) for lit in s.removed],
            }
            for s in result.trace
        ]
    lines = [*clauses, f"% {h.to_sympy(names)}"]
    lines += _misclassified_lines(data, misclassified)
    classify_bits: list[tuple[Sequence[Term], bool]] = []
    if classify_atom:
        x = _instance(data, classify_atom)
        classify_bits.append((x, h.covers([v == pair[0] for v, pair in zip(x, values)])))
        payload["classification"] = _simple_classification(data, *classify_bits[0])
        lines.append(
            f"{payload['classification']['instance']}: {payload['classification']['label']}"
        )
    if data.unlabelled:
        payload["classifications"] = [
            _simple_classification(data, x, h.covers([v == p[0] for v, p in zip(x, values)]))
            for x in data.unlabelled
        ]
        lines += [f"{c['instance']}: {c['label']}" for c in payload["classifications"]]
    if verbose and k == 1:
        for entry in payload["trace"]:
            gone = ", ".join(entry["eliminated"]) or "nothing"
            click.echo(f"{entry['example']}: eliminated {gone}", err=True)
    if output is not None:
        _write(output, indicator, "elimination", files, clauses, [str(h.to_sympy(names))])
        payload["output"] = output
    emit(as_json, payload, lines)
    return 0


def _raw(data: AttributeValueData, index: int) -> tuple[tuple[Term, ...], bool]:
    return data.instances[index], bool(data.labels[index])


def _literal_text(literal: tuple[int, bool], names: Sequence[str]) -> str:
    from symlearn.hypotheses.boolean_conjunction import format_literal

    return format_literal(literal, names)
