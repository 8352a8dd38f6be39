r"""Boosting: AdaBoost.M1 (Freund and Schapire 1996).

AdaBoost.M1 as the course notes ("Combining Multiple Models: Boosting") and
Witten, Frank and Hall (2011, Data Mining, 3rd ed., section 8.4 and Figure
8.3) give it:

*Model generation.*  Give every training instance the same weight.  For
each of ``t`` iterations:

1. apply the learning algorithm to the weighted data and store the model;
2. compute its error ``e``: the summed weight of the instances it
   misclassifies over the summed weight of all of them;
3. if ``e = 0`` or ``e >= 0.5``: stop;
4. multiply the weight of every instance the model classifies correctly by
   ``e / (1 - e)``, and normalise the weights so that their sum stays what
   it was (the number of instances).

*Classification.*  Give every class weight 0; each model adds
``-log(e / (1 - e))`` to the class it predicts; the class of highest weight
wins (ties: the class listed first).

A model with ``e = 0`` is stored (step 1 comes before the stop) and its vote
``-log(0)`` is infinite (Freund and Schapire's final hypothesis, which sums
``log(1 / beta)``): it decides wherever it gives a class.  It is kept with the
vote ``1 +`` the sum of all the other votes, a number that outweighs them all
together and prints as one (1 when it is the first model).  A model with
``e >= 0.5`` votes no better than chance and is not kept, except when it is
the first: then it is the classifier alone.  (Weka's AdaBoostM1 drops the
model of ``e = 0`` too unless it is the first; scikit-learn's SAMME keeps it
with the weight 1.)  The trace lists every round, the stopping one included.

**Weights.**  A base learner that takes weighted examples (the trees, OneR,
naive Bayes) is given the weights; another one (sequential covering ...) is
boosted by *resampling*, as Witten and Frank describe: each round learns from
``n`` instances drawn with replacement with probabilities proportional to the
weights, and ``e`` is still measured on the weighted training data
(``--resample`` does this for any learner).

A worked example: three rounds of decision stumps on eight instances of three
binary attributes, worked out by hand in the tests:

>>> from symlearn.kb import loads
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_kb(loads('''
... :- attributes(t, [a, b, c]).
... pos(t(0, 1, 0)). pos(t(0, 1, 0)). pos(t(0, 1, 0)). neg(t(0, 0, 0)).
... neg(t(1, 0, 1)). pos(t(1, 0, 0)). neg(t(0, 0, 1)). pos(t(1, 0, 0)).
... '''))
>>> run = learn(task, BoostingSettings(rounds=3))
>>> [(r["round"], f"{r['error']:.4f}", f"{r['weight']:.4f}") for r in run.trace]
[(1, '0.1250', '1.9459'), (2, '0.1429', '1.7918'), (3, '0.1667', '1.6094')]

Round 1's stump tests ``c`` and misclassifies ``t(0, 0, 0)`` only: ``e = 1/8``,
vote ``-log(1/7) = log 7``; the seven correct instances are multiplied by
``1/7`` and all renormalised to sum 8 (``4/7`` each, ``4`` for the wrong one).
Round 2's stump tests ``b`` (``e = 1/7``, vote ``log 6``), round 3's ``a``
(``e = 1/6``, vote ``log 5``).

References
----------
Freund and Schapire (1996), "Experiments with a new boosting algorithm",
ICML; Witten, Frank and Hall (2011), section 8.4.
"""

from __future__ import annotations

import math

import numpy as np

from symlearn.data.columnar import ColumnarData
from symlearn.errors import InvalidParameterError
from symlearn.learners.ensembles.committee import Ensemble, Member
from symlearn.learners.ensembles.results import (
    OUTPUT_HELP,
    OUTPUT_SUFFIXES,
    Built,
    Progress,
    ensemble_learner,
)
from symlearn.learners.ensembles.settings import BoostingSettings
from symlearn.learning.models import BaseLearner, class_codes

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "BoostingSettings",
    "adaboost_m1",
    "learn",
]

SUMMARY = "Boosting (AdaBoost.M1): a weighted vote of models learnt on re-weighted examples."
EXAMPLE = "symlearn learn boosting kb/house_votes.pl --rounds 20 --test-fraction 0.3"
TABLES = True


def _round_model(
    data: ColumnarData,
    base: BaseLearner,
    weights: np.ndarray,
    resample: bool,
    rng: np.random.Generator,
) -> object:
    """The model of one round: learnt on the weighted data, or on a sample drawn by the weights."""
    if base.takes_weights and not resample:
        return base.fit(data, weights)
    drawn = rng.choice(data.n_examples, size=data.n_examples, p=weights / weights.sum())
    return base.fit(data.take(np.sort(drawn)))


def adaboost_m1(
    data: ColumnarData,
    base: BaseLearner,
    rounds: int = 100,
    *,
    resample: bool = False,
    seed: int = 0,
    progress: Progress | None = None,
) -> Built:
    """AdaBoost.M1 (see the module docstring).

    Parameters
    ----------
    data
        The training examples.
    base
        The (weak) learner of every round.
    rounds
        At most this many rounds.
    resample
        Learn from samples drawn by the weights even if the learner takes weights.
    seed
        The seed of the samples when resampling.
    progress
        Called as ``progress("boosting: rounds", t, rounds)``.

    Returns
    -------
    Built
        The ensemble and the trace: per round ``round``, ``error`` (``e``),
        ``weight`` (``-log(e / (1 - e))``; for ``e = 0`` the decisive vote,
        None when ``e`` is at least 0.5) and ``kept``; the stopping round also
        has ``stopped`` (why).

    Raises
    ------
    InvalidParameterError
        For ``rounds`` < 1.
    """
    if rounds < 1:
        raise InvalidParameterError(f"--rounds must be at least 1, not {rounds}")
    classes = data.encoded.classes
    y = data.encoded_as(classes).y
    n = data.n_examples
    weights = np.ones(n)
    rng = np.random.default_rng(seed)
    members: list[Member] = []
    trace: list[dict[str, object]] = []
    for t in range(1, rounds + 1):
        model = _round_model(data, base, weights, resample, rng)
        wrong = class_codes(model, data, classes) != y
        error = float(weights[wrong].sum() / weights.sum())
        step: dict[str, object] = {"round": t, "error": error}
        if error == 0.0:
            decisive = 1.0 + sum(m.weight for m in members)  # -log(0): it outvotes all others
            members.append(Member(model, decisive, base.text, error=error))
            reason = "e = 0: the model makes no error; its vote outweighs all the others"
            trace.append({**step, "weight": decisive, "kept": True, "stopped": reason})
            break
        if error >= 0.5:
            alone = not members  # the first model is all there is: it classifies alone
            if alone:
                members.append(Member(model, 1.0, base.text, error=error))
            trace.append({**step, "weight": None, "kept": alone, "stopped": "e >= 0.5"})
            break
        beta = error / (1.0 - error)
        vote = -math.log(beta)
        members.append(Member(model, vote, base.text, error=error))
        trace.append({**step, "weight": vote, "kept": True})
        weights = np.where(wrong, weights, weights * beta)
        weights *= n / weights.sum()  # the summed weight stays n
        if progress is not None:
            progress("boosting: rounds", t, rounds)
    ensemble = Ensemble(data.target, data.attributes, classes, tuple(members))
    return Built(ensemble, trace)


def _build(data: ColumnarData, settings: BoostingSettings, progress: Progress | None) -> Built:
    return adaboost_m1(
        data,
        settings.base_learner,
        settings.rounds,
        resample=settings.resample,
        seed=settings.seed,
        progress=progress,
    )


SETTINGS = BoostingSettings
learn = ensemble_learner(BoostingSettings, _build, "an AdaBoost.M1 ensemble")
