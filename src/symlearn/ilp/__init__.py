"""Inductive logic programming: FOIL, Progol, inverse resolution and their machinery.

Learners (each on the learner protocol: ``SETTINGS``, ``learn(task, settings)``)
--------
foil
    FOIL (Quinlan 1990): sequential covering with Foil_Gain; its search is
    :mod:`~symlearn.ilp.foil_search`.
progol
    Progol-style mode-directed inverse entailment (Muggleton 1995) over
    bottom clauses (:mod:`~symlearn.ilp.bottom`); its search of one bottom
    clause is :mod:`~symlearn.ilp.progol_search`, Aleph's lazy evaluation
    :mod:`~symlearn.ilp.lazy_evaluation`.
inverse_resolution
    CIGOL-style inverse resolution (Muggleton and Buntine 1988) with the
    V- and W-operators of :mod:`~symlearn.ilp.inverse_operators`.

Machinery
---------
task
    :class:`~symlearn.ilp.task.RelationalTask`: the one prepared task every
    relational learner reads: a learning task's examples (closed-world
    negatives included), background, settings and language bias; clauses
    are evaluated through its ``coverage(...)`` only.
bias
    :class:`~symlearn.ilp.bias.LanguageBias`: the modes, determinations and
    Popper's declarations and bounds, whatever format the files were in.
result
    What the three learners' results share (program files, held-out accuracy).
relations
    Constants as integer codes (:class:`~symlearn.ilp.relations.SymbolTable`)
    and ground facts as numpy tables with sorted indexes
    (:class:`~symlearn.ilp.relations.Relation`).
coverage
    Binding tables and set-at-a-time coverage of clauses over the examples
    (:class:`~symlearn.ilp.coverage.Coverage`), FOIL's gain
    (:func:`~symlearn.ilp.coverage.foil_gain`).
background
    What may serve as background knowledge for a target.
language
    Candidate literals under modes and determinations; the modes derived for a
    file that declares none.
closed_world
    Negatives as the unlisted tuples of the typed argument domains.
recursion
    The termination guard for recursive clauses (call graph on the data).
rlgg
    Relative least general generalisation (GOLEM) helpers.

Nothing is imported here, so ``import symlearn.ilp`` costs nothing; import
from the modules.
"""
