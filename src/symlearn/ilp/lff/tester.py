"""The test step: which training examples a program proves, with symlearn's own machinery.

Learning from failures tests each generated program on the examples
(Cropper and Morel 2021, section 4.3).  Here everything goes through the
task's :meth:`~symlearn.ilp.task.RelationalTask.coverage`:

* a rule that does not call the target is joined set-at-a-time over all the
  examples at once (the head bound to the examples once, then one join per
  body literal: :meth:`~symlearn.ilp.coverage.Coverage.extend`); a rule
  with a literal that cannot be evaluated that way is proved example by
  example by the engine;
* a program with invented predicates is unfolded into rules of the target
  (:func:`~symlearn.ilp.lff.invention.unfold`) and tested as those; with
  recursion through an invented predicate, the engine proves each example;
* a recursive program is asked of its demanded least model
  (:func:`~symlearn.ilp.least_model.demanded_model`) when its calls of the
  target are ground when reached; otherwise the engine proves each example
  with a step limit, and a proof that runs over it counts as a failure (a
  looping program is a failure, not a hang; Popper's ``eval_timeout``).

A coverage is a Python integer used as a bit set: bit ``i`` is the ``i``-th
positive (or negative) example.

Classes and functions
---------------------
Tester, Outcome, bits, count
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from symlearn.errors import EngineLimitError, PrologError
from symlearn.ilp.coverage import BindingLimitError, BindingTable, NotSetAtATimeError
from symlearn.ilp.lff.bias import Bias
from symlearn.ilp.lff.demand import Oracle, demanded_answers
from symlearn.ilp.lff.invention import has_invention, unfold
from symlearn.ilp.lff.rules import (
    Literal,
    Program,
    Rule,
    canonical,
    is_ready,
    literal_term,
    ordered_body,
    sorted_rules,
    to_clause,
)
from symlearn.ilp.task import RelationalTask
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import LIST_FUNCTOR, Struct, Term, functor_of, is_ground, list_items

__all__ = ["OutOfTime", "Outcome", "Tester", "bits", "count"]


#: Engine steps per subterm of an example, when a recursive program is proved one
#: example at a time after its demanded evaluation ran out of budget.
WALK_STEPS = 40


#: The most variables of an unfolded rule whose renamings are tried to cache it
#: (:func:`~symlearn.ilp.lff.rules.canonical` tries every order of its body-only ones).
UNFOLDED_CANONICAL = 8

#: The most bindings kept at each join when looking for one that satisfies a body.
SATISFIABLE_ROWS = 2000


class OutOfTime(Exception):
    """The search's deadline passed (raised between two steps or two proofs)."""


def bits(mask: np.ndarray) -> int:
    """A boolean mask as a bit set (bit ``i`` set where ``mask[i]``).

    Examples
    --------
    >>> bits(np.array([True, False, True]))
    5
    """
    if not mask.any():
        return 0
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


def count(bitset: int) -> int:
    """The number of members of a bit set."""
    return bitset.bit_count()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a program proves of the training examples.

    Attributes
    ----------
    positives, negatives
        Bit sets of the positive and negative examples proved; ``negatives``
        is None when they were not tested (no positive was proved).
    """

    positives: int
    negatives: int | None

    @property
    def tp(self) -> int:
        """Positives proved."""
        return count(self.positives)

    @property
    def fp(self) -> int:
        """Negatives proved (0 when not tested)."""
        return count(self.negatives or 0)


class Tester:
    """Tests programs on a task's examples (see the module docstring).

    Parameters
    ----------
    task
        The relational task (examples, background, coverage).
    bias
        The language bias (its directions order the bodies).
    max_steps
        The engine's step limit per proof of a recursive program.
    """

    def __init__(self, task: RelationalTask, bias: Bias, *, max_steps: int) -> None:
        self.task = task
        self.directions = bias.directions()
        self.positives: list[Term] = list(task.positives)
        self.negatives: list[Term] = list(task.negatives)
        #: a rule whose proof raises an error proves nothing (as a Prolog query would)
        self.coverage = task.coverage(tolerant=False, max_steps=max_steps)
        self.fixpoint = task.coverage(tolerant=True, max_steps=max_steps)
        #: for satisfiability: an error is "cannot tell", not "no answer"
        self.strict = task.coverage(tolerant=False, max_steps=max_steps)
        #: background answers one binding at a time, for recursive programs
        self.oracle = Oracle(self.fixpoint)
        self.target = task.target
        self._head_tables: dict[bool, BindingTable] = {}
        self._codes: list[tuple[int, ...]] | None = None
        self._evaluable = True
        self._rules: dict[tuple[Rule, bool], int] = {}
        #: recursive programs tested (up to renaming), with what they prove
        self._programs: dict[frozenset[Rule], Outcome] = {}
        self._clauses: dict[Rule, Clause] = {}
        #: conjunctions linked by shared variables -> whether some binding satisfies them
        self._satisfiable: dict[frozenset[Literal], bool | None] = {}
        #: problems met in single proofs (message -> how often)
        self.warnings: dict[str, int] = {}
        #: background predicates whose calls ran over a limit (predicate -> what happened)
        self.looping: dict[tuple[str, int], str] = {}
        #: programs tested
        self.tested = 0
        #: proofs of recursive programs that ran over the step limit or raised an error
        self.failed_proofs = 0
        #: when to stop (time.monotonic()); checked between two proofs of the engine
        self.deadline: float | None = None

    # ------------------------------------------------------------------ programs
    def test(
        self, program: Program, *, negatives: bool = True, always: bool = False, least: int = 1
    ) -> Outcome:
        """The examples ``program`` proves.

        The negatives are tested when ``negatives`` is true and at least
        ``least`` positives are proved, or ``always``: under recursion a rule
        that proves a negative prunes every program it is part of, whatever
        it proves alone.
        """
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime
        rules = sorted_rules(program)
        if has_invention(rules):
            return self._invented(program, negatives, always, least)
        if any(rule.recursive for rule in rules):
            key = frozenset(canonical(r) for r in rules)
            known = self._programs.get(key)
            if known is not None and (known.negatives is not None or not negatives):
                return known
            found = self._recursive(rules, negatives, always, least)
            self._programs[key] = found
            return found
        positives = 0
        for rule in rules:
            positives |= self.rule_covers(rule, True)
        if not negatives or not (always or count(positives) >= least):
            return Outcome(positives, None)
        covered = 0
        for rule in rules:
            covered |= self.rule_covers(rule, False)
        return Outcome(positives, covered)

    def _invented(self, program: Program, negatives: bool, always: bool, least: int) -> Outcome:
        """What a program with invented predicates proves: as its unfolding, else by the engine."""
        known = self._programs.get(program)
        if known is not None and (known.negatives is not None or not negatives):
            return known
        rules = unfold(program, self.target[0])
        if rules is not None and any(rule.recursive for rule in rules):
            found = self._recursive(sorted_rules(rules), negatives, always, least)
        elif rules is not None:
            positives = 0
            for rule in rules:
                positives |= self._unfolded_covers(rule, True)
            covered = None
            if negatives and (always or count(positives) >= least):
                covered = 0
                for rule in rules:
                    covered |= self._unfolded_covers(rule, False)
            found = Outcome(positives, covered)
        else:
            clauses = [self.clause(rule) for rule in sorted_rules(program)]
            positives = self._proved_by_engine(clauses, self.positives, 0)
            covered = None
            if negatives and (always or count(positives) >= least):
                covered = self._proved_by_engine(clauses, self.negatives, 0)
            found = Outcome(positives, covered)
        self._programs[program] = found
        return found

    def _unfolded_covers(self, rule: Rule, positive: bool) -> int:
        """:meth:`rule_covers` of an unfolded rule (many variables: cached as it is)."""
        if len(rule.variables()) <= UNFOLDED_CANONICAL:
            return self.rule_covers(rule, positive)
        key = (rule, positive)
        found = self._rules.get(key)
        if found is None:
            found = self._rules[key] = bits(self._rule_mask(rule, positive))
        return found

    def rule_covers(self, rule: Rule, positive: bool) -> int:
        """The bit set of the positive (or negative) examples one non-recursive rule proves."""
        key = (canonical(rule), positive)
        found = self._rules.get(key)
        if found is None:
            found = self._rules[key] = bits(self._rule_mask(rule, positive))
        return found

    def clause(self, rule: Rule) -> Clause:
        """The rule as a clause, its body in calling order (made once per rule)."""
        found = self._clauses.get(rule)
        if found is None:
            found = self._clauses[rule] = to_clause(rule, self.directions)
        return found

    # ------------------------------------------------------------------ one rule
    def _examples(self, positive: bool) -> list[Term]:
        return self.positives if positive else self.negatives

    def _head_table(self, clause: Clause, positive: bool) -> BindingTable:
        """The target's head bound to the examples, once per example set."""
        table = self._head_tables.get(positive)
        if table is None:
            table = self._head_tables[positive] = self.coverage.bind_head(
                clause.head, self._examples(positive)
            )
        return table

    def _rule_mask(self, rule: Rule, positive: bool) -> np.ndarray:
        examples = self._examples(positive)
        if not examples:
            return np.zeros(0, dtype=bool)
        clause = self.clause(rule)
        table = self._head_table(clause, positive)
        literal: Term = clause.head
        try:
            for literal in clause.body:
                if not len(table):
                    break
                table = self.coverage.extend(table, literal)
            return table.covered(len(examples))
        except NotSetAtATimeError:
            return self._by_engine(rule, clause, examples)
        except EngineLimitError as error:
            self.looping.setdefault(functor_of(literal), str(error))
            self._warn(f"testing {rule} ran over a limit ({error}): taken as proving nothing")
        except (BindingLimitError, PrologError) as error:
            self._warn(f"testing {rule} raised {error}: taken as proving nothing")
        return np.zeros(len(examples), dtype=bool)

    def _by_engine(self, rule: Rule, clause: Clause, examples: list[Term]) -> np.ndarray:
        """One engine proof per example (a literal with a non-ground answer)."""
        try:
            return self.coverage.covered(clause, examples)
        except EngineLimitError as error:
            for literal in clause.body:
                self.looping.setdefault(functor_of(literal), str(error))
            self._warn(f"testing {rule} ran over a limit ({error}): taken as proving nothing")
        except PrologError as error:
            self._warn(f"testing {rule} raised {error}: taken as proving nothing")
        return np.zeros(len(examples), dtype=bool)

    # ------------------------------------------------------------------ recursion
    def _recursive(
        self, rules: Sequence[Rule], negatives: bool, always: bool, least: int
    ) -> Outcome:
        """What a recursive program proves: its demanded answers, else the engine's proofs.

        When the demanded evaluation runs out of its budget (a long walk
        over big terms, or a program that climbs for ever), the examples it
        did not prove by then are proved one by one by the engine, with its
        step limit (as Popper proves each example with ``eval_timeout``).
        """
        clauses = [self.clause(rule) for rule in rules]
        asked = self._asked()
        if asked is not None:
            found = demanded_answers(
                self.oracle, self.target, clauses, asked, budget=500 + 40 * len(asked)
            )
            if found is not None:
                n_pos = len(self.positives)
                positives = bits(found.proved[:n_pos])
                if not found.complete:
                    positives |= self._proved_by_engine(
                        clauses, self.positives, positives, walk=True
                    )
                wanted = negatives and (always or count(positives) >= least)
                if not wanted:
                    return Outcome(positives, None)
                covered = bits(found.proved[n_pos:])
                if not found.complete:
                    covered |= self._proved_by_engine(clauses, self.negatives, covered, walk=True)
                return Outcome(positives, covered)
        base_pos = base_neg = 0
        for rule in rules:
            if not rule.recursive:
                base_pos |= self.rule_covers(rule, True)
                if negatives:
                    base_neg |= self.rule_covers(rule, False)
        positives = base_pos | self._proved_by_engine(clauses, self.positives, base_pos)
        if not negatives or not (always or count(positives) >= least):
            return Outcome(positives, None)
        return Outcome(
            positives, base_neg | self._proved_by_engine(clauses, self.negatives, base_neg)
        )

    def _asked(self) -> list[tuple[int, ...]] | None:
        """Every example's arguments as tuples of codes, positives first (None: not calls)."""
        if self._codes is None:
            arity = self.target[1]
            symbols = self.fixpoint.symbols
            rows = []
            for example in (*self.positives, *self.negatives):
                args = example.args if type(example) is Struct else ()
                if len(args) != arity or not is_ground(example):
                    self._codes = []
                    self._evaluable = False
                    return None
                rows.append(tuple(symbols.code(a) for a in args))
            self._codes = rows
        return self._codes if self._evaluable else None

    def _proved_by_engine(
        self, clauses: list[Clause], examples: list[Term], known: int, *, walk: bool = False
    ) -> int:
        """The examples outside ``known`` the engine proves with ``clauses``, one by one.

        A proof that raises an error or runs over the step limit is a
        failure (Popper: ``eval_timeout``); the deadline is checked between
        two proofs.  With ``walk`` (after the demanded evaluation ran out of
        its budget) each proof's limit also grows with the example's size
        only (:data:`WALK_STEPS` per subterm): a program that walks its
        input finishes within it, one that climbs for ever fails soon.
        """
        coverage = self.fixpoint
        coverage.set_theory(clauses)
        engine = coverage.engine
        limit = engine.max_steps
        proved = 0
        try:
            for number, example in enumerate(examples):
                if known >> number & 1:
                    continue
                if self.deadline is not None and time.monotonic() > self.deadline:
                    raise OutOfTime
                if walk and limit is not None:
                    engine.max_steps = min(limit, WALK_STEPS * (term_cells(example) + 50))
                try:
                    if engine.ask(example):
                        proved |= 1 << number
                except (EngineLimitError, PrologError):
                    self.failed_proofs += 1
        finally:
            engine.max_steps = limit
            coverage.set_theory(())
        return proved

    # ------------------------------------------------------------------ bodies
    def body_satisfiable(self, literals: Sequence[Literal]) -> bool | None:
        """Whether some binding satisfies the conjunction (None: cannot tell).

        The literals are joined from one empty binding, in an order where each
        literal's inputs are bound (None when there is none).  An error or a
        limit in the background knowledge means "cannot tell", never "no".
        Only a witness is sought: past :data:`SATISFIABLE_ROWS` bindings the
        rest are set aside (a join of big relations is never built whole),
        and finding none among those kept is "cannot tell".  Literals that
        share no variable are satisfied apart (no cross product is built).
        """
        answers = [self._part_joinable(part) for part in _linked_parts(literals)]
        if False in answers:
            return False
        return None if None in answers else True

    def _part_joinable(self, literals: list[Literal]) -> bool | None:
        """:meth:`_joinable`, remembered (explanations ask the same parts again and again)."""
        key = frozenset(literals)
        if key in self._satisfiable:
            return self._satisfiable[key]
        found = self._satisfiable[key] = self._joinable(literals)
        return found

    def _joinable(self, literals: Sequence[Literal]) -> bool | None:
        """:meth:`body_satisfiable` of literals linked by shared variables."""
        order = self._free_order(literals)
        if order is None:
            return None
        table = BindingTable((), (), np.zeros(1, dtype=np.int64))
        cut = False
        try:
            for literal in order:
                if self.deadline is not None and time.monotonic() > self.deadline:
                    raise OutOfTime
                table = self.strict.extend(table, literal_term(literal))
                if not len(table):
                    return None if cut else False
                if len(table) > SATISFIABLE_ROWS:
                    table = table.take(np.arange(SATISFIABLE_ROWS))
                    cut = True
        except (NotSetAtATimeError, BindingLimitError, EngineLimitError, PrologError):
            return None
        return True

    def _free_order(self, literals: Sequence[Literal]) -> list[Literal] | None:
        """An order of the literals, none bound at first, each called with its inputs bound."""
        if not self.directions:
            return list(ordered_body(Rule(Literal("", ()), frozenset(literals))))
        bound: set[int] = set()
        left = sorted(literals)
        order = []
        while left:
            for literal in left:
                if literal.predicate in self.directions and is_ready(
                    literal, bound, self.directions
                ):
                    break
            else:
                return None
            order.append(literal)
            left.remove(literal)
            bound.update(literal.arguments)
        return order

    def _warn(self, message: str) -> None:
        self.warnings[message] = self.warnings.get(message, 0) + 1


def _linked_parts(literals: Sequence[Literal]) -> list[list[Literal]]:
    """The literals grouped by shared variables (connected components)."""
    parts: list[tuple[set[int], list[Literal]]] = []
    for literal in literals:
        variables = set(literal.arguments)
        linked = [p for p in parts if p[0] & variables]
        merged = (variables, [literal])
        for part in linked:
            parts.remove(part)
            merged[0].update(part[0])
            merged[1].extend(part[1])
        parts.append(merged)
    return [sorted(part) for _, part in parts]


def term_cells(term: Term) -> int:
    """The size of a term: its subterms, each list element and list cell once.

    Examples
    --------
    >>> from symlearn.logic.terms import make_list, struct
    >>> term_cells(struct("f", make_list(["a", "b", "c"]), 4))
    9
    """
    size, stack = 0, [term]
    while stack:
        node = stack.pop()
        size += 1
        if type(node) is Struct:
            if node.name == LIST_FUNCTOR and len(node.args) == 2:
                items, tail = list_items(node)
                size += len(items) - 1
                stack.extend(items)
                stack.append(tail)
            else:
                stack.extend(node.args)
    return size
