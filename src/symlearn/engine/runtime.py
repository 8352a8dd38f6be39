"""The engine's run-time terms: bindable references, clause templates, unification.

The query engine does not bind the immutable :class:`~symlearn.logic.terms.Var`
objects of clauses.  A goal is copied into *run-time terms*, whose variables
are :class:`Ref` cells that are bound in place and unbound again on
backtracking through a *trail* (the classic WAM design).  Clauses are compiled
once into *templates*: terms whose variables are :class:`Slot` numbers into a
per-call frame, and whose compound subterms that contain slots are
:class:`TStruct`.  Head unification matches a template against the goal
directly, so a variable that first occurs in the head simply takes the goal's
argument and nothing is copied; ground subterms are shared, never copied.

Functions
---------
deref, bind, unify, unify_head, build, compile_clause, to_runtime, resolve,
variant_key, copy_runtime
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from weakref import WeakKeyDictionary

from symlearn.logic.clauses import Clause, canonical_variables
from symlearn.logic.terms import PackedArgs, PString, Struct, Term, Var

__all__ = [
    "CompiledClause",
    "RTerm",
    "Ref",
    "Slot",
    "TStruct",
    "bind",
    "build",
    "compare_runtime",
    "compile_clause",
    "copy_runtime",
    "deref",
    "fresh_ref",
    "resolve",
    "to_runtime",
    "unify",
    "unify_head",
    "variant_key",
]


#: A run-time term: a term whose variables may be :class:`Ref` cells (bound or not),
#: or a clause template.  Typed ``Any`` because the machine inspects it with
#: ``type(t) is ...`` tests that static typing cannot follow.
RTerm = Any


#: Serial numbers of run-time variables (and of choicepoints, which they are ordered with).
ref_serials = itertools.count()
_ref_serials = ref_serials


class Ref:
    """A run-time variable: ``value`` is None while unbound.

    ``serial`` orders variables by age in the standard order of terms (an
    older variable sorts first, as in SWI-Prolog).  Made by :func:`fresh_ref`
    (generated code writes the same lines inline): the class has no
    ``__init__``, so calling it is Python's quick allocation, not a frame.
    """

    __slots__ = ("__weakref__", "serial", "value")
    serial: int
    value: object

    @property
    def name(self) -> str:
        """The name a query wrote it with (``_`` for most, which need not store it)."""
        return _NAMES.get(self, "_")

    @name.setter
    def name(self, name: str) -> None:
        if name == "_":
            _NAMES.pop(self, None)
        else:
            _NAMES[self] = name

    def __repr__(self) -> str:
        return f"Ref({self.name})" if self.value is None else f"Ref({self.name}={self.value!r})"


#: The names of the variables not named ``_`` (a query's), kept while the variable lives.
_NAMES: WeakKeyDictionary[Ref, str] = WeakKeyDictionary()


def fresh_ref(name: str = "_", _serials: Iterator[int] = _ref_serials) -> Ref:
    """A new unbound variable (the newest: the largest serial number yet)."""
    ref = Ref()
    ref.value = None
    ref.serial = next(_serials)
    if name != "_":
        _NAMES[ref] = name
    return ref


def deref(term: object) -> RTerm:
    """Follow bound references to a non-reference or an unbound reference."""
    while type(term) is Ref:
        value = term.value
        if value is None:
            return term
        term = value
    return term


def bind(ref: Ref, value: object, trail: list[Ref]) -> None:
    """Bind ``ref`` to ``value`` and remember it on the trail."""
    ref.value = value
    trail.append(ref)


def _occurs(ref: Ref, term: object) -> bool:
    stack = [term]
    visited: set[int] = set()
    while stack:
        t = deref(stack.pop())
        if t is ref:
            return True
        if type(t) is Struct and id(t) not in visited:
            visited.add(id(t))
            stack.extend(t.args)
    return False


def unify(a: object, b: object, trail: list[Ref], occurs_check: bool = False) -> bool:
    """Unify two run-time terms, binding references (trailed); False if they clash.

    Of two unbound variables the younger is bound to the older, as in
    SWI-Prolog, so the standard order of the terms that remain does not
    change (``A = C`` leaves ``A`` before a younger ``B``).
    On failure some bindings may have been made; the caller undoes the trail.
    Terms of any depth are fine (no recursion), and so are cyclic ones: past
    a million pairs the unifier remembers the pairs of compound terms it has
    met and does not unify a pair twice (unification of rational trees).
    """
    # Fast path: a variable or an atomic value on either side.
    while a.__class__ is Ref:
        v = a.value
        if v is None:
            break
        a = v
    while b.__class__ is Ref:
        v = b.value
        if v is None:
            break
        b = v
    if a is b:
        return True
    if a.__class__ is Struct and b.__class__ is Struct and not occurs_check:
        # Two compound terms: their arguments in one pass, nested compound
        # pairs by the general routine (which watches for cycles).
        xa, ya = a.args, b.args
        if a.name != b.name or len(xa) != len(ya):
            return False
        for x, y in zip(xa, ya):
            while x.__class__ is Ref:
                v = x.value
                if v is None:
                    break
                x = v
            while y.__class__ is Ref:
                v = y.value
                if v is None:
                    break
                y = v
            if x is y:
                continue
            if x.__class__ is Ref:
                if y.__class__ is Ref and y.serial > x.serial:
                    y.value = x
                    trail.append(y)
                else:
                    x.value = y
                    trail.append(x)
            elif y.__class__ is Ref:
                y.value = x
                trail.append(y)
            elif x.__class__ is Struct:
                if y.__class__ is not Struct or not _unify_general(x, y, trail, False):
                    return False
            elif x.__class__ is not y.__class__ or x != y:
                return False
        return True
    if not occurs_check:
        if a.__class__ is Ref:
            if b.__class__ is Ref and b.serial > a.serial:
                b.value = a  # the younger variable is bound: the older keeps its place in order
                trail.append(b)
                return True
            a.value = b
            trail.append(a)
            return True
        if b.__class__ is Ref:
            b.value = a
            trail.append(b)
            return True
    if (a.__class__ is not Struct or b.__class__ is not Struct) and (
        a.__class__ is not Ref and b.__class__ is not Ref
    ):
        return a.__class__ is b.__class__ and a == b
    return _unify_general(a, b, trail, occurs_check)


#: Pairs of compound terms a traversal meets before it starts watching for cycles.
CYCLE_WATCH = 100_000


def _unify_general(a: object, b: object, trail: list[Ref], occurs_check: bool) -> bool:
    stack = [(a, b)]
    pop = stack.pop
    pairs = 0
    seen: set[tuple[int, int]] | None = None
    while stack:
        x, y = pop()
        while type(x) is Ref:
            v = x.value
            if v is None:
                break
            x = v
        while type(y) is Ref:
            v = y.value
            if v is None:
                break
            y = v
        if x is y:
            continue
        tx = type(x)
        if tx is Ref:
            if type(y) is Ref and y.serial > x.serial:
                x, y = y, x  # bind the younger variable (SWI-Prolog's standard order)
            elif occurs_check and _occurs(x, y):
                return False
            x.value = y
            trail.append(x)
            continue
        ty = type(y)
        if ty is Ref:
            if occurs_check and _occurs(y, x):
                return False
            y.value = x
            trail.append(y)
            continue
        if tx is Struct:
            if ty is not Struct:
                return False
            xa, ya = x.args, y.args
            if x.name != y.name or len(xa) != len(ya):
                return False
            if seen is not None:
                pair = (id(x), id(y))
                if pair in seen:
                    continue
                seen.add(pair)
            else:
                pairs += 1
                if pairs > CYCLE_WATCH:
                    seen = set()
            if occurs_check:
                stack.extend(zip(xa, ya))
                continue
            for x, y in zip(xa, ya):  # variables and constants at once, compound pairs later
                while x.__class__ is Ref:
                    v = x.value
                    if v is None:
                        break
                    x = v
                while y.__class__ is Ref:
                    v = y.value
                    if v is None:
                        break
                    y = v
                if x is y:
                    continue
                if x.__class__ is Ref:
                    if y.__class__ is Ref and y.serial > x.serial:
                        y.value = x
                        trail.append(y)
                    else:
                        x.value = y
                        trail.append(x)
                elif y.__class__ is Ref:
                    y.value = x
                    trail.append(y)
                elif x.__class__ is Struct:
                    if y.__class__ is not Struct:
                        return False
                    stack.append((x, y))
                elif x.__class__ is not y.__class__ or x != y:
                    return False
        elif tx is not ty or x != y:
            return False
    return True


class Slot:
    """A clause variable inside a template: an index into the call's frame."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index

    def __repr__(self) -> str:
        return f"Slot({self.index})"


class TStruct:
    """A compound subterm of a template that contains slots."""

    __slots__ = ("args", "name")

    def __init__(self, name: str, args: tuple[RTerm, ...]) -> None:
        self.name = name
        self.args = args

    def __repr__(self) -> str:
        return f"TStruct({self.name}, {self.args!r})"


def _template(term: Term, slots: dict[Var, int]) -> RTerm:
    t = type(term)
    if t is Var:
        index = slots.get(term)
        if index is None:
            index = slots[term] = len(slots)
        return Slot(index)
    if t is Struct:
        args = tuple(_template(a, slots) for a in term.args)
        if any(type(a) is Slot or type(a) is TStruct for a in args):
            return TStruct(term.name, args)
        return term
    return term


def build(template: object, frame: list[RTerm]) -> RTerm:
    """Instantiate a template in ``frame``, creating references for new variables."""
    t = type(template)
    if t is Slot:
        index = template.index
        value = frame[index]
        if value is None:
            value = frame[index] = fresh_ref()
        return value
    if t is TStruct:
        return Struct(
            template.name,
            tuple([build(a, frame) for a in template.args]),
        )
    return template


def unify_head(template: object, term: object, frame: list[RTerm], trail: list[Ref]) -> bool:
    """Unify a head-argument template with a run-time term, filling ``frame``."""
    tt = type(template)
    if tt is Slot:
        index = template.index
        current = frame[index]
        if current is None:
            frame[index] = term
            return True
        return unify(current, term, trail)
    while type(term) is Ref:
        value = term.value
        if value is None:
            term.value = build(template, frame)
            trail.append(term)
            return True
        term = value
    if tt is TStruct:
        if type(term) is not Struct:
            return False
        args = term.args
        targs = template.args
        if term.name != template.name or len(args) != len(targs):
            return False
        return all(unify_head(targ, arg, frame, trail) for targ, arg in zip(targs, args))
    if tt is Struct:
        return unify(template, term, trail)
    return template == term and tt is type(term)


class CompiledClause:
    """A clause as templates: head arguments and body goals over ``nvars`` slots.

    This is the *interpreted* form (:func:`unify_head` and :func:`build` run
    it); the machine runs the clause functions generated from the same
    clause by :mod:`symlearn.engine.codegen`, and the tests check that the
    two agree.  ``ground_args`` is set for a ground fact.
    """

    __slots__ = ("body", "clause", "ground_args", "head_args", "nvars")

    def __init__(self, clause: Clause) -> None:
        slots: dict[Var, int] = {}
        head = clause.head
        head_args = head.args if isinstance(head, Struct) else ()
        self.clause = clause
        self.head_args = tuple(_template(a, slots) for a in head_args)
        self.body = tuple(_template(g, slots) for g in clause.body)
        self.nvars = len(slots)
        self.ground_args = head_args if not clause.body and not slots else None


def compile_clause(clause: Clause) -> CompiledClause:
    """Compile ``clause`` into templates."""
    return CompiledClause(clause)


_ORDER_RANK = {float: 1, int: 1, PString: 2, str: 3, Struct: 5}


def compare_runtime(a: RTerm, b: RTerm) -> int:
    """Compare run-time terms in the standard order of terms; return -1, 0 or 1.

    As :func:`symlearn.logic.terms.compare_terms`, with unbound variables
    ordered by age.
    """
    while a.__class__ is Ref:  # fast path: two atoms, or two integers
        value = a.value
        if value is None:
            break
        a = value
    while b.__class__ is Ref:
        value = b.value
        if value is None:
            break
        b = value
    kind = a.__class__
    if kind is b.__class__:
        if kind is str or kind is int:
            return -1 if a < b else (0 if a == b else 1)
        if kind is Ref:  # two free variables: by age
            return 0 if a is b else (-1 if a.serial < b.serial else 1)
    stack = [(a, b)]
    pairs = 0
    seen: set[tuple[int, int]] | None = None
    while stack:
        x, y = stack.pop()
        x, y = deref(x), deref(y)
        if x is y:
            continue
        if type(x) is Ref or type(y) is Ref:
            if type(x) is not Ref:
                return 1
            if type(y) is not Ref:
                return -1
            return -1 if x.serial < y.serial else 1
        rx, ry = _ORDER_RANK[type(x)], _ORDER_RANK[type(y)]
        if rx != ry:
            return -1 if rx < ry else 1
        if rx == 1:
            if x != y:
                return -1 if x < y else 1
            if type(x) is not type(y):
                return -1 if type(x) is float else 1
        elif rx == 2:
            if x.value != y.value:
                return -1 if x.value < y.value else 1
        elif rx == 3:
            if x != y:
                return -1 if x < y else 1
        else:
            if len(x.args) != len(y.args):
                return -1 if len(x.args) < len(y.args) else 1
            if x.name != y.name:
                return -1 if x.name < y.name else 1
            if seen is not None:  # cyclic terms: a pair met again compares equal
                pair = (id(x), id(y))
                if pair in seen:
                    continue
                seen.add(pair)
            else:
                pairs += 1
                if pairs > CYCLE_WATCH:
                    seen = set()
            stack.extend(reversed(list(zip(x.args, y.args))))
    return 0


def cyclic_term_error() -> Exception:
    """``error(type_error(acyclic_term, ...), _)``: a cyclic term cannot be copied out."""
    from symlearn.engine.arithmetic import type_error

    return type_error("acyclic_term", "<cyclic term>")


def _rebuild(term: object, leaf: Callable[[RTerm], object]) -> RTerm:
    """Copy a term bottom-up without recursion, replacing non-compound parts by ``leaf``."""
    # Work stack of (term, number of args already pushed or -1); results on ``out``.
    out: list[RTerm] = []
    stack: list[tuple[object, bool]] = [(term, False)]
    nodes = 0
    open_ids: set[int] | None = None  # compound terms being copied (watched after many nodes)
    while stack:
        t, expanded = stack.pop()
        if expanded:
            if open_ids is not None:
                open_ids.discard(id(t))
            n = len(t.args)
            args = tuple(out[len(out) - n :])
            del out[len(out) - n :]
            if all(x is y for x, y in zip(args, t.args)):
                out.append(t)
            else:
                out.append(Struct(t.name, args))
            continue
        t = leaf(t)
        if type(t) is Struct:
            if type(t.args) is PackedArgs and _ground_packed(t.args):
                out.append(t)  # nothing in it to replace: shared, as a ground term is
                continue
            if open_ids is not None:
                if id(t) in open_ids:
                    raise cyclic_term_error()
                open_ids.add(id(t))
            else:
                nodes += 1
                if nodes > CYCLE_WATCH // 10:
                    open_ids = {id(x) for x, done in stack if done}
                    if id(t) in open_ids:
                        raise cyclic_term_error()
                    open_ids.add(id(t))
            stack.append((t, True))
            for arg in reversed(t.args):
                stack.append((arg, False))
        else:
            out.append(t)
    return out[0]


def _ground_packed(args: PackedArgs) -> bool:
    """True for a packed list of integers that ends in an atom (no variable in it)."""
    store = args.store
    return type(store.items) is array and type(store.tail) is str


def to_runtime(term: Term, mapping: dict[Var, Ref]) -> RTerm:
    """Copy a term, replacing its variables by references (``mapping`` is filled)."""

    def leaf(t: object) -> RTerm:
        if type(t) is Var:
            ref = mapping.get(t)
            if ref is None:
                ref = mapping[t] = fresh_ref(t.name)
            return ref
        return t

    return _rebuild(term, leaf)


def resolve(term: object, names: dict[Ref, Var] | None = None) -> Term:
    """Turn a run-time term into an immutable term; unbound references become variables.

    ``names`` maps unbound references to the variables that stand for them
    (filled in as new ones are met), so several terms of one solution share them.
    """
    table: dict[Ref, Var] = {} if names is None else names

    def leaf(t: object) -> RTerm:
        t = deref(t)
        if type(t) is Ref:
            var = table.get(t)
            if var is None:
                var = table[t] = Var("_" if t.name == "_" else t.name)
            return var
        return t

    return _rebuild(term, leaf)


def variant_key(term: object) -> Term:
    """A hashable key equal for run-time terms that are variants (tabling's call/answer key)."""
    seen: dict[Ref, Var] = {}
    canon: list[Var] = []

    def leaf(t: object) -> RTerm:
        t = deref(t)
        if type(t) is Ref:
            var = seen.get(t)
            if var is None:
                if len(canon) <= len(seen):
                    canon[:] = canonical_variables(len(seen) + 8)
                var = seen[t] = canon[len(seen)]
            return var
        return t

    return _rebuild(term, leaf)


def copy_runtime(term: object, keep: Iterable[Ref] = ()) -> RTerm:
    """``copy_term/2``: a copy of a run-time term with fresh references.

    The variables in ``keep`` are not renamed (the free variables of a lambda).
    """
    if keep:
        return _copy_keeping(term, {ref: ref for ref in keep})
    while term.__class__ is Ref:  # fast paths: an atomic value, or a flat compound of them
        value = term.value
        if value is None:
            return fresh_ref()
        term = value
    kind = term.__class__
    if kind is str or kind is int or kind is float:
        return term
    if kind is Struct:
        items = []
        for arg in term.args:
            while arg.__class__ is Ref:
                value = arg.value
                if value is None:
                    break
                arg = value
            if arg.__class__ is Struct or arg.__class__ is Ref:
                break
            items.append(arg)
        else:
            return Struct(term.name, tuple(items))
    fresh: dict[Ref, Ref] = {}

    def leaf(t: object) -> RTerm:
        t = deref(t)
        if type(t) is Ref:
            new = fresh.get(t)
            if new is None:
                new = fresh[t] = fresh_ref()
            return new
        return t

    return _rebuild(term, leaf)


def _copy_keeping(term: object, fresh: dict[Ref, Ref]) -> RTerm:
    def leaf(t: object) -> RTerm:
        t = deref(t)
        if type(t) is Ref:
            new = fresh.get(t)
            if new is None:
                new = fresh[t] = fresh_ref()
            return new
        return t

    return _rebuild(term, leaf)


def key_to_runtime(term: Term) -> RTerm:
    """Copy a stored (variable-canonical) term into run-time form with fresh references."""
    return to_runtime(term, {})
