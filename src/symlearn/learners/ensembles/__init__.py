"""Ensembles: combining multiple models (Witten, Frank and Hall 2011, Data Mining, ch. 8).

Learners (each on the learner protocol: ``SETTINGS``, ``learn(task, settings)``,
``SUMMARY``, ``EXAMPLE``), with their algorithm as a plain function:

- :mod:`~symlearn.learners.ensembles.bagging`: bootstrap aggregating
  (Breiman 1996; ``bagging``);
- :mod:`~symlearn.learners.ensembles.boosting`: AdaBoost.M1 (Freund and
  Schapire 1996; ``adaboost_m1``);
- :mod:`~symlearn.learners.ensembles.randomisation`: models on random
  attribute subsets (Ho 1998; ``random_subspaces``);
- :mod:`~symlearn.learners.ensembles.stacking`: a level-1 model over the
  level-0 models' classes, learnt by cross-validation (Wolpert 1992; ``stacking``).

The members are our own hypotheses (trees, rule sets, OneR, naive Bayes),
made by a learner named with ``--base`` through the registry
(:class:`~symlearn.learning.models.BaseLearner`), never by importing another
family.  Machinery: :mod:`~symlearn.learners.ensembles.committee` (the
ensemble as one model, its vote explained per instance),
:mod:`~symlearn.learners.ensembles.program` (the ensemble as a Prolog
program), :mod:`~symlearn.learners.ensembles.settings` and
:mod:`~symlearn.learners.ensembles.results` (what ``symlearn learn bagging``
... computes and reports).
"""
