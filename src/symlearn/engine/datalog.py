"""Set-at-a-time evaluation of the Datalog part of a knowledge base.

Most of what ILP and query workloads ask of a knowledge base is *Datalog*:
rules whose bodies join relations of ground facts.  For such predicates the
engine does not need SLD resolution one binding at a time; it can run nested
loops over hash indexes of fact rows.  This module finds those predicates and
compiles each clause, for each pattern of bound arguments, into a small Python
function (generated source, compiled once) that does exactly that.

**Which predicates.**  An *extensional* (EDB) predicate is one whose clauses
are all ground facts with atomic arguments and that is not tabled.  A rule
predicate is *Datalog* when every clause has atomic or variable head
arguments, every head variable occurs in its body (range restriction), and
every body goal calls an EDB or Datalog predicate (no built-ins, no negation).
Recursion is allowed only through tabled predicates.

**Untabled predicates** are answered by a generator that joins the body goals
left to right, each over its fact rows in clause order, so the answers come
in exactly the order SLD resolution gives them.

**Tabled predicates** called with all arguments free are computed whole, for
their strongly connected component at once, by semi-naive evaluation
(Ullman, *Principles of Database and Knowledge-Base Systems*, vol. 1, ch. 3):
each round joins every rule with one body goal restricted to the previous
round's new tuples, until a round adds nothing.  The result is kept as a
*complete* relation; later calls with bound arguments are answered from it
through an index (subsumptive tabling).  Tabled calls with bound arguments
and no computed relation go to the general engine, so a bound query over a
huge recursive relation does not compute all of it.

Values are compared strictly (``1`` and ``1.0`` differ): indexes use
:func:`key`, and rows are compared through typed keys whenever a float occurs
in what is being computed.

Functions and classes
---------------------
Relation, DatalogProgram, key
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from itertools import count

from symlearn.engine.code_cache import CodeCache
from symlearn.kb.gcpause import gc_paused
from symlearn.kb.knowledge_base import KnowledgeBase, Predicate, modifications
from symlearn.kb.system import SYSTEM_PREDICATES
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import PString, Struct, Term, Var

__all__ = ["DatalogProgram", "Relation", "key"]

Row = tuple[object, ...]
Plan = Callable[[tuple[object, ...]], Iterator[Row]]

_ATOMIC = (str, int, float, PString)

#: Compiled plan code by source text: a plan is compiled again after every
#: change of the program (nand's access/2 after each assert of state_/2);
#: the same text needs no new compile().
_COMPILED_PLANS = CodeCache(2_000, "<symlearn datalog plan>")


def key(value: object) -> object:
    """The index key of an atomic value: itself for an atom, else ``(type, value)``."""
    return value if value.__class__ is str else (value.__class__, value)


def _key_expression(name: str) -> str:
    """Python source computing :func:`key` of variable ``name`` inline."""
    return f"({name} if {name}.__class__ is str else ({name}.__class__, {name}))"


def _row_key(row: Row) -> Row:
    """A row as a tuple that is equal only to exactly equal rows."""
    return tuple(v if v.__class__ is str else (v.__class__, v) for v in row)


class Relation:
    """Rows of atomic values, with hash indexes built on demand and kept up to date.

    Parameters
    ----------
    rows
        The initial rows.
    strict
        Compare rows exactly (typed keys) in :meth:`members`; only switch off
        when no float can occur.
    """

    __slots__ = ("_indexes", "rows", "set", "strict")

    def __init__(self, rows: Sequence[Row] = (), strict: bool = True) -> None:
        self.rows: list[Row] = list(rows)
        self.set: set[Row] | None = None
        self.strict = strict
        self._indexes: dict[int, dict[object, list[Row]]] = {}

    def index(self, position: int) -> dict[object, list[Row]]:
        """Rows by the key of their value at ``position`` (rows keep their order)."""
        built = self._indexes.get(position)
        if built is None:
            grouped: defaultdict[object, list[Row]] = defaultdict(list)
            for row in self.rows:
                grouped[row[position]].append(row)
            if all(k.__class__ is str for k in grouped):
                built = dict(grouped)  # atoms are their own keys
            else:  # numbers and strings need typed keys: 1 and 1.0 must not meet
                built = {}
                for row in self.rows:
                    built.setdefault(key(row[position]), []).append(row)
            self._indexes[position] = built
        return built

    def add(self, rows: Sequence[Row]) -> None:
        """Append rows, updating the indexes built so far (not :meth:`members`)."""
        self.rows.extend(rows)
        for position, built in self._indexes.items():
            for row in rows:
                k = key(row[position])
                bucket = built.get(k)
                if bucket is None:
                    built[k] = [row]
                else:
                    bucket.append(row)

    def members(self) -> set[Row]:
        """The rows as a set (of typed keys when ``strict``), built on first use."""
        if self.set is None:
            self.set = set(map(_row_key, self.rows) if self.strict else self.rows)
        return self.set

    def has_floats(self) -> bool:
        """True when some row holds a float."""
        return any(value.__class__ is float for row in self.rows for value in row)

    def __len__(self) -> int:
        return len(self.rows)


class _Atom:
    """A body goal or head of a Datalog clause: a predicate and its arguments."""

    __slots__ = ("args", "indicator")

    def __init__(self, term: Term) -> None:
        if type(term) is Struct:
            self.indicator: Indicator = (term.name, len(term.args))
            self.args: tuple[Term, ...] = term.args
        else:
            self.indicator = (str(term), 0)
            self.args = ()


class _Unsupported(Exception):
    """The predicate is outside the Datalog fragment."""


class DatalogProgram:
    """The Datalog view of a knowledge base, with compiled plans and computed relations.

    Parameters
    ----------
    kb
        The knowledge base.  Any change to its clauses (noticed through
        :func:`~symlearn.kb.knowledge_base.modifications`) discards what was
        compiled and computed.
    """

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self._kinds: dict[Indicator, str] = {}
        self._edb: dict[Indicator, Relation] = {}
        self._plans: dict[tuple[Indicator, tuple[bool, ...]], Plan] = {}
        self._complete: dict[Indicator, Relation] = {}
        self._seen_modifications = modifications()

    # ------------------------------------------------------------ classification
    def reset(self) -> None:
        """Forget everything compiled and computed."""
        self._kinds.clear()
        self._edb.clear()
        self._plans.clear()
        self._complete.clear()
        self._seen_modifications = modifications()

    def _check_version(self) -> None:
        if self._seen_modifications != modifications():
            self.reset()

    def _predicate(self, indicator: Indicator) -> Predicate | None:
        predicate = self.kb.predicates.get(indicator)
        if predicate is None or not predicate.clauses:
            return None
        return predicate

    def _clauses(self, indicator: Indicator) -> list[Clause]:
        predicate = self._predicate(indicator)
        return predicate.clauses if predicate is not None else []

    def kind(self, indicator: Indicator) -> str:
        """``"edb"``, ``"rules"`` (untabled Datalog), ``"tabled"`` or ``"other"``."""
        self._check_version()
        found = self._kinds.get(indicator)
        if found is not None:
            return found
        try:
            found = self._classify(indicator, [])
        except _Unsupported:
            found = "other"
        self._kinds[indicator] = found
        return found

    def _classify(self, indicator: Indicator, visiting: list[Indicator]) -> str:
        found = self._kinds.get(indicator)
        if found is not None:
            if found == "other":
                raise _Unsupported
            return found
        if indicator in SYSTEM_PREDICATES and not self.kb.defines(*indicator):
            raise _Unsupported
        predicate = self._predicate(indicator)
        if predicate is None:
            raise _Unsupported
        tabled = indicator in self.kb.tabled
        if not tabled:
            rows = _fact_rows(predicate)
            if rows is not None:
                self._edb[indicator] = Relation(rows)
                self._kinds[indicator] = "edb"
                return "edb"
        if indicator in visiting:
            cycle = visiting[visiting.index(indicator) :]
            if all(member in self.kb.tabled for member in cycle):
                return "tabled"
            raise _Unsupported  # untabled recursion: SLD order and termination matter
        visiting.append(indicator)
        try:
            for clause in predicate.clauses:
                _check_clause(clause)
                for goal in clause.body:
                    self._classify(_Atom(goal).indicator, visiting)
        finally:
            visiting.pop()
        result = "tabled" if tabled else "rules"
        self._kinds[indicator] = result
        return result

    # --------------------------------------------------------------- relations
    def edb(self, indicator: Indicator) -> Relation:
        """The fact rows of an EDB predicate."""
        relation = self._edb.get(indicator)
        if relation is None:
            predicate = self._predicate(indicator)
            assert predicate is not None
            relation = self._edb[indicator] = Relation(predicate.rows())
        return relation

    def complete(self, indicator: Indicator) -> Relation | None:
        """The computed relation of a tabled Datalog predicate, if it has been computed."""
        self._check_version()
        return self._complete.get(indicator)

    # -------------------------------------------------------- untabled plans
    def plan(self, indicator: Indicator, bound: tuple[bool, ...]) -> Plan:
        """A generator of the answers, in SLD order, for a call with ``bound`` arguments."""
        self._check_version()
        cache_key = (indicator, bound)
        plan = self._plans.get(cache_key)
        if plan is None:
            parts = [self._compile_clause(c, bound) for c in self._clauses(indicator)]
            if len(parts) == 1:
                plan = parts[0]
            else:

                def plan(values: tuple[object, ...], parts: list[Plan] = parts) -> Iterator[Row]:
                    for part in parts:
                        yield from part(values)

            self._plans[cache_key] = plan
        return plan

    def _compile_clause(self, clause: Clause, bound: tuple[bool, ...]) -> Plan:
        """A generator function answering ``clause`` for calls with ``bound`` arguments."""
        head = _Atom(clause.head)
        writer = _CodeWriter(self)
        variables: dict[Var, str] = {}
        lines: list[str] = []
        for position, (arg, is_bound) in enumerate(zip(head.args, bound)):
            value = f"values[{position}]"
            if not is_bound:
                continue
            if type(arg) is not Var:
                lines.append(f"if not _same({writer.constant(arg)}, {value}): return")
            elif arg in variables:
                lines.append(f"if not _same({variables[arg]}, {value}): return")
            else:
                variables[arg] = writer.local(value, lines, 0)
        indent = writer.joins([_Atom(g) for g in clause.body], variables, lines, ordered=True)
        result = [variables[a] if type(a) is Var else writer.constant(a) for a in head.args]
        lines.append("    " * indent + f"yield {_tuple(result)}")
        return writer.function("values", lines)

    # ------------------------------------------------------- tabled relations
    def compute(self, indicator: Indicator) -> Relation:
        """Compute (once) the relation of tabled Datalog predicate ``indicator``."""
        self._check_version()
        found = self._complete.get(indicator)
        if found is not None:
            return found
        with gc_paused():
            return self._compute(indicator)

    def _compute(self, indicator: Indicator) -> Relation:
        found = self._complete.get(indicator)
        if found is not None:
            return found
        component = self._component(indicator)
        for member in component:  # tabled predicates of lower components first
            for clause in self._clauses(member):
                for goal in clause.body:
                    other = _Atom(goal).indicator
                    if other not in component and self.kind(other) == "tabled":
                        self._compute(other)
        self._semi_naive(component)
        return self._complete[indicator]

    def _component(self, indicator: Indicator) -> list[Indicator]:
        """The tabled predicates mutually recursive with ``indicator`` (itself included)."""
        graph: dict[Indicator, set[Indicator]] = {}
        stack = [indicator]
        while stack:
            current = stack.pop()
            if current in graph:
                continue
            graph[current] = {
                _Atom(g).indicator
                for c in self._clauses(current)
                for g in c.body
                if self.kind(_Atom(g).indicator) == "tabled"
            }
            stack.extend(graph[current])
        reaches_back = {indicator}
        changed = True
        while changed:
            changed = False
            for node, successors in graph.items():
                if node not in reaches_back and successors & reaches_back:
                    reaches_back.add(node)
                    changed = True
        reachable: set[Indicator] = set()
        stack = [indicator]
        while stack:
            node = stack.pop()
            if node not in reachable:
                reachable.add(node)
                stack.extend(graph[node])
        return sorted(reaches_back & reachable)

    def _has_floats(self, component: list[Indicator]) -> bool:
        """True when a float occurs in the rules or facts ``component`` depends on.

        Without floats, rows can be compared as plain tuples (``1 == 1.0`` is
        the only equality Python and Prolog disagree on among atomic values).
        """
        seen: set[Indicator] = set()
        stack = list(component)
        while stack:
            indicator = stack.pop()
            if indicator in seen:
                continue
            seen.add(indicator)
            kind = self.kind(indicator)
            if kind == "edb":
                if self.edb(indicator).has_floats():
                    return True
                continue
            for clause in self._clauses(indicator):
                if _contains_float(clause.head) or any(_contains_float(g) for g in clause.body):
                    return True
                stack.extend(_Atom(g).indicator for g in clause.body)
        return False

    def _semi_naive(self, component: list[Indicator]) -> None:
        """Compute the relations of ``component`` by semi-naive evaluation."""
        strict = self._has_floats(component)
        full = {p: Relation(strict=strict) for p in component}
        members = {p: full[p].members() for p in component}
        rules = [(p, clause) for p in component for clause in self._clauses(p)]
        functions: dict[tuple[int, int | None], Callable[..., None]] = {}

        def rule_function(number: int, position: int | None) -> Callable[..., None]:
            found = functions.get((number, position))
            if found is None:
                found = functions[(number, position)] = self._rule_function(
                    rules[number][1], position, full, strict
                )
            return found

        # Round 0: the rules with no goal in the component.
        delta: dict[Indicator, list[Row]] = {p: [] for p in component}
        for number, (p, clause) in enumerate(rules):
            if not any(_Atom(g).indicator in full for g in clause.body):
                rule_function(number, None)(None, members[p], delta[p])
        for p in component:
            full[p].add(delta[p])
        # Later rounds: each rule once for each component goal, over the last round's rows.
        while any(delta.values()):
            new: dict[Indicator, list[Row]] = {p: [] for p in component}
            for number, (p, clause) in enumerate(rules):
                for position, goal in enumerate(clause.body):
                    indicator = _Atom(goal).indicator
                    if indicator in full and delta[indicator]:
                        rule_function(number, position)(delta[indicator], members[p], new[p])
            for p in component:
                full[p].add(new[p])
            delta = new
        for p in component:
            self._complete[p] = full[p]

    def _rule_function(
        self,
        clause: Clause,
        delta_position: int | None,
        full: dict[Indicator, Relation],
        strict: bool,
    ) -> Callable[..., None]:
        """Join ``clause``'s body starting from the delta rows of one goal.

        The generated function ``f(delta, members, out)`` appends to ``out``
        (and adds to ``members``) every head row not yet in ``members``.
        """
        writer = _CodeWriter(self, full)
        atoms = [_Atom(g) for g in clause.body]
        variables: dict[Var, str] = {}
        lines: list[str] = []
        indent = 0
        rest = list(atoms)
        if delta_position is not None:
            rest.pop(delta_position)
            indent = writer.scan(atoms[delta_position], "delta", variables, lines, indent)
        indent = writer.joins(rest, variables, lines, ordered=False, indent=indent)
        head = _Atom(clause.head)
        result = [variables[a] if type(a) is Var else writer.constant(a) for a in head.args]
        pad = "    " * indent
        lines.append(pad + f"row = {_tuple(result)}")
        lines.append(pad + ("row_key = _row_key(row)" if strict else "row_key = row"))
        lines.append(pad + "if row_key not in members:")
        lines.append(pad + "    members.add(row_key)")
        lines.append(pad + "    out.append(row)")
        return writer.function("delta, members, out", lines, generator=False)


def _tuple(items: list[str]) -> str:
    return f"({', '.join(items)}{',' if len(items) == 1 else ''})"


def _contains_float(term: Term) -> bool:
    stack = [term]
    while stack:
        t = stack.pop()
        if type(t) is float:
            return True
        if type(t) is Struct:
            stack.extend(t.args)
    return False


_ATOMIC_TYPES = frozenset(_ATOMIC)


def _fact_rows(predicate: Predicate) -> list[Row] | None:
    """The argument rows of ``predicate`` if all its clauses are facts of atomic values."""
    rows: list[Row] = []
    append = rows.append
    atomic = _ATOMIC_TYPES
    for clause in predicate.clauses:
        if clause.body:
            return None
        head = clause.head
        args = head.args if head.__class__ is Struct else ()
        for value in args:
            if value.__class__ not in atomic:
                return None
        append(args)
    return rows


def _check_clause(clause: Clause) -> None:
    """Raise _Unsupported unless ``clause`` is a range-restricted Datalog clause."""
    head = clause.head
    head_args = head.args if type(head) is Struct else ()
    body_vars: set[Var] = set()
    for goal in clause.body:
        if type(goal) not in (str, Struct):
            raise _Unsupported
        for arg in goal.args if type(goal) is Struct else ():
            if type(arg) is Var:
                body_vars.add(arg)
            elif type(arg) not in _ATOMIC:
                raise _Unsupported
    for arg in head_args:
        if type(arg) is Var:
            if arg not in body_vars:
                raise _Unsupported
        elif type(arg) not in _ATOMIC:
            raise _Unsupported


def _same(a: object, b: object) -> bool:
    return a == b and a.__class__ is b.__class__


class _CodeWriter:
    """Generates the Python source of one join plan and compiles it."""

    def __init__(
        self, program: DatalogProgram, full: dict[Indicator, Relation] | None = None
    ) -> None:
        self.program = program
        self.full = full or {}
        self.names: dict[str, object] = {"_same": _same, "_row_key": _row_key}
        self.fresh = count()

    def name(self, prefix: str, value: object) -> str:
        label = f"{prefix}{next(self.fresh)}"
        self.names[label] = value
        return label

    def constant(self, value: object) -> str:
        return self.name("c", value)

    def local(self, expression: str, lines: list[str], indent: int) -> str:
        label = f"v{next(self.fresh)}"
        lines.append("    " * indent + f"{label} = {expression}")
        return label

    def source(self, atom: _Atom) -> Relation | Indicator:
        """Where the rows of ``atom`` come from: a relation, or (for rules) the predicate."""
        indicator = atom.indicator
        if indicator in self.full:
            return self.full[indicator]
        kind = self.program.kind(indicator)
        if kind == "edb":
            return self.program.edb(indicator)
        if kind == "tabled":
            return self.program.compute(indicator)
        if kind == "rules":
            return indicator
        raise _Unsupported

    def scan(
        self,
        atom: _Atom,
        source: str,
        variables: dict[Var, str],
        lines: list[str],
        indent: int,
        skip: frozenset[int] = frozenset(),
    ) -> int:
        """``for row in source:`` binding the atom's variables from each row."""
        row = f"r{next(self.fresh)}"
        lines.append("    " * indent + f"for {row} in {source}:")
        indent += 1
        pad = "    " * indent
        for position, arg in enumerate(atom.args):
            if position in skip:
                continue
            cell = f"{row}[{position}]"
            if type(arg) is Var:
                if arg in variables:
                    lines.append(pad + f"if not _same({variables[arg]}, {cell}): continue")
                else:
                    variables[arg] = self.local(cell, lines, indent)
            else:
                lines.append(pad + f"if not _same({self.constant(arg)}, {cell}): continue")
        return indent

    def joins(
        self,
        atoms: list[_Atom],
        variables: dict[Var, str],
        lines: list[str],
        ordered: bool,
        indent: int = 0,
    ) -> int:
        """Nested loops joining ``atoms``; in written order when ``ordered`` (SLD order)."""
        remaining = list(atoms)
        while remaining:
            if ordered:
                atom = remaining.pop(0)
            else:  # most bound arguments first
                atom = max(
                    remaining,
                    key=lambda a: sum(1 for x in a.args if type(x) is not Var or x in variables),
                )
                remaining.remove(atom)
            indent = self.join_one(atom, variables, lines, indent)
        return indent

    def join_one(
        self, atom: _Atom, variables: dict[Var, str], lines: list[str], indent: int
    ) -> int:
        source = self.source(atom)
        bound_values = [
            (p, variables[a] if type(a) is Var else self.constant(a))
            for p, a in enumerate(atom.args)
            if type(a) is not Var or a in variables
        ]
        if not isinstance(source, Relation):
            pattern = tuple(type(a) is not Var or a in variables for a in atom.args)
            plan = self.name("plan", self.program.plan(source, pattern))
            call_values = [
                (variables[a] if type(a) is Var else self.constant(a)) if is_bound else "None"
                for a, is_bound in zip(atom.args, pattern)
            ]
            # The plan has checked the bound arguments; bind only the others.
            checked = frozenset(p for p, is_bound in enumerate(pattern) if is_bound)
            return self.scan(
                atom, f"{plan}({_tuple(call_values)})", variables, lines, indent, skip=checked
            )
        if not bound_values:
            return self.scan(atom, self.name("rows", source.rows), variables, lines, indent)
        position, value = bound_values[0]
        index = self.name("index", source.index(position))
        value_key = self.local(_key_expression(value), lines, indent)
        return self.scan(
            atom,
            f"{index}.get({value_key}, ())",
            variables,
            lines,
            indent,
            skip=frozenset([position]),
        )

    def function(self, parameters: str, lines: list[str], generator: bool = True) -> Callable:
        body = "\n".join("    " + line for line in lines) or "    pass"
        tail = "    return\n    yield\n" if generator else "    return\n"
        source = f"def _plan({parameters}):\n{body}\n{tail}"
        return _COMPILED_PLANS.define(source, self.names, "_plan")
