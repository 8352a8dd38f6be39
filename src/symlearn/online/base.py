"""The online (mistake-bound) protocol shared by every online learner.

In the mistake-bound model the learner receives instances one at a time,
predicts each label, is then told the true label, and may update itself.  Its
performance is the number of wrong predictions over the whole sequence
(Littlestone 1988; Mitchell 1997, section 7.5).  Every learner of
:mod:`symlearn.online` offers the same three methods:

``predict(x)``
    The label the learner would give ``x`` now.
``errs(x, y)``
    Whether processing ``(x, y)`` now would count as a mistake.
``update(x, y)``
    Process one labelled example; return whether it was a mistake.

Functions
---------
run_online
    Feed a stream of ``(x, y)`` pairs to a learner; return an :class:`OnlineRun`.
run_adversary
    An adversary that, at each trial, picks from a pool an example the learner
    gets wrong: the worst case the mistake bounds are about.
train_until_consistent
    Cycle over a finite sample until a pass makes no mistake (or a limit).

References
----------
Mitchell (1997) section 7.5; Littlestone, N. (1988) "Learning quickly when
irrelevant attributes abound", *Machine Learning* 2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = [
    "Online",
    "OnlineLearner",
    "OnlineRun",
    "run_adversary",
    "run_online",
    "train_until_consistent",
]


class OnlineLearner(Protocol):
    """What :func:`run_online` needs from a learner."""

    @property
    def mistakes(self) -> int:
        """Return the mistakes made so far."""

    def predict(self, x: Any) -> Any:
        """Return the current prediction for ``x``."""

    def errs(self, x: Any, y: Any) -> bool:
        """Return whether ``(x, y)`` would be a mistake now."""

    def update(self, x: Any, y: Any) -> bool:
        """Process ``(x, y)``; return whether it was a mistake."""


@dataclass(frozen=True)
class OnlineRun:
    """What happened when a learner was run on a sequence of examples.

    Attributes
    ----------
    mistakes
        The number of mistakes.
    trials
        The number of examples processed.
    mistake_trials
        The 0-based positions of the mistakes in the sequence.
    """

    mistakes: int
    trials: int
    mistake_trials: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the run as JSON data."""
        return {
            "mistakes": self.mistakes,
            "trials": self.trials,
            "mistake_trials": list(self.mistake_trials),
        }


def run_online(learner: OnlineLearner, stream: Iterable[tuple[Any, Any]]) -> OnlineRun:
    """Feed ``stream`` to ``learner`` one example at a time and count its mistakes.

    Parameters
    ----------
    learner
        Any learner of :mod:`symlearn.online`.
    stream
        ``(instance, label)`` pairs.

    Returns
    -------
    OnlineRun

    Examples
    --------
    >>> from symlearn.online.halving import Halving
    >>> hypotheses = [lambda x, t=t: x >= t for t in range(5)]
    >>> run_online(Halving(hypotheses), [(3, True), (1, False), (2, True)]).mistakes
    1
    """
    positions: list[int] = []
    trials = 0
    for trials, (x, y) in enumerate(stream, start=1):
        if learner.update(x, y):
            positions.append(trials - 1)
    return OnlineRun(len(positions), trials, tuple(positions))


def run_adversary(
    learner: OnlineLearner,
    pool: Sequence[Any],
    label: Callable[[Any], Any],
    max_trials: int = 100_000,
) -> OnlineRun:
    """Let an adversary choose, at each trial, an example of ``pool`` the learner gets wrong.

    The adversary stops when the learner is right on the whole pool, so every
    trial is a mistake; the labels always come from ``label`` (the target), so
    the sequence is one the mistake bounds speak about.

    Parameters
    ----------
    learner
        The learner.
    pool
        The instances the adversary may choose from.
    label
        The target concept: instance -> label.
    max_trials
        A safety limit.

    Returns
    -------
    OnlineRun

    Examples
    --------
    >>> from symlearn.online.halving import Halving
    >>> hypotheses = [lambda x, t=t: x >= t for t in range(8)]
    >>> run_adversary(Halving(hypotheses), range(8), lambda x: x >= 5).mistakes <= 3
    True
    """
    positions: list[int] = []
    for trial in range(max_trials):
        wrong = next((x for x in pool if learner.errs(x, label(x))), None)
        if wrong is None:
            return OnlineRun(len(positions), trial, tuple(positions))
        learner.update(wrong, label(wrong))
        positions.append(trial)
    return OnlineRun(len(positions), max_trials, tuple(positions))


def train_until_consistent(
    learner: OnlineLearner, examples: Sequence[tuple[Any, Any]], max_epochs: int = 1000
) -> OnlineRun:
    """Cycle over ``examples`` until a whole pass makes no mistake.

    Returns the run over all passes: for a perceptron on linearly separable
    data its mistakes are bounded by Novikoff's theorem whatever the number of
    passes.

    Examples
    --------
    >>> from symlearn.online.perceptron import Perceptron
    >>> data = [((1.0, 1.0), 1), ((-1.0, -2.0), -1)]
    >>> train_until_consistent(Perceptron(2), data).mistakes
    1
    """
    positions: list[int] = []
    trial = 0
    for _ in range(max_epochs):
        before = len(positions)
        for x, y in examples:
            if learner.update(x, y):
                positions.append(trial)
            trial += 1
        if len(positions) == before:
            break
    return OnlineRun(len(positions), trial, tuple(positions))


class Online:
    """Base of the learners: ``run`` a stream, and ``errs`` for boolean predictions.

    Subclasses define ``predict`` and ``update``; learners whose mistakes are
    not "prediction differs from the label" (the perceptron) override ``errs``.
    """

    def predict(self, x: Any) -> Any:  # pragma: no cover - defined by subclasses
        """Return the current prediction for ``x``."""
        raise NotImplementedError

    def update(self, x: Any, y: Any) -> bool:  # pragma: no cover - defined by subclasses
        """Process ``(x, y)``; return whether it was a mistake."""
        raise NotImplementedError

    def errs(self, x: Any, y: Any) -> bool:
        """Return whether the prediction for ``x`` differs from the label ``y`` (as booleans)."""
        return bool(self.predict(x)) != bool(y)

    def run(self, stream: Iterable[tuple[Any, Any]]) -> OnlineRun:
        """Process a stream of ``(x, y)`` pairs; return the run."""
        return run_online(self, stream)  # type: ignore[arg-type]
