"""Explaining a failure: the smallest parts of a program that already fail.

When a program proves no positive example, some of its literals are usually
to blame on their own: in ``f(A) :- head(A,B), odd(B), even(B)`` the body
``odd(B), even(B)`` holds for no ``B`` at all.  Pruning the specialisations
of the smaller part prunes far more than pruning those of the whole program
(Cropper and Morel 2021, section 4.3.3, "explaining failures"; Popper
searches for such parts as unsatisfiable cores).  :func:`explain` looks for
them among the program's *generalisations by deletion*: the program with one
body literal left out of one rule (a rule keeps one literal, a recursive
rule its call of the target and one more):

* a part that is well formed (every rule connected to its head; with
  directions, its inputs bound in some order) and proves no positive
  example: its specialisations are pruned (Popper's redundancy constraint
  too, for a base case under recursion);
* for a one-rule part whose body no binding satisfies in the background
  knowledge (joined without the head), the smallest part of that body which
  still has no solution (found by deleting literals one at a time): every
  rule containing it, in any clause and under any naming of its variables,
  is pruned.

Only minimal parts are returned: a part whose own parts still fail is
replaced by them.  The number of parts tested is bounded (:data:`MAX_TESTS`),
and a search may share one set of the parts already explored between its
explanations (as Popper's explainer does): a part seen before was tested and,
when it failed, explained then, so it is neither tested nor searched again.

Functions
---------
explain, smallest_parts, unsatisfiable_core, connected, well_directed
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from symlearn.ilp.lff.constrain import SPECIALISATION, UNSAT, Constraint
from symlearn.ilp.lff.rules import (
    Directions,
    Literal,
    Program,
    Rule,
    canonical,
    head_inputs,
    is_ready,
    is_recursive,
)

__all__ = [
    "MAX_RECURSIVE_TESTS",
    "MAX_TESTS",
    "connected",
    "explain",
    "smallest_parts",
    "unsatisfiable_core",
    "well_directed",
]

#: The most parts one explanation tests (of a recursive program: each test evaluates a recursion).
MAX_TESTS = 32
MAX_RECURSIVE_TESTS = 8


def connected(rule: Rule) -> bool:
    """True when every body literal is linked to the head through shared variables."""
    reached = set(rule.head.arguments)
    left = set(rule.body)
    if not any(v in reached for b in left for v in b.arguments):
        return False
    while left:
        linked = {b for b in left if any(v in reached for v in b.arguments)}
        if not linked:
            return False
        for b in linked:
            reached.update(b.arguments)
        left -= linked
    return True


def well_directed(rule: Rule, directions: Directions) -> bool:
    """True when the body can be ordered so that each literal's inputs are bound."""
    if not directions:
        return True
    bound = head_inputs(rule.head, directions)
    left = set(rule.body)
    while left:
        ready = {b for b in left if is_ready(b, bound, directions)}
        if not ready:
            return False
        for b in ready:
            bound.update(b.arguments)
        left -= ready
    return True


def _parts(program: Program, directions: Directions) -> Iterator[Program]:
    """The well-formed generalisations of ``program`` by deleting one body literal."""
    for rule in sorted(program, key=lambda r: (r.recursive, sorted(r.body))):
        body = sorted(rule.body)
        head = rule.head
        for literal in body:
            if literal.predicate == head.predicate and literal.arity == head.arity:
                continue  # a recursive rule keeps its call
            rest = frozenset(b for b in body if b != literal)
            part = Rule(head, rest)
            if not rest or (rule.recursive and len(rest) < 2):
                continue
            if not (connected(part) and well_directed(part, directions)):
                continue
            yield frozenset(r for r in program if r != rule) | {part}


def _key(program: Program) -> frozenset[Rule]:
    return frozenset(canonical(r) for r in program)


def smallest_parts(
    program: Program,
    holds: Callable[[Program], bool],
    directions: Directions,
    budget: int = MAX_TESTS,
    seen: set[frozenset[Rule]] | None = None,
) -> list[Program]:
    """The smallest parts of ``program`` (by deleting body literals) for which ``holds`` holds.

    ``holds`` must hold of ``program`` and be inherited by generalisation's
    opposite (if it holds of a part, it holds of what contains the part):
    a part is returned when it holds and none of its own parts does.  At most
    ``budget`` parts are tested.  ``seen`` (the parts already tested, up to
    renaming) is skipped and added to.
    """
    if seen is None:
        seen = set()
    seen.add(_key(program))
    left = [budget]
    return _smallest(program, holds, directions, seen, left)


def _smallest(
    program: Program,
    holds: Callable[[Program], bool],
    directions: Directions,
    seen: set[frozenset[Rule]],
    budget: list[int],
) -> list[Program]:
    smaller: list[Program] = []
    for part in _parts(program, directions):
        key = _key(part)
        if key in seen or budget[0] <= 0:
            continue
        seen.add(key)
        budget[0] -= 1
        if holds(part):
            smaller += _smallest(part, holds, directions, seen, budget)
    return smaller or [program]


def explain(
    program: Program,
    proves_positive: Callable[[Program], bool],
    body_satisfiable: Callable[[tuple[Literal, ...]], bool | None],
    directions: Directions,
    explored: set[frozenset[Rule]] | None = None,
) -> list[Constraint]:
    """The constraints of the smallest failing parts of ``program`` (which proves no positive).

    Parameters
    ----------
    program
        A program that proves no positive example.
    proves_positive
        Whether a program proves some positive example.
    body_satisfiable
        Whether a conjunction has a solution in the background knowledge
        (None: cannot tell).
    directions
        The bias's directions.
    explored
        The parts earlier explanations explored (see :func:`smallest_parts`'s ``seen``).

    Returns
    -------
    list of Constraint
        :data:`~symlearn.ilp.lff.constrain.UNSAT` constraints for
        unsatisfiable bodies and
        :data:`~symlearn.ilp.lff.constrain.SPECIALISATION` constraints for
        failing parts; empty when no proper part fails.
    """
    whole = _key(program)
    found: dict[Constraint, None] = {}
    budget = MAX_RECURSIVE_TESTS if is_recursive(program) else MAX_TESTS
    failing = smallest_parts(
        program, lambda p: not proves_positive(p), directions, budget, explored
    )
    for part in failing:
        rules = tuple(sorted(part, key=lambda r: (r.recursive, sorted(r.body))))
        if len(rules) == 1 and not rules[0].recursive:
            core = unsatisfiable_core(tuple(sorted(rules[0].body)), body_satisfiable)
            if core is not None:
                found[Constraint(UNSAT, (Rule(rules[0].head, frozenset(core)),))] = None
                continue
        if _key(part) != whole:
            found[Constraint(SPECIALISATION, rules)] = None
    return list(found)


def unsatisfiable_core(
    body: tuple[Literal, ...], satisfiable: Callable[[tuple[Literal, ...]], bool | None]
) -> tuple[Literal, ...] | None:
    """A smallest-by-deletion part of ``body`` no binding satisfies, or None if it is satisfiable.

    Each literal is dropped in turn and stays dropped when what is left is
    still unsatisfiable (a minimal unsatisfiable subset, found by deletion).
    """
    if satisfiable(body) is not False:
        return None
    core = list(body)
    for literal in list(core):
        rest = tuple(b for b in core if b != literal)
        if rest and satisfiable(rest) is False:
            core = list(rest)
    return tuple(core)
