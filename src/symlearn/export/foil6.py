r"""Quinlan's FOIL6 input: one ``NAME.d`` file of types and relations given by tuples.

The file (FOIL6 MANUAL, "Input to the program") has

* the **types**, one per line: ``name: c1, c2, ... .`` (FOIL looks for an
  ordering of the constants, which it uses to keep recursion finite);
* a blank line, then the **relations**, each a header
  ``name(type, ..., type) key/key`` and its tuples one per line
  (``c1,c2``), ended by ``.``; a background relation's name starts with
  ``*`` (FOIL does not learn it); the target's positive tuples are followed
  by ``;`` and its negative tuples, unless the closed-world assumption is on
  or there are no negatives (FOIL then takes every unlisted tuple as
  negative itself; an empty negative section would make FOIL6 crash).  The keys come
  from the modes: ``#`` for a ``+`` (bound) argument, ``-`` otherwise.

FOIL6 knows relations only as tuples, so a background predicate defined by
rules is written as the tuples the query engine derives for it (when that is
finite and small); constants with FOIL's delimiters ``( ) . , ;`` are escaped
with ``\``.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.ilp.task import RelationalTask
>>> from symlearn.learning.task import LearningTask
>>> kb = loads("parent(a, b). parent(b, c). pos(gp(a, c)). neg(gp(a, b)). "
...            ":- modeh(1, gp(+p, +p)). :- modeb(*, parent(+p, -p)).")
>>> task = RelationalTask.from_task(LearningTask.from_kb(kb, "gp/2"))
>>> print(foil6_text(task))
p: a, b, c.
<BLANKLINE>
*parent(p,p) #-
a,b
b,c
.
gp(p,p) ##
a,c
;
a,b
.
<BLANKLINE>
"""

from __future__ import annotations

import re

from symlearn.ilp.language import LiteralMode
from symlearn.ilp.task import RelationalTask
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = ["foil6_files", "foil6_text"]

_DELIMITERS = re.compile(r"([(),.;:\\])")


def _constant(term: Term) -> str:
    text = term if type(term) is str else format_term(term)
    return _DELIMITERS.sub(r"\\\1", str(text)).replace(" ", "\\ ")


def _name(name: str) -> str:
    return _DELIMITERS.sub(r"\\\1", name)


def _keys(task: RelationalTask, indicator: tuple[str, int]) -> str:
    keys = []
    for mode in task.modes:
        template = LiteralMode.from_mode(mode)
        if template.indicator == indicator:
            keys.append("".join("#" if a.marker == "+" else "-" for a in template.arguments))
    return "/".join(dict.fromkeys(keys))


def _relations(task: RelationalTask) -> tuple[list[tuple[tuple[str, int], list]], list[str]]:
    """Each background relation's tuples (facts, or what the engine derives for rules)."""
    relations = []
    notes = []
    for indicator in task.background_predicates():
        if indicator[1] == 0:
            continue
        rows = task.facts(indicator)
        if rows is None:
            rows = _derived(task, indicator)
            if rows is None:
                notes.append(
                    f"% {indicator[0]}/{indicator[1]} is defined by rules whose "
                    "tuples could not be listed; left out"
                )
                continue
        relations.append((indicator, rows))
    return relations, notes


def _derived(task: RelationalTask, indicator: tuple[str, int]) -> list | None:
    from symlearn.engine.sld import Engine
    from symlearn.errors import SymlearnError
    from symlearn.kb.knowledge_base import KnowledgeBase
    from symlearn.logic.terms import Var, is_ground

    kb = KnowledgeBase()
    for clause in task.background:
        kb.add_clause(clause)
    goal = Struct(indicator[0], tuple(Var(f"A{i}") for i in range(indicator[1])))
    try:
        answers = Engine(kb, max_steps=2_000_000, unknown="fail").findall(goal, goal)
    except SymlearnError:
        return None
    if not all(is_ground(a) for a in answers):
        return None
    return list(dict.fromkeys(a.args for a in answers if type(a) is Struct))


def foil6_text(task: RelationalTask) -> str:
    """The text of the ``.d`` file."""
    relations, _ = _relations(task)  # FOIL6 has no comments: the notes stay out
    target_rows = [a.args for a in task.positives if type(a) is Struct]
    # only the listed negatives: under the closed world FOIL6 generates the rest itself
    negative_rows = [a.args for a in task.listed_negatives if type(a) is Struct]
    members: dict[str, dict[str, None]] = {}
    for indicator, rows in [*relations, (task.target, target_rows + negative_rows)]:
        types = task.types.get(indicator, ("t",) * indicator[1])
        for row in rows:
            for type_name, value in zip(types, row):
                members.setdefault(type_name, {})[_constant(value)] = None
    lines = [f"{_name(t)}: {', '.join(values)}." for t, values in members.items()]
    lines.append("")
    for indicator, rows in relations:
        lines += _relation(task, indicator, rows, background=True)
    # Under the closed world FOIL6 generates the negatives itself; an empty negative
    # section (";" then ".") makes FOIL6 crash, so without negatives there is none,
    # and FOIL6 then also takes every unlisted tuple as negative.
    negatives = None if task.closed_world or not negative_rows else negative_rows
    lines += _relation(task, task.target, target_rows, background=False, negatives=negatives)
    return "\n".join(lines) + "\n"


def _relation(
    task: RelationalTask,
    indicator: tuple[str, int],
    rows: list,
    *,
    background: bool,
    negatives: list | None = None,
) -> list[str]:
    types = task.types.get(indicator, ("t",) * indicator[1])
    header = f"{'*' if background else ''}{_name(indicator[0])}({','.join(map(_name, types))})"
    keys = _keys(task, indicator)
    lines = [f"{header} {keys}" if keys else header]
    lines += [",".join(_constant(v) for v in row) for row in rows]
    if negatives is not None:
        lines.append(";")
        lines += [",".join(_constant(v) for v in row) for row in negatives]
    lines.append(".")
    return lines


def foil6_files(task: RelationalTask, stem: str) -> dict[str, str]:
    """The ``STEM.d`` file's name and text."""
    return {f"{stem}.d": foil6_text(task)}
