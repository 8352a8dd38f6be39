r"""Terms and clauses as ProbLog prints them.

ProbLog writes a compound term without spaces after the commas of its
arguments (``bet(w1,5)``, a list as ``[a, b]``) and a clause on one line with the variables as
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
>>> from symlearn.kb import parse_term
>>> problog_text(parse_term("p((X,Y),[(1,1),f(2,2)|T],X=Y)"))
'p((X, Y),[(1, 1), f(2,2) | T],X=Y)'
>>> clause_line("0.5::a(X)", [Struct("b", (Var("X"),))])
'0.5::a(X) :- b(X).'
"""

from __future__ import annotations

from collections.abc import Sequence

from symlearn.logic.printer import format_term
from symlearn.logic.terms import EMPTY_LIST, LIST_FUNCTOR, Struct, Term, list_items

__all__ = ["clause_line", "problog_text"]


def problog_text(term: Term) -> str:
    """A term as ProbLog prints it: no space after the commas of arguments.

    Lists and conjunctions keep their spaces (``[a, b | T]``, ``(X, Y)``), and
    an argument that is a conjunction is parenthesised, as ProbLog's ``str``.
    """
    if isinstance(term, Struct) and term.args and term.name.isidentifier():
        return f"{format_term(term.name)}({','.join(_argument(a) for a in term.args)})"
    if isinstance(term, Struct) and term.name == LIST_FUNCTOR and len(term.args) == 2:
        items, tail = list_items(term)
        rest = "" if tail == EMPTY_LIST else f" | {_argument(tail)}"
        return f"[{', '.join(_argument(i) for i in items)}{rest}]"
    if isinstance(term, Struct) and term.name == "," and len(term.args) == 2:
        return f"{_argument(term.args[0])}, {problog_text(term.args[1])}"
    return format_term(term)


def _argument(term: Term) -> str:
    if isinstance(term, Struct) and term.name == "," and len(term.args) == 2:
        return f"({problog_text(term)})"
    if isinstance(term, Struct) and (term.name.isidentifier() or term.name == LIST_FUNCTOR):
        return problog_text(term)
    return format_term(term, max_priority=999)


def clause_line(head: str, body: Sequence[Term]) -> str:
    """A clause on one line as ProbLog prints it: ``head :- goal, goal.`` (variables kept)."""
    if not body:
        return head + "."
    return f"{head} :- {', '.join(format_term(goal, max_priority=999) for goal in body)}."
