"""Bagging: bootstrap aggregating (Breiman 1996).

BAGGING(data, learner, T): for t = 1 ... T, draw a bootstrap sample of the
data (``n`` examples drawn at random with replacement from the ``n``
training examples, so some are left out and others repeated), learn a model
from it; classify a new instance by the **majority vote** of the ``T``
models (Witten, Frank and Hall 2011, Data Mining, 3rd ed., section 8.2 and
Figure 8.2 "Algorithm for bagging"; the course notes, "Combining Multiple
Models: Bagging").  Ties go to the class listed first.

A base learner that takes weighted examples (the trees, OneR, naive Bayes)
is given each drawn example once, weighted by how often it was drawn: the
same counts as the repeated examples, in fewer rows.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_kb(loads('''
... :- attributes(t, [sky, wind]).
... pos(t(sunny, weak)). pos(t(sunny, strong)). neg(t(rainy, weak)). neg(t(rainy, strong)).
... pos(t(cloudy, weak)). neg(t(cloudy, strong)).
... '''))
>>> run = learn(task, BaggingSettings(rounds=3, base="one-r", seed=1))
>>> [m["weight"] for m in run.to_dict()["members"]]
[1.0, 1.0, 1.0]
>>> run.ensemble.classify(("sunny", "weak"))
True

References
----------
Breiman (1996), "Bagging predictors", Machine Learning 24(2), 123-140;
Witten, Frank and Hall (2011), section 8.2.
"""

from __future__ import annotations

import numpy as np

from symlearn.data.columnar import ColumnarData, Sample
from symlearn.learners.ensembles.committee import Ensemble, Member
from symlearn.learners.ensembles.results import (
    OUTPUT_HELP,
    OUTPUT_SUFFIXES,
    Built,
    Progress,
    ensemble_learner,
)
from symlearn.learners.ensembles.settings import BaggingSettings
from symlearn.learning.models import BaseLearner

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "BaggingSettings",
    "bagging",
    "bootstrap_sample",
    "learn",
]

SUMMARY = "Bagging: the majority vote of models learnt from bootstrap samples."
EXAMPLE = "symlearn learn bagging kb/house_votes.pl --rounds 10 --test-fraction 0.3"
TABLES = True


def bootstrap_sample(
    data: ColumnarData,
    base: BaseLearner,
    rng: np.random.Generator,
    columns: tuple[int, ...] | None,
) -> Sample:
    """One bootstrap sample of ``data`` (on ``columns``, if given).

    ``n`` rows drawn with replacement: a learner that takes weights gets each
    row drawn once with the number of times it was drawn as its weight (the
    same model), another one the drawn rows as they are.
    """
    n = data.n_examples
    drawn = rng.integers(0, n, size=n)
    if base.takes_weights:
        counts = np.bincount(drawn, minlength=n)
        kept = np.flatnonzero(counts)
        return Sample(kept, counts[kept].astype(np.float64), columns)
    return Sample(np.sort(drawn), None, columns)


def bagging(
    data: ColumnarData,
    base: BaseLearner,
    rounds: int = 10,
    seed: int = 0,
    progress: Progress | None = None,
) -> Built:
    """Learn ``rounds`` members from bootstrap samples (see the module docstring).

    Parameters
    ----------
    data
        The training examples.
    base
        The learner that makes each member.
    rounds
        How many bootstrap samples (members).
    seed
        The seed of the samples.
    progress
        Called as ``progress("bagging: members", rounds, rounds)`` when the
        members are learnt (they are learnt together).
    """
    rng = np.random.default_rng(seed)
    samples = [bootstrap_sample(data, base, rng, None) for _ in range(rounds)]
    models = base.fit_many(data, samples)
    if progress is not None:
        progress("bagging: members", rounds, rounds)
    members = tuple(Member(model, 1.0, base.text) for model in models)
    ensemble = Ensemble(data.target, data.attributes, data.encoded.classes, members)
    return Built(ensemble, [])


def _build(data: ColumnarData, settings: BaggingSettings, progress: Progress | None) -> Built:
    return bagging(data, settings.base_learner, settings.rounds, settings.seed, progress)


SETTINGS = BaggingSettings
learn = ensemble_learner(BaggingSettings, _build, "a bagged ensemble")
