"""The Bayes optimal classifier and the Gibbs classifier over a hypothesis posterior.

The most probable classification of a new instance combines the predictions
of all hypotheses, weighted by their posterior probabilities:

    P(v | D) = sum_h P(v | h) P(h | D),   v_BO = argmax_v P(v | D)

(**Bayes optimal classifier**; Mitchell 1997, section 6.7).  For hypotheses that
label deterministically, ``P(v | h)`` is 1 for the label h gives and 0
otherwise.  The **Gibbs algorithm** instead draws one hypothesis from
``P(h | D)`` and uses its label; if the target is drawn from the same
distribution, its expected error is at most twice the Bayes optimal one
(Haussler, Kearns & Schapire 1994; Mitchell 1997, section 6.8).
:func:`expected_errors` gives both expected errors at an instance for that
setting, so the bound can be checked.

Functions
---------
bayes_optimal, gibbs_classify, expected_errors

Examples
--------
>>> from symlearn.bayes.map.map_learner import brute_force_map
>>> class Threshold:
...     def __init__(self, t): self.t = t
...     def covers(self, x): return x >= self.t
>>> posterior = brute_force_map([Threshold(t) for t in range(5)], [(3, True), (0, False)])
>>> vote = bayes_optimal(posterior, 2)
>>> vote.probabilities, vote.label
({True: Fraction(2, 3), False: Fraction(1, 3)}, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from symlearn.bayes.map.map_learner import HypothesisPosterior

__all__ = ["BayesOptimal", "bayes_optimal", "expected_errors", "gibbs_classify"]


@dataclass(frozen=True)
class BayesOptimal:
    """The Bayes optimal vote on one instance.

    Attributes
    ----------
    probabilities
        ``{True: P(positive | D), False: P(negative | D)}``.
    label
        The more probable label, or None on a tie.
    """

    probabilities: dict[bool, Fraction]
    label: bool | None

    def to_dict(self) -> dict[str, Any]:
        """JSON: ``positive``, ``negative`` probabilities and ``label`` (pos/neg/unknown)."""
        names = {True: "pos", False: "neg", None: "unknown"}
        return {
            "positive": float(self.probabilities[True]),
            "negative": float(self.probabilities[False]),
            "label": names[self.label],
        }


def bayes_optimal(posterior: HypothesisPosterior, instance: Any) -> BayesOptimal:
    """Combine every hypothesis's label weighted by P(h | D).

    References
    ----------
    Mitchell 1997, ch. 6.7.
    """
    positive = sum(
        (
            p
            for h, p in zip(posterior.hypotheses, posterior.probabilities)
            if p and h.covers(instance)
        ),
        Fraction(0),
    )
    negative = 1 - positive
    label = None if positive == negative else positive > negative
    return BayesOptimal({True: positive, False: negative}, label)


def gibbs_classify(
    posterior: HypothesisPosterior, instance: Any, seed: int | random.Random | None = 0
) -> tuple[Any, bool]:
    """Draw h from P(h | D) and return ``(h, h's label of instance)``.

    ``seed`` is a seed or a :class:`random.Random` to draw from (so a run of
    classifications can share one generator).

    References
    ----------
    Mitchell 1997, ch. 6.8 (Gibbs algorithm); Haussler, Kearns & Schapire 1994.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    weights = [float(p) for p in posterior.probabilities]
    (hypothesis,) = rng.choices(posterior.hypotheses, weights=weights)
    return hypothesis, bool(hypothesis.covers(instance))


def expected_errors(posterior: HypothesisPosterior, instance: Any) -> tuple[Fraction, Fraction]:
    """Expected errors of Bayes optimal and Gibbs at ``instance``, the target drawn from P(h | D).

    With ``q = P(positive | D)``, Bayes optimal errs with probability
    ``min(q, 1 - q)`` and Gibbs (an independent draw) with ``2 q (1 - q)``,
    which is at most twice the former.
    """
    q = bayes_optimal(posterior, instance).probabilities[True]
    return min(q, 1 - q), 2 * q * (1 - q)
