r"""Decisions (``?::Head``) of a ProbLog program and the strategies that make them.

Decision-theoretic ProbLog (Van den Broeck, Thon, van Otterlo & De Raedt
2010) writes a decision as a probabilistic fact or clause whose probability
is ``?``: ``?::umbrella.``, ``?::marketed(P) :- person(P).``, or an
annotated disjunction of them, ``?::bet(C, heads); ?::bet(C, tails) :- play(C).``
Each ground instance of such a head is a Boolean the decision maker sets; the
heads of one ground disjunction are exclusive alternatives, exactly one of
which is taken (ProbLog's constraint on them).  A *strategy* sets every
decision; under it the program is an ordinary ProbLog program.

:func:`decision_program` rewrites the decisions into choices of the
ground program (a placeholder probability, which a strategy replaces by 1
or 0), so that the program is grounded and compiled once;
:class:`Decisions` names the ground decisions and lists the strategies in
ProbLog's order (:meth:`Decisions.strategies`: the decisions as the bits of
a counter, the first decision the most significant), and turns a strategy
into the choices' weights (:meth:`Decisions.weights`).

Functions and classes
---------------------
decision_program, DecisionProgram, Decisions

References
----------
Van den Broeck, Thon, van Otterlo & De Raedt 2010 (DTProbLog: a
decision-theoretic probabilistic Prolog, AAAI).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from symlearn.bayes.problog.grounding import GroundProgram, located_error
from symlearn.bayes.problog.rewriting import rewritten
from symlearn.kb.knowledge_base import KnowledgeBase, ProbabilisticClause
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Term

__all__ = ["DECISION", "DecisionProgram", "Decisions", "decision_program", "is_decision"]

#: The probability of a decision.
DECISION = "?"

#: Most decisions the exhaustive search enumerates strategies of (2**n of them).
MAX_DECISIONS = 24


def is_decision(probability: Term) -> bool:
    """True for the probability ``?`` of a decision."""
    return probability == DECISION


@dataclass(eq=False)
class DecisionProgram:
    """A program whose decisions are placeholders (see the module docstring).

    Attributes
    ----------
    source
        The knowledge base as loaded.
    kb
        The one to ground: each decision head has a placeholder probability.
    heads
        ``(clause number, head index)`` of every decision head.
    """

    source: KnowledgeBase
    kb: KnowledgeBase
    heads: frozenset[tuple[int, int]]

    def decisions(self, program: GroundProgram) -> Decisions:
        """The ground decisions of ``program`` (grounded from :attr:`kb`)."""
        return Decisions.of(program, self.heads)


def decision_program(kb: KnowledgeBase) -> DecisionProgram:
    """The program with placeholders for its decisions.

    Raises
    ------
    KBError
        For an annotated disjunction that mixes decisions and probabilities
        (at the clause).
    """
    heads: set[tuple[int, int]] = set()
    clauses: list[ProbabilisticClause] = []
    for number, clause in enumerate(kb.probabilistic):
        decided = [i for i, (p, _) in enumerate(clause.heads) if is_decision(p)]
        if not decided:
            clauses.append(clause)
            continue
        if len(decided) != len(clause.heads):
            raise located_error(
                f"{clause}: an annotated disjunction is either decisions (?::) or "
                "probabilities, not both",
                clause.position,
            )
        heads.update((number, i) for i in decided)
        share = 1.0 / (len(clause.heads) + 1)  # a valid disjunction; strategies set it
        placeholders = tuple((share, head) for _, head in clause.heads)
        clauses.append(ProbabilisticClause(placeholders, clause.body, clause.position))
    return DecisionProgram(kb, rewritten(kb, clauses), frozenset(heads))


@dataclass(frozen=True)
class Decisions:
    """The ground decisions of a program, in ProbLog's order.

    Attributes
    ----------
    program
        The ground program.
    choices
        The choice index of each decision, in order.
    groups
        The decisions (positions in :attr:`choices`) of each ground annotated
        disjunction of decisions, in head order: exactly one of them is taken.
    """

    program: GroundProgram
    choices: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, program: GroundProgram, heads: frozenset[tuple[int, int]]) -> Decisions:
        """The decisions among the choices of ``program``, ordered as ProbLog grounds them.

        ProbLog numbers a decision when the grounding first reaches the atom
        it decides, depth first from the queries (the utilities) in order.
        """
        decided = [i for i, c in enumerate(program.choices) if (c.clause, c.head) in heads]
        order = {choice: n for n, choice in enumerate(_reached_order(program, set(decided)))}
        choices = tuple(sorted(decided, key=lambda i: (order.get(i, len(order)), i)))
        position = {choice: n for n, choice in enumerate(choices)}
        instances: dict[tuple[int, tuple[Term, ...]], list[int]] = {}
        for index in decided:
            choice = program.choices[index]
            instances.setdefault((choice.clause, choice.instance), []).append(index)
        groups = tuple(
            tuple(position[i] for i in members)
            for members in instances.values()
            if len(members) > 1
        )
        return cls(program, choices, groups)

    def __len__(self) -> int:
        return len(self.choices)

    def names(self) -> list[Term]:
        """The atom each decision decides, in order."""
        return [self.program.choices[i].name for i in self.choices]

    def strategies(self) -> Iterator[tuple[bool, ...]]:
        """Every strategy that takes exactly one head of each disjunction, in ProbLog's order.

        Raises
        ------
        ResourceLimitError
            Past :data:`MAX_DECISIONS` decisions.
        """
        from symlearn.errors import ResourceLimitError

        count = len(self.choices)
        if count > MAX_DECISIONS:
            raise ResourceLimitError(
                f"resource error: {count} decisions make 2^{count} strategies, more than the "
                f"exhaustive search enumerates (at most {MAX_DECISIONS} decisions); "
                "use --search local"
            )
        for number in range(1 << count):
            strategy = tuple(bool(number >> (count - 1 - i) & 1) for i in range(count))
            if self.allows(strategy):
                yield strategy

    def allows(self, strategy: Sequence[bool]) -> bool:
        """Whether ``strategy`` takes exactly one head of each disjunction of decisions."""
        return all(sum(strategy[i] for i in group) == 1 for group in self.groups)

    def weights(self, probabilities: Sequence[float], strategy: Sequence[bool]) -> list[float]:
        """The choices' probabilities under ``strategy`` (decisions 1 or 0)."""
        result = list(probabilities)
        for index, taken in zip(self.choices, strategy):
            result[index] = 1.0 if taken else 0.0
        return result

    def describe(self, strategy: Sequence[bool]) -> dict[str, int]:
        """Decision atom text -> 1 or 0."""
        return {format_term(n): int(v) for n, v in zip(self.names(), strategy)}


def _reached_order(program: GroundProgram, decided: set[int]) -> list[int]:
    """The decisions in the order a depth-first walk from the queries reaches their atoms.

    The decision of a rule is its positive choice literal that is a
    decision (the head chosen); it is numbered when the walk first enters
    the atom the rule defines.
    """
    seen: set[Term] = set()
    met: dict[int, None] = {}
    for root in [*program.queries, *(atom for atom, _ in program.evidence)]:
        if root in seen:
            continue
        seen.add(root)
        stack = [root]
        while stack:
            atom = stack.pop()
            children = []
            for rule in program.rules.get(atom, ()):
                for target, positive in rule.body:
                    if isinstance(target, int):
                        if positive and target in decided:
                            met.setdefault(target, None)
                    elif target not in seen:
                        seen.add(target)
                        children.append(target)
            stack.extend(reversed(children))
    return list(met)
