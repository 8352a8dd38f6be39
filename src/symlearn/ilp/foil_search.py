r"""FOIL's search: the outer covering loop and the inner general-to-specific loop.

:class:`FoilSearch` holds one FOIL run over a target (Quinlan 1990; Mitchell
1997, section 10.5; the algorithm and its options are described in
:mod:`symlearn.ilp.foil`, which runs it):

* :meth:`FoilSearch.run` is the outer loop: it learns one clause at a time
  and removes the positives it covers, until every positive is covered or
  no acceptable clause is found;
* the inner loop adds the candidate literal of the language
  (:mod:`symlearn.ilp.language`) with the best Foil_Gain
  (:func:`~symlearn.ilp.coverage.foil_gain`) over the binding tables of
  :class:`~symlearn.ilp.coverage.Coverage`, under the encoding-length (MDL)
  stop, with determinate literals, negation, equality and recursion guarded
  by :func:`~symlearn.ilp.recursion.recursion_terminates`; a finished clause
  is pruned and accepted when accurate enough.

Each decision is reported through ``log(level, message)``: level 1 for the
search's decisions, 2 for every candidate considered.

Classes
-------
FoilSearch, LearnedClause, LiteralStep

References
----------
Quinlan, J. R. (1990). Learning logical definitions from relations. Machine
Learning 5, 239-266.  Quinlan, J. R. and Cameron-Jones, R. M. (1993). FOIL: a
midterm report. ECML-93.  Mitchell, T. (1997). Machine Learning, section 10.5.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from symlearn.errors import EngineLimitError, PrologError
from symlearn.ilp.coverage import BindingTable, Coverage, NotSetAtATimeError, foil_gain
from symlearn.ilp.language import Candidate, Language, LiteralMode, TypedVar
from symlearn.ilp.recursion import recursion_terminates
from symlearn.ilp.relations import distinct
from symlearn.logic.clauses import Clause, conjunction
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term, variable_names
from symlearn.logic.terms import Struct, Term, Var, compare_terms, functor_of, is_ground
from symlearn.logic.unify import substitute

if TYPE_CHECKING:
    from symlearn.ilp.foil import FoilSettings
    from symlearn.ilp.task import RelationalTask

__all__ = ["FoilSearch", "LearnedClause", "LiteralStep", "Log", "Progress"]

#: Most calls made to find the ``#`` values of a predicate defined by rules.
MAX_CONSTANT_CALLS = 2000
#: ``log(level, message)``: level 1 for the search's decisions, 2 for every candidate.
Log = Callable[[int, str], None]
#: ``progress(stage, done, total)``.
Progress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True)
class LiteralStep:
    """One literal added to a clause, with the binding counts behind its gain."""

    literal: Term
    gain: float
    p0: int
    n0: int
    p1: int
    n1: int
    t: int
    determinate: bool = False

    def to_dict(self, names: dict[Var, str] | None = None) -> dict[str, Any]:
        """JSON form: ``literal``, ``gain`` and the counts."""
        return {
            "literal": format_term(self.literal, names, 999),
            "gain": self.gain,
            "p0": self.p0,
            "n0": self.n0,
            "p1": self.p1,
            "n1": self.n1,
            "t": self.t,
            "determinate": self.determinate,
        }


@dataclass(frozen=True)
class LearnedClause:
    """A clause of the theory with the training examples it covers."""

    clause: Clause
    positives: int
    negatives: int
    steps: tuple[LiteralStep, ...]
    bits: float = 0.0
    pruned: tuple[Term, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON form (DESIGN.md: ``clause``, ``positives``, ``negatives``, ``literals``)."""
        names = variable_names(
            Clause(self.clause.head, [s.literal for s in self.steps]).to_term(),
            singletons_as_underscore=False,
        )
        return {
            "clause": str(self.clause),
            "positives": self.positives,
            "negatives": self.negatives,
            "literals": [step.to_dict(names) for step in self.steps],
            "pruned": [format_term(g, names, 999) for g in self.pruned],
            "bits": round(self.bits, 3),
        }


# ---------------------------------------------------------------------- search


@dataclass
class _Scored:
    """A candidate literal (or its negation) with its counts."""

    literal: Term
    new_variables: tuple[TypedVar, ...]
    gain: float
    p1: int
    n1: int
    t: int
    counts: np.ndarray
    determinate: bool = False


class FoilSearch:
    """The state of one FOIL run (one target).

    Parameters
    ----------
    task
        The prepared task: the target, its examples, the background (its
        clauses for the target set aside) and the language bias.
    settings
        FOIL's settings.
    log
        ``log(level, message)`` receives the search as it goes.
    progress
        ``progress(stage, done, total)``.
    coverage
        The coverage tables to use (default: the task's, tolerant of
        errors in single proofs).
    """

    def __init__(
        self,
        task: RelationalTask,
        settings: FoilSettings,
        log: Log | None,
        progress: Progress | None,
        coverage: Coverage | None = None,
    ) -> None:
        self.task = task
        self.target = target = task.target
        self.settings = settings
        self.log = log or (lambda level, message: None)
        self.progress = progress
        self.coverage = coverage or task.coverage(max_rows=settings.max_bindings, tolerant=True)
        self.language = Language.from_bias(
            task.bias,
            recursion=settings.recursion,
            equality=settings.equality,
            negation=settings.negation,
            constants=self._constants,
            place_values=self._place_values,
        )
        self.recursive_language = any(m.indicator == target for m in self.language.modes)
        self.head = Struct(target[0], tuple(Var(f"X{i}") for i in range(1, target[1] + 1)))
        self.head_variables: list[TypedVar] = list(
            zip(self.head.args, self.language.head_types)  # type: ignore[arg-type]
        )
        self.output_positions = frozenset(self.language.head_outputs)
        self.relations = len(self.language.predicates())
        self.total_examples = 0
        self.all_examples: list[Term] = []
        #: Literals and steps skipped (message -> count): a limit or an error, never the end.
        self.warnings: dict[str, int] = {}

    def _place_values(self, indicator: Indicator, position: int) -> np.ndarray | None:
        """The codes of the constants in an argument (the target's: its examples)."""
        if indicator == self.target:
            atoms = self.task.example_atoms
            args = [a.args[position] for a in atoms if type(a) is Struct]
            return self.coverage.symbols.encode(args) if args else None
        return self.coverage.column_codes(indicator, position)

    def _constants(self, mode: LiteralMode, position: int) -> list[Term]:
        """The values a ``#`` argument may take: the most frequent in the predicate's facts.

        For a predicate defined by rules, the values its calls give there with
        the ``+`` arguments bound to the constants of their types (as Aleph
        finds them while saturating an example).
        """
        found = self.coverage.frequent_values(
            mode.indicator, position, self.settings.max_constants
        )
        return self._called_constants(mode, position) if found is None else found

    def _called_constants(self, mode: LiteralMode, position: int) -> list[Term]:
        """The ``#`` values of calls of a rule-defined predicate, the most frequent first."""
        inputs = [i for i, a in enumerate(mode.arguments) if a.marker == "+"]
        choices = [self._typed_values(mode.arguments[i].type) for i in inputs]
        counts: dict[Term, int] = {}
        engine = self.coverage.engine
        for number, values in enumerate(itertools.product(*choices)):
            if number >= MAX_CONSTANT_CALLS:
                break
            args: list[Term] = [Var(f"_A{i}") for i in range(len(mode.arguments))]
            for i, value in zip(inputs, values):
                args[i] = value
            for i, argument in enumerate(mode.arguments):
                if argument.marker == "=" and argument.constant is not None:
                    args[i] = argument.constant
            goal = Struct(mode.indicator[0], tuple(args))
            try:
                for answer in engine.solve(goal, mode.recall):
                    found = substitute(args[position], answer)
                    if is_ground(found):
                        counts[found] = counts.get(found, 0) + 1
            except (EngineLimitError, PrologError):
                continue
        ranked = sorted(counts, key=lambda term: -counts[term])[: self.settings.max_constants]
        return sorted(ranked, key=functools.cmp_to_key(compare_terms))

    def _typed_values(self, type_name: str | None) -> list[Term]:
        """The constants of a type: at the target's places of it in the examples, else all."""
        head_types = self.task.bias.types.get(self.target, ())
        places = [
            k for k, t in enumerate(head_types) if type_name is None or t == type_name
        ] or list(range(self.target[1]))
        found: dict[Term, None] = {}
        for atom in self.task.example_atoms:
            if type(atom) is Struct:
                for k in places:
                    found.setdefault(atom.args[k], None)
        return list(found)

    def skip(self, message: str) -> None:
        """Record a literal (or step) skipped because of a limit or an error; the run goes on."""
        self.warnings[message] = self.warnings.get(message, 0) + 1
        self.say(1, f"  {message}")

    def all_warnings(self) -> list[str]:
        """Every skip and every problem met in a proof, each once with its count."""
        merged = {**self.coverage.warnings}
        for message, count in self.warnings.items():
            merged[message] = merged.get(message, 0) + count
        return [
            f"warning: {message}" + (f" ({count} times)" if count > 1 else "")
            for message, count in merged.items()
        ]

    def say(self, level: int, message: str) -> None:
        """Report ``message`` at ``level`` (1: decisions, 2: every candidate)."""
        self.log(level, message)

    # -- outer loop
    def run(self, positives: list[Term], negatives: list[Term]) -> tuple[list[LearnedClause], str]:
        """The outer loop: clauses until every positive is covered, and why it stopped."""
        learned: list[LearnedClause] = []
        uncovered = list(positives)
        total = len(positives) + len(negatives)
        stopped = "every positive example is covered"
        most = self.settings.max_clauses
        while uncovered:
            if most is not None and len(learned) >= most:
                self.say(1, f"max_clauses {most} reached: stop")
                stopped = f"max_clauses {most} reached"
                break
            if self.progress is not None:
                self.progress("positives covered", len(positives) - len(uncovered), len(positives))
            if self.recursive_language:
                self._set_known_tuples([c.clause for c in learned], positives)
            self.say(
                1,
                f"clause {len(learned) + 1}: {len(uncovered)} uncovered positive and "
                f"{len(negatives)} negative examples",
            )
            found = self._learn_clause(uncovered, negatives, total)
            if found is None:
                stopped = "no acceptable clause"
                break
            clause, steps, bits, pruned = found
            theory = [c.clause for c in learned] + [clause]
            self.coverage.set_theory(theory)
            if self.coverage.calls_target(clause):
                # FOIL's reading: the recursive literal is looked up in the
                # target's known tuples, so a recursive clause may be found
                # before the base clause that makes it prove anything.
                still = ~(
                    self.coverage.theory_covered(uncovered) | self._covered(clause, uncovered)
                )
            else:
                still = ~self.coverage.covered(clause, uncovered)
            remaining = [e for e, keep in zip(uncovered, still.tolist()) if keep]
            if len(remaining) == len(uncovered):
                self.say(1, "the clause covers no new positive example: stop")
                self.coverage.set_theory([c.clause for c in learned])
                stopped = "a clause covered no new positive example"
                break
            learned.append(LearnedClause(clause, 0, 0, tuple(steps), bits, tuple(pruned)))
            self.say(1, f"clause {len(learned)} accepted:\n{_indent(str(clause))}")
            uncovered = remaining
        if self.progress is not None:
            self.progress("positives covered", len(positives) - len(uncovered), len(positives))
        return self._without_redundant(learned, positives, negatives), stopped

    def _without_redundant(
        self, learned: list[LearnedClause], positives: list[Term], negatives: list[Term]
    ) -> list[LearnedClause]:
        """Drop each clause whose removal loses no positive example (Quinlan 1990).

        A clause found early can become a special case of a later, more
        general one (``last([X|T], X) :- last(T, X)`` next to
        ``last([_|T], X) :- last(T, X)``).  Clauses are tried last-found first.
        """
        if len(learned) < 2:
            return learned
        examples = positives + negatives
        try:
            self.coverage.set_theory([c.clause for c in learned])
            base = self.coverage.theory_covered(examples)
            kept = list(learned)
            for item in reversed(learned):
                trial = [c for c in kept if c is not item]
                if not trial:
                    continue
                self.coverage.set_theory([c.clause for c in trial])
                covered = self.coverage.theory_covered(examples)
                if np.count_nonzero(covered[: len(positives)]) >= np.count_nonzero(
                    base[: len(positives)]
                ):
                    shown = format_term(item.clause.to_term(), None, 999)
                    self.say(1, f"redundant clause dropped: {shown}")
                    kept = trial
        except EngineLimitError as error:
            self.skip(f"redundant clauses kept: {error}")
            return learned
        finally:
            self.coverage.set_theory([c.clause for c in learned])
        return kept

    def _set_known_tuples(self, theory: list[Clause], positives: list[Term]) -> None:
        """The target's tuples for recursive literals: positives and what the theory derives."""
        coverage = self.coverage
        symbols = coverage.symbols
        rows = np.array(
            [[symbols.code(a) for a in p.args] for p in positives if type(p) is Struct],
            dtype=np.int64,
        ).reshape(-1, self.target[1])
        known = np.unique(rows, axis=0) if len(rows) else rows
        for _ in range(100):
            coverage.set_extension_codes(self.target, known)
            derived = []
            for clause in theory:
                try:
                    derived.append(coverage.derive(clause))
                except EngineLimitError as error:
                    shown = format_term(clause.to_term(), None, 999)
                    self.skip(f"the tuples {shown} derives are left out: {error}")
            parts = [known] + [d for d in derived if d is not None]
            grown = np.unique(np.concatenate(parts), axis=0)
            if len(grown) == len(known):
                break
            known = grown
        coverage.set_extension_codes(self.target, known)

    # -- inner loop
    def _learn_clause(
        self, positives: list[Term], negatives: list[Term], total: int
    ) -> tuple[Clause, list[LiteralStep], float, list[Term]] | None:
        examples = positives + negatives
        is_positive_example = np.array([True] * len(positives) + [False] * len(negatives))
        table = self.coverage.bind_head(self.head, examples)
        outputs = [v for i, v in enumerate(self.head_variables) if i in self.output_positions]
        variables = [v for v in self.head_variables if v not in outputs]
        body: list[Term] = []
        steps: list[LiteralStep] = []
        literal_bits: list[float] = []
        while True:
            is_pos = is_positive_example[table.example]
            p0 = int(np.count_nonzero(is_pos))
            n0 = len(table) - p0
            if n0 == 0 and not outputs:
                break
            if 1 + len(body) >= self.settings.clause_length:
                self.say(1, f"  clause length {self.settings.clause_length} reached")
                break
            if self._too_many_variables(variables, outputs):
                break
            if n0 == 0:
                chosen = self._bind_output(table, is_pos, variables, outputs, body, p0)
            else:
                chosen = self._choose(
                    table, is_pos, is_positive_example, variables, body, p0, n0, outputs
                )
            if chosen is None:
                break
            best, bits = chosen
            names = _names(self.head, body, best.literal)
            self.say(
                1,
                f"  add {format_term(best.literal, names, 999)}  gain {best.gain:.3f}  "
                f"bindings {best.p1}+/{best.n1}- (t={best.t})"
                + ("  [determinate]" if best.determinate else ""),
            )
            steps.append(
                LiteralStep(
                    best.literal, best.gain, p0, n0, best.p1, best.n1, best.t, best.determinate
                )
            )
            literal_bits.append(bits)
            table = self._extend(table, best.literal)
            body.append(best.literal)
            variables.extend(best.new_variables)
            if not _negated(best.literal):
                used = set(map(id, _literal_variables(best.literal)))
                variables.extend(v for v in outputs if id(v[0]) in used)
                outputs = [v for v in outputs if id(v[0]) not in used]
        if outputs:
            letters = _names(self.head, body, self.head)
            unbound = ", ".join(format_term(v, letters, 999) for v, _ in outputs)
            self.say(1, f"  the output argument(s) {unbound} of the head are not bound: rejected")
            return None
        clause = Clause(self.head, body)
        pruned: list[Term] = []
        if body:
            clause, pruned = self._prune(clause, examples, is_positive_example)
        covered = self.coverage.covered(clause, examples)
        pos = int(np.count_nonzero(covered & is_positive_example))
        neg = int(np.count_nonzero(covered & ~is_positive_example))
        if pos == 0:
            self.say(1, "  the clause covers no positive example: rejected")
            return None
        if neg and pos / (pos + neg) < self.settings.min_accuracy:
            self.say(
                1,
                f"  the clause covers {pos}+/{neg}- examples, accuracy "
                f"{pos / (pos + neg):.3f} < {self.settings.min_accuracy}: rejected",
            )
            return None
        kept = [b for s, b in zip(steps, literal_bits) if s.literal in clause.body]
        bits = _clause_bits(kept)
        return clause, steps, bits, pruned

    def _choose(
        self,
        table: BindingTable,
        is_pos: np.ndarray,
        is_positive_example: np.ndarray,
        variables: list[TypedVar],
        body: list[Term],
        p0: int,
        n0: int,
        outputs: list[TypedVar] | None = None,
    ) -> tuple[_Scored, float] | None:
        candidates = self._candidates(variables, body, outputs or [])
        per_relation: dict[Indicator, int] = {}
        for candidate in candidates:
            per_relation[candidate.indicator] = per_relation.get(candidate.indicator, 0) + 1
        scored: list[_Scored] = []
        for candidate in candidates:
            scored.extend(self._score(table, is_pos, candidate, p0, n0, body))
        scored.sort(
            key=lambda s: (
                -round(s.gain, 9),
                len(s.new_variables),
                _negated(s.literal),
                self._literal_bits(s.literal, per_relation),
            )
        )
        names_body = body
        for s in scored[:5]:
            names = _names(self.head, names_body, s.literal)
            self.say(
                2,
                f"    {format_term(s.literal, names, 999):40} gain {s.gain:9.3f}  "
                f"{s.p1}+/{s.n1}- t={s.t}",
            )
        bits_so_far = [self._literal_bits(g, per_relation) for g in body]
        mdl = self.settings.mdl
        blocked: list[tuple[_Scored, float]] = []
        for s in self._ranked(scored):
            bits = self._literal_bits(s.literal, per_relation)
            if mdl and not self._fits(table, s, [*bits_so_far, bits], is_positive_example):
                names = _names(self.head, body, s.literal)
                self.say(
                    2,
                    f"    {format_term(s.literal, names, 999)}: the clause would cost more "
                    "bits than the positives it covers",
                )
                blocked.append((s, bits))
                continue
            if self._recursion_rejected(body, s):
                continue
            return s, bits
        if blocked and not self._acceptable(table, is_positive_example):
            before = self._covered_positives(table, None, is_positive_example)
            for s, bits in blocked:
                after = self._covered_positives(table, s, is_positive_example)
                if after == before and not self._recursion_rejected(body, s):
                    self.say(
                        1,
                        "  the encoding-length stop would leave a clause too inaccurate "
                        "to keep: it is lifted for this literal",
                    )
                    return s, bits
        determinate = [
            s
            for s in scored
            if s.determinate
            and s.new_variables
            and not _negated(s.literal)
            and not self._repeats_a_variable(table, s)
        ]
        for s in determinate:
            bits = self._literal_bits(s.literal, per_relation)
            if mdl and not self._fits(table, s, [*bits_so_far, bits], is_positive_example):
                continue
            if self._recursion_rejected(body, s):
                continue
            return s, bits
        self.say(1, "  no literal with positive gain fits: stop specialising")
        return None

    def _candidates(
        self, variables: list[TypedVar], body: list[Term], outputs: list[TypedVar]
    ) -> list[Candidate]:
        """The language's candidates, without the head itself and within ``max_vars``."""
        limit = self._max_vars()
        return [
            c
            for c in self.language.candidates(variables, body, outputs)
            if not _same_literal(c.literal, self.head)
            and (limit is None or len(variables) + len(outputs) + len(c.new_variables) <= limit)
        ]

    def _max_vars(self) -> int | None:
        return self.settings.max_vars

    def _too_many_variables(self, variables: list[TypedVar], outputs: list[TypedVar]) -> bool:
        limit = self._max_vars()
        return limit is not None and len(variables) + len(outputs) > limit

    def _bind_output(
        self,
        table: BindingTable,
        is_pos: np.ndarray,
        variables: list[TypedVar],
        outputs: list[TypedVar],
        body: list[Term],
        p0: int,
    ) -> tuple[_Scored, float] | None:
        """The literal binding a head output that keeps the most positive bindings.

        Used when no negative binding is left but an output (``-``) argument
        of the head is still unbound: Aleph's and Popper's clauses bind every
        output, and so do FOIL's here.
        """
        wanted = {id(v) for v, _ in outputs}
        scored: list[_Scored] = []
        for candidate in self._candidates(variables, body, outputs):
            if candidate.negated or not wanted & set(
                map(id, _literal_variables(candidate.literal))
            ):
                continue
            for item in self._score(table, is_pos, candidate, p0, 0, body):
                if not _negated(item.literal) and item.n1 == 0 and item.t > 0:
                    scored.append(item)
        scored.sort(key=lambda s: (-s.t, len(s.new_variables), -s.p1))
        for item in scored:
            if not self._recursion_rejected(body, item):
                return item, 0.0
        self.say(1, "  no literal binds the head's output argument(s): stop")
        return None

    def _repeats_a_variable(self, table: BindingTable, scored: _Scored) -> bool:
        """Whether a determinate literal's new variable always equals an old one (it adds nothing).

        ``head(A, B)`` twice gives ``C`` the value of ``B`` in every binding;
        Quinlan (1990) keeps only determinate literals that bring new values.
        """
        try:
            extended = self._extend(table, scored.literal)
        except (EngineLimitError, NotSetAtATimeError):
            return True
        old = [extended.column(v) for v in table.variables]
        for var, _ in scored.new_variables:
            if not extended.has(var):
                continue
            values = extended.column(var)
            if any(np.array_equal(values, column) for column in old):
                return True
        return False

    def _ranked(self, scored: list[_Scored]) -> list[_Scored]:
        """Literals with positive gain, best first; a completing literal close to the best leads.

        A literal that leaves no negative binding (n1 = 0) and keeps at least
        ``completion`` of the best gain goes first: the gain counts bindings,
        and a literal that multiplies the bindings of a clause it does not
        make any more consistent can outscore the one that finishes it.
        """
        useful = [s for s in scored if s.gain > 1e-12]
        if not useful:
            return []
        best = useful[0].gain
        finishing = [s for s in useful if s.n1 == 0 and s.gain >= self.settings.completion * best]
        return finishing + [s for s in useful if not (s.n1 == 0 and s in finishing)]

    def _score(
        self,
        table: BindingTable,
        is_pos: np.ndarray,
        candidate: Candidate,
        p0: int,
        n0: int,
        body: list[Term],
    ) -> list[_Scored]:
        try:
            counts = self._counts(table, candidate.literal)
        except (EngineLimitError, NotSetAtATimeError) as error:
            self.skip(f"{candidate} skipped: {error}")
            return []
        if int(counts.sum()) > self.coverage.max_rows:
            self.skip(
                f"{candidate} skipped: it would make {int(counts.sum()):,} bindings "
                f"(more than the limit of {self.coverage.max_rows:,})"
            )
            return []
        positive_counts = counts[is_pos]
        negative_counts = counts[~is_pos]
        p1 = int(positive_counts.sum())
        n1 = int(negative_counts.sum())
        t = int(np.count_nonzero(positive_counts))
        determinate = bool(
            candidate.new_variables
            and t == p0
            and np.all(positive_counts == 1)
            and np.all(negative_counts <= 1)
        )
        if candidate.negated:  # a negated template: the literal is a test
            return [
                _Scored(
                    candidate.literal,
                    (),
                    foil_gain(p0, n0, p1, n1, t),
                    p1,
                    n1,
                    t,
                    counts,
                )
            ]
        found = [
            _Scored(
                candidate.literal,
                candidate.new_variables,
                foil_gain(p0, n0, p1, n1, t),
                p1,
                n1,
                t,
                counts,
                determinate,
            )
        ]
        if self.language.negation and functor_of(candidate.literal) != self.target:
            negated_literal = Struct("\\+", (candidate.literal,))
            survive = (counts == 0).astype(np.int64)
            np1 = p0 - t
            nn1 = int(np.count_nonzero(negative_counts == 0))
            found.append(
                _Scored(
                    negated_literal, (), foil_gain(p0, n0, np1, nn1, np1), np1, nn1, np1, survive
                )
            )
        return found

    def _covered(self, clause: Clause, examples: list[Term]) -> np.ndarray:
        """Which examples ``clause`` covers, recursive literals read as :meth:`_extend` does."""
        table = self.coverage.bind_head(clause.head, examples)
        try:
            for literal in clause.body:
                if not len(table):
                    break
                table = self._extend(table, literal)
        except NotSetAtATimeError:
            return self.coverage.covered(clause, examples)
        return table.covered(len(examples))

    def _counts(self, table: BindingTable, literal: Term) -> np.ndarray:
        """Each row's number of extensions by ``literal`` (see :meth:`_extend`)."""
        if functor_of(literal) != self.target:
            return self.coverage.counts(table, literal)
        rows = self._extend_rows(table, literal).example
        return np.bincount(rows, minlength=len(table)).astype(np.int64)

    def _extend(self, table: BindingTable, literal: Term) -> BindingTable:
        """The bindings after ``literal``; a recursive call of the head's own tuple is no proof.

        A recursive literal is read against the target's known tuples (the
        positive examples), so ``p(A, C)`` in a clause for ``p(A, B)`` would
        "prove" every positive by itself with ``C = B``; such rows are
        dropped, whatever literals (equalities, determinate ones) make the
        call equal to the head.  Quinlan (1990) rules these out with an
        ordering on the arguments; here they are ruled out on the data, row
        by row, and :func:`~symlearn.ilp.recursion.recursion_terminates`
        checks the rest of the ordering (no call reaches itself).
        """
        if functor_of(literal) != self.target:
            return self.coverage.extend(table, literal)
        extended = self._extend_rows(table, literal)
        return BindingTable(extended.variables, extended.columns, table.example[extended.example])

    def _extend_rows(self, table: BindingTable, literal: Term) -> BindingTable:
        """:meth:`_extend` of a recursive literal, with ``example`` holding the source row."""
        rows = np.arange(len(table), dtype=np.int64)
        tagged = BindingTable(table.variables, table.columns, rows)
        extended = self.coverage.extend(tagged, literal)
        if type(literal) is not Struct or not len(extended):
            return extended
        same = np.ones(len(extended), dtype=bool)
        for head_arg, arg in zip(self.head.args, literal.args):
            head_column = extended.column(head_arg)  # type: ignore[arg-type]
            if type(arg) is Var:
                if not extended.has(arg):
                    same[:] = False
                    break
                same &= extended.column(arg) == head_column
            else:
                same &= head_column == self.coverage.symbols.code(arg)
        return extended.take(~same)

    def _literal_bits(self, literal: Term, per_relation: dict[Indicator, int]) -> float:
        goal = literal.args[0] if _negated(literal) else literal  # type: ignore[union-attr]
        lists = per_relation.get(functor_of(goal), 1)
        return 1.0 + math.log2(max(self.relations, 1)) + math.log2(max(lists, 1))

    @staticmethod
    def _covered_positives(
        table: BindingTable, scored: _Scored | None, is_positive_example: np.ndarray
    ) -> int:
        """How many positive examples keep a binding (after adding ``scored``, if given)."""
        rows = table.example if scored is None else table.example[scored.counts > 0]
        return int(np.count_nonzero(is_positive_example[distinct(rows)]))

    def _acceptable(self, table: BindingTable, is_positive_example: np.ndarray) -> bool:
        """Whether the clause as it stands would be kept (accuracy at least ``min_accuracy``).

        The encoding-length stop only ends a clause that would be kept: on a
        few examples every literal costs more bits than the positives it
        covers, and stopping a clause that is then rejected for its accuracy
        would hide the textbook clause (Lavrac and Dzeroski's daughter/2 has
        four examples).  When no literal fits the encoding length and the
        clause is not yet accurate enough, the best literal that loses no
        positive example (it only excludes negatives, so it fits no
        individual positive) is added anyway.
        """
        covered = distinct(table.example)
        pos = int(np.count_nonzero(is_positive_example[covered]))
        return pos > 0 and pos / len(covered) >= self.settings.min_accuracy

    def _fits(
        self,
        table: BindingTable,
        scored: _Scored,
        bits: list[float],
        is_positive_example: np.ndarray,
    ) -> bool:
        """Quinlan's encoding-length test for the clause with ``scored`` added."""
        kept = scored.counts > 0
        examples = distinct(table.example[kept])
        p = int(np.count_nonzero(is_positive_example[examples]))
        return _clause_bits(bits) <= _explicit_bits(p, self.total_examples)

    def _recursion_rejected(self, body: list[Term], scored: _Scored) -> bool:
        goal = scored.literal.args[0] if _negated(scored.literal) else scored.literal  # type: ignore[union-attr]
        if functor_of(goal) != self.target:
            return False
        clause = Clause(self.head, [*body, scored.literal])
        theory = [*self.coverage.theory, clause]
        try:
            ok, reason = recursion_terminates(self.coverage, theory, self.all_examples)
        except EngineLimitError as error:
            ok, reason = False, str(error)
        if not ok:
            names = _names(self.head, body, scored.literal)
            self.say(1, f"  {format_term(scored.literal, names, 999)} rejected: {reason}")
        return not ok

    def _prune(
        self, clause: Clause, examples: list[Term], is_positive_example: np.ndarray
    ) -> tuple[Clause, list[Term]]:
        """Drop literals whose removal does not make the clause cover more negative examples."""
        covered = self.coverage.covered(clause, examples)
        negatives = int(np.count_nonzero(covered & ~is_positive_example))
        body = list(clause.body)
        removed: list[Term] = []
        for literal in reversed(clause.body):
            trial = [g for g in body if g is not literal]
            if not self._well_formed(trial):
                continue
            candidate = Clause(self.head, trial)
            try:
                if self.coverage.calls_target(candidate):
                    ok, _ = recursion_terminates(
                        self.coverage, [*self.coverage.theory, candidate], self.all_examples
                    )
                    if not ok:
                        continue
                mask = self.coverage.covered(candidate, examples)
            except EngineLimitError as error:
                self.skip(f"pruning {format_term(literal)} skipped: {error}")
                continue
            if int(np.count_nonzero(mask & ~is_positive_example)) <= negatives:
                body = trial
                removed.append(literal)
                self.say(
                    1, f"  pruned {format_term(literal, _names(self.head, body, literal), 999)}"
                )
        return Clause(self.head, body), removed

    def _well_formed(self, body: list[Term]) -> bool:
        """Each literal has a variable bound before it; tests have all theirs bound."""
        outputs = {id(self.head.args[i]) for i in self.output_positions}
        bound = {id(v) for v in self.head.args} - outputs
        for literal in body:
            negated = _negated(literal)
            goal = literal.args[0] if negated else literal  # type: ignore[union-attr]
            args = goal.args if type(goal) is Struct else ()
            variables = [a for a in args if type(a) is Var]
            old = [v for v in variables if id(v) in bound or id(v) in outputs]
            if not old and variables:
                return False
            unbound = [v for v in variables if id(v) not in bound]
            if functor_of(goal) == ("=", 2) and not all(id(v) in outputs for v in unbound):
                return False
            if not self._inputs_bound(goal, bound):
                return False
            if not negated:
                bound.update(id(v) for v in variables)
        return outputs <= bound

    def _inputs_bound(self, goal: Term, bound: set[int]) -> bool:
        """With modes: some template of the literal has every ``+`` argument bound."""
        if not self.language.typed or functor_of(goal) == ("=", 2):
            return True
        args = goal.args if type(goal) is Struct else ()
        templates = [m for m in self.language.modes if m.indicator == functor_of(goal)]
        return any(
            all(
                a.marker != "+" or (type(arg) is Var and id(arg) in bound)
                for a, arg in zip(m.arguments, args)
            )
            for m in templates
        )


def _same_literal(a: Term, b: Term) -> bool:
    """True when ``a`` and ``b`` are the same literal (same variables, by identity)."""
    if type(a) is not Struct or type(b) is not Struct:
        return a == b
    return (
        a.name == b.name
        and len(a.args) == len(b.args)
        and all(x is y or (type(x) is not Var and x == y) for x, y in zip(a.args, b.args))
    )


def _literal_variables(literal: Term) -> list[Var]:
    """The variables in the arguments of ``literal``."""
    args = literal.args if type(literal) is Struct else ()
    return [a for a in args if type(a) is Var]


def _negated(literal: Term) -> bool:
    return type(literal) is Struct and literal.name == "\\+" and len(literal.args) == 1


def _clause_bits(bits: Sequence[float]) -> float:
    """Bits of a clause: its literals' bits less log2(k!) (their order is free)."""
    return sum(bits) - math.lgamma(len(bits) + 1) / math.log(2)


def _explicit_bits(p: int, total: int) -> float:
    """Bits to point out p positives among ``total`` examples: log2(T) + log2(C(T, p))."""
    if total <= 0:
        return 0.0
    p = min(max(p, 0), total)
    log_choose = math.lgamma(total + 1) - math.lgamma(p + 1) - math.lgamma(total - p + 1)
    return math.log2(total) + log_choose / math.log(2)


def _names(head: Term, body: Sequence[Term], extra: Term) -> dict[Var, str]:
    """Letters for the clause's variables as portray_clause gives them (no ``_``)."""
    term = Struct(":-", (head, conjunction([*body, extra]) if body else extra))
    return variable_names(term, singletons_as_underscore=False)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())
