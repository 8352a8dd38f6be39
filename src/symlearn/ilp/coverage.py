r"""Set-at-a-time coverage: binding tables joined against indexed fact tables.

An ILP learner asks, again and again, "which examples does this clause
cover?" and, for FOIL, "how many bindings of the clause's variables survive
if I add this literal?".  Proving each example with SLD resolution, once per
candidate literal, repeats the same work for every example.  Here the question
is answered for all examples at once, as a relational database would:

* A **binding table** (:class:`BindingTable`) has one row per binding of the
  clause's variables to constants, for each example: one integer-coded column
  per variable and, per row, the example it came from.  Binding the head to
  the examples gives the first table; each body literal transforms it.
* A **positive literal** ``q(V1, ..., Vr)`` over a predicate given by ground
  facts is a hash join of the table with the fact table of ``q``
  (:class:`~symlearn.ilp.relations.Relation`) on the positions holding
  variables already bound (or constants): the composite keys of all rows are
  looked up at once in a sorted index with ``numpy.searchsorted``; each row is
  replaced by one row per matching fact, binding the literal's new variables.
  Counting the extensions of each row, which is all FOIL's gain needs, costs
  two vectorised searches and builds nothing.
* A **negated literal** ``\\+ q(...)`` keeps the rows with no match (an
  anti-join); variables that occur only inside it are local to it.
* **Equality and identity** between variables or constants (``=``, ``\\=``,
  ``==``, ``\\==``) compare code columns.
* Any **other literal** (a predicate defined by rules, a built-in, a literal
  with compound arguments) is answered by the query engine
  (:class:`symlearn.engine.Engine`) once per *distinct* binding of the literal's
  old variables, and the answers are cached and joined like a fact table.

A clause covers an example when the example has at least one row after the
last literal.  This is exactly SLD resolution's answer for definite clauses
with negation as failure, without the per-example proofs.

Set-at-a-time evaluation needs the engine's answers to be ground.  When a
literal leaves a variable unbound (``X = Y`` with both new, an engine answer
with a variable in it), :meth:`Coverage.covered` falls back to one engine
proof per example for that clause, so the answer is still right.

Classes and functions
---------------------
BindingTable, Coverage, BindingLimitError, foil_gain

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.kb.parser import parse_term_with_variables
>>> kb = loads('''
... parent(ann, bob). parent(bob, carl). parent(bob, cleo). parent(ann, bea).
... pos(grandparent(ann, carl)). neg(grandparent(bob, carl)).
... ''')
>>> cov = Coverage(kb, ("grandparent", 2))
>>> clause, names = parse_term_with_variables(
...     "grandparent(X, Y) :- parent(X, Z), parent(Z, Y)")
>>> from symlearn.logic.clauses import Clause
>>> c = Clause.from_term(clause)
>>> examples = kb.positives("grandparent", 2) + kb.negatives("grandparent", 2)
>>> cov.covered(c, examples).tolist()
[True, False]
>>> table = cov.bind_head(c.head, examples)
>>> cov.counts(table, c.body[0]).tolist()      # parent(X, Z): ann has 2 children, bob 2
[2, 2]
>>> table = cov.extend(table, c.body[0])
>>> cov.counts(table, c.body[1]).tolist()      # rows (ann,carl,bob) (ann,carl,bea) ...
[1, 0, 0, 0]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from symlearn.errors import EngineLimitError, PrologError
from symlearn.ilp.fact_store import Answers, FactStore, fact_store
from symlearn.ilp.relations import CODE, Relation, composite_keys, distinct_rows, most_frequent
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.views import background_view
from symlearn.logic.clauses import Clause, conjunction
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import (
    Struct,
    Term,
    Var,
    functor_of,
    is_ground,
    term_variables,
)
from symlearn.logic.unify import match, substitute, unify

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = [
    "BindingLimitError",
    "BindingTable",
    "Coverage",
    "FactStore",
    "NotSetAtATimeError",
    "fact_store",
    "foil_gain",
]


_COMPARISONS = frozenset({"=", "\\=", "==", "\\=="})


_Answers = Answers

#: facts of a relation (their decoded arguments, in order) by their codes at some positions
_DecodedIndex = dict[tuple[int, ...], list[list[Term]]]


class BindingLimitError(EngineLimitError):
    """A join would build a binding table larger than the configured limit."""


class NotSetAtATimeError(Exception):
    """A literal cannot be evaluated on a binding table (an answer is not ground)."""


def foil_gain(p0: int, n0: int, p1: int, n1: int, t: int) -> float:
    """FOIL's information gain of adding a literal L to a rule R.

    ``Foil_Gain(L, R) = t * (log2(p1 / (p1 + n1)) - log2(p0 / (p0 + n0)))``
    where ``p0``/``n0`` are the positive/negative bindings of R, ``p1``/``n1``
    those of R + L, and ``t`` the positive bindings of R still covered by
    R + L (Quinlan 1990; Mitchell 1997, section 10.5.2).

    When ``t`` or ``p1`` is 0 the literal keeps no positive binding: the
    product ``0 * log2(0)`` is taken as 0 (no bits saved).  Computed in
    floating point; not rounded.

    Examples
    --------
    >>> foil_gain(4, 4, 2, 0, 2)
    2.0
    >>> foil_gain(10, 10, 10, 10, 10)
    0.0
    >>> foil_gain(3, 1, 0, 1, 0)
    0.0
    """
    if t <= 0 or p1 <= 0 or p0 <= 0:
        return 0.0
    return t * (math.log2(p1 / (p1 + n1)) - math.log2(p0 / (p0 + n0)))


@dataclass(frozen=True, eq=False)
class BindingTable:
    """Bindings of a clause's variables, one row per binding, for many examples.

    Attributes
    ----------
    variables
        The bound variables, one per column.
    columns
        One int64 array of constant codes per variable (see
        :class:`~symlearn.ilp.relations.SymbolTable`).
    example
        For each row, the index of the example it belongs to.
    """

    variables: tuple[Var, ...]
    columns: tuple[np.ndarray, ...]
    example: np.ndarray

    def __len__(self) -> int:
        return len(self.example)

    def column(self, var: Var) -> np.ndarray:
        """The codes bound to ``var``."""
        return self.columns[self.variables.index(var)]

    def has(self, var: Var) -> bool:
        """True when ``var`` is bound in this table."""
        return var in self.variables  # a variable equals only itself

    def take(self, rows: np.ndarray) -> BindingTable:
        """The table restricted to ``rows`` (a boolean mask or row indices)."""
        return BindingTable(
            self.variables, tuple(c[rows] for c in self.columns), self.example[rows]
        )

    def covered(self, n_examples: int) -> np.ndarray:
        """A boolean mask over the examples: True where some row remains."""
        mask = np.zeros(n_examples, dtype=bool)
        mask[self.example] = True
        return mask

    def count(self, mask: np.ndarray) -> int:
        """How many rows belong to examples where ``mask`` (over examples) is True."""
        return int(np.count_nonzero(mask[self.example]))


def _expand(lo: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row ids repeated ``counts`` times and the positions ``lo[i] + 0 .. counts[i] - 1``."""
    total = int(counts.sum())
    rows = np.repeat(np.arange(len(counts)), counts)
    offsets = np.cumsum(counts) - counts  # where each row's answers start in the output
    return rows, np.arange(total, dtype=CODE) + (lo - offsets)[rows]


class Coverage:
    """Set-at-a-time coverage of clauses over the background knowledge of a target.

    Parameters
    ----------
    kb
        The knowledge base.  Its clauses for ``target`` are set aside (they
        are what is being learnt); the rest is background knowledge, assumed
        not to change while this object is used.
    target
        ``(name, arity)`` of the target predicate, or None.
    theory
        Clauses for the target that calls of the target see (see
        :meth:`set_theory`).
    max_rows
        Largest binding table a join may build (:class:`BindingLimitError`).
    max_depth, max_steps
        Limits for the query engine on literals it answers.
    tolerant
        When True, an error or a limit met in one proof of the query engine
        counts as "no answer" / "not covered" and is recorded in
        :attr:`warnings` (FOIL: no single proof ends a run); when False it
        propagates, for callers that decide on it (Progol tables a theory
        whose proofs hit the depth limit).

    Notes
    -----
    A call of the target inside a clause (a recursive literal) is answered
    from the extension given with :meth:`set_extension` when there is one
    (FOIL evaluates recursive literals against the known tuples of the
    target), otherwise by the query engine through the current theory.
    """

    def __init__(
        self,
        kb: KnowledgeBase,
        target: Indicator | None = None,
        *,
        theory: Iterable[Clause] = (),
        max_rows: int = 20_000_000,
        max_depth: int = 10_000,
        max_steps: int | None = 1_000_000,
        tolerant: bool = False,
    ) -> None:
        self.kb = kb
        self.target = target
        self.store = fact_store(kb)
        self.symbols = self.store.symbols
        self.max_rows = max_rows
        self.max_depth = max_depth
        self.max_steps = max_steps
        self.theory: tuple[Clause, ...] = tuple(theory)
        self._extensions: dict[Indicator, Relation] = {}
        #: per literal (up to renaming) and negation: the answers per binding of its old variables
        self._answers: dict[tuple[object, bool], dict[tuple[int, ...], _Answers]] = {}
        #: (literal, its old variables) -> its signature up to renaming (see _literal_signature)
        self._signatures: dict[tuple[Term, tuple[Var, ...]], object] = {}
        #: per relation and bound positions: its facts decoded, by their codes there
        self._decoded: dict[tuple[int, tuple[int, ...]], tuple[Relation, _DecodedIndex]] = {}
        self._view: KnowledgeBase | None = None
        self._engine: Engine | None = None
        #: Problems met in single proofs (message -> how often); the run went on.
        self.warnings: dict[str, int] = {}
        self.tolerant = tolerant

    # ----------------------------------------------------------- knowledge
    @property
    def view(self) -> KnowledgeBase:
        """The background knowledge base the engine answers from (target = theory)."""
        if self._view is None:
            self._view = background_view(self.kb, self.target, self.theory)
        return self._view

    @property
    def engine(self) -> Engine:
        """The query engine over :attr:`view` (undefined predicates fail, as in ILP)."""
        if self._engine is None:
            from symlearn.engine.sld import Engine  # only when a literal needs it (lazily)

            self._engine = Engine(
                self.view, max_depth=self.max_depth, max_steps=self.max_steps, unknown="fail"
            )
        return self._engine

    def set_theory(self, clauses: Iterable[Clause]) -> None:
        """Use ``clauses`` as the target's definition from now on."""
        self.theory = tuple(clauses)
        self._view = None
        self._engine = None
        self._answers.clear()

    def set_extension(self, indicator: Indicator, tuples: Iterable[Sequence[Term]] | None) -> None:
        """Answer calls of ``indicator`` from these ground tuples (None: stop doing so)."""
        if tuples is None:
            self._extensions.pop(indicator, None)
            return
        self._extensions[indicator] = Relation.from_rows(indicator, list(tuples), self.symbols)

    def relation(self, indicator: Indicator) -> Relation | None:
        """The fact table of a background predicate given by ground facts only, else None."""
        extension = self._extensions.get(indicator)
        if extension is not None:
            return extension
        if indicator == self.target:
            return None
        return self.store.relation(self.kb, indicator)

    def column_codes(self, indicator: Indicator, position: int) -> np.ndarray | None:
        """The codes of the values in one argument of a predicate of facts (None: not facts).

        What type inference needs of the data: each place's constants (a
        backend may give each value once).
        """
        relation = self.relation(indicator)
        return None if relation is None else relation.rows[:, position]

    def decoded_index(self, relation: Relation, bound: tuple[int, ...]) -> _DecodedIndex:
        """A relation's facts (decoded, in order) by their codes at the positions ``bound``.

        Built once per relation and positions and kept (a relation's rows do
        not change): bottom clauses of many seeds look up the same facts.
        """
        key = (id(relation), bound)
        cached = self._decoded.get(key)
        if cached is not None and cached[0] is relation:
            return cached[1]
        decode = self.symbols.decode
        index: _DecodedIndex = {}
        for row in relation.rows.tolist():
            index.setdefault(tuple(row[i] for i in bound), []).append(decode(row))
        self._decoded[key] = (relation, index)
        return index

    def frequent_values(
        self, indicator: Indicator, position: int, limit: int
    ) -> list[Term] | None:
        """The ``limit`` values most frequent in one argument of a predicate of facts.

        Ties are broken by the standard order of terms, and the values come
        in that order; None when the predicate is not given by facts.
        """
        relation = self.relation(indicator)
        if relation is None:
            return None
        if not len(relation) or limit <= 0:
            return []
        codes, counts = np.unique(relation.rows[:, position], return_counts=True)
        return most_frequent(self.symbols.decode(codes.tolist()), counts.tolist(), limit)

    # ------------------------------------------------------------ tables
    def bind_head(self, head: Term, examples: Sequence[Term]) -> BindingTable:
        """The bindings of ``head``'s variables that make it equal each example.

        An example the head does not match has no row.  Examples must be ground.
        """
        variables = tuple(term_variables(head))
        args = head.args if type(head) is Struct else ()
        simple = len(variables) == len(args) and all(type(a) is Var for a in args)
        if simple and all(
            type(e) is Struct and e.name == head.name and len(e.args) == len(args)  # type: ignore[union-attr]
            for e in examples
        ):
            columns = tuple(
                self.symbols.encode([e.args[i] for e in examples])  # type: ignore[union-attr]
                for i in range(len(args))
            )
            return BindingTable(variables, columns, np.arange(len(examples), dtype=CODE))
        rows: list[list[int]] = []
        owners: list[int] = []
        for number, example in enumerate(examples):
            subst = match(head, example)
            if subst is not None:
                rows.append([self.symbols.code(subst[v]) for v in variables])
                owners.append(number)
        data = np.array(rows, dtype=CODE).reshape(len(rows), len(variables))
        return BindingTable(
            variables,
            tuple(data[:, i].copy() for i in range(len(variables))),
            np.array(owners, dtype=CODE),
        )

    def counts(self, table: BindingTable, literal: Term) -> np.ndarray:
        r"""For each row, how many rows it becomes when ``literal`` is added (0 or 1 for a test).

        For a negated literal ``\\+ G`` a row survives (count 1) exactly when
        ``G`` has no solution for it.

        Raises
        ------
        BindingLimitError, EngineLimitError
            When a limit is exceeded.
        """
        negated, goal = _split_negation(literal)
        kind = self._kind(table, goal)
        if kind == "compare":
            counts = self._compare(table, goal)[0]  # type: ignore[arg-type]
        else:
            counts = self._join(kind, table, goal, exists_only=negated, counts_only=True)[1]
        if negated:
            return (counts == 0).astype(CODE)
        return counts

    def extend(self, table: BindingTable, literal: Term) -> BindingTable:
        """The bindings after adding ``literal`` (new variables get columns)."""
        negated, goal = _split_negation(literal)
        kind = self._kind(table, goal)
        if negated:
            return table.take(self.counts(table, literal) > 0)
        if kind == "compare":
            counts, new_var, values = self._compare(table, goal)  # type: ignore[arg-type]
            kept = table.take(counts > 0)
            if new_var is None:
                return kept
            assert values is not None
            return BindingTable(
                (*kept.variables, new_var), (*kept.columns, values[counts > 0]), kept.example
            )
        lo, counts, source, order, new_vars = self._join(kind, table, goal)
        if not new_vars:  # a test: a row is kept or not (a relation is a set)
            return table.take(counts > 0)
        total = int(counts.sum())
        if total > self.max_rows:
            raise BindingLimitError(
                f"adding {_text(literal)} would make {total:,} bindings "
                f"(more than the limit of {self.max_rows:,})"
            )
        if total == np.count_nonzero(counts):  # at most one answer per row
            rows = np.flatnonzero(counts)
            positions = lo[rows]
        else:
            rows, positions = _expand(lo, counts)
        picked = order[positions]
        columns = tuple(c[rows] for c in table.columns) + tuple(
            source[picked, i] for i in range(len(new_vars))
        )
        return BindingTable((*table.variables, *new_vars), columns, table.example[rows])

    def body_table(self, clause: Clause, examples: Sequence[Term]) -> BindingTable:
        """All bindings of ``clause``'s variables that prove its body, per example."""
        table = self.bind_head(clause.head, examples)
        for literal in clause.body:
            if not len(table):
                break
            table = self.extend(table, literal)
        return table

    def derive(self, clause: Clause) -> np.ndarray | None:
        """Every ground head instance the clause's body proves, bottom-up, as code rows.

        The body is joined starting from a single empty binding, so the first
        literal is read in full.  Returns an ``(m, arity)`` array of codes, or
        None when a head variable is not bound by the body (the clause is not
        range-restricted and its instances are not a finite set of tuples).
        """
        table = BindingTable((), (), np.zeros(1, dtype=CODE))
        try:
            for literal in clause.body:
                if not len(table):
                    break
                table = self.extend(table, literal)
        except NotSetAtATimeError:
            return None
        head = clause.head
        args = head.args if type(head) is Struct else ()
        if not len(table):  # the body has no solution: no instance, bound or not
            return np.zeros((0, len(args)), dtype=CODE)
        columns = self.argument_columns(args, table)
        if columns is None:
            return None
        if not columns:
            return np.zeros((min(len(table), 1), 0), dtype=CODE)
        rows = np.stack(columns, axis=1)
        return distinct_rows(rows, self.symbols.bits)

    def argument_columns(
        self, args: Sequence[Term], table: BindingTable
    ) -> list[np.ndarray] | None:
        """Each argument's codes over the rows of ``table`` (a constant repeated).

        None when an argument is a variable ``table`` does not bind or a
        compound term with variables (not answerable set at a time).
        """
        columns = []
        for arg in args:
            if type(arg) is Var:
                if not table.has(arg):
                    return None
                columns.append(table.column(arg))
            elif is_ground(arg):
                columns.append(np.full(len(table), self.symbols.code(arg), dtype=CODE))
            else:
                return None
        return columns

    def set_extension_codes(self, indicator: Indicator, rows: np.ndarray) -> None:
        """Like :meth:`set_extension`, for rows already encoded with :attr:`symbols`."""
        self._extensions[indicator] = Relation(indicator, rows, self.symbols.bits)

    def covered(self, clause: Clause, examples: Sequence[Term]) -> np.ndarray:
        """A boolean mask: which examples ``clause`` covers with the background.

        Calls of the target inside the body go to the extension set with
        :meth:`set_extension`, else to the current theory.
        """
        try:
            return self.body_table(clause, examples).covered(len(examples))
        except NotSetAtATimeError:
            return self._covered_by_engine(clause, examples)

    def theory_covered(self, examples: Sequence[Term]) -> np.ndarray:
        """Which examples the current theory covers, through the query engine's semantics.

        Non-recursive clauses are evaluated set-at-a-time; when a clause calls
        the target, each example still uncovered is proved by the engine
        (the recursion needs the whole theory).
        """
        mask = np.zeros(len(examples), dtype=bool)
        recursive = [c for c in self.theory if self.calls_target(c)]
        saved = self._extensions.pop(self.target, None) if self.target else None
        try:
            for clause in self.theory:
                if clause in recursive:
                    continue
                mask |= self.covered(clause, examples)
            if recursive:
                engine = self.engine
                for i, example in enumerate(examples):
                    if not mask[i]:
                        mask[i] = self._ask(engine, example)
        finally:
            if saved is not None and self.target is not None:
                self._extensions[self.target] = saved
        return mask

    def calls_target(self, clause: Clause) -> bool:
        """True when a body literal of ``clause`` calls the target (recursion)."""
        if self.target is None:
            return False
        return any(functor_of(_split_negation(g)[1]) == self.target for g in clause.body)

    def warn(self, message: str) -> None:
        """Record a problem met in one proof (counted; the run goes on)."""
        self.warnings[message] = self.warnings.get(message, 0) + 1

    def _ask(self, engine: Engine, goal: Term) -> bool:
        """Whether ``goal`` succeeds; an error in its proof counts as "not covered" (warned)."""
        try:
            return engine.ask(goal)
        except (PrologError, EngineLimitError) as error:
            if not self.tolerant:
                raise
            self.warn(f"proving {_text(goal)} raised {error}: taken as not covered")
            return False

    # --------------------------------------------------------- internals
    def _covered_by_engine(self, clause: Clause, examples: Sequence[Term]) -> np.ndarray:
        engine = self.engine
        mask = np.zeros(len(examples), dtype=bool)
        renamed = clause.renamed()
        for i, example in enumerate(examples):
            goal = conjunction([Struct("=", (renamed.head, example)), *renamed.body])
            mask[i] = self._ask(engine, goal)
        return mask

    def _kind(self, table: BindingTable, goal: Term) -> str:
        if (
            type(goal) is Struct
            and goal.name in _COMPARISONS
            and len(goal.args) == 2
            and all(type(a) is Var or is_ground(a) for a in goal.args)
        ):
            return "compare"
        args = goal.args if type(goal) is Struct else ()
        if all(type(a) is Var or is_ground(a) for a in args):
            indicator = functor_of(goal)
            if indicator == self.target and indicator not in self._extensions:
                return "engine"
            if self.relation(indicator) is not None:
                return "facts"
        return "engine"

    def _operand(self, table: BindingTable, term: Term) -> np.ndarray | None:
        """The codes of ``term`` per row: its column, a constant column, or None if unbound."""
        if type(term) is Var:
            if not table.has(term):
                return None
            return table.column(term)
        return np.full(len(table), self.symbols.code(term), dtype=CODE)

    def _compare(
        self, table: BindingTable, goal: Struct
    ) -> tuple[np.ndarray, Var | None, np.ndarray | None]:
        r"""Counts (0/1) for ``=``, ``\\=``, ``==``, ``\\==``; ``=`` may bind one new variable."""
        left, right = goal.args
        a, b = self._operand(table, left), self._operand(table, right)
        n = len(table)
        if a is not None and b is not None:
            equal = a == b
            same = equal if goal.name in ("=", "==") else ~equal
            return same.astype(CODE), None, None
        if left is right:  # X = X, X == X hold; X \= X, X \== X fail
            value = 1 if goal.name in ("=", "==") else 0
            return np.full(n, value, dtype=CODE), None, None
        if goal.name == "=":
            if a is None and b is None:
                raise NotSetAtATimeError(f"{_text(goal)} binds two unbound variables")
            new_var = left if a is None else right
            return np.ones(n, dtype=CODE), new_var, (b if a is None else a)  # type: ignore[return-value]
        # \= with an unbound side fails (they unify); \== succeeds, == fails.
        value = 1 if goal.name == "\\==" else 0
        return np.full(n, value, dtype=CODE), None, None

    def _join(
        self,
        kind: str,
        table: BindingTable,
        goal: Term,
        exists_only: bool = False,
        counts_only: bool = False,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, tuple[Var, ...]]:
        """The matches of ``goal`` for each row: (lo, counts, answer rows, order, new variables).

        Row ``i`` of ``table`` extends to the answer rows
        ``order[lo[i]:lo[i] + counts[i]]``, each binding the new variables.
        ``kind`` says how (:meth:`_kind`); with ``counts_only`` only the
        counts need be right (a backend may skip fetching the answers).
        """
        if kind == "facts":
            return self._fact_join(table, goal)
        return self._engine_join(table, goal, exists_only=exists_only)

    def _fact_join(
        self, table: BindingTable, goal: Term
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, tuple[Var, ...]]:
        """Join with a fact table: (lo, counts, relation rows, order, new variables)."""
        relation = self.relation(functor_of(goal))
        assert relation is not None
        args = goal.args if type(goal) is Struct else ()
        key_positions: list[int] = []
        probe: list[np.ndarray] = []
        new_first: dict[Var, int] = {}
        repeats: dict[Var, list[int]] = {}
        for position, arg in enumerate(args):
            if type(arg) is Var and not table.has(arg):
                if arg in new_first:
                    repeats.setdefault(arg, [new_first[arg]]).append(position)
                else:
                    new_first[arg] = position
                continue
            key_positions.append(position)
            operand = self._operand(table, arg)
            assert operand is not None
            probe.append(operand)
        groups = tuple(tuple(p) for p in repeats.values())
        relation = relation.where_equal(groups)
        index = relation.index(tuple(key_positions))
        if not probe:
            lo = np.zeros(len(table), dtype=CODE)
            counts = np.full(len(table), len(relation), dtype=CODE)
        else:
            lo, counts = index.lookup(probe)
        new_vars = tuple(new_first)
        source = relation.rows[:, [new_first[v] for v in new_vars]]
        return lo, counts, source, index.order, new_vars

    def _engine_join(
        self, table: BindingTable, goal: Term, exists_only: bool = False
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, tuple[Var, ...]]:
        """Answer ``goal`` with the engine once per distinct binding of its old variables.

        With ``exists_only`` (for negation) each count is 0 or 1 and no
        answer is recorded.
        """
        variables = term_variables(goal)
        old = [v for v in variables if table.has(v)]
        new_vars = tuple(v for v in variables if not table.has(v))
        if exists_only:
            new_vars = ()
        n = len(table)
        if old:
            keys, inverse = self._distinct_keys(table, old)
        else:
            keys = np.zeros((1, 0), dtype=CODE)
            inverse = np.zeros(n, dtype=np.intp)
        if n == 0:
            keys = keys[:0]
        # a unification's answers do not depend on the theory: kept for every coverage of the kb
        caches = self.store.unifications if _is_unification(goal) else self._answers
        exact = (goal, tuple(old))
        signature = self._signatures.get(exact)
        if signature is None:
            signature = self._signatures[exact] = _literal_signature(goal, old)
        cache = caches.setdefault((signature, exists_only), {})
        answers: list[tuple[tuple[int, ...], ...]] = []
        for key in map(tuple, keys.tolist()):
            found = cache.get(key)
            if found is None:
                found = cache[key] = self._answers_for(goal, old, new_vars, key, exists_only)
            answers.append(found)
        group_counts = np.array([len(a) for a in answers], dtype=CODE)
        counts = group_counts[inverse] if n else np.zeros(0, dtype=CODE)
        group_lo = np.cumsum(group_counts) - group_counts
        lo = group_lo[inverse] if n else np.zeros(0, dtype=CODE)
        flat = [row for group in answers for row in group]
        source = np.array(flat, dtype=CODE).reshape(len(flat), len(new_vars))
        return lo, counts, source, np.arange(len(flat), dtype=CODE), new_vars

    def _distinct_keys(self, table: BindingTable, old: list[Var]) -> tuple[np.ndarray, np.ndarray]:
        """The distinct bindings of ``old`` (one row each) and each row's index among them."""
        if len(old) == 1:  # one column: a plain (much cheaper) unique
            values, inverse = np.unique(table.column(old[0]), return_inverse=True)
            return values.reshape(-1, 1), inverse.reshape(-1)
        return self._distinct_bindings([table.column(v) for v in old])

    def _distinct_bindings(self, columns: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """The distinct rows of ``columns`` and each row's index among them.

        The rows' codes are packed into one int64 key when they fit (a 1-D
        unique, far cheaper on small tables than a row-wise unique).
        """
        packed = composite_keys(columns, self.symbols.bits)
        if packed is None or (packed < 0).any():
            keys, inverse = np.unique(np.stack(columns, axis=1), axis=0, return_inverse=True)
            return keys, inverse.reshape(-1)
        _, first, inverse = np.unique(packed, return_index=True, return_inverse=True)
        return np.stack([column[first] for column in columns], axis=1), inverse.reshape(-1)

    def _solutions(
        self, goal: Term, new_vars: tuple[Var, ...], exists_only: bool
    ) -> Iterable[Mapping[Var, Term]]:
        """The engine's answers to ``goal``; ``=/2`` unified here, without the engine."""
        unified = _unifier(goal, new_vars)
        if unified is not None:
            return unified
        return self.engine.solve(goal, 1 if exists_only else None)

    def _answers_for(
        self,
        goal: Term,
        old: list[Var],
        new_vars: tuple[Var, ...],
        key: tuple[int, ...],
        exists_only: bool,
    ) -> tuple[tuple[int, ...], ...]:
        """The distinct code rows of ``new_vars`` answering ``goal`` with ``old`` = ``key``."""
        given = dict(zip(old, self.symbols.decode(key)))
        if type(goal) is Struct and _is_unification(goal):  # as _unifier, the key bound first
            subst = unify(goal.args[0], goal.args[1], given)
            if subst is None:
                return ()
            values = [substitute(v, subst) for v in new_vars]
            if not all(is_ground(v) for v in values):
                raise NotSetAtATimeError(f"{_text(goal)} has a non-ground answer")
            return (tuple(self.symbols.code(v) for v in values),)
        bound = substitute(goal, given)
        seen: dict[tuple[int, ...], None] = {}
        try:
            for solution in self._solutions(bound, new_vars, exists_only):
                values = [solution[v] for v in new_vars]
                if not all(is_ground(v) for v in values):
                    raise NotSetAtATimeError(f"{_text(goal)} has a non-ground answer")
                seen.setdefault(tuple(self.symbols.code(v) for v in values), None)
        except (PrologError, EngineLimitError) as error:
            if not self.tolerant:
                raise
            self.warn(f"{_text(bound)} raised {error}: taken as no answer")
            seen.clear()
        return tuple(seen)


def _is_unification(goal: Term) -> bool:
    return type(goal) is Struct and goal.name == "=" and len(goal.args) == 2


def _unifier(goal: Term, new_vars: tuple[Var, ...]) -> list[dict[Var, Term]] | None:
    """The one answer of ``A = B`` (as the engine gives it: no occurs check), or None.

    None when ``goal`` is not ``=/2`` (the engine answers it); an empty list
    when the two sides do not unify.
    """
    if type(goal) is not Struct or not _is_unification(goal):
        return None
    subst = unify(goal.args[0], goal.args[1])
    if subst is None:
        return []
    return [{v: substitute(v, subst) for v in new_vars}]


def _split_negation(literal: Term) -> tuple[bool, Term]:
    if type(literal) is Struct and literal.name == "\\+" and len(literal.args) == 1:
        return True, literal.args[0]
    return False, literal


def _literal_signature(goal: Term, old: Sequence[Var]) -> object:
    """A hashable key for ``goal`` up to renaming, with its old variables in order."""
    return Clause(Struct("$literal", (goal, *old))).canonical()[0]


def _text(term: Term) -> str:
    from symlearn.logic.printer import format_term

    return format_term(term)
