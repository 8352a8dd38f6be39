"""Bayesian belief networks: building, reading, writing, inference and learning.

Entry points (each a plain function or class over a :class:`BayesianNetwork`):

- :mod:`~symlearn.bayes.networks.network`: the network (``BayesianNetwork``,
  ``Variable``, ``boolean_variable``), a networkx DAG whose nodes carry CPTs;
- :mod:`~symlearn.bayes.networks.program`: the network of a ground, acyclic
  ProbLog program (``compile_program``, ``ProbLogNetwork``);
- :mod:`~symlearn.bayes.networks.bif` (``read_bif``, ``write_bif``) and
  :mod:`~symlearn.bayes.networks.problog_format` (``format_problog``): files;
  :mod:`~symlearn.bayes.networks.network_files` picks one by suffix;
- inference: :mod:`~symlearn.bayes.networks.variable_elimination`
  (``posterior``), :mod:`~symlearn.bayes.networks.enumeration` (the reference),
  :mod:`~symlearn.bayes.networks.sampling` (likelihood weighting, Gibbs),
  :mod:`~symlearn.bayes.networks.dseparation`; the probability of query atoms
  by any of them: :mod:`~symlearn.bayes.networks.inference`
  (``atom_probabilities``);
- learning: :mod:`~symlearn.bayes.networks.parameters` (``fit_parameters``),
  :mod:`~symlearn.bayes.networks.em`, :mod:`~symlearn.bayes.networks.structure`
  (``hill_climb``), and the ``bayes-net`` learner
  :mod:`~symlearn.bayes.networks.learning` (``learn_network``), whose result
  and naive Bayes's share :mod:`~symlearn.bayes.networks.network_run`.

References: Pearl 1988; Russell & Norvig 2010, ch. 14; Koller & Friedman 2009;
Heckerman 1995; Mitchell 1997, section 6.11.
"""
