"""Version spaces of conjunctions represented by their boundaries S and G.

The version space VS_{H,D} is the set of hypotheses of H consistent with the
examples D (Mitchell 1997, section 2.5.1).  By the version space
representation theorem (Mitchell 1997, Theorem 2.1) it is exactly the set of h
with g >= h >= s for some s in S and g in G, so S and G represent it without
listing it.  :class:`VersionSpace` answers questions from S and G alone,
never enumerating H:

- **members**: for conjunctions an interval [s, g] (s not ∅) is a product of
  per-attribute choices (``s_i`` alone where g_i = s_i, else ``{s_i, ?}``),
  and [∅, g] is ∅ plus the product of ``{g_i}`` or ``V_i ∪ {?}``.  The
  version space is the union of these boxes; :func:`count_union` counts a
  union of boxes exactly by splitting on one attribute at a time and grouping
  the values that lie in the same boxes (memoised), and
  :meth:`VersionSpace.hypotheses` lists it box by box, skipping members of
  earlier boxes (Theorem 2.1 as an algorithm);
- **classification** (Mitchell 1997, section 2.6.3): x is positive for every
  member iff it satisfies every member of S, negative for every member iff it
  satisfies no member of G; otherwise the vote is split, and the votes are
  counted exactly (the members covering x are a union of smaller boxes);
- **queries** (Mitchell 1997, section 2.6.2): an instance whose votes split the
  version space as evenly as possible, so either answer removes about half of
  it.  Instances matter only through
  which box constraints they meet, so the search runs over classes of values
  per attribute: exhaustively when there are at most ``exact_limit`` classes
  of instances, else by hill-climbing one attribute at a time (then
  ``Query.exact`` is False).

Examples
--------
>>> from symlearn.hypotheses import Conjunction, ConjunctionSpace
>>> space = ConjunctionSpace("t", ("a", "b", "c"), (("x", "y"), ("x", "y"), ("x", "y")))
>>> vs = VersionSpace(space, (Conjunction(("x", "x", "y")),),
...                   (Conjunction(("x", "?", "?")), Conjunction(("?", "x", "?"))))
>>> vs.size()
6
>>> [str(h) for h in vs.hypotheses()]
['<x, x, y>', '<x, x, ?>', '<x, ?, y>', '<x, ?, ?>', '<?, x, y>', '<?, x, ?>']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

from symlearn.hypotheses.conjunction import ANY, Conjunction
from symlearn.hypotheses.html import html_block
from symlearn.hypotheses.space import ConjunctionSpace
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term

__all__ = [
    "MAX_DOWN_SET_BITS",
    "Box",
    "Classification",
    "DownSet",
    "Query",
    "VersionSpace",
    "count_union",
    "enumerate_union",
    "interval_box",
    "maximally_general",
    "maximally_specific",
]


@dataclass(frozen=True, slots=True)
class Box:
    """The non-empty conjunctions whose i-th constraint is one of ``options[i]``."""

    options: tuple[tuple[Term, ...], ...]

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, Conjunction) or h.is_empty:
            return False
        return all(c in o for c, o in zip(h.constraints, self.options))

    def size(self) -> int:
        """The number of conjunctions in the box."""
        return math.prod(len(o) for o in self.options)

    def is_subset_of(self, other: Box) -> bool:
        """True when every conjunction of this box is in ``other``."""
        return all(set(a) <= set(b) for a, b in zip(self.options, other.options))

    def covering(self, instance: Sequence[Term]) -> Box | None:
        """The members that cover ``instance``, or None when there are none."""
        options = tuple(
            tuple(c for c in o if c in (ANY, v)) for o, v in zip(self.options, instance)
        )
        return Box(options) if all(options) else None

    def hypotheses(self) -> Iterator[Conjunction]:
        """The members, most specific choices first."""
        for constraints in itertools.product(*self.options):
            yield Conjunction(constraints)


def interval_box(s: Conjunction, g: Conjunction, domains: Sequence[Sequence[Term]]) -> Box | None:
    """The non-empty hypotheses h with g >= h >= s, as a box (None if there are none).

    Examples
    --------
    >>> interval_box(Conjunction(("x", "y")), Conjunction(("?", "y")), [("x", "z"), ("y",)])
    Box(options=(('x', '?'), ('y',)))
    >>> interval_box(Conjunction.empty(2), Conjunction(("?", "y")), [("x", "z"), ("y",)])
    Box(options=(('x', 'z', '?'), ('y',)))
    """
    if not g >= s or g.is_empty:
        return None
    if s.is_empty:
        return Box(
            tuple(
                (*domain, ANY) if c == ANY else (c,) for c, domain in zip(g.constraints, domains)
            )
        )
    return Box(
        tuple(
            (a,) if a == b else (a, ANY)  # g_i is s_i, or ? above a value
            for a, b in zip(s.constraints, g.constraints)
        )
    )


def _drop_contained(boxes: Sequence[Box]) -> list[Box]:
    kept: list[Box] = []
    for i, box in enumerate(boxes):
        inside_later = any(box.is_subset_of(other) for other in boxes[i + 1 :])
        if not inside_later and not any(box.is_subset_of(other) for other in kept):
            kept.append(box)
    return kept


def count_union(boxes: Sequence[Box]) -> int:
    """The number of conjunctions in the union of ``boxes``, exactly.

    Splits on one attribute at a time: the options at attribute i fall into
    groups by which boxes contain them, and each group is counted once with
    the boxes that contain it (memoised on the attribute and the live boxes).

    Examples
    --------
    >>> a = Box((("x", "?"), ("y", "?")))
    >>> b = Box((("x",), ("y", "z", "?")))
    >>> count_union([a, b])  # 4 + 3 - 2 shared
    5
    """
    kept = _drop_contained(boxes)
    if not kept:
        return 0
    width = len(kept[0].options)
    sets = [[frozenset(o) for o in box.options] for box in kept]
    memo: dict[tuple[int, frozenset[int]], int] = {}

    def count(i: int, alive: frozenset[int]) -> int:
        if i == width:
            return 1
        if len(alive) == 1:
            (b,) = alive
            return math.prod(len(sets[b][j]) for j in range(i, width))
        key = (i, alive)
        if key in memo:
            return memo[key]
        groups: dict[frozenset[int], int] = {}
        for option in frozenset().union(*(sets[b][i] for b in alive)):
            members = frozenset(b for b in alive if option in sets[b][i])
            groups[members] = groups.get(members, 0) + 1
        total = sum(k * count(i + 1, members) for members, k in groups.items())
        memo[key] = total
        return total

    return count(0, frozenset(range(len(kept))))


def enumerate_union(boxes: Sequence[Box]) -> Iterator[Conjunction]:
    """Every conjunction in the union of ``boxes`` once, box by box."""
    done: list[Box] = []
    for box in _drop_contained(boxes):
        for h in box.hypotheses():
            if not any(h in earlier for earlier in done):
                yield h
        done.append(box)


def maximally_general(hypotheses: Sequence[Conjunction]) -> list[Conjunction]:
    """The members of ``hypotheses`` with no strictly more general member (in input order)."""
    ranked = sorted(set(hypotheses), key=lambda h: -h.generality)
    maxima: list[Conjunction] = []
    for h in ranked:  # a non-maximal h lies below some maximal member seen before it
        if not any(m > h for m in maxima):
            maxima.append(h)
    chosen = set(maxima)
    return [h for h in dict.fromkeys(hypotheses) if h in chosen]


def maximally_specific(hypotheses: Sequence[Conjunction]) -> list[Conjunction]:
    """The members of ``hypotheses`` with no strictly more specific member (in input order)."""
    ranked = sorted(set(hypotheses), key=lambda h: h.generality)
    minima: list[Conjunction] = []
    for h in ranked:
        if not any(h > m for m in minima):
            minima.append(h)
    chosen = set(minima)
    return [h for h in dict.fromkeys(hypotheses) if h in chosen]


#: The most specific constraints of s for which :class:`DownSet` holds a bit array.
MAX_DOWN_SET_BITS = 24


@dataclass(frozen=True, slots=True)
class DownSet:
    """The version space between a non-empty s and G as a set of bit masks.

    A member h (s <= h <= g) differs from s only by turning some of s's k
    specific constraints into ``?``; write that as a k-bit mask.  h <= g iff
    h's mask is a subset of g's, so the version space is the down-closure of
    G's masks in the boolean lattice 2^k.  ``closure`` is its indicator array
    (shape (2,) * k), filled by one pass per bit; h covers x iff its mask
    holds every position where x differs from s.  Used for k up to
    :data:`MAX_DOWN_SET_BITS`; :func:`count_union` handles the rest.

    Examples
    --------
    >>> s = Conjunction(("x", "x", "y"))
    >>> down = DownSet.build(s, [Conjunction(("x", "?", "?")), Conjunction(("?", "x", "?"))])
    >>> down.size(), down.covering(("x", "z", "y"))
    (6, 2)
    """

    positions: tuple[int, ...]
    base: tuple[Term, ...]
    closure: np.ndarray

    @classmethod
    def build(cls, s: Conjunction, G: Sequence[Conjunction]) -> DownSet | None:
        """The down-set of ``G`` above ``s`` (None when s has too many specific constraints)."""
        import numpy as np

        positions = tuple(i for i, c in enumerate(s.constraints) if c != ANY)
        k = len(positions)
        if k > MAX_DOWN_SET_BITS:
            return None
        closure = np.zeros((2,) * k, dtype=bool)
        for g in G:
            if g >= s:
                closure[tuple(int(g.constraints[i] == ANY) for i in positions)] = True
        for axis in range(k):
            low: list[Any] = [slice(None)] * k
            high = list(low)
            low[axis], high[axis] = 0, 1
            closure[tuple(low)] |= closure[tuple(high)]
        return cls(positions, tuple(s.constraints[i] for i in positions), closure)

    def size(self) -> int:
        """The number of members."""
        return int(self.closure.sum())

    def covering(self, instance: Sequence[Term]) -> int:
        """The number of members that cover ``instance``."""
        import numpy as np

        index = tuple(
            1 if instance[i] != value else slice(None)
            for i, value in zip(self.positions, self.base)
        )
        return int(np.sum(self.closure[index]))


def _atom_text(target: str, instance: Sequence[Term]) -> str:
    return format_term(Struct(target, tuple(instance))) if instance else target


@dataclass(frozen=True, slots=True)
class Classification:
    """How a version space classifies an instance (Mitchell 1997, section 2.6.3).

    ``label`` is the unanimous vote: ``"pos"`` when every member covers the
    instance, ``"neg"`` when none does, else ``"unknown"``.
    """

    target: str
    instance: tuple[Term, ...]
    positive_votes: int
    negative_votes: int
    label: str

    @property
    def ratio(self) -> Fraction:
        """The share of members voting positive (exact)."""
        total = self.positive_votes + self.negative_votes
        return Fraction(self.positive_votes, total) if total else Fraction(0)

    @property
    def majority(self) -> str:
        """The label of the vote ratio: pos above 1/2, neg below, unknown at 1/2."""
        if self.ratio > Fraction(1, 2):
            return "pos"
        return "neg" if self.ratio < Fraction(1, 2) else "unknown"

    def to_dict(self) -> dict[str, Any]:
        """The ``classification`` object of DESIGN.md section 3 (plus the ratio)."""
        return {
            "instance": _atom_text(self.target, self.instance),
            "positive_votes": self.positive_votes,
            "negative_votes": self.negative_votes,
            "label": self.label,
            "ratio": float(self.ratio),
            "ratio_exact": str(self.ratio),
            "majority": self.majority,
        }


@dataclass(frozen=True, slots=True)
class Query:
    """An instance to ask a teacher about, with the votes it splits the version space into."""

    target: str
    instance: tuple[Term, ...]
    positive_votes: int
    negative_votes: int
    exact: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the instance atom, its votes, and whether the split is optimal."""
        return {
            "instance": _atom_text(self.target, self.instance),
            "positive_votes": self.positive_votes,
            "negative_votes": self.negative_votes,
            "optimal": self.exact,
        }


@dataclass(frozen=True, slots=True)
class VersionSpace:
    """The version space between boundaries ``S`` and ``G`` of a conjunction space."""

    space: ConjunctionSpace
    S: tuple[Conjunction, ...]
    G: tuple[Conjunction, ...]

    @property
    def is_collapsed(self) -> bool:
        """True when a boundary is empty: no hypothesis of H is consistent."""
        return not self.S or not self.G

    def _boxes(self) -> list[Box]:
        boxes = (interval_box(s, g, self.space.domains) for s in self.S for g in self.G)
        return [b for b in boxes if b is not None]

    def _has_empty(self) -> bool:
        return bool(self.G) and any(s.is_empty for s in self.S)

    def _down_set(self) -> DownSet | None:
        """The bit-set form, when S is one non-empty hypothesis with few specific constraints."""
        if len(self.S) != 1 or self.S[0].is_empty or not self.G:
            return None
        return DownSet.build(self.S[0], self.G)

    def size(self) -> int:
        """|VS|, counted from S and G without listing H."""
        down = self._down_set()
        if down is not None:
            return down.size()
        return count_union(self._boxes()) + int(self._has_empty())

    def hypotheses(self) -> Iterator[Conjunction]:
        """Every member once: ∅ first when it is a member, then interval by interval."""
        if self._has_empty():
            yield Conjunction.empty(self.space.arity)
        yield from enumerate_union(self._boxes())

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, Conjunction):
            return False
        return any(g >= h for g in self.G) and any(h >= s for s in self.S)

    def positive_votes(self, instance: Sequence[Term]) -> int:
        """The number of members that cover ``instance``."""
        down = self._down_set()
        if down is not None:
            return down.covering(instance)
        covering = (box.covering(instance) for box in self._boxes())
        return count_union([b for b in covering if b is not None])

    def _repr_html_(self) -> str:
        """Jupyter: S and G as clauses and the number of hypotheses between them."""
        target = self.space.target
        lines = []
        for name, boundary in (("S", self.S), ("G", self.G)):
            lines.append(f"{name} ({len(boundary)}):")
            lines += [f"  {h.clause_texts(target)[0]:<40} % {h}" for h in boundary]
        size = 0 if self.is_collapsed else self.size()
        title = f"version space of {target}/{self.space.arity}: {size} hypotheses"
        return html_block(title + (" (collapsed)" if self.is_collapsed else ""), lines)

    def classify(self, instance: Sequence[Term]) -> Classification:
        """Unanimous label (Mitchell 1997, section 2.6.3) and exact votes for ``instance``."""
        x = tuple(instance)
        if self.S and all(s.covers(x) for s in self.S):
            label = "pos"
        elif not any(g.covers(x) for g in self.G):
            label = "neg"
        else:
            label = "unknown"
        positive = self.positive_votes(x)
        return Classification(self.space.target, x, positive, self.size() - positive, label)

    def _value_classes(self, boxes: Sequence[Box]) -> list[list[Term]]:
        """Per attribute, one value for each way a value can meet the boxes' constraints.

        Each value some box names is its own class; the values no box names
        all meet only ``?``, so one of them stands for the rest.
        """
        classes = []
        for i, domain in enumerate(self.space.domains):
            mentioned = {c for box in boxes for c in box.options[i] if c != ANY}
            named = [v for v in domain if v in mentioned]
            classes.append(named + [v for v in domain if v not in mentioned][:1])
        return classes

    def suggest_query(self, exact_limit: int = 4096) -> Query | None:
        """An instance splitting the version space as evenly as possible (None if none splits).

        Parameters
        ----------
        exact_limit
            Search every class of instances when there are at most this many,
            else hill-climb (see the module docstring).
        """
        total = self.size()
        if total <= 1:
            return None
        boxes = self._boxes()
        classes = self._value_classes(boxes)
        down = self._down_set()

        def votes(x: tuple[Term, ...]) -> int:
            if down is not None:
                return down.covering(x)
            covering = (b.covering(x) for b in boxes)
            return count_union([b for b in covering if b is not None])

        def badness(positive: int) -> int:
            return abs(2 * positive - total)

        exact = math.prod(len(c) for c in classes) <= exact_limit
        if exact:
            best = min(
                ((x, votes(x)) for x in itertools.product(*classes)),
                key=lambda pair: badness(pair[1]),
            )
        else:
            best = self._hill_climb(classes, votes, badness)
        x, positive = best
        if positive in (0, total):
            return None
        return Query(self.space.target, x, positive, total - positive, exact)

    def _hill_climb(
        self,
        classes: list[list[Term]],
        votes: Callable[[tuple[Term, ...]], int],
        badness: Callable[[int], int],
    ) -> tuple[tuple[Term, ...], int]:
        """Change one attribute at a time while that makes the split more even."""
        specific = [s for s in self.S if not s.is_empty]
        start = tuple(
            specific[0].constraints[i]
            if specific and specific[0].constraints[i] != ANY
            else candidates[0]
            for i, candidates in enumerate(classes)
        )
        best = (start, votes(start))
        improved = True
        while improved and badness(best[1]) > 1:
            improved = False
            for i, candidates in enumerate(classes):
                for value in candidates:
                    x = (*best[0][:i], value, *best[0][i + 1 :])
                    positive = votes(x)
                    if badness(positive) < badness(best[1]):
                        best, improved = (x, positive), True
        return best
