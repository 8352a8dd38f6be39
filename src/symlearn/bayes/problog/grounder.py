r"""The grounder: top-down, tabled resolution of a ProbLog program's probabilistic part.

A call to a probabilistic predicate (see
:func:`~symlearn.bayes.problog.program_analysis.probabilistic_indicators`)
is resolved against its clauses and **tabled** by variant: a recursive
variant call consumes the answers found so far, and the strongly connected
set of calls is re-evaluated until no new answer or ground rule appears, so
every proof is found and the grounding ends on finite programs.  The goals
of a clause body are proved by :class:`~symlearn.bayes.problog.goals.Prover`
(conjunction, disjunction, negation, ``findall/3`` ..., the logic part by
the query engine).

Each ground instance of a probabilistic clause (all its variables bound;
ProbLog's choice identity) is an **independent choice**: ``p::h :- B`` gets
a Boolean choice ``c`` with ``P(c) = p`` and the ground rule ``h :- B, c``;
an annotated disjunction ``p1::h1; ...; pn::hn`` gets Booleans
``c1, ..., cn`` with ``P(ci) = pi / (1 - p1 - ... - p(i-1))`` and head ``i``
is chosen when ``\+c1, ..., \+c(i-1), ci`` (a sequential encoding of the
one-of-n choice whose choices stay independent).

**Answers.**  An answer of a call is its instance by a proof; a clause
without probabilities may leave head variables unbound (``p(X, Y) :- a(X).``
answers ``p(1, _)``), as in ProbLog; such an answer is kept with its
variables numbered (``p(1, '$VAR'(0))``) and renamed apart when used.  The
*node* of an answer (the ground-program atom its rules define) is the answer
itself: the answers of every call share their nodes, which is sound while
the program is pure.  ProbLog tables every call apart, and a program that
tests whether an argument is bound (``fill(A) :- A == unknown.``, see
:func:`~symlearn.bayes.problog.program_analysis.impure_indicators`) or negates
a goal with variables gives a non-ground call answers of its own.  When the
grounding meets such a call, it stops (:class:`Impure`) and starts again with
*per-call* nodes: an answer of a non-ground call is then the node
``'$in'(Call, Answer)``, whose rules are the proofs found for that call, as
in ProbLog.

**Negative heads.**  ``p::\+h :- B`` makes ``h`` false when it fires: the
positive clauses of ``h`` define ``'$pos'(h)``, the negative ones
``'$neg'(h)``, and ``h :- '$pos'(h), \+'$neg'(h)``.

Classes
-------
Grounder
"""

from __future__ import annotations

from collections.abc import Sequence

from symlearn.bayes.problog.goals import Proof, Prover, Source
from symlearn.bayes.problog.ground_program import (
    Choice,
    GroundRule,
    Literal,
    display_term,
    located_error,
)
from symlearn.bayes.problog.program_analysis import impure_indicators, probabilistic_indicators
from symlearn.bayes.problog.tables import Table, variant_key
from symlearn.engine import Engine
from symlearn.errors import ResourceLimitError
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_ground
from symlearn.logic.unify import substitute, unify

__all__ = ["MAX_GROUND_RULES", "MAX_TERM_DEPTH", "Grounder", "Impure", "variant_key"]

#: The most ground rules a grounding may make before it stops with a resource error.
MAX_GROUND_RULES = 500_000

#: The deepest ground atom the grounder makes before it calls the grounding infinite.
MAX_TERM_DEPTH = 100

#: The most inferences one goal of the logic part may take (it loops, else).
MAX_LOGIC_STEPS = 50_000_000


class Impure(Exception):
    """A grounder sharing answer nodes found that the program needs per-call ones."""


class Grounder(Prover):
    """Top-down grounding with tabling (see the module docstring)."""

    def __init__(
        self,
        kb: KnowledgeBase,
        max_rules: int,
        learning: bool = False,
        *,
        per_call: bool = False,
    ) -> None:
        unknown = kb.settings.get("unknown", "error")
        engine = Engine(
            kb,
            max_depth=100_000,
            max_steps=MAX_LOGIC_STEPS,
            unknown=unknown if unknown in ("fail", "error") else "error",  # type: ignore[arg-type]
        )
        super().__init__(kb, engine, probabilistic_indicators(kb))
        self.learning = learning
        self.per_call = per_call
        self.impure = impure_indicators(kb, self.probabilistic)
        self.sources: dict[Indicator, list[Source]] = {}
        self._add_sources(kb)
        self.first_argument: dict[Indicator, tuple[dict[Term, list[int]], list[int]]] = {}
        self.tables: dict[Term, Table] = {}
        self.stack: list[Table] = []
        self.touched: list[Table] = []
        self.low = 0
        self.epoch = 0
        self.size = 0
        self.max_rules = max_rules
        self.max_proofs = max_rules
        self.choices: list[Choice] = []
        self.choice_of: dict[tuple[int, tuple[Term, ...]], list[int]] = {}
        self.learnable: dict[int, tuple[int, int]] = {}
        self.rules: dict[Term, list[GroundRule]] = {}
        self.rule_set: set[tuple[Term, tuple[Literal, ...]]] = set()

    # -- the clauses of each probabilistic predicate ----------------------------------------

    def _add_sources(self, kb: KnowledgeBase) -> None:
        negated = {
            functor_of(h.args[0])
            for clause in kb.probabilistic
            for _, h in clause.heads
            if isinstance(h, Struct) and h.name == "\\+" and len(h.args) == 1
        }
        for number, clause in enumerate(kb.probabilistic):
            heads = tuple((p, _signed_head(h, negated)) for p, h in clause.heads)
            self._add(Source(number, heads, clause.body, clause.position))
        for indicator in self.probabilistic:
            predicate = kb.predicates.get(indicator)
            if predicate is None:
                continue
            for plain_clause, position in zip(predicate.clauses, predicate.positions):
                head = _signed_head(plain_clause.head, negated)
                self._add(Source(-1, ((1.0, head),), tuple(plain_clause.body), position))
        for name, arity in negated:
            head = Struct(name, tuple(Var(f"A{i}") for i in range(arity))) if arity else name
            body = (Struct("$pos", (head,)), Struct("\\+", (Struct("$neg", (head,)),)))
            self._add(Source(-1, ((1.0, head),), body, None))
        if negated:
            self.probabilistic |= {("$pos", 1), ("$neg", 1)}

    def _add(self, source: Source) -> None:
        for indicator in dict.fromkeys(functor_of(h) for _, h in source.heads):
            self.sources.setdefault(indicator, []).append(source)

    # -- tabled calls ----------------------------------------------------------------------

    def call(self, goal: Term) -> Table:
        """The table of a probabilistic ``goal``, evaluated (complete unless on a cycle)."""
        key = variant_key(goal)
        table = self.tables.get(key)
        if table is None:
            if key is not goal and not self.per_call and functor_of(goal) in self.impure:
                raise Impure
            table = self.tables[key] = Table(key, self.per_call and key is not goal)
        if table.complete:
            return table
        if table.index >= 0:  # a recursive variant call: consume the answers found so far
            self.low = min(self.low, table.index)
            return table
        if table.epoch == self.epoch:  # evaluated already in this round of its leader
            self.low = min(self.low, _stack_index(table))
            return table
        table.index = len(self.stack)
        self.stack.append(table)
        mark = len(self.touched)
        self.touched.append(table)
        outer_low = self.low
        while True:
            self.low = table.index
            size = self.size
            for source in self.candidates(goal):
                self.resolve(goal, source, table)
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
        return table

    def note_impure(self) -> None:
        """A goal was proved in a way that depends on how it was called (see :class:`Impure`)."""
        if not self.per_call:
            raise Impure

    def depth_mark(self) -> int:
        """Start watching: :meth:`consumed_below` tells whether a proof used a table below."""
        saved = self.low
        self.low = len(self.stack)
        return saved

    def consumed_below(self, saved_low: int) -> bool:
        """True when the goals proved since :meth:`depth_mark` used an incomplete table below.

        Restores the bookkeeping :meth:`depth_mark` changed.
        """
        below = self.low < len(self.stack)
        self.low = min(saved_low, self.low)
        return below

    def candidates(self, goal: Term) -> list[Source]:
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

    def resolve(self, goal: Term, source: Source, table: Table) -> None:
        """The answers of ``goal`` that ``source``'s clause proves, added to ``table``."""
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

            def add(proof: Proof, head: Term = head, index: int = index) -> None:
                bound, literals = proof
                values, probabilities = bound[: len(variables)], bound[len(variables) :]
                answer = substitute(head, dict(zip(variables, values)))
                if not is_ground(answer) and source.number >= 0:
                    raise located_error(
                        f"{format_term(answer)} is not ground after its body (in "
                        f"{source.text}): a probabilistic clause needs every variable of its "
                        "head bound (ProbLog's NonGroundProbabilisticClause)",
                        source.position,
                    )
                choice = self.choice_literals(source, index, values, probabilities)
                if choice is not None:
                    self.add_answer(table, answer, literals + choice, source)

            self.body(start, tracked, (), source, add)

    def resolve_ground(self, goal: Term, source: Source, table: Table) -> None:
        """:meth:`resolve` for a clause without variables (no renaming, no substitution)."""
        probabilities = tuple(p for p, _ in source.heads)
        for index, (_, head) in enumerate(source.heads):
            if functor_of(head) != functor_of(goal) or unify(head, goal) is None:
                continue

            def add(proof: Proof, head: Term = head, index: int = index) -> None:
                choice = self.choice_literals(source, index, (), probabilities)
                if choice is not None:
                    self.add_answer(table, head, proof[1] + choice, source)

            self.body(list(source.body), (), (), source, add)

    # -- choices ---------------------------------------------------------------------------

    def choice_literals(
        self,
        source: Source,
        index: int,
        values: Sequence[Term],
        probabilities: Sequence[Term],
    ) -> tuple[Literal, ...] | None:
        """The literals that choose head ``index`` of this ground clause instance (None: never)."""
        if source.number < 0:
            return ()
        instance = tuple(values)
        if not is_ground(Struct("i", instance)):  # variables left unbound: one choice for all
            instance = variant_key(Struct("i", instance)).args  # type: ignore[union-attr]
        key = (source.number, instance)
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
            bindings = dict(zip(source.variables, values))
            for i, p in enumerate(numbers):
                conditional = min(1.0, p / left) if left > 1e-15 else 0.0
                left -= p
                head = substitute(source.heads[i][1], bindings)
                made.append(len(self.choices))
                self.choices.append(Choice(conditional, source.number, instance, i, head))
                learnable = source.heads[i][0]
                if isinstance(learnable, Struct) and learnable.name == "t":
                    self.learnable[made[-1]] = (source.number, i)
            self.choice_of[key] = made
        if len(made) == 1 and self.choices[made[0]].probability == 1.0:
            return ()
        literals: list[Literal] = [(made[i], False) for i in range(index)]
        literals.append((made[index], True))
        return tuple(literals)

    def probability(self, term: Term, source: Source) -> float:
        """The number a probability term of ``source`` stands for (a located error if none)."""
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

    # -- answers and rules -----------------------------------------------------------------

    def add_answer(
        self, table: Table, answer: Term, body: tuple[Literal, ...], source: Source
    ) -> None:
        """Record an answer of ``table`` proved by ``body`` (a ground rule of its node)."""
        key = variant_key(answer)
        node = table.answers.get(key)
        if node is None:
            if _depth(key) > MAX_TERM_DEPTH:
                raise located_error(
                    f"the grounding does not terminate: {source.text} makes atoms nested deeper "
                    f"than {MAX_TERM_DEPTH} ({format_term(answer)[:60]}...); bound the recursion "
                    "(for instance with between/3) so that finitely many ground atoms are reached",
                    source.position,
                )
            node = Struct("$in", (table.key, key)) if table.per_call else key
            table.answers[key] = node
            table.order.append(key)
            if len(table.order) > self.max_rules // 5:
                raise ResourceLimitError(
                    f"resource error: the grounding does not terminate, or is too large: the call "
                    f"{format_term(display_term(table.key))} has more than {self.max_rules // 5} "
                    f"answers (from "
                    f"{source.text}); a recursion that counts up needs a bound"
                )
            if key is not answer:
                table.open_answers.add(key)
        self.add_rule(node, body, source)

    def add_rule(self, node: Term, body: tuple[Literal, ...], source: Source | None) -> None:
        """Add the ground rule ``node :- body`` (once), an instance of ``source``'s clause."""
        rule = (node, body)
        if rule in self.rule_set:
            return
        self.rule_set.add(rule)
        position = source.position if source is not None else None
        self.rules.setdefault(node, []).append(GroundRule(node, body, position))
        self.size += 1
        if self.size > self.max_rules:
            last = source.text if source is not None else format_term(node)
            raise ResourceLimitError(
                f"resource error: grounding made more than {self.max_rules} ground rules "
                f"(the last from {last}); the program is too large to ground, or its grounding "
                "is infinite"
            )

    def rules_of(self, node: Term) -> list[GroundRule]:
        """The ground rules of a node so far."""
        return self.rules.get(node, [])


def _signed_head(head: Term, negated: set[Indicator]) -> Term:
    r"""A head of a predicate with negative heads: ``'$pos'(h)`` or (for ``\+h``) ``'$neg'(h)``."""
    if isinstance(head, Struct) and head.name == "\\+" and len(head.args) == 1:
        return Struct("$neg", head.args)
    if functor_of(head) in negated:
        return Struct("$pos", (head,))
    return head


def _first_argument_index(
    indicator: Indicator, sources: Sequence[Source]
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


def _stack_index(table: Table) -> int:
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


def _number(value: Term) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)
