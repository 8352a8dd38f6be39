"""The grounder's tables: one per call (by variant), with its answers and their nodes.

Functions and classes
---------------------
Table, variant_key, renamed
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from symlearn.bayes.problog.ground_program import VARIABLE
from symlearn.logic.terms import Struct, Term, Var, term_variables
from symlearn.logic.unify import substitute

__all__ = ["Table", "renamed", "variant_key"]


def variant_key(term: Term) -> Term:
    """The term with its variables numbered in order, so that variants have equal keys."""
    variables = term_variables(term)
    if not variables:
        return term
    return substitute(term, {v: Struct(VARIABLE, (i,)) for i, v in enumerate(variables)})


def renamed(key: Term) -> Term:
    """A key with numbered variables as a term with fresh variables (the key if ground)."""
    numbered: dict[int, Var] = {}

    def walk(term: Term) -> Term:
        if isinstance(term, Struct):
            if term.name == VARIABLE and len(term.args) == 1 and type(term.args[0]) is int:
                variable = numbered.get(term.args[0])
                if variable is None:
                    variable = numbered[term.args[0]] = Var("_")
                return variable
            return Struct(term.name, tuple(walk(a) for a in term.args))
        return term

    return walk(key)


@dataclass
class Table:
    """A tabled call: its answers (key -> node), and where it is on the call stack."""

    key: Term
    per_call: bool = False  # answers have nodes of their own ('$in'(key, answer))
    answers: dict[Term, Term] = field(default_factory=dict)
    order: list[Term] = field(default_factory=list)  # the answer keys, as found
    open_answers: set[Term] = field(default_factory=set)  # the non-ground answer keys
    complete: bool = False
    index: int = -1
    epoch: int = -1  # the leader iteration it was last evaluated in (while incomplete)
    depends: Table | None = None  # the lowest table on the stack it consumed from

    def each_answer(self) -> Iterator[tuple[Term, Term]]:
        """``(answer, node)`` for each answer, variables fresh, those found meanwhile too.

        Answers found while they are being consumed (a recursive call's) are
        given as well, so that a recursion reaches its answers in one round.
        """
        position = 0
        while position < len(self.order):
            key = self.order[position]
            position += 1
            yield (renamed(key) if key in self.open_answers else key), self.answers[key]
