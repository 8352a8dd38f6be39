"""The least model of a recursive definition, bottom-up and set-at-a-time.

For a definite Datalog program P (here: the clauses of one target predicate
over background knowledge answered by :class:`~symlearn.ilp.coverage.Coverage`)
the least Herbrand model is the least fixpoint of the immediate-consequence
operator T_P, reached by applying T_P to the empty interpretation until
nothing new is derived (van Emden and Kowalski 1976; Lloyd 1987, section 6).
Each application joins every clause's body set-at-a-time
(:meth:`Coverage.derive`) with the target read in the tuples derived so far.
On finite data this terminates, and an atom of the target is in the model
exactly when tabled SLD resolution proves it, whatever the order of the
clauses and literals (left recursion and cycles in the data included).

When the calls of the target are ground (a list walked down to its tail,
a chain of links from a bound node), :func:`demanded_model` answers given
ground atoms without the whole model: it evaluates the clauses top-down
from the atoms asked, collects the ground calls of the target their bodies
make (the "magic set" of those atoms, Bancilhon et al. 1986), and computes
the least fixpoint over these calls only.  The model may be infinite (lists
of any length) while the calls made from finitely many examples are not.

Functions
---------
least_model, demanded_model

References
----------
van Emden, M. H. and Kowalski, R. A. (1976).  The semantics of predicate
logic as a programming language.  JACM 23.  Bancilhon, F., Maier, D., Sagiv,
Y. and Ullman, J. D. (1986).  Magic sets and other strange ways to implement
logic programs.  PODS '86.  Lloyd, J. W. (1987).
Foundations of Logic Programming, 2nd edition.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.kb.parser import parse_term
>>> from symlearn.logic.clauses import Clause
>>> from symlearn.ilp.coverage import Coverage
>>> kb = loads("e(a, b). e(b, c). e(c, a).")
>>> coverage = Coverage(kb, ("p", 2))
>>> theory = [Clause.from_term(parse_term(t)) for t in ("p(X, Y) :- e(X, Y)",
...                                                    "p(X, Y) :- p(X, Z), e(Z, Y)")]
>>> len(least_model(coverage, ("p", 2), theory))  # every pair on the cycle
9
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from symlearn.errors import EngineLimitError
from symlearn.ilp.coverage import BindingTable, Coverage, NotSetAtATimeError
from symlearn.ilp.relations import distinct, distinct_rows
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_ground

__all__ = ["demanded_model", "least_model"]


def _negates(clause: Clause, target: Indicator) -> bool:
    return any(
        type(g) is Struct
        and g.name == "\\+"
        and len(g.args) == 1
        and functor_of(g.args[0]) == target
        for g in clause.body
    )


def least_model(
    coverage: Coverage,
    target: Indicator,
    clauses: Sequence[Clause],
    *,
    max_rows: int = 1_000_000,
    max_rounds: int = 1_000,
    derived_by: list[np.ndarray] | None = None,
) -> np.ndarray | None:
    """The target's tuples in the least model of ``clauses``, as rows of symbol codes.

    Parameters
    ----------
    coverage
        Answers the background literals; its extension of ``target`` is set
        to the model (it is left set to the model found).
    target
        ``(name, arity)`` of the predicate the clauses define.
    clauses
        Its clauses.
    max_rows, max_rounds
        Give up (None) past this many tuples or applications of T_P.
    derived_by
        When given, filled with the rows each clause derives in the model
        (one array per clause, in order; duplicates possible).

    Returns
    -------
    numpy.ndarray or None
        An ``(m, arity)`` array of codes (``coverage.symbols``); None when a
        clause negates the target (T_P is not monotone then), is not
        range-restricted, has a literal not answered set-at-a-time, or a
        bound is passed.
    """
    if any(_negates(c, target) for c in clauses):
        return None
    arity = target[1]
    model = np.zeros((0, arity), dtype=np.int64)
    calls = [any(functor_of(g) == target for g in c.body) for c in clauses]
    recursive = [c for c, call in zip(clauses, calls) if call]
    try:
        static = []  # what the clauses without a call of the target derive: once
        for clause, call in zip(clauses, calls):
            if not call:
                derived = coverage.derive(clause)
                if derived is None:
                    return None
                static.append(derived.reshape(-1, arity))
        for _ in range(max_rounds):
            coverage.set_extension_codes(target, model)
            parts = [model, *static]
            for clause in recursive:
                derived = coverage.derive(clause)
                if derived is None:
                    return None
                parts.append(derived.reshape(-1, arity))
            grown = distinct_rows(np.concatenate(parts), coverage.symbols.bits)
            if len(grown) > max_rows:
                return None
            if len(grown) == len(model):  # this round read the model itself
                if derived_by is not None:
                    fixed, rounds = iter(static), iter(parts[1 + len(static) :])
                    derived_by[:] = [next(rounds if call else fixed) for call in calls]
                return model
            model = grown
    except (EngineLimitError, NotSetAtATimeError):
        return None
    return None


def demanded_model(
    coverage: Coverage,
    target: Indicator,
    clauses: Sequence[Clause],
    asked: np.ndarray,
    *,
    max_rows: int = 1_000_000,
    max_rounds: int = 1_000,
) -> np.ndarray | None:
    """Which of the ground atoms ``asked`` (code rows) are in the least model of ``clauses``.

    Each round binds every clause's head to the atoms demanded so far (the
    ones asked, then the calls of the target the bodies made) and joins its
    body set-at-a-time, the target read in the atoms proved so far; it stops
    when neither set grows.  An atom is proved exactly when tabled SLD
    resolution proves it (every call of a demanded atom's proof is demanded
    in turn, since it is ground when reached).

    Returns
    -------
    numpy.ndarray or None
        A boolean mask over ``asked``; None when it cannot be told this way:
        a clause negates the target, a head is not distinct variables, a
        call of the target has an unbound argument when reached, a literal
        is not answered set-at-a-time, or a bound is passed.
    """
    arity = target[1]
    if any(_negates(c, target) for c in clauses):
        return None
    proved: set[tuple[int, ...]] = set()
    rules = []
    for clause in clauses:
        args = clause.head.args if type(clause.head) is Struct else ()
        if not clause.body and all(map(is_ground, args)):  # a fact: proved as it is
            proved.add(tuple(coverage.symbols.code(a) for a in args))
        elif len(set(args)) == arity and all(type(a) is Var for a in args):
            rules.append(clause)
        else:
            return None
    demanded: dict[tuple[int, ...], None] = dict.fromkeys(map(tuple, asked.tolist()))
    prefixes = [_Prefix(clause, target) for clause in rules]
    try:
        for _ in range(max_rounds):
            rows = np.array(list(demanded), dtype=np.int64).reshape(-1, arity)
            coverage.set_extension_codes(
                target, np.array(sorted(proved), dtype=np.int64).reshape(-1, arity)
            )
            calls: list[tuple[int, ...]] = []
            found: set[tuple[int, ...]] = set()
            # a demanded atom once proved stays proved: its calls need not be made again
            pending = np.array([r not in proved for r in demanded], dtype=bool)
            for prefix in prefixes:
                survivors = prefix.prove(coverage, rows, pending, calls)
                if survivors is None:
                    return None
                found.update(map(tuple, rows[survivors].tolist()))
            size = len(demanded)
            demanded.update(dict.fromkeys(calls))
            if len(demanded) > max_rows:
                return None
            if len(demanded) == size and found <= proved:
                return np.array([tuple(r) in proved for r in asked.tolist()], dtype=bool)
            proved |= found
    except (EngineLimitError, NotSetAtATimeError):
        return None
    return None


class _Prefix:
    """A clause of :func:`demanded_model`, its bindings before the first call of the target kept.

    Those do not depend on the atoms proved, so they are joined once per demanded atom.
    """

    def __init__(self, clause: Clause, target: Indicator) -> None:
        self.head = tuple(clause.head.args) if type(clause.head) is Struct else ()
        first = next(
            (i for i, g in enumerate(clause.body) if functor_of(g) == target), len(clause.body)
        )
        self.before, self.after = clause.body[:first], clause.body[first:]
        self.target = target
        self.table: BindingTable | None = None
        self.done = 0

    def prove(
        self,
        coverage: Coverage,
        rows: np.ndarray,
        pending: np.ndarray,
        calls: list[tuple[int, ...]],
    ) -> np.ndarray | None:
        """The positions in ``rows`` the clause proves; its ground calls added to ``calls``.

        Only the ``pending`` rows are joined past the first call of the target.
        """
        done = self.done
        if done < len(rows):
            fresh = rows[self.done :]
            table = BindingTable(
                self.head,  # type: ignore[arg-type]
                tuple(fresh[:, i].copy() for i in range(len(self.head))),
                np.arange(self.done, len(rows)),
            )
            for literal in self.before:
                if not len(table):
                    break
                table = coverage.extend(table, literal)
            self.table = table if self.table is None else _concatenate(self.table, table)
            self.done = len(rows)
        assert self.table is not None
        table = self.table
        if not self.after:  # no call of the target: a row's answer does not change
            return distinct(table.example[table.example >= done])
        if not pending.all():
            table = table.take(pending[table.example])
        return _demanded_body(coverage, self.target, self.after, table, calls)


def _concatenate(a: BindingTable, b: BindingTable) -> BindingTable:
    """The rows of ``a`` then those of ``b`` (the same clause's bindings, columns aligned)."""
    if not len(b):
        return a
    if not len(a):
        return b
    columns = tuple(np.concatenate([a.column(v), b.column(v)]) for v in a.variables)
    return BindingTable(a.variables, columns, np.concatenate([a.example, b.example]))


def _demanded_body(
    coverage: Coverage,
    target: Indicator,
    body: Sequence[Term],
    table: BindingTable,
    calls: list[tuple[int, ...]],
) -> np.ndarray | None:
    """The examples of ``table`` whose rows prove ``body``; its target calls go to ``calls``.

    None when a call of the target has an argument still unbound.
    """
    for literal in body:
        if not len(table):
            break
        if functor_of(literal) == target:
            args = literal.args if type(literal) is Struct else ()
            columns = coverage.argument_columns(args, table)
            if columns is None:
                return None
            if columns:
                calls.extend(map(tuple, np.stack(columns, axis=1).tolist()))
            else:
                calls.append(())
        table = coverage.extend(table, literal)
    return distinct(table.example)
