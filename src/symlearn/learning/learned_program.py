"""A learned program: background knowledge plus the learned clauses, ready to query.

Every learner's result has a :attr:`~symlearn.learning.result.LearnResult.theory`,
a :class:`LearnedProgram`: the knowledge base the task was read from with the
target's own clauses set aside and the learned clauses in their place (or,
for a task read from a table, the learned clauses alone).  Asking it a goal
runs the query engine, so a user learns a theory and queries it without
touching the knowledge base's internals.

Examples
--------
>>> from symlearn.kb import loads, parse_term
>>> kb = loads("parent(ann, bob). parent(bob, carl).")
>>> rule = Clause.from_term(parse_term("grandparent(X, Z) :- parent(X, Y), parent(Y, Z)"))
>>> program = LearnedProgram([rule], kb, ("grandparent", 2))
>>> [str(s["Who"]) for s in program.query("grandparent(Who, carl)")]
['ann']
>>> program.ask("grandparent(bob, _)")
False
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from symlearn.engine import Engine
from symlearn.hypotheses.theory import Theory
from symlearn.kb.knowledge_base import KnowledgeBase
from symlearn.kb.parser import parse_term
from symlearn.kb.views import background_view
from symlearn.logic.clauses import Clause
from symlearn.logic.indicators import Indicator
from symlearn.logic.terms import Term

__all__ = ["LearnedProgram"]


class LearnedProgram:
    """Background knowledge plus learned clauses, answered by the query engine.

    Parameters
    ----------
    clauses
        The learned clauses, in the order Prolog tries them.
    kb
        The background knowledge (None: the clauses alone).
    target
        The predicate the clauses define; its clauses in ``kb`` are set aside.
    tabled
        Table the target (for left-recursive theories).
    """

    def __init__(
        self,
        clauses: Sequence[Clause],
        kb: KnowledgeBase | None = None,
        target: Indicator | None = None,
        *,
        tabled: bool = False,
    ) -> None:
        self.clauses = tuple(clauses)
        self.background = kb
        self.target = target
        self.tabled = tabled

    @classmethod
    def from_theory(cls, theory: Theory, kb: KnowledgeBase | None = None) -> LearnedProgram:
        """The program of a :class:`~symlearn.hypotheses.theory.Theory` over ``kb``."""
        return cls(theory.clauses, kb, theory.target, tabled=theory.tabled)

    @cached_property
    def knowledge_base(self) -> KnowledgeBase:
        """The program as a knowledge base: background plus learned clauses."""
        if self.background is None:
            kb = KnowledgeBase()
            for clause in self.clauses:
                kb.add_clause(clause)
        else:
            targets = {c.functor for c in self.clauses} | ({self.target} if self.target else set())
            kb = background_view(self.background, None)
            for indicator in sorted(targets):
                own = [c for c in self.clauses if c.functor == indicator]
                kb = background_view(kb, indicator, own)
        if self.tabled and self.target is not None:
            kb.tabled = set(kb.tabled) | {self.target}
        return kb

    def engine(self, **limits: object) -> Engine:
        """A query engine over the program (undefined predicates fail, as in ILP systems)."""
        from symlearn.engine import Engine

        options: dict[str, object] = {"unknown": "fail", **limits}
        return Engine(self.knowledge_base, **options)  # type: ignore[arg-type]

    def query(self, goal: str, limit: int | None = None) -> list[dict[str, Term]]:
        """Every solution of ``goal`` (text), each a map from variable name to value."""
        return list(self.engine().solve_text(goal, limit))

    def ask(self, goal: str | Term) -> bool:
        """True when ``goal`` has a solution."""
        term = parse_term(goal) if isinstance(goal, str) else goal
        return self.engine().ask(term)

    def covers(self, examples: Sequence[Term], **limits: object) -> list[bool]:
        """Whether the program proves each example."""
        engine = self.engine(**limits)
        return [engine.ask(example) for example in examples]

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses)

    def __len__(self) -> int:
        return len(self.clauses)

    def __repr__(self) -> str:
        return f"<LearnedProgram {len(self.clauses)} learned clauses>"
