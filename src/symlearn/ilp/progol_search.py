"""Progol's search of the clauses that θ-subsume one bottom clause (Muggleton 1995).

:class:`BottomSearch` is step 2 of the covering loop of
:mod:`symlearn.ilp.progol`: best-first, on the score, with branch and bound
(Progol's A*); a refinement adds one literal of ⊥e whose ``+`` variables are
bound, up to ``clauselength`` literals and ``nodes`` clauses evaluated.  A
clause equal up to renaming to one scored before takes that one's score; a
refinement with a literal of a lazily evaluated predicate takes the literals
:func:`~symlearn.ilp.lazy_evaluation.lazy_atoms` computes; a clause that
breaks an integrity constraint is never the best (and is refined on).

Classes and functions
---------------------
BottomSearch, SearchNode, Learner, literal_shape

References
----------
Muggleton, S. (1995).  Inverse entailment and Progol.  New Generation
Computing 13.  Srinivasan, A.  The Aleph manual.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

import numpy as np

from symlearn.errors import EngineLimitError
from symlearn.ilp.bottom import BottomClause, BottomLiteral, term_key
from symlearn.ilp.coverage import BindingTable, Coverage
from symlearn.ilp.lazy_evaluation import lazy_atoms
from symlearn.ilp.recursion import repeats_its_call
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Struct, Term, Var, functor_of, term_variables

if TYPE_CHECKING:
    from symlearn.ilp.progol import ProgolSettings

__all__ = ["BottomSearch", "Learner", "SearchNode", "literal_shape"]


class Learner(Protocol):
    """What the search asks of the covering loop that runs it (:mod:`symlearn.ilp.progol`)."""

    settings: ProgolSettings
    target: Indicator
    recursive: bool
    positives: list[Term]
    negatives: list[Term]
    negative_indices: np.ndarray
    random_examples: list[Term]
    random_indices: np.ndarray
    coverage: Coverage
    lazy: frozenset[Indicator]
    positive_only: frozenset[Indicator]
    lazy_negs: bool

    def cover(
        self,
        clause: Clause,
        examples: Sequence[Term],
        pool: np.ndarray,
        table: BindingTable | None,
        added: Term | None,
    ) -> tuple[np.ndarray, BindingTable | None]:
        """The indices in ``pool`` of the ``examples`` the clause covers, and their bindings."""
        ...

    def violates_constraints(self, clause: Clause) -> bool:
        """Whether adding ``clause`` to the theory makes an integrity constraint provable."""
        ...

    def place_values(
        self, clause: Clause, literal: BottomLiteral, examples: Sequence[Term], pool: np.ndarray
    ) -> list[tuple[Term, ...]]:
        """The values of ``literal``'s ``+``/``-`` places when ``clause`` proves the examples."""
        ...


@dataclass(order=True)
class SearchNode:
    """A clause of the search: its literals of ⊥e, coverage, score and bindings."""

    priority: tuple[float, int, int]
    literals: tuple[int, ...] = field(compare=False)
    positives: np.ndarray = field(compare=False)
    negatives: np.ndarray = field(compare=False)
    random: np.ndarray = field(compare=False)
    score: float = field(compare=False)
    bound: float = field(compare=False)
    acceptable: bool = field(compare=False)
    # the bindings of the covered examples (positives; negatives or random ones), each
    # row's example given as a position in the arrays above; refinements extend them
    tables: tuple[BindingTable | None, BindingTable | None] = field(
        compare=False, default=(None, None)
    )


class BottomSearch:
    """Best-first branch-and-bound search of the clauses subsuming one ⊥e."""

    def __init__(
        self,
        learner: Learner,
        bottom: BottomClause,
        positives: np.ndarray,
    ) -> None:
        self.learner = learner
        self.bottom = bottom
        self.settings = learner.settings
        self.positives = positives
        self.evaluated = 0
        self.order = itertools.count()
        #: a clause's key up to renaming (see _shape) -> its variables and its node (None: not
        #: a candidate); ⊥e often holds literals differing only in a new variable (``p(A, C)``,
        #: ``p(A, D)``), which make one clause
        self.scored: dict[tuple[int, ...], tuple[list[Var], SearchNode | None]] = {}
        #: ⊥e's body, then the literals lazy evaluation made (see _lazy_literals)
        self.literals: list[BottomLiteral] = list(bottom.body)
        self.templates: dict[object, int] = {}
        self.shapes = [literal_shape(lit.atom, self.templates) for lit in bottom.body]
        #: (parent's literals, ⊥e literal) -> the literals lazy evaluation made for it
        self.lazy: dict[tuple[tuple[int, ...], int], list[int]] = {}
        #: the clauses found to break an integrity constraint (refined even without negatives)
        self.violating: set[tuple[int, ...]] = set()
        head_variables = term_variables(bottom.head)
        self.head_numbers = {v: i for i, v in enumerate(head_variables)}
        size = len(bottom.body) + 1
        self.literal_bits = math.log2(size + 1)
        total = len(learner.positives) + len(learner.negatives)
        self.example_bits = math.log2(max(total, 2))

    def clause(self, literals: Sequence[int]) -> Clause:
        """The clause with these body literals, in an order that binds ``+`` places first."""
        return self._clause(self._ordered(literals))

    def _clause(self, ordered: Sequence[int]) -> Clause:
        body = self.literals
        return Clause(self.bottom.head, [body[j].atom for j in ordered])

    def _ordered(self, literals: Sequence[int]) -> list[int]:
        body = self.literals
        bound = set(self.bottom.inputs)
        pending = sorted(literals)
        ordered: list[int] = []
        target = self.learner.target
        while pending:
            ready = [j for j in pending if all(v in bound for v in body[j].inputs)] or pending
            # background literals before recursive calls: right recursion where the modes allow
            j = next((k for k in ready if functor_of(body[k].atom) != target), ready[0])
            pending.remove(j)
            ordered.append(j)
            bound.update(body[j].outputs)
        return ordered

    def _shape(self, ordered: Sequence[int]) -> tuple[tuple[int, ...], list[Var]]:
        """A key equal for two clauses exactly when they are equal up to renaming.

        Also the clause's variables in order of first occurrence (how the
        key numbers them), to carry bindings from one clause to the other.
        """
        numbers = dict(self.head_numbers)
        key: list[int] = []
        for j in ordered:
            template, variables = self.shapes[j]
            key.append(template)
            key.extend(numbers.setdefault(v, len(numbers)) for v in variables)
        return tuple(key), list(numbers)

    def available(self, literals: Sequence[int]) -> set[Var]:
        """The variables bound by the head's inputs and these literals' outputs."""
        bound = set(self.bottom.inputs)
        for j in literals:
            bound.update(self.literals[j].outputs)
        return bound

    def evaluate(self, literals: tuple[int, ...], parent: SearchNode | None) -> SearchNode | None:
        """Score the clause with these literals; None when its recursion repeats its call.

        A clause equal up to renaming to one scored before (other literals
        of ⊥e, the same clause) takes that one's score and bindings.
        """
        self.evaluated += 1
        ordered = self._ordered(literals)
        key, variables = self._shape(ordered)
        known = self.scored.get(key)
        if known is not None:
            return self._renamed(*known, variables, literals)
        node = self._score(self._clause(ordered), literals, parent)
        self.scored[key] = (variables, node)
        return node

    def _renamed(
        self,
        known: list[Var],
        node: SearchNode | None,
        variables: list[Var],
        literals: tuple[int, ...],
    ) -> SearchNode | None:
        """``node`` of a clause equal to this one up to renaming (its variables ``known``)."""
        if node is None:
            return None
        mapping = dict(zip(known, variables))
        tables = tuple(
            None
            if t is None
            else BindingTable(tuple(mapping.get(v, v) for v in t.variables), t.columns, t.example)
            for t in node.tables
        )
        return replace(
            node,
            priority=(node.priority[0], node.priority[1], next(self.order)),
            literals=literals,
            tables=tables,  # type: ignore[arg-type]
        )

    def _score(
        self, clause: Clause, literals: tuple[int, ...], parent: SearchNode | None
    ) -> SearchNode | None:
        learner = self.learner
        if learner.recursive and repeats_its_call(clause, learner.target):
            return None
        added = None
        tables: tuple[BindingTable | None, BindingTable | None] = (None, None)
        if parent is not None:
            (j,) = set(literals) - set(parent.literals)
            added = self.literals[j].atom
            tables = parent.tables
        pos_pool = self.positives if parent is None else parent.positives
        positives, pos_table = learner.cover(clause, learner.positives, pos_pool, tables[0], added)
        empty = np.zeros(0, dtype=np.int64)
        if learner.settings.evaluation == "posonly":
            negatives, neg_table = empty, None
            pool = learner.random_indices if parent is None else parent.random
            random_covered, neg_table = learner.cover(
                clause, learner.random_examples, pool, tables[1], added
            )
        else:
            pool = learner.negative_indices if parent is None else parent.negatives
            negatives, neg_table = learner.cover(clause, learner.negatives, pool, tables[1], added)
            random_covered = empty
        p, n, r = len(positives), len(negatives), len(random_covered)
        length = 1 + len(literals)
        score = self.score(p, n, r, length)
        bound = self.score(p, 0, 0, length + 1)
        outputs_bound = all(v in self.available(literals) for v in self.bottom.outputs)
        acceptable = (
            outputs_bound
            and p >= self.settings.min_positives
            and (learner.settings.evaluation == "posonly" or n <= self.settings.noise)
        )
        return SearchNode(
            (-score, length, next(self.order)),
            literals,
            positives,
            negatives,
            random_covered,
            score,
            bound,
            acceptable,
            (pos_table, neg_table),
        )

    def score(self, p: int, n: int, r: int, length: int) -> float:
        """The clause's score under ``evalfn`` (see :mod:`symlearn.ilp.progol`)."""
        evaluation = self.settings.evaluation
        if evaluation == "compression":
            return p - n - length
        if evaluation == "coverage":
            return p - n
        if evaluation == "mdl":
            return (p - n) * self.example_bits - length * self.literal_bits
        samples = len(self.learner.random_examples)
        return p * math.log2((samples + 2) / (r + 1)) - length

    def refinements(self, node: SearchNode) -> list[tuple[int, ...]]:
        """The clauses with one more literal of ⊥e whose inputs ``node``'s clause binds."""
        if len(node.literals) >= self.settings.max_body:
            return []
        bound = self.available(node.literals)
        chosen = set(node.literals)
        lazy = self.learner.lazy
        found = []
        for j, literal in enumerate(self.bottom.body):
            if j in chosen or not all(v in bound for v in literal.inputs):
                continue
            if lazy and literal.mode is not None and literal.mode.indicator in lazy:
                made = self._lazy_literals(node, j)
                found += [tuple(sorted((*node.literals, k))) for k in made if k not in chosen]
            else:
                found.append(tuple(sorted((*node.literals, j))))
        return found

    def _violates(self, node: SearchNode) -> bool:
        """Whether ``node``'s clause breaks an integrity constraint (then it is refined on)."""
        if not self.learner.violates_constraints(self.clause(node.literals)):
            return False
        self.violating.add(node.literals)
        return True

    def _lazy_literals(self, node: SearchNode, j: int) -> list[int]:
        """The literals lazy evaluation makes of ⊥e's literal ``j`` below ``node`` (their numbers).

        :func:`~symlearn.ilp.lazy_evaluation.lazy_atoms` over the values the
        literal's inputs take on the examples ``node``'s clause covers (Aleph's
        lazy evaluation); each new literal is numbered after ⊥e's.
        """
        key = (node.literals, j)
        made = self.lazy.get(key)
        if made is not None:
            return made
        learner = self.learner
        literal = self.literals[j]
        clause = self.clause(node.literals)
        positives = learner.place_values(clause, literal, learner.positives, node.positives)
        negatives: list[tuple[Term, ...]] = []
        if literal.mode is not None and literal.mode.indicator not in learner.positive_only:
            pool = learner.negative_indices if learner.lazy_negs else node.negatives
            negatives = learner.place_values(clause, literal, learner.negatives, pool)
        made = []
        for atom in lazy_atoms(learner.coverage.engine, literal, positives, negatives):
            number = next((k for k, lit in enumerate(self.literals) if lit.atom == atom), None)
            if number is None:
                number = len(self.literals)
                self.literals.append(replace(literal, atom=atom))
                self.shapes.append(literal_shape(atom, self.templates))
            made.append(number)
        self.lazy[key] = made
        return made

    def run(self) -> SearchNode | None:
        """The best acceptable clause found within ``nodes`` evaluations (None: none is)."""
        root = self.evaluate((), None)
        assert root is not None
        best = root if root.acceptable else None
        if best is not None and self._violates(root):
            best = None
        frontier = [root]
        seen: set[tuple[int, ...]] = {()}
        while frontier and self.evaluated < self.settings.nodes:
            node = heapq.heappop(frontier)
            if best is not None and (
                node.bound < best.score
                or (node.bound == best.score and len(node.literals) + 1 >= len(best.literals))
            ):
                continue  # no refinement can beat the best, or tie with it in fewer literals
            if (
                self.settings.evaluation != "posonly"
                and len(node.negatives) == 0
                and node.literals not in self.violating
            ):
                continue  # a refinement can only lose positives and add literals
            for literals in self.refinements(node):
                if literals in seen:
                    continue
                seen.add(literals)
                try:
                    child = self.evaluate(literals, node)
                except EngineLimitError:
                    continue  # too costly to test within the limits (h, r): not a candidate
                if child is None:
                    continue
                if (
                    child.acceptable
                    and (best is None or _preferred(child, best))
                    and not self._violates(child)
                ):
                    best = child
                if len(child.positives) >= self.settings.min_positives:
                    heapq.heappush(frontier, child)
                if self.evaluated >= self.settings.nodes:
                    break
        return best


def literal_shape(atom: Term, templates: dict[object, int]) -> tuple[int, list[Var]]:
    """The atom's form up to renaming (numbered in ``templates``) and its variables in order."""
    variables = term_variables(atom)
    template = _template(atom, {v: i for i, v in enumerate(variables)})
    return templates.setdefault(template, len(templates)), variables


def _template(term: Term, numbers: dict[Var, int]) -> object:
    """``term`` as a key, each variable given its number (equal exactly up to renaming)."""
    if type(term) is Var:
        return (0, numbers[term])
    if type(term) is Struct:
        return (2, term.name, tuple(_template(a, numbers) for a in term.args))
    return (1, term_key(term))  # 1 and 1.0 apart


def _preferred(a: SearchNode, b: SearchNode) -> bool:
    """A higher score; on a tie, fewer literals (Occam's razor, as Aleph)."""
    return (a.score, -len(a.literals)) > (b.score, -len(b.literals))
