"""Argument types read off the data, for a task that declares no language bias.

Without mode declarations FOIL may put any variable in any argument
(Quinlan 1990).  Most of those literals can never match: a variable bound to
trains in an argument that only ever holds cars.  The data say which
arguments share values: two argument places (a predicate and a position)
have the same type when some constant occurs in both, and types are the
connected groups of that relation (a union-find over the places).  A place
whose values are not known (a predicate defined by rules, a built-in) has
no type and takes any variable.

Joining a variable into an argument whose values it never shares can only
give empty tables, so these types remove no literal that could cover a
positive example: they only spare FOIL the candidates that cannot.

Functions
---------
infer_types

Examples
--------
>>> import numpy as np
>>> values = {("has_car", 0): [1, 2], ("has_car", 1): [10, 11, 12],
...           ("short", 0): [10, 12], ("east", 0): [1, 2, 3]}
>>> types = infer_types(list(values) + [("rule", 0)],
...                     lambda place: np.array(values[place]) if place in values else None)
>>> types[("has_car", 0)] == types[("east", 0)], types[("has_car", 1)] == types[("short", 0)]
(True, True)
>>> types[("has_car", 0)] == types[("has_car", 1)], types[("rule", 0)]
(False, None)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import numpy as np

from symlearn.ilp.relations import distinct

__all__ = ["infer_types"]

Place = TypeVar("Place", bound=Hashable)


def infer_types(
    places: Sequence[Place], values: Callable[[Place], np.ndarray | None]
) -> dict[Place, str | None]:
    """The type of each argument place: ``"t1"``, ``"t2"`` ... or None when its values are unknown.

    Parameters
    ----------
    places
        The argument places (for example ``((name, arity), position)``).
    values
        The integer codes of the constants a place holds, or None when unknown.
    """
    known = [(p, values(p)) for p in places]
    typed = [(p, _distinct(v)) for p, v in known if v is not None]
    parent = list(range(len(typed)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    if typed:
        codes = np.concatenate([v for _, v in typed])
        owners = np.concatenate([np.full(len(v), i) for i, (_, v) in enumerate(typed)])
        order = np.argsort(codes)  # equal codes are adjacent in any order: all that counts
        codes, owners = codes[order], owners[order]
        same = codes[1:] == codes[:-1]
        pairs = np.unique(np.stack([owners[:-1][same], owners[1:][same]], axis=1), axis=0)
        for a, b in pairs.tolist():
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    names: dict[int, str] = {}
    found: dict[Place, str | None] = {p: None for p in places}
    for i, (place, _) in enumerate(typed):
        root = find(i)
        found[place] = names.setdefault(root, f"t{len(names) + 1}")
    return found


def _distinct(codes: np.ndarray) -> np.ndarray:
    """The distinct codes, ascending (symbol codes are small non-negative integers).

    Marked in a table as long as the codes, no sort: a place of a
    million-fact predicate holds many codes, each below the number of symbols.
    """
    if not len(codes) or codes.min() < 0 or codes.max() >= 4 * len(codes) + 1024:
        return distinct(codes)
    present = np.zeros(int(codes.max()) + 1, dtype=bool)
    present[codes] = True
    return np.flatnonzero(present).astype(codes.dtype, copy=False)
