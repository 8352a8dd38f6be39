r"""A ProbLog program with learnable probabilities, rewritten for learning, and printed back.

A clause's probability ``t(P)`` is a parameter to learn, started at ``P``;
``t(_)`` starts at a random value; ``t(_, X, ...)`` is one parameter for each
binding of ``X, ...`` met in the interpretations (ProbLog's "variables in
tunable probabilities").  An annotated disjunction may mix learnable and
fixed heads.

As ProbLog's LFI does (Gutmann, Thon & De Raedt 2011; ProbLog's
``LFIProblem``), each learnable clause ``c``

.. code-block:: prolog

    t(_, K)::h1(X); 0.2::h2(X); t(_, K)::h3(X) :- body(X, K, Y).

is rewritten so that every ground instance of its parameters' choice is one
atom of its own, whatever the body's other variables:

.. code-block:: prolog

    w1::'$lfi'(c, 0, t(K), X); 0.2::h2(X); w3::'$lfi'(c, 2, t(K), X) :- '$lfi_rule'(c, t(K), X).
    '$lfi_rule'(c, t(K), X) :- body(X, K, Y).
    h1(X) :- '$lfi'(c, 0, t(K), X).
    h3(X) :- '$lfi'(c, 2, t(K), X).

(the variables ``X`` are those of all the heads; a clause without a body
has no ``'$lfi_rule'``).  A ground choice of the rewritten clause is then
the parameter ``(c, head, K)`` of one ground instance, and ``'$lfi_rule'``
is the instance's body: the E-step needs P(body) and P(body and head chosen)
given an interpretation.  The weights ``w`` are placeholders (the learner
sets each choice's probability itself); the start values are kept here.

Functions and classes
---------------------
learnable_program, LFIProgram, LearnableClause, ParameterKey
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from symlearn.bayes.problog.grounding import Choice, located_error
from symlearn.bayes.problog.printing import clause_line
from symlearn.bayes.problog.rewriting import rewritten
from symlearn.errors import KBError
from symlearn.kb.knowledge_base import KnowledgeBase, ProbabilisticClause
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var, term_variables
from symlearn.logic.unify import substitute

__all__ = [
    "LFIProgram",
    "LearnableClause",
    "ParameterKey",
    "is_learnable",
    "learnable_program",
]

#: A parameter: (number of the probabilistic clause, head index, values of the t(_, ...) keys).
ParameterKey = tuple[int, int, tuple[Term, ...]]

#: The functors of the rewritten program's own atoms.
FACT, RULE = "$lfi", "$lfi_rule"


def is_learnable(probability: Term) -> bool:
    """True for ``t(_)``, ``t(P)``, ``t(_, X, ...)``: a probability to learn."""
    return isinstance(probability, Struct) and probability.name == "t" and bool(probability.args)


@dataclass(frozen=True)
class LearnableClause:
    """A probabilistic clause with at least one learnable head.

    Attributes
    ----------
    number
        Its index in ``kb.probabilistic``.
    clause
        The clause as written.
    starts
        Learnable head index -> start value.
    keys
        The variables of its ``t(_, X, ...)`` probabilities after the first
        argument (a parameter per binding of them).
    fixed
        The sum of its fixed heads' probabilities.
    """

    number: int
    clause: ProbabilisticClause
    starts: dict[int, float]
    keys: tuple[Var, ...]
    fixed: float

    @property
    def heads(self) -> tuple[int, ...]:
        """The learnable heads' indices."""
        return tuple(self.starts)

    def key_term(self) -> Term:
        """``t(K1, ...)``, the keys in the rewritten atoms (``t`` without keys)."""
        return Struct("t", self.keys) if self.keys else "t"

    def text(self, values: dict[int, float], binding: dict[Var, Term]) -> str:
        """The clause with ``values`` for its learnable heads, ``binding`` for its keys."""
        heads = []
        learned = [i for i in range(len(self.clause.heads)) if i in self.starts]
        others = [i for i in range(len(self.clause.heads)) if i not in self.starts]
        for index in learned + others:  # ProbLog prints the learnable heads first
            probability, head = self.clause.heads[index]
            shown = _number_text(values[index]) if index in values else _term(probability)
            heads.append(f"{shown}::{_term(substitute(head, binding))}")
        body = [substitute(goal, binding) for goal in self.clause.body]
        return clause_line("; ".join(heads), body)


@dataclass(eq=False)
class LFIProgram:
    """The program to learn: the rewritten knowledge base and its learnable clauses.

    Attributes
    ----------
    source
        The knowledge base as loaded.
    kb
        The rewritten one that is grounded for each interpretation.
    learnable
        Clause number -> its :class:`LearnableClause`.
    """

    source: KnowledgeBase
    kb: KnowledgeBase
    learnable: dict[int, LearnableClause]

    def parameter(self, choice: Choice) -> ParameterKey | None:
        """The parameter a ground choice of the rewritten program takes (None: a fixed head)."""
        name = choice.name
        if not (isinstance(name, Struct) and name.name == FACT):
            return None
        key = name.args[2]
        values = key.args if isinstance(key, Struct) else ()
        return (choice.clause, choice.head, values)

    def rule_atom(self, choice: Choice) -> Term | None:
        """The ground ``'$lfi_rule'`` atom (the body) of a learnable choice (None: no body)."""
        name = choice.name
        if not self.learnable[choice.clause].clause.body or not isinstance(name, Struct):
            return None
        return Struct(RULE, (name.args[0], *name.args[2:]))

    def start(self, key: ParameterKey) -> float:
        """The start value of a parameter."""
        return self.learnable[key[0]].starts[key[1]]

    def explained(self, error: KBError, used: str) -> KBError:
        """``error`` from grounding the rewritten program, told in terms of the clause written.

        The grounder's message names the rewritten atoms (``'$lfi'(...)``);
        at a learnable clause it is replaced by one about that clause.
        """
        for entry in self.learnable.values():
            position = entry.clause.position
            if position is None or (error.path, error.line) != (position.path, position.line):
                continue
            if "not ground" in error.message:
                reason = (
                    "its heads' variables are not all bound by the atom it is used for and its "
                    "body (ProbLog's NonGroundProbabilisticClause)"
                )
            else:
                reason = re.sub(r"\s*\(in [^\n]*\)", "", error.message).removeprefix("error: ")
            return located_error(
                f"{entry.clause} cannot be learned from {used}: {reason}", position
            )
        return error

    def disjunctions(self) -> list[list[Term]]:
        """The learnable heads of each disjunction with two or more of them (as written)."""
        return [
            [clause.clause.heads[i][1] for i in clause.heads]
            for clause in self.learnable.values()
            if len(clause.heads) > 1
        ]

    def model(self, values: dict[ParameterKey, float]) -> list[str]:
        """The learned program, clause by clause in the order written (ProbLog's ``-O`` model).

        A clause with ``t(_, X)`` is printed once for each binding of ``X``
        learned, with ``X`` bound (or once with its start value when none was).
        """
        lines: list[tuple[tuple[int, int, int], list[str]]] = []
        paths = {path: i for i, path in enumerate(self.source.sources)}
        for predicate in self.source.predicates.values():
            for plain, position in zip(predicate.clauses, predicate.positions):
                if position is not None and position.path in paths:
                    text = clause_line(_term(plain.head), plain.body)
                    lines.append((_order(position, paths), [text]))
        for number, clause in enumerate(self.source.probabilistic):
            where = _order(clause.position, paths)
            learnable = self.learnable.get(number)
            if learnable is None:
                lines.append((where, [clause_line(_heads_text(clause), clause.body)]))
                continue
            bindings: dict[tuple[Term, ...], dict[int, float]] = {}
            for (clause_number, head, key), value in values.items():
                if clause_number == number:
                    bindings.setdefault(key, {})[head] = value
            if not bindings:
                bindings[()] = dict(learnable.starts)
            texts = []
            for key, heads in bindings.items():
                binding = dict(zip(learnable.keys, key)) if key else {}
                texts.append(learnable.text({**learnable.starts, **heads}, binding))
            lines.append((where, texts))
        lines.sort(key=lambda item: item[0])
        return [text for _, texts in lines for text in texts]


def _order(position: SourcePosition | None, paths: dict[str, int]) -> tuple[int, int, int]:
    if position is None:
        return (len(paths), 0, 0)
    return (paths.get(position.path, len(paths)), position.line, position.column)


def _term(term: Term) -> str:
    return format_term(term, max_priority=999)


def _number_text(value: float) -> str:
    return format_term(float(value))


def _heads_text(clause: ProbabilisticClause) -> str:
    return "; ".join(f"{_term(p)}::{_term(h)}" for p, h in clause.heads)


def _start_values(
    clause: ProbabilisticClause, generator: random.Random
) -> tuple[dict[int, float], float]:
    """The learnable heads' start values and the fixed heads' sum, as ProbLog starts them.

    ``t(P)`` starts at ``P``; the ``t(_)`` heads share what the others leave
    at random: ProbLog draws one number more than there are of them and
    scales the draws to that share, so that they sum to less than it.

    Raises
    ------
    KBError
        For a start or fixed probability that is not a number in [0, 1], or
        heads that sum to more than 1.
    """
    given: dict[int, float] = {}
    free: list[int] = []
    fixed = 0.0
    for index, (probability, _) in enumerate(clause.heads):
        if is_learnable(probability):
            start = probability.args[0]  # type: ignore[union-attr]
            if isinstance(start, Var):
                free.append(index)
                continue
            if isinstance(start, bool) or not isinstance(start, (int, float)):
                raise located_error(
                    f"{clause}: the start value {_term(start)} of a learnable probability "
                    "must be a number (or _ for a random start)",
                    clause.position,
                )
            given[index] = float(start)
        elif isinstance(probability, (int, float)) and not isinstance(probability, bool):
            fixed += float(probability)
        else:
            raise located_error(
                f"{clause}: a clause with a learnable probability needs numbers for its other "
                f"heads, not {_term(probability)}",
                clause.position,
            )
    for value in given.values():
        if not 0.0 <= value <= 1.0:
            raise located_error(
                f"{clause}: the start value {value:g} is outside [0, 1]", clause.position
            )
    left = 1.0 - fixed - sum(given.values())
    if left < -1e-9:
        raise located_error(
            f"{clause}: the heads' probabilities and start values sum to {1.0 - left:g}, "
            "more than 1",
            clause.position,
        )
    draws = [generator.random() for _ in range(len(free) + 1)]
    scale = max(0.0, left) / sum(draws)
    starts = dict(given)
    for index in free:
        starts[index] = draws.pop() * scale
    return dict(sorted(starts.items())), fixed


def _keys(clause: ProbabilisticClause) -> tuple[Var, ...]:
    """The variables of the ``t(_, X, ...)`` probabilities after their first argument."""
    terms = [
        argument
        for probability, _ in clause.heads
        if is_learnable(probability)
        for argument in probability.args[1:]  # type: ignore[union-attr]
    ]
    return tuple(term_variables(*terms))


def learnable_program(kb: KnowledgeBase, seed: int | None = 0) -> LFIProgram:
    """The program rewritten for learning (see the module docstring).

    Parameters
    ----------
    kb
        The program with its ``t(...)`` probabilities.
    seed
        Seeds the random start values of ``t(_)``.

    Raises
    ------
    KBError
        When no probability is learnable, or a learnable clause is malformed
        (with its file, line and column).
    """
    generator = random.Random(seed)
    probabilistic: list[ProbabilisticClause] = []
    added: list[tuple[Clause, Any]] = []
    learnable: dict[int, LearnableClause] = {}
    for number, clause in enumerate(kb.probabilistic):
        if not any(is_learnable(p) for p, _ in clause.heads):
            probabilistic.append(clause)
            continue
        starts, fixed = _start_values(clause, generator)
        keys = _keys(clause)
        entry = LearnableClause(number, clause, starts, keys, fixed)
        learnable[number] = entry
        probabilistic.append(_rewrite(entry, added))
    if not learnable:
        raise KBError("the program has no learnable probability t(_) to learn")
    return LFIProgram(kb, rewritten(kb, probabilistic, added), learnable)


def _rewrite(entry: LearnableClause, added: list[tuple[Clause, Any]]) -> ProbabilisticClause:
    """The rewritten clause of a learnable one; its plain clauses go to ``added``."""
    clause = entry.clause
    variables = term_variables(*(head for _, head in clause.heads))
    key = entry.key_term()
    placeholder = max(0.0, 1.0 - entry.fixed) / (len(entry.starts) + 1)
    heads: list[tuple[Term, Term]] = []
    for index, (probability, head) in enumerate(clause.heads):
        if index not in entry.starts:
            heads.append((probability, head))
            continue
        fact = Struct(FACT, (entry.number, index, key, *variables))
        heads.append((placeholder, fact))
        added.append((Clause(head, (fact,)), clause.position))
    body: tuple[Term, ...] = ()
    if clause.body:
        rule = Struct(RULE, (entry.number, key, *variables))
        added.append((Clause(rule, clause.body), clause.position))
        body = (rule,)
    return ProbabilisticClause(tuple(heads), body, clause.position)
