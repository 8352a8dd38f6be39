"""Definite clauses ``Head :- Body1, ..., BodyN`` as immutable values.

A :class:`Clause` keeps the terms it was built from (so the caller's
variables still name its variables) and compares, hashes and orders by its
*canonical form*: the clause with its variables renamed ``_0, _1, ...`` in
order of first occurrence.  Two clauses are therefore equal exactly when they
are variants of each other, which makes duplicate removal cheap.  The body is
a tuple because a Prolog body is run left to right; :attr:`Clause.body_set`
gives it as a set for reasoning that ignores order (θ-subsumption).

A clause prints as SWI-Prolog's ``portray_clause/1`` prints it.

Examples
--------
>>> from symlearn.logic.terms import Var, struct
>>> x, y, z = Var("X"), Var("Y"), Var("Z")
>>> c = Clause(struct("grandparent", x, z), (struct("parent", x, y), struct("parent", y, z)))
>>> print(c)
grandparent(A, B) :-
    parent(A, C),
    parent(C, B).
>>> u, v, w = Var("U"), Var("V"), Var("W")
>>> c == Clause(struct("grandparent", u, w), (struct("parent", u, v), struct("parent", v, w)))
True
>>> Clause.from_term(c.to_term()) == c
True
"""

from __future__ import annotations

from collections.abc import Iterable

from symlearn.logic.printer import portray_clause
from symlearn.logic.terms import (
    Struct,
    Term,
    Var,
    functor_of,
    indicator_of,
    is_callable,
    is_ground,
    term_variables,
)
from symlearn.logic.unify import rename_apart

__all__ = ["Clause", "called_predicates", "canonical_variables", "conjunction", "conjuncts"]

_CANONICAL: list[Var] = []


def canonical_variables(n: int) -> list[Var]:
    """The first ``n`` canonical variables ``_0, _1, ...`` (shared objects)."""
    while len(_CANONICAL) < n:
        _CANONICAL.append(Var(f"_{len(_CANONICAL)}"))
    return _CANONICAL[:n]


def conjuncts(body: Term) -> list[Term]:
    """Split a body term ``(A, (B, C))`` into ``[A, B, C]``; ``true`` gives ``[]``."""
    goals: list[Term] = []
    stack = [body]
    while stack:
        t = stack.pop()
        if type(t) is Struct and t.name == "," and len(t.args) == 2:
            stack.append(t.args[1])
            stack.append(t.args[0])
        elif t != "true":
            goals.append(t)
    return goals


def conjunction(goals: Iterable[Term]) -> Term:
    """Join goals into a right-nested ``','`` term; no goals give ``true``."""
    items = list(goals)
    if not items:
        return "true"
    result = items[-1]
    for goal in reversed(items[:-1]):
        result = Struct(",", (goal, result))
    return result


#: Control constructs whose two arguments are both goals.
_BINARY_CONTROL = frozenset({",", ";", "->", "*->"})
#: Predicates whose arguments may be goals (every callable argument is looked into).
_META_CALLS = frozenset({"\\+", "call", "once", "ignore", "forall", "not", "try_call", "call_nc"})
#: Collectors (ProbLog's ``all/3`` and ``all_or_none/3`` among them).
_COLLECTORS = frozenset({"findall", "bagof", "setof", "aggregate_all", "all", "all_or_none"})


def called_predicates(goal: Term) -> set[tuple[str, int]]:
    """The predicates a body goal calls, looking inside control constructs.

    Conjunctions, disjunctions and if-then-else are looked through; the
    arguments of negation, ``call/N``, ``once``, ``forall`` and the
    collectors (``findall``, ``bagof``, ``setof``, ``aggregate_all``) are
    taken as goals too (a collector's template may add a predicate that is
    never called: the set errs on the side of more).  Builtins are included.

    Examples
    --------
    >>> from symlearn.logic.terms import Var, struct
    >>> x, y = Var("X"), Var("Y")
    >>> goal = struct(";", struct("->", struct("p", x), struct("not", struct("q", x))),
    ...               struct("findall", y, struct("r", y), Var("L")))
    >>> sorted(called_predicates(goal))
    [('findall', 3), ('not', 1), ('p', 1), ('q', 1), ('r', 1)]
    """
    found: set[tuple[str, int]] = set()
    stack = [goal]
    while stack:
        g = stack.pop()
        if type(g) is Struct:
            if g.name in _BINARY_CONTROL and len(g.args) == 2:
                stack.extend(g.args)
                continue
            if g.name in _META_CALLS or (g.name in _COLLECTORS and len(g.args) >= 2):
                stack.extend(a for a in g.args if type(a) in (str, Struct))
                if g.name in ("call", "try_call", "call_nc") and len(g.args) > 1:
                    stack.append(_with_arguments(g.args[0], g.args[1:]))
        if type(g) in (str, Struct):
            found.add(functor_of(g))
    return found


def _with_arguments(goal: Term, extra: tuple[Term, ...]) -> Term:
    """``call(G, A1, ...)``'s goal: ``G`` with the arguments added (as it is if not callable)."""
    if type(goal) is str:
        return Struct(goal, extra)
    if type(goal) is Struct:
        return Struct(goal.name, goal.args + extra)
    return goal


def _rename(term: Term, mapping: dict[Var, Var]) -> Term:
    if type(term) is Var:
        return mapping[term]
    if type(term) is Struct:
        assert isinstance(term, Struct)
        return Struct(term.name, tuple(_rename(a, mapping) for a in term.args))
    return term


class Clause:
    """A definite clause: a head and a (possibly empty) tuple of body goals.

    Parameters
    ----------
    head
        An atom or compound term.
    body
        Body goals in execution order (no goals for a fact).

    Raises
    ------
    TypeError
        If the head or a body goal is not callable (a body goal may be a
        variable, as ``call/1`` allows).
    """

    __slots__ = ("_key", "body", "head")

    def __init__(self, head: Term, body: Iterable[Term] = ()) -> None:
        if not is_callable(head):
            raise TypeError(f"clause head is not callable: {head!r}")
        goals = tuple(body)
        for goal in goals:
            if not (is_callable(goal) or type(goal) is Var):
                raise TypeError(f"clause body goal is not callable: {goal!r}")
        self.head = head
        self.body = goals
        self._key: tuple[Term, tuple[Term, ...]] | None = None

    @classmethod
    def fact(cls, head: Struct) -> Clause:
        """The fact ``head``, for a compound term known to be callable (no checks)."""
        clause = cls.__new__(cls)
        clause.head = head
        clause.body = ()
        clause._key = None
        return clause

    @classmethod
    def from_term(cls, term: Term) -> Clause:
        """Build a clause from ``H :- B`` (or a fact ``H``)."""
        if type(term) is Struct and term.name == ":-" and len(term.args) == 2:
            head, body = term.args
            return cls(head, conjuncts(body))
        return cls(term)

    def to_term(self) -> Term:
        """The clause as one term: ``H`` for a fact, ``H :- B`` otherwise."""
        if not self.body:
            return self.head
        return Struct(":-", (self.head, conjunction(self.body)))

    @property
    def is_fact(self) -> bool:
        """True when the body is empty."""
        return not self.body

    @property
    def is_ground(self) -> bool:
        """True when the clause has no variables."""
        return is_ground(self.head) and all(is_ground(g) for g in self.body)

    @property
    def functor(self) -> tuple[str, int]:
        """``(name, arity)`` of the head."""
        head = self.head
        if type(head) is Struct:
            return head.name, len(head.args)
        return functor_of(head)

    @property
    def indicator(self) -> str:
        """The predicate indicator of the head, such as ``"grandparent/2"``."""
        return indicator_of(self.head)

    @property
    def body_set(self) -> frozenset[Term]:
        """The body goals as a set (order ignored)."""
        return frozenset(self.body)

    @property
    def variables(self) -> list[Var]:
        """The clause's variables in order of first occurrence."""
        return term_variables(self.head, *self.body)

    def __len__(self) -> int:
        """The number of literals: the head plus the body goals."""
        return 1 + len(self.body)

    def renamed(self) -> Clause:
        """A copy with fresh variables (rename apart before combining clauses)."""
        terms, _ = rename_apart([self.head, *self.body])
        return Clause(terms[0], terms[1:])

    def canonical(self) -> tuple[Term, tuple[Term, ...]]:
        """The head and body with variables renamed ``_0, _1, ...`` in order."""
        key = self._key
        if key is None:
            variables = self.variables
            mapping = dict(zip(variables, canonical_variables(len(variables))))
            key = (_rename(self.head, mapping), tuple(_rename(g, mapping) for g in self.body))
            self._key = key
        return key

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Clause):
            return NotImplemented
        return self.canonical() == other.canonical()

    def __hash__(self) -> int:
        return hash(self.canonical())

    def __str__(self) -> str:
        return portray_clause(self.to_term())

    def __repr__(self) -> str:
        return f"Clause<{portray_clause(self.to_term()).replace(chr(10), ' ')}>"

    def to_dict(self) -> str:
        """JSON form: the clause text."""
        return str(self)
