"""The order in which a compiled switch matches a clause's head arguments with a call's.

Head unification succeeds or fails, and binds the same variables to the same
values, in any order of its arguments; its cost does not.  An argument the
call leaves free (an output) only binds: a compound term there is built, a
constant bound, a repeated variable bound to the other occurrence's value.
An argument the call binds (an input) may clash.  A clause that does not
apply is best refused at a clashing input before its outputs are built and
trailed, then undone.

A compiled switch (:mod:`symlearn.engine.switches`) has a sample of the
warming-up calls' arguments (:class:`~symlearn.engine.arg_select.Sample`):
the arguments free in at least half of them are taken as outputs.  A head
argument there that does more than name a variable met first (a constant,
a compound term, a repeated variable) is matched after the last argument
that may clash (the same, at an argument the calls bind); the others keep
the head's order.  So chat_parser's ``terminal(T, S, S, x(_, terminal, T,
X), X)``, called as ``terminal(Word, S0, S, X0, X)`` with ``X0`` bound,
refuses an ``X0`` of another kind before it binds ``S`` to ``S0``; while
fast_mu's ``derive2(S, S, SL, SL, _, [], _)`` keeps its order (its bound
arguments come first already).  The first argument stays first (the switch
has looked at it), and with no sample (clause functions, a switch compiled
before any call) the head's order is kept.

Functions
---------
matching_order
"""

from __future__ import annotations

from typing import Any

from symlearn.engine.arg_select import Sample
from symlearn.logic.terms import Var

__all__ = ["always_free", "matching_order"]


def matching_order(
    head_args: tuple[Any, ...], calls: Sample | None
) -> list[tuple[int, Any, tuple[Any, ...]]]:
    """``(position, argument, the arguments matched after it)``, in the order of matching."""
    order = list(range(len(head_args)))
    if calls is not None and calls.calls:
        seen: set[Var] = set()
        outputs: list[int] = []
        last_input = 0  # the last argument that may clash with a bound value
        for i, arg in enumerate(head_args):
            plain = type(arg) is Var and arg not in seen
            if type(arg) is Var:
                seen.add(arg)
            if plain or not i:
                continue
            counts = calls.counts(i)
            if counts is not None and 2 * counts.get(None, 0) >= calls.calls:
                outputs.append(i)
            else:
                last_input = i
        moved = [i for i in outputs if i < last_input]
        if moved:
            rest = [i for i in order if i not in moved]
            after = rest.index(last_input) + 1
            order = rest[:after] + moved + rest[after:]
    later = [tuple(head_args[j] for j in order[n + 1 :]) for n in range(len(order))]
    return [(i, head_args[i], rest) for i, rest in zip(order, later, strict=True)]


def always_free(calls: Sample | None, position: int) -> bool:
    """True when every sampled call left argument ``position`` free (an output).

    Its head term is then built inline; a bound argument there is unified
    whole by ``unify`` (:meth:`~symlearn.engine.codegen._Writer.match`), a
    short line instead of the nested code that reads a term.
    """
    if calls is None or not calls.calls or not position:
        return False
    counts = calls.counts(position)
    return counts is not None and counts.get(None, 0) == calls.calls
