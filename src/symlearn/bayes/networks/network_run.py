"""What the Bayesian learners' results share: a belief network, written and asked.

Naive Bayes and ``bayes-net`` both learn a belief network (for naive Bayes,
the class is the one parent of every attribute).  :class:`NetworkRun` is their
common :class:`~symlearn.learning.result.LearnResult`:

* the hypothesis is the network as ProbLog clauses
  (:func:`~symlearn.bayes.networks.problog_format.format_problog`), so that the ``.pl``
  file :meth:`~NetworkRun.save` writes is read back by ``symlearn infer`` as
  the same network;
* ``-o`` also writes ``.bif`` and pictures (``.svg``, ``.png``, ``.dot``);
* :meth:`~NetworkRun.infer` asks the learned network a probabilistic query;
* :meth:`~NetworkRun.query` answers Prolog goals over the knowledge base with
  the target's own clauses set aside (a belief network has no Horn clauses to
  add to it).

Functions and classes
---------------------
NetworkRun, learnt_from
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from symlearn.bayes.networks.network import BayesianNetwork
from symlearn.bayes.networks.network_answer import (
    EvidenceGiven,
    InferenceRun,
    Queries,
    infer_network,
)
from symlearn.bayes.networks.network_files import NETWORK_SUFFIXES, write_network
from symlearn.bayes.networks.problog_format import format_problog
from symlearn.errors import InvalidParameterError
from symlearn.learning.result import LearnResult, check_suffix
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause

__all__ = ["NetworkRun", "learnt_from"]


def learnt_from(task: LearningTask) -> str:
    """``from FILE ...`` naming the task's files by their base names (empty when none)."""
    names = " ".join(Path(s).name for s in task.sources)
    return f" from {names}" if names else ""


class NetworkRun(LearnResult):
    """A learner's result whose hypothesis is a belief network (see the module docstring).

    Subclasses provide :attr:`network` and :attr:`header` (the line that
    says what the network is and where it was learned from).
    """

    OUTPUT_SUFFIXES: ClassVar[tuple[str, ...]] = NETWORK_SUFFIXES

    @property
    @abc.abstractmethod
    def network(self) -> BayesianNetwork:
        """The learned network."""

    @property
    @abc.abstractmethod
    def header(self) -> str:
        """What the network is and where it was learned from (the files' first comment)."""

    def clauses(self) -> list[str]:
        """The network as ProbLog clauses, one per CPT row."""
        return format_problog(self.network).splitlines()

    def program_clauses(self) -> list[Clause]:
        """No Horn clauses: the hypothesis is probabilistic (ask it with :meth:`infer`)."""
        return []

    def program(self, header: Sequence[str] = ()) -> str:
        """The network as a ProbLog program that ``symlearn infer`` reads back."""
        return format_problog(self.network, header="\n".join([self.header, *header]))

    def save(self, path: str | Path, *, force: bool = False) -> None:
        """Write the network as ProbLog (``.pl``), BIF (``.bif``) or a picture.

        Raises
        ------
        InvalidParameterError
            For a suffix not in :data:`~symlearn.bayes.networks.network_files.NETWORK_SUFFIXES`,
            or a network that cannot be made.
        OutputError
            When ``path`` is an input file (unless ``force``) or cannot be written.
        """
        check_suffix(path, self.OUTPUT_SUFFIXES)
        if Path(path).suffix.lower() == ".pl":
            self.write(path, force=force)
        else:
            write_network(
                path, self.network, title=self.header, inputs=self.task.inputs, force=force
            )
        self.output = str(path)

    def infer(
        self,
        queries: Queries | None = None,
        evidence: EvidenceGiven | None = None,
        **options: Any,
    ) -> InferenceRun:
        """P(query | evidence) in the learned network (see :func:`.network_answer.infer_network`).

        Examples
        --------
        >>> import symlearn
        >>> run = symlearn.learn("naive-bayes", "kb/playtennis.pl")  # doctest: +SKIP
        >>> answer = run.infer("playtennis", ["outlook(sunny)=true"])  # doctest: +SKIP
        >>> answer.probability("playtennis")  # P(pos) P(sunny | pos) / P(sunny)  # doctest: +SKIP
        0.4
        """
        return infer_network(self.network, queries, evidence, **options)

    def picture_svg(self) -> str | None:
        """The network as SVG (None when it cannot be made, e.g. continuous attributes)."""
        try:
            network = self.network
        except InvalidParameterError:
            return None
        return network._repr_svg_()

    def _repr_svg_(self) -> str | None:
        return self.picture_svg()

    def messages(self, verbose: int = 0) -> list[str]:
        """With ``verbose``: that the target's own clauses in the files were set aside."""
        if verbose and self.task.own_clauses:
            return [
                f"% set aside the clauses of {self.task.name} in the files: a learner never "
                "uses the target's own clauses"
            ]
        return []

    def output_lines(self) -> list[str]:
        """``% wrote FILE`` once :meth:`save` has written it."""
        return [f"% wrote {self.output}"] if self.output is not None else []
