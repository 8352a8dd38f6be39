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
logic programs.  PODS '86.  Dowling, W. F. and Gallier, J. H. (1984).
Linear-time algorithms for testing the satisfiability of propositional Horn
formulae.  Journal of Logic Programming 1(3).  Lloyd, J. W. (1987).
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

from symlearn.errors import EngineLimitError, PrologError
from symlearn.ilp.coverage import BindingTable, Coverage, NotSetAtATimeError
from symlearn.ilp.relations import distinct_rows
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

    Top-down, the atoms asked are the first demanded ones: each clause's
    head is bound to the demanded atoms not yet seen and its body joined
    set-at-a-time without its calls of the target, which are ground when
    reached and so only test each binding; the calls a binding makes are
    demanded in turn.  Bottom-up, an atom is proved when a clause's binding
    for it has every call it makes proved (a fact, or a binding making no
    call, proves its atom at once): the least fixpoint of these AND-OR
    conditions, found by counting each binding's unproved calls (Dowling
    and Gallier 1984).  An atom is proved exactly when tabled SLD
    resolution proves it (every call of a demanded atom's proof is
    demanded in turn, since it is ground when reached).

    Returns
    -------
    numpy.ndarray or None
        A boolean mask over ``asked``; None when it cannot be told this way:
        a clause negates the target, a head is not distinct variables, a
        call of the target has an unbound argument when reached, a literal
        is not answered set-at-a-time, or a bound is passed (``max_rows``
        demanded atoms, ``max_rounds`` generations of calls).
    """
    arity = target[1]
    if any(_negates(c, target) for c in clauses):
        return None
    facts: set[tuple[int, ...]] = set()
    rules = []
    for clause in clauses:
        args = clause.head.args if type(clause.head) is Struct else ()
        if not clause.body and all(map(is_ground, args)):  # a fact: proved as it is
            facts.add(tuple(coverage.symbols.code(a) for a in args))
        elif len(set(args)) == arity and all(type(a) is Var for a in args):
            rules.append(_Rule(clause, target))
        else:
            return None
    graph = _AndOrGraph()
    for row in asked.tolist():
        graph.atom(tuple(row))
    seen = 0
    try:
        for _ in range(max_rounds):
            if seen == len(graph.atoms):
                proved = graph.proved(facts)
                return np.array([proved[graph.ids[tuple(r)]] for r in asked.tolist()], dtype=bool)
            batch = np.array(graph.atoms[seen:], dtype=np.int64).reshape(-1, arity)
            for rule in rules:
                if not rule.demand(coverage, batch, seen, graph):
                    return None
            seen += len(batch)
            if len(graph.atoms) > max_rows:
                return None
    except (EngineLimitError, NotSetAtATimeError, PrologError):
        return None  # the engine tells it
    return None


class _Rule:
    """A clause of :func:`demanded_model`: its body, and the calls of the target in it."""

    def __init__(self, clause: Clause, target: Indicator) -> None:
        self.head = tuple(clause.head.args) if type(clause.head) is Struct else ()
        #: the body in order, each literal with whether it is a call of the target
        self.steps: list[tuple[Term, bool]] = [
            (literal, functor_of(literal) == target) for literal in clause.body
        ]
        self.calls = [
            literal.args if type(literal) is Struct else () for literal, call in self.steps if call
        ]

    def demand(
        self, coverage: Coverage, batch: np.ndarray, first: int, graph: _AndOrGraph
    ) -> bool:
        """Join the body for the atoms ``batch`` (numbered from ``first``); record its bindings.

        False when a call of the target has an argument unbound when reached.
        """
        table = BindingTable(
            self.head,  # type: ignore[arg-type]
            tuple(batch[:, i].copy() for i in range(len(self.head))),
            np.arange(first, first + len(batch), dtype=np.int64),
        )
        for literal, call in self.steps:
            if not len(table):
                return True
            if call:  # ground when reached, it only tests the binding: checked below
                args = literal.args if type(literal) is Struct else ()
                if coverage.argument_columns(args, table) is None:
                    return False
            else:
                table = coverage.extend(table, literal)
        if not len(table):
            return True
        calls = []  # per call of the target: its argument tuple on each row
        for args in self.calls:
            columns = coverage.argument_columns(args, table) or []  # bound: checked above
            calls.append(zip(*(c.tolist() for c in columns)) if columns else [()] * len(table))
        for owner, *made in zip(table.example.tolist(), *calls):
            graph.binding(owner, made)
        return True


class _AndOrGraph:
    """Demanded atoms (OR: proved by any binding) and bindings (AND: every call proved)."""

    def __init__(self) -> None:
        self.ids: dict[tuple[int, ...], int] = {}
        self.atoms: list[tuple[int, ...]] = []
        self.free: list[int] = []  # atoms a binding making no call proves
        self.owner: list[int] = []  # per binding: the atom it proves
        self.missing: list[int] = []  # per binding: its calls not yet proved
        self.waiting: dict[int, list[int]] = {}  # atom -> bindings that call it

    def atom(self, row: tuple[int, ...]) -> int:
        number = self.ids.get(row)
        if number is None:
            number = self.ids[row] = len(self.atoms)
            self.atoms.append(row)
        return number

    def binding(self, owner: int, calls: Sequence[tuple[int, ...]]) -> None:
        needed = {self.atom(tuple(c)) for c in calls}
        if not needed:
            self.free.append(owner)
            return
        number = len(self.owner)
        self.owner.append(owner)
        self.missing.append(len(needed))
        for atom in needed:
            self.waiting.setdefault(atom, []).append(number)

    def proved(self, facts: set[tuple[int, ...]]) -> list[bool]:
        """Per atom: proved in the least fixpoint (from the facts and the bindings)."""
        proved = [False] * len(self.atoms)
        queue = [*self.free, *(self.ids[f] for f in facts if f in self.ids)]
        missing, owner, waiting = self.missing, self.owner, self.waiting
        while queue:
            atom = queue.pop()
            if proved[atom]:
                continue
            proved[atom] = True
            for number in waiting.get(atom, ()):
                missing[number] -= 1
                if not missing[number] and not proved[owner[number]]:
                    queue.append(owner[number])
        return proved
