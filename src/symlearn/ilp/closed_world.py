"""Closed-world negative examples: the unlisted tuples of the target's typed argument domains.

Under the closed-world assumption (``:- set(closed_world, true)``) every
tuple of the target that is not a positive example is a negative one
(as in FOIL, Quinlan 1990, which takes every tuple of the target not given
as a positive example to be a negative one; Mitchell 1997, section 10.5).  The
tuples range over the *typed argument domains*: with mode declarations, the
constants of an argument's type are those that occur, in the facts and
examples, in any argument declared with that type; without modes every
argument ranges over every constant of the background facts and examples.

The number of tuples grows as the product of the domain sizes, so the
negatives are capped: when there are more unlisted tuples than the cap, a
uniform random sample of ``cap`` of them (fixed seed) is used, and
:class:`ClosedWorld` says so.

Functions
---------
closed_world_negatives, typed_domains

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.ilp.coverage import Coverage
>>> kb = loads("edge(a, b). edge(b, c). pos(path(a, b)). pos(path(b, c)). pos(path(a, c)).")
>>> world = closed_world_negatives(kb, ("path", 2), Coverage(kb, ("path", 2)), cap=100)
>>> world.universe, len(world.negatives), world.sampled
(9, 6, False)
>>> sorted(str(n) for n in world.negatives)[:3]
['path(a, a)', 'path(b, a)', 'path(b, b)']
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from symlearn.ilp.background import is_example_predicate
from symlearn.ilp.coverage import Coverage
from symlearn.ilp.language import LiteralMode
from symlearn.ilp.relations import distinct
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term

__all__ = ["ClosedWorld", "closed_world_negatives", "typed_domains"]


#: Default largest number of closed-world negatives.
DEFAULT_CAP = 10_000


@dataclass(frozen=True)
class ClosedWorld:
    """The negatives the closed-world assumption gives, and how they were chosen.

    Attributes
    ----------
    negatives
        The generated negative atoms.
    domain_sizes
        The number of constants each argument ranges over.
    universe
        The number of tuples (product of the domain sizes).
    unlisted
        How many tuples are not positive examples.
    cap
        The largest number of negatives allowed.
    sampled
        True when ``unlisted > cap`` and a random sample was taken.
    seed
        The sample's random seed.
    """

    negatives: tuple[Term, ...]
    domain_sizes: tuple[int, ...]
    universe: int
    unlisted: int
    cap: int
    sampled: bool
    seed: int = 0

    def to_dict(self) -> dict[str, object]:
        """JSON form (without the negatives themselves)."""
        return {
            "negatives": len(self.negatives),
            "domain_sizes": list(self.domain_sizes),
            "universe": self.universe,
            "unlisted": self.unlisted,
            "cap": self.cap,
            "sampled": self.sampled,
            "seed": self.seed,
        }

    def describe(self) -> str:
        """One line for people."""
        how = f"a random sample of {self.cap:,} (cap)" if self.sampled else "all of them"
        sizes = " x ".join(f"{s:,}" for s in self.domain_sizes)
        return (
            f"closed world: {self.unlisted:,} unlisted tuples of {sizes} = "
            f"{self.universe:,}; negatives: {how}"
        )


def _modes_by_type(kb: KnowledgeBase) -> dict[str, list[tuple[Indicator, int]]]:
    found: dict[str, list[tuple[Indicator, int]]] = {}
    for mode in kb.modes:
        template = LiteralMode.from_mode(mode)
        for position, argument in enumerate(template.arguments):
            if argument.type is not None:
                found.setdefault(argument.type, []).append((template.indicator, position))
    return found


def typed_domains(kb: KnowledgeBase, target: Indicator, coverage: Coverage) -> list[np.ndarray]:
    """The sorted constant codes (in ``coverage.symbols``) each target argument ranges over."""
    name, arity = target
    examples = [e.atom for e in kb.examples_of(name, arity)]
    head_modes = kb.head_modes(name, arity)
    by_type = _modes_by_type(kb)
    if head_modes and by_type:
        types = [a.type for a in LiteralMode.from_mode(head_modes[0]).arguments]
    else:
        types = [None] * arity
    untyped: np.ndarray | None = None
    domains: list[np.ndarray] = []
    for position, type_name in enumerate(types):
        if type_name is None:
            if untyped is None:
                untyped = _all_constants(kb, target, coverage, examples)
            domains.append(untyped)
            continue
        parts = []
        for indicator, where in by_type.get(type_name, []):
            column = coverage.column_codes(indicator, where) if indicator != target else None
            if column is not None:
                parts.append(column)
            if indicator == target:
                parts.append(_example_column(examples, where, coverage))
        parts.append(_example_column(examples, position, coverage))
        domains.append(distinct(np.concatenate(parts)))
    return domains


def _example_column(examples: list[Term], position: int, coverage: Coverage) -> np.ndarray:
    return coverage.symbols.encode([e.args[position] for e in examples if type(e) is Struct])


def _all_constants(
    kb: KnowledgeBase, target: Indicator, coverage: Coverage, examples: list[Term]
) -> np.ndarray:
    parts = [_example_column(examples, position, coverage) for position in range(target[1])]
    for indicator in list(kb.predicates):
        if is_example_predicate(indicator) or indicator == target or not indicator[1]:
            continue
        for position in range(indicator[1]):
            column = coverage.column_codes(indicator, position)
            if column is not None:
                parts.append(column)
    return distinct(np.concatenate(parts))


def closed_world_negatives(
    kb: KnowledgeBase,
    target: Indicator,
    coverage: Coverage,
    *,
    cap: int = DEFAULT_CAP,
    seed: int = 0,
) -> ClosedWorld:
    """The unlisted tuples of the typed argument domains, at most ``cap`` of them.

    Parameters
    ----------
    kb
        The knowledge base (its ``pos`` examples of the target are the listed tuples).
    target
        ``(name, arity)``.
    coverage
        Gives the constant codes and the background fact tables.
    cap
        The largest number of negatives; above it a uniform sample is drawn.
    seed
        The sample's random seed.
    """
    name, arity = target
    domains = typed_domains(kb, target, coverage)
    sizes = tuple(len(d) for d in domains)
    universe = math.prod(sizes)
    listed = {
        tuple(coverage.symbols.encode(list(atom.args)).tolist())
        for atom in kb.positives(name, arity)
        if type(atom) is Struct
    }
    inside = sum(
        1 for row in listed if all(np.isin(c, d) for c, d in zip(row, domains, strict=True))
    )
    unlisted = universe - inside
    if unlisted <= cap:
        rows = [r for r in itertools.product(*(d.tolist() for d in domains)) if r not in listed]
        sampled = False
    else:
        rows = _sample(domains, listed, cap, seed)
        sampled = True
    symbols = coverage.symbols
    negatives = tuple(Struct(name, tuple(symbols.decode(r))) for r in rows)
    return ClosedWorld(negatives, sizes, universe, unlisted, cap, sampled, seed)


def _sample(
    domains: list[np.ndarray], listed: set[tuple[int, ...]], cap: int, seed: int
) -> list[tuple[int, ...]]:
    rng = np.random.default_rng(seed)
    chosen: dict[tuple[int, ...], None] = {}
    while len(chosen) < cap:
        batch = np.stack([d[rng.integers(0, len(d), size=2 * cap)] for d in domains], axis=1)
        for row in map(tuple, batch.tolist()):
            if row not in listed and row not in chosen:
                chosen[row] = None
                if len(chosen) == cap:
                    break
    return list(chosen)
