"""The hypotheses of learning from failures: rules over numbered variables.

A hypothesis of :mod:`symlearn.ilp.lff` is a *program*: a set of definite
rules for one target predicate (Cropper and Morel 2021, section 3).  Every
literal applies a predicate to distinct variables, numbered from 0; every
rule's head is the target on the variables ``0 .. a-1``, so two rules are the
same rule exactly when their bodies are the same sets of literals.  A rule's
*size* is its number of literals (the head included), a program's the sum of
its rules' sizes: the measure the search minimises.

The answer-set solver produces programs in this form
(:mod:`~symlearn.ilp.lff.generate`); the tester turns them into
:class:`~symlearn.logic.clauses.Clause` objects whose body is ordered so that
every literal's input arguments are bound when it is called
(:func:`to_clause`).

Classes and functions
---------------------
Literal, Rule, Program, program_size, is_recursive, canonical, to_clause,
ordered_body, format_rule

Examples
--------
>>> head = Literal("f", (0, 1))
>>> rule = Rule(head, frozenset({Literal("tail", (0, 2)), Literal("f", (2, 1))}))
>>> rule.size, rule.recursive
(3, True)
>>> format_rule(rule, {"tail": ("in", "out"), "f": ("in", "out")})
'f(A,B):- tail(A,C),f(C,B).'
>>> print(to_clause(rule, {"tail": ("in", "out"), "f": ("in", "out")}))
f(A, B) :-
    tail(A, C),
    f(C, B).

References
----------
Cropper, A. and Morel, R. (2021).  Learning programs by learning from
failures.  Machine Learning 110, 801-856.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Term, Var

__all__ = [
    "Directions",
    "Literal",
    "Program",
    "Rule",
    "canonical",
    "format_program",
    "format_rule",
    "is_recursive",
    "ordered_body",
    "program_size",
    "to_clause",
]

#: Per predicate name, the ways it may be called: each the direction of every
#: argument (``"in"`` or ``"out"``).  The head predicate's first way is the head's.
Directions = Mapping[str, Sequence[Sequence[str]]]

_NAMES = [chr(ord("A") + i) for i in range(26)]


def variable_name(number: int) -> str:
    """``A``, ``B``, ... for 0, 1, ... (``V26`` and so on past ``Z``)."""
    return _NAMES[number] if number < 26 else f"V{number}"


@dataclass(frozen=True, slots=True, order=True)
class Literal:
    """A predicate applied to distinct numbered variables."""

    predicate: str
    arguments: tuple[int, ...]

    @property
    def arity(self) -> int:
        """The number of arguments."""
        return len(self.arguments)

    def __str__(self) -> str:
        args = ",".join(variable_name(a) for a in self.arguments)
        return f"{self.predicate}({args})" if args else self.predicate


@dataclass(frozen=True, slots=True)
class Rule:
    """A definite rule: the head ``target(0, .., a-1)`` and a set of body literals."""

    head: Literal
    body: frozenset[Literal]

    @property
    def size(self) -> int:
        """The number of literals, the head included."""
        return 1 + len(self.body)

    @property
    def recursive(self) -> bool:
        """True when a body literal calls the head's predicate."""
        head = self.head
        return any(b.predicate == head.predicate and b.arity == head.arity for b in self.body)

    def variables(self) -> set[int]:
        """Every variable of the rule."""
        found = set(self.head.arguments)
        for literal in self.body:
            found.update(literal.arguments)
        return found

    def __str__(self) -> str:
        return format_rule(self)


#: A hypothesis: a set of rules for one target.
Program = frozenset[Rule]


def program_size(program: Iterable[Rule]) -> int:
    """The number of literals of the program's rules (heads included)."""
    return sum(rule.size for rule in program)


def is_recursive(program: Iterable[Rule]) -> bool:
    """True when some rule of the program calls the target."""
    return any(rule.recursive for rule in program)


def canonical(rule: Rule) -> Rule:
    """The rule with its body-only variables renumbered in a fixed way.

    Two rules that differ only in the names of their body-only variables
    (variants) have the same canonical rule: the renaming chosen is the one
    whose sorted body is least.
    """
    return _canonical(rule.head, rule.body)


@lru_cache(maxsize=200_000)
def _canonical(head: Literal, body: frozenset[Literal]) -> Rule:
    fixed = len(head.arguments)
    free = sorted({v for literal in body for v in literal.arguments if v >= fixed})
    best: tuple[Literal, ...] | None = None
    targets = range(fixed, fixed + len(free))
    for order in itertools.permutations(targets):
        mapping = dict(zip(free, order))
        renamed = tuple(
            sorted(
                Literal(b.predicate, tuple(mapping.get(a, a) for a in b.arguments)) for b in body
            )
        )
        if best is None or renamed < best:
            best = renamed
    return Rule(head, frozenset(best or ()))


def head_inputs(head: Literal, directions: Directions | None) -> set[int]:
    """The head's variables bound when it is called (all of them without directions)."""
    ways = (directions or {}).get(head.predicate)
    if not ways or len(ways[0]) != head.arity:
        return set(head.arguments)
    return {v for v, d in zip(head.arguments, ways[0]) if d == "in"}


def is_ready(literal: Literal, bound: set[int], directions: Directions | None) -> bool:
    """True when, for some way of calling ``literal``, its inputs are in ``bound``.

    A predicate without directions may be called any time.
    """
    ways = (directions or {}).get(literal.predicate)
    if not ways:
        return True
    return any(
        all(v in bound for v, d in zip(literal.arguments, way) if d == "in")
        for way in ways
        if len(way) == literal.arity
    )


def ordered_body(rule: Rule, directions: Directions | None = None) -> list[Literal]:
    """The body in an order to call it: inputs bound first, joins before tests.

    With directions, a literal is called once its input variables are bound
    (the head's inputs are bound by the example); among those ready, a
    literal other than the recursive call comes first.  Without directions
    (or when no literal is ready), the next literal is the one with the most
    variables bound, which keeps the binding tables small.  Ties keep the
    literals' sorted order, so the order is the same on every run.
    """
    head = rule.head
    bound = head_inputs(head, directions)
    left = sorted(rule.body)
    order: list[Literal] = []
    while left:
        chosen = _next_literal(left, bound, head, directions)
        order.append(chosen)
        left.remove(chosen)
        bound.update(chosen.arguments)
    return order


def _next_literal(
    left: list[Literal], bound: set[int], head: Literal, directions: Directions | None
) -> Literal:
    def is_call(literal: Literal) -> bool:
        return literal.predicate == head.predicate and literal.arity == head.arity

    ready = [b for b in left if is_ready(b, bound, directions)]
    pool = ready or left
    return max(
        pool,
        key=lambda b: (
            not is_call(b),
            sum(v in bound for v in b.arguments),
            -sum(v not in bound for v in b.arguments),
        ),
    )


#: One variable object per number, shared by every clause made here (a variable
#: equals only itself, so clauses with the same head share its binding table).
_VARIABLES: list[Var] = []


def variable(number: int) -> Var:
    """The variable object of ``number`` (the same object every time)."""
    while len(_VARIABLES) <= number:
        _VARIABLES.append(Var(variable_name(len(_VARIABLES))))
    return _VARIABLES[number]


def literal_term(literal: Literal) -> Term:
    """The literal as a term over :func:`variable` objects."""
    if not literal.arguments:
        return literal.predicate
    return Struct(literal.predicate, tuple(variable(n) for n in literal.arguments))


def to_clause(rule: Rule, directions: Directions | None = None) -> Clause:
    """The rule as a :class:`~symlearn.logic.clauses.Clause`, its body in calling order."""
    return Clause(
        literal_term(rule.head), [literal_term(b) for b in ordered_body(rule, directions)]
    )


def format_rule(rule: Rule, directions: Directions | None = None) -> str:
    """The rule in Popper's compact form, ``f(A,B):- q(A,C),r(C,B).``."""
    body = ",".join(str(b) for b in ordered_body(rule, directions))
    return f"{rule.head}:- {body}."


def format_program(program: Iterable[Rule], directions: Directions | None = None) -> str:
    """The rules, base cases first, one per line."""
    return "\n".join(format_rule(r, directions) for r in sorted_rules(program))


def sorted_rules(program: Iterable[Rule]) -> list[Rule]:
    """The rules in the order a program lists them: base cases first, smaller first."""
    return sorted(program, key=lambda r: (r.recursive, r.size, sorted(r.body)))
