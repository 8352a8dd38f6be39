"""The language of candidate literals for top-down clause refinement (FOIL).

FOIL specialises a clause ``P(x1, ..., xk) :- L1, ..., Ln`` by adding one
literal (Quinlan 1990; Mitchell 1997, section 10.5.1):

* ``Q(v1, ..., vr)`` where Q is a background predicate (or the target
  itself, for recursion) and at least one ``vi`` is a variable already in
  the clause (the others are new variables);
* ``Equal(xj, xk)`` for variables already in the clause (written ``xj = xk``);
* the negation of either (the learner gets both from one evaluation).

When the knowledge base gives **mode declarations** (Aleph/Progol style) they
restrict this language: ``+type`` must be a variable already in the clause of
that type, ``-type`` a new variable or one of that type already there,
``#type`` a constant seen in that argument of the predicate's facts; only the
``modeb`` predicates are used, and the variables of the head take the types of
its ``modeh``.  **Determinations** for the target restrict the predicates
further.  Without modes every argument may be any variable.

A file that declares no modes still has a language bias, stated in mode
syntax by :func:`derived_modes` (for the peers' input formats, which need
modes or types): one type ``t`` for every argument, the head all ``+``, and
for each background predicate one body mode per argument that is ``+`` with
the others ``-``.  Those modes allow exactly the literals of FOIL's untyped
templates (:meth:`LiteralMode.untyped`): every argument a variable, at least
one of them already in the clause.  :func:`argument_types` reads each
predicate's argument types from the modes.

Classes and functions
---------------------
ArgumentMode, LiteralMode, Candidate, Language, derived_modes, argument_types

Examples
--------
>>> from symlearn.kb import loads
>>> from symlearn.ilp.task import RelationalTask
>>> kb = loads('''
... parent(ann, bob). female(ann).
... :- modeh(1, grandmother(+person, +person)).
... :- modeb(*, parent(+person, -person)).
... :- modeb(1, female(+person)).
... ''')
>>> language = Language.from_bias(RelationalTask.from_kb(kb, ("grandmother", 2)).bias)
>>> from symlearn.logic.terms import Var
>>> x, y = Var("X"), Var("Y")
>>> sorted(str(c) for c in language.candidates([(x, "person"), (y, "person")], ()))
['X=Y', 'female(X)', 'female(Y)', 'parent(X, X)', 'parent(X, Y)', 'parent(X, _)', \
'parent(Y, X)', 'parent(Y, Y)', 'parent(Y, _)']
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from symlearn.errors import KBError
from symlearn.ilp.derived_types import infer_types
from symlearn.logic.indicators import Indicator
from symlearn.logic.modes import Mode
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_callable

if TYPE_CHECKING:
    from symlearn.ilp.bias import LanguageBias

__all__ = [
    "DEFAULT_TYPE",
    "ArgumentMode",
    "Candidate",
    "Language",
    "LiteralMode",
    "TypedVar",
    "argument_types",
    "derived_modes",
]

#: A clause variable with its type (None when there are no modes).
TypedVar = tuple[Var, "str | None"]

#: Marker of an untyped argument: any variable, old or new.
ANY = "?"
#: The equality literal's indicator.
EQUALITY: Indicator = ("=", 2)
#: The type of every argument when the file declares no modes.
DEFAULT_TYPE = "t"


@dataclass(frozen=True, slots=True)
class ArgumentMode:
    """One argument of a literal template.

    Attributes
    ----------
    marker
        ``"+"`` (an old variable), ``"-"`` (a new or old variable), ``"#"``
        (a constant), ``"?"`` (any variable: no modes) or ``"="`` (the fixed
        ``constant``).
    type
        The type name, or None when untyped.
    constant
        The fixed constant for ``"="``.
    """

    marker: str
    type: str | None = None
    constant: Term | None = None


@dataclass(frozen=True, slots=True)
class LiteralMode:
    """A template for body literals: a predicate and the mode of each argument.

    A template with place markers inside its arguments (Aleph's
    ``(+list) = [-any|-list]``) also keeps the template and each place's
    path and mode (``nested``): its literals are the template with each
    place filled; ``arguments`` then hold the fixed parts as constants.
    """

    indicator: Indicator
    arguments: tuple[ArgumentMode, ...]
    recall: int | None = None
    negated: bool = False
    template: Term | None = None
    places: tuple[tuple[tuple[int, ...], ArgumentMode], ...] = ()

    @property
    def nested(self) -> bool:
        """True when some place marker is inside an argument (not an argument itself)."""
        return self.template is not None

    @classmethod
    def from_mode(cls, mode: Mode) -> LiteralMode:
        r"""The template of a ``modeb``/``modeh`` declaration.

        A template ``not(T)`` or ``\+(T)`` (Aleph's way of allowing a negated
        literal) is the template of ``T`` with ``negated`` set.
        """
        template = mode.template
        negated = False
        if (
            type(template) is Struct
            and template.name in ("not", "\\+")
            and len(template.args) == 1
            and is_callable(template.args[0])
        ):
            template, negated = template.args[0], True
        args = template.args if type(template) is Struct else ()
        arguments = []
        for arg in args:
            if type(arg) is Struct and arg.name in ("+", "-", "#") and len(arg.args) == 1:
                arguments.append(ArgumentMode(arg.name, format_term(arg.args[0])))
            else:
                arguments.append(ArgumentMode("=", None, arg))
        inner = _inner_places(template)
        if not inner:
            return cls(functor_of(template), tuple(arguments), mode.recall, negated)
        places = tuple((path, ArgumentMode(kind, type_name)) for path, kind, type_name in inner)
        return cls(functor_of(template), tuple(arguments), mode.recall, negated, template, places)

    @classmethod
    def untyped(
        cls, indicator: Indicator, types: Sequence[str | None] | None = None
    ) -> LiteralMode:
        """Any variables in every argument (FOIL without modes), of ``types`` if given."""
        kinds = tuple(types) if types is not None else (None,) * indicator[1]
        return cls(indicator, tuple(ArgumentMode(ANY, kind) for kind in kinds))


@dataclass(frozen=True, slots=True)
class Candidate:
    """A candidate literal and the new variables it introduces (with their types)."""

    literal: Term
    new_variables: tuple[TypedVar, ...] = ()
    negated: bool = False

    @property
    def indicator(self) -> Indicator:
        """``(name, arity)`` of the literal."""
        return functor_of(self.literal)

    def __str__(self) -> str:
        return format_term(self.literal)


@dataclass(frozen=True)
class Language:
    """Which literals may be added to a clause of the target.

    Attributes
    ----------
    target
        ``(name, arity)`` of the target.
    head_types
        The type of each head argument (None: untyped).
    modes
        The literal templates.
    equality
        Whether ``X = Y`` between old variables of one type is a candidate.
    constants
        The constants a ``#`` argument may take, per ``(indicator, position)``.
    typed
        True when the templates come from mode declarations.
    head_outputs
        The positions of the head's output (``-``) arguments, which the body
        must bind.
    negation
        Whether the negation of every positive candidate is a candidate too
        (negated templates, ``modeb(*, not(p(+t)))``, are candidates either way).
    """

    target: Indicator
    head_types: tuple[str | None, ...]
    modes: tuple[LiteralMode, ...]
    equality: bool = True
    constants: dict[tuple[Indicator, int], tuple[Term, ...]] = field(default_factory=dict)
    typed: bool = False
    negation: bool = True
    head_outputs: tuple[int, ...] = ()

    @classmethod
    def from_bias(
        cls,
        bias: LanguageBias,
        *,
        recursion: bool | None = True,
        equality: bool | None = True,
        negation: bool | None = True,
        constants: Callable[[LiteralMode, int], Sequence[Term]] | None = None,
        place_values: Callable[[Indicator, int], np.ndarray | None] | None = None,
    ) -> Language:
        """The language a task's modes and determinations allow.

        Parameters
        ----------
        bias
            The task's language bias (its target, modes, determinations and
            the predicates a literal may call without modes).
        recursion
            Allow literals of the target itself; None: as the modes and
            determinations say (always, without modes).
        equality
            Allow ``X = Y`` literals; None: only when the modes or
            determinations declare ``=/2`` (Aleph's default).
        negation
            Allow the negation of every literal; None: no (Aleph's and
            Popper's default).  Negated templates (``not(p(+t))``) are
            allowed either way.
        constants
            ``constants(mode, position)`` lists the values a ``#`` argument
            of a template may take (typically the values in the facts);
            without it ``#`` templates are left out (and so are ``#`` places
            inside a nested template).
        place_values
            ``place_values(indicator, position)``: the codes of the constants
            in that argument (None when unknown).  Without mode declarations
            the argument types are then read off the data
            (:func:`~symlearn.ilp.derived_types.infer_types`); without it
            every argument is untyped.

        Raises
        ------
        KBError
            When a determination or mode names the target's arity wrongly, or
            no background predicate is left to build literals from.
        """
        target = bias.target
        allowed = set(bias.determinations) or None
        excluded = bias.excluded
        head_modes = list(bias.head_modes)
        declared_body = () if bias.derived else bias.body_modes
        if negation is None:
            negation = False
        if equality is None:
            declared = any(LiteralMode.from_mode(m).indicator == EQUALITY for m in declared_body)
            equality = not declared and EQUALITY in (allowed or ())
        if recursion is None:
            recursion = True
        if declared_body:
            typed = True
            modes = [LiteralMode.from_mode(m) for m in declared_body]
            head_types = _head_types(head_modes, target)
        else:
            typed = False
            head_types = (None,) * target[1]
            names = list(bias.predicates)
            if recursion or (allowed and target in allowed):
                names.append(target)
            types: dict[tuple[Indicator, int], str | None] = {}
            if place_values is not None:
                places = [(i, k) for i in dict.fromkeys([*names, target]) for k in range(i[1])]
                types = infer_types(places, lambda place: place_values(*place))
                head_types = tuple(types[(target, k)] for k in range(target[1]))
            modes = [
                LiteralMode.untyped(i, tuple(types.get((i, k)) for k in range(i[1])))
                for i in names
            ]
        modes = [
            m
            for m in modes
            if (allowed is None or m.indicator in allowed)
            and m.indicator not in excluded
            and (recursion or m.indicator != target)
        ]
        fixed: dict[tuple[Indicator, int], tuple[Term, ...]] = {}
        usable = []
        for mode in modes:
            ok = True
            slots = [a for _, a in mode.places] if mode.nested else mode.arguments
            for position, argument in enumerate(slots):
                if argument.marker == "#":
                    key = (mode.indicator, position)
                    if key not in fixed:
                        found = constants(mode, position) if constants and not mode.nested else ()
                        fixed[key] = tuple(found)
                    ok = ok and bool(fixed[key])
            if ok:
                usable.append(mode)
        if not usable and not equality:
            raise KBError(f"no background predicate can appear in a clause for {_name(target)}")
        outputs = _head_outputs(head_modes)
        return cls(target, head_types, tuple(usable), equality, fixed, typed, negation, outputs)

    def predicates(self) -> list[Indicator]:
        """The predicates literals may use, in template order (equality last)."""
        seen = dict.fromkeys(m.indicator for m in self.modes)
        if self.equality:
            seen[EQUALITY] = None
        return list(seen)

    def candidates(
        self,
        variables: Sequence[TypedVar],
        body: Iterable[Term],
        outputs: Sequence[TypedVar] = (),
    ) -> list[Candidate]:
        """Every literal that may be added to a clause with ``variables`` and ``body``.

        Parameters
        ----------
        variables
            The clause's bound variables (head first) with their types.
        body
            The literals already in the body (not proposed again).
        outputs
            The head's output (``-``) variables no literal has bound yet:
            they may fill an output (``-``) argument, never an input one.

        Returns
        -------
        list of Candidate
            Distinct positive literals; each introduces fresh new variables.
        """
        known = [*variables, *outputs]
        present = {_shape(g, known) for g in body}
        seen: set[object] = set()
        found: list[Candidate] = []
        for mode in self.modes:
            for candidate in self._instances(mode, variables, outputs):
                shape = _shape(candidate.literal, known)
                if shape in seen or shape in present:
                    continue
                seen.add(shape)
                found.append(candidate)
        if self.equality:
            for (x, tx), (y, ty) in itertools.combinations(variables, 2):
                if tx == ty:
                    literal = Struct("=", (x, y))
                    shape = _shape(literal, known)
                    if shape not in present:
                        found.append(Candidate(literal))
            for (x, tx), (y, ty) in itertools.product(variables, outputs):
                if _fits(tx, ty):
                    found.append(Candidate(Struct("=", (y, x))))
        return found

    def _instances(
        self,
        mode: LiteralMode,
        variables: Sequence[TypedVar],
        outputs: Sequence[TypedVar] = (),
    ) -> Iterator[Candidate]:
        """The literals of one template: each argument (or place) filled in every allowed way."""
        choices: list[list[tuple[Term | None, str | None, bool]]] = []
        slots = [a for _, a in mode.places] if mode.nested else mode.arguments
        for position, argument in enumerate(slots):
            options: list[tuple[Term | None, str | None, bool]] = []
            if argument.marker == "=":
                options.append((argument.constant, None, False))
            elif argument.marker == "#":
                options.extend(
                    (c, None, False) for c in self.constants[(mode.indicator, position)]
                )
            else:
                if argument.marker in ("+", "-", ANY):
                    options.extend(
                        (v, None, True) for v, t in variables if _fits(t, argument.type)
                    )
                if argument.marker in ("-", ANY) and not mode.negated:
                    options.extend((v, None, True) for v, t in outputs if _fits(t, argument.type))
                if argument.marker in ("-", ANY):
                    options.append((None, argument.type, False))  # a new variable
            choices.append(options)
        for combination in itertools.product(*choices):
            if not any(old for _, _, old in combination):
                continue
            new: list[TypedVar] = []
            args: list[Term] = []
            for term, new_type, _ in combination:
                if term is None:
                    var = Var("_")
                    new.append((var, new_type))
                    args.append(var)
                else:
                    args.append(term)
            if mode.nested:
                literal = _filled(mode, args)
            else:
                literal = Struct(mode.indicator[0], tuple(args))
            if mode.indicator == EQUALITY and args[0] is args[1]:
                continue  # X = X always holds
            if mode.negated:
                yield Candidate(Struct("\\+", (literal,)), (), True)
            else:
                yield Candidate(literal, tuple(new))


def _inner_places(template: Term) -> list[tuple[tuple[int, ...], str, str]]:
    """``(path, marker, type)`` of each place marker when one is inside an argument, else []."""
    found: list[tuple[tuple[int, ...], str, str]] = []

    def walk(term: Term, path: tuple[int, ...]) -> None:
        if type(term) is not Struct:
            return
        if path and term.name in ("+", "-", "#") and len(term.args) == 1:
            found.append((path, term.name, format_term(term.args[0])))
            return
        for i, arg in enumerate(term.args):
            walk(arg, (*path, i))

    walk(template, ())
    return found if any(len(path) > 1 for path, _, _ in found) else []


def _filled(mode: LiteralMode, values: Sequence[Term]) -> Term:
    """The nested template with each place replaced by its value."""
    by_path = {path: value for (path, _), value in zip(mode.places, values)}

    def build(term: Term, path: tuple[int, ...]) -> Term:
        if path in by_path:
            return by_path[path]
        if type(term) is not Struct:
            return term
        return Struct(term.name, tuple(build(a, (*path, i)) for i, a in enumerate(term.args)))

    assert mode.template is not None
    return build(mode.template, ())


def _fits(variable_type: str | None, argument_type: str | None) -> bool:
    return variable_type is None or argument_type is None or variable_type == argument_type


def _shape(literal: Term, variables: Sequence[TypedVar]) -> object:
    """A literal up to the names of its new variables (for duplicate removal)."""
    negated = type(literal) is Struct and literal.name == "\\+"
    goal = literal.args[0] if negated and type(literal) is Struct else literal
    old = {v: i for i, (v, _) in enumerate(variables)}
    new: dict[Var, int] = {}

    def shape_of(arg: Term) -> object:
        if type(arg) is Var:
            if arg in old:
                return ("old", old[arg])
            return ("new", new.setdefault(arg, len(new)))
        if type(arg) is Struct and any(type(a) in (Var, Struct) for a in arg.args):
            return ("term", arg.name, tuple(shape_of(a) for a in arg.args))
        return ("const", arg)

    args = goal.args if type(goal) is Struct else ()
    return (negated, functor_of(goal), tuple(shape_of(arg) for arg in args))


def _head_types(head_modes: list[Mode], target: Indicator) -> tuple[str | None, ...]:
    if not head_modes:
        return (None,) * target[1]
    template = LiteralMode.from_mode(head_modes[0])
    return tuple(a.type for a in template.arguments)


def _head_outputs(head_modes: list[Mode]) -> tuple[int, ...]:
    if not head_modes:
        return ()
    template = LiteralMode.from_mode(head_modes[0])
    return tuple(i for i, a in enumerate(template.arguments) if a.marker == "-")


def _name(indicator: Indicator) -> str:
    return f"{format_term(indicator[0])}/{indicator[1]}"


def derived_modes(target: Indicator, predicates: Sequence[Indicator]) -> tuple[Mode, ...]:
    """The language bias of a file without modes, in mode syntax (see the module docstring).

    Parameters
    ----------
    target
        ``(name, arity)`` of the target: its head mode has every argument ``+t``.
    predicates
        The background predicates, each given one body mode per argument.

    Examples
    --------
    >>> [str(m) for m in derived_modes(("p", 2), [("e", 2)])]
    ['modeh(1, p(+t, +t))', 'modeb(*, e(+t, -t))', 'modeb(*, e(-t, +t))']
    """

    def template(name: str, markers: list[str]) -> Term:
        args = tuple(Struct(marker, (DEFAULT_TYPE,)) for marker in markers)
        return Struct(name, args) if args else name

    modes = [Mode("head", 1, template(target[0], ["+"] * target[1]))]
    for name, arity in predicates:
        for position in range(arity):
            markers = ["-"] * arity
            markers[position] = "+"
            modes.append(Mode("body", None, template(name, markers)))
    return tuple(modes)


def argument_types(
    modes: Iterable[Mode], predicates: Iterable[Indicator] = ()
) -> dict[Indicator, tuple[str, ...]]:
    """The argument types of each predicate: from its first mode, else ``t`` for each.

    Examples
    --------
    >>> from symlearn.kb import loads
    >>> kb = loads(":- modeh(1, gp(+person, -person)). :- modeb(*, age(+person, #int)).")
    >>> argument_types(kb.modes, [("female", 1)])
    {('gp', 2): ('person', 'person'), ('age', 2): ('person', 'int'), ('female', 1): ('t',)}
    """
    found: dict[Indicator, tuple[str, ...]] = {}
    for mode in modes:
        template = LiteralMode.from_mode(mode)
        if template.indicator not in found:
            found[template.indicator] = tuple(a.type or DEFAULT_TYPE for a in template.arguments)
    for indicator in predicates:
        found.setdefault(indicator, (DEFAULT_TYPE,) * indicator[1])
    return found
