"""Learning k-CNF by eliminating disjunctions: the Occam algorithm for k-CNF.

The Occam algorithm for k-CNF (Valiant 1984; Kearns and Vazirani 1994, ch.
1-2): draw a sample, find a k-CNF consistent with it, and rely on the Occam
bound m > (1/ε)(ln|H| + ln(1/δ)) with ln|k-CNF| = O(n^k).  The consistent
hypothesis is found as the elimination algorithm finds a conjunction, with
every disjunction of at most k literals playing the part of a literal:

- start with the conjunction of all non-tautological disjunctions of 1..k
  literals over n variables (sum_{j<=k} C(n, j) 2^j of them);
- for each positive example, eliminate every disjunction it falsifies;
- output the conjunction of what is left (normalised: implied disjunctions
  dropped).

This is the most specific k-CNF consistent with the positive examples, so it
is consistent with the negatives too whenever some k-CNF is.

Examples
--------
>>> examples = [((1, 0, 0), True), ((0, 1, 0), True), ((0, 0, 1), False), ((1, 1, 1), True)]
>>> result = learn_kcnf(examples, n=3, k=2)
>>> print(result.hypothesis)
(x1 ∨ x2) ∧ (x1 ∨ ¬x3) ∧ (x2 ∨ ¬x3)
>>> result.candidates, result.consistent
(18, True)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from symlearn.errors import HypothesisSpaceError, InvalidParameterError
from symlearn.hypotheses.kcnf import KCNF, Disjunction
from symlearn.learners.concepts.examples import Progress

__all__ = [
    "DEFAULT_LIMIT",
    "KCNFResult",
    "candidate_disjunctions",
    "count_disjunctions",
    "learn_kcnf",
]

#: The most candidate disjunctions the learner starts from unless told otherwise.
DEFAULT_LIMIT = 2_000_000


def count_disjunctions(n: int, k: int) -> int:
    """sum_{j=1..k} C(n, j) 2^j: the non-tautological disjunctions of 1..k literals."""
    return sum(math.comb(n, j) * 2**j for j in range(1, k + 1))


def candidate_disjunctions(n: int, k: int) -> list[Disjunction]:
    """Every disjunction of 1..k literals over distinct variables, shortest first."""
    result = []
    for size in range(1, k + 1):
        for variables in itertools.combinations(range(n), size):
            for signs in itertools.product((True, False), repeat=size):
                result.append(frozenset(zip(variables, signs)))
    return result


@dataclass(frozen=True, slots=True)
class KCNFResult:
    """The learned k-CNF, how many candidates there were, and per-example eliminations."""

    hypothesis: KCNF
    k: int
    candidates: int
    eliminated: tuple[int, ...]
    misclassified: tuple[int, ...]

    @property
    def consistent(self) -> bool:
        """True when the hypothesis classifies every example correctly."""
        return not self.misclassified


def learn_kcnf(
    examples: Sequence[tuple[Sequence[Any], bool]],
    n: int,
    k: int,
    limit: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
) -> KCNFResult:
    """Learn the most specific k-CNF consistent with the positive examples.

    Parameters
    ----------
    examples
        ``(instance, label)`` pairs over n boolean variables.
    n, k
        Number of variables and the largest disjunction.
    limit
        Refuse when there are more candidate disjunctions than this.
    progress
        Called as ``progress("k-cnf", done, total)``.

    Raises
    ------
    HypothesisSpaceError
        When the candidates number more than ``limit``.

    References
    ----------
    Valiant (1984) "A theory of the learnable"; Kearns and Vazirani (1994) ch. 1
    (k-CNF reduced to conjunctions over clause variables) and ch. 2 (Occam's
    razor); Mitchell (1997) section 7.3.3.2.
    """
    if k < 1:
        raise InvalidParameterError(f"k must be at least 1, not {k}")
    k = min(k, n) if n else k
    total = count_disjunctions(n, k)
    if total > limit:
        raise HypothesisSpaceError(
            f"{total} candidate disjunctions of at most {k} literals over {n} variables, more "
            f"than the limit of {limit}; use a smaller k"
        )
    alive = candidate_disjunctions(n, k)
    eliminated = []
    for index, (instance, label) in enumerate(examples):
        bits = tuple(bool(v) for v in instance)
        before = len(alive)
        if label:
            alive = [c for c in alive if any(bits[i] == p for i, p in c)]
        eliminated.append(before - len(alive))
        if progress is not None:
            progress("k-cnf", index + 1, len(examples))
    h = KCNF(n, frozenset(alive))
    wrong = tuple(i for i, (x, y) in enumerate(examples) if h.covers(x) != y)
    return KCNFResult(h, k, total, tuple(eliminated), wrong)
