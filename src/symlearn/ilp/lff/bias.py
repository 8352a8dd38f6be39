"""The language bias learning from failures searches: predicates, types, directions, bounds.

A hypothesis space of :mod:`symlearn.ilp.lff` is fixed by (Cropper and Morel
2021, section 4.1; Popper's ``bias.pl``):

* the head predicate and the body predicates, each with optional argument
  *types* (a variable has one type) and *directions* (an ``in`` argument
  must be bound when the literal is called, an ``out`` argument is bound by
  it);
* the bounds ``max_vars`` (variables in a rule), ``max_body`` (body
  literals in a rule) and ``max_clauses`` (rules in a program the solver
  generates; the combine step joins more);
* the flags ``recursion`` (the head predicate may be called in a body),
  ``non_datalog`` (a head variable need not occur in the body),
  ``allow_singletons`` (a variable may occur once) and ``invention``
  (Popper's ``enable_pi``: a program may define and call invented
  predicates, :mod:`~symlearn.ilp.lff.invention`);
* for a Popper task, the answer-set rules and constraints of its
  ``bias.pl`` (``:- clause(C), #count{...} != 1.``), added to the
  generator's encoding as Popper adds them.

:func:`read_bias` reads it from a
:class:`~symlearn.ilp.task.RelationalTask`: a Popper ``bias.pl`` among the
task's files is read as Popper reads it (an answer-set program whose
``head_pred/2``, ``body_pred/2``, ``type/2``, ``direction/2``, ``max_vars/1``,
... atoms are the declarations); otherwise the task's modes give the
predicates, types and directions (``+`` is ``in``, ``-`` is ``out``; a
predicate with several modes may be called in any of their ways; modes
derived from the data have neither types nor directions).  Declared modes
allow singleton variables, as the mode languages of Aleph and Progol do
(``components(+list, -item, -list)`` leaves one unused); Popper's bias and
derived modes do not, as Popper.  Settings given on
the command line or with ``:- set(Name, Value).`` override the file.  The
defaults are Popper v3.1.0's: ``max_vars`` 6, ``max_body`` 6, ``max_clauses``
1, or 2 with recursion.

Classes and functions
---------------------
Predicate, Bias, read_bias, invented_names, DEFAULT_MAX_VARS, DEFAULT_MAX_BODY

Examples
--------
>>> bias = Bias(Predicate("f", 1), (Predicate("q", 1),))
>>> bias.max_vars, bias.max_body, bias.max_clauses, bias.recursion
(6, 6, 1, False)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from symlearn.errors import KBError
from symlearn.files import read_text_input
from symlearn.ilp.language import LiteralMode
from symlearn.ilp.task import RelationalTask
from symlearn.logic.indicators import format_indicator

__all__ = [
    "DEFAULT_MAX_BODY",
    "DEFAULT_MAX_VARS",
    "Bias",
    "Predicate",
    "Statement",
    "invented_names",
    "read_bias",
]

#: Popper v3.1.0's defaults (``popper/util.py``: ``MAX_VARS``, ``MAX_BODY``).
DEFAULT_MAX_VARS = 6
DEFAULT_MAX_BODY = 6
#: Popper's ``MAX_RULES`` for a recursive bias without ``max_clauses``.
DEFAULT_RECURSIVE_CLAUSES = 2

#: The declarations of a Popper ``bias.pl`` that :class:`Bias` holds; the
#: file's other statements go to the encoding as they are.
_DECLARATIONS = {
    ("head_pred", 2),
    ("body_pred", 2),
    ("type", 2),
    ("direction", 2),
    ("max_vars", 1),
    ("max_body", 1),
    ("max_clauses", 1),
    ("enable_recursion", 0),
    ("non_datalog", 0),
    ("allow_singletons", 0),
    ("enable_pi", 0),
}


#: ``"in"`` or ``"out"`` for each argument of a predicate.
Direction = tuple[str, ...]


@dataclass(frozen=True)
class Predicate:
    """A predicate of the hypothesis language.

    Attributes
    ----------
    name, arity
        The predicate.
    types
        The type of each argument, or None (untyped).
    directions
        The ways it may be called: each a tuple of ``"in"`` or ``"out"`` per
        argument (Popper's ``direction/2`` gives one, Aleph's modes one per
        mode); None: any way.
    """

    name: str
    arity: int
    types: tuple[str, ...] | None = None
    directions: tuple[Direction, ...] | None = None

    @property
    def indicator(self) -> tuple[str, int]:
        """``(name, arity)``."""
        return self.name, self.arity


@dataclass(frozen=True)
class Statement:
    """One answer-set rule or constraint of a bias file, and where it is."""

    text: str
    line: int
    column: int


@dataclass(frozen=True)
class Bias:
    """A hypothesis space (see the module docstring)."""

    head: Predicate
    body: tuple[Predicate, ...]
    max_vars: int = DEFAULT_MAX_VARS
    max_body: int = DEFAULT_MAX_BODY
    max_clauses: int | None = None
    recursion: bool = False
    non_datalog: bool = False
    allow_singletons: bool = False
    #: Predicate invention (Popper's ``enable_pi``).
    invention: bool = False
    #: Answer-set rules and constraints to add to the encoding (Popper's bias.pl).
    constraints: tuple[Statement, ...] = ()
    #: The file the constraints come from, for messages.
    constraint_file: str | None = None
    #: The ways the head predicate may be called in a body (None: as the head).
    call_directions: tuple[Direction, ...] | None = None
    #: Where each declaration is: ``(declaration, predicate name) -> (path, line, column)``
    #: (declarations ``head_pred``, ``body_pred``, ``type``, ``direction``, ``mode``).
    positions: dict[tuple[str, str], tuple[str, int, int]] = field(
        default_factory=dict, compare=False
    )

    def position(self, *keys: tuple[str, str]) -> tuple[str | None, int | None, int | None]:
        """The place of the first of ``keys`` declared, else the bias file's."""
        for key in keys:
            if key in self.positions:
                return self.positions[key]
        return self.constraint_file, None, None

    #: What the reading left out, for the result's notes.
    notes: tuple[str, ...] = field(default=())
    #: The names invented predicates may take (``inv1``, ...; none of the task's names).
    invented: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.max_clauses is None:
            several = self.recursion or self.invention
            clauses = DEFAULT_RECURSIVE_CLAUSES if several else 1
            object.__setattr__(self, "max_clauses", clauses)
        if self.invention and len(self.invented) < self.clauses - 1:
            taken = {self.head.name, *(p.name for p in self.body)}
            object.__setattr__(self, "invented", invented_names(self.clauses - 1, taken))

    @property
    def clauses(self) -> int:
        """The most rules in a generated program."""
        assert self.max_clauses is not None
        return self.max_clauses

    @property
    def constraint_text(self) -> str:
        """The constraints as one answer-set program."""
        return "\n".join(s.text for s in self.constraints)

    @property
    def directed(self) -> bool:
        """True when some predicate has directions (then calls must be safe)."""
        return any(p.directions is not None for p in (self.head, *self.body))

    def directions(self) -> dict[str, tuple[Direction, ...]]:
        """Per predicate name, the ways it may be called (predicates with none left out).

        The head predicate's first way is the head's own (its inputs are bound
        by the example), then the ways its recursive call may be made.
        """
        found = {p.name: p.directions for p in self.body if p.directions is not None}
        head = self.head.directions
        if head is not None:
            calls = self.call_directions or ()
            found[self.head.name] = (head[0], *(d for d in calls if d != head[0]))
        return found

    def describe(self) -> dict[str, Any]:
        """The bias as JSON (what the search was allowed)."""
        return {
            "head": format_indicator(self.head.indicator),
            "body": [format_indicator(p.indicator) for p in self.body],
            "max_vars": self.max_vars,
            "max_body": self.max_body,
            "max_clauses": self.max_clauses,
            "recursion": self.recursion,
            "non_datalog": self.non_datalog,
            "allow_singletons": self.allow_singletons,
            "predicate_invention": self.invention,
        }


@dataclass
class _Declared:
    """What a bias file or the modes declare, before settings override it."""

    head: Predicate | None = None
    body: list[Predicate] = field(default_factory=list)
    numbers: dict[str, int] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    constraints: list[Statement] = field(default_factory=list)
    call_directions: tuple[Direction, ...] | None = None
    constraint_file: str | None = None
    notes: list[str] = field(default_factory=list)
    positions: dict[tuple[str, str], tuple[str, int, int]] = field(default_factory=dict)


def read_bias(
    task: RelationalTask,
    *,
    max_vars: int | None = None,
    max_body: int | None = None,
    max_clauses: int | None = None,
    recursion: bool | None = None,
    non_datalog: bool | None = None,
    allow_singletons: bool | None = None,
    invention: bool | None = None,
) -> Bias:
    """The hypothesis space of ``task`` (see the module docstring).

    The keyword arguments override what the files declare (None: keep it).

    Raises
    ------
    KBError
        When ``bias.pl`` does not read as an answer-set program, names no
        head predicate or another head than the task's target.
    """
    path = _popper_bias_file(task) if task.bias.source == "popper" else None
    declared = _from_popper(path) if path is not None else _from_modes(task)
    head = declared.head
    if head is None or head.indicator != task.target:
        found = "no head_pred" if head is None else f"head_pred {format_indicator(head.indicator)}"
        raise KBError(
            f"the bias declares {found}, but the task's target is {task.name}",
            path or (task.sources[0] if task.sources else None),
        )
    numbers = declared.numbers
    body_limit = max_body or numbers.get("max_body")
    recursive = recursion if recursion is not None else "enable_recursion" in declared.flags
    bias = Bias(
        head=head,
        body=tuple(p for p in declared.body if p.indicator != head.indicator),
        max_vars=max_vars or numbers.get("max_vars", DEFAULT_MAX_VARS),
        max_body=body_limit or DEFAULT_MAX_BODY,
        max_clauses=max_clauses or numbers.get("max_clauses"),
        recursion=recursive,
        non_datalog=_flag(non_datalog, "non_datalog", declared.flags),
        allow_singletons=_flag(allow_singletons, "allow_singletons", declared.flags),
        invention=_flag(invention, "enable_pi", declared.flags),
        constraints=tuple(declared.constraints),
        call_directions=declared.call_directions,
        constraint_file=declared.constraint_file,
        notes=tuple(declared.notes),
        positions=declared.positions,
    )
    if not bias.invention:
        return bias
    taken = {name for name, _ in task.background_predicates()}
    taken.update(p.name for p in (bias.head, *bias.body))
    return replace(bias, invented=invented_names(bias.clauses - 1, taken))


def _flag(given: bool | None, name: str, flags: set[str]) -> bool:
    return given if given is not None else name in flags


def _popper_bias_file(task: RelationalTask) -> str | None:
    """The ``bias.pl`` of a Popper task folder among the task's files, if any."""
    for source in task.sources:
        path = Path(source)
        if path.is_dir() and (path / "bias.pl").is_file():
            return str(path / "bias.pl")
        if path.name == "bias.pl" and path.is_file():
            return source
    return None


def invented_names(count: int, taken: Iterable[str]) -> tuple[str, ...]:
    """``count`` names for invented predicates, none of them a name in ``taken``.

    Popper's ``inv1``, ``inv2``, ... unless one of those names is taken (a
    predicate of the task), then ``lff_inv1``, ... (``lff__inv1`` ... while
    still taken).

    Examples
    --------
    >>> invented_names(2, {"f", "q"})
    ('inv1', 'inv2')
    >>> invented_names(2, {"inv2"})
    ('lff_inv1', 'lff_inv2')
    """
    used = set(taken)
    prefixes = itertools.chain(["inv"], ("lff" + "_" * n + "inv" for n in itertools.count(1)))
    for prefix in prefixes:  # pragma: no branch - some prefix is free
        names = tuple(f"{prefix}{i}" for i in range(1, count + 1))
        if not used.intersection(names):
            return names
    raise AssertionError("unreachable")


# ------------------------------------------------------------------ Popper's bias.pl


def _from_popper(path: str) -> _Declared:
    """Read ``bias.pl`` as Popper does: ground it and read the declaration atoms."""
    import clingo  # the generator's solver; imported when a bias is read
    from clingo import ast

    text = read_text_input(path)  # as the loader reads it: a byte-order mark skipped
    kept: list[Statement] = []
    problems: list[str] = []
    places: dict[tuple[str, str], tuple[str, int, int]] = {}

    def keep(statement: Any) -> None:
        begin = statement.location.begin
        if statement.ast_type == ast.ASTType.Rule:
            declared = _declaration(statement)
            if declared is not None:
                name, args = declared
                if len(args) == 2:
                    key = (name, str(args[0]))
                    places.setdefault(key, (path, begin.line, begin.column))
                return
        if statement.ast_type in (ast.ASTType.Program, ast.ASTType.Comment):
            return
        kept.append(Statement(str(statement), begin.line, begin.column))

    try:
        ast.parse_string(text, keep, logger=lambda _code, message: problems.append(message))
    except RuntimeError as error:
        raise _clingo_error(path, text, problems, error) from None
    control = clingo.Control(["-Wnone"])
    control.add("base", [], text)
    try:
        control.ground([("base", [])])
    except RuntimeError as error:
        raise _clingo_error(path, text, problems, error) from None
    atoms: dict[tuple[str, int], list[Any]] = {}
    for atom in control.symbolic_atoms:
        atoms.setdefault((atom.symbol.name, len(atom.symbol.arguments)), [])
        atoms[(atom.symbol.name, len(atom.symbol.arguments))].append(atom.symbol.arguments)
    declared = _Declared(constraints=kept, constraint_file=path, positions=places)
    types = {_name(a[0]): _tuple(a[1]) for a in atoms.get(("type", 2), [])}
    directions = {_name(a[0]): _tuple(a[1]) for a in atoms.get(("direction", 2), [])}

    def predicate(args: Sequence[Any]) -> Predicate:
        name, arity = _name(args[0]), args[1].number
        own_types = types.get(name)
        own_dirs = directions.get(name)
        return Predicate(
            name,
            arity,
            own_types if own_types is not None and len(own_types) == arity else None,
            (own_dirs,) if own_dirs is not None and len(own_dirs) == arity else None,
        )

    heads = [predicate(a) for a in atoms.get(("head_pred", 2), [])]
    if len(heads) > 1:
        shown = ", ".join(format_indicator(h.indicator) for h in heads)
        raise KBError(f"the bias declares more than one head_pred ({shown}); lff learns one", path)
    declared.head = heads[0] if heads else None
    declared.body = sorted(
        (predicate(a) for a in atoms.get(("body_pred", 2), [])), key=lambda p: p.indicator
    )
    for name in ("max_vars", "max_body", "max_clauses"):
        for args in atoms.get((name, 1), []):
            declared.numbers[name] = args[0].number
    for name in ("enable_recursion", "non_datalog", "allow_singletons", "enable_pi"):
        if atoms.get((name, 0)):
            declared.flags.add(name)
    return declared


def _declaration(statement: Any) -> tuple[str, list[Any]] | None:
    """The name and arguments of a fact ``head_pred(p, 2).``, ``max_vars(5).``, ... else None."""
    from clingo import ast

    if len(statement.body) or statement.head.ast_type != ast.ASTType.Literal:
        return None
    symbol = getattr(statement.head.atom, "symbol", None)
    if symbol is None or symbol.ast_type != ast.ASTType.Function:
        return None
    if (symbol.name, len(symbol.arguments)) not in _DECLARATIONS:
        return None
    return str(symbol.name), list(symbol.arguments)


def _name(symbol: Any) -> str:
    """An atom's name (``list``), or the symbol as text (a number, a string)."""
    from clingo import SymbolType

    if symbol.type == SymbolType.Function and not symbol.arguments:
        return str(symbol.name)
    return str(symbol)


def _tuple(symbol: Any) -> tuple[str, ...]:
    """The names in a Popper tuple ``(a, b)`` or ``(a,)``, or a lone name."""
    from clingo import SymbolType

    if symbol.type == SymbolType.Function and symbol.name == "":
        return tuple(_name(a) for a in symbol.arguments)
    return (_name(symbol),)


def _clingo_error(path: str, text: str, problems: list[str], error: Exception) -> KBError:
    """A located error from clingo's messages (``<string>:3:5-6: error: ...``)."""
    for message in problems:
        head, _, rest = message.partition(": error: ")
        if rest:
            place = head.rsplit(":", 2)
            try:
                line, column = int(place[-2]), int(place[-1].split("-")[0])
            except (ValueError, IndexError):
                continue
            lines = text.splitlines()
            shown = lines[line - 1] if 0 < line <= len(lines) else None
            reason = rest.splitlines()[0]
            return KBError(
                f"bias.pl is not an answer-set program: {reason}", path, line, column, shown
            )
    return KBError(f"bias.pl is not an answer-set program ({error})", path)


# ------------------------------------------------------------------ modes


def _from_modes(task: RelationalTask) -> _Declared:
    """The predicates, types and directions the task's modes state (its :class:`LanguageBias`)."""
    language = task.bias
    declared = _Declared()
    for mode in language.modes:
        where = mode.position
        if where is not None:
            place = (where.path or "", where.line, where.column)
            declared.positions.setdefault(("mode", mode.indicator[0]), place)
    bodies: dict[tuple[str, int], list[LiteralMode]] = {}
    for mode in language.allowed_body_modes:
        literal = LiteralMode.from_mode(mode)
        if literal.negated:
            continue
        if any(a.marker not in ("+", "-") for a in literal.arguments):
            declared.notes.append(
                f"mode {mode} has constant or fixed arguments, which lff's language "
                "(variables only) cannot use; left out"
            )
            continue
        bodies.setdefault(literal.indicator, []).append(literal)
    untyped = language.derived
    heads = language.head_modes
    if heads:
        declared.head = _mode_predicate([LiteralMode.from_mode(heads[0])], untyped)
    else:
        declared.head = Predicate(*task.target)
    for literals in bodies.values():
        declared.body.append(_mode_predicate(literals, untyped))
    declared.body.sort(key=lambda p: p.indicator)
    calls = [p for p in declared.body if p.indicator == task.target]
    if calls:
        declared.call_directions = calls[0].directions
    if declared.head.directions is not None:  # directed: every predicate has some way
        declared.body = [_any_way(p) for p in declared.body]
    if language.recursion:
        declared.flags.add("enable_recursion")
    if language.non_datalog:
        declared.flags.add("non_datalog")
    if _setting(task, "predicate_invention") == "true":
        declared.flags.add("enable_pi")
    # Aleph's and Progol's mode languages allow a variable to occur once
    if language.allow_singletons or (
        not untyped and _setting(task, "allow_singletons") != "false"
    ):
        declared.flags.add("allow_singletons")
    for key in ("max_vars", "max_body", "max_clauses"):
        number = getattr(language, key)
        if number is not None:
            declared.numbers[key] = number
    return declared


def _setting(task: RelationalTask, key: str) -> str:
    """The files' ``set(key, Value)`` as text ("" when not set)."""
    value = task.file_settings.get(key)
    return "" if value is None else str(value)


def _mode_predicate(literals: list[LiteralMode], untyped: bool) -> Predicate:
    """One predicate from its modes: its types if they agree, one way to call it per mode."""
    name, arity = literals[0].indicator
    types = {tuple(a.type or "t" for a in m.arguments) for m in literals}
    ways = dict.fromkeys(
        tuple("in" if a.marker == "+" else "out" for a in m.arguments) for m in literals
    )
    return Predicate(
        name,
        arity,
        None if untyped or len(types) != 1 else types.pop(),
        None if untyped or not ways else tuple(ways),
    )


def _any_way(predicate: Predicate) -> Predicate:
    """A predicate without directions, in a bias with some, may be called any way."""
    if predicate.directions is not None:
        return predicate
    return replace(predicate, directions=(("out",) * predicate.arity,))
