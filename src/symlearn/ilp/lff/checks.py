"""Mistakes in a task that learning from failures reports instead of searching in vain.

Each is a :class:`~symlearn.errors.KBError` with the file, line and column
of the declaration to blame (exit status 2 on the command line):

* :func:`check_bias`, before the search: a bias with no body predicate, or a
  head argument whose type no body predicate takes (a Datalog rule must use
  every head variable in its body, so no rule exists);
* :func:`empty_space_error`, when the solver finds no program of any size:
  the bias's own constraints rule everything out (the constraint to blame is
  found by adding them one at a time), or the bias's bounds leave no room;
* :func:`background_error`, after a search that found nothing: a background
  predicate whose calls ran over the step limit (it loops) while testing.

Functions
---------
check_bias, empty_space_error, background_error, source_line
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from symlearn.errors import KBError
from symlearn.ilp.lff.bias import Bias, Statement
from symlearn.ilp.task import RelationalTask
from symlearn.logic.indicators import format_indicator

__all__ = ["background_error", "check_bias", "empty_space_error", "source_line"]


def source_line(path: str | None, line: int | None) -> str | None:
    """The text of line ``line`` of ``path`` (None when it cannot be read)."""
    if path is None or line is None:
        return None
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    return lines[line - 1] if 0 < line <= len(lines) else None


def _located(message: str, place: tuple[str | None, int | None, int | None]) -> KBError:
    path, line, column = place
    return KBError(message, path, line, column, source_line(path, line))


def check_bias(bias: Bias) -> None:
    """Raise when the bias can hold no rule at all (see the module docstring).

    Raises
    ------
    KBError
        Located at the head's declaration or the type to blame.
    """
    head = bias.head
    head_place = bias.position(("head_pred", head.name), ("mode", head.name))
    if not bias.body:
        raise _located(
            f"the bias declares no body predicate for {format_indicator(head.indicator)}: "
            "no rule can be built (declare some with body_pred/2 or modeb/2)",
            head_place,
        )
    if bias.non_datalog or head.types is None:
        return
    taken = {t for p in bias.body if p.types is not None for t in p.types}
    if any(p.types is None for p in bias.body):
        return
    for position, kind in enumerate(head.types, start=1):
        if kind not in taken:
            raise _located(
                f"argument {position} of the head {format_indicator(head.indicator)} has type "
                f"{kind}, which no body predicate takes: every rule must use the head's "
                "variables in its body, so the bias allows no program",
                bias.position(("type", head.name), ("head_pred", head.name), ("mode", head.name)),
            )


def empty_space_error(
    bias: Bias, satisfiable: Callable[[tuple[Statement, ...]], bool | None]
) -> KBError:
    """The error for a bias whose encoding has no model at all.

    ``satisfiable(constraints)`` tells whether the encoding with only those
    of the bias's own constraints has a model (None: cannot tell in time).
    """
    own = bias.constraints
    if own and satisfiable(()):
        kept: list[Statement] = []
        for statement in own:
            if satisfiable((*kept, statement)) is False:
                return _located(
                    "this constraint of the bias rules out every program "
                    "(with the constraints before it)",
                    (bias.constraint_file, statement.line, statement.column),
                )
            kept.append(statement)
    head = bias.head
    return _located(
        f"the bias allows no program for {format_indicator(head.indicator)}: no rule of "
        f"at most {bias.max_body} body literals and {bias.max_vars} variables uses every "
        "head variable with the body predicates' types and directions",
        bias.position(("head_pred", head.name), ("mode", head.name)),
    )


def background_error(looping: dict[tuple[str, int], str], task: RelationalTask) -> KBError | None:
    """The error for background predicates whose calls ran over the limits, if any."""
    if not looping:
        return None
    (name, arity), reason = next(iter(looping.items()))
    place = _definition(task, name)
    return _located(
        f"calling {format_indicator((name, arity))} in the background knowledge did not "
        f"finish ({reason}): does it loop?",
        place,
    )


def _definition(task: RelationalTask, name: str) -> tuple[str | None, int | None, int | None]:
    """Where a background predicate's first clause is, found in the task's files."""
    files: list[Path] = []
    for source in task.sources:
        path = Path(source)
        files += [path / "bk.pl"] if path.is_dir() else [path]
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for number, text in enumerate(lines, start=1):
            stripped = text.lstrip()
            if stripped.startswith(name) and stripped[len(name) : len(name) + 1] in (
                "(",
                " ",
                ":",
            ):
                return str(path), number, len(text) - len(stripped) + 1
    return (task.sources[0] if task.sources else None), None, None
