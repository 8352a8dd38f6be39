r"""The query engine: SLD resolution with cut, exceptions, tabling and resource limits.

:class:`Engine` answers goals against a
:class:`~symlearn.kb.knowledge_base.KnowledgeBase` the way SWI-Prolog does:
depth-first, left to right, clauses in order, so solutions come in Prolog's
order.  It never uses Python recursion to prove a goal: the machine keeps its
continuation (the goals still to prove) as a linked list of tuples
``(procedure, arguments, cut barrier, depth, next)`` and its choicepoints on
a list, so an ``ancestor`` chain 100,000 deep is fine, and ``findall/3``,
``\+`` and ``catch/3`` run inside the same machine however deeply they nest.

Every goal is run by a *procedure*: a control construct, a builtin, or a user
predicate whose clauses are compiled to Python functions
(:mod:`symlearn.engine.codegen`) and indexed on their first argument, with
just-in-time indexes on the others, and a hot predicate of a few clauses
gets a compiled switch with its clauses inlined (:mod:`symlearn.engine.procedures`).  The
last goal of a clause body runs at its caller's depth (last-call
optimisation), so iteration by tail recursion runs in constant depth.

**Limits.**  One counter counts every inference (each goal run, builtins
included, and each redo of a nondeterministic builtin).  ``max_steps``
bounds it, ``timeout`` bounds the wall-clock time of one query, ``max_memory``
the memory a query may add, and ``max_depth`` the nesting of calls.  They are
thrown as SWI-Prolog throws them: ``inference_limit_exceeded``,
``time_limit_exceeded``, ``error(resource_error(memory), _)`` and
``error(resource_error(stack), _)``.  ``catch/3`` can catch them: the
recovery, and whatever the query does after it, gets a grace of a tenth of
the budget (at least 1,000 inferences, or a second); past the grace the query
ends with the error whatever catches it, so a catch-all cannot turn a
runaway into an endless loop.  Uncaught, they reach the caller as
:class:`~symlearn.errors.EngineLimitError`.

**Tabling.**  A predicate declared with ``:- table p/N.`` is answered from
tables of answers (see :mod:`symlearn.engine.tabling`).

Functions and classes
---------------------
Engine, solve
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from functools import partial
from typing import Any, TextIO

from symlearn.engine import machine_loop, tabling
from symlearn.engine.arithmetic import (
    PrologThrow,
    instantiation_error,
    resource_error,
    type_error,
)
from symlearn.engine.clpfd import FDStore
from symlearn.engine.control import CONTROL as _CONTROL
from symlearn.engine.control import call_goal
from symlearn.engine.datalog import DatalogProgram
from symlearn.engine.direct_builtins import DIRECT
from symlearn.engine.machine import (
    CATCH,
    FAIL,
    ITER,
    NOT_HERE,
    TABLE,
    Choice,
    Cont,
    Run,
    Table,
)
from symlearn.engine.machine import CHECK_EVERY as _CHECK_EVERY
from symlearn.engine.procedures import (
    EXTERNAL,
    FACTS_ONLY,
    UNDEFINED,
    Predicate,
    _keys,
    try_clauses,
    try_facts,
)
from symlearn.engine.runtime import (
    Ref,
    RTerm,
    copy_runtime,
    deref,
    fresh_ref,
    resolve,
    to_runtime,
    unify,
)
from symlearn.engine.semi_naive import Eligibility
from symlearn.errors import (
    EngineLimitError,
    InvalidParameterError,
    KBError,
    PrologError,
    UnknownPredicateError,
)
from symlearn.kb.knowledge_base import KnowledgeBase, modifications
from symlearn.kb.system import PROTECTED
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import PString, Struct, Term, Var

__all__ = ["Engine", "Run", "solve"]

# How many inferences the compiled loops may make between two checks.
_LOOP_GRANT = 8 * _CHECK_EVERY


def _resident_bytes() -> int:
    """The process's resident memory now (0 where it cannot be read)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * 4096
    except (OSError, ValueError, IndexError):
        return 0


class Engine:
    """Answer Prolog goals against a knowledge base.

    Parameters
    ----------
    kb
        The knowledge base.  Clauses added to it later (``kb.add_clause`` or
        ``assertz/1``) are seen by later calls.
    max_depth
        Deepest call nesting allowed (``error(resource_error(stack), _)``,
        then :class:`EngineLimitError`).  A last call does not nest.
    max_steps
        Most inferences one :meth:`solve` may make (None: no limit).
    unknown
        ``"error"`` (SWI's default: calling an undefined predicate is an
        existence error) or ``"fail"`` (it fails, as ILP systems set it).
    output
        Where ``write/1``, ``format/2`` ... write (None: nowhere).
    input
        Where ``read/1`` and ``read_term/2`` read (None: at its end).
    datalog
        Answer the Datalog part of the knowledge base set-at-a-time
        (:mod:`symlearn.engine.datalog`): the same answers, in the same order for
        untabled predicates, much faster.  Off is plain SLD resolution.
    timeout
        Most seconds of wall-clock time one :meth:`solve` may take.
    max_memory
        Most bytes of memory one :meth:`solve` may add to the process.

    Raises
    ------
    InvalidParameterError
        For an ``unknown`` other than ``"error"``/``"fail"`` or a limit below 1.

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
        timeout: float | None = None,
        max_memory: int | None = None,
        input: TextIO | None = None,
    ) -> None:
        if not isinstance(kb, KnowledgeBase):
            raise InvalidParameterError(
                f"kb must be a KnowledgeBase (symlearn.load or loads), not {kb!r}"
            )
        if unknown not in ("error", "fail"):
            raise InvalidParameterError(f"unknown must be 'error' or 'fail', not {unknown!r}")
        for label, value in (
            ("max_depth", max_depth),
            ("max_steps", max_steps),
            ("max_memory", max_memory),
        ):
            if value is not None and (type(value) is not int or value < 1):
                raise InvalidParameterError(f"{label} must be a positive integer, not {value!r}")
        if timeout is not None and not (_is_number(timeout) and timeout > 0):
            raise InvalidParameterError(f"timeout must be a positive number, not {timeout!r}")
        self.kb = kb
        self.max_depth = max_depth
        self.max_steps = max_steps
        self.timeout = timeout
        self.max_memory = max_memory
        from symlearn.kb.flags import default_flags

        #: The Prolog flags (``current_prolog_flag/2``): SWI-Prolog's, then the files'.
        self.flags = default_flags()
        self.flags.update(kb.flags)
        if unknown == "error" and kb.flags.get("unknown") in ("fail", "warning"):
            unknown = "fail"
        self.flags["unknown"] = (
            self.flags.get("unknown", unknown) if unknown == "error" else unknown
        )
        self.unknown = unknown
        self.output = output
        #: Outputs set aside while ``with_output_to/2`` collects what a goal writes.
        self.output_stack: list[TextIO | None] = []
        self.input = input
        #: Global variables (``nb_setval/2``, ``b_setval/2``).
        self.globals: dict[object, Term] = {}
        #: Dynamic predicates' clauses by first argument, for retract/1 (engine.database).
        self.first_argument: dict[object, Any] = {}
        self.trail: list[Ref] = []
        self.steps = 0
        self.tables: dict[Term, Table] = {}
        self._table_stack: list[Table] = []
        self._answer_serial = 0
        self._procedures: dict[Indicator, object] = {}
        self._predicates: dict[Indicator, Predicate] = {}
        self._seen_modifications = modifications()
        self._deadline: float | None = None
        self._step_budget = max_steps
        self._grace_given = False
        self._memory_base = 0
        #: The run's finite-domain constraints (library(clpfd)), made by the first one.
        self.fd: FDStore | None = None
        #: True once a constraint exists: the store is looked at every step.
        self.fd_watching = False
        self._full_check_at = 0
        #: The constraints left on the last solution's unbound variables
        #: (``X in 4..sup``), as SWI-Prolog's toplevel shows them.
        self.residual_goals: list[Term] = []
        from symlearn.engine.builtins import DETERMINISTIC, NONDETERMINISTIC, SHORTCUTS
        from symlearn.engine.library import library

        self._det = DETERMINISTIC
        self._nondet = NONDETERMINISTIC
        self._shortcuts = SHORTCUTS
        self._library = library()
        self._datalog = DatalogProgram(kb) if datalog else None
        #: Which tabled calls may consume new answers only (engine.semi_naive).
        self.semi_naive = Eligibility(kb, self._library)

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
            When a limit (depth, steps, time, memory) is exceeded.
        InvalidParameterError
            When ``goal`` is not a term or ``limit`` not a count.
        """
        if not isinstance(goal, (str, int, float, PString, Var, Struct)):  # a Term at all
            raise InvalidParameterError(f"goal must be a term, not {goal!r}")
        _check_limit(limit)
        mapping: dict[Var, Ref] = {}
        runtime = to_runtime(goal, mapping)
        for _ in self._solutions(runtime, limit):
            names: dict[Ref, Var] = {}
            try:
                solution = {var: resolve(ref, names) for var, ref in mapping.items()}
            except PrologThrow as thrown:  # a cyclic answer: it has no finite form
                raise self._as_error(thrown) from None
            self.residual_goals = self.fd.residual_goals(names) if self.fd is not None else []
            yield solution

    def solve_text(self, goal: str, limit: int | None = None) -> Iterator[dict[str, Term]]:
        """Like :meth:`solve` for a goal written as text; solutions keyed by variable name.

        Raises
        ------
        InvalidParameterError
            At once, when ``goal`` is not text.
        """
        _check_text("goal", goal)
        _check_limit(limit)
        return self._solve_text(goal, limit)

    def _solve_text(self, goal: str, limit: int | None) -> Iterator[dict[str, Term]]:
        from symlearn.kb.parser import parse_term_with_variables

        term, variables = parse_term_with_variables(goal, ops=self.kb.operators)
        by_var = {v: name for name, v in variables.items()}
        for solution in self.solve(term, limit):
            yield {by_var[v]: value for v, value in solution.items() if v in by_var}

    def ask(self, goal: Term) -> bool:
        """True when ``goal`` has a solution."""
        return any(True for _ in self._solutions(to_runtime(goal, {}), 1))

    def ask_text(self, goal: str) -> bool:
        """:meth:`ask` for a goal written as text."""
        from symlearn.kb.parser import parse_term

        _check_text("goal", goal)
        return self.ask(parse_term(goal, ops=self.kb.operators))

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
        self.changed()

    def reset_tables(self) -> None:
        """Forget every table (after the knowledge base changed)."""
        self.tables.clear()
        self.semi_naive.reset()
        if self._datalog is not None:
            self._datalog.reset()

    def clauses_changed(self, key: Indicator) -> None:
        """Note that the clauses of ``key`` changed (assert, retract): only it is recompiled."""
        self.tables.clear()
        self.semi_naive.reset()
        predicate = self._predicates.get(key)
        if predicate is not None:
            predicate.invalidate()
        elif key not in self._procedures or self.kb.defines(*key):
            self._procedures.pop(key, None)
        self._seen_modifications = modifications()

    def changed(self) -> None:
        """Note that clauses changed: tables are cleared, predicates recompiled on next call."""
        self.tables.clear()
        self.semi_naive.reset()
        for predicate in self._predicates.values():
            predicate.invalidate()
        self._seen_modifications = modifications()

    # ------------------------------------------------------------ procedures
    def procedure(self, name: str, arity: int) -> object:
        """The procedure that runs goals of ``name/arity`` (made on first use)."""
        key = (name, arity)
        found = self._procedures.get(key)
        if found is None:
            found = self._procedures[key] = self._make_procedure(name, arity)
        return found

    def _make_procedure(self, name: str, arity: int) -> object:
        procedure = self._builtin_or_user_procedure(name, arity)
        direct = DIRECT.get((name, arity))
        if direct is not None and (name, arity) not in self._predicates:  # not redefined
            return direct(procedure)
        return procedure

    def _builtin_or_user_procedure(self, name: str, arity: int) -> object:
        key = (name, arity)
        control = _CONTROL.get(key)
        if control is not None:
            return control
        if key not in PROTECTED and self.kb.defines(name, arity):
            return self._user_procedure(name, arity)  # a library built-in the file redefined
        deterministic = self._det.get(key)
        if deterministic is not None:
            engine = self

            def run_deterministic(
                m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont
            ) -> object:
                return nxt if deterministic(engine, args) else FAIL

            return run_deterministic
        generator = self._nondet.get(key)
        if generator is not None:
            return _nondeterministic(self, generator, self._shortcuts.get(key))
        return self._user_procedure(name, arity)

    def _user_procedure(self, name: str, arity: int) -> object:
        too_deep = partial(_depth_error, self.max_depth, name)
        predicate = self._predicates[(name, arity)] = Predicate(self, name, arity, too_deep)
        return predicate.procedure

    def _other_call(
        self, predicate: Predicate, m: Run, args: tuple[RTerm, ...], depth: int, nxt: Cont
    ) -> object:
        """A call of a predicate of facts, a tabled or Datalog one, or an undefined one."""
        mode = predicate.mode
        if mode == UNDEFINED:
            if self.unknown == "fail":
                return FAIL
            raise _existence_error(predicate.name, predicate.arity)
        if mode == EXTERNAL:
            return self._external_call(predicate, m, args, depth, nxt)
        if mode != FACTS_ONLY:  # tabled, or untabled Datalog
            if predicate.key in self.kb.tabled:
                return tabling.call_tabled(self, m, predicate, args, depth, nxt)
            cont = tabling.datalog_call(self, m, predicate.key, args, depth, nxt)
            if cont is not NOT_HERE:
                return cont
        return self.resolve_clauses(predicate, m, args, depth, nxt)

    def _external_call(
        self, predicate: Predicate, m: Run, args: tuple[RTerm, ...], depth: int, nxt: Cont
    ) -> object:
        """A call of an external relation: the facts matching its bound arguments, looked up."""
        facts = self.kb.external_facts
        if facts is None:
            declared = self.kb.external[predicate.key]
            raise KBError(
                f"{predicate.name}/{predicate.arity} is an external relation "
                f"({declared.describe()} at {declared.position}): open a backend for the "
                "knowledge base first (symlearn.backends.open_backend)"
            )
        keys = _keys(args) or [None] * predicate.arity
        rows = facts.rows(predicate.key, keys)
        return try_facts(m, rows, range(len(rows)), 0, args, depth, nxt, None)

    def resolve_clauses(
        self, predicate: Predicate, m: Run, args: tuple[RTerm, ...], depth: int, nxt: Cont
    ) -> object:
        """Resolve a call against the clauses themselves (no table, no Datalog plan)."""
        if predicate.stale:
            predicate.refresh()
        if predicate.mode == UNDEFINED:
            return FAIL
        if predicate.facts_only and predicate.rows:
            return predicate.call_facts(m, args, depth, nxt)
        candidates = predicate.unindexed(args) if args else predicate.entries
        return try_clauses(m, candidates, 0, args, depth, nxt)

    def is_builtin(self, name: str, arity: int) -> bool:
        """True for a control construct or builtin predicate (which clauses cannot change)."""
        key = (name, arity)
        return key in _CONTROL or key in self._det or key in self._nondet

    def _datalog_kind(self, key: Indicator) -> str:
        return "other" if self._datalog is None else self._datalog.kind(key)

    # ------------------------------------------------------------ solving
    def _solutions(self, runtime_goal: object, limit: int | None) -> Iterator[None]:
        goal = deref(runtime_goal)
        if type(goal) is Ref:
            raise PrologError("instantiation_error", "the goal is a variable")
        if type(goal) not in (str, Struct):
            raise PrologError(f"type_error(callable, {format_term(resolve(goal))})")
        if self._seen_modifications != modifications():
            self.changed()
        self.steps = 0
        self._deadline = None if self.timeout is None else time.monotonic() + self.timeout
        self._step_budget = self.max_steps
        self._grace_given = False
        self.fd, self.fd_watching = None, False
        self._memory_base = _resident_bytes() if self.max_memory is not None else 0
        found = 0
        m = Run(self)
        # The machine makes millions of short-lived acyclic objects (continuations,
        # terms); the cyclic collector is paused while it runs, not between answers.
        collecting = gc.isenabled()
        try:
            gc.disable()
            for _ in machine_loop.run(self, m, (call_goal, goal, 0, 0, None)):
                if collecting:
                    gc.enable()
                yield
                gc.disable()
                found += 1
                if limit is not None and found >= limit:
                    return
        except PrologThrow as thrown:
            raise self._as_error(thrown) from None
        finally:
            if collecting:
                gc.enable()
            for ref in m.trail:
                ref.value = None
            m.trail.clear()
            if self._table_stack:
                tabling.abandon_incomplete(self)

    def _undo(self, mark: int) -> None:
        trail = self.trail
        while len(trail) > mark:
            trail.pop().value = None

    def _check(self, steps: int, m: Run) -> int:
        """Enforce the step, time and memory limits; the step count of the next check.

        While finite-domain constraints exist this runs at every step: it
        propagates the bindings of constrained variables made since the last
        step (raising :class:`FDFailure` when one cannot hold), and looks at the
        limits only every ``_CHECK_EVERY`` steps.
        """
        m.extra += m.granted - m.loops
        m.granted = m.loops = 0
        if self.fd_watching:  # no loops: each binding is propagated at its step
            assert self.fd is not None
            self.fd.wake()
            if steps < self._full_check_at:
                return steps + 1
            self._full_check_at = steps + _CHECK_EVERY
        total = steps + m.extra
        self.steps = total
        max_steps = self._step_budget
        if max_steps is not None and total > max_steps:
            raise self._limit_reached("inference_limit_exceeded", total)
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise self._limit_reached("time_limit_exceeded", total)
        if self.max_memory is not None and (steps // _CHECK_EVERY) % 16 == 0:
            self.check_memory()
        m.compact()
        following = steps + _CHECK_EVERY
        if max_steps is not None:
            following = min(following, max_steps - m.extra + 1)
        if self.fd_watching:
            return steps + 1
        following = max(following, steps + 1)
        # The loops may make as many inferences as keep the total at the next
        # check within the step limit, and a few times the steps between two
        # checks (so the clock and memory are still looked at often).
        grant = _LOOP_GRANT
        if max_steps is not None:
            grant = min(grant, max_steps - total - (following - steps))
        if grant > 0:
            m.granted = m.loops = grant
        return following

    def _limit_reached(self, ball: str, steps: int) -> Exception:
        """The step or time limit's error: catchable once, with a grace; then final."""
        if self._grace_given:
            return self._as_error(PrologThrow(ball))
        self._grace_given = True
        if self.max_steps is not None:
            self._step_budget = steps + max(1000, self.max_steps // 10)
        if self.timeout is not None:
            self._deadline = time.monotonic() + max(1.0, self.timeout / 10)
        return PrologThrow(ball)

    def check_memory(self) -> None:
        """Throw ``resource_error(memory)`` when the query grew past ``max_memory``."""
        if self.max_memory is not None:
            used = _resident_bytes() - self._memory_base
            if used > self.max_memory:
                raise resource_error("memory")

    def _recover(self, thrown: PrologThrow, m: Run) -> object:
        """Unwind to the newest active ``catch/3`` whose catcher unifies with the ball."""
        ball = copy_runtime(thrown.ball)
        cps = m.cps
        while cps:
            choice = cps.pop()
            if choice.__class__ is not Choice:  # a ClauseChoice or an AltChoice
                continue
            if choice.kind == TABLE:
                tabling.abandon(self, choice.a)
                continue
            if choice.kind != CATCH or choice.pos != 1:
                continue
            self._undo(choice.mark)
            mark = len(self.trail)
            if unify(choice.a, ball, self.trail):
                return (call_goal, choice.b, choice.c, choice.depth, choice.cont)
            self._undo(mark)
        raise PrologThrow(ball)

    def _as_error(self, thrown: PrologThrow) -> KBError | PrologError | EngineLimitError:
        ball = resolve(thrown.ball)
        if ball == "inference_limit_exceeded":
            return EngineLimitError(f"step limit {self.max_steps} exceeded")
        if ball == "time_limit_exceeded":
            return EngineLimitError(f"time limit of {self.timeout} seconds exceeded")
        if type(ball) is Struct and ball.name == "error" and len(ball.args) == 2:
            formal, context = ball.args
            if (
                type(formal) is Struct
                and formal.name == "existence_error"
                and formal.args[0] == "procedure"
            ):
                return UnknownPredicateError(format_term(formal.args[1]))
            if formal == Struct("resource_error", ("memory",)) and self.max_memory is not None:
                megabytes = f"{self.max_memory / 1_000_000:g}"  # as --max-memory gives it
                return EngineLimitError(f"memory limit of {megabytes} MB exceeded")
            if type(context) is Struct and context.name == "depth_limit":
                return EngineLimitError(
                    f"depth limit {context.args[0]} exceeded while proving "
                    f"{format_term(context.args[1])} (infinite recursion? raise --max-depth, "
                    f"or table the predicate with :- table {format_term(context.args[2])}.)"
                )
            return PrologError(format_term(formal))
        return PrologError(f"unhandled exception: {format_term(ball)}")


def _nondeterministic(engine: Engine, generator: object, shortcut: Any) -> object:
    if shortcut is not None:

        def run_with_shortcut(
            m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont
        ) -> object:
            answer = shortcut(engine, args)
            if answer is None:
                return run_nondeterministic(m, args, cutb, depth, nxt)
            return nxt if answer else FAIL

    def run_nondeterministic(
        m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont
    ) -> object:
        solutions = generator(engine, args)
        mark = len(m.trail)
        if next(solutions, FAIL) is FAIL:
            return FAIL
        m.cps.append(Choice(ITER, mark, nxt, depth, solutions))
        return nxt

    return run_nondeterministic if shortcut is None else run_with_shortcut


def _existence_error(name: str, arity: int) -> PrologThrow:
    return PrologThrow(
        Struct(
            "error",
            (Struct("existence_error", ("procedure", Struct("/", (name, arity)))), fresh_ref()),
        )
    )


def _depth_error(max_depth: int, name: str, args: tuple[RTerm, ...]) -> PrologThrow:
    goal = Struct(name, tuple(copy_runtime(a) for a in args)) if args else name
    indicator = Struct("/", (name, len(args)))
    return PrologThrow(
        Struct(
            "error",
            (
                Struct("resource_error", ("stack",)),
                Struct("depth_limit", (max_depth, goal, indicator)),
            ),
        )
    )


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_limit(limit: object) -> None:
    if limit is not None and (type(limit) is not int or limit < 0):
        raise InvalidParameterError(f"limit must be a count of solutions, not {limit!r}")


def _check_text(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise InvalidParameterError(
            f"{name} must be text such as 'parent(X, bob)', not {type(value).__name__}"
        )


def solve(kb: KnowledgeBase, goal: str, limit: int | None = None) -> list[dict[str, Term]]:
    """All solutions of ``goal`` (text) in ``kb``: a convenience for :class:`Engine`.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> [str(s["X"]) for s in solve(loads("p(1). p(2)."), "p(X), X > 1")]
    ['2']
    """
    return list(Engine(kb).solve_text(goal, limit))


_ = (instantiation_error, type_error)
