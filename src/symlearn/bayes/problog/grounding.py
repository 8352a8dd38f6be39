r"""Grounding a ProbLog program: the relevant ground program of its queries and evidence.

A ProbLog program (De Raedt, Kimmig & Toivonen 2007; Fierens et al. 2015)
may have logical variables everywhere: in probabilistic facts
(``0.6::lands_heads(_).``), annotated disjunctions
(``1/6::roll(D, 1); ...; 1/6::roll(D, 6) :- die(D).``), rules, ``query/1``
(``query(path(1, _)).`` asks every instance; ``query(p(X)) :- q(X).``
asks the instances the rule gives) and ``evidence/1,2``.  Its meaning is
that of its *ground* program, and only the part of it that the queries and
the evidence depend on matters.  :func:`ground_program` computes that part
top-down, as ProbLog does (:class:`~symlearn.bayes.problog.grounder.Grounder`):
the probabilistic part by tabled resolution, the logic part (builtins such
as ``member/2``, ``between/3``, arithmetic, and every predicate that does
not depend on a probabilistic one) by our own engine
(:class:`~symlearn.engine.Engine`).

The result is a :class:`GroundProgram`: the independent Boolean choices with
their probabilities, and for each node its ground rules (conjunctions of
literals over nodes and choices), with where each rule was written.

Queries are answered as ProbLog answers them: a non-ground query stands for
each of its answers (an answer may keep variables when the program proves it
for every value, ``p(1, X1)``; a probabilistic answer must be ground: ProbLog's
NonGroundQuery); a non-ground query without answers is printed as written,
with probability 0; ``\+A`` asks for P(not A); a query of an undefined
predicate is an error, or false under ``:- unknown(fail)``.

Grounding runs on a thread with a large stack, so that a deep recursion (a
path of thousands of steps) is grounded rather than refused.

Functions and classes
---------------------
ground_program, GroundProgram, GroundRule, Choice

Examples
--------
>>> from symlearn.kb import loads
>>> program = ground_program(loads('''
... coin(c1). coin(c2).
... 0.4::heads(C) :- coin(C).
... someheads :- heads(_).
... query(someheads).
... '''))
>>> [round(c.probability, 2) for c in program.choices]
[0.4, 0.4]
>>> [str(rule) for rule in program.rules["someheads"]]
['someheads :- heads(c1)', 'someheads :- heads(c2)']

References
----------
De Raedt, Kimmig & Toivonen 2007 (ProbLog); Vennekens, Verbaeten &
Bruynooghe 2004 (annotated disjunctions); Fierens et al. 2015 (the relevant
ground program, Section 4.1); Tamaki & Sato 1986 (tabled resolution).
"""

from __future__ import annotations

from collections.abc import Sequence

from symlearn.bayes.problog.deep_stack import run_deep
from symlearn.bayes.problog.ground_program import (
    Choice,
    GroundProgram,
    GroundRule,
    display_term,
    located_error,
)
from symlearn.bayes.problog.grounder import MAX_GROUND_RULES, Grounder, Impure
from symlearn.bayes.problog.tables import variant_key
from symlearn.engine.library import library_predicates
from symlearn.errors import InvalidParameterError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, functor_of

__all__ = [
    "MAX_GROUND_RULES",
    "Choice",
    "GroundProgram",
    "GroundRule",
    "ground_program",
    "located_error",
]


def _negated(goal: Term) -> Term | None:
    r"""The atom of a negated query or evidence ``\+A`` (None for an atom)."""
    if isinstance(goal, Struct) and goal.name in ("\\+", "not") and len(goal.args) == 1:
        return goal.args[0]
    return None


class _Questions:
    """Turns queries and evidence into nodes of the ground program (with their names)."""

    def __init__(self, grounder: Grounder) -> None:
        self.grounder = grounder
        self.names: dict[Term, Term] = {}

    def defined(self, goal: Term) -> bool:
        indicator = functor_of(goal)
        return (
            indicator in self.grounder.probabilistic
            or self.grounder.kb.defines(*indicator)
            or self.grounder.engine.is_builtin(*indicator)
            or indicator in library_predicates()
        )

    def answers(self, goal: Term, what: str) -> list[tuple[Term, Term]]:
        """``(node, answer)`` for each answer of a query or evidence atom."""
        grounder = self.grounder
        if isinstance(goal, Var) or not isinstance(goal, (str, Struct)):
            raise InvalidParameterError(f"{what} {format_term(goal)} is not an atom")
        if not self.defined(goal):
            if grounder.kb.settings.get("unknown") == "fail":
                return []
            name, arity = functor_of(goal)
            raise InvalidParameterError(
                f"{what} {format_term(goal)}: {name}/{arity} is not defined by any clause"
            )
        if grounder.is_probabilistic(goal):
            found = []
            for answer, node in grounder.call(goal).each_answer():
                key = variant_key(answer)
                if key is not answer and any(rule.body for rule in grounder.rules.get(node, ())):
                    raise InvalidParameterError(
                        f"{what} {format_term(goal)} has the answer "
                        f"{format_term(display_term(key))}, which still has variables but is "
                        "not certain (ProbLog's NonGroundQuery)"
                    )
                found.append((node, key))
            return found
        found = []
        for solution in grounder.logic_solutions(goal, None):
            key = variant_key(_substituted(goal, solution))
            if key not in grounder.rules:
                grounder.rules[key] = [GroundRule(key, ())]
            found.append((key, key))
        return list(dict.fromkeys(found))

    def nodes(self, goal: Term, what: str) -> list[Term]:
        r"""The nodes a query or evidence atom stands for (``\+A``: a node for not A)."""
        atom = _negated(goal)
        if atom is not None:
            return [self.negation(node, answer) for node, answer in self.answers(atom, what)] or [
                self.named(Struct("\\+", (variant_key(atom),)), Struct("\\+", (atom,)), true=True)
            ]
        found = self.answers(goal, what)
        if not found:  # asked as written, false
            key = variant_key(goal)
            return [self.named(Struct("$false", (key,)), key, true=False)]
        for node, answer in found:
            if node != answer:
                self.names[node] = answer
        return [node for node, _ in found]

    def negation(self, node: Term, answer: Term) -> Term:
        negated = Struct("\\+", (answer,))
        self.grounder.rules.setdefault(negated, [GroundRule(negated, ((node, False),))])
        return negated

    def named(self, node: Term, name: Term, *, true: bool) -> Term:
        self.grounder.rules.setdefault(node, [GroundRule(node, ())] if true else [])
        if node != name:
            self.names[node] = name
        return node


def _substituted(goal: Term, solution: dict[Var, Term]) -> Term:
    from symlearn.logic.unify import substitute

    return substitute(goal, solution)


def _has_rules(kb: KnowledgeBase, name: str, arity: int) -> bool:
    predicate = kb.predicates.get((name, arity))
    return predicate is not None and any(c.body for c in predicate.clauses)


def _declared(grounder: Grounder, goal: Struct, facts: Sequence[Term]) -> list[Term]:
    """The ``query/1`` atoms: the facts, or every answer when rules define some."""
    if not _has_rules(grounder.kb, "query", 1):
        return list(facts)
    if grounder.is_probabilistic(goal):  # query rules over probabilistic predicates
        found = [answer.args[0] for answer, _ in grounder.call(goal).each_answer()]  # type: ignore[union-attr]
    else:
        found = [s[goal.args[0]] for s in grounder.logic_solutions(goal, None)]  # type: ignore[index]
    return [_query_atom(atom) for atom in found]


def _query_atom(atom: Term) -> Term:
    inner = _negated(atom)
    return Struct("\\+", (inner,)) if inner is not None else atom


def _declared_evidence(
    grounder: Grounder, facts: Sequence[tuple[Term, bool]]
) -> list[tuple[Term, bool]]:
    """The ``evidence/1,2`` pairs: the facts, or every answer when rules define some."""
    if not (_has_rules(grounder.kb, "evidence", 2) or _has_rules(grounder.kb, "evidence", 1)):
        return list(facts)
    pairs: list[tuple[Term, bool]] = []
    atom, value = Var("A"), Var("V")
    for arity in (1, 2):
        if not grounder.kb.defines("evidence", arity):
            continue
        goal = Struct("evidence", (atom, value) if arity == 2 else (atom,))
        if grounder.is_probabilistic(goal):
            solutions = [
                dict(zip((atom, value), answer.args))  # type: ignore[union-attr]
                for answer, _ in grounder.call(goal).each_answer()
            ]
        else:
            solutions = list(grounder.logic_solutions(goal, None))
        for solution in solutions:
            observed = solution.get(value, "true") == "true" if arity == 2 else True
            target = solution[atom]
            inner = _negated(target)
            pairs.append((inner, not observed) if inner is not None else (target, observed))
    return pairs


def ground_program(
    kb: KnowledgeBase,
    queries: Sequence[Term] | None = None,
    evidence: Sequence[tuple[Term, bool]] | None = None,
    max_rules: int = MAX_GROUND_RULES,
    *,
    learning: bool = False,
) -> GroundProgram:
    r"""The relevant ground program of ``kb`` for its queries and evidence.

    Parameters
    ----------
    kb
        The knowledge base: its probabilistic clauses, the logic part they
        use, ``query/1`` and ``evidence/1,2``.
    queries
        Query atoms (a non-ground one stands for each of its answers;
        ``\+A`` asks for not A); ``kb.queries`` (or the ``query/1`` rules)
        when None.
    evidence
        ``(atom, value)`` pairs; ``kb.evidence`` when None.  Non-ground
        evidence atoms stand for every answer.
    max_rules
        Stop with a resource error past this many ground rules.
    learning
        Accept ``t(_)`` probabilities (their choices are listed in
        ``learnable``; the learner gives them their weights).

    Raises
    ------
    KBError
        For a clause ProbLog cannot ground (an unbound probability, a
        probabilistic clause whose head is not ground after its body, a
        probability outside [0, 1], annotated-disjunction probabilities summing
        over 1, a logic goal that does not terminate), with its file, line
        and column.
    InvalidParameterError
        For a query or evidence that is not an atom or names no predicate.
    ResourceLimitError
        When the grounding grows past ``max_rules``.
    """
    return run_deep(_ground, kb, queries, evidence, max_rules, learning)


def _ground(
    kb: KnowledgeBase,
    queries: Sequence[Term] | None,
    evidence: Sequence[tuple[Term, bool]] | None,
    max_rules: int,
    learning: bool,
) -> GroundProgram:
    try:
        return _ground_with(Grounder(kb, max_rules, learning), queries, evidence)
    except Impure:
        return _ground_with(Grounder(kb, max_rules, learning, per_call=True), queries, evidence)


def _ground_with(
    grounder: Grounder,
    queries: Sequence[Term] | None,
    evidence: Sequence[tuple[Term, bool]] | None,
) -> GroundProgram:
    kb = grounder.kb
    if queries is None:
        queries = _declared(grounder, Struct("query", (Var("Q"),)), kb.queries)
    if evidence is None:
        evidence = _declared_evidence(grounder, kb.evidence)
    questions = _Questions(grounder)
    query_nodes: dict[Term, None] = {}
    for query in queries:
        query_nodes.update(dict.fromkeys(questions.nodes(query, "query")))
    ground_evidence: list[tuple[Term, bool]] = []
    for atom, value in evidence:
        for node in questions.nodes(atom, "evidence"):
            ground_evidence.append((node, value))
    for node in query_nodes:
        grounder.rules.setdefault(node, [])
    for node, _ in ground_evidence:
        grounder.rules.setdefault(node, [])
    return GroundProgram(
        grounder.choices,
        grounder.rules,
        list(query_nodes),
        ground_evidence,
        grounder.learnable,
        questions.names,
    )
