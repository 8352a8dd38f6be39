"""ProbLog programs of any shape: grounding, knowledge compilation, sampling, ProbLog's tasks.

Entry points:

- :mod:`~symlearn.bayes.problog.problog_inference`: ``infer_program``, what
  ``symlearn infer`` runs on a program that is not a ground acyclic network
  (marginals by SDD compilation or by sampling, and ``mpe``);
- :mod:`~symlearn.bayes.problog.grounding`: ``ground_program``, the relevant
  ground program of the queries and evidence, grounded by the engine;
- :mod:`~symlearn.bayes.problog.sdd_compilation`: ``compile_program_sdd``,
  weighted model counting on an SDD (cycles by the T_P operator);
- :mod:`~symlearn.bayes.problog.program_sampling` (``sample_program``) and
  :mod:`~symlearn.bayes.problog.mpe` (``most_probable_explanation``);
- :mod:`~symlearn.bayes.problog.lfi`: the ``problog-lfi`` learner (learning
  from interpretations by EM, over the program as
  :mod:`~symlearn.bayes.problog.lfi_program` rewrites it);
- ProbLog's other tasks, which ``symlearn problog`` runs
  (:mod:`symlearn.bayes.tasks`): :mod:`~symlearn.bayes.problog.dtproblog`
  (``solve_decisions``), :mod:`~symlearn.bayes.problog.marginal_map`
  (``most_probable_assignment``), :mod:`~symlearn.bayes.problog.explanation`
  (``explain_queries``) and :mod:`~symlearn.bayes.problog.constraints`
  (``solve_constraints``).

References: De Raedt, Kimmig & Toivonen 2007; Fierens et al. 2015;
Vlasselaer et al. 2016 (T_P compilation); Gutmann et al. 2011 (LFI); Van den
Broeck et al. 2010 (DTProbLog).
"""
