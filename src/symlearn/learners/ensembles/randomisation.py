"""Randomisation: an ensemble of models each learnt from a random subset of the attributes.

Bagging puts randomness into the learner's *input*; randomisation puts it
into the *learner*, and so also works for stable learners, whose models
bagging barely changes (the course notes, "Combining Multiple Models:
Randomisation"; Witten, Frank and Hall 2011, Data Mining, 3rd ed., section
8.3).  The notes' example is the one implemented here, Ho's (1998) random
subspace method: each of ``T`` members is learnt from all the training
examples but only a randomly chosen subset of the attributes (``--features``:
80% of them by default, see :class:`RandomisationSettings`), and the members
classify by **majority vote** (ties: the class listed first).  No subset is
drawn twice until every subset of that size has been: the base learners are
deterministic, so a repeated subset would repeat its member exactly and give
that subset several votes (on six attributes, five per member, ten members
drawn independently voted 0.80-0.85 over thirty seeds, below the single
tree's 0.83 in over a quarter of them; drawn without repeats, 0.84-0.85).
``--bootstrap`` also gives each member its own bootstrap sample, as bagging
does (random subsets and bagging together).

Why a learner of its own: the notes (and Witten and Frank) treat
randomisation as a method beside bagging, boosting and stacking, with its own
source of diversity; ``--bootstrap`` is the option that combines it with
bagging.  Randomising the choice of test at each node of a tree (random
forests) would change the tree learner itself, which a family never does to
another.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_kb(loads('''
... :- attributes(t, [sky, wind, temp]).
... pos(t(sunny, weak, hot)). pos(t(sunny, strong, mild)). neg(t(rainy, weak, hot)).
... neg(t(rainy, strong, cool)). pos(t(cloudy, weak, mild)). neg(t(cloudy, strong, cool)).
... '''))
>>> run = learn(task, RandomisationSettings(rounds=4, base="one-r", features=2, seed=3))
>>> [m["attributes"] for m in run.to_dict()["members"]]
[['sky', 'wind'], ['sky', 'temp'], ['wind', 'temp'], ['sky', 'temp']]

References
----------
Ho (1998), "The random subspace method for constructing decision forests",
IEEE Transactions on Pattern Analysis and Machine Intelligence 20(8);
Witten, Frank and Hall (2011), section 8.3.
"""

from __future__ import annotations

import math

import numpy as np

from symlearn.data.columnar import ColumnarData, Sample
from symlearn.learners.ensembles.bagging import bootstrap_sample
from symlearn.learners.ensembles.committee import Ensemble, Member
from symlearn.learners.ensembles.results import (
    OUTPUT_HELP,
    OUTPUT_SUFFIXES,
    Built,
    Progress,
    ensemble_learner,
)
from symlearn.learners.ensembles.settings import RandomisationSettings
from symlearn.learning.models import BaseLearner

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "RandomisationSettings",
    "learn",
    "random_subspaces",
]

SUMMARY = "Randomisation: the majority vote of models learnt on random subsets of the attributes."
EXAMPLE = "symlearn learn randomisation kb/house_votes.pl --features 0.5 --test-fraction 0.3"
TABLES = True


def random_subspaces(
    data: ColumnarData,
    base: BaseLearner,
    rounds: int = 10,
    size: int = 1,
    *,
    bootstrap: bool = False,
    seed: int = 0,
    progress: Progress | None = None,
) -> Built:
    """Learn ``rounds`` members, each on ``size`` random attributes (see the module docstring).

    Parameters
    ----------
    data
        The training examples.
    base
        The learner that makes each member.
    rounds
        How many members.
    size
        How many attributes each member sees (drawn without replacement).
    bootstrap
        Also learn each member from a bootstrap sample.
    seed
        The seed of the subsets (and samples).
    progress
        Called as ``progress("randomisation: members", rounds, rounds)`` when the
        members are learnt (they are learnt together).
    """
    rng = np.random.default_rng(seed)
    samples = []
    drawn: set[tuple[int, ...]] = set()
    for _ in range(rounds):
        if len(drawn) == math.comb(data.arity, size):
            drawn.clear()  # every subset has been drawn: a new round of them
        columns = _new_subset(rng, data.arity, size, drawn)
        drawn.add(columns)
        if bootstrap:
            samples.append(bootstrap_sample(data, base, rng, columns))
        else:
            samples.append(Sample(np.arange(data.n_examples), None, columns))
    models = base.fit_many(data, samples)
    if progress is not None:
        progress("randomisation: members", rounds, rounds)
    members = tuple(
        Member(model, 1.0, base.text, sample.attributes) for model, sample in zip(models, samples)
    )
    ensemble = Ensemble(data.target, data.attributes, data.encoded.classes, members)
    return Built(ensemble, [])


def _new_subset(
    rng: np.random.Generator, arity: int, size: int, drawn: set[tuple[int, ...]]
) -> tuple[int, ...]:
    """A random subset of ``size`` of the ``arity`` attributes not in ``drawn`` (one remains)."""
    while True:
        chosen = tuple(int(c) for c in np.sort(rng.choice(arity, size=size, replace=False)))
        if chosen not in drawn:
            return chosen


def _build(
    data: ColumnarData, settings: RandomisationSettings, progress: Progress | None
) -> Built:
    return random_subspaces(
        data,
        settings.base_learner,
        settings.rounds,
        settings.subset_size(data.arity),
        bootstrap=settings.bootstrap,
        seed=settings.seed,
        progress=progress,
    )


SETTINGS = RandomisationSettings
learn = ensemble_learner(RandomisationSettings, _build, "an ensemble on random attribute subsets")
