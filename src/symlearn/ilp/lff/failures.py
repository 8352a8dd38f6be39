"""What a tested program's outcome prunes: the constrain step's decisions.

Given a program and what it proves, :func:`noiseless_constraints` decides
(Cropper and Morel 2021, section 3.3 and 4.4; Cropper and Hocquette 2023,
section 4 for the combine step):

* it proves a negative example (*inconsistent*): prune its generalisations;
* it proves no positive example: prune its specialisations, and explain the
  failure (:func:`~symlearn.ilp.lff.explain.explain`) to prune those of its
  smallest failing parts.  With recursion a base case that proves nothing
  may still end a recursion, so only what cannot (a redundant recursive
  clause, an unsatisfiable body) is pruned beyond the program's own
  specialisations;
* it proves positives and no negative (*consistent*): its specialisations
  prove fewer positives with more literals, so they are pruned; it is
  collected for the combine step unless a program already collected (no
  larger) proves every positive it proves, in which case the smallest part
  of it that is still so subsumed has its specialisations pruned too
  (:func:`subsumed_parts`); an inconsistent program is likewise pruned once
  a collected program proves all its positives;
* it proves every positive and no negative: it is a solution;
* once a solution is known, a program too large to be joined with another
  into a smaller one (:func:`_too_large_to_share`) and not complete prunes
  its specialisations.

A program with invented predicates (:mod:`~symlearn.ilp.lff.invention`)
gets only the constraints on the program itself, as in Popper: its parts
may leave an invented predicate undefined, so its failure is not explained
part by part, and it is not collected for the combine step (two programs
would define the same invented predicate differently).

:func:`noisy_constraints` makes the decisions of Hocquette et al. (2024) for
the minimum description length ``size + false negatives + false
positives``: a program can be part of a better hypothesis only when it
proves more positives than it has literals and proves fewer negatives than
the positives it gains; specialisations and generalisations are pruned only
when no specialisation (generalisation) can lower the cost.

Classes and functions
---------------------
Verdict, SearchState, noiseless_constraints, noisy_constraints
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from symlearn.ilp.lff.bias import Bias
from symlearn.ilp.lff.constrain import (
    BANISH,
    GENERALISATION,
    REDUNDANCY,
    SPECIALISATION,
    UNSAT,
    Constraint,
)
from symlearn.ilp.lff.explain import MAX_RECURSIVE_TESTS, MAX_TESTS, explain, smallest_parts
from symlearn.ilp.lff.invention import has_invention
from symlearn.ilp.lff.rules import Literal, Program, Rule, is_recursive, program_size
from symlearn.ilp.lff.tester import Outcome, Tester

__all__ = [
    "SearchState",
    "Verdict",
    "noiseless_constraints",
    "noisy_constraints",
    "subsumed_parts",
]


@dataclass
class Verdict:
    """The constrain step's decision on one program.

    Attributes
    ----------
    constraints
        What to prune.
    collect
        Collect the program for the combine step.
    solution
        The program solves the task on its own.
    prune_from
        Prune every program of this size or more (None: no such bound).
    """

    constraints: list[Constraint] = field(default_factory=list)
    collect: bool = False
    solution: bool = False
    prune_from: int | None = None


class SearchState(Protocol):
    """What the decisions read of the search."""

    bias: Bias
    tester: Tester
    all_positives: int
    n_pos: int
    n_neg: int
    #: (positives, size) of the consistent non-recursive programs collected so far
    collected: list[tuple[int, int]]
    #: the parts of failing programs explained so far (up to renaming)
    explored: set[frozenset[Rule]]

    @property
    def bound(self) -> int | None:
        """The cost of the best solution so far (None: none yet)."""

    @property
    def best_cost(self) -> int | None:
        """The cost of the best program so far (under noise: at first the empty program's)."""


def _subsumed(positives: int, collected: list[tuple[int, int]]) -> bool:
    """True when a collected program proves every one of ``positives``."""
    return any(positives & ~other == 0 for other, _ in collected)


def _explained(state: SearchState, program: Program) -> list[Constraint]:
    """Constraints from the smallest failing parts of a program that proves no positive."""
    tester = state.tester
    target = next(iter(program)).head

    def proves_positive(part: Program) -> bool:
        return tester.test(part, negatives=False).positives != 0

    def satisfiable(literals: tuple[Literal, ...]) -> bool | None:
        if any(b.predicate == target.predicate for b in literals):
            return None  # the target has no definition to ask yet
        return tester.body_satisfiable(literals)

    found = explain(program, proves_positive, satisfiable, tester.directions, state.explored)
    if not state.bias.recursion:
        return found
    kept = []
    for constraint in found:
        kept.append(constraint)
        if constraint.kind == SPECIALISATION and len(constraint.rules) == 1:
            kept.append(Constraint(REDUNDANCY, constraint.rules))
    return kept


def noiseless_constraints(state: SearchState, program: Program, outcome: Outcome) -> Verdict:
    """What to prune after testing ``program`` without noise (see the module docstring)."""
    verdict = Verdict()
    positives = outcome.positives
    inconsistent = bool(outcome.negatives)
    rules = tuple(sorted(program, key=lambda r: (r.recursive, sorted(r.body))))
    if not inconsistent and positives == state.all_positives:
        verdict.solution = True
        return verdict
    if inconsistent:
        verdict.constraints.append(Constraint(GENERALISATION, rules))
    if _too_large_to_share(state, program_size(program)):
        verdict.constraints.append(Constraint(SPECIALISATION, rules))
        verdict.constraints += _incomplete_parts(state, program)
        return verdict
    if not positives:
        verdict.constraints.append(Constraint(SPECIALISATION, rules))
        if state.bias.recursion and len(rules) == 1 and not rules[0].recursive:
            verdict.constraints.append(Constraint(REDUNDANCY, rules))
        if not has_invention(program):
            verdict.constraints += _explained(state, program)
        return verdict
    if inconsistent:
        return verdict
    verdict.constraints.append(Constraint(SPECIALISATION, rules))
    if has_invention(program):
        return verdict
    recursive = is_recursive(program)
    if recursive or not _subsumed(positives, state.collected):
        verdict.collect = True
    else:
        verdict.constraints += subsumed_parts(state, program, [p for p, _ in state.collected])
    return verdict


def _too_large_to_share(state: SearchState, size: int) -> bool:
    """True when a program of ``size`` literals that is not complete cannot be in a better union.

    With a solution of ``bound`` literals known, a better one built from this
    program needs another program too (of two literals at least):
    ``size + 2 < bound``.  Otherwise this program and its specialisations
    (larger, proving no more) matter only if complete, which they are not.
    """
    return state.bound is not None and size + 2 >= state.bound


def _incomplete_parts(state: SearchState, program: Program) -> list[Constraint]:
    """Prune the large specialisations of the smallest parts of a rule that stay incomplete.

    With a solution of ``bound`` literals known, a program of ``bound - 2``
    literals or more is useful only if complete; a part that does not prove
    every positive has no complete specialisation, so its specialisations of
    that size or more are pruned (its smaller ones may still be joined).
    """
    if len(program) != 1 or is_recursive(program) or state.bound is None:
        return []
    tester = state.tester
    everything = state.all_positives

    def incomplete(part: Program) -> bool:
        return tester.test(part, negatives=False).positives != everything

    smallest = state.bound - 2
    found = []
    for part in smallest_parts(program, incomplete, tester.directions):
        if part != program:
            rules = tuple(sorted(part, key=lambda r: sorted(r.body)))
            found.append(Constraint(SPECIALISATION, rules, smallest))
    return found


def _weak_parts(state: SearchState, program: Program) -> list[Constraint]:
    """Under noise: specialisation constraints on the smallest parts proving few positives.

    A part that proves no more positives than its size has no
    specialisation that lowers the description length (Popper's explanation
    under noise: a part is "unsatisfiable" when it proves fewer positives
    than its size).  An unsatisfiable body, as without noise, prunes every
    rule containing it.
    """
    tester = state.tester

    def weak(part: Program) -> bool:
        return tester.test(part, negatives=False).tp <= program_size(part)

    found: list[Constraint] = []
    budget = MAX_RECURSIVE_TESTS if is_recursive(program) else MAX_TESTS
    for part in smallest_parts(program, weak, tester.directions, budget):
        if part == program:
            continue
        rules = tuple(sorted(part, key=lambda r: (r.recursive, sorted(r.body))))
        found.append(Constraint(SPECIALISATION, rules))
    if not state.bias.recursion and not tester.test(program, negatives=False).positives:
        found += [c for c in _explained(state, program) if c.kind == UNSAT]
    return found


def subsumed_parts(state: SearchState, program: Program, covers: list[int]) -> list[Constraint]:
    """Specialisation constraints on the smallest parts of a one-rule program still subsumed.

    A part (a generalisation) whose positives are all proved by a program
    already collected has specialisations that prove no more and are at
    least as large as that program (programs come smallest first): none
    belongs to a smallest union (Popper prunes them as "subsumed").
    """
    if len(program) != 1 or is_recursive(program):
        return []
    tester = state.tester

    def subsumed(part: Program) -> bool:
        positives = tester.test(part, negatives=False).positives
        return any(positives & ~other == 0 for other in covers)

    found = []
    for part in smallest_parts(program, subsumed, tester.directions):
        if part != program:
            rules = tuple(sorted(part, key=lambda r: sorted(r.body)))
            found.append(Constraint(SPECIALISATION, rules))
    return found


def noisy_constraints(state: SearchState, program: Program, outcome: Outcome) -> Verdict:
    """What to prune after testing ``program`` under noise (MDL; see the module docstring).

    With ``tp`` positives and ``fp`` negatives proved (``fn`` positives
    missed) by a program of ``size`` literals, and MDL the size plus the
    examples misclassified (Hocquette et al. 2024, section 4):

    * a specialisation S proves at most ``tp`` positives and at most ``fp``
      negatives.  Added to a hypothesis it gains at most ``tp`` positives for
      its literals, and in place of the program it loses at most ``fp``
      negatives for its extra literals, so it can lower the MDL only when it
      has fewer than ``min(tp, size + fp)`` literals: the larger ones are
      pruned (all of them when that bound is not above ``size``);
    * a generalisation (more clauses: under recursion) proves at least
      ``fp`` negatives and gains at most ``fn`` positives for its extra
      literals: those of ``size + fn`` literals or more are pruned (all of
      them when ``fn`` is 0); so does any hypothesis containing it, whose
      MDL is at least its size plus ``fp``: those of ``best - fp`` literals
      or more cannot beat the best MDL so far (Popper's ``num_pos - fp``,
      with the empty program's MDL as the first best) and are pruned;
    * a program is worth combining only when it proves more positives than
      its literals and the negatives it proves cost; the program itself is
      banished when no constraint above excludes it.
    """
    verdict = Verdict()
    size = program_size(program)
    tp, fp = outcome.tp, outcome.fp
    fn = state.n_pos - tp
    rules = tuple(sorted(program, key=lambda r: (r.recursive, sorted(r.body))))
    spec_bound = min(tp, size + fp)
    invented = has_invention(program)
    if spec_bound <= size:
        verdict.constraints.append(Constraint(SPECIALISATION, rules))
        if not invented:
            verdict.constraints += _weak_parts(state, program)
    else:
        verdict.constraints.append(Constraint(SPECIALISATION, rules, spec_bound))
    excluded = spec_bound <= size
    largest = (state.bias.max_body + 1) * state.bias.clauses
    gen_bound = size + fn
    if state.best_cost is not None:
        gen_bound = min(gen_bound, state.best_cost - fp)
    if gen_bound <= size:
        verdict.constraints.append(Constraint(GENERALISATION, rules))
        excluded = True
    elif (state.bias.recursion or state.bias.invention) and gen_bound <= largest:
        verdict.constraints.append(Constraint(GENERALISATION, rules, gen_bound))
    if not excluded:
        verdict.constraints.append(Constraint(BANISH, rules))
    if tp > size + fp and not invented:
        verdict.collect = True
    return verdict
