"""Operator tables: SWI-Prolog's standard operators, and tables that ``op/3`` changes.

An :class:`Operators` table maps each operator name to its priority and type,
separately for infix, prefix and postfix operators, as ``current_op/3``
reports them.  :data:`STANDARD` is SWI-Prolog 9's table (ISO's operators plus
``=>``, ``|``, ``table``, ``dynamic``, ``$`` ...), with three additions
symlearn reads in every file: ProbLog's ``::`` (1000 xfx), Aleph's ``#``
(200 fy) and library(clpfd)'s comparisons ``#=``, ``#<`` ... (700 xfx).  The
parser's grammar (``grammars/kb.lark``) encodes this standard table in its
rules; a file or a query that changes the table with ``op/3`` is read by the
operator-precedence reader instead (:mod:`symlearn.kb.reader`), and the
printer writes terms with whichever table it is given.

Examples
--------
>>> INFIX["-"], PREFIX["-"], INFIX[":-"]
((500, 'yfx'), (200, 'fy'), (1200, 'xfx'))
>>> table = STANDARD.copy()
>>> table.add(700, "xfx", "likes")
>>> table.infix["likes"], table.standard, STANDARD.standard
((700, 'xfx'), False, True)
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = [
    "INFIX",
    "LIBRARY_OPERATORS",
    "OPERATOR_TYPES",
    "POSTFIX",
    "PREFIX",
    "STANDARD",
    "Operators",
    "is_operator",
    "op_error",
]

#: Infix operators of the standard table: name -> (priority, type).
INFIX: dict[str, tuple[int, str]] = {
    ":-": (1200, "xfx"),
    "-->": (1200, "xfx"),
    "=>": (1200, "xfx"),
    "|": (1105, "xfy"),
    ";": (1100, "xfy"),
    "->": (1050, "xfy"),
    "*->": (1050, "xfy"),
    ",": (1000, "xfy"),
    "::": (1000, "xfx"),  # ProbLog
    ":=": (800, "xfx"),
    "=": (700, "xfx"),
    "\\=": (700, "xfx"),
    "==": (700, "xfx"),
    "\\==": (700, "xfx"),
    "@<": (700, "xfx"),
    "@>": (700, "xfx"),
    "@=<": (700, "xfx"),
    "@>=": (700, "xfx"),
    "=..": (700, "xfx"),
    "is": (700, "xfx"),
    "=:=": (700, "xfx"),
    "=\\=": (700, "xfx"),
    "<": (700, "xfx"),
    ">": (700, "xfx"),
    "=<": (700, "xfx"),
    ">=": (700, "xfx"),
    "=@=": (700, "xfx"),
    "\\=@=": (700, "xfx"),
    "as": (700, "xfx"),
    ">:<": (700, "xfx"),
    ":<": (700, "xfx"),
    "#=": (700, "xfx"),  # library(clpfd)
    "#\\=": (700, "xfx"),
    "#<": (700, "xfx"),
    "#>": (700, "xfx"),
    "#=<": (700, "xfx"),
    "#>=": (700, "xfx"),
    ":": (600, "xfy"),
    "+": (500, "yfx"),
    "-": (500, "yfx"),
    "/\\": (500, "yfx"),
    "\\/": (500, "yfx"),
    "*": (400, "yfx"),
    "xor": (400, "yfx"),
    "/": (400, "yfx"),
    "//": (400, "yfx"),
    "mod": (400, "yfx"),
    "rem": (400, "yfx"),
    "div": (400, "yfx"),
    "rdiv": (400, "yfx"),
    "<<": (400, "yfx"),
    ">>": (400, "yfx"),
    "**": (200, "xfx"),
    "^": (200, "xfy"),
}

#: Prefix operators of the standard table: name -> (priority, type).
PREFIX: dict[str, tuple[int, str]] = {
    ":-": (1200, "fx"),
    "?-": (1200, "fx"),
    "dynamic": (1150, "fx"),
    "discontiguous": (1150, "fx"),
    "initialization": (1150, "fx"),
    "meta_predicate": (1150, "fx"),
    "module_transparent": (1150, "fx"),
    "multifile": (1150, "fx"),
    "public": (1150, "fx"),
    "table": (1150, "fx"),
    "thread_local": (1150, "fx"),
    "thread_initialization": (1150, "fx"),
    "volatile": (1150, "fx"),
    "\\+": (900, "fy"),
    "-": (200, "fy"),
    "+": (200, "fy"),
    "\\": (200, "fy"),
    "#": (200, "fy"),  # Aleph's constant mode marker
    "$": (1, "fx"),
}

#: Postfix operators of the standard table (none).
POSTFIX: dict[str, tuple[int, str]] = {}

#: The operator types op/3 accepts, by class.
OPERATOR_TYPES = {
    "xfx": "infix",
    "xfy": "infix",
    "yfx": "infix",
    "fy": "prefix",
    "fx": "prefix",
    "xf": "postfix",
    "yf": "postfix",
}


class Operators:
    """An operator table (``op/3``'s, ``current_op/3``'s).

    Parameters
    ----------
    infix, prefix, postfix
        name -> (priority, type) for each class (copied).
    """

    __slots__ = ("infix", "postfix", "prefix", "standard")

    def __init__(
        self,
        infix: dict[str, tuple[int, str]] | None = None,
        prefix: dict[str, tuple[int, str]] | None = None,
        postfix: dict[str, tuple[int, str]] | None = None,
    ) -> None:
        self.infix = dict(INFIX if infix is None else infix)
        self.prefix = dict(PREFIX if prefix is None else prefix)
        self.postfix = dict(POSTFIX if postfix is None else postfix)
        #: True while the table is the standard one (the grammar then reads it).
        self.standard = self._is_standard()

    def _is_standard(self) -> bool:
        return self.infix == INFIX and self.prefix == PREFIX and self.postfix == POSTFIX

    def copy(self) -> Operators:
        """An independent copy."""
        return Operators(self.infix, self.prefix, self.postfix)

    def add(self, priority: int, kind: str, name: str) -> None:
        """``op(Priority, Kind, Name)``: declare an operator (priority 0 removes it).

        The arguments are assumed valid (:func:`op_error` checks them).
        """
        table = self._table(kind)
        if priority == 0:
            table.pop(name, None)
        else:
            table[name] = (priority, kind)
        self.standard = self._is_standard()

    def update(self, other: Operators) -> None:
        """Take every operator of ``other`` (loading a file into a knowledge base)."""
        self.infix.update(other.infix)
        self.prefix.update(other.prefix)
        self.postfix.update(other.postfix)
        self.standard = self._is_standard()

    def _table(self, kind: str) -> dict[str, tuple[int, str]]:
        group = OPERATOR_TYPES[kind]
        if group == "infix":
            return self.infix
        return self.prefix if group == "prefix" else self.postfix

    def all(self) -> Iterator[tuple[int, str, str]]:
        """Every operator as ``(priority, type, name)`` (``current_op/3``)."""
        for table in (self.prefix, self.infix, self.postfix):
            for name, (priority, kind) in table.items():
                yield priority, kind, name

    def use_library(self, spec: object) -> None:
        """Add the operators of ``library(Name)`` when that library has some."""
        from symlearn.logic.terms import Struct

        if type(spec) is Struct and spec.name == "library" and len(spec.args) == 1:
            for priority, kind, name in LIBRARY_OPERATORS.get(str(spec.args[0]), ()):
                self.add(priority, kind, name)

    def is_operator(self, name: str) -> bool:
        """True when ``name`` is an operator of any class."""
        return name in self.infix or name in self.prefix or name in self.postfix


def op_error(priority: object, kind: object, name: object) -> tuple[str, ...] | None:
    """The ISO error ``op(Priority, Kind, Name)`` raises, or None when it is allowed.

    The error is a tuple: ``("instantiation_error",)``, ``("type_error", type,
    culprit)``, ``("domain_error", domain, culprit)`` or ``("permission_error",
    action, type, culprit)``; ``name`` is one atom (lists are checked item by
    item).  Variables are passed as None.

    Examples
    --------
    >>> op_error(1201, "xfx", "foo"), op_error(200, "xfx", ",")
    (('domain_error', 'operator_priority', 1201), ('permission_error', 'modify', 'operator', ','))
    """
    if priority is None or kind is None or name is None:
        return ("instantiation_error",)
    if type(priority) is not int:
        return ("type_error", "integer", priority)  # type: ignore[return-value]
    if not 0 <= priority <= 1200:
        return ("domain_error", "operator_priority", priority)  # type: ignore[return-value]
    if type(kind) is not str:
        return ("type_error", "atom", kind)  # type: ignore[return-value]
    if kind not in OPERATOR_TYPES:
        return ("domain_error", "operator_specifier", kind)
    if type(name) is not str:
        return ("type_error", "atom", name)  # type: ignore[return-value]
    if name == ",":
        return ("permission_error", "modify", "operator", ",")
    if name in ("[]", "{}") or (name == "|" and not _bar_allowed(priority, kind)):
        return ("permission_error", "create", "operator", name)
    return None


def _bar_allowed(priority: int, kind: str) -> bool:
    """``|`` may only be an infix operator of priority 0 or at least 1001."""
    return OPERATOR_TYPES[kind] == "infix" and (priority == 0 or priority >= 1001)


#: SWI-Prolog's standard table, with symlearn's three additions.
STANDARD = Operators()

#: The operators a library adds when it is loaded (``:- use_module(library(clpfd))``).
LIBRARY_OPERATORS: dict[str, tuple[tuple[int, str, str], ...]] = {
    "clpfd": (
        (760, "yfx", "#<==>"),
        (750, "xfy", "#==>"),
        (750, "yfx", "#<=="),
        (740, "yfx", "#\\/"),
        (730, "yfx", "#\\"),
        (720, "yfx", "#/\\"),
        (710, "fy", "#\\"),
        (700, "xfx", "in"),
        (700, "xfx", "ins"),
        (700, "xfx", "in_set"),
        (450, "xfx", ".."),
    ),
}


def is_operator(name: str) -> bool:
    """True when ``name`` is an operator of the standard table."""
    return STANDARD.is_operator(name)
