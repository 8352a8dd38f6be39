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

from symlearn.logic.terms import Struct, Var

__all__ = ["Sample", "Selection", "choose", "key"]

#: A bucket selects by an argument when it saves at least this many clauses
#: tried on backtracking per call (:func:`_gain`; finding the value's class
#: costs ~0.2 µs, a clause tried on backtracking ~1 µs).
_MIN_SCORE = 0.4


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
        self.counted: dict[int, Counter[Any]] = {}

    def counts(self, position: int) -> Counter[Any] | None:
        """How many sampled calls had each key at argument ``position`` (None: unknown)."""
        found = self.counted.get(position)
        if found is None and self.values is not None and self.calls:
            found = self.counted[position] = Counter(
                None if v is None else key(v) for v in self.values[position :: self.arity]
            )
        return found

    def seal(self) -> Sample:
        """Drop the run-time terms, keeping the counts made so far; the sample itself."""
        self.values = None
        return self


def _key(entry: Any, position: int) -> tuple[str, object] | None:
    """What a clause's head demands of argument ``position``."""
    return key(entry.clause.head.args[position])


class Selection:
    """How a bucket's clauses are selected by the value of argument ``position``.

    ``constants`` and ``functors`` map the values the clauses name (a
    functor by its name) to their class (2, 3 ...); ``compatible[c][i]`` says
    whether clause ``i`` may match a call of class ``c``.
    """

    __slots__ = ("compatible", "constants", "entries", "functors", "position")

    def __init__(self, entries: Sequence[Any], position: int) -> None:
        self.entries = list(entries)
        self.position = position
        self.constants: dict[object, int] = {}
        self.functors: dict[str, int] = {}
        keys = [_key(entry, position) for entry in entries]
        classes: list[tuple[str, object]] = []
        for key in keys:
            if key is None:
                continue
            table: dict[Any, int] = self.functors if key[0] == "f" else self.constants
            if key[1] not in table:
                table[key[1]] = 2 + len(classes)
                classes.append(key)
        # (equal Python values share a class: every clause naming one of them stays)
        self.compatible = [
            [True] * len(keys),
            [key is None for key in keys],
            *[[key is None or key == value for key in keys] for value in classes],
        ]

    def key_code(self, writer: Any, indent: int) -> None:
        """Lines setting ``sk`` to the class of the call's argument."""
        emit = writer.emit
        emit(indent, f"sk = a{self.position}")
        emit(indent, "while sk.__class__ is Ref:")
        emit(indent + 1, "t = sk.value")
        emit(indent + 1, "if t is None: break")
        emit(indent + 1, "sk = t")
        functors = writer.constant(self.functors)
        constants = writer.constant(self.constants)
        emit(indent, "if sk.__class__ is Ref: sk = 0")
        emit(indent, f"elif sk.__class__ is Struct: sk = {functors}.get(sk.name, 1)")
        emit(indent, f"else: sk = {constants}.get(sk, 1)")

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


def _gain(entries: Sequence[Any], keys: list[Any], value: object) -> float:
    """What selecting by a call's ``value`` saves, in clauses tried on backtracking.

    A clause excluded after one that may match and does not commit would be
    tried when the machine backtracks into the choicepoint (or keep it
    alive): 1; one excluded before, tried and failing at once in the
    bucket's code (about as dear as finding the value's class): 0.1.
    """
    if value is None:
        return 0.0
    gain = 0.0
    open_choice = False  # an earlier clause may match and leave a choicepoint
    for entry, key in zip(entries, keys):
        if key is not None and key != value:
            gain += 1.0 if open_choice else 0.1
        elif not entry.neck_cut:
            open_choice = True
    return gain


def choose(entries: Sequence[Any], sample: Sample | None) -> Selection | None:
    """The argument (other than the first) to select ``entries`` by, or None.

    ``sample`` counts the keys (:func:`key`) of some warming-up calls'
    arguments: the argument whose values there exclude the most clauses per
    call (:func:`_gain`) is chosen when it excludes enough.  Only an argument
    where the clauses name two values or more is considered, so that every
    bound value excludes a clause (a sample of a few calls may mislead:
    chat_parser's ``terminal/5`` warms up on calls that the one value its
    clauses name there excludes, then is called with that value nine times
    in ten).
    """
    if len(entries) < 2 or sample is None or not sample.calls:
        return None
    best, best_score = 0, 0.0
    for position in range(1, sample.arity):
        keys = [_key(entry, position) for entry in entries]
        if len({key for key in keys if key is not None}) < 2:
            continue  # a call of the one value named there would pay for nothing
        values = sample.counts(position)
        if values is None:
            continue
        score = sum(_gain(entries, keys, v) * n for v, n in values.items()) / sample.calls
        if score > best_score:
            best, best_score = position, score
    if best_score < _MIN_SCORE:
        return None
    return Selection(entries, best)
