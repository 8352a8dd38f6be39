"""The ``symlearn`` command line (DESIGN.md section 3).

The command line is thin: each command parses its arguments, calls one library
function and renders the result as text or, with ``--json``, as one JSON
object.  Commands are loaded lazily from their own modules, so a command's
imports cost nothing to the others.

Exit status: 0 success, 1 a "no" result (``--fail-empty``), 2 bad input or
usage.  A :class:`~symlearn.errors.SymlearnError` becomes its message on
stderr (or ``{"error": {...}}`` on stdout with ``--json``), never a traceback.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import sys
from collections.abc import Sequence

import click

from symlearn.cli.common import SuggestingGroup, mark_command_start
from symlearn.errors import PrologHalt, SymlearnError
from symlearn.files import reading_inputs

__all__ = ["COMMANDS", "SUMMARIES", "LazyGroup", "cli", "main"]


class LazyGroup(SuggestingGroup):
    """A click group whose subcommands are imported only when they are used.

    Parameters
    ----------
    lazy_subcommands
        Map from command name to ``"module:attribute"`` of a click command.
    """

    def __init__(
        self,
        *args: object,
        lazy_subcommands: dict[str, str] | None = None,
        summaries: dict[str, str] | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy_subcommands = dict(lazy_subcommands or {})
        self.summaries = dict(summaries or {})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the subcommands with their summaries, importing none of them."""
        rows = []
        for name in self.list_commands(ctx):
            summary = self.summaries.get(name)
            if summary is None:  # no summary given: ask the command itself
                command = self.get_command(ctx, name)
                if command is None or command.hidden:
                    continue
                summary = command.get_short_help_str(formatter.width)
            rows.append((name, summary))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The subcommands."""
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_subcommands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """Import and return the subcommand ``cmd_name``."""
        if cmd_name in self.lazy_subcommands:
            module_name, attribute = self.lazy_subcommands[cmd_name].split(":")
            command = getattr(importlib.import_module(module_name), attribute)
            if not isinstance(command, click.Command):  # pragma: no cover - wiring bug
                raise TypeError(f"{module_name}:{attribute} is not a click command")
            return command
        return super().get_command(ctx, cmd_name)


#: The top-level commands, each in its own module.
COMMANDS = {
    "check": "symlearn.cli.kb_commands:check",
    "query": "symlearn.cli.kb_commands:query",
    "learn": "symlearn.cli.learn:learn",
    "lattice": "symlearn.cli.lattice:lattice",
    "infer": "symlearn.cli.infer:infer",
    "bound": "symlearn.cli.bound:bound",
    "export": "symlearn.cli.export:export",
    "store": "symlearn.cli.store:store",
    "problog": "symlearn.cli.problog:problog",
}


#: What each command does (its docstring's first line), for ``symlearn --help``
#: without importing the commands (tests/cli checks them against the docstrings).
SUMMARIES = {
    "bound": "Derive a learning-theory bound, evaluate it, or solve it for one variable.",
    "check": "Parse and validate FILE...; print what the knowledge base holds.",
    "export": "Write the learning task for the target in Aleph's, Popper's or FOIL6's format.",
    "infer": "Probabilities of query atoms given evidence, over the ProbLog clauses of FILE...",
    "lattice": "Draw the generality lattice of a version space or of the whole hypothesis space.",
    "learn": "Run a learner on a knowledge base and print the hypothesis as clauses.",
    "query": "Print all solutions of the Prolog GOAL against FILE...",
    "store": "Write the facts of FILE... into Parquet files or DuckDB, with the program "
    "declaring them.",
    "problog": "ProbLog's tasks over FILE...: dt, map, explain, constraint, sample.",
}


@click.group(
    cls=LazyGroup,
    lazy_subcommands=COMMANDS,
    summaries=SUMMARIES,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="symlearn")
def cli() -> None:
    """symlearn: learn rules from Prolog-style examples, query them, derive bounds.

    \b
    Examples:
      symlearn query kb/family.pl "grandparent(X, lisa)"
      symlearn learn foil kb/family.pl --target grandparent/2 -o learned.pl
      symlearn learn id3 kb/playtennis.pl
      symlearn infer kb/alarm.pl
      symlearn bound pac --H 973 --epsilon 0.1 --delta 0.05

    'symlearn COMMAND --help' tells more; 'symlearn learn --help' lists the learners.
    """  # noqa: D301 (click's \\b: keep the examples' lines as written)


def _wants_json(argv: Sequence[str]) -> bool:
    return "--json" in argv


def _report_error(error: SymlearnError, argv: Sequence[str]) -> None:
    if _wants_json(argv):
        click.echo(json.dumps({"error": error.to_dict()}))
    else:
        click.echo(str(error), err=True)


def _prepare_process() -> None:
    """Let the command print what the library computes, whatever it is.

    Integers print in full however many digits they have (SWI-Prolog does;
    Python refuses past 4,300 digits), and a character the terminal's
    encoding cannot show (a lone surrogate) is written as an escape rather
    than ending the run.
    """
    sys.set_int_max_str_digits(0)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status.

    Parameters
    ----------
    argv
        The arguments without the program name; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 on success, 1 for a "no" answer, 2 for bad input or usage.
    """
    mark_command_start()
    args = list(sys.argv[1:] if argv is None else argv)
    _prepare_process()
    try:
        with reading_inputs():  # every file the command reads is an input -o will not replace
            status = cli.main(args=args, prog_name="symlearn", standalone_mode=False)
    except click.exceptions.Exit as stop:
        return int(stop.exit_code)
    except click.ClickException as usage:
        usage.show()
        return 2 if usage.exit_code == 2 else int(usage.exit_code)
    except click.exceptions.Abort as stop:
        if isinstance(stop.__context__, KeyboardInterrupt):  # Ctrl-C: the shell's convention
            click.echo("Interrupted.", err=True)
            return 130
        click.echo("Aborted.", err=True)
        return 2
    except SymlearnError as error:
        _report_error(error, args)
        return 2
    except PrologHalt as halt:  # the program's halt/0,1
        return halt.status
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        return 130
    return int(status or 0)


def entry_point() -> None:  # pragma: no cover - exercised through subprocess tests
    """Run :func:`main` and exit with its status (130 for Ctrl-C, wherever it comes)."""
    try:
        status = main()
    except KeyboardInterrupt:  # between the command's end and the exit
        click.echo("Interrupted.", err=True)
        status = 130
    # The process ends here and the system takes back its memory: frozen, the objects
    # still alive (the engine's library, a grounded program ...) are left out of the
    # interpreter's final garbage collections, which would only walk them (~15 ms after
    # grounding a small ProbLog program).  Exit handlers still run and streams are flushed.
    gc.freeze()
    sys.exit(status)
