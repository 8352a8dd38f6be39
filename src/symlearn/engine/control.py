"""Control constructs of the query engine.

Disjunction, if-then-else, negation, ``call/N``, ``findall``, ``forall``,
``bagof``/``setof``, ``aggregate_all``, ``catch``/``throw``, ``once`` and
``ignore``.

Each construct is a function ``(engine, args, cut_barrier, depth, next,
choicepoints) -> continuation`` that rewrites the goal into simpler goals and
choicepoints of the machine in :mod:`symlearn.engine.sld`; none of them proves
anything by Python recursion except the all-solutions predicates, which run a
nested machine to collect their solutions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cmp_to_key
from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import PrologThrow, instantiation_error, type_error
from symlearn.engine.machine import ALT, CATCH, FAIL, ITER, Choice, Cont, CutTo, ExitCatch, SoftCut
from symlearn.engine.runtime import (
    Ref,
    RTerm,
    compare_runtime,
    copy_runtime,
    deref,
    resolve,
    unify,
    variant_key,
)
from symlearn.logic.terms import Struct, Term, compare_terms, make_list

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["CONTROL"]

Control = Callable[["Engine", tuple[RTerm, ...], int, int, Cont, list[Choice]], object]
CONTROL: dict[tuple[str, int], Control] = {}


def _control(name: str, *arities: int) -> Callable[[Control], Control]:
    def register(function: Control) -> Control:
        for arity in arities:
            CONTROL[(name, arity)] = function
        return function

    return register


def _is_pair(term: object, name: str) -> bool:
    return type(term) is Struct and term.name == name and len(term.args) == 2


@_control(";", 2)
def _disjunction(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    left, right = deref(args[0]), args[1]
    height = len(cps)
    else_branch = Choice(ALT, len(engine.trail), (right, cutb, depth, nxt), depth)
    cps.append(else_branch)
    if _is_pair(left, "->"):
        condition, then = left.args
        return (
            condition,
            height + 1,
            depth,
            (CutTo(height), cutb, depth, (then, cutb, depth, nxt)),
        )
    if _is_pair(left, "*->"):
        condition, then = left.args
        return (
            condition,
            height + 1,
            depth,
            (SoftCut(else_branch), cutb, depth, (then, cutb, depth, nxt)),
        )
    return (left, cutb, depth, nxt)


@_control("->", 2)
def _if_then(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    height = len(cps)
    return (args[0], height, depth, (CutTo(height), cutb, depth, (args[1], cutb, depth, nxt)))


@_control("*->", 2)
def _soft_if_then(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    return (args[0], len(cps), depth, (args[1], cutb, depth, nxt))


def _negation(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    height = len(cps)
    cps.append(Choice(ALT, len(engine.trail), nxt, depth))
    return (args[0], height + 1, depth, (CutTo(height), cutb, depth, ("fail", cutb, depth, None)))


CONTROL[("\\+", 1)] = CONTROL[("not", 1)] = CONTROL[("tnot", 1)] = _negation


@_control("once", 1)
def _once(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    height = len(cps)
    return (args[0], height, depth, (CutTo(height), cutb, depth, nxt))


@_control("ignore", 1)
def _ignore(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    height = len(cps)
    cps.append(Choice(ALT, len(engine.trail), nxt, depth))
    return (args[0], height + 1, depth, (CutTo(height), cutb, depth, nxt))


def add_arguments(goal: object, extra: tuple[RTerm, ...]) -> RTerm:
    """``call/N``: the goal ``goal`` with ``extra`` arguments appended."""
    goal = deref(goal)
    if type(goal) is Ref:
        raise instantiation_error()
    if not extra:
        if type(goal) not in (str, Struct):
            raise type_error("callable", resolve(goal))
        return goal
    if type(goal) is str:
        return Struct(goal, extra)
    if type(goal) is Struct:
        return Struct(goal.name, goal.args + extra)
    raise type_error("callable", resolve(goal))


@_control("call", 1, 2, 3, 4, 5, 6, 7, 8)
def _call(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    return (add_arguments(args[0], args[1:]), len(cps), depth, nxt)


@_control("forall", 2)
def _forall(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    condition, action = args
    check = Struct("\\+", (Struct(",", (condition, Struct("\\+", (action,)))),))
    return (check, cutb, depth, nxt)


@_control("catch", 3)
def _catch(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    goal, catcher, recovery = args
    height = len(cps)
    choice = Choice(CATCH, len(engine.trail), nxt, depth, catcher, recovery, cutb, pos=1)
    cps.append(choice)
    return (goal, height + 1, depth, (ExitCatch(choice), cutb, depth, nxt))


@_control("throw", 1)
def _throw(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    ball = deref(args[0])
    if type(ball) is Ref:
        raise instantiation_error()
    raise PrologThrow(copy_runtime(ball))


def collect(engine: Engine, template: object, goal: object, depth: int) -> list[RTerm]:
    """Copies of ``template`` for every solution of ``goal`` (bindings undone after)."""
    results: list[RTerm] = []
    mark = len(engine.trail)
    try:
        for _ in engine._run((goal, 0, depth + 1, None)):
            results.append(copy_runtime(template))
    finally:
        engine._undo(mark)
    return results


def _unify_or_fail(engine: Engine, a: object, b: object, nxt: Cont) -> RTerm:
    return nxt if unify(a, b, engine.trail) else FAIL


@_control("findall", 3)
def _findall(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    template, goal, result = args
    return _unify_or_fail(engine, result, make_list(collect(engine, template, goal, depth)), nxt)


@_control("findall", 4)
def _findall_tail(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    template, goal, result, tail = args
    items = collect(engine, template, goal, depth)
    return _unify_or_fail(engine, result, make_list(items, tail), nxt)


def sort_terms(items: list[RTerm], unique: bool) -> list[RTerm]:
    """Sort run-time terms in the standard order of terms (``msort``/``sort``)."""
    ordered = sorted(items, key=cmp_to_key(compare_runtime))
    if unique:
        kept: list[RTerm] = []
        for item in ordered:
            if not kept or compare_runtime(kept[-1], item) != 0:
                kept.append(item)
        ordered = kept
    return ordered


def _number_result(values: list[RTerm], combine: Callable[[list[RTerm]], object]) -> RTerm:
    from symlearn.engine.arithmetic import evaluate

    return combine([evaluate(v, deref) for v in values])


@_control("aggregate_all", 3)
def _aggregate_all(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    spec, goal, result = deref(args[0]), args[1], args[2]
    if spec == "count":
        return _unify_or_fail(engine, result, len(collect(engine, "x", goal, depth)), nxt)
    if type(spec) is not Struct:
        raise type_error("aggregate_spec", resolve(spec))
    kind, inner = spec.name, spec.args
    if kind == "count" and len(inner) == 1:
        return _unify_or_fail(engine, result, len(collect(engine, inner[0], goal, depth)), nxt)
    if kind in ("bag", "set") and len(inner) == 1:
        items = collect(engine, inner[0], goal, depth)
        if kind == "set":
            items = sort_terms(items, unique=True)
        return _unify_or_fail(engine, result, make_list(items), nxt)
    if kind == "sum" and len(inner) == 1:
        values = collect(engine, inner[0], goal, depth)
        return _unify_or_fail(engine, result, _number_result(values, _sum), nxt)
    if kind in ("max", "min") and len(inner) in (1, 2):
        pairs = collect(engine, Struct("-", (inner[0], inner[-1])), goal, depth)
        if not pairs:
            return FAIL
        return _extremum(engine, kind, pairs, len(inner) == 2, result, nxt)
    raise type_error("aggregate_spec", resolve(spec))


def _sum(values: list[RTerm]) -> RTerm:
    total: object = 0
    for value in values:
        total = total + value
    return total


def _extremum(
    engine: Engine, kind: str, pairs: list[RTerm], with_witness: bool, result: object, nxt: Cont
) -> RTerm:
    from symlearn.engine.arithmetic import evaluate

    best_value: object = None
    best_witness: object = None
    for pair in pairs:
        value = evaluate(pair.args[0], deref)
        if best_value is None or (value > best_value if kind == "max" else value < best_value):
            best_value, best_witness = value, pair.args[1]
    answer = Struct(kind, (best_value, best_witness)) if with_witness else best_value
    return _unify_or_fail(engine, result, answer, nxt)


def _strip_existential(goal: object) -> tuple[object, list[RTerm]]:
    """Split ``V1^V2^Goal`` into the goal and the existentially quantified terms."""
    quantified: list[RTerm] = []
    goal = deref(goal)
    while _is_pair(goal, "^"):
        quantified.append(goal.args[0])
        goal = deref(goal.args[1])
    return goal, quantified


def _free_variables(goal: object, bound: list[RTerm]) -> list[Ref]:
    excluded: set[Ref] = set()
    for term in bound:
        excluded.update(_refs(term))
    return [r for r in _refs(goal) if r not in excluded]


def _refs(term: object) -> list[Ref]:
    seen: dict[Ref, None] = {}
    stack = [term]
    while stack:
        t = deref(stack.pop())
        if type(t) is Ref:
            seen.setdefault(t, None)
        elif type(t) is Struct:
            stack.extend(reversed(t.args))
    return list(seen)


def _bagof(
    engine: Engine,
    args: tuple[RTerm, ...],
    depth: int,
    nxt: Cont,
    cps: list[Choice],
    unique: bool,
) -> RTerm:
    template, goal, result = args
    inner_goal, quantified = _strip_existential(goal)
    free = _free_variables(inner_goal, [template, *quantified])
    witness = make_list(free)
    pairs = collect(engine, Struct("-", (witness, template)), inner_goal, depth)
    if not pairs:
        return FAIL
    groups: dict[Term, tuple[object, list[RTerm]]] = {}
    for pair in pairs:
        key = variant_key(pair.args[0])
        if key not in groups:
            groups[key] = (pair.args[0], [])
        groups[key][1].append(pair.args[1])
    ordered = sorted(groups.items(), key=cmp_to_key(lambda a, b: compare_terms(a[0], b[0])))
    trail = engine.trail

    def alternatives() -> RTerm:
        for _key, (group_witness, items) in ordered:
            values = sort_terms(items, unique=True) if unique else items
            if unify(witness, group_witness, trail) and unify(result, make_list(values), trail):
                yield

    cps.append(Choice(ITER, len(trail), nxt, depth, alternatives()))
    return engine._backtrack(cps)


@_control("bagof", 3)
def _bagof_control(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    return _bagof(engine, args, depth, nxt, cps, unique=False)


@_control("setof", 3)
def _setof_control(
    engine: Engine, args: tuple[RTerm, ...], cutb: int, depth: int, nxt: Cont, cps: list[Choice]
) -> RTerm:
    return _bagof(engine, args, depth, nxt, cps, unique=True)
