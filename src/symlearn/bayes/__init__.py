"""Bayesian learning: belief networks, exact and approximate inference, naive Bayes.

Belief networks (:class:`BayesianNetwork`) are networkx DAGs whose nodes carry
CPTs.  They come from the ProbLog clauses of a knowledge base
(:func:`compile_program`), from BIF files (:func:`read_bif`) or from data
(parameter and structure learning), and are written back as ProbLog
(:func:`format_problog`) or BIF (:func:`format_bif`).  Inference: variable
elimination (:func:`variable_elimination`, :func:`posterior`), the full joint
as reference (:func:`enumeration`), likelihood weighting and Gibbs sampling
with standard errors, d-separation (:func:`d_separated`).

References: 000_6201aaf5d1cd969b.txt section 5; 002_3e5a5b59d97b5332.txt
"Bayesian Methods", "Bayesian Belief Networks", "Probability-based Clustering
and the EM algorithm"; Mitchell 1997 ch. 6.
"""

from symlearn.bayes.bif import format_bif, parse_bif, read_bif, write_bif
from symlearn.bayes.dseparation import d_connected_set, d_separated
from symlearn.bayes.elimination import (
    elimination_order,
    evidence_probability,
    joint_posterior,
    posterior,
    variable_elimination,
)
from symlearn.bayes.enumeration import enumeration, joint_distribution
from symlearn.bayes.inference import AtomProbabilities, infer, program_from_network
from symlearn.bayes.network import BayesianNetwork, Variable, boolean_variable
from symlearn.bayes.problog_format import format_problog, write_problog
from symlearn.bayes.program import ProbLogNetwork, compile_program
from symlearn.bayes.queries import InferenceResult
from symlearn.bayes.sampling import forward_sample, gibbs_sampling, likelihood_weighting

__all__ = [
    "AtomProbabilities",
    "BayesianNetwork",
    "InferenceResult",
    "ProbLogNetwork",
    "Variable",
    "boolean_variable",
    "compile_program",
    "d_connected_set",
    "d_separated",
    "elimination_order",
    "enumeration",
    "evidence_probability",
    "format_bif",
    "format_problog",
    "forward_sample",
    "gibbs_sampling",
    "infer",
    "joint_distribution",
    "joint_posterior",
    "likelihood_weighting",
    "parse_bif",
    "posterior",
    "program_from_network",
    "read_bif",
    "variable_elimination",
    "write_bif",
    "write_problog",
]
