"""A guard against recursive clauses whose recursion cannot terminate on the data.

A recursive clause such as ``ancestor(X, Y) :- ancestor(X, Z), parent(Z, Y)``
covers the right examples when its recursive literal is read as a lookup in
the known tuples of the target (as FOIL reads it), yet as a Prolog program it
calls ``ancestor(X, Z)`` with the same first argument forever.  Quinlan's FOIL
rejects such literals with an ordering argument; here the question is put to
the data directly:

The **call graph** of a theory on the data has a node for each call of the
target that proving the examples makes, written as the tuple of its bound
arguments (``None`` for an argument left unbound), and an edge from a call to
each call of the target that a recursive clause makes while resolving it.  The
body literals before a recursive literal are joined set-at-a-time
(:class:`~symlearn.ilp.coverage.Coverage`), so one pass finds the calls made
for all the bindings at once; a positive recursive literal binds its free
arguments from the target's known tuples (the extension FOIL uses).  SLD
resolution on the data terminates when no call can reach itself, that is,
when the call graph reachable from the examples has no cycle.

Functions
---------
recursion_terminates, repeats_its_call

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.kb.parser import parse_term
>>> from symlearn.logic.clauses import Clause
>>> from symlearn.ilp.coverage import Coverage
>>> kb = loads("parent(a, b). parent(b, c). pos(anc(a, c)). neg(anc(c, a)).")
>>> cov = Coverage(kb, ("anc", 2))
>>> cov.set_extension(("anc", 2), [("a", "b"), ("b", "c"), ("a", "c")])
>>> examples = [parse_term("anc(a, c)"), parse_term("anc(c, a)")]
>>> good = Clause.from_term(parse_term("anc(X, Y) :- parent(X, Z), anc(Z, Y)"))
>>> bad = Clause.from_term(parse_term("anc(X, Y) :- anc(X, Z), parent(Z, Y)"))
>>> recursion_terminates(cov, [good], examples)
(True, '')
>>> recursion_terminates(cov, [bad], examples)[0]
False
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from symlearn.ilp.coverage import BindingTable, Coverage, NotSetAtATimeError
from symlearn.ilp.relations import CODE
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Term, Var, functor_of, term_variables

__all__ = ["recursion_terminates", "repeats_its_call"]

Call = tuple[int | None, ...]


def recursion_terminates(
    coverage: Coverage,
    clauses: Sequence[Clause],
    examples: Sequence[Term],
    *,
    max_calls: int = 200_000,
) -> tuple[bool, str]:
    """Whether proving ``examples`` with ``clauses`` makes no cyclic chain of target calls.

    Parameters
    ----------
    coverage
        Coverage over the background, with the target set and an extension
        for it (:meth:`Coverage.set_extension`).
    clauses
        The theory (clauses of the target); only recursive ones make calls.
    examples
        The ground atoms whose proofs are examined.
    max_calls
        Give up (answer False) after this many distinct calls.

    Returns
    -------
    (bool, str)
        True and ``""`` when recursion terminates on the data; False and the
        reason otherwise.
    """
    target = coverage.target
    recursive = [c for c in clauses if coverage.calls_target(c)]
    if target is None or not recursive:
        return True, ""
    for clause in recursive:
        head = clause.head
        args = head.args if type(head) is Struct else ()
        if len(set(map(id, args))) != len(args) or not all(type(a) is Var for a in args):
            return False, "a recursive clause's head is not distinct variables"
    nodes: dict[Call, int] = {}
    edges: list[set[int]] = []

    def node(call: Call) -> int:
        number = nodes.get(call)
        if number is None:
            number = nodes[call] = len(edges)
            edges.append(set())
        return number

    frontier: list[Call] = []
    for example in examples:
        args = example.args if type(example) is Struct else ()
        call = tuple(coverage.symbols.code(a) for a in args)
        if call not in nodes:
            node(call)
            frontier.append(call)
    while frontier:
        if len(nodes) > max_calls:
            return False, f"more than {max_calls:,} distinct recursive calls"
        found: list[Call] = []
        for pattern, group in _by_pattern(frontier).items():
            for clause in recursive:
                try:
                    calls = _calls(coverage, clause, pattern, group)
                except NotSetAtATimeError as error:
                    return False, str(error)
                for caller, callee in calls:
                    if callee not in nodes:
                        found.append(callee)
                    edges[nodes[caller]].add(node(callee))
        frontier = list(dict.fromkeys(found))
    cycle = _find_cycle(edges)
    if cycle is None:
        return True, ""
    return False, f"a call can reach itself on the data ({len(cycle)} call(s) in the cycle)"


def _by_pattern(calls: list[Call]) -> dict[tuple[int, ...], list[Call]]:
    groups: dict[tuple[int, ...], list[Call]] = {}
    for call in calls:
        pattern = tuple(i for i, value in enumerate(call) if value is not None)
        groups.setdefault(pattern, []).append(call)
    return groups


def _calls(
    coverage: Coverage, clause: Clause, pattern: tuple[int, ...], group: list[Call]
) -> list[tuple[Call, Call]]:
    """(caller, callee) for each recursive call ``clause`` makes on the calls ``group``."""
    head = clause.head
    assert type(head) is Struct
    variables = tuple(head.args[i] for i in pattern)
    columns = tuple(np.array([c[i] for c in group], dtype=CODE) for i in pattern)
    table = BindingTable(variables, columns, np.arange(len(group), dtype=CODE))  # type: ignore[arg-type]
    found: list[tuple[Call, Call]] = []
    for literal in clause.body:
        if not len(table):
            break
        goal = literal.args[0] if type(literal) is Struct and literal.name == "\\+" else literal
        if functor_of(goal) == coverage.target:
            found.extend(_recorded(coverage, table, goal, group))
        table = coverage.extend(table, literal)
    return found


def _recorded(
    coverage: Coverage, table: BindingTable, goal: Term, group: list[Call]
) -> list[tuple[Call, Call]]:
    args = goal.args if type(goal) is Struct else ()
    columns: list[np.ndarray | None] = []
    for arg in args:
        if type(arg) is Var:
            columns.append(table.column(arg) if table.has(arg) else None)
        else:
            columns.append(np.full(len(table), coverage.symbols.code(arg), dtype=CODE))
    present = [c.tolist() if c is not None else None for c in columns]
    result = []
    for row, owner in enumerate(table.example.tolist()):
        callee = tuple(values[row] if values is not None else None for values in present)
        result.append((group[owner], callee))
    return list(dict.fromkeys(result))


def _find_cycle(edges: list[set[int]]) -> list[int] | None:
    """A cycle of the directed graph (iterative depth-first search), or None."""
    white, grey, black = 0, 1, 2
    colour = [white] * len(edges)
    for start in range(len(edges)):
        if colour[start] != white:
            continue
        stack: list[tuple[int, list[int]]] = [(start, sorted(edges[start]))]
        path = [start]
        colour[start] = grey
        while stack:
            current, pending = stack[-1]
            if not pending:
                colour[current] = black
                stack.pop()
                path.pop()
                continue
            nxt = pending.pop()
            if colour[nxt] == grey:
                return path[path.index(nxt) :]
            if colour[nxt] == white:
                colour[nxt] = grey
                path.append(nxt)
                stack.append((nxt, sorted(edges[nxt])))
    return None


def repeats_its_call(clause: Clause, target: tuple[str, int]) -> bool:
    """Whether a recursive literal, called after the literals before it, repeats the head's call.

    A call of the target whose every argument is either the head's variable at
    the same place or a variable not yet bound is at least as general as the
    call being proved, so SLD resolution calls it again forever (left
    recursion): Progol does not try such a clause.

    Examples
    --------
    >>> from symlearn.kb.parser import parse_term
    >>> left = Clause.from_term(parse_term("anc(A, B) :- anc(A, C), parent(C, B)"))
    >>> right = Clause.from_term(parse_term("anc(A, B) :- parent(A, C), anc(C, B)"))
    >>> repeats_its_call(left, ("anc", 2)), repeats_its_call(right, ("anc", 2))
    (True, False)
    """
    head = clause.head
    head_args = head.args if type(head) is Struct else ()
    bound = set(term_variables(head))
    for literal in clause.body:
        if (
            functor_of(literal) == target
            and type(literal) is Struct
            and all(
                arg == head_args[i] or (type(arg) is Var and arg not in bound)
                for i, arg in enumerate(literal.args)
            )
        ):
            return True
        bound.update(term_variables(literal))
    return False
