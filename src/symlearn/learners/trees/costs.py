"""Attribute costs for cost-sensitive attribute selection: the ``cost/2`` directive.

Measuring an attribute can cost something (a blood test, a scan).  A
knowledge base declares what each attribute costs with::

    :- cost(temperature, 1).
    :- cost(biopsy, 150.5).

``Attribute`` is an attribute name (as in ``attributes/2``) and ``Cost`` a
positive number.  The cost-sensitive selection measures of
:mod:`symlearn.learners.trees.selection` (Tan and Schlimmer's Gain^2/Cost and
Nunez's (2^Gain - 1)/(Cost + 1)^w) read these costs; an attribute without a
declaration costs 1.  Declaring an attribute twice, a cost that is not a
positive number, or (when learning) a cost for an attribute that the target
does not have, is an error that points at the directive.

The knowledge-base loader reads the directive (:mod:`symlearn.kb.directives`);
this module reads what it recorded.

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads(":- cost(temperature, 2). :- cost(pulse, 0.5).")
>>> attribute_costs(kb)
{'temperature': 2.0, 'pulse': 0.5}

References
----------
Mitchell (1997), section 3.7.5 (attributes with differing costs); Tan and
Schlimmer (1990); Nunez (1991).
"""

from __future__ import annotations

from collections.abc import Iterable

from symlearn.errors import KBError
from symlearn.kb.directives import COST_DECLARATION
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.source import SourcePosition

__all__ = ["DECLARATION", "attribute_costs", "check_costs"]

#: The key of ``KnowledgeBase.declarations`` that holds ``(attribute, cost, position)``.
DECLARATION = COST_DECLARATION


def _declared(kb: KnowledgeBase) -> list[tuple[str, float, SourcePosition | None]]:
    return list(kb.declarations.get(DECLARATION, []))  # type: ignore[arg-type]


def attribute_costs(kb: KnowledgeBase) -> dict[str, float]:
    """The declared cost of each attribute, in declaration order."""
    return {attribute: cost for attribute, cost, _ in _declared(kb)}


def check_costs(kb: KnowledgeBase, attributes: Iterable[str]) -> dict[str, float]:
    """The costs of ``attributes``, refusing a declaration for any other attribute.

    Raises
    ------
    KBError
        At the ``cost/2`` directive that names an attribute the target lacks.
    """
    names = list(attributes)
    for attribute, _, where in _declared(kb):
        if attribute not in names:
            message = (
                f"cost/2 declares a cost for {attribute}, which is not an attribute "
                f"of the target ({', '.join(names)})"
            )
            if where is None:
                raise KBError(message)
            raise KBError(message, where.path, where.line, where.column)
    return attribute_costs(kb)
