"""Small hypothesis spaces enumerated by brute force.

These are references: they list every hypothesis of a class for a small
number of attributes, so that the closed-form sizes of
:mod:`symlearn.bounds.sizes` can be checked against them, and so that the VC
dimension of a class can be computed by the shattering search of
:mod:`symlearn.bounds.vc`.  They are written independently of the hypothesis
objects of :mod:`symlearn.hypotheses`, on plain tuples.

Representation: an instance over ``n`` boolean variables is a tuple of 0/1; a
literal is ``(i, b)``, true of an instance ``x`` when ``x[i] == b``; a term
(conjunction) or clause (disjunction) is a frozenset of literals.  A
geometric hypothesis is given by the set of instances it labels positive.

Functions
---------
boolean_instances
    All ``2^n`` instances.
boolean_conjunctions, terms, clauses
    Literal sets: conjunctions (syntactic, literal-sets), terms and clauses of
    1 to k literals.
k_cnf_formulas, k_dnf_formulas, k_term_dnf_formulas, decision_lists, decision_trees
    Every formula of the class (small n only).
attribute_conjunctions
    Mitchell's attribute-value conjunctions (``"?"``, ``"∅"`` or a value).
truth_table, distinct_functions
    The function a hypothesis computes, and how many distinct ones a list has.
interval_class, rectangle_class, halfspace_class, conjunction_class
    Finite classes (as sets of positive instances) over grids of points, for
    the known VC dimensions.

References
----------
Mitchell (1997) section 2.2 (hypothesis representation) and section 7.4
(shattering).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

__all__ = [
    "EMPTY",
    "WILDCARD",
    "attribute_conjunctions",
    "boolean_conjunctions",
    "boolean_instances",
    "clauses",
    "conjunction_class",
    "decision_lists",
    "decision_trees",
    "distinct_functions",
    "grid",
    "halfspace_class",
    "interval_class",
    "k_cnf_formulas",
    "k_dnf_formulas",
    "k_term_dnf_formulas",
    "rectangle_class",
    "terms",
    "truth_table",
]

Instance = tuple[int, ...]
Literal = tuple[int, int]
Term = frozenset[Literal]

#: Mitchell's "any value" and "no value" constraints.
WILDCARD, EMPTY = "?", "∅"


def boolean_instances(n: int) -> list[Instance]:
    """Return all ``2^n`` instances over ``n`` boolean variables, in binary order.

    Examples
    --------
    >>> boolean_instances(2)
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    """
    return list(itertools.product((0, 1), repeat=n))


def _literal_sets(n: int, sizes: Iterable[int]) -> Iterator[Term]:
    """Sets of literals over distinct variables, of the given sizes."""
    for size in sizes:
        for variables in itertools.combinations(range(n), size):
            for signs in itertools.product((0, 1), repeat=size):
                yield frozenset(zip(variables, signs))


def terms(n: int, k: int | None = None) -> list[Term]:
    """Return the terms of 1 to ``k`` literals over distinct variables (all sizes if None).

    Examples
    --------
    >>> len(terms(3, 2)), len(terms(3))
    (18, 26)
    """
    return list(_literal_sets(n, range(1, (n if k is None else min(k, n)) + 1)))


def clauses(n: int, k: int) -> list[Term]:
    """Return the non-tautological clauses of 1 to ``k`` literals (same sets as terms)."""
    return terms(n, k)


def boolean_conjunctions(n: int, convention: str = "syntactic") -> list[Term]:
    """Return the conjunctions over ``n`` variables as literal sets.

    Parameters
    ----------
    n
        Number of variables.
    convention
        ``"syntactic"``: no variable both ways, the empty conjunction included;
        ``"literal-sets"``: every subset of the ``2n`` literals.

    Examples
    --------
    >>> len(boolean_conjunctions(2)), len(boolean_conjunctions(2, "literal-sets"))
    (9, 16)
    """
    if convention == "literal-sets":
        literals = [(i, b) for i in range(n) for b in (0, 1)]
        return [
            frozenset(chosen)
            for size in range(len(literals) + 1)
            for chosen in itertools.combinations(literals, size)
        ]
    return list(_literal_sets(n, range(n + 1)))


def _satisfies_term(x: Instance, term: Term) -> bool:
    return all(x[i] == b for i, b in term)


def _satisfies_clause(x: Instance, clause: Term) -> bool:
    return any(x[i] == b for i, b in clause)


def _subsets(items: Sequence[Any], largest: int | None = None) -> Iterator[frozenset[Any]]:
    top = len(items) if largest is None else min(largest, len(items))
    for size in range(top + 1):
        for chosen in itertools.combinations(items, size):
            yield frozenset(chosen)


def k_cnf_formulas(n: int, k: int) -> list[frozenset[Term]]:
    """Return every k-CNF formula: every set of clauses of 1 to ``k`` literals (tiny n only)."""
    return list(_subsets(clauses(n, k)))


def k_dnf_formulas(n: int, k: int) -> list[frozenset[Term]]:
    """Return every k-DNF formula: every set of terms of 1 to ``k`` literals (tiny n only)."""
    return list(_subsets(terms(n, k)))


def k_term_dnf_formulas(n: int, k: int) -> list[frozenset[Term]]:
    """Return every set of at most ``k`` terms, the empty term included."""
    return list(_subsets(boolean_conjunctions(n), k))


def decision_lists(n: int, k: int) -> Iterator[tuple[tuple[tuple[Term, int], ...], int]]:
    """Yield every k-decision list as ``(((term, label), ...), default)``."""
    available = terms(n, k)
    for length in range(len(available) + 1):
        for chosen in itertools.permutations(available, length):
            for labels in itertools.product((0, 1), repeat=length + 1):
                yield tuple(zip(chosen, labels[:-1])), labels[-1]


def decision_trees(variables: Sequence[int], depth: int) -> list[Any]:
    """Return every decision tree of depth at most ``depth`` testing ``variables``.

    A tree is a label 0 or 1, or ``(i, low, high)`` testing variable ``i``.

    Examples
    --------
    >>> len(decision_trees(range(2), 1))
    10
    """
    trees: list[Any] = [0, 1]
    if depth == 0:
        return trees
    for i in variables:
        rest = [j for j in variables if j != i]
        below = decision_trees(rest, depth - 1)
        trees.extend((i, low, high) for low in below for high in below)
    return trees


def attribute_conjunctions(domain_sizes: Sequence[int]) -> list[tuple[Any, ...]]:
    """Return every attribute-value conjunction: a value, ``"?"`` or ``"∅"`` per attribute.

    Examples
    --------
    >>> len(attribute_conjunctions([3, 2]))
    20
    """
    choices = [[*range(size), WILDCARD, EMPTY] for size in domain_sizes]
    return list(itertools.product(*choices))


def _evaluate(hypothesis: Any, kind: str, x: Any) -> bool:
    if kind == "term":
        return _satisfies_term(x, hypothesis)
    if kind == "cnf":
        return all(_satisfies_clause(x, c) for c in hypothesis)
    if kind == "dnf":
        return any(_satisfies_term(x, t) for t in hypothesis)
    if kind == "list":
        rules, default = hypothesis
        return bool(next((label for term, label in rules if _satisfies_term(x, term)), default))
    if kind == "tree":
        node = hypothesis
        while isinstance(node, tuple):
            node = node[2] if x[node[0]] else node[1]
        return bool(node)
    if kind == "attribute":
        return all(c in (WILDCARD, value) for c, value in zip(hypothesis, x))
    raise ValueError(f"unknown kind of hypothesis {kind!r}")


def truth_table(hypothesis: Any, kind: str, instances: Sequence[Any]) -> tuple[bool, ...]:
    """Return the labels a hypothesis gives the instances.

    Parameters
    ----------
    hypothesis
        A term, a CNF or DNF (set of clauses/terms), a decision list, a tree
        or an attribute-value conjunction as produced by this module.
    kind
        ``"term"``, ``"cnf"``, ``"dnf"``, ``"list"``, ``"tree"`` or ``"attribute"``.
    instances
        The instances, in order.

    Examples
    --------
    >>> truth_table(frozenset({(0, 1)}), "term", boolean_instances(2))
    (False, False, True, True)
    """
    return tuple(_evaluate(hypothesis, kind, x) for x in instances)


def distinct_functions(hypotheses: Iterable[Any], kind: str, instances: Sequence[Any]) -> int:
    """Return how many distinct functions the hypotheses compute on the instances.

    Examples
    --------
    >>> distinct_functions(boolean_conjunctions(2, "literal-sets"), "term", boolean_instances(2))
    10
    """
    return len({truth_table(h, kind, instances) for h in hypotheses})


# -- finite classes for VC dimension -----------------------------------------


def grid(side: int, dimension: int) -> list[tuple[int, ...]]:
    """Return the integer points of ``{0, ..., side - 1}^dimension``."""
    return list(itertools.product(range(side), repeat=dimension))


def interval_class(points: Sequence[float]) -> list[frozenset[float]]:
    """Return every interval's set of positive points on a line (the empty one included).

    Intervals ``[a, b]`` are realised by all pairs of points; intervals that
    contain no point give the empty set.

    Examples
    --------
    >>> len(interval_class([0, 1, 2]))
    7
    """
    ordered = sorted(points)
    sets: set[frozenset[float]] = {frozenset()}
    for i, j in itertools.combinations_with_replacement(range(len(ordered)), 2):
        sets.add(frozenset(ordered[i : j + 1]))
    return sorted(sets, key=sorted)


def rectangle_class(points: Sequence[tuple[int, int]]) -> list[frozenset[tuple[int, int]]]:
    """Return every axis-aligned rectangle's set of positive points (the empty one included)."""
    xs = sorted({p[0] for p in points})
    ys = sorted({p[1] for p in points})
    sets: set[frozenset[tuple[int, int]]] = {frozenset()}
    for x0, x1 in itertools.combinations_with_replacement(xs, 2):
        for y0, y1 in itertools.combinations_with_replacement(ys, 2):
            sets.add(frozenset(p for p in points if x0 <= p[0] <= x1 and y0 <= p[1] <= y1))
    return list(sets)


def halfspace_class(
    points: Sequence[tuple[int, ...]], resolution: int = 4
) -> list[frozenset[tuple[int, ...]]]:
    """Return the sets of points cut off by halfspaces ``w . x > b``.

    Every direction ``w`` with integer components in ``[-resolution,
    resolution]`` is tried with every threshold between consecutive
    projections (and below and above all of them).  Each set returned is
    truly cut off by a halfspace; for small integer grids the directions are
    fine enough to find every such set.

    Examples
    --------
    >>> len(halfspace_class([(0,), (1,), (2,)]))
    6
    """
    dimension = len(points[0])
    sets: set[frozenset[tuple[int, ...]]] = set()
    for w in itertools.product(range(-resolution, resolution + 1), repeat=dimension):
        if not any(w):
            continue
        projection = {p: sum(a * b for a, b in zip(w, p)) for p in points}
        levels = sorted(set(projection.values()))
        middles = [Fraction(a + b, 2) for a, b in itertools.pairwise(levels)]
        cuts: list[Fraction | int] = [levels[0] - 1, *middles, levels[-1] + 1]
        for b in cuts:
            sets.add(frozenset(p for p in points if projection[p] > b))
    return list(sets)


def conjunction_class(n: int) -> tuple[list[Callable[[Instance], bool]], list[Instance]]:
    """Return the conjunctions of boolean literals as predicates, and the instances.

    Examples
    --------
    >>> hypotheses, instances = conjunction_class(2)
    >>> len(hypotheses), len(instances)
    (16, 4)
    """
    predicates: list[Callable[[Instance], bool]] = [
        functools.partial(_satisfies_term, term=term)
        for term in boolean_conjunctions(n, "literal-sets")
    ]
    return predicates, boolean_instances(n)
