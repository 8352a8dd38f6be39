"""The minimum description length view of choosing a hypothesis (Mitchell 1997, section 6.6).

Taking logarithms turns the MAP choice into a choice of shortest total code:

    h_MAP = argmin_h  -log2 P(D | h) - log2 P(h)
    h_MDL = argmin_h  L_C1(h) + L_C2(D | h)

where ``L_C1(h)`` is the length of h under a code for the hypotheses (the
optimal code for a prior gives ``-log2 P(h)``; uniform over H, ``log2 |H|``
bits) and ``L_C2(D | h)`` the length of the data given h.  Sender and receiver
both know the instances, so only the **exceptions** need sending: a
misclassified example costs ``log2 m`` bits to say which of the ``m`` examples
it is and ``log2 k`` bits to give its correct class among ``k`` (Mitchell 1997,
ch. 6.6).  A hypothesis consistent with D needs no exception bits, so with the
uniform code the MDL choice is exactly the MAP choice of
:func:`~symlearn.bayes.map.map_learner.brute_force_map`: the version space.

Functions
---------
description_lengths, mdl_hypotheses

Examples
--------
>>> class Threshold:
...     def __init__(self, t): self.t = t
...     def covers(self, x): return x >= self.t
...     def __repr__(self): return f"x>={self.t}"
>>> space = [Threshold(t) for t in range(5)]
>>> [(d.hypothesis, d.exceptions, round(d.total, 3)) for d in
...  description_lengths(space, [(3, True), (0, False)])][:3]
[(x>=0, 1, 4.322), (x>=1, 0, 2.322), (x>=2, 0, 2.322)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from symlearn.bayes.map.map_learner import Covering, Example
from symlearn.errors import HypothesisSpaceError

__all__ = ["DescriptionLength", "description_lengths", "mdl_hypotheses"]


@dataclass(frozen=True)
class DescriptionLength:
    """The two parts of a hypothesis's description length, in bits."""

    hypothesis: Any
    hypothesis_bits: float
    exceptions: int
    exception_bits: float

    @property
    def total(self) -> float:
        """``L_C1(h) + L_C2(D | h)``."""
        return self.hypothesis_bits + self.exception_bits

    def to_dict(self, describe: Callable[[Any], object] = str) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "hypothesis": describe(self.hypothesis),
            "hypothesis_bits": self.hypothesis_bits,
            "exceptions": self.exceptions,
            "exception_bits": self.exception_bits,
            "total_bits": self.total,
        }


def description_lengths(
    hypotheses: Iterable[Covering],
    examples: Iterable[Example],
    hypothesis_bits: Callable[[Any], float] | None = None,
    classes: int = 2,
) -> list[DescriptionLength]:
    """``L_C1(h)`` and ``L_C2(D | h)`` of every hypothesis (see the module docstring).

    Parameters
    ----------
    hypotheses
        A finite hypothesis space.
    examples
        ``(instance, label)`` pairs.
    hypothesis_bits
        h -> its code length in bits; ``log2 |H|`` (the uniform code) when None.
    classes
        ``k``, the number of classes an exception's label is chosen from.

    Raises
    ------
    HypothesisSpaceError
        For an empty hypothesis space.

    References
    ----------
    Mitchell 1997, ch. 6.6; Rissanen 1978.
    """
    space = list(hypotheses)
    if not space:
        raise HypothesisSpaceError("the hypothesis space is empty")
    data = list(examples)
    uniform = math.log2(len(space))
    per_exception = (math.log2(len(data)) if data else 0.0) + math.log2(classes)
    result = []
    for h in space:
        errors = sum(1 for x, label in data if bool(h.covers(x)) != label)
        bits = uniform if hypothesis_bits is None else float(hypothesis_bits(h))
        result.append(DescriptionLength(h, bits, errors, errors * per_exception))
    return result


def mdl_hypotheses(
    hypotheses: Iterable[Covering],
    examples: Iterable[Example],
    hypothesis_bits: Callable[[Any], float] | None = None,
    classes: int = 2,
) -> list[DescriptionLength]:
    """The hypotheses of shortest total description length (ties all kept)."""
    lengths = description_lengths(hypotheses, examples, hypothesis_bits, classes)
    best = min(d.total for d in lengths)
    return [d for d in lengths if d.total <= best + 1e-12]
