"""Walks over a clause's terms that the code writers ask for again and again.

Functions
---------
variables_of (and ``is_ground``, :func:`symlearn.logic.terms.is_ground`)
"""

from __future__ import annotations

from typing import Any

from symlearn.logic.terms import Struct, Var, is_ground

__all__ = ["is_ground", "variables_of"]


def variables_of(term: Any) -> list[Var]:
    """Each occurrence of a variable in ``term`` (depth first, the last argument first)."""
    found: list[Var] = []
    stack = [term]
    while stack:
        t = stack.pop()
        if type(t) is Var:
            found.append(t)
        elif type(t) is Struct:
            stack.extend(t.args)
    return found
