"""Concept learning over attribute-value examples (Mitchell 1997, ch. 2).

Each learner is a module of the learner protocol (``SETTINGS``, ``learn(task,
settings)``, ``SUMMARY``, ``EXAMPLE``) that also keeps its algorithm as a plain
function:

- :mod:`~symlearn.learners.concepts.find_s`: Find-S (``find_s``);
- :mod:`~symlearn.learners.concepts.list_then_eliminate`: List-Then-Eliminate
  (``list_then_eliminate``);
- :mod:`~symlearn.learners.concepts.candidate_elimination`:
  Candidate-Elimination (``CandidateElimination``, ``candidate_elimination``);
- :mod:`~symlearn.learners.concepts.elimination`: the elimination algorithm for
  boolean conjunctions (``eliminate``; Kearns and Vazirani 1994, ch. 1), and k-CNF through
  :mod:`~symlearn.learners.concepts.kcnf_elimination` (``learn_kcnf``);

with :mod:`~symlearn.learners.concepts.examples` (labelled examples from a
task) and :mod:`~symlearn.learners.concepts.reporting` (the settings and the
reports they share).
"""
