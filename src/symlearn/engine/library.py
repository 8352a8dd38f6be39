"""The engine's library predicates (``member/2``, ``append/3`` ...), written in ``library.pl``.

They are ordinary Prolog clauses, kept in a knowledge base of their own; a
user's knowledge base that defines a predicate of the same name and arity
replaces the library's definition, as in SWI-Prolog.

Reading ``library.pl`` with the Prolog reader costs 40 ms on an idle machine
(0.1-0.2 s on a busy one), in every process that runs a query.  The clauses
are therefore shipped read: ``python -m symlearn.engine.library`` writes
them, once, to ``library.clauses.json`` beside ``library.pl`` in the package,
and :func:`library` builds the knowledge base from that file with
:func:`json.loads` (plain data: nothing in it runs) in about 3 ms.  The JSON
file records the text of ``library.pl`` it was read from (the text itself
rather than a digest: comparing it needs no ``hashlib``); when the two differ
(``library.pl`` was edited), or the file is missing or unreadable, the
library is read from ``library.pl`` as before, so a stale file costs time and
never gives a different answer.  ``tests/engine/test_library_clauses.py``
fails until the file is written again, and checks that the clauses built from
it are the reader's.  Nothing is written at run time: a read-only install
reads the shipped file.

The terms are stored as JSON values: an atom as a string, a number as a
number, a compound term as ``[name, arg1, ..., argN]``, the clause's variable
number ``i`` as ``[i]`` and a string object as ``[null, text]``.

Functions
---------
library, library_predicates, compiled_text, write_compiled
"""

from __future__ import annotations

import importlib.resources
import json
from functools import lru_cache
from typing import Any

from symlearn.kb.knowledge_base import KnowledgeBase, PositionList, Predicate
from symlearn.logic.clauses import Clause
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import PString, Struct, Term, Var

__all__ = ["compiled_text", "library", "library_predicates", "write_compiled"]

#: The library's source and its clauses as read, in the package ``symlearn.kb``.
SOURCE_FILE = "library.pl"
COMPILED_FILE = "library.clauses.json"
#: The layout of the JSON file; a file of another version is not used.
FORMAT = 1


@lru_cache(maxsize=1)
def library() -> KnowledgeBase:
    """The library knowledge base (built once, from the stored clauses when they are current)."""
    text = _package_file(SOURCE_FILE)
    assert text is not None, "library.pl is part of the package"
    stored = _stored(text)
    if stored is not None:
        return stored
    return _read(text)


def library_predicates() -> set[tuple[str, int]]:
    """The public library predicates (names not starting with ``$``)."""
    return {key for key in library().predicates if not key[0].startswith("$")}


def _package_file(name: str) -> str | None:
    try:
        return importlib.resources.files("symlearn.kb").joinpath(name).read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _read(text: str) -> KnowledgeBase:
    """The library read from its text by the Prolog reader."""
    from symlearn.kb.loader import loads

    return loads(text, path=SOURCE_FILE)


def _stored(text: str) -> KnowledgeBase | None:
    """The library built from the stored clauses; None unless they were read from ``text``."""
    stored = _package_file(COMPILED_FILE)
    if stored is None:
        return None
    try:
        document = json.loads(stored)
        if document.get("format") != FORMAT or document.get("source") != text:
            return None
        return _knowledge_base(document["predicates"])
    except (ValueError, KeyError, TypeError, IndexError):  # damaged: read the source instead
        return None


def _knowledge_base(predicates: list[list[Any]]) -> KnowledgeBase:
    kb = KnowledgeBase()
    for name, arity, dynamic, clauses in predicates:
        kb.predicates[(name, arity)] = _StoredPredicate(name, arity, dynamic, clauses)
    return kb


#: The base class's slots, which the properties of :class:`_StoredPredicate` fill.
_CLAUSES: Any = Predicate.__dict__["clauses"]
_POSITIONS: Any = Predicate.__dict__["positions"]


class _StoredPredicate(Predicate):
    """A library predicate whose clauses are built from the stored ones when first used.

    A query calls a handful of the library's ~180 predicates; building all their
    clauses at start-up cost ~3 ms in every process.  Building them adds no
    modification (the clauses are the library's from the start).
    """

    __slots__ = ("_stored",)

    def __init__(self, name: str, arity: int, dynamic: bool, stored: list[Any]) -> None:
        self._stored: list[Any] | None = None
        super().__init__(name, arity)
        self.dynamic = dynamic
        self._stored = stored

    def _build(self) -> None:
        stored, self._stored = self._stored, None
        assert stored is not None
        clauses: list[Clause] = _CLAUSES.__get__(self)
        positions: PositionList = _POSITIONS.__get__(self)
        for line, column, names, head, body in stored:
            variables = [Var(n) for n in names]
            clauses.append(Clause(_term(head, variables), [_term(g, variables) for g in body]))
            positions.append(None if line is None else SourcePosition(SOURCE_FILE, line, column))

    @property
    def clauses(self) -> list[Clause]:
        if self._stored is not None:
            self._build()
        return _CLAUSES.__get__(self)

    @clauses.setter
    def clauses(self, value: list[Clause]) -> None:
        _CLAUSES.__set__(self, value)

    @property
    def positions(self) -> PositionList:
        if self._stored is not None:
            self._build()
        return _POSITIONS.__get__(self)

    @positions.setter
    def positions(self, value: PositionList) -> None:
        _POSITIONS.__set__(self, value)


def _term(value: Any, variables: list[Var]) -> Term:
    if type(value) is list:
        first = value[0]
        if type(first) is int:
            return variables[first]
        if first is None:
            return PString(value[1])
        return Struct(first, tuple([_term(v, variables) for v in value[1:]]))
    if type(value) is str or type(value) is int or type(value) is float:
        return value
    raise TypeError(f"not a stored term: {value!r}")


# -- writing the stored clauses (a maintenance command) ---------------------------------------


def compiled_text(text: str) -> str:
    """The JSON text of the library read from ``text`` (what :data:`COMPILED_FILE` holds)."""
    kb = _read(text)
    predicates = []
    for (name, arity), predicate in kb.predicates.items():
        clauses = []
        for clause, position in zip(predicate.clauses, predicate.positions):
            variables = {id(v): i for i, v in enumerate(clause.variables)}
            names = [v.name for v in clause.variables]
            line, column = (None, None) if position is None else (position.line, position.column)
            head = _value(clause.head, variables)
            body = [_value(g, variables) for g in clause.body]
            clauses.append([line, column, names, head, body])
        predicates.append([name, arity, predicate.dynamic, clauses])
    rows = ",\n".join(json.dumps(p, separators=(",", ":")) for p in predicates)
    head = f'{{"format": {FORMAT},\n"source": {json.dumps(text)},\n"predicates": [\n'
    return head + rows + "\n]}\n"  # a predicate a line: a readable diff


def _value(term: Term, variables: dict[int, int]) -> Any:
    if type(term) is Var:
        return [variables[id(term)]]
    if type(term) is Struct:
        return [term.name, *(_value(a, variables) for a in term.args)]
    if type(term) is PString:
        return [None, term.value]
    if type(term) is str or type(term) is int or type(term) is float:
        return term
    raise TypeError(f"cannot store {type(term).__name__} in the library's clauses")


def write_compiled() -> str:
    """Write :data:`COMPILED_FILE` from ``library.pl`` in this checkout; returns its path."""
    target = importlib.resources.files("symlearn.kb").joinpath(COMPILED_FILE)
    source = _package_file(SOURCE_FILE)
    assert source is not None
    with importlib.resources.as_file(target) as path:
        path.write_text(compiled_text(source), encoding="utf-8")
        return str(path)


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    print(f"wrote {write_compiled()}")
