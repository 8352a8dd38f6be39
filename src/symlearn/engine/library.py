"""The engine's library predicates (``member/2``, ``append/3`` ...), read from ``library.pl``.

They are ordinary Prolog clauses, kept in a knowledge base of their own; a
user's knowledge base that defines a predicate of the same name and arity
replaces the library's definition, as in SWI-Prolog.
"""

from __future__ import annotations

import importlib.resources
from functools import lru_cache

from symlearn.kb.knowledge_base import KnowledgeBase

__all__ = ["library", "library_predicates"]


@lru_cache(maxsize=1)
def library() -> KnowledgeBase:
    """The library knowledge base (read once)."""
    from symlearn.kb.loader import loads

    text = importlib.resources.files("symlearn.kb").joinpath("library.pl").read_text("utf-8")
    return loads(text, path="library.pl")


def library_predicates() -> set[tuple[str, int]]:
    """The public library predicates (names not starting with ``$``)."""
    return {key for key in library().predicates if not key[0].startswith("$")}
