"""SWI-Prolog's recorded database: ``recorda/2,3``, ``recordz/2,3``, ``recorded/2,3``, ``erase/1``.

Each engine keeps, per key, a list of terms (copies, as ``assertz/1``
copies a clause).  A key is an atom or a number, or a compound term of which
only the name and arity count (``f(a)`` and ``f(b)`` are the same key).
``recorda`` adds at the front and ``recordz`` at the end; ``recorded``
enumerates the records of a key (of every key, in the order the keys were
first used, when it is unbound); the reference ``'$record'(N)`` that the
three-argument forms give is what ``erase/1`` removes.

Functions
---------
records_of
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from symlearn.engine.arithmetic import instantiation_error, type_error
from symlearn.engine.builtins import det, nondet, unify_terms
from symlearn.engine.runtime import Ref, RTerm, deref, fresh_ref, resolve, to_runtime
from symlearn.logic.terms import Struct, Term

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["records_of"]

#: One record: its number (its reference) and the term recorded.
Record = tuple[int, Term]

_RECORDS: WeakKeyDictionary[Engine, dict[object, list[Record]]] = WeakKeyDictionary()
_NUMBERS = itertools.count(1)


def records_of(engine: Engine) -> dict[object, list[Record]]:
    """The engine's recorded database: each key's records, in order."""
    found = _RECORDS.get(engine)
    if found is None:
        found = _RECORDS[engine] = {}
    return found


def _key(term: RTerm) -> object:
    """The database key of a bound key term (a compound's name and arity)."""
    key = deref(term)
    if type(key) is Ref:
        raise instantiation_error()
    if type(key) is Struct:
        return (key.name, len(key.args))
    if type(key) in (str, int, float):
        return key
    raise type_error("key", resolve(key))


def _key_term(key: object) -> RTerm:
    """A key as a term: the atom or number, or a compound of fresh arguments."""
    if type(key) is tuple:
        name, arity = key
        return Struct(name, tuple(fresh_ref() for _ in range(arity)))  # type: ignore[misc]
    return key


def _record(at_front: bool) -> object:
    def record(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        key = _key(args[0])
        number = next(_NUMBERS)
        records = records_of(engine).setdefault(key, [])
        entry = (number, resolve(args[1]))
        if at_front:
            records.insert(0, entry)
        else:
            records.append(entry)
        return len(args) == 2 or unify_terms(engine, args[2], Struct("$record", (number,)))

    return record


for _arity in (2, 3):
    det("recorda", _arity)(_record(at_front=True))  # type: ignore[arg-type]
    det("recordz", _arity)(_record(at_front=False))  # type: ignore[arg-type]


@nondet("recorded", 2)
@nondet("recorded", 3)
def _recorded(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    database = records_of(engine)
    key_term = deref(args[0])
    keys = list(database) if type(key_term) is Ref else [_key(key_term)]
    for key in keys:
        for number, term in list(database.get(key, ())):
            mark = len(engine.trail)
            if (
                unify_terms(engine, args[0], _key_term(key))
                and unify_terms(engine, args[1], to_runtime(term, {}))
                and (len(args) == 2 or unify_terms(engine, args[2], Struct("$record", (number,))))
            ):
                yield
            engine._undo(mark)


@det("erase", 1)
def _erase(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    reference = deref(args[0])
    if type(reference) is Ref:
        raise instantiation_error()
    is_record = type(reference) is Struct and reference.name == "$record"
    if not (is_record and len(reference.args) == 1):
        raise type_error("db_reference", resolve(reference))
    number = deref(reference.args[0])
    for records in records_of(engine).values():
        for i, (found, _) in enumerate(records):
            if found == number:
                del records[i]
                return True
    return False
