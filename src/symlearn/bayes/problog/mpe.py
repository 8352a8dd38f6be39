r"""The most probable explanation (MPE) of the evidence of a ProbLog program.

ProbLog's ``mpe`` task: among the worlds of the ground program (an
assignment of every independent choice: each probabilistic fact and rule
instance true or false, each annotated disjunction one head or none) in
which the evidence holds, the most probable one, its probability, and the
truth of the queries in it.

The ground program is compiled to an SDD with each annotated disjunction
read one-hot (:func:`~symlearn.bayes.problog.sdd_compilation.compile_program_sdd`
with ``one_hot``), and the maximum of the product of the literal weights over
the models of the evidence is found by one bottom-up pass over the SDD that
replaces the sums of weighted model counting by maxima (max-product, as
for arithmetic circuits; Chan & Darwiche 2006).  A variable the formula does not
constrain takes its more probable value.

Functions and classes
---------------------
most_probable_explanation, Explanation

References
----------
Chan & Darwiche 2006 (MPE on compiled circuits); Fierens et al. 2015
(ProbLog's tasks); Darwiche 2011 (SDD).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.bayes.problog.ground_program import GroundProgram
from symlearn.bayes.problog.program_sampling import world_values
from symlearn.bayes.problog.sdd_compilation import (
    compile_program_sdd,
    disjunction_groups,
    head_probabilities,
    program_strata,
)
from symlearn.errors import InvalidParameterError
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = ["Explanation", "most_probable_explanation"]


@dataclass(frozen=True)
class Explanation:
    """The most probable world given the evidence.

    Attributes
    ----------
    probability
        P(world), the world's weight (the evidence holds in it).
    queries
        Query atom -> its truth in that world.
    facts
        Each ground probabilistic head the world makes true, in grounding order.
    """

    probability: float
    queries: dict[Term, bool]
    facts: list[Term] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``mpe`` (query -> truth), ``probability``, ``true_choices``."""
        return {
            "mpe": {format_term(a): v for a, v in self.queries.items()},
            "probability": self.probability,
            "true_choices": [format_term(a) for a in self.facts],
        }


def _weights(program: GroundProgram, groups: list[list[int]]) -> list[tuple[float, float]]:
    """(weight of x, weight of not x) of every SDD variable in the one-hot reading."""
    weights = [(c.probability, 1.0 - c.probability) for c in program.choices]
    nones = []
    for members in groups:
        heads = head_probabilities(program, members)
        for index, p in zip(members, heads):
            weights[index] = (p, 1.0)
        nones.append((max(0.0, 1.0 - sum(heads)), 1.0))
    return (weights + nones) or [(1.0, 0.0)]


class _MaxProduct:
    """Max-product over the models of an SDD, remembering the best assignment."""

    def __init__(self, weights: list[tuple[float, float]]) -> None:
        self.weights = weights
        self.memo: dict[int, tuple[float, dict[int, bool]]] = {}
        self.scope_memo: dict[int, tuple[float, frozenset[int]]] = {}

    def free(self, vtree: Any) -> tuple[float, frozenset[int]]:
        """The best weight of a vtree's variables left free, and those variables."""
        key = vtree.position()
        found = self.scope_memo.get(key)
        if found is None:
            if vtree.is_leaf():
                variable = vtree.var()
                found = (max(self.weights[variable - 1]), frozenset({variable}))
            else:
                left, right = self.free(vtree.left()), self.free(vtree.right())
                found = (left[0] * right[0], left[1] | right[1])
            self.scope_memo[key] = found
        return found

    def best(self, node: Any, vtree: Any) -> tuple[float, dict[int, bool]]:
        """The best weight over ``vtree``'s variables of an assignment satisfying ``node``."""
        if node.is_false():
            return 0.0, {}
        if node.is_true():
            return self.free(vtree)[0], {}
        own = node.vtree()
        value, assignment = self.at_own_vtree(node, own)
        if own.position() != vtree.position():
            rest = self.free(vtree)
            inner = self.free(own)
            value = value * rest[0] / inner[0] if inner[0] > 0 else 0.0
        return value, assignment

    def at_own_vtree(self, node: Any, vtree: Any) -> tuple[float, dict[int, bool]]:
        found = self.memo.get(node.id)
        if found is not None:
            return found
        if node.is_literal():
            literal = node.literal
            variable = abs(literal)
            positive, negative = self.weights[variable - 1]
            found = (positive if literal > 0 else negative, {variable: literal > 0})
        else:
            found = (0.0, {})
            for prime, sub in node.elements():
                left = self.best(prime, vtree.left())
                if left[0] == 0.0:
                    continue
                right = self.best(sub, vtree.right())
                value = left[0] * right[0]
                if value > found[0]:
                    found = (value, {**left[1], **right[1]})
        self.memo[node.id] = found
        return found


def most_probable_explanation(
    program: GroundProgram,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> Explanation:
    """The most probable world of ``program`` in which its evidence holds.

    Raises
    ------
    InvalidParameterError
        When the evidence is impossible.
    KBError
        For negation that is not stratified.
    """
    groups = disjunction_groups(program)
    compiled = compile_program_sdd(program, one_hot=True)
    weights = _weights(program, groups)
    search = _MaxProduct(weights)
    root = compiled.manager.vtree()
    probability, assignment = search.best(compiled.evidence, root)
    if probability <= 0.0:
        raise InvalidParameterError("the evidence is impossible: no world satisfies it")
    chosen = np.zeros((max(1, len(program.choices)), 1), dtype=bool)
    for index in range(len(program.choices)):
        value = assignment.get(index + 1)
        if value is None:  # unconstrained: the more probable value
            positive, negative = weights[index]
            value = positive > negative
        chosen[index, 0] = value
    for number, members in enumerate(groups):
        picked = [i for i in members if chosen[i, 0]]
        none = assignment.get(len(program.choices) + number + 1)
        head_weights = [weights[i][0] for i in members]
        if len(picked) != 1 and not none:
            best = int(np.argmax(head_weights))
            if max(head_weights) < weights[len(program.choices) + number][0]:
                picked = []
            else:
                picked = [members[best]]
        for i in members:  # one-hot to the sequential reading: only the chosen head true
            chosen[i, 0] = bool(picked) and i == picked[0]
    values = world_values(program, program_strata(program), chosen)
    queries = {
        atom: bool(values[atom][0]) if atom in values else False for atom in program.queries
    }
    facts = [program.choices[i].name for i in range(len(program.choices)) if chosen[i, 0]]
    if progress is not None:
        progress("mpe", 1, 1)
    return Explanation(probability, queries, facts)
