"""Popper's input directory: ``bk.pl``, ``exs.pl`` and ``bias.pl``.

Popper (Cropper and Morel) reads a task from a directory:

* ``exs.pl``: ``pos(Atom).`` and ``neg(Atom).`` facts;
* ``bk.pl``: the background knowledge (Prolog clauses);
* ``bias.pl``: ``head_pred(Name, Arity).``, one ``body_pred(Name, Arity).``
  per predicate the determinations (or modes) allow, ``type(Name, (T1, ...)).``
  from the modes, ``direction(Name, (in, out, ...)).`` when a predicate has a
  single mode (``+`` is ``in``, ``-`` and ``#`` are ``out``), and
  ``max_body(N).`` from ``clauselength`` (the head is not counted).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.ilp.task import RelationalTask
>>> from symlearn.learning.task import LearningTask
>>> kb = loads("parent(a, b). pos(gp(a, c)). neg(gp(a, b)). :- set(clauselength, 4). "
...            ":- modeh(1, gp(+p, +p)). :- modeb(*, parent(+p, -p)).")
>>> task = RelationalTask.from_task(LearningTask.from_kb(kb, "gp/2"))
>>> print(popper_files(task)["bias.pl"])  # doctest: +ELLIPSIS
% Popper bias for gp/2, ...
head_pred(gp, 2).
body_pred(parent, 2).
type(gp, (p, p)).
type(parent, (p, p)).
direction(gp, (in, in)).
direction(parent, (in, out)).
max_body(3).
<BLANKLINE>
"""

from __future__ import annotations

from symlearn.ilp.language import LiteralMode
from symlearn.ilp.task import RelationalTask
from symlearn.logic.printer import format_term

__all__ = ["popper_files"]


def _directions(task: RelationalTask) -> dict[tuple[str, int], tuple[str, ...] | None]:
    found: dict[tuple[str, int], tuple[str, ...] | None] = {}
    for mode in task.modes:
        template = LiteralMode.from_mode(mode)
        direction = tuple("in" if a.marker == "+" else "out" for a in template.arguments)
        previous = found.get(template.indicator, direction)
        found[template.indicator] = direction if previous == direction else None
    return found


def popper_files(task: RelationalTask) -> dict[str, str]:
    """The three files' names and texts."""
    name, arity = task.target
    bias = [f"% Popper bias for {task.name}, written by symlearn export."]
    bias += [f"% {note}" for note in task.notes]
    bias.append(f"head_pred({format_term(name)}, {arity}).")
    bias += [f"body_pred({format_term(n)}, {a})." for n, a in task.determinations]
    used = [task.target, *task.determinations]
    for indicator in used:
        types = task.types.get(indicator)
        if types:
            inner = ", ".join(format_term(t) for t in types)
            inner = f"({inner},)" if len(types) == 1 else f"({inner})"
            bias.append(f"type({format_term(indicator[0])}, {inner}).")
    directions = _directions(task)
    if not task.modes_derived:
        for indicator in used:
            direction = directions.get(indicator)
            if direction:
                inner = ", ".join(direction)
                inner = f"({inner},)" if len(direction) == 1 else f"({inner})"
                bias.append(f"direction({format_term(indicator[0])}, {inner}).")
    length = task.file_settings.get("clauselength")
    if type(length) is int and length > 1:
        bias.append(f"max_body({length - 1}).")
    examples = [f"pos({format_term(a, max_priority=999)})." for a in task.positives]
    examples += [f"neg({format_term(a, max_priority=999)})." for a in task.negatives]
    return {
        "bias.pl": "\n".join(bias) + "\n",
        "bk.pl": "\n".join(str(c) for c in task.background) + "\n",
        "exs.pl": "\n".join(examples) + "\n",
    }
