r"""Datalog goals compiled to SQL: ``symlearn query --backend duckdb|spark``.

A goal is answered in SQL when everything it calls is *Datalog over the
backend's relations*: the relations themselves (external relations and the
knowledge base's facts, :mod:`symlearn.backends.sql`), and predicates whose
clauses have atomic or variable arguments and bodies of

* atoms of such predicates (a join; the answers of a clause are the rows of
  ``SELECT head FROM body``, clauses combined with ``UNION ALL``);
* negated atoms ``\+ q(...)`` of predicates not recursive with the clause's
  own (stratified negation: ``NOT EXISTS``);
* ``=``, ``\=``, ``==``, ``\==`` between variables and constants, and the
  arithmetic comparisons ``<``, ``>``, ``=<``, ``>=``, ``=:=``, ``=\=``
  between numbers.

Every head variable must be bound by the body (range restriction), and a
goal is read left to right as SLD resolution reads it: a variable first met
inside ``\+`` or a comparison is unbound there, as in Prolog.

**Recursion** is compiled only through tabled predicates (``:- table
path/2.``), whose answers are a set, as tabling makes them (untabled
recursion is left to the engine: SLD's answers and its termination depend
on the clause order).  A tabled predicate whose recursive clauses each call
it once (linear recursion) is one ``WITH RECURSIVE ... UNION`` query, which
DuckDB evaluates semi-naively with the answers kept in a hash table;
otherwise (two calls in one clause, mutual recursion, an engine without
recursive queries) the component is computed by semi-naive iteration
(Ullman 1988, ch. 3): each round joins every rule with one body atom read
from the previous round's new rows, until a round adds nothing.

The answers are those SLD resolution gives, with the same multiplicity (an
untabled predicate's answer once per proof, a tabled one once); their
*order* is the SQL engine's.  ``aggregate_all(count, Goal, N)`` is
``SELECT COUNT(*)``.  A goal outside this fragment (anything else: cuts,
lists, built-ins, untabled recursion) is answered by the query engine, which
reads external facts through the backend.

Functions
---------
run_query, answers, compile_goal
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from symlearn.backends.sql import ATOM, FLOAT, INTEGER, SqlBackend, column_type, value_type
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term, Var, functor_of

if TYPE_CHECKING:
    from symlearn.engine.toplevel import QueryAnswers

__all__ = ["CompiledGoal", "GoalCompiler", "answers", "compile_goal", "run_query"]

_EQUALITIES = frozenset({"=", "\\=", "==", "\\=="})
_ARITHMETIC = {"<": "<", ">": ">", "=<": "<=", ">=": ">=", "=:=": "=", "=\\=": "<>"}
_NEGATION = ("\\+", 1)


class _NotSql(Exception):
    """The goal (or something it calls) is outside the compiled fragment."""


class _Empty(Exception):
    """A clause calls a predicate without rows: it has no answers (and gives no column types)."""


@dataclass(frozen=True)
class _Source:
    """Where a predicate's rows are: a table or CTE name, and its column types."""

    name: str
    types: tuple[str, ...]
    empty: bool = False


@dataclass(frozen=True)
class CompiledGoal:
    """A goal as one SQL query.

    Attributes
    ----------
    sql
        The query; its columns ``v0``, ``v1``, ... are the answer's variables.
    variables
        The names of the variables the columns bind, in column order.
    unbound
        The names of the goal's variables that its answers leave unbound
        (those inside ``aggregate_all/3``).
    count
        For ``aggregate_all(count, G, N)`` with ``N`` an integer: the count
        the query's one row must equal (else None).
    """

    sql: str
    variables: tuple[str, ...]
    unbound: tuple[str, ...] = ()
    count: int | None = None


@dataclass
class _Body:
    """A clause body being compiled: its FROM items, conditions and variable bindings."""

    froms: list[str] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)
    #: each bound variable's SQL expression and type
    bound: dict[Var, tuple[str, str]] = field(default_factory=dict)


class GoalCompiler:
    """Compiles goals over one knowledge base and backend (see the module docstring).

    Recursive components are computed once, as tables of the backend, and
    reused by later goals of the same compiler.
    """

    def __init__(self, kb: KnowledgeBase, backend: SqlBackend) -> None:
        self.kb = kb
        self.backend = backend
        self._sources: dict[Indicator, _Source] = {}
        #: non-recursive rule predicates, as (name, SELECT) in dependency order
        self._ctes: list[tuple[str, str]] = []
        self._aliases = itertools.count()
        self._graph: dict[Indicator, set[tuple[Indicator, bool]]] = {}
        #: while a semi-naive round's clause compiles: the last round's new rows
        self._delta: dict[Indicator, _Source] = {}

    # ---------------------------------------------------------------- goals
    def compile(self, goal: Term, variables: dict[str, Var]) -> CompiledGoal | None:
        """The SQL of ``goal`` answering ``variables`` (name -> variable); None if not Datalog."""
        try:
            return self._compile(goal, variables)
        except _NotSql:
            return None

    def _compile(self, goal: Term, variables: dict[str, Var]) -> CompiledGoal:
        if type(goal) is Struct and goal.name == "aggregate_all" and len(goal.args) == 3:
            return self._count(goal, variables)
        try:
            body = self._body(_conjuncts(goal), _Body())
        except _Empty:  # a literal of a predicate without rows: no answer
            body = _Body(conditions=["1 = 0"])
            nothing = f"CAST(NULL AS {self.backend.sql_types[ATOM]})"
            body.bound = {var: (nothing, ATOM) for var in variables.values()}
        names: list[str] = []
        expressions: list[str] = []
        for name, var in variables.items():
            if var not in body.bound:
                raise _NotSql(f"{name} is not bound by the goal")
            names.append(name)
            expressions.append(f"{body.bound[var][0]} AS v{len(expressions)}")
        selected = ", ".join(expressions) or "1 AS v_"
        return CompiledGoal(self._with(_select(selected, body)), tuple(names))

    def _count(self, goal: Struct, variables: dict[str, Var]) -> CompiledGoal:
        template, inner, result = goal.args
        if template != "count":
            raise _NotSql("only aggregate_all(count, ...) is compiled")
        try:
            body = self._body(_conjuncts(inner), _Body())
        except _Empty:
            body = _Body(conditions=["1 = 0"])
        counted = _select("1 AS one", body)
        sql = self._with(f"SELECT COUNT(*) AS v0 FROM ({counted}) AS counted")
        others = tuple(name for name, var in variables.items() if var is not result)
        if type(result) is Var:
            shown = tuple(name for name, var in variables.items() if var is result)
            return CompiledGoal(sql, shown, others)
        if type(result) is int:
            return CompiledGoal(sql, (), others, count=result)
        raise _NotSql("the count is neither a variable nor an integer")

    def _with(self, sql: str) -> str:
        if not self._ctes:
            return sql
        definitions = ", ".join(f"{name} AS ({select})" for name, select in self._ctes)
        return f"WITH {definitions} {sql}"

    # ----------------------------------------------------------- predicates
    def source(self, indicator: Indicator) -> _Source:
        """The rows of ``indicator``: a relation, a CTE, or a computed table."""
        found = self._sources.get(indicator)
        if found is not None:
            return found
        relation = self.backend.relation(indicator)
        if relation is not None and indicator in self.kb.tabled:  # tabled: each answer once
            name = self.backend.fresh_name("p")
            self._ctes.append((name, f"SELECT DISTINCT * FROM {relation.name}"))
            found = _Source(name, relation.types)
        elif relation is not None:
            found = _Source(relation.name, relation.types, relation.empty)
        else:
            component = self._component(indicator)
            calls_itself = any(callee == indicator for callee, _ in self._calls(indicator))
            if len(component) > 1 or calls_itself:
                self._recursive(component)
                return self._sources[indicator]
            found = self._rules(indicator)
        self._sources[indicator] = found
        return found

    def _clauses(self, indicator: Indicator) -> list[Clause]:
        predicate = self.kb.predicates.get(indicator)
        if predicate is None or not predicate.clauses or indicator in self.kb.external:
            raise _NotSql(f"{indicator} has no clauses")
        return predicate.clauses

    def _calls(self, indicator: Indicator) -> set[tuple[Indicator, bool]]:
        """The predicates the clauses of ``indicator`` call, each with whether negated."""
        found = self._graph.get(indicator)
        if found is None:
            found = set()
            if self.backend.relation(indicator) is None:
                for clause in self._clauses(indicator):
                    for literal in clause.body:
                        negated, atom = _split(literal)
                        if _is_builtin_test(atom):
                            continue
                        found.add((functor_of(atom), negated))
            self._graph[indicator] = found
        return found

    def _component(self, indicator: Indicator) -> list[Indicator]:
        """The predicates mutually recursive with ``indicator`` (itself included)."""
        reachable = self._reachable(indicator)
        return sorted(p for p in reachable if indicator in self._reachable(p))

    def _reachable(self, indicator: Indicator) -> set[Indicator]:
        seen: set[Indicator] = set()
        stack = [callee for callee, _ in self._calls(indicator)]
        while stack:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            if self.backend.relation(current) is None:
                stack.extend(callee for callee, _ in self._calls(current))
        return seen

    def _rules(self, indicator: Indicator) -> _Source:
        """A non-recursive predicate as a CTE: its clauses' rows, ``UNION ALL``."""
        tabled = indicator in self.kb.tabled
        selects, types = self._clause_selects(indicator, self._clauses(indicator))
        union = " UNION " if tabled else " UNION ALL "
        sql = union.join(f"({select})" for select in selects)
        if tabled and len(selects) == 1:
            sql = f"SELECT DISTINCT * FROM {sql} AS answers"
        name = self.backend.fresh_name("p")
        self._ctes.append((name, sql))
        return _Source(name, types)

    def _clause_selects(
        self, indicator: Indicator, clauses: Sequence[Clause]
    ) -> tuple[list[str], tuple[str, ...]]:
        """Each clause's SELECT (facts gathered in one table) and the columns' one type each."""
        facts: list[Clause] = []
        rules: list[Clause] = []
        for clause in clauses:
            (facts if not clause.body and clause.is_ground else rules).append(clause)
        selects: list[str] = []
        types: tuple[str, ...] | None = None
        if facts:
            table, types = self._fact_table(indicator, facts)
            selects.append(f"SELECT * FROM {table}")
        for clause in rules:
            try:
                select, clause_types = self._clause(clause)
            except _Empty:
                continue
            if types is not None and clause_types != types:
                raise _NotSql(f"the clauses of {indicator} give its columns different types")
            types = clause_types
            selects.append(select)
        if types is None:  # no clause can have an answer
            types = (ATOM,) * indicator[1]
            selects.append(_empty(self.backend, types))
        return selects, types

    def _fact_table(
        self, indicator: Indicator, facts: Sequence[Clause]
    ) -> tuple[str, tuple[str, ...]]:
        import pyarrow as pa

        from symlearn.backends.sql import arrow_column

        rows = [c.head.args if type(c.head) is Struct else () for c in facts]
        columns = list(zip(*rows))
        types = tuple(column_type(column) for column in columns)
        if not columns or any(t is None for t in types):
            raise _NotSql(f"the facts of {indicator} are not atoms, integers or floats")
        kinds = tuple(str(t) for t in types)
        name = self.backend.fresh_name("f")
        self.backend.put(
            name,
            pa.table(
                {f"c{i}": arrow_column(c, k) for i, (c, k) in enumerate(zip(columns, kinds))}
            ),
        )
        return name, kinds

    def _clause(self, clause: Clause) -> tuple[str, tuple[str, ...]]:
        """``SELECT head FROM body`` and the head's column types."""
        body = self._body(clause.body, _Body())
        head = clause.head
        args = head.args if type(head) is Struct else ()
        expressions, types = [], []
        for position, arg in enumerate(args):
            if type(arg) is Var:
                if arg not in body.bound:
                    raise _NotSql("a head variable is not bound by the body")
                expression, kind = body.bound[arg]
            else:
                kind = value_type(arg)  # type: ignore[assignment]
                literal = self.backend.literal(arg, kind) if kind is not None else None
                if literal is None:
                    raise _NotSql("a head argument is not an atom, integer or float")
                expression = literal
            expressions.append(f"{expression} AS c{position}")
            types.append(kind)
        return _select(", ".join(expressions), body), tuple(types)

    # ------------------------------------------------------------- recursion
    def _recursive(self, component: list[Indicator]) -> None:
        """Compute a component of tabled predicates into tables of the backend."""
        if not all(p in self.kb.tabled for p in component):
            raise _NotSql("recursion through an untabled predicate")
        for member in component:
            for callee, negated in self._calls(member):
                if negated and callee in component:
                    raise _NotSql("negation inside recursion (not stratified)")
        types = self._component_types(component)
        if (
            len(component) == 1
            and self.backend.recursive_queries
            and all(_calls_within(c, component) <= 1 for c in self._clauses(component[0]))
        ):
            self._recursive_query(component[0], types[component[0]])
        else:
            self._semi_naive(component, types)

    def _component_types(self, component: list[Indicator]) -> dict[Indicator, tuple[str, ...]]:
        """The column types of each member, from the clauses that do not need unknown ones."""
        types: dict[Indicator, tuple[str, ...]] = {}
        changed = True
        while changed:
            changed = False
            for member in component:
                for clause in self._clauses(member):
                    calls = {functor_of(_split(g)[1]) for g in clause.body} & set(component)
                    if not calls <= set(types):
                        continue
                    for callee in calls:
                        self._sources[callee] = _Source("symlearn_unknown", types[callee])
                    try:
                        _, found = self._clause(clause)
                    except _Empty:
                        continue
                    if types.get(member, found) != found:
                        raise _NotSql(f"the clauses of {member} give it different types")
                    if member not in types:
                        types[member] = found
                        changed = True
        for member in component:  # no clause can give it a row: it is empty
            self._sources.pop(member, None)
            types.setdefault(member, (ATOM,) * member[1])
        return types

    def _recursive_query(self, predicate: Indicator, types: tuple[str, ...]) -> None:
        name = self.backend.fresh_name("t")
        own = self.backend.fresh_name("rec")
        self._sources[predicate] = _Source(own, types)
        base: list[str] = []
        step: list[str] = []
        for clause in self._clauses(predicate):
            try:
                select = self._clause(clause)[0]
            except _Empty:
                continue
            (step if _calls_within(clause, [predicate]) else base).append(select)
        columns = ", ".join(f"c{i}" for i in range(len(types)))
        anchor = " UNION ".join(f"({s})" for s in base) if base else _empty(self.backend, types)
        recursive = anchor
        if step:
            recursive += f" UNION ({' UNION '.join(f'({s})' for s in step)})"
        definitions = [f"{n} AS ({s})" for n, s in self._ctes]
        definitions.append(f"{own}({columns}) AS ({recursive})")
        self.backend.materialize(
            name, f"WITH RECURSIVE {', '.join(definitions)} SELECT * FROM {own}"
        )
        self._sources[predicate] = _Source(name, types)

    def _semi_naive(
        self, component: list[Indicator], types: dict[Indicator, tuple[str, ...]]
    ) -> None:
        """Semi-naive rounds: each rule with one component atom read from the last new rows.

        A member's rows are the union of the rounds' new rows (each stored
        once, never copied into a growing table).
        """
        backend = self.backend
        parts: dict[Indicator, list[str]] = {p: [] for p in component}
        delta: dict[Indicator, str] = {}

        def full(p: Indicator) -> str:
            union = " UNION ALL ".join(f"SELECT * FROM {part}" for part in parts[p])
            return f"({union or _empty(backend, types[p])})"

        for p in component:  # round 0: the clauses that call nothing of the component
            selects = [
                select
                for c in self._clauses(p)
                if not _calls_within(c, component)
                for select in self._answers_of(c)
            ]
            delta[p] = backend.fresh_name("d")
            backend.materialize(
                delta[p],
                self._with(f"SELECT DISTINCT * FROM {_union(selects, backend, types[p])} AS r"),
            )
            parts[p].append(delta[p])
        while True:
            added = 0
            sources = {q: _Source(full(q), types[q]) for q in component}
            new = {}
            for p in component:
                selects = []
                for clause in self._clauses(p):
                    positions = [
                        i
                        for i, g in enumerate(clause.body)
                        if not _split(g)[0] and functor_of(g) in component
                    ]
                    for position in positions:
                        selects.extend(self._delta_clause(clause, position, sources, delta, types))
                new[p] = backend.fresh_name("d")
                union = _union(selects, backend, types[p])
                added += backend.materialize(
                    new[p],
                    self._with(f"SELECT * FROM {union} AS r EXCEPT SELECT * FROM {full(p)} AS f"),
                )
            delta = new
            for p in component:
                parts[p].append(new[p])
            if not added:
                break
        for p in component:
            self._sources[p] = _Source(full(p), types[p])

    def _delta_clause(
        self,
        clause: Clause,
        position: int,
        full: dict[Indicator, _Source],
        delta: dict[Indicator, str],
        types: dict[Indicator, tuple[str, ...]],
    ) -> list[str]:
        """The clause with body atom ``position`` read from the last round's new rows."""
        marked = Struct("$delta", (clause.body[position],))
        body = [*clause.body[:position], marked, *clause.body[position + 1 :]]
        self._sources.update(full)
        self._delta = {q: _Source(delta[q], types[q]) for q in delta}
        try:
            return self._answers_of(Clause(clause.head, body))
        finally:
            self._delta = {}

    def _answers_of(self, clause: Clause) -> list[str]:
        """The clause's SELECT, or none when it calls a predicate without rows."""
        try:
            return [self._clause(clause)[0]]
        except _Empty:
            return []

    # ----------------------------------------------------------------- bodies
    def _body(self, goals: Sequence[Term], body: _Body) -> _Body:
        for goal in goals:
            if goal == "true":
                continue
            negated, atom = _split(goal)
            if negated:
                self._negation(atom, body)
            elif type(atom) is Struct and atom.name == "$delta":
                self._atom(atom.args[0], body, delta=True)
            elif type(atom) is Struct and atom.name in _EQUALITIES and len(atom.args) == 2:
                self._equality(atom, body)
            elif type(atom) is Struct and atom.name in _ARITHMETIC and len(atom.args) == 2:
                self._arithmetic(atom, body)
            else:
                self._atom(atom, body)
        return body

    def _atom(self, atom: Term, body: _Body, delta: bool = False) -> None:
        if type(atom) is not Struct:
            raise _NotSql("an atom without arguments")
        indicator = functor_of(atom)
        source = self._delta[indicator] if delta else self.source(indicator)
        if source.empty:
            raise _Empty
        alias = f"a{next(self._aliases)}"
        body.froms.append(f"{source.name} AS {alias}")
        local: dict[Var, tuple[str, str]] = {}
        for position, (arg, kind) in enumerate(zip(atom.args, source.types)):
            column = f"{alias}.c{position}"
            self._match(arg, column, kind, body.bound, local, body.conditions)
        body.bound.update(local)

    def _match(
        self,
        arg: Term,
        column: str,
        kind: str,
        bound: dict[Var, tuple[str, str]],
        local: dict[Var, tuple[str, str]],
        conditions: list[str],
    ) -> None:
        """Conditions for ``arg`` at ``column``; a new variable is bound in ``local``."""
        if type(arg) is Var:
            known = bound.get(arg) or local.get(arg)
            if known is None:
                local[arg] = (column, kind)
            elif known[1] != kind:
                conditions.append("1 = 0")  # an atom never equals an integer, nor 1 equals 1.0
            else:
                conditions.append(f"{column} = {known[0]}")
            return
        if type(arg) is Struct:
            raise _NotSql("a compound argument")
        literal = self.backend.literal(arg, kind)
        conditions.append("1 = 0" if literal is None else f"{column} = {literal}")

    def _negation(self, atom: Term, body: _Body) -> None:
        if type(atom) is not Struct or _is_builtin_test(atom):
            raise _NotSql("only the negation of an atom is compiled")
        source = self.source(functor_of(atom))
        alias = f"n{next(self._aliases)}"
        local: dict[Var, tuple[str, str]] = {}
        conditions: list[str] = []
        for position, (arg, kind) in enumerate(zip(atom.args, source.types)):
            self._match(arg, f"{alias}.c{position}", kind, body.bound, local, conditions)
        where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        body.conditions.append(f"NOT EXISTS (SELECT 1 FROM {source.name} AS {alias}{where})")

    def _operand(self, term: Term, body: _Body) -> tuple[str, str] | None:
        """A bound variable's or a constant's SQL and type; None for an unbound variable."""
        if type(term) is Var:
            return body.bound.get(term)
        kind = value_type(term)
        if kind is None:
            raise _NotSql("a compound term in a comparison")
        literal = self.backend.literal(term, kind)
        assert literal is not None
        return literal, kind

    def _equality(self, atom: Struct, body: _Body) -> None:
        left, right = atom.args
        a, b = self._operand(left, body), self._operand(right, body)
        name = atom.name
        if a is not None and b is not None:
            same = f"{a[0]} = {b[0]}" if a[1] == b[1] else "1 = 0"
            different = f"{a[0]} <> {b[0]}" if a[1] == b[1] else "1 = 1"
            body.conditions.append(same if name in ("=", "==") else different)
            return
        if left is right:  # X = X, X == X hold; X \= X, X \== X fail
            body.conditions.append("1 = 1" if name in ("=", "==") else "1 = 0")
            return
        if name == "=" and (a is None) != (b is None):
            unbound = left if a is None else right
            value = b if a is None else a
            assert type(unbound) is Var and value is not None
            body.bound[unbound] = value
            return
        if name == "=":
            raise _NotSql("= between two unbound variables")
        # \= with an unbound side fails (they unify); \== succeeds, == fails
        body.conditions.append("1 = 1" if name == "\\==" else "1 = 0")

    def _arithmetic(self, atom: Struct, body: _Body) -> None:
        operands = [self._operand(arg, body) for arg in atom.args]
        if any(o is None or o[1] not in (INTEGER, FLOAT) for o in operands):
            raise _NotSql("an arithmetic comparison of something other than bound numbers")
        (a, _), (b, _) = operands  # type: ignore[misc]
        body.conditions.append(f"{a} {_ARITHMETIC[atom.name]} {b}")


def _select(selected: str, body: _Body) -> str:
    sql = f"SELECT {selected}"
    if body.froms:
        sql += f" FROM {' CROSS JOIN '.join(body.froms)}"
    if body.conditions:
        sql += f" WHERE {' AND '.join(body.conditions)}"
    return sql


def _union(selects: list[str], backend: SqlBackend, types: tuple[str, ...]) -> str:
    """The set union of ``selects`` as a subquery (no rows of ``types`` when there is none)."""
    if not selects:
        return f"({_empty(backend, types)})"
    return "(" + " UNION ".join(f"({select})" for select in selects) + ")"


def _empty(backend: SqlBackend, types: tuple[str, ...]) -> str:
    """A query of no rows with columns of ``types``."""
    names = backend.sql_types
    columns = ", ".join(f"CAST(NULL AS {names[k]}) AS c{i}" for i, k in enumerate(types))
    return f"SELECT {columns} WHERE 1 = 0"


def _conjuncts(goal: Term) -> list[Term]:
    if type(goal) is Struct and goal.name == "," and len(goal.args) == 2:
        return [*_conjuncts(goal.args[0]), *_conjuncts(goal.args[1])]
    return [goal]


def _split(literal: Term) -> tuple[bool, Term]:
    if type(literal) is Struct and functor_of(literal) == _NEGATION:
        return True, literal.args[0]
    return False, literal


def _is_builtin_test(atom: Term) -> bool:
    return (
        type(atom) is Struct
        and len(atom.args) == 2
        and (atom.name in _EQUALITIES or atom.name in _ARITHMETIC)
    ) or atom == "true"


def _calls_within(clause: Clause, component: Sequence[Indicator]) -> int:
    """How many positive body atoms of ``clause`` call a member of ``component``."""
    return sum(1 for g in clause.body if not _split(g)[0] and functor_of(g) in component)


# ------------------------------------------------------------------- queries
def compile_goal(kb: KnowledgeBase, backend: SqlBackend, goal: str) -> CompiledGoal | None:
    """The SQL of a goal written as text (None when it is outside the fragment)."""
    from symlearn.kb.parser import parse_term_with_variables

    term, variables = parse_term_with_variables(goal, "<goal>")
    visible = {name: var for name, var in variables.items() if not name.startswith("_")}
    return GoalCompiler(kb, backend).compile(term, visible)


def run_query(
    kb: KnowledgeBase,
    goal: str,
    limit: int | None = None,
    *,
    backend: str | None = None,
    spark_master: str | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    **engine_options: object,
) -> QueryAnswers:
    """Every solution of ``goal`` over ``kb`` on a backend (``symlearn query --backend``).

    The backend is opened as :func:`symlearn.backends.open_backend` says
    (``backend`` None: the file's ``set(backend, ...)``, else memory for a
    knowledge base without external relations, DuckDB with them).  On DuckDB
    and Spark a Datalog goal is one SQL query (see the module docstring);
    any other goal, and every goal on the memory backend, is answered by
    the query engine with ``engine_options`` (:func:`symlearn.engine.toplevel.run_query`:
    limits, output, answer depth).

    Raises
    ------
    KBError
        For an external relation that cannot be read (at its declaration).
    BackendError
        When the backend cannot start or runs out of memory and disk.
    """
    from symlearn.backends import open_backend

    opened = open_backend(
        kb,
        backend,
        spark_master=spark_master,
        memory_limit=memory_limit,
        temp_directory=temp_directory,
    )
    return answers(kb, goal, opened, limit, **engine_options)


def answers(
    kb: KnowledgeBase,
    goal: str,
    backend: SqlBackend | None,
    limit: int | None = None,
    **engine_options: object,
) -> QueryAnswers:
    """Every solution of ``goal``: in SQL on ``backend`` when it is Datalog, else by the engine."""
    from symlearn.engine.toplevel import QueryAnswers, format_solution
    from symlearn.engine.toplevel import run_query as engine_query

    compiled = compile_goal(kb, backend, goal) if backend is not None else None
    if compiled is None:
        return engine_query(kb, goal, limit, **engine_options)  # type: ignore[arg-type]
    assert backend is not None
    sql = compiled.sql + (f" LIMIT {limit}" if limit is not None else "")
    table = backend.arrow(sql)
    if compiled.count is not None:
        found = int(table.column(0)[0].as_py())
        rows: list[tuple[Term, ...]] = [()] if found == compiled.count else []
    elif compiled.variables:
        rows = list(zip(*(column.to_pylist() for column in table.columns)))
    else:
        rows = [()] * table.num_rows
    names = (*compiled.variables, *compiled.unbound)
    fresh = tuple(Var(name) for name in compiled.unbound)
    order = [n for n in _visible(goal) if n in names]
    values = [_ordered(dict(zip(names, (*row, *fresh))), order) for row in rows]
    depth = engine_options.get("answer_depth", 10)
    solutions = tuple(format_solution(v) for v in values)
    shown = tuple(format_solution(v, depth) for v in values) if depth else None  # type: ignore[arg-type]
    return QueryAnswers(goal, solutions, tuple(order), shown)


def _visible(goal: str) -> list[str]:
    from symlearn.kb.parser import parse_term_with_variables

    _, variables = parse_term_with_variables(goal, "<goal>")
    return [name for name in variables if not name.startswith("_")]


def _ordered(values: dict[str, Term], order: list[str]) -> dict[str, Term]:
    return {name: values[name] for name in order}
