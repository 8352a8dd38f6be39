"""The code of a predicate's procedure before it has a switch, one copy per predicate.

A predicate (:class:`~symlearn.engine.procedures.Predicate`) runs one of a
few fixed procedures until its switch is written: the general one (index on
the first argument, try the candidates), the warming-up one (count the call,
then run the general one), or one for ground facts.  Each predicate runs
them with globals of its own (``P``, its namespace).

CPython (3.11 on) specialises a code object's loads of global names for the
globals dict it last ran with.  Code shared by functions with different
globals, as every predicate's procedure would share these, misses at each
load another predicate specialised for, and is specialised again and again
(chat_parser: 1.3 % of a warm run's instructions).  So each predicate runs
its own copy (:func:`own_code`, a ``code.replace()``: under a microsecond),
and code another engine ran, or another function runs, is copied for a new
function as well (:mod:`symlearn.engine.code_memo`,
:mod:`symlearn.engine.code_cache`).

Functions
---------
own_code
"""

from __future__ import annotations

from types import CodeType
from typing import Any

__all__ = [
    "FACTS_CODE",
    "GENERAL_CODE",
    "ONE_FACT_CODE",
    "WARMING_CODE",
    "own_code",
]

#: The general procedure of a user predicate (``P``): index on the first
#: argument, run the one candidate or try several.  The same globals serve the
#: switch :func:`~symlearn.engine.codegen.compile_switch` makes.
_GENERAL_SOURCE = """
def clause(m, args, cutb, depth, nxt):
    if depth > max_depth: raise too_deep(args)
    if P.mode: return slow(m, args, cutb, depth, nxt)
    by_atom = P.by_atom
    if by_atom is None:
        candidates = P.entries
    else:
        first = args[0]
        while first.__class__ is Ref:
            value = first.value
            if value is None:
                return unbound(m, args, depth, nxt)
            first = value
        if first.__class__ is Struct:
            candidates = P.by_functor.get(first.name, P.compound_entries)
        else:
            candidates = by_atom.get(first, P.var_entries)
    if len(candidates) == 1:
        return candidates[0].run(m, args, len(m.cps), depth, nxt)
    return try_clauses(m, candidates, 0, args, depth, nxt)
"""
#: The procedure of a predicate warming up (:meth:`~symlearn.engine.procedures.Predicate.heat`).
_WARMING_SOURCE = """
def clause(m, args, cutb, depth, nxt):
    P.countdown -= 1
    if P.countdown < 0:
        return heat(m, args, cutb, depth, nxt)
    first = args[0]
    while first.__class__ is Ref:
        first = first.value
    if first.__class__ is Struct:
        seen_functors[first.name] = seen_functors.get(first.name, 0) + 1
    else:  # (None: a free first argument)
        seen_constants[first] = seen_constants.get(first, 0) + 1
    if P.countdown < SAMPLED:
        for arg in args:
            while arg.__class__ is Ref:
                arg = arg.value
            seen_calls.append(arg)
    return general(m, args, cutb, depth, nxt)
"""


def _function_code(source: str) -> CodeType:
    """The code of the function ``clause`` that ``source`` defines."""
    namespace: dict[str, Any] = {}
    exec(compile(source, "<symlearn procedure>", "exec"), namespace)
    return namespace["clause"].__code__


#: The procedure of a predicate of ground facts (its rows, looked up by the index).
_FACTS_SOURCE = """
def clause(m, args, cutb, depth, nxt):
    if depth > max_depth: raise too_deep(args)
    return facts(m, args, depth, nxt)
"""
#: The procedure of a predicate that is one fact without arguments (``p.``).
_ONE_FACT_SOURCE = """
def clause(m, args, cutb, depth, nxt):
    if depth > max_depth: raise too_deep(args)
    return nxt
"""
FACTS_CODE = _function_code(_FACTS_SOURCE)
#: The code of a predicate's procedure while it is one fact without arguments
#: (``$p`` compiled needs no barrier then: ``compiled_control``, which knows it
#: by identity: this one is not copied).
ONE_FACT_CODE = _function_code(_ONE_FACT_SOURCE)
WARMING_CODE = _function_code(_WARMING_SOURCE)
GENERAL_CODE = _function_code(_GENERAL_SOURCE)


def own_code(copies: dict[CodeType, CodeType], code: CodeType) -> CodeType:
    """The copy of the shared ``code`` kept in ``copies`` (made at its first use)."""
    copy = copies.get(code)
    if copy is None:
        copy = copies[code] = code.replace()
    return copy
