"""``symlearn check`` and ``symlearn query``."""

from __future__ import annotations

import sys

import click

from symlearn.cli.common import emit, files_argument, json_option
from symlearn.engine import Engine
from symlearn.kb import load
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var

__all__ = ["check", "format_solution", "query"]


@click.command()
@files_argument
@json_option
def check(files: tuple[str, ...], as_json: bool) -> int:
    """Parse and validate FILE...; print what the knowledge base holds."""
    kb = load(files)
    summary = kb.summary()
    payload = {"files": list(files), "ok": True, **summary}
    labels = {
        "facts": "facts",
        "rules": "rules",
        "predicates": "predicates with clauses",
        "positive_examples": "positive examples",
        "negative_examples": "negative examples",
        "labelled_examples": "labelled examples",
        "instances": "unlabelled instances",
        "modes": "mode declarations",
        "determinations": "determinations",
        "probabilistic_clauses": "probabilistic clauses",
        "evidence": "evidence",
        "queries": "queries",
        "tabled": "tabled predicates",
    }
    lines = [f"{', '.join(files)}: ok"]
    lines += [f"  {summary[key]:>8}  {label}" for key, label in labels.items() if summary[key]]
    if kb.attributes:
        for target, names in kb.attributes.items():
            lines.append(f"  attributes of {target}: {', '.join(names)}")
    emit(as_json, payload, lines)
    return 0


def _answer_names(values: dict[str, Term]) -> dict[Var, str]:
    """Name the unbound variables of an answer as SWI's toplevel does: ``_`` or ``_A``."""
    counts: dict[Var, int] = {}
    for value in values.values():
        stack = [value]
        while stack:
            t = stack.pop()
            if type(t) is Var:
                counts[t] = counts.get(t, 0) + 1
            elif type(t) is Struct:
                stack.extend(t.args)
    names: dict[Var, str] = {}
    letters = 0
    for var, n in counts.items():
        if n == 1:
            names[var] = "_"
        else:
            names[var] = (
                "_" + chr(ord("A") + letters % 26) + (str(letters // 26) if letters >= 26 else "")
            )
            letters += 1
    return names


def format_solution(values: dict[str, Term]) -> dict[str, str]:
    """The bindings of one solution as text, variable name -> term, as SWI's toplevel shows them.

    A query variable left unbound is written by its own name and not listed
    (``X = f(Y, Y)``, not ``Y = _A``); other unbound variables are ``_`` or
    ``_A``, ``_B`` ... when they occur more than once.
    """
    groups: dict[Var, list[str]] = {}
    for name, value in values.items():
        if type(value) is Var:
            groups.setdefault(value, []).append(name)
    # SWI names an unbound value after the last query variable that has it.
    names = {**_answer_names(values), **{var: group[-1] for var, group in groups.items()}}
    shown: dict[str, str] = {}
    for name, value in values.items():
        if type(value) is Var:
            group = groups[value]
            position = group.index(name)
            if position + 1 < len(group):
                shown[name] = group[position + 1]  # X = Y, Y = Z for aliases
            continue
        shown[name] = format_term(value, names, 699)
    return shown


@click.command()
@files_argument
@click.argument("goal", nargs=1)
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Stop after N solutions.")
@click.option("--fail-empty", is_flag=True, help="Exit with status 1 when there is no solution.")
@click.option(
    "--max-depth",
    type=click.IntRange(min=1),
    default=1_000_000,
    show_default=True,
    help="Deepest call nesting before giving up.",
)
@click.option(
    "--max-steps",
    type=click.IntRange(min=1),
    default=None,
    help="Most predicate calls before giving up.",
)
@click.option(
    "--unknown",
    type=click.Choice(["error", "fail"]),
    default="error",
    show_default=True,
    help="What calling an undefined predicate does.",
)
@json_option
def query(
    files: tuple[str, ...],
    goal: str,
    limit: int | None,
    fail_empty: bool,
    max_depth: int,
    max_steps: int | None,
    unknown: str,
    as_json: bool,
) -> int:
    """Print all solutions of the Prolog GOAL against FILE...

    Example: symlearn query kb/family.pl "grandparent(X, carl)"
    """
    kb = load(files)
    term, variables = parse_term_with_variables(goal, "<goal>")
    engine = Engine(
        kb,
        max_depth=max_depth,
        max_steps=max_steps,
        unknown=unknown,
        output=None if as_json else sys.stdout,
    )
    shown = {name: var for name, var in variables.items() if not name.startswith("_")}
    solutions = []
    for solution in engine.solve(term, limit):
        solutions.append(format_solution({name: solution[var] for name, var in shown.items()}))
    payload = {"query": goal, "solutions": solutions, "count": len(solutions)}
    if not solutions:
        text = ["false."]
    elif not shown:
        text = ["true."] if len(solutions) == 1 else [f"true ({len(solutions)} solutions)."]
    else:
        text = [", ".join(f"{name} = {value}" for name, value in s.items()) for s in solutions]
        text.append(f"{len(solutions)} solution{'s' if len(solutions) != 1 else ''}.")
    emit(as_json, payload, text)
    return 1 if fail_empty and not solutions else 0
