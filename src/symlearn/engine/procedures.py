"""User predicates as procedures of the machine: clause selection, indexing, choicepoints.

A *procedure* is a Python function ``(m, args, cut_barrier, depth, next) ->
continuation`` (or ``FAIL``); the machine (:mod:`symlearn.engine.sld`) runs
one per goal.  :class:`Predicate` keeps a user predicate's clauses compiled
(:mod:`symlearn.engine.codegen`) and indexed, in step with the knowledge base:

* **first-argument indexing**: a bound first argument selects the clauses
  whose first head argument is the same constant, a compound of the same
  name, or a variable, in clause order, from a dictionary built when the
  clauses change; a clause whose body opens with a type test of its first
  head argument (``p(X, ...) :- var(X), ...``) is left out of the buckets
  the test rejects (:func:`_admitted`);
* **just-in-time multi-argument indexing**: when the first argument is free
  and another is bound, the knowledge base's per-argument index (built on
  first use) picks the most selective argument;
* a **choicepoint** is pushed only when a head and guard have matched and
  other candidate clauses remain (and the clause has no neck cut), so a
  deterministic call leaves nothing to backtrack into;
* a predicate of ground facts only is matched row by row without compiling
  anything;
* a **switch** for a hot predicate of a few clauses: after 100 calls its
  procedure becomes one compiled function that dereferences the first
  argument, branches on its functor or constant and runs the one clause of
  that branch inline (:func:`~symlearn.engine.codegen.compile_switch`, the
  WAM's *switch_on_term*), so a deterministic call such as ``append/3`` on a
  list cell costs one Python call.  The procedure stays the same function
  object (compiled clauses that call the predicate hold it); its code is
  swapped, and set back to the general code whenever the clauses may have
  changed.

Functions and classes
---------------------
Predicate, try_clauses, try_facts
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any

from symlearn.engine.arg_select import Sample
from symlearn.engine.clause_trials import Trials
from symlearn.engine.code_memo import clause_function, kept_for, switch_function
from symlearn.engine.codegen import (
    ClauseFunction,
    ProcedureOf,
    _clause_code,
    _define,
    _unpack_arguments,
    _Writer,
)
from symlearn.engine.entries import Entry, unwritten
from symlearn.engine.machine import FACTS, FAIL, FENCE, Choice, Cont
from symlearn.engine.procedure_code import (
    FACTS_CODE,
    GENERAL_CODE,
    WARMING_CODE,
    own_code,
)
from symlearn.engine.procedure_code import ONE_FACT_CODE as _ONE_FACT_CODE
from symlearn.engine.runtime import Ref, RTerm, ref_serials, unify
from symlearn.engine.semi_naive import semi_naive_goals
from symlearn.engine.switches import Bucket, compile_switch
from symlearn.engine.tabling import semi_naive_procedure
from symlearn.kb.knowledge_base import KnowledgeBase, index_key
from symlearn.kb.knowledge_base import Predicate as KBPredicate
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Var, are_distinct_variables

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine, Run

__all__ = [
    "ONE_FACT_CODE",
    "Entry",
    "Predicate",
    "compile_clause_function",
    "try_clauses",
    "try_facts",
]

# Modes of a predicate (how its calls are answered).  EXTERNAL: an external
# relation without clauses, whose facts the knowledge base's backend looks up.
RULES, FACTS_ONLY, UNDEFINED, SPECIAL, EXTERNAL = range(5)
RULE_MODES = (RULES, FACTS_ONLY)  # (of predicates whose one clause may be matched inline)
# A bound first argument that leaves at most this many rows of facts picks them.
_FEW_ROWS = 4
# Below this many clauses a call with a free first argument tries them all.
_JIT_INDEX_THRESHOLD = 8
# Predicates of at most this many clauses get a switch with their clauses inlined,
# (reducer's t_redex/2, 18 clauses, selects a bucket's clauses by paths: arg_select)
_SWITCH_MAX_CLAUSES = 24
# ... compiled at most this many times (a predicate that keeps changing stays general).
_SWITCH_MAX_COMPILATIONS = 16

# A few calls run general code that counts them; then the switch is compiled
# (so a predicate called a few times, or changed between calls, compiles nothing more).
# They count the functors and constants of their first arguments too: the
# switch tests the most frequent first (``seen_functors``, ``seen_constants``, where
# None counts free ones: a switch writes code only for what the calls met);
# and the last ``_SAMPLED`` calls' dereferenced arguments, one after the other
# (None for a free one; nothing allocated per call): a bucket may select its
# clauses by another argument (``seen_calls``, ``arg_select``).  (100 calls: a
# predicate called 100-200 times a run compiles its switch in a process's first
# run, not in the next engine's; chat_parser's fresh run -2.9 % instructions.)
_SWITCH_AFTER_CALLS = 100
_SAMPLED = 64
#: The clauses (by identity) of predicates whose switch any engine compiled,
#: with what their warming-up calls saw: the same predicate in another engine
#: switches at its first call, with the same switch (whose code is compiled
#: already, ``codegen._define``).
_HOT: dict[tuple[int, ...], tuple[dict[str, int], dict[object, int], Sample, frozenset[int]]] = {}
#: The code of a predicate's procedure while it is one fact without arguments
#: (what ``compiled_control`` tests for; a test sets it to None).
ONE_FACT_CODE = _ONE_FACT_CODE


def _match_fact(
    values: tuple[RTerm, ...], m: Run, args: tuple[RTerm, ...], height: int, depth: int, nxt: Cont
) -> object:
    """Unify the call's arguments with a ground fact's (no frame, nothing copied)."""
    trail = m.trail
    for value, arg in zip(values, args):
        while arg.__class__ is Ref:
            bound = arg.value
            if bound is None:
                arg.value = value
                trail.append(arg)
                break
            arg = bound
        else:
            if arg is value:
                continue
            if arg.__class__ is Struct or value.__class__ is Struct:
                if not unify(value, arg, trail):
                    return FAIL
            elif arg.__class__ is not value.__class__ or arg != value:
                return FAIL
    return nxt


class Predicate:
    """A user (or library) predicate as the machine runs it.

    Parameters
    ----------
    engine
        The engine (its knowledge base, library, limits and procedures).
    name, arity
        The predicate.
    """

    __slots__ = (
        "arity",
        "by_atom",
        "by_functor",
        "codes",
        "compilations",
        "compound_entries",
        "countdown",
        "engine",
        "entries",
        "facts_only",
        "general",
        "key",
        "mode",
        "name",
        "namespace",
        "procedure",
        "rows",
        "seen",
        "source",
        "stale",
        "switch",
        "var_entries",
    )

    def __init__(
        self, engine: Engine, name: str, arity: int, too_deep: Callable[..., Exception]
    ) -> None:
        self.engine = engine
        self.name = name
        self.arity = arity
        self.key = (name, arity)
        self.stale = True
        self.facts_only = True
        self.seen: list[Clause] = []
        self.mode = UNDEFINED
        self.source: KBPredicate | None = None
        self.entries: list[Entry] = []
        self.rows: list[tuple[RTerm, ...]] = []
        self.by_atom: dict[object, list[Entry]] | None = None
        self.by_functor: dict[str, list[Entry]] = {}
        #: The clauses a bound first argument not in the index may select:
        #: a constant (``var_entries``) or a compound (``compound_entries``).
        self.var_entries: list[Entry] = []
        self.compound_entries: list[Entry] = []
        self.compilations = 0
        self.switch: CodeType | None = None
        self.namespace: dict[str, Any] = {
            "P": self,
            "slow": self.enter,
            "unbound": self.call_unbound,
            "try_clauses": try_clauses,
            "max_depth": engine.max_depth,
            "too_deep": too_deep,
            "Ref": Ref,
            "Struct": Struct,
            "FAIL": FAIL,
            "heat": self.heat,
            "facts": self.call_facts,
            "seen_functors": {},
            "seen_constants": {},
            "seen_calls": [],
            "SAMPLED": _SAMPLED,
            "trials": Trials(),  # the clauses warming-up calls try (clause_trials)
        }
        #: The predicate's own copies of the shared procedure codes (procedure_code).
        self.codes: dict[CodeType, CodeType] = {}
        self.general = own_code(self.codes, GENERAL_CODE)
        self.namespace["general"] = FunctionType(self.general, self.namespace)
        #: The procedure the machine runs for this predicate's goals.  Its
        #: code changes (general, warming up, or a switch over the clauses)
        #: but it stays the same object, which compiled clauses calling it hold.
        self.procedure: Callable[..., Any] = FunctionType(self.general, self.namespace)
        self.countdown = 0

    # ------------------------------------------------------------ calls
    def enter(self, m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
        """A call while the predicate is stale, or not plain rules."""
        if self.stale:
            self.refresh()
        if self.mode:
            return self.engine._other_call(self, m, args, depth, nxt)
        return self.procedure(m, args, cutb, depth, nxt)

    def call_unbound(self, m: Run, args: tuple[RTerm, ...], depth: int, nxt: Cont) -> object:
        """A call whose first argument is free."""
        candidates = self.unindexed(args)
        if len(candidates) == 1:
            return candidates[0].run(m, args, len(m.cps), depth, nxt)
        return try_clauses(m, candidates, 0, args, depth, nxt)

    def call_facts(self, m: Run, args: tuple[RTerm, ...], depth: int, nxt: Cont) -> object:
        """A call of a predicate of ground facts: try the rows its arguments may match.

        One row is matched at once (no choicepoint); a bound first argument
        that leaves a few rows picks them at once; otherwise the most
        selective bound argument does.
        """
        rows = self.rows
        if len(rows) == 1:
            return _match_fact(rows[0], m, args, 0, depth, nxt)
        source = self.source
        assert source is not None
        if args:
            first = args[0]
            while first.__class__ is Ref:
                value = first.value
                if value is None:
                    break
                first = value
            else:
                by_key, unbound = source.index(0)
                numbers = by_key.get(
                    (first.name, len(first.args)) if first.__class__ is Struct else first, unbound
                )
                if len(numbers) <= _FEW_ROWS:
                    if len(numbers) == 1:  # one row: matched without try_facts' loop
                        return _match_fact(rows[numbers[0]], m, args, 0, depth, nxt)
                    if not numbers:
                        return FAIL
                    return try_facts(m, rows, numbers, 0, args, depth, nxt, None)
        keys = _keys(args)
        candidates = range(len(rows)) if keys is None else source.candidates(keys)
        return try_facts(m, rows, candidates, 0, args, depth, nxt, None)

    def invalidate(self) -> None:
        """Note that clauses may have changed: the next call refreshes the predicate."""
        self.stale = True
        self.mode = UNDEFINED
        self.procedure.__code__ = self.general

    def _install(self) -> None:
        """Choose the procedure's code: the switch, the warming-up code, or the general one."""
        code = self.general
        self.namespace["trials"].unwatch()
        if self.mode == FACTS_ONLY and not self.stale and self.rows:
            code = _ONE_FACT_CODE if self.rows == [()] else own_code(self.codes, FACTS_CODE)
        if self.mode == RULES and not self.stale:
            if self.switch is not None:
                code = self.switch
            elif self._may_switch():
                hot = tuple(map(id, self.seen)) in _HOT  # its switch's code is compiled
                self.countdown = 0 if hot else _SWITCH_AFTER_CALLS
                code = own_code(self.codes, WARMING_CODE)
                if not hot:
                    self.namespace["trials"].watch(self.entries)
        self.procedure.__code__ = code

    def _may_switch(self) -> bool:
        return (
            self.by_atom is not None
            and len(self.entries) <= _SWITCH_MAX_CLAUSES
            and self.compilations < _SWITCH_MAX_COMPILATIONS
        )

    def heat(self, m: Run, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont) -> object:
        """The call that finds the predicate hot: compile its switch, then run the call."""
        by_atom = self.by_atom
        if self.mode == RULES and not self.stale and by_atom is not None:
            self.compilations += 1
            clauses = tuple(map(id, self.seen))
            seen = _HOT.get(clauses)
            if seen is None:
                namespace = self.namespace
                calls = Sample(namespace["seen_calls"], self.arity, _SAMPLED)
                namespace["seen_calls"].clear()
                tried = namespace["trials"].taken()
                seen = (namespace["seen_functors"], namespace["seen_constants"], calls, tried)
            function = switch_function(self, seen[2], partial(_switch, self, seen))
            self.namespace.update(function.__globals__)
            self.switch = function.__code__
            if len(_HOT) >= 4096:
                _HOT.clear()
            _HOT[clauses] = (seen[0], seen[1], seen[2].seal(), seen[3])
        self._install()
        return self.procedure(m, args, cutb, depth, nxt)

    # ------------------------------------------------------------ refresh
    def refresh(self) -> None:
        """Bring the compiled clauses and indexes in step with the knowledge base.

        Clauses are only ever added at either end (``asserta``/``assertz``)
        or removed, each as a new object, so the length and the first and
        last clause tell whether they changed; clauses added at the end are
        compiled and indexed alone.
        """
        engine = self.engine
        kb: KnowledgeBase = engine.kb
        self.stale = False
        source = kb.predicates.get(self.key)
        if source is None or not (source.clauses or source.dynamic):
            source = engine._library.predicates.get(self.key)
        if source is None:
            self.source, self.mode, self.seen = None, UNDEFINED, []
            self.entries, self.rows, self.by_atom = [], [], None
            self.switch = None
            self._install()
            return
        clauses = source.clauses
        if not clauses and self.key in kb.external:
            self.source, self.mode, self.seen = source, EXTERNAL, []
            self.entries, self.rows, self.by_atom = [], [], None
            self.switch = None
            self._install()
            return
        seen = self.seen
        special = self.key in kb.tabled or engine._datalog_kind(self.key) == "rules"
        if source is self.source and seen and len(clauses) >= len(seen):
            if len(clauses) == len(seen) and clauses[0] is seen[0] and clauses[-1] is seen[-1]:
                self._set_mode(special)
                self._install()
                return
            if clauses[0] is seen[0] and clauses[len(seen) - 1] is seen[-1]:
                for clause in clauses[len(seen) :]:
                    self._append(clause)
                self.seen = list(clauses)
                self.switch = None
                self._set_mode(special)
                self._install()
                return
        self.source = source
        self._rebuild(clauses, special)

    def _rebuild(self, clauses: Sequence[Clause], special: bool) -> None:
        """Compile and index ``clauses`` from scratch; install the procedure."""
        self.seen = []
        self.entries, self.rows, self.var_entries = [], [], []
        self.compound_entries = []
        self.by_atom = {} if self.arity else None
        self.by_functor = {}
        self.facts_only = True
        for clause in clauses:
            self._append(clause)
        self.seen = list(clauses)
        self.switch = None
        self._set_mode(special)
        self._install()

    def _set_mode(self, special: bool) -> None:
        if special:
            self.mode = SPECIAL
        elif self.facts_only and self.entries:
            self.mode = FACTS_ONLY
        else:
            self.mode = RULES

    def _append(self, clause: Clause) -> None:
        """Compile one clause added at the end and index it."""
        values = _ground_args(clause.head) if not clause.body else None
        if values is not None:
            entry = Entry(partial(_match_fact, values), False, clause)
            self.rows.append(values)
        else:
            self.facts_only = False  # (its function is written when first needed)
            procedure_of = self._procedure_of(clause)
            engine = kept_for(self, procedure_of)  # (code other engines wrote is reused)
            write = partial(compile_clause_function, clause, procedure_of, engine)
            entry = unwritten(clause, write)
        self.entries.append(entry)
        by_atom = self.by_atom
        if by_atom is None:
            return
        first = _first_argument(clause)
        if type(first) is Var:
            constant, compound = _admitted(clause)
            if constant:
                self.var_entries.append(entry)
                for bucket in by_atom.values():
                    bucket.append(entry)
            if compound:
                self.compound_entries.append(entry)
                for bucket in self.by_functor.values():
                    bucket.append(entry)
            return
        table: dict[Any, list[Entry]] = by_atom
        label, before = first, self.var_entries
        if type(first) is Struct:
            table, label, before = self.by_functor, first.name, self.compound_entries
        found = table.get(label)
        if found is None:
            found = table[label] = list(before)
        found.append(entry)

    def _procedure_of(self, clause: Clause) -> Callable[[str, int], Any]:
        """How the clause's code finds the procedure of each body goal.

        In a tabled predicate, a call of a tabled predicate may consume only
        new answers (:mod:`symlearn.engine.semi_naive`).
        """
        engine = self.engine
        tabled = engine.kb.tabled
        goals = semi_naive_goals(clause, tabled) if self.key in tabled else {}
        if not goals:
            return engine.procedure

        def procedure_of(name: str, arity: int) -> Any:
            position = goals.get((name, arity))
            procedure = engine.procedure(name, arity)
            if position is None:
                return procedure
            return semi_naive_procedure(engine, clause, position, procedure)

        return procedure_of

    def unindexed(self, args: tuple[RTerm, ...]) -> Sequence[Entry]:
        """Candidates for a call whose first argument is free (JIT multi-argument index)."""
        entries = self.entries
        if len(entries) < _JIT_INDEX_THRESHOLD or self.source is None:
            return entries
        keys = _keys(args)
        if keys is None:
            return entries
        numbers = self.source.candidates(keys)
        return [entries[i] for i in numbers]


def _first_argument(clause: Clause) -> Any:
    """What a clause demands of a call's first argument, for the first-argument index.

    The head's first argument; but a free one whose clause opens with a test
    that it is a constant (``X == c``) or has a compound term's shape
    (``'$ssu_skeleton'(f(_), X)``), as the loader writes an SSU head
    (``p(0) => ...``), is indexed as that constant or term: no other call
    passes the test.
    """
    first = clause.head.args[0]  # type: ignore[union-attr]
    if type(first) is not Var or not clause.body:
        return first
    goal = clause.body[0]
    if type(goal) is not Struct or len(goal.args) != 2:
        return first
    if goal.name == "==" and goal.args[0] is first and type(goal.args[1]) in (str, int):
        return goal.args[1]
    if goal.name == "$ssu_skeleton" and goal.args[1] is first and type(goal.args[0]) is Struct:
        return goal.args[0]
    return first


#: Type tests that fail for every constant, or for every compound term, as
#: ``(fails for a constant, fails for a compound)``.
_TYPE_TESTS = {
    "var": (True, True),
    "atomic": (False, True),
    "atom": (False, True),
    "number": (False, True),
    "integer": (False, True),
    "float": (False, True),
    "string": (False, True),
    "compound": (True, False),
}


def _admitted(clause: Clause) -> tuple[bool, bool]:
    """Whether a clause with a free first head argument may run for a bound one.

    As ``(for a constant, for a compound term)``: a clause whose body opens
    with a type test of its first head argument (``p(X, ...) :- var(X), ...``,
    ``atomic(X)``, ``compound(X)`` ...) fails for the first arguments the test
    rejects, since a bound argument stays of its type while the head is
    matched: such a clause is left out of their first-argument buckets (a
    call whose first argument is free still tries it).
    """
    if not clause.body:
        return True, True
    goal = clause.body[0]
    if type(goal) is not Struct or len(goal.args) != 1:
        return True, True
    rejects = _TYPE_TESTS.get(goal.name)
    if rejects is None or goal.args[0] is not clause.head.args[0]:  # type: ignore[union-attr]
        return True, True
    return not rejects[0], not rejects[1]


def _bucket(entries: list[Entry]) -> Bucket:
    """A switch's bucket: its candidates up to the first that always commits."""
    for i, entry in enumerate(entries[:-1]):
        if _commits_always(entry.clause):  # (then it has a neck cut)
            entries = entries[: i + 1]
            break
    return entries, entries[0].clause if len(entries) == 1 else None


def _commits_always(clause: Clause) -> bool:
    """True when every call matches the clause's head and its body opens with a cut.

    Its head's arguments are distinct variables (as an SSU clause
    ``p(X) => Body`` is loaded): the clauses after it never run.
    """
    if not clause.body or clause.body[0] != "!":
        return False
    head = clause.head
    if type(head) is str:
        return True
    args = head.args  # type: ignore[union-attr]
    return are_distinct_variables(args)


def _ground_args(head: object) -> tuple[RTerm, ...] | None:
    if type(head) is str:
        return ()
    assert isinstance(head, Struct)
    stack = list(head.args)
    while stack:
        t = stack.pop()
        if type(t) is Var:
            return None
        if type(t) is Struct:
            stack.extend(t.args)
    return head.args


def _keys(args: tuple[RTerm, ...]) -> list[object] | None:
    """Index keys of the call's arguments (None for a free one); None if all are free."""
    keys: list[object] = []
    bound = False
    for arg in args:
        while arg.__class__ is Ref:
            value = arg.value
            if value is None:
                break
            arg = value
        if arg.__class__ is Ref:
            keys.append(None)
        else:
            bound = True
            keys.append(index_key(arg))
    return keys if bound else None


def _switch(predicate: Predicate, seen: Any, procedure_of: ProcedureOf) -> Callable[..., Any]:
    """Write the predicate's switch (:meth:`Predicate.heat`) for what warming-up calls ``seen``."""
    by_atom = predicate.by_atom
    assert by_atom is not None
    functors = _most_seen_first(predicate.by_functor, seen[0])
    constants = _most_seen_first(by_atom, seen[1])
    entries = predicate.entries
    return compile_switch(
        predicate.arity,
        {name: _bucket(entries) for name, entries in functors.items()},
        {value: _bucket(entries) for value, entries in constants.items()},
        _bucket(predicate.var_entries),
        procedure_of,
        predicate.namespace,
        predicate.procedure,
        _bucket(entries) if len(entries) < _JIT_INDEX_THRESHOLD else None,
        _bucket(predicate.compound_entries),
        seen[2],
        (seen[0], seen[1], seen[3]) if seen[3] else None,  # (none tried: no calls)
    )


def compile_clause_function(
    clause: Clause, procedure_of: ProcedureOf, engine: Engine | None = None
) -> tuple[ClauseFunction, bool]:
    """Compile ``clause`` to a Python function; also say whether it has a neck cut.

    Parameters
    ----------
    clause
        The clause.
    procedure_of
        The engine's procedure for a goal's ``(name, arity)``.

    Returns
    -------
    (function, bool)
        The clause function and True when the clause commits after its
        head and guard (its alternatives are then not tried).

    With ``engine`` (whose ``procedure`` is ``procedure_of``), code another
    engine wrote for the clause is reused when it may be (:mod:`code_memo`).
    """
    if engine is not None:
        return clause_function(clause, engine, _clause_function)
    return _clause_function(clause, procedure_of)


def _clause_function(clause: Clause, procedure_of: ProcedureOf) -> tuple[ClauseFunction, bool]:
    writer = _Writer(procedure_of)
    head = clause.head
    _unpack_arguments(writer, len(head.args) if type(head) is Struct else 0)
    neck_cut = _clause_code(writer, clause, 1, first_known=False)
    function = _define(writer, "def clause(m, args, height, depth, nxt):\n")
    return function, neck_cut


def _most_seen_first(
    table: dict[Any, list[Entry]], seen: dict[Any, int]
) -> dict[Any, list[Entry]]:
    """``table`` with the keys the warming-up calls met most often first (else in order)."""
    return {key: table[key] for key in sorted(table, key=lambda key: -seen.get(key, 0))}


def try_clauses(
    m: Run,
    candidates: Sequence[Entry],
    position: int,
    args: tuple[RTerm, ...],
    depth: int,
    nxt: Cont,
) -> object:
    """Try candidate clauses from ``position``; push a choicepoint if more remain.

    The machine resumes the choicepoint on backtracking
    (:func:`~symlearn.engine.machine_loop.run`).
    """
    trail = m.trail
    cps = m.cps
    mark = len(trail)
    height = len(cps)
    last = len(candidates) - 1
    if position < last:
        # The choicepoint (a ClauseChoice) is pushed after the head matched,
        # so bindings made while matching must be trailed as if it existed
        # (see FENCE): it takes its stamp now.  One stamp serves every
        # candidate (the variables made by one that failed are unreachable
        # once its bindings are undone).
        stamp = FENCE.stamp = next(ref_serials)
    while position < last:
        entry = candidates[position]
        position += 1
        cont = entry.run(m, args, height, depth, nxt)
        if cont is not FAIL:
            if not entry.neck_cut:
                cps.append([mark, stamp, nxt, depth, args, candidates, position])
            return cont
        while len(trail) > mark:
            trail.pop().value = None
    if position == last:  # the last candidate: no choicepoint
        cont = candidates[position].run(m, args, height, depth, nxt)
        if cont is FAIL:
            while len(trail) > mark:
                trail.pop().value = None
        return cont
    return FAIL


def try_facts(
    m: Run,
    rows: Sequence[tuple[RTerm, ...]],
    candidates: Sequence[int],
    position: int,
    args: tuple[RTerm, ...],
    depth: int,
    nxt: Cont,
    choice: Choice | None,
) -> object:
    """:func:`try_clauses` for a predicate of ground facts, matching rows directly."""
    trail = m.trail
    mark = len(trail)
    n = len(candidates)
    while position < n:
        values = rows[candidates[position]]
        position += 1
        for value, arg in zip(values, args):
            while arg.__class__ is Ref:
                bound = arg.value
                if bound is None:
                    arg.value = value
                    trail.append(arg)
                    break
                arg = bound
            else:
                if arg is value:
                    continue
                if arg.__class__ is Struct or value.__class__ is Struct:
                    if not unify(value, arg, trail):
                        break
                elif arg.__class__ is not value.__class__ or arg != value:
                    break
                continue
        else:
            if position < n:
                if choice is None:
                    m.cps.append(Choice(FACTS, mark, nxt, depth, args, rows, candidates, position))
                else:
                    choice.pos = position
            elif choice is not None:
                m.cps.pop()
            return nxt
        while len(trail) > mark:
            trail.pop().value = None
    if choice is not None:
        m.cps.pop()
    return FAIL
