"""A program run as SWI-Prolog runs a file: its directives' goals first, and ``halt/0,1``.

:func:`run_program_goals` calls the goals a knowledge base's directives left
for a run (``:- write(hi).``, ``:- assertz(p(1)).``: ``kb.goals``, in file
order), then its ``:- initialization(G).`` goals (``kb.initialization``), each
once, before a query's own goal.  A goal that fails or raises an error is a
located warning on the error stream (the error in SWI-Prolog's words), and
the run goes on, as in SWI-Prolog.
``halt/0,1`` raises :class:`~symlearn.errors.PrologHalt`, which no ``catch/3``
catches: the command line ends with its status.

Functions
---------
run_program_goals
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import instantiation_error, type_error
from symlearn.engine.builtins import det, representation_error
from symlearn.engine.messages import message_words
from symlearn.engine.runtime import Ref, RTerm, deref, resolve, to_runtime
from symlearn.errors import PrologHalt
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Var

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine
    from symlearn.kb.knowledge_base import KnowledgeBase
    from symlearn.logic.source import SourcePosition
    from symlearn.logic.terms import Term

__all__ = ["run_program_goals"]


def run_program_goals(engine: Engine, kb: KnowledgeBase) -> None:
    """Call each goal of ``kb``'s directives, then its initialization goals, once each."""
    for goal, position in [*kb.goals, *kb.initialization]:
        _call_once(engine, goal, position)


def _call_once(engine: Engine, goal: Term, position: SourcePosition | None) -> None:
    """Call ``goal`` once; when it fails or raises an error, a located warning says so."""
    where = "" if position is None else f"{position}: "
    error = Var("Error")
    for solution in engine.solve(Struct("catch", (goal, error, "true")), limit=1):
        if type(solution[error]) is Var:
            return
        words = message_words(engine, to_runtime(solution[error], {}))
        sys.stderr.write(f"{where}warning: the directive raised an error: {words}\n")
        return
    sys.stderr.write(f"{where}warning: the directive failed: {format_term(goal)}\n")


@det("halt", 0)
@det("halt", 1)
def _halt(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """End the run: ``halt`` with status 0, ``halt(Status)`` with an integer status."""
    status = deref(args[0]) if args else 0
    if type(status) is Ref:
        raise instantiation_error()
    if type(status) is not int:
        raise type_error("integer", resolve(status))
    if not -(2**31) <= status < 2**31:
        raise representation_error("int")
    raise PrologHalt(status % 256)  # the process's exit status, as SWI-Prolog's halt(256) is 0
