"""Online (mistake-bound) learners, each checked against its derived mistake bound.

Every learner predicts each example before it sees the label and counts its
mistakes; :mod:`symlearn.bounds.mistakes` derives the bound each one obeys and
the tests show the mistakes never exceed it, on random and adversarial streams.

Modules
-------
base
    The protocol (``predict``, ``errs``, ``update``), :func:`run_online`,
    :func:`run_adversary`, :func:`train_until_consistent`.
find_s
    :class:`OnlineFindS`, conjunctions of boolean literals (``<= n + 1``).
halving
    :class:`Halving`, majority vote of the version space (``<= log2 |C|``).
weighted_majority
    :class:`WeightedMajority` (``(k log2(1/beta) + log2 n)/log2(2/(1 + beta))``).
perceptron
    :class:`Perceptron`, :class:`AveragedPerceptron`, :class:`VotedPerceptron`
    (``(R/gamma)^2``).
winnow
    :class:`Winnow` (``<= 2 + 3 r (1 + log2 n)`` on r-disjunctions) and
    :class:`BalancedWinnow`.

References
----------
Mitchell (1997) section 7.5; Littlestone (1988); Littlestone and Warmuth
(1994); Novikoff (1962); Freund and Schapire (1999); Blum (1996).
"""

from __future__ import annotations

from symlearn.online.base import (
    OnlineLearner,
    OnlineRun,
    run_adversary,
    run_online,
    train_until_consistent,
)
from symlearn.online.halving import Halving
from symlearn.online.online_find_s import OnlineFindS
from symlearn.online.perceptron import AveragedPerceptron, Perceptron, VotedPerceptron
from symlearn.online.weighted_majority import WeightedMajority
from symlearn.online.winnow import BalancedWinnow, Winnow

__all__ = [
    "AveragedPerceptron",
    "BalancedWinnow",
    "Halving",
    "OnlineFindS",
    "OnlineLearner",
    "OnlineRun",
    "Perceptron",
    "VotedPerceptron",
    "WeightedMajority",
    "Winnow",
    "run_adversary",
    "run_online",
    "train_until_consistent",
]
