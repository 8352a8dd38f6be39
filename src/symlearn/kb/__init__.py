"""Knowledge bases: reading files, storing clauses with indexes, and answering queries.

Data flows one way: text -> :mod:`~symlearn.kb.parser` (lark) ->
:mod:`~symlearn.kb.loader` -> :class:`KnowledgeBase` -> :class:`Engine`.

Examples
--------
>>> kb = loads('''
... parent(ann, bob). parent(bob, carl).
... grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
... pos(grandparent(ann, carl)).
... ''')
>>> kb.summary()["examples"]
1
>>> [str(s["Who"]) for s in Engine(kb).solve_text("grandparent(Who, carl)")]
['ann']
"""

from symlearn.kb.engine import Engine, solve
from symlearn.kb.knowledge_base import (
    Example,
    KnowledgeBase,
    Mode,
    Predicate,
    ProbabilisticClause,
    SourcePosition,
)
from symlearn.kb.loader import load, loads
from symlearn.kb.parser import ReadClause, parse_term, parse_text, read_clauses

__all__ = [
    "Engine",
    "Example",
    "KnowledgeBase",
    "Mode",
    "Predicate",
    "ProbabilisticClause",
    "ReadClause",
    "SourcePosition",
    "load",
    "loads",
    "parse_term",
    "parse_text",
    "read_clauses",
    "solve",
]
