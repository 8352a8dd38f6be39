"""Aleph/Progol mode declarations (the language bias a relational learner reads).

A :class:`Mode` is one ``modeh(Recall, Template)`` or ``modeb(Recall,
Template)`` declaration (Muggleton 1995, section 5; the Aleph manual): the
knowledge base records them as read, and the relational learners read them
from the prepared task (:mod:`symlearn.ilp.task`) without the knowledge base.

Classes
-------
Mode

References
----------
Muggleton, S. (1995).  Inverse entailment and Progol.  New Generation
Computing 13.  Srinivasan, A.  The Aleph manual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, functor_of

__all__ = ["Mode"]


@dataclass(frozen=True, slots=True)
class Mode:
    """An Aleph/Progol mode declaration ``modeh(Recall, Template)`` or ``modeb(...)``.

    Attributes
    ----------
    kind
        ``"head"`` or ``"body"``.
    recall
        How many answers of the literal to use (``None`` for ``*``: all).
    template
        The atom with ``+type`` (input), ``-type`` (output) and ``#type``
        (constant) place markers.
    """

    kind: Literal["head", "body"]
    recall: int | None
    template: Term
    position: SourcePosition | None = field(default=None, compare=False)

    @property
    def indicator(self) -> Indicator:
        """``(name, arity)`` of the template."""
        return functor_of(self.template)

    def arguments(self) -> list[tuple[str, str]]:
        """The place markers in argument order, as (``"+"|"-"|"#"``, type name)."""
        _, arity = self.indicator
        if arity == 0:
            return []
        assert isinstance(self.template, Struct)
        markers: list[tuple[str, str]] = []
        for arg in self.template.args:
            if type(arg) is Struct and arg.name in ("+", "-", "#") and len(arg.args) == 1:
                markers.append((arg.name, format_term(arg.args[0])))
            else:
                markers.append(("#", format_term(arg)))
        return markers

    def __str__(self) -> str:
        recall = "*" if self.recall is None else str(self.recall)
        name = "modeh" if self.kind == "head" else "modeb"
        return f"{name}({recall}, {format_term(self.template, max_priority=999)})"
