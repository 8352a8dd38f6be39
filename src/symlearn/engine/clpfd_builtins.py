"""The built-ins of library(clpfd): posting constraints, domains and the labelling steps.

:mod:`symlearn.engine.clpfd` holds the solver (domains, store, propagators);
this module reads the constraint terms (``X #= Y + 1``, ``X in 1..3``,
``B #<==> (X #> 2)``, ``sum/3`` ...) into propagators, and gives the steps
library.pl's ``labeling/2`` is written with (``'$fd_select'/3``,
``'$fd_choose'/3``, ``'$fd_exclude'/2``).  Every built-in first looks at the
bindings made since the store was last looked at, so a plain unification
``X = 5`` is checked against ``X in 1..3`` at the latest there (and at every
step the engine makes while a store exists).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from symlearn.engine.arithmetic import PrologThrow, instantiation_error, type_error
from symlearn.engine.builtins import DETERMINISTIC, domain_error, proper_list, unify_terms
from symlearn.engine.clpfd import (
    AbsDifferent,
    AllDifferent,
    Domain,
    FDFailure,
    FDStore,
    Function,
    Linear,
    Recheck,
    Reified,
    domain_of_term,
    evaluate_function,
    store_of,
)
from symlearn.engine.runtime import Ref, RTerm, deref, fresh_ref, resolve
from symlearn.logic.terms import Struct

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__: list[str] = []

LinearForm = tuple[dict[object, int], dict[object, RTerm], int]
_FUNCTIONS = {
    ("*", 2),
    ("^", 2),
    ("abs", 1),
    ("min", 2),
    ("max", 2),
    ("//", 2),
    ("mod", 2),
    ("rem", 2),
}
_COMPARISONS = {"#=", "#\\=", "#<", "#>", "#=<", "#>="}


def _expression_error(term: RTerm) -> PrologThrow:
    formal = Struct("domain_error", ("clpfd_expression", resolve(term)))
    return PrologThrow(Struct("error", (formal, fresh_ref())))


# ---------------------------------------------------------------- expressions
def _linear(store: FDStore, term: RTerm) -> LinearForm:
    """``term`` as coefficients per variable and a constant (auxiliary variables for the rest)."""
    term = deref(term)
    if type(term) is int:
        return {}, {}, term
    if type(term) is Ref:
        return {id(term): 1}, {id(term): term}, 0
    if type(term) is Struct:
        name, args = term.name, term.args
        if name in ("+", "-") and len(args) == 2:
            left, right = _linear(store, args[0]), _linear(store, args[1])
            return _combine(left, right, 1 if name == "+" else -1)
        if name == "-" and len(args) == 1:
            return _combine(({}, {}, 0), _linear(store, args[0]), -1)
        if name == "+" and len(args) == 1:
            return _linear(store, args[0])
        if name == "*" and len(args) == 2:
            left, right = _linear(store, args[0]), _linear(store, args[1])
            if not left[0]:
                return _scale(right, left[2])
            if not right[0]:
                return _scale(left, right[2])
        if (name, len(args)) in _FUNCTIONS:
            return _function(store, name, args)
    raise _expression_error(term)


def _combine(left: LinearForm, right: LinearForm, sign: int) -> LinearForm:
    coefficients, terms = dict(left[0]), dict(left[1])
    for key, coefficient in right[0].items():
        coefficients[key] = coefficients.get(key, 0) + sign * coefficient
        terms[key] = right[1][key]
    return coefficients, terms, left[2] + sign * right[2]


def _scale(form: LinearForm, factor: int) -> LinearForm:
    return {k: c * factor for k, c in form[0].items()}, form[1], form[2] * factor


def _single(store: FDStore, term: RTerm) -> RTerm:
    """An expression as one term: itself when an integer or a variable, else a new variable."""
    term = deref(term)
    if type(term) in (int, Ref):
        return term
    coefficients, terms, constant = _linear(store, term)
    if not coefficients:
        return constant
    if constant == 0 and len(coefficients) == 1:
        ((key, coefficient),) = coefficients.items()
        if coefficient == 1:
            return terms[key]
    auxiliary = fresh_ref()
    pairs = [(c, terms[k]) for k, c in coefficients.items() if c] + [(-1, auxiliary)]
    store.post(Linear(pairs, constant, "="))
    return auxiliary


def _function(store: FDStore, name: str, args: tuple[RTerm, ...]) -> LinearForm:
    operands = [_single(store, a) for a in args]
    if all(type(deref(o)) is int for o in operands):
        value = evaluate_function(name, [deref(o) for o in operands])
        if value is None:
            raise FDFailure  # 2^(-1), X mod 0: no integer
        return {}, {}, value
    result = fresh_ref()
    store.post(Function(name, operands, result))
    return {id(result): 1}, {id(result): result}, 0


def _difference(store: FDStore, left: RTerm, right: RTerm) -> list[tuple[int, RTerm]] | int:
    """``left - right`` as (coefficient, term) pairs plus a constant (the last pair's slot)."""
    coefficients, terms, constant = _combine(_linear(store, left), _linear(store, right), -1)
    pairs: list[tuple[int, RTerm]] = [(c, terms[k]) for k, c in coefficients.items() if c]
    return pairs, constant


def _comparison(store: FDStore, op: str, left: RTerm, right: RTerm) -> tuple[Linear, Linear]:
    """The linear constraint ``left op right`` and its negation."""
    pairs, constant = _difference(store, left, right)
    negated = [(-c, t) for c, t in pairs]
    if op == "#=":
        return Linear(pairs, constant, "="), Linear(pairs, constant, "\\=")
    if op == "#\\=":
        return Linear(pairs, constant, "\\="), Linear(pairs, constant, "=")
    if op == "#=<":  # l - r <= 0; negation: r - l + 1 <= 0
        return Linear(pairs, constant, "=<"), Linear(negated, 1 - constant, "=<")
    if op == "#<":  # l - r + 1 <= 0; negation: r - l <= 0
        return Linear(pairs, constant + 1, "=<"), Linear(negated, -constant, "=<")
    if op == "#>=":  # r - l <= 0; negation: l - r + 1 <= 0
        return Linear(negated, -constant, "=<"), Linear(pairs, constant + 1, "=<")
    # #>: r - l + 1 <= 0; negation: l - r <= 0
    return Linear(negated, 1 - constant, "=<"), Linear(pairs, constant, "=<")


def _abs_difference(left: RTerm, right: RTerm) -> tuple[RTerm, RTerm, int] | None:
    r"""``abs(X - Y) #\= C`` (either way round) with X, Y terms and C an integer."""
    for expression, other in ((deref(left), deref(right)), (deref(right), deref(left))):
        if (
            type(other) is int
            and type(expression) is Struct
            and expression.name == "abs"
            and len(expression.args) == 1
        ):
            inner = deref(expression.args[0])
            if type(inner) is Struct and inner.name == "-" and len(inner.args) == 2:
                x, y = deref(inner.args[0]), deref(inner.args[1])
                if type(x) in (int, Ref) and type(y) in (int, Ref):
                    return x, y, other
    return None


# ---------------------------------------------------------------- posting
def _run(engine: Engine, action: Callable[[FDStore], None]) -> bool:
    """Look at the store, do ``action``, propagate; False when a constraint fails."""
    store = store_of(engine)
    try:
        store.wake()
        action(store)
        store.propagate()
        store.scanned = len(engine.trail)
    except FDFailure:
        return False
    if not engine.fd_watching:  # from now on the engine looks at the store at every step
        engine.fd_watching = True
        raise Recheck
    return True


#: ``left op right`` of two known integers
_HOLDS: dict[str, Callable[[int, int], bool]] = {
    "#=": lambda a, b: a == b,
    "#\\=": lambda a, b: a != b,
    "#<": lambda a, b: a < b,
    "#>": lambda a, b: a > b,
    "#=<": lambda a, b: a <= b,
    "#>=": lambda a, b: a >= b,
}


def _known_value(term: RTerm) -> int | None:
    """The integer an expression without variables stands for (None: a variable, or not plain).

    None also for what the propagators must judge (an expression without an
    integer value such as ``X mod 0``, a non-integer): the general path
    reports those.
    """
    term = deref(term)
    if type(term) is int:
        return term
    if type(term) is not Struct:
        return None
    name, args = term.name, term.args
    first = _known_value(args[0])
    if first is None:
        return None
    if len(args) == 1:
        if name == "-":
            return -first
        if name == "+":
            return first
        return evaluate_function(name, [first]) if name == "abs" else None
    if len(args) != 2:
        return None
    second = _known_value(args[1])
    if second is None:
        return None
    if name == "+":
        return first + second
    if name == "-":
        return first - second
    if (name, 2) in _FUNCTIONS:
        return evaluate_function(name, [first, second])
    return None


def _plain_comparison(engine: Engine, op: str, left: RTerm, right: RTerm) -> bool | None:
    """``left op right`` without the store, when it is a test or an assignment (None: not).

    Two known integers are compared; ``X #= Expr`` (either way round) with
    ``X`` a variable and ``Expr`` known binds ``X``, as library(clpfd)'s
    goal expansion makes them ``is/2`` and ``=:=/2``.  A variable binds
    this way only while no constraint exists in the run (so it has no
    domain).
    """
    right_value = _known_value(right)
    left_value = _known_value(left)
    if left_value is not None and right_value is not None:
        return _HOLDS[op](left_value, right_value)
    if op != "#=" or engine.fd is not None:
        return None
    for side, value in ((left, right_value), (right, left_value)):
        side = deref(side)
        if type(side) is Ref and value is not None:
            return unify_terms(engine, side, value)
    return None


def _post_comparison(op: str) -> Callable[[Engine, tuple[RTerm, ...]], bool]:
    def post(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        left, right = args
        plain = _plain_comparison(engine, op, left, right)
        if plain is not None:
            return plain

        def action(store: FDStore) -> None:
            special = _abs_difference(left, right) if op == "#\\=" else None
            if special is not None:
                store.post(AbsDifferent(*special))
            else:
                store.post(_comparison(store, op, left, right)[0])

        return _run(engine, action)

    return post


for _op in _COMPARISONS:
    DETERMINISTIC[(_op, 2)] = _post_comparison(_op)


def _boolean(store: FDStore, term: RTerm) -> RTerm:
    """A 0/1 term that is 1 exactly when the reifiable ``term`` holds."""
    term = deref(term)
    if type(term) is int:
        if term not in (0, 1):
            raise type_error("boolean", term)
        return term
    if type(term) is Ref:
        store.narrow(term, Domain.of(0, 1))
        return term
    if type(term) is not Struct:
        raise _expression_error(term)
    name, args = term.name, term.args
    value = fresh_ref()
    store.narrow(value, Domain.of(0, 1))
    if name in _COMPARISONS and len(args) == 2:
        holds, fails = _comparison(store, name, args[0], args[1])
        store.post(Reified(value, holds, fails))
        return value
    if name == "#\\" and len(args) == 1:
        store.post(Linear([(1, value), (1, _boolean(store, args[0]))], -1, "="))
        return value
    if len(args) != 2 or name not in ("#/\\", "#\\/", "#==>", "#<==", "#<==>"):
        raise _expression_error(term)
    x, y = _boolean(store, args[0]), _boolean(store, args[1])
    if name == "#<==":
        x, y = y, x
    if name == "#<==>":
        holds, fails = _comparison(store, "#=", x, y)
        store.post(Reified(value, holds, fails))
    elif name == "#/\\":  # Z =< X, Z =< Y, X + Y - 1 =< Z
        store.post(Linear([(1, value), (-1, x)], 0, "=<"))
        store.post(Linear([(1, value), (-1, y)], 0, "=<"))
        store.post(Linear([(1, x), (1, y), (-1, value)], -1, "=<"))
    else:  # or, and X ==> Y as (1 - X) or Y: Z >= each, Z =< their sum
        first = x if name == "#\\/" else fresh_ref()
        if name == "#==>":
            store.narrow(first, Domain.of(0, 1))
            store.post(Linear([(1, first), (1, x)], -1, "="))
        store.post(Linear([(1, first), (-1, value)], 0, "=<"))
        store.post(Linear([(1, y), (-1, value)], 0, "=<"))
        store.post(Linear([(1, value), (-1, first), (-1, y)], 0, "=<"))
    return value


def _post_boolean(name: str) -> Callable[[Engine, tuple[RTerm, ...]], bool]:
    def post(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        return _run(
            engine,
            lambda store: store.narrow(
                _boolean(store, Struct(name, tuple(args))), Domain.of(1, 1)
            ),
        )

    return post


for _name, _arity in (
    ("#<==>", 2),
    ("#==>", 2),
    ("#<==", 2),
    ("#\\/", 2),
    ("#/\\", 2),
    ("#\\", 1),
):
    DETERMINISTIC[(_name, _arity)] = _post_boolean(_name)


def _list_of(term: RTerm) -> list[RTerm]:
    items = proper_list(term)
    if items is None:
        raise (
            instantiation_error()
            if type(deref(term)) is Ref
            else type_error("list", resolve(term))
        )
    for item in items:
        value = deref(item)
        if type(value) not in (int, Ref):
            raise type_error("integer", resolve(value))
    return items


def _in(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    value = deref(args[0])
    if type(value) not in (int, Ref):
        raise type_error("integer", resolve(value))
    domain = domain_of_term(args[1])
    return _run(engine, lambda store: store.narrow(value, domain))


def _ins(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    items = _list_of(args[0])
    domain = domain_of_term(args[1])

    def action(store: FDStore) -> None:
        for item in items:
            store.narrow(item, domain)

    return _run(engine, action)


def _sum(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    items = _list_of(args[0])
    op = deref(args[1])
    if op not in _COMPARISONS:
        raise domain_error("clpfd_operator", resolve(op))
    total: RTerm = 0
    for item in items:
        total = Struct("+", (total, item))
    return _post_comparison(op)(engine, (total, args[2]))


def _all_different(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    items = _list_of(args[0])
    return _run(engine, lambda store: store.post(AllDifferent(items)))


DETERMINISTIC[("in", 2)] = _in
DETERMINISTIC[("ins", 2)] = _ins
DETERMINISTIC[("sum", 3)] = _sum
DETERMINISTIC[("all_different", 1)] = _all_different
DETERMINISTIC[("all_distinct", 1)] = _all_different


# ---------------------------------------------------------------- domains
def _fd_query(what: str) -> Callable[[Engine, tuple[RTerm, ...]], bool]:
    def query(engine: Engine, args: tuple[RTerm, ...]) -> bool:
        store = store_of(engine)
        try:
            store.wake()
        except FDFailure:
            return False
        domain = store.domain(args[0])
        if what == "dom":
            value = domain.term()
        elif what == "size":
            value = "sup" if domain.size == float("inf") else int(domain.size)
        else:
            bound = domain.low if what == "inf" else domain.high
            value = int(bound) if abs(bound) != float("inf") else ("inf" if bound < 0 else "sup")
        return unify_terms(engine, args[1], value)

    return query


for _what in ("dom", "size", "inf", "sup"):
    DETERMINISTIC[(f"fd_{_what}", 2)] = _fd_query(_what)


# ---------------------------------------------------------------- labelling steps
_SELECTIONS = ("leftmost", "ff", "ffc", "min", "max")


def _select(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """``'$fd_select'(Vars, Selection, Var)``: the variable to label next (fails: all bound)."""
    store = store_of(engine)
    try:
        store.wake()
    except FDFailure:
        return False
    selection = deref(args[1])
    best: Ref | None = None
    best_key: tuple[object, ...] = ()
    for position, item in enumerate(_list_of(args[0])):
        var = deref(item)
        if type(var) is not Ref:
            continue
        domain = store.domain(var)
        if domain.size == float("inf"):
            raise instantiation_error()  # SWI-Prolog: labelling needs finite domains
        if selection == "leftmost":
            best = var
            break
        if selection == "ff":
            key: tuple[object, ...] = (domain.size, position)
        elif selection == "ffc":
            key = (domain.size, -len(store.watchers.get(var, ())), position)
        elif selection == "min":
            key = (domain.low, position)
        else:
            key = (-domain.high, position)
        if best is None or key < best_key:
            best, best_key = var, key
    return best is not None and unify_terms(engine, args[2], best)


def _choose(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """``'$fd_choose'(Var, Order, Value)``: the value ``up`` (least) or ``down`` (greatest)."""
    domain = store_of(engine).domain(args[0])
    value = domain.low if deref(args[1]) == "up" else domain.high
    return unify_terms(engine, args[2], int(value))


def _exclude(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """``'$fd_exclude'(Var, Value)``: Var is not Value (the second branch of ``step``)."""
    value = deref(args[1])

    def action(store: FDStore) -> None:
        store.narrow(args[0], store.domain(args[0]).without(value))

    return _run(engine, action)


def _labeling_options(engine: Engine, args: tuple[RTerm, ...]) -> bool:
    """``'$fd_options'(Options, Selection, Order)`` with SWI-Prolog's checks."""
    items = proper_list(args[0])
    if items is None:
        raise (
            instantiation_error()
            if type(deref(args[0])) is Ref
            else type_error("list", resolve(args[0]))
        )
    selection, order = "leftmost", "up"
    for item in items:
        option = deref(item)
        if type(option) is Ref:
            raise instantiation_error()
        if option in _SELECTIONS:
            selection = option
        elif option in ("up", "down"):
            order = option
        elif option in ("step", "enum", "bisect"):
            continue  # the solutions come in the same order: each value in turn
        else:
            raise domain_error("labeling_option", resolve(option))
    _list_of(args[1])
    return unify_terms(engine, args[2], selection) and unify_terms(engine, args[3], order)


DETERMINISTIC[("$fd_select", 3)] = _select
DETERMINISTIC[("$fd_choose", 3)] = _choose
DETERMINISTIC[("$fd_exclude", 2)] = _exclude
DETERMINISTIC[("$fd_options", 4)] = _labeling_options
