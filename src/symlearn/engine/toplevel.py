"""Answers as SWI-Prolog's toplevel shows them, and a query run from text to answers.

:func:`run_query` loads nothing: it takes a knowledge base and a goal written
as text, runs the engine, and returns a :class:`QueryAnswers` whose
:meth:`~QueryAnswers.to_dict` is ``symlearn query --json`` (``query``,
``solutions``, ``count``) and whose :meth:`~QueryAnswers.report` is the text
``symlearn query`` prints: ``X = ann, Y = bob`` per solution, ``true.`` or
``false.``.

Examples
--------
>>> from symlearn.kb import loads
>>> answers = run_query(loads("p(1). p(2)."), "p(X)")
>>> answers.report()
['X = 1', 'X = 2', '2 solutions.']
>>> answers.to_dict()["solutions"]
[{'X': '1'}, {'X': '2'}]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TextIO

from symlearn.engine.sld import Engine
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var

__all__ = ["QueryAnswers", "format_solution", "run_query"]


def _answer_names(values: dict[str, Term]) -> dict[Var, str]:
    """Name the unbound variables of an answer as SWI's toplevel does: ``_`` or ``_A``."""
    counts: dict[Var, int] = {}
    for value in values.values():
        stack = [value]
        while stack:
            t = stack.pop()
            if type(t) is Var:
                counts[t] = counts.get(t, 0) + 1
            elif type(t) is Struct:
                stack.extend(t.args)
    names: dict[Var, str] = {}
    letters = 0
    for var, n in counts.items():
        if n == 1:
            names[var] = "_"
        else:
            names[var] = (
                "_" + chr(ord("A") + letters % 26) + (str(letters // 26) if letters >= 26 else "")
            )
            letters += 1
    return names


def format_solution(values: dict[str, Term]) -> dict[str, str]:
    """The bindings of one solution as text, variable name -> term, as SWI's toplevel shows them.

    A query variable left unbound is written by its own name and not listed
    (``X = f(Y, Y)``, not ``Y = _A``); other unbound variables are ``_`` or
    ``_A``, ``_B`` ... when they occur more than once.
    """
    groups: dict[Var, list[str]] = {}
    for name, value in values.items():
        if type(value) is Var:
            groups.setdefault(value, []).append(name)
    # SWI names an unbound value after the last query variable that has it.
    names = {**_answer_names(values), **{var: group[-1] for var, group in groups.items()}}
    shown: dict[str, str] = {}
    for name, value in values.items():
        if type(value) is Var:
            group = groups[value]
            position = group.index(name)
            if position + 1 < len(group):
                shown[name] = group[position + 1]  # X = Y, Y = Z for aliases
            continue
        shown[name] = format_term(value, names, 699)
    return shown


@dataclass(frozen=True)
class QueryAnswers:
    """The solutions of one query, as text (variable name -> term)."""

    query: str
    solutions: tuple[dict[str, str], ...]
    variables: tuple[str, ...]

    @property
    def count(self) -> int:
        """How many solutions."""
        return len(self.solutions)

    def to_dict(self) -> dict[str, Any]:
        """``query``, ``solutions`` and ``count``."""
        return {"query": self.query, "solutions": list(self.solutions), "count": self.count}

    def report(self) -> list[str]:
        """The lines SWI-Prolog's toplevel would show (one per solution), then a count."""
        if not self.solutions:
            return ["false."]
        if not self.variables:
            return ["true."] if self.count == 1 else [f"true ({self.count} solutions)."]
        lines = [", ".join(f"{n} = {v}" for n, v in s.items()) for s in self.solutions]
        lines.append(f"{self.count} solution{'s' if self.count != 1 else ''}.")
        return lines


def run_query(
    kb: KnowledgeBase,
    goal: str,
    limit: int | None = None,
    *,
    max_depth: int = 1_000_000,
    max_steps: int | None = None,
    unknown: str = "error",
    output: TextIO | None = None,
    timeout: float | None = None,
    max_memory: int | None = None,
) -> QueryAnswers:
    """Every solution of ``goal`` (text) in ``kb``, formatted as SWI-Prolog's toplevel does.

    Variables whose names start with ``_`` are not shown, as in SWI-Prolog.
    ``output`` receives what ``write/1``, ``format/2`` ... print.

    Raises
    ------
    KBSyntaxError
        When the goal does not parse.
    PrologError, UnknownPredicateError, EngineLimitError
        From the engine (``timeout`` in seconds, ``max_memory`` in bytes).
    """
    term, variables = parse_term_with_variables(goal, "<goal>")
    engine = Engine(
        kb,
        max_depth=max_depth,
        max_steps=max_steps,
        unknown=unknown,
        output=output,
        timeout=timeout,
        max_memory=max_memory,
    )
    shown = {name: var for name, var in variables.items() if not name.startswith("_")}
    solutions = tuple(
        format_solution({name: solution[var] for name, var in shown.items()})
        for solution in engine.solve(term, limit)
    )
    return QueryAnswers(goal, solutions, tuple(shown))
