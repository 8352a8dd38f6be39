"""Co-training: two views' models label unlabelled examples for each other (Blum, Mitchell 1998).

The attributes fall into two views (``--view A,B --view C,D``, which must
partition them), each thought enough to classify on its own.  As the course
notes ("Using Unlabeled Data: Co-training") and Blum and Mitchell give it:

1. learn model 1 (naive Bayes) from the labelled examples on view 1, and
   model 2 on view 2;
2. each model labels the unlabelled examples: for each class, the
   ``--per-class`` examples (1 by default, the notes' one positive and one
   negative) it most confidently gives that class are added to the labelled
   examples with that class (an example is taken once; the ones a model
   gives another class are not candidates);
3. repeat until no unlabelled example is left (or ``--rounds``).

Blum and Mitchell choose from a pool of 75 unlabelled examples drawn at
random and refilled after each round (``--pool 75``); by default the whole
of ``U`` is the pool, as in the notes.  The final classifier multiplies the
two models' class probabilities (Blum and Mitchell's combined classifier):
``P(c | x)`` proportional to ``P_1(c | x_1) P_2(c | x_2)``.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_kb(loads('''
... :- attributes(t, [a, b]).
... label(t(x, p), yes). label(t(y, q), no).
... unlabelled(t(x, p)). unlabelled(t(y, q)). unlabelled(t(x, q)). unlabelled(t(y, p)).
... '''))
>>> run = learn(task, CoTrainingSettings(views=("a", "b")))
>>> [(r["round"], r["added"]) for r in run.trace]
[(1, 4)]
>>> run.to_dict()["labels"]
{'t(x, p)': 'yes', 't(y, q)': 'no', 't(x, q)': 'no', 't(y, p)': 'yes'}

View ``a``'s model takes ``t(x, p)`` for ``yes`` and ``t(y, q)`` for ``no``
(the first of equally confident ones); view ``b``'s, from the other two,
``t(y, p)`` for ``yes`` (``p``) and ``t(x, q)`` for ``no`` (``q``).

References
----------
Blum and Mitchell (1998), "Combining labeled and unlabeled data with
co-training", COLT; Witten, Frank and Hall (2011), Data Mining, 3rd ed., section 7.6.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from symlearn.data.columnar import ColumnarData
from symlearn.data.encoded import EncodedData
from symlearn.learners.unlabelled.mixture import Combined, Pool, fit_labelled, posteriors, views
from symlearn.learners.unlabelled.results import Learnt, Progress, unlabelled_learner
from symlearn.learners.unlabelled.settings import CoTrainingSettings
from symlearn.learning.models import BaseLearner

__all__ = ["SETTINGS", "CoTrainingSettings", "co_training", "combined", "learn"]

SUMMARY = "Co-training: naive Bayes on two views, each labelling examples for the other."
EXAMPLE = (
    "symlearn learn co-training kb/unlabelled/web_pages.pl --test-fraction 0.75 "
    "--view page_lecture,page_homework,page_exam,page_office_hours "
    "--view link_course,link_syllabus,link_my,link_home"
)
TABLES = True


def _with_labels(pool: Pool, rows: np.ndarray, labels: np.ndarray) -> Pool:
    """The pool whose labelled examples also have unlabelled ``rows`` with ``labels``."""
    labelled = pool.labelled.encoded
    columns = tuple(
        np.concatenate([column, u[rows]]).astype(column.dtype, copy=False)
        for column, u in zip(labelled.columns, pool.unlabelled)
    )
    y = np.concatenate([labelled.y, labels.astype(np.int32)])
    encoded = EncodedData(labelled.target, labelled.attributes, columns, y, labelled.classes)
    return Pool(ColumnarData(encoded), pool.unlabelled, pool.classes)


def _most_confident(
    probabilities: np.ndarray, candidates: np.ndarray, per_class: int, taken: set[int]
) -> list[tuple[int, int]]:
    """``(row, class)``: per class, the rows predicted that class with the highest probability."""
    chosen = []
    predicted = np.argmax(probabilities, axis=1)
    for c in range(probabilities.shape[1]):
        mine = np.flatnonzero(predicted == c)
        order = mine[np.argsort(-probabilities[mine, c], kind="stable")]
        picked = 0
        for position in order.tolist():
            row = int(candidates[position])
            if picked == per_class:
                break
            if row not in taken:
                taken.add(row)
                chosen.append((row, c))
                picked += 1
    return chosen


def combined(pool: Pool, models: Sequence[Any], columns: Sequence[tuple[int, ...]]) -> Combined:
    """The models of the views as one classifier (the product of their posteriors)."""
    data = pool.labelled
    return Combined(data.target, data.attributes, pool.classes, tuple(models), tuple(columns))


def co_training(
    pool: Pool,
    base: BaseLearner,
    view_columns: Sequence[tuple[int, ...]],
    *,
    per_class: int = 1,
    pool_size: int | None = None,
    rounds: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Learnt:
    """Co-training (see the module docstring).

    Returns
    -------
    Learnt
        The combined classifier, the combined classifier of the labelled
        examples alone, per round ``round``, ``added`` and ``labelled`` (how
        many examples are labelled now), each unlabelled example's class (the
        one it was added with; the final classifier's for those never added),
        and the two views' models.
    """
    rng = np.random.default_rng(seed)
    remaining = np.arange(pool.n_unlabelled)
    if pool_size is not None:  # a random order: each round's pool is the first pool_size
        remaining = rng.permutation(pool.n_unlabelled)
    added = np.full(pool.n_unlabelled, -1, dtype=np.int64)
    current = pool
    models = [fit_labelled(base, current.restricted(c)) for c in view_columns]
    supervised = combined(pool, models, view_columns)
    trace = []
    round_number = 0
    while remaining.size and (rounds is None or round_number < rounds):
        round_number += 1
        candidates = remaining if pool_size is None else remaining[:pool_size]
        taken: set[int] = set()
        chosen: list[tuple[int, int]] = []
        for model, columns in zip(models, view_columns):
            view = [pool.unlabelled[c][candidates] for c in columns]
            probabilities = posteriors(model, view, pool.classes)
            chosen += _most_confident(probabilities, candidates, per_class, taken)
        if not chosen:
            break
        rows = np.array([row for row, _ in chosen])
        labels = np.array([c for _, c in chosen])
        added[rows] = labels
        current = _with_labels(current, rows, labels)
        remaining = remaining[~np.isin(remaining, rows)]
        models = [fit_labelled(base, current.restricted(c)) for c in view_columns]
        trace.append(
            {"round": round_number, "added": len(chosen), "labelled": current.labelled.n_examples}
        )
        if progress is not None:
            progress("co-training: unlabelled examples labelled", len(taken), pool.n_unlabelled)
    model = combined(pool, models, view_columns)
    final = np.where(added >= 0, added, model.predict_columns(pool.unlabelled))
    return Learnt(model, supervised, trace, final, tuple(zip(view_columns, models)))


def _fit(pool: Pool, settings: CoTrainingSettings, progress: Progress | None) -> Learnt:
    return co_training(
        pool,
        settings.base_learner,
        views(pool.labelled.attributes, settings.view_names),
        per_class=settings.per_class,
        pool_size=settings.pool,
        rounds=settings.rounds,
        seed=settings.seed,
        progress=progress,
    )


SETTINGS = CoTrainingSettings
learn = unlabelled_learner(CoTrainingSettings, _fit, "two views' naive Bayes by co-training")
