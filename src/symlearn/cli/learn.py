"""``symlearn learn ALGORITHM FILE... --target NAME/ARITY``: run a learner.

Every algorithm of :data:`symlearn.learning.registry.ALGORITHMS` is a
subcommand made the same way: the input options (files or, for learners of
attribute-value data, a CSV table), the learner's settings as options (from
its :class:`~symlearn.learning.settings.Settings`), ``-o``, ``--force``, ``-v``
and ``--json``.  The command builds the task, calls the learner and prints
its result: nothing else.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from inspect import signature
from types import ModuleType
from typing import Any

import click

from symlearn.cli.common import (
    SuggestingGroup,
    TerminalProgress,
    command_started,
    echo_json,
    progress_bars,
)
from symlearn.cli.options import input_options, output_options, settings_options

__all__ = ["learn", "learner_command"]


class LearnerGroup(SuggestingGroup):
    """The ``learn`` group: one subcommand per registered learner, built when used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every learner's name."""
        from symlearn.learning.registry import ALGORITHMS

        return sorted(ALGORITHMS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The subcommand of learner ``cmd_name``."""
        from symlearn.learning.registry import ALGORITHMS

        if cmd_name not in ALGORITHMS:
            return None
        return learner_command(cmd_name)


def _logger(verbose: int, progress: TerminalProgress | None) -> Callable[[int, str], None] | None:
    """A log callback printing messages up to level ``verbose`` on stderr (None: silent)."""
    if not verbose:
        return None

    def log(level: int, message: str) -> None:
        if level <= verbose:
            if progress is not None:
                progress.write(message)  # above the bar, not through it
            else:
                click.echo(message, err=True)

    return log


def _task(module: ModuleType, given: dict[str, Any], progress: TerminalProgress | None) -> Any:
    """The learning task from the input options (removed from ``given``)."""
    from symlearn.learning.task import LearningTask

    files, target = given.pop("files"), given.pop("target")
    tables = {"--csv": given.pop("csv_path", None), "--parquet": given.pop("parquet_path", None)}
    class_column = given.pop("class_column", None)
    positive = given.pop("positive", None)
    categorical = given.pop("categorical", ())
    chosen = [(flag, path) for flag, path in tables.items() if path is not None]
    unsupervised = getattr(module, "UNSUPERVISED", False)
    if chosen:
        if files or len(chosen) > 1:
            raise click.UsageError("give FILE..., --csv or --parquet: one of them")
        flag, path = chosen[0]
        if not class_column and not unsupervised:
            raise click.UsageError(f"{flag} needs --class-column NAME")
        class_column = class_column or None
        options = {"target": target, "positive": positive, "categorical": categorical}
        if flag == "--csv":
            return LearningTask.from_csv(path, class_column, progress=progress, **options)
        return LearningTask.from_parquet(path, class_column, **options)
    if not files:
        if unsupervised:
            raise click.UsageError("give FILE..., or --csv/--parquet FILE")
        if getattr(module, "TABLES", False):
            raise click.UsageError(
                "give FILE... with --target, or --csv/--parquet FILE --class-column NAME"
            )
        raise click.UsageError("give FILE... (the knowledge base)")
    if positive is not None or categorical or class_column:
        raise click.UsageError(
            "--positive, --categorical and --class-column apply to --csv and --parquet"
        )
    if target is None and getattr(module, "TARGET_FROM_KB", None) is not None:
        return LearningTask.from_kb_target(files, module.TARGET_FROM_KB, progress=progress)
    return LearningTask.from_files(files, target, progress=progress)


def _one_blas_thread(module_name: str) -> None:
    """Ask numpy's BLAS for no worker threads when the learner does no linear algebra.

    numpy's OpenBLAS starts its pool of worker threads when numpy loads
    (~25-30 ms of CPU per process on the 2-core machine this was measured
    on, and threads that compete with the run when the machine is busy).
    The ILP learners use numpy for sorting and searching integer codes only,
    never BLAS, so that start-up buys them nothing (Aleph's small examples
    are ~0.15 s processes).  Set before numpy is imported, only for this
    process and only when the user set no ``OPENBLAS_NUM_THREADS``.
    """
    if module_name.startswith("symlearn.ilp.") and "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def learner_command(name: str) -> click.Command:
    """The click command of learner ``name``."""
    from symlearn.learning.registry import ALGORITHMS, learner
    from symlearn.learning.result import check_suffix

    _one_blas_thread(ALGORITHMS.get(name, ""))
    module = learner(name)
    suffixes = getattr(module, "OUTPUT_SUFFIXES", (".pl",))

    def run(**given: Any) -> int:
        started = command_started()
        output, force = given.pop("output"), given.pop("force")
        verbose, as_json = given.pop("verbose"), given.pop("as_json")
        if output is not None:
            check_suffix(output, suffixes)
        with progress_bars(not as_json) as progress:
            task = _task(module, given, progress)
            settings = module.SETTINGS.from_task(task, **given)
            log = _logger(verbose, progress)
            # a learner with a time limit counts it from the command's start (reading included)
            since = {"started": started} if "started" in signature(module.learn).parameters else {}
            result = module.learn(task, settings, progress=progress, log=log, **since)
        warnings = list(task.kb.warnings) if task.kb is not None else []
        warnings += list(getattr(result, "warnings", ()))
        for line in warnings:
            click.echo(line, err=True)
        for line in result.messages(verbose):
            click.echo(line, err=True)
        if output is not None:
            result.save(output, force=force)
        if as_json:  # only what is printed is computed: the JSON or the report
            payload = result.to_dict()
            if warnings:
                payload["warnings"] = warnings
            if output is not None:
                payload.setdefault("output", str(output))
            echo_json(payload)
        else:
            lines = result.report()
            if output is not None and not any("written to" in line for line in lines):
                lines.append(f"% written to {output}")  # every learner says where -o wrote
            if lines:  # a "no" result (a collapsed version space) prints nothing on stdout
                click.echo("\n".join(lines))
        return int(result.exit_status)

    run.__doc__ = f"{module.SUMMARY}\n\nExample: {module.EXAMPLE}"
    command: Callable[..., Any] = run
    output_help = getattr(module, "OUTPUT_HELP", "Write the hypothesis to this .pl file.")
    command = output_options(output_help)(command)
    command = settings_options(module.SETTINGS)(command)
    command = input_options(getattr(module, "TABLES", False))(command)
    return click.command(name, short_help=module.SUMMARY)(command)  # in full in --help


@click.group(cls=LearnerGroup)
def learn() -> None:
    """Run a learner on a knowledge base and print the hypothesis as clauses."""
