r"""FOIL: learning Horn clauses by sequential covering with Foil_Gain.

FOIL (Quinlan 1990; Mitchell 1997, section 10.5) learns a theory for a target
predicate from positive and negative examples and background relations, with
two nested loops:

* the **outer loop** adds one clause at a time to the theory and removes the
  positive examples it covers, until every positive example is covered
  (a specific-to-general search over disjunctions of clauses);
* the **inner loop** builds one clause general-to-specific: starting from
  ``target(X1, ..., Xk)`` with an empty body, it adds the candidate literal
  (:mod:`symlearn.ilp.language`) with the highest

  ``Foil_Gain(L, R) = t (log2(p1 / (p1 + n1)) - log2(p0 / (p0 + n0)))``

  where p0/n0 are the positive/negative **bindings** of the clause R, p1/n1
  those of R + L and t the positive bindings of R that R + L keeps
  (:func:`~symlearn.ilp.coverage.foil_gain`), until no negative binding is
  left.

Bindings are counted set-at-a-time (:class:`~symlearn.ilp.coverage.Coverage`):
one table of bindings for all examples, joined with the background fact
tables; a candidate literal's counts cost two vectorised index searches.

**Beyond the textbook loop**, as in Quinlan's FOIL:

* *Negated literals* are candidates (their counts come free with the
  positive literal's); *equality* ``X = Y`` between variables of one type too.
* *Determinate literals*: when no literal has positive gain, a literal that
  gives every positive binding exactly one extension (and no negative binding
  more than one) may be added with gain 0, to introduce new variables.
* *Encoding-length (MDL) stop* (on by default): a literal may not make the
  clause cost more bits than it takes to point out, explicitly, the positive
  examples it covers: ``bits(clause) <= log2(T) + log2(C(T, p))`` for T
  training examples and p covered positives, where a literal costs
  ``1 + log2(#relations) + log2(#argument lists of its relation)`` bits and
  a clause the sum minus ``log2(k!)`` for its k literals.  A clause that
  stops while still covering negatives is kept only if its accuracy on the
  training examples is at least ``min_accuracy``; otherwise learning stops.
* *Clause length*: at most ``clause_length`` literals, head included
  (Aleph's ``clauselength``).
* *Recursion*: a literal of the target itself is evaluated against the
  target's known tuples (the positive examples and what the clauses learnt so
  far derive); a clause with a recursive literal is accepted only when its
  recursion terminates on the data (:mod:`symlearn.ilp.recursion`).
* *Closed world* (``:- set(closed_world, true)``): the negatives are the
  unlisted tuples of the typed argument domains, capped
  (:mod:`symlearn.ilp.closed_world`).
* *Pruning*: a finished clause loses every literal whose removal does not
  make it cover more negative examples.

The knowledge base's own clauses for the target are set aside (they are
what is being learnt).

Functions and classes
---------------------
foil, FoilSettings, FoilResult, LearnedClause, LiteralStep

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads('''
... parent(ann, bob). parent(bob, carl). parent(bob, cleo). parent(cleo, dan).
... parent(eve, fay). parent(fay, gus).
... pos(grandparent(ann, carl)). pos(grandparent(ann, cleo)). pos(grandparent(bob, dan)).
... pos(grandparent(eve, gus)).
... neg(grandparent(ann, bob)). neg(grandparent(carl, ann)). neg(grandparent(bob, cleo)).
... neg(grandparent(eve, fay)). neg(grandparent(ann, dan)).
... ''')
>>> result = foil(kb, ("grandparent", 2), FoilSettings(mdl=False))  # 9 examples: too few for MDL
>>> print(result.theory)
grandparent(A, B) :-
    parent(A, C),
    parent(C, B).
>>> [(c.positives, c.negatives) for c in result.clauses]
[(4, 0)]

References
----------
Quinlan, J. R. (1990). Learning logical definitions from relations. Machine
Learning 5, 239-266.  Mitchell, T. (1997). Machine Learning, sections 10.2
(sequential covering) and 10.5 (FOIL, Foil_Gain in 10.5.2).  Quinlan, J. R. and
Cameron-Jones, R. M. (1993). FOIL: a midterm report. ECML-93.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np

from symlearn.errors import EngineLimitError, InvalidParameterError, KBError
from symlearn.hypotheses.theory import Theory
from symlearn.ilp.closed_world import DEFAULT_CAP, ClosedWorld, closed_world_negatives
from symlearn.ilp.coverage import BindingTable, Coverage, foil_gain
from symlearn.ilp.language import Candidate, Language, TypedVar
from symlearn.ilp.recursion import recursion_terminates
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.printer import format_term, variable_names
from symlearn.logic.terms import Struct, Term, Var, functor_of

__all__ = ["FoilResult", "FoilSettings", "LearnedClause", "LiteralStep", "foil"]

#: ``trace(level, message)``: level 1 for the search's decisions, 2 for every candidate.
Trace = Callable[[int, str], None]
#: ``progress(stage, done, total)``.
Progress = Callable[[str, int, int | None], None]


@dataclass(frozen=True)
class FoilSettings:
    """FOIL's options.  :meth:`from_kb` reads them from ``:- set(Name, Value)``.

    Attributes
    ----------
    clause_length
        Most literals in a clause, the head included (``clauselength``).
    mdl
        Stop specialising when a clause would cost more bits than the
        positives it covers (``mdl``).
    min_accuracy
        Least training accuracy of a clause that still covers negatives
        (``minacc``; Quinlan's 85%).
    completion
        A literal that leaves no negative binding is preferred to the best
        literal when its gain is at least this fraction of the best gain.
    negation, equality, recursion
        Whether negated literals, ``X = Y`` and literals of the target are
        candidates (``negation``, ``equality``, ``recursion``).
    closed_world
        Generate negatives as unlisted tuples (``closed_world``).
    max_negatives
        The cap on closed-world negatives (``closed_world_limit``).
    seed
        Random seed for sampling closed-world negatives.
    max_constants
        Most constants a ``#`` mode argument may take (the most frequent ones).
    """

    clause_length: int = 6
    mdl: bool = True
    min_accuracy: float = 0.85
    completion: float = 0.8
    negation: bool = True
    equality: bool = True
    recursion: bool = True
    closed_world: bool = False
    max_negatives: int = DEFAULT_CAP
    seed: int = 0
    max_constants: int = 20

    #: setting name in the file -> attribute
    NAMES: ClassVar[dict[str, str]] = {
        "clauselength": "clause_length",
        "mdl": "mdl",
        "minacc": "min_accuracy",
        "completion": "completion",
        "negation": "negation",
        "equality": "equality",
        "recursion": "recursion",
        "closed_world": "closed_world",
        "closed_world_limit": "max_negatives",
        "seed": "seed",
    }

    def __post_init__(self) -> None:
        if self.clause_length < 1:
            raise InvalidParameterError("clause length must be at least 1 (the head)")
        if not 0.0 <= self.min_accuracy <= 1.0:
            raise InvalidParameterError("minimum accuracy must be between 0 and 1")
        if self.max_negatives < 0:
            raise InvalidParameterError("the closed-world cap must not be negative")

    @classmethod
    def from_kb(cls, kb: KnowledgeBase, **overrides: Any) -> FoilSettings:
        """Settings from the file's ``set/2`` directives, then ``overrides`` (None: keep)."""
        values: dict[str, Any] = {}
        for name, attribute in cls.NAMES.items():
            value = kb.setting(name)
            if value is not None:
                values[attribute] = _setting_value(name, value, type(getattr(cls(), attribute)))
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {attribute: getattr(self, attribute) for attribute in self.NAMES.values()}


def _setting_value(name: str, value: Term, kind: type) -> Any:
    if kind is bool:
        if value in ("true", "false"):
            return value == "true"
    elif kind is int and type(value) is int:
        return value
    elif kind is float and type(value) in (int, float):
        return float(value)  # type: ignore[arg-type]
    raise KBError(f"set({name}, {format_term(value)}): expected {kind.__name__}")


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


@dataclass(frozen=True)
class FoilResult:
    """What :func:`foil` learnt, and how."""

    theory: Theory
    clauses: tuple[LearnedClause, ...]
    positives: int
    negatives: int
    covered_positives: int
    covered_negatives: int
    settings: FoilSettings
    closed_world: ClosedWorld | None = None
    stopped: str = ""
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """The DESIGN.md JSON of ``learn foil`` (without ``algorithm``)."""
        target = self.theory.indicator
        accuracy = (self.covered_positives + self.negatives - self.covered_negatives) / max(
            self.positives + self.negatives, 1
        )
        return {
            "target": target,
            "hypothesis": self.theory.hypothesis(),
            "clauses": [c.to_dict() for c in self.clauses],
            "metrics": {
                "train_accuracy": accuracy,
                "positives": self.positives,
                "negatives": self.negatives,
                "covered_positives": self.covered_positives,
                "covered_negatives": self.covered_negatives,
                "confusion_matrix": {
                    "tp": self.covered_positives,
                    "fn": self.positives - self.covered_positives,
                    "fp": self.covered_negatives,
                    "tn": self.negatives - self.covered_negatives,
                },
            },
            "closed_world": None if self.closed_world is None else self.closed_world.to_dict(),
            "settings": self.settings.to_dict(),
            "stopped": self.stopped,
            "notes": list(self.notes),
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


class _Learner:
    """The state of one FOIL run (one target)."""

    def __init__(
        self,
        kb: KnowledgeBase,
        target: Indicator,
        settings: FoilSettings,
        trace: Trace | None,
        progress: Progress | None,
    ) -> None:
        self.kb = kb
        self.target = target
        self.settings = settings
        self.trace = trace or (lambda level, message: None)
        self.progress = progress
        self.coverage = Coverage(kb, target)
        self.notes: list[str] = []
        self.language = Language.from_kb(
            kb,
            target,
            recursion=settings.recursion,
            equality=settings.equality,
            constants=self._constants,
        )
        self.recursive_language = any(m.indicator == target for m in self.language.modes)
        self.head = Struct(target[0], tuple(Var(f"X{i}") for i in range(1, target[1] + 1)))
        self.head_variables: list[TypedVar] = list(
            zip(self.head.args, self.language.head_types)  # type: ignore[arg-type]
        )
        self.relations = len(self.language.predicates())
        self.total_examples = 0
        self.all_examples: list[Term] = []

    def _constants(self, indicator: Indicator, position: int) -> list[Term]:
        relation = self.coverage.relation(indicator)
        if relation is None or not len(relation):
            return []
        values, counts = np.unique(relation.rows[:, position], return_counts=True)
        best = values[np.argsort(-counts, kind="stable")][: self.settings.max_constants]
        return self.coverage.symbols.decode(sorted(best.tolist()))

    def say(self, level: int, message: str) -> None:
        self.trace(level, message)

    # -- outer loop
    def run(self, positives: list[Term], negatives: list[Term]) -> tuple[list[LearnedClause], str]:
        learned: list[LearnedClause] = []
        uncovered = list(positives)
        total = len(positives) + len(negatives)
        stopped = "every positive example is covered"
        while uncovered:
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
                still = ~self.coverage.theory_covered(uncovered)
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
        return learned, stopped

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
            derived = [coverage.derive(c) for c in theory]
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
        variables = list(self.head_variables)
        body: list[Term] = []
        steps: list[LiteralStep] = []
        literal_bits: list[float] = []
        while True:
            is_pos = is_positive_example[table.example]
            p0 = int(np.count_nonzero(is_pos))
            n0 = len(table) - p0
            if n0 == 0:
                break
            if 1 + len(body) >= self.settings.clause_length:
                self.say(1, f"  clause length {self.settings.clause_length} reached")
                break
            chosen = self._choose(table, is_pos, is_positive_example, variables, body, p0, n0)
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
            table = self.coverage.extend(table, best.literal)
            body.append(best.literal)
            variables.extend(best.new_variables)
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
    ) -> tuple[_Scored, float] | None:
        candidates = [
            c
            for c in self.language.candidates(variables, body)
            if not _same_literal(c.literal, self.head)
        ]
        per_relation: dict[Indicator, int] = {}
        for candidate in candidates:
            per_relation[candidate.indicator] = per_relation.get(candidate.indicator, 0) + 1
        scored: list[_Scored] = []
        for candidate in candidates:
            scored.extend(self._score(table, is_pos, candidate, p0, n0, body))
        scored.sort(key=lambda s: (-s.gain, len(s.new_variables), _negated(s.literal)))
        names_body = body
        for s in scored[:5]:
            names = _names(self.head, names_body, s.literal)
            self.say(
                2,
                f"    {format_term(s.literal, names, 999):40} gain {s.gain:9.3f}  "
                f"{s.p1}+/{s.n1}- t={s.t}",
            )
        bits_so_far = [self._literal_bits(g, per_relation) for g in body]
        for s in self._ranked(scored):
            bits = self._literal_bits(s.literal, per_relation)
            if self.settings.mdl and not self._fits(
                table, s, [*bits_so_far, bits], is_positive_example
            ):
                names = _names(self.head, body, s.literal)
                self.say(
                    2,
                    f"    {format_term(s.literal, names, 999)}: the clause would cost more "
                    "bits than the positives it covers",
                )
                continue
            if self._recursion_rejected(body, s):
                continue
            return s, bits
        determinate = [
            s for s in scored if s.determinate and s.new_variables and not _negated(s.literal)
        ]
        for s in determinate:
            bits = self._literal_bits(s.literal, per_relation)
            if self.settings.mdl and not self._fits(
                table, s, [*bits_so_far, bits], is_positive_example
            ):
                continue
            if self._recursion_rejected(body, s):
                continue
            return s, bits
        self.say(1, "  no literal with positive gain fits: stop specialising")
        return None

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
            counts = self.coverage.counts(table, candidate.literal)
        except EngineLimitError as error:
            self.say(2, f"    {candidate}: skipped ({error})")
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
        if self.settings.negation and functor_of(candidate.literal) != self.target:
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

    def _literal_bits(self, literal: Term, per_relation: dict[Indicator, int]) -> float:
        goal = literal.args[0] if _negated(literal) else literal  # type: ignore[union-attr]
        lists = per_relation.get(functor_of(goal), 1)
        return 1.0 + math.log2(max(self.relations, 1)) + math.log2(max(lists, 1))

    def _fits(
        self,
        table: BindingTable,
        scored: _Scored,
        bits: list[float],
        is_positive_example: np.ndarray,
    ) -> bool:
        """Quinlan's encoding-length test for the clause with ``scored`` added."""
        kept = scored.counts > 0
        examples = np.unique(table.example[kept])
        p = int(np.count_nonzero(is_positive_example[examples]))
        return _clause_bits(bits) <= _explicit_bits(p, self.total_examples)

    def _recursion_rejected(self, body: list[Term], scored: _Scored) -> bool:
        goal = scored.literal.args[0] if _negated(scored.literal) else scored.literal  # type: ignore[union-attr]
        if functor_of(goal) != self.target:
            return False
        clause = Clause(self.head, [*body, scored.literal])
        theory = [*self.coverage.theory, clause]
        ok, reason = recursion_terminates(self.coverage, theory, self.all_examples)
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
            if self.coverage.calls_target(candidate):
                ok, _ = recursion_terminates(
                    self.coverage, [*self.coverage.theory, candidate], self.all_examples
                )
                if not ok:
                    continue
            mask = self.coverage.covered(candidate, examples)
            if int(np.count_nonzero(mask & ~is_positive_example)) <= negatives:
                body = trial
                removed.append(literal)
                self.say(
                    1, f"  pruned {format_term(literal, _names(self.head, body, literal), 999)}"
                )
        return Clause(self.head, body), removed

    def _well_formed(self, body: list[Term]) -> bool:
        """Each literal has a variable bound before it; tests have all theirs bound."""
        bound = {id(v) for v in self.head.args}
        for literal in body:
            negated = _negated(literal)
            goal = literal.args[0] if negated else literal  # type: ignore[union-attr]
            args = goal.args if type(goal) is Struct else ()
            variables = [a for a in args if type(a) is Var]
            old = [v for v in variables if id(v) in bound]
            if not old and variables:
                return False
            test = negated or functor_of(goal) == ("=", 2)
            if test and len(old) < len(variables) and functor_of(goal) == ("=", 2):
                return False
            if not self._inputs_bound(goal, bound):
                return False
            if not negated:
                bound.update(id(v) for v in variables)
        return True

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
    term = Struct(":-", (head, Struct(",", (*body, extra)) if body else extra))
    if body:
        from symlearn.logic.clauses import conjunction

        term = Struct(":-", (head, conjunction([*body, extra])))
    return variable_names(term, singletons_as_underscore=False)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


# ---------------------------------------------------------------------- entry


def foil(
    kb: KnowledgeBase,
    target: Indicator,
    settings: FoilSettings | None = None,
    *,
    trace: Trace | None = None,
    progress: Progress | None = None,
) -> FoilResult:
    """Learn a theory for ``target`` with FOIL (see the module docstring).

    Parameters
    ----------
    kb
        The knowledge base: background knowledge, ``pos``/``neg`` examples of
        the target, optional modes, determinations and settings.
    target
        ``(name, arity)`` of the predicate to learn.
    settings
        Options; by default :meth:`FoilSettings.from_kb` (the file's
        ``set/2`` directives).
    trace
        ``trace(level, message)`` receives the search as it goes.
    progress
        ``progress(stage, done, total)`` for long runs.

    Returns
    -------
    FoilResult

    Raises
    ------
    KBError
        When the target has no positive example or no background predicate.
    """
    if settings is None:
        settings = FoilSettings.from_kb(kb)
    name, arity = target
    if arity < 1:
        raise KBError(f"FOIL learns relations: {format_term(name)}/0 has no argument to bind")
    positives = kb.positives(name, arity)
    if not positives:
        raise KBError(f"no positive examples of {format_term(name)}/{arity} in the knowledge base")
    notes: list[str] = []
    own = len(kb.predicate(name, arity).clauses) if (name, arity) in kb.predicates else 0
    if own:
        notes.append(
            f"set aside the knowledge base's {own} clause(s) for {format_term(name)}/{arity} "
            "(the target is what is learnt)"
        )
    learner = _Learner(kb, target, settings, trace, progress)
    for note in notes:
        learner.say(1, note)
    negatives = list(dict.fromkeys(kb.negatives(name, arity)))
    world = None
    if settings.closed_world:
        world = closed_world_negatives(
            kb, target, learner.coverage, cap=settings.max_negatives, seed=settings.seed
        )
        listed = set(negatives) | set(positives)
        negatives += [n for n in world.negatives if n not in listed]
        notes.append(world.describe())
        learner.say(1, world.describe())
    clash = set(positives) & set(negatives)
    if clash:
        note = f"{len(clash)} example(s) are both positive and negative (noise)"
        notes.append(note)
        learner.say(1, note)
    learner.total_examples = len(positives) + len(negatives)
    learner.all_examples = positives + negatives
    learned, stopped = learner.run(positives, negatives)
    theory = Theory(target, tuple(c.clause for c in learned), tabled=target in kb.tabled)
    learner.coverage.set_theory(theory.clauses)
    learner.coverage.set_extension(target, None)
    reported = []
    for item in learned:
        mask = learner.coverage.covered(item.clause, learner.all_examples)
        reported.append(
            replace(
                item,
                positives=int(np.count_nonzero(mask[: len(positives)])),
                negatives=int(np.count_nonzero(mask[len(positives) :])),
            )
        )
    covered = learner.coverage.theory_covered(learner.all_examples)
    return FoilResult(
        theory=theory,
        clauses=tuple(reported),
        positives=len(positives),
        negatives=len(negatives),
        covered_positives=int(np.count_nonzero(covered[: len(positives)])),
        covered_negatives=int(np.count_nonzero(covered[len(positives) :])),
        settings=settings,
        closed_world=world,
        stopped=stopped,
        notes=tuple(notes),
    )
