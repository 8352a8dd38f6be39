r"""θ-subsumption between clauses, decided exactly, and clause reduction.

A clause C **θ-subsumes** a clause D (C ⪯ D, "C is at least as general as
D") when some substitution θ makes Cθ ⊆ D, clauses read as sets of literals
(Plotkin 1970).  θ-subsumption implies entailment and is the generality order
of ILP; it is a preorder (reflexive and transitive), and two clauses that
subsume each other are *equivalent*.  A clause is **reduced** when no proper
subset of it is equivalent to it; every clause has a reduced equivalent
subset, unique up to renaming (Plotkin 1970, Joyner 1976).

Deciding C ⪯ D is NP-complete, so the test is a backtracking search for θ.
It is made fast the way constraint solvers are:

* each literal of C gets its *candidates* in D once (same sign and predicate,
  and the literal matches on its own), so a literal without one fails the
  test at once;
* C is split into *components* of literals linked by shared variables, which
  are decided independently (their θs cannot conflict);
* inside a component the candidates of literals that share a variable are
  kept *arc consistent* (a candidate stays only while every neighbouring
  literal has a candidate that gives the shared variables the same values),
  the literal with the fewest candidates left is matched next (most
  constrained first), and the search backtracks as soon as a literal has
  none (maintained arc consistency, as in the Django subsumption test of
  Maloberti and Sebag 2004).

The variables of D behave as constants (D is not instantiated).  Clauses may
be given as :class:`~symlearn.logic.clauses.Clause` (a definite clause: its
head is the positive literal, its body goals the negative ones), as
:class:`~symlearn.logic.resolution.LiteralClause`, or as a sequence of
:class:`~symlearn.logic.resolution.Literal`.

Functions
---------
subsumes, subsumption_witness, subsumption_witnesses, equivalent, reduce_clause

References
----------
Plotkin, G. D. (1970).  A note on inductive generalization.  Machine
Intelligence 5.  Maloberti, J. and Sebag, M. (2004).  Fast theta-subsumption
with constraint satisfaction algorithms.  Machine Learning 55.  Gottlob, G.
and Fermüller, C. G. (1993).  Removing redundancy from a clause.  Artificial
Intelligence 61.  Muggleton, S. (1995).  Inverse entailment and Progol.  New
Generation Computing 13 (the hypotheses searched subsume the most specific
clause).

Examples
--------
>>> from symlearn.kb import parse_term
>>> c = Clause.from_term(parse_term("p(X) :- q(X, Y)"))
>>> d = Clause.from_term(parse_term("p(a) :- q(a, b), r(b)"))
>>> subsumes(c, d), subsumes(d, c)
(True, False)
>>> str(reduce_clause(Clause.from_term(parse_term("p(X) :- q(X, Y), q(X, a)"))))
'p(A) :-\n    q(A, a).'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from symlearn.logic.clauses import Clause
from symlearn.logic.resolution import Literal, LiteralClause
from symlearn.logic.terms import Struct, Term, Var, term_equal, term_variables
from symlearn.logic.unify import Substitution

__all__ = [
    "AnyClause",
    "equivalent",
    "literals_of",
    "reduce_clause",
    "subsumes",
    "subsumption_witness",
    "subsumption_witnesses",
]

#: What the functions here accept as a clause.
AnyClause = Clause | LiteralClause | Sequence[Literal]
C = TypeVar("C", Clause, LiteralClause)

_UNBOUND = object()


def literals_of(clause: AnyClause) -> list[Literal]:
    """The literals of a clause, without duplicates (body order kept for a Clause)."""
    if isinstance(clause, Clause):
        items = [Literal(clause.head), *(Literal(g, False) for g in clause.body)]
    elif isinstance(clause, LiteralClause):
        items = clause.sorted()
    else:
        items = list(clause)
    return list(dict.fromkeys(items))


def _bind(pattern: Term, term: Term, theta: dict[Var, Term], trail: list[Var]) -> bool:
    """Extend ``theta`` in place so that pattern·θ == term; record new bindings."""
    stack = [(pattern, term)]
    while stack:
        p, t = stack.pop()
        tp = type(p)
        if tp is Var:
            bound = theta.get(p, _UNBOUND)  # type: ignore[arg-type]
            if bound is _UNBOUND:
                theta[p] = t  # type: ignore[index]
                trail.append(p)  # type: ignore[arg-type]
            elif bound is not t and not term_equal(bound, t):  # type: ignore[arg-type]
                return False
        elif tp is Struct:
            if type(t) is not Struct:
                return False
            assert isinstance(p, Struct) and isinstance(t, Struct)
            if p.name != t.name or len(p.args) != len(t.args):
                return False
            stack.extend(zip(p.args, t.args))
        elif tp is not type(t) or p != t:
            return False
    return True


def _undo(theta: dict[Var, Term], trail: list[Var], mark: int) -> None:
    while len(trail) > mark:
        del theta[trail.pop()]


def _value_key(term: Term) -> object:
    """A hashable key equal for two terms exactly when they are ``==`` (1 is not 1.0)."""
    if type(term) is int or type(term) is float:
        return (type(term), term)
    return term


class _Option:
    """One candidate image of a literal and the values it gives the literal's variables."""

    __slots__ = ("keys", "target", "values")

    def __init__(self, target: Term, values: tuple[Term, ...]) -> None:
        self.target = target
        self.values = values
        self.keys = tuple(_value_key(v) for v in values)


class _Matcher:
    """The search for θ with Cθ ⊆ D (see the module docstring).

    A constraint-satisfaction search: each literal of C is a CSP variable
    whose domain is its candidate images in D (with the values they give its
    variables).  Two literals that share a variable constrain each other;
    the domains are kept arc consistent after each choice (MAC), and the
    literal with the smallest domain is chosen next.
    """

    def __init__(
        self,
        general: Sequence[Literal],
        specific: Sequence[Literal],
        fixed: Iterable[Var] = (),
    ) -> None:
        by_key: dict[tuple[bool, str, int], list[Term]] = {}
        for lit in specific:
            by_key.setdefault(lit.key, []).append(lit.atom)
        self.atoms = [lit.atom for lit in general]
        self.theta: dict[Var, Term] = {v: v for v in fixed}
        self.variables = [
            [v for v in term_variables(atom) if v not in self.theta] for atom in self.atoms
        ]
        trail: list[Var] = []
        self.options: list[list[_Option]] | None = []
        for i, lit in enumerate(general):
            found: list[_Option] = []
            for target in by_key.get(lit.key, ()):
                if _bind(lit.atom, target, self.theta, trail):
                    option = _Option(target, tuple(self.theta[v] for v in self.variables[i]))
                    # the literal itself first: it is the likeliest image when
                    # a clause is matched into (a part of) itself
                    if target is lit.atom:
                        found.insert(0, option)
                    else:
                        found.append(option)
                _undo(self.theta, trail, 0)
            if not found:
                self.options = None
                return
            self.options.append(found)
        self.neighbours: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = [
            [] for _ in self.atoms
        ]
        occurs: dict[Var, list[tuple[int, int]]] = {}
        for i, variables in enumerate(self.variables):
            for position, v in enumerate(variables):
                occurs.setdefault(v, []).append((i, position))
        shared: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for places in occurs.values():
            for i, pi in places:
                for j, pj in places:
                    if i != j:
                        shared.setdefault((i, j), []).append((pi, pj))
        for (i, j), pairs in shared.items():
            self.neighbours[i].append((j, tuple(p for p, _ in pairs), tuple(q for _, q in pairs)))

    @property
    def candidates(self) -> list[list[_Option]] | None:
        """The static candidates of each literal, or None when some literal has none."""
        return self.options

    def components(self) -> list[list[int]]:
        """Groups of literal numbers linked by shared variables."""
        seen: set[int] = set()
        groups = []
        for start in range(len(self.atoms)):
            if start in seen:
                continue
            group, stack = [], [start]
            seen.add(start)
            while stack:
                i = stack.pop()
                group.append(i)
                for j, _, _ in self.neighbours[i]:
                    if j not in seen:
                        seen.add(j)
                        stack.append(j)
            groups.append(sorted(group))
        return groups

    def solve(self, literals: list[int]) -> Iterator[None]:
        """Yield once for each θ (left in ``self.theta``) matching ``literals``."""
        assert self.options is not None
        domains = {i: self.options[i] for i in literals}
        open_ = set(literals)
        if not self._propagate(domains, list(literals), open_):
            return
        yield from self._search(domains, open_, literals)

    def _propagate(
        self, domains: dict[int, list[_Option]], changed: list[int], open_: set[int]
    ) -> bool:
        """Make the open literals' domains arc consistent; False if one empties."""
        queue = list(changed)
        queued = set(queue)
        while queue:
            k = queue.pop()
            queued.discard(k)
            for j, here, there in self.neighbours[k]:
                if j not in open_:
                    continue
                # keep the options of j that agree with some option of k
                # (neighbours[k] holds k's positions in `here`, j's in `there`)
                supported = {tuple(o.keys[p] for p in here) for o in domains[k]}
                before = domains[j]
                after = [o for o in before if tuple(o.keys[q] for q in there) in supported]
                if len(after) != len(before):
                    if not after:
                        return False
                    domains[j] = after
                    if j not in queued:
                        queued.add(j)
                        queue.append(j)
        return True

    def _search(
        self, domains: dict[int, list[_Option]], open_: set[int], literals: list[int]
    ) -> Iterator[None]:
        if not open_:
            theta = self.theta
            bound = []
            for i in literals:
                (option,) = domains[i]
                for v, value in zip(self.variables[i], option.values):
                    if v not in theta:
                        theta[v] = value
                        bound.append(v)
            yield
            for v in bound:
                del theta[v]
            return
        chosen = min(open_, key=lambda j: len(domains[j]))
        open_.discard(chosen)
        for option in domains[chosen]:
            trial = dict(domains)
            trial[chosen] = [option]
            if self._propagate(trial, [chosen], open_):
                yield from self._search(trial, open_, literals)
        open_.add(chosen)


def _matcher(general: AnyClause, specific: AnyClause) -> _Matcher:
    return _Matcher(literals_of(general), literals_of(specific))


def subsumes(general: AnyClause, specific: AnyClause) -> bool:
    """True when ``general`` θ-subsumes ``specific``: generalθ ⊆ specific for some θ.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c = LiteralClause.from_term(parse_term("p(X, Y) ; p(Y, X)"))
    >>> d = LiteralClause.from_term(parse_term("p(a, a)"))
    >>> subsumes(c, d), subsumes(d, c)
    (True, False)
    """
    matcher = _matcher(general, specific)
    if matcher.candidates is None:
        return False
    return all(any(True for _ in matcher.solve(group)) for group in matcher.components())


def subsumption_witness(general: AnyClause, specific: AnyClause) -> Substitution | None:
    """A substitution θ with generalθ ⊆ specific, or None when there is none.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c, d = (LiteralClause.from_term(parse_term(t)) for t in ("p(X)", "p(a)"))
    >>> theta = subsumption_witness(c, d)
    >>> {str(v): t for v, t in theta.items()}
    {'X': 'a'}
    """
    matcher = _matcher(general, specific)
    if matcher.candidates is None:
        return None
    theta: Substitution = {}
    for group in matcher.components():
        for _ in matcher.solve(group):
            theta.update(matcher.theta)
            break
        else:
            return None
    return theta


def subsumption_witnesses(
    general: AnyClause, specific: AnyClause, limit: int | None = None
) -> Iterator[Substitution]:
    r"""Every substitution θ (on the variables of ``general``) with generalθ ⊆ specific.

    Parameters
    ----------
    general, specific
        The clauses.
    limit
        Stop after this many.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c = LiteralClause.from_term(parse_term("\\+ q(X)"))
    >>> d = LiteralClause.from_term(parse_term("\\+ q(a) ; \\+ q(b)"))
    >>> sorted(str(t[v]) for t in subsumption_witnesses(c, d) for v in t)
    ['a', 'b']
    """
    matcher = _matcher(general, specific)
    if matcher.candidates is None:
        return
    solutions = matcher.solve(list(range(len(matcher.atoms))))
    for count, _ in enumerate(solutions, start=1):
        yield dict(matcher.theta)
        if limit is not None and count >= limit:
            return


def equivalent(a: AnyClause, b: AnyClause) -> bool:
    """True when each clause θ-subsumes the other."""
    return subsumes(a, b) and subsumes(b, a)


def reduce_clause(clause: C) -> C:
    r"""The reduced equivalent of ``clause``: remove literals while the clause stays equivalent.

    A literal L is redundant when C θ-subsumes C − {L}; then Cθ ⊆ C − {L} is
    equivalent to C and replaces it (which may drop several literals at once).
    Repeating until no literal is redundant gives the reduced clause, unique
    up to renaming (Plotkin 1970; Gottlob and Fermüller 1993).  The head of a
    definite clause always stays, and body goals keep their order.

    Examples
    --------
    >>> from symlearn.kb import parse_term
    >>> c = LiteralClause.from_term(parse_term("p(X) ; \\+ q(X, Y) ; \\+ q(X, Z) ; \\+ r(Z)"))
    >>> str(reduce_clause(c))
    'p(X) ; \\+q(X, Z) ; \\+r(Z)'
    """
    literals = literals_of(clause)
    changed = True
    while changed:
        changed = False
        for lit in reversed(literals):
            if isinstance(clause, Clause) and lit.positive:
                continue
            image = _redundancy_image(literals, lit)
            if image is not None:
                literals = [other for other in literals if other is not lit and other in image]
                changed = True
                break
    if isinstance(clause, Clause):
        return Clause(clause.head, [lit.atom for lit in literals if not lit.positive])
    return LiteralClause.of(literals)


def _redundancy_image(literals: list[Literal], removed: Literal) -> set[Literal] | None:
    """Cθ when some θ maps the clause into itself without ``removed``, else None.

    A literal whose sign and predicate no other literal has can only map to
    itself, so its variables are fixed; the literals then fall into
    components linked by the other variables, and only the component of
    ``removed`` has to move (the rest maps to itself).
    """
    counts: dict[tuple[bool, str, int], int] = {}
    for lit in literals:
        counts[lit.key] = counts.get(lit.key, 0) + 1
    if counts[removed.key] == 1:
        return None
    fixed = {v for lit in literals if counts[lit.key] == 1 for v in term_variables(lit.atom)}
    loose = [lit for lit in literals if counts[lit.key] > 1]
    component = _component_of(loose, removed, fixed)
    rest = [other for other in literals if other is not removed]
    matcher = _Matcher(component, rest, fixed)
    if matcher.candidates is None:
        return None
    for _ in matcher.solve(list(range(len(component)))):
        theta = dict(matcher.theta)
        moved = {lit.substitute(theta) for lit in component}
        return moved | {lit for lit in literals if lit not in component}
    return None


def _component_of(literals: list[Literal], seed: Literal, fixed: set[Var]) -> list[Literal]:
    """The literals linked to ``seed`` through variables not in ``fixed``."""
    variables = {lit: [v for v in term_variables(lit.atom) if v not in fixed] for lit in literals}
    reached = {seed}
    frontier = set(variables[seed])
    seen_vars = set(frontier)
    while frontier:
        grown = [
            lit
            for lit in literals
            if lit not in reached and not frontier.isdisjoint(variables[lit])
        ]
        frontier = set()
        for lit in grown:
            reached.add(lit)
            for v in variables[lit]:
                if v not in seen_vars:
                    seen_vars.add(v)
                    frontier.add(v)
    return [lit for lit in literals if lit in reached]
