r"""Grounding a ProbLog program: the relevant ground program of its queries and evidence.

A ProbLog program (De Raedt, Kimmig & Toivonen 2007; Fierens et al. 2015)
may have logical variables everywhere: in probabilistic facts
(``0.6::lands_heads(_).``), annotated disjunctions
(``1/6::roll(D, 1); ...; 1/6::roll(D, 6) :- die(D).``), rules, ``query/1``
(``query(path(1, _)).`` asks every instance) and ``evidence/2``.  Its meaning
is that of its *ground* program, and only the part of it that the queries and
the evidence depend on matters.  :func:`ground_program` computes that part
top-down, as ProbLog does:

* a predicate is **probabilistic** when a probabilistic clause defines it or
  one of its clauses calls a probabilistic predicate (transitively); every
  other goal (the logic part, builtins such as ``member/2``, ``between/3``,
  arithmetic and comparisons, ``\+`` over the logic part) is answered by our
  own engine (:class:`~symlearn.engine.Engine`: SLD resolution with tabling);
* a call to a probabilistic predicate is resolved against its clauses and
  **tabled** by variant: a recursive variant call (``path/2`` over a cyclic
  graph) consumes the answers found so far, and the strongly connected set of
  calls is re-evaluated until no new answer or ground rule appears (so every
  ground proof is found and the grounding terminates on finite programs);
* each ground instance of a probabilistic clause (all its variables bound;
  ProbLog's choice identity) is an **independent choice**: a probabilistic
  fact or rule ``p::h :- B`` gets a Boolean choice ``c`` with ``P(c) = p``
  and the ground rule ``h :- B, c``; an annotated disjunction with
  probabilities ``p1, ..., pn`` gets Booleans ``c1, ..., cn`` with
  ``P(ci) = pi / (1 - p1 - ... - p(i-1))`` and head ``i`` is chosen when
  ``\+c1, ..., \+c(i-1), ci`` (a sequential encoding of the one-of-n choice
  whose choices stay independent, so that weighted model counting needs no
  extra constraint);
* ``\+ G`` on a probabilistic ``G`` (ground when it is called) is a negative
  literal of the ground program.

The result is a :class:`GroundProgram`: the independent Boolean choices with
their probabilities, and for each ground atom its ground rules (conjunctions
of literals over atoms and choices), with where each rule was written.

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

import linecache
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from symlearn.bayes.problog.strongly_connected import strongly_connected_components
from symlearn.engine import Engine
from symlearn.errors import (
    EngineLimitError,
    InvalidParameterError,
    KBError,
    ResourceLimitError,
    SymlearnError,
)
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import called_predicates, conjuncts
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_ground, term_variables
from symlearn.logic.unify import substitute, unify

__all__ = [
    "MAX_GROUND_RULES",
    "Choice",
    "GroundProgram",
    "GroundRule",
    "ground_program",
    "located_error",
]

#: The most ground rules a grounding may make before it stops with a resource error.
MAX_GROUND_RULES = 500_000

#: The deepest ground atom the grounder makes before it calls the grounding infinite.
MAX_TERM_DEPTH = 100

#: The most inferences one goal of the logic part may take (it loops, else).
MAX_LOGIC_STEPS = 50_000_000

#: A literal of a ground rule: (ground atom or choice index, positive).
Literal = tuple[Term | int, bool]


def located_error(message: str, position: SourcePosition | None) -> KBError:
    """A :class:`KBError` at ``position``, with the source line when the file can be read."""
    if position is None:
        return KBError(message)
    source = linecache.getline(position.path, position.line) or None
    return KBError(message, position.path, position.line, position.column, source)


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
        Ground atom -> its ground rules; an atom with no rule is false.
    queries
        The ground query atoms, in order (instances of non-ground queries included).
    evidence
        The ground ``(atom, value)`` evidence, in order.
    learnable
        Choice index -> the ``t(_)`` parameter it takes (clause number, head
        index), for learning.
    """

    choices: list[Choice]
    rules: dict[Term, list[GroundRule]]
    queries: list[Term]
    evidence: list[tuple[Term, bool]]
    learnable: dict[int, tuple[int, int]] = field(default_factory=dict)

    def atoms(self) -> list[Term]:
        """Every ground atom with rules, in the order found."""
        return list(self.rules)


@dataclass
class _Table:
    """A tabled call: its ground answers, and where it is on the call stack."""

    answers: dict[Term, None] = field(default_factory=dict)
    complete: bool = False
    index: int = -1
    epoch: int = -1  # the leader iteration it was last evaluated in (while incomplete)
    depends: _Table | None = None  # the lowest table on the stack it consumed from


@dataclass(frozen=True, slots=True)
class _Source:
    """A clause that defines a probabilistic predicate."""

    number: int  # index into kb.probabilistic, or -1 for a plain clause
    heads: tuple[tuple[Term, Term], ...]  # (probability term, head)
    body: tuple[Term, ...]
    position: SourcePosition | None
    variables: tuple[Var, ...] = ()  # of the probabilities, heads and body, in order

    @property
    def text(self) -> str:
        """The clause as written, for messages."""
        return _clause_text(self.heads, self.body, self.number < 0)


def _variant_key(goal: Term) -> Term:
    """The goal with its variables numbered in order, so that variants have equal keys."""
    variables = term_variables(goal)
    if not variables:
        return goal
    return substitute(goal, {v: Struct("$VAR", (i,)) for i, v in enumerate(variables)})


def _clause_text(heads: Sequence[tuple[Term, Term]], body: Sequence[Term], plain: bool) -> str:
    if plain:
        text = format_term(heads[0][1], max_priority=999)
    else:
        text = "; ".join(
            f"{format_term(p, max_priority=999)}::{format_term(h, max_priority=999)}"
            for p, h in heads
        )
    if body:
        text += " :- " + ", ".join(format_term(g, max_priority=999) for g in body)
    return text


def _probabilistic_indicators(kb: KnowledgeBase) -> set[Indicator]:
    """Predicates defined by probabilistic clauses or calling such predicates, transitively."""
    found = {functor_of(h) for clause in kb.probabilistic for _, h in clause.heads}
    callers: dict[Indicator, set[Indicator]] = {}
    for indicator, predicate in kb.predicates.items():
        for clause in predicate.clauses:
            for goal in clause.body:
                if _meta_call(goal):  # call(G): G may be probabilistic, ground it ourselves
                    found.add(indicator)
                for called in called_predicates(goal):
                    callers.setdefault(called, set()).add(indicator)
    graph_edges = [(caller, called) for called, cs in callers.items() for caller in cs]
    found |= _recursive_untabled(kb, graph_edges)
    stack = list(found)
    while stack:
        for caller in callers.get(stack.pop(), ()):
            if caller not in found:
                found.add(caller)
                stack.append(caller)
    return found


def _recursive_untabled(
    kb: KnowledgeBase, edges: list[tuple[Indicator, Indicator]]
) -> set[Indicator]:
    """User predicates on a recursive cycle that the knowledge base does not table.

    ProbLog tables every call; our engine tables what ``:- table`` declares.
    The grounder tables by variant, so it answers the recursive predicates
    (``q :- q.`` is false, as in ProbLog, instead of looping).
    """
    kept = [(a, b) for a, b in edges if a in kb.predicates and b in kb.predicates]
    nodes = list(dict.fromkeys(n for edge in kept for n in edge))
    number = {node: i for i, node in enumerate(nodes)}
    uses: list[list[int]] = [[] for _ in nodes]
    for a, b in kept:
        uses[number[a]].append(number[b])
    recursive: set[Indicator] = set()
    for component in strongly_connected_components(uses):
        if len(component) > 1 or component[0] in uses[component[0]]:
            recursive.update(nodes[i] for i in component)
    return {indicator for indicator in recursive if indicator not in kb.tabled}


def _meta_call(goal: Term) -> bool:
    """True for a body goal that calls a goal known only at run time (``G``, ``call(G, ...)``)."""
    if isinstance(goal, Var):
        return True
    if isinstance(goal, Struct):
        if goal.name == "call" and goal.args and isinstance(goal.args[0], Var):
            return True
        if goal.name in (",", ";", "->", "\\+", "not") and len(goal.args) in (1, 2):
            return any(_meta_call(a) for a in goal.args)
    return False


def _number(value: Term) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


class _Grounder:
    """Top-down grounding with tabling (see the module docstring)."""

    def __init__(
        self,
        kb: KnowledgeBase,
        max_rules: int,
        learning: bool = False,
    ) -> None:
        self.kb = kb
        self.learning = learning
        self.engine = Engine(kb, max_depth=100_000, max_steps=MAX_LOGIC_STEPS)
        self.probabilistic = _probabilistic_indicators(kb)
        self.sources: dict[Indicator, list[_Source]] = {}
        for number, clause in enumerate(kb.probabilistic):
            variables = _variables(clause.heads, clause.body)
            source = _Source(number, clause.heads, clause.body, clause.position, variables)
            for indicator in dict.fromkeys(functor_of(h) for _, h in clause.heads):
                self.sources.setdefault(indicator, []).append(source)
        for indicator in self.probabilistic:
            predicate = kb.predicates.get(indicator)
            if predicate is None:
                continue
            for plain_clause, position in zip(predicate.clauses, predicate.positions):
                heads = ((1.0, plain_clause.head),)
                body = tuple(plain_clause.body)
                plain = _Source(-1, heads, body, position, _variables(heads, body))
                self.sources.setdefault(indicator, []).append(plain)
        self.first_argument: dict[Indicator, tuple[dict[Term, list[int]], list[int]]] = {}
        self.tables: dict[Term, _Table] = {}
        self.stack: list[_Table] = []
        self.touched: list[_Table] = []
        self.low = 0
        self.epoch = 0
        self.size = 0
        self.max_rules = max_rules
        self.choices: list[Choice] = []
        self.choice_of: dict[tuple[int, tuple[Term, ...]], list[int]] = {}
        self.learnable: dict[int, tuple[int, int]] = {}
        self.rules: dict[Term, list[GroundRule]] = {}
        self.rule_set: set[tuple[Term, tuple[Literal, ...]]] = set()

    # -- answering goals -------------------------------------------------------------------

    def is_probabilistic(self, goal: Term) -> bool:
        return isinstance(goal, (str, Struct)) and functor_of(goal) in self.probabilistic

    def logic_solutions(self, goal: Term, source: _Source | None) -> Iterator[dict[Var, Term]]:
        """Solutions of a goal of the logic part, by the engine."""
        try:
            yield from self.engine.solve(goal)
        except EngineLimitError as error:
            where = source.position if source else None
            raise located_error(
                f"{format_term(goal)} does not terminate ({error}); declare the recursive "
                "predicate with :- table Name/Arity.",
                where,
            ) from None
        except KBError as error:
            if source is None or error.path is not None:
                raise
            raise located_error(f"{error} (in {source.text})", source.position) from None
        except SymlearnError as error:
            if source is None:
                raise
            raise located_error(f"{error} (in {source.text})", source.position) from None

    def call(self, goal: Term) -> dict[Term, None]:
        """The ground instances of a probabilistic ``goal`` that have ground rules (tabled)."""
        key = _variant_key(goal)
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = _Table()
        if table.complete:
            return table.answers
        if table.index >= 0:  # a recursive variant call: consume the answers found so far
            self.low = min(self.low, table.index)
            return table.answers
        if table.epoch == self.epoch:  # evaluated already in this round of its leader
            self.low = min(self.low, _stack_index(table))
            return table.answers
        table.index = len(self.stack)
        self.stack.append(table)
        mark = len(self.touched)
        self.touched.append(table)
        outer_low = self.low
        while True:
            self.low = table.index
            size = self.size
            self.evaluate(goal, table)
            if self.low < table.index or self.size == size:
                break
            self.epoch += 1  # a new round: what was evaluated in the last one is stale
        self.stack.pop()
        index, table.index = table.index, -1
        if self.low >= index:  # the leader of its calls: they are all complete
            for done in self.touched[mark:]:
                done.complete = True
            del self.touched[mark:]
            self.low = outer_low
        else:
            table.epoch = self.epoch
            table.depends = self.stack[self.low]
            self.low = min(outer_low, self.low)
        return table.answers

    def evaluate(self, goal: Term, table: _Table) -> None:
        for source in self.candidates(goal):
            self.resolve(goal, source, table)

    def candidates(self, goal: Term) -> list[_Source]:
        """The clauses whose heads may match ``goal`` (indexed on the first argument)."""
        indicator = functor_of(goal)
        sources = self.sources.get(indicator, [])
        if len(sources) < 8 or not isinstance(goal, Struct):
            return sources
        first = goal.args[0]
        if isinstance(first, (Var, Struct)):
            return sources
        index = self.first_argument.get(indicator)
        if index is None:
            index = self.first_argument[indicator] = _first_argument_index(indicator, sources)
        keyed, open_ = index
        found = keyed.get(first, [])
        if not open_:
            return [sources[i] for i in found]
        return [sources[i] for i in sorted([*found, *open_])]

    def resolve(self, goal: Term, source: _Source, table: _Table) -> None:
        if not source.variables:
            self.resolve_ground(goal, source, table)
            return
        renaming = {v: Var(v.name) for v in source.variables}
        heads = [(substitute(p, renaming), substitute(h, renaming)) for p, h in source.heads]
        body = [substitute(g, renaming) for g in source.body]
        variables = list(renaming.values())
        for index, (_, head) in enumerate(heads):
            if functor_of(head) != functor_of(goal):
                continue
            bindings = unify(head, goal)
            if bindings is None:
                continue
            start = [substitute(g, bindings) for g in body]
            tracked = tuple(substitute(t, bindings) for t in [*variables, *(p for p, _ in heads)])
            for bound, literals in self.body(start, tracked, (), source):
                values, probabilities = bound[: len(variables)], bound[len(variables) :]
                ground_head = substitute(heads[index][1], dict(zip(variables, values)))
                if not is_ground(ground_head):
                    raise located_error(
                        f"{format_term(ground_head)} is not ground after its body "
                        f"(in {source.text}); ProbLog needs every head variable bound",
                        source.position,
                    )
                choice = self.choice_literals(source, index, values, probabilities)
                if choice is None:
                    continue
                self.add_rule(ground_head, literals + choice, source, table)

    def resolve_ground(self, goal: Term, source: _Source, table: _Table) -> None:
        """:meth:`resolve` for a clause without variables (no renaming, no substitution)."""
        probabilities = tuple(p for p, _ in source.heads)
        for index, (_, head) in enumerate(source.heads):
            if functor_of(head) != functor_of(goal) or unify(head, goal) is None:
                continue
            for _, literals in self.body(list(source.body), (), (), source):
                choice = self.choice_literals(source, index, (), probabilities)
                if choice is not None:
                    self.add_rule(head, literals + choice, source, table)

    def choice_literals(
        self,
        source: _Source,
        index: int,
        values: Sequence[Term],
        probabilities: Sequence[Term],
    ) -> tuple[Literal, ...] | None:
        """The literals that choose head ``index`` of this ground clause instance (None: never)."""
        if source.number < 0:
            return ()
        key = (source.number, tuple(values))
        made = self.choice_of.get(key)
        if made is None:
            numbers = [self.probability(p, source) for p in probabilities]
            if len(numbers) > 1 and sum(numbers) > 1 + 1e-9:
                raise located_error(
                    f"the probabilities of {source.text} sum to {sum(numbers):g}, more than 1",
                    source.position,
                )
            made = []
            left = 1.0
            for i, p in enumerate(numbers):
                conditional = min(1.0, p / left) if left > 1e-15 else 0.0
                left -= p
                head = substitute(source.heads[i][1], _bindings(source, values))
                made.append(len(self.choices))
                self.choices.append(Choice(conditional, source.number, tuple(values), i, head))
                learnable = source.heads[i][0]
                if isinstance(learnable, Struct) and learnable.name == "t":
                    self.learnable[made[-1]] = (source.number, i)
            self.choice_of[key] = made
        if len(made) == 1 and self.choices[made[0]].probability == 1.0:
            return ()
        literals: list[Literal] = [(made[i], False) for i in range(index)]
        literals.append((made[index], True))
        return tuple(literals)

    def probability(self, term: Term, source: _Source) -> float:
        if isinstance(term, Struct) and term.name == "t" and len(term.args) == 1:
            value = _number(term.args[0])
            if value is None and self.learning:
                value = 0.5  # a placeholder: the learner sets the weights of learnable choices
            if value is None:
                raise located_error(
                    f"{source.text} has the learnable probability {format_term(term)}; "
                    "inference needs numbers (learn it with symlearn learn problog-lfi)",
                    source.position,
                )
            return value
        value = _number(term)
        if value is None:
            if not is_ground(term):
                raise located_error(
                    f"the probability {format_term(term)} is not bound by the body of "
                    f"{source.text}",
                    source.position,
                )
            result = Var("P")
            solutions = list(self.logic_solutions(Struct("is", (result, term)), source))
            value = _number(solutions[0][result]) if solutions else None
            if value is None:
                raise located_error(
                    f"the probability {format_term(term)} of {source.text} is not a number",
                    source.position,
                )
        if not 0.0 <= value <= 1.0:
            raise located_error(
                f"the probability {format_term(term)} = {value:g} of {source.text} is outside "
                "[0, 1]",
                source.position,
            )
        return value

    def add_rule(
        self, head: Term, body: tuple[Literal, ...], source: _Source, table: _Table
    ) -> None:
        key = (head, body)
        if key not in self.rule_set and _depth(head) > MAX_TERM_DEPTH:
            raise located_error(
                f"the grounding does not terminate: {source.text} makes atoms nested deeper "
                f"than {MAX_TERM_DEPTH} ({format_term(head)[:60]}...); bound the recursion "
                "(for instance with between/3) so that finitely many ground atoms are reached",
                source.position,
            )
        if key in self.rule_set:
            table.answers.setdefault(head, None)
            return
        self.rule_set.add(key)
        self.rules.setdefault(head, []).append(GroundRule(head, body, source.position))
        if head not in table.answers:
            table.answers[head] = None
        self.size += 1
        if self.size > self.max_rules:
            raise ResourceLimitError(
                f"resource error: grounding made more than {self.max_rules} ground rules "
                f"(the last from {source.text}); the program is too large to ground, or its "
                "grounding is infinite"
            )

    # -- bodies ----------------------------------------------------------------------------

    def body(
        self,
        goals: Sequence[Term],
        tracked: tuple[Term, ...],
        literals: tuple[Literal, ...],
        source: _Source,
    ) -> Iterator[tuple[tuple[Term, ...], tuple[Literal, ...]]]:
        """Each way to prove ``goals``: the tracked terms bound, and the literals used."""
        if not goals:
            yield tracked, literals
            return
        goal, rest = goals[0], goals[1:]
        if isinstance(goal, Var):
            raise located_error(f"a variable goal in {source.text} is not bound", source.position)
        if isinstance(goal, Struct) and goal.name == "," and len(goal.args) == 2:
            yield from self.body([*conjuncts(goal), *rest], tracked, literals, source)
            return
        if goal == "true":
            yield from self.body(rest, tracked, literals, source)
            return
        if isinstance(goal, Struct) and goal.name == "call" and goal.args:
            called = goal.args[0]
            if isinstance(called, Struct) and len(goal.args) > 1:
                called = Struct(called.name, called.args + goal.args[1:])
            elif isinstance(called, str) and len(goal.args) > 1:
                called = Struct(called, goal.args[1:])
            if isinstance(called, (str, Struct)) and self.mentions_probabilistic(called):
                yield from self.body([called, *rest], tracked, literals, source)
                return
        if not self.mentions_probabilistic(goal):
            for solution in list(self.logic_solutions(goal, source)):
                yield from self.body(
                    [substitute(g, solution) for g in rest],
                    tuple(substitute(t, solution) for t in tracked),
                    literals,
                    source,
                )
            return
        if isinstance(goal, Struct) and goal.name == ";" and len(goal.args) == 2:
            left, right = goal.args
            if isinstance(left, Struct) and left.name in ("->", "*->"):
                raise located_error(
                    f"if-then-else over probabilistic goals in {source.text} is not supported "
                    "(write it with \\+)",
                    source.position,
                )
            for branch in (left, right):
                yield from self.body([branch, *rest], tracked, literals, source)
            return
        if isinstance(goal, Struct) and goal.name in ("\\+", "not") and len(goal.args) == 1:
            yield from self.negation(goal.args[0], rest, tracked, literals, source)
            return
        if not self.is_probabilistic(goal):
            raise located_error(
                f"{format_term(goal)} in {source.text} calls probabilistic predicates inside "
                "a construct the grounder cannot look through (use , ; \\+ and call/N)",
                source.position,
            )
        for answer in list(self.call(goal)):
            bindings = unify(goal, answer)
            if bindings is None:
                continue
            yield from self.body(
                [substitute(g, bindings) for g in rest],
                tuple(substitute(t, bindings) for t in tracked),
                (*literals, (answer, True)),
                source,
            )

    def negation(
        self,
        goal: Term,
        rest: Sequence[Term],
        tracked: tuple[Term, ...],
        literals: tuple[Literal, ...],
        source: _Source,
    ) -> Iterator[tuple[tuple[Term, ...], tuple[Literal, ...]]]:
        if not self.is_probabilistic(goal):
            raise located_error(
                f"\\+ {format_term(goal)} in {source.text}: negate an atom of a probabilistic "
                "predicate, not a compound goal",
                source.position,
            )
        if not is_ground(goal):
            raise located_error(
                f"\\+ {format_term(goal)} in {source.text} is not ground when it is called "
                "(ProbLog negates ground atoms only: bind its variables first)",
                source.position,
            )
        answers = self.call(goal)
        table = self.tables[_variant_key(goal)]
        if table.complete and goal not in answers:
            yield from self.body(rest, tracked, literals, source)  # \+ of a false atom holds
            return
        yield from self.body(rest, tracked, (*literals, (goal, False)), source)

    def mentions_probabilistic(self, goal: Term) -> bool:
        if not isinstance(goal, (str, Struct)):
            return False
        return any(c in self.probabilistic for c in called_predicates(goal))


def _first_argument_index(
    indicator: Indicator, sources: Sequence[_Source]
) -> tuple[dict[Term, list[int]], list[int]]:
    """Source numbers by the constant first argument of their heads, and those without one."""
    keyed: dict[Term, list[int]] = {}
    open_: list[int] = []
    for number, source in enumerate(sources):
        firsts = [
            h.args[0]
            for _, h in source.heads
            if isinstance(h, Struct) and functor_of(h) == indicator
        ]
        if all(not isinstance(f, (Var, Struct)) for f in firsts):
            for first in dict.fromkeys(firsts):
                keyed.setdefault(first, []).append(number)
        else:
            open_.append(number)
    return keyed, open_


def _stack_index(table: _Table) -> int:
    """Where the lowest table ``table`` depends on sits on the stack now.

    A table evaluated earlier in this round depended on a table below it;
    that one may have returned since (it depended on one lower still).
    """
    found = table.depends
    while found is not None and found.index < 0:
        found = found.depends
    return found.index if found is not None else 0


def _depth(term: Term) -> int:
    """The nesting depth of a term (1 for a constant), without recursion."""
    deepest = 0
    stack = [(term, 1)]
    while stack:
        current, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(current, Struct):
            stack.extend((a, depth + 1) for a in current.args)
    return deepest


def _variables(heads: Sequence[tuple[Term, Term]], body: Sequence[Term]) -> tuple[Var, ...]:
    """The variables of a clause's probabilities, heads and body, in order."""
    return tuple(term_variables(*(p for p, _ in heads), *(h for _, h in heads), *body))


def _bindings(source: _Source, values: Sequence[Term]) -> dict[Var, Term]:
    return dict(zip(source.variables, values))


def _ground_atoms(grounder: _Grounder, goal: Term, what: str) -> list[Term]:
    if isinstance(goal, Var) or not isinstance(goal, (str, Struct)):
        raise InvalidParameterError(f"{what} {format_term(goal)} is not an atom")
    indicator = functor_of(goal)
    if indicator in grounder.probabilistic:
        return list(grounder.call(goal))
    if not grounder.kb.defines(*indicator):
        raise InvalidParameterError(
            f"{what} {format_term(goal)}: {indicator[0]}/{indicator[1]} is not defined by "
            "any clause"
        )
    found: dict[Term, None] = {}
    for solution in grounder.logic_solutions(goal, None):
        atom = substitute(goal, solution)
        if not is_ground(atom):
            raise InvalidParameterError(f"{what} {format_term(goal)} has a non-ground answer")
        found[atom] = None
        if atom not in grounder.rules:
            grounder.rules[atom] = [GroundRule(atom, ())]
    return list(found)


def _has_rules(kb: KnowledgeBase, indicator: Indicator) -> bool:
    predicate = kb.predicates.get(indicator)
    return predicate is not None and any(c.body for c in predicate.clauses)


def _declared(grounder: _Grounder, goal: Struct, facts: Sequence[Term]) -> list[Term]:
    """The ``query/1`` atoms: the facts, or every answer when rules define some."""
    if not _has_rules(grounder.kb, functor_of(goal)):
        return list(facts)
    return [solution[goal.args[0]] for solution in grounder.logic_solutions(goal, None)]  # type: ignore[index]


def _declared_pairs(
    grounder: _Grounder, facts: Sequence[tuple[Term, bool]]
) -> list[tuple[Term, Term]]:
    """The ``evidence/1,2`` pairs: the facts, or every answer when rules define some."""
    if not (_has_rules(grounder.kb, ("evidence", 2)) or _has_rules(grounder.kb, ("evidence", 1))):
        return [(atom, "true" if value else "false") for atom, value in facts]
    pairs: list[tuple[Term, Term]] = []
    atom, value = Var("A"), Var("V")
    for arity in (1, 2):
        if not grounder.kb.defines("evidence", arity):
            continue
        goal = Struct("evidence", (atom, value) if arity == 2 else (atom,))
        for solution in grounder.logic_solutions(goal, None):
            pairs.append((solution[atom], solution[value] if arity == 2 else "true"))
    return pairs


def ground_program(
    kb: KnowledgeBase,
    queries: Sequence[Term] | None = None,
    evidence: Sequence[tuple[Term, bool]] | None = None,
    max_rules: int = MAX_GROUND_RULES,
    *,
    learning: bool = False,
) -> GroundProgram:
    """The relevant ground program of ``kb`` for its queries and evidence.

    Parameters
    ----------
    kb
        The knowledge base: its probabilistic clauses, the logic part they
        use, ``query/1`` and ``evidence/2``.
    queries
        Query atoms (a non-ground one stands for each of its instances that
        can be true); ``kb.queries`` when None.
    evidence
        ``(atom, value)`` pairs; ``kb.evidence`` when None.  Non-ground
        evidence atoms stand for every instance that can be true.
    max_rules
        Stop with a resource error past this many ground rules.
    learning
        Accept ``t(_)`` probabilities (their choices are listed in
        ``learnable``; the learner gives them their weights).

    Raises
    ------
    KBError
        For a clause ProbLog cannot ground (an unbound head variable or
        probability, negation of a non-ground atom, a probability outside
        [0, 1], annotated-disjunction probabilities summing over 1, a logic
        goal that does not terminate), with its file, line and column.
    InvalidParameterError
        For a query or evidence that is not an atom or names no predicate.
    ResourceLimitError
        When the grounding grows past ``max_rules``.
    """
    grounder = _Grounder(kb, max_rules, learning)
    if queries is None:
        queries = _declared(grounder, Struct("query", (Var("Q"),)), kb.queries)
    if evidence is None:
        evidence = [
            (atom, value == "true") for atom, value in _declared_pairs(grounder, kb.evidence)
        ]
    query_atoms: dict[Term, None] = {}
    for query in queries:
        instances = _ground_atoms(grounder, query, "query")
        query_atoms.update(dict.fromkeys([query] if is_ground(query) else instances))
    ground_evidence: list[tuple[Term, bool]] = []
    for atom, value in evidence:
        instances = _ground_atoms(grounder, atom, "evidence")
        if is_ground(atom):
            ground_evidence.append((atom, value))
        else:
            ground_evidence.extend((instance, value) for instance in instances)
    for query in query_atoms:
        grounder.rules.setdefault(query, [])
    for atom, _ in ground_evidence:
        grounder.rules.setdefault(atom, [])
    return GroundProgram(
        grounder.choices,
        grounder.rules,
        list(query_atoms),
        ground_evidence,
        grounder.learnable,
    )
