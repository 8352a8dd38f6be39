"""Run goals in symlearn's engine and in SWI-Prolog, and compare what they do.

A goal's *outcome* is one line: ``error(Formal)`` when it raises
``error(Formal, _)``, ``false`` when it fails, else ``r(Goal)`` with the goal
as its first solution bound it (printed with ``writeq`` and numbered
variables, ``spacing(next_argument)``).  The same text comes out of both
systems, so outcomes compare as strings (:func:`same_outcome`), except that a
syntax error's argument is SWI's short name (``end_of_clause``) on one side and
our located message on the other: any two syntax errors are the same outcome.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from symlearn.engine import Engine
from symlearn.errors import SymlearnError
from symlearn.kb import loads
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic.printer import format_term, variable_names
from symlearn.logic.terms import Var
from tests.conftest import SWIPL

#: The most inferences one goal may take in our engine.
STEPS = 200_000


def outcome(goal: str, program: str = "p.") -> str:
    """The outcome of ``goal`` in symlearn's engine (see the module docstring)."""
    kb = loads(program)
    engine = Engine(kb, max_steps=STEPS)
    term, variables = parse_term_with_variables(
        f"Outcome__ = r({goal}), catch(({goal}), error(Formal__, _), true)", ops=kb.operators
    )
    ops = kb.operators
    try:
        for solution in engine.solve(term):
            formal = solution[variables["Formal__"]]
            if type(formal) is not Var:
                return f"error({format_term(formal, variable_names(formal, False), 999, ops)})"
            result = solution[variables["Outcome__"]]
            return format_term(result, variable_names(result, False), 999, ops)
        return "false"
    except SymlearnError as error:  # an uncaught non-error/2 throw, or a limit
        return f"<{type(error).__name__}>"


def outcomes_switching_after(goals: list[str], program: str, calls: int) -> list[str]:
    """:func:`outcome` of each goal with predicates switching after ``calls`` calls.

    0: every predicate's switch is compiled at once; a huge number: the
    clause functions and ``try_clauses`` only.
    """
    from symlearn.engine import procedures

    before = procedures._SWITCH_AFTER_CALLS
    try:
        procedures._SWITCH_AFTER_CALLS = calls
        return [outcome(goal, program) for goal in goals]
    finally:
        procedures._SWITCH_AFTER_CALLS = before


def same_outcome(ours: str, theirs: str) -> bool:
    """Whether two outcomes agree (syntax errors agree whatever their message)."""
    if ours.startswith("error(syntax_error(") and theirs.startswith("error(syntax_error("):
        return True
    return ours == theirs


_CLAUSE = (
    "t{i} :- ( catch(({goal}), error(Formal__, _), true) "
    "-> ( nonvar(Formal__) -> Outcome__ = error(Formal__) ; Outcome__ = r({goal}) ) "
    "; Outcome__ = false ), "
    "\\+ \\+ ( numbervars(Outcome__, 0, _), "
    "write_term(Outcome__, [quoted(true), numbervars(true), spacing(next_argument), "
    "character_escapes_unicode(false)]) ), nl."
)


def swipl_outcomes(goals: list[str], program: str = "p.", timeout: float = 60) -> list[str]:
    """The outcome of each goal in SWI-Prolog (``<error>`` for anything else it throws)."""
    assert SWIPL is not None
    clauses = [_CLAUSE.format(i=i, goal=goal) for i, goal in enumerate(goals)]
    calls = ", ".join(
        f"( catch(t{i}, _, (write('<error>'), nl)) -> true ; write('<failed>'), nl )"
        for i in range(len(goals))
    )
    text = (
        ":- style_check(-singleton).\n"
        + program
        + "\n"
        + "\n".join(clauses)
        + f"\nmain :- {calls or 'true'}.\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "goals.pl"
        path.write_text(text)
        run = subprocess.run(
            [SWIPL, "-q", "-g", "main", "-t", "halt", str(path)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    return run.stdout.splitlines()
