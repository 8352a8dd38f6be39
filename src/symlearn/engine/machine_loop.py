"""The machine's loop: run continuations, resume choicepoints on failure.

A continuation is ``(procedure, arguments, cut barrier, depth, next)``; the
loop calls the procedure, which returns the next continuation, ``FAIL``
(backtrack to the newest choicepoint) or None (nothing left to prove: an
answer).  Both of those are false (``FAIL`` is an empty tuple of its own
type), so one truth test per call tells them from a continuation.

Functions
---------
run
resume
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from symlearn.engine import tabling
from symlearn.engine.arithmetic import PrologThrow, resource_error
from symlearn.engine.clpfd import FDFailure, Recheck
from symlearn.engine.machine import (
    ALT,
    COLLECT,
    FACTS,
    FAIL,
    ITER,
    REACTIVATE,
    TABLE,
    Choice,
    Cont,
    Run,
)
from symlearn.engine.procedures import try_facts

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["resume", "run"]


def run(engine: Engine, m: Run, start: Cont) -> Iterator[None]:
    """Prove the continuation ``start``; yield once per solution.

    The ``for`` loop's range numbers the calls (the limits are looked at
    before the call numbered ``check_at``); FAIL and None (nothing left to
    prove: an answer) are the only false continuations.  On FAIL (and after
    an answer) the newest choicepoint is resumed here: its bindings undone,
    then a clause choicepoint (most of them) runs its next clause, an
    alternative's continuation is taken, or :func:`resume` resumes a
    :class:`Choice`; one choicepoint a pass, until one gives a continuation.
    """
    recover = engine._recover
    trail = m.trail
    cps = m.cps
    steps = 0
    check_at = engine._check(0, m)
    first = 1
    cont: Any = start
    while True:
        try:
            while True:
                for steps in range(first, check_at):
                    procedure, args, cutb, depth, nxt = cont
                    cont = procedure(m, args, cutb, depth, nxt)
                    while not cont:
                        if cont is None:
                            if engine.fd_watching:  # the new bindings must satisfy the constraints
                                assert engine.fd is not None
                                engine.fd.wake()
                            engine.steps = steps + m.extra + m.granted - m.loops
                            yield
                            engine.trail = m.trail  # another run may have used the engine
                        if not cps:
                            return
                        choice = cps[-1]
                        shape = choice.__class__  # list: a ClauseChoice; tuple: an AltChoice
                        mark = choice.mark if shape is Choice else choice[0]
                        if len(trail) - mark > 4:  # (a long undo by slice)
                            for ref in trail[mark:]:
                                ref.value = None
                            del trail[mark:]
                        else:
                            while len(trail) > mark:
                                trail.pop().value = None
                        if shape is list:  # try_clauses resuming: its next clause that matches
                            _, _, after, below, given, candidates, position = choice
                            height, last = len(cps) - 1, len(candidates)
                            while position < last:
                                entry = candidates[position]
                                position += 1
                                cont = entry.run(m, given, height, below, after)
                                if cont is not FAIL:
                                    if position < last and not entry.neck_cut:
                                        choice[6] = position
                                    else:
                                        cps.pop()
                                    break
                                while len(trail) > mark:
                                    trail.pop().value = None
                            else:
                                cps.pop()
                                cont = FAIL
                        elif shape is tuple:  # resume at its continuation
                            cps.pop()
                            cont = choice[2]
                        else:
                            cont = resume(engine, m, choice)
                if first < check_at:  # the range ran out: the call numbered check_at is next
                    first = check_at
                steps = first
                check_at = engine._check(steps, m)
        except PrologThrow as thrown:
            cont = recover(thrown, m)
        except Recheck:  # the first constraint was posted: look at every step from now
            cont = nxt
            check_at = steps + 1
        except FDFailure:  # a binding broke a constraint: backtrack (before the next check)
            cont = FAIL
            check_at = steps + 2
        except MemoryError:
            cont = recover(resource_error("memory"), m)
        except RecursionError:
            cont = recover(resource_error("stack"), m)
        first = steps + 1
        if not cont:  # FAIL or an answer: made the result of a call that is not counted
            cont = (_returning, cont, 0, 0, None)
            m.extra -= 1


def resume(engine: Engine, m: Run, choice: Any) -> object:
    """Resume ``choice``, the newest choicepoint (a :class:`Choice`), its bindings undone.

    Returns its continuation, or FAIL to backtrack further (a choicepoint
    with nothing left is popped).
    """
    kind = choice.kind
    if kind == FACTS:
        return try_facts(
            m, choice.b, choice.c, choice.pos, choice.a, choice.depth, choice.cont, choice
        )
    if kind == ITER:
        m.extra += 1
        if next(choice.a, FAIL) is FAIL:
            m.cps.pop()
            return FAIL
        return choice.cont
    if kind == TABLE:
        return tabling.round_done(engine, m, choice)
    m.cps.pop()
    if kind == ALT:
        return choice.cont
    if kind == COLLECT:
        return choice.a(m, choice)
    if kind == REACTIVATE:
        choice.a.pos = 1
    return FAIL  # REACTIVATE, CATCH, DEAD


def _returning(m: Run, value: object, cutb: int, depth: int, nxt: Cont) -> object:
    """A procedure whose result is its argument (an answer reached outside a call)."""
    return value
