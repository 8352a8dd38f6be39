"""Mistakes in a relational task that a learner should report before it searches.

:func:`check_relational_task` looks at a knowledge base's language bias and
examples for a target and raises a :class:`~symlearn.errors.KBError` with the
file, line and column of the first mistake:

* a mode (``modeh``/``modeb``/``mode``, or a Popper ``head_pred``/``body_pred``)
  whose body predicate is defined nowhere: not in the background, not a
  built-in or library predicate, not the target;
* a type clash: one argument of one predicate given two different types by
  two modes (the variables of one type could never fill the other's slot);
* an example of the target's name with another number of arguments.

Progol goes on where Aleph goes on, so :func:`example_arity_warnings` gives
the last mistake as located warnings instead (the example is not used).

Functions
---------
check_relational_task, example_arity_warnings

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads('''parent(a, b).
... :- modeh(1, gp(+person, +person)).
... :- modeb(*, parnet(+person, -person)).
... pos(gp(a, b)).''', path="gp.pl")
>>> check_relational_task(kb, ("gp", 2))
Traceback (most recent call last):
...
symlearn.errors.KBError: gp.pl:3:1: error: the mode names parnet/2, which is defined nowhere...
"""

from __future__ import annotations

from symlearn.errors import KBError
from symlearn.ilp.language import EQUALITY, LiteralMode
from symlearn.kb.knowledge_base import Example, KnowledgeBase, Mode
from symlearn.kb.system import SYSTEM_PREDICATES
from symlearn.logic.indicators import Indicator, format_indicator
from symlearn.logic.source import SourcePosition

__all__ = ["check_relational_task", "example_arity_warnings"]


def _located(message: str, position: SourcePosition | None) -> KBError:
    if position is None:
        return KBError(message)
    return KBError(message, position.path, position.line, position.column, _source_line(position))


def _source_line(position: SourcePosition) -> str | None:
    """The text of the line ``position`` is on (None when the file cannot be read)."""
    try:
        with open(position.path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                if number == position.line:
                    return line.rstrip("\n")
    except OSError:
        return None
    return None


def check_relational_task(kb: KnowledgeBase, target: Indicator) -> None:
    """Raise a located :class:`KBError` for the first mistake (see the module docstring).

    Raises
    ------
    KBError
        For a mode of an undefined predicate, a type clash between modes, or
        an example of the target's name with the wrong number of arguments.
    """
    _check_modes_defined(kb, target)
    _check_types_agree(kb.modes)
    _check_example_arity(kb, target)


def _in_library(indicator: Indicator) -> bool:
    from symlearn.engine.library import library_predicates

    return indicator in library_predicates()


def _check_modes_defined(kb: KnowledgeBase, target: Indicator) -> None:
    for mode in kb.body_modes():
        indicator = LiteralMode.from_mode(mode).indicator
        if (
            indicator in (target, EQUALITY)
            or kb.defines(*indicator)
            or indicator in SYSTEM_PREDICATES
            or _in_library(indicator)  # the engine's library read only when needed
        ):
            continue
        names = sorted(
            format_indicator(i)
            for i, p in kb.predicates.items()
            if i[0] == indicator[0] and (p.clauses or p.dynamic)
        )
        hint = f" (the background defines {', '.join(names)})" if names else ""
        raise _located(
            f"the mode names {format_indicator(indicator)}, which is defined nowhere: not in "
            f"the background, not built in{hint}",
            mode.position,
        )


def _check_types_agree(modes: list[Mode]) -> None:
    seen: dict[tuple[Indicator, int], tuple[str, Mode]] = {}
    for mode in modes:
        template = LiteralMode.from_mode(mode)
        for position, argument in enumerate(template.arguments):
            if argument.type is None or argument.marker == "=":
                continue
            key = (template.indicator, position)
            earlier = seen.get(key)
            if earlier is None:
                seen[key] = (argument.type, mode)
            elif earlier[0] != argument.type:
                where = earlier[1].position
                there = f" at {where.path}:{where.line}:{where.column}" if where else ""
                raise _located(
                    f"type clash: argument {position + 1} of "
                    f"{format_indicator(template.indicator)} is {argument.type} here and "
                    f"{earlier[0]} in the mode{there}",
                    mode.position,
                )


def _check_example_arity(kb: KnowledgeBase, target: Indicator) -> None:
    for example, message in _wrong_arity(kb, target):
        raise _located(message, example.position)


def example_arity_warnings(kb: KnowledgeBase, target: Indicator) -> list[str]:
    """A ``FILE:LINE:COLUMN: warning`` per example of the target's name and another arity."""
    warnings = []
    for example, message in _wrong_arity(kb, target):
        where = example.position
        prefix = f"{where.path}:{where.line}:{where.column}: " if where else ""
        warnings.append(f"{prefix}warning: {message}: it is not used")
    return warnings


def _wrong_arity(kb: KnowledgeBase, target: Indicator) -> list[tuple[Example, str]]:
    name, arity = target
    return [
        (
            example,
            f"the example {example} has {example.indicator[1]} argument(s); the target "
            f"{format_indicator(target)} has {arity}",
        )
        for example in kb.examples
        if example.indicator[0] == name and example.indicator[1] != arity
    ]
