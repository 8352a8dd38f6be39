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

The sub-families, each a folder whose ``__init__`` lists its entry points:
:mod:`~symlearn.bayes.networks` (belief networks), :mod:`~symlearn.bayes.problog`
(ProbLog programs of any shape), :mod:`~symlearn.bayes.naive`,
:mod:`~symlearn.bayes.map` and :mod:`~symlearn.bayes.mixtures`;
:mod:`~symlearn.bayes.answer` is ``symlearn infer`` over both of the first two.

References: Mitchell 1997 ch. 6 (Bayes theorem, MAP and MDL, the Bayes
optimal and Gibbs classifiers, naive Bayes, belief networks, EM); Pearl 1988;
Russell & Norvig 2010 ch. 14; Koller & Friedman 2009; Heckerman 1995;
Dempster, Laird & Rubin 1977.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from symlearn.lazy import lazy_exports

if TYPE_CHECKING:
    from symlearn.bayes.answer import InferenceRun, infer
    from symlearn.bayes.map.bayes_optimal import (
        BayesOptimal,
        bayes_optimal,
        expected_errors,
        gibbs_classify,
    )
    from symlearn.bayes.map.map_learner import (
        HypothesisPosterior,
        brute_force_map,
        labelled_examples,
    )
    from symlearn.bayes.map.mdl import DescriptionLength, description_lengths, mdl_hypotheses
    from symlearn.bayes.mixtures.gaussian_mixture import (
        GaussianMixture,
        gaussian_mixture_em,
        mixture_log_likelihood,
    )
    from symlearn.bayes.naive.naive_bayes import (
        NaiveBayes,
        NaiveBayesRun,
        NaiveBayesSettings,
        naive_bayes,
    )
    from symlearn.bayes.networks.bif import format_bif, parse_bif, read_bif, write_bif
    from symlearn.bayes.networks.data import Dataset
    from symlearn.bayes.networks.dseparation import d_connected_set, d_separated
    from symlearn.bayes.networks.em import EMResult, expectation_maximization
    from symlearn.bayes.networks.enumeration import enumeration, joint_distribution
    from symlearn.bayes.networks.inference import (
        AtomProbabilities,
        atom_probabilities,
        program_from_network,
    )
    from symlearn.bayes.networks.learning import (
        BayesNetRun,
        BayesNetSettings,
        LearnedNetwork,
        learn_network,
    )
    from symlearn.bayes.networks.network import BayesianNetwork, Variable, boolean_variable
    from symlearn.bayes.networks.parameters import fit_parameters, log_likelihood
    from symlearn.bayes.networks.problog_format import format_problog, write_problog
    from symlearn.bayes.networks.program import ProbLogNetwork, compile_program
    from symlearn.bayes.networks.queries import InferenceResult
    from symlearn.bayes.networks.sampling import (
        forward_sample,
        gibbs_sampling,
        likelihood_weighting,
    )
    from symlearn.bayes.networks.structure import StructureResult, bic_score, hill_climb, mdl_score
    from symlearn.bayes.networks.variable_elimination import (
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
    "AtomProbabilities": "networks.inference",
    "BayesNetRun": "networks.learning",
    "BayesNetSettings": "networks.learning",
    "BayesOptimal": "map.bayes_optimal",
    "BayesianNetwork": "networks.network",
    "Dataset": "networks.data",
    "DescriptionLength": "map.mdl",
    "EMResult": "networks.em",
    "GaussianMixture": "mixtures.gaussian_mixture",
    "HypothesisPosterior": "map.map_learner",
    "InferenceResult": "networks.queries",
    "InferenceRun": "answer",
    "LearnedNetwork": "networks.learning",
    "NaiveBayes": "naive.naive_bayes",
    "NaiveBayesRun": "naive.naive_bayes",
    "NaiveBayesSettings": "naive.naive_bayes",
    "ProbLogNetwork": "networks.program",
    "StructureResult": "networks.structure",
    "Variable": "networks.network",
    "atom_probabilities": "networks.inference",
    "bayes_optimal": "map.bayes_optimal",
    "bic_score": "networks.structure",
    "boolean_variable": "networks.network",
    "brute_force_map": "map.map_learner",
    "compile_program": "networks.program",
    "d_connected_set": "networks.dseparation",
    "d_separated": "networks.dseparation",
    "description_lengths": "map.mdl",
    "elimination_order": "networks.variable_elimination",
    "enumeration": "networks.enumeration",
    "evidence_probability": "networks.variable_elimination",
    "expectation_maximization": "networks.em",
    "expected_errors": "map.bayes_optimal",
    "fit_parameters": "networks.parameters",
    "format_bif": "networks.bif",
    "format_problog": "networks.problog_format",
    "forward_sample": "networks.sampling",
    "gaussian_mixture_em": "mixtures.gaussian_mixture",
    "gibbs_classify": "map.bayes_optimal",
    "gibbs_sampling": "networks.sampling",
    "hill_climb": "networks.structure",
    "infer": "answer",
    "joint_distribution": "networks.enumeration",
    "joint_posterior": "networks.variable_elimination",
    "labelled_examples": "map.map_learner",
    "learn_network": "networks.learning",
    "likelihood_weighting": "networks.sampling",
    "log_likelihood": "networks.parameters",
    "mdl_hypotheses": "map.mdl",
    "mdl_score": "networks.structure",
    "mixture_log_likelihood": "mixtures.gaussian_mixture",
    "naive_bayes": "naive.naive_bayes",
    "parse_bif": "networks.bif",
    "posterior": "networks.variable_elimination",
    "program_from_network": "networks.inference",
    "read_bif": "networks.bif",
    "variable_elimination": "networks.variable_elimination",
    "write_bif": "networks.bif",
    "write_problog": "networks.problog_format",
}

__getattr__, __dir__ = lazy_exports(__name__, _HOMES, __all__)
