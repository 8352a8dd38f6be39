"""The halving algorithm: predict by majority vote of the version space.

The learner keeps every hypothesis of a finite class C consistent with the
examples so far (the version space), predicts the label most of them give,
and removes each hypothesis that errs.  If the target is in C, every mistake
at least halves the version space, so at most ``log2 |C|`` mistakes are made
(:func:`symlearn.bounds.mistakes.halving_derivation`).

Classes
-------
Halving
    The learner; hypotheses are predicates ``x -> bool`` or sets of positive
    instances.

References
----------
Mitchell (1997) section 7.5.2 (the halving algorithm), section 7.5.3
(``VC(C) <= Opt(C) <= M_Halving(C) <= log2 |C|``, after Littlestone 1988) and
section 2.6.2 (the optimal query strategy halves the version space).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

from symlearn.errors import VersionSpaceCollapsedError
from symlearn.online.base import Online

__all__ = ["Halving"]


def as_predicate(hypothesis: Callable[[Any], Any] | Collection[Any]) -> Callable[[Any], bool]:
    """Return ``hypothesis`` as a predicate (a set means: membership)."""
    if callable(hypothesis):
        return lambda x: bool(hypothesis(x))
    members = hypothesis
    return lambda x: x in members


class Halving(Online):
    """The halving algorithm over a finite hypothesis class.

    Parameters
    ----------
    hypotheses
        The class C: predicates ``x -> bool`` or collections of the instances
        labelled positive.

    Attributes
    ----------
    version_space
        The hypotheses consistent with every example seen (as predicates).
    initial_size
        ``|C|``.
    mistakes
        Mistakes so far.

    Notes
    -----
    A tie in the vote predicts positive; the bound holds either way, since a
    mistake on a tie still removes half the version space.  Labels are
    compared as booleans.

    Examples
    --------
    >>> learner = Halving([{1, 2}, {2, 3}, {3}, set()])
    >>> learner.predict(2), learner.update(2, False), len(learner.version_space)
    (True, True, 2)
    """

    def __init__(self, hypotheses: Iterable[Callable[[Any], Any] | Collection[Any]]) -> None:
        self.version_space = [as_predicate(h) for h in hypotheses]
        self.initial_size = len(self.version_space)
        self.mistakes = 0
        self._trials = 0

    def votes(self, x: Any) -> tuple[int, int]:
        """Return ``(positive, negative)`` votes of the version space on ``x``."""
        positive = sum(1 for h in self.version_space if h(x))
        return positive, len(self.version_space) - positive

    def predict(self, x: Any) -> bool:
        """Return the majority label of the version space (ties: positive)."""
        positive, negative = self.votes(x)
        return positive >= negative

    def update(self, x: Any, y: Any) -> bool:
        """Predict, then remove every hypothesis that labels ``x`` wrongly.

        Raises
        ------
        VersionSpaceCollapsedError
            If no hypothesis is left: the target is not in the class.
        """
        mistake = self.errs(x, y)
        self.version_space = [h for h in self.version_space if h(x) == bool(y)]
        self._trials += 1
        if not self.version_space:
            raise VersionSpaceCollapsedError(
                "no hypothesis is consistent with the examples: the target is not in the class",
                example=repr((x, y)),
                index=self._trials - 1,
            )
        self.mistakes += mistake
        return mistake
