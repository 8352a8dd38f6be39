"""Semi-supervised EM: naive Bayes from labelled and unlabelled examples (Nigam et al. 2000).

As the course notes give it ("Using Unlabeled Data: Clustering") and Nigam,
McCallum, Thrun and Mitchell (2000) define it, with the labelled examples
``L`` and the unlabelled ``U``:

1. train naive Bayes on ``L``;
2. repeat until convergence:

   * **E-step**: with the current classifier, the probability ``P(c | x)``
     that each class (mixture component) generated each ``x`` of ``U``;
   * **M-step**: re-estimate the classifier from ``L`` (its labels) and ``U``,
     each ``x`` of ``U`` counting as ``lambda P(c | x)`` examples of class ``c``
     (``lambda`` = ``--unlabelled-weight``, 1 by default: Nigam et al.'s
     basic EM; less gives their EM-lambda);

3. output the classifier; it labels the unlabelled examples (``labels``).

Convergence: Nigam et al.'s ``l(theta | D) = log P(theta) + sum_L log P(y)
P(x | y) + lambda sum_U log sum_c P(c) P(x | c)`` (the m-estimates' Dirichlet
prior included, so that each iteration raises it) rises by less than
``--tolerance`` (relative), or ``--max-iterations`` is reached.  Naive Bayes is Mitchell's
(1997, section 6.9), through the registry; its probabilities are Laplace
estimates by default, as Nigam et al.'s (the class priors are relative
frequencies: our naive Bayes does not smooth them).

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.learning import LearningTask
>>> task = LearningTask.from_kb(loads('''
... :- attributes(t, [a, b]).
... label(t(x, p), yes). label(t(y, q), no).
... unlabelled(t(x, p)). unlabelled(t(x, p)). unlabelled(t(y, q)). unlabelled(t(x, q)).
... '''))
>>> run = learn(task)
>>> run.to_dict()["labels"]
{'t(x, p)': 'yes', 't(y, q)': 'no', 't(x, q)': 'yes'}

References
----------
Nigam, McCallum, Thrun and Mitchell (2000), "Text classification from labeled
and unlabeled documents using EM", Machine Learning 39(2/3), 103-134;
Witten, Frank and Hall (2011), Data Mining, 3rd ed., section 7.6.
"""

from __future__ import annotations

import numpy as np

from symlearn.learners.unlabelled.mixture import Pool, fit_labelled, log_likelihood, posteriors
from symlearn.learners.unlabelled.results import Learnt, Progress, unlabelled_learner
from symlearn.learners.unlabelled.settings import EMSettings
from symlearn.learning.models import BaseLearner

__all__ = ["SETTINGS", "EMSettings", "learn", "semi_supervised_em"]

SUMMARY = "Semi-supervised EM: naive Bayes re-estimated from labelled and unlabelled examples."
EXAMPLE = "symlearn learn semi-supervised-em kb/unlabelled/web_pages.pl --test-fraction 0.75"
TABLES = True


def semi_supervised_em(
    pool: Pool,
    base: BaseLearner,
    *,
    iterations: int = 100,
    tolerance: float = 1e-6,
    weight: float = 1.0,
    progress: Progress | None = None,
) -> Learnt:
    """EM over the unlabelled examples with naive Bayes (see the module docstring).

    Returns
    -------
    Learnt
        The classifier, the one from ``L`` alone, and per iteration
        ``iteration``, ``log_likelihood`` and ``changed`` (how many unlabelled
        examples changed their most probable class).
    """
    supervised = model = fit_labelled(base, pool)
    probabilities = posteriors(model, pool.unlabelled, pool.classes)
    labels = np.argmax(probabilities, axis=1)
    previous = log_likelihood(model, pool, weight)
    trace = []
    for iteration in range(1, iterations + 1):
        model = fit_labelled(base, pool, probabilities, weight)  # M-step
        probabilities = posteriors(model, pool.unlabelled, pool.classes)  # E-step
        now = np.argmax(probabilities, axis=1)
        current = log_likelihood(model, pool, weight)
        trace.append(
            {
                "iteration": iteration,
                "log_likelihood": current,
                "changed": int(np.count_nonzero(now != labels)),
            }
        )
        labels = now
        if progress is not None:
            progress("EM: iterations", iteration, iterations)
        if np.isfinite(current) and current - previous <= tolerance * max(1.0, abs(current)):
            break
        previous = current
    return Learnt(model, supervised, trace, labels)


def _fit(pool: Pool, settings: EMSettings, progress: Progress | None) -> Learnt:
    return semi_supervised_em(
        pool,
        settings.base_learner,
        iterations=settings.max_iterations,
        tolerance=settings.tolerance,
        weight=settings.unlabelled_weight,
        progress=progress,
    )


SETTINGS = EMSettings
learn = unlabelled_learner(EMSettings, _fit, "naive Bayes by EM")
