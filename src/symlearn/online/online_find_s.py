"""Find-S as an online learner of conjunctions of boolean literals.

The hypothesis starts as the most specific conjunction, all ``2n`` literals
``x_1, not x_1, ..., x_n, not x_n`` (it labels everything negative).  On a
positive example it drops every literal the example falsifies; negative
examples are ignored.  Its hypothesis is never more general than a target
conjunction, so it only errs on positive examples; the first mistake leaves
``n`` literals and each later one removes at least one more, hence at most
``n + 1`` mistakes (:func:`symlearn.bounds.mistakes.find_s_mistake_derivation`).

Instances are tuples of 0/1; a literal is ``(i, b)``, true when ``x[i] == b``.

Classes
-------
OnlineFindS
    The learner.

References
----------
Mitchell (1997) section 7.5.1 (the mistake bound) and section 2.4 (Find-S).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from symlearn.online.base import Online

__all__ = ["OnlineFindS"]


class OnlineFindS(Online):
    """Find-S on conjunctions of boolean literals, run online.

    Parameters
    ----------
    n
        The number of boolean variables.

    Attributes
    ----------
    literals
        The current conjunction, a set of ``(i, b)`` literals.
    mistakes
        Mistakes so far.

    Examples
    --------
    >>> learner = OnlineFindS(3)
    >>> learner.update((1, 0, 1), True), sorted(learner.literals)
    (True, [(0, 1), (1, 0), (2, 1)])
    >>> learner.update((1, 1, 1), True), sorted(learner.literals)
    (True, [(0, 1), (2, 1)])
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.literals = {(i, b) for i in range(n) for b in (0, 1)}
        self.mistakes = 0

    def predict(self, x: Sequence[int]) -> bool:
        """Return whether ``x`` satisfies every literal of the conjunction."""
        return all(x[i] == b for i, b in self.literals)

    def update(self, x: Sequence[int], y: Any) -> bool:
        """Predict; on a positive example drop the literals ``x`` falsifies."""
        mistake = self.errs(x, y)
        if y:
            self.literals = {(i, b) for i, b in self.literals if x[i] == b}
        self.mistakes += mistake
        return mistake
