"""Rule sets by sequential covering (Mitchell 1997, §10.2; Clark & Niblett 1989).

- :mod:`~symlearn.learners.rules.sequential_covering`: the learner
  (``sequential_covering``; on the learner protocol: ``SETTINGS``,
  ``learn(task, settings)``), a default-negative rule set for one class or a
  CN2-style ordered list;
- :mod:`~symlearn.learners.rules.learn_one_rule`: the beam search for one rule
  (``learn_one_rule``) and its performance measures;
- :mod:`~symlearn.learners.rules.rule_sets`: post-pruning and ordering rules.
"""
