"""Progol-style mode-directed inverse entailment with sequential covering.

The covering algorithm of Progol (Muggleton 1995; Mitchell 1997, section 10.7): while
some positive example is not covered by the clauses learnt so far,

1. take the first such example e (the *seed*) and build its bottom clause
   ⊥e from the mode declarations (:func:`symlearn.ilp.bottom.bottom_clause`,
   variable depth ``i``, recall, proof depth ``h``);
2. search the clauses that θ-subsume ⊥e, general to specific
   (:class:`~symlearn.ilp.progol_search.BottomSearch`): a clause is
   the head of ⊥e and a set of its body literals; a refinement adds one
   literal of ⊥e whose ``+`` variables are already bound (by the head or by
   earlier literals), up to ``clauselength`` literals (``c`` body goals) and
   ``nodes`` clauses evaluated.  The search is best-first on the score with
   branch and bound (Progol's A*): a clause is not refined when no
   refinement could beat the best clause found (refinements cover no more
   positives and have more literals), nor when it covers no negative;
3. keep the best clause that covers at most ``noise`` negatives, at least
   ``minpos`` positives and binds the head's ``-`` variables, if it scores
   better than e itself as a fact; otherwise add e as a fact (as Progol does);
4. remove the positives the new clause covers.

At the end a rule the rest of the theory does without (the same positives
proved) is dropped.

**Recursion.**  A body mode of the target makes recursive clauses: the
bottom clause's recursive literals come from the other positive examples
(as Aleph's saturation does), and a recursive candidate is proved as Aleph
proves it, by the background, the clauses learnt so far and itself: bottom-up
to the least fixpoint for Datalog clauses, else by the engine with the
target tabled.  A candidate whose recursive call repeats the head's call
(left recursion) is not tried; a learnt theory whose recursion would still
loop on the examples (:func:`~symlearn.ilp.recursion.recursion_terminates`)
is tabled, and the report says why.

**Modes.**  Without a head mode or body modes they are derived from the data
(:mod:`symlearn.ilp.derived_modes`: types from the argument domains); a
body mode naming a predicate with no clauses is a warning.

**Aleph's declarations.**  A ``lazy_evaluate``d predicate's ``#`` constants
are computed during the search (:mod:`~symlearn.ilp.lazy_evaluation`); a
clause whose addition to the theory makes the body of an integrity
constraint ``false :- Body`` provable is not taken; ``set(abduce, true)`` is
"not supported: abduction"; the Aleph settings Progol ignores are named in
one warning.

Scores (``set(evalfn, ...)``), with p and n the positives (among those
still uncovered) and negatives a clause covers and L its number of literals
(head included):

* ``coverage`` (default, Aleph's): p − n;
* ``compression`` (Progol's): p − n − L;
* ``mdl``: the bits saved, (p − n)·log2(P + N) − L·log2(|⊥e| + 1): naming a
  covered example costs log2(P + N) bits, choosing a literal of ⊥e (or
  stopping) log2(|⊥e| + 1) bits;
* ``posonly`` (or ``set(posonly)``; Muggleton 1996): negatives are not used;
  ``gsamplesize`` random examples are drawn from the types of the head
  mode, r of the R drawn are covered, and the score is
  p·log2((R + 2)/(r + 1)) − L: covering many positives while covering few
  random instances (being specific to the data) compresses.

Coverage is tested set-at-a-time (:class:`symlearn.ilp.coverage.Coverage`),
only on the examples the clause's parent covered (a refinement covers a
subset), by extending the parent's binding tables with the one literal
added.  Aleph's compression is p − n − L + 1: the same order.  The two
defaults give different answers on small data: under ``coverage`` a clause
covering two positives beats the seed as a fact (so ``ancestor``'s base
clause, 2 of 6 positives in kb/family.pl, is kept and the recursive clause
follows); under ``compression`` it only ties with the fact, which is kept.

Functions and classes
---------------------
progol, learn, ProgolSettings, ProgolResult, ProgolClause, ProgolRun

References
----------
Muggleton, S. (1995).  Inverse entailment and Progol.  New Generation
Computing 13.  Muggleton, S. (1996).  Learning from positive data.  ILP-96.
Srinivasan, A.  The Aleph manual.  Mitchell, T. (1997).  Machine Learning,
section 10.7.

Examples
--------
>>> from symlearn.kb import load
>>> from symlearn.ilp.task import RelationalTask
>>> result = progol(RelationalTask.from_kb(load(["kb/family.pl"]), ("grandparent", 2)))
>>> print(result.theory)
grandparent(A, B) :-
    parent(A, C),
    parent(C, B).

On the learner protocol (``symlearn learn progol``), settings from Python
override the file's:

>>> import symlearn
>>> run = symlearn.learn("progol", "kb/family.pl", target="grandparent/2", clause_length=3)
>>> run.clauses() == result.theory.hypothesis(), run.settings.clause_length
(True, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from symlearn.errors import EngineLimitError, InvalidParameterError, KBError, PrologError, require
from symlearn.hypotheses.theory import Theory
from symlearn.ilp.backend_settings import BackendSettings
from symlearn.ilp.bottom import (
    BottomClause,
    BottomLiteral,
    at_path,
    bottom_clause,
    mode_places,
    term_key,
)
from symlearn.ilp.coverage import BindingTable, NotSetAtATimeError
from symlearn.ilp.least_model import demanded_model, least_model
from symlearn.ilp.progol_search import BottomSearch
from symlearn.ilp.recursion import recursion_terminates
from symlearn.ilp.relations import distinct
from symlearn.ilp.result import RelationalRun
from symlearn.ilp.task import RelationalTask
from symlearn.learning.settings import option
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause, conjunction
from symlearn.logic.indicators import Indicator
from symlearn.logic.modes import Mode
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var, are_distinct_variables, is_ground
from symlearn.logic.unify import substitute

__all__ = [
    "EVALFNS",
    "SETTINGS",
    "ProgolClause",
    "ProgolResult",
    "ProgolRun",
    "ProgolSettings",
    "learn",
    "progol",
]

#: Largest least model (tuples of the target) computed bottom-up for a recursive candidate.
MAX_MODEL_ROWS = 1_000_000
#: Least models of at most this many atoms are kept per theory for the redundancy check.
MAX_KEPT_MODEL = 10_000
#: Theories with more clauses than this are not checked for redundant rules.
MAX_REDUNDANCY_CHECK = 50
#: Binding tables larger than this are not kept for a clause's refinements.
MAX_KEPT_ROWS = 200_000

SUMMARY = "Learn the target by Progol-style inverse entailment; -v prints each bottom clause."
EXAMPLE = "symlearn learn progol kb/family.pl --target grandparent/2"

Progress = Callable[[str, int, "int | None"], None]
#: The clause scores ``set(evalfn, ...)`` chooses from.
EVALFNS = ("compression", "coverage", "mdl", "posonly")
#: Aleph's scores for ``induce_tree`` (tree induction), not for clause search.
TREE_EVALFNS = ("entropy", "gini")


@dataclass(frozen=True)
class ProgolSettings(BackendSettings):
    """The bounds of the search, each also readable from ``:- set(Name, Value)``.

    Attributes
    ----------
    clause_length
        Most literals in a clause, head included (Aleph's default 4).
    nodes
        Most clauses evaluated per search.
    variable_depth
        Variable depth: layers of the bottom clause (Aleph's ``i``).
    proof_depth
        Proof depth of the query engine (Aleph's ``h``).
    noise
        Most negatives an acceptable clause covers.
    min_positives
        Fewest positives an acceptable clause covers (Aleph's ``minpos``).
    measure
        The clause score (Aleph's ``evalfn``): ``coverage`` (default, Aleph's),
        ``compression`` (Progol's), ``mdl`` or ``posonly``.
    positive_only
        Learn from positives only, the same as ``measure = posonly`` (Aleph's ``posonly``).

    The command line names them as other learners name the same things
    (``--clause-length`` as FOIL's, ``--measure`` as the trees' and
    sequential covering's score) or, where no other learner has the concept,
    in words (``--variable-depth``, ``--proof-depth``, ``--min-positives``,
    ``--positive-only``, with Aleph's ``--i``, ``--h``, ``--minpos``,
    ``--posonly`` accepted but unlisted in ``--help``).  Aleph's names are
    what files set (``:- set(evalfn, mdl).``) and are accepted as Python
    keywords (``evalfn="mdl"``).
    c
        Most body goals (Progol's ``c``; None: ``clauselength`` − 1).
    r
        Most engine calls per query (Progol's resolution bound).
    gsamplesize
        Random examples drawn for ``posonly``.
    seed
        Random seed for those draws.
    """

    ALGORITHM: ClassVar[str] = "progol"

    clause_length: int = option(
        4, key="clauselength", minimum=1, help="Most literals in a clause, head included."
    )
    nodes: int = option(5000, key="nodes", minimum=1, help="Most clauses searched per seed.")
    variable_depth: int = option(
        2, key="i", minimum=0, hidden_aliases=("--i",), help="Layers of the bottom clause."
    )
    proof_depth: int = option(
        30, key="h", minimum=1, hidden_aliases=("--h",), help="Proof depth of coverage tests."
    )
    noise: int = option(0, key="noise", minimum=0, help="Negatives a clause may cover.")
    min_positives: int = option(
        1,
        key="minpos",
        minimum=1,
        hidden_aliases=("--minpos",),
        help="Fewest positives a clause covers.",
    )
    measure: str = option(
        "coverage",
        key="evalfn",
        choices=EVALFNS,
        refused_aliases=("--evalfn",),
        help="Clause score.",
    )
    positive_only: bool = option(
        False,
        key="posonly",
        flag=True,
        hidden_aliases=("--posonly",),
        help="Learn from positives only.",
    )
    c: int | None = option(None, key="c", cli=None, minimum=0, help="Most body goals.")
    r: int = option(100_000, key="r", cli=None, minimum=1, help="Most engine calls per query.")
    gsamplesize: int = option(
        100, key="gsamplesize", cli=None, minimum=1, help="Random examples drawn for posonly."
    )
    seed: int = option(0, key="seed", cli=None, help="Seed for the posonly random examples.")

    @classmethod
    def from_values(
        cls,
        file_settings: Mapping[str, Term] | None = None,
        positions: Mapping[str, SourcePosition] | None = None,
        **given: Any,
    ) -> ProgolSettings:
        """As :meth:`Settings.from_values`, saying where Aleph's tree scores belong."""
        value = (file_settings or {}).get("evalfn")
        if value in TREE_EVALFNS:
            message = (
                f"set(evalfn, {value}): expected one of {', '.join(EVALFNS)}; "
                f"{'/'.join(TREE_EVALFNS)} are for Aleph's tree induction (induce_tree), "
                "which symlearn does with `learn id3`, `c45` or `cart` on attribute-value examples"
            )
            where = (positions or {}).get("evalfn")
            if where is None:
                raise KBError(message)
            raise KBError(message, where.path, where.line, where.column)
        return super().from_values(file_settings, positions, **given)

    @property
    def evaluation(self) -> str:
        """The score actually used (``posonly`` when that flag is set)."""
        return "posonly" if self.positive_only else self.measure

    @property
    def max_body(self) -> int:
        """Most body goals: ``clauselength`` − 1, bounded by ``c``."""
        limit = self.clause_length - 1
        return limit if self.c is None else min(limit, self.c)


SETTINGS = ProgolSettings


@dataclass(frozen=True)
class ProgolClause:
    """A clause of the theory: its coverage, score and where it came from."""

    clause: Clause
    positives: int
    negatives: int
    score: float
    bottom: BottomClause
    nodes: int
    is_example: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form (DESIGN.md ``clauses`` entry)."""
        return {
            "clause": str(self.clause),
            "positives": self.positives,
            "negatives": self.negatives,
            "literals": [],
            "score": self.score,
            "nodes": self.nodes,
            "seed": format_term(self.bottom.example, max_priority=999),
            "bottom_clause": str(self.bottom.clause),
            "bottom_clause_size": len(self.bottom),
            "generalised": not self.is_example,
        }


@dataclass(frozen=True)
class ProgolResult:
    """What :func:`progol` learnt."""

    target: Indicator
    clauses: tuple[ProgolClause, ...]
    settings: ProgolSettings
    nodes: int
    set_aside: int = 0
    tabled: bool = False
    recursion_note: str = ""
    derived_modes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def theory(self) -> Theory:
        """The learnt clauses as a :class:`~symlearn.hypotheses.theory.Theory`.

        Tabled (``:- table``) when the knowledge base tables the target or
        when SLD resolution of the learnt recursion would not terminate on the
        examples (a left-recursive clause): SWI-Prolog answers it then.
        """
        return Theory(self.target, tuple(c.clause for c in self.clauses), tabled=self.tabled)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``hypothesis``, ``clauses``, ``bottom_clause`` and the search effort."""
        return {
            "hypothesis": self.theory.hypothesis(),
            "clauses": [c.to_dict() for c in self.clauses],
            "bottom_clause": str(self.clauses[0].bottom.clause) if self.clauses else None,
            "nodes": self.nodes,
            "set_aside": self.set_aside,
            "tabled": self.tabled,
            "recursion_note": self.recursion_note,
            "derived_modes": list(self.derived_modes),
            "warnings": list(self.warnings),
            "notes": list(self.notes),
            "settings": self.settings.to_dict(),
        }


class _Progol:
    def __init__(
        self, task: RelationalTask, settings: ProgolSettings, progress: Progress | None
    ) -> None:
        self.task = task
        self.target = target = task.target
        self.settings = settings
        self.progress = progress
        self.positives = list(task.positives)
        # the negatives as listed (a repeated one counts twice, as in Aleph), or with the
        # closed-world ones when the task was prepared under the closed world
        listed = list(task.negatives if task.closed_world else task.negative_examples)
        self.negatives = [] if settings.evaluation == "posonly" else listed
        self.negative_indices = np.arange(len(self.negatives))
        self.coverage = task.coverage(max_depth=settings.proof_depth, max_steps=settings.r)
        self.recursive = target in {m.indicator for m in task.bias.allowed_body_modes}
        # a recursive candidate is proved as Aleph proves it: by the background, the
        # clauses learnt so far and the candidate itself; the target is tabled there, so
        # a candidate whose recursion cycles on the data is answered, not cut at depth h
        # (the learnt theory is tabled in the end when its recursion would loop)
        self.trial = task.coverage(
            max_depth=settings.proof_depth, max_steps=settings.r, table_target=True
        )
        self.fixpoint = task.coverage(max_depth=settings.proof_depth, max_steps=settings.r)
        self.random_examples = (
            _random_examples(task, settings) if settings.evaluation == "posonly" else []
        )
        self.random_indices = np.arange(len(self.random_examples))
        self.lazy = task.bias.lazy_evaluate
        self.positive_only = task.bias.positive_only
        self.lazy_negs = task.file_settings.get("lazy_negs") == "true"
        self.constraints = [clause for clause, _ in task.constraints]
        self.constraint_check = task.coverage(max_depth=settings.proof_depth, max_steps=settings.r)
        self.learnt: list[ProgolClause] = []
        self.nodes = 0
        self._codes: dict[int, np.ndarray] = {}
        self._last_model: tuple[Clause, int, set[tuple[int, ...]] | None] | None = None
        #: per theory (clauses equal up to renaming): its least model, when small
        self._models: dict[tuple[Clause, ...], np.ndarray] = {}
        #: per theory (clauses equal up to renaming): which examples of each set it proves
        self._demanded: dict[tuple[Clause, ...], dict[int, np.ndarray]] = {}

    def violates_constraints(self, clause: Clause) -> bool:
        """Whether adding ``clause`` to the theory makes an integrity constraint's body provable.

        Aleph's constraints ``false :- Body`` (Aleph manual, "Integrity
        constraints"): ``Body`` is asked of the background with the target
        defined by the clauses learnt so far and ``clause``.  A proof cut off
        by the limits (``h``, ``r``) counts as no proof.
        """
        if not self.constraints:
            return False
        check = self.constraint_check
        check.set_theory([*(c.clause for c in self.learnt), clause])
        try:
            return any(check.engine.ask(conjunction(c.body)) for c in self.constraints)
        except (EngineLimitError, PrologError):
            return False

    def place_values(
        self, clause: Clause, literal: BottomLiteral, examples: Sequence[Term], pool: np.ndarray
    ) -> list[tuple[Term, ...]]:
        """The values of ``literal``'s ``+``/``-`` places when ``clause`` proves each example.

        Each distinct row once, the last found first (the order in which Aleph
        collects them for lazy evaluation).
        """
        mode = literal.mode
        if mode is None or not len(pool):
            return []
        places = [p for p in mode_places(mode.template) if p.kind != "#"]
        terms = [at_path(literal.atom, p.path) for p in places]
        found: dict[tuple[Term, ...], None] = {}
        engine = self.coverage.engine
        body = conjunction(clause.body)
        for index in pool.tolist():
            goal = Struct(",", (Struct("=", (clause.head, examples[index])), body))
            try:
                for answer in engine.solve(goal):
                    row = tuple(substitute(t, answer) for t in terms)  # type: ignore[arg-type]
                    found.setdefault(row, None)
            except (EngineLimitError, PrologError):
                continue
        return list(reversed(found))

    def covered(self, clause: Clause, examples: Sequence[Term], pool: np.ndarray) -> np.ndarray:
        """The indices in ``pool`` of the ``examples`` that ``clause`` covers."""
        if len(pool) == 0:
            return pool
        if self.recursive and self.coverage.calls_target(clause):
            found = self._covered_bottom_up(clause, examples, pool)
            if found is None:
                found = self._covered_on_demand(clause, examples, pool)
            if found is not None:
                return found
            subset = [examples[i] for i in pool]
            self.trial.set_theory([*(c.clause for c in self.learnt), clause])
            mask = self.trial.covered(clause, subset)
            return pool[np.asarray(mask, dtype=bool)]
        table = self._head_table(clause, examples, pool)
        if table is None:
            mask = self.coverage.covered(clause, [examples[i] for i in pool])
            return pool[np.asarray(mask, dtype=bool)]
        try:
            for literal in clause.body:
                if not len(table):
                    break
                table = self.coverage.extend(table, literal)
        except NotSetAtATimeError:
            mask = self.coverage.covered(clause, [examples[i] for i in pool])
            return pool[np.asarray(mask, dtype=bool)]
        return pool[table.covered(len(pool))]

    def _covered_on_demand(
        self, clause: Clause, examples: Sequence[Term], pool: np.ndarray
    ) -> np.ndarray | None:
        """Which examples a recursive clause proves, from the calls of the target they demand.

        :func:`~symlearn.ilp.least_model.demanded_model` over the clauses
        learnt so far and ``clause``; None when it cannot tell (a call of
        the target not ground when reached, ...).
        """
        theory = (*(entry.clause for entry in self.learnt), clause)
        masks = self._demanded.get(theory)
        if masks is None:
            masks = self._demanded[theory] = self._demanded_masks(theory)
        mask = masks.get(id(examples))
        if mask is None:
            return None
        return pool[mask[pool]]

    def _demanded_masks(self, theory: tuple[Clause, ...]) -> dict[int, np.ndarray]:
        """Per example set (positives, negatives, random): which ``theory`` proves.

        Told in one :func:`~symlearn.ilp.least_model.demanded_model`; empty when it cannot.
        """
        sets = [e for e in (self.positives, self.negatives, self.random_examples) if len(e)]
        codes = [self._example_codes(e) for e in sets]
        present = [rows for rows in codes if rows is not None]
        if len(present) != len(codes):
            return {}
        asked: np.ndarray = np.concatenate(present)
        mask = demanded_model(self.fixpoint, self.target, theory, asked, max_rows=MAX_MODEL_ROWS)
        if mask is None:
            return {}
        bounds = np.cumsum([0, *(len(e) for e in sets)])
        return {id(e): mask[bounds[i] : bounds[i + 1]] for i, e in enumerate(sets)}

    def _example_codes(self, examples: Sequence[Term]) -> np.ndarray | None:
        """The examples' arguments as code rows, encoded once per example set."""
        codes = self._codes.get(id(examples))
        if codes is None:
            symbols = self.coverage.symbols
            arity = self.target[1]
            if not all(len(_arguments(e)) == arity for e in examples):
                return None
            codes = np.array(
                [[symbols.code(a) for a in _arguments(e)] for e in examples], dtype=np.int64
            ).reshape(len(examples), arity)
            self._codes[id(examples)] = codes
        return codes

    def _covered_bottom_up(
        self, clause: Clause, examples: Sequence[Term], pool: np.ndarray
    ) -> np.ndarray | None:
        """Which examples a recursive clause proves, the target read in the least model.

        The model is that of the clauses learnt so far and ``clause``
        (:func:`~symlearn.ilp.least_model.least_model`); None when it cannot
        be computed bottom-up (the engine answers then).
        """
        rows = self._proved_rows(clause)
        head = clause.head
        args = head.args if type(head) is Struct else ()
        if not are_distinct_variables(args):
            return None  # the model's rows are whole heads: read for distinct variables only
        table = self._head_table(Clause(head), examples, pool)
        if rows is None or table is None:
            return None
        keys = zip(*(column.tolist() for column in table.columns))
        return pool[np.array([key in rows for key in keys], dtype=bool)]

    def _proved_rows(self, clause: Clause) -> set[tuple[int, ...]] | None:
        """The head rows ``clause`` proves in the least model of the theory with it.

        Kept for the last clause asked (its positives and negatives are
        tested one after the other from one model).
        """
        cached = self._last_model
        if cached is not None and cached[0] is clause and cached[1] == len(self.learnt):
            return cached[2]
        rows: set[tuple[int, ...]] | None = None
        fix = self.fixpoint
        theory = [*(c.clause for c in self.learnt), clause]
        derived: list[np.ndarray] = []
        model = least_model(fix, self.target, theory, max_rows=MAX_MODEL_ROWS, derived_by=derived)
        if model is not None:
            rows = set(map(tuple, derived[-1].tolist()))
            if len(model) <= MAX_KEPT_MODEL:  # kept for drop_redundant
                self._models[tuple(theory)] = model
        self._last_model = (clause, len(self.learnt), rows)
        return rows

    def cover(
        self,
        clause: Clause,
        examples: Sequence[Term],
        pool: np.ndarray,
        table: BindingTable | None,
        added: Term | None,
    ) -> tuple[np.ndarray, BindingTable | None]:
        """The indices in ``pool`` of the ``examples`` the clause covers, and their bindings.

        ``table`` holds the bindings of the clause without the literal ``added``
        over ``pool`` (each row's example a position in ``pool``): the clause's
        bindings are that table extended by ``added`` alone.  Without it (the
        root, a recursive clause, a table set aside as too large) the clause is
        joined from its head.
        """
        if len(pool) == 0:
            return pool, None
        if self.recursive and self.coverage.calls_target(clause):
            return self.covered(clause, examples, pool), None
        try:
            if table is not None and added is not None:
                result = self.coverage.extend(table, added) if len(table) else table
            else:
                head = self._head_table(clause, examples, pool)
                if head is None:
                    return self.covered(clause, examples, pool), None
                result = head
                for literal in clause.body:
                    if not len(result):
                        break
                    result = self.coverage.extend(result, literal)
        except NotSetAtATimeError:
            return self.covered(clause, examples, pool), None
        positions = distinct(result.example)
        if len(result) > MAX_KEPT_ROWS:
            return pool[positions], None
        remapped = BindingTable(
            result.variables, result.columns, np.searchsorted(positions, result.example)
        )
        return pool[positions], remapped

    def _head_table(
        self, clause: Clause, examples: Sequence[Term], pool: np.ndarray
    ) -> BindingTable | None:
        """The head bound to the examples in ``pool``, from codes encoded once per example set.

        Each argument of the head a variable or a ground term (``normal(1)``,
        ``p(X, a, X)``): an example is matched when its code equals the
        constant's and the codes of a repeated variable agree (a code is a
        term up to ``==``, as :func:`~symlearn.logic.unify.match` compares).
        The table's rows are the matched examples' positions in ``pool``.
        None when an argument is a term with variables (then the coverage
        tables bind it) or an example has another arity.
        """
        head = clause.head
        args = head.args if type(head) is Struct else ()
        if not args or not all(type(a) is Var or is_ground(a) for a in args):
            return None
        codes = self._example_codes(examples)
        if codes is None:
            return None
        rows = codes[pool]
        if are_distinct_variables(args):
            return BindingTable(
                tuple(args),  # type: ignore[arg-type]
                tuple(rows[:, i].copy() for i in range(len(args))),
                np.arange(len(pool), dtype=np.int64),
            )
        keep = np.ones(len(rows), dtype=bool)
        first: dict[Term, int] = {}
        symbols = self.coverage.symbols
        for i, arg in enumerate(args):
            if type(arg) is not Var:
                keep &= rows[:, i] == symbols.find(arg)
            elif arg in first:
                keep &= rows[:, i] == rows[:, first[arg]]
            else:
                first[arg] = i
        matched = np.flatnonzero(keep)
        return BindingTable(
            tuple(first),  # type: ignore[arg-type]
            tuple(rows[matched, i] for i in first.values()),
            matched.astype(np.int64, copy=False),
        )

    def run(self) -> None:
        remaining = np.arange(len(self.positives))
        total = len(remaining)
        theory: list[Clause] = []  # the learnt clauses, kept as they grow (one per seed)
        while len(remaining):
            if self.progress is not None:
                self.progress("positives covered", total - len(remaining), total)
            seed = self.positives[int(remaining[0])]
            bottom = bottom_clause(
                self.task,
                seed,
                depth=self.settings.variable_depth,
                coverage=self.coverage,
            )
            search = BottomSearch(self, bottom, remaining)
            best = search.run()
            self.nodes += search.evaluated
            fact = Clause(seed)
            fact_score = search.score(1, 0, 0, 1)
            if best is None or best.score <= fact_score:
                covered = self.covered(fact, self.positives, remaining)
                negatives = self.covered(fact, self.negatives, self.negative_indices)
                entry = ProgolClause(
                    fact, len(covered), len(negatives), fact_score, bottom, search.evaluated, True
                )
            else:
                clause = search.clause(best.literals)
                covered = best.positives
                entry = ProgolClause(
                    clause,
                    len(covered),
                    len(best.negatives),
                    best.score,
                    bottom,
                    search.evaluated,
                )
            if not len(covered):  # the seed is not provable within the limits
                covered = remaining[:1]
            self.learnt.append(entry)
            theory.append(entry.clause)
            self.coverage.set_theory(theory)
            remaining = np.setdiff1d(remaining, covered, assume_unique=True)
        self.drop_redundant()
        if self.progress is not None:
            self.progress("positives covered", total, total)

    def drop_redundant(self) -> None:
        """Drop each learnt rule the rest of the theory does without (same positives proved).

        A clause learnt from an early seed can be subsumed on the data by a
        later, more general one (``last(A, B) :- components(A, B, C), last(C, B)``
        beside ``last(A, B) :- components(A, _, C), last(C, B)``); removing a
        clause never adds a negative, so it goes when the positives the theory
        proves stay the same.  Proved by the query engine, the target tabled.
        """
        rules = [c for c in self.learnt if not c.is_example]
        if len(rules) < 2 or len(self.learnt) > MAX_REDUNDANCY_CHECK:
            return
        check = self.trial
        try:
            proved = self._theory_proves(self.learnt)
            for entry in rules:
                kept = [c for c in self.learnt if c is not entry]
                if proved.any() and not any(not check.calls_target(c.clause) for c in kept):
                    continue  # the only base clause: recursive clauses alone prove nothing
                if np.array_equal(self._theory_proves(kept), proved):
                    self.learnt = kept
        except EngineLimitError:
            pass  # cannot tell within the limits: keep the theory as learnt
        self.coverage.set_theory(c.clause for c in self.learnt)

    def _theory_proves(self, theory: Sequence[ProgolClause]) -> np.ndarray:
        """Which positives ``theory`` proves: from the calls they demand, else by the engine."""
        clauses = [c.clause for c in theory]
        if not any(self.coverage.calls_target(c) for c in clauses):  # each clause on its own
            proved = np.zeros(len(self.positives), dtype=bool)
            everyone = np.arange(len(self.positives))
            for clause in clauses:
                proved[self.covered(clause, self.positives, everyone)] = True
            return proved
        known = self._demanded.get(tuple(clauses), {}).get(id(self.positives))
        if known is not None:  # told while searching
            return known
        codes = self._example_codes(self.positives)
        model = self._models.get(tuple(clauses))
        if model is not None and codes is not None:  # its least model built while searching
            atoms = set(map(tuple, model.tolist()))
            return np.array([row in atoms for row in map(tuple, codes.tolist())], dtype=bool)
        if codes is not None and self.recursive:
            mask = demanded_model(
                self.fixpoint, self.target, clauses, codes, max_rows=MAX_MODEL_ROWS
            )
            if mask is not None:
                return mask
        self.trial.set_theory(clauses)
        return self.trial.theory_covered(self.positives)


#: Aleph's heads for integrity constraints (``induce_constraints``: clauses ``false :- Body``)
_CONSTRAINT_HEADS = {("aleph_false", 0), ("false", 0)}


def _no_positives(task: RelationalTask) -> None:
    """Raise the error for a target without positive examples (where its head mode is, if any)."""
    target = task.target
    name = f"{target[0]}/{target[1]}"
    modes = task.bias.head_modes
    where = modes[0].position if modes else None
    if target in _CONSTRAINT_HEADS:
        message = (
            f"modeh for {name} asks for Aleph's integrity constraints (induce_constraints), "
            "which symlearn does not learn: Progol learns clauses of a target from its "
            "positive examples"
        )
    else:
        message = (
            f"no positive examples of {name} (give them as pos(...) facts, in Aleph's "
            ".f file or between begin_in_pos and end_in_pos)"
        )
    if where is None:
        raise InvalidParameterError(message)
    raise KBError(message, where.path, where.line, where.column)


def _no_abduction(task: RelationalTask) -> None:
    """Say that Aleph's abduction (``set(abduce, true)`` with ``abducible/1``) is not supported."""
    if task.file_settings.get("abduce") != "true":
        return
    names = ", ".join(f"{n}/{a}" for (n, a), _ in task.bias.abducible) or "no predicate"
    message = (
        f"not supported: abduction (set(abduce, true), abducible: {names}); symlearn's "
        f"Progol learns {task.name} from its examples and the background and does not "
        "abduce atoms (remove set(abduce, true) to learn without abduction)"
    )
    where = task.setting_positions.get("abduce")
    if where is None:
        raise InvalidParameterError(message)
    raise KBError(message, where.path, where.line, where.column)


def _arguments(atom: Term) -> tuple[Term, ...]:
    return atom.args if type(atom) is Struct else ()


def _random_examples(task: RelationalTask, settings: ProgolSettings) -> list[Term]:
    """``gsamplesize`` atoms of the target with arguments drawn from their types' constants."""
    target = task.target
    modes = task.bias.head_modes
    if not modes:
        raise InvalidParameterError(
            f"posonly needs a modeh declaration for {target[0]}/{target[1]}"
        )
    domains: dict[str, dict[object, Term]] = {}
    for mode in task.bias.modes:
        rows = task.fact_rows(mode.indicator)
        if rows is None or mode.indicator == target:
            continue
        for position, (_, type_name) in enumerate(mode.arguments()):
            domain = domains.setdefault(type_name, {})
            for row in rows:
                domain.setdefault(term_key(row[position]), row[position])
    for example in task.positives:
        if type(example) is Struct:
            for (_, type_name), arg in zip(modes[0].arguments(), example.args):
                domains.setdefault(type_name, {}).setdefault(term_key(arg), arg)
    choices = []
    for _, type_name in modes[0].arguments():
        values = sorted(domains.get(type_name, {}).values(), key=str)
        if not values:
            raise InvalidParameterError(f"posonly: no constants of type {type_name}")
        choices.append(values)
    rng = random.Random(settings.seed)
    return [
        Struct(target[0], tuple(rng.choice(values) for values in choices))
        for _ in range(settings.gsamplesize)
    ]


def progol(
    task: RelationalTask,
    settings: ProgolSettings | None = None,
    progress: Progress | None = None,
) -> ProgolResult:
    """Learn clauses for ``target`` by mode-directed inverse entailment.

    Without a head mode for the target, or without body modes, the missing
    modes are derived from the data (:func:`~symlearn.ilp.derived_modes.derive_modes`:
    types from the argument domains, a body mode per background predicate
    and argument place, the head mode from the examples).

    Parameters
    ----------
    task
        The prepared task: the target, its ``pos``/``neg`` examples (with
        the closed-world ones when it was prepared under the closed world),
        the background (its own clauses for the target set aside) and the
        mode declarations.
    settings
        Search bounds (default: the file's ``set/2`` directives).
    progress
        Called as ``progress(stage, done, total)``.

    Returns
    -------
    ProgolResult

    Raises
    ------
    KBError
        When the target has no positive example, at its head mode (Aleph's
        ``aleph_false`` head of integrity constraints said so).
    InvalidParameterError
        The same without a head mode to point at.
    """
    require(
        task,
        RelationalTask,
        "task",
        "a RelationalTask (RelationalTask.from_task); symlearn.learn takes files",
    )
    if settings is None:
        settings = ProgolSettings.from_values(task.file_settings, task.setting_positions)
    target = task.target
    _no_abduction(task)
    if not task.positives:
        _no_positives(task)
    derived: tuple[Mode, ...] = ()
    if task.bias.derived or not task.bias.head_modes:
        task, derived = task.with_derived_modes()
    warnings = task.example_arity_warnings() + task.undefined_mode_warnings()
    read = [meta.key for _, meta in ProgolSettings.fields() if meta.key is not None]
    ignored = task.ignored_settings_warning("Progol", [*read, "lazy_negs", "closed_world"])
    if ignored is not None:
        warnings.append(ignored)
    learner = _Progol(task, settings, progress)
    learner.run()
    clauses = [c.clause for c in learner.learnt]
    check = task.coverage(max_depth=settings.proof_depth, max_steps=settings.r)
    check.set_extension(target, [_arguments(e) for e in learner.positives])
    terminates, reason = recursion_terminates(
        check, clauses, [*learner.positives, *task.negative_examples]
    )
    return ProgolResult(
        target,
        tuple(learner.learnt),
        settings,
        learner.nodes,
        task.own_clauses,
        tabled=task.tabled_target or not terminates,
        recursion_note="" if terminates else reason,
        derived_modes=tuple(str(m) for m in derived),
        warnings=tuple(warnings),
        notes=(task.tabling_note,) if task.tabling_note else (),
    )


# ---------------------------------------------------------------------- the learner protocol


@dataclass(eq=False)
class ProgolRun(RelationalRun):
    """Progol run on a task: the theory, each clause's bottom clause and search effort."""

    task: LearningTask
    settings: ProgolSettings
    result: ProgolResult
    algorithm: str = "progol"

    @property
    def tabled(self) -> bool:
        """True when the learnt program must table its target (see :attr:`ProgolResult.theory`)."""
        return self.result.tabled

    def report(self) -> list[str]:
        """The theory (after a ``:- table`` line, and why, when it must be tabled)."""
        lines = []
        if self.result.recursion_note:
            lines.append(
                f"% tabled: without tabling, {self.result.recursion_note} "
                "(SLD resolution would loop)"
            )
        if self.result.tabled:
            lines.append(f":- table {self.result.theory.indicator}.")
        return [*lines, str(self.result.theory)]

    def messages(self, verbose: int = 0) -> list[str]:
        """With ``verbose``: the clauses set aside, each bottom clause and each clause's score."""
        lines = list(self.result.warnings) + [f"% {note}" for note in self.result.notes]
        if self.result.derived_modes:
            lines.append("% no mode declarations: modes derived from the data:")
            lines += [f":- {mode}." for mode in self.result.derived_modes]
        if not verbose:
            return lines
        lines += self.set_aside_lines()
        for learnt in self.result.clauses:
            bottom = learnt.bottom
            lines.append(
                f"% bottom clause of {format_term(bottom.example, max_priority=999)} "
                f"({len(bottom)} body literals, {learnt.nodes} nodes searched):"
            )
            lines.append(str(bottom.clause))
        for learnt in self.result.clauses:
            kind = "example kept as a fact" if learnt.is_example else "clause"
            lines.append(
                f"% {kind}: {learnt.positives} positive, {learnt.negatives} negative, "
                f"score {learnt.score:g}"
            )
        return lines


def learn(
    task: LearningTask,
    settings: ProgolSettings | None = None,
    *,
    progress: Progress | None = None,
    log: Callable[[int, str], None] | None = None,
) -> ProgolRun:
    """Run Progol on a task (the learner protocol).

    Raises
    ------
    InvalidParameterError
        When the target has no positive example or no head mode, or the task is a table.
    """
    settings = settings or ProgolSettings.from_task(task)
    relational = RelationalTask.from_task(
        task,
        closed_world=False,
        examples_required=False,
        learner="Progol",
        **settings.backend_options(),
    )
    if task.setting("closed_world") == "true":
        relational = relational.with_closed_world(True)
    return ProgolRun(task, settings, progol(relational, settings, progress))
