"""Prolog terms: atoms, numbers, strings, variables and compound terms.

A term is one of

* an **atom**, represented by a Python ``str`` (``"ann"``, ``"[]"``, ``"+"``);
* an **integer** (Python ``int``, never ``bool``) or a **float**;
* a **string** (SWI-Prolog's ``"text"``), a :class:`PString`;
* a **variable**, a :class:`Var`, equal only to itself;
* a **compound term** :class:`Struct` with a functor name and a tuple of
  arguments.  Lists use SWI-Prolog 7's functor ``'[|]'`` and the empty list
  atom ``[]``.  A long list may be *packed* (:func:`packed_list`): its cells
  are :class:`Struct` objects like any other, whose ``args`` is a
  :class:`PackedArgs` that reads the elements from one shared array.

All terms are immutable and hashable.  Structural equality is Prolog's
``==``: it compares integers and floats strictly (``1 == 1.0`` is false), so
``f(1) != f(1.0)`` as terms although ``1 == 1.0`` in Python.

Functions
---------
struct, make_list, packed_list, list_items, is_var, is_atom, is_number, is_atomic,
is_callable, is_compound, is_ground, is_list, term_variables, functor_of,
indicator_of, term_equal, compare_terms, fresh_var, map_leaves

Examples
--------
>>> t = struct("parent", "ann", Var("X"))
>>> functor_of(t)
('parent', 2)
>>> is_ground(t)
False
>>> list_items(make_list([1, 2, 3]))
([1, 2, 3], '[]')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from symlearn.errors import require

__all__ = [
    "EMPTY_LIST",
    "LIST_FUNCTOR",
    "PString",
    "PackedArgs",
    "Struct",
    "Term",
    "Var",
    "are_distinct_variables",
    "compare_terms",
    "fresh_var",
    "functor_of",
    "indicator_of",
    "is_atom",
    "is_atomic",
    "is_callable",
    "is_compound",
    "is_ground",
    "is_list",
    "is_number",
    "is_var",
    "list_items",
    "make_list",
    "map_leaves",
    "packed_list",
    "struct",
    "term_equal",
    "term_variables",
]

#: The functor of a list cell, as in SWI-Prolog 7.
LIST_FUNCTOR = "[|]"
#: The empty list.
EMPTY_LIST = "[]"

_fresh_numbers = itertools.count(1)


class Var:
    """A logic variable.  Two variables are equal only if they are the same object.

    Parameters
    ----------
    name
        The name it was written with (``"X"``, ``"_"``); only used for display.

    Examples
    --------
    >>> Var("X") == Var("X")
    False
    >>> x = Var("X"); x == x
    True
    """

    __slots__ = ("name",)

    def __init__(self, name: str = "_") -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Var({self.name!r})"

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (Var, (self.name,))


def fresh_var(prefix: str = "_G") -> Var:
    """Return a new variable with a name no other fresh variable has."""
    return Var(f"{prefix}{next(_fresh_numbers)}")


class PString:
    """An SWI-Prolog string object, written ``"text"``.

    Examples
    --------
    >>> PString("abc") == PString("abc"), PString("abc") == "abc"
    (True, False)
    """

    __slots__ = ("value",)

    def __init__(self, value: str) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return type(other) is PString and other.value == self.value

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(("$string", self.value))

    def __repr__(self) -> str:
        return f"PString({self.value!r})"


class Struct:
    """A compound term ``name(arg1, ..., argN)`` with N >= 1.

    Parameters
    ----------
    name
        The functor name (an atom).
    args
        The arguments, a non-empty tuple of terms (or, for a cell of a packed
        list, a :class:`PackedArgs`, which behaves as the pair).

    Notes
    -----
    Equality is Prolog's structural ``==``: variables by identity, numbers by
    type and value.  The hash is computed once, on first use.

    Examples
    --------
    >>> Struct("f", ("a", 1)) == struct("f", "a", 1)
    True
    >>> struct("f", 1) == struct("f", 1.0)
    False
    """

    __slots__ = ("_hash", "args", "name")

    def __init__(self, name: str, args: tuple[Term, ...]) -> None:
        self.name = name
        self.args = args
        self._hash: int | None = None

    @property
    def arity(self) -> int:
        """The number of arguments."""
        return len(self.args)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not Struct:
            return False
        return term_equal(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            try:
                h = hash((self.name, self.args))
            except RecursionError:  # a very deep term, such as a long list
                h = _deep_hash(self)
            self._hash = h
        return h

    def __repr__(self) -> str:
        from symlearn.logic.printer import format_term

        return f"Struct<{format_term(self)}>"

    def __str__(self) -> str:
        from symlearn.logic.printer import format_term

        return format_term(self)

    def __reduce__(self) -> tuple[type, tuple[str, tuple[Term, ...]]]:
        return (Struct, (self.name, self.args))


#: A Prolog term.
Term = str | int | float | PString | Var | Struct


class _KnownHash:
    """Stands in for a subterm whose hash is already known."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def __hash__(self) -> int:
        return self.value


def _deep_hash(term: Struct) -> int:
    """The hash ``hash((name, args))`` would give, computed without recursion."""
    stack: list[tuple[Struct, bool]] = [(term, False)]
    while stack:
        node, children_done = stack.pop()
        if node._hash is not None:
            continue
        if children_done:
            parts = tuple(
                _KnownHash(a._hash) if type(a) is Struct else a  # type: ignore[arg-type]
                for a in node.args
            )
            node._hash = hash((node.name, parts))
            continue
        stack.append((node, True))
        stack.extend((a, False) for a in node.args if type(a) is Struct and a._hash is None)
    assert term._hash is not None
    return term._hash


def struct(name: str, *args: Term) -> Term:
    """Build the term ``name(args...)``, or the atom ``name`` when there are no args.

    Examples
    --------
    >>> struct("a")
    'a'
    >>> print(struct("f", "a", struct("g", 2)))
    f(a, g(2))
    """
    return Struct(name, args) if args else name


def make_list(items: Iterable[Term], tail: Term = EMPTY_LIST) -> Term:
    """Build the Prolog list of ``items`` ending in ``tail``.

    Examples
    --------
    >>> print(make_list(["a", "b"], Var("T")))
    [a, b|T]
    """
    try:
        listed = list(items)
    except TypeError:  # the check costs nothing on the engine's path: only when it fails
        require(items, Iterable, "items", "an iterable of terms")
        raise
    result = tail
    for item in reversed(listed):
        result = Struct(LIST_FUNCTOR, (item, result))
    return result


class _PackedStore:
    """The elements of a packed list and the term it ends in (shared by all its cells)."""

    __slots__ = ("items", "tail")

    def __init__(self, items: Sequence[Term], tail: Term) -> None:
        self.items = items
        self.tail = tail


#: How many cells of a packed list are made at once when something walks it.
UNPACKED_RUN = 256


class PackedArgs:
    """The argument pair ``(head, tail)`` of a cell of a packed list.

    A list of n elements built with :func:`make_list` costs n :class:`Struct`
    cells, n argument tuples and the elements (about 160 bytes a cell for a
    list of integers).  A packed list keeps its elements in one sequence (an
    ``array('q')`` of 8-byte integers, or a list) and makes a cell only when
    something asks for it: ``args[1]`` of a packed cell is the next cell,
    built on first use and then kept, so a cell's tail is the same object
    each time, as in a chain of cons cells (the next cells are built in a
    run of plain cells that ends in a packed one).  Code that knows the packing
    (:func:`list_items`, the engine's ``length/2`` and list walkers) skips
    from a cell straight to the end without building the cells in between.

    It behaves as the tuple ``(head, tail)`` for everything a term's ``args``
    is used for: ``len``, indexing, slicing, iteration, unpacking, ``==``
    and ``hash`` with tuples, concatenation.

    Examples
    --------
    >>> cell = packed_list([1, 2, 3])
    >>> cell == make_list([1, 2, 3]), hash(cell) == hash(make_list([1, 2, 3]))
    (True, True)
    >>> head, tail = cell.args
    >>> head, tail is cell.args[1], print(tail)
    [2, 3]
    (1, True, None)
    """

    __slots__ = ("_rest", "position", "store")

    def __init__(self, store: _PackedStore, position: int) -> None:
        self.store = store
        self.position = position
        self._rest: Term | None = None

    @property
    def head(self) -> Term:
        """The cell's element."""
        return self.store.items[self.position]

    @property
    def rest(self) -> Term:
        """The cell's tail: the next cell (made once), or the list's end.

        The next :data:`UNPACKED_RUN` cells are made at once, all but the
        last as plain cells (quick to walk); the last is packed again.
        """
        rest = self._rest
        if rest is None:
            store = self.store
            items = store.items
            last = self.position + UNPACKED_RUN
            if last < len(items):
                rest = Struct(LIST_FUNCTOR, PackedArgs(store, last))  # type: ignore[arg-type]
            else:
                last, rest = len(items), store.tail
            for position in range(last - 1, self.position, -1):
                rest = Struct(LIST_FUNCTOR, (items[position], rest))
            self._rest = rest
        return rest

    def __len__(self) -> int:
        return 2

    def __getitem__(self, key: int | slice) -> Any:
        if key == 0 or key == -2:
            return self.store.items[self.position]
        if key == 1 or key == -1:
            return self.rest
        if isinstance(key, slice):
            return (self.head, self.rest)[key]
        raise IndexError("tuple index out of range")

    def __iter__(self) -> Iterator[Term]:
        return iter((self.store.items[self.position], self.rest))

    def __reversed__(self) -> Iterator[Term]:
        return iter((self.rest, self.store.items[self.position]))

    def __contains__(self, value: object) -> bool:
        return value in (self.head, self.rest)

    def __eq__(self, other: object) -> bool:
        if type(other) is tuple or type(other) is PackedArgs:
            return (self.head, self.rest) == tuple(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.head, self.rest))

    def __add__(self, other: tuple[Term, ...]) -> tuple[Term, ...]:
        return (self.head, self.rest, *other)

    def __radd__(self, other: tuple[Term, ...]) -> tuple[Term, ...]:
        return (*other, self.head, self.rest)

    def count(self, value: object) -> int:
        """As ``tuple.count``."""
        return (self.head, self.rest).count(value)

    def index(self, value: object) -> int:
        """As ``tuple.index``."""
        return (self.head, self.rest).index(value)

    def __repr__(self) -> str:
        return repr((self.head, self.rest))

    def __reduce__(self) -> tuple[Any, ...]:
        store = self.store
        return (_unpickle_packed, (store.items, store.tail, self.position))


def _unpickle_packed(items: Sequence[Term], tail: Term, position: int) -> PackedArgs:
    return PackedArgs(_PackedStore(items, tail), position)


def packed_list(items: Sequence[Term], tail: Term = EMPTY_LIST) -> Term:
    """The list of ``items`` ending in ``tail``, packed: its cells are made on demand.

    ``items`` (an ``array('q')`` for integers, or a list of terms) is taken
    over, not copied: the caller must not change it afterwards.  The result
    equals ``make_list(items, tail)`` under every operation on terms.

    Examples
    --------
    >>> from array import array
    >>> print(packed_list(array("q", [1, 2]), Var("T")))
    [1, 2|T]
    >>> packed_list([])
    '[]'
    """
    if not len(items):
        return tail
    return Struct(LIST_FUNCTOR, PackedArgs(_PackedStore(items, tail), 0))  # type: ignore[arg-type]


def list_items(term: Term) -> tuple[list[Term], Term]:
    """Split a (possibly partial) list into its elements and its tail.

    The tail is ``'[]'`` for a proper list.

    Examples
    --------
    >>> list_items(make_list([1, 2]))
    ([1, 2], '[]')
    """
    items: list[Term] = []
    while type(term) is Struct and term.name == LIST_FUNCTOR and len(term.args) == 2:
        args = term.args
        if type(args) is PackedArgs:
            store = args.store
            items.extend(store.items[args.position :])
            term = store.tail
            continue
        items.append(args[0])
        term = args[1]
    return items, term


def is_var(term: Term) -> bool:
    """True for a variable."""
    return type(term) is Var


def is_atom(term: Term) -> bool:
    """True for an atom (including ``[]``)."""
    return type(term) is str


def is_number(term: Term) -> bool:
    """True for an integer or a float (never for ``bool``)."""
    return type(term) is int or type(term) is float


def is_atomic(term: Term) -> bool:
    """True for an atom, a number or a string."""
    return type(term) in (str, int, float, PString)


def is_compound(term: Term) -> bool:
    """True for a compound term."""
    return type(term) is Struct


def is_callable(term: Term) -> bool:
    """True for an atom or a compound term (what may stand as a goal)."""
    return type(term) is str or type(term) is Struct


def is_list(term: Term) -> bool:
    """True for a proper list (ending in ``[]``)."""
    return list_items(term)[1] == EMPTY_LIST


def is_ground(term: Term) -> bool:
    """True when ``term`` contains no variable."""
    stack = [term]
    while stack:
        t = stack.pop()
        if type(t) is Var:
            return False
        if type(t) is Struct:
            stack.extend(t.args)
    return True


def are_distinct_variables(terms: Sequence[Term]) -> bool:
    """True when every one of ``terms`` is a variable and no two are the same."""
    return all(type(t) is Var for t in terms) and len(set(terms)) == len(terms)


def map_leaves(term: Term, replace: Callable[[Term], Term]) -> Term:
    """``term`` with each non-compound part ``x`` replaced by ``replace(x)``.

    Compound terms whose parts are all unchanged are shared, not copied, and
    a term of any depth is rebuilt without Python recursion.

    Examples
    --------
    >>> map_leaves(struct("f", 1, make_list([2, "a"])), lambda x: x * 10 if x == 2 else x)
    Struct<f(1, [20, a])>
    """
    if type(term) is not Struct:
        return replace(term)
    out: list[Term] = []
    stack: list[tuple[Term, bool]] = [(term, False)]
    while stack:
        t, expanded = stack.pop()
        if expanded:
            assert isinstance(t, Struct)
            n = len(t.args)
            args = tuple(out[len(out) - n :])
            del out[len(out) - n :]
            same = all(x is y for x, y in zip(args, t.args))
            out.append(t if same else Struct(t.name, args))
        elif type(t) is Struct:
            stack.append((t, True))
            stack.extend((arg, False) for arg in reversed(t.args))
        else:
            out.append(replace(t))
    return out[0]


def _iter_variables(term: Term) -> Iterator[Var]:
    stack = [term]
    while stack:
        t = stack.pop()
        if type(t) is Var:
            yield t
        elif type(t) is Struct:
            stack.extend(reversed(t.args))


def term_variables(*terms: Term) -> list[Var]:
    """The distinct variables of ``terms`` in depth-first, left-to-right order.

    Examples
    --------
    >>> x, y = Var("X"), Var("Y")
    >>> term_variables(struct("f", y, struct("g", x, y)))  == [y, x]
    True
    """
    seen: dict[Var, None] = {}
    for term in terms:
        for v in _iter_variables(term):
            seen.setdefault(v, None)
    return list(seen)


def functor_of(term: Term) -> tuple[str, int]:
    """Return ``(name, arity)`` of a callable term (arity 0 for an atom).

    Raises
    ------
    TypeError
        If ``term`` is not callable.
    """
    if type(term) is Struct:
        return term.name, len(term.args)
    if type(term) is str:
        return term, 0
    raise TypeError(f"not a callable term: {term!r}")


def indicator_of(term: Term) -> str:
    """Return the predicate indicator ``name/arity`` of a callable term.

    Examples
    --------
    >>> indicator_of(struct("parent", "a", "b"))
    'parent/2'
    """
    name, arity = functor_of(term)
    from symlearn.logic.printer import format_atom

    return f"{format_atom(name)}/{arity}"


def term_equal(a: Term, b: Term) -> bool:
    """Prolog's ``==``: structural identity, with numbers compared by type too."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if x is y:
            continue
        tx = type(x)
        if tx is not type(y):
            return False
        if tx is Struct:
            assert isinstance(x, Struct) and isinstance(y, Struct)
            if x.name != y.name or len(x.args) != len(y.args):
                return False
            stack.extend(zip(x.args, y.args))
        elif tx is Var or x != y:
            return False
    return True


_ORDER_RANK = {Var: 0, float: 1, int: 1, PString: 2, str: 3, Struct: 5}


def compare_terms(a: Term, b: Term) -> int:
    """Compare two terms in the standard order of terms; return -1, 0 or 1.

    Var < Number < String < Atom < Compound, as SWI-Prolog 9 orders them.
    Numbers compare by value, and a float before an integer of equal value;
    atoms and strings alphabetically;
    compound terms by arity, then name, then arguments left to right.
    Variables are ordered by creation (``id``), which is stable within a run.

    Examples
    --------
    >>> compare_terms(1, 1.0), compare_terms("b", "a"), compare_terms(struct("f", 1), "z")
    (1, 1, 1)
    """
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if x is y:
            continue
        rx, ry = _ORDER_RANK[type(x)], _ORDER_RANK[type(y)]
        if rx != ry:
            return -1 if rx < ry else 1
        if rx == 1:
            if x != y:
                return -1 if x < y else 1  # type: ignore[operator]
            if type(x) is not type(y):
                return -1 if type(x) is float else 1
        elif rx == 0:
            return -1 if id(x) < id(y) else 1
        elif rx == 3:
            if x != y:
                return -1 if x < y else 1  # type: ignore[operator]
        elif rx == 2:
            assert isinstance(x, PString) and isinstance(y, PString)
            if x.value != y.value:
                return -1 if x.value < y.value else 1
        else:
            assert isinstance(x, Struct) and isinstance(y, Struct)
            if len(x.args) != len(y.args):
                return -1 if len(x.args) < len(y.args) else 1
            if x.name != y.name:
                return -1 if x.name < y.name else 1
            stack.extend(reversed(list(zip(x.args, y.args))))
    return 0
