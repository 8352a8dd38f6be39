"""Built-ins on the clause database: assert, retract, abolish, clause and current_predicate.

As in SWI-Prolog (and ISO 13211-1 section 8.9):

* ``assertz/1``, ``asserta/1`` (and ``assert/1``) add a clause; a body goal
  that is a variable is stored as ``call(X)``; adding to a built-in or to a
  predicate a file defined without ``:- dynamic`` is
  ``permission_error(modify, static_procedure, Name/Arity)``;
* ``retract/1`` removes the first clause that unifies and, on backtracking,
  the next ones: the clauses it looks at are those the predicate had when it
  was called (the *logical update view*), so ``findall(X, retract(p(X)), L)``
  empties ``p/1``; ``retractall/1`` removes every clause whose head unifies
  (and declares the predicate dynamic if it is new);
* ``abolish/1`` removes a predicate and its declarations; ``clause/2``
  enumerates a user predicate's clauses (a built-in's are
  ``permission_error(access, private_procedure, ...)``); ``current_predicate/1``
  enumerates the predicates the program defines, ``Name/Arity``;
* ``dynamic/1`` as a goal declares predicates dynamic.

The errors name the culprit ISO names: ``asserta((foo :- 4))`` is
``type_error(callable, 4)``, ``clause(f(_), 5)`` is ``type_error(callable, 5)``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import PrologThrow, instantiation_error, type_error
from symlearn.engine.builtins import (
    DETERMINISTIC,
    SHORTCUTS,
    Deterministic,
    det,
    domain_error,
    nondet,
    unify_terms,
)
from symlearn.engine.runtime import Ref, RTerm, bind, deref, fresh_ref, resolve, to_runtime, unify
from symlearn.kb.knowledge_base import Predicate, index_key
from symlearn.kb.system import SYSTEM_PREDICATES
from symlearn.logic.clauses import Clause, conjunction, conjuncts
from symlearn.logic.terms import Struct, Term, Var, functor_of, make_list

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["permission_error"]


def permission_error(action: str, kind: str, name: str, arity: int) -> PrologThrow:
    """``error(permission_error(Action, Kind, Name/Arity), _)``."""
    indicator = Struct("/", (name, arity))
    return PrologThrow(
        Struct("error", (Struct("permission_error", (action, kind, indicator)), fresh_ref()))
    )


def _is_builtin(engine: Engine, name: str, arity: int) -> bool:
    return (name, arity) in SYSTEM_PREDICATES or engine.is_builtin(name, arity)


def _is_static(predicate: Predicate | None) -> bool:
    """A predicate a file defined without ``:- dynamic`` (SWI-Prolog's static procedure)."""
    return predicate is not None and not predicate.dynamic and bool(predicate.clauses)


def _head_of(term: RTerm) -> tuple[RTerm, str, int]:
    """A clause head's term and indicator, with ISO's instantiation and type errors."""
    head = deref(term)
    if type(head) is Ref:
        raise instantiation_error()
    if type(head) is Struct:
        return head, head.name, len(head.args)
    if type(head) is str:
        return head, head, 0
    raise type_error("callable", resolve(head))


def _split(term: RTerm) -> tuple[RTerm, RTerm]:
    """``H :- B`` as ``(H, B)``; a fact ``H`` as ``(H, true)``."""
    term = deref(term)
    if type(term) is Ref:
        raise instantiation_error()
    if type(term) is Struct and term.name == ":-" and len(term.args) == 2:
        return term.args[0], term.args[1]
    return term, "true"


# ------------------------------------------------------------------ assert
def _body_goals(head: Term, body: Term) -> tuple[Term, ...]:
    """The body's goals as stored: a variable goal becomes ``call(X)``.

    As SWI-Prolog 9: a body that is (or contains) a term that cannot be a goal
    is ``type_error(callable, Body)``; a variable goal that the head does not
    hold is an instantiation error alone and a type error within a conjunction.
    """
    if type(body) is Var:
        if not _occurs(body, head):
            raise instantiation_error()
        return (Struct("call", (body,)),)
    if not _callable_body(body):
        raise type_error("callable", body)
    goals = []
    for goal in conjuncts(body):
        if type(goal) is Var:
            if not _occurs(goal, head):
                raise type_error("callable", body)
            goal = Struct("call", (goal,))
        goals.append(goal)
    return tuple(g for g in goals if g != "true") if len(goals) > 1 else tuple(goals)


def _occurs(var: Var, term: Term) -> bool:
    stack = [term]
    while stack:
        t = stack.pop()
        if t is var:
            return True
        if type(t) is Struct:
            stack.extend(t.args)
    return False


def _callable_body(body: Term) -> bool:
    """Whether every goal of the control structure ``body`` may be called."""
    stack = [body]
    while stack:
        goal = stack.pop()
        if type(goal) is Struct and goal.name in (",", ";", "->", "*->") and len(goal.args) == 2:
            stack.extend(goal.args)
        elif type(goal) not in (str, Struct, Var):
            return False
    return True


def _assert(at_end: bool) -> Deterministic:
    def add(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        head_term, body_term = _split(args[0])
        _, name, arity = _head_of(head_term)
        if _is_builtin(engine, name, arity):
            raise permission_error("modify", "static_procedure", name, arity)
        clause = _atomic_fact(head_term, body_term)
        if clause is None:
            head, body = resolve(Struct(":-", (head_term, body_term))).args
            clause = Clause(head, _body_goals(head, body))
        kb = engine.kb
        predicate = kb.predicates.get((name, arity))
        if _is_static(predicate):
            raise permission_error("modify", "static_procedure", name, arity)
        predicate = kb.predicate(name, arity)
        predicate.dynamic = True
        index = engine.first_argument.get(predicate)
        if index is not None and index.signature != _signature(predicate):
            index = None
        if at_end:
            predicate.add(clause)
        else:
            predicate.clauses.insert(0, clause)
            predicate.positions.insert(0, None)
            predicate.touch()
        if index is not None:
            index.added(predicate, clause, at_end)
        engine.clauses_changed((name, arity))
        return True

    return add


def _atomic_fact(head: RTerm, body: RTerm) -> Clause | None:
    """The clause of a fact whose arguments are atoms and integers (as stored); else None.

    Such a fact (``assertz(candidate(7))``) is stored as it stands, without
    copying it out of the machine's terms (:func:`resolve`).
    """
    if deref(body) != "true":
        return None
    head = deref(head)
    if type(head) is not Struct:
        return None
    args = []
    copied = False  # an argument was a bound variable: the head is rebuilt without it
    for arg in head.args:
        if type(arg) is Ref:
            copied = True
            while type(arg) is Ref:
                arg = arg.value
        if type(arg) is not str and type(arg) is not int:
            return None
        args.append(arg)
    if copied or type(head.args) is not tuple:
        head = Struct(head.name, tuple(args))
    return Clause.fact(head)


DETERMINISTIC[("assert", 1)] = DETERMINISTIC[("assertz", 1)] = _assert(at_end=True)
DETERMINISTIC[("asserta", 1)] = _assert(at_end=False)


# ------------------------------------------------------------------ retract
def _clause_term(clause: Clause) -> Term:
    """A stored clause as ``H :- B`` (``true`` for a fact)."""
    return Struct(":-", (clause.head, conjunction(clause.body) if clause.body else "true"))


def _runtime_clause(clause: Clause) -> RTerm:
    """A stored clause as a run-time ``H :- B``; a fact of atomic arguments as it stands."""
    head = clause.head
    if not clause.body and (
        type(head) is str or all(type(arg) is str or type(arg) is int for arg in head.args)
    ):
        return Struct(":-", (head, "true"))
    return to_runtime(_clause_term(clause), {})


def _unify_clause(head: RTerm, body: RTerm, clause: Clause, trail: list[Ref]) -> bool:
    """Unify ``head :- body`` with a stored clause (as :func:`_runtime_clause` gives it).

    A fact whose arguments are atoms and integers (``candidate(7)``) is
    matched argument by argument, without making terms.  Bindings are
    trailed; on failure the caller undoes them.
    """
    stored = clause.head
    if not clause.body and type(stored) is Struct and type(head) is Struct:
        for arg, value in zip(head.args, stored.args):
            kind = type(value)
            if kind is not str and kind is not int:
                break
            while type(arg) is Ref:
                bound = arg.value
                if bound is None:
                    bind(arg, value, trail)
                    break
                arg = bound
            else:
                if type(arg) is not kind or arg != value:
                    return False
        else:
            return unify(body, "true", trail)
    return unify(Struct(":-", (head, body)), _runtime_clause(clause), trail)


def _may_match(clause: Clause, keys: list[object] | None) -> bool:
    """A cheap test on the head's arguments before unifying (index keys)."""
    if keys is None:
        return True
    head = clause.head
    if type(head) is not Struct:
        return True
    for key, arg in zip(keys, head.args):
        if key is not None and type(arg) is not Var and index_key(arg) != key:
            return False
    return True


def _call_keys(head: RTerm) -> list[object] | None:
    if type(head) is not Struct:
        return None
    keys = []
    for arg in head.args:
        arg = deref(arg)
        if type(arg) is Ref:
            keys.append(None)
        elif type(arg) is Struct:
            keys.append((arg.name, len(arg.args)))
        else:
            keys.append(arg)
    return keys


def _writable(engine: Engine, head_term: RTerm) -> tuple[RTerm, Predicate | None]:
    """The head and predicate that retract/retractall may change (or the ISO error)."""
    head, name, arity = _head_of(head_term)
    if _is_builtin(engine, name, arity):
        raise permission_error("modify", "static_procedure", name, arity)
    predicate = engine.kb.predicates.get((name, arity))
    if _is_static(predicate):
        raise permission_error("modify", "static_procedure", name, arity)
    return head, predicate


class _FirstArgument:
    """The clauses of a dynamic predicate by their first argument, kept up to date.

    A retract with a bound first argument looks at the clauses with that
    first argument only (a failing ``retract(candidate(7))`` among 10,000
    facts looks at none).  The index follows the asserts and retracts made
    here; any other change to the clauses (the signature: their number and
    the first and last clause differ) makes it be built again.  A predicate
    with a clause whose first argument is a variable (or of arity 0) has no
    buckets.  Each clause has a sequence number growing with ``assertz``
    and falling with ``asserta``, so the clause list and each bucket are
    sorted by it and a retracted clause is found by bisection, not by a scan
    (``order``: the clause list's numbers, in its order).
    """

    __slots__ = ("by_key", "high", "low", "number", "order", "signature")

    def __init__(self, predicate: Predicate) -> None:
        clauses = predicate.clauses
        #: ``id(clause)`` -> its sequence number (the lists keep the clauses alive)
        self.number = {id(clause): n for n, clause in enumerate(clauses)}
        self.order = list(range(len(clauses)))
        self.low, self.high = -1, len(clauses)  # the numbers of the next asserta, assertz
        self.by_key: dict[object, list[Clause]] | None = {} if predicate.arity else None
        for clause in clauses if predicate.arity else ():
            first = clause.head.args[0]
            if type(first) is Var:
                self.by_key = None
                break
            self.by_key.setdefault(index_key(first), []).append(clause)
        self.signature = _signature(predicate)

    def candidates(self, key: object) -> list[Clause] | None:
        """The clauses whose first argument has ``key`` (None: no index)."""
        return None if self.by_key is None else list(self.by_key.get(key, ()))

    def _number(self, clause: Clause) -> int:
        return self.number[id(clause)]

    def place(self, clauses: list[Clause], clause: Clause) -> int:
        """Where ``clause`` (this object) is in ``clauses`` (sorted by number), or -1."""
        number = self.number.get(id(clause))
        if number is None:
            return -1
        at = bisect_left(clauses, number, key=self._number)
        return at if at < len(clauses) and clauses[at] is clause else -1

    def locate(self, clauses: list[Clause], clause: Clause) -> int:
        """Where ``clause`` is in the predicate's ``clauses`` (by ``order``), or -1."""
        number = self.number.get(id(clause))
        if number is None:
            return -1
        at = bisect_left(self.order, number)
        return at if at < len(clauses) and clauses[at] is clause else -1

    def added(self, predicate: Predicate, clause: Clause, at_end: bool) -> None:
        """``clause`` was asserted (at the end or at the front)."""
        if at_end:
            self.number[id(clause)] = self.high
            self.order.append(self.high)
            self.high += 1
        else:
            self.number[id(clause)] = self.low
            self.order.insert(0, self.low)
            self.low -= 1
        if self.by_key is not None:
            first = clause.head.args[0]
            if type(first) is Var:
                self.by_key = None
            else:
                bucket = self.by_key.setdefault(index_key(first), [])
                if at_end:
                    bucket.append(clause)
                else:
                    bucket.insert(0, clause)
        self.signature = _signature(predicate)

    def removed(self, predicate: Predicate, clause: Clause, at: int) -> None:
        """``clause`` was retracted (from position ``at`` of the clause list)."""
        del self.order[at]
        if self.by_key is not None:
            bucket = self.by_key.get(index_key(clause.head.args[0]), [])
            at = self.place(bucket, clause)
            if at >= 0:
                del bucket[at]
        del self.number[id(clause)]
        self.signature = _signature(predicate)


def _signature(predicate: Predicate) -> tuple[int, int, int]:
    clauses = predicate.clauses
    return (len(clauses), id(clauses[0]) if clauses else 0, id(clauses[-1]) if clauses else 0)


def _index_of(engine: Engine, predicate: Predicate) -> _FirstArgument:
    """The predicate's first-argument index (made or remade when needed)."""
    found = engine.first_argument.get(predicate)
    if found is None or found.signature != _signature(predicate):
        found = engine.first_argument[predicate] = _FirstArgument(predicate)
    return found


def _candidates(engine: Engine, predicate: Predicate, head: RTerm) -> list[Clause]:
    """The clauses a retract of ``head`` looks at, in order (the logical update view)."""
    if type(head) is Struct:
        first = deref(head.args[0])
        if type(first) is not Ref:
            key = (first.name, len(first.args)) if type(first) is Struct else first
            found = _index_of(engine, predicate).candidates(key)
            if found is not None:
                return found
    return list(predicate.clauses)


def _remove(engine: Engine, predicate: Predicate, clause: Clause) -> bool:
    """Remove ``clause`` (this object) if it is still there."""
    index = _index_of(engine, predicate)
    clauses = predicate.clauses
    at = index.locate(clauses, clause)
    if at < 0:  # gone, or the clauses changed in a way the signature missed: look
        at = next((n for n, present in enumerate(clauses) if present is clause), -1)
        if at < 0:
            return False
        del engine.first_argument[predicate]
        index = _index_of(engine, predicate)
    del predicate.clauses[at]
    del predicate.positions[at]
    predicate.touch()
    index.removed(predicate, clause, at)
    engine.clauses_changed(predicate.indicator)
    return True


@nondet("retract", 1)
def _retract(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    head_term, body = _split(args[0])
    head, predicate = _writable(engine, head_term)
    if predicate is None:
        return
    keys = _call_keys(head)
    for clause in _candidates(engine, predicate, head):
        if not _may_match(clause, keys):
            continue
        mark = len(engine.trail)
        if _unify_clause(head, body, clause, engine.trail) and _remove(engine, predicate, clause):
            yield
        engine._undo(mark)


def _retract_once(engine: Engine, args: tuple[RTerm, ...]) -> bool | None:
    """``retract/1`` at once when at most one clause has its bound first argument; else None.

    ``retract(candidate(7))`` among indexed facts then leaves no choicepoint
    (:func:`_retract` would yield once and stop); any other call is left to
    it (None).
    """
    head_term, body = _split(args[0])
    head, predicate = _writable(engine, head_term)
    if predicate is None:
        return False
    if type(head) is not Struct:
        return None
    first = deref(head.args[0])
    if type(first) is Ref:
        return None
    by_key = _index_of(engine, predicate).by_key
    if by_key is None:
        return None
    found = by_key.get((first.name, len(first.args)) if type(first) is Struct else first, ())
    if len(found) != 1:
        return None if found else False
    clause = found[0]
    if not _may_match(clause, _call_keys(head)):
        return False
    trail = engine.trail
    mark = len(trail)
    if _unify_clause(head, body, clause, trail) and _remove(engine, predicate, clause):
        return True
    engine._undo(mark)
    return False


SHORTCUTS[("retract", 1)] = _retract_once


@det("retractall", 1)
def _retractall(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    head, predicate = _writable(engine, args[0])
    if predicate is None:
        name, arity = (head.name, len(head.args)) if type(head) is Struct else (head, 0)
        engine.kb.predicate(name, arity).dynamic = True
        return True
    keys = _call_keys(head)
    kept: list[Clause] = []
    positions = []
    for clause, position in zip(predicate.clauses, predicate.positions):
        mark = len(engine.trail)
        if _may_match(clause, keys) and unify(head, to_runtime(clause.head, {}), engine.trail):
            engine._undo(mark)
            continue
        engine._undo(mark)
        kept.append(clause)
        positions.append(position)
    if len(kept) != len(predicate.clauses):
        predicate.clauses[:] = kept
        del predicate.positions[:]
        for position in positions:
            predicate.positions.append(position)
        predicate.touch()
        engine.clauses_changed(predicate.indicator)
    predicate.dynamic = True
    return True


# ------------------------------------------------------------------ abolish
def _indicator(term: RTerm, culprit: RTerm) -> tuple[RTerm, RTerm]:
    """``Name/Arity`` (either may be unbound), or ``type_error(predicate_indicator, ...)``."""
    term = deref(term)
    if type(term) is Ref:
        raise instantiation_error()
    if not (type(term) is Struct and term.name == "/" and len(term.args) == 2):
        raise type_error("predicate_indicator", resolve(culprit))
    return deref(term.args[0]), deref(term.args[1])


@det("abolish", 1)
def _abolish(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    name, arity = _indicator(args[0], args[0])
    if type(name) is Ref or type(arity) is Ref:
        raise instantiation_error()
    if type(name) is not str:
        raise type_error("atom", resolve(name))
    if type(arity) is not int:
        raise type_error("integer", resolve(arity))
    if arity < 0:
        raise domain_error("not_less_than_zero", arity)
    if _is_builtin(engine, name, arity):
        raise permission_error("modify", "static_procedure", name, arity)
    predicate = engine.kb.predicates.pop((name, arity), None)
    if predicate is not None:
        predicate.touch()
        engine.kb.tabled.discard((name, arity))
        engine.clauses_changed((name, arity))
    return True


@det("dynamic", 1)
def _dynamic(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    items = [args[0]]
    while items:
        spec = deref(items.pop())
        if type(spec) is Struct and spec.name in (",", "[|]") and len(spec.args) == 2:
            items.extend(reversed(spec.args))
            continue
        if spec == "[]":
            continue
        name, arity = _indicator(spec, spec)
        if type(name) is not str or type(arity) is not int:
            raise instantiation_error()
        engine.kb.predicate(name, arity).dynamic = True
        engine.clauses_changed((name, arity))
    return True


# ------------------------------------------------------------------ inspection
@nondet("clause", 2)
def _clause(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    head, name, arity = _head_of(args[0])
    body = deref(args[1])
    if type(body) is not Ref and type(body) not in (str, Struct):
        raise type_error("callable", resolve(body))
    if _is_builtin(engine, name, arity):
        raise permission_error("access", "private_procedure", name, arity)
    predicate = engine.kb.predicates.get((name, arity))
    if predicate is None:
        return
    keys = _call_keys(head)
    wanted = Struct(":-", (head, body))
    for clause in list(predicate.clauses):
        if not _may_match(clause, keys):
            continue
        mark = len(engine.trail)
        if unify(wanted, to_runtime(_clause_term(clause), {}), engine.trail):
            yield
        engine._undo(mark)


def _problog_clauses(engine: Engine, head: RTerm) -> Iterator[tuple[Term, Term, Term]]:
    """``(head, body, probability)`` of each clause whose head may match ``head``.

    The knowledge base's clauses (probability 1.0), then its probabilistic
    clauses (one per head of an annotated disjunction), as ProbLog lists them;
    every clause when ``head`` is unbound.
    """
    wanted = None if type(head) is Ref else functor_of(head)
    predicates = engine.kb.predicates
    for key in [wanted] if wanted is not None else list(predicates):
        predicate = predicates.get(key)
        for clause in list(predicate.clauses) if predicate is not None else ():
            yield clause.head, conjunction(clause.body), 1.0
    for probabilistic in engine.kb.probabilistic:
        for probability, atom in probabilistic.heads:
            if wanted is None or functor_of(atom) == wanted:
                yield atom, conjunction(probabilistic.body), probability


@nondet("clause", 3)
def _clause_probability(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    """ProbLog's ``clause(Head, Body, Probability)``, probabilistic clauses included."""
    head = deref(args[0])
    if type(head) not in (Ref, str, Struct):
        raise type_error("callable", resolve(head))
    body = deref(args[1])
    if type(body) not in (Ref, str, Struct):
        raise type_error("callable", resolve(body))
    for clause_head, clause_body, probability in list(_problog_clauses(engine, head)):
        mark = len(engine.trail)
        found = to_runtime(Struct("c", (clause_head, clause_body, probability)), {})
        if unify(Struct("c", args), found, engine.trail):
            yield
        engine._undo(mark)


def _defined(engine: Engine) -> list[tuple[str, int]]:
    """The predicates the program defines (clauses, or declared dynamic), in order."""
    return [key for key, p in engine.kb.predicates.items() if p.clauses or p.dynamic]


@nondet("current_predicate", 1)
def _current_predicate(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    spec = deref(args[0])
    if type(spec) is Ref:
        # Bound to each indicator after the mark: a choicepoint taken before
        # this call undoes the binding between answers.
        for key in _defined(engine):
            mark = len(engine.trail)
            if unify(spec, Struct("/", key), engine.trail):
                yield
            engine._undo(mark)
        return
    name, arity = _indicator(spec, spec)
    if (type(name) is not Ref and type(name) is not str) or (
        type(arity) is not Ref and type(arity) is not int
    ):
        raise type_error("predicate_indicator", resolve(spec))
    for key in _defined(engine):
        mark = len(engine.trail)
        if unify_terms(engine, name, key[0]) and unify_terms(engine, arity, key[1]):
            yield
        engine._undo(mark)


@nondet("current_predicate", 2)
def _current_predicate_head(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    for name, arity in _defined(engine):
        mark = len(engine.trail)
        head: RTerm = Struct(name, tuple(fresh_ref() for _ in range(arity))) if arity else name
        if unify_terms(engine, args[0], name) and unify_terms(engine, args[1], head):
            yield
        engine._undo(mark)


@nondet("predicate_property", 2)
def _predicate_property(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    head = deref(args[0])
    if type(head) is Ref:
        return
    _, name, arity = _head_of(head)
    properties: list[RTerm] = []
    if _is_builtin(engine, name, arity):
        properties = ["defined", "built_in", "static", "visible"]
    else:
        predicate = engine.kb.predicates.get((name, arity))
        if predicate is not None and (predicate.clauses or predicate.dynamic):
            properties = ["defined", "visible", "dynamic" if predicate.dynamic else "static"]
            properties.append(Struct("number_of_clauses", (len(predicate.clauses),)))
            if (name, arity) in engine.kb.tabled:
                properties.append("tabled")
        elif engine._library.predicates.get((name, arity)) is not None:
            properties = ["defined", "visible", "static"]
    for prop in properties:
        mark = len(engine.trail)
        if unify_terms(engine, args[1], prop):
            yield
        engine._undo(mark)


_ = make_list


def _translate(engine: Engine, rule: RTerm, result: RTerm) -> bool:
    """``dcg_translate_rule/2`` and ``expand_term/2``: a grammar rule's clause."""
    from symlearn.kb.dcg import DCGError, dcg_translate_rule

    term = deref(rule)
    if type(term) is Ref:
        raise instantiation_error()
    if not (type(term) is Struct and term.name == "-->" and len(term.args) == 2):
        return unify_terms(engine, result, term)
    names: dict[Ref, Var] = {}
    value = resolve(term, names)
    try:
        clause = dcg_translate_rule(value)
    except DCGError as error:
        if error.kind == "instantiation_error":
            raise instantiation_error() from None
        raise type_error(error.expected, error.culprit) from None
    back = {var: ref for ref, var in names.items()}
    return unify_terms(engine, result, to_runtime(clause, back))


DETERMINISTIC[("dcg_translate_rule", 2)] = lambda engine, args: _translate(engine, *args)
DETERMINISTIC[("expand_term", 2)] = lambda engine, args: _translate(engine, *args)


@det("abolish_all_tables", 0)
def _abolish_all_tables(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """Forget every table (SWI-Prolog's ``abolish_all_tables/0``)."""
    engine.reset_tables()
    return True


# ---------------------------------------------------------------- global variables
@det("nb_setval", 2)
def _nb_setval(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    key = deref(args[0])
    if type(key) is Ref:
        raise instantiation_error()
    engine.globals[key] = resolve(args[1])
    return True


DETERMINISTIC[("b_setval", 2)] = DETERMINISTIC[("nb_setval", 2)]


@det("nb_getval", 2)
def _nb_getval(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    key = deref(args[0])
    if type(key) is Ref:
        raise instantiation_error()
    if key not in engine.globals:
        formal = Struct("existence_error", ("variable", key))
        raise PrologThrow(Struct("error", (formal, fresh_ref())))
    return unify_terms(engine, args[1], to_runtime(engine.globals[key], {}))


DETERMINISTIC[("b_getval", 2)] = DETERMINISTIC[("nb_getval", 2)]


@nondet("nb_current", 2)
def _nb_current(engine: Engine, args: tuple[RTerm, ...]) -> Iterator[None]:
    """Each global variable and its value (SWI-Prolog's ``nb_current/2``), in the order set."""
    key = deref(args[0])
    keys = list(engine.globals) if type(key) is Ref else [key]
    for name in keys:
        if name not in engine.globals:
            continue
        mark = len(engine.trail)
        value = to_runtime(engine.globals[name], {})
        if unify_terms(engine, args[0], name) and unify_terms(engine, args[1], value):
            yield
        engine._undo(mark)
