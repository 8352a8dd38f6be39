"""Reading learner settings from ``:- set(Name, Value).`` directives.

Functions
---------
natural_settings
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from symlearn.errors import KBError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.printer import format_term

__all__ = ["natural_settings"]


def natural_settings(
    kb: KnowledgeBase, names: Iterable[str] | Mapping[str, str]
) -> dict[str, int]:
    """The natural-number settings the knowledge base sets, by attribute name.

    Parameters
    ----------
    kb
        The knowledge base.
    names
        Setting names, or a map from setting name to the attribute to report it as.

    Raises
    ------
    KBError
        When a setting's value is not a natural number.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> natural_settings(loads(":- set(nodes, 10)."), {"nodes": "max_nodes", "i": "i"})
    {'max_nodes': 10}
    """
    mapping = dict(names) if isinstance(names, Mapping) else {n: n for n in names}
    values: dict[str, int] = {}
    for name, attribute in mapping.items():
        value = kb.setting(name)
        if value is None:
            continue
        if type(value) is not int or value < 0:
            raise KBError(f"set({name}, {format_term(value)}): expected a natural number")
        values[attribute] = value
    return values
