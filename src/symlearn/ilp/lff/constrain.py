"""Constraints learnt from failures, and the clause patterns that state them.

When a hypothesis fails, learning from failures prunes every hypothesis the
failure tells it cannot be better (Cropper and Morel 2021, section 3.3):

* **generalisation** (the program covers a negative example, so does every
  more general program): every program containing all its rules;
* **specialisation** (the program covers no positive example, or covers
  positives already covered by a smaller program, or is consistent): every
  program whose rules are its rules with more literals, one for one;
* **redundancy** (a base case covering no positive example is useless as
  the only recursive clause's core): every program whose one recursive
  clause specialises it (Cropper and Morel 2021, section 4.4);
* **unsatisfiable body** (a set of body literals no binding satisfies in the
  background knowledge): every rule containing it, in any clause and under
  any naming of its variables;
* **banish** (a program tested, neither pruned way): the program itself.

Rules are sets of literals over numbered variables
(:mod:`~symlearn.ilp.lff.rules`), so "a clause containing rule R" means:
containing R's body literals under some one-to-one renaming of R's
body-only variables (:func:`body_renamings`); "exactly R" adds that the
clause has no other literal.  This module is independent of the solver:
:class:`~symlearn.ilp.lff.generate.Generator` turns the patterns into
nogoods.

Classes and functions
---------------------
Constraint, body_renamings, variable_maps, placed_maps, clause_placements
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from symlearn.ilp.lff.rules import Literal, Rule

__all__ = [
    "BANISH",
    "GENERALISATION",
    "REDUNDANCY",
    "SPECIALISATION",
    "UNSAT",
    "Constraint",
    "body_renamings",
    "clause_placements",
    "placed_maps",
    "variable_maps",
]

GENERALISATION = "generalisation"
SPECIALISATION = "specialisation"
REDUNDANCY = "redundancy"
UNSAT = "unsat"
BANISH = "banish"


@dataclass(frozen=True)
class Constraint:
    """What one failure prunes.

    Attributes
    ----------
    kind
        One of :data:`GENERALISATION`, :data:`SPECIALISATION`,
        :data:`REDUNDANCY`, :data:`UNSAT`, :data:`BANISH`.
    rules
        The program the constraint is about (for :data:`UNSAT`, one rule
        whose body is the unsatisfiable conjunction).
    min_size
        Prune only programs of at least this many literals (under noise a
        specialisation or generalisation may still pay for itself when it
        is small: Hocquette et al. 2024); None: every size.
    """

    kind: str
    rules: tuple[Rule, ...]
    min_size: int | None = None

    def __str__(self) -> str:
        bound = f" (size >= {self.min_size})" if self.min_size is not None else ""
        return f"{self.kind}{bound}: " + " ".join(str(r) for r in self.rules)


def body_renamings(rule: Rule, max_vars: int, *, exact: bool) -> Iterator[tuple[Literal, ...]]:
    """R's body under every one-to-one renaming of its body-only variables.

    With ``exact`` the renamings are the permutations of those variables
    (a clause that is exactly R numbers them in order, so uses the same
    numbers); otherwise any numbers from the head's arity to ``max_vars - 1``
    (a clause containing R may have more variables).

    Examples
    --------
    >>> r = Rule(Literal("f", (0,)), frozenset({Literal("q", (0, 1))}))
    >>> [b for b in body_renamings(r, 3, exact=False)]
    [(Literal(predicate='q', arguments=(0, 1)),), (Literal(predicate='q', arguments=(0, 2)),)]
    """
    fixed = rule.head.arity
    body = sorted(rule.body)
    free = sorted({v for b in body for v in b.arguments if v >= fixed})
    pool = range(fixed, fixed + len(free)) if exact else range(fixed, max_vars)
    for chosen in itertools.permutations(pool, len(free)):
        mapping = dict(zip(free, chosen))
        yield tuple(
            Literal(b.predicate, tuple(mapping.get(a, a) for a in b.arguments)) for b in body
        )


def variable_maps(literals: Sequence[Literal], max_vars: int) -> Iterator[tuple[Literal, ...]]:
    """The literals under every one-to-one renaming of all their variables into ``0..max_vars-1``.

    For an unsatisfiable conjunction: wherever its variables land in a
    clause (on head variables or not), it stays unsatisfiable.
    """
    variables = sorted({v for b in literals for v in b.arguments})
    for chosen in itertools.permutations(range(max_vars), len(variables)):
        mapping = dict(zip(variables, chosen))
        yield tuple(Literal(b.predicate, tuple(mapping[a] for a in b.arguments)) for b in literals)


def placed_maps(
    literals: Sequence[Literal], places: Callable[[str], Sequence[tuple[int, ...]]]
) -> Iterator[tuple[Literal, ...]]:
    """The renamings of :func:`variable_maps` that put every literal where it may stand.

    ``places(p)`` lists the argument tuples a literal of predicate ``p`` may
    take (in one clause: the solver's ``body_literal`` atoms).  The same
    renamings as :func:`variable_maps` keeping those whose literals all have
    a place, found literal by literal from the places (a join), so the
    renamings that fail early are never built: an unsatisfiable core of 4
    variables has 360 renamings into 6 variables, of which typing usually
    leaves a handful.

    Examples
    --------
    >>> q, r = Literal("q", (0, 1)), Literal("r", (1,))
    >>> places = {"q": [(0, 1), (0, 2), (1, 1)], "r": [(2,)]}.__getitem__
    >>> list(placed_maps([q, r], places))
    [(Literal(predicate='q', arguments=(0, 2)), Literal(predicate='r', arguments=(2,)))]
    """
    found: list[tuple[Literal, ...]] = []
    _place(list(literals), 0, {}, set(), places, found)
    yield from found


def _place(
    literals: list[Literal],
    at: int,
    mapping: dict[int, int],
    used: set[int],
    places: Callable[[str], Sequence[tuple[int, ...]]],
    found: list[tuple[Literal, ...]],
) -> None:
    """Extend ``mapping`` (one-to-one, onto ``used``) to the literals from ``at`` on."""
    if at == len(literals):
        found.append(
            tuple(Literal(b.predicate, tuple(mapping[a] for a in b.arguments)) for b in literals)
        )
        return
    literal = literals[at]
    for place in places(literal.predicate):
        if len(place) != len(literal.arguments):
            continue
        added: dict[int, int] = {}
        for variable, value in zip(literal.arguments, place):
            known = mapping.get(variable, added.get(variable))
            if known is None:
                if value in used or value in added.values():
                    break
                added[variable] = value
            elif known != value:
                break
        else:
            mapping.update(added)
            used.update(added.values())
            _place(literals, at + 1, mapping, used, places, found)
            for variable, value in added.items():
                del mapping[variable]
                used.discard(value)


def clause_placements(
    rules: Sequence[Rule], clauses: int, kind: str = GENERALISATION
) -> Iterator[tuple[int, ...]]:
    """The ways to put the rules in distinct clauses ``0 .. clauses-1``.

    Clause 0 is the one non-recursive clause of a generated program and every
    later clause is recursive, so a recursive rule never goes to clause 0.
    A specialisation or a banished program has exactly the rules' number of
    clauses, so the rules fill clauses ``0 .. len(rules)-1``.
    """
    if kind in (SPECIALISATION, BANISH):
        clauses = min(clauses, len(rules))
    for placement in itertools.permutations(range(clauses), len(rules)):
        if all(not (rule.recursive and at == 0) for rule, at in zip(rules, placement)):
            yield placement
