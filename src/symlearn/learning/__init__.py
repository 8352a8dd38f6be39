"""One learning task, one learner protocol.

* :class:`~symlearn.learning.task.LearningTask`: the target, the knowledge
  base (or a table of examples), the language bias and the file's settings,
  built in one place;
* :class:`~symlearn.learning.settings.Settings`: each learner's settings as a
  dataclass, read once from ``:- set(Name, Value).`` and overridable;
* :class:`~symlearn.learning.result.LearnResult`: what every learner returns
  (the hypothesis, its clauses, JSON, a report, the learned program to query);
* :func:`~symlearn.learning.registry.learn`: run any learner by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from symlearn.lazy import lazy_exports

if TYPE_CHECKING:
    from symlearn.learning.learned_program import LearnedProgram
    from symlearn.learning.registry import ALGORITHMS, learn, learner
    from symlearn.learning.result import LearnResult
    from symlearn.learning.settings import Settings, option
    from symlearn.learning.task import LearningTask

__all__ = [
    "ALGORITHMS",
    "LearnResult",
    "LearnedProgram",
    "LearningTask",
    "Settings",
    "learn",
    "learner",
    "option",
]

#: Where each name lives: imported on first use, so that importing one module of
#: the package (the command line's settings options) does not import them all.
_HOMES = {
    "ALGORITHMS": "registry",
    "LearnResult": "result",
    "LearnedProgram": "learned_program",
    "LearningTask": "task",
    "Settings": "settings",
    "learn": "registry",
    "learner": "registry",
    "option": "settings",
}

__getattr__, __dir__ = lazy_exports(__name__, _HOMES, __all__)
