r"""Finite-domain constraints over the integers: the common subset of SWI-Prolog's library(clpfd).

``X #= Y + 1``, ``#\=``, ``#<``, ``#>``, ``#=<``, ``#>=`` on integer
expressions (``+ - * ^ // mod rem abs min max``), domains (``X in 1..3``,
``Xs ins 0..sup``), reification and boolean connectives (``B #<==> (X #> 2)``,
``#==>``, ``#<==``, ``#\/``, ``#/\``, ``#\``), ``sum/3``, ``all_different/1``
(and ``all_distinct/1``), and labelling (``label/1``, ``labeling/2`` with the
options ``leftmost``, ``ff``, ``ffc``, ``min``, ``max``, ``up``, ``down``,
``step``, ``enum``, ``bisect``).  A constraint whose variables are all bound is
evaluated; otherwise it is kept and *propagated*: each variable has a domain
(a union of integer intervals), and a constraint narrows the domains of its
variables whenever one of them changes, until nothing changes or a domain is
empty (the constraint fails).  Linear constraints are bounds consistent;
``#\=``, ``all_different/1`` and ``abs(X - Y) #\= C`` remove a value once the
other side is known (as SWI-Prolog's do); products, powers, ``abs``, ``min``,
``max`` narrow bounds; ``//``, ``mod`` and ``rem`` wait until their operands
are known.  Labelling is SWI-Prolog's: ``step`` branches on ``X = V`` and then
``X #\= V``, choosing the variable again, so the solutions come in SWI-Prolog's
order.  Numbers that are not integers are
``domain_error(clpfd_expression, 1.5)``, as in SWI-Prolog, and ``X #= 2^(-1)``
fails: no answer is ever a number outside the integers.

**How it sits in the engine.**  A constrained variable is a run-time variable
(:class:`~symlearn.engine.runtime.Ref`) with an entry in the run's store
(:class:`FDStore`); its serial is made negative, so its binding is always
trailed.  While a store exists the engine looks at every step
(``Engine._check``) whether the trail holds a new binding of a constrained
variable (a unification ``X = 3`` anywhere, a head match, a fact) and
propagates before the next goal runs; a failure there backtracks, as
SWI-Prolog's attributed variables wake their constraints.  The store's own
changes (domains, constraints) are undone lazily: each change puts a marker
variable on the trail, and the next look at the store restores every change
whose marker backtracking unbound.

References
----------
SWI-Prolog reference manual, section A.9 "library(clpfd): CLP(FD): Constraint
Logic Programming over Finite Domains"; Triska, "The Finite Domain Constraint
Solver of SWI-Prolog", FLOPS 2012.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from symlearn.engine.arithmetic import (
    instantiation_error,
    truncated_quotient,
    type_error,
)
from symlearn.engine.runtime import Ref, RTerm, deref, fresh_ref, resolve
from symlearn.logic.terms import Struct, Term

if TYPE_CHECKING:
    from symlearn.engine.sld import Engine

__all__ = ["Domain", "FDFailure", "FDStore", "Recheck", "store_of"]

INF = float("inf")
Bound = Any  # an int, or -INF / INF


class FDFailure(Exception):
    """Propagation found a constraint that cannot hold: the engine backtracks."""


class Recheck(Exception):
    """The first constraint of a run: the engine looks at the store at every step from now."""


# ---------------------------------------------------------------- domains
class Domain:
    """A set of integers: sorted, disjoint, non-adjacent intervals (bounds may be infinite)."""

    __slots__ = ("intervals",)

    def __init__(self, intervals: tuple[tuple[Bound, Bound], ...]) -> None:
        self.intervals = intervals

    @staticmethod
    def of(low: Bound, high: Bound) -> Domain:
        """The integers from ``low`` to ``high`` (empty when low > high)."""
        return Domain(((low, high),) if low <= high else ())

    @property
    def empty(self) -> bool:
        """Whether no integer is left."""
        return not self.intervals

    @property
    def low(self) -> Bound:
        """The least integer (or -inf)."""
        return self.intervals[0][0]

    @property
    def high(self) -> Bound:
        """The greatest integer (or inf)."""
        return self.intervals[-1][1]

    @property
    def size(self) -> Bound:
        """How many integers (inf when unbounded)."""
        return sum(high - low + 1 for low, high in self.intervals)

    def single(self) -> int | None:
        """The one integer of a domain of one, else None."""
        if len(self.intervals) == 1 and self.intervals[0][0] == self.intervals[0][1]:
            return int(self.intervals[0][0])
        return None

    def __contains__(self, value: int) -> bool:
        return any(low <= value <= high for low, high in self.intervals)

    def intersect(self, other: Domain) -> Domain:
        """The integers of both domains."""
        result: list[tuple[Bound, Bound]] = []
        i = j = 0
        a, b = self.intervals, other.intervals
        while i < len(a) and j < len(b):
            low = max(a[i][0], b[j][0])
            high = min(a[i][1], b[j][1])
            if low <= high:
                result.append((low, high))
            if a[i][1] < b[j][1]:
                i += 1
            else:
                j += 1
        return Domain(tuple(result))

    def bounded(self, low: Bound, high: Bound) -> Domain:
        """The integers of the domain between ``low`` and ``high``."""
        return self.intersect(Domain.of(low, high))

    def without(self, value: int) -> Domain:
        """The domain less one integer."""
        result: list[tuple[Bound, Bound]] = []
        for low, high in self.intervals:
            if low <= value <= high:
                if low <= value - 1:
                    result.append((low, value - 1))
                if value + 1 <= high:
                    result.append((value + 1, high))
            else:
                result.append((low, high))
        return Domain(tuple(result))

    def complement(self) -> Domain:
        """Every integer not in the domain."""
        result: list[tuple[Bound, Bound]] = []
        start: Bound = -INF
        for low, high in self.intervals:
            if low != -INF and start <= low - 1:
                result.append((start, low - 1))
            start = high + 1
        if start != INF:
            result.append((start, INF))
        return Domain(tuple(result))

    def union(self, other: Domain) -> Domain:
        """The integers of either domain."""
        return self.complement().intersect(other.complement()).complement()

    def values(self, descending: bool = False) -> Iterator[int]:
        """The integers in order (a finite domain)."""
        intervals = reversed(self.intervals) if descending else iter(self.intervals)
        for low, high in intervals:
            numbers = (
                range(int(high), int(low) - 1, -1)
                if descending
                else range(int(low), int(high) + 1)
            )
            yield from numbers

    def term(self) -> Term:
        r"""The domain as SWI-Prolog writes it: ``1..3\/5..sup``."""

        def bound(value: Bound) -> Term:
            if value == -INF:
                return "inf"
            if value == INF:
                return "sup"
            return int(value)

        parts: list[Term] = []
        for low, high in self.intervals:
            parts.append(int(low) if low == high else Struct("..", (bound(low), bound(high))))
        if not parts:
            return Struct("..", (1, 0))
        result = parts[0]
        for part in parts[1:]:
            result = Struct("\\/", (result, part))
        return result


EVERYTHING = Domain(((-INF, INF),))


def domain_of_term(term: RTerm) -> Domain:
    r"""``1..3``, ``1..sup``, ``3``, ``D1 \/ D2`` as a domain (ISO errors otherwise)."""
    term = deref(term)
    if type(term) is int:
        return Domain.of(term, term)
    if type(term) is Ref:
        raise instantiation_error()
    if type(term) is Struct and term.name == ".." and len(term.args) == 2:
        low, high = (_bound(a, -INF if i == 0 else INF) for i, a in enumerate(term.args))
        return Domain.of(low, high)
    if type(term) is Struct and term.name == "\\/" and len(term.args) == 2:
        return domain_of_term(term.args[0]).union(domain_of_term(term.args[1]))
    raise type_error("clpfd_domain", resolve(term))


def _bound(term: RTerm, infinite: Bound) -> Bound:
    term = deref(term)
    if type(term) is int:
        return term
    if term in ("inf", "sup"):
        return -INF if term == "inf" else INF
    if type(term) is Ref:
        raise instantiation_error()
    raise type_error("integer", resolve(term))


# ---------------------------------------------------------------- the store
class FDStore:
    """The constraints of one run: domains, propagators, and the log of changes to undo."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.domains: dict[Ref, Domain] = {}
        self.watchers: dict[Ref, list[Propagator]] = {}
        self.log: list[tuple[Ref, str, Ref, object]] = []
        self.scanned = 0
        self.queue: deque[Propagator] = deque()
        self.queued: set[int] = set()

    # -- changes, undone on backtracking
    def _marker(self) -> Ref:
        marker = fresh_ref()
        marker.serial = -1  # never dropped when the trail is compacted
        marker.value = True
        self.engine.trail.append(marker)
        return marker

    def sync(self) -> None:
        """Undo the changes backtracking has passed (their marker is unbound again)."""
        log = self.log
        while log and log[-1][0].value is None:
            _, kind, var, old = log.pop()
            if kind == "domain":
                if old is None:
                    self.domains.pop(var, None)
                else:
                    self.domains[var] = old
            else:
                self.watchers[var].pop()
        trail_length = len(self.engine.trail)
        if self.scanned > trail_length:
            self.scanned = trail_length

    def constrain(self, var: Ref) -> None:
        """Make ``var`` a constrained variable (its binding is always trailed)."""
        if var not in self.domains:
            if var.serial >= 0:
                var.serial -= 1 << 62
            self.log.append((self._marker(), "domain", var, None))
            self.domains[var] = EVERYTHING

    def watch(self, var: Ref, propagator: Propagator) -> None:
        """Run ``propagator`` when ``var``'s domain changes."""
        self.constrain(var)
        self.watchers.setdefault(var, []).append(propagator)
        self.log.append((self._marker(), "watch", var, None))

    # -- values and domains
    def domain(self, term: RTerm) -> Domain:
        """The domain of a variable (or of an integer: itself)."""
        term = deref(term)
        if type(term) is int:
            return Domain.of(term, term)
        if type(term) is Ref:
            return self.domains.get(term, EVERYTHING)
        raise type_error("integer", resolve(term))

    def narrow(self, term: RTerm, domain: Domain) -> None:
        """Intersect ``term``'s domain with ``domain`` (fail when nothing is left)."""
        term = deref(term)
        if type(term) is int:
            if term not in domain:
                raise FDFailure
            return
        if type(term) is not Ref:
            raise type_error("integer", resolve(term))
        self.constrain(term)
        old = self.domains[term]
        new = old.intersect(domain)
        if new.empty:
            raise FDFailure
        if new.intervals == old.intervals:
            return
        self.log.append((self._marker(), "domain", term, old))
        self.domains[term] = new
        value = new.single()
        if value is not None:
            term.value = value
            self.engine.trail.append(term)
        self.schedule(term)

    def schedule(self, var: Ref) -> None:
        """Queue the propagators of ``var``."""
        for propagator in self.watchers.get(var, ()):
            if id(propagator) not in self.queued:
                self.queued.add(id(propagator))
                self.queue.append(propagator)

    def propagate(self) -> None:
        """Run the scheduled propagators until nothing changes (or one fails)."""
        queue = self.queue
        try:
            while queue:
                propagator = queue.popleft()
                self.queued.discard(id(propagator))
                propagator.run(self)
        except FDFailure:
            queue.clear()
            self.queued.clear()
            raise

    def post(self, propagator: Propagator) -> None:
        """Add a constraint and propagate it."""
        self.sync()
        for var in propagator.variables():
            self.watch(var, propagator)
        self.queued.add(id(propagator))
        self.queue.append(propagator)
        self.propagate()
        self.scanned = len(self.engine.trail)

    def wake(self) -> None:
        """Look at the bindings since the last look: check them and propagate."""
        self.sync()
        trail = self.engine.trail
        start = self.scanned
        if start >= len(trail):
            return
        for ref in trail[start:]:
            if ref.serial < 0 and ref.value is not None and ref in self.domains:
                value = deref(ref)
                if type(value) is Ref:
                    self._merge(ref, value)
                elif type(value) is not int or value not in self.domains[ref]:
                    raise FDFailure
                else:
                    self.schedule(ref)
        self.propagate()
        self.scanned = len(trail)

    def residual_goals(self, names: dict[Ref, Any]) -> list[Term]:
        """``Var in Domain`` for each variable of an answer that is still constrained."""
        self.sync()
        goals: list[Term] = []
        for ref, var in names.items():
            if ref.value is None and ref in self.domains:
                domain = self.domains[ref]
                if domain.intervals != EVERYTHING.intervals:
                    goals.append(Struct("in", (var, domain.term())))
        return goals

    def _merge(self, var: Ref, other: Ref) -> None:
        """Two constrained variables were unified: one domain, both sets of constraints."""
        self.narrow(other, self.domains[var])
        for propagator in self.watchers.get(var, ()):
            self.watch(other, propagator)
        self.schedule(other)


def store_of(engine: Engine) -> FDStore:
    """The run's store; its creation makes the engine look at it at every step."""
    store = engine.fd
    if store is None:
        store = engine.fd = FDStore(engine)
    return store


# ---------------------------------------------------------------- propagators
class Propagator:
    """A constraint kept in the store: ``run`` narrows domains or raises FDFailure."""

    def variables(self) -> list[Ref]:
        raise NotImplementedError

    def run(self, store: FDStore) -> None:
        raise NotImplementedError


def _refs(terms: list[RTerm]) -> list[Ref]:
    found = []
    for term in terms:
        term = deref(term)
        if type(term) is Ref and term not in found:
            found.append(term)
    return found


class _Sum:
    """A sum of bounds, and the sum without one of them (infinities kept apart)."""

    def __init__(self, values: list[Bound], constant: int) -> None:
        self.values = values
        self.finite = constant + sum(v for v in values if v not in (INF, -INF))
        self.infinite = [v for v in values if v in (INF, -INF)]

    def without(self, i: int) -> Bound:
        value = self.values[i]
        if value in (INF, -INF):
            rest = list(self.infinite)
            rest.remove(value)
            return rest[0] if rest else self.finite
        return self.infinite[0] if self.infinite else self.finite - value


def _floor_div(a: Bound, b: int) -> Bound:
    if a in (INF, -INF):
        return a if b > 0 else -a
    return a // b


def _ceil_div(a: Bound, b: int) -> Bound:
    if a in (INF, -INF):
        return a if b > 0 else -a
    return -((-a) // b)


class Linear(Propagator):
    r"""``sum(coefficient * term) + constant REL 0``, REL one of ``=``, ``=<`` or ``\=``."""

    def __init__(self, terms: list[tuple[int, RTerm]], constant: int, relation: str) -> None:
        self.terms = terms
        self.constant = constant
        self.relation = relation

    def variables(self) -> list[Ref]:
        return _refs([t for _, t in self.terms])

    def bounds(self, store: FDStore) -> tuple[list[tuple[Bound, Bound]], Bound, Bound]:
        parts = []
        low = high = self.constant
        for a, term in self.terms:
            domain = store.domain(term)
            x, y = a * domain.low, a * domain.high
            part = (min(x, y), max(x, y))
            parts.append(part)
            low += part[0]
            high += part[1]
        return parts, low, high

    def entailed(self, store: FDStore) -> bool | None:
        """True, False, or None when the domains do not decide yet."""
        _, low, high = self.bounds(store)
        if self.relation == "=":
            if low == high == 0:
                return True
            return False if low > 0 or high < 0 else None
        if self.relation == "=<":
            return True if high <= 0 else (False if low > 0 else None)
        if low > 0 or high < 0:
            return True
        return False if low == high == 0 else None

    def run(self, store: FDStore) -> None:
        if self.relation == "\\=":
            self._different(store)
            return
        changed = True
        while changed:
            changed = False
            parts, low, high = self.bounds(store)
            if low > 0 or (self.relation == "=" and high < 0):
                raise FDFailure
            lows = _Sum([low for low, _ in parts], self.constant)
            highs = _Sum([high for _, high in parts], self.constant)
            for i, (a, term) in enumerate(self.terms):
                # a * x + rest  (= or =<)  0, rest between rest_low and rest_high
                upper = -lows.without(i)
                lower = -highs.without(i) if self.relation == "=" else -INF
                if a > 0:
                    new_low, new_high = _ceil_div(lower, a), _floor_div(upper, a)
                else:
                    new_low, new_high = _ceil_div(upper, a), _floor_div(lower, a)
                domain = store.domain(term)
                if new_low > domain.low or new_high < domain.high:
                    store.narrow(term, Domain.of(new_low, new_high))
                    changed = True
                    break

    def _different(self, store: FDStore) -> None:
        unknown = [(a, t) for a, t in self.terms if type(deref(t)) is Ref]
        fixed = self.constant + sum(a * deref(t) for a, t in self.terms if type(deref(t)) is int)
        if not unknown:
            if fixed == 0:
                raise FDFailure
        elif len(unknown) == 1:
            a, term = unknown[0]
            if fixed % a == 0:
                store.narrow(term, store.domain(term).without(-fixed // a))


class AbsDifferent(Propagator):
    r"""``abs(X - Y) #\= C``: once one side is known, two values go from the other."""

    def __init__(self, x: RTerm, y: RTerm, c: int) -> None:
        self.x, self.y, self.c = x, y, c

    def variables(self) -> list[Ref]:
        return _refs([self.x, self.y])

    def run(self, store: FDStore) -> None:
        x, y = deref(self.x), deref(self.y)
        if type(x) is int and type(y) is int:
            if abs(x - y) == self.c:
                raise FDFailure
        elif type(x) is int:
            store.narrow(y, store.domain(y).without(x + self.c).without(x - self.c))
        elif type(y) is int:
            store.narrow(x, store.domain(x).without(y + self.c).without(y - self.c))


class AllDifferent(Propagator):
    """``all_different/1``: a known value goes from every other variable's domain."""

    def __init__(self, terms: list[RTerm]) -> None:
        self.terms = terms

    def variables(self) -> list[Ref]:
        return _refs(self.terms)

    def run(self, store: FDStore) -> None:
        seen: set[int] = set()
        values = [deref(t) for t in self.terms]
        for value in values:
            if type(value) is int:
                if value in seen:
                    raise FDFailure
                seen.add(value)
        for value in values:
            if type(value) is Ref:
                domain = store.domain(value)
                for known in seen:
                    domain = domain.without(known)
                store.narrow(value, domain)


class Function(Propagator):
    """``Z = f(X, Y)`` for ``*``, ``^``, ``abs``, ``min``, ``max``, ``//``, ``mod``, ``rem``."""

    def __init__(self, name: str, args: list[RTerm], result: RTerm) -> None:
        self.name, self.args, self.result = name, args, result

    def variables(self) -> list[Ref]:
        return _refs([*self.args, self.result])

    def run(self, store: FDStore) -> None:
        values = [deref(a) for a in self.args]
        if all(type(v) is int for v in values):
            result = evaluate_function(self.name, values)
            if result is None:
                raise FDFailure
            store.narrow(self.result, Domain.of(result, result))
            return
        bounds = _function_bounds(self.name, [store.domain(a) for a in self.args])
        if bounds is not None:
            store.narrow(self.result, Domain.of(*bounds))
        if self.name == "*":
            self._divide(store, values)

    def _divide(self, store: FDStore, values: list[RTerm]) -> None:
        """``Z = X * Y`` with X known (not 0): Y lies between Z's bounds divided by X."""
        result = deref(self.result)
        for i, known in enumerate(values):
            other = values[1 - i]
            if type(known) is int and known != 0 and type(other) is Ref:
                if type(result) is int and result % known:
                    raise FDFailure
                domain = store.domain(result)
                if known > 0:
                    low, high = _ceil_div(domain.low, known), _floor_div(domain.high, known)
                else:
                    low, high = _ceil_div(domain.high, known), _floor_div(domain.low, known)
                store.narrow(other, Domain.of(low, high))


def _function_bounds(name: str, domains: list[Domain]) -> tuple[Bound, Bound] | None:
    if name == "*":
        a, b = domains
        products = [_times(x, y) for x in (a.low, a.high) for y in (b.low, b.high)]
        return min(products), max(products)
    if name == "abs":
        (a,) = domains
        if a.low >= 0:
            return a.low, a.high
        if a.high <= 0:
            return -a.high, -a.low
        return 0, max(-a.low, a.high)
    if name in ("min", "max"):
        a, b = domains
        pick = min if name == "min" else max
        return pick(a.low, b.low), pick(a.high, b.high)
    return None


def _times(x: Bound, y: Bound) -> Bound:
    if x == 0 or y == 0:
        return 0
    return x * y


def evaluate_function(name: str, values: list[int]) -> int | None:
    """An integer function of known integers (None: no integer, e.g. ``2^(-1)`` or ``X mod 0``)."""
    if name == "*":
        return values[0] * values[1]
    if name == "^":
        base, exponent = values
        if exponent >= 0:
            return int(base**exponent)
        if base in (1, -1):
            return int(base**exponent)
        return None
    if name == "abs":
        return abs(values[0])
    if name == "min":
        return min(values)
    if name == "max":
        return max(values)
    a, b = values
    if b == 0:
        return None
    if name == "//":
        return truncated_quotient(a, b)
    if name == "mod":
        return a % b
    if name == "rem":
        return a - b * truncated_quotient(a, b)
    if name == "/":
        return a // b if a % b == 0 else None
    return None


class Reified(Propagator):
    """``B #<==> C`` for a linear comparison C: B is 1 exactly when C holds."""

    def __init__(self, boolean: RTerm, holds: Linear, fails: Linear) -> None:
        self.boolean, self.holds, self.fails = boolean, holds, fails

    def variables(self) -> list[Ref]:
        return _refs([self.boolean]) + self.holds.variables()

    def run(self, store: FDStore) -> None:
        b = deref(self.boolean)
        if type(b) is int:
            self._follow(store, self.holds if b == 1 else self.fails)
            return
        verdict = self.holds.entailed(store)
        if verdict is not None:
            store.narrow(b, Domain.of(int(verdict), int(verdict)))

    def _follow(self, store: FDStore, constraint: Linear) -> None:
        verdict = constraint.entailed(store)
        if verdict is False:
            raise FDFailure
        if verdict is None:
            constraint.run(store)
            for var in constraint.variables():  # kept for the bindings to come
                if not any(p is constraint for p in store.watchers.get(var, ())):
                    store.watch(var, constraint)
