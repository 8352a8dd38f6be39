"""Learning from unlabelled data (Witten, Frank and Hall 2011, Data Mining, section 7.6).

Learners (each on the learner protocol: ``SETTINGS``, ``learn(task, settings)``,
``SUMMARY``, ``EXAMPLE``), with their algorithm as a plain function:

- :mod:`~symlearn.learners.unlabelled.em`: naive Bayes and EM over the
  unlabelled examples (Nigam et al. 2000; ``semi_supervised_em``);
- :mod:`~symlearn.learners.unlabelled.co_training`: two views' naive Bayes
  models labelling examples for each other (Blum and Mitchell 1998; ``co_training``);
- :mod:`~symlearn.learners.unlabelled.co_em`: co-training with probabilistic
  labels, EM-style (Nigam and Ghani 2000; ``co_em``).

Unlabelled examples are ``unlabelled(ATOM)`` facts or a table's rows whose
class cell is empty.  Naive Bayes comes from the registry (the ``naive-bayes``
learner's ``fit``, with weighted examples), never by importing its family.
Machinery: :mod:`~symlearn.learners.unlabelled.mixture` (fractional labels,
posteriors, the log-likelihood, views), :mod:`~symlearn.learners.unlabelled.settings`
and :mod:`~symlearn.learners.unlabelled.results`.
"""
