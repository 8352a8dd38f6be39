"""Mode declarations derived from the data, for a task that declares none.

Progol and Aleph need modes; a file (or a Popper task without directions)
may give none.  :func:`derive_modes` states a language bias from the data,
the way a user would write it for a typed task:

* **types from the argument domains**: every argument place of a background
  predicate, and of the target (its examples), is a node; two places whose
  sets of constants meet get the same type (union-find), so ``parent/2``'s
  places and ``grandparent/2``'s share the type of people, while the
  numbers of ``age/2``'s second place are another type.  One type is named
  ``t``; several are ``t1``, ``t2``, ... in order of first appearance;
* **the head mode** ``modeh(1, target(+T1, ..., +Tn))`` from the examples:
  every argument is an input, as in a classification task;
* **body modes** for every background predicate (facts or rules, not the
  examples and not the predicates that call the target): one mode per
  argument place with ``+`` there and ``-`` elsewhere, recall ``*``
  (so each literal can be reached from any known term); a predicate of
  arity 0 is a plain goal;
* **recursion** only when asked (``recursion=True``; Progol asks when the
  file has ``:- set(recursion, true)``, Popper's ``enable_recursion`` or
  ``determination(T, T)`` for the target T): the target's own body modes
  are added like a background predicate's.  With determinations, Progol
  keeps only the body modes of the determined predicates.

The places of a predicate defined by rules get their constants from the
query engine's answers (bounded; when it cannot list them, the place takes
the type of the first of the target's places).

Functions
---------
derive_modes, argument_domains, with_derived_modes, undefined_mode_warnings

References
----------
Muggleton, S. (1995).  Inverse entailment and Progol (mode declarations and
types).  Srinivasan, A.  The Aleph manual (``modeh``/``modeb``,
types as unary predicates of the domain).

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads('''
... parent(ann, bob). parent(bob, carl). age(ann, 70). age(bob, 45).
... pos(grandparent(ann, carl)). neg(grandparent(bob, ann)).
... ''')
>>> [str(m) for m in derive_modes(kb, ("grandparent", 2))]  # doctest: +NORMALIZE_WHITESPACE
['modeh(1, grandparent(+t1, +t1))', 'modeb(*, parent(+t1, -t1))',
 'modeb(*, parent(-t1, +t1))', 'modeb(*, age(+t1, -t2))', 'modeb(*, age(-t1, +t2))']
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from symlearn.errors import SymlearnError
from symlearn.ilp.background import dependent_predicates, is_example_predicate
from symlearn.ilp.bottom import term_key
from symlearn.kb.knowledge_base import KnowledgeBase, Mode
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term, Var, is_ground

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = [
    "argument_domains",
    "derive_modes",
    "undefined_mode_warnings",
    "with_derived_modes",
]

Place = tuple[Indicator, int]


def _rows(kb: KnowledgeBase, indicator: Indicator, max_steps: int) -> list[tuple[Term, ...]]:
    predicate = kb.predicates[indicator]
    if predicate.is_ground_facts:
        return predicate.rows()
    goal = Struct(indicator[0], tuple(Var(f"_A{i}") for i in range(indicator[1])))
    try:
        from symlearn.engine.sld import Engine

        answers = Engine(kb, max_steps=max_steps, unknown="fail").findall(goal, goal)
    except SymlearnError:
        return []
    return [a.args for a in answers if type(a) is Struct and is_ground(a)]


def _background(kb: KnowledgeBase, target: Indicator) -> list[Indicator]:
    excluded = dependent_predicates(kb, target) | {target}
    return [
        indicator
        for indicator, predicate in kb.predicates.items()
        if (predicate.clauses or indicator in kb.external)
        and indicator not in excluded
        and not is_example_predicate(indicator)
    ]


def argument_domains(
    kb: KnowledgeBase, target: Indicator, *, max_steps: int = 200_000
) -> dict[Place, set[object]]:
    """The constants at each argument place of the target's examples and the background."""
    domains: dict[Place, set[object]] = {}
    examples = [*kb.positives(*target), *kb.negatives(*target)]
    for position in range(target[1]):
        domains[(target, position)] = {
            term_key(e.args[position]) for e in examples if type(e) is Struct
        }
    for indicator in _background(kb, target):
        rows = _rows(kb, indicator, max_steps)
        for position in range(indicator[1]):
            domains[(indicator, position)] = {term_key(row[position]) for row in rows}
    return domains


def _types(domains: dict[Place, set[object]], target: Indicator) -> dict[Place, str]:
    """One type per group of places whose constants meet (union-find over places)."""
    parent: dict[Place, Place] = {place: place for place in domains}

    def root(place: Place) -> Place:
        while parent[place] != place:
            parent[place] = parent[parent[place]]
            place = parent[place]
        return place

    owner: dict[object, Place] = {}
    for place, values in domains.items():
        for value in values:
            other = owner.setdefault(value, place)
            parent[root(place)] = root(other)
    fallback = (target, 0) if target[1] else None
    for place, values in domains.items():
        if not values and fallback is not None:
            parent[root(place)] = root(fallback)
    names: dict[Place, str] = {}
    for place in domains:
        names.setdefault(root(place), "")
    roots = list(names)
    for number, group in enumerate(roots, start=1):
        names[group] = "t" if len(roots) == 1 else f"t{number}"
    return {place: names[root(place)] for place in domains}


def _template(name: str, markers: Sequence[tuple[str, str]]) -> Term:
    args = tuple(Struct(marker, (type_name,)) for marker, type_name in markers)
    return Struct(name, args) if args else name


def derive_modes(
    kb: KnowledgeBase, target: Indicator, *, recursion: bool = False
) -> tuple[Mode, ...]:
    """The head and body modes of ``target`` derived from the data (see the module docstring)."""
    domains = argument_domains(kb, target)
    types = _types(domains, target)
    head = [("+", types[(target, i)]) for i in range(target[1])]
    modes = [Mode("head", 1, _template(target[0], head))]
    predicates = _background(kb, target) + ([target] if recursion else [])
    for indicator in predicates:
        name, arity = indicator
        place_types = [types[(indicator, i)] for i in range(arity)]
        if arity == 0:
            modes.append(Mode("body", 1, name))
            continue
        for position in range(arity):
            markers = [("+" if i == position else "-", t) for i, t in enumerate(place_types)]
            modes.append(Mode("body", None, _template(name, markers)))
    return tuple(modes)


def _determined_body_modes(kb: KnowledgeBase, target: Indicator) -> list[Mode]:
    allowed = set(kb.determinations_for(*target))
    return [m for m in kb.body_modes() if not allowed or m.indicator in allowed]


def undefined_mode_warnings(
    kb: KnowledgeBase, target: Indicator, engine: Callable[[], Engine]
) -> list[str]:
    """A warning for each body mode naming a predicate with no clauses that is not built in.

    Aleph goes on with such a mode (its literals never hold); so does Progol,
    and says so, with the mode's file, line and column.  ``engine`` gives the
    engine that tells built-ins (made only when a mode's predicate has no clauses).
    """
    warnings = []
    for mode in _determined_body_modes(kb, target):
        indicator = mode.indicator
        if indicator == target:
            continue
        predicate = kb.predicates.get(indicator)
        defined = (predicate is not None and predicate.clauses) or indicator in kb.external
        if not defined and not engine().is_builtin(*indicator):
            where = mode.position
            prefix = f"{where.path}:{where.line}:{where.column}: " if where else ""
            warnings.append(
                f"{prefix}warning: {mode} names {indicator[0]}/{indicator[1]}, "
                "which has no clauses: its literals never hold"
            )
    return warnings


def with_derived_modes(
    kb: KnowledgeBase, target: Indicator
) -> tuple[KnowledgeBase, tuple[Mode, ...]]:
    """A view of ``kb`` with the modes it lacks derived from the data (:mod:`derived_modes`).

    With determinations, only the determined predicates get body modes (and
    the target only when it determines itself).
    """
    allowed = set(kb.determinations_for(*target))
    recursion = target in allowed or any(
        kb.setting(k) == "true" for k in ("recursion", "enable_recursion")
    )
    modes = derive_modes(kb, target, recursion=recursion)
    added = tuple(
        m
        for m in modes
        if (m.kind == "head" and not kb.head_modes(*target))
        or (m.kind == "body" and not kb.body_modes() and (not allowed or m.indicator in allowed))
    )
    view = copy.copy(kb)
    view.modes = [*kb.modes, *added]
    return view, added
