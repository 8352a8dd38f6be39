r"""Terms and clauses as ProbLog prints them.

ProbLog writes a compound term without spaces after the commas of its
arguments (``bet(w1,5)``) and a clause on one line with the variables as
written (``0.5::a(X) :- b(X).``); its answers, decisions and learned models
read so, and ours print the same way.

Functions
---------
problog_text, clause_line

Examples
--------
>>> from symlearn.logic.terms import Struct, Var
>>> problog_text(Struct("bet", ("w1", 5)))
'bet(w1,5)'
>>> clause_line("0.5::a(X)", [Struct("b", (Var("X"),))])
'0.5::a(X) :- b(X).'
"""

from __future__ import annotations

from collections.abc import Sequence

from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = ["clause_line", "problog_text"]


def problog_text(term: Term) -> str:
    """A term as ProbLog prints it: no space after the commas of arguments."""
    if isinstance(term, Struct) and term.args and term.name.isidentifier():
        return f"{format_term(term.name)}({','.join(problog_text(a) for a in term.args)})"
    return format_term(term)


def clause_line(head: str, body: Sequence[Term]) -> str:
    """A clause on one line as ProbLog prints it: ``head :- goal, goal.`` (variables kept)."""
    if not body:
        return head + "."
    return f"{head} :- {', '.join(format_term(goal, max_priority=999) for goal in body)}."
