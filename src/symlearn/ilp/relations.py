"""Relations as integer-coded tables with sorted indexes: the fact side of set-at-a-time joins.

Set-at-a-time coverage (:mod:`symlearn.ilp.coverage`) never compares terms
one by one.  Every constant is given an integer *code* by a
:class:`SymbolTable`; the ground facts of a background predicate become a
:class:`Relation`, an ``(n, arity)`` numpy array of codes with duplicates
removed (a relation is a set of tuples); and a join on some argument
positions looks up the *composite keys* of those positions in a
:class:`SortedIndex` (the keys sorted once, searched with
``numpy.searchsorted``), which is a hash join whose hash table is a sorted
array: one vectorised lookup answers every binding at once.

Classes and functions
---------------------
SymbolTable, Relation, SortedIndex, composite_keys

Examples
--------
>>> symbols = SymbolTable()
>>> parent = Relation.from_rows(("parent", 2), [("ann", "bob"), ("bob", "carl"),
...                                             ("ann", "bea")], symbols)
>>> index = parent.index((0,))
>>> lo, counts = index.lookup([symbols.encode(["ann", "carl"])])
>>> counts.tolist()
[2, 0]
>>> sorted(symbols.term(int(c)) for c in parent.rows[index.order[lo[0]:lo[0] + 2], 1])
['bea', 'bob']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import numpy as np

from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import PString, Term, compare_terms

__all__ = [
    "Relation",
    "SortedIndex",
    "SymbolTable",
    "composite_keys",
    "distinct",
    "distinct_rows",
    "most_frequent",
]

#: Codes are int64; a key that cannot match anything is -1.
CODE = np.int64


def _symbol_key(term: Term) -> object:
    """The dictionary key of a constant: Prolog's ``==`` (``1`` and ``1.0`` differ)."""
    kind = type(term)
    if kind is str or kind is int:
        return term
    if kind is float:
        return ("$float", term)
    if kind is PString:
        return term
    return ("$term", term)


class SymbolTable:
    """A two-way map between ground terms and integer codes 0, 1, 2, ...

    Two terms get the same code exactly when they are identical in Prolog's
    sense (``==``): ``1`` and ``1.0`` get different codes.

    Examples
    --------
    >>> s = SymbolTable()
    >>> s.encode(["a", "b", "a", 1, 1.0]).tolist()
    [0, 1, 0, 2, 3]
    >>> s.term(3), s.find("zzz"), len(s)
    (1.0, -1, 4)
    """

    __slots__ = ("_codes", "_terms")

    def __init__(self) -> None:
        self._codes: dict[object, int] = {}
        self._terms: list[Term] = []

    def __len__(self) -> int:
        return len(self._terms)

    def code(self, term: Term) -> int:
        """The code of ``term``, assigning the next free code to a new term."""
        key = _symbol_key(term)
        code = self._codes.get(key)
        if code is None:
            code = self._codes[key] = len(self._terms)
            self._terms.append(term)
        return code

    def find(self, term: Term) -> int:
        """The code of ``term``, or -1 when it has none (nothing can match it)."""
        return self._codes.get(_symbol_key(term), -1)

    def encode(self, terms: Sequence[Term]) -> np.ndarray:
        """The codes of ``terms`` as an int64 array (new terms get new codes)."""
        if not len(terms):
            return np.zeros(0, dtype=CODE)
        codes = self._codes
        if set(map(type, terms)) <= {str, int}:
            keys: Sequence[object] = terms
            # dict.fromkeys keeps first-appearance order and runs at C speed.
            new = [key for key in dict.fromkeys(terms) if key not in codes]
            codes.update(zip(new, range(len(self._terms), len(self._terms) + len(new))))
            self._terms.extend(new)
        else:
            keys = [_symbol_key(t) for t in terms]
            for key, term in zip(keys, terms):
                if key not in codes:
                    codes[key] = len(self._terms)
                    self._terms.append(term)
        return np.fromiter(map(codes.__getitem__, keys), dtype=CODE, count=len(keys))

    def term(self, code: int) -> Term:
        """The term with ``code``."""
        return self._terms[code]

    def decode(self, codes: Iterable[int]) -> list[Term]:
        """The terms with ``codes``."""
        terms = self._terms
        return [terms[int(c)] for c in codes]

    @property
    def bits(self) -> int:
        """Bits enough for every code assigned so far (at least 1)."""
        return max(1, (len(self._terms) - 1).bit_length())


def distinct(values: np.ndarray) -> np.ndarray:
    """The sorted distinct values of a 1-D array.

    As ``numpy.unique``, without its per-call overhead and without importing
    ``numpy.ma`` (which ``numpy.unique`` does to check for a masked array).
    """
    if len(values) < 2:
        return values.copy()
    ordered = np.sort(values)
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def distinct_rows(rows: np.ndarray, bits: int) -> np.ndarray:
    """The distinct rows of a 2-D code array, as ``numpy.unique(rows, axis=0)``.

    Each row packed into one key when the codes fit (then in first-occurrence
    order, much cheaper), else compared whole (then sorted).
    """
    if len(rows) < 2 or not rows.shape[1]:
        return rows[:1] if len(rows) and not rows.shape[1] else rows
    packed = composite_keys([rows[:, i] for i in range(rows.shape[1])], bits)
    if packed is None or (packed < 0).any():
        return np.unique(rows, axis=0)
    _, first = np.unique(packed, return_index=True)
    return rows[np.sort(first)] if len(first) < len(rows) else rows


def composite_keys(columns: Sequence[np.ndarray], bits: int) -> np.ndarray | None:
    """One int64 key per row that identifies the row's values in ``columns``.

    The codes of each column are packed into ``bits`` bits each; a row with a
    code outside ``[0, 2**bits)`` gets the key -1 (it can match no row of a
    relation indexed with ``bits``).  Returns None when the columns do not fit
    in 62 bits together (the caller then hashes tuples instead).

    Examples
    --------
    >>> composite_keys([np.array([1, 2]), np.array([3, 9])], 3).tolist()
    [11, -1]
    """
    if not columns:
        return None
    if len(columns) == 1:
        column = columns[0]
        return np.where((column >= 0) & (column < (1 << bits)), column, -1)
    if bits * len(columns) > 62:
        return None
    key = np.zeros(len(columns[0]), dtype=CODE)
    valid = np.ones(len(columns[0]), dtype=bool)
    for column in columns:
        key = (key << bits) | column
        valid &= (column >= 0) & (column < (1 << bits))
    return np.where(valid, key, -1)


class SortedIndex:
    """Rows of a relation sorted by the composite key of some argument positions.

    Attributes
    ----------
    positions
        The 0-based argument positions of the key.
    keys
        The sorted keys (int64), one per row.
    order
        ``order[i]`` is the relation row whose key is ``keys[i]``.
    """

    __slots__ = ("_groups", "bits", "keys", "order", "positions")

    def __init__(self, relation: Relation, positions: tuple[int, ...], bits: int) -> None:
        self.positions = positions
        self.bits = bits
        self._groups: dict[tuple[int, ...], int] | None = None
        columns = [relation.rows[:, p] for p in positions]
        if not positions:
            raw = np.zeros(len(relation), dtype=CODE)
        else:
            packed = composite_keys(columns, bits)
            if packed is None:
                groups: dict[tuple[int, ...], int] = {}
                rows = zip(*(c.tolist() for c in columns))
                packed = np.fromiter(
                    (groups.setdefault(r, len(groups)) for r in rows),
                    dtype=CODE,
                    count=len(relation),
                )
                self._groups = groups
            raw = packed
        self.order = np.argsort(raw, kind="stable")
        self.keys = raw[self.order]

    def probe_keys(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """The keys of probe rows whose key-position values are ``columns``."""
        if not self.positions:
            return np.zeros(len(columns[0]) if columns else 1, dtype=CODE)
        if self._groups is None:
            packed = composite_keys(columns, self.bits)
            assert packed is not None
            return packed
        groups = self._groups
        return np.fromiter(
            (groups.get(r, -1) for r in zip(*(c.tolist() for c in columns))),
            dtype=CODE,
            count=len(columns[0]),
        )

    def lookup(self, columns: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """For each probe row, where its matches start in :attr:`order` and how many.

        Parameters
        ----------
        columns
            One array of codes per key position (all of one length).

        Returns
        -------
        (lo, counts)
            The rows matching probe ``i`` are ``order[lo[i]:lo[i] + counts[i]]``.
        """
        probe = self.probe_keys(columns)
        lo = np.searchsorted(self.keys, probe, side="left")
        hi = np.searchsorted(self.keys, probe, side="right")
        counts = hi - lo
        counts[probe < 0] = 0
        return lo, counts


class Relation:
    """A set of tuples of constant codes: the ground facts of one predicate.

    Parameters
    ----------
    indicator
        ``(name, arity)`` of the predicate.
    rows
        An ``(n, arity)`` int64 array of codes; duplicate rows are removed.
    bits
        Bits per code used by the indexes (see :func:`composite_keys`).
    """

    __slots__ = ("_filtered", "_indexes", "bits", "indicator", "rows")

    def __init__(self, indicator: Indicator, rows: np.ndarray, bits: int) -> None:
        self.indicator = indicator
        arity = indicator[1]
        rows = np.asarray(rows, dtype=CODE).reshape(-1, arity)
        if len(rows) > 1 and arity:
            packed = composite_keys([rows[:, i] for i in range(arity)], bits)
            if packed is not None:
                _, first = np.unique(packed, return_index=True)
                if len(first) < len(rows):
                    rows = rows[np.sort(first)]
            else:
                rows = np.unique(rows, axis=0)
        elif len(rows) > 1:
            rows = rows[:1]
        self.rows = rows
        self.bits = bits
        self._indexes: dict[tuple[int, ...], SortedIndex] = {}
        self._filtered: dict[tuple[tuple[int, ...], ...], Relation] = {}

    @classmethod
    def from_rows(
        cls, indicator: Indicator, rows: Sequence[Sequence[Term]], symbols: SymbolTable
    ) -> Relation:
        """Encode the argument tuples ``rows`` (ground terms) with ``symbols``."""
        return cls.from_columns(indicator, list(zip(*rows)) if rows else [], len(rows), symbols)

    @classmethod
    def from_columns(
        cls,
        indicator: Indicator,
        columns: Sequence[Sequence[Term]],
        size: int,
        symbols: SymbolTable,
    ) -> Relation:
        """Encode argument columns (ground terms, ``size`` rows) with ``symbols``."""
        arity = indicator[1]
        if not size or not arity:
            return cls(indicator, np.zeros((min(size, 1), arity), dtype=CODE), symbols.bits)
        codes = [symbols.encode(column) for column in columns]
        return cls(indicator, np.stack(codes, axis=1), symbols.bits)

    def __len__(self) -> int:
        return len(self.rows)

    def index(self, positions: tuple[int, ...]) -> SortedIndex:
        """The index on ``positions`` (built on first use, then kept)."""
        index = self._indexes.get(positions)
        if index is None:
            index = self._indexes[positions] = SortedIndex(self, positions, self.bits)
        return index

    def where_equal(self, groups: tuple[tuple[int, ...], ...]) -> Relation:
        """The rows whose arguments are equal within each group of positions.

        This is how a literal that repeats a new variable, ``q(X, Y, Y)``, is
        joined: against the rows of ``q`` with equal second and third arguments.
        """
        if not groups:
            return self
        found = self._filtered.get(groups)
        if found is None:
            keep = np.ones(len(self.rows), dtype=bool)
            for group in groups:
                for p in group[1:]:
                    keep &= self.rows[:, p] == self.rows[:, group[0]]
            found = self._filtered[groups] = Relation(self.indicator, self.rows[keep], self.bits)
        return found


def most_frequent(values: Sequence[Term], counts: Sequence[int], limit: int) -> list[Term]:
    """The ``limit`` values with the highest counts (ties in standard order), in standard order.

    Examples
    --------
    >>> most_frequent(["c", "a", "b", 1], [2, 1, 2, 2], 2)
    [1, 'b']
    """
    key = functools.cmp_to_key(compare_terms)
    ranked = sorted(zip(values, counts), key=lambda pair: (-pair[1], key(pair[0])))
    return sorted((value for value, _ in ranked[:limit]), key=key)
