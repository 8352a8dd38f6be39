"""Options, rendering and progress shared by every command."""

from __future__ import annotations

import difflib
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

__all__ = [
    "SuggestingGroup",
    "TargetType",
    "TerminalProgress",
    "echo_json",
    "emit",
    "files_argument",
    "json_option",
    "target_option",
    "terminal_progress",
    "verbose_option",
]

F = TypeVar("F", bound=Callable[..., Any])

_INDICATOR = re.compile(r"^\s*([a-z][A-Za-z0-9_]*|'(?:[^'\\]|\\.|'')*')\s*/\s*(\d+)\s*$")


class TargetType(click.ParamType):
    """A predicate indicator ``NAME/ARITY`` given on the command line."""

    name = "NAME/ARITY"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[str, int]:
        """Parse ``NAME/ARITY`` into ``(name, arity)``."""
        if isinstance(value, tuple):
            return value
        match = _INDICATOR.match(str(value))
        if match is None:
            self.fail(f"{value!r} is not a predicate indicator such as grandparent/2", param, ctx)
        name = match.group(1)
        if name.startswith("'"):
            name = name[1:-1].replace("''", "'")
        return name, int(match.group(2))


class SuggestingGroup(click.Group):
    """A command group that answers a mistyped command with "Did you mean ...?".

    Click suggests the closest option names for a mistyped option; this does
    the same for subcommands (``symlearn qurey``, ``symlearn learn foill``).
    """

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """Find the subcommand, or fail with the names closest to the one given."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            if not (args and error.message.startswith("No such command")):
                raise
            close = difflib.get_close_matches(args[0], self.list_commands(ctx), n=3, cutoff=0.7)
            if not close:
                raise
            hint = repr(close[0]) if len(close) == 1 else "one of " + ", ".join(map(repr, close))
            raise click.UsageError(f"{error.message} Did you mean {hint}?", ctx) from None


def files_argument(command: F) -> F:
    """Add the ``FILE...`` argument: one or more files read as one knowledge base."""
    return click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))(
        command
    )


def json_option(command: F) -> F:
    """Add ``--json``: print one JSON object instead of text."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print one JSON object instead of text."
    )(command)


def verbose_option(command: F) -> F:
    """Add ``-v/--verbose`` (repeatable): more detail on stderr."""
    return click.option(
        "-v", "--verbose", count=True, help="Show more detail on stderr (-vv for more)."
    )(command)


def target_option(required: bool = True) -> Callable[[F], F]:
    """Add ``--target NAME/ARITY``."""
    return click.option(
        "--target",
        type=TargetType(),
        required=required,
        help="The target predicate, e.g. grandparent/2.",
    )


def echo_json(payload: object) -> None:
    """Print ``payload`` as one line of JSON on stdout."""
    click.echo(json.dumps(payload, default=_json_default, ensure_ascii=False))


def emit(as_json: bool, payload: dict[str, Any], text: str | Sequence[str]) -> None:
    """Print the result: ``payload`` as JSON or ``text`` for people."""
    if as_json:
        echo_json(payload)
        return
    click.echo(text if isinstance(text, str) else "\n".join(text))


def _json_default(value: object) -> object:
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    try:  # numpy scalars and arrays
        return value.tolist()  # type: ignore[attr-defined]
    except AttributeError:
        pass
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


class TerminalProgress:
    """Draw ``stage: done/total`` on one stderr line, only on a terminal.

    Anything else written to the terminal while a progress line is drawn must
    :meth:`clear` it first, or the two run together on one line.
    """

    def __init__(self) -> None:
        self._last_width = 0

    def clear(self) -> None:
        """Erase the progress line, if one is drawn; the next call draws it again."""
        if self._last_width:
            sys.stderr.write("\r" + " " * self._last_width + "\r")
            sys.stderr.flush()
            self._last_width = 0

    def __call__(self, stage: str, done: int, total: int | None = None) -> None:
        """Draw ``stage: done/total`` over the line drawn before (ending it when done)."""
        text = f"{stage}: {done}" + (f"/{total}" if total else "")
        padding = max(self._last_width - len(text), 0)
        sys.stderr.write("\r" + text + " " * padding)
        if total is not None and done >= total:
            sys.stderr.write("\n")
            self._last_width = 0
        else:
            self._last_width = len(text)
        sys.stderr.flush()


def terminal_progress() -> TerminalProgress | None:
    """Return a progress callback for long runs when stderr is a terminal, else None."""
    return TerminalProgress() if sys.stderr.isatty() else None
