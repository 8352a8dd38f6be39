"""Co-EM: co-training with probabilistic labels, re-estimated each time (Nigam and Ghani 2000).

As the course notes give it ("Using Unlabeled Data: Co-EM"), with the
attributes split into two views (``--view A,B --view C,D``):

1. learn model A (naive Bayes) from the labelled examples on view A, and let
   it label every unlabelled example *probabilistically* (``P_A(c | x_A)``);
2. learn model B on view B from the labelled examples and the unlabelled ones
   with A's probabilities (each counting as ``P_A(c | x)`` examples of class
   ``c``); B relabels every unlabelled example (``P_B(c | x_B)``);
3. learn model A again from the labelled examples and B's probabilities, and
   so on, until no probability moves by more than ``--tolerance`` (or
   ``--max-iterations``).

Unlike co-training it never commits to a label, which is why the notes find
it does better.  The final classifier multiplies the two models' class
probabilities, as co-training's does.

When the views are weak (a few attributes each, none telling much about the
class) the exchange contracts: each view, learnt from the other's soft
labels, predicts them less sharply, and the probabilities settle on the
class shares, a fixed point of co-EM (Nigam and Ghani's views were thousands
of words each).  The combined classifier then predicts by the prior.  When
every unlabelled example's probabilities end within :data:`COLLAPSE_BAND` of
the class shares, where the labelled examples' model spread them further,
the result carries a warning saying so.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_kb(loads('''
... :- attributes(t, [a, b]).
... label(t(x, p), yes). label(t(y, q), no).
... unlabelled(t(x, p)). unlabelled(t(y, q)). unlabelled(t(x, q)). unlabelled(t(y, p)).
... '''))
>>> run = learn(task, CoEMSettings(views=("a", "b")))
>>> run.to_dict()["labels"]
{'t(x, p)': 'yes', 't(y, q)': 'no', 't(x, q)': 'yes', 't(y, p)': 'yes'}

References
----------
Nigam and Ghani (2000), "Analyzing the effectiveness and applicability of
co-training", CIKM; Witten, Frank and Hall (2011), Data Mining, 3rd ed., section 7.6.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from symlearn.hypotheses.rule_set import label_text
from symlearn.learners.unlabelled.co_training import combined
from symlearn.learners.unlabelled.mixture import Pool, fit_labelled, posteriors, views
from symlearn.learners.unlabelled.results import Learnt, Progress, unlabelled_learner
from symlearn.learners.unlabelled.settings import CoEMSettings
from symlearn.learning.models import BaseLearner

__all__ = ["COLLAPSE_BAND", "SETTINGS", "CoEMSettings", "co_em", "collapse_warnings", "learn"]

SUMMARY = "Co-EM: two views' naive Bayes relabelling the unlabelled examples for each other."
EXAMPLE = (
    "symlearn learn co-em kb/unlabelled/web_pages.pl --test-fraction 0.75 "
    "--view page_lecture,page_homework,page_exam,page_office_hours "
    "--view link_course,link_syllabus,link_my,link_home"
)
TABLES = True


def co_em(
    pool: Pool,
    base: BaseLearner,
    view_columns: Sequence[tuple[int, ...]],
    *,
    iterations: int = 100,
    tolerance: float = 1e-6,
    progress: Progress | None = None,
) -> Learnt:
    """Co-EM (see the module docstring).

    Returns
    -------
    Learnt
        The combined classifier, the combined classifier of the labelled
        examples alone, per iteration ``iteration`` and ``change`` (the
        largest move of a class probability), each unlabelled example's most
        probable class, and the two views' models.
    """
    first, second = (pool.restricted(c) for c in view_columns)
    model_a = fit_labelled(base, first)
    supervised = combined(pool, [model_a, fit_labelled(base, second)], view_columns)
    probabilities = posteriors(model_a, first.unlabelled, pool.classes)
    initial = probabilities
    model_b = model_a
    trace = []
    for iteration in range(1, iterations + 1):
        model_b = fit_labelled(base, second, probabilities)
        relabelled = posteriors(model_b, second.unlabelled, pool.classes)
        model_a = fit_labelled(base, first, relabelled)
        now = posteriors(model_a, first.unlabelled, pool.classes)
        change = float(np.abs(now - probabilities).max()) if now.size else 0.0
        probabilities = now
        trace.append({"iteration": iteration, "change": change})
        if progress is not None:
            progress("co-EM: iterations", iteration, iterations)
        if change <= tolerance:
            break
    model = combined(pool, [model_a, model_b], view_columns)
    labels = model.predict_columns(pool.unlabelled)
    warnings = collapse_warnings(initial, probabilities, pool.classes, len(trace))
    views_learnt = tuple(zip(view_columns, (model_a, model_b)))
    return Learnt(model, supervised, trace, labels, views_learnt, warnings)


#: Class probabilities all this close to the class shares have collapsed to the prior.
COLLAPSE_BAND = 0.05


def collapse_warnings(
    initial: np.ndarray, final: np.ndarray, classes: Sequence[Any], iterations: int
) -> tuple[str, ...]:
    """A warning when co-EM's probabilities contracted to the class shares (else none).

    ``initial``: the unlabelled examples' class probabilities from the
    labelled examples' model (rows: examples); ``final``: after the
    exchanges.  The shares are the final probabilities' means.
    """
    if not final.size:
        return ()
    shares = final.mean(axis=0)
    if np.abs(final - shares).max() > COLLAPSE_BAND or np.abs(initial - shares).max() <= (
        COLLAPSE_BAND
    ):
        return ()
    named = ", ".join(f"{label_text(c)} {p:.3f}" for c, p in zip(classes, shares.tolist()))
    return (
        f"warning: co-EM's class probabilities collapsed to the prior: after {iterations} "
        f"iterations those of every unlabelled example lie within {COLLAPSE_BAND} of the class "
        f"shares ({named}), where the labelled examples' model gave "
        f"{initial.min():.3f}-{initial.max():.3f}; the views are too weak to teach each "
        "other (a fixed point of co-EM), so the combined classifier predicts by the prior: "
        "try em over all the attributes, or views of more informative attributes",
    )


def _fit(pool: Pool, settings: CoEMSettings, progress: Progress | None) -> Learnt:
    return co_em(
        pool,
        settings.base_learner,
        views(pool.labelled.attributes, settings.view_names),
        iterations=settings.max_iterations,
        tolerance=settings.tolerance,
        progress=progress,
    )


SETTINGS = CoEMSettings
learn = unlabelled_learner(CoEMSettings, _fit, "two views' naive Bayes by co-EM")
