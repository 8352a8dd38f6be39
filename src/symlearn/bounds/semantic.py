"""The distinct boolean functions of a class, enumerated as truth tables.

Mitchell (1997, section 2.3) distinguishes the *syntactic* size of a space
(every hypothesis as written: 5,120 for EnjoySport) from its *semantic* size
(the distinct functions they compute: 973).  For the classes over ``n``
boolean variables the semantic size has no closed form in general; over a
small instance space it is found exactly by enumeration.  A function is its
truth table over the ``2^n`` instances of
:func:`~symlearn.bounds.spaces.boolean_instances`, a bit mask; each class is
built as the closure of its building blocks:

* ``k-cnf``: conjunctions of clauses of 1 to k literals (the empty
  conjunction is "true"); ``k-dnf``: disjunctions of terms of 1 to k literals
  (the empty one is "false"); ``k-term-dnf``: disjunctions of at most k terms
  of any size (Kearns and Vazirani 1994, ch. 1);
* ``k-decision-lists``: a constant, or "if t then b else L" for a term t of
  1 to k literals and a k-decision list L (Rivest 1987);
* ``decision-trees``: a constant, or a test of a variable with a tree of
  depth ``d - 1`` on each side (a variable tested twice on a path adds no
  function);
* ``conjunctions``: the terms and the always-false function;
  ``boolean-functions``: every function, ``2^(2^n)``.

Functions
---------
function_masks
    The set of truth tables of a class.
semantic_count
    Their number.

References
----------
Mitchell (1997) section 2.3; Kearns and Vazirani (1994) ch. 1; Rivest, R.
(1987) "Learning decision lists", *Machine Learning* 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from symlearn.bounds import spaces
from symlearn.errors import InvalidParameterError

__all__ = ["ENUMERATED_CLASSES", "MAX_VARIABLES", "function_masks", "semantic_count"]

#: The classes whose semantic size is found by enumeration.
ENUMERATED_CLASSES = ("k-cnf", "k-dnf", "k-term-dnf", "k-decision-lists", "decision-trees")

#: The most boolean variables enumerated (16 instances: at most 2^16 functions).
MAX_VARIABLES = 4


def _closure(
    start: set[int], joins: Sequence[int], cuts: Sequence[int], rounds: int | None = None
) -> set[int]:
    """Every function reached from ``start`` in up to ``rounds`` steps (all when None).

    A step is ``f | t`` for ``t`` in ``joins`` or ``f & ~t`` for ``t`` in ``cuts``.
    """
    found, frontier = set(start), set(start)
    while frontier and (rounds is None or rounds > 0):
        reached = {f | t for f in frontier for t in joins}
        reached.update(f & ~t for f in frontier for t in cuts)
        frontier = reached - found
        found |= frontier
        rounds = None if rounds is None else rounds - 1
    return found


def _masks(formulas: Sequence[Any], kind: str, instances: Sequence[Any]) -> list[int]:
    return [
        sum(1 << i for i, label in enumerate(spaces.truth_table(f, kind, instances)) if label)
        for f in formulas
    ]


def _trees(n: int, depth: int, full: int) -> set[int]:
    variables = _masks(
        [frozenset({(i, 1)}) for i in range(n)], "term", spaces.boolean_instances(n)
    )
    level = {0, full}
    for _ in range(depth):
        level = level | {
            (x & high) | (~x & full & low) for x in variables for high in level for low in level
        }
    return level


def function_masks(name: str, n: int, k: int | None = None, d: int | None = None) -> set[int]:
    """Return the truth tables (bit masks over the ``2^n`` instances) of a class.

    Parameters
    ----------
    name
        ``conjunctions``, ``boolean-functions`` or one of :data:`ENUMERATED_CLASSES`.
    n
        The number of boolean variables, at most :data:`MAX_VARIABLES`.
    k, d
        The class's ``k`` or depth.

    Raises
    ------
    InvalidParameterError
        For more than :data:`MAX_VARIABLES` variables, or a missing ``k``/``d``.

    Examples
    --------
    >>> len(function_masks("k-cnf", 2, k=1)), len(function_masks("conjunctions", 2))
    (10, 10)
    >>> len(function_masks("decision-trees", 2, d=1)), len(function_masks("k-term-dnf", 2, k=2))
    (6, 16)
    """
    if n > MAX_VARIABLES:
        raise InvalidParameterError(
            f"the distinct functions of {name} are enumerated over at most {MAX_VARIABLES} "
            f"boolean attributes ({2**MAX_VARIABLES} instances); this space has {n}"
        )
    needed = "d" if name == "decision-trees" else "k" if name in ENUMERATED_CLASSES else None
    if needed is not None and (k if needed == "k" else d) is None:
        raise InvalidParameterError(f"class {name} needs --{needed}")
    instances = spaces.boolean_instances(n)
    full = (1 << len(instances)) - 1
    if name == "boolean-functions":
        return set(range(full + 1))
    if name == "conjunctions":
        return {0, *_masks(spaces.boolean_conjunctions(n), "term", instances)}
    if name == "decision-trees":
        return _trees(n, d or 0, full)
    if name == "k-cnf":
        # A conjunction of clauses is the complement of a disjunction of their complements.
        clauses = _masks([frozenset({c}) for c in spaces.clauses(n, k or 0)], "cnf", instances)
        return _closure({full}, [], [full & ~c for c in clauses])
    terms = _masks(spaces.terms(n, k or 0), "term", instances)
    if name == "k-dnf":
        return _closure({0}, terms, [])
    if name == "k-decision-lists":
        return _closure({0, full}, terms, terms)
    if name == "k-term-dnf":
        every_term = _masks(spaces.boolean_conjunctions(n), "term", instances)
        return _closure({0}, every_term, [], k)
    raise InvalidParameterError(f"no enumeration of the functions of class {name}")


def semantic_count(name: str, n: int, k: int | None = None, d: int | None = None) -> int:
    """Return the number of distinct boolean functions of a class over ``n`` variables.

    Examples
    --------
    >>> semantic_count("k-cnf", 3, k=2), semantic_count("k-decision-lists", 2, k=1)
    (166, 14)
    """
    return len(function_masks(name, n, k=k, d=d))
