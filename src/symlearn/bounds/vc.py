"""VC dimension: an exact, pruned shattering search, and the known results.

A set S of instances is *shattered* by H when every dichotomy of S (every
split into positives and negatives) is realised by some h in H; the VC
dimension of H is the size of the largest shattered set (Mitchell 1997,
sections 7.4.1-7.4.2).  For a finite H over a finite instance list it is found
exactly:

* Each hypothesis is reduced to the set of instances it labels positive (a
  bit mask), so ``|H|`` only matters through its distinct dichotomies.
* Whether some set of ``t`` instances is shattered is decided by a complete
  depth-first search over sets in increasing index order.  A set S groups the
  hypotheses by the pattern they give S; ``S + {j}`` is shattered exactly when
  ``j`` is labelled both ways inside every group, so one pass over H gives
  all the ways to extend S.  Two sound prunings keep the search small: the
  extensions of ``S + {j}`` are among those of S (subsets of shattered sets
  are shattered), and a set of size ``k`` can only grow to size ``t`` if every
  group has at least ``2^(t - k)`` hypotheses (each must still be split
  ``2^(t - k)`` ways).
* ``t = 1, 2, ...`` are tried in turn; the last success is the witness and
  the exhausted search for ``d + 1`` *certifies* that no set of ``d + 1``
  instances, hence no larger set, is shattered.
* A set of size ``t`` needs ``2^t`` distinct dichotomies, so the search stops
  at once when ``2^(d + 1)`` exceeds their number; hence ``VC(H) <= log2 |H|``
  (Mitchell 1997, section 7.4.2).

Functions
---------
vc_dimension, vc_dimension_of_masks
    The exact VC dimension with a witness and a certificate (of a class given
    by its hypotheses, or by the dichotomies they induce).
is_shattered
    Whether a given set of instances is shattered.
known_vc_dimension
    The textbook results, symbolically: intervals 2, axis-aligned rectangles
    4, linear separators in R^r: r + 1, conjunctions of boolean literals over
    n variables: n for n >= 2 (``max(n, 2)``: over one variable the four
    conjunctions ``x``, ``not x``, true and false are every boolean function,
    which shatter both instances).
class_vc_dimension
    A known result confirmed by the search on a small grid (the command line's
    ``vc-dimension --class NAME --n N``).

References
----------
Mitchell (1997) section 7.4 (7.4.1 shattering, 7.4.2 the VC dimension);
Kearns and Vazirani (1994) ch. 3; Vapnik, V. and Chervonenkis, A. (1971) "On
the uniform convergence of relative frequencies of events to their
probabilities", *Theory of Probability and its Applications* 16.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from symlearn.bounds import spaces
from symlearn.bounds.variables import lookup
from symlearn.errors import HypothesisSpaceError, InvalidParameterError

__all__ = [
    "KNOWN_VC_DIMENSIONS",
    "KnownVC",
    "VCResult",
    "class_vc_dimension",
    "is_shattered",
    "known_vc_dimension",
    "vc_dimension",
    "vc_dimension_of_masks",
]

Hypothesis = Callable[[Any], Any] | Collection[Any]


@dataclass(frozen=True)
class VCResult:
    """The VC dimension of a finite class, with its witness and certificate.

    Attributes
    ----------
    dimension
        The VC dimension.
    shattered_set
        A shattered set of that size (the witness).
    dichotomies
        The number of distinct dichotomies the class induces on the instances.
    nodes_searched
        How many sets the exhausted search for a shattered set of size
        ``dimension + 1`` visited (0 when the count argument settles it).
    stopped_by_count
        True when no set of size ``dimension + 1`` could be shattered because
        ``2^(dimension + 1)`` exceeds the number of dichotomies.
    formula, name
        The known symbolic result and the class's name, when there is one.
    """

    dimension: int
    shattered_set: tuple[Any, ...]
    dichotomies: int
    instances: int
    nodes_searched: int
    stopped_by_count: bool
    formula: sp.Expr | None = None
    name: str | None = None
    parameters: dict[str, Any] = field(default_factory=dict)

    @property
    def log2_size(self) -> float:
        """``log2`` of the number of distinct dichotomies, an upper bound on the dimension."""
        return math.log2(self.dichotomies)

    def certificate(self) -> str:
        """Say in words why no larger set is shattered."""
        if self.stopped_by_count:
            return (
                f"no set of {self.dimension + 1} instances can be shattered: that needs "
                f"{2 ** (self.dimension + 1)} dichotomies and the class has {self.dichotomies}"
            )
        return (
            f"a complete search for a shattered set of {self.dimension + 1} instances "
            f"({self.nodes_searched} sets visited, pruned only by necessary conditions) "
            f"found none; every larger set would contain one"
        )

    def report(self, latex: bool = False) -> list[str]:
        """The text of ``symlearn bound vc-dimension``: the dimension, a witness, why no more.

        ``latex`` changes nothing: the result is a number and a set.

        Examples
        --------
        >>> class_vc_dimension("intervals", 4).report()[:2]
        ['VC dimension = 2 (known result: 2)', 'shattered set: 0, 1']
        """
        known = f" (known result: {self.formula})" if self.formula is not None else ""
        return [
            f"VC dimension = {self.dimension}{known}",
            "shattered set: " + ", ".join(str(x) for x in self.to_dict()["shattered_set"]),
            self.certificate(),
        ]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON object of ``symlearn bound vc-dimension``."""
        data: dict[str, Any] = {
            "bound": "vc-dimension",
            "vc_dimension": self.dimension,
            "shattered_set": [_jsonable(x) for x in self.shattered_set],
            "values": {
                **self.parameters,
                "vc_dimension": self.dimension,
                "dichotomies": self.dichotomies,
                "instances": self.instances,
                "log2_size": self.log2_size,
            },
            "certificate": {
                "nodes_searched": self.nodes_searched,
                "stopped_by_count": self.stopped_by_count,
                "text": self.certificate(),
            },
        }
        if self.name is not None:
            data["class"] = self.name
        if self.formula is not None:
            data["formula"] = str(self.formula)
            data["latex"] = sp.latex(self.formula)
        return data


def _jsonable(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_jsonable(item) for item in x]
    if isinstance(x, (int, float, str, bool)) or x is None:
        return x
    return str(x)


def _positives(hypothesis: Hypothesis, instances: Sequence[Any]) -> int:
    """Return the bit mask of the instances the hypothesis labels positive."""
    if callable(hypothesis):
        labels = [bool(hypothesis(x)) for x in instances]
    else:
        members = hypothesis
        labels = [x in members for x in instances]
    return sum(1 << i for i, label in enumerate(labels) if label)


def _dichotomy_masks(hypotheses: Iterable[Hypothesis], instances: Sequence[Any]) -> set[int]:
    masks = {_positives(h, instances) for h in hypotheses}
    if not masks:
        raise HypothesisSpaceError("the hypothesis class is empty: it shatters nothing")
    return masks


def _shatters(masks: Collection[int], subset: Sequence[int]) -> bool:
    selector = sum(1 << i for i in subset)
    needed = 1 << len(subset)
    seen: set[int] = set()
    for mask in masks:
        seen.add(mask & selector)
        if len(seen) == needed:
            return True
    return False


def is_shattered(
    subset: Iterable[Hashable], hypotheses: Iterable[Hypothesis], instances: Sequence[Any]
) -> bool:
    """Return whether ``hypotheses`` shatter ``subset`` (a subset of ``instances``).

    Parameters
    ----------
    subset
        Instances (each must occur in ``instances``).
    hypotheses
        Predicates ``x -> bool`` or collections of positive instances.
    instances
        The instance list the hypotheses are evaluated on.

    Examples
    --------
    >>> points = [0, 1, 2]
    >>> is_shattered([0, 2], spaces.interval_class(points), points)
    True
    >>> is_shattered([0, 1, 2], spaces.interval_class(points), points)
    False
    """
    index = {x: i for i, x in enumerate(instances)}
    chosen = sorted({index[x] for x in subset})
    return _shatters(_dichotomy_masks(hypotheses, instances), chosen)


class _Search:
    """Depth-first search for a shattered set of a given size.

    The dichotomies are held column-wise: ``columns[j]`` has bit ``h`` set when
    dichotomy ``h`` labels instance ``j`` positive, so a group of dichotomies
    (those agreeing on the instances chosen so far) is one integer too, and
    splitting a group on an instance, or asking whether it labels an instance
    both ways, is one ``&`` of two integers.
    """

    def __init__(self, columns: list[int], size: int) -> None:
        self.columns = columns
        self.size = size
        self.nodes = 0

    def find(self, everything: int, instances: int) -> list[int] | None:
        groups = [everything]
        return self._grow(groups, self._both_ways(groups, instances), [])

    def _both_ways(self, groups: list[int], allowed: int) -> int:
        """Return the bits ``j`` of ``allowed`` labelled both ways inside every group."""
        valid = 0
        columns = self.columns
        while allowed:
            low = allowed & -allowed
            allowed ^= low
            column = columns[low.bit_length() - 1]
            for group in groups:
                inside = group & column
                if not inside or inside == group:
                    break
            else:
                valid |= low
        return valid

    def _grow(self, groups: list[int], candidates: int, chosen: list[int]) -> list[int] | None:
        self.nodes += 1
        missing = self.size - len(chosen)
        if missing == 0:
            return list(chosen)
        if candidates.bit_count() < missing:
            return None
        if min(group.bit_count() for group in groups) < (1 << missing):
            return None
        rest = candidates
        while rest:
            low = rest & -rest
            rest ^= low
            j = low.bit_length() - 1
            column = self.columns[j]
            split: list[int] = []
            for group in groups:
                inside = group & column
                split += (inside, group ^ inside)
            chosen.append(j)
            found = self._grow(split, self._both_ways(split, rest), chosen)
            if found is not None:
                return found
            chosen.pop()
        return None


def _columns(masks: Sequence[int], size: int) -> list[int]:
    """Per instance ``j < size``: the bits ``h`` of the masks that have bit ``j``."""
    columns = [0] * size
    for h, mask in enumerate(masks):
        bit = 1 << h
        while mask:
            low = mask & -mask
            mask ^= low
            columns[low.bit_length() - 1] |= bit
    return columns


def vc_dimension(hypotheses: Iterable[Hypothesis], instances: Sequence[Any]) -> VCResult:
    """Return the exact VC dimension of a finite class over a finite instance list.

    Parameters
    ----------
    hypotheses
        The class: predicates ``x -> bool`` or collections (sets) of the
        instances they label positive.
    instances
        The instance space, as a list of hashable instances.

    Returns
    -------
    VCResult
        The dimension, a shattered witness set and the certificate that no
        larger set is shattered.

    Raises
    ------
    HypothesisSpaceError
        If the class is empty (it does not even shatter the empty set).

    References
    ----------
    Mitchell (1997) section 7.4.2 (the VC dimension; ``VC(H) <= log2 |H|``).

    Examples
    --------
    >>> points = [0, 1, 2, 3]
    >>> result = vc_dimension(spaces.interval_class(points), points)
    >>> result.dimension, result.shattered_set
    (2, (0, 1))
    >>> result.dimension <= result.log2_size
    True
    """
    instances = list(instances)
    return vc_dimension_of_masks(_dichotomy_masks(hypotheses, instances), instances)


def vc_dimension_of_masks(dichotomies: Collection[int], instances: Sequence[Any]) -> VCResult:
    """:func:`vc_dimension` of a class given as its dichotomies: bit ``i`` labels ``instances[i]``.

    Examples
    --------
    >>> vc_dimension_of_masks({0b00, 0b01, 0b10, 0b11}, ["a", "b"]).dimension
    2
    """
    if not dichotomies:
        raise HypothesisSpaceError("the hypothesis class is empty: it shatters nothing")
    instances = list(instances)
    masks = sorted(dichotomies)
    columns = _columns(masks, len(instances))
    everything, full = (1 << len(masks)) - 1, (1 << len(instances)) - 1
    witness: list[int] = []
    while True:
        size = len(witness) + 1
        if 1 << size > len(masks):
            nodes, by_count = 0, True
            break
        search = _Search(columns, size)
        found = search.find(everything, full)
        if found is None:
            nodes, by_count = search.nodes, False
            break
        witness = found
    return VCResult(
        len(witness),
        tuple(instances[i] for i in witness),
        len(masks),
        len(instances),
        nodes,
        by_count,
    )


# -- known results ------------------------------------------------------------

r_symbol = sp.Symbol("r", positive=True, integer=True)
n_symbol = sp.Symbol("n", positive=True, integer=True)


@dataclass(frozen=True)
class KnownVC:
    """A textbook VC dimension and how to confirm it on a small grid."""

    name: str
    summary: str
    formula: sp.Expr
    reference: str
    grid: Callable[[int, int], tuple[list[Any], list[Any]]]


def _on_line(side: int, r: int) -> tuple[list[Any], list[Any]]:
    points = list(range(side))
    return spaces.interval_class(points), points


def _on_plane(side: int, r: int) -> tuple[list[Any], list[Any]]:
    points = [(x, y) for x, y in spaces.grid(side, 2)]
    return spaces.rectangle_class(points), points


def _halfspaces(side: int, r: int) -> tuple[list[Any], list[Any]]:
    points = [tuple(p) for p in spaces.grid(side, r)]
    return spaces.halfspace_class(points), points


def _conjunctions(side: int, r: int) -> tuple[list[Any], list[Any]]:
    hypotheses, instances = spaces.conjunction_class(side)
    return list(hypotheses), list(instances)


KNOWN_VC_DIMENSIONS: dict[str, KnownVC] = {
    k.name: k
    for k in (
        KnownVC(
            "intervals",
            "closed intervals on a line; --n N points 0..N-1",
            sp.Integer(2),
            "Mitchell (1997) section 7.4.1",
            _on_line,
        ),
        KnownVC(
            "rectangles",
            "axis-aligned rectangles in the plane; --n N: the N x N grid",
            sp.Integer(4),
            "Kearns and Vazirani (1994) section 3.1",
            _on_plane,
        ),
        KnownVC(
            "linear-separators",
            "halfspaces w.x > b in R^r; --n N: the grid {0..N-1}^r, --r R (default 2)",
            r_symbol + 1,
            "Mitchell (1997) section 7.4.2",
            _halfspaces,
        ),
        KnownVC(
            "conjunctions",
            "conjunctions of boolean literals over n variables; --n N",
            sp.Max(n_symbol, 2),
            "Mitchell (1997) section 7.4.2; Kearns and Vazirani (1994) ch. 3",
            _conjunctions,
        ),
    )
}

#: Largest instance spaces searched (the search is exponential in the dimension).
_MAX_INSTANCES = {"intervals": 64, "rectangles": 36, "linear-separators": 25, "conjunctions": 64}


def known_vc_dimension(name: str, r: int | None = None, n: int | None = None) -> sp.Expr:
    """Return the textbook VC dimension of a named class, symbolically or at ``r``/``n``.

    Examples
    --------
    >>> known_vc_dimension("linear-separators"), known_vc_dimension("linear-separators", r=3)
    (r + 1, 4)
    >>> known_vc_dimension("rectangles")
    4
    """
    formula = lookup(KNOWN_VC_DIMENSIONS, name, "class").formula
    if r is not None:
        formula = formula.xreplace({r_symbol: r})
    if n is not None:
        formula = formula.xreplace({n_symbol: n})
    return formula


def class_vc_dimension(name: str, n: int, r: int = 2) -> VCResult:
    """Confirm a known VC dimension by the shattering search on a small instance space.

    Parameters
    ----------
    name
        A key of :data:`KNOWN_VC_DIMENSIONS`.
    n
        The size of the instance space: points on the line, grid side, or the
        number of boolean variables of conjunctions.
    r
        The dimension of the space, for linear separators.

    Returns
    -------
    VCResult
        With ``formula`` set to the known result (at ``r`` or ``n``).

    Raises
    ------
    InvalidParameterError
        For an unknown class or an instance space too large to search.

    Examples
    --------
    >>> result = class_vc_dimension("rectangles", 3)
    >>> result.dimension, result.formula
    (4, 4)
    """
    formula = known_vc_dimension(name, r=r, n=n)
    dimension = {"rectangles": 2, "linear-separators": r, "conjunctions": n}.get(name, 1)
    size = 2**n if name == "conjunctions" else n**dimension
    if n < 1 or r < 1 or size > _MAX_INSTANCES[name]:
        raise InvalidParameterError(
            f"the shattering search for {name} is limited to "
            f"{_MAX_INSTANCES[name]} instances (--n {n} gives {size}); "
            f"the known result is {formula}"
        )
    hypotheses, instances = KNOWN_VC_DIMENSIONS[name].grid(n, r)
    result = vc_dimension(hypotheses, instances)
    parameters: dict[str, Any] = {"n": n}
    if name == "linear-separators":
        parameters["r"] = r
    return VCResult(
        result.dimension,
        result.shattered_set,
        result.dichotomies,
        result.instances,
        result.nodes_searched,
        result.stopped_by_count,
        formula,
        name,
        parameters,
    )
