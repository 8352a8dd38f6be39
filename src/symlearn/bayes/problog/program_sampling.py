r"""Sampling the possible worlds of a ground ProbLog program.

For programs too large to compile, :func:`sample_program` estimates
``P(q | e)`` by sampling worlds (each independent choice true with its
probability), computing each world's model stratum by stratum (the least
fixpoint on cyclic components, as :mod:`~symlearn.bayes.problog.sdd_compilation`
defines it) and keeping the worlds in which the evidence holds (rejection
sampling, ProbLog's ``sample`` task conditioned on the evidence).  Worlds are
drawn in batches as numpy Boolean columns, one per choice and atom.

Functions
---------
sample_program

References
----------
Kimmig et al. 2011 (sampling in ProbLog); Koller & Friedman 2009, §12.1
(forward and rejection sampling).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from symlearn.bayes.problog.ground_program import GroundProgram
from symlearn.bayes.problog.sdd_compilation import program_strata
from symlearn.errors import InvalidParameterError
from symlearn.logic.terms import Term

__all__ = ["SampleEstimate", "sample_program", "world_values"]

#: Most Boolean cells (worlds x choices) drawn at once.
_BATCH_CELLS = 4_000_000


@dataclass(frozen=True)
class SampleEstimate:
    """Sampled answers: P(q | e), their standard errors, and how many worlds were kept."""

    probabilities: dict[Term, float]
    standard_errors: dict[Term, float]
    samples: int
    accepted: int
    seed: int | None


def world_values(
    program: GroundProgram, strata: list[list[Term]], chosen: np.ndarray
) -> dict[Term, np.ndarray]:
    """Each atom's truth in each sampled world (a column per world)."""
    worlds = chosen.shape[1]
    values: dict[Term, np.ndarray] = {}
    false = np.zeros(worlds, dtype=bool)

    def literal(target: Term | int, positive: bool) -> np.ndarray:
        column = chosen[target] if isinstance(target, int) else values.get(target, false)
        return column if positive else ~column

    def atom_value(atom: Term) -> np.ndarray:
        result = false.copy()
        for rule in program.rules.get(atom, ()):
            body = np.ones(worlds, dtype=bool)
            for target, positive in rule.body:
                body &= literal(target, positive)
            result |= body
        return result

    for members in strata:
        if len(members) == 1 and not any(
            t == members[0] for r in program.rules.get(members[0], ()) for t, _ in r.body
        ):
            values[members[0]] = atom_value(members[0])
            continue
        for atom in members:
            values[atom] = false
        while True:
            updated = {atom: atom_value(atom) for atom in members}
            changed = any(not np.array_equal(updated[a], values[a]) for a in members)
            values.update(updated)
            if not changed:
                break
    return values


def sample_program(
    program: GroundProgram,
    samples: int = 10000,
    seed: int | None = 0,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> SampleEstimate:
    """Estimate P(query | evidence) for each query of ``program`` by sampling worlds.

    Raises
    ------
    InvalidParameterError
        For fewer than one sample, or when no sampled world satisfies the evidence.
    KBError
        For negation that is not stratified.
    """
    if samples < 1:
        raise InvalidParameterError(f"samples must be at least 1, not {samples}")
    strata = program_strata(program)
    rng = np.random.default_rng(seed)
    probabilities = np.array([c.probability for c in program.choices], dtype=float)
    batch = max(1, min(samples, _BATCH_CELLS // max(1, len(probabilities))))
    counts = dict.fromkeys(program.queries, 0)
    accepted = done = 0
    while done < samples:
        size = min(batch, samples - done)
        chosen = rng.random((len(probabilities), size)) < probabilities[:, None]
        values = world_values(program, strata, chosen)
        keep = np.ones(size, dtype=bool)
        for atom, value in program.evidence:
            column = values.get(atom, np.zeros(size, dtype=bool))
            keep &= column if value else ~column
        accepted += int(keep.sum())
        for atom in counts:
            counts[atom] += int((values.get(atom, np.zeros(size, dtype=bool)) & keep).sum())
        done += size
        if progress is not None:
            progress("sampling", done, samples)
    if accepted == 0:
        raise InvalidParameterError(
            f"none of the {samples} sampled worlds satisfies the evidence; "
            "take more samples (--samples) or use exact inference"
        )
    estimates = {atom: count / accepted for atom, count in counts.items()}
    errors = {atom: float(np.sqrt(p * (1 - p) / accepted)) for atom, p in estimates.items()}
    return SampleEstimate(estimates, errors, samples, accepted, seed)
