"""``symlearn bound NAME [--PARAM VALUE]... [--solve-for VAR] [--latex] [--json]``.

Derive a learning-theory bound symbolically (every step checked with sympy),
evaluate it and, with ``--solve-for``, turn it around.  ``symlearn bound
--list`` prints every bound and its parameters.  ``hypothesis-space-size`` and
``vc-dimension`` take ``--class NAME --n N`` or knowledge-base FILEs whose
declared attributes and domains are the instance space (no examples needed;
the class is ``--class`` or the files' ``:- set(hypothesis_class, NAME).``).

The command parses its options, calls :func:`symlearn.bounds.compute.bound`
(or :func:`~symlearn.bounds.compute.bound_list`) and prints the result's JSON
or text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from symlearn.bounds.compute import PARAMETERS, bound_list
from symlearn.bounds.compute import bound as compute
from symlearn.cli.common import TargetType, allow_include_option, emit, json_option

__all__ = ["bound"]

F = TypeVar("F", bound=Callable[..., Any])


def parameter_options(command: F) -> F:
    """One option per variable of the bounds: ``--H``, ``--epsilon``, ``--delta`` ..."""
    for name, meaning in reversed(PARAMETERS.items()):
        command = click.option(f"--{name}", name, help=meaning)(command)
    return command


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("name", required=False)
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@allow_include_option
@click.option("--list", "list_bounds", is_flag=True, help="List every bound and its parameters.")
@parameter_options
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
      symlearn bound vc-dimension kb/enjoysport_space.pl
      symlearn bound --list
    """  # noqa: D301 - click's \b keeps the example lines as written
    if list_bounds:
        listed = bound_list()
        emit(as_json, listed.to_dict(), listed.report())
        return
    if name is None:
        raise click.UsageError("give a bound NAME, or --list to see them all")
    latex, solve_for = options.pop("latex"), options.pop("solve_for")
    result = compute(
        name,
        files,
        target=target,
        hypothesis_class=hypothesis_class,
        solve_for=solve_for,
        **options,
    )
    emit(as_json, result.to_dict(), result.report(latex=latex))
