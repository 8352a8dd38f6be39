"""Bayesian learning: belief networks, exact and approximate inference, naive Bayes.

Belief networks (:class:`BayesianNetwork`) are networkx DAGs whose nodes carry
CPTs.  They come from the ProbLog clauses of a knowledge base
(:func:`compile_program`), from BIF files (:func:`read_bif`) or from data
(parameter and structure learning), and are written back as ProbLog
(:func:`format_problog`) or BIF (:func:`format_bif`).  :func:`infer` is
``symlearn infer``: files (or a network) in, an :class:`InferenceRun` with the
probability of each query atom out.  Inference: variable
elimination (:func:`variable_elimination`, :func:`posterior`), the full joint
as reference (:func:`enumeration`), likelihood weighting and Gibbs sampling
with standard errors, d-separation (:func:`d_separated`).  Learning: CPTs
from complete data (:func:`fit_parameters`), EM with missing values
(:func:`expectation_maximization`), BIC/MDL hill climbing (:func:`hill_climb`),
all three together (:func:`learn_network`),
naive Bayes (:func:`naive_bayes`); both learners are on the learner protocol
(``symlearn.learn("naive-bayes", ...)`` gives a :class:`NaiveBayesRun`,
``symlearn.learn("bayes-net", ...)`` a :class:`BayesNetRun`).  Over finite hypothesis spaces: the
brute-force MAP learner (:func:`brute_force_map`), the Bayes optimal and
Gibbs classifiers, the MDL view (:func:`mdl_hypotheses`); and EM for a
mixture of Gaussians (:func:`gaussian_mixture_em`).

References: Mitchell 1997 ch. 6 (Bayes theorem, MAP and MDL, the Bayes
optimal and Gibbs classifiers, naive Bayes, belief networks, EM); Pearl 1988;
Russell & Norvig 2010 ch. 14; Koller & Friedman 2009; Heckerman 1995;
Dempster, Laird & Rubin 1977.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from symlearn.bayes.answer import InferenceRun, infer
    from symlearn.bayes.bayes_optimal import (
        BayesOptimal,
        bayes_optimal,
        expected_errors,
        gibbs_classify,
    )
    from symlearn.bayes.bif import format_bif, parse_bif, read_bif, write_bif
    from symlearn.bayes.data import Dataset
    from symlearn.bayes.dseparation import d_connected_set, d_separated
    from symlearn.bayes.em import EMResult, expectation_maximization
    from symlearn.bayes.enumeration import enumeration, joint_distribution
    from symlearn.bayes.gaussian_mixture import (
        GaussianMixture,
        gaussian_mixture_em,
        mixture_log_likelihood,
    )
    from symlearn.bayes.inference import (
        AtomProbabilities,
        atom_probabilities,
        program_from_network,
    )
    from symlearn.bayes.learning import (
        BayesNetRun,
        BayesNetSettings,
        LearnedNetwork,
        learn_network,
    )
    from symlearn.bayes.map_learner import HypothesisPosterior, brute_force_map, labelled_examples
    from symlearn.bayes.mdl import DescriptionLength, description_lengths, mdl_hypotheses
    from symlearn.bayes.naive_bayes import (
        NaiveBayes,
        NaiveBayesRun,
        NaiveBayesSettings,
        naive_bayes,
    )
    from symlearn.bayes.network import BayesianNetwork, Variable, boolean_variable
    from symlearn.bayes.parameters import fit_parameters, log_likelihood
    from symlearn.bayes.problog_format import format_problog, write_problog
    from symlearn.bayes.program import ProbLogNetwork, compile_program
    from symlearn.bayes.queries import InferenceResult
    from symlearn.bayes.sampling import forward_sample, gibbs_sampling, likelihood_weighting
    from symlearn.bayes.structure import StructureResult, bic_score, hill_climb, mdl_score
    from symlearn.bayes.variable_elimination import (
        elimination_order,
        evidence_probability,
        joint_posterior,
        posterior,
        variable_elimination,
    )

__all__ = [
    "AtomProbabilities",
    "BayesNetRun",
    "BayesNetSettings",
    "BayesOptimal",
    "BayesianNetwork",
    "Dataset",
    "DescriptionLength",
    "EMResult",
    "GaussianMixture",
    "HypothesisPosterior",
    "InferenceResult",
    "InferenceRun",
    "LearnedNetwork",
    "NaiveBayes",
    "NaiveBayesRun",
    "NaiveBayesSettings",
    "ProbLogNetwork",
    "StructureResult",
    "Variable",
    "atom_probabilities",
    "bayes_optimal",
    "bic_score",
    "boolean_variable",
    "brute_force_map",
    "compile_program",
    "d_connected_set",
    "d_separated",
    "description_lengths",
    "elimination_order",
    "enumeration",
    "evidence_probability",
    "expectation_maximization",
    "expected_errors",
    "fit_parameters",
    "format_bif",
    "format_problog",
    "forward_sample",
    "gaussian_mixture_em",
    "gibbs_classify",
    "gibbs_sampling",
    "hill_climb",
    "infer",
    "joint_distribution",
    "joint_posterior",
    "labelled_examples",
    "learn_network",
    "likelihood_weighting",
    "log_likelihood",
    "mdl_hypotheses",
    "mdl_score",
    "mixture_log_likelihood",
    "naive_bayes",
    "parse_bif",
    "posterior",
    "program_from_network",
    "read_bif",
    "variable_elimination",
    "write_bif",
    "write_problog",
]

#: Where each name lives: imported on first use, so that ``symlearn infer`` imports
#: only the inference it runs (not sympy, the learners or the drawing code).
_HOMES = {
    "AtomProbabilities": "inference",
    "BayesNetRun": "learning",
    "BayesNetSettings": "learning",
    "BayesOptimal": "bayes_optimal",
    "BayesianNetwork": "network",
    "Dataset": "data",
    "DescriptionLength": "mdl",
    "EMResult": "em",
    "GaussianMixture": "gaussian_mixture",
    "HypothesisPosterior": "map_learner",
    "InferenceResult": "queries",
    "InferenceRun": "answer",
    "LearnedNetwork": "learning",
    "NaiveBayes": "naive_bayes",
    "NaiveBayesRun": "naive_bayes",
    "NaiveBayesSettings": "naive_bayes",
    "ProbLogNetwork": "program",
    "StructureResult": "structure",
    "Variable": "network",
    "atom_probabilities": "inference",
    "bayes_optimal": "bayes_optimal",
    "bic_score": "structure",
    "boolean_variable": "network",
    "brute_force_map": "map_learner",
    "compile_program": "program",
    "d_connected_set": "dseparation",
    "d_separated": "dseparation",
    "description_lengths": "mdl",
    "elimination_order": "variable_elimination",
    "enumeration": "enumeration",
    "evidence_probability": "variable_elimination",
    "expectation_maximization": "em",
    "expected_errors": "bayes_optimal",
    "fit_parameters": "parameters",
    "format_bif": "bif",
    "format_problog": "problog_format",
    "forward_sample": "sampling",
    "gaussian_mixture_em": "gaussian_mixture",
    "gibbs_classify": "bayes_optimal",
    "gibbs_sampling": "sampling",
    "hill_climb": "structure",
    "infer": "answer",
    "joint_distribution": "enumeration",
    "joint_posterior": "variable_elimination",
    "labelled_examples": "map_learner",
    "learn_network": "learning",
    "likelihood_weighting": "sampling",
    "log_likelihood": "parameters",
    "mdl_hypotheses": "mdl",
    "mdl_score": "structure",
    "mixture_log_likelihood": "gaussian_mixture",
    "naive_bayes": "naive_bayes",
    "parse_bif": "bif",
    "posterior": "variable_elimination",
    "program_from_network": "inference",
    "read_bif": "bif",
    "variable_elimination": "variable_elimination",
    "write_bif": "bif",
    "write_problog": "problog_format",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)


def __dir__() -> list[str]:
    return sorted(__all__)
