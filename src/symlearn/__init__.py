"""symlearn: symbolic and logic-based machine learning.

Users write Prolog-style example files, learn rules from them, query the
learned rules, look at hypothesis lattices and derive learning-theory bounds
symbolically.  Data flows one way::

    text -> parser -> KnowledgeBase -> learner -> hypothesis -> output

The public API is re-exported here lazily, so ``import symlearn`` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: Public name -> module that defines it.
_EXPORTS: dict[str, str] = {
    # one learning task, one learner protocol
    "learn": "symlearn.learning",
    "LearningTask": "symlearn.learning",
    "LearnResult": "symlearn.learning",
    "LearnedProgram": "symlearn.learning",
    "Settings": "symlearn.learning",
    "ALGORITHMS": "symlearn.learning",
    "SymlearnError": "symlearn.errors",
    # terms, clauses, knowledge bases and the query engine (issue 2)
    "Var": "symlearn.logic",
    "Struct": "symlearn.logic",
    "PString": "symlearn.logic",
    "Clause": "symlearn.logic",
    "struct": "symlearn.logic",
    "make_list": "symlearn.logic",
    "unify": "symlearn.logic",
    "substitute": "symlearn.logic",
    "format_term": "symlearn.logic",
    "portray_clause": "symlearn.logic",
    "KnowledgeBase": "symlearn.kb",
    "Engine": "symlearn.engine",
    "load": "symlearn.kb",
    "loads": "symlearn.kb",
    "parse_term": "symlearn.kb",
    "solve": "symlearn.engine",
    "from_kb": "symlearn.learning.attribute_data",
    "AttributeValueData": "symlearn.data",
    # concept learning, version spaces, lattices, drawing (issue 3)
    "Conjunction": "symlearn.hypotheses",
    "ConjunctionSpace": "symlearn.hypotheses",
    "BooleanConjunction": "symlearn.hypotheses",
    "KCNF": "symlearn.hypotheses",
    "DNF": "symlearn.hypotheses",
    "more_general_or_equal": "symlearn.hypotheses",
    "find_s": "symlearn.learners.concepts.find_s",
    "list_then_eliminate": "symlearn.learners.concepts.list_then_eliminate",
    "CandidateElimination": "symlearn.learners.concepts.candidate_elimination",
    "candidate_elimination": "symlearn.learners.concepts.candidate_elimination",
    "VersionSpace": "symlearn.hypotheses.version_space",
    "eliminate": "symlearn.learners.concepts.elimination",
    "learn_kcnf": "symlearn.learners.concepts.kcnf_elimination",
    "hasse_diagram": "symlearn.lattice",
    "version_space_lattice": "symlearn.lattice",
    "hypothesis_space_lattice": "symlearn.lattice",
    "GraphSpec": "symlearn.render",
    "write_graph": "symlearn.render",
    # learning-theory bounds (issue 7)
    "derive": "symlearn.bounds",
    "bound_table": "symlearn.bounds",
    "Derivation": "symlearn.bounds",
    "hypothesis_space_size": "symlearn.bounds",
    "vc_dimension": "symlearn.bounds",
    "class_vc_dimension": "symlearn.bounds",
    "known_vc_dimension": "symlearn.bounds",
    "is_shattered": "symlearn.bounds",
    # online (mistake-bound) learners (issue 7)
    "Halving": "symlearn.online",
    "WeightedMajority": "symlearn.online",
    "Perceptron": "symlearn.online",
    "AveragedPerceptron": "symlearn.online",
    "VotedPerceptron": "symlearn.online",
    "Winnow": "symlearn.online",
    "BalancedWinnow": "symlearn.online",
    "OnlineFindS": "symlearn.online",
    "run_online": "symlearn.online",
    "run_adversary": "symlearn.online",
    # Bayesian networks, naive Bayes, MAP and Bayes optimal (issue 6)
    "BayesianNetwork": "symlearn.bayes",
    "compile_program": "symlearn.bayes",
    "read_bif": "symlearn.bayes",
    "variable_elimination": "symlearn.bayes",
    "likelihood_weighting": "symlearn.bayes",
    "gibbs_sampling": "symlearn.bayes",
    "d_separated": "symlearn.bayes",
    "fit_parameters": "symlearn.bayes",
    "expectation_maximization": "symlearn.bayes",
    "hill_climb": "symlearn.bayes",
    "naive_bayes": "symlearn.bayes",
    "brute_force_map": "symlearn.bayes",
    "bayes_optimal": "symlearn.bayes",
    "gaussian_mixture_em": "symlearn.bayes",
    # relational rule learning (issue 8)
    "foil": "symlearn.ilp.foil",
    "FoilSettings": "symlearn.ilp.foil",
    "sequential_covering": "symlearn.learners.rules.sequential_covering",
    "learn_one_rule": "symlearn.learners.rules.sequential_covering",
    "Theory": "symlearn.hypotheses.theory",
    "Coverage": "symlearn.ilp.coverage",
    "foil_gain": "symlearn.ilp.coverage",
    # decision trees, rule sets, evaluation, tabular data (issue 4)
    "id3": "symlearn.learners.trees.id3",
    "c45": "symlearn.learners.trees.c45",
    "c45_rules": "symlearn.learners.trees.c45",
    "cart": "symlearn.learners.trees.cart",
    "one_r": "symlearn.learners.trees.one_r",
    "reduced_error_prune": "symlearn.learners.trees.reduced_error_pruning",
    "post_prune_rules": "symlearn.learners.trees.rule_post_pruning",
    "DecisionTree": "symlearn.hypotheses.decision_tree",
    "RuleSet": "symlearn.hypotheses.rule_set",
    "Rule": "symlearn.hypotheses.rule_set",
    "Condition": "symlearn.hypotheses.rule_set",
    "cross_validate": "symlearn.evaluation",
    "compare_learners": "symlearn.evaluation",
    "paired_t_test": "symlearn.evaluation",
    "confusion_matrix": "symlearn.evaluation",
    "error_confidence_interval": "symlearn.evaluation",
    "from_csv": "symlearn.data.tabular",
    "from_records": "symlearn.data.tabular",
    "from_dataframe": "symlearn.data.tabular",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'symlearn' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
