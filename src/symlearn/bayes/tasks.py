r"""ProbLog's tasks over files: what ``symlearn problog TASK FILE...`` runs.

ProbLog's command line has a mode per task (``problog dt``, ``problog map``,
``problog explain``, ProbLog's ``constraint`` task); ``symlearn problog``
has the same tasks, each over the ProbLog clauses of one or more files
(read as one knowledge base), with queries and evidence given as for
``symlearn infer`` (``--query ATOM``, ``--evidence ATOM=true|false``) in
place of the files' where a task reads them:

* ``dt``: decision-theoretic ProbLog, the strategy of highest expected
  utility (:mod:`~symlearn.bayes.problog.dtproblog`);
* ``map``: the most probable values of chosen atoms given the evidence
  (:mod:`~symlearn.bayes.problog.marginal_map`);
* ``explain``: the mutually exclusive proofs of each query
  (:mod:`~symlearn.bayes.problog.explanation`);
* ``constraint``: the strategies that meet ``ensure_true``,
  ``ensure_false`` and ``ensure_prob`` constraints
  (:mod:`~symlearn.bayes.problog.constraints`);
* ``sample``: sampled worlds as ``problog sample`` prints them, with
  continuous distributions (``normal(M, S)::h``, ``value/2``) or
  ``--estimate`` (:mod:`~symlearn.bayes.problog.hybrid_sampling`).

Marginals, sampling and MPE stay with ``symlearn infer`` (``--method``), and
learning from interpretations with ``symlearn learn problog-lfi``.

Functions
---------
run_task, TASKS

Examples
--------
>>> from symlearn.kb import loads
>>> run = run_task("dt", loads("?::umbrella. 0.3::rain. dry :- \\+rain. dry :- umbrella. "
...                            "utility(dry, 10). utility(umbrella, -2)."))
>>> run.decisions, round(run.score, 6)
({'umbrella': 1}, 8.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from symlearn.bayes.problog.deep_stack import run_deep
from symlearn.errors import InvalidParameterError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.terms import Term

if TYPE_CHECKING:
    from symlearn.bayes.given import EvidenceGiven, PathLike, Progress, Queries

__all__ = ["TASKS", "run_task"]

#: The tasks of ``symlearn problog`` and what each does.
TASKS = {
    "dt": "Decision-theoretic ProbLog: the decisions (?::) of highest expected utility.",
    "map": "MAP: the most probable values of the queries (or --query atoms) given the evidence.",
    "explain": "The mutually exclusive proofs of each query, and the probabilities they sum to.",
    "constraint": "The strategies (?:: decisions) that meet the ensure_true, ensure_false and "
    "ensure_prob constraints.",
    "sample": "Sampled worlds (the queries true in each, with the values of continuous "
    "distributions), or --estimate.",
}


def run_task(
    task: str,
    source: PathLike | list[PathLike] | tuple[PathLike, ...] | KnowledgeBase,
    queries: Queries | None = None,
    evidence: EvidenceGiven | None = None,
    *,
    search: str = "exhaustive",
    samples: int = 1,
    seed: int | None = 0,
    estimate: bool = False,
    progress: Progress | None = None,
) -> Any:
    """Run one of ProbLog's tasks (:data:`TASKS`) over files or a knowledge base.

    Parameters
    ----------
    task
        ``dt``, ``map``, ``explain`` or ``constraint``.
    source
        Knowledge-base file(s), read as one, or a knowledge base.
    queries, evidence
        In place of the files' ``query/1`` and ``evidence/1,2`` (``map`` and
        ``explain``; ``constraint`` takes queries).
    search
        ``dt``: ``exhaustive`` (exact, ProbLog's default) or ``local``.
    samples, seed, estimate
        ``sample``: how many worlds (ProbLog's ``-N``), the random seed, and
        whether to print the queries' estimated probabilities instead.

    Returns
    -------
    DecisionRun, MapRun, ExplanationRun, ConstraintRun or SampleRun
        Each with ``report()`` (the text) and ``to_dict()`` (the JSON).

    Raises
    ------
    InvalidParameterError
        For an unknown task, an option the task does not take, or a problem
        the task reports (no utility, no query, impossible evidence).
    KBError
        For a file that does not load or a program that cannot be grounded.
    """
    from symlearn.bayes.given import evidence_pairs, query_terms

    if task not in TASKS:
        raise InvalidParameterError(f"the task must be one of {', '.join(TASKS)}, not {task!r}")
    kb, sources = _program(source, progress)
    asked = query_terms(queries) or None  # none given: the files'
    observed = evidence_pairs(evidence)
    if task == "sample":
        from symlearn.bayes.problog.hybrid_sampling import sample_worlds

        return run_deep(
            lambda: sample_worlds(
                kb,
                samples,
                seed=seed,
                estimate=estimate,
                queries=asked,
                evidence=observed,
                progress=progress,
                sources=sources,
            )
        )
    return run_deep(_run, task, kb, sources, asked, observed, search, progress)


def _run(
    task: str,
    kb: KnowledgeBase,
    sources: tuple[str, ...],
    asked: list[Term] | None,
    observed: list[tuple[Term, bool]] | None,
    search: str,
    progress: Progress | None,
) -> Any:
    """The task on a large stack (grounding and compiling follow the program's recursion)."""
    if task == "dt":
        if asked or observed:
            raise InvalidParameterError(
                "dt decides for the program's utilities: it takes no --query or --evidence"
            )
        from symlearn.bayes.problog.dtproblog import solve_decisions

        return solve_decisions(kb, search=search, progress=progress, sources=sources)
    if task == "constraint":
        if observed:
            raise InvalidParameterError("constraint takes no --evidence (write it in the file)")
        from symlearn.bayes.problog.constraints import solve_constraints

        return solve_constraints(kb, asked, progress=progress, sources=sources)
    if task == "map":
        from symlearn.bayes.problog.marginal_map import most_probable_assignment

        return most_probable_assignment(kb, asked, observed, progress=progress, sources=sources)
    from symlearn.bayes.problog.explanation import explain_queries

    return explain_queries(kb, asked, observed, progress=progress, sources=sources)


def _program(
    source: PathLike | list[PathLike] | tuple[PathLike, ...] | KnowledgeBase,
    progress: Progress | None,
) -> tuple[KnowledgeBase, tuple[str, ...]]:
    from symlearn.bayes.given import source_paths
    from symlearn.kb.loader import load

    if isinstance(source, KnowledgeBase):
        return source, ()
    sources = source_paths(source)
    if not sources:
        raise InvalidParameterError("no file given")
    return load(sources, progress=progress), sources
