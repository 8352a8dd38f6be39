"""Inductive logic programming machinery shared by the relational learners.

Modules
-------
relations
    Constants as integer codes (:class:`~symlearn.ilp.relations.SymbolTable`)
    and ground facts as numpy tables with sorted indexes
    (:class:`~symlearn.ilp.relations.Relation`).
coverage
    Binding tables and set-at-a-time coverage of clauses over the examples
    (:class:`~symlearn.ilp.coverage.Coverage`), FOIL's gain
    (:func:`~symlearn.ilp.coverage.foil_gain`).
background
    The knowledge base with the target's own clauses set aside.

Nothing is imported here, so ``import symlearn.ilp`` costs nothing; import
from the modules.
"""
