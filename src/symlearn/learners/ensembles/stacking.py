"""Stacking: a level-1 model learns how to combine level-0 models of different learners.

Stacked generalisation (Wolpert 1992) as the course notes ("Combining
Multiple Models: Stacking") and Witten, Frank and Hall (2011, Data Mining,
3rd ed., section 8.7) give it:

* the **level-0** models are learnt by different learners (``--base``,
  repeated: by default a CART tree, naive Bayes and OneR);
* a **level-1 instance** has one attribute per level-0 learner (``m1``,
  ``m2``, ...), the class that learner's model predicts; the **level-1 model**
  (``--meta``, ID3 by default) learns from such instances with the true class;
* the level-1 training instances must not come from models that saw the
  instance (they would teach the meta model to trust whichever model overfits
  most), so they are the level-0 predictions on the test folds of a
  ``--folds``-fold cross-validation (10, stratified and seeded); the level-0
  models kept are then learnt from all the training examples.

To classify, each level-0 model predicts and the level-1 model classifies the
level-1 instance of those predictions.  The notes' remark that simple level-1
learners (such as linear regression) do best is why the meta model sees only
the predicted classes; a small tree over them prints as rules such as "if the
tree says yes and naive Bayes says yes then yes".

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning import LearningTask
>>> rows = [("sunny", "weak", "pos"), ("sunny", "strong", "pos"), ("rainy", "weak", "neg"),
...         ("rainy", "strong", "neg"), ("cloudy", "weak", "pos"), ("cloudy", "strong", "neg")]
>>> task = LearningTask.from_kb(loads(":- attributes(t, [sky, wind]). "
...                                   + " ".join(f"{c}(t({s}, {w}))." for s, w, c in rows * 3)))
>>> run = learn(task, StackingSettings(base=("one-r", "id3"), folds=3))
>>> run.to_dict()["meta"]
['t_level1(_, pos).']
>>> run.ensemble.classify(("cloudy", "weak")), run.ensemble.classify(("cloudy", "strong"))
(True, False)

References
----------
Wolpert (1992), "Stacked generalization", Neural Networks 5(2), 241-259;
Witten, Frank and Hall (2011), section 8.7.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from symlearn.data.columnar import ColumnarData, Sample
from symlearn.errors import InvalidParameterError
from symlearn.evaluation.splits import k_fold_indices
from symlearn.learners.ensembles.committee import Ensemble, Member
from symlearn.learners.ensembles.results import (
    OUTPUT_HELP,
    Built,
    Progress,
    ensemble_learner,
)
from symlearn.learners.ensembles.settings import StackingSettings
from symlearn.learning.models import BaseLearner, class_codes

__all__ = [
    "OUTPUT_HELP",
    "OUTPUT_SUFFIXES",
    "SETTINGS",
    "StackingSettings",
    "learn",
    "level1_codes",
    "stacking",
]

SUMMARY = "Stacking: a level-1 model learns to combine the classes of different learners' models."
EXAMPLE = "symlearn learn stacking kb/house_votes.pl --test-fraction 0.3"
TABLES = True

#: Stacking draws no error curve: its members are not added one after another.
OUTPUT_SUFFIXES = (".pl",)


def level1_codes(
    data: ColumnarData,
    bases: Sequence[BaseLearner],
    folds: int,
    seed: int,
    progress: Progress | None = None,
) -> np.ndarray:
    """Each level-0 learner's class of every example when it was held out, ``(learners, rows)``.

    Positions in the table's classes (-1: the model gave none).

    Raises
    ------
    InvalidParameterError
        When there are fewer examples than folds.
    """
    if data.n_examples < folds:
        raise InvalidParameterError(
            f"--folds {folds}: stacking's cross-validation needs at least {folds} training "
            f"examples, there are {data.n_examples}"
        )
    classes = data.encoded.classes
    codes = np.full((len(bases), data.n_examples), -1, dtype=np.int64)
    every = np.arange(data.n_examples)
    held_outs = list(k_fold_indices(data, folds, seed))
    samples = [Sample(np.setdiff1d(every, held_out, assume_unique=True)) for held_out in held_outs]
    for done, base in enumerate(bases, 1):
        models = base.fit_many(data, samples)  # one per fold, made together where they can be
        for model, held_out in zip(models, held_outs):
            codes[done - 1, held_out] = class_codes(model, data.take(held_out), classes)
        if progress is not None:
            progress("stacking: level-0 learners cross-validated", done, len(bases))
    return codes


def stacking(
    data: ColumnarData,
    bases: Sequence[BaseLearner],
    meta: BaseLearner,
    folds: int = 10,
    seed: int = 0,
    progress: Progress | None = None,
) -> Built:
    """Learn the level-0 models and the level-1 model (see the module docstring)."""
    codes = level1_codes(data, bases, folds, seed, progress)
    members = tuple(Member(base.fit(data), 1.0, base.text) for base in bases)
    shell = Ensemble(data.target, data.attributes, data.encoded.classes, members)
    labelled = shell.level1(codes, data.encoded.y)
    ensemble = Ensemble(
        data.target, data.attributes, data.encoded.classes, members, meta.fit(labelled)
    )
    return Built(ensemble, [])


def _build(data: ColumnarData, settings: StackingSettings, progress: Progress | None) -> Built:
    return stacking(
        data,
        settings.base_learners,
        settings.meta_learner,
        settings.folds,
        settings.seed,
        progress,
    )


SETTINGS = StackingSettings
learn = ensemble_learner(StackingSettings, _build, "a stacked ensemble")
