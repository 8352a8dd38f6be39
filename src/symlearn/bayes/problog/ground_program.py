r"""The ground program a ProbLog program's grounding makes: choices, ground rules, queries.

A :class:`GroundProgram` holds the independent Boolean choices (one per
ground instance of a probabilistic clause and head) with their
probabilities, and for each *node* its ground rules (conjunctions of
literals over nodes and choices).  A node is a ground atom, or, where the
program needs one, a term the grounder makes: the answer of one call of an
impure predicate (``'$in'(Call, Answer)``, see :mod:`~symlearn.bayes.problog.grounder`),
a conjunction (``'$and'(N)``: one proof of a goal under negation or
``findall/3``) or a goal (``'$goal'(G)``: the disjunction of its proofs).
:attr:`GroundProgram.names` gives the atom a query or evidence node stands
for.

Functions and classes
---------------------
GroundProgram, GroundRule, Choice, located_error, display_term
"""

from __future__ import annotations

import linecache
from dataclasses import dataclass, field

from symlearn.errors import KBError
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var

__all__ = ["Choice", "GroundProgram", "GroundRule", "Literal", "display_term", "located_error"]

#: A literal of a ground rule: (node or choice index, positive).
Literal = tuple[Term | int, bool]

#: The functor that stands for a variable inside an answer kept as a key.
VARIABLE = "$VAR"


def located_error(message: str, position: SourcePosition | None) -> KBError:
    """A :class:`KBError` at ``position``, with the source line when the file can be read."""
    if position is None:
        return KBError(message)
    source = linecache.getline(position.path, position.line) or None
    return KBError(message, position.path, position.line, position.column, source)


def display_term(term: Term) -> Term:
    """A key with numbered variables (``'$VAR'(0)``) as a term with variables ``X1``, ``X2``...

    >>> print(format_term(display_term(Struct("p", (Struct("$VAR", (0,)), "a")))))
    p(X1, a)
    """
    found: dict[int, Var] = {}
    stack: list[tuple[Term, list[Term] | None]] = [(term, None)]
    built: list[Term] = []
    # an explicit stack: answers may be long lists
    while stack:
        current, children = stack.pop()
        if children is not None:
            assert isinstance(current, Struct)
            args = tuple(built[len(built) - len(current.args) :])
            del built[len(built) - len(current.args) :]
            built.append(Struct(current.name, args))
            continue
        if isinstance(current, Struct):
            if (
                current.name == VARIABLE
                and len(current.args) == 1
                and type(current.args[0]) is int
            ):
                number = current.args[0]
                variable = found.get(number)
                if variable is None:
                    variable = found[number] = Var(f"X{number + 1}")
                built.append(variable)
                continue
            stack.append((current, []))
            stack.extend((a, None) for a in reversed(current.args))
            continue
        built.append(current)
    return built[0]


@dataclass(frozen=True, slots=True)
class Choice:
    """An independent Boolean choice of the ground program.

    Attributes
    ----------
    probability
        P(choice is true).
    clause
        The number of the probabilistic clause it comes from (in ``kb.probabilistic``).
    instance
        The values of the clause's variables in this ground instance.
    head
        Which head of the clause it chooses (0 for a fact or a rule).
    name
        The ground head it makes true (for reading and for MPE).
    """

    probability: float
    clause: int
    instance: tuple[Term, ...]
    head: int
    name: Term


@dataclass(frozen=True, slots=True)
class GroundRule:
    """A ground rule ``head :- literals`` (choices are ``int`` indices into the choices)."""

    head: Term
    body: tuple[Literal, ...]
    position: SourcePosition | None = field(default=None, compare=False)

    def __str__(self) -> str:
        parts = []
        for target, positive in self.body:
            if isinstance(target, int):
                continue
            parts.append(format_term(target) if positive else "\\+" + format_term(target))
        head = format_term(self.head)
        return f"{head} :- {', '.join(parts)}" if parts else head

    def error(self, message: str) -> KBError:
        """A :class:`KBError` at the clause this rule is an instance of."""
        return located_error(message, self.position)


@dataclass
class GroundProgram:
    """The relevant ground program of a ProbLog program's queries and evidence.

    Attributes
    ----------
    choices
        The independent Boolean choices (probabilistic facts, one per ground instance).
    rules
        Node -> its ground rules; a node with no rule is false.
    queries
        The query nodes, in order (instances of non-ground queries included).
    evidence
        The ``(node, value)`` evidence, in order.
    learnable
        Choice index -> the ``t(_)`` parameter it takes (clause number, head
        index), for learning.
    names
        Node -> the atom it answers, for a query or evidence node that is not
        that atom itself (answers of impure calls, negated and non-ground
        queries); see :meth:`name`.
    """

    choices: list[Choice]
    rules: dict[Term, list[GroundRule]]
    queries: list[Term]
    evidence: list[tuple[Term, bool]]
    learnable: dict[int, tuple[int, int]] = field(default_factory=dict)
    names: dict[Term, Term] = field(default_factory=dict)

    def atoms(self) -> list[Term]:
        """Every node with rules, in the order found."""
        return list(self.rules)

    def name(self, node: Term) -> Term:
        """The atom a query or evidence node stands for, as written (variables ``X1``...)."""
        return display_term(self.names.get(node, node))
