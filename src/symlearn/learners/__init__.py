"""The attribute-value learner families, one folder each.

- :mod:`symlearn.learners.concepts`: concept learning (Find-S,
  List-Then-Eliminate, Candidate-Elimination, the elimination algorithm, k-CNF);
- :mod:`symlearn.learners.trees`: decision trees (ID3, C4.5, CART) and OneR;
- :mod:`symlearn.learners.rules`: sequential covering and CN2-style lists.

The relational learners are in :mod:`symlearn.ilp`, naive Bayes and Bayesian
networks in :mod:`symlearn.bayes`.  Every learner follows the protocol of
:mod:`symlearn.learning`; run any of them by name with :func:`symlearn.learn`.
A family never imports another family.
"""
