"""The JSON of marginal probabilities, shared by every ``symlearn infer`` path.

A belief network's answers (:mod:`~symlearn.bayes.networks.inference`) and a grounded
ProbLog program's (:mod:`~symlearn.bayes.problog.problog_inference`) print the same
keys: ``probabilities``, ``method``, ``standard_errors`` (sampling),
``evidence`` and ``evidence_probability`` (exact methods).

Functions
---------
marginals_payload
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = ["marginals_payload"]


def marginals_payload(
    probabilities: Mapping[Term, float],
    method: str,
    standard_errors: Mapping[Term, float] | None,
    evidence: Iterable[tuple[Term, bool]],
    evidence_probability: float | None,
) -> dict[str, Any]:
    """The shared keys of ``symlearn infer --json``, atoms written as Prolog terms.

    >>> from symlearn.kb.parser import parse_term as t
    >>> payload = marginals_payload({t("a"): 0.25}, "exact", None, [(t("b"), True)], 0.5)
    >>> payload["probabilities"], payload["evidence"], payload["evidence_probability"]
    ({'a': 0.25}, {'b': True}, 0.5)
    """
    payload: dict[str, Any] = {
        "probabilities": {format_term(a): p for a, p in probabilities.items()},
        "method": method,
    }
    if standard_errors is not None:
        payload["standard_errors"] = {format_term(a): e for a, e in standard_errors.items()}
    payload["evidence"] = {format_term(a): v for a, v in evidence}
    if evidence_probability is not None:
        payload["evidence_probability"] = evidence_probability
    return payload
