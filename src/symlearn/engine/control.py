"""Control constructs of the query engine.

Conjunction, cut, disjunction, if-then-else, negation, ``call/N``,
``findall``, ``forall``, ``bagof``/``setof``, ``aggregate_all``,
``catch``/``throw``, ``once`` and ``ignore``.

Each construct is a *procedure* ``(m, args, cut_barrier, depth, next) ->
continuation`` that rewrites the goal into simpler goals and choicepoints of
the machine in :mod:`symlearn.engine.sld`.  None of them proves anything by
Python recursion: the all-solutions predicates push a ``COLLECT``
choicepoint, run their goal with a continuation that records each solution
and fails, and finish when backtracking reaches the choicepoint, so they
nest to any depth.

Functions
---------
call_goal, add_arguments, sort_terms
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import cmp_to_key
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from symlearn.engine.arithmetic import PrologThrow, instantiation_error, type_error
from symlearn.engine.machine import (
    ALT,
    CATCH,
    COLLECT,
    DEAD,
    FAIL,
    FENCE,
    ITER,
    REACTIVATE,
    Choice,
    Cont,
)
from symlearn.engine.runtime import (
    Ref,
    RTerm,
    compare_runtime,
    copy_runtime,
    deref,
    fresh_ref,
    ref_serials,
    resolve,
    to_runtime,
    unify,
    variant_key,
)
from symlearn.logic.terms import (
    EMPTY_LIST,
    LIST_FUNCTOR,
    Struct,
    Term,
    compare_terms,
    make_list,
    packed_list,
)

if TYPE_CHECKING:
    from symlearn.engine.sld import Run

#: The serial of a new choicepoint (see machine.FENCE).
next_serial = ref_serials.__next__

__all__ = ["CONTROL", "QUICK_TESTS", "add_arguments", "call_goal", "fd_holds", "sort_terms"]

Procedure = Callable[["Run", object, int, int, Cont], object]
CONTROL: dict[tuple[str, int], Procedure] = {}


def _control(name: str, *arities: int) -> Callable[[Procedure], Procedure]:
    def register(function: Procedure) -> Procedure:
        for arity in arities:
            CONTROL[(name, arity)] = function
        return function

    return register


def call_goal(m: Run, goal: object, cutb: int, depth: int, nxt: Cont) -> object:
    """Run the goal *term* ``goal`` (cut inside it cuts to ``cutb``)."""
    while goal.__class__ is Ref:
        value = goal.value
        if value is None:
            raise instantiation_error()
        goal = value
    kind = goal.__class__
    if kind is Struct:
        procedures = m.engine._procedures
        key = (goal.name, len(goal.args))
        procedure = procedures.get(key) or m.engine.procedure(*key)
        return procedure(m, goal.args, cutb, depth, nxt)
    if kind is str:
        procedure = m.engine._procedures.get((goal, 0)) or m.engine.procedure(goal, 0)
        return procedure(m, (), cutb, depth, nxt)
    raise type_error("callable", resolve(goal))


def cut_to(m: Run, height: object, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: remove the choicepoints from ``height`` up (if-then-else, negation)."""
    del m.cps[height:]
    return nxt


def _soft_cut(m: Run, choice: object, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: disable the else-branch choicepoint of ``C *-> T ; E``."""
    choice.kind = DEAD
    return nxt


def _exit_catch(m: Run, choice: object, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: ``catch/3``'s goal succeeded; the catcher is no longer active."""
    choice.pos = 0
    m.cps.append(Choice(REACTIVATE, len(m.trail), None, 0, choice))
    return nxt


@_control(",", 2)
def _conjunction(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    first, second = args
    return (call_goal, first, cutb, depth, (call_goal, second, cutb, depth, nxt))


@_control("true", 0)
def _true(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    return nxt


@_control("fail", 0)
@_control("false", 0)
def _fail(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    return FAIL


@_control("!", 0)
def _cut(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    del m.cps[cutb:]
    return nxt


def _is_pair(term: object, name: str) -> bool:
    return type(term) is Struct and term.name == name and len(term.args) == 2


#: Deterministic ISO tests without side effects (which a program cannot
#: redefine): an if-then-else runs such a condition at once (no choicepoint,
#: no continuation), and a clause's guard inlines them (engine.codegen).
QUICK_TESTS = frozenset(
    {
        *((op, 2) for op in ("=", "\\=", "==", "\\==", "@<", "@>", "@=<", "@>=")),
        *((op, 2) for op in ("<", ">", "=<", ">=", "=:=", "=\\=")),
        *((test, 1) for test in ("var", "nonvar", "atom", "number", "integer", "float")),
        *((test, 1) for test in ("atomic", "compound", "callable", "ground")),
        ("functor", 3),
        ("compare", 3),
    }
)


def _quick_condition(m: Run, condition: object) -> bool | None:
    """Run an if-then-else's condition if it is a quick test (None: it is not)."""
    condition = deref(condition)
    if condition.__class__ is not Struct:
        return None
    key = (condition.name, len(condition.args))
    if key not in QUICK_TESTS:
        return None
    engine = m.engine
    trail = m.trail
    mark = len(trail)
    if engine._det[key](engine, condition.args) and (not engine.fd_watching or fd_holds(engine)):
        return True
    while len(trail) > mark:
        trail.pop().value = None
    return False


def fd_holds(engine: Any) -> bool:
    """Whether the bindings just made satisfy the finite-domain constraints (propagating)."""
    from symlearn.engine.clpfd import FDFailure

    try:
        engine.fd.wake()
    except FDFailure:
        return False
    return True


@_control(";", 2)
def _disjunction(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    left, right = deref(args[0]), args[1]
    if left.__class__ is Struct and left.name == "->" and len(left.args) == 2:
        holds = _quick_condition(m, left.args[0])
        if holds is not None:
            return (call_goal, left.args[1] if holds else right, cutb, depth, nxt)
    cps = m.cps
    height = len(cps)
    else_cont = (call_goal, right, cutb, depth, nxt)
    if _is_pair(left, "*->"):
        condition, then = left.args
        then_cont = (call_goal, then, cutb, depth, nxt)
        else_branch = Choice(ALT, len(m.trail), else_cont, depth)  # _soft_cut disables it
        cps.append(else_branch)
        return (
            call_goal,
            condition,
            height + 1,
            depth,
            (_soft_cut, else_branch, cutb, depth, then_cont),
        )
    stamp = FENCE.stamp = next_serial()
    cps.append((len(m.trail), stamp, else_cont))  # an AltChoice
    if _is_pair(left, "->"):
        condition, then = left.args
        then_cont = (call_goal, then, cutb, depth, nxt)
        return (call_goal, condition, height + 1, depth, (cut_to, height, cutb, depth, then_cont))
    return (call_goal, left, cutb, depth, nxt)


@_control("->", 2)
def _if_then(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    holds = _quick_condition(m, args[0])
    if holds is not None:
        return (call_goal, args[1], cutb, depth, nxt) if holds else FAIL
    height = len(m.cps)
    then_cont = (call_goal, args[1], cutb, depth, nxt)
    return (call_goal, args[0], height, depth, (cut_to, height, cutb, depth, then_cont))


@_control("*->", 2)
def _soft_if_then(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    then_cont = (call_goal, args[1], cutb, depth, nxt)
    return (call_goal, args[0], len(m.cps), depth, then_cont)


def _negation(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    holds = _quick_condition(m, args[0])
    if holds is not None:  # (its bindings are undone either way)
        if holds:
            return FAIL
        return nxt
    cps = m.cps
    height = len(cps)
    stamp = FENCE.stamp = next_serial()
    cps.append((len(m.trail), stamp, nxt))  # an AltChoice
    return (call_goal, args[0], height + 1, depth + 1, (cut_to, height, cutb, depth, FAIL_CONT))


def _fail_goal(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    return FAIL


FAIL_CONT: Cont = (_fail_goal, None, 0, 0, None)
CONTROL[("\\+", 1)] = CONTROL[("not", 1)] = CONTROL[("tnot", 1)] = _negation


@_control("once", 1)
def _once(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    height = len(m.cps)
    return (call_goal, args[0], height, depth + 1, (cut_to, height, cutb, depth, nxt))


@_control("ignore", 1)
def _ignore(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    cps = m.cps
    height = len(cps)
    stamp = FENCE.stamp = next_serial()
    cps.append((len(m.trail), stamp, nxt))  # an AltChoice
    return (call_goal, args[0], height + 1, depth + 1, (cut_to, height, cutb, depth, nxt))


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


_CONTROL_PAIRS = frozenset({",", ";", "->", "*->", "|"})


def check_body(goal: RTerm) -> None:
    """``type_error(callable, Goal)`` when a part of the control structure cannot be called.

    As SWI-Prolog (and ISO 7.6.2), ``call((fail, 1))`` is an error before
    anything runs, not a failure.
    """
    stack = [goal]
    while stack:
        part = deref(stack.pop())
        kind = part.__class__
        if kind is Struct:
            if part.name in _CONTROL_PAIRS and len(part.args) == 2:
                stack.extend(part.args)
        elif kind is not str and kind is not Ref:
            raise type_error("callable", resolve(goal))


@_control("call", 1, 2, 3, 4, 5, 6, 7, 8)
def _call(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    goal = add_arguments(args[0], args[1:])
    if goal.__class__ is Struct and goal.name in _CONTROL_PAIRS:
        check_body(goal)
    return (call_goal, goal, len(m.cps), depth + 1, nxt)


@_control("forall", 2)
def _forall(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    condition, action = args
    check = Struct(",", (condition, Struct("\\+", (action,))))
    return _negation(m, (check,), cutb, depth, nxt)


@_control("catch", 3)
def _catch(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    goal, catcher, recovery = args
    cps = m.cps
    height = len(cps)
    choice = Choice(CATCH, len(m.trail), nxt, depth, catcher, recovery, cutb, pos=1)
    cps.append(choice)
    return (call_goal, goal, height + 1, depth + 1, (_exit_catch, choice, cutb, depth, nxt))


@_control("throw", 1)
def _throw(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    ball = deref(args[0])
    if type(ball) is Ref:
        raise instantiation_error()
    raise PrologThrow(copy_runtime(ball))


# ---------------------------------------------------------------- all solutions
# Answers kept unboxed must fit in a signed 64-bit integer.
_SMALLEST, _LARGEST = -(2**63), 2**63 - 1
# The Prolog list of the answers is built from the store's end in chunks this long.
_CHUNK = 1 << 16
#: From this many answers on, the list of answers is packed (``packed_list``):
#: its cells are made only when something walks them, so a list of 10 million
#: integers costs their 8-byte array, not 160 bytes a cell.  Shorter lists are
#: plain cells, which are quicker to walk.
PACK_AT = 1024


class Answers:
    """The answers an all-solutions predicate collects, stored compactly.

    While every answer is an integer of at most 64 bits they are kept unboxed
    in an ``array('q')`` (8 bytes each, where a list would hold a pointer and
    an int object of 32 bytes); the first other answer moves them into a list
    of terms.  :meth:`prolog_list` builds the result from the end and frees
    the store chunk by chunk as the list grows, so the two are never both
    whole in memory (SWI-Prolog's ``findall/3`` likewise copies answers to a
    compact buffer, then to the list).
    """

    __slots__ = ("count", "ints", "terms")

    def __init__(self) -> None:
        self.ints: array[int] | None = array("q")
        self.terms: list[RTerm] = []
        self.count = 0  # answers counted without being kept (aggregate_all(count))

    def add(self, term: RTerm) -> None:
        """Keep a copy of the answer ``term`` (a run-time term)."""
        value = term
        while value.__class__ is Ref:
            bound = value.value
            if bound is None:
                break
            value = bound
        ints = self.ints
        if ints is not None:
            if value.__class__ is int and _SMALLEST <= value <= _LARGEST:
                ints.append(value)
                return
            self.terms = ints.tolist()
            self.ints = None
        self.terms.append(copy_runtime(value))

    def items(self) -> list[RTerm]:
        """The answers in order, as a list."""
        return self.ints.tolist() if self.ints is not None else self.terms

    def __len__(self) -> int:
        return self.count + (len(self.ints) if self.ints is not None else len(self.terms))

    def prolog_list(self, tail: RTerm = EMPTY_LIST) -> RTerm:
        """The answers as a Prolog list ending in ``tail``; the store is emptied."""
        store: Any = self.ints if self.ints is not None else self.terms
        if len(store) >= PACK_AT:
            self.ints, self.terms = None, []
            return packed_list(store, tail)
        result = tail
        while store:
            chunk = store[-_CHUNK:]
            del store[-_CHUNK:]
            for item in reversed(chunk):
                result = Struct(LIST_FUNCTOR, (item, result))
        return result


Finish = Callable[["Run", Answers, Choice], object]


def _record(m: Run, data: object, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: record a copy of the template in the collector, then fail."""
    answers, template = data
    answers.add(template)
    return FAIL


def _count(m: Run, answers: Answers, cutb: int, depth: int, nxt: Cont) -> object:
    """Internal goal: count a solution, then fail."""
    answers.count += 1
    return FAIL


def _finish(m: Run, choice: Choice) -> object:
    return choice.b(m, choice.c, choice)


def collect(
    m: Run, template: object, goal: object, depth: int, nxt: Cont, finish: Finish
) -> object:
    """Run ``goal``, collecting copies of ``template``; then ``finish(m, answers, choice)``.

    With ``template`` None the solutions are only counted.
    """
    goal_term = deref(goal)
    if goal_term.__class__ is not Struct or goal_term.name in _CONTROL_PAIRS:
        check_body(goal_term)
    answers = Answers()
    cps = m.cps
    choice = Choice(COLLECT, len(m.trail), nxt, depth, _finish, finish, answers)
    cps.append(choice)
    if template is None:
        record: Cont = (_count, answers, 0, depth, None)
    else:
        record = (_record, (answers, template), 0, depth, None)
    return (call_goal, goal, len(cps), depth + 1, record)


def _unify_then(m: Run, a: object, b: object, choice: Choice) -> object:
    return choice.cont if unify(a, b, m.trail) else FAIL


@_control("findall", 3)
def _findall(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    template, goal, result = args

    def finish(m: Run, answers: Answers, choice: Choice) -> object:
        return _unify_then(m, result, answers.prolog_list(), choice)

    return collect(m, template, goal, depth, nxt, finish)


@_control("findall", 4)
def _findall_tail(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    template, goal, result, tail = args

    def finish(m: Run, answers: Answers, choice: Choice) -> object:
        return _unify_then(m, result, answers.prolog_list(tail), choice)

    return collect(m, template, goal, depth, nxt, finish)


def sort_terms(items: list[RTerm], unique: bool) -> list[RTerm]:
    """Sort run-time terms in the standard order of terms (``msort``/``sort``).

    Terms all atoms, all integers or all free variables (their standard
    order is Python's order of the values, or of the variables' ages) are
    sorted without a comparison function.
    """
    if len(items) < 2:
        return list(items)
    values = [deref(item) for item in items]
    kind = values[0].__class__
    if kind in _PLAIN_ORDER and all(value.__class__ is kind for value in values):
        if kind is Ref:
            values = list(dict.fromkeys(values)) if unique else values
            return sorted(values, key=_age)
        return sorted(set(values) if unique else values)
    return sort_by_comparison(items, unique)


def sort_by_comparison(items: list[RTerm], unique: bool) -> list[RTerm]:
    """:func:`sort_terms` for any terms: by ``compare/3``, one of each equal run if ``unique``."""
    ordered = sorted(items, key=cmp_to_key(compare_runtime))
    if unique:
        kept: list[RTerm] = []
        for item in ordered:
            if not kept or compare_runtime(kept[-1], item) != 0:
                kept.append(item)
        ordered = kept
    return ordered


#: Kinds of terms whose standard order is their Python order (variables: by age).
_PLAIN_ORDER = (str, int, Ref)
_age = attrgetter("serial")


def _number_result(values: list[RTerm], combine: Callable[[list[RTerm]], object]) -> RTerm:
    from symlearn.engine.arithmetic import evaluate

    return combine([evaluate(v, deref) for v in values])


@_control("aggregate_all", 3)
def _aggregate_all(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    spec, goal, result = deref(args[0]), args[1], args[2]
    if spec == "count":
        spec = Struct("count", ("x",))
    if type(spec) is not Struct:
        raise type_error("aggregate_spec", resolve(spec))
    kind, inner = spec.name, spec.args
    if kind == "count" and len(inner) == 1:

        def finish_count(m: Run, answers: Answers, choice: Choice) -> object:
            return _unify_then(m, result, len(answers), choice)

        return collect(m, None, goal, depth, nxt, finish_count)
    if kind in ("bag", "set") and len(inner) == 1:

        def finish_bag(m: Run, answers: Answers, choice: Choice) -> object:
            if kind == "set":
                return _unify_then(m, result, make_list(sort_terms(answers.items(), True)), choice)
            return _unify_then(m, result, answers.prolog_list(), choice)

        return collect(m, inner[0], goal, depth, nxt, finish_bag)
    if kind == "sum" and len(inner) == 1:

        def finish_sum(m: Run, answers: Answers, choice: Choice) -> object:
            return _unify_then(m, result, _number_result(answers.items(), _sum), choice)

        return collect(m, inner[0], goal, depth, nxt, finish_sum)
    if kind in ("max", "min") and len(inner) in (1, 2):
        with_witness = len(inner) == 2

        def finish_extremum(m: Run, answers: Answers, choice: Choice) -> object:
            if not len(answers):
                return FAIL
            return _extremum(m, kind, answers.items(), with_witness, result, choice)

        template = Struct("-", (inner[0], inner[-1]))
        return collect(m, template, goal, depth, nxt, finish_extremum)
    raise type_error("aggregate_spec", resolve(spec))


def _sum(values: list[RTerm]) -> RTerm:
    total: object = 0
    for value in values:
        total = total + value
    return total


def _extremum(
    m: Run, kind: str, pairs: list[RTerm], with_witness: bool, result: object, choice: Choice
) -> object:
    from symlearn.engine.arithmetic import evaluate

    best_value: object = None
    best_witness: object = None
    for pair in pairs:
        value = evaluate(pair.args[0], deref)
        if best_value is None or (value > best_value if kind == "max" else value < best_value):
            best_value, best_witness = value, pair.args[1]
    answer = Struct(kind, (best_value, best_witness)) if with_witness else best_value
    return _unify_then(m, result, answer, choice)


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
    visited: set[int] = set()
    stack = [term]
    while stack:
        t = deref(stack.pop())
        if type(t) is Ref:
            seen.setdefault(t, None)
        elif type(t) is Struct and id(t) not in visited:
            visited.add(id(t))
            stack.extend(reversed(t.args))
    return list(seen)


def _bagof(m: Run, args: object, depth: int, nxt: Cont, unique: bool) -> object:
    template, goal, result = args
    inner_goal, quantified = _strip_existential(goal)
    free = _free_variables(inner_goal, [template, *quantified])
    witness = make_list(free)

    def finish(m: Run, answers: Answers, choice: Choice) -> object:
        pairs = answers.items()
        if not pairs:
            return FAIL
        # ISO 8.10.2: the solutions whose witnesses are variants form one group;
        # each answer unifies every witness of its group, so the template
        # instances share the free variables' bindings (bagof(X, (X=Y;X=Z), L)
        # gives L = [Y, Z]).
        groups: dict[Term, tuple[object, list[tuple[RTerm, RTerm]]]] = {}
        for pair in pairs:
            key = variant_key(pair.args[0])
            if key not in groups:
                groups[key] = (pair.args[0], [])
            groups[key][1].append((pair.args[0], pair.args[1]))
        ordered = sorted(groups.items(), key=cmp_to_key(lambda a, b: compare_terms(a[0], b[0])))
        trail = m.trail

        def alternatives() -> object:
            for _key, (group_witness, members) in ordered:
                mark = len(trail)
                if all(unify(w, group_witness, trail) for w, _ in members):
                    items = [item for _, item in members]
                    values = sort_terms(items, unique=True) if unique else items
                    if unify(witness, group_witness, trail) and unify(
                        result, make_list(values), trail
                    ):
                        yield
                        continue
                while len(trail) > mark:
                    trail.pop().value = None

        solutions = alternatives()
        mark = len(trail)
        if next(solutions, FAIL) is FAIL:
            return FAIL
        m.cps.append(Choice(ITER, mark, choice.cont, choice.depth, solutions))
        return choice.cont

    return collect(m, Struct("-", (witness, template)), inner_goal, depth, nxt, finish)


@_control("bagof", 3)
def _bagof_control(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    return _bagof(m, args, depth, nxt, unique=False)


@_control("setof", 3)
def _setof_control(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    return _bagof(m, args, depth, nxt, unique=True)


# ---------------------------------------------------------------- determinism
def _determinism_error(goal: RTerm, found: str) -> PrologThrow:
    # (the last argument is "goal" in SWI-Prolog 9 for $/1: the goal is the culprit)
    formal = Struct("determinism_error", (resolve(goal), "det", found, "goal"))
    return PrologThrow(Struct("error", (formal, fresh_ref())))


def _det_failed(m: Run, goal: object, cutb: int, depth: int, nxt: Cont) -> object:
    raise _determinism_error(goal, "fail")


def _det_exit(m: Run, data: Any, cutb: int, depth: int, nxt: Cont) -> object:
    height, goal = data
    if len(m.cps) > height + 1:
        raise _determinism_error(goal, "nondet")
    del m.cps[height:]
    return nxt


@_control("$", 1)
def _det_call(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    """SWI-Prolog's ``$Goal``: Goal must succeed once, leaving no choicepoint."""
    goal = args[0]
    cps = m.cps
    height = len(cps)
    stamp = FENCE.stamp = next_serial()
    cps.append((len(m.trail), stamp, (_det_failed, goal, cutb, depth, None)))  # an AltChoice
    exit_goal = (_det_exit, (height, goal), cutb, depth, nxt)
    cont = call_goal(m, goal, height + 1, depth + 1, exit_goal)
    if cont is exit_goal:  # done at once (a fact, a builtin): the exit check here
        if len(cps) > height + 1:
            raise _determinism_error(goal, "nondet")
        del cps[height:]
        return nxt
    return cont


#: SWI-Prolog's ``$`` (the deterministic cut of SSU rules) cuts as ``!`` does.
CONTROL[("$", 0)] = _cut


# ---------------------------------------------------------------- library(yall)
def _lambda(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    """``call(Free/[X1, ...]>>Body, A1, ...)``: yall's lambda, copied apart from Free."""
    params, body, extra = deref(args[0]), args[1], args[2:]
    free: list[Ref] = []
    if type(params) is Struct and params.name == "/" and len(params.args) == 2:
        free = _refs(params.args[0])
        params = deref(params.args[1])
    copied = copy_runtime(Struct(">>", (params, body)), keep=free)
    names, goal = copied.args
    items: list[RTerm] = []
    names = deref(names)
    while type(names) is Struct and names.name == LIST_FUNCTOR and len(names.args) == 2:
        items.append(names.args[0])
        names = deref(names.args[1])
    trail = m.trail
    for name, value in zip(items, extra):
        if not unify(name, value, trail):
            return FAIL
    rest = extra[len(items) :]
    if rest:
        goal = add_arguments(goal, tuple(rest))
    return (call_goal, goal, len(m.cps), depth + 1, nxt)


def _free_lambda(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    """``call(Free/Goal, A1, ...)``: Goal copied apart from Free, called with the arguments."""
    copied = copy_runtime(args[1], keep=_refs(args[0]))
    goal = add_arguments(copied, tuple(args[2:]))
    return (call_goal, goal, len(m.cps), depth + 1, nxt)


for _arity in range(2, 10):
    CONTROL[(">>", _arity)] = _lambda
for _arity in range(3, 10):
    CONTROL[("/", _arity)] = _free_lambda


# ---------------------------------------------------------------- phrase/2,3
def dcg_goal(body: RTerm, s0: RTerm, s: RTerm) -> RTerm:
    """The goal the grammar body ``body`` stands for between ``s0`` and ``s`` (run-time terms)."""
    from symlearn.kb.dcg import DCGError, dcg_body
    from symlearn.logic.terms import Var

    names: dict[Ref, Var] = {}
    term = resolve(body, names)
    start, end = Var("_"), Var("_")
    try:
        translated = dcg_body(term, start, end)
    except DCGError as error:
        if error.kind == "instantiation_error":
            raise instantiation_error() from None
        raise type_error(error.expected, error.culprit) from None
    back: dict[Any, RTerm] = {var: ref for ref, var in names.items()}
    back[start], back[end] = s0, s
    return to_runtime(translated, back)


@_control("phrase", 2, 3)
def _phrase(m: Run, args: Any, cutb: int, depth: int, nxt: Cont) -> object:
    body = deref(args[0])
    if type(body) is Ref:
        raise instantiation_error()
    if type(body) not in (str, Struct):
        raise type_error("callable", resolve(body))
    tail = deref(args[1])
    while type(tail) is Struct and tail.name == LIST_FUNCTOR and len(tail.args) == 2:
        tail = deref(tail.args[1])
    if type(tail) is not Ref and tail != EMPTY_LIST:
        raise type_error("list", resolve(args[1]))
    rest = args[2] if len(args) == 3 else EMPTY_LIST
    goal = dcg_goal(body, args[1], rest)
    return (call_goal, goal, len(m.cps), depth + 1, nxt)
