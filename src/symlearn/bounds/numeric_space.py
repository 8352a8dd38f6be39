"""The classic geometric classes over a declared numeric instance space.

A file whose attributes have numeric domains (``:- domain(x, [1, 2, 3, 5]).``)
declares a finite set of points: the values of one attribute on a line, or
the grid of the values of several.  Over them, the classes of Mitchell (1997)
section 7.4 and Kearns and Vazirani (1994) ch. 3, each as the set of
dichotomies it induces on the points (a bit mask per distinct labelling):

* ``thresholds``: ``h_a(x) = 1`` iff ``x >= a``, one attribute (VC 1);
* ``intervals``: ``h_{a,b}(x) = 1`` iff ``a <= x <= b``, one attribute (VC 2);
* ``union-of-intervals``: a union of at most ``k`` intervals, one attribute
  (VC ``2k``);
* ``rectangles``: axis-aligned boxes ``a_i <= x_i <= b_i`` over every
  attribute (VC 4 in the plane, ``2r`` in ``r`` dimensions).

Each class includes the empty hypothesis (an interval or box that contains no
point, a threshold above every point).  The VC dimension over the declared
points is then found by the exact shattering search of
:mod:`symlearn.bounds.vc`; the known result holds once there are enough
points (``2k`` points for ``k`` intervals; a "diamond" of four points for
rectangles), and on fewer points the search gives the smaller exact value.

Functions
---------
numeric_masks
    The dichotomies of a class on the points of a declared space.
known_numeric_dimension
    The textbook VC dimension of a class.

References
----------
Mitchell (1997) section 7.4.1 (intervals) and 7.4.2; Kearns and Vazirani
(1994) section 3.1 (thresholds, intervals, unions of intervals, rectangles).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import sympy as sp

from symlearn.errors import InvalidParameterError

__all__ = [
    "NUMERIC_CLASSES",
    "known_numeric_dimension",
    "numeric_masks",
    "parse_number",
]

#: The classes over numeric attributes: those on a line, then boxes over all attributes.
LINE_CLASSES = ("thresholds", "intervals", "union-of-intervals")
NUMERIC_CLASSES = (*LINE_CLASSES, "rectangles")

#: The most dichotomies a class may induce before the search is refused.
MAX_DICHOTOMIES = 200_000


def parse_number(text: str) -> float:
    """The number a domain value is written as, or an error naming it."""
    try:
        return float(text)
    except ValueError:
        raise InvalidParameterError(f"value {text} is not a number") from None


def known_numeric_dimension(name: str, attributes: int, k: int | None = None) -> sp.Expr:
    """Return the textbook VC dimension of a numeric class.

    Examples
    --------
    >>> [known_numeric_dimension(c, 1, k=3) for c in LINE_CLASSES]
    [1, 2, 6]
    >>> known_numeric_dimension("rectangles", 2), known_numeric_dimension("rectangles", 3)
    (4, 6)
    """
    if name == "thresholds":
        return sp.Integer(1)
    if name == "intervals":
        return sp.Integer(2)
    if name == "union-of-intervals":
        return sp.Integer(2 * (k or 0))
    return sp.Integer(2 * attributes)


def _runs(n: int, k: int) -> set[int]:
    """Every bit mask over ``n`` ordered points with at most ``k`` runs of ones.

    ``j`` runs are ``2j`` increasing cut positions ``s_1 < e_1 < s_2 < ... < e_j``
    in ``0..n`` (run ``i`` covers points ``s_i .. e_i - 1``); ``s_{i+1} > e_i``
    keeps the runs apart.
    """
    masks = {0}
    for j in range(1, k + 1):
        for cuts in itertools.combinations(range(n + 1), 2 * j):
            masks.add(sum((1 << end) - (1 << start) for start, end in zip(cuts[::2], cuts[1::2])))
    return masks


def _boxes(sizes: Sequence[int]) -> set[int]:
    """Every axis-aligned box's mask over the grid of ``sizes`` points (row-major order)."""
    cells = list(itertools.product(*[range(s) for s in sizes]))
    masks = {0}
    per_axis = []
    for axis, size in enumerate(sizes):
        ranges = []
        for low, high in itertools.combinations_with_replacement(range(size), 2):
            ranges.append(sum(1 << i for i, cell in enumerate(cells) if low <= cell[axis] <= high))
        per_axis.append(ranges)
    full = (1 << len(cells)) - 1
    for chosen in itertools.product(*per_axis):
        mask = full
        for part in chosen:
            mask &= part
        masks.add(mask)
    return masks


def _count(name: str, sizes: Sequence[int], k: int | None) -> int:
    """An upper bound on the number of hypotheses the class enumerates."""
    n = sizes[0]
    if name == "union-of-intervals":
        return sum(math.comb(n + 1, 2 * j) for j in range((k or 0) + 1))
    return 1 + math.prod(math.comb(s + 1, 2) for s in sizes)


def numeric_masks(name: str, sizes: Sequence[int], k: int | None = None) -> set[int]:
    """Return the dichotomies a numeric class induces on a grid of ordered points.

    Parameters
    ----------
    name
        One of :data:`NUMERIC_CLASSES`.
    sizes
        The number of values of each attribute (one attribute for the classes
        on a line).  Points are in increasing order along each axis, the grid
        in row-major order; bit ``i`` of a mask labels point ``i``.
    k
        The number of intervals of ``union-of-intervals``.

    Raises
    ------
    InvalidParameterError
        For a class on a line over several attributes, a missing ``k``, or
        more dichotomies than :data:`MAX_DICHOTOMIES`.

    Examples
    --------
    >>> sorted(numeric_masks("thresholds", [3]))
    [0, 4, 6, 7]
    >>> len(numeric_masks("intervals", [3])), len(numeric_masks("union-of-intervals", [3], k=2))
    (7, 8)
    >>> len(numeric_masks("rectangles", [2, 2]))
    10
    """
    if name in LINE_CLASSES and len(sizes) != 1:
        raise InvalidParameterError(
            f"class {name} is over one numeric attribute; the space has {len(sizes)}"
        )
    if name == "union-of-intervals" and k is None:
        raise InvalidParameterError(
            "class union-of-intervals needs --k (or :- set(k, K).): how many intervals"
        )
    if _count(name, sizes, k) > MAX_DICHOTOMIES:
        raise InvalidParameterError(
            f"class {name} over domains of {', '.join(map(str, sizes))} values has more than "
            f"{MAX_DICHOTOMIES:,} hypotheses: too many for the exact search"
        )
    n = sizes[0]
    if name == "thresholds":
        full = (1 << n) - 1
        return {full ^ ((1 << i) - 1) for i in range(n + 1)}
    if name == "intervals":
        return _runs(n, 1)
    if name == "union-of-intervals":
        return _runs(n, k or 0)
    return _boxes(sizes)
