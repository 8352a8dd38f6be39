r"""ProbLog's own clause forms and directives, as ProbLog's users write them.

The knowledge-base language reads ProbLog programs as ProbLog 2 does:

* ``Head <- Body`` is the clause ``Head :- Body``;
* ``P::\+Head :- Body`` (and ``\+Head :- Body``) is a *negative head*: when
  the body holds (and the choice with probability P is made) the head is
  false whatever its positive clauses say; it is kept as a probabilistic
  clause whose head is ``\+Head`` (the grounder gives it that meaning);
* ``h(G1, ..., avg<X>) :- Body`` is an aggregate: the clause
  ``h(G1, ..., R) :- aggregate(avg, X, [G1, ...], Body, ([G1, ...], R))``
  of ``library(aggregate)`` (loaded with it);
* ``query(\+A)`` asks P(not A); ``evidence(\+A)`` is ``evidence(A, false)``;
* the directives ``:- unknown(fail)`` (an undefined predicate fails instead of
  raising an error), ``:- consult(File)`` (read as ``:- include(File)``, within
  the same limits), ``:- use_module(library(Name))`` for ProbLog's Prolog
  libraries (:data:`LIBRARIES`: their clauses are added to the knowledge base),
  ``:- csv_load(File, Name)`` and ``:- sqlite_load(File)`` (the rows of a CSV
  file or of each table of an SQLite database as facts).

A knowledge base computes and nothing else: ProbLog's Python externals
(``:- use_module('lib.py')``, ``:- load_external(...)``) are refused with an
error that says so.

Functions
---------
clause_term, aggregate_clause, negative_head, library_text

Examples
--------
>>> from symlearn.kb.parser import parse_term
>>> print(clause_term(parse_term("a <- b, c")))
a:-b, c
>>> print(aggregate_clause(parse_term("s(D, avg<S>) :- salary(D, S)")))
s(D, R_):-aggregate(avg, S, [D], salary(D, S), ([D], R_))
"""

from __future__ import annotations

import importlib.resources
import os
import re
from pathlib import Path

from symlearn.files import note_input
from symlearn.kb import sources
from symlearn.kb.directives import DirectiveContext, register_directive
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, make_list

__all__ = [
    "LIBRARIES",
    "aggregate_clause",
    "clause_term",
    "library_text",
    "negative_head",
    "request_library",
]

#: ProbLog's Prolog libraries that add clauses (the others, ``lists``, ``apply``,
#: ``string``, are the query engine's own library predicates).
LIBRARIES = ("aggregate", "collect", "cut", "scope", "problog_lists")

#: The libraries each ``library(Name)`` loads.
_LIBRARY_OF = {
    "aggregate": ("problog_lists", "aggregate"),
    "collect": ("problog_lists", "aggregate", "collect"),
    "cut": ("cut",),
    "scope": ("scope",),
    "lists": ("problog_lists",),
    "db": (),  # csv_load/2 and sqlite_load/1 are directives here
}

#: The libraries ProbLog runs in Python; a knowledge base cannot.
_PYTHON_LIBRARIES = ("aproblog", "nlp4plp")

_EXTERNALS = (
    "ProbLog's Python externals are not supported: a symlearn knowledge base computes "
    "and nothing else (write the predicate in Prolog)"
)


def clause_term(term: Term) -> Term:
    """``Head <- Body`` as ``Head :- Body``; any other clause term as it is."""
    if type(term) is Struct and term.name == "<-" and len(term.args) == 2:
        return Struct(":-", term.args)
    return term


def _aggregate_position(head: Term) -> int | None:
    if type(head) is not Struct:
        return None
    for index, argument in enumerate(head.args):
        if type(argument) is Struct and argument.name == "$aggregate":
            return index
    return None


def aggregate_clause(term: Term) -> Term | None:
    """The clause of an aggregate head ``h(..., avg<X>) :- Body`` (None for any other clause).

    The head may be scoped (``scope1:h(..., avg<X>)``).  The aggregate must be
    the last argument, as in ProbLog.
    """
    head, body = term.args if type(term) is Struct and term.name == ":-" else (term, "true")
    scope = None
    if type(head) is Struct and head.name == ":" and len(head.args) == 2:
        scope, head = head.args
    position = _aggregate_position(head)
    if position is None:
        return None
    assert type(head) is Struct
    if position != len(head.args) - 1:
        raise ValueError(
            f"the aggregate {format_term(head.args[position])} must be the last argument "
            f"of {format_term(head)}"
        )
    function, variable = head.args[position].args  # type: ignore[union-attr]
    group = make_list(head.args[:-1])
    result = Var("R_")
    goal = Struct("aggregate", (function, variable, group, body, Struct(",", (group, result))))
    new_head: Term = Struct(head.name, (*head.args[:-1], result))
    if scope is not None:
        new_head = Struct(":", (scope, new_head))
    return Struct(":-", (new_head, goal))


def negative_head(head: Term) -> bool:
    r"""True for a ProbLog negative head ``\+H`` (or ``not H``)."""
    return type(head) is Struct and head.name in ("\\+", "not") and len(head.args) == 1


def library_text(name: str) -> str:
    """The Prolog text of one of :data:`LIBRARIES`."""
    folder = importlib.resources.files("symlearn.kb").joinpath("problog_libraries")
    return folder.joinpath(f"{name}.pl").read_text("utf-8")


def request_library(kb: KnowledgeBase, name: str) -> None:
    """Ask for ``library(name)``: the loader adds its clauses once the files are read."""
    requested = kb.declarations.setdefault("problog_libraries", [])
    for library in _LIBRARY_OF.get(name, ()):
        if library not in requested:
            requested.append(library)


def _module_name(context: DirectiveContext, spec: Term) -> str | None:
    """The library a ``use_module`` names; None for a file; an error for Python."""
    inner = spec.args[0] if type(spec) is Struct and spec.name == "library" else None
    name = inner if inner is not None else spec
    if type(name) is not str:
        return None
    if name.endswith(".py") or (inner is not None and name in _PYTHON_LIBRARIES):
        raise context.error(f"use_module({format_term(spec)}): {_EXTERNALS}")
    return name if inner is not None else None


@register_directive("use_module", 1)
def _use_module(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """A library's operators (SWI's ``clpfd``), and ProbLog's libraries' clauses."""
    name = _module_name(context, args[0])
    context.kb.operators.use_library(args[0])
    if name is not None:
        request_library(context.kb, name)


@register_directive("use_module", 2)
def _use_module_imports(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    _use_module(context, args[:1])


@register_directive("load_external", 1)
def _load_external(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    raise context.error(f"load_external/1: {_EXTERNALS}")


@register_directive("unknown", 1)
def _unknown(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """``:- unknown(fail)``: a call to an undefined predicate fails (``error``: it raises)."""
    if args[0] not in ("fail", "error"):
        raise context.error("unknown/1 expects fail or error, e.g. :- unknown(fail).")
    context.kb.settings["unknown"] = args[0]


@register_directive("consult", 1)
def _consult(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """ProbLog's ``:- consult(File)``: the file's clauses, read as ``:- include(File)``."""
    files = args[0]
    items: list[Term] = []
    while type(files) is Struct and files.name == "." and len(files.args) == 2:
        items.append(files.args[0])
        files = files.args[1]
    for item in items or [args[0]]:
        if type(item) is Struct and item.name == "library":
            _use_module(context, (item,))
        elif type(item) is not str:
            raise context.error("consult/1 expects a file name, e.g. :- consult('bk.pl').")
        else:
            context.include(item)


def _data_file(context: DirectiveContext, name: Term, what: str) -> Path:
    """The file a ``csv_load``/``sqlite_load`` names, within what an include may read."""
    if type(name) is not str:
        raise context.error(f"{what} expects a file name first, e.g. :- {what}('data', ...).")
    path = Path(name) if os.path.isabs(name) else context.base / name
    if not path.exists():
        raise context.error(f"{what}: cannot find {name} ({path})")
    refusal = sources.include_refusal(path, context.base)
    if refusal is not None:
        raise context.error(f"{what}: {refusal}")
    context.kb.sources.append(str(path))  # an input: -o will not replace it
    note_input(path)
    return path


_NOT_NAME = re.compile(r"[^a-zA-Z0-9_]")


def _cell(text: str, kind: type) -> Term:
    if kind is str:
        return text.strip()
    return kind(text)


def _column_kind(text: str) -> type:
    for kind in (int, float):
        try:
            kind(text)
        except ValueError:
            continue
        return kind
    return str


@register_directive("csv_load", 2)
def _csv_load(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """``:- csv_load(File, Name)``: each row after the header a fact ``Name(Cell, ...)``.

    As ProbLog's ``library(db)``: a column is an integer, a float or an atom
    as its first row says; text is stripped of surrounding blanks.
    """
    import csv  # only for this directive

    path = _data_file(context, args[0], "csv_load")
    name = args[1]
    if type(name) is not str:
        raise context.error("csv_load/2 expects a predicate name second")
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = [row for row in csv.reader(handle) if row]
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise context.error(f"csv_load: cannot read {path}: {error}") from None
    if len(rows) < 2:
        return
    header = [_NOT_NAME.sub("", field) for field in rows[0]]
    kinds = [_column_kind(cell.strip()) for cell in rows[1]]
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise context.error(
                f"csv_load: {path}:{number} has {len(row)} cells, the header {len(header)}"
            )
        try:
            cells = tuple(_cell(cell, kind) for cell, kind in zip(row, kinds))
        except ValueError:
            raise context.error(
                f"csv_load: {path}:{number}: a cell is not of its column's type "
                f"({', '.join(k.__name__ for k in kinds)})"
            ) from None
        context.add_fact(Struct(name, cells))


@register_directive("sqlite_load", 1)
def _sqlite_load(context: DirectiveContext, args: tuple[Term, ...]) -> None:
    """``:- sqlite_load(File)``: each table of the database a predicate of its rows."""
    import sqlite3

    path = _data_file(context, args[0], "sqlite_load")
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            tables = [
                row[0]
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            ]
            for table in tables:
                quoted = '"' + table.replace('"', '""') + '"'
                for row in connection.execute(f"SELECT * FROM {quoted}"):
                    context.add_fact(Struct(table, tuple(_sql_value(v) for v in row)))
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise context.error(f"sqlite_load: cannot read {path}: {error}") from None


def _sql_value(value: object) -> Term:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)
