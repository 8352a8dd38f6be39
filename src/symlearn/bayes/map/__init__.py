"""Bayesian learning over a finite hypothesis space (Mitchell 1997, sections 6.3-6.7).

Entry points:

- :mod:`~symlearn.bayes.map.map_learner`: the brute-force MAP learner
  (``brute_force_map``, ``labelled_examples``);
- :mod:`~symlearn.bayes.map.bayes_optimal`: the Bayes optimal and Gibbs
  classifiers (``bayes_optimal``, ``gibbs_classify``, ``expected_errors``);
- :mod:`~symlearn.bayes.map.mdl`: the minimum description length view
  (``mdl_hypotheses``);
- :mod:`~symlearn.bayes.map.map_concept`: the ``brute-force-map`` learner of
  conjunctions on the learner protocol.
"""
