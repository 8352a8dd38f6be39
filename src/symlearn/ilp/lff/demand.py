"""Testing a recursive program: its least model, only where the examples demand it.

A recursive program such as ``f(A,B) :- tail(A,C), f(C,D), succ(D,B)``
calls the target with some arguments bound (``C``) and others to be found
(``D``).  :func:`demanded_answers` evaluates it as tabled resolution does
(SLG: Tamaki and Sato 1986; Chen and Warren 1996), over symbol codes:

* the examples are the first *calls*, every argument bound;
* a call is answered by each clause: the head's bound arguments set from
  the call, the body solved left to right; at the clause's call of the
  target, the values of its bound arguments are a call in their turn, and
  the clause waits there as a *consumer* of that call's answers;
* every answer of a call (a ground head tuple) is given to the consumers
  waiting on it, which go on with the rest of their body;
* when no call and no answer is new, the answers are the atoms of the least
  model that the calls reach (the fixpoint of the demanded part of T_P).

Background literals are answered one binding at a time by :class:`Oracle`:
from an index of a predicate's ground facts, or by the query engine for a
predicate defined by rules, each answer kept for the next time it is asked.
The examples of a recursive task are few and small, so a binding at a time
in plain Python costs less here than the set-at-a-time joins tuned for
large tables.

An example is proved when it is an answer.  A program whose calls never end
(``f(A) :- succ(A,B), f(B)`` climbing for ever) passes the bound on steps:
the examples it proved by then are proved, the others are not (Popper's
``eval_timeout`` makes the same call).  A clause this cannot evaluate (a
head argument not bound by its body, a background answer that is not
ground, a negated call of the target, two calls of the target) makes it
answer None.

Classes and functions
---------------------
Oracle, Demanded, demanded_answers

References
----------
Tamaki, H. and Sato, T. (1986).  OLD resolution with tabulation.  ICLP '86.
Chen, W. and Warren, D. S. (1996).  Tabled evaluation with delaying for
general logic programs.  JACM 43(1).
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.errors import EngineLimitError, PrologError
from symlearn.ilp.coverage import Coverage
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import (
    EMPTY_LIST,
    LIST_FUNCTOR,
    PackedArgs,
    Struct,
    Term,
    Var,
    are_distinct_variables,
    functor_of,
    is_ground,
    list_items,
    packed_list,
)

__all__ = ["Demanded", "NotEvaluable", "Oracle", "demanded_answers"]

_Row = tuple[int, ...]
#: which arguments of a call are bound
Pattern = tuple[bool, ...]


class NotEvaluable(Exception):
    """The program cannot be evaluated answer by answer (a non-ground answer, ...)."""


class Oracle:
    """Answers of background literals for one binding of their inputs, kept once found.

    Parameters
    ----------
    coverage
        The coverage whose fact tables, symbols and engine answer.
    """

    def __init__(self, coverage: Coverage) -> None:
        self.coverage = coverage
        self.symbols = coverage.symbols
        self._indexes: dict[tuple[Indicator, Pattern], dict[_Row, list[_Row]] | None] = {}
        self._asked: dict[tuple[Indicator, Pattern, _Row], list[_Row]] = {}
        #: the bound values given to the engine, integer lists packed (see :func:`_packed`)
        self._values: dict[int, Term] = {}
        #: proofs in the background that raised an error or ran over a limit
        self.errors = 0
        #: bindings the engine was asked about (each answer set kept)
        self.misses = 0

    def answers(self, indicator: Indicator, pattern: Pattern, key: _Row) -> list[_Row]:
        """The argument tuples of ``indicator`` whose bound places (``pattern``) are ``key``."""
        place = (indicator, pattern)
        if place not in self._indexes:
            self._indexes[place] = self._index(indicator, pattern)
        index = self._indexes[place]
        if index is not None:
            return index.get(key, _EMPTY)
        found = self._asked.get((indicator, pattern, key))
        if found is None:
            self.misses += 1
            found = self._asked[(indicator, pattern, key)] = self._solve(indicator, pattern, key)
        return found

    def _index(self, indicator: Indicator, pattern: Pattern) -> dict[_Row, list[_Row]] | None:
        """The facts of ``indicator`` grouped by their bound places (None: not facts)."""
        relation = self.coverage.relation(indicator)
        if relation is None:
            return None
        places = [i for i, bound in enumerate(pattern) if bound]
        index: dict[_Row, list[_Row]] = {}
        for row in map(tuple, relation.rows.tolist()):
            index.setdefault(tuple(row[i] for i in places), []).append(row)
        return index

    def _solve(self, indicator: Indicator, pattern: Pattern, key: _Row) -> list[_Row]:
        """The engine's answers for one binding (an error in a proof: no answer)."""
        name, arity = indicator
        values = iter(self._value(code) for code in key)
        variables = [Var("_") if not bound else None for bound in pattern]
        args = tuple(next(values) if bound else variables[i] for i, bound in enumerate(pattern))
        goal: Term = Struct(name, args) if arity else name  # type: ignore[arg-type]
        found: dict[_Row, None] = {}
        try:
            for solution in self.coverage.engine.solve(goal):
                row = []
                for i, bound in enumerate(pattern):
                    if bound:
                        row.append(key[sum(pattern[:i])])
                        continue
                    value = solution[variables[i]]  # type: ignore[index]
                    if not _is_ground(value):
                        raise NotEvaluable(f"{name}/{arity} gave a non-ground answer")
                    row.append(self.symbols.code(value))
                found.setdefault(tuple(row), None)
        except (EngineLimitError, PrologError):
            self.errors += 1
            return _EMPTY
        return list(found)

    def _value(self, code: int) -> Term:
        """The term of ``code`` as the engine is given it (packed once, then shared)."""
        value = self._values.get(code)
        if value is None:
            value = self._values[code] = _packed(self.symbols.decode((code,))[0])
        return value


_EMPTY: list[_Row] = []


def _packed(term: Term) -> Term:
    """A proper list of integers as a packed list (the engine shares it instead of copying it).

    The engine copies a goal's arguments into its own terms on every call,
    except packed lists of integers, which hold no variable; a recursive
    program over long lists (Popper's ``dropk``) asks the background about
    each list many times.
    """
    if type(term) is not Struct or term.name != LIST_FUNCTOR or _is_packed(term):
        return term
    items, tail = list_items(term)
    if tail != EMPTY_LIST or not all(type(i) is int for i in items):
        return term
    try:
        return packed_list(array("q", items))  # type: ignore[type-var]  # all int (checked)
    except OverflowError:  # a number beyond 64 bits
        return term


def _is_packed(term: Struct) -> bool:
    """Whether ``term`` is a packed list of integers (the engine's ground lists)."""
    if type(term.args) is not PackedArgs:
        return False
    store = term.args.store
    return type(store.items) is array and type(store.tail) is str


def _is_ground(term: Term) -> bool:
    """Whether ``term`` holds no variable (a packed list of integers without walking it)."""
    return (type(term) is Struct and _is_packed(term)) or is_ground(term)


@dataclass(frozen=True)
class Demanded:
    """Which asked atoms are answers, and whether the evaluation ran to its end.

    Attributes
    ----------
    proved
        A boolean mask over the atoms asked.
    complete
        False when the bound on steps was passed (the atoms not proved by
        then count as not proved).
    """

    proved: np.ndarray
    complete: bool


class _Step:
    """One body literal compiled: its predicate and, per argument, a variable slot."""

    __slots__ = ("call", "indicator", "slots")

    def __init__(self, literal: Term, slots: dict[Var, int], target: Indicator) -> None:
        args = literal.args if type(literal) is Struct else ()
        if not are_distinct_variables(args):
            raise NotEvaluable("a literal with a constant or a repeated variable")
        self.indicator = functor_of(literal)
        self.call = self.indicator == target
        self.slots = tuple(slots.setdefault(a, len(slots)) for a in args)  # type: ignore[arg-type]


class _Clause:
    """A clause compiled to slots: the head's, then the steps before and after the call."""

    def __init__(self, clause: Clause, target: Indicator) -> None:
        slots: dict[Var, int] = {}
        head = clause.head.args if type(clause.head) is Struct else ()
        if len(set(head)) != target[1] or not all(type(a) is Var for a in head):
            raise NotEvaluable("a head that is not distinct variables")
        self.head = tuple(slots.setdefault(a, len(slots)) for a in head)  # type: ignore[arg-type]
        steps = []
        for literal in clause.body:
            if type(literal) is Struct and literal.name == "\\+":
                raise NotEvaluable("a negated literal")
            steps.append(_Step(literal, slots, target))
        calls = [i for i, s in enumerate(steps) if s.call]
        if len(calls) > 1:
            raise NotEvaluable("two calls of the target")
        self.call: _Step | None = steps[calls[0]] if calls else None
        self.prefix = steps[: calls[0]] if calls else steps
        self.suffix = steps[calls[0] + 1 :] if calls else []
        self.width = len(slots)


class _Run:
    """One evaluation: calls, answers, consumers and the work left (see the module)."""

    def __init__(
        self, oracle: Oracle, clauses: list[_Clause], arity: int, budget: int, new_bindings: int
    ) -> None:
        self.oracle = oracle
        self.clauses = clauses
        self.arity = arity
        self.budget = budget
        self.misses = oracle.misses + new_bindings
        self.calls: dict[Pattern, set[_Row]] = {}
        self.answers: set[_Row] = set()
        #: (pattern, bound values) -> consumers waiting on it: (clause, environment)
        self.consumers: dict[tuple[Pattern, _Row], list[tuple[_Clause, list[int | None]]]] = {}
        #: (pattern, bound values) -> its answers so far
        self.table: dict[tuple[Pattern, _Row], list[_Row]] = {}
        #: the work left: ("call", pattern, values) or ("answer", row)
        self.work: deque[tuple[str, Pattern, _Row]] = deque()

    def run(self) -> bool:
        """Process the work; False when the budget ran out."""
        work = self.work
        oracle = self.oracle
        while work:
            self.budget -= 1
            if self.budget < 0 or oracle.misses > self.misses:
                return False
            kind, pattern, row = work.popleft()
            if kind == "call":
                self._call(pattern, row)
            else:
                self._answer(row)
        return True

    def ask(self, pattern: Pattern, key: _Row) -> None:
        known = self.calls.setdefault(pattern, set())
        if key not in known:
            known.add(key)
            self.table[(pattern, key)] = []
            self.work.append(("call", pattern, key))

    def _call(self, pattern: Pattern, key: _Row) -> None:
        for clause in self.clauses:
            env: list[int | None] = [None] * clause.width
            values = iter(key)
            for slot, bound in zip(clause.head, pattern):
                if bound:
                    env[slot] = next(values)
            for solved in self._solve(clause.prefix, 0, env):
                if clause.call is None:
                    self._derive(clause, solved)
                else:
                    self._wait(clause, solved)

    def _wait(self, clause: _Clause, env: list[int | None]) -> None:
        """Suspend at the clause's call of the target; resume with its answers so far."""
        step = clause.call
        assert step is not None
        pattern = tuple(env[s] is not None for s in step.slots)
        key = tuple(env[s] for s in step.slots if env[s] is not None)
        self.ask(pattern, key)  # type: ignore[arg-type]
        self.consumers.setdefault((pattern, key), []).append((clause, env))  # type: ignore[arg-type]
        for answer in list(self.table[(pattern, key)]):  # type: ignore[index]
            self._resume(clause, env, step, answer)

    def _resume(self, clause: _Clause, env: list[int | None], step: _Step, answer: _Row) -> None:
        bound = list(env)
        for slot, value in zip(step.slots, answer):
            if bound[slot] is None:
                bound[slot] = value
            elif bound[slot] != value:
                return
        for solved in self._solve(clause.suffix, 0, bound):
            self._derive(clause, solved)

    def _derive(self, clause: _Clause, env: list[int | None]) -> None:
        row = tuple(env[s] for s in clause.head)
        if any(v is None for v in row):
            raise NotEvaluable("a head argument the body does not bind")
        if row not in self.answers:
            self.answers.add(row)  # type: ignore[arg-type]
            self.work.append(("answer", (), row))  # type: ignore[arg-type]

    def _answer(self, row: _Row) -> None:
        """Give a new answer to every call it answers, and their consumers."""
        for pattern, keys in self.calls.items():
            key = tuple(v for v, bound in zip(row, pattern) if bound)
            if key not in keys:
                continue
            self.table[(pattern, key)].append(row)
            for clause, env in self.consumers.get((pattern, key), ()):
                assert clause.call is not None
                self._resume(clause, env, clause.call, row)

    def _solve(
        self, steps: Sequence[_Step], at: int, env: list[int | None]
    ) -> Iterator[list[int | None]]:
        """Every extension of ``env`` that satisfies ``steps[at:]`` (background literals)."""
        if at == len(steps):
            yield env
            return
        step = steps[at]
        pattern = tuple(env[s] is not None for s in step.slots)
        key = tuple(env[s] for s in step.slots if env[s] is not None)
        for row in self.oracle.answers(step.indicator, pattern, key):  # type: ignore[arg-type]
            bound = list(env)
            for slot, value in zip(step.slots, row):
                bound[slot] = value
            yield from self._solve(steps, at + 1, bound)


def demanded_answers(
    oracle: Oracle,
    target: Indicator,
    clauses: Sequence[Clause],
    asked: Sequence[_Row],
    *,
    budget: int = 20_000,
    new_bindings: int | None = None,
) -> Demanded | None:
    """Which of the ground atoms ``asked`` (tuples of codes) the clauses prove (see the module).

    ``budget`` bounds the calls and answers processed, ``new_bindings`` the
    background bindings the engine is asked about for the first time
    (default: 100 plus 10 per atom asked).  Returns None when the program
    cannot be evaluated this way.
    """
    if new_bindings is None:
        new_bindings = 100 + 10 * len(asked)
    try:
        compiled = [_Clause(clause, target) for clause in clauses]
        run = _Run(oracle, compiled, target[1], budget, new_bindings)
        everything = (True,) * target[1]
        for row in asked:
            run.ask(everything, row)
        complete = run.run()
    except NotEvaluable:
        return None
    proved = np.array([row in run.answers for row in asked], dtype=bool)
    return Demanded(proved, complete)
