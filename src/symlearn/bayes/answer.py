r"""Answering probabilistic queries over files: what ``symlearn infer`` runs.

:func:`infer` reads the ProbLog-syntax clauses of knowledge-base files (or a
BIF network) and answers the queries given the evidence: a ground, acyclic
program is a belief network (:mod:`symlearn.bayes.networks`, answered by
variable elimination or sampling); any other program is grounded and compiled
or sampled (:mod:`symlearn.bayes.problog`).

Queries and evidence are written as on the command line: a query is an atom
(``burglary``), a BIF variable's name (``HISTORY``) or a pattern (``cvp(_)``);
evidence is ``ATOM=true`` / ``ATOM=false`` text (on a BIF network also
``NAME=STATE`` as pgmpy and pyAgrum write it: ``CVP=LOW``), ``(atom, bool)``
pairs or a mapping from atom to bool.

Functions
---------
infer, load_program, parse_evidence

Examples
--------
>>> run = infer("kb/alarm.pl")  # doctest: +SKIP
>>> round(run.probability("burglary"), 7)  # doctest: +SKIP
0.2841718
>>> from symlearn.kb import loads
>>> kb = loads("0.2::rain. 0.1::wet :- \\+ rain. 0.8::wet :- rain.")
>>> run = infer(kb, "rain", {"wet": True})
>>> round(run.probability("rain"), 6), run.method
(0.666667, 'exact')
>>> run.report()
['% method: exact; evidence: wet', 'rain: 0.6666666667']
>>> parse_evidence("wet=false")
('wet', False)

References
----------
De Raedt, Kimmig & Toivonen 2007 (ProbLog); Russell & Norvig 2010, ch. 14
(exact inference by variable elimination, likelihood weighting, Gibbs sampling).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from symlearn.bayes.given import (
    NETWORK_METHODS,
    ORDERINGS,
    PROGRAM_METHODS,
    EvidenceGiven,
    PathLike,
    Progress,
    Queries,
    atom_evidence,
    check_choice,
    given_evidence,
    is_bif,
    parse_evidence,
    query_terms,
    source_paths,
)
from symlearn.bayes.networks.program_fragment import network_fragment
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.loader import load

if TYPE_CHECKING:
    from symlearn.bayes.networks.network_answer import InferenceRun, Source, load_program
    from symlearn.bayes.networks.program import ProbLogNetwork
    from symlearn.bayes.problog.problog_inference import ProgramRun
    from symlearn.logic.terms import Term

__all__ = ["ALL_METHODS", "InferenceRun", "infer", "load_program", "parse_evidence"]


def __getattr__(name: str) -> Any:
    """:class:`InferenceRun` and :func:`load_program`, the network side's, on first use."""
    if name in ("InferenceRun", "load_program"):
        from symlearn.bayes.networks import network_answer

        return getattr(network_answer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Every method of ``symlearn infer``: the network's, and those of a grounded program.
ALL_METHODS = (*NETWORK_METHODS, *PROGRAM_METHODS)


def infer(
    source: Source,
    queries: Queries | None = None,
    evidence: EvidenceGiven | None = None,
    *,
    method: str = "exact",
    ordering: str = "min-fill",
    samples: int = 10000,
    seed: int | None = 0,
    chains: int = 16,
    burn_in: int = 200,
    output: PathLike | None = None,
    force: bool = False,
    progress: Progress | None = None,
) -> InferenceRun | ProgramRun:
    """P(query | evidence) for each query atom over the ProbLog clauses of files (or a network).

    A ground, acyclic program is compiled to a belief network and answered
    by ``method`` (``exact``: variable elimination, the faster path there);
    any other program (variables, recursion, cycles, builtins) is grounded
    and, with ``exact``, compiled to an SDD (``method`` ``sdd`` in the
    answer), or sampled with ``sample``.

    Parameters
    ----------
    source
        Knowledge-base file(s) read as one (a ``.bif`` or ``.bif.gz`` file on
        its own is read as a network), a :class:`~symlearn.kb.KnowledgeBase`,
        a :class:`~symlearn.bayes.networks.network.BayesianNetwork` or a compiled
        :class:`~symlearn.bayes.networks.program.ProbLogNetwork`.
    queries
        Atoms to ask about; by default the files' ``query/1``, else every atom.
    evidence
        ``ATOM=true`` texts, ``(atom, value)`` pairs or ``{atom: value}``; by
        default the files' ``evidence/2``.
    method
        ``exact`` (variable elimination on the network, else SDD
        compilation), ``sdd`` (always compile), ``sample`` (sample worlds of
        the ground program), or on a network ``enumeration``,
        ``likelihood-weighting`` or ``gibbs``.
    ordering
        The elimination ordering of ``exact``: ``min-fill`` or ``min-degree``.
    samples, seed
        For the sampling methods.
    chains, burn_in
        For ``gibbs``.
    output, force
        Write the network there (see :meth:`InferenceRun.write`).
    progress
        Called as ``progress(stage, done, total)`` while loading and sampling.

    Returns
    -------
    InferenceRun or ProgramRun
        The network's answer, or the grounded program's.

    Raises
    ------
    InvalidParameterError
        For an unknown method, malformed or impossible evidence, a query that
        names nothing, or an output suffix that cannot be written.
    KBError
        For a file that does not load or a clause outside the network fragment.

    References
    ----------
    Fierens et al. 2015 (inference in ProbLog); Koller & Friedman 2009,
    ch. 9 and 12 (variable elimination, sampling).
    """
    check_choice("method", method, ALL_METHODS)
    check_choice("ordering", ordering, ORDERINGS)
    for name, value, least in (
        ("samples", samples, 1),
        ("chains", chains, 1),
        ("burn_in", burn_in, 0),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InvalidParameterError(
                f"{name} must be an integer of at least {least}, not {value!r}"
            )
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidParameterError(f"seed must be an integer or None, not {seed!r}")
    if output is not None:
        from symlearn.bayes.networks.network_files import check_network_suffix

        check_network_suffix(output)
    program_source = _program_source(source, progress)
    if program_source is not None:
        kb, sources = program_source
        asked, observed = query_terms(queries), atom_evidence(given_evidence(evidence))
        network_program = None
        if method not in PROGRAM_METHODS:
            try:
                network_program = _network_of(kb, asked, observed, fold=output is None)
            except (KBError, InvalidParameterError):
                if method != "exact":
                    raise
        if network_program is None:
            if output is not None:
                raise InvalidParameterError(
                    "-o writes a belief network, and this program is not one (it has "
                    "variables, cycles or builtins): it was answered by knowledge compilation"
                )
            from symlearn.bayes.problog.problog_inference import infer_program  # the engine

            return infer_program(
                kb,
                asked,
                observed,
                method="sdd" if method == "exact" else method,
                samples=samples,
                seed=seed,
                progress=progress,
                sources=sources,
            )
        program = network_program
    else:
        if method in PROGRAM_METHODS:
            raise InvalidParameterError(
                f"--method {method} is for ProbLog programs; a network is answered by "
                f"{', '.join(NETWORK_METHODS)}"
            )
        from symlearn.bayes.networks.network_answer import load_program

        program, sources = load_program(source, queries, evidence, progress)
    from symlearn.bayes.networks.network_answer import run_network

    return run_network(
        program,
        sources,
        method=method,
        ordering=ordering,
        samples=samples,
        seed=seed,
        chains=chains,
        burn_in=burn_in,
        output=output,
        force=force,
        progress=progress,
    )


def _network_of(
    kb: KnowledgeBase,
    asked: list[Term] | None,
    observed: list[tuple[Term, bool]] | None,
    fold: bool = False,
) -> ProbLogNetwork:
    """The program as a belief network (its modules imported only for one; numpy only if large).

    ``fold``: facts one rule uses summed into it (for answering, not for writing the network).
    """
    fragment = network_fragment(kb, asked, observed)
    from symlearn.bayes.networks.program import MAX_TABLE_SIZE, compile_fragment

    return compile_fragment(fragment, MAX_TABLE_SIZE, fold)


def _program_source(
    source: Source, progress: Progress | None
) -> tuple[KnowledgeBase, tuple[str, ...]] | None:
    """The knowledge base of ``source`` and the files read; None for a network or BIF file."""
    if isinstance(source, KnowledgeBase):
        return source, ()
    if not isinstance(source, (str, os.PathLike, list, tuple)):
        from symlearn.bayes.networks.network import BayesianNetwork
        from symlearn.bayes.networks.program import ProbLogNetwork

        if isinstance(source, (BayesianNetwork, ProbLogNetwork)):
            return None
    sources = source_paths(source)
    if not sources:
        raise InvalidParameterError("no file given")
    if any(is_bif(p) for p in sources):
        return None
    return load(sources, progress=progress), sources
