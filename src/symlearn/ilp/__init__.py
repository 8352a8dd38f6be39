"""Inductive logic programming machinery shared by the relational learners.

Modules (FOIL's; the Progol engineer's bottom-clause and refinement modules
live beside them)
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
language
    FOIL's candidate literals under modes and determinations.
closed_world
    Negatives as the unlisted tuples of the typed argument domains.
recursion
    The termination guard for recursive clauses (call graph on the data).

Nothing is imported here, so ``import symlearn.ilp`` costs nothing; import
from the modules.
"""
