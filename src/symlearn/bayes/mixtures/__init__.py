"""Mixture models learnt by EM (Mitchell 1997, section 6.12.1).

Entry point: :mod:`~symlearn.bayes.mixtures.gaussian_mixture`
(``gaussian_mixture_em``, ``mixture_log_likelihood``).
"""
