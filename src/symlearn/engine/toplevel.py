"""Answers as SWI-Prolog's toplevel shows them, and a query run from text to answers.

:func:`run_query` loads nothing: it takes a knowledge base and a goal written
as text, runs the engine, and returns a :class:`QueryAnswers` whose
:meth:`~QueryAnswers.to_dict` is ``symlearn query --json`` (``query``,
``solutions``, ``count``) and whose :meth:`~QueryAnswers.report` is the text
``symlearn query`` prints: ``X = ann, Y = bob`` per solution, ``true.`` or
``false.``.

The text shows each answer as SWI-Prolog's toplevel does, to depth 10 (its
``answer_write_options`` flag, ``max_depth(10)``): a list shows its first
nine elements and ``|...``, a term nested deeper than ten levels is ``...``
(:func:`depth_limited`).  ``answer_depth=0`` shows every answer whole; the
JSON always has the whole terms.

Examples
--------
>>> from symlearn.kb import loads
>>> answers = run_query(loads("p(1). p(2)."), "p(X)")
>>> answers.report()
['X = 1', 'X = 2', '2 solutions.']
>>> answers.to_dict()["solutions"]
[{'X': '1'}, {'X': '2'}]
>>> long = run_query(loads("p(L) :- numlist(1, 100, L)."), "p(L)")
>>> long.report()[0], len(long.to_dict()["solutions"][0]["L"])
('L = [1, 2, 3, 4, 5, 6, 7, 8, 9|...]', 392)
"""

from __future__ import annotations

import io
from array import array
from dataclasses import dataclass
from typing import Any, TextIO

from symlearn.engine.program import run_program_goals
from symlearn.engine.sld import Engine
from symlearn.errors import InvalidParameterError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.operators import Operators
from symlearn.logic.printer import format_term
from symlearn.logic.terms import (
    EMPTY_LIST,
    LIST_FUNCTOR,
    PackedArgs,
    Struct,
    Term,
    Var,
    make_list,
)

__all__ = ["ANSWER_DEPTH", "QueryAnswers", "depth_limited", "format_solution", "run_query"]

#: SWI-Prolog's toplevel writes answers with ``max_depth(10)``.
ANSWER_DEPTH = 10

#: What stands for the part of a term beyond the depth limit (SWI writes it so too).
ELLIPSIS = "..."


def _is_list_cell(term: Term) -> bool:
    return type(term) is Struct and term.name == LIST_FUNCTOR and len(term.args) == 2


def depth_limited(term: Term, max_depth: int = ANSWER_DEPTH) -> Term:
    """``term`` cut as SWI-Prolog's ``write_term(T, [max_depth(N)])`` cuts it.

    SWI counts one level per argument written, and one more per element of
    a list: a list shows ``N - 1`` elements and then ``|...``, and a subterm
    beyond depth ``N`` is written ``...``.  The parts cut away are replaced
    by the atom ``...``, so that the usual printer writes the result.  The
    variables are the term's own (an answer's variable names still apply).

    Examples
    --------
    >>> from symlearn.logic.terms import struct
    >>> format_term(depth_limited(make_list(list(range(1, 20)))))
    '[1, 2, 3, 4, 5, 6, 7, 8, 9|...]'
    >>> nested = make_list(["a", make_list(["b", make_list(["c", make_list(["d", make_list(
    ...     ["e", make_list(["f"])])])])])])
    >>> format_term(depth_limited(nested))
    '[a, [b, [c, [d, [e|...]]]]]'
    >>> sum_ = 1
    >>> for i in range(2, 13):
    ...     sum_ = struct("+", sum_, i)
    >>> format_term(depth_limited(sum_))
    '... + ... + 4+5+6+7+8+9+10+11+12'
    """
    if max_depth <= 0:
        return term
    root: list[Term] = [term]
    # (term, the depth it is written at, the list its result goes in, where)
    stack: list[tuple[Term, int, list[Term], int]] = [(term, 1, root, 0)]
    # (where the result goes, functor, its parts: arguments, or items then tail)
    rebuilt: list[tuple[list[Term], int, str, list[Term]]] = []
    while stack:
        current, depth, slot, index = stack.pop()
        if depth > max_depth:
            slot[index] = ELLIPSIS
        elif _is_list_cell(current):
            assert isinstance(current, Struct)
            parts = _list_parts(current, depth, max_depth, stack)
            rebuilt.append((slot, index, LIST_FUNCTOR, parts))
        elif type(current) is Struct:
            args = list(current.args)
            stack.extend((arg, depth + 1, args, i) for i, arg in enumerate(current.args))
            rebuilt.append((slot, index, current.name, args))
        else:
            slot[index] = current
    for slot, index, name, parts in reversed(rebuilt):  # children before their parents
        if name == LIST_FUNCTOR:
            slot[index] = make_list(parts[:-1], parts[-1])
        else:
            slot[index] = Struct(name, tuple(parts))
    return root[0]


def _list_parts(
    cell: Struct, depth: int, max_depth: int, stack: list[tuple[Term, int, list[Term], int]]
) -> list[Term]:
    """A list's items and tail as :func:`depth_limited` writes them; items go on ``stack``."""
    parts: list[Term] = []
    while True:
        head, tail = cell.args
        parts.append(head)
        stack.append((head, depth + 1, parts, len(parts) - 1))
        if tail == EMPTY_LIST:
            parts.append(EMPTY_LIST)
            return parts
        depth += 1  # SWI counts a level per element written
        if depth >= max_depth:
            parts.append(ELLIPSIS)
            return parts
        if not _is_list_cell(tail):
            parts.append(tail)
            stack.append((tail, depth + 1, parts, len(parts) - 1))
            return parts
        assert isinstance(tail, Struct)
        cell = tail


def _answer_names(values: dict[str, Term]) -> dict[Var, str]:
    """Name the unbound variables of an answer as SWI's toplevel does: ``_`` or ``_A``."""
    counts: dict[Var, int] = {}  # in the order SWI meets them: left to right, depth first
    for value in values.values():
        stack = [value]
        while stack:
            t = stack.pop()
            if type(t) is Var:
                counts[t] = counts.get(t, 0) + 1
            elif type(t) is Struct:
                args = t.args
                if type(args) is PackedArgs and type(args.store.items) is array:
                    stack.append(args.store.tail)  # integers: no variable before the tail
                else:
                    stack.extend(reversed(args))
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


def format_solution(
    values: dict[str, Term], max_depth: int = 0, ops: Operators | None = None
) -> dict[str, str]:
    """The bindings of one solution as text, variable name -> term, as SWI's toplevel shows them.

    A query variable left unbound is written by its own name and not listed
    (``X = f(Y, Y)``, not ``Y = _A``); other unbound variables are ``_`` or
    ``_A``, ``_B`` ... when they occur more than once.  ``max_depth`` cuts
    each term as :func:`depth_limited` does (0: the whole term).  ``ops`` is
    the operator table (the knowledge base's, with its ``op/3`` operators).
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
        shown[name] = format_term(depth_limited(value, max_depth), names, 699, ops)
    return shown


@dataclass(frozen=True)
class QueryAnswers:
    """The solutions of one query, as text (variable name -> term).

    ``solutions`` holds the whole terms (the JSON); ``shown`` the same
    answers as the toplevel prints them, cut to the answer depth (the text).
    """

    query: str
    solutions: tuple[dict[str, str], ...]
    variables: tuple[str, ...]
    shown: tuple[dict[str, str], ...] | None = None
    #: What the goal printed (``write/1``, ``format/2`` ...), when it was collected.
    output: str | None = None
    #: Per solution, the constraints left on its unbound variables (``X in 4..sup``).
    residuals: tuple[tuple[str, ...], ...] = ()

    @property
    def count(self) -> int:
        """How many solutions."""
        return len(self.solutions)

    def to_dict(self) -> dict[str, Any]:
        """``query``, ``solutions``, ``count``, and ``output`` when the printed text was kept."""
        result: dict[str, Any] = {
            "query": self.query,
            "solutions": list(self.solutions),
            "count": self.count,
        }
        if self.output is not None:
            result["output"] = self.output
        return result

    def report(self) -> list[str]:
        """The lines SWI-Prolog's toplevel would show (one per solution), then a count."""
        if not self.solutions:
            return ["false."]
        answers = self.solutions if self.shown is None else self.shown
        if not self.variables or not (any(answers) or any(self.residuals)):  # SWI's "true."
            return ["true."] if self.count == 1 else [f"true ({self.count} solutions)."]
        residuals = self.residuals or tuple(() for _ in answers)
        # a solution that binds no variable is "true" among the others, as in SWI-Prolog
        lines = [
            ", ".join([*(f"{n} = {v}" for n, v in s.items()), *goals]) or "true"
            for s, goals in zip(answers, residuals)
        ]
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
    input: TextIO | None = None,
    answer_depth: int = ANSWER_DEPTH,
    timeout: float | None = None,
    max_memory: int | None = None,
    keep_output: bool = False,
) -> QueryAnswers:
    """Every solution of ``goal`` (text) in ``kb``, formatted as SWI-Prolog's toplevel does.

    The goals of ``kb``'s directives and its initialization goals run first
    (:func:`symlearn.engine.program.run_program_goals`), as SWI-Prolog runs
    them when it loads the files.

    Variables whose names start with ``_`` are not shown, as in SWI-Prolog.
    ``input`` is what ``read/1``, ``get_char/1`` ... read (``end_of_file``
    without it).  ``output`` receives what ``write/1``, ``format/2`` ... print; with
    ``keep_output`` it is also collected into :attr:`QueryAnswers.output`
    (``symlearn query --json``).  The text
    (:meth:`QueryAnswers.report`) shows each answer to ``answer_depth``
    (10, as SWI-Prolog's toplevel; 0 for the whole term); the JSON is whole.

    Raises
    ------
    KBSyntaxError
        When the goal does not parse.
    PrologError, UnknownPredicateError, EngineLimitError
        From the engine (``timeout`` in seconds, ``max_memory`` in bytes).
    PrologHalt
        When the program calls ``halt/0,1``.
    """
    if not isinstance(kb, KnowledgeBase):
        raise InvalidParameterError(f"kb must be a KnowledgeBase (symlearn.load), not {kb!r}")
    term, variables = parse_term_with_variables(goal, "<goal>", kb.operators)
    collected = io.StringIO() if keep_output else None
    engine = Engine(
        kb,
        max_depth=max_depth,
        max_steps=max_steps,
        unknown=unknown,
        output=collected if collected is not None else output,
        input=input,
        timeout=timeout,
        max_memory=max_memory,
    )
    run_program_goals(engine, kb)
    visible = {name: var for name, var in variables.items() if not name.startswith("_")}
    values = []
    residuals = []
    for solution in engine.solve(term, limit):
        values.append({name: solution[var] for name, var in visible.items()})
        residuals.append(
            tuple(format_term(g, None, 999, kb.operators) for g in engine.residual_goals)
        )
    ops = kb.operators
    solutions = tuple(format_solution(v, ops=ops) for v in values)
    shown = tuple(format_solution(v, answer_depth, ops) for v in values) if answer_depth else None
    printed = None if collected is None else collected.getvalue()
    kept = tuple(residuals) if any(residuals) else ()
    return QueryAnswers(goal, solutions, tuple(visible), shown, printed, kept)
