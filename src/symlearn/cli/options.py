"""Command-line options made from a learner's settings, and the shared option groups.

A learner declares its settings once, as a
:class:`~symlearn.learning.settings.Settings` dataclass; :func:`settings_options`
turns each field into a click option (``clause_length`` -> ``--clause-length``,
a bool -> ``--name/--no-name`` (``cli="ordered/unordered"``: ``--ordered/--unordered``)
or a lone ``--name`` flag, choices, ranges,
repeatable options).  Every option defaults to None, which means "not
given": the file's ``set/2`` value or the field's default is used then.

The option groups every learner shares (the input files or a CSV table, the
output file, ``-v`` and ``--json``) are here too, so that no command repeats
them.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from symlearn.cli.common import allow_include_option, json_option, target_option, verbose_option
from symlearn.learning.settings import Option, Settings

__all__ = ["input_options", "output_options", "settings_options"]

F = TypeVar("F", bound=Callable[..., Any])


def _apply(command: F, options: Sequence[Callable[[Any], Any]]) -> F:
    """``command`` with ``options`` applied, the first listed first in ``--help``."""
    for decorate in reversed(options):
        command = decorate(command)
    return command


def _base_type(annotation: Any) -> Any:
    """``X`` for ``X | None``, else the annotation itself."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(annotation) if a is not type(None))
    return annotation


class _Number(click.ParamType):
    """A number as written: ``2`` an int, ``0.5`` or ``1.0`` a float (a count or a fraction)."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, (int, float)):
            return value
        for kind in (int, float):
            try:
                return kind(value)
            except ValueError:
                pass
        self.fail(f"{value!r} is not a number", param, ctx)


def _int_or_float(annotation: Any) -> bool:
    """Whether a field is ``int | float`` (or ``| None``): ``2`` and ``2.0`` mean apart."""
    members = set(typing.get_args(annotation)) - {type(None)}
    return members == {int, float}


def _default_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, tuple):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def _click_type(kind: Any, meta: Option) -> Any:
    if meta.choices is not None:
        return click.Choice(list(meta.choices))
    if kind is int:
        if meta.minimum is None and meta.maximum is None:
            return int
        return click.IntRange(
            None if meta.minimum is None else int(meta.minimum),
            None if meta.maximum is None else int(meta.maximum),
            min_open=meta.open_bounds,
            max_open=meta.open_bounds,
        )
    if kind is float:
        if meta.minimum is None and meta.maximum is None:
            return float
        return click.FloatRange(
            meta.minimum, meta.maximum, min_open=meta.open_bounds, max_open=meta.open_bounds
        )
    return str


def settings_option(name: str, annotation: Any, default: Any, meta: Option) -> Callable[[F], F]:
    """The click option for one settings field (see the module docstring).

    Its ``hidden_aliases`` (Aleph's ``--minpos`` for ``--min-positives``) are
    options of their own that set the same value and stay out of ``--help``;
    its ``refused_aliases`` (Aleph's ``--evalfn`` for ``--measure``) are
    refused with a usage error that names the option.
    """
    flag_name = meta.cli or name.replace("_", "-")
    help_text = meta.help
    if default is not None and not meta.flag and default != ():
        help_text += f" [default: {_default_text(default)}]"
    if meta.key is not None:
        help_text += f" (file: set({meta.key}, ...))"
    kind = _base_type(annotation)
    if kind is bool and not meta.flag:
        on, _, off = flag_name.partition("/")  # cli="ordered/unordered" names both spellings
        decls = [f"--{on}/--{off or 'no-' + on}", *meta.aliases, name]
        return click.option(*decls, default=None, help=help_text)
    kwargs: dict[str, Any]
    if kind is bool:
        kwargs = {"is_flag": True, "default": None}
    elif typing.get_origin(kind) is tuple:
        (item,) = typing.get_args(kind)[:1]
        kwargs = {"multiple": True, "type": _click_type(item, meta), "metavar": meta.metavar}
    else:
        chosen = _Number() if _int_or_float(annotation) else _click_type(kind, meta)
        kwargs = {"type": chosen, "default": None, "metavar": meta.metavar}
    shown = click.option(f"--{flag_name}", *meta.aliases, name, help=help_text, **kwargs)
    hidden = [click.option(alias, name, hidden=True, **kwargs) for alias in meta.hidden_aliases]
    refused = [
        click.option(
            alias,
            is_flag=kind is bool,
            hidden=True,
            expose_value=False,
            callback=_refuse(alias, f"--{flag_name}"),
        )
        for alias in meta.refused_aliases
    ]
    return lambda command: _apply(command, [shown, *hidden, *refused])


def _refuse(alias: str, name: str) -> Callable[[click.Context, click.Parameter, Any], None]:
    """A callback refusing ``alias`` when it is given, naming the option ``name`` to use."""

    def refuse(context: click.Context, parameter: click.Parameter, value: Any) -> None:
        if value not in (None, False):
            raise click.UsageError(f"no option {alias} here: use {name}", context)

    return refuse


def settings_options(settings: type[Settings]) -> Callable[[F], F]:
    """Decorate a command with one option per settings field (hidden ones left out)."""
    hints = typing.get_type_hints(settings)
    options = [
        settings_option(item.name, hints[item.name], item.default, meta)
        for item, meta in settings.fields()
        if meta.cli is not None
    ]
    return lambda command: _apply(command, options)


def input_options(tables: bool) -> Callable[[F], F]:
    """``FILE...`` and ``--target``, and with ``tables`` the ``--csv``/``--parquet`` group."""
    options: list[Callable[[Any], Any]] = [
        click.argument("files", nargs=-1, type=click.Path()),
        allow_include_option,
        target_option(required=False),
    ]
    if tables:
        options += [
            click.option(
                "--csv", "csv_path", type=click.Path(dir_okay=False), help="Read a CSV file."
            ),
            click.option(
                "--parquet",
                "parquet_path",
                type=click.Path(dir_okay=False),
                help="Read a Parquet file.",
            ),
            click.option("--class-column", help="CSV/Parquet: the column holding the class."),
            click.option(
                "--positive",
                default=None,
                help="CSV/Parquet: make a boolean target, this class value positive.",
            ),
            click.option(
                "--categorical",
                multiple=True,
                metavar="COLUMN",
                help="CSV/Parquet: treat this column as categorical even if it holds numbers.",
            ),
        ]
    return lambda command: _apply(command, options)


def output_options(help_text: str) -> Callable[[F], F]:
    """``-o/--output``, ``--force``, ``-v`` and ``--json``."""
    options: list[Callable[[Any], Any]] = [
        click.option(
            "-o", "--output", type=click.Path(dir_okay=False), default=None, help=help_text
        ),
        click.option("--force", is_flag=True, help="Let -o replace a file that is also an input."),
        verbose_option,
        json_option,
    ]
    return lambda command: _apply(command, options)
