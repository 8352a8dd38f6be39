r"""Conditional compilation of ``:- if``, ``:- elif``, ``:- else`` and ``:- endif``.

SWI-Prolog (and the ISO draft on conditional compilation) loads the clauses
between ``:- if(Goal).`` and the matching ``:- elif``/``:- else``/``:- endif``
only when ``Goal`` succeeds at that point of loading; the blocks nest.  Files
written for SWI's Aleph pack start with one, e.g.::

    :- if(current_predicate(use_rendering/1)).
    :- use_rendering(prolog).
    :- endif.

A condition is decided over the knowledge base read so far, without running
the engine (nothing is loaded yet when most conditions are read): ``true``,
``fail``/``false``, ``current_predicate(Name/Arity)`` (a predicate of the
file or a built-in), ``current_prolog_flag(Flag, Value)`` (the flags as
SWI-Prolog has them, :mod:`symlearn.kb.flags`, with what the file set), ``\+ G``,
``(G1, G2)`` and ``(G1 ; G2)``.  Any other condition is an error naming what
is understood, rather than a guess.

References
----------
SWI-Prolog reference manual, section 4.3.1.2 "Conditional compilation and
program transformation".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from symlearn.kb.flags import FLAGS
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.system import SYSTEM_PREDICATES
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var

__all__ = ["CONDITIONAL_DIRECTIVES", "ConditionError", "Conditions", "condition_holds"]

#: The directives that open, switch or close a conditional block.
CONDITIONAL_DIRECTIVES = frozenset({("if", 1), ("elif", 1), ("else", 0), ("endif", 0)})

_UNDERSTOOD = (
    "true, fail, false, current_predicate(Name/Arity), current_prolog_flag(Flag, Value), "
    "\\+, ',' and ';'"
)


class ConditionError(ValueError):
    """A conditional directive that is misplaced or a condition that cannot be decided."""


def condition_holds(goal: Term, kb: KnowledgeBase) -> bool:
    r"""Decide the condition of ``:- if(Goal)`` over the knowledge base read so far.

    Examples
    --------
    >>> from symlearn.logic.terms import Struct
    >>> kb = KnowledgeBase()
    >>> condition_holds(Struct("current_predicate", (Struct("/", ("use_rendering", 1)),)), kb)
    False
    >>> condition_holds(Struct("\\+", ("fail",)), kb)
    True
    """
    if goal == "true":
        return True
    if goal in ("fail", "false"):
        return False
    if type(goal) is Struct:
        name, args = goal.name, goal.args
        if name == "," and len(args) == 2:
            return condition_holds(args[0], kb) and condition_holds(args[1], kb)
        if name == ";" and len(args) == 2:
            return condition_holds(args[0], kb) or condition_holds(args[1], kb)
        if name == "\\+" and len(args) == 1:
            return not condition_holds(args[0], kb)
        if name == "current_predicate" and len(args) == 1:
            return _current_predicate(args[0], kb)
        if name == "current_prolog_flag" and len(args) == 2:
            return _current_prolog_flag(args[0], args[1], kb)
    raise ConditionError(
        f"cannot decide the condition {format_term(goal)} while loading "
        f"(understood here: {_UNDERSTOOD})"
    )


def _current_predicate(indicator: Term, kb: KnowledgeBase) -> bool:
    if type(indicator) is Struct and indicator.name == "/" and len(indicator.args) == 2:
        name, arity = indicator.args
        if isinstance(name, str) and type(arity) is int:
            return kb.defines(name, arity) or (name, arity) in SYSTEM_PREDICATES
    raise ConditionError(
        "current_predicate/1 in a condition needs a ground Name/Arity, got "
        + format_term(indicator)
    )


def _current_prolog_flag(flag: Term, value: Term, kb: KnowledgeBase) -> bool:
    """``current_prolog_flag(Flag, Value)`` with a named flag (Value a value or unbound)."""
    if type(flag) is not str:
        raise ConditionError(
            "current_prolog_flag/2 in a condition needs a flag name, got " + format_term(flag)
        )
    current = kb.flags.get(flag, FLAGS[flag][0] if flag in FLAGS else None)
    if current is None:
        return False
    return type(value) is Var or value == current


@dataclass
class _Block:
    """One open ``:- if`` block: where it opened, whether a branch was taken, which one is live."""

    opened: SourcePosition
    taken: bool
    live: bool
    seen_else: bool = False


class Conditions:
    """The stack of open ``:- if`` blocks of one loading run."""

    def __init__(self) -> None:
        self._blocks: list[_Block] = []

    @property
    def skipping(self) -> bool:
        """Whether clauses read now lie in a branch that is not taken."""
        return any(not block.live for block in self._blocks)

    def directive(
        self,
        name: str,
        args: tuple[Term, ...],
        position: SourcePosition,
        decide: Callable[[Term], bool],
    ) -> None:
        """Apply one conditional directive; ``decide`` evaluates a condition (only when needed)."""
        if name == "if":
            if self.skipping:  # nested in a skipped branch: skip the whole block
                self._blocks.append(_Block(position, taken=True, live=False))
            else:
                holds = decide(args[0])
                self._blocks.append(_Block(position, taken=holds, live=holds))
            return
        if not self._blocks:
            raise ConditionError(f":- {name} without an open :- if")
        block = self._blocks[-1]
        if name == "endif":
            self._blocks.pop()
            return
        if block.seen_else:
            raise ConditionError(f":- {name} after :- else (the :- if is at {block.opened})")
        outer_live = all(b.live for b in self._blocks[:-1])
        if name == "else":
            block.seen_else = True
            block.live = outer_live and not block.taken
        elif block.taken or not outer_live:
            block.live = False
        else:
            block.live = block.taken = decide(args[0])

    def unclosed(self) -> SourcePosition | None:
        """Where the innermost block still open opened (at the end of a file: an error)."""
        return self._blocks[-1].opened if self._blocks else None
