"""The generate step: programs from an answer-set solver, smallest first, minus what failed.

:class:`Generator` grounds the encoding of a bias
(:mod:`~symlearn.ilp.lff.encoding`) once in a ``clingo.Control`` and then
solves it incrementally (Cropper and Morel 2021, section 4.2; Gebser et al.
2019 for multi-shot solving): one solve call per program size, under the
assumption ``size(N)``, so programs come smallest first and the first
complete and consistent one is optimal in size; within a call, each answer
set is one program.  Between two programs the search adds the constraints the
test step learnt (:mod:`~symlearn.ilp.lff.constrain`):

* a constraint about one rule is added at once as nogoods over the solver's
  ``body_literal`` atoms, one per renaming of the rule's variables, and kept
  for later calls as integrity constraints;
* a constraint about several rules would need the product of their
  renamings; instead each rule gets an atom ``lff_contains(R, C)`` ("clause
  ``C`` contains rule ``R``", defined by one rule per renaming) and the
  constraint is one nogood over these atoms.  Rules can only be added between
  solve calls, so until the next call (the next shape or size) the
  constraint is instantiated lazily: an answer set that violates it is not
  returned, and the one instance it violates (the renamings it matches) is
  added as a nogood.  The call goes on; restarting it would cost the solver
  its preparation each time (what Popper avoids too by solving once per
  size).

Classes
-------
Generator

References
----------
Gebser, M., Kaminski, R., Kaufmann, B. and Schaub, T. (2019).  Multi-shot
ASP solving with clingo.  Theory and Practice of Logic Programming 19(1).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from symlearn.errors import KBError
from symlearn.ilp.lff import invention
from symlearn.ilp.lff.bias import Bias, Statement
from symlearn.ilp.lff.constrain import (
    BANISH,
    GENERALISATION,
    REDUNDANCY,
    SPECIALISATION,
    UNSAT,
    Constraint,
    body_renamings,
    clause_placements,
    placed_maps,
)
from symlearn.ilp.lff.encoding import encoding
from symlearn.ilp.lff.rules import Literal, Program, Rule
from symlearn.ilp.lff.tester import OutOfTime

__all__ = ["Generator", "has_program"]

#: A nogood: program literals that may not all hold.
Nogood = list[int]

_Key = tuple[Any, ...]

#: clingo's options: every answer set; the "jumpy" configuration (aggressive restarts),
#: which proves a size's remaining shapes empty far sooner than the default: reverse
#: 8.8 s instead of 35 (size 7's shape (2, 3) took 25 s to prove empty with VSIDS),
#: iggp-ultimatium 22 s instead of 46; with Berkmin's branching heuristic in place of
#: jumpy's VSIDS, which conflicts far less under many nogoods on body literals:
#: robots-linear 1.9 s of CPU instead of 4.0 (enumerating its sizes 2-6 under the run's
#: final constraints: 33 thousand conflicts instead of 920 thousand), reverse 6.2 s
#: instead of 12.7, droplast 7.6 instead of 10.6; 20 other example tasks measured
#: alike (A/B, one after the other, load 6-8), same programs
SOLVER_OPTIONS = ["-Wnone", "--models=0", "--configuration=jumpy", "--heuristic=Berkmin"]

#: A several-rule constraint: (rule, clause) pairs ("the clause contains the rule") and literals.
_Parts = list[tuple[Rule, int] | int]

#: The most nogoods a constraint on several rules is added as directly
#: (with predicate invention; more are deferred to ``lff_contains`` atoms).
DIRECT_NOGOODS = 5000


class Generator:
    """Programs of a bias, smallest first, pruned by constraints (see the module docstring).

    Parameters
    ----------
    bias
        The hypothesis space.
    """

    def __init__(self, bias: Bias) -> None:
        import clingo  # the solver: imported when a search starts

        self._clingo = clingo
        self.bias = bias
        messages: list[str] = []
        self.control = clingo.Control(SOLVER_OPTIONS, logger=lambda _c, m: messages.append(m))
        try:
            self.control.add("base", [], _program_text(bias))
            self.control.ground([("base", [])])
        except RuntimeError as error:
            where = bias.constraint_file or "the bias"
            detail = messages[0].splitlines()[0] if messages else str(error)
            raise KBError(f"the constraints of {where} do not ground: {detail}", where) from None
        self._atoms: dict[_Key, int] = {}
        #: (clause, predicate) -> the argument tuples of its body_literal atoms
        self._places: dict[tuple[int, str], list[tuple[int, ...]]] = {}
        #: the unsatisfiable bodies already pruned
        self._unsat: set[frozenset[Literal]] = set()
        self._literal_of: dict[Any, tuple[int, Literal]] = {}
        #: with predicate invention: head_literal atoms -> (clause, head)
        self._head_of: dict[Any, tuple[int, Literal]] = {}
        self._index_atoms()
        self.head = Literal(bias.head.name, tuple(range(bias.head.arity)))
        #: nogoods added during the current solve call, made permanent before the next
        self._pending: list[Nogood] = []
        self._defined: dict[tuple[Rule, int], int] = {}
        #: several-rule constraints to define at the next solve call (checked lazily until then)
        self._deferred: list[_Parts] = []
        #: the deferred constraints a program of the size being searched may violate
        self._lazy: list[_Parts] = []
        self._size = 0
        self._renamed: dict[Rule, list[tuple[frozenset[Literal], tuple[Literal, ...]]]] = {}
        self._rule_predicates: dict[Rule, frozenset[str]] = {}
        self._model: Any = None
        #: nogoods added in all (counted for the result)
        self.nogoods = 0
        self.max_size = (bias.max_body + 1) * bias.clauses

    # ------------------------------------------------------------------ atoms
    def _index_atoms(self) -> None:
        """Map the atoms constraints talk about to their program literals."""
        clingo = self._clingo
        atoms = self.control.symbolic_atoms
        for symbol_atom in atoms.by_signature("body_literal", 4):
            symbol = symbol_atom.symbol
            clause, predicate, _, variables = symbol.arguments
            literal = Literal(_text(predicate), tuple(v.number for v in variables.arguments))
            key = ("b", clause.number, literal)
            self._atoms[key] = symbol_atom.literal
            self._literal_of[symbol] = (clause.number, literal)
            self._places.setdefault((clause.number, literal.predicate), []).append(
                literal.arguments
            )
        heads = atoms.by_signature("head_literal", 4) if self.bias.invention else ()
        for symbol_atom in heads:
            clause, predicate, arity, _ = symbol_atom.symbol.arguments
            head = Literal(_text(predicate), tuple(range(arity.number)))
            self._atoms[("h", clause.number, head)] = symbol_atom.literal
            self._head_of[symbol_atom.symbol] = (clause.number, head)
        for name, count in (("size", 1), ("size_at_least", 1), ("clause", 1), ("body_size", 2)):
            for symbol_atom in atoms.by_signature(name, count):
                numbers = tuple(a.number for a in symbol_atom.symbol.arguments)
                self._atoms[(name, *numbers)] = symbol_atom.literal
        del clingo

    def atom(self, key: _Key) -> int | None:
        """The program literal of an atom (None when the grounding has no such atom)."""
        return self._atoms.get(key)

    # ------------------------------------------------------------------ programs
    def programs(self, size: int, deadline: float | None = None) -> Iterator[Program]:
        """Every program of ``size`` literals not yet pruned, one per answer set.

        The caller may call :meth:`constrain` between two programs.  The
        solver runs in the background while this waits for its next answer
        set, so a ``deadline`` (``time.monotonic()``) stops a long search:
        :class:`~symlearn.ilp.lff.tester.OutOfTime` is raised.
        """
        self._size = size
        if self.bias.invention:
            for counted in self._clause_counts(size):
                yield from self._solve(counted, deadline)
            return
        for shape in self.shapes(size):
            assumptions = self._shape_literals(shape)
            if assumptions is not None:
                yield from self._solve(assumptions, deadline)

    def shapes(self, size: int) -> list[tuple[int, ...]]:
        """The body sizes of the clauses of a program of ``size`` literals, in search order.

        With recursion, programs with a recursive clause first (what
        recursion is allowed for), then the lone clause; a small base case
        first (base cases tend to be small), recursive clauses no smaller
        than the one before (as the encoding orders them).  Every shape of
        ``size`` is listed, so the order changes which program of that size
        comes first, never which size.
        """
        bias = self.bias
        found = []
        counts = list(range(1, bias.clauses + 1))
        if bias.recursion:
            counts = [*counts[1:], 1]
        for clauses in counts:
            for bodies in itertools.product(range(1, bias.max_body + 1), repeat=clauses):
                steps = bodies[1:]
                if sum(b + 1 for b in bodies) != size or any(b < 2 for b in steps):
                    continue
                if list(steps) != sorted(steps):
                    continue
                found.append(bodies)
        return found

    def _clause_counts(self, size: int) -> Iterator[list[int]]:
        """With predicate invention: assumptions for ``size`` literals in N clauses, most N first.

        Clauses of several predicates have no shapes of :meth:`shapes`; the
        programs that invent most (several clauses for an invented
        predicate, what invention is for) come first.  As with shapes, the
        order changes which program of a size comes first, never which size.
        """
        literal = self._atoms.get(("size", size))
        if literal is None:
            return
        for clauses in range(self.bias.clauses, 0, -1):
            assumptions = [literal]
            last = self._atoms.get(("clause", clauses - 1))
            more = self._atoms.get(("clause", clauses))
            if clauses > 1 and last is None:
                continue
            if clauses > 1 and last is not None:
                assumptions.append(last)
            if more is not None:
                assumptions.append(-more)
            yield assumptions

    def _shape_literals(self, shape: tuple[int, ...]) -> list[int] | None:
        """Assumptions for programs of this shape (None: the grounding has none)."""
        literals = []
        for clause, body in enumerate(shape):
            atom = self._atoms.get(("body_size", clause, body))
            if atom is None:
                return None
            literals.append(atom)
        more = self._atoms.get(("clause", len(shape)))
        if more is not None:
            literals.append(-more)
        return literals

    def _solve(self, assumptions: list[int], deadline: float | None) -> Iterator[Program]:
        """Every answer set under ``assumptions`` that no deferred constraint rules out."""
        self._commit()
        with self.control.solve(assumptions=assumptions, yield_=True, async_=True) as handle:
            try:
                while True:
                    handle.resume()
                    _wait(handle, deadline)
                    model = handle.model()
                    if model is None:
                        return
                    self._model = model
                    heads, bodies = self._clauses(model.symbols(shown=True))
                    if self._excluded(model, heads, bodies):
                        continue
                    yield frozenset(
                        Rule(heads.get(clause, self.head), frozenset(body))
                        for clause, body in bodies.items()
                    )
            finally:
                self._model = None

    def _clauses(self, symbols: list[Any]) -> tuple[dict[int, Literal], dict[int, set[Literal]]]:
        """The heads (with predicate invention) and body literals of an answer set's clauses."""
        bodies: dict[int, set[Literal]] = {}
        heads: dict[int, Literal] = {}
        for symbol in symbols:
            found = self._literal_of.get(symbol)
            if found is not None:
                bodies.setdefault(found[0], set()).add(found[1])
            elif symbol in self._head_of:
                clause, head = self._head_of[symbol]
                heads[clause] = head
        return heads, bodies

    def _excluded(
        self, model: Any, heads: dict[int, Literal], bodies: dict[int, set[Literal]]
    ) -> bool:
        """Whether a deferred constraint rules the answer set out (its instance is then added)."""
        if not self._lazy:
            return False
        matches: dict[tuple[Rule, int] | int, Nogood | None] = {}
        predicates = {c: {b.predicate for b in body} for c, body in bodies.items()}
        for parts in self._lazy:
            nogood = self._instance(parts, model, (heads, bodies), predicates, matches)
            if nogood is not None:
                self._add(nogood)
                return True
        return False

    def _instance(
        self,
        parts: _Parts,
        model: Any,
        clauses: tuple[dict[int, Literal], dict[int, set[Literal]]],
        predicates: dict[int, set[str]],
        matches: dict[tuple[Rule, int] | int, Nogood | None],
    ) -> Nogood | None:
        """The nogood of ``parts`` the answer set violates (None: it violates none).

        ``matches`` remembers, for this answer set, each part's atoms (None: it does not hold).
        """
        heads, bodies = clauses
        nogood: Nogood = []
        for part in parts:
            if part in matches:
                matched = matches[part]
            elif isinstance(part, int):
                matched = matches[part] = [part] if model.is_true(part) else None
            else:
                rule, clause = part
                body = bodies.get(clause)
                fits = (
                    body is not None
                    and heads.get(clause, self.head) == rule.head
                    and self._predicates(rule) <= predicates[clause]
                )
                matched = self._match(rule, clause, body) if fits and body else None
                matches[part] = matched
            if matched is None:
                return None
            nogood += matched
        return nogood

    def _predicates(self, rule: Rule) -> frozenset[str]:
        found = self._rule_predicates.get(rule)
        if found is None:
            found = self._rule_predicates[rule] = frozenset(b.predicate for b in rule.body)
        return found

    def _match(self, rule: Rule, clause: int, body: set[Literal]) -> Nogood | None:
        """The atoms of a renaming of ``rule``'s body within ``body`` (None: no renaming fits)."""
        renamed = self._renamed.get(rule)
        if renamed is None:
            renamed = [
                (frozenset(r), r) for r in body_renamings(rule, self.bias.max_vars, exact=False)
            ]
            self._renamed[rule] = renamed
        for literals, ordered in renamed:
            if literals <= body:
                return self._literals(clause, ordered, rule.head)
        return None

    # ------------------------------------------------------------------ constraints
    def constrain(self, constraints: list[Constraint]) -> None:
        """Prune what ``constraints`` say, from the current program on."""
        for constraint in constraints:
            if constraint.kind == REDUNDANCY and self.bias.invention:
                continue  # about the one recursive clause of the target: not stated here
            if len(constraint.rules) == 1 or constraint.kind == UNSAT:
                for nogood in self._ground(constraint):
                    self._add(nogood)
            else:
                self._add_program_constraint(constraint)

    def prune_sizes(self, smallest: int) -> None:
        """Prune every program of ``smallest`` or more literals."""
        for size in range(smallest, self.max_size + 1):
            literal = self._atoms.get(("size", size))
            if literal is not None:
                self._add([literal])

    def _add(self, nogood: Nogood) -> None:
        self.nogoods += 1
        self._pending.append(nogood)
        if self._model is not None:
            self._model.context.add_nogood(nogood)

    def _ground(self, constraint: Constraint) -> Iterator[Nogood]:
        """The nogoods of a one-rule constraint (or an unsatisfiable body)."""
        bias = self.bias
        if constraint.kind == UNSAT:
            body = constraint.rules[0].body
            if body in self._unsat:
                return
            self._unsat.add(body)
            for clause in range(bias.clauses):
                places = self._places_in(clause)
                for renamed in placed_maps(sorted(body), places):
                    nogood = self._literals(clause, renamed)
                    if nogood is not None:
                        yield nogood
            return
        rule = constraint.rules[0]
        exact = constraint.kind in (GENERALISATION, BANISH)
        if constraint.kind == REDUNDANCY:
            placements: list[int] = [1] if bias.clauses > 1 else []
        else:
            placements = [p[0] for p in clause_placements([rule], bias.clauses, constraint.kind)]
        for clause in placements:
            extra = self._extra(constraint, clause, len(rule.body), 1)
            if extra is None:
                continue
            for renamed in body_renamings(rule, bias.max_vars, exact=exact):
                nogood = self._literals(clause, renamed, rule.head)
                if nogood is not None:
                    yield nogood + extra

    def _places_in(self, clause: int) -> Callable[[str], list[tuple[int, ...]]]:
        """Where a literal of a predicate may stand in ``clause`` (for :func:`placed_maps`)."""
        places = self._places
        return lambda predicate: places.get((clause, predicate), [])

    def _extra(
        self, constraint: Constraint, clause: int, body_size: int, rules: int
    ) -> Nogood | None:
        """The literals a constraint adds besides the rules' own (None: it cannot hold)."""
        kind = constraint.kind
        extra: Nogood = []
        if constraint.min_size is not None:
            bound = self._atoms.get(("size_at_least", constraint.min_size))
            if bound is None:  # no program is that large
                return None
            extra.append(bound)
        if kind in (GENERALISATION, BANISH):
            size = self._atoms.get(("body_size", clause, body_size))
            if size is None:
                return None
            extra.append(size)
        if kind in (SPECIALISATION, BANISH):
            more = self._atoms.get(("clause", rules))
            if more is not None:  # no clause beyond the rules' own
                extra.append(-more)
        if kind == REDUNDANCY:
            more = self._atoms.get(("clause", 2))
            if more is not None:  # the one recursive clause
                extra.append(-more)
        return extra

    def _literals(
        self, clause: int, literals: tuple[Literal, ...], head: Literal | None = None
    ) -> Nogood | None:
        """The atoms of ``literals`` in ``clause`` (None: not all exist there).

        With predicate invention a clause may have another head than the
        target's: a rule's ``head`` is then matched too.
        """
        found = []
        if head is not None and self.bias.invention:
            atom = self._atoms.get(("h", clause, head))
            if atom is None:
                return None
            found.append(atom)
        for literal in literals:
            atom = self._atoms.get(("b", clause, literal))
            if atom is None:
                return None
            found.append(atom)
        return found

    def _add_program_constraint(self, constraint: Constraint) -> None:
        """A constraint on several rules: one nogood over ``lff_contains`` atoms (deferred).

        With predicate invention, where programs of several rules are most
        programs, a specialisation constraint bans the program itself at
        once (its other specialisations are larger: they wait for the next
        size's solve call, where the ``lff_contains`` atoms, shared by every
        constraint on the same rule, are defined without a new call), and
        another constraint with few groundings is added at once as its
        nogoods.
        """
        rules = sorted(constraint.rules, key=lambda r: (r.recursive, sorted(r.body)))
        if self.bias.invention:
            if constraint.kind == SPECIALISATION:
                itself = Constraint(BANISH, constraint.rules)
                nogoods = self._program_nogoods(itself, rules, DIRECT_NOGOODS)
                if nogoods is not None:
                    for nogood in nogoods:
                        self._add(nogood)
                    self._defer(constraint, rules)
                    return
            nogoods = self._program_nogoods(constraint, rules, DIRECT_NOGOODS)
            if nogoods is not None:
                for nogood in nogoods:
                    self._add(nogood)
                return
        self._defer(constraint, rules)

    def _defer(self, constraint: Constraint, rules: list[Rule]) -> None:
        """Keep the constraint for the next solve call (:meth:`_commit`)."""
        for placement in self._placements(rules, constraint.kind):
            parts: _Parts = []
            for rule, clause in zip(rules, placement):
                parts.append((rule, clause))
                extra = self._extra(constraint, clause, len(rule.body), len(rules))
                if extra is None:
                    break
                parts.extend(extra)
            else:
                self._deferred.append(parts)
                if self._may_violate(constraint, rules):
                    self._lazy.append(parts)

    def _may_violate(self, constraint: Constraint, rules: list[Rule]) -> bool:
        """Whether a program of the size being searched may violate the constraint.

        It contains the rules, so it is at least as large.  With predicate
        invention a specialisation of the same size is a variant of the
        failed program, which its banish nogoods already exclude.
        """
        least = sum(len(rule.body) + 1 for rule in rules)
        if constraint.kind == SPECIALISATION and self.bias.invention:
            least += 1
        return max(least, constraint.min_size or 0) <= self._size

    def _placements(self, rules: list[Rule], kind: str) -> Iterator[tuple[int, ...]]:
        """The clauses the rules may take (:func:`clause_placements`).

        With predicate invention the clauses come in the order of their
        heads' ranks (the target's first, then ``inv1``'s, ...), so a rule of
        a lower rank never takes a later clause than one of a higher rank.
        """
        placements = clause_placements(rules, self.bias.clauses, kind)
        if not self.bias.invention:
            yield from placements
            return
        rank = {name: i for i, name in enumerate((self.bias.head.name, *self.bias.invented))}
        ranks = [rank.get(rule.head.predicate, 0) for rule in rules]
        pairs = [
            (i, j) for i in range(len(rules)) for j in range(len(rules)) if ranks[i] < ranks[j]
        ]
        for placement in placements:
            if all(placement[i] < placement[j] for i, j in pairs):
                yield placement

    def _program_nogoods(
        self, constraint: Constraint, rules: list[Rule], limit: int
    ) -> list[Nogood] | None:
        """Every grounding of a constraint on several rules (None: more than ``limit``)."""
        found: list[Nogood] = []
        max_vars = self.bias.max_vars
        exact = constraint.kind in (GENERALISATION, BANISH)
        for placement in self._placements(rules, constraint.kind):
            choices: list[list[Nogood]] = []
            for rule, clause in zip(rules, placement):
                extra = self._extra(constraint, clause, len(rule.body), len(rules))
                if extra is None:
                    break
                ways = []
                for renamed in body_renamings(rule, max_vars, exact=exact):
                    literals = self._literals(clause, renamed, rule.head)
                    if literals is not None:
                        ways.append(literals + extra)
                if not ways:
                    break
                choices.append(ways)
            else:
                total = 1
                for ways in choices:
                    total *= len(ways)
                if len(found) + total > limit:
                    return None
                for parts in itertools.product(*choices):
                    found.append([atom for part in parts for atom in part])
        return found

    def _commit(self) -> None:
        """Between solve calls: make pending nogoods permanent, define deferred constraints."""
        if not self._pending and not self._deferred:
            return
        clingo = self._clingo
        with self.control.backend() as backend:
            for nogood in self._pending:
                backend.add_rule([], nogood)
            self._pending = []
            for parts in self._deferred:
                body: list[int] = []
                for part in parts:
                    if isinstance(part, int):
                        body.append(part)
                        continue
                    rule, clause = part
                    atom = self._contains_atom(backend, rule, clause, clingo)
                    if atom is None:
                        break
                    body.append(atom)
                else:
                    backend.add_rule([], body)
                    self.nogoods += 1
            self._deferred = []
            self._lazy = []

    def _contains_atom(self, backend: Any, rule: Rule, clause: int, clingo: Any) -> int | None:
        """The atom "clause ``clause`` contains ``rule``" (defined once per rule and clause)."""
        key = (rule, clause)
        atom = self._defined.get(key)
        if atom is not None:
            return atom
        number = len(self._defined)
        atom = backend.add_atom(clingo.Function("lff_contains", [clingo.Number(number)]))
        bodies = 0
        for renamed in body_renamings(rule, self.bias.max_vars, exact=False):
            literals = self._literals(clause, renamed, rule.head)
            if literals is not None:
                backend.add_rule([atom], literals)
                bodies += 1
        self._defined[key] = atom
        return atom if bodies else None


def _wait(handle: Any, deadline: float | None) -> None:
    """Wait for the solver's next answer; cancel it and raise OutOfTime past ``deadline``.

    A wait may end before its time without an answer (the solver's thread
    woken under load), so it is only a timeout once the deadline has passed.
    """
    while not handle.wait(_remaining(deadline)):
        if deadline is not None and time.monotonic() >= deadline:
            handle.cancel()
            raise OutOfTime


def _remaining(deadline: float | None) -> float | None:
    """Seconds left before ``deadline`` (None: no deadline)."""
    if deadline is None:
        return None
    return max(deadline - time.monotonic(), 0.0)


def has_program(
    bias: Bias, constraints: tuple[Statement, ...], timeout: float = 10.0
) -> bool | None:
    """Whether ``bias``, with only ``constraints`` of its own, allows some program.

    None when the solver cannot tell within ``timeout`` seconds.
    """
    import clingo

    control = clingo.Control(["-Wnone"])
    try:
        control.add("base", [], _program_text(replace(bias, constraints=constraints)))
        control.ground([("base", [])])
    except RuntimeError:
        return None
    with control.solve(async_=True) as handle:
        if not handle.wait(timeout):
            handle.cancel()
            return None
        result = handle.get()
    return bool(result.satisfiable)


def _program_text(bias: Bias) -> str:
    """The answer-set program of ``bias`` (with invented predicates when it allows them)."""
    return invention.encoding(bias) if bias.invention else encoding(bias)


def _text(symbol: Any) -> str:
    """A clingo constant as the predicate name it stands for."""
    import clingo

    if symbol.type == clingo.SymbolType.String:
        return str(symbol.string)
    return str(symbol.name)


Callback = Callable[[Program], None]
