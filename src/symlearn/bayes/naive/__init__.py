"""Naive Bayes (Mitchell 1997, section 6.9).

Entry point: :mod:`~symlearn.bayes.naive.naive_bayes` (``naive_bayes``, the
``naive-bayes`` learner ``NaiveBayesRun``); its model is also a belief network
(the class the one parent of every attribute) of :mod:`symlearn.bayes.networks`.
"""
