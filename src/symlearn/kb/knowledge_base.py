"""The knowledge base: clauses indexed by predicate and argument, plus declarations.

A :class:`KnowledgeBase` holds what one or more files say:

* the **clauses** of each predicate, in order, in a :class:`Predicate` that
  indexes them on *every* argument position (a hash from the argument's value,
  or its principal functor, to the clauses that may match), built on first
  use, so that a call with any bound argument looks at only the clauses that
  can match it;
* **examples** (``pos/1``, ``neg/1``, ``label/2``, ``instance/1``);
* the **language bias** (``modeh``, ``modeb``, ``determination``) and
  **settings** (``set/2``);
* **attribute-value declarations** (``attributes/2``, ``domain/2``);
* **probabilistic clauses** in ProbLog syntax, with ``evidence/2`` and ``query/1``;
* tabling declarations and every directive as written;
* **external relations** (``:- external(parent/2, parquet('parent.parquet')).``):
  predicates whose ground facts live in a file or database outside the
  knowledge base (:class:`ExternalRelation`), read through a storage backend
  (:mod:`symlearn.backends`), which answers the engine's calls of them
  through :attr:`KnowledgeBase.external_facts`.

Examples are also ordinary facts (``pos(X)`` can be queried), as they are in
SWI-Prolog.  Build a knowledge base with :func:`symlearn.kb.load` or
:func:`symlearn.kb.loads`; add clauses with :meth:`KnowledgeBase.add_clause`.

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads("parent(ann, bob). parent(bob, carl). pos(p(a)). "
...            ":- modeb(*, parent(+person, -person)).")
>>> kb.predicate("parent", 2).candidates((None, "carl"))
[1]
>>> [str(e) for e in kb.examples], len(kb.modes)
(['pos(p(a))'], 1)
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.modes import Mode
from symlearn.logic.operators import STANDARD, Operators
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var, functor_of

__all__ = [
    "Example",
    "ExternalFacts",
    "ExternalRelation",
    "KnowledgeBase",
    "Mode",
    "PositionList",
    "Predicate",
    "ProbabilisticClause",
    "SourcePosition",
    "index_key",
    "modifications",
]


class _LineColumn(Protocol):
    path: str

    def line_column(self, offset: int) -> tuple[int, int]: ...


class PositionList:
    """The source positions of a predicate's clauses, one per clause, in order.

    Behaves as a list of :class:`SourcePosition` (or None), but a clause read
    by the loader's fast path is recorded as its offset into its source only;
    the position is made when it is read.  The offsets into the list's first
    such source that come last are kept in an int64 array (8 bytes a fact);
    any other entry (a position, an offset into another source as a
    ``(source, offset)`` pair, an offset moved out of the array when something
    else is added after it) is an item of a list.  A large file of facts
    therefore costs 8 bytes a fact and no position objects unless an error or
    a learner asks for them.
    """

    __slots__ = ("_items", "_offsets", "_source")

    def __init__(self, items: Iterable[SourcePosition | None] = ()) -> None:
        self._items: list[object] = list(items)
        self._offsets = array("q")  # after the items: offsets into _source
        self._source: _LineColumn | None = None

    def _position(self, item: object) -> SourcePosition | None:
        if type(item) is int:
            return self._at(item)
        if type(item) is tuple:
            source, offset = item
            line, column = source.line_column(offset)
            return SourcePosition(source.path, line, column)
        return item  # type: ignore[return-value]

    def _at(self, offset: int) -> SourcePosition:
        source = self._source
        assert source is not None
        line, column = source.line_column(offset)
        return SourcePosition(source.path, line, column)

    def _spill(self) -> None:
        """Move the array's offsets to the list (something else is added after them)."""
        if self._offsets:
            self._items.extend(self._offsets)
            del self._offsets[:]  # in place: an appender handed out stays valid

    def append(self, position: SourcePosition | None) -> None:
        """Add the position of the next clause."""
        self._spill()
        self._items.append(position)

    def append_offset(self, source: _LineColumn, offset: int) -> None:
        """Add the next clause's position as an offset into ``source`` (made when read)."""
        self.offset_appender(source)(offset)

    def offset_appender(self, source: _LineColumn) -> Callable[[int], None]:
        """A function adding offsets into ``source``, as :meth:`append_offset` (for bulk loads)."""
        if self._source is None:
            self._source = source
        if source is self._source:
            return self._offsets.append
        self._spill()
        items = self._items
        return lambda offset: items.append((source, offset))

    def insert(self, index: int, position: SourcePosition | None) -> None:
        """Insert a position (``asserta/1``)."""
        self._spill()
        self._items.insert(index, position)

    def extend(self, other: PositionList) -> None:
        """Add all positions of ``other``."""
        if self._source is None:
            self._source = other._source
        self._spill()
        theirs = other._source
        if theirs is None or theirs is self._source:
            self._items.extend(other._items)
            self._offsets.extend(other._offsets)
        else:
            self._items.extend((theirs, i) if type(i) is int else i for i in other._items)
            self._items.extend((theirs, i) for i in other._offsets)

    def __delitem__(self, index: int) -> None:
        self._spill()
        del self._items[index]

    def __getitem__(self, index: int) -> SourcePosition | None:
        if index < 0:
            index += len(self)
        count = len(self._items)
        if 0 <= index < count:
            return self._position(self._items[index])
        if index < 0:
            raise IndexError("position index out of range")
        return self._at(self._offsets[index - count])

    def __iter__(self) -> Iterator[SourcePosition | None]:
        return itertools.chain(map(self._position, self._items), map(self._at, self._offsets))

    def __len__(self) -> int:
        return len(self._items) + len(self._offsets)


ExampleKind = Literal["pos", "neg", "label", "instance", "unlabelled"]


@dataclass(frozen=True, slots=True)
class Example:
    """A labelled or unlabelled example.

    Attributes
    ----------
    kind
        ``"pos"``, ``"neg"``, ``"label"`` (multi-class), ``"instance"`` (to classify) or
        ``"unlabelled"`` (an example without its class, for semi-supervised learners).
    atom
        The example atom, e.g. ``grandparent(ann, carl)``.
    label
        The class for ``label/2`` examples (``None`` otherwise).
    position
        Where it was written.
    """

    kind: ExampleKind
    atom: Term
    label: Term | None = None
    position: SourcePosition | None = field(default=None, compare=False)

    @property
    def indicator(self) -> Indicator:
        """``(name, arity)`` of the example atom."""
        return functor_of(self.atom)

    def __str__(self) -> str:
        if self.kind == "label":
            return (
                f"label({format_term(self.atom, max_priority=999)}, "
                f"{format_term(self.label if self.label is not None else '[]', max_priority=999)})"
            )
        return f"{self.kind}({format_term(self.atom, max_priority=999)})"


@dataclass(frozen=True, slots=True)
class ProbabilisticClause:
    """A ProbLog clause: ``p1::h1; ...; pn::hn :- Body`` (one head for ``p::h``).

    Attributes
    ----------
    heads
        ``(probability, head atom)`` pairs.  A probability is a number in
        [0, 1], or a term such as ``t(_)`` (a parameter to learn).
    body
        The body goals (empty for a probabilistic fact).
    """

    heads: tuple[tuple[Term, Term], ...]
    body: tuple[Term, ...] = ()
    position: SourcePosition | None = field(default=None, compare=False)

    @property
    def is_annotated_disjunction(self) -> bool:
        """True when there is more than one head."""
        return len(self.heads) > 1

    def __str__(self) -> str:
        heads = "; ".join(
            f"{format_term(p, max_priority=999)}::{format_term(h, max_priority=999)}"
            for p, h in self.heads
        )
        if not self.body:
            return heads + "."
        body = ", ".join(format_term(g, max_priority=999) for g in self.body)
        return f"{heads} :- {body}."


@dataclass(frozen=True, slots=True)
class ExternalRelation:
    """A predicate whose ground facts live outside the knowledge base.

    Declared with ``:- external(Name/Arity, Source).`` where ``Source`` is
    ``parquet(Path)`` (a file, or a folder of files read as one table),
    ``csv(Path)`` or ``duckdb(Path, Table)``.  Each fact is one row, each
    argument one column, in order; a column of strings holds atoms, one of
    integers integers, one of floating-point numbers floats.

    Attributes
    ----------
    indicator
        ``(name, arity)`` of the predicate.
    kind
        ``"parquet"``, ``"csv"`` or ``"duckdb"``.
    path
        The file (or folder) as a path to open: relative paths are taken from
        the directory of the file that declares it.
    written
        The path as written in the declaration (for messages).
    table
        The table of a DuckDB database (None for the other kinds).
    position
        Where the declaration is.
    """

    indicator: Indicator
    kind: Literal["parquet", "csv", "duckdb"]
    path: str
    written: str
    table: str | None = None
    position: SourcePosition | None = field(default=None, compare=False)

    def describe(self) -> str:
        """``parquet('people/parent.parquet')`` as written in the declaration."""
        args: tuple[Term, ...] = (self.written,)
        if self.kind == "duckdb" and self.table is not None:
            args = (self.written, self.table)
        return format_term(Struct(self.kind, args))


class ExternalFacts(Protocol):
    """What the query engine asks of a backend about an external relation."""

    def rows(self, indicator: Indicator, keys: Sequence[object]) -> Sequence[tuple[Term, ...]]:
        """The facts of ``indicator`` whose arguments equal the non-None ``keys``.

        ``keys`` holds one entry per argument: an atomic value for a bound
        argument (:func:`index_key`), None for a free one.  The rows come as
        tuples of atoms, integers and floats; a key of another type than its
        column (an integer for a column of atoms, a compound term) matches
        nothing.
        """


_modifications = [0]


def modifications() -> int:
    """A counter that changes whenever any predicate's clauses change (for caches)."""
    return _modifications[0]


def index_key(term: Term) -> object:
    """The hash key a bound argument is indexed under (None for a variable).

    Atomic terms are their own key; a compound term is keyed by its principal
    functor ``(name, arity)``.  ``1`` and ``1.0`` share a key (Python equality),
    so an index lookup may return a clause that unification then rejects; it
    never misses one.
    """
    t = type(term)
    if t is Var:
        return None
    if t is Struct:
        assert isinstance(term, Struct)
        return (term.name, len(term.args))
    return term


class Predicate:
    """The clauses of one predicate in order, indexed on every argument.

    Parameters
    ----------
    name, arity
        The predicate's functor.
    """

    __slots__ = ("_indexed", "_indexes", "arity", "clauses", "dynamic", "name", "positions")

    def __init__(self, name: str, arity: int) -> None:
        self.name = name
        self.arity = arity
        self.clauses: list[Clause] = []
        self.positions = PositionList()
        self.dynamic = False
        self._indexes: list[tuple[dict[object, list[int]], list[int]] | None] = [None] * arity
        self._indexed = False

    @property
    def indicator(self) -> Indicator:
        """``(name, arity)``."""
        return (self.name, self.arity)

    def __len__(self) -> int:
        return len(self.clauses)

    def add(self, clause: Clause, position: SourcePosition | None = None) -> None:
        """Append a clause (as ``assertz/1``); indexes are rebuilt on next use."""
        self.clauses.append(clause)
        self.positions.append(position)
        self.touch()

    def clear(self) -> None:
        """Remove every clause (a later file redefining the predicate, as SWI's consult does)."""
        self.clauses.clear()
        self.positions = PositionList()
        self.touch()

    def touch(self) -> None:
        """Note that the clauses changed: indexes are rebuilt and caches refreshed."""
        _modifications[0] += 1
        if self._indexed:
            self._indexes = [None] * self.arity
            self._indexed = False

    def index(self, position: int) -> tuple[dict[object, list[int]], list[int]]:
        """The index on argument ``position`` (0-based), built on first use.

        Returns
        -------
        (dict, list)
            key -> indices of the clauses whose argument is that key or a
            variable (in clause order), and the indices of the clauses whose
            argument is a variable (the answer for a key not in the dict).
        """
        built = self._indexes[position]
        if built is not None:
            return built
        by_key: dict[object, list[int]] = {}
        unbound: list[int] = []
        for number, clause in enumerate(self.clauses):
            head = clause.head
            assert isinstance(head, Struct)
            key = index_key(head.args[position])
            if key is None:
                unbound.append(number)
                for numbers in by_key.values():
                    numbers.append(number)
            else:
                same_key = by_key.get(key)
                if same_key is None:
                    same_key = by_key[key] = list(unbound)
                same_key.append(number)
        built = (by_key, unbound)
        self._indexes[position] = built
        self._indexed = True
        return built

    def candidates(self, keys: Sequence[object]) -> Sequence[int]:
        """Indices of the clauses that may match a call whose arguments have ``keys``.

        Parameters
        ----------
        keys
            One :func:`index_key` per argument (None where the argument is
            unbound).  The most selective bound argument decides.
        """
        best: Sequence[int] | None = None
        for position, key in enumerate(keys):
            if key is None:
                continue
            by_key, unbound = self.index(position)
            numbers = by_key.get(key, unbound)
            if best is None or len(numbers) < len(best):
                best = numbers
                if len(best) <= 1:
                    break
        return range(len(self.clauses)) if best is None else best

    @property
    def is_ground_facts(self) -> bool:
        """True when every clause is a ground fact."""
        return all(c.is_fact and c.is_ground for c in self.clauses)

    def rows(self) -> list[tuple[Term, ...]]:
        """The argument tuples of the facts (for set-at-a-time algorithms)."""
        result = []
        for clause in self.clauses:
            if clause.is_fact:
                head = clause.head
                result.append(head.args if isinstance(head, Struct) else ())
        return result


class KnowledgeBase:
    """Everything one or more knowledge-base files say; see the module docstring."""

    def __init__(self) -> None:
        self.predicates: dict[Indicator, Predicate] = {}
        self.examples: list[Example] = []
        self.modes: list[Mode] = []
        self.determinations: list[tuple[Indicator, Indicator]] = []
        self.settings: dict[str, Term] = {}
        self.setting_positions: dict[str, SourcePosition] = {}
        self.attributes: dict[str, list[str]] = {}
        self.domains: dict[str, list[Term] | str] = {}
        self.tabled: set[Indicator] = set()
        #: Answer subsumption (``:- table path(_, _, min).``): the mode of each argument,
        #: ``index`` or ``min``, ``max``, ``sum``, ``first``, ``last``, ``lattice(PI)``.
        self.table_modes: dict[Indicator, tuple[Term, ...]] = {}
        self.probabilistic: list[ProbabilisticClause] = []
        self.evidence: list[tuple[Term, bool]] = []
        self.queries: list[Term] = []
        self.directives: list[tuple[Term, SourcePosition | None]] = []
        #: The goals of directives that are not declarations (``:- write(hi).``), in order,
        #: then those of ``:- initialization(G).``: a program run (``symlearn query``)
        #: runs them first, as SWI-Prolog runs them when it loads the files.
        self.goals: list[tuple[Term, SourcePosition | None]] = []
        self.initialization: list[tuple[Term, SourcePosition | None]] = []
        self.sources: list[str] = []
        #: Extra declarations that directives registered by other modules record.
        self.declarations: dict[str, list[object]] = {}
        #: ``FILE:LINE:COLUMN: warning: ...`` lines about what was read but not honoured.
        self.warnings: list[str] = []
        #: The predicates whose facts live outside (``:- external(...)``), by indicator.
        self.external: dict[Indicator, ExternalRelation] = {}
        #: The backend that answers calls of external predicates (set when one is opened).
        self.external_facts: ExternalFacts | None = None
        #: The operator table the files left (``:- op/3``); the engine's ``op/3`` changes it.
        self.operators: Operators = STANDARD.copy()
        #: Prolog flags the files set (``:- set_prolog_flag/2``); the others have their default.
        self.flags: dict[str, Term] = {}

    # -- clauses
    def predicate(self, name: str, arity: int) -> Predicate:
        """The predicate ``name/arity`` (created empty if it has no clauses yet)."""
        key = (name, arity)
        predicate = self.predicates.get(key)
        if predicate is None:
            predicate = self.predicates[key] = Predicate(name, arity)
        return predicate

    def defines(self, name: str, arity: int) -> bool:
        """True when ``name/arity`` has clauses or is declared dynamic."""
        predicate = self.predicates.get((name, arity))
        return predicate is not None and (bool(predicate.clauses) or predicate.dynamic)

    def add_clause(self, clause: Clause, position: SourcePosition | None = None) -> None:
        """Append ``clause`` to its predicate."""
        name, arity = clause.functor
        self.predicate(name, arity).add(clause, position)

    def add_fact(self, atom: Term) -> None:
        """Append the fact ``atom``."""
        self.add_clause(Clause(atom))

    def clauses(self, name: str | None = None, arity: int | None = None) -> Iterator[Clause]:
        """All clauses, or those of ``name/arity``, in order."""
        if name is not None and arity is not None:
            predicate = self.predicates.get((name, arity))
            if predicate is not None:
                yield from predicate.clauses
            return
        for predicate in self.predicates.values():
            yield from predicate.clauses

    @property
    def facts_count(self) -> int:
        """How many clauses are facts."""
        return sum(1 for c in self.clauses() if c.is_fact)

    @property
    def rules_count(self) -> int:
        """How many clauses are rules."""
        return sum(1 for c in self.clauses() if not c.is_fact)

    # -- examples
    def examples_of(
        self, name: str, arity: int, kinds: Iterable[str] | None = None
    ) -> list[Example]:
        """The examples whose atom is ``name/arity``, optionally of some kinds only."""
        wanted = set(kinds) if kinds is not None else None
        return [
            e
            for e in self.examples
            if e.indicator == (name, arity) and (wanted is None or e.kind in wanted)
        ]

    def positives(self, name: str, arity: int) -> list[Term]:
        """The atoms of the ``pos/1`` examples of ``name/arity``."""
        return [e.atom for e in self.examples_of(name, arity, ("pos",))]

    def negatives(self, name: str, arity: int) -> list[Term]:
        """The atoms of the ``neg/1`` examples of ``name/arity``."""
        return [e.atom for e in self.examples_of(name, arity, ("neg",))]

    def targets(self) -> list[Indicator]:
        """The predicates that have examples, in order of first appearance."""
        seen: dict[Indicator, None] = {}
        for example in self.examples:
            seen.setdefault(example.indicator, None)
        return list(seen)

    # -- language bias and settings
    def setting(self, name: str, default: Term | None = None) -> Term | None:
        """The value of ``:- set(name, Value)``, or ``default``."""
        return self.settings.get(name, default)

    def head_modes(self, name: str | None = None, arity: int | None = None) -> list[Mode]:
        """The ``modeh`` declarations (of ``name/arity`` if given)."""
        return [
            m
            for m in self.modes
            if m.kind == "head" and (name is None or m.indicator == (name, arity))
        ]

    def body_modes(self) -> list[Mode]:
        """The ``modeb`` declarations."""
        return [m for m in self.modes if m.kind == "body"]

    def determinations_for(self, name: str, arity: int) -> list[Indicator]:
        """The body predicates ``determination/2`` allows for ``name/arity``."""
        return [body for head, body in self.determinations if head == (name, arity)]

    # -- summaries
    def summary(self) -> dict[str, int]:
        """Counts of what the knowledge base holds (what ``symlearn check`` prints)."""
        return {
            "facts": self.facts_count,
            "rules": self.rules_count,
            "predicates": sum(1 for p in self.predicates.values() if p.clauses),
            "examples": len(self.examples),
            "positive_examples": sum(1 for e in self.examples if e.kind == "pos"),
            "negative_examples": sum(1 for e in self.examples if e.kind == "neg"),
            "labelled_examples": sum(1 for e in self.examples if e.kind == "label"),
            "instances": sum(1 for e in self.examples if e.kind == "instance"),
            "unlabelled_examples": sum(1 for e in self.examples if e.kind == "unlabelled"),
            "modes": len(self.modes),
            "determinations": len(self.determinations),
            "probabilistic_clauses": len(self.probabilistic),
            "evidence": len(self.evidence),
            "queries": len(self.queries),
            "tabled": len(self.tabled),
            "external": len(self.external),
        }

    def __repr__(self) -> str:
        counts = self.summary()
        return (
            f"<KnowledgeBase {counts['facts']} facts, {counts['rules']} rules, "
            f"{counts['examples']} examples>"
        )
