"""``symlearn bound NAME [--PARAM VALUE]... [--solve-for VAR] [--latex] [--json]``.

Derive a learning-theory bound symbolically (every step checked with sympy),
evaluate it and, with ``--solve-for``, turn it around.  ``symlearn bound
--list`` prints every bound and its parameters.  ``hypothesis-space-size`` and
``vc-dimension`` take ``--class NAME --n N`` or knowledge-base FILEs that
declare an attribute-value target (DESIGN.md section 3).
"""

from __future__ import annotations

from typing import Any

import click
import sympy as sp

from symlearn.cli.common import TargetType, echo_json, emit, json_option
from symlearn.errors import InvalidParameterError

__all__ = ["bound"]

#: Options that are values of a bound's variables (command-line name = variable name).
VALUE_OPTIONS = (
    "H",
    "epsilon",
    "delta",
    "m",
    "n",
    "vc",
    "mistakes",
    "k",
    "beta",
    "R",
    "gamma",
    "r",
)

_HELP = {
    "H": "size |H| of a finite hypothesis space",
    "epsilon": "accuracy, in (0, 1)",
    "delta": "confidence, in (0, 1)",
    "m": "number of training examples (when solving for something else)",
    "n": "number of boolean attributes (predictors for weighted-majority; grid side for "
    "vc-dimension)",
    "vc": "VC dimension",
    "mistakes": "number of mistakes (when solving a mistake bound for something else)",
    "k": "mistakes of the best predictor (weighted-majority); k of k-CNF/k-DNF for --class",
    "beta": "weight factor of weighted majority, in (0, 1)",
    "R": "radius of the instances (perceptron)",
    "gamma": "margin (perceptron)",
    "r": "relevant variables (winnow); dimension for --class linear-separators",
}


def _list_table(as_json: bool) -> None:
    from symlearn.bounds.catalogue import bound_table
    from symlearn.bounds.sizes import SIZE_CLASSES
    from symlearn.bounds.vc import KNOWN_VC_DIMENSIONS

    rows = bound_table()
    if as_json:
        echo_json(
            {
                "bounds": [
                    {"name": n, "parameters": p, "gives": g, "summary": s} for n, p, g, s in rows
                ],
                "classes": {
                    "hypothesis-space-size": {k: c.summary for k, c in SIZE_CLASSES.items()},
                    "vc-dimension": {k: c.summary for k, c in KNOWN_VC_DIMENSIONS.items()},
                },
            }
        )
        return
    header = ("bound", "parameters", "gives", "what it is")
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(3)]
    lines = [
        "  ".join(str(cell).ljust(width) for cell, width in zip(row[:3], widths)) + "  " + row[3]
        for row in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths) + "  " + "-" * 10)
    lines += [
        "",
        "Every bound also takes --solve-for VAR (any of its variables, given the others,",
        "--m or --mistakes included), --latex and --json.  pac, occam and agnostic accept",
        "--class NAME --n N instead of --H.",
        "",
        "hypothesis-space-size classes: " + ", ".join(SIZE_CLASSES),
        "vc-dimension classes: " + ", ".join(KNOWN_VC_DIMENSIONS),
        "Both also read FILE...: an attribute-value target declared with attributes/2.",
    ]
    click.echo("\n".join(lines))


def _domains(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        sizes = [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise InvalidParameterError(f"--domains must be sizes like 3,2,2, not {text!r}") from None
    if not sizes or min(sizes) < 1:
        raise InvalidParameterError("--domains needs at least one size, each at least 1")
    return sizes


def _whole(name: str, text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise InvalidParameterError(f"--{name} must be a whole number, got {text!r}") from None


def _size(options: dict[str, Any], files: tuple[str, ...], target: Any, as_json: bool) -> None:
    from symlearn.bounds.sizes import hypothesis_space_size

    if files:
        from symlearn.bounds.kb_space import attribute_space

        result = attribute_space(files, target).size(options["convention"] or "semantic")
    else:
        if options["class"] is None:
            raise InvalidParameterError("hypothesis-space-size needs --class NAME or a FILE")
        result = hypothesis_space_size(
            options["class"],
            _whole("n", options["n"]),
            k=_whole("k", options["k"]),
            d=_whole("d", options["d"]),
            values=_whole("values", options["values"]),
            domains=_domains(options["domains"]),
            convention=options["convention"],
        )
    data = result.to_dict()
    text = [
        f"|H| of {result.hypothesis_class} ({result.convention}): {result.formula}",
        f"size = {result.size}" if result.size is not None else "(give --n for a number)",
    ]
    if options["latex"] and not as_json:
        text = [data["latex"]]
    emit(as_json, data, text)


def _vc(options: dict[str, Any], files: tuple[str, ...], target: Any, as_json: bool) -> None:
    if files:
        from symlearn.bounds.kb_space import attribute_space

        result = attribute_space(files, target).vc_dimension()
    else:
        from symlearn.bounds.vc import class_vc_dimension

        if options["class"] is None or options["n"] is None:
            raise InvalidParameterError("vc-dimension needs --class NAME --n N, or a FILE")
        r = _whole("r", options["r"])
        result = class_vc_dimension(options["class"], _whole("n", options["n"]) or 0, r or 2)
    data = result.to_dict()
    text = [
        f"VC dimension = {result.dimension}"
        + (f" (known result: {result.formula})" if result.formula is not None else ""),
        "shattered set: " + ", ".join(str(x) for x in data["shattered_set"]),
        result.certificate(),
    ]
    emit(as_json, data, text)


def _derived(name: str, options: dict[str, Any], as_json: bool) -> None:
    from symlearn.bounds.catalogue import derive

    with_class = options["class"] is not None
    bound_ = derive(
        name,
        options["class"],
        k=_whole("k", options["k"]) if with_class else None,
        d=_whole("d", options["d"]),
        values=_whole("values", options["values"]),
        domains=_domains(options["domains"]),
        convention=options["convention"],
    )
    values = {
        key: options[key]
        for key in VALUE_OPTIONS
        if options[key] is not None and not (with_class and key == "k")
    }
    solve_for = options["solve_for"]
    result = bound_.solve_for(solve_for, values) if solve_for else bound_.evaluate(values)
    data = result.to_dict()
    if options["latex"] and not as_json:
        click.echo(result.derivation.latex())
        click.echo(sp.latex(result.relation))
        return
    emit(as_json, data, result.lines())


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("name", required=False)
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--list", "list_bounds", is_flag=True, help="List every bound and its parameters.")
@click.option("--H", "H", help=_HELP["H"])
@click.option("--epsilon", help=_HELP["epsilon"])
@click.option("--delta", help=_HELP["delta"])
@click.option("--m", "m", help=_HELP["m"])
@click.option("--n", "n", help=_HELP["n"])
@click.option("--vc", help=_HELP["vc"])
@click.option("--mistakes", help=_HELP["mistakes"])
@click.option("--k", "k", help=_HELP["k"])
@click.option("--beta", help=_HELP["beta"])
@click.option("--R", "R", help=_HELP["R"])
@click.option("--gamma", help=_HELP["gamma"])
@click.option("--r", "r", help=_HELP["r"])
@click.option("--class", "hypothesis_class", help="A hypothesis class (see --list).")
@click.option("--d", "d", help="Depth, for --class decision-trees.")
@click.option("--values", help="Values per attribute, for --class attribute-conjunctions.")
@click.option("--domains", help="Domain sizes such as 3,2,2,2,2,2 (attribute-conjunctions).")
@click.option("--convention", help="Counting convention of the class (see the docs).")
@click.option("--target", type=TargetType(), help="The attribute-value target of the FILEs.")
@click.option("--solve-for", "solve_for", help="Solve the bound for this variable.")
@click.option("--latex", is_flag=True, help="Print the derivation as LaTeX.")
@json_option
def bound(
    name: str | None,
    files: tuple[str, ...],
    list_bounds: bool,
    hypothesis_class: str | None,
    target: Any,
    as_json: bool,
    **options: Any,
) -> None:
    """Derive a learning-theory bound, evaluate it, or solve it for one variable.

    \b
    Examples:
      symlearn bound pac --H 973 --epsilon 0.1 --delta 0.05
      symlearn bound pac --class conjunctions --n 10 --epsilon 0.1 --delta 0.05
      symlearn bound pac --H 973 --m 100 --delta 0.05 --solve-for epsilon
      symlearn bound vc-dimension --class rectangles --n 4
      symlearn bound --list
    """  # noqa: D301 - click's \b keeps the example lines as written
    if list_bounds:
        _list_table(as_json)
        return
    if name is None:
        raise click.UsageError("give a bound NAME, or --list to see them all")
    options["class"] = hypothesis_class
    if name == "hypothesis-space-size":
        _size(options, files, target, as_json)
    elif name == "vc-dimension":
        _vc(options, files, target, as_json)
    else:
        if files:
            raise click.UsageError(f"bound {name} takes no FILE (got {' '.join(files)})")
        _derived(name, options, as_json)
