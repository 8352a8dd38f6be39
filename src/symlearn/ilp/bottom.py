"""The bottom clause (most specific clause) of an example, from mode declarations.

Progol's inverse entailment (Muggleton 1995, section 6) builds, for a positive
example e, the most specific clause ⊥e within the language the modes allow
such that B ∧ ⊥e entails e, and then searches the clauses that θ-subsume ⊥e.
⊥e is built as Aleph's ``sat/1`` does:

1. A head mode ``modeh(R, p(...))`` of the example's predicate turns the
   example into the head: the terms at ``+type`` and ``-type`` places become
   variables (one per distinct term), ``#type`` places keep their constant.
   The terms at ``+`` places are the *known terms* (with their types).
2. For each layer 1..i (the setting ``i``, *variable depth*), every body mode
   ``modeb(Recall, q(...))`` allowed for the target (``determination/2``) is
   called with each choice of known terms of the right types at its ``+``
   places (terms known *before* the layer), with fresh variables at its
   ``-`` and ``#`` places.  Up to ``Recall`` answers (all for ``*``) are
   taken; each gives a body literal, whose ``-`` terms become known terms
   for the next layer and whose ``#`` terms stay constants.
3. Terms are replaced by their variables; duplicate literals are dropped.

Calls of predicates given by ground facts are answered from the sorted fact
tables of :class:`~symlearn.ilp.coverage.Coverage` (one binary search per
call); other calls by the query engine over the background knowledge (the
target's own clauses set aside) with proof depth ``h``, skipping a call
that exceeds it.  Either way the answers come in Prolog's order.

Functions and classes
---------------------
bottom_clause, BottomClause, BottomLiteral

References
----------
Muggleton, S. (1995).  Inverse entailment and Progol.  New Generation
Computing 13.  Srinivasan, A.  The Aleph manual (``sat/1``, settings ``i``,
``depth``).  Mode declarations, recall and the variable depth i are those of
Muggleton (1995).

Examples
--------
>>> from symlearn.kb import loads, parse_term
>>> from symlearn.ilp.task import RelationalTask
>>> kb = loads('''
... parent(ann, bob). parent(bob, carl). female(ann).
... :- modeh(1, grandparent(+person, +person)).
... :- modeb(*, parent(+person, -person)).
... :- modeb(1, female(+person)).
... ''')
>>> task = RelationalTask.from_kb(kb, ("grandparent", 2))
>>> bottom = bottom_clause(task, parse_term("grandparent(ann, carl)"), depth=2)
>>> print(bottom.clause)
grandparent(A, B) :-
    parent(A, C),
    female(A),
    parent(C, B).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from symlearn.errors import EngineLimitError, InvalidParameterError, PrologError
from symlearn.ilp.coverage import Coverage
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.modes import Mode
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, is_ground
from symlearn.logic.unify import match, substitute, unify

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine
    from symlearn.ilp.task import RelationalTask

#: Relations of at most this many facts are read through a dictionary while saturating.
SMALL_RELATION = 4096

__all__ = [
    "BottomClause",
    "BottomLiteral",
    "Place",
    "at_path",
    "bottom_clause",
    "connected_modes",
    "fill",
    "mode_places",
    "term_key",
]


def term_key(term: Term) -> object:
    """A dictionary key for a ground term that tells 1 from 1.0."""
    if type(term) is int or type(term) is float:
        return (type(term), term)
    return term


@dataclass(frozen=True, slots=True)
class BottomLiteral:
    """A body literal of a bottom clause.

    Attributes
    ----------
    atom
        The literal, with variables for the terms at ``+``/``-`` places.
    inputs
        Its variables at ``+`` places (they must be bound before it is called).
    outputs
        Its variables at ``-`` places.
    layer
        The layer (1..i) that added it.
    mode
        The body mode it was made from.
    """

    atom: Term
    inputs: tuple[Var, ...]
    outputs: tuple[Var, ...]
    layer: int
    mode: Mode | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return format_term(self.atom, max_priority=999)


@dataclass(frozen=True)
class BottomClause:
    """The most specific clause of one example.

    Attributes
    ----------
    example
        The example it was built from.
    head
        The head, with variables for the ``+``/``-`` terms.
    inputs
        The head's ``+`` variables.
    outputs
        The head's ``-`` variables (a learnt clause must bind them).
    body
        The body literals, layer by layer.
    constants
        Each variable's ground term in the example's derivation.
    """

    example: Term
    head: Term
    inputs: tuple[Var, ...]
    outputs: tuple[Var, ...]
    body: tuple[BottomLiteral, ...]
    constants: dict[Var, Term]

    @property
    def clause(self) -> Clause:
        """⊥e as a definite clause."""
        return Clause(self.head, [lit.atom for lit in self.body])

    def __len__(self) -> int:
        """The number of body literals."""
        return len(self.body)

    def to_dict(self) -> dict[str, object]:
        """JSON form: the clause text, its size and the number of layers."""
        return {
            "example": format_term(self.example, max_priority=999),
            "clause": str(self.clause),
            "literals": len(self.body),
            "layers": max((lit.layer for lit in self.body), default=0),
        }


Path = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Place:
    """A place marker of a mode template: where it is, ``+``/``-``/``#`` and its type."""

    path: Path
    kind: str
    type_name: str


@functools.lru_cache(maxsize=4096)
def mode_places(template: Term) -> tuple[Place, ...]:
    """The place markers of a mode template, at any depth, in left-to-right order.

    Aleph allows markers inside terms, e.g. ``modeb(1, (+list) = [-any|-list])``.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> [(p.path, p.kind, p.type_name) for p in mode_places(parse_term("(+list) = [-any|-list]"))]
    [((0,), '+', 'list'), ((1, 0), '-', 'any'), ((1, 1), '-', 'list')]
    """
    found: list[Place] = []

    def walk(term: Term, path: Path) -> None:
        if type(term) is not Struct:
            return
        if term.name in ("+", "-", "#") and len(term.args) == 1:
            found.append(Place(path, term.name, format_term(term.args[0])))
            return
        for i, arg in enumerate(term.args):
            walk(arg, (*path, i))

    walk(template, ())
    return tuple(found)


def fill(template: Term, places: Sequence[Place], values: Sequence[Term]) -> Term:
    """The template with each place replaced by its value."""
    by_path = {p.path: v for p, v in zip(places, values)}

    def build(term: Term, path: Path) -> Term:
        if path in by_path:
            return by_path[path]
        if type(term) is not Struct:
            return term
        return Struct(term.name, tuple(build(a, (*path, i)) for i, a in enumerate(term.args)))

    return build(template, ())


def at_path(term: Term, path: Path) -> Term | None:
    """The subterm of ``term`` at ``path`` (None when the term has no such place)."""
    for i in path:
        if type(term) is not Struct or i >= len(term.args):
            return None
        term = term.args[i]
    return term


def _place_values(template: Term, places: Sequence[Place], atom: Term) -> list[Term] | None:
    """The terms of ``atom`` at the places, when ``atom`` has the template's shape, else None."""
    holes = [Var(f"_P{i}") for i in range(len(places))]
    pattern = fill(template, places, holes)
    subst = match(pattern, atom)
    if subst is None:
        return None
    return [subst.get(h, h) for h in holes]


def connected_modes(modes: Iterable[Mode]) -> list[Mode]:
    """The body modes, a mode without ``+`` place made into one mode per place as ``+``.

    A mode with only ``-``/``#`` places (Popper's bias without directions)
    would call its predicate with every argument free and put all its facts
    into ⊥e, none of them linked to the head.  A literal of a clause must
    share a variable with the literals before it (Popper's rules are
    connected; Progol's literals take their inputs from earlier ones), so
    each of its places in turn is taken as the input.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> kb = loads(":- modeb(*, has_car(-train, -car)). :- modeb(1, short(+car)).")
    >>> [str(m) for m in connected_modes(kb.modes)]
    ['modeb(*, has_car(+train, -car))', 'modeb(*, has_car(-train, +car))', 'modeb(1, short(+car))']
    """
    found: list[Mode] = []
    for mode in modes:
        places = mode_places(mode.template)
        if any(p.kind == "+" for p in places) or not any(p.kind == "-" for p in places):
            found.append(mode)
            continue
        markers = [at_path(mode.template, p.path) for p in places]
        for i, place in enumerate(places):
            if place.kind != "-":
                continue
            marker = markers[i]
            assert isinstance(marker, Struct)
            changed = [Struct("+", marker.args) if j == i else m for j, m in enumerate(markers)]
            template = fill(mode.template, places, changed)  # type: ignore[arg-type]
            found.append(Mode(mode.kind, mode.recall, template, mode.position))
    return found


def _head_mode(modes: Sequence[Mode], example: Term) -> tuple[Mode, list[Term]]:
    for mode in modes:
        places = mode_places(mode.template)
        values = _place_values(mode.template, places, example)
        if values is not None:
            return mode, values
    raise InvalidParameterError(
        f"no modeh declaration matches the example {format_term(example, max_priority=999)}"
    )


class _Builder:
    def __init__(
        self,
        engine: Callable[[], Engine],
        body_modes: Sequence[Mode],
        max_recall: int | None,
        max_literals: int | None,
        coverage: Coverage | None,
        target: Indicator,
        examples: Sequence[Term],
        seed: Term,
    ) -> None:
        self.engine = engine
        self.coverage = coverage
        self.body_modes = [(mode, mode_places(mode.template)) for mode in body_modes]
        #: modes whose places are the arguments (no marker inside a term): an atom is
        #: the name and the values
        self.flat = {
            id(mode): type(mode.template) is Struct
            and len(places) == len(mode.template.args)
            and all(len(p.path) == 1 for p in places)
            for mode, places in self.body_modes
        }
        self.max_recall = max_recall
        self.max_literals = max_literals
        self.target = target
        self.examples = [e for e in examples if e != seed]
        self._target_index: dict[tuple[int, ...], dict[tuple[object, ...], list[tuple[Term, ...]]]]
        self._target_index = {}
        self.seed = seed
        self.head: Term | None = None
        self.variables: dict[tuple[object, str], Var] = {}
        self.constants: dict[Var, Term] = {}
        self.by_type: dict[str, dict[object, Term]] = {}
        self.literals: dict[Term, BottomLiteral] = {}
        #: the literals of modes whose places are the arguments: (predicate, variables/constants)
        self._flat_keys: set[tuple[object, ...]] = set()

    def variable(self, term: Term, type_name: str) -> Var:
        """The variable of ``term`` as a ``type_name`` (one per term and type; Muggleton 1995)."""
        key = (term_key(term), type_name)
        var = self.variables.get(key)
        if var is None:
            var = self.variables[key] = Var(f"V{len(self.variables)}")
            self.constants[var] = term
        return var

    def know(self, term: Term, type_name: str, fresh: dict[str, dict[object, Term]]) -> None:
        if term_key(term) not in self.by_type.get(type_name, {}):
            fresh.setdefault(type_name, {})[term_key(term)] = term

    def layer(self, number: int) -> None:
        """Add the literals of one layer, using only terms known before it."""
        known = {t: dict(terms) for t, terms in self.by_type.items()}
        fresh: dict[str, dict[object, Term]] = {}
        for mode, places in self.body_modes:
            choices = [
                list(known.get(p.type_name, {}).values()) if p.kind == "+" else [None]
                for p in places
            ]
            for inputs in itertools.product(*choices):
                self.call(mode, places, inputs, number, fresh)
                if self.full():
                    return
        for type_name, terms in fresh.items():
            self.by_type.setdefault(type_name, {}).update(terms)

    def answers(
        self, mode: Mode, places: Sequence[Place], goal: Term, args: list[Term], recall: int | None
    ) -> list[list[Term]]:
        """The values at the places of up to ``recall`` answers of ``goal``, in Prolog's order.

        A call of the target is answered by the positive examples other than
        the seed (as Aleph's saturation does for recursive definitions).
        """
        indicator = mode.indicator
        if indicator == self.target:
            found: list[list[Term]] = []
            if not places:
                return found
            if len(places) == indicator[1] and all(len(p.path) == 1 for p in places):
                return self._target_answers(places, args, recall)
            holes = [Var(f"_P{i}") for i in range(len(places))]
            pattern = fill(goal, places, holes)  # once per call, not per example
            for example in self.examples:
                if match(goal, example) is None:
                    continue
                subst = match(pattern, example)
                if subst is None:
                    continue
                found.append([subst.get(h, h) for h in holes])
                if recall is not None and len(found) >= recall:
                    break
            return found
        flat = all(len(p.path) == 1 for p in places) and len(places) == indicator[1]
        relation = (
            self.coverage.relation(indicator) if self.coverage is not None and flat else None
        )
        if relation is not None and all(type(a) is not Struct for a in args):
            assert self.coverage is not None
            symbols = self.coverage.symbols
            bound = tuple(i for i, a in enumerate(args) if type(a) is not Var)
            codes = [symbols.find(args[i]) for i in bound]
            if any(code < 0 for code in codes):
                return []
            if len(relation) <= SMALL_RELATION:
                found = self.coverage.decoded_index(relation, bound).get(tuple(codes), [])
                return found if recall is None else found[:recall]
            index = relation.index(bound)
            lo, counts = index.lookup([np.array([code], dtype=np.int64) for code in codes])
            rows = index.order[int(lo[0]) : int(lo[0]) + int(counts[0])]
            rows = np.sort(rows)[:recall]
            return [symbols.decode(relation.rows[row]) for row in rows]
        if indicator == ("=", 2) and type(goal) is Struct:  # unified here, as the engine would
            subst = unify(goal.args[0], goal.args[1])
            solutions = [] if subst is None or recall == 0 else [subst]
        else:
            try:
                solutions = list(self.engine().solve(goal, limit=recall))
            except (EngineLimitError, PrologError):
                return []
        return [
            [substitute(a, solution) if type(a) is Var else a for a in args]
            for solution in solutions
        ]

    def _target_answers(
        self, places: Sequence[Place], args: list[Term], recall: int | None
    ) -> list[list[Term]]:
        """:meth:`answers` for a call of the target whose places are its arguments.

        The examples are indexed once per set of bound argument positions;
        an example answers when it equals the call at those positions.
        """
        bound = tuple(i for i, a in enumerate(args) if type(a) is not Var)
        index = self._target_index.get(bound)
        if index is None:
            index = self._target_index[bound] = {}
            for example in self.examples:
                values = example.args if type(example) is Struct else ()
                key = tuple(term_key(values[i]) for i in bound)
                index.setdefault(key, []).append(values)
        matching = index.get(tuple(term_key(args[i]) for i in bound), [])
        positions = [p.path[0] for p in places]
        found = [[values[i] for i in positions] for values in matching]
        return found if recall is None else found[:recall]

    def full(self) -> bool:
        return self.max_literals is not None and len(self.literals) >= self.max_literals

    def call(
        self,
        mode: Mode,
        places: Sequence[Place],
        inputs: Sequence[Term | None],
        number: int,
        fresh: dict[str, dict[object, Term]],
    ) -> None:
        args: list[Term] = [
            Var(f"_O{i}") if value is None else value for i, value in enumerate(inputs)
        ]
        template, indicator = mode.template, mode.indicator
        flat = self.flat[id(mode)]
        goal = Struct(template.name, tuple(args)) if flat else fill(template, places, args)  # type: ignore[union-attr]
        recall = mode.recall
        if self.max_recall is not None:
            recall = self.max_recall if recall is None else min(recall, self.max_recall)
        for values in self.answers(mode, places, goal, args, recall):
            if any(not is_ground(v) for v in values):
                continue  # a non-ground answer cannot become a literal of ⊥e
            pattern: list[Term] = []
            in_vars: list[Var] = []
            out_vars: list[Var] = []
            for place, value in zip(places, values):
                if place.kind == "#":
                    pattern.append(value)
                    continue
                var = self.variable(value, place.type_name)
                pattern.append(var)
                if place.kind == "+":
                    in_vars.append(var)
                else:
                    out_vars.append(var)
                    self.know(value, place.type_name, fresh)
            if flat:  # variables compare by identity, constants by term_key (1 \== 1.0)
                key = (indicator, *(p if type(p) is Var else term_key(p) for p in pattern))
                if key in self._flat_keys:
                    continue
                self._flat_keys.add(key)
                atom: Term = Struct(template.name, tuple(pattern))  # type: ignore[union-attr]
            else:
                atom = fill(template, places, pattern)
            if atom in self.literals or (indicator == self.target and atom == self.head):
                continue  # a literal equal to the head makes the clause a tautology
            self.literals[atom] = BottomLiteral(
                atom, tuple(dict.fromkeys(in_vars)), tuple(dict.fromkeys(out_vars)), number, mode
            )
            if self.full():
                return


def bottom_clause(
    task: RelationalTask,
    example: Term,
    *,
    depth: int = 2,
    proof_depth: int = 30,
    max_steps: int | None = 100_000,
    max_recall: int | None = None,
    max_literals: int | None = None,
    coverage: Coverage | None = None,
    body_predicates: Iterable[Indicator] | None = None,
) -> BottomClause:
    """Build ⊥e, the most specific clause of ``example`` allowed by the modes.

    Parameters
    ----------
    task
        The task: its language bias (the modes), its background (the
        target's clauses set aside) and its positive examples.
    example
        A ground positive example of the task's target.
    depth
        Variable depth ``i``: how many layers of body literals.
    proof_depth
        Proof depth ``h`` of the engine's calls.
    max_steps
        Most engine calls per body-mode call (Progol's resolution bound ``r``).
    max_recall
        Cap on every mode's recall (``*`` means all answers otherwise).
    max_literals
        Stop adding literals at this many (None: no bound).
    coverage
        A :class:`~symlearn.ilp.coverage.Coverage` for the target to reuse: its
        fact tables answer calls of predicates given by ground facts, and its
        engine the other calls (the task makes one when None).
    body_predicates
        The predicates allowed in the body (default: ``determination/2`` for the
        target, or every body mode when there is none).

    Raises
    ------
    InvalidParameterError
        When no head mode matches the example.
    """
    target = task.target
    bias = task.bias
    head_mode, head_values = _head_mode(bias.head_modes, example)
    if body_predicates is None:
        allowed = set(bias.determinations)
    else:
        allowed = set(body_predicates)
    modes = connected_modes(m for m in bias.body_modes if not allowed or m.indicator in allowed)
    if coverage is None:
        coverage = task.coverage(max_depth=proof_depth, max_steps=max_steps)
    examples = task.positives if any(m.indicator == target for m in modes) else []
    builder = _Builder(
        lambda: coverage.engine,
        modes,
        max_recall,
        max_literals,
        coverage,
        target,
        examples,
        example,
    )
    places = mode_places(head_mode.template)
    head_args: list[Term] = []
    inputs: list[Var] = []
    outputs: list[Var] = []
    start: dict[str, dict[object, Term]] = {}
    for place, value in zip(places, head_values):
        if place.kind == "#":
            head_args.append(value)
            continue
        var = builder.variable(value, place.type_name)
        head_args.append(var)
        if place.kind == "+":
            inputs.append(var)
            start.setdefault(place.type_name, {})[term_key(value)] = value
        else:
            outputs.append(var)
    head = fill(head_mode.template, places, head_args)
    builder.head = head
    builder.by_type = start
    for number in range(1, depth + 1):
        builder.layer(number)
        if builder.full():
            break
    return BottomClause(
        example,
        head,
        tuple(dict.fromkeys(inputs)),
        tuple(dict.fromkeys(outputs)),
        tuple(builder.literals.values()),
        dict(builder.constants),
    )
