"""Popper's input directory: ``bk.pl``, ``exs.pl`` and ``bias.pl``.

Popper (Cropper and Morel) reads a task from a directory:

* ``exs.pl``: ``pos(Atom).`` and ``neg(Atom).`` facts;
* ``bk.pl``: the background knowledge (Prolog clauses);
* ``bias.pl``: ``head_pred(Name, Arity).``, one ``body_pred(Name, Arity).``
  per predicate the determinations (or modes) allow, ``type(Name, (T1, ...)).``
  from the modes, ``direction(Name, (in, out, ...)).`` for every predicate
  (``in`` where all its modes have ``+``, else ``out``), ``enable_recursion``
  and ``max_clauses(2)`` when the target may call itself, and ``max_body(N).``
  and ``max_vars(N)`` from ``clauselength`` (the head is not counted in N).

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
max_vars(4).
<BLANKLINE>
"""

from __future__ import annotations

from symlearn.ilp.language import LiteralMode
from symlearn.ilp.task import RelationalTask
from symlearn.logic.printer import format_term

__all__ = ["popper_files"]


def _directions(task: RelationalTask) -> dict[tuple[str, int], tuple[str, ...]]:
    """Each predicate's Popper direction: ``in`` where every mode of it has ``+``.

    Popper takes one direction per predicate, where modes may give several
    (``parent(+p, -p)`` and ``parent(-p, +p)``): an argument is ``in`` (bound
    before the literal is called) only when all of the predicate's modes bind
    it, else ``out``, so Popper may use every literal the modes allow.  The
    head's direction is its head mode's.
    """
    found: dict[tuple[tuple[str, int], str], list[str]] = {}
    for mode in task.modes:
        template = LiteralMode.from_mode(mode)
        key = (template.indicator, mode.kind)
        direction = ["in" if a.marker == "+" else "out" for a in template.arguments]
        previous = found.setdefault(key, direction)
        found[key] = ["in" if a == b == "in" else "out" for a, b in zip(previous, direction)]
    result: dict[tuple[str, int], tuple[str, ...]] = {}
    for (indicator, kind), merged in found.items():
        if kind == "head" or indicator != task.target:
            result[indicator] = tuple(merged)
    for indicator in [task.target, *task.determinations]:
        result.setdefault(indicator, tuple(["out"] * indicator[1]))
    return result


def _tuple(items: list[str]) -> str:
    inner = ", ".join(items)
    return f"({inner},)" if len(items) == 1 else f"({inner})"


def popper_files(task: RelationalTask) -> dict[str, str]:
    """The three files' names and texts.

    ``bias.pl`` has the head and body predicates, a type and a direction for
    every one of them, ``enable_recursion`` when the target may call itself
    (a body mode or determination of the target), ``max_clauses`` (2 with
    recursion, a base case and a step) and ``max_body``/``max_vars`` from the
    clause length.
    """
    name, arity = task.target
    recursive = task.target in task.determinations
    body = [d for d in task.determinations if d != task.target]
    bias = [f"% Popper bias for {task.name}, written by symlearn export."]
    bias += [f"% {note}" for note in task.notes]
    bias.append(f"head_pred({format_term(name)}, {arity}).")
    bias += [f"body_pred({format_term(n)}, {a})." for n, a in body]
    used = [task.target, *body]
    for indicator in used:
        types = task.types.get(indicator)
        if types:
            bias.append(
                f"type({format_term(indicator[0])}, {_tuple([format_term(t) for t in types])})."
            )
    directions = _directions(task)
    for indicator in used:
        if indicator[1]:
            bias.append(
                f"direction({format_term(indicator[0])}, {_tuple(list(directions[indicator]))})."
            )
    if recursive:
        bias.append("enable_recursion.")
        bias.append("max_clauses(2).")
    length = task.file_settings.get("clauselength")
    if type(length) is int and length > 1:
        bias.append(f"max_body({length - 1}).")
        bias.append(f"max_vars({max(length, arity + 1)}).")
    examples = [f"pos({format_term(a, max_priority=999)})." for a in task.positives]
    examples += [f"neg({format_term(a, max_priority=999)})." for a in task.negatives]
    return {
        "bias.pl": "\n".join(bias) + "\n",
        "bk.pl": "\n".join(str(c) for c in task.background) + "\n",
        "exs.pl": "\n".join(examples) + "\n",
    }
