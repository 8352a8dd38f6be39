"""The query engine: SLD resolution with cut, exceptions and tabling.

:class:`Engine` answers goals against a
:class:`~symlearn.kb.knowledge_base.KnowledgeBase` the way SWI-Prolog does:
depth-first, left to right, clauses in order, so solutions come in Prolog's
order.  It never uses Python recursion to prove a goal: the machine keeps its
continuation (the goals still to prove) as a linked list and its choicepoints
on a list, so an ``ancestor`` chain 100,000 deep is fine.  A runaway recursion
stops with :class:`~symlearn.errors.EngineLimitError` at ``max_depth`` (or
after ``max_steps`` calls), never with a ``RecursionError``.

Calls use the knowledge base's argument indexes: the most selective bound
argument picks the candidate clauses.

**Tabling.**  A predicate declared with ``:- table p/N.`` is answered from
tables of answers, one per call variant, which makes left-recursive and
cyclic programs terminate with all their answers, as in SWI-Prolog.  The
tables are computed by *linear tabling* (Zhou, Sato and Shen, "Linear tabling
strategies and optimizations", TPLP 2008): a call that meets its own variant
still being evaluated consumes the answers found so far, and the leader of
such a strongly connected component re-evaluates it until a round adds no
answer, after which every table of the component is complete.  A component
without such a loop is complete after one round.  Answers are a set: their
order is not SWI-Prolog's.

Functions and classes
---------------------
Engine, solve
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import count as _count
from typing import TextIO

from symlearn.engine.arithmetic import PrologThrow, instantiation_error, type_error
from symlearn.engine.control import CONTROL as _CONTROL
from symlearn.engine.datalog import DatalogProgram
from symlearn.engine.datalog import key as datalog_key
from symlearn.engine.machine import (
    ALT,
    CATCH,
    CLAUSES,
    DEAD,
    FAIL,
    ITER,
    NOT_HERE,
    REACTIVATE,
    TABLE,
    AddAnswer,
    Choice,
    Cont,
    CutTo,
    ExitCatch,
    Resolve,
    SoftCut,
    Table,
)
from symlearn.engine.runtime import (
    CompiledClause,
    Ref,
    RTerm,
    copy_runtime,
    deref,
    key_to_runtime,
    resolve,
    to_runtime,
    unify,
    variant_key,
)
from symlearn.errors import EngineLimitError, KBError, PrologError, UnknownPredicateError
from symlearn.kb.knowledge_base import KnowledgeBase, Predicate, index_key
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import PString, Struct, Term, Var, is_ground

__all__ = ["Engine", "solve"]


class _Compiled:
    """A predicate's clauses compiled for the machine (kept in step with the knowledge base)."""

    __slots__ = ("clauses", "predicate")

    def __init__(self, predicate: Predicate) -> None:
        self.predicate = predicate
        self.clauses: list[CompiledClause] = []

    def refresh(self) -> list[CompiledClause]:
        source = self.predicate.clauses
        if len(self.clauses) != len(source):
            if len(self.clauses) > len(source):
                self.clauses = []
            self.clauses.extend(CompiledClause(c) for c in source[len(self.clauses) :])
        return self.clauses


_round_ids = _count(1)


class Engine:
    """Answer Prolog goals against a knowledge base.

    Parameters
    ----------
    kb
        The knowledge base.  Clauses added to it later (``kb.add_clause`` or
        ``assertz/1``) are seen by later calls.
    max_depth
        Deepest call nesting allowed before :class:`EngineLimitError`.
    max_steps
        Most predicate calls one :meth:`solve` may make (None: no limit).
    unknown
        ``"error"`` (SWI's default: calling an undefined predicate is an
        existence error) or ``"fail"`` (it fails, as ILP systems set it).
    output
        Where ``write/1``, ``format/2`` ... write (None: nowhere).
    datalog
        Answer the Datalog part of the knowledge base set-at-a-time
        (:mod:`symlearn.engine.datalog`): the same answers, in the same order for
        untabled predicates, much faster.  Off is plain SLD resolution.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> kb = loads("parent(ann, bob). parent(bob, carl). "
    ...            "grandparent(X, Z) :- parent(X, Y), parent(Y, Z).")
    >>> engine = Engine(kb)
    >>> [str(s["X"]) for s in engine.solve_text("grandparent(X, carl)")]
    ['ann']
    >>> engine.ask_text("grandparent(bob, _)")
    False
    """

    def __init__(
        self,
        kb: KnowledgeBase,
        *,
        max_depth: int = 1_000_000,
        max_steps: int | None = None,
        unknown: str = "error",
        output: TextIO | None = None,
        datalog: bool = True,
    ) -> None:
        if unknown not in ("error", "fail"):
            raise ValueError("unknown must be 'error' or 'fail'")
        self.kb = kb
        self.max_depth = max_depth
        self.max_steps = max_steps
        self.unknown = unknown
        self.output = output
        self.trail: list[Ref] = []
        self.steps = 0
        self.tables: dict[Term, Table] = {}
        self._table_stack: list[Table] = []
        self._answer_serial = 0
        self._compiled: dict[Indicator, _Compiled] = {}
        from symlearn.engine.builtins import DETERMINISTIC, NONDETERMINISTIC
        from symlearn.engine.library import library

        self._det = DETERMINISTIC
        self._nondet = NONDETERMINISTIC
        self._library = library()
        self._datalog = DatalogProgram(kb) if datalog else None

    # ------------------------------------------------------------------ API
    def solve(self, goal: Term, limit: int | None = None) -> Iterator[dict[Var, Term]]:
        """Yield each solution of ``goal`` as a map from its variables to their values.

        Parameters
        ----------
        goal
            A callable term; its variables are not changed.
        limit
            Stop after this many solutions.

        Raises
        ------
        UnknownPredicateError
            When a call reaches an undefined predicate (``unknown="error"``).
        PrologError
            For other uncaught run-time errors (type errors, ``throw/1``).
        EngineLimitError
            When ``max_depth`` or ``max_steps`` is exceeded.
        """
        mapping: dict[Var, Ref] = {}
        runtime = to_runtime(goal, mapping)
        for _ in self._solutions(runtime, limit):
            names: dict[Ref, Var] = {}
            yield {var: resolve(ref, names) for var, ref in mapping.items()}

    def solve_text(self, goal: str, limit: int | None = None) -> Iterator[dict[str, Term]]:
        """Like :meth:`solve` for a goal written as text; solutions keyed by variable name."""
        from symlearn.kb.parser import parse_term_with_variables

        term, variables = parse_term_with_variables(goal)
        by_var = {v: name for name, v in variables.items()}
        for solution in self.solve(term, limit):
            yield {by_var[v]: value for v, value in solution.items() if v in by_var}

    def ask(self, goal: Term) -> bool:
        """True when ``goal`` has a solution."""
        return any(True for _ in self._solutions(to_runtime(goal, {}), 1))

    def ask_text(self, goal: str) -> bool:
        """:meth:`ask` for a goal written as text."""
        from symlearn.kb.parser import parse_term

        return self.ask(parse_term(goal))

    def count(self, goal: Term) -> int:
        """The number of solutions of ``goal`` (without building them)."""
        return sum(1 for _ in self._solutions(to_runtime(goal, {}), None))

    def findall(self, template: Term, goal: Term) -> list[Term]:
        """The instances of ``template`` for each solution of ``goal``, in order."""
        mapping: dict[Var, Ref] = {}
        runtime_goal = to_runtime(goal, mapping)
        runtime_template = to_runtime(template, mapping)
        return [resolve(runtime_template) for _ in self._solutions(runtime_goal, None)]

    def add_clause(self, clause: Clause) -> None:
        """Add ``clause`` to the knowledge base (``assertz``); tables are cleared."""
        self.kb.add_clause(clause)
        self.tables.clear()

    def reset_tables(self) -> None:
        """Forget every table (after the knowledge base changed)."""
        self.tables.clear()
        if self._datalog is not None:
            self._datalog.reset()

    def _solutions(self, runtime_goal: object, limit: int | None) -> Iterator[None]:
        goal = deref(runtime_goal)
        if type(goal) is Ref:
            raise PrologError("instantiation_error", "the goal is a variable")
        if type(goal) not in (str, Struct):
            raise PrologError(f"type_error(callable, {format_term(resolve(goal))})")
        mark = len(self.trail)
        self.steps = 0
        found = 0
        try:
            for _ in self._run((goal, 0, 0, None)):
                yield
                found += 1
                if limit is not None and found >= limit:
                    return
        except PrologThrow as thrown:
            raise self._as_error(thrown) from None
        finally:
            self._undo(mark)
            if self._table_stack:
                self._abandon_incomplete_tables()

    # ------------------------------------------------------------ internals
    def _undo(self, mark: int) -> None:
        trail = self.trail
        while len(trail) > mark:
            trail.pop().value = None

    def _as_error(self, thrown: PrologThrow) -> KBError | PrologError:
        ball = resolve(thrown.ball)
        if (
            type(ball) is Struct
            and ball.name == "error"
            and len(ball.args) == 2
            and type(ball.args[0]) is Struct
            and ball.args[0].name == "existence_error"
        ):
            formal = ball.args[0]
            assert isinstance(formal, Struct)
            if formal.args[0] == "procedure":
                return UnknownPredicateError(format_term(formal.args[1]))
        if type(ball) is Struct and ball.name == "error" and len(ball.args) == 2:
            return PrologError(format_term(ball.args[0]))
        return PrologError(f"unhandled exception: {format_term(ball)}")

    def _abandon_incomplete_tables(self) -> None:
        for key in [k for k, t in self.tables.items() if not t.complete]:
            del self.tables[key]
        self._table_stack.clear()

    def compiled(self, name: str, arity: int) -> _Compiled | None:
        """The compiled clauses of ``name/arity`` (user's, else the library's), or None."""
        key = (name, arity)
        entry = self._compiled.get(key)
        if entry is not None and (entry.predicate.clauses or entry.predicate.dynamic):
            return entry
        predicate = self.kb.predicates.get(key)
        if predicate is None or not (predicate.clauses or predicate.dynamic):
            predicate = self._library.predicates.get(key)
            if predicate is None:
                return None
        entry = self._compiled[key] = _Compiled(predicate)
        return entry

    def _existence_error(self, name: str, arity: int) -> PrologThrow:
        return PrologThrow(
            Struct(
                "error",
                (Struct("existence_error", ("procedure", Struct("/", (name, arity)))), Ref()),
            )
        )

    # ------------------------------------------------------------- machine
    def _run(self, start: Cont) -> Iterator[None]:
        """Prove the continuation ``start``; yield once per solution."""
        trail = self.trail
        cps: list[Choice] = []
        det, nondet = self._det, self._nondet
        tabled = self.kb.tabled
        max_depth, max_steps = self.max_depth, self.max_steps
        cont: object = start
        while True:
            try:
                while True:
                    if cont is None:
                        yield
                        if cps:  # most often the newest choicepoint hands out whole answers
                            choice = cps[-1]
                            if choice.kind == ITER and choice.cont is None:
                                mark = choice.mark
                                while len(trail) > mark:
                                    trail.pop().value = None
                                if next(choice.a, FAIL) is not FAIL:
                                    continue
                                cps.pop()
                        cont = self._backtrack(cps)
                        if cont is FAIL:
                            return
                        continue
                    if cont is FAIL:
                        return
                    goal, cutb, depth, nxt = cont
                    while type(goal) is Ref:
                        value = goal.value
                        if value is None:
                            raise instantiation_error()
                        goal = value
                    tg = type(goal)
                    if tg is Struct:
                        name = goal.name
                        args = goal.args
                        arity = len(args)
                    elif tg is str:
                        name, args, arity = goal, (), 0
                    elif tg is CutTo:
                        del cps[goal.height :]
                        cont = nxt
                        continue
                    else:
                        cont = self._special(goal, cutb, depth, nxt, cps)
                        if cont is FAIL:
                            cont = self._backtrack(cps)
                        continue

                    # ---- control constructs
                    if arity == 2 and name == ",":
                        cont = (args[0], cutb, depth, (args[1], cutb, depth, nxt))
                        continue
                    if arity == 0:
                        if name == "true":
                            cont = nxt
                            continue
                        if name == "!":
                            del cps[cutb:]
                            cont = nxt
                            continue
                        if name == "fail" or name == "false":
                            cont = self._backtrack(cps)
                            continue
                    control = _CONTROL.get((name, arity))
                    if control is not None:
                        cont = control(self, args, cutb, depth, nxt, cps)
                        if cont is FAIL:
                            cont = self._backtrack(cps)
                        continue

                    # ---- built-in predicates
                    key = (name, arity)
                    function = det.get(key)
                    if function is not None:
                        cont = nxt if function(self, args) else self._backtrack(cps)
                        continue
                    generator_function = nondet.get(key)
                    if generator_function is not None:
                        cps.append(
                            Choice(ITER, len(trail), nxt, depth, generator_function(self, args))
                        )
                        cont = self._backtrack(cps)
                        continue

                    # ---- user predicates
                    if depth >= max_depth:
                        raise EngineLimitError(
                            f"depth limit {max_depth} exceeded while proving "
                            f"{format_term(resolve(goal))} (infinite recursion? raise "
                            "--max-depth, or table the predicate with :- table "
                            f"{name}/{arity}.)"
                        )
                    self.steps += 1
                    if max_steps is not None and self.steps > max_steps:
                        raise EngineLimitError(f"step limit {max_steps} exceeded")
                    if key in tabled:
                        cont = self._call_tabled(goal, nxt, depth, cps)
                    else:
                        cont = self._call(goal, name, args, arity, nxt, depth, cps)
                    if cont is FAIL:
                        cont = self._backtrack(cps)
            except PrologThrow as thrown:
                cont = self._recover(thrown, cps)

    def _call(
        self,
        goal: object,
        name: str,
        args: tuple[RTerm, ...],
        arity: int,
        nxt: Cont,
        depth: int,
        cps: list[Choice],
    ) -> RTerm:
        """Resolve a user-predicate call against its clauses (first match, choicepoint)."""
        entry = self._compiled.get((name, arity))
        if entry is None or not (entry.predicate.clauses or entry.predicate.dynamic):
            entry = self.compiled(name, arity)
            if entry is None:
                if self.unknown == "fail":
                    return FAIL
                raise self._existence_error(name, arity)
        datalog = self._datalog
        if datalog is not None and datalog.kind((name, arity)) == "rules":
            cont = self._datalog_call(name, arity, args, nxt, depth, cps)
            if cont is not NOT_HERE:
                return cont
        clauses = entry.refresh()
        if arity:
            keys = []
            bound = False
            for arg in args:
                while type(arg) is Ref:
                    value = arg.value
                    if value is None:
                        break
                    arg = value
                if type(arg) is Ref:
                    keys.append(None)
                else:
                    bound = True
                    keys.append(index_key(arg))
            candidates = entry.predicate.candidates(keys) if bound else range(len(clauses))
        else:
            candidates = range(len(clauses))
        choice = Choice(CLAUSES, 0, nxt, depth, args, clauses, candidates, 0)
        return self._try_clauses(choice, cps, len(cps), pushed=False)

    def _try_clauses(self, choice: Choice, cps: list[Choice], height: int, pushed: bool) -> RTerm:
        """Try the remaining candidate clauses of ``choice``; return the new continuation."""
        trail = self.trail
        args: tuple[RTerm, ...] = choice.a
        clauses: list[CompiledClause] = choice.b
        candidates = choice.c
        position = choice.pos
        n = len(candidates)
        nxt, depth = choice.cont, choice.depth
        while position < n:
            clause = clauses[candidates[position]]
            position += 1
            mark = len(trail)
            ground = clause.ground_args
            if ground is not None:
                ok = True
                for fact_arg, arg in zip(ground, args):
                    while type(arg) is Ref:
                        value = arg.value
                        if value is None:
                            break
                        arg = value
                    if type(arg) is Ref:
                        arg.value = fact_arg
                        trail.append(arg)
                    elif arg is fact_arg:
                        continue
                    elif type(arg) is Struct or type(fact_arg) is Struct:
                        if not unify(fact_arg, arg, trail):
                            ok = False
                            break
                    elif arg != fact_arg or type(arg) is not type(fact_arg):
                        ok = False
                        break
                if ok:
                    self._keep_choice(choice, cps, pushed, position, n, mark)
                    return nxt
            else:
                frame: list[RTerm] = [None] * clause.nvars
                code = clause._code or clause.code()
                if code[0](args, frame, trail):
                    self._keep_choice(choice, cps, pushed, position, n, mark)
                    return code[1](frame, nxt, height, depth + 1)
            while len(trail) > mark:
                trail.pop().value = None
        if pushed:
            cps.pop()
        return FAIL

    @staticmethod
    def _keep_choice(
        choice: Choice, cps: list[Choice], pushed: bool, position: int, n: int, mark: int
    ) -> None:
        """Keep (or drop) the clause choicepoint after a head matched."""
        if position < n:
            choice.pos = position
            choice.mark = mark
            if not pushed:
                cps.append(choice)
        elif pushed:
            cps.pop()

    def _backtrack(self, cps: list[Choice]) -> RTerm:
        """Resume the newest choicepoint that still has an alternative."""
        trail = self.trail
        while cps:
            choice = cps[-1]
            mark = choice.mark
            while len(trail) > mark:
                trail.pop().value = None
            kind = choice.kind
            if kind == CLAUSES:
                cont = self._try_clauses(choice, cps, len(cps) - 1, pushed=True)
                if cont is not FAIL:
                    return cont
            elif kind == ITER:
                try:
                    next(choice.a)
                except StopIteration:
                    cps.pop()
                    continue
                return choice.cont
            elif kind == ALT:
                cps.pop()
                return choice.cont
            elif kind == TABLE:
                cont = self._table_round_done(choice, cps)
                if cont is not FAIL:
                    return cont
            elif kind == REACTIVATE:
                choice.a.pos = 1
                cps.pop()
            else:  # CATCH, DEAD
                cps.pop()
        return FAIL

    def _recover(self, thrown: PrologThrow, cps: list[Choice]) -> RTerm:
        """Unwind to the newest active ``catch/3`` whose catcher unifies with the ball."""
        ball = copy_runtime(thrown.ball)
        while cps:
            choice = cps.pop()
            if choice.kind == TABLE:
                self._abandon_table(choice.a)
                continue
            if choice.kind != CATCH or choice.pos != 1:
                continue
            self._undo(choice.mark)
            mark = len(self.trail)
            if unify(choice.a, ball, self.trail):
                return (choice.b, choice.c, choice.depth, choice.cont)
            self._undo(mark)
        raise PrologThrow(ball)

    def _abandon_table(self, table: Table) -> None:
        if table in self._table_stack:
            del self._table_stack[self._table_stack.index(table) :]
        for key in [k for k, t in self.tables.items() if not t.complete]:
            del self.tables[key]

    def _special(self, goal: object, cutb: int, depth: int, nxt: Cont, cps: list[Choice]) -> RTerm:
        """Run one of the machine's internal goals."""
        tg = type(goal)
        if tg is Resolve:
            real = deref(goal.goal)
            name, args = (real.name, real.args) if type(real) is Struct else (real, ())
            return self._call(real, name, args, len(args), nxt, depth, cps)
        if tg is AddAnswer:
            self._add_answer(goal.table, goal.goal)
            return FAIL
        if tg is SoftCut:
            goal.choice.kind = DEAD
            return nxt
        if tg is ExitCatch:
            choice = goal.choice
            choice.pos = 0
            cps.append(Choice(REACTIVATE, len(self.trail), None, 0, choice))
            return nxt
        if tg in (int, float) or tg is Var or tg.__name__ == "PString":
            raise type_error("callable", resolve(goal))
        raise type_error("callable", resolve(goal))

    # -------------------------------------------------------------- tabling
    def _datalog_call(
        self,
        name: str,
        arity: int,
        args: tuple[RTerm, ...],
        nxt: Cont,
        depth: int,
        cps: list[Choice],
    ) -> RTerm:
        """Answer an untabled Datalog call from its compiled join plan (or ``NOT_HERE``)."""
        values = []
        for arg in args:
            arg = deref(arg)
            if type(arg) is Ref:
                values.append(None)
            elif type(arg) in _ATOMIC:
                values.append(arg)
            else:
                return NOT_HERE
        assert self._datalog is not None
        plan = self._datalog.plan((name, arity), tuple(v is not None for v in values))
        rows = plan(tuple(values))
        cps.append(Choice(ITER, len(self.trail), nxt, depth, _answer_rows(self.trail, args, rows)))
        return self._backtrack(cps)

    def _datalog_table(
        self,
        name: str,
        arity: int,
        args: tuple[RTerm, ...],
        nxt: Cont,
        depth: int,
        cps: list[Choice],
    ) -> RTerm:
        """Answer a tabled Datalog call from its computed relation (or ``NOT_HERE``)."""
        datalog = self._datalog
        if datalog is None or datalog.kind((name, arity)) != "tabled":
            return NOT_HERE
        relation = datalog.complete((name, arity))
        bound = [(i, deref(a)) for i, a in enumerate(args) if type(deref(a)) is not Ref]
        if relation is None:
            if bound:
                return NOT_HERE  # a bound call: the general engine computes only what it needs
            relation = datalog.compute((name, arity))
        rows: list[tuple[RTerm, ...]] = relation.rows
        if bound:
            position, value = bound[0]
            if type(value) not in _ATOMIC:
                return FAIL
            rows = relation.index(position).get(datalog_key(value), [])
        cps.append(Choice(ITER, len(self.trail), nxt, depth, _answer_rows(self.trail, args, rows)))
        return self._backtrack(cps)

    def _call_tabled(self, goal: RTerm, nxt: Cont, depth: int, cps: list[Choice]) -> RTerm:
        if self._datalog is not None:
            name, args = (goal.name, goal.args) if type(goal) is Struct else (goal, ())
            cont = self._datalog_table(name, len(args), args, nxt, depth, cps)
            if cont is not NOT_HERE:
                return cont
        key = _call_key(goal)
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = Table(key)
            return self._evaluate(table, goal, nxt, depth, cps)
        if table.complete:
            return self._consume(table, goal, nxt, depth, cps, live=False)
        if table.evaluating:
            self._note_loop(table.position)
            return self._consume(table, goal, nxt, depth, cps, live=True)
        leader = _current_leader(table)
        if leader is not None and table.evaluated_round == leader.round_id:
            self._note_loop(leader.position)
            return self._consume(table, goal, nxt, depth, cps, live=True)
        return self._evaluate(table, goal, nxt, depth, cps)

    def _evaluate(
        self, table: Table, goal: object, nxt: Cont, depth: int, cps: list[Choice]
    ) -> RTerm:
        stack = self._table_stack
        table.evaluating = True
        table.position = len(stack)
        table.leader = table.position
        table.leader_table = None
        table.round_start = self._answer_serial
        table.round_id = next(_round_ids)
        stack.append(table)
        cps.append(Choice(TABLE, len(self.trail), nxt, depth, table, goal))
        return self._evaluation_round(table, goal, depth, len(cps))

    @staticmethod
    def _evaluation_round(table: Table, goal: object, depth: int, height: int) -> Cont:
        return (Resolve(goal), height, depth + 1, (AddAnswer(table, goal), height, depth, None))

    def _note_loop(self, position: int) -> None:
        """A call consumed an incomplete table at stack ``position``: one component."""
        stack = self._table_stack
        for table in stack[position + 1 :]:
            if table.leader > position:
                table.leader = position
        stack[position].looped = True

    def _add_answer(self, table: Table, goal: object) -> None:
        answer = _answer_key(goal)
        if answer not in table.answer_set:
            table.answer_set.add(answer)
            table.answers.append(answer)
            self._answer_serial += 1
            table.last_new = self._answer_serial

    def _table_round_done(self, choice: Choice, cps: list[Choice]) -> RTerm:
        """The evaluation round of a table ran out of alternatives: decide what next."""
        table: Table = choice.a
        goal = choice.b
        stack = self._table_stack
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
            return self._consume(table, goal, choice.cont, choice.depth, cps, live=False)
        component = [table, *table.followers]
        changed = any(t.last_new > table.round_start for t in component)
        if table.looped and changed:  # another round until nothing new is found
            table.round_start = self._answer_serial
            table.round_id = next(_round_ids)
            return self._evaluation_round(table, goal, choice.depth, len(cps))
        for member in component:
            member.complete = True
            member.evaluating = False
            member.followers = []
            member.leader_table = None
        stack.pop()
        cps.pop()
        return self._consume(table, goal, choice.cont, choice.depth, cps, live=False)

    def _consume(
        self, table: Table, goal: object, nxt: Cont, depth: int, cps: list[Choice], live: bool
    ) -> RTerm:
        cps.append(
            Choice(
                ITER, len(self.trail), nxt, depth, _answers(self.trail, table.answers, goal, live)
            )
        )
        return self._backtrack(cps)


_ATOMIC = (str, int, float, PString)


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


def _current_leader(table: Table) -> Table | None:
    leader = table.leader_table
    while leader is not None and not leader.evaluating:
        leader = leader.leader_table
    return leader


def _answers(trail: list[Ref], answers: list[Term], goal: object, live: bool) -> Iterator[None]:
    """Unify ``goal`` with each answer in turn (and, if ``live``, with those added meanwhile)."""
    limit = len(answers)
    i = 0
    while i < (len(answers) if live else limit):
        answer = answers[i]
        i += 1
        runtime = answer if is_ground(answer) else key_to_runtime(answer)
        if unify(goal, runtime, trail):
            yield


def _atomic_key(goal: object, unbound_ok: bool) -> Term | None:
    """A call or answer key built without copying, when the arguments are simple."""
    goal = deref(goal)
    if type(goal) is str:
        return goal
    args = []
    seen: dict[Ref, Var] = {}
    for arg in goal.args:
        arg = deref(arg)
        t = type(arg)
        if t is str or t is int or t is float:
            args.append(arg)
        elif t is Ref and unbound_ok:
            var = seen.get(arg)
            if var is None:
                from symlearn.logic.clauses import canonical_variables

                var = seen[arg] = canonical_variables(len(seen) + 1)[-1]
            args.append(var)
        else:
            return None
    return Struct(goal.name, tuple(args))


def _call_key(goal: object) -> Term:
    key = _atomic_key(goal, unbound_ok=True)
    return key if key is not None else variant_key(goal)


def _answer_key(goal: object) -> Term:
    key = _atomic_key(goal, unbound_ok=True)
    return key if key is not None else variant_key(goal)


def solve(kb: KnowledgeBase, goal: str, limit: int | None = None) -> list[dict[str, Term]]:
    """All solutions of ``goal`` (text) in ``kb``: a convenience for :class:`Engine`.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> [str(s["X"]) for s in solve(loads("p(1). p(2)."), "p(X), X > 1")]
    ['2']
    """
    return list(Engine(kb).solve_text(goal, limit))
