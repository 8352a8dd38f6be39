r"""Reading the ground clauses of a ProbLog program that is a belief network, without numpy.

:func:`read_fragment` collects the ground clauses a program's queries and
evidence need and refuses a program outside the fragment that
:mod:`symlearn.bayes.networks.program` compiles (non-ground clauses, bodies
that are not conjunctions of literals, learnable probabilities, undefined
predicates, cycles), naming the clause and where it was written.  It imports
neither numpy nor the network, so that ``symlearn infer`` learns whether a
program is a network before paying for them (most programs are not).

Functions
---------
read_fragment, network_fragment

Classes
-------
Fragment, GroundClauses, GroundRule
"""

from __future__ import annotations

import linecache
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from symlearn.bayes.graphs import find_cycle
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb.knowledge_base import KnowledgeBase, index_key
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_ground, term_variables
from symlearn.logic.unify import match, unify

__all__ = ["Fragment", "GroundClauses", "GroundRule", "network_fragment", "read_fragment"]


def located_error(message: str, position: SourcePosition | None) -> KBError:
    """A :class:`KBError` at ``position``, with the source line when the file can be read."""
    if position is None:
        return KBError(message)
    source = linecache.getline(position.path, position.line) or None
    return KBError(message, position.path, position.line, position.column, source)


class _ClauseText:
    """A clause's text for messages, written only when a message needs it."""

    __slots__ = ("clause", "one_line")

    def __init__(self, clause: object, one_line: bool = True) -> None:
        self.clause = clause
        self.one_line = one_line

    def __str__(self) -> str:
        text = str(self.clause).rstrip(".")
        return text.replace("\n", " ").replace("    ", "") if self.one_line else text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True, slots=True, eq=False)
class GroundRule:
    """A ground clause: heads with probabilities, a body of literals, where it was written."""

    heads: tuple[tuple[float, Term], ...]
    body: tuple[tuple[Term, bool], ...]
    position: SourcePosition | None
    text: str | _ClauseText
    disjunction: bool = False

    def error(self, message: str) -> KBError:
        """An error about this clause, at its position."""
        return located_error(message, self.position)


# -- reading clauses -------------------------------------------------------------------------


def _shared_variables_message(text: str | _ClauseText, literals: Sequence[Term]) -> str:
    variables = term_variables(*literals)
    names = ", ".join(v.name for v in variables)
    shared = [v for v in variables if sum(1 for t in literals if v in term_variables(t)) > 1]
    if shared:
        holders = [format_term(t) for t in literals if shared[0] in term_variables(t)]
        detail = f"variable {shared[0].name} is shared between {' and '.join(holders)}"
    else:
        detail = f"it has the variable{'s' if len(variables) > 1 else ''} {names}"
    return (
        f"{text} is not ground: {detail}; a Bayesian network is compiled from ground "
        "clauses only (write one clause per constant)"
    )


def _literal(
    goal: Term, text: str | _ClauseText, position: SourcePosition | None
) -> tuple[Term, bool] | None:
    """A body goal as (atom, positive), None for ``true``; refuse anything else."""
    if goal == "true":
        return None
    positive = True
    if isinstance(goal, Struct) and goal.name in ("\\+", "not") and len(goal.args) == 1:
        goal, positive = goal.args[0], False
    if isinstance(goal, Struct) and goal.name in (",", ";", "->", "*->", "\\+", "not", ":-"):
        raise located_error(
            f"body goal {format_term(goal)} of {text} is not a (negated) atom; the network "
            "compiler accepts conjunctions of atoms and \\+ atoms",
            position,
        )
    if not isinstance(goal, (str, Struct)):
        raise located_error(f"body goal {format_term(goal)} of {text} is not an atom", position)
    return goal, positive


def _body(
    goals: Iterable[Term], text: str | _ClauseText, position: SourcePosition | None
) -> tuple[tuple[Term, bool], ...]:
    literals = (_literal(goal, text, position) for goal in goals)
    return tuple(literal for literal in literals if literal is not None)


def _probabilistic_rules(kb: KnowledgeBase) -> list[GroundRule]:
    rules = []
    for clause in kb.probabilistic:
        text = _ClauseText(clause, one_line=False)
        literals = [h for _, h in clause.heads] + list(clause.body)
        if not all(is_ground(t) for t in literals):
            raise located_error(_shared_variables_message(text, literals), clause.position)
        heads = []
        for probability, atom in clause.heads:
            if not isinstance(probability, (int, float)):
                raise located_error(
                    f"{text} has the learnable probability {format_term(probability)}; "
                    "inference needs numbers (learn the parameters first)",
                    clause.position,
                )
            heads.append((float(probability), atom))
        body = _body(clause.body, text, clause.position)
        rules.append(GroundRule(tuple(heads), body, clause.position, text, len(heads) > 1))
    return rules


# -- the relevant ground program -------------------------------------------------------------


class GroundClauses:
    """The ground clauses that the queries, the evidence and the probabilistic clauses need."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self.probabilistic = _probabilistic_rules(kb)
        self.by_head: dict[Term, list[GroundRule]] = {}
        self.heads_by_indicator: dict[Indicator, dict[Term, None]] = {}
        for rule in self.probabilistic:
            for _, atom in rule.heads:
                same_head = self.by_head.setdefault(atom, [])
                if not same_head or same_head[-1] is not rule:  # an atom twice in one head
                    same_head.append(rule)
                self.heads_by_indicator.setdefault(functor_of(atom), {})[atom] = None
        self.rules: dict[Term, list[GroundRule]] = {}

    def defined(self, indicator: Indicator) -> bool:
        """Whether a probabilistic or deterministic clause defines ``indicator``."""
        predicate = self.kb.predicates.get(indicator)
        return indicator in self.heads_by_indicator or bool(predicate and predicate.clauses)

    def deterministic_rules(self, atom: Term) -> list[GroundRule]:
        """The ground deterministic clauses with head ``atom`` (refusing non-ground ones)."""
        predicate = self.kb.predicates.get(functor_of(atom))
        if predicate is None:
            return []
        keys = [index_key(a) for a in atom.args] if isinstance(atom, Struct) else []
        rules = []
        for number in predicate.candidates(keys):
            clause = predicate.clauses[number]
            position = predicate.positions[number]
            if unify(clause.head, atom) is None:
                continue
            text = _ClauseText(clause)
            if not clause.is_ground:
                raise located_error(
                    _shared_variables_message(text, [clause.head, *clause.body]), position
                )
            rules.append(
                GroundRule(((1.0, atom),), _body(clause.body, text, position), position, text)
            )
        return rules

    def close(self, roots: Iterable[Term]) -> None:
        """Collect the clauses of ``roots`` and of every atom their bodies use."""
        stack = list(roots)
        while stack:
            atom = stack.pop()
            if atom in self.rules:
                continue
            rules = self.by_head.get(atom, []) + self.deterministic_rules(atom)
            self.rules[atom] = rules
            for rule in rules:
                for literal, _ in rule.body:
                    if not self.defined(functor_of(literal)):
                        name, arity = functor_of(literal)
                        raise rule.error(
                            f"{name}/{arity} in the body of {rule.text} is not defined by any "
                            "clause"
                        )
                    if literal not in self.rules:
                        stack.append(literal)

    def ground_instances(self, pattern: Term) -> list[Term]:
        """The ground atoms with clauses that ``pattern`` matches (for non-ground queries)."""
        indicator = functor_of(pattern)
        found: dict[Term, None] = {}
        for atom in self.heads_by_indicator.get(indicator, {}):
            if match(pattern, atom) is not None:
                found[atom] = None
        predicate = self.kb.predicates.get(indicator)
        for number, clause in enumerate(predicate.clauses if predicate else ()):
            if unify(pattern, clause.head) is None:
                continue
            if not is_ground(clause.head):
                text = str(clause).rstrip(".").replace("\n", " ").replace("    ", "")
                raise located_error(
                    _shared_variables_message(text, [clause.head, *clause.body]),
                    predicate.positions[number],  # type: ignore[union-attr]
                )
            found[clause.head] = None
        return list(found)

    def check_acyclic(self) -> None:
        """Refuse a cycle through the atoms' dependencies, naming a clause on it."""
        uses: dict[Term, list[Term]] = {}
        rule_of: dict[tuple[Term, Term], GroundRule] = {}
        for atom, rules in self.rules.items():
            for rule in rules:
                for literal, _ in rule.body:
                    uses.setdefault(atom, []).append(literal)
                    rule_of[atom, literal] = rule
        cycle = find_cycle(list(uses), uses)
        if cycle is None:
            return
        path = " -> ".join(format_term(a) for a in [*cycle, cycle[0]])
        rule = rule_of[cycle[0], cycle[1 % len(cycle)]]
        raise rule.error(
            f"{rule.text} is part of the cycle {path}; a Bayesian network must be acyclic"
        )


# -- multi-valued variables ------------------------------------------------------------------


def _query_atoms(program: GroundClauses, queries: Iterable[Term]) -> list[Term]:
    atoms: dict[Term, None] = {}
    for query in queries:
        if isinstance(query, Var) or not isinstance(query, (str, Struct)):
            raise InvalidParameterError(f"query {format_term(query)} is not an atom")
        indicator = functor_of(query)
        if not program.defined(indicator):
            raise InvalidParameterError(
                f"query {format_term(query)}: {indicator[0]}/{indicator[1]} is not defined by "
                "any clause"
            )
        if is_ground(query):
            atoms[query] = None
        else:
            atoms.update(dict.fromkeys(program.ground_instances(query)))
    return list(atoms)


@dataclass(frozen=True)
class Fragment:
    """A program's ground clauses with the query atoms and evidence they answer."""

    clauses: GroundClauses
    queries: tuple[Term, ...]
    evidence: tuple[tuple[Term, bool], ...]


def read_fragment(
    kb: KnowledgeBase,
    queries: Sequence[Term] | None = None,
    evidence: Sequence[tuple[Term, bool]] | None = None,
) -> Fragment:
    """The ground clauses the queries and evidence need (``kb``'s when None), checked.

    Raises
    ------
    KBError
        For a clause outside the fragment, with its position.
    InvalidParameterError
        For an undefined query, or evidence that is not ground.
    """
    program = GroundClauses(kb)
    query_atoms = _query_atoms(program, kb.queries if queries is None else queries)
    given_evidence = list(kb.evidence if evidence is None else evidence)
    for atom, _ in given_evidence:
        _query_atoms(program, [atom])
        if not is_ground(atom):
            raise InvalidParameterError(f"evidence on {format_term(atom)} must be ground")
    program.close([*program.by_head, *query_atoms, *(a for a, _ in given_evidence)])
    program.check_acyclic()
    return Fragment(program, tuple(query_atoms), tuple(given_evidence))


def network_fragment(
    kb: KnowledgeBase, asked: list[Term] | None, observed: list[tuple[Term, bool]] | None
) -> Fragment:
    """:func:`read_fragment` of a program ``symlearn infer`` answers as a network.

    Raises
    ------
    KBError
        Also for query or evidence given by rules (``query(p(X)) :- q(X).``),
        negated queries and negative heads (a program with no query asks
        nothing, as in ProbLog).
    """
    for indicator in (("query", 1), ("evidence", 1), ("evidence", 2)):
        predicate = kb.predicates.get(indicator)
        if predicate is not None and any(c.body for c in predicate.clauses):
            raise KBError(f"{indicator[0]}/{indicator[1]} is defined by rules")
    negations = [
        term
        for term in [*(asked or kb.queries), *(h for c in kb.probabilistic for _, h in c.heads)]
        if isinstance(term, Struct) and term.name == "\\+"
    ]
    if negations:
        raise KBError(f"{format_term(negations[0])}: a negated query or head")
    return read_fragment(kb, asked, observed)
