"""The brute-force MAP learner over a finite hypothesis space.

Mitchell 1997, section 6.3.1 (brute-force Bayes concept learning).

For each hypothesis h in H compute the posterior by Bayes' theorem,
``P(h | D) = P(D | h) P(h) / P(D)``, and output the hypotheses of highest
posterior.  With Mitchell's assumptions (section 6.3.1):

* a **uniform prior** ``P(h) = 1 / |H|`` (other priors may be given), and
* the **noise-free likelihood** ``P(D | h) = 1`` if h is consistent with every
  example of D and 0 otherwise,

every consistent hypothesis gets ``P(h | D) = 1 / |VS_H,D|`` and every other
hypothesis 0, so the MAP hypotheses are exactly the version space.

A hypothesis is anything with ``covers(instance) -> bool`` (a
:class:`~symlearn.hypotheses.conjunction.Conjunction`, a rule set ...); an
example is ``(instance, label)`` with a Boolean label.  Probabilities are
exact :class:`fractions.Fraction` values.

Functions
---------
brute_force_map, labelled_examples

Examples
--------
>>> class Threshold:            # h_t(x) = x >= t over the instances 0..3
...     def __init__(self, t): self.t = t
...     def covers(self, x): return x >= self.t
...     def __repr__(self): return f"x>={self.t}"
>>> space = [Threshold(t) for t in range(5)]
>>> posterior = brute_force_map(space, [(3, True), (0, False)])
>>> posterior.version_space, posterior.probability(space[2])
((x>=1, x>=2, x>=3), Fraction(1, 3))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from symlearn.data.attribute_value import AttributeValueData
from symlearn.errors import HypothesisSpaceError, InvalidParameterError, VersionSpaceCollapsedError

__all__ = ["Covering", "HypothesisPosterior", "brute_force_map", "labelled_examples"]


class Covering(Protocol):
    """A hypothesis: it says which instances are positive."""

    def covers(self, instance: Any) -> bool:
        """True when the hypothesis classifies ``instance`` as positive."""


Example = tuple[Any, bool]


def labelled_examples(data: AttributeValueData) -> list[Example]:
    """The ``(instance, label)`` pairs of pos/neg attribute-value data.

    Raises
    ------
    InvalidParameterError
        If the examples are multi-class (``label/2``).
    """
    if not data.is_boolean:
        raise InvalidParameterError("the hypotheses classify pos/neg examples; got label/2 ones")
    return [(instance, bool(label)) for instance, label in zip(data.instances, data.labels)]


def consistent(hypothesis: Covering, examples: Iterable[Example]) -> bool:
    """True when ``hypothesis`` labels every example correctly."""
    return all(bool(hypothesis.covers(x)) == label for x, label in examples)


@dataclass(frozen=True)
class HypothesisPosterior:
    """P(h | D) over a finite hypothesis space.

    Attributes
    ----------
    hypotheses
        H, in the order given.
    priors
        P(h).
    likelihoods
        P(D | h): 1 for a hypothesis consistent with D, else 0.
    probabilities
        P(h | D).
    evidence
        P(D) = sum_h P(D | h) P(h).
    """

    hypotheses: tuple[Any, ...]
    priors: tuple[Fraction, ...]
    likelihoods: tuple[Fraction, ...]
    probabilities: tuple[Fraction, ...]
    evidence: Fraction

    def _index(self, hypothesis: Any) -> int:
        for i, h in enumerate(self.hypotheses):
            if h is hypothesis or (isinstance(h, Hashable) and h == hypothesis):
                return i
        raise InvalidParameterError(f"{hypothesis!r} is not in the hypothesis space")

    def probability(self, hypothesis: Any) -> Fraction:
        """P(hypothesis | D)."""
        return self.probabilities[self._index(hypothesis)]

    @property
    def version_space(self) -> tuple[Any, ...]:
        """The hypotheses consistent with D (P(D | h) = 1)."""
        return tuple(h for h, like in zip(self.hypotheses, self.likelihoods) if like)

    @property
    def map_hypotheses(self) -> tuple[Any, ...]:
        """The hypotheses of highest posterior."""
        best = max(self.probabilities)
        return tuple(h for h, p in zip(self.hypotheses, self.probabilities) if p == best)

    def to_dict(self, describe: Callable[[Any], object] = str) -> dict[str, Any]:
        """JSON-ready: each hypothesis (as ``describe`` shows it) with prior and posterior."""
        return {
            "evidence": float(self.evidence),
            "version_space_size": len(self.version_space),
            "hypotheses": [
                {"hypothesis": describe(h), "prior": float(p), "posterior": float(q)}
                for h, p, q in zip(self.hypotheses, self.priors, self.probabilities)
            ],
        }


def _priors(hypotheses: Sequence[Any], prior: Callable[[Any], Any] | None) -> list[Fraction]:
    if prior is None:
        return [Fraction(1, len(hypotheses))] * len(hypotheses)
    weights = [Fraction(prior(h)) for h in hypotheses]
    if any(w < 0 for w in weights) or sum(weights) != 1:
        raise InvalidParameterError("the prior must give every hypothesis P(h) >= 0, summing to 1")
    return weights


def brute_force_map(
    hypotheses: Iterable[Covering],
    examples: Iterable[Example],
    prior: Callable[[Any], Any] | None = None,
) -> HypothesisPosterior:
    """P(h | D) for every h in H under the noise-free likelihood (Mitchell 1997, 6.3.1).

    Parameters
    ----------
    hypotheses
        A finite hypothesis space.
    examples
        ``(instance, label)`` pairs.
    prior
        h -> P(h) (a number or Fraction; they must sum to 1); uniform when None.

    Raises
    ------
    HypothesisSpaceError
        For an empty hypothesis space.
    VersionSpaceCollapsedError
        When no hypothesis of positive prior is consistent with D (P(D) = 0).

    References
    ----------
    Mitchell 1997, section 6.2 (Bayes theorem) and section 6.3 (Bayes theorem
    and concept learning, brute-force MAP learning).
    """
    space = tuple(hypotheses)
    if not space:
        raise HypothesisSpaceError("the hypothesis space is empty")
    data = list(examples)
    priors = _priors(space, prior)
    likelihoods = [Fraction(int(consistent(h, data))) for h in space]
    evidence = sum((like * p for like, p in zip(likelihoods, priors)), Fraction(0))
    if evidence == 0:
        raise VersionSpaceCollapsedError(
            "no hypothesis of positive prior is consistent with the examples (P(D) = 0)"
        )
    posterior = tuple(like * p / evidence for like, p in zip(likelihoods, priors))
    return HypothesisPosterior(space, tuple(priors), tuple(likelihoods), posterior, evidence)
