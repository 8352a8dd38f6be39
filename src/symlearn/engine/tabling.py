"""Tabling for the SLD machine, and the machine's entry into the Datalog path.

A predicate declared with ``:- table p/N.`` is answered from tables of
answers, one per call variant, which makes left-recursive and cyclic programs
terminate with all their answers, as in SWI-Prolog.  The tables are computed
by *linear tabling* (Zhou, Sato and Shen, "Linear tabling strategies and
optimizations", TPLP 2008): a call that meets its own variant still being
evaluated consumes the answers found so far, and the leader of such a
strongly connected component re-evaluates it until a round adds no answer,
after which every table of the component is complete.  A component without
such a loop is complete after one round.  Answers are a set: their order is
not SWI-Prolog's.

In a re-evaluation, a recursive call that is the only one of its clause
consumes only the answers found since the previous evaluation of the clause's
call began (*semi-naive* consumption, :mod:`symlearn.engine.semi_naive`), so
a component costs time linear in its answers, not quadratic.

**Answer subsumption** (``:- table path(_, _, min).``, SWI-Prolog's moded
tabling): a table keeps one answer per variant of its *index* arguments (the
``_`` ones); a new answer for the same index combines with the kept one by
the other arguments' modes: ``min``/``max`` in the standard order of terms,
``sum``, ``first``, ``last``, or ``lattice(Pred/3)`` (``Pred(Old, New,
Joined)`` is called), and counts as new when the kept answer changes, so the
fixpoint iteration goes on until no answer improves.

Answers are stored compactly: an answer whose arguments are atoms, integers
or strings is the tuple of its arguments (no term is built for it); any
other answer is its variant key.  A tabled predicate in the Datalog fragment
called with free arguments is computed set-at-a-time instead
(:mod:`symlearn.engine.datalog`), and its bound calls are answered from the
computed relation's indexes.

Functions
---------
call_tabled, semi_naive_procedure, datalog_call, round_done, abandon, abandon_incomplete
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from itertools import count
from typing import TYPE_CHECKING, Any

from symlearn.engine.datalog import key as datalog_key
from symlearn.engine.machine import FAIL, ITER, NOT_HERE, TABLE, Choice, Cont, Table
from symlearn.engine.runtime import (
    Ref,
    RTerm,
    deref,
    fresh_ref,
    key_to_runtime,
    unify,
    variant_key,
)
from symlearn.logic.clauses import Clause, canonical_variables
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import PString, Struct, Term

if TYPE_CHECKING:
    from symlearn.engine.procedures import Predicate
    from symlearn.engine.sld import Engine, Run

__all__ = [
    "abandon",
    "abandon_incomplete",
    "call_tabled",
    "datalog_call",
    "round_done",
    "semi_naive_procedure",
]

_ATOMIC = (str, int, float, PString)
_round_ids = count(1)


# ---------------------------------------------------------------- Datalog
def datalog_call(
    engine: Engine, m: Run, key: Indicator, args: tuple[RTerm, ...], depth: int, nxt: Cont
) -> object:
    """Answer an untabled Datalog call from its compiled join plan (or ``NOT_HERE``)."""
    values: list[object] = []
    for arg in args:
        arg = deref(arg)
        if type(arg) is Ref:
            values.append(None)
        elif type(arg) in _ATOMIC:
            values.append(arg)
        else:
            return NOT_HERE
    assert engine._datalog is not None
    plan = engine._datalog.plan(key, tuple(v is not None for v in values))
    return _stream(m, _answer_rows(m.trail, args, plan(tuple(values))), depth, nxt)


def _stream(m: Run, solutions: Iterator[None], depth: int, nxt: Cont) -> object:
    """Push an ITER choicepoint over ``solutions`` and take the first."""
    mark = len(m.trail)
    if next(solutions, FAIL) is FAIL:
        return FAIL
    m.cps.append(Choice(ITER, mark, nxt, depth, solutions))
    return nxt


def _datalog_table(
    engine: Engine, m: Run, key: Indicator, args: tuple[RTerm, ...], depth: int, nxt: Cont
) -> object:
    """Answer a tabled Datalog call from its computed relation (or ``NOT_HERE``)."""
    datalog = engine._datalog
    if datalog is None or datalog.kind(key) != "tabled":
        return NOT_HERE
    relation = datalog.complete(key)
    bound = [(i, deref(a)) for i, a in enumerate(args) if type(deref(a)) is not Ref]
    if relation is None:
        if bound:
            return NOT_HERE  # a bound call: the general engine computes only what it needs
        relation = datalog.compute(key)
    rows: list[tuple[RTerm, ...]] = relation.rows
    if bound:
        position, value = bound[0]
        if type(value) not in _ATOMIC:
            return FAIL
        rows = relation.index(position).get(datalog_key(value), [])
    return _stream(m, _answer_rows(m.trail, args, rows), depth, nxt)


def _answer_rows(
    trail: list[Ref], args: tuple[RTerm, ...], rows: Iterable[tuple[RTerm, ...]]
) -> Iterator[None]:
    """Bind the call arguments to each row in turn (the cheapest way that is correct)."""
    refs = [deref(a) for a in args]
    if all(type(r) is Ref for r in refs) and len(set(map(id, refs))) == len(refs):
        return _bind_rows(trail, refs, rows)  # distinct unbound variables: just bind
    return _unify_rows(trail, args, rows)


def _bind_rows(
    trail: list[Ref], refs: list[Ref], rows: Iterable[tuple[RTerm, ...]]
) -> Iterator[None]:
    """Bind distinct unbound variables to each row in turn (the engine undoes the trail)."""
    if len(refs) == 2:
        first, second = refs
        for a, b in rows:
            first.value = a
            second.value = b
            trail.append(first)
            trail.append(second)
            yield
        return
    for row in rows:
        for ref, value in zip(refs, row):
            ref.value = value
        trail.extend(refs)
        yield


def _unify_rows(
    trail: list[Ref], args: tuple[RTerm, ...], rows: Iterable[tuple[RTerm, ...]]
) -> Iterator[None]:
    """Unify the call arguments with each row of atomic values in turn."""
    for row in rows:
        mark = len(trail)
        for arg, value in zip(args, row):
            while type(arg) is Ref:
                bound = arg.value
                if bound is None:
                    break
                arg = bound
            if type(arg) is Ref:
                arg.value = value
                trail.append(arg)
            elif not (arg == value and arg.__class__ is value.__class__):
                while len(trail) > mark:
                    trail.pop().value = None
                break
        else:
            yield


# ---------------------------------------------------------------- linear tabling
def call_tabled(
    engine: Engine,
    m: Run,
    predicate: Predicate,
    args: tuple[RTerm, ...],
    depth: int,
    nxt: Cont,
    since: int = -1,
) -> object:
    """A call of a tabled predicate: answered from (or computing) its table.

    With ``since`` (an answer serial) the call consumes only the answers
    found after it (semi-naive consumption, :mod:`symlearn.engine.semi_naive`).
    """
    modes = engine.kb.table_modes.get(predicate.key)
    if engine._datalog is not None and modes is None:
        cont = _datalog_table(engine, m, predicate.key, args, depth, nxt)
        if cont is not NOT_HERE:
            return cont
    goal = Struct(predicate.name, args) if args else predicate.name
    key = _call_key(goal)
    table = engine.tables.get(key)
    if table is None:
        table = engine.tables[key] = Table(key, modes)
        return _evaluate(engine, m, predicate, table, goal, depth, nxt, since)
    if table.complete:
        return _consume(m, table, goal, depth, nxt, False, since)
    if table.evaluating:
        _note_loop(engine, table.position)
        return _consume(m, table, goal, depth, nxt, True, since)
    leader = _current_leader(table)
    if leader is not None and table.evaluated_round == leader.round_id:
        _note_loop(engine, leader.position)
        return _consume(m, table, goal, depth, nxt, True, since)
    return _evaluate(engine, m, predicate, table, goal, depth, nxt, since)


def semi_naive_procedure(
    engine: Engine, clause: Clause, position: int, procedure: Any
) -> Callable[..., object]:
    """The procedure of body goal ``position`` of a tabled predicate's ``clause``.

    When the goal is eligible (:class:`~symlearn.engine.semi_naive.Eligibility`)
    and the clause runs in a re-evaluation of its call's table, the goal
    consumes only the answers found since the previous evaluation began;
    otherwise it is the callee's ``procedure``.
    """
    head: Any = clause.head
    caller = (head.name, len(head.args)) if type(head) is Struct else (head, 0)
    goal: Any = clause.body[position]
    callee = (goal.name, len(goal.args)) if type(goal) is Struct else (goal, 0)
    stack = engine._table_stack
    eligibility = engine.semi_naive

    def call(m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
        if stack:
            top = stack[-1]
            since = top.seen_upto
            if (
                since >= 0
                and _functor(top.key) == caller
                and eligibility.eligible(clause, position)
            ):
                predicate = engine._predicates.get(callee)
                if predicate is not None and callee in engine.kb.tabled:
                    if predicate.stale:
                        predicate.refresh()
                    return call_tabled(engine, m, predicate, args, depth, nxt, since)
        return procedure(m, args, cutb, depth, nxt)

    return call


def _functor(key: object) -> Indicator:
    if type(key) is Struct:
        return (key.name, len(key.args))
    return (key, 0)  # type: ignore[return-value]


def _resolve_goal(m: Run, data: Any, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: resolve the tabled call against its clauses, bypassing its table."""
    predicate, args = data
    return m.engine.resolve_clauses(predicate, m, args, depth, nxt)


def _add_answer(m: Run, data: Any, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: record the current instance of the call in its table, then fail."""
    table, goal = data
    engine = m.engine
    if table.modes is not None:
        return _add_moded_answer(m, table, goal, depth)
    answer = _answer_key(goal)
    if answer not in table.answer_set:
        table.answer_set.add(answer)
        table.answers.append(answer)
        engine._answer_serial += 1
        table.serials.append(engine._answer_serial)
        table.last_new = engine._answer_serial
        if engine._answer_serial & 0xFFFF == 0:
            engine.check_memory()
    return FAIL


def _noted(engine: Engine, table: Table) -> None:
    """A table's answers changed: the round that found it is not the last."""
    engine._answer_serial += 1
    table.last_new = engine._answer_serial


def _add_moded_answer(m: Run, table: Table, goal: Any, depth: int) -> object:
    """Keep the answer ``goal`` in a moded table: new, or combined with the kept one."""
    goal = deref(goal)
    args = goal.args
    modes = table.modes
    assert modes is not None
    index = variant_key(Struct("$index", tuple(a for a, m_ in zip(args, modes) if m_ == "index")))
    position = table.moded.get(index)
    if position is None:
        table.moded[index] = len(table.answers)
        table.answers.append(variant_key(goal))
        _noted(m.engine, table)
        return FAIL
    kept = key_to_runtime(table.answers[position])
    values = list(kept.args)
    for i, mode in enumerate(modes):
        if mode == "index":
            continue
        if type(mode) is Struct:  # lattice(PI) (po(PI): kept as lattice of the greater)
            return _join(m, table, position, values, i, mode, args[i], depth)
        values[i] = _combine(mode, values[i], args[i])
    _replace(m.engine, table, position, Struct(goal.name, tuple(values)))
    return FAIL


def _combine(mode: Term, old: RTerm, new: RTerm) -> RTerm:
    """The value ``min``, ``max``, ``sum``, ``first`` or ``last`` keeps of two answers."""
    from symlearn.engine.arithmetic import evaluate
    from symlearn.engine.runtime import compare_runtime

    if mode == "first":
        return old
    if mode == "last":
        return new
    if mode == "sum":
        return evaluate(Struct("+", (old, new)), deref)
    order = compare_runtime(new, old)
    return new if (order < 0 if mode == "min" else order > 0) else old


def _replace(engine: Engine, table: Table, position: int, answer: RTerm) -> None:
    key = variant_key(answer)
    if key != table.answers[position]:
        table.answers[position] = key
        _noted(engine, table)


def _join(
    m: Run,
    table: Table,
    position: int,
    values: list[RTerm],
    place: int,
    mode: Struct,
    new: RTerm,
    depth: int,
) -> object:
    """Call the lattice's ``Join(Old, New, Joined)`` once, then keep ``Joined``."""
    from symlearn.engine.control import CONTROL

    indicator: Any = mode.args[0]
    name: Any = indicator.args[0]
    joined: Any = fresh_ref()
    if mode.name == "po":  # po(Better/2): keep New when Better(Old, New)
        call = Struct(name, (values[place], new))
        store = (_store_preferred, (table, position, values, place, new), 0, depth, None)
    else:
        call = Struct(name, (values[place], new, joined))
        store = (_store_joined, (table, position, values, place, joined), 0, depth, None)
    return (CONTROL[("once", 1)], (call,), len(m.cps), depth + 1, store)


def _store_joined(m: Run, data: Any, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: the lattice join succeeded; keep its value, then fail."""
    table, position, values, place, joined = data
    values = list(values)
    values[place] = joined
    head = table.key.name if type(table.key) is Struct else table.key
    _replace(m.engine, table, position, Struct(head, tuple(values)))
    return FAIL


def _store_preferred(m: Run, data: Any, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: the partial order prefers the new value; keep it, then fail."""
    table, position, values, place, new = data
    values = list(values)
    values[place] = new
    head = table.key.name if type(table.key) is Struct else table.key
    _replace(m.engine, table, position, Struct(head, tuple(values)))
    return FAIL


def _evaluate(
    engine: Engine,
    m: Run,
    predicate: Predicate,
    table: Table,
    goal: object,
    depth: int,
    nxt: Cont,
    since: int,
) -> object:
    stack = engine._table_stack
    table.seen_upto = table.started
    table.started = engine._answer_serial
    table.evaluating = True
    table.position = len(stack)
    table.leader = table.position
    table.leader_table = None
    table.round_start = engine._answer_serial
    table.round_id = next(_round_ids)
    stack.append(table)
    m.cps.append(Choice(TABLE, len(m.trail), nxt, depth, table, goal, predicate, since))
    return _evaluation_round(predicate, table, goal, depth, len(m.cps))


def _evaluation_round(
    predicate: Predicate, table: Table, goal: object, depth: int, height: int
) -> Cont:
    args = goal.args if type(goal) is Struct else ()
    record = (_add_answer, (table, goal), height, depth, None)
    return (_resolve_goal, (predicate, args), height, depth + 1, record)


def _note_loop(engine: Engine, position: int) -> None:
    """A call consumed an incomplete table at stack ``position``: one component."""
    stack = engine._table_stack
    for table in stack[position + 1 :]:
        if table.leader > position:
            table.leader = position
    stack[position].looped = True


def round_done(engine: Engine, m: Run, choice: Choice) -> object:
    """The evaluation round of a table ran out of alternatives: decide what next."""
    table: Table = choice.a  # type: ignore[assignment]
    goal = choice.b
    cps = m.cps
    stack = engine._table_stack
    if table.leader < table.position:  # a follower: its leader re-evaluates it
        stack.pop()
        table.evaluating = False
        leader = stack[table.leader]
        table.leader_table = leader
        leader.followers.append(table)
        leader.followers.extend(table.followers)
        leader.looped = leader.looped or table.looped
        table.followers = []
        table.evaluated_round = leader.round_id
        cps.pop()
        return _consume(m, table, goal, choice.depth, choice.cont, False, choice.pos)
    component = [table, *table.followers]
    changed = any(t.last_new > table.round_start for t in component)
    if table.looped and changed:  # another round until nothing new is found
        table.round_start = engine._answer_serial
        table.round_id = next(_round_ids)
        table.seen_upto = table.started
        table.started = engine._answer_serial
        return _evaluation_round(choice.c, table, goal, choice.depth, len(cps))  # type: ignore[arg-type]
    for member in component:
        member.complete = True
        member.evaluating = False
        member.followers = []
        member.leader_table = None
    stack.pop()
    cps.pop()
    return _consume(m, table, goal, choice.depth, choice.cont, False, choice.pos)


def _consume(
    m: Run, table: Table, goal: object, depth: int, nxt: Cont, live: bool, since: int
) -> object:
    """Stream the table's answers (those after serial ``since`` when it is not -1)."""
    start = 0
    if since >= 0 and table.modes is None:
        start = bisect_right(table.serials, since)
    return _stream(m, _answers(m.trail, table.answers, goal, live, start), depth, nxt)


def abandon(engine: Engine, table: Table) -> None:
    """An exception left ``table``'s evaluation: drop every incomplete table."""
    stack = engine._table_stack
    if table in stack:
        del stack[stack.index(table) :]
    for key in [k for k, t in engine.tables.items() if not t.complete]:
        del engine.tables[key]


def abandon_incomplete(engine: Engine) -> None:
    """A query ended inside tabled evaluation: drop every incomplete table."""
    for key in [k for k, t in engine.tables.items() if not t.complete]:
        del engine.tables[key]
    engine._table_stack.clear()


def _current_leader(table: Table) -> Table | None:
    leader = table.leader_table
    while leader is not None and not leader.evaluating:
        leader = leader.leader_table
    return leader


def _answers(
    trail: list[Ref], answers: list[Any], goal: Any, live: bool, start: int
) -> Iterator[None]:
    """Unify ``goal`` with each answer from ``start`` on (and, if ``live``, those added since)."""
    limit = len(answers)
    args = goal.args if type(goal) is Struct else ()
    i = start
    while i < (len(answers) if live else limit):
        answer = answers[i]
        i += 1
        mark = len(trail)
        if type(answer) is tuple:
            for arg, value in zip(args, answer):
                while type(arg) is Ref:
                    bound = arg.value
                    if bound is None:
                        break
                    arg = bound
                if type(arg) is Ref:
                    arg.value = value
                    trail.append(arg)
                elif not (arg == value and arg.__class__ is value.__class__):
                    break
            else:
                yield
                continue
            while len(trail) > mark:
                trail.pop().value = None
        elif unify(goal, key_to_runtime(answer), trail):
            yield


def _call_key(goal: object) -> Term:
    """The call variant's key: its goal with canonical variables.

    A goal whose arguments are atomic or variables (the common call) gets
    its key without copying a term: the key :func:`variant_key` would give.
    """
    if type(goal) is not Struct:
        return variant_key(goal)
    values: list[Any] = []
    seen: dict[Any, Any] = {}
    arg: Any
    for arg in goal.args:
        while type(arg) is Ref:
            bound = arg.value
            if bound is None:
                break
            arg = bound
        kind = type(arg)
        if kind is Ref:
            var = seen.get(arg)
            if var is None:
                var = seen[arg] = canonical_variables(len(seen) + 1)[-1]
            values.append(var)
        elif kind is str or kind is int or kind is float or kind is PString:
            values.append(arg)
        else:
            return variant_key(goal)
    return Struct(goal.name, tuple(values))


def _answer_key(goal: Any) -> object:
    """An answer as stored: the tuple of its atomic arguments, else its variant key."""
    goal = deref(goal)
    if type(goal) is str:
        return ()
    values = []
    for arg in goal.args:
        while type(arg) is Ref:
            bound = arg.value
            if bound is None:
                return variant_key(goal)
            arg = bound
        kind = type(arg)
        if kind is str or kind is int or kind is PString:
            values.append(arg)
        else:  # floats (1.0 must not meet 1), compound terms, variables
            return variant_key(goal)
    return tuple(values)
