"""Clause selection by an argument other than the first, inside a switch's buckets.

A first-argument switch (:mod:`symlearn.engine.switches`) leaves a bucket of
several clauses when their first head arguments do not tell them apart
(grammar rules ``quant(B, indef, ...)``, ``quant(the, def, ...)``, facts
``anot(X, 0, X). anot(X, 1, 0).``).  As SWI-Prolog's just-in-time
multi-argument indexing picks the argument of a call that tells clauses
apart when the first does not, a bucket chooses one more argument
(:func:`choose`: the one whose head values exclude the most clauses per
call over a sample of the warming-up calls) and, per
call, the *class* of its value: ``0`` free, ``1`` bound to a value no clause
names, ``2`` ... one per constant or functor name the clauses name there.
A clause whose head names another value there cannot match, so

* it is skipped when its turn comes in the bucket, and
* the choicepoint left after a clause that succeeded holds only the later
  clauses that can match (none: no choicepoint, the call is deterministic);
* a bucket tried with ``try_clauses`` tries only those.

The argument may also be a *path* into one (:data:`Path`): chat_parser's
``terminal/5`` is told apart by the second argument of its fourth argument's
``x/4`` (``terminal`` in the first clause, which most calls, passing
``nonterminal`` there, would try and fail), reducer's ``t_redex/2`` by how
its first argument's list ends (``[X, G, F, K|sp]``, ``[Y, X|k]``, ...).  A
call whose term along the path is not the compound the clauses name there
is of class ``1`` (the clauses that name a value there cannot match it); a
clause whose head has a variable along the path, or another compound, admits
every call (its own code tells).

Values are compared as the first-argument index compares them (Python
equality: ``1`` and ``1.0`` fall in one class, so both clauses stay
candidates and their code tells them apart); a compound's class is its name
(the clause code checks the arity).  Selecting never drops a clause that
could match, so answers and their order are those of trying every clause.

Functions and classes
---------------------
Sample, Selection, choose, key
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from symlearn.engine.runtime import Ref
from symlearn.logic.terms import Struct, Var

__all__ = ["Path", "Sample", "Selection", "choose", "key"]

#: An argument (its position), or a path into one: the position, then per step
#: the name, arity and argument index of the compound the path goes through.
Path = int | tuple[Any, ...]
#: The key of a call whose term along a path is not the compound named there.
_ELSEWHERE = ("x", None)
#: Paths go at most this many compounds deep, and a bucket weighs at most this many.
_MAX_STEPS = 4
_MAX_PATHS = 24

#: A bucket selects by an argument when it saves at least this many clauses
#: tried on backtracking per call (:func:`_gain`; finding the value's class
#: costs ~0.2 µs, a clause tried on backtracking ~1 µs).
_MIN_SCORE = 0.4
#: What a step down a path costs, in clauses tried (a compound's test and argument),
#: and what one more path must save.
_STEP_COST = 0.1
_PATH_COST = 0.2
#: A clause excluded before the first that may match saves this much in a
#: bucket of more than ``_INLINE_SIZE`` clauses (``try_clauses`` calls its function).
_TRIED_COST = 0.6
_INLINE_SIZE = 4
#: At most this many classes (the product of the paths' classes).
_MAX_CLASSES = 256


def key(term: Any) -> tuple[str, object] | None:
    """A term's key at an argument (None for a variable): ``("f", name)`` or ``("c", value)``.

    (A call's dereferenced arguments are keyed so: :class:`Sample`.)
    """
    if type(term) is Var:
        return None
    if type(term) is Struct:
        return ("f", term.name)
    return ("c", term)


class Sample:
    """The values some warming-up calls passed at each argument, counted by key.

    ``values`` lists the sampled calls' dereferenced arguments one after the
    other (None for a free one), as the warming-up code appends them; an
    argument's values are keyed and counted when a bucket first asks
    (:meth:`counts`).  :meth:`seal` keeps only the counts asked for (a sample
    kept for the next engine holds no run-time terms): the same switch asks
    for the same arguments.
    """

    __slots__ = ("arity", "calls", "counted", "values")

    def __init__(self, values: list[Any], arity: int, most: int) -> None:
        start = max(0, len(values) - most * arity) if arity else 0
        start -= start % arity if arity else 0
        self.values: list[Any] | None = values[start:]
        self.arity = arity
        self.calls = len(self.values) // arity if arity else 0
        self.counted: dict[Path, Counter[Any]] = {}

    def counts(self, position: Path) -> Counter[Any] | None:
        """How many sampled calls had each key at argument (or path) ``position`` (None: unknown).

        ``("+", path, path, ...)`` counts the keys at several paths together.
        """
        found = self.counted.get(position)
        if found is None and self.values is not None and self.calls:
            if type(position) is tuple and position[0] == "+":
                found = Counter(zip(*(self._keys(path) for path in position[1:])))
            else:
                found = Counter(self._keys(position))
            self.counted[position] = found
        return found

    def _keys(self, path: Path) -> list[Any]:
        """The sampled calls' keys at ``path``, in order."""
        assert self.values is not None
        if isinstance(path, int):
            return [None if v is None else key(v) for v in self.values[path :: self.arity]]
        return [_call_key(v, path[1:]) for v in self.values[path[0] :: self.arity]]

    def seal(self) -> Sample:
        """Drop the run-time terms, keeping the counts made so far; the sample itself."""
        self.values = None
        return self


def _call_key(value: Any, steps: tuple[Any, ...]) -> tuple[str, object] | None:
    """The key of a sampled call's (dereferenced) argument ``value`` along ``steps``."""
    for name, arity, index in steps:
        if value is None:
            return None
        if value.__class__ is not Struct or value.name != name or len(value.args) != arity:
            return _ELSEWHERE
        value = value.args[index]
        while value.__class__ is Ref:
            value = value.value
    return None if value is None else key(value)


def _key(entry: Any, position: Path) -> tuple[str, object] | None:
    """What a clause's head demands of argument (or path) ``position``."""
    if isinstance(position, int):
        return key(entry.clause.head.args[position])
    term = entry.clause.head.args[position[0]]
    for name, arity, index in position[1:]:
        if type(term) is not Struct or term.name != name or len(term.args) != arity:
            return None  # a variable, or another term: the clause's code tells
        term = term.args[index]
    return key(term)


def _paths(entries: Sequence[Any], arity: int) -> list[tuple[Any, ...]]:
    """The paths (at most ``_MAX_PATHS``) to a constant or compound inside some clause's head."""
    found: dict[tuple[Any, ...], None] = {}
    for entry in entries:
        head = entry.clause.head
        stack: list[tuple[tuple[Any, ...], Any]] = [
            ((position,), head.args[position]) for position in reversed(range(arity))
        ]
        while stack:
            path, term = stack.pop()
            if type(term) is not Struct or len(path) > _MAX_STEPS:
                continue
            for index in reversed(range(len(term.args))):
                inner = (*path, (term.name, len(term.args), index))
                if type(term.args[index]) is not Var:
                    found[inner] = None
                    stack.append((inner, term.args[index]))
    return list(found)[:_MAX_PATHS]


class Selection:
    """How a bucket's clauses are selected by the values at argument(s) or path(s) ``position``.

    For each path, ``constants`` and ``functors`` map the values the clauses
    name there (a functor by its name) to their class (2, 3 ...); a call's
    class combines the paths' classes (the first path's class, plus the
    second's times the first's number of classes, ...), and
    ``compatible[c][i]`` says whether clause ``i`` may match a call of class
    ``c`` (it may at every path).
    """

    __slots__ = ("compatible", "constants", "entries", "functors", "parts", "position")

    def __init__(self, entries: Sequence[Any], position: Path | list[Path]) -> None:
        self.entries = list(entries)
        positions = position if isinstance(position, list) else [position]
        self.position = positions[0]
        #: Per path: the path, its functors' and constants' classes, its compatibility rows.
        self.parts = [(path, *_classes(self.entries, path)) for path in positions]
        _, self.functors, self.constants, _ = self.parts[0]
        self.compatible = [[True] * len(self.entries)]
        for _, _, _, rows in self.parts:
            self.compatible = [
                [a and b for a, b in zip(row, earlier)]
                for row in rows
                for earlier in self.compatible
            ]

    def key_code(self, writer: Any, indent: int) -> None:
        """Lines setting ``sk`` to the class of the call (its values at the paths)."""
        stride = 1
        for number, (path, functors, constants, rows) in enumerate(self.parts):
            _class_code(writer, indent, path, functors, constants)
            if len(self.parts) > 1:
                writer.emit(indent, "sc = sk" if number == 0 else f"sc += sk * {stride}")
            stride *= len(rows)
        if len(self.parts) > 1:
            writer.emit(indent, "sk = sc")

    def excluded_mask(self, i: int) -> int:
        """The classes (as bits) for which clause ``i`` cannot match."""
        return sum(1 << c for c, row in enumerate(self.compatible) if not row[i])

    def candidates(self) -> list[list[Any]]:
        """Per class, the clauses that may match, in order."""
        return [[e for e, ok in zip(self.entries, row) if ok] for row in self.compatible]

    def later(self, i: int) -> list[list[Any] | None] | None:
        """Per class, the clauses after ``i`` that may match (None: none); None if all may."""
        after = self.entries[i + 1 :]
        rows = [row[i + 1 :] for row in self.compatible]
        if all(all(row) for row in rows):
            return None
        return [[e for e, ok in zip(after, row) if ok] or None for row in rows]


def _classes(
    entries: list[Any], path: Path
) -> tuple[dict[str, int], dict[object, int], list[list[bool]]]:
    """The classes of the values ``entries`` name at ``path``, and per class who may match."""
    constants: dict[object, int] = {}
    functors: dict[str, int] = {}
    keys = [_key(entry, path) for entry in entries]
    classes: list[tuple[str, object]] = []
    for key in keys:
        if key is None:
            continue
        table: dict[Any, int] = functors if key[0] == "f" else constants
        if key[1] not in table:
            table[key[1]] = 2 + len(classes)
            classes.append(key)
    # (equal Python values share a class: every clause naming one of them stays)
    rows = [
        [True] * len(keys),
        [key is None for key in keys],
        *[[key is None or key == value for key in keys] for value in classes],
    ]
    return functors, constants, rows


def _class_code(
    writer: Any, indent: int, path: Path, functors: dict[str, int], constants: dict[object, int]
) -> None:
    """Lines setting ``sk`` to the class of the call's value at ``path``."""
    emit = writer.emit
    steps = () if isinstance(path, int) else path[1:]
    emit(indent, f"sk = a{path if isinstance(path, int) else path[0]}")
    for name, arity, index in steps:  # down the path: 0 at a free variable, else 1
        _deref_key(emit, indent)
        emit(indent, "if sk.__class__ is Ref: sk = 0")
        test = f"sk.__class__ is not Struct or sk.name != {writer.constant(name)}"
        emit(indent, f"elif {test} or len(sk.args) != {arity}: sk = 1")
        emit(indent, "else:")
        indent += 1
        emit(indent, f"sk = sk.args[{index}]")
    _deref_key(emit, indent)
    emit(indent, "if sk.__class__ is Ref: sk = 0")
    emit(indent, f"elif sk.__class__ is Struct: sk = {writer.constant(functors)}.get(sk.name, 1)")
    emit(indent, f"else: sk = {writer.constant(constants)}.get(sk, 1)")


def _deref_key(emit: Any, indent: int) -> None:
    """Lines dereferencing ``sk``."""
    emit(indent, "while sk.__class__ is Ref:")
    emit(indent + 1, "t = sk.value")
    emit(indent + 1, "if t is None: break")
    emit(indent + 1, "sk = t")


def _gain(entries: Sequence[Any], keys: list[list[Any]], values: tuple[Any, ...]) -> float:
    """What selecting by a call's ``values`` (one per path) saves, in clauses tried.

    A clause excluded after one that may match and does not commit would be
    tried when the machine backtracks into the choicepoint (or keep it
    alive): 1; one excluded before, tried and failing at once in the
    bucket's code (about as dear as finding the value's class): 0.1, or
    ``_TRIED_COST`` in a bucket too large to be written inline (its clauses'
    functions are called in turn).  ``keys[i]`` holds what clause ``i``
    demands at each path.
    """
    before = 0.1 if len(entries) <= _INLINE_SIZE else _TRIED_COST
    gain = 0.0
    open_choice = False  # an earlier clause may match and leave a choicepoint
    for entry, demands in zip(entries, keys):
        if any(k is not None and v is not None and k != v for k, v in zip(demands, values)):
            gain += 1.0 if open_choice else before
        elif not entry.neck_cut:
            open_choice = True
    return gain


def _score(entries: Sequence[Any], sample: Sample, paths: list[Path]) -> float | None:
    """The mean gain of selecting by ``paths`` over the sampled calls, less the paths' cost."""
    counts = sample.counts(("+", *paths) if len(paths) > 1 else paths[0])
    if counts is None:
        return None
    keys = [[_key(entry, path) for path in paths] for entry in entries]
    joint = len(paths) > 1
    gain = sum(_gain(entries, keys, v if joint else (v,)) * n for v, n in counts.items())
    cost = sum(0.0 if isinstance(p, int) else _STEP_COST * (len(p) - 1) for p in paths)
    return gain / sample.calls - cost - _PATH_COST * (len(paths) - 1)


def choose(entries: Sequence[Any], sample: Sample | None) -> Selection | None:
    """The arguments (other than the first) or paths into them to select ``entries`` by, or None.

    ``sample`` counts the keys (:func:`key`) of some warming-up calls'
    arguments: the argument whose values there exclude the most clauses per
    call (:func:`_gain`) is chosen when it excludes enough.  Only an argument
    where the clauses name two values or more is considered, so that every
    bound value excludes a clause (a sample of a few calls may mislead:
    chat_parser's ``terminal/5`` warms up on calls that the one value its
    clauses name there excludes, then is called with that value nine times
    in ten).

    A bucket too large to be written inline (its clauses' functions are
    called in turn: each clause excluded saves a call) may also select by
    paths (:data:`Path`) into arguments, the first one included, where the
    clauses name one value or more along it (a call of another compound there
    excludes them too); each step down a path costs ``_STEP_COST`` clauses a
    call.  Paths (or arguments) are added one at a time while each saves
    another ``_PATH_COST`` clauses a call (reducer's ``t_redex/2``: how its
    list ends after one, two and three elements), up to ``_MAX_CLASSES``
    classes.  (In an inline bucket, where a clause excluded before the first
    that may match saves little, a path into a term that warming-up calls
    bound and later calls leave free cost meta_qsort 1.7 % instructions.)
    """
    if len(entries) < 2 or sample is None or not sample.calls:
        return None
    usable: list[Path] = []
    large = len(entries) > _INLINE_SIZE
    for position in [*range(1, sample.arity), *(_paths(entries, sample.arity) if large else ())]:
        named = len({key for key in (_key(entry, position) for entry in entries) if key})
        if named >= (2 if isinstance(position, int) else 1):
            usable.append(position)
    chosen: list[Path] = []
    best_score = 0.0
    while usable:
        scored = [(_score(entries, sample, [*chosen, path]), path) for path in usable]
        score, path = max(((s, p) for s, p in scored if s is not None), default=(None, 0))
        if score is None or score <= best_score or (chosen and score < best_score + _PATH_COST):
            break
        if chosen and not large:
            break
        classes = _class_count([*chosen, path], entries)
        if classes > _MAX_CLASSES:
            break
        chosen.append(path)
        best_score = score
        usable.remove(path)
    if not chosen or best_score < _MIN_SCORE:
        return None
    return Selection(entries, chosen if len(chosen) > 1 else chosen[0])


def _class_count(paths: list[Path], entries: Sequence[Any]) -> int:
    """How many classes a call of ``entries`` may fall in when selected by ``paths``."""
    count = 1
    for path in paths:
        count *= 2 + len({key for key in (_key(entry, path) for entry in entries) if key})
    return count
