"""Options, rendering and progress shared by every command."""

from __future__ import annotations

import contextlib
import json
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import click

__all__ = [
    "SuggestingGroup",
    "TargetType",
    "TerminalProgress",
    "allow_include_option",
    "backend_options",
    "echo_json",
    "emit",
    "files_argument",
    "json_option",
    "progress_bars",
    "target_option",
    "terminal_progress",
    "verbose_option",
]

F = TypeVar("F", bound=Callable[..., Any])

#: When this run of the command line began (``time.monotonic()``; set by ``main``).
_STARTED: list[float] = []


def mark_command_start() -> None:
    """Note that the command line starts now (its modules may take a while to import)."""
    _STARTED[:] = [time.monotonic()]


def command_started() -> float:
    """When the command line began (now, when it was not noted)."""
    return _STARTED[0] if _STARTED else time.monotonic()


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
            import difflib  # only for a mistyped command

            close = difflib.get_close_matches(args[0], self.list_commands(ctx), n=3, cutoff=0.7)
            if not close:
                raise
            hint = repr(close[0]) if len(close) == 1 else "one of " + ", ".join(map(repr, close))
            raise click.UsageError(f"{error.message} Did you mean {hint}?", ctx) from None


def files_argument(command: F) -> F:
    """Add the ``FILE...`` argument: files (or a Popper task folder) read as one knowledge base."""
    command = allow_include_option(command)
    return click.argument("files", nargs=-1, required=True, type=click.Path())(command)


def _allow_include(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> None:
    if value:
        from symlearn.kb.sources import allow_include

        ctx.with_resource(allow_include(value))


def allow_include_option(command: F) -> F:
    """Add ``--allow-include DIR`` (repeatable): where ``:- include`` may also read."""
    return click.option(
        "--allow-include",
        type=click.Path(file_okay=False),
        multiple=True,
        expose_value=False,
        callback=_allow_include,
        help="Let ':- include' read files under DIR too (by default only files in the "
        "including file's directory tree).",
    )(command)


def backend_options(command: F) -> F:
    """Add ``--backend``, ``--spark-master`` and DuckDB's memory limit and spill directory."""
    options = [
        click.option(
            "--backend",
            type=click.Choice(["memory", "duckdb", "spark"]),
            default=None,
            help="Where the facts are joined (default: the file's set(backend, ...), else "
            "memory, or duckdb when a relation is external).",
        ),
        click.option(
            "--spark-master",
            metavar="URL",
            default=None,
            help="Spark's master with --backend spark (default local[*]).",
        ),
        click.option(
            "--duckdb-memory-limit",
            "memory_limit",
            metavar="SIZE",
            default=None,
            help="DuckDB's memory before it spills to disk, e.g. 8GB (default: half the RAM).",
        ),
        click.option(
            "--duckdb-temp-directory",
            "temp_directory",
            type=click.Path(file_okay=False),
            default=None,
            help="Where DuckDB spills (default: a temporary directory, removed after).",
        ),
    ]
    for decorate in reversed(options):
        command = decorate(command)
    return command


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
    if isinstance(text, str) or text:  # a result of no lines prints nothing
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
    """Progress bars on stderr (tqdm), one per stage, for a command's long steps.

    It is the ``progress(stage, done, total)`` callback the library calls; a
    bar appears only once a stage has run for half a second, so quick
    commands draw nothing.  :meth:`write` prints a message above the bar;
    :meth:`close` (also on leaving the ``with`` block) clears the bar, so
    whatever is printed next starts on a clean line.
    """

    #: Seconds a stage runs before its bar is drawn.
    DELAY = 0.5

    def __init__(self) -> None:
        self._bar: Any = None
        self._stage: str | None = None

    def __call__(self, stage: str, done: int, total: int | None = None) -> None:
        """Show that ``done`` of ``total`` (None: unknown) of ``stage`` are done."""
        if stage != self._stage or self._bar is None:
            self.close()
            from tqdm import tqdm  # only a terminal run draws bars

            self._bar = tqdm(
                total=total,
                desc=stage,
                file=sys.stderr,
                leave=False,
                unit="",
                delay=self.DELAY,
                dynamic_ncols=True,
            )
            self._stage = stage
        bar = self._bar
        if total is not None and bar.total != total:
            bar.total = total
        if done != bar.n:
            bar.update(done - bar.n)

    def write(self, message: str) -> None:
        """Print ``message`` on stderr above the bar (directly while no bar is drawn yet).

        tqdm's own ``write`` redraws the bar after the message even before its
        delay has passed, and a bar drawn that way is not cleared on close.
        """
        if self._bar is None or self._bar._time() - self._bar.start_t < self.DELAY:
            click.echo(message, err=True)
        else:
            self._bar.write(message, file=sys.stderr)

    def close(self) -> None:
        """Clear the bar (the cursor is left at the start of an empty line)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
            self._stage = None

    #: Erase the bar before writing something else (the next call draws a new one).
    clear = close

    def __enter__(self) -> TerminalProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def terminal_progress(enabled: bool = True) -> TerminalProgress | None:
    """A :class:`TerminalProgress` when stderr is a terminal and ``enabled``, else None.

    Commands pass ``enabled=not as_json``: nothing is drawn for ``--json``
    or when stderr is piped.
    """
    return TerminalProgress() if enabled and sys.stderr.isatty() else None


@contextlib.contextmanager
def progress_bars(enabled: bool = True) -> Iterator[TerminalProgress | None]:
    """``with progress_bars(not as_json) as progress:``: the bars, cleared on leaving."""
    progress = terminal_progress(enabled)
    try:
        yield progress
    finally:
        if progress is not None:
            progress.close()
