"""Theories: the Horn clauses a relational learner finds for one target predicate.

A :class:`Theory` is a program.  It prints as SWI-Prolog's ``portray_clause/1``
prints its clauses, and is written with :meth:`Theory.write` as a file
SWI-Prolog can consult next to the background knowledge.  To ask it goals
over the background knowledge, make a
:class:`~symlearn.learning.learned_program.LearnedProgram` of it.

A theory with no clause proves nothing; it prints as ``false`` (in JSON
``["false"]``, as every empty hypothesis does), and its file declares the
target ``dynamic`` so that calling it fails instead of raising an existence
error.

Examples
--------
>>> from symlearn.kb.parser import parse_term
>>> theory = Theory(("grandparent", 2), (
...     Clause.from_term(parse_term("grandparent(X, Y) :- parent(X, Z), parent(Z, Y)")),))
>>> print(theory)
grandparent(A, B) :-
    parent(A, C),
    parent(C, B).
>>> len(theory), theory.indicator
(1, 'grandparent/2')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from symlearn.files import write_file
from symlearn.hypotheses.base import FALSE, clause_texts
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator, format_indicator
from symlearn.logic.printer import format_atom

__all__ = ["Theory"]


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
    helpers
        Predicates the learner invented to define the target: their clauses
        are among ``clauses`` too (tabled with the target).

    Raises
    ------
    ValueError
        If a clause's head is neither the target nor a helper.
    """

    target: Indicator
    clauses: tuple[Clause, ...] = ()
    tabled: bool = False
    helpers: tuple[Indicator, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "clauses", tuple(self.clauses))
        for clause in self.clauses:
            if clause.functor != self.target and clause.functor not in self.helpers:
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
            tabled = [self.target, *self.helpers]
            lines.append(f":- table {', '.join(format_indicator(i) for i in tabled)}.")
        if not self.clauses:
            lines.append(f":- dynamic {self.indicator}.")
        lines.extend(str(clause) for clause in self.clauses)
        return "\n".join(lines) + "\n"

    def write(
        self,
        path: str | Path,
        header: Sequence[str] = (),
        *,
        inputs: Sequence[str | Path] = (),
        force: bool = False,
    ) -> None:
        """Write :meth:`program` to ``path`` safely (see :func:`symlearn.files.write_file`)."""
        write_file(path, self.program(header), inputs=inputs, force=force)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``target`` and ``hypothesis`` (the clause texts)."""
        return {"target": self.indicator, "hypothesis": self.hypothesis()}

    def _repr_html_(self) -> str:
        """Jupyter: the clauses as SWI-Prolog prints them."""
        count = len(self.clauses)
        title = f"theory for {self.indicator}: {count} clause{'' if count == 1 else 's'}"
        from symlearn.hypotheses.html import html_block  # Jupyter only

        return html_block(title, str(self).splitlines())
