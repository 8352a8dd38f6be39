"""Knowledge bases: reading files and storing what they say, with indexes.

Data flows one way: text -> :mod:`~symlearn.kb.parser` (:mod:`~symlearn.kb.reader`) ->
:mod:`~symlearn.kb.loader` (with :mod:`~symlearn.kb.directives`) ->
:class:`KnowledgeBase`; :mod:`symlearn.engine` answers queries over it.

Examples
--------
>>> kb = loads('''
... parent(ann, bob). parent(bob, carl).
... grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
... pos(grandparent(ann, carl)).
... ''')
>>> kb.summary()["examples"]
1
>>> len(kb.predicate("parent", 2).clauses), kb.rules_count
(2, 1)
"""

from symlearn.kb.knowledge_base import Example, KnowledgeBase, Mode, Predicate, ProbabilisticClause
from symlearn.kb.loader import load, loads
from symlearn.kb.parser import ReadClause, parse_term, parse_text, read_clauses
from symlearn.kb.sources import allow_include

__all__ = [
    "Example",
    "KnowledgeBase",
    "Mode",
    "Predicate",
    "ProbabilisticClause",
    "ReadClause",
    "allow_include",
    "load",
    "loads",
    "parse_term",
    "parse_text",
    "read_clauses",
]
