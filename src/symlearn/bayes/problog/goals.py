r"""Proving the body of a clause while grounding: every way to prove it, and the literals used.

:meth:`Prover.body` gives, for each proof of a list of goals, the values of
the terms it tracks and the literals of the ground program the proof uses.
A goal is

* a call of a probabilistic predicate: one proof per answer of its table,
  using the answer's node (:meth:`~symlearn.bayes.problog.tables.Table.each_answer`);
* a goal of the logic part (no probabilistic predicate in it): its
  solutions, from the query engine, use no literal;
* ``,``, ``;``, if-then-else whose condition is logic, ``call/N``,
  ``try_call/N``, ``call_nc/N``: as in Prolog;
* ``\+ G`` (or ``not G``): a ground probabilistic atom is a negative
  literal; any other goal (a conjunction, a goal with variables: "no proof
  of G exists", as ProbLog reads it) is the negation of a node ``'$goal'(G)``
  whose rules are G's proofs;
* ``findall(T, G, L)``, ``all(T, G, L)``, ``all_or_none(T, G, L)`` over
  probabilistic goals, as ProbLog defines them: each proof of G (for
  ``all``, each distinct answer) is kept or not, every subset giving the
  list of its templates in order, with the literals "these proofs hold and
  the others do not" (``all`` never gives ``[]``, ``findall`` and
  ``all_or_none`` do);
* ``subquery(G, P)`` (``subquery(G, P, Evidence)``, ``subquery(G, P,
  Evidence, Semiring, Evaluator)``): P is the probability of G given the
  evidence, computed by grounding and compiling G on its own.

Classes
-------
Prover, Source
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from symlearn.bayes.problog.ground_program import GroundRule, Literal, located_error
from symlearn.bayes.problog.tables import Table, variant_key
from symlearn.engine import Engine
from symlearn.engine.arithmetic import PrologThrow, compare_numbers, evaluate
from symlearn.errors import (
    EngineLimitError,
    KBError,
    ResourceLimitError,
    SymlearnError,
)
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import called_predicates, conjuncts
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import (
    Struct,
    Term,
    Var,
    functor_of,
    is_ground,
    make_list,
    term_variables,
)
from symlearn.logic.unify import substitute, unify

__all__ = ["MAX_SUBSETS", "Prover", "Source"]

#: The most proofs ``findall/3`` and ``all/3`` enumerate the subsets of (2 ** this lists).
MAX_SUBSETS = 20

_CALLS = ("call", "try_call", "call_nc")
_COLLECTORS = ("findall", "all", "all_or_none")

Proof = tuple[tuple[Term, ...], tuple[Literal, ...]]
#: What receives each proof of a body as it is found.
Emit = Callable[[Proof], None]


@dataclass(frozen=True, slots=True)
class Source:
    """A clause that defines a probabilistic predicate."""

    number: int  # index into kb.probabilistic, or -1 for a plain clause
    heads: tuple[tuple[Term, Term], ...]  # (probability term, head)
    body: tuple[Term, ...]
    position: SourcePosition | None
    variables: tuple[Var, ...] = field(default=(), init=False)

    def __post_init__(self) -> None:
        variables = term_variables(
            *(p for p, _ in self.heads), *(h for _, h in self.heads), *self.body
        )
        object.__setattr__(self, "variables", tuple(variables))

    @property
    def text(self) -> str:
        """The clause as written, for messages."""
        if self.number < 0:
            text = format_term(self.heads[0][1], max_priority=999)
        else:
            text = "; ".join(
                f"{format_term(p, max_priority=999)}::{format_term(h, max_priority=999)}"
                for p, h in self.heads
            )
        if self.body:
            text += " :- " + ", ".join(format_term(g, max_priority=999) for g in self.body)
        return text


class Prover:
    """Proves clause bodies for the grounder (see the module docstring).

    The grounder provides :meth:`call` (a tabled call), :meth:`add_rule`,
    :meth:`rules_of`, :meth:`note_impure`, and :meth:`depth_mark` with
    :meth:`consumed_below` (whether a proof used a table still on the stack).
    """

    def __init__(self, kb: KnowledgeBase, engine: Engine, probabilistic: set[Indicator]) -> None:
        self.kb = kb
        self.engine = engine
        self.probabilistic = probabilistic
        self.conjunctions: dict[tuple[tuple[Literal, ...], ...], Term] = {}
        #: The most proofs one clause body may have (the grounder's rule limit).
        self.max_proofs = 1 << 62

    # provided by the grounder
    def call(self, goal: Term) -> Table:  # pragma: no cover - overridden
        """The table of a probabilistic goal, evaluated."""
        raise NotImplementedError

    def add_rule(
        self, node: Term, body: tuple[Literal, ...], source: Source | None
    ) -> None:  # pragma: no cover - overridden
        """Add a ground rule of a node."""
        raise NotImplementedError

    def depth_mark(self) -> int:  # pragma: no cover - overridden
        """Start watching for the use of a table still on the stack."""
        raise NotImplementedError

    def note_impure(self) -> None:  # pragma: no cover - overridden
        """A goal was proved in a way that depends on how it was called."""
        raise NotImplementedError

    def consumed_below(self, saved_low: int) -> bool:  # pragma: no cover - overridden
        """Whether a table still on the stack was used since :meth:`depth_mark`."""
        raise NotImplementedError

    # -- what a goal is --------------------------------------------------------------------

    def is_probabilistic(self, goal: Term) -> bool:
        """True for a call of a predicate the grounder resolves."""
        return isinstance(goal, (str, Struct)) and functor_of(goal) in self.probabilistic

    def mentions_probabilistic(self, goal: Term) -> bool:
        """True when the goal calls (or collects, or negates) such a predicate."""
        if not isinstance(goal, (str, Struct)):
            return False
        return any(c in self.probabilistic for c in called_predicates(goal))

    # -- the logic part --------------------------------------------------------------------

    def logic_solutions(self, goal: Term, source: Source | None) -> Iterator[dict[Var, Term]]:
        """Solutions of a goal of the logic part, by the engine."""
        if _unbounded_between(goal):
            where = source.position if source else None
            text = f" (in {source.text})" if source else ""
            raise located_error(
                f"the grounding does not terminate: {format_term(goal)} has infinitely many "
                f"solutions{text}; bound it",
                where,
            )
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
            if source is None or isinstance(error, ResourceLimitError):
                raise
            raise located_error(f"{error} (in {source.text})", source.position) from None

    # -- bodies ----------------------------------------------------------------------------

    def too_many(self, goal: Term, source: Source) -> ResourceLimitError:
        """The error for a body with more proofs than the grounding may make rules."""
        return ResourceLimitError(
            f"resource error: {format_term(goal)} in {source.text} has more than "
            f"{self.max_proofs} proofs; the program is too large to ground, or its grounding "
            "is infinite"
        )

    def body(
        self,
        goals: Sequence[Term],
        tracked: tuple[Term, ...],
        literals: tuple[Literal, ...],
        source: Source,
        emit: Emit,
    ) -> None:
        """Each way to prove ``goals``, given to ``emit``: the tracked terms bound, the literals.

        A proof is given as soon as it is found (the grounder adds its answer
        at once: a recursion then consumes it in the same round).
        """
        if not goals:
            emit((tracked, literals))
            return
        goal, rest = goals[0], goals[1:]
        if isinstance(goal, Var):
            raise located_error(f"a variable goal in {source.text} is not bound", source.position)
        if isinstance(goal, Struct) and goal.name == "," and len(goal.args) == 2:
            self.body([*conjuncts(goal), *rest], tracked, literals, source, emit)
        elif goal == "true":
            self.body(rest, tracked, literals, source, emit)
        elif self.special(goal, rest, tracked, literals, source, emit):
            pass
        elif not self.mentions_probabilistic(goal):
            quick = _evaluated(goal)
            for solution in quick if quick is not None else self.logic_solutions(goal, source):
                self.body(
                    [substitute(g, solution) for g in rest],
                    tuple(substitute(t, solution) for t in tracked),
                    literals,
                    source,
                    emit,
                )
        elif isinstance(goal, Struct) and goal.name == ";" and len(goal.args) == 2:
            for branch in goal.args:
                self.body([branch, *rest], tracked, literals, source, emit)
        elif isinstance(goal, Struct) and goal.name in ("\\+", "not") and len(goal.args) == 1:
            self.negation(goal.args[0], rest, tracked, literals, source, emit)
        elif not self.is_probabilistic(goal):
            raise located_error(
                f"{format_term(goal)} in {source.text} calls probabilistic predicates inside "
                "a construct the grounder cannot look through (use , ; \\+, call/N, findall/3, "
                "all/3 or a predicate of your own)",
                source.position,
            )
        else:
            for answer, node in self.call(goal).each_answer():
                bindings = unify(goal, answer)
                if bindings is not None:
                    self.body(
                        [substitute(g, bindings) for g in rest],
                        tuple(substitute(t, bindings) for t in tracked),
                        (*literals, (node, True)),
                        source,
                        emit,
                    )

    def proofs(self, goal: Term, template: Term, source: Source) -> tuple[list[Proof], bool]:
        """Every proof of ``goal`` (the template as bound by each), and whether one used a table.

        The table is one still being evaluated (a cycle through the construct
        asking).

        Raises
        ------
        ResourceLimitError
            Past the grounder's limit of ground rules (the proofs would make more).
        """
        found: list[Proof] = []

        def keep(proof: Proof) -> None:
            found.append(proof)
            if len(found) > self.max_proofs:
                raise self.too_many(goal, source)

        saved = self.depth_mark()
        self.body([goal], (template,), (), source, keep)
        return found, self.consumed_below(saved)

    def special(
        self,
        goal: Term,
        rest: Sequence[Term],
        tracked: tuple[Term, ...],
        literals: tuple[Literal, ...],
        source: Source,
        emit: Emit,
    ) -> bool:
        """Prove a construct the grounder runs itself; False when ``goal`` is not one."""
        if not isinstance(goal, Struct):
            return False
        name, arity = goal.name, len(goal.args)
        left = goal.args[0] if goal.args else None
        if name in _CALLS and arity >= 1:
            called = _with_arguments(goal.args[0], goal.args[1:])
            if not (isinstance(called, (str, Struct)) and self.mentions_probabilistic(called)):
                return False
            self.body([called, *rest], tracked, literals, source, emit)
        elif name == "subquery" and arity in (2, 3, 5):
            self.subquery(goal, rest, tracked, literals, source, emit)
        elif name in _COLLECTORS and arity == 3 and self.mentions_probabilistic(goal.args[1]):
            self.collect(goal, rest, tracked, literals, source, emit)
        elif (
            name == ";"
            and arity == 2
            and isinstance(left, Struct)
            and left.name in ("->", "*->")
            and len(left.args) == 2
            and self.mentions_probabilistic(goal)
        ):
            self.if_then_else(goal, rest, tracked, literals, source, emit)
        elif name in ("->", "*->") and arity == 2 and self.mentions_probabilistic(goal):
            otherwise = Struct(";", (goal, "fail"))
            self.if_then_else(otherwise, rest, tracked, literals, source, emit)
        else:
            return False
        return True

    def if_then_else(
        self,
        goal: Struct,
        rest: Sequence[Term],
        tracked: tuple[Term, ...],
        literals: tuple[Literal, ...],
        source: Source,
        emit: Emit,
    ) -> None:
        """``(C -> T ; E)`` and ``(C *-> T ; E)`` whose condition is logic (the engine's)."""
        condition_goal, alternative = goal.args
        assert isinstance(condition_goal, Struct)
        condition, then = condition_goal.args
        if self.mentions_probabilistic(condition):
            raise located_error(
                f"if-then-else over probabilistic goals in {source.text} is not supported "
                "(write it with \\+)",
                source.position,
            )
        solutions = self.logic_solutions(condition, source)
        if condition_goal.name == "->":
            first = next(solutions, None)
            held = [] if first is None else [first]
        else:
            held = list(solutions)
        if not held:
            self.body([alternative, *rest], tracked, literals, source, emit)
        for solution in held:
            self.body(
                [substitute(g, solution) for g in (then, *rest)],
                tuple(substitute(t, solution) for t in tracked),
                literals,
                source,
                emit,
            )

    # -- negation --------------------------------------------------------------------------

    def negation(
        self,
        goal: Term,
        rest: Sequence[Term],
        tracked: tuple[Term, ...],
        literals: tuple[Literal, ...],
        source: Source,
        emit: Emit,
    ) -> None:
        r"""``\+ goal``: a negative literal (see the module docstring)."""
        if self.is_probabilistic(goal) and is_ground(goal):
            table = self.call(goal)
            node = table.answers.get(goal)
            if node is None and table.complete:  # \+ of a false atom holds
                self.body(rest, tracked, literals, source, emit)
            else:
                self.body(rest, tracked, (*literals, (node or goal, False)), source, emit)
            return
        if not is_ground(goal):
            self.note_impure()  # "no proof exists": its answer depends on the call
        proved, incomplete = self.proofs(goal, "true", source)
        if any(not used for _, used in proved):
            return  # a proof that uses no choice: the goal is certain and \+ fails
        if not proved and not incomplete:
            self.body(rest, tracked, literals, source, emit)
            return
        node = self.disjunction_node(
            Struct("$goal", (variant_key(goal),)), [used for _, used in proved]
        )
        self.body(rest, tracked, (*literals, (node, False)), source, emit)

    def disjunction_node(self, node: Term, proofs: Sequence[tuple[Literal, ...]]) -> Term:
        """``node`` with a rule per proof (the disjunction of the proofs)."""
        for used in proofs:
            self.add_rule(node, used, None)
        return node

    def conjunction_literal(self, proofs: Sequence[tuple[Literal, ...]]) -> Literal:
        """A literal that holds when one of the proofs does (a proof of one literal: itself)."""
        if len(proofs) == 1 and len(proofs[0]) == 1:
            return proofs[0][0]
        key = tuple(proofs)
        node = self.conjunctions.get(key)
        if node is None:
            node = self.conjunctions[key] = Struct("$and", (len(self.conjunctions),))
        return self.disjunction_node(node, proofs), True

    # -- findall/3, all/3, all_or_none/3 --------------------------------------------------

    def collect(
        self,
        goal: Struct,
        rest: Sequence[Term],
        tracked: tuple[Term, ...],
        literals: tuple[Literal, ...],
        source: Source,
        emit: Emit,
    ) -> None:
        """``findall/3``, ``all/3``, ``all_or_none/3`` over probabilistic goals."""
        template, called, result = goal.args
        if not _list_or_variable(result):
            raise located_error(
                f"{goal.name}/3 in {source.text}: the result {format_term(result)} is neither a "
                "variable nor a list (ProbLog's CallModeError)",
                source.position,
            )
        proved, incomplete = self.proofs(called, template, source)
        if incomplete:
            raise located_error(
                f"{goal.name}/3 in {source.text} is on a cycle of calls (its goal "
                f"{format_term(called)} depends on the clause itself): ProbLog's "
                "IndirectCallCycleError",
                source.position,
            )
        entries: list[tuple[Term, list[tuple[Literal, ...]]]] = []
        if goal.name == "findall":  # each branch of each proof, ordered as ProbLog's nodes
            branches = [
                (bound[0], branch) for bound, used in proved for branch in self.branches(used)
            ]
            branches.sort(key=lambda item: max(_choices(item[1]), default=_LAST))
            entries = [(instance, [branch]) for instance, branch in branches]
        else:
            index: dict[Term, int] = {}
            for bound, used in proved:
                key = variant_key(bound[0])
                if key not in index:
                    index[key] = len(entries)
                    entries.append((bound[0], []))
                entries[index[key]][1].append(used)
        certain = [any(not used for used in proofs) for _, proofs in entries]
        uncertain = [i for i, sure in enumerate(certain) if not sure]
        if len(uncertain) > MAX_SUBSETS:
            raise ResourceLimitError(
                f"resource error: {goal.name}/3 in {source.text} has {len(uncertain)} uncertain "
                f"proofs: their 2^{len(uncertain)} subsets are too many lists"
            )
        chosen = {i: self.conjunction_literal(entries[i][1]) for i in uncertain}
        for subset in range((1 << len(uncertain)) - 1, -1, -1):
            kept = {i for bit, i in enumerate(uncertain) if subset >> bit & 1}
            items = [entries[i][0] for i in range(len(entries)) if certain[i] or i in kept]
            if not items and goal.name == "all":
                continue
            used = tuple(
                chosen[i] if i in kept else (chosen[i][0], not chosen[i][1]) for i in uncertain
            )
            if len(set(used)) > len({target for target, _ in used}):
                continue  # a literal both kept and not: an impossible list
            bindings = unify(result, make_list(items))
            if bindings is None:
                continue
            self.body(
                [substitute(g, bindings) for g in rest],
                tuple(substitute(t, bindings) for t in tracked),
                (*literals, *used),
                source,
                emit,
            )

    def branches(
        self, used: tuple[Literal, ...], above: tuple[Term, ...] = ()
    ) -> list[tuple[Literal, ...]]:
        """The proof's positive nodes expanded through their rules (ProbLog's branches).

        Each branch is a conjunction of choices and negative literals; a node
        on a cycle adds nothing.
        """
        result: list[tuple[Literal, ...]] = [()]
        for target, positive in used:
            if isinstance(target, int) or not positive:
                options: list[tuple[Literal, ...]] = [((target, positive),)]
            elif target in above:
                options = [()]
            else:
                options = [
                    branch
                    for rule in self.rules_of(target)
                    for branch in self.branches(rule.body, (*above, target))
                ]
            result = [(*done, *more) for done in result for more in options]
        return result

    def rules_of(self, node: Term) -> list[GroundRule]:  # pragma: no cover - overridden
        """The ground rules of a node so far."""
        raise NotImplementedError

    # -- subquery --------------------------------------------------------------------------

    def subquery(
        self,
        goal: Struct,
        rest: Sequence[Term],
        tracked: tuple[Term, ...],
        literals: tuple[Literal, ...],
        source: Source,
        emit: Emit,
    ) -> None:
        """ProbLog's ``subquery(G, P[, Evidence[, Semiring, Evaluator]])``: P(G | evidence)."""
        from symlearn.bayes.problog.grounding import ground_program
        from symlearn.bayes.problog.sdd_compilation import compile_program_sdd

        query, probability = goal.args[0], goal.args[1]
        evidence: list[tuple[Term, bool]] = []
        if len(goal.args) > 2:
            items = goal.args[2]
            while isinstance(items, Struct) and items.name == "[|]" and len(items.args) == 2:
                item = items.args[0]
                if (
                    isinstance(item, Struct)
                    and item.name in ("\\+", "not")
                    and len(item.args) == 1
                ):
                    evidence.append((item.args[0], False))
                else:
                    evidence.append((item, True))
                items = items.args[1]
        if not isinstance(query, (str, Struct)):
            raise located_error(
                f"subquery/{len(goal.args)} in {source.text}: the query {format_term(query)} "
                "is not an atom",
                source.position,
            )
        program = ground_program(self.kb, [query], evidence)
        compiled = compile_program_sdd(program)
        answers, _ = compiled.probabilities(program.queries)
        for node, value in answers.items():
            answer = program.names.get(node, node)
            bindings = unify(Struct("q", (query, probability)), Struct("q", (answer, value)))
            if bindings is None:
                continue
            self.body(
                [substitute(g, bindings) for g in rest],
                tuple(substitute(t, bindings) for t in tracked),
                literals,
                source,
                emit,
            )


def _with_arguments(goal: Term, extra: tuple[Term, ...]) -> Term:
    if not extra:
        return goal
    if isinstance(goal, str):
        return Struct(goal, extra)
    if isinstance(goal, Struct):
        return Struct(goal.name, goal.args + extra)
    return goal


_COMPARISONS = frozenset({"<", ">", "=<", ">=", "=:=", "=\\="})


def _evaluated(goal: Term) -> list[dict[Var, Term]] | None:
    """The solutions of a plain unification or ground arithmetic goal, computed here.

    The engine's start-up costs more than these; None for any other goal or an
    error (the engine then gives it).
    """
    if not isinstance(goal, Struct) or len(goal.args) != 2:
        return None
    left, right = goal.args
    if goal.name == "=":
        bindings = unify(left, right)
        return [] if bindings is None else [bindings]
    if goal.name == "is" and is_ground(right) and isinstance(left, (Var, int, float)):
        try:
            value = evaluate(right, _same)
        except PrologThrow:
            return None
        if isinstance(left, Var):
            return [{left: value}]
        return [{}] if type(left) is type(value) and left == value else []
    if goal.name in _COMPARISONS and is_ground(goal):
        try:
            holds = compare_numbers(goal.name, evaluate(left, _same), evaluate(right, _same))
            return [{}] if holds else []
        except PrologThrow:
            return None
    return None


def _same(term: Term) -> Term:
    return term


#: The order of a branch without choices (a certain proof): after the others, as found.
_LAST = 1 << 62


def _choices(branch: tuple[Literal, ...]) -> list[int]:
    return [target for target, _ in branch if isinstance(target, int)]


def _list_or_variable(term: Term) -> bool:
    """True for a variable, a list or a partial list."""
    while isinstance(term, Struct) and term.name == "[|]" and len(term.args) == 2:
        term = term.args[1]
    return isinstance(term, Var) or term == "[]"


def _unbounded_between(goal: Term) -> bool:
    """True for ``between(L, inf, X)`` with X unbound (infinitely many solutions)."""
    return (
        isinstance(goal, Struct)
        and goal.name == "between"
        and len(goal.args) == 3
        and goal.args[1] in ("inf", "infinite")
        and isinstance(goal.args[2], Var)
    )
