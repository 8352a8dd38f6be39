"""The learners by name, and :func:`learn`: one call for every algorithm.

Each algorithm of ``symlearn learn ALGORITHM`` is a module with

* ``SETTINGS``: its :class:`~symlearn.learning.settings.Settings` class;
* ``learn(task, settings=None, *, progress=None, log=None)``: the learner,
  returning a :class:`~symlearn.learning.result.LearnResult`;
* ``SUMMARY`` and ``EXAMPLE``: one line of help and a command to try;
* ``TABLES``: True when it also learns from CSV files (attribute-value data);
* ``TARGET_FROM_KB``: a function giving the target from the knowledge base,
  when the learner has its own default (ProbLog's LFI: the learnable clauses);
* ``UNSUPERVISED``: True when it needs no class (clustering, association
  rules): it reads :attr:`~symlearn.learning.task.LearningTask.instance_data`,
  files may hold only ``instance/1`` examples, and ``--csv``/``--parquet``
  need no ``--class-column``;
* ``fit(data, settings)``: for a learner of attribute-value data, the model
  alone (no hold-out, no report), what ensembles combine; its settings'
  ``takes_weights`` says whether weighted examples count as their weight
  (:mod:`symlearn.learning.models`).

:data:`ALGORITHMS` maps the names to those modules; they are imported only
when used, so naming a learner costs nothing.

Examples
--------
>>> result = learn("find-s", "kb/enjoysport.pl", target="enjoysport/6")  # doctest: +SKIP
>>> result.clauses()  # doctest: +SKIP
['enjoysport(sunny, warm, _, strong, _, _).']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from symlearn.errors import InvalidParameterError
from symlearn.learning.result import LearnResult
from symlearn.learning.settings import Settings
from symlearn.learning.task import LearningTask
from symlearn.logic.indicators import Indicator

__all__ = ["ALGORITHMS", "Progress", "learn", "learner"]

#: A progress callback: ``progress(stage, done, total)``.
Progress = Callable[[str, int, "int | None"], None]

#: Algorithm name -> the module that implements it.
ALGORITHMS: dict[str, str] = {
    "find-s": "symlearn.learners.concepts.find_s",
    "list-then-eliminate": "symlearn.learners.concepts.list_then_eliminate",
    "candidate-elimination": "symlearn.learners.concepts.candidate_elimination",
    "elimination": "symlearn.learners.concepts.elimination",
    "id3": "symlearn.learners.trees.id3",
    "c45": "symlearn.learners.trees.c45",
    "cart": "symlearn.learners.trees.cart",
    "one-r": "symlearn.learners.trees.one_r",
    "sequential-covering": "symlearn.learners.rules.sequential_covering",
    "foil": "symlearn.ilp.foil",
    "progol": "symlearn.ilp.progol",
    "inverse-resolution": "symlearn.ilp.inverse_resolution",
    "naive-bayes": "symlearn.bayes.naive.naive_bayes",
    "bayes-net": "symlearn.bayes.networks.learning",
    "brute-force-map": "symlearn.bayes.map.map_concept",
    "problog-lfi": "symlearn.bayes.problog.lfi",
    "knn": "symlearn.learners.instances.knn",
    "linear-regression": "symlearn.learners.linear.linear_regression",
    "perceptron": "symlearn.learners.linear.perceptron",
    "delta-rule": "symlearn.learners.linear.delta_rule",
    "backpropagation": "symlearn.learners.linear.backpropagation",
    "svm": "symlearn.learners.linear.svm",
    "apriori": "symlearn.learners.association.apriori",
    "k-means": "symlearn.learners.clustering.k_means",
    "agglomerative": "symlearn.learners.clustering.agglomerative",
    "divisive": "symlearn.learners.clustering.divisive",
    "em-clustering": "symlearn.learners.clustering.em_clustering",
    "bagging": "symlearn.learners.ensembles.bagging",
    "boosting": "symlearn.learners.ensembles.boosting",
    "randomisation": "symlearn.learners.ensembles.randomisation",
    "stacking": "symlearn.learners.ensembles.stacking",
    "semi-supervised-em": "symlearn.learners.unlabelled.em",
    "co-training": "symlearn.learners.unlabelled.co_training",
    "co-em": "symlearn.learners.unlabelled.co_em",
    "lff": "symlearn.ilp.lff",
}


def learner(algorithm: str) -> ModuleType:
    """The module implementing ``algorithm``.

    Raises
    ------
    InvalidParameterError
        For a name that is not a learner (with the closest names).
    """
    if not isinstance(algorithm, str):
        raise InvalidParameterError(
            f"algorithm must be a learner's name such as 'foil', not {algorithm!r}"
        )
    module = ALGORITHMS.get(algorithm)
    if module is None:
        import difflib  # only for a mistyped name

        close = difflib.get_close_matches(algorithm, ALGORITHMS, n=3)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        raise InvalidParameterError(
            f"no learner {algorithm!r}{hint}; learners: {', '.join(sorted(ALGORITHMS))}"
        )
    return importlib.import_module(module)


def learn(
    algorithm: str,
    source: LearningTask | str | Iterable[str],
    *,
    target: str | Indicator | None = None,
    settings: Settings | None = None,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
    **given: Any,
) -> LearnResult:
    """Run ``algorithm`` on a task, a file or files.

    Parameters
    ----------
    algorithm
        A name of :data:`ALGORITHMS` (``"foil"``, ``"id3"``, ...).
    source
        A :class:`LearningTask`, or the knowledge-base file(s) to read.
    target
        The predicate to learn (``"grandparent/2"``); by default the one the
        files are about.
    settings
        The learner's settings; by default read from the files' ``set/2``
        directives, overridden by ``given``.
    progress, log
        Callbacks for progress (``stage, done, total``) and explanations
        (``level, message``).
    **given
        Settings by name (``clause_length=4``); None keeps the file's value.

    Examples
    --------
    >>> import symlearn
    >>> r = symlearn.learn("foil", "kb/family.pl", target="grandparent/2")  # doctest: +SKIP
    >>> r.query("grandparent(X, lisa)")  # doctest: +SKIP
    """
    module = learner(algorithm)
    for name, function in (("progress", progress), ("log", log)):
        if function is not None and not callable(function):
            raise InvalidParameterError(f"{name} must be a function or None, not {function!r}")
    if settings is not None and not isinstance(settings, module.SETTINGS):
        raise InvalidParameterError(
            f"settings must be {module.SETTINGS.__name__} (or None), not {settings!r}"
        )
    from_kb = getattr(module, "TARGET_FROM_KB", None)
    if not isinstance(source, LearningTask) and target is None and from_kb is not None:
        task = LearningTask.from_kb_target(source, from_kb)
    else:
        task = (
            source if isinstance(source, LearningTask) else LearningTask.from_files(source, target)
        )
    if isinstance(source, LearningTask) and target is not None:
        raise InvalidParameterError("give the target in the LearningTask, not as target=")
    chosen = settings if settings is not None else module.SETTINGS.from_task(task, **given)
    if settings is not None and given:
        chosen = settings.replace(**{k: v for k, v in given.items() if v is not None})
    result: LearnResult = module.learn(task, chosen, progress=progress, log=log)
    return result
