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
