"""Theories: the Horn clauses a relational learner finds for one target predicate.

A :class:`Theory` is a program.  It prints as SWI-Prolog's ``portray_clause/1``
prints its clauses (DESIGN.md section 2), is written with
:meth:`Theory.write` as a file SWI-Prolog can consult next to the background
knowledge, and is answered by the query engine: :meth:`Theory.covers` proves
each example with :class:`symlearn.kb.Engine` over the knowledge base whose
own clauses for the target are set aside and replaced by the theory.

A theory with no clause proves nothing; it prints as ``false`` (in JSON
``["false"]``, as every empty hypothesis does), and its file declares the
target ``dynamic`` so that calling it fails instead of raising an existence
error.

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.kb.parser import parse_term
>>> kb = loads('''
... parent(ann, bob). parent(bob, carl).
... pos(grandparent(ann, carl)). neg(grandparent(ann, bob)).
... ''')
>>> theory = Theory(("grandparent", 2), (
...     Clause.from_term(parse_term("grandparent(X, Y) :- parent(X, Z), parent(Z, Y)")),))
>>> print(theory)
grandparent(A, B) :-
    parent(A, C),
    parent(C, B).
>>> theory.covers(kb, kb.positives("grandparent", 2) + kb.negatives("grandparent", 2))
[True, False]
>>> len(theory), theory.indicator
(1, 'grandparent/2')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from symlearn.hypotheses.base import FALSE, clause_texts
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_atom
from symlearn.logic.terms import Term

__all__ = ["Theory"]

Indicator = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Theory:
    """A list of Horn clauses defining one target predicate.

    Parameters
    ----------
    target
        ``(name, arity)`` of the predicate the clauses define.
    clauses
        The clauses, in the order Prolog tries them.
    tabled
        Write ``:- table name/arity.`` before the clauses (when the knowledge
        base tables the target).

    Raises
    ------
    ValueError
        If a clause's head is not the target.
    """

    target: Indicator
    clauses: tuple[Clause, ...] = ()
    tabled: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "clauses", tuple(self.clauses))
        for clause in self.clauses:
            if clause.functor != self.target:
                raise ValueError(f"clause {clause!r} does not define {self.indicator}")

    @property
    def indicator(self) -> str:
        """``name/arity`` of the target as text."""
        return f"{format_atom(self.target[0])}/{self.target[1]}"

    def __len__(self) -> int:
        return len(self.clauses)

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses)

    @property
    def is_empty(self) -> bool:
        """True when the theory has no clause (it proves nothing)."""
        return not self.clauses

    def hypothesis(self) -> list[str]:
        """The clauses as text, ``["false"]`` for the empty theory (JSON ``hypothesis``)."""
        return clause_texts(self.clauses)

    def __str__(self) -> str:
        return "\n".join(self.hypothesis()) if self.clauses else FALSE + "."

    def program(self, header: Sequence[str] = ()) -> str:
        """The text of a file SWI-Prolog can consult after the background knowledge.

        Parameters
        ----------
        header
            Comment lines to put first (without ``%``).
        """
        lines = [f"% {line}" if line else "%" for line in header]
        if self.tabled:
            lines.append(f":- table {self.indicator}.")
        if not self.clauses:
            lines.append(f":- dynamic {self.indicator}.")
        lines.extend(str(clause) for clause in self.clauses)
        return "\n".join(lines) + "\n"

    def write(self, path: str | Path, header: Sequence[str] = ()) -> None:
        """Write :meth:`program` to ``path``."""
        Path(path).write_text(self.program(header), encoding="utf-8")

    def covers(
        self,
        kb: KnowledgeBase,
        examples: Sequence[Term],
        *,
        max_depth: int = 100_000,
        max_steps: int | None = 10_000_000,
    ) -> list[bool]:
        """Whether the theory proves each example, asked of the query engine.

        The knowledge base's own clauses for the target are set aside; the
        theory's clauses take their place.  Undefined predicates fail (as in
        ILP systems).

        Raises
        ------
        EngineLimitError
            When a proof exceeds ``max_depth`` or ``max_steps``.
        """
        from symlearn.ilp.background import background_view
        from symlearn.kb.engine import Engine

        engine = Engine(
            background_view(kb, self.target, self.clauses),
            max_depth=max_depth,
            max_steps=max_steps,
            unknown="fail",
        )
        return [engine.ask(example) for example in examples]

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``target`` and ``hypothesis`` (the clause texts)."""
        return {"target": self.indicator, "hypothesis": self.hypothesis()}
