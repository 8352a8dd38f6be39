r"""CIGOL-style learning by inverse resolution, with sequential covering.

The learner follows the strategy of Mitchell (1997, section 10.7) for rule
learning with inverse entailment operators: a sequential-covering loop over
the positive examples in which, for each positive example not yet covered,
inverse resolution against the background knowledge and the clauses learnt so
far proposes hypotheses h with B ∧ h ∧ x ⊨ f(x); the best one that stays
consistent with the negative examples is kept.

For an uncovered example e the search starts from the unit clause ``e`` and
applies the V-operators (:func:`~symlearn.ilp.inverse_operators.inverse_resolve`:
absorption and identification, with every θ1 and inverse substitution θ2⁻¹)
``depth`` times, each time with every *partner* clause C1: the background
facts that mention a constant of the current clause, the background rules
and the clauses learnt so far.  This is Mitchell's multistep derivation
(Figure 10.3): from ``grandchild(bob, shannon)`` and ``father(shannon, tom)``
comes ``grandchild(bob, A) :- father(A, tom)``, and from it and
``father(tom, bob)`` comes ``grandchild(A, B) :- father(B, C), father(C, A)``.

Every candidate that is a definite clause for the target and still proves
e is scored by **compression** p − n − L (p: positives it covers that no
learnt clause covers, n: negatives it covers, L: its number of literals;
the example itself as a fact scores 1 − 0 − 1 = 0).  The best candidate with
at most ``noise`` negatives and a positive compression is learnt; if none
compresses, e is added as a fact (as Progol does).  Between steps a beam of
the ``beam`` most promising candidates is kept: consistent ones first, then
by positives covered, fewest variables that occur once (a singleton is a
dead end: no later step can link it), most variables.

Coverage is tested set-at-a-time with :class:`symlearn.ilp.coverage.Coverage`
(target's own clauses set aside, undefined predicates fail, proof depth
``h``).

Functions and classes
---------------------
cigol, learn, CigolSettings, CigolResult, CigolRun, Derivation, LearntClause

References
----------
Mitchell, T. (1997).  Machine Learning, section 10.6 (induction as inverted
deduction), section 10.7 (inverting resolution) and Figure 10.3.  Muggleton,
S. and Buntine, W. (1988).  Machine invention of first-order predicates by
inverting resolution.  ICML 1988.

Examples
--------
>>> from symlearn.kb import loads
>>> kb = loads('''
... father(shannon, tom). father(tom, bob). father(ian, jim). father(jim, kim).
... father(al, sid). father(sid, ted). father(ed, fred). father(fred, gus).
... pos(grandchild(bob, shannon)). pos(grandchild(kim, ian)). pos(grandchild(ted, al)).
... pos(grandchild(gus, ed)).
... neg(grandchild(tom, shannon)). neg(grandchild(shannon, bob)). neg(grandchild(jim, ian)).
... ''')
>>> from symlearn.ilp.task import RelationalTask
>>> result = cigol(RelationalTask.from_kb(kb, ("grandchild", 2)))
>>> print(result.theory)
grandchild(A, B) :-
    father(B, C),
    father(C, A).
>>> print("\n".join(result.clauses[0].derivation.lines()))  # Mitchell's Figure 10.3
grandchild(A, B) :- father(B, C), father(C, A).   [absorption, θ2⁻¹ = {bob/A, tom/C}]
├── father(tom, bob).
└── grandchild(bob, A) :- father(A, tom).   [absorption, θ2⁻¹ = {shannon/A}]
    ├── father(shannon, tom).
    └── grandchild(bob, shannon).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from symlearn.errors import EngineLimitError, InvalidParameterError, require
from symlearn.hypotheses.theory import Theory
from symlearn.ilp.inverse_operators import (
    InverseResolvent,
    absorption,
    fresh_predicate_name,
    identification,
    inter_construction,
    intra_construction,
    inverse_resolve,
    inverse_substitutions,
    truncation,
)
from symlearn.ilp.result import RelationalRun
from symlearn.ilp.task import RelationalTask
from symlearn.learning.settings import Settings, option
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator, format_indicator
from symlearn.logic.printer import format_term, variable_names
from symlearn.logic.resolution import Literal, LiteralClause
from symlearn.logic.subsumption import subsumes
from symlearn.logic.terms import Struct, Term, Var, functor_of, term_variables

__all__ = [
    "SETTINGS",
    "CigolResult",
    "CigolRun",
    "CigolSettings",
    "Derivation",
    "Generalisation",
    "LearntClause",
    "absorption",
    "cigol",
    "fresh_predicate_name",
    "identification",
    "inter_construction",
    "intra_construction",
    "inverse_resolve",
    "inverse_substitutions",
    "learn",
    "truncation",
]

SUMMARY = "Learn the target by inverse resolution (CIGOL-style), printing each derivation tree."
EXAMPLE = "symlearn learn inverse-resolution kb/grandchild.pl --target grandchild/2"

Progress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True)
class CigolSettings(Settings):
    """Search bounds of :func:`cigol`, each also readable from ``:- set(Name, Value)``.

    Attributes
    ----------
    depth
        Inverse resolution steps from an example (``set(ir_depth, N)``).
    beam
        Candidates kept between steps (``set(ir_beam, N)``).
    noise
        Most negatives a learnt clause may cover (``set(noise, N)``).
    proof_depth
        Deepest proof when testing coverage (``set(h, N)``).
    max_substitutions
        Inverse substitutions tried per partner and θ1 (``set(ir_substitutions, N)``).
    max_partners
        Background facts tried as partners per step (``set(ir_partners, N)``).
    accept
        Answer yes to every generalisation, as CIGOL's oracle may: learn the
        most general candidate consistent with the negatives (the first of
        :attr:`LearntClause.generalisations`) even when it does not compress
        (``set(ir_accept, true)``, ``--accept``).
    """

    ALGORITHM: ClassVar[str] = "inverse-resolution"

    depth: int = option(3, key="ir_depth", minimum=1, help="Inverse resolution steps.")
    beam: int = option(5, key="ir_beam", minimum=1, help="Candidates kept per step.")
    noise: int = option(0, key="noise", minimum=0, help="Negatives allowed.")
    proof_depth: int = option(
        30, key="h", cli=None, minimum=1, help="Proof depth of coverage tests."
    )
    max_substitutions: int = option(
        1024, key="ir_substitutions", cli=None, minimum=0, help="Inverse substitutions per step."
    )
    max_partners: int = option(
        50, key="ir_partners", cli=None, minimum=0, help="Background facts tried per step."
    )
    accept: bool = option(
        False,
        key="ir_accept",
        flag=True,
        help="Take the most general generalisation (CIGOL's oracle saying yes) "
        "even when the example as a fact compresses as well.",
    )


SETTINGS = CigolSettings


def _one_line(clause: LiteralClause | Clause, names: dict[Var, str] | None = None) -> str:
    """A clause on one line, ``h :- b1, b2.`` (or ``l1 ; l2`` when not definite)."""
    if isinstance(clause, LiteralClause):
        if not clause.is_definite:
            return str(clause)
        clause = clause.to_clause()
    if names is None:
        names = variable_names(clause.to_term())
    head = format_term(clause.head, names, 1199)
    if not clause.body:
        return head + "."
    return head + " :- " + ", ".join(format_term(g, names, 999) for g in clause.body) + "."


@dataclass(frozen=True)
class Derivation:
    """How a clause was derived by inverse resolution: a V-shaped tree.

    Attributes
    ----------
    clause
        The derived clause (C2 of the step).
    operator
        ``"absorption"`` or ``"identification"``; None for the example itself.
    partner
        The clause C1 resolved against.
    inverse
        θ2⁻¹ as (term, variable) pairs.
    parent
        The derivation of C, the clause C2 generalises (None for the example).
    """

    clause: Clause
    operator: str | None = None
    partner: LiteralClause | None = None
    inverse: tuple[tuple[Term, Var], ...] = ()
    parent: Derivation | None = None

    @property
    def steps(self) -> int:
        """How many inverse resolution steps lead to the clause."""
        return 0 if self.parent is None else 1 + self.parent.steps

    def _substitution(self, names: dict[Var, str]) -> dict[str, str]:
        return {
            format_term(term, None, 999): names.get(var, "_")
            for term, var in self.inverse
            if var in names
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``clause``, ``operator``, ``partner``, ``substitution`` (θ2⁻¹), ``from``."""
        names = variable_names(self.clause.to_term(), singletons_as_underscore=False)
        return {
            "clause": _one_line(self.clause, names),
            "operator": self.operator,
            "partner": None if self.partner is None else _one_line(self.partner),
            "substitution": self._substitution(names),
            "from": None if self.parent is None else self.parent.to_dict(),
        }

    def lines(self, indent: str = "") -> list[str]:
        """The tree as text, the derived clause first and each V below it."""
        names = variable_names(self.clause.to_term(), singletons_as_underscore=False)
        text = _one_line(self.clause, names)
        if self.operator is not None:
            substitution = ", ".join(f"{t}/{v}" for t, v in self._substitution(names).items())
            text += f"   [{self.operator}" + (
                f", θ2⁻¹ = {{{substitution}}}]" if substitution else "]"
            )
        out = [indent + text]
        if self.parent is not None and self.partner is not None:
            out.append(indent + "├── " + _one_line(self.partner))
            out.extend(self.parent.lines(indent + "└── ")[0:1])
            out.extend(self.parent.lines(indent + "    ")[1:])
        return out


@dataclass(frozen=True)
class LearntClause:
    """A clause of the learnt theory, its training coverage and its derivation."""

    clause: Clause
    positives: int
    negatives: int
    compression: int
    derivation: Derivation
    generalisations: tuple[Generalisation, ...] = ()
    accepted: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form (DESIGN.md ``clauses`` entry), with ``generalisations`` most general first."""
        return {
            "clause": str(self.clause),
            "positives": self.positives,
            "negatives": self.negatives,
            "compression": self.compression,
            "literals": [],
            "steps": self.derivation.steps,
            "accepted": self.accepted,
            "generalisations": [g.to_dict() for g in self.generalisations],
        }


@dataclass(frozen=True)
class Generalisation:
    """A candidate clause the V-operators derived from an example.

    Attributes
    ----------
    derivation
        How it was derived (its clause is ``derivation.clause``).
    positives, negatives
        Training examples it covers.
    compression
        p − n − L (p: positives not covered by earlier clauses).
    more_general_than
        How many of the other candidates it is more general than.
    """

    derivation: Derivation
    positives: int
    negatives: int
    compression: int
    more_general_than: int

    @property
    def clause(self) -> Clause:
        """The candidate clause."""
        return self.derivation.clause

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the clause, its coverage and its derivation (with each θ2⁻¹)."""
        return {
            "clause": _one_line(self.clause),
            "steps": self.derivation.steps,
            "positives": self.positives,
            "negatives": self.negatives,
            "compression": self.compression,
            "more_general_than": self.more_general_than,
            "derivation": self.derivation.to_dict(),
        }


@dataclass(frozen=True)
class CigolResult:
    """What :func:`cigol` learnt."""

    target: Indicator
    clauses: tuple[LearntClause, ...]
    settings: CigolSettings
    background: tuple[Indicator, ...]
    candidates: int
    set_aside: int = 0

    @property
    def theory(self) -> Theory:
        """The learnt clauses as a :class:`~symlearn.hypotheses.theory.Theory`."""
        return Theory(self.target, tuple(c.clause for c in self.clauses))

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``hypothesis``, ``clauses``, ``derivation`` and the settings."""
        return {
            "hypothesis": self.theory.hypothesis(),
            "clauses": [c.to_dict() for c in self.clauses],
            "derivation": [c.derivation.to_dict() for c in self.clauses],
            "generalisations": [[g.to_dict() for g in c.generalisations] for c in self.clauses],
            "settings": self.settings.to_dict(),
            "candidates_evaluated": self.candidates,
            "set_aside": self.set_aside,
            "background_predicates": [f"{n}/{a}" for n, a in self.background],
        }


def background_predicates(task: RelationalTask) -> list[Indicator]:
    """The predicates a learnt clause for the task's target may call.

    Those named by ``determination(target, P)`` when there are any, else
    every predicate with clauses except the target, the example predicates
    and the predicates whose rules call the target.
    """
    allowed = task.bias.determinations
    if allowed:
        return [p for p in allowed if p != task.target]
    return task.background_predicates()


@dataclass
class _Candidate:
    clause: Clause
    literal_clause: LiteralClause
    positives: np.ndarray
    negatives: int
    new_positives: int
    derivation: Derivation

    @property
    def compression(self) -> int:
        return self.new_positives - self.negatives - len(self.clause)


class _Cigol:
    def __init__(
        self, task: RelationalTask, settings: CigolSettings, progress: Progress | None
    ) -> None:
        self.task = task
        self.target = task.target
        self.settings = settings
        self.progress = progress
        self.positives = list(task.positives)
        self.negatives = list(task.negative_examples)
        self.background = background_predicates(task)
        self.coverage = task.coverage(max_depth=settings.proof_depth)
        self.covered = np.zeros(len(self.positives), dtype=bool)
        self.learnt: list[LearntClause] = []
        self.found: list[_Candidate] = []
        self.evaluated = 0
        self.rules = [
            clause
            for indicator in self.background
            for clause in task.clauses(indicator)
            if not (clause.is_fact and clause.is_ground)
        ]

    def run(self) -> None:
        for index, example in enumerate(self.positives):
            if self.progress is not None:
                self.progress("examples", index, len(self.positives))
            if self.covered[index]:
                continue
            self.found = []
            best = self.search(index, example)
            fact = self.evaluate(Clause(example), Derivation(Clause(example)), index)
            assert fact is not None
            ranked = _by_generality([*self.found, fact], self.settings.noise)
            accepted = False
            if self.settings.accept and ranked and ranked[0][0] is not fact:
                best, accepted = ranked[0][0], True
            if best is None:
                best = fact
            self.learnt.append(
                LearntClause(
                    best.clause,
                    int(np.count_nonzero(best.positives)),
                    best.negatives,
                    best.compression,
                    best.derivation,
                    tuple(
                        Generalisation(
                            c.derivation,
                            int(np.count_nonzero(c.positives)),
                            c.negatives,
                            c.compression,
                            rank,
                        )
                        for c, rank in ranked
                    ),
                    accepted,
                )
            )
            self.coverage.set_theory(c.clause for c in self.learnt)
            self.covered |= best.positives
        if self.progress is not None:
            self.progress("examples", len(self.positives), len(self.positives))

    def evaluate(self, clause: Clause, derivation: Derivation, index: int) -> _Candidate | None:
        """Score ``clause``; None when it does not prove the example it came from."""
        self.evaluated += 1
        try:
            positives = self.coverage.covered(clause, self.positives)
            if not positives[index]:
                return None
            negatives = int(np.count_nonzero(self.coverage.covered(clause, self.negatives)))
        except EngineLimitError:
            return None  # too costly to test within the proof depth: not a candidate
        new = int(np.count_nonzero(positives & ~self.covered))
        return _Candidate(
            clause, LiteralClause.from_clause(clause), positives, negatives, new, derivation
        )

    def partners(self, clause: Clause) -> list[LiteralClause]:
        """Background facts about the clause's constants, background rules, learnt clauses."""
        constants = _constants(LiteralClause.from_clause(clause))
        facts: list[Term] = []
        if constants:
            probe = Struct("$objects", tuple(constants))
            facts = self.task.relevant_facts(probe, self.background, 1)
        facts = facts[: self.settings.max_partners]
        found = [LiteralClause.of([Literal(f)]) for f in facts]
        found += [LiteralClause.from_clause(c) for c in self.rules]
        found += [LiteralClause.from_clause(c.clause) for c in self.learnt if c.clause.body]
        return found

    def search(self, index: int, example: Term) -> _Candidate | None:
        start = Derivation(Clause(example))
        frontier = [(Clause(example), start)]
        seen: set[str] = set()
        best: _Candidate | None = None
        for _ in range(self.settings.depth):
            scored: list[_Candidate] = []
            for current, derivation in frontier:
                for partner in self.partners(current):
                    for resolvent in inverse_resolve(
                        current, partner, max_substitutions=self.settings.max_substitutions
                    ):
                        found = self.consider(resolvent, derivation, seen, index)
                        if found is not None:
                            scored.append(found)
            for candidate in scored:
                if candidate.negatives <= self.settings.noise and (
                    best is None or _better(candidate, best)
                ):
                    best = candidate
            scored.sort(key=_promise)
            self.found.extend(scored)
            frontier = [(c.clause, c.derivation) for c in scored[: self.settings.beam]]
            if not frontier:
                break
        if best is None or best.compression <= 0:
            return None
        return best

    def consider(
        self,
        candidate: InverseResolvent,
        derivation: Derivation,
        seen: set[str],
        index: int,
    ) -> _Candidate | None:
        literal_clause = candidate.clause
        if not literal_clause.is_definite:
            return None
        if functor_of(literal_clause.positives[0].atom) != self.target:
            return None
        key = literal_clause.canonical_key()
        if key in seen:
            return None
        seen.add(key)
        # the body in derivation order: earlier literals first, the new one last
        clause = candidate.to_clause()
        step = Derivation(
            clause, candidate.operator, candidate.partner, candidate.inverse, derivation
        )
        return self.evaluate(clause, step, index)


def _constants(clause: LiteralClause) -> list[Term]:
    found: dict[object, Term] = {}
    for lit in clause.sorted():
        stack = list(lit.atom.args) if type(lit.atom) is Struct else []
        while stack:
            t = stack.pop()
            if type(t) is Struct:
                stack.extend(t.args)
            elif type(t) is not Var:
                found.setdefault((type(t), t), t)
    return list(found.values())


def _singletons(clause: Clause) -> int:
    counts: dict[Var, int] = {}
    for term in (clause.head, *clause.body):
        stack = [term]
        while stack:
            t = stack.pop()
            if type(t) is Var:
                counts[t] = counts.get(t, 0) + 1
            elif type(t) is Struct:
                stack.extend(t.args)
    return sum(1 for n in counts.values() if n == 1)


def _promise(candidate: _Candidate) -> tuple[int, int, int, int]:
    """Sort key of the beam: consistent, then covering more, no dead ends, general."""
    return (
        candidate.negatives,
        -int(np.count_nonzero(candidate.positives)),
        _singletons(candidate.clause),
        -len(term_variables(candidate.clause.head, *candidate.clause.body)),
    )


#: Most candidates ranked by generality per example (the most promising ones).
MAX_GENERALISATIONS = 40
#: How many of them the text report lists.
SHOWN_GENERALISATIONS = 8


def _by_generality(candidates: list[_Candidate], noise: int) -> list[tuple[_Candidate, int]]:
    """The linked candidates consistent with the negatives, most general first.

    A candidate is *linked* when no variable occurs once (a singleton is a
    dead end no later step can join).  C is more general than D when C
    θ-subsumes D and not the other way round (Plotkin 1970), or when D is
    on C's derivation: a V-step from D with partner C1 gives C with
    C1 ∧ C ⊨ D, so C is more general than D relative to the background
    (Buntine 1988); the order is closed transitively.  The candidates are
    sorted by the positives they cover (more general on the data first), then
    by how many others each is more general than, then by fewer constants and
    fewer literals.  Each comes with that count.
    """
    unique: dict[str, _Candidate] = {}
    for c in sorted(candidates, key=_promise):
        if c.negatives <= noise and _singletons(c.clause) == 0:
            unique.setdefault(c.literal_clause.canonical_key(), c)
    chosen = list(unique.values())[:MAX_GENERALISATIONS]
    n = len(chosen)
    keys = {c.literal_clause.canonical_key(): i for i, c in enumerate(chosen)}
    more = np.zeros((n, n), dtype=bool)
    for i, c in enumerate(chosen):
        step = c.derivation.parent
        while step is not None:
            j = keys.get(LiteralClause.from_clause(step.clause).canonical_key())
            if j is not None and j != i:
                more[i, j] = True
            step = step.parent
        for j, d in enumerate(chosen):
            if i != j and subsumes(c.clause, d.clause) and not subsumes(d.clause, c.clause):
                more[i, j] = True
    for k in range(n):  # transitive closure (Warshall)
        more |= more[:, k : k + 1] & more[k : k + 1, :]
    np.fill_diagonal(more, False)
    ranks = more.sum(axis=1)
    order = sorted(
        range(n),
        key=lambda i: (
            -int(np.count_nonzero(chosen[i].positives)),
            -int(ranks[i]),
            len(_constants(chosen[i].literal_clause)),
            len(chosen[i].clause),
        ),
    )
    return [(chosen[i], int(ranks[i])) for i in order]


def _better(a: _Candidate, b: _Candidate) -> bool:
    """Higher compression; on a tie, fewer negatives, then fewer literals."""
    return (a.compression, -a.negatives, -len(a.clause)) > (
        b.compression,
        -b.negatives,
        -len(b.clause),
    )


def cigol(
    task: RelationalTask,
    settings: CigolSettings | None = None,
    progress: Progress | None = None,
) -> CigolResult:
    """Learn clauses for ``target`` by inverse resolution with sequential covering.

    Parameters
    ----------
    task
        The prepared task: the target, its ``pos``/``neg`` examples and the
        background knowledge (its own clauses for the target set aside).
    settings
        Search bounds (default: the file's ``set/2`` directives).
    progress
        Called as ``progress(stage, done, total)``.

    Returns
    -------
    CigolResult

    Raises
    ------
    InvalidParameterError
        When the target has no positive example.
    """
    require(
        task,
        RelationalTask,
        "task",
        "a RelationalTask (RelationalTask.from_task); symlearn.learn takes files",
    )
    if settings is None:
        settings = CigolSettings.from_values(task.file_settings, task.setting_positions)
    target = task.target
    if not task.positives:
        raise InvalidParameterError(f"no positive examples of {target[0]}/{target[1]}")
    learner = _Cigol(task, settings, progress)
    learner.run()
    return CigolResult(
        target,
        tuple(learner.learnt),
        settings,
        tuple(learner.background),
        learner.evaluated,
        task.own_clauses,
    )


# ---------------------------------------------------------------------- the learner protocol


@dataclass(eq=False)
class CigolRun(RelationalRun):
    """Inverse resolution run on a task: the theory and each clause's derivation tree."""

    task: LearningTask
    settings: CigolSettings
    result: CigolResult
    algorithm: str = "inverse-resolution"

    def report(self) -> list[str]:
        """The theory, then each clause's coverage and derivation tree as comments."""
        lines = [str(self.result.theory), ""]
        for number, learnt in enumerate(self.result.clauses, start=1):
            lines.append(
                f"% clause {number}: {learnt.positives} positive, {learnt.negatives} negative, "
                f"compression {learnt.compression}; derivation:"
            )
            lines.extend("%   " + line for line in learnt.derivation.lines())
            lines.extend(_generalisation_lines(learnt))
        return lines

    def messages(self, verbose: int = 0) -> list[str]:
        """With ``verbose``: the clauses set aside, the search effort and the background."""
        if not verbose:
            return []
        background = ", ".join(format_indicator(p) for p in self.result.background)
        return [
            *self.set_aside_lines(),
            f"% {self.result.candidates} candidate clauses evaluated; background: {background}",
        ]


def _generalisation_lines(learnt: LearntClause) -> list[str]:
    """The candidates most general first, and how the first was derived when it was not learnt."""
    if len(learnt.generalisations) <= 1:
        return []
    lines = ["%   generalisations, most general first (--accept takes the first):"]
    for g in learnt.generalisations[:SHOWN_GENERALISATIONS]:
        lines.append(
            f"%     {_one_line(g.clause)}   [{g.derivation.steps} step(s), "
            f"{g.positives} positive, {g.negatives} negative, compression {g.compression}]"
        )
    hidden = len(learnt.generalisations) - SHOWN_GENERALISATIONS
    if hidden > 0:
        lines.append(f"%     ... {hidden} more (all of them with --json)")
    first = learnt.generalisations[0]
    if first.clause != learnt.clause:
        lines.append("%   derivation of the first:")
        lines.extend("%     " + line for line in first.derivation.lines())
    return lines


def learn(
    task: LearningTask,
    settings: CigolSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> CigolRun:
    """Run inverse resolution on a task (the learner protocol).

    Raises
    ------
    InvalidParameterError
        When the target has no positive example, or the task is a table.
    """
    settings = settings or CigolSettings.from_task(task)
    relational = RelationalTask.from_task(
        task, closed_world=False, examples_required=False, learner="inverse resolution"
    )
    return CigolRun(task, settings, cigol(relational, settings, progress))
